"""What "it" / "that creature" names where it deals damage or fights: the object a
trigger event was about (mtg:603.2, mtg:608.2k), the source of an ability triggered by
or printed on itself (mtg:120.2b), the first target after a sentence about it; and how
such abilities resolve."""

from __future__ import annotations

import pytest
from tests.helpers import read_effects, unread

from tcgrules.cardtext import nodes as n
from tcgrules.cardtext import parse_card
from tcgrules.kernel import descriptors as d
from tcgrules.scenario.loader import parse_scenario
from tcgrules.scenario.runner import run_scenario


def effects(text: str, name: str, type_line: str) -> tuple[object, ...]:
    return read_effects(text, name=name, type_line=type_line)


def not_read(text: str, name: str, type_line: str) -> bool:
    return bool(unread(text, name=name, type_line=type_line))


_IT = n.TriggerObject("it")


# ------------------------------------------------------------------ reading


@pytest.mark.rules("mtg:603.2", "mtg:608.2k")
def test_it_of_a_trigger_about_another_creature_is_that_creature() -> None:
    (effect,) = effects(
        "Whenever a creature you control enters, it deals damage equal to its power to any target.",
        "Warstorm Surge",
        "Enchantment",
    )
    # "it" is neither the target nor the enchantment: the creature that entered
    assert effect == n.DealDamage(n.PowerOf(_IT), n.TargetSlot(0), source=_IT)


@pytest.mark.rules("mtg:603.2", "mtg:608.2h")
def test_that_creatures_power_in_a_trigger_about_another_creature() -> None:
    (effect,) = effects(
        "Whenever another creature you control enters, this creature deals damage equal to "
        "that creature's power to any target.",
        "Terror of the Peaks",
        "Creature — Dragon",
    )
    assert effect == n.DealDamage(
        n.PowerOf(n.TriggerObject("that creature")), n.TargetSlot(0), source=n.Self()
    )


@pytest.mark.rules("mtg:603.2")
def test_that_creature_of_a_trigger_about_the_source_or_another() -> None:
    (effect,) = effects(
        "Whenever this creature or another creature enters from your graveyard, that "
        "creature deals damage equal to its power to any target.",
        "Flayer of the Hatebound",
        "Creature — Devil",
    )
    that = n.TriggerObject("that creature")
    assert effect == n.DealDamage(n.PowerOf(that), n.TargetSlot(0), source=that)


@pytest.mark.rules("mtg:701.12a", "mtg:608.2d")
def test_you_may_have_it_fight_in_its_own_trigger_is_the_source() -> None:
    (effect,) = effects(
        "When this creature enters, you may have it fight target creature you don't control.",
        "Foe-Razer Regent",
        "Creature — Dragon",
    )
    assert effect == n.May((n.Fight(n.Self(), n.TargetSlot(0)),))


@pytest.mark.rules("mtg:120.2b")
def test_it_of_an_activated_ability_is_its_source() -> None:
    (effect,) = effects(
        "{T}, Sacrifice this creature: It deals damage equal to its power to any target.",
        "Ghitu Fire-Eater",
        "Creature — Human Nomad",
    )
    assert effect == n.DealDamage(n.PowerOf(n.Self()), n.TargetSlot(0), source=n.Self())


@pytest.mark.rules("mtg:120.2b")
def test_it_after_a_sentence_about_the_first_target_is_that_target() -> None:
    found = effects(
        "Target creature you control gets +1/+1 until end of turn. It deals damage equal to "
        "its power to target creature you don't control.",
        "Clear Shot",
        "Instant",
    )
    assert found[1] == n.DealDamage(n.PowerOf(n.It()), n.TargetSlot(1), source=n.It())


@pytest.mark.parametrize(
    ("text", "name", "type_line"),
    [
        # the trigger names two objects: which one "it" is can't be told
        (
            "Whenever a creature you control blocks a creature, it deals 1 damage to any target.",
            "Test Card",
            "Enchantment",
        ),
        # "it" after an effect that is not about the first target
        (
            "Choose a Giant creature you control. It deals damage equal to its power to "
            "target creature.",
            "Crush Underfoot",
            "Kindred Instant — Giant",
        ),
        # an "at" trigger names no object
        (
            "At the beginning of your upkeep, it deals 1 damage to any target.",
            "Test Card",
            "Enchantment",
        ),
    ],
)
def test_an_it_named_elsewhere_is_not_read(text: str, name: str, type_line: str) -> None:
    assert not_read(text, name, type_line)


