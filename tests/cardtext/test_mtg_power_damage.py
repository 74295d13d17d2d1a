"""Magic damage equal to power and fights (helper T3): several creatures each dealing
damage equal to their own power (mtg:120.2b), "that player" as the controller of the
creature dealing it, damage dealt back ("that creature deals damage equal to its power
to ~"), the creature an Aura or Equipment is attached to as the source, and a fight after
a change to the same creature (mtg:701.12a)."""

from __future__ import annotations

import pytest

from tcgrules.cardtext import nodes as n
from tcgrules.cardtext import parse_card
from tcgrules.kernel import descriptors as d
from tcgrules.scenario.loader import parse_scenario
from tcgrules.scenario.runner import run_scenario


def _effects(text: str, name: str, type_line: str) -> tuple[object, ...]:
    card = parse_card("mtg", text, name=name, type_line=type_line)
    assert not card.unsupported, card.unsupported
    ability = card.abilities[-1]
    return tuple(getattr(ability, "effects", ()))


def _run(cards: str, setup: str, steps: str) -> None:
    text = (
        "game: mtg\nplayers: [Alice, Bob]\ncards:\n"
        + cards
        + "setup:\n"
        + setup
        + "steps:\n"
        + steps
    )
    result = run_scenario(parse_scenario(text, "power-damage.yaml"))
    assert result.ok, result.error or result.failures


_BODIES = """
  Bear:
    type: Creature — Bear
    cost: "{1}{G}"
    power: 2
    toughness: 2
  Giant:
    type: Creature — Giant
    cost: "{3}{R}"
    power: 3
    toughness: 3
  Wall:
    type: Creature — Wall
    cost: "{1}"
    power: 0
    toughness: 9
  Hero:
    type: Legendary Creature — Human
    cost: "{R}"
    power: 1
    toughness: 1
"""


# ------------------------------------------------------------ reading (real texts)


@pytest.mark.rules("mtg:120.2b")
def test_two_phrases_each_deal_damage_equal_to_their_power() -> None:
    found = _effects(
        "Target creature you control and up to one other target legendary creature you "
        "control each deal damage equal to their power to target creature you don't "
        "control.",
        "Friendly Rivalry",
        "Instant",
    )
    assert found == (n.EachDealsPower(n.TargetSlot(0), n.TargetSlot(2), more=(n.TargetSlot(1),)),)


@pytest.mark.rules("mtg:120.2b")
def test_up_to_two_targets_each_deal_to_another_target() -> None:
    card = parse_card(
        "mtg",
        "Up to two target creatures you control each deal damage equal to their power to "
        "another target creature.",
        name="Band Together",
        type_line="Instant",
    )
    assert not card.unsupported
    (spell,) = card.abilities
    assert getattr(spell, "effects", ()) == (n.EachDealsPower(n.TargetSlot(0), n.TargetSlot(1)),)
    first, second = card.target_requirements()
    assert (first.min, first.max) == (0, 2)
    assert (second.min, second.max) == (1, 1)


@pytest.mark.rules("mtg:120.2b")
def test_they_after_tapping_the_targets_are_those_targets() -> None:
    found = _effects(
        "Tap one or two target untapped creatures you control. They each deal damage equal "
        "to their power to target creature an opponent controls.",
        "Coordinated Clobbering",
        "Sorcery",
    )
    assert found == (
        n.Tap(n.TargetSlot(0)),
        n.EachDealsPower(n.TargetSlot(0), n.TargetSlot(1)),
    )


@pytest.mark.rules("mtg:120.2b", "mtg:109.4")
def test_that_player_is_the_controller_of_the_target_that_deals_the_damage() -> None:
    found = _effects(
        "When Dong Zhou enters, target creature an opponent controls deals damage equal to "
        "its power to that player.",
        "Dong Zhou, the Tyrant",
        "Legendary Creature — Human Soldier",
    )
    slot = n.TargetSlot(0)
    assert found == (n.DealDamage(n.PowerOf(slot), n.ControllerOf(slot), source=slot),)


