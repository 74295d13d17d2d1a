"""Target conditions (helper T4): conditions on a target checked as the spell or ability
resolves ("Counter target spell if it was kicked", mtg:608.2c), and target qualifiers
compared with another object or quality ("with greater power", "whose power and
toughness aren't equal"), checked as targets are chosen and again on resolution
(mtg:601.2c, mtg:608.2b)."""

from __future__ import annotations

import pytest
from tests.helpers import new_game

from tcgrules.cardtext import nodes as n
from tcgrules.cardtext import parse_card
from tcgrules.games.magic import bounds
from tcgrules.kernel import descriptors as d
from tcgrules.scenario.loader import parse_scenario
from tcgrules.scenario.runner import run_scenario


def ability(text: str, name: str, type_line: str = "Instant") -> n.Ability:
    card = parse_card("mtg", text, name=name, type_line=type_line)
    return card.abilities[-1]


def understood(found: n.Ability) -> bool:
    return not any(isinstance(e, n.UnsupportedEffect) for e in found.effects)  # type: ignore[union-attr]


def parts(descriptor: d.Descriptor) -> list[d.Descriptor]:
    if isinstance(descriptor, d.AllOf):
        return [x for p in descriptor.parts for x in parts(p)]
    return [descriptor]


def conditional(found: n.Ability) -> n.Conditional:
    effect = found.effects[0]  # type: ignore[union-attr]
    if isinstance(effect, n.May):
        effect = effect.effects[0]
    assert isinstance(effect, n.Conditional), effect
    assert effect.subject == n.TargetSlot(0)
    return effect


# ------------------------------------------------------------------ reading real cards
@pytest.mark.rules("mtg:608.2c", "mtg:702.33d")
def test_if_it_was_kicked_is_a_condition_on_the_target() -> None:
    found = ability("Counter target spell if it was kicked.", "Ertai's Trickery")
    effect = conditional(found)
    assert effect.condition == d.Condition("kicked")
    assert effect.effects == (n.Counter(n.TargetSlot(0)),)
    # the target phrase itself is any spell: the condition limits no choice
    assert d.Condition("kicked") not in parts(found.requirements[0].descriptor)  # type: ignore[union-attr]


@pytest.mark.rules("mtg:608.2c", "mtg:608.2d")
def test_conditions_on_the_target_read_from_real_cards() -> None:
    cases = [
        (
            "Jaded Response",
            "Counter target spell if it shares a color with a creature you control.",
            "shares_a_color_with_your:creature",
        ),
        (
            "Unified Will",
            "Counter target spell if you control more creatures than that spell's controller.",
            "you_control_more_than_its_controller:creature",
        ),
        (
            "Wretched Banquet",
            "Destroy target creature if it has the least power or is tied for least power "
            "among creatures on the battlefield.",
            "least_power_among:creature",
        ),
        (
            "Winnow",
            "Destroy target nonland permanent if another permanent with the same name is on "
            "the battlefield.",
            "another_permanent_has_its_name",
        ),
        (
            "Barrin's Unmaking",
            "Return target permanent to its owner's hand if that permanent shares a color with "
            "the most common color among all permanents or a color tied for most common.",
            "shares_most_common_color",
        ),
        (
            "Getaway Glamer",
            "Destroy target creature if no other creature has greater power.",
            "greatest_power_among:creature",
        ),
    ]
    for name, text, condition in cases:
        found = ability(text, name)
        assert understood(found), name
        assert conditional(found).condition == d.Condition(condition), name
    vizier = ability(
        "When this creature enters, you may exile target creature if it attacked or blocked "
        "this turn.",
        "Vizier of Deferment",
        "Creature — Human Cleric",
    )
    assert isinstance(vizier.effects[0], n.May)  # type: ignore[union-attr]
    assert conditional(vizier).condition == d.AnyOf(
        (d.Condition("attacked_this_turn"), d.Condition("blocked_this_turn"))
    )
    killer = ability(
        "When this creature enters, target creature an opponent controls gets -2/-2 until "
        "end of turn if that opponent controls no other creatures.",
        "Skulking Killer",
        "Creature — Vampire Assassin",
    )
    assert conditional(killer).condition == d.Condition("controller_controls_no_other:creature")