# ------------------------------------------------------------------ behaviour

_CARDS = """
cards:
  Surge:
    type: Enchantment
    cost: "{5}{R}"
    text: >-
      Whenever a creature you control enters, it deals damage equal to its power to any
      target.
  Hill Giant:
    type: Creature — Giant
    cost: "{3}{R}"
    power: 3
    toughness: 3
  Grizzly Bears:
    type: Creature — Bear
    cost: "{1}{G}"
    power: 2
    toughness: 2
"""


def play(steps: str) -> tuple[bool, str]:
    text = (
        f"game: mtg\nplayers: [Alice, Bob]\n{_CARDS}\nsetup:\n  Alice:\n"
        "    battlefield: [Surge, Hill Giant]\n  Bob:\n    battlefield: [Grizzly Bears]\n"
        f"steps:\n{steps}"
    )
    result = run_scenario(parse_scenario(text, "trigger-object-test.yaml"))
    return result.ok, " ".join(
        [str(result.error or ""), *map(str, result.failures), str(result.unsupported or "")]
    )


@pytest.mark.rules("mtg:603.2", "mtg:608.2k", "mtg:120.2b")
def test_the_trigger_object_deals_the_damage() -> None:
    ok, why = play(
        """
  - trigger: Surge
    about: Hill Giant
    targets: [Bob]
  - resolve: 1
  - expect:
      life: {Bob: 17}
      events:
        - {kind: triggered}
"""
    )
    assert ok, why


@pytest.mark.rules("mtg:608.2h")
def test_the_trigger_object_gone_deals_damage_as_it_last_existed() -> None:
    ok, why = play(
        """
  - trigger: Surge
    about: Hill Giant
    targets: [Grizzly Bears]
  - do: {modify: {Hill Giant: {power: -2}}, until: end_of_turn}
  - do: {move: {Hill Giant: graveyard}}
  - resolve: 1
  - expect:
      zone: {Grizzly Bears: battlefield}
      damage: {Grizzly Bears: 1}
"""
    )
    assert ok, why


def test_without_the_trigger_object_resolution_is_not_supported() -> None:
    ok, why = play(
        """
  - trigger: Surge
    targets: [Bob]
  - resolve: 1
"""
    )
    assert not ok
    assert "the object its trigger event was about" in why, why
    assert "unknown" in why, why


# ------------------------------------------- "that dealt damage to you this turn"


@pytest.mark.rules("mtg:120.3a")
def test_a_creature_that_dealt_damage_to_you_this_turn() -> None:
    card = parse_card(
        "mtg",
        "Exile target creature that dealt damage to you this turn.",
        name="Reciprocate",
        type_line="Instant",
    )
    assert not card.unsupported, card.unsupported
    (ability,) = card.abilities
    (req,) = getattr(ability, "requirements", ())
    assert d.Condition("dealt_damage_to_you_this_turn") in req.descriptor.parts


_PINGER = """
cards:
  Pinger:
    type: Creature — Goblin
    cost: "{R}"
    power: 1
    toughness: 1
    text: "{T}: This creature deals 1 damage to any target."
  Payback:
    type: Instant
    cost: "{W}"
    text: Destroy target creature that dealt damage to you this turn.
"""


@pytest.mark.rules("mtg:120.3a", "mtg:601.2c")
def test_only_the_creature_that_dealt_damage_to_you_fits() -> None:
    """The Pinger hit Bob, not Alice: only Bob may target it (the damage's source and
    the player it was dealt to both count)."""
    text = (
        f"game: mtg\nplayers: [Alice, Bob]\n{_PINGER}\nsetup:\n  Alice:\n"
        "    hand: [Payback]\n    battlefield: [Pinger]\n  Bob:\n    life: 20\n"
        "steps:\n"
        "  - activate: Pinger\n    ability: 1\n    by: Alice\n    targets: [Bob]\n"
        "  - resolve: 1\n"
        "  - expect:\n      life: {Bob: 19}\n"
        "      legal_targets: {card: Payback, by: Bob, instance: 1, equals: [Pinger]}\n"
        "  - expect:\n"
        "      legal_targets: {card: Payback, by: Alice, instance: 1, equals: []}\n"
    )
    result = run_scenario(parse_scenario(text, "dealt-damage-to-you.yaml"))
    assert result.ok, result.error or result.failures


# ------------------------------------------------------------------ "that much"