def test_that_player_after_another_subject_is_not_read() -> None:
    card = parse_card(
        "mtg",
        "Whenever a creature deals combat damage to a player, ~ deals damage equal to its "
        "power to that player.",
        name="Test Pyre",
        type_line="Enchantment",
    )
    assert card.unsupported


@pytest.mark.rules("mtg:120.2b")
def test_each_other_bird_deals_damage_equal_to_its_own_power() -> None:
    found = _effects(
        "When Bartz and Boko enters, each other Bird you control deals damage equal to its "
        "power to target creature an opponent controls.",
        "Bartz and Boko",
        "Legendary Creature — Human Bird",
    )
    birds = d.AllOf((d.HasSubtype("bird"), d.Controller("you")))
    assert found == (n.EachDealsPower(n.Each(d.AllOf((d.Other(), birds))), n.TargetSlot(0)),)


@pytest.mark.rules("mtg:120.2b", "mtg:608.2c")
@pytest.mark.parametrize(
    ("text", "name", "type_line", "first_source", "back_to"),
    [
        (
            "At the beginning of your upkeep, this enchantment deals 15 damage to target "
            "creature an opponent controls and that creature deals damage equal to its power "
            "to you.",
            "Form of the Dinosaur",
            "Enchantment",
            n.Self(),
            n.You(),
        ),
        (
            "{1}{G}, {T}: If this creature is on the battlefield, it deals damage equal to its "
            "power to target attacking creature. That creature deals damage equal to its "
            "power to this creature.",
            "Durkwood Tracker",
            "Creature — Giant",
            n.Self(),
            n.Self(),
        ),
        (
            "Whenever this creature attacks, you may have it deal damage equal to its power "
            "to target creature defending player controls. If you do, that creature deals "
            "damage equal to its power to this creature.",
            "Cyclops Gladiator",
            "Creature — Cyclops Warrior",
            n.Self(),
            n.Self(),
        ),
        (
            "When this creature enters, if it's on the battlefield, it deals damage equal to "
            "its power to target creature an opponent controls and that creature deals "
            "damage equal to its power to this creature.",
            "Stalking Yeti",
            "Snow Creature — Yeti",
            n.Self(),
            n.Self(),
        ),
    ],
)
def test_that_creature_deals_damage_back(
    text: str, name: str, type_line: str, first_source: object, back_to: object
) -> None:
    """The first part's target deals damage equal to its power back: "that creature" is
    the first target (the kernel's ``It``)."""
    found = _effects(text, name, type_line)

    def flat(effects: tuple[object, ...]) -> list[object]:
        out: list[object] = []
        for e in effects:
            inner = getattr(e, "effects", None)
            out.extend(flat(inner) if isinstance(inner, tuple) else [e])
        return out

    first, back = flat(found)
    assert isinstance(first, n.DealDamage) and isinstance(back, n.DealDamage)
    assert (first.source, first.to) == (first_source, n.TargetSlot(0))
    that = n.It("that creature")
    assert back == n.DealDamage(n.PowerOf(that), back_to, source=that)


@pytest.mark.rules("mtg:303.4", "mtg:120.2b")
def test_enchanted_creature_deals_damage_equal_to_its_power() -> None:
    found = _effects(
        "Enchant creature you control\nWhen this Aura enters, enchanted creature deals damage "
        "equal to its power to any other target.",
        "Pain for All",
        "Enchantment — Aura",
    )
    assert found == (n.AttachedDealsPower(n.TargetSlot(0)),)


@pytest.mark.rules("mtg:603.2", "mtg:120.2b")
@pytest.mark.parametrize(
    ("text", "name"),
    [
        (
            "Whenever equipped creature attacks, it deals damage equal to its power to target "
            "creature defending player controls.",
            "Lothlórien Blade",
        ),
        (
            "Whenever equipped creature is dealt damage, it deals damage equal to its power "
            "to target player or planeswalker.",
            "Fiendlash",
        ),
    ],
)
def test_it_of_a_trigger_about_the_equipped_creature_is_that_creature(text: str, name: str) -> None:
    found = _effects(text, name, "Artifact — Equipment")
    it = n.TriggerObject("it")
    assert found == (n.DealDamage(n.PowerOf(it), n.TargetSlot(0), source=it),)