def test_wordings_the_family_does_not_mean_are_not_read() -> None:
    for text in (
        "Counter target spell if it was foretold.",
        "Counter target spell if it shares a color with a land you control.",
        # "that opponent" names no opponent of the target phrase
        "Target creature gets -2/-2 until end of turn if that opponent controls no other "
        "creatures.",
        "Destroy target creature if it has the least toughness or is tied for least power "
        "among creatures on the battlefield.",
    ):
        assert not understood(ability(text, "Test Card")), text


@pytest.mark.rules("mtg:608.2c", "mtg:608.2h")
def test_if_target_has_toughness_compares_as_it_resolves() -> None:
    found = ability(
        "If target creature has toughness 5 or greater, it gets +4/-4 until end of turn.",
        "Blood Lust",
    )
    effect = found.effects[0]  # type: ignore[union-attr]
    assert isinstance(effect, n.IfCompared)
    assert (effect.subject, effect.prop, effect.op, effect.amount) == (
        n.TargetSlot(0),
        "toughness",
        ">=",
        5,
    )
    assert found.requirements[0].descriptor == d.HasType("creature")  # type: ignore[union-attr]


@pytest.mark.rules("mtg:601.2c", "mtg:608.2b")
def test_qualifiers_compared_with_the_object_the_text_is_on() -> None:
    eowyn = ability(
        "When Éowyn enters, exile target creature an opponent controls with greater power.",
        "Éowyn, Fearless Knight",
        "Legendary Creature — Human Knight",
    )
    assert d.CompareAmount("power", ">", n.NumberOf("power", n.Self())) in parts(
        eowyn.requirements[0].descriptor  # type: ignore[union-attr]
    )
    mirko = ability(
        "At the beginning of your end step, you may return target creature card with power "
        "less than Mirko's from your graveyard to the battlefield with a finality counter on it.",
        "Mirko, Obsessive Theorist",
        "Legendary Creature — Vampire Detective",
    )
    assert understood(mirko)
    assert d.CompareAmount("power", "<", n.NumberOf("power", n.Self())) in parts(
        mirko.requirements[0].descriptor  # type: ignore[union-attr]
    )
    # "with equal or lesser power" of a dies trigger: the object as it last was on the
    # battlefield (mtg:603.10a) is not what the bound reads, so it is not read
    launderer = ability(
        "When this creature dies, return another target non-Rogue creature card with equal "
        "or lesser power from your graveyard to the battlefield.",
        "Body Launderer",
        "Creature — Ogre Rogue",
    )
    assert not understood(launderer)


@pytest.mark.rules("mtg:105.2", "mtg:208.1")
def test_qualities_of_the_target_alone() -> None:
    winnower = ability(
        "When this creature enters, you may destroy target non-Elf creature whose power and "
        "toughness aren't equal.",
        "Gilt-Leaf Winnower",
        "Creature — Elf Warrior",
    )
    assert d.Condition("power_toughness_unequal") in parts(winnower.requirements[0].descriptor)  # type: ignore[union-attr]
    invasion = ability(
        "When this Siege enters, exile target nonland permanent an opponent controls that "
        "isn't exactly two colors.",
        "Invasion of Ravnica",
        "Battle — Siege",
    )
    assert d.Not(d.Condition("exactly_colors:2")) in parts(invasion.requirements[0].descriptor)  # type: ignore[union-attr]
    reality = ability(
        "For each opponent, exile up to one target permanent that player controls with an "
        "even mana value.",
        "Desecrate Reality",
    )
    assert d.Condition("even:mana_value") in parts(reality.requirements[0].descriptor)  # type: ignore[union-attr]