@pytest.mark.rules("mtg:603.2")
def test_that_much_is_the_number_the_trigger_names() -> None:
    (effect,) = effects(
        "Whenever this creature is dealt damage, it deals that much damage to target "
        "opponent or planeswalker.",
        "Mogg Maniac",
        "Creature — Goblin",
    )
    assert effect == n.DealDamage(n.TriggerAmount(), n.TargetSlot(0), source=n.Self())


@pytest.mark.parametrize(
    ("text", "name", "type_line"),
    [
        # a replacement's "that much", not a trigger's (what a prevention shield does
        # next is read as such: tests/cardtext/test_mtg_prevented_q5.py)
        (
            "If damage is dealt this way, Refraction Trap deals that much damage to any target.",
            "Refraction Trap",
            "Instant",
        ),
        # a trigger that names no amount of damage
        (
            "Whenever you cast a spell, this creature deals that much damage to any target.",
            "Test Card",
            "Creature — Elemental",
        ),
    ],
)
def test_that_much_of_no_named_number_is_not_read(text: str, name: str, type_line: str) -> None:
    assert not_read(text, name, type_line)


@pytest.mark.rules("mtg:120.2b")
@pytest.mark.parametrize(
    ("text", "name", "type_line"),
    [
        ("When you sacrifice this Aura, it deals 3 damage to any target.", "Ordeal", "Enchantment"),
        ("When this creature dies, it deals 1 damage to any target.", "Devil", "Creature — Devil"),
    ],
)
def test_it_of_a_trigger_about_the_source_is_the_source(
    text: str, name: str, type_line: str
) -> None:
    (effect,) = effects(text, name, type_line)
    assert isinstance(effect, n.DealDamage)
    assert effect.source == n.Self()


_MANIAC = """
cards:
  Maniac:
    type: Creature — Goblin
    cost: "{3}{R}"
    power: 1
    toughness: 1
    text: >-
      Whenever this creature is dealt damage, it deals that much damage to target
      opponent or planeswalker.
"""


@pytest.mark.parametrize(("amount", "ok"), [("    amount: 3\n", True), ("", False)])
def test_that_much_resolves_only_when_the_number_is_known(amount: str, ok: bool) -> None:
    text = (
        f"game: mtg\nplayers: [Alice, Bob]\n{_MANIAC}\nsetup:\n  Alice:\n"
        "    battlefield: [Maniac]\n  Bob:\n    life: 20\nsteps:\n"
        f"  - trigger: Maniac\n{amount}    targets: [Bob]\n  - resolve: 1\n"
        "  - expect:\n      life: {Bob: 17}\n"
    )
    result = run_scenario(parse_scenario(text, "that-much.yaml"))
    assert result.ok is ok, result.error or result.failures
    if not ok:
        why = " ".join(
            [str(result.error or ""), *map(str, result.failures), str(result.unsupported or "")]
        )
        assert "the number its trigger event was about" in why, why


@pytest.mark.rules("mtg:114.4", "mtg:120.2b")
def test_this_emblem_is_the_emblem_itself() -> None:
    card = parse_card(
        "mtg",
        '−7: You get an emblem with "Whenever a Mountain you control enters, this emblem '
        'deals 4 damage to any target."',
        name="Koth, Fire of Resistance",
        type_line="Legendary Planeswalker — Koth",
    )
    assert not card.unsupported, card.unsupported
    (ability,) = card.abilities
    (emblem,) = getattr(ability, "effects", ())
    assert isinstance(emblem, n.CreateEmblem)
    (granted,) = emblem.abilities
    assert getattr(granted, "effects", ()) == (n.DealDamage(4, n.TargetSlot(0), source=n.Self()),)


@pytest.mark.rules("mtg:603.2", "mtg:202.3")
def test_that_spells_mana_value_in_a_trigger_about_a_spell() -> None:
    (effect,) = effects(
        "Whenever an opponent casts a spell, Kaervek the Merciless deals damage equal to "
        "that spell's mana value to any target.",
        "Kaervek the Merciless",
        "Legendary Creature — Human Shaman",
    )
    that = n.TriggerObject("that spell")
    assert effect == n.DealDamage(n.NumberOf("mana_value", that), n.TargetSlot(0))


