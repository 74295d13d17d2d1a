"""Magic target phrases of combat, helper X6: a combat status written before a list of
creature types ("target attacking Cleric, Rogue, Warrior, or Wizard") is every type's,
not only the first's (mtg:506.4, mtg:601.2c). Real Oracle text."""

from __future__ import annotations

import pytest

from tcgrules.cardtext import nodes as n
from tcgrules.cardtext import parse_card
from tcgrules.kernel import descriptors as d
from tcgrules.scenario.loader import parse_scenario
from tcgrules.scenario.results import ScenarioResult
from tcgrules.scenario.runner import run_scenario


def requirement(text: str, name: str) -> n.TargetRequirement:
    card = parse_card("mtg", text, name=name, type_line="Creature — Human Warrior")
    (ability,) = card.abilities
    (req,) = ability.requirements  # type: ignore[union-attr]
    return req


@pytest.mark.rules("mtg:506.4", "mtg:601.2c")
def test_attacking_is_every_listed_types() -> None:
    # Seasoned Dungeoneer
    req = requirement(
        "Whenever you attack, target attacking Cleric, Rogue, Warrior, or Wizard gains "
        "protection from creatures until end of turn.",
        "Seasoned Dungeoneer",
    )
    assert req.descriptor == d.AnyOf(
        tuple(
            d.AllOf((d.Status("attacking"), d.HasSubtype(t)))
            for t in ("cleric", "rogue", "warrior", "wizard")
        )
    )


def test_a_status_before_a_type_and_a_noun_with_its_own_words_is_not_shared() -> None:
    # only bare creature types share the status: "tapped creature or artifact" is not
    # read as a tapped artifact (a color or other status is the first noun's only)
    req = requirement("Destroy target tapped creature or artifact.", "Test Card")
    assert d.AllOf((d.Status("tapped"), d.HasType("creature"))) in req.descriptor.parts  # type: ignore[attr-defined]
    assert d.HasType("artifact") in req.descriptor.parts  # type: ignore[attr-defined]


SCENARIO = """game: mtg
players: [Alice, Bob]
cards:
  Test Dash:
    type: Instant
    text: Target attacking Cleric, Rogue, Warrior, or Wizard gains flying until end of turn.
  Test Rogue:
    type: Creature — Human Rogue
    power: 2
    toughness: 2
  Test Wizard:
    type: Creature — Human Wizard
    power: 1
    toughness: 1
setup:
  Alice:
    hand: [Test Dash]
    battlefield: [Test Rogue, Test Wizard]
steps:
  - attack: Test Wizard
    by: Alice
    target: Bob
  - expect:
      legal_targets:
        card: Test Dash
        by: Alice
        includes: [Test Wizard]
        excludes: [Test Rogue]
  # Test Rogue is a Rogue but is not attacking: no legal target
  - cast: Test Dash
    by: Alice
    targets: [Test Rogue]
    rejected: mtg:601.2c
  - cast: Test Dash
    by: Alice
    targets: [Test Wizard]
  - resolve: 1
  - expect:
      properties:
        Test Wizard: {keywords: [flying]}
"""


@pytest.mark.rules("mtg:506.4", "mtg:601.2c")
def test_a_rogue_that_is_not_attacking_is_no_legal_target() -> None:
    result: ScenarioResult = run_scenario(parse_scenario(SCENARIO, "inline.yaml"))
    assert result.ok, [str(f) for f in result.failures] + [result.error or ""]


# ------------------------------------------- "When you next cast ..." (mtg:603.7a)

NEXT_CAST = "When you next cast an instant or sorcery spell this turn, "


@pytest.mark.rules("mtg:603.7a", "mtg:707.10c")
def test_doublecast_creates_a_delayed_ability_that_copies_the_spell_cast() -> None:
    card = parse_card(
        "mtg",
        NEXT_CAST + "copy that spell. You may choose new targets for the copy.",
        name="Doublecast",
        type_line="Sorcery",
    )
    assert not card.unsupported
    (ability,) = card.abilities
    assert isinstance(ability, n.SpellAbility)  # not a triggered ability of the card
    (effect,) = ability.effects
    assert isinstance(effect, n.WhenNextCast)
    assert effect.spell == d.AnyOf((d.HasType("instant"), d.HasType("sorcery")))
    assert effect.effects == (
        n.CopySpell(n.TriggerObject("that spell"), may_choose_new_targets=True),
    )


@pytest.mark.rules("mtg:603.7a")
def test_complete_the_circuit_copies_twice() -> None:
    card = parse_card(
        "mtg",
        NEXT_CAST + "copy that spell twice. You may choose new targets for the copies.",
        name="Complete the Circuit",
        type_line="Instant",
    )
    assert not card.unsupported
    (effect,) = card.abilities[0].effects  # type: ignore[union-attr]
    assert isinstance(effect, n.WhenNextCast)
    (copy,) = effect.effects
    assert isinstance(copy, n.CopySpell) and copy.times == 2 and copy.may_choose_new_targets


@pytest.mark.rules("mtg:107.3n")
def test_storm_kings_thunder_x_times_is_the_x_of_the_spell_that_created_it() -> None:
    # "X times" of a delayed ability: the X chosen for Storm King's Thunder (helper R2)
    card = parse_card(
        "mtg",
        NEXT_CAST + "copy that spell X times. You may choose new targets for the copies.",
        name="Storm King's Thunder",
        type_line="Instant",
    )
    assert not card.unsupported
    (effect,) = card.abilities[0].effects  # type: ignore[union-attr]
    assert isinstance(effect, n.WhenNextCast)
    (copy,) = effect.effects
    assert isinstance(copy, n.CopySpell) and copy.times == "X" and copy.may_choose_new_targets


def test_anything_but_copies_of_that_spell_is_not_read() -> None:
    # a sentence read wrong is worse than one left unread
    card = parse_card(
        "mtg",
        NEXT_CAST + "copy that spell. Draw a card.",
        name="Test Card",
        type_line="Instant",
    )
    assert card.unsupported


CAST_SCENARIO = """game: mtg
players: [Alice, Bob]
cards:
  Test Doublecast:
    type: Sorcery
    text: >-
      When you next cast an instant or sorcery spell this turn, copy that spell. You may
      choose new targets for the copy.
setup:
  Alice:
    hand: [Test Doublecast]
steps:
  - cast: Test Doublecast
    by: Alice
  - resolve: 1
"""


@pytest.mark.rules("mtg:603.7a")
def test_resolving_it_is_not_supported_never_a_silent_no_op() -> None:
    result = run_scenario(parse_scenario(CAST_SCENARIO, "inline.yaml"))
    assert not result.ok and not result.failures
    assert result.unsupported and "WhenNextCast" in result.unsupported