def test_it_of_a_trigger_about_the_equipped_creature_and_another_is_not_read() -> None:
    card = parse_card(
        "mtg",
        "Whenever equipped creature blocks a creature, it deals damage equal to its power "
        "to target player.",
        name="Test Blade",
        type_line="Artifact — Equipment",
    )
    assert card.unsupported


@pytest.mark.rules("mtg:701.12a", "mtg:608.2c")
def test_that_creature_gets_a_bonus_and_fights() -> None:
    found = _effects(
        "Put a +1/+1 counter on target creature you control if its power is 4 or greater. "
        "Then that creature gets +1/+1 until end of turn and fights target creature you "
        "don't control.",
        "Ent's Fury",
        "Sorcery",
    )
    that = n.It("that creature")
    assert found[1:] == (n.ModifyPT(that, 1, 1), n.Fight(that, n.TargetSlot(1)))


@pytest.mark.rules("mtg:701.12a", "mtg:603.2")
def test_you_gain_life_does_not_come_between_that_creature_and_the_trigger() -> None:
    found = _effects(
        "Whenever a Wolf you control enters, you gain 3 life and that creature fights up to "
        "one target creature you don't control.",
        "Tolsimir, Friend to Wolves",
        "Legendary Creature — Elf Scout",
    )
    assert found == (
        n.GainLife(n.You(), 3),
        n.Fight(n.TriggerObject("that creature"), n.TargetSlot(0)),
    )


@pytest.mark.rules("mtg:701.17a")
def test_then_sacrifice_it_is_the_creature_that_dealt_the_damage() -> None:
    found = _effects(
        "Target creature you control deals damage equal to its power to any other target. "
        "Then sacrifice it.",
        "Burn Together",
        "Sorcery — Adventure",
    )
    assert found[1] == n.SacrificeIt(n.TargetSlot(0))


# ------------------------------------------------------------ resolving


_RIVALRY = """
  Rivalry:
    type: Instant
    cost: "{R}"
    text: >-
      Target creature you control and up to one other target legendary creature you
      control each deal damage equal to their power to target creature you don't control.
"""


@pytest.mark.rules("mtg:120.2b", "mtg:608.2b", "mtg:701.12a")
def test_both_deal_their_power_and_an_illegal_one_deals_none() -> None:
    """Giant (3) and Hero (1) both deal damage to the Wall, which deals nothing back;
    then with the Hero gone before resolution, the Giant alone deals its 3 (mtg:608.2b)."""
    _run(
        _RIVALRY + _BODIES,
        "  Alice:\n    hand: [Rivalry, {card: Rivalry, as: Again}]\n"
        "    battlefield: [Giant, Hero]\n"
        "  Bob:\n    battlefield: [Wall]\n",
        "  - cast: Rivalry\n    by: Alice\n    targets: [[Giant], [Hero], [Wall]]\n"
        "  - resolve: 1\n"
        "  - expect: {damage: {Wall: 4, Giant: 0, Hero: 0}}\n"
        "  - cast: Again\n    by: Alice\n    targets: [[Giant], [Hero], [Wall]]\n"
        "  - do: {move: {Hero: graveyard}}\n"
        "  - resolve: 1\n"
        "  - expect: {damage: {Wall: 7}}\n",
    )


_DONG = """
  Tyrant:
    type: Legendary Creature — Human Soldier
    cost: "{4}{R}"
    power: 4
    toughness: 2
    text: >-
      When Tyrant enters, target creature an opponent controls deals damage equal to its
      power to that player.
"""