@pytest.mark.parametrize(
    ("text", "name", "type_line"),
    [
        # two creatures in the trigger: which is "that creature" can't be told
        (
            "Whenever a creature blocks a creature you control, this enchantment deals "
            "damage equal to that creature's power to any target.",
            "Test Card",
            "Enchantment",
        ),
        # ("that spell" of Refuse is this spell's own target, not a trigger's: read as
        # the target, tests/cardtext/test_mtg_damage2.py)
    ],
)
def test_that_object_named_twice_or_by_no_trigger_is_not_read(
    text: str, name: str, type_line: str
) -> None:
    assert not_read(text, name, type_line)


@pytest.mark.rules("mtg:603.2", "mtg:608.2c")
def test_it_inside_an_if_is_settled_as_if_it_stood_alone() -> None:
    (effect,) = effects(
        "Whenever a creature you control enters, if a creature died this turn, it deals 1 "
        "damage to any target.",
        "Test Card",
        "Enchantment",
    )
    assert isinstance(effect, n.IfCondition)
    assert effect.effects == (n.DealDamage(1, n.TargetSlot(0), source=_IT),)


def test_it_after_an_optional_cost_is_not_read() -> None:
    # "it" names the sacrificed creature, which nothing here carries
    assert not_read(
        "You may sacrifice a creature. If you do, it deals 2 damage to any target.",
        "Test Card",
        "Sorcery",
    )


@pytest.mark.rules("mtg:603.10a")
def test_a_dies_trigger_about_another_creature_looks_back() -> None:
    (effect,) = effects(
        "Whenever another creature you control dies, it deals damage equal to its power to "
        "target player or planeswalker.",
        "Stalking Vengeance",
        "Creature — Avatar",
    )
    back = n.TriggerObject("it", looks_back=True)
    assert effect == n.DealDamage(n.PowerOf(back), n.TargetSlot(0), source=back)


_VENGEANCE = """
cards:
  Vengeance:
    type: Creature — Avatar
    cost: "{5}{R}{R}"
    power: 5
    toughness: 5
    text: >-
      Whenever another creature you control dies, it deals damage equal to its power to
      target player or planeswalker.
  Hill Giant:
    type: Creature — Giant
    cost: "{3}{R}"
    power: 3
    toughness: 3
"""


@pytest.mark.rules("mtg:603.10a", "mtg:608.2h")
@pytest.mark.parametrize(("dies", "ok"), [(True, True), (False, False)])
def test_a_look_back_object_must_have_left_the_battlefield(dies: bool, ok: bool) -> None:
    """It deals damage with the power it had on the battlefield (+2: 5); a creature that
    is still there did not die, and "not supported" says so rather than guess."""
    moved = "  - do: {move: {Hill Giant: graveyard}}\n" if dies else ""
    text = (
        f"game: mtg\nplayers: [Alice, Bob]\n{_VENGEANCE}\nsetup:\n  Alice:\n"
        "    battlefield: [Vengeance, Hill Giant]\n  Bob:\n    life: 20\nsteps:\n"
        "  - do: {modify: {Hill Giant: {power: +2}}, until: end_of_turn}\n"
        f"{moved}"
        "  - trigger: Vengeance\n    about: Hill Giant\n    targets: [Bob]\n"
        "  - resolve: 1\n  - expect:\n      life: {Bob: 15}\n"
    )
    result = run_scenario(parse_scenario(text, "looks-back.yaml"))
    why = " ".join(
        [str(result.error or ""), *map(str, result.failures), str(result.unsupported or "")]
    )
    assert result.ok is ok, why
    if not ok:
        assert "did not just leave the battlefield" in why, why


# ------------------------------------------------------------------ "it" after the source


@pytest.mark.rules("mtg:201.5", "mtg:608.2c")
@pytest.mark.parametrize(
    ("text", "name", "amount"),
    [
        (
            "{2}, {T}, Exile an artifact card from your graveyard: Put a +1/+1 counter on "
            "Rust Harvester, then it deals damage equal to its power to any target.",
            "Rust Harvester",
            n.PowerOf(n.Self()),
        ),
        (
            "Whenever you cast your third spell each turn, put a +1/+1 counter on Captain "
            "Ripley Vance, then it deals damage equal to its power to any target.",
            "Captain Ripley Vance",
            n.PowerOf(n.Self()),
        ),
        (
            "Whenever you cast an instant or sorcery spell, put a verse counter on Aria of "
            "Flame, then it deals damage equal to the number of verse counters on it to "
            "target player or planeswalker.",
            "Aria of Flame",
            n.CountersOn("verse", n.Self()),
        ),
    ],
)
def test_it_after_a_counter_on_the_source_is_the_source(
    text: str, name: str, amount: object
) -> None:
    put, damage = effects(text, name, "Artifact Creature")
    assert isinstance(put, n.PutCounters)
    assert put.what == n.Self()
    # "it" can only be the object the sentence before acted on: the source itself
    assert damage == n.DealDamage(amount, n.TargetSlot(0), source=n.Self())


