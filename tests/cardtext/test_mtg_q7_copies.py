"""Magic copies, helper Q7, read as printed (Oracle text) and played: copies of a spell
made by players other than the effect's controller, each theirs (mtg:707.10), and their
choice of new targets for their own copy (mtg:707.10c)."""

from __future__ import annotations

import pytest

from tcgrules.cardtext import nodes as n
from tcgrules.cardtext import parse_card
from tcgrules.scenario.loader import parse_scenario
from tcgrules.scenario.results import ScenarioResult
from tcgrules.scenario.runner import run_scenario

HIVE_MIND = (
    "Whenever a player casts an instant or sorcery spell, each other player copies that "
    "spell. Each of those players may choose new targets for their copy."
)
CURSE = (
    "Enchant player\nWhenever enchanted player casts an instant or sorcery spell, each "
    "other player may copy that spell and may choose new targets for the copy they control."
)
CHARLATAN = (
    "{2}{U}, {T}: The controller of target instant or sorcery spell copies it. That player "
    "may choose new targets for the copy."
)


def read(text: str, name: str = "Test Card", type_line: str = "Instant") -> n.CardText:
    card = parse_card("mtg", text, name=name, type_line=type_line)
    assert not card.unsupported, card.unsupported
    return card


# ------------------------------------------------------------------ reading
@pytest.mark.rules("mtg:707.10", "mtg:707.10c", "mtg:603.2")
def test_hive_mind_each_other_player_copies_the_cast_spell() -> None:
    card = read(HIVE_MIND, name="Hive Mind", type_line="Enchantment")
    (ability,) = card.abilities
    assert isinstance(ability, n.TriggeredAbility)
    assert ability.effects == (
        n.OthersCopy(n.TriggerObject("that spell"), may_choose_new_targets=True),
    )


@pytest.mark.rules("mtg:707.10", "mtg:608.2d")
def test_curse_of_echoes_each_other_player_may_copy() -> None:
    card = read(CURSE, name="Curse of Echoes", type_line="Enchantment — Aura Curse")
    ability = card.abilities[-1]
    assert isinstance(ability, n.TriggeredAbility)
    assert ability.effects == (
        n.OthersCopy(n.TriggerObject("that spell"), may=True, may_choose_new_targets=True),
    )


@pytest.mark.rules("mtg:707.10", "mtg:707.10c")
def test_meletis_charlatan_the_spells_controller_copies_it() -> None:
    card = read(CHARLATAN, name="Meletis Charlatan", type_line="Creature — Human Wizard")
    (ability,) = card.abilities
    assert isinstance(ability, n.ActivatedAbility)
    assert ability.effects == (
        n.CopySpell(n.TargetSlot(0), may_choose_new_targets=True, by_its_controller=True),
    )


@pytest.mark.parametrize(
    "text",
    [
        # no copy just before: whose copy "the copy" is, is not read
        "Draw a card. That player may choose new targets for the copy.",
        "Draw a card. Each of those players may choose new targets for their copy.",
        # "you" copy: "that player" is not the copier
        "Copy target instant spell. That player may choose new targets for the copy.",
        # no cast trigger: "that spell" names nothing read
        "At the beginning of your upkeep, each other player copies that spell.",
    ],
)
def test_shapes_left_unread(text: str) -> None:
    card = parse_card("mtg", text, name="Test Card", type_line="Enchantment")
    assert card.unsupported, card


# ------------------------------------------------------------------ playing
CARDS = f"""cards:
  Test Hive:
    type: Enchantment
    text: "{HIVE_MIND}"
  Test Bolt:
    type: Instant
    text: "Test Bolt deals 3 damage to any target."
  Test Bear:
    type: Creature — Bear
    power: 2
    toughness: 2
"""


def play(body: str) -> ScenarioResult:
    text = "game: mtg\nplayers: [Alice, Bob, Carol]\n" + CARDS + body
    return run_scenario(parse_scenario(text, "inline.yaml"))


@pytest.mark.rules("mtg:707.10", "mtg:101.4")
def test_every_other_player_copies_in_turn_order_each_owning_theirs() -> None:
    result = play(
        """setup:
  Alice:
    battlefield: [Test Hive]
  Bob:
    hand: [Test Bolt]
steps:
  - {cast: Test Bolt, by: Bob, targets: [Carol]}
  - {trigger: Test Hive, about: Test Bolt}
  - {resolve: 1}
  - expect:
      events:
        - {kind: copied, rule: mtg:707.10}
        - {kind: copied, rule: mtg:707.10}
  - {resolve: 1}
  - {resolve: 1}
  - {resolve: 1}
  - expect:
      life: {Alice: 20, Bob: 20, Carol: 11}
"""
    )
    assert result.ok, result.problems
    said = [line.text for step in result.steps for line in step.narration]
    copied = [text.split()[0] for text in said if " copies Test Bolt" in text]
    # Alice (the active player) copies first, then Carol; Bob, the caster, doesn't
    assert copied == ["Alice", "Carol"]


@pytest.mark.rules("mtg:707.10c")
def test_new_targets_for_several_players_copies_are_not_supported() -> None:
    result = play(
        """setup:
  Alice:
    battlefield: [Test Hive]
  Bob:
    hand: [Test Bolt]
steps:
  - {cast: Test Bolt, by: Bob, targets: [Carol]}
  - {trigger: Test Hive, about: Test Bolt}
  - resolve: 1
    choose: {copy_targets: [[Bob]]}
"""
    )
    assert not result.ok
    assert not result.failures
    assert "new targets" in str(result.unsupported)