# ------------------------------------------------------------------ behaviour
_CARDS = """
cards:
  Glamer:
    type: Instant
    text: Destroy target creature if no other creature has greater power.
  Twin Check:
    type: Instant
    text: >-
      Destroy target nonland permanent if another permanent with the same name is on the
      battlefield.
  Lust:
    type: Instant
    text: If target creature has toughness 5 or greater, it gets +4/-4 until end of turn.
  Even Out:
    type: Instant
    text: Exile target permanent with an even mana value.
  Two Tone:
    type: Instant
    text: Exile target nonland permanent that isn't exactly two colors.
  Lonely Strike:
    type: Creature — Vampire Assassin
    cost: "{3}{B}"
    power: 4
    toughness: 2
    text: >-
      When this creature enters, target creature an opponent controls gets -2/-2 until end
      of turn if that opponent controls no other creatures.
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
    cost: "{1}{W}"
    power: 0
    toughness: 5
  Gold:
    type: Creature — Elf
    cost: "{W}{U}"
    power: 1
    toughness: 1
  Rock:
    type: Artifact
    cost: "{3}"
"""


def play(steps: str, setup: str) -> None:
    text = f"game: mtg\nplayers: [Alice, Bob]\n{_CARDS}\nsetup:\n{setup}\nsteps:\n{steps}"
    result = run_scenario(parse_scenario(text, "t4-target-conditions-test.yaml"))
    assert result.ok, result.problems


@pytest.mark.rules("mtg:608.2c")
def test_no_other_creature_with_greater_power_is_checked_on_resolution() -> None:
    """The Bear is chosen while the Giant is out-powering it: it survives; alone with a
    tie-free board after the Giant leaves, the Bear is destroyed."""
    play(
        """
  - cast: Glamer
    targets: [Bear]
  - resolve: 1
  - expect:
      zone: {Bear: battlefield}
      events: [{kind: condition_not_met, rule: mtg:608.2c}]
  - do: {move: {Glamer: hand, Giant: graveyard}}
  - cast: Glamer
    targets: [Bear]
  - resolve: 1
  - expect: {zone: {Bear: graveyard}}
""",
        "  Alice:\n    hand: [Glamer]\n  Bob:\n    battlefield: [Bear, Giant]\n",
    )


@pytest.mark.rules("mtg:201.2a", "mtg:608.2c")
def test_another_permanent_with_the_same_name() -> None:
    play(
        """
  - cast: Twin Check
    targets: [Giant]
  - resolve: 1
  - expect: {zone: {Giant: battlefield}}
  - do: {move: {Twin Check: hand}}
  - cast: Twin Check
    targets: [Bear]
  - resolve: 1
  - expect: {zone: {Bear: graveyard}}
""",
        "  Alice:\n    hand: [Twin Check]\n    battlefield: [Bear]\n"
        "  Bob:\n    battlefield: [Giant, {card: Bear, as: Bob's Bear}]\n",
    )


@pytest.mark.rules("mtg:608.2c", "mtg:608.2h")
def test_if_target_has_toughness_5_or_greater() -> None:
    play(
        """
  - cast: Lust
    targets: [Giant]
  - resolve: 1
  - expect: {properties: {Giant: {power: 3, toughness: 3}}}
  - do: {move: {Lust: hand}}
  - cast: Lust
    targets: [Wall]
  - resolve: 1
  - expect: {properties: {Wall: {power: 4, toughness: 1}}}
""",
        "  Alice:\n    hand: [Lust]\n  Bob:\n    battlefield: [Giant, Wall]\n",
    )