@pytest.mark.rules("mtg:120.2b", "mtg:120.3a", "mtg:109.4", "mtg:608.2h")
def test_the_target_deals_its_power_to_its_controller_even_after_leaving() -> None:
    """The Giant has left the battlefield before resolution: an illegal target, so it
    deals no damage (mtg:608.2b); on a legal one, Bob loses 3."""
    _run(
        _DONG + _BODIES,
        "  Alice:\n    battlefield: [Tyrant]\n  Bob:\n    life: 20\n    battlefield: [Giant]\n",
        "  - trigger: Tyrant\n    targets: [Giant]\n"
        "  - resolve: 1\n"
        "  - expect: {life: {Bob: 17, Alice: 20}}\n"
        "  - trigger: Tyrant\n    targets: [Giant]\n"
        "  - do: {move: {Giant: graveyard}}\n"
        "  - resolve: 1\n"
        "  - expect: {life: {Bob: 17}}\n",
    )


_PAIN = """
  Pain:
    type: Enchantment — Aura
    cost: "{1}{R}"
    text: >-
      Enchant creature you control

      When this Aura enters, enchanted creature deals damage equal to its power to any
      other target.
"""


@pytest.mark.rules("mtg:303.4", "mtg:120.2b", "mtg:120.3a")
def test_the_enchanted_creature_is_the_source_of_the_damage() -> None:
    _run(
        _PAIN + _BODIES,
        "  Alice:\n    battlefield: [Giant, {card: Pain, attached_to: Giant}]\n"
        "  Bob:\n    life: 20\n",
        "  - trigger: Pain\n    targets: [Bob]\n"
        "  - resolve: 1\n"
        "  - expect:\n      life: {Bob: 17}\n"
        "      events:\n        - {kind: damage, source: Giant, rule: mtg:120.3a}\n",
    )


_YETI = """
  Yeti:
    type: Snow Creature — Yeti
    cost: "{3}{G}"
    power: 3
    toughness: 3
    text: >-
      When this creature enters, if it's on the battlefield, it deals damage equal to its
      power to target creature an opponent controls and that creature deals damage equal
      to its power to this creature.
"""


@pytest.mark.rules("mtg:120.2b", "mtg:608.2c", "mtg:603.4")
def test_the_target_bites_back_and_nothing_happens_once_the_source_is_gone() -> None:
    """The first Yeti has left the battlefield before its ability resolves: the "if it's
    on the battlefield" condition fails and no damage is dealt (mtg:603.4). The second
    deals 3 to the Giant, which deals 3 back: both die."""
    _run(
        _YETI + _BODIES,
        "  Alice:\n    battlefield: [Yeti, {card: Yeti, as: Second Yeti}]\n"
        "  Bob:\n    battlefield: [Wall, Giant]\n",
        "  - trigger: Yeti\n    targets: [Wall]\n"
        "  - do: {move: {Yeti: graveyard}}\n"
        "  - resolve: 1\n"
        "  - expect: {damage: {Wall: 0}}\n"
        "  - trigger: Second Yeti\n    targets: [Giant]\n"
        "  - resolve: 1\n"
        "  - expect: {zone: {Giant: graveyard, Second Yeti: graveyard}}\n",
    )


# ------------------------------------------------- the source's keywords (mtg:120.3)

_KEYWORDS = """
  Fight:
    type: Sorcery
    cost: "{G}"
    text: Target creature you control fights target creature you don't control.
  Bite:
    type: Sorcery
    cost: "{G}"
    text: >-
      Target creature you control deals damage equal to its power to any other target.
  Adder:
    type: Creature — Snake
    cost: "{G}"
    power: 1
    toughness: 1
    text: Deathtouch, lifelink
  Witherer:
    type: Creature — Elemental
    cost: "{B}"
    power: 2
    toughness: 2
    text: Wither
  Blighter:
    type: Creature — Horror
    cost: "{B}"
    power: 2
    toughness: 2
    text: Infect
  Stone:
    type: Creature — Golem
    cost: "{5}"
    power: 1
    toughness: 6
    text: Indestructible
"""