@pytest.mark.rules("mtg:201.5", "mtg:608.2c")
def test_it_after_an_optional_counter_on_the_source() -> None:
    may, if_you_do = effects(
        "At the beginning of your upkeep, you may put a charge counter on Sphinx-Bone Wand. "
        "If you do, Sphinx-Bone Wand deals damage equal to the number of charge counters on "
        "it to any target.",
        "Sphinx-Bone Wand",
        "Artifact",
    )
    assert may == n.May((n.PutCounters(n.Self(), "charge"),))
    assert isinstance(if_you_do, n.IfYouDo)
    assert if_you_do.effects == (
        n.DealDamage(n.CountersOn("charge", n.Self()), n.TargetSlot(0), source=n.Self()),
    )


def test_it_after_a_counter_on_a_target_is_not_the_source() -> None:
    # the sentence before acts on a target, not on the source: "it" is that target
    # (the kernel's It), never the source
    _put, damage = effects(
        "{T}: Put a +1/+1 counter on target creature, then it deals damage equal to its "
        "power to target player.",
        "Test Card",
        "Artifact",
    )
    assert isinstance(damage, n.DealDamage)
    assert damage.source != n.Self()


@pytest.mark.rules("mtg:603.2", "mtg:201.5", "mtg:613.1b")
@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("When this creature enters, target opponent gains control of it.", "Sleeper Agent"),
        (
            "Whenever this creature blocks or becomes blocked, target opponent gains control "
            "of it.",
            "Goblin Cadets",
        ),
        # "a graveyard" is a zone, not another object the trigger names
        (
            "When this creature enters from a graveyard, target opponent gains control of it.",
            "Treacherous Pit-Dweller",
        ),
    ],
)
def test_target_opponent_gains_control_of_the_source(text: str, name: str) -> None:
    (effect,) = effects(text, name, "Creature — Horror")
    assert effect == n.GainControl(n.Self(), "permanent", n.TargetSlot(0))


@pytest.mark.parametrize(
    "text",
    [
        # a spell: "it" names nothing the text has settled
        "Target opponent gains control of it.",
        # the trigger names two objects
        "Whenever a creature blocks a creature, target opponent gains control of it.",
    ],
)
def test_gains_control_of_an_it_named_elsewhere_is_not_read(text: str) -> None:
    assert not_read(text, "Test Card", "Sorcery")


@pytest.mark.rules("mtg:201.5", "mtg:122.1")
def test_counters_on_it_in_the_sources_own_trigger_are_the_sources() -> None:
    (effect,) = effects(
        "When Maga enters, target player loses life equal to the number of +1/+1 counters on it.",
        "Maga, Traitor to Mortals",
        "Legendary Creature — Human Wizard",
    )
    assert effect == n.LoseLife(n.TargetSlot(0), n.CountersOn("+1/+1", n.Self()))


@pytest.mark.rules("mtg:201.5", "mtg:107.3c")
def test_every_part_reading_the_same_it_is_the_source() -> None:
    lose, gain = effects(
        "Whenever this creature enters or attacks, target opponent loses X life and you gain "
        "X life, where X is the number of +1/+1 counters on it.",
        "Fell Beast of Mordor",
        "Creature — Beast",
    )
    on_self = n.CountersOn("+1/+1", n.Self())
    # not the target opponent (the first target): the creature the counters are on
    assert lose == n.LoseLife(n.TargetSlot(0), on_self)
    assert gain == n.GainLife(n.You(), on_self)


@pytest.mark.parametrize(
    ("text", "type_line"),
    [
        # a spell: no object of its own for "it" to name
        ("Target player loses life equal to the number of +1/+1 counters on it.", "Sorcery"),
        # a trigger about another creature: "it" is not the source
        (
            "Whenever a creature you control enters, target player loses life equal to the "
            "number of +1/+1 counters on it.",
            "Enchantment",
        ),
    ],
)
def test_counters_on_an_it_named_elsewhere_are_not_the_source(text: str, type_line: str) -> None:
    card = parse_card("mtg", text, name="Test Card", type_line=type_line)
    reads_self = "on=Self()" in repr(card.abilities)
    assert card.unsupported or not reads_self