@pytest.mark.rules("mtg:601.2c", "mtg:202.3")
def test_even_mana_value_and_not_exactly_two_colors() -> None:
    play(
        """
  - cast: Even Out
    targets: [Rock]
    rejected: mtg:601.2c
  - cast: Even Out
    targets: [Bear]
  - resolve: 1
  - expect: {zone: {Bear: exile}}
  - cast: Two Tone
    targets: [Gold]
    rejected: mtg:601.2c
  - cast: Two Tone
    targets: [Giant]
  - resolve: 1
  - expect: {zone: {Giant: exile, Gold: battlefield}}
""",
        "  Alice:\n    hand: [Even Out, Two Tone]\n"
        "  Bob:\n    battlefield: [Bear, Giant, Gold, Rock]\n",
    )


@pytest.mark.rules("mtg:608.2c")
def test_that_opponent_controls_no_other_creatures() -> None:
    play(
        """
  - trigger: Lonely Strike
    targets: [Giant]
  - resolve: 1
  - expect: {properties: {Giant: {power: 3, toughness: 3}}}
  - do: {move: {Bear: graveyard}}
  - trigger: Lonely Strike
    targets: [Giant]
  - resolve: 1
  - expect: {properties: {Giant: {power: 1, toughness: 1}}}
""",
        "  Alice:\n    battlefield: [Lonely Strike]\n  Bob:\n    battlefield: [Giant, Bear]\n",
    )


@pytest.mark.rules("mtg:608.2c", "mtg:608.2h")
def test_if_target_player_has_exactly_ten_life() -> None:
    found = ability(
        "If target player has exactly 10 life, Hidetsugu's Second Rite deals 10 damage to "
        "that player.",
        "Hidetsugu's Second Rite",
    )
    assert found.effects == (  # type: ignore[union-attr]
        n.IfCondition(
            n.NumberCondition(n.LifeTotalOf(n.TargetSlot(0)), "==", 10),
            (n.DealDamage(10, n.TargetSlot(0), n.Self()),),
            "target player has exactly 10 life",
        ),
    )
    # damage to anyone else after the condition is not this shape
    other = ability(
        "If target player has exactly 10 life, Test Card deals 10 damage to you.", "Test Card"
    )
    assert not understood(other)


def bound(found: n.Ability) -> d.Descriptor:
    compared = [
        p
        for p in parts(found.requirements[0].descriptor)  # type: ignore[union-attr]
        if isinstance(p, d.CompareAmount | d.CompareVariable)
    ]
    assert len(compared) == 1, found
    return compared[0]


@pytest.mark.rules("mtg:603.2", "mtg:603.10a", "mtg:601.2c")
def test_lesser_than_what_the_trigger_names() -> None:
    """ "with lesser mana value" is settled with the trigger: the source for "When ~
    enters", the object the trigger event was about for "Whenever ~ or another Cleric
    you control dies" (as it last was on the battlefield), nothing for "Whenever you
    sacrifice a creature"."""
    rangers = ability(
        "When this creature enters, gain control of up to one target creature with lesser "
        "power for as long as you control this creature.",
        "Rangers of Ithilien",
        "Creature — Human Ranger",
    )
    assert bound(rangers) == d.CompareAmount("power", "<", n.NumberOf("power", n.Self()))
    orah = ability(
        "Whenever Orah or another Cleric you control dies, return target Cleric card with "
        "lesser mana value from your graveyard to the battlefield.",
        "Orah, Skyclave Hierophant",
        "Legendary Creature — Kor Cleric",
    )
    assert bound(orah) == d.CompareAmount(
        "mana_value", "<", n.NumberOf("mana_value", n.TriggerObject("it", looks_back=True))
    )
    clement = ability(
        "Whenever Clement or another creature you control enters, return up to one target "
        "creature you control with lesser mana value to its owner's hand.",
        "Clement, the Worrywort",
        "Legendary Creature — Frog Druid",
    )
    assert bound(clement) == d.CompareAmount(
        "mana_value", "<", n.NumberOf("mana_value", n.TriggerObject("it"))
    )
    # "another target" beside the trigger's object: other than that object, which the
    # kernel's "other" (than the source) is not; left unsettled (refused when checked)
    colfenor = ability(
        "Whenever Colfenor or another creature you control dies, return up to one other "
        "target creature card with lesser toughness from your graveyard to your hand.",
        "Colfenor, the Last Yew",
        "Legendary Creature — Treefolk Shaman",
    )
    assert isinstance(bound(colfenor), d.CompareVariable)
    riveteers = ability(
        "Whenever you sacrifice a creature, you may return target creature card with lesser "
        "mana value from your graveyard to the battlefield tapped.",
        "Riveteers Ascendancy",
        "Enchantment",
    )
    assert isinstance(bound(riveteers), d.CompareVariable)