@pytest.mark.rules("mtg:702.2b", "mtg:704.5h", "mtg:702.15b", "mtg:120.3f", "mtg:701.12a")
def test_a_fight_with_deathtouch_and_lifelink() -> None:
    """The 1/1 Adder fights the 3/3 Giant: its 1 damage destroys the Giant at the next
    check (mtg:704.5h) and gains Alice 1 life (mtg:702.15b); the Giant's 3 kills the
    Adder. An indestructible creature dealt deathtouch damage survives (mtg:702.12b)."""
    _run(
        _KEYWORDS + _BODIES,
        "  Alice:\n    life: 20\n    hand: [Fight, Bite]\n"
        "    battlefield: [Adder, {card: Adder, as: Second Adder}]\n"
        "  Bob:\n    life: 20\n    battlefield: [Giant, Stone]\n",
        "  - cast: Fight\n    by: Alice\n    targets: [[Adder], [Giant]]\n"
        "  - resolve: 1\n"
        "  - expect:\n"
        "      zone: {Giant: graveyard, Adder: graveyard}\n"
        "      life: {Alice: 21, Bob: 20}\n"
        "      events:\n"
        "        - {kind: died, object: Giant, rule: mtg:704.5h}\n"
        "  - cast: Bite\n    by: Alice\n    targets: [[Second Adder], [Stone]]\n"
        "  - resolve: 1\n"
        "  - expect:\n"
        "      zone: {Stone: battlefield}\n"
        "      damage: {Stone: 1}\n"
        "      life: {Alice: 22}\n",
    )


@pytest.mark.rules("mtg:702.80a", "mtg:120.3d", "mtg:701.12a")
def test_wither_damage_is_minus_counters_not_marked_damage() -> None:
    _run(
        _KEYWORDS + _BODIES,
        "  Alice:\n    hand: [Fight]\n    battlefield: [Witherer]\n"
        "  Bob:\n    battlefield: [Wall]\n",
        "  - cast: Fight\n    by: Alice\n    targets: [[Witherer], [Wall]]\n"
        "  - resolve: 1\n"
        "  - expect:\n"
        "      damage: {Wall: 0}\n"
        "      counters: {Wall: {'-1/-1': 2}}\n"
        "      properties: {Wall: {toughness: 7}}\n",
    )


@pytest.mark.rules("mtg:702.90b", "mtg:702.90c")
def test_infect_damage_to_a_player_is_not_supported_and_changes_nothing() -> None:
    """Poison counters are not modelled: the resolution is refused rather than turned
    into life loss; to a creature, infect damage is -1/-1 counters."""
    text = (
        "game: mtg\nplayers: [Alice, Bob]\ncards:\n"
        + _KEYWORDS
        + _BODIES
        + "setup:\n  Alice:\n    hand: [Bite, {card: Bite, as: Again}]\n"
        "    battlefield: [Blighter]\n"
        "  Bob:\n    life: 20\n    battlefield: [Wall]\n"
        "steps:\n"
        "  - cast: Bite\n    by: Alice\n    targets: [[Blighter], [Wall]]\n"
        "  - resolve: 1\n"
        "  - expect: {counters: {Wall: {'-1/-1': 2}}, damage: {Wall: 0}}\n"
        "  - cast: Again\n    by: Alice\n    targets: [[Blighter], [Bob]]\n"
        "  - resolve: 1\n"
    )
    result = run_scenario(parse_scenario(text, "power-damage-infect.yaml"))
    last = result.steps[-1]
    assert last.unsupported is not None
    assert "infect" in str(last.unsupported)


_BURN = """
  Burn:
    type: Sorcery
    cost: "{R}"
    text: >-
      Target creature you control deals damage equal to its power to any other target.
      Then sacrifice it.
"""


@pytest.mark.rules("mtg:120.2b", "mtg:701.17a", "mtg:608.2c")
def test_the_creature_that_dealt_the_damage_is_sacrificed() -> None:
    """Burn Together's text: the Giant deals 3 to Bob, then Alice sacrifices the Giant
    (not the other target)."""
    _run(
        _BURN + _BODIES,
        "  Alice:\n    hand: [Burn]\n    battlefield: [Giant, Bear]\n  Bob:\n    life: 20\n",
        "  - cast: Burn\n    by: Alice\n    targets: [[Giant], [Bob]]\n"
        "  - resolve: 1\n"
        "  - expect:\n      life: {Bob: 17}\n      zone: {Giant: graveyard, Bear: battlefield}\n",
    )