@pytest.mark.rules("mtg:603.2", "mtg:601.2c")
def test_that_spells_mana_value_is_the_trigger_events_spell() -> None:
    that_spell = n.NumberOf("mana_value", n.TriggerObject("that spell"))
    tyrant = ability(
        "Whenever you cast a spell, return up to one target nonland permanent an opponent "
        "controls with mana value less than or equal to that spell's mana value to its "
        "owner's hand.",
        "Hammerhead Tyrant",
        "Creature — Dragon",
    )
    assert bound(tyrant) == d.CompareAmount("mana_value", "<=", that_spell)
    kirin = ability(
        "Whenever you cast a Spirit or Arcane spell, you may gain control of target creature "
        "with that spell's mana value until end of turn.",
        "Skyfire Kirin",
        "Legendary Creature — Kirin Spirit",
    )
    assert bound(kirin) == d.CompareAmount("mana_value", "==", that_spell)


@pytest.mark.rules("mtg:603.2")
def test_a_trigger_objects_number_without_the_trigger_is_refused() -> None:
    """Without the ability on the stack (or with no object its trigger event was about)
    the number is unknown: None, which checking the description refuses by name."""
    game = new_game()
    that_spell = n.NumberOf("mana_value", n.TriggerObject("that spell"))
    assert bounds.known(that_spell)
    assert bounds.amount_now(game, "Alice", None, that_spell) is None


_X_CARDS = """
cards:
  Shoal:
    type: Instant — Arcane
    cost: "{X}{U}{U}"
    text: Counter target spell if its mana value is X.
  Bear:
    type: Creature — Bear
    cost: "{1}{G}"
    power: 2
    toughness: 2
"""


@pytest.mark.rules("mtg:107.3", "mtg:608.2c")
def test_if_its_mana_value_is_x_compares_with_the_announced_x() -> None:
    found = ability("Counter target spell if its mana value is X.", "Disrupting Shoal")
    assert found.effects == (  # type: ignore[union-attr]
        n.IfCompared(n.TargetSlot(0), "mana_value", "==", "X", (n.Counter(n.TargetSlot(0)),)),
    )
    text = f"""game: mtg
players: [Alice, Bob]
{_X_CARDS}
setup:
  Alice:
    hand: [Shoal, {{card: Shoal, as: Shoal Two}}]
  Bob:
    hand: [Bear]
steps:
  - cast: Bear
    by: Bob
  - cast: Shoal
    by: Alice
    x: 3
    targets: [Bear]
  - resolve: 1
  - expect: {{zone: {{Bear: stack}}}}
  - cast: Shoal Two
    by: Alice
    x: 2
    targets: [Bear]
  - resolve: 1
  - expect: {{zone: {{Bear: graveyard}}}}
"""
    result = run_scenario(parse_scenario(text, "t4-shoal-test.yaml"))
    assert result.ok, result.problems


@pytest.mark.rules("mtg:107.5", "mtg:602.1")
def test_an_activated_ability_with_the_tap_symbol_in_its_cost() -> None:
    found = ability(
        "{1}, {T}: Untap target creature that has an activated ability with {T} in its cost.",
        "Magewright's Stone",
        "Artifact",
    )
    assert d.Condition("activated_ability_with_cost:{T}") in parts(
        found.requirements[0].descriptor  # type: ignore[union-attr]
    )