@pytest.mark.rules("mtg:701.9a", "mtg:701.12a")
def test_double_the_power_and_toughness_of_then_it_fights() -> None:
    found = _effects(
        "Double the power and toughness of target creature you control until end of turn. "
        "Then it fights up to one target creature an opponent controls.",
        "Dragonclaw Strike",
        "Sorcery",
    )
    assert found == (
        n.DoublePower(n.TargetSlot(0), toughness=True, duration="end_of_turn"),
        n.Fight(n.It(), n.TargetSlot(1)),
    )


@pytest.mark.rules("mtg:113.1a", "mtg:120.2b")
def test_a_granted_ability_that_bites_and_is_bitten_back() -> None:
    card = parse_card(
        "mtg",
        'Enchant creature\nEnchanted creature has "{T}: This creature deals damage equal to '
        "its power to target creature. That creature deals damage equal to its power to "
        'this creature."',
        name="Predatory Urge",
        type_line="Enchantment — Aura",
    )
    assert not card.unsupported
    (grant,) = getattr(card.abilities[-1], "effects", ())
    assert isinstance(grant, n.GrantAbility)
    that = n.It("that creature")
    assert grant.effects == (
        n.DealDamage(n.PowerOf(n.Self()), n.TargetSlot(0), source=n.Self()),
        n.DealDamage(n.PowerOf(that), n.Self(), source=that),
    )


@pytest.mark.rules("mtg:603.4")
def test_total_power_of_creatures_you_control_is_a_condition() -> None:
    found = _effects(
        "Formidable — Whenever you attack, if creatures you control have total power 8 or "
        "greater, target attacking creature you control fights up to one target creature "
        "you don't control.",
        "Gimli's Reckless Might",
        "Enchantment",
    )
    (cond,) = found
    assert isinstance(cond, n.IfCondition)
    assert cond.condition == "creatures_you_control_total_power_at_least:8"
    assert cond.effects == (n.Fight(n.TargetSlot(0), n.TargetSlot(1)),)


@pytest.mark.rules("mtg:107.3c", "mtg:120.2b")
def test_x_damage_to_another_and_to_itself_where_x_is_its_power() -> None:
    found = _effects(
        "Target creature you control deals X damage to any other target and X damage to "
        "itself, where X is its power.",
        "Self-Destruct",
        "Instant",
    )
    slot = n.TargetSlot(0)
    assert found == (
        n.DealDamage(n.PowerOf(slot), n.TargetSlot(1), source=slot),
        n.DealDamage(n.PowerOf(slot), slot, source=slot),
    )


@pytest.mark.rules("mtg:603.4")
@pytest.mark.parametrize(
    ("text", "key"),
    [
        ("if a creature card left your graveyard this turn", "card_left_your_graveyard:creature"),
        ("if a card left your graveyard this turn", "card_left_your_graveyard:card"),
    ],
)
def test_a_card_left_your_graveyard_is_a_condition(text: str, key: str) -> None:
    found = _effects(
        f"At the beginning of each end step, {text}, target Phoenix you control deals damage "
        "equal to its power to any target.",
        "Syrix, Carrier of the Flame",
        "Legendary Creature — Phoenix",
    )
    (cond,) = found
    assert isinstance(cond, n.IfCondition)
    assert cond.condition == key


def test_a_card_put_somewhere_else_is_not_this_condition() -> None:
    card = parse_card(
        "mtg",
        "At the beginning of each end step, if a creature card entered your graveyard this "
        "turn, target Phoenix you control deals damage equal to its power to any target.",
        name="Syrix, Carrier of the Flame",
        type_line="Legendary Creature — Phoenix",
    )
    assert card.unsupported
