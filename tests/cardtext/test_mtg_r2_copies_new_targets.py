"""New targets for several copies (helper R2), read as printed (Oracle text) and played:
"copy it if [condition], then copy it if [condition]" with "the copies" after it
(mtg:707.10, mtg:707.10c, mtg:608.2c), and "copy that spell X times" in a delayed
triggered ability (mtg:107.3n)."""

from __future__ import annotations

import pytest

from tcgrules.cardtext import nodes as n
from tcgrules.cardtext import parse_card
from tcgrules.scenario.loader import parse_scenario
from tcgrules.scenario.results import ScenarioResult
from tcgrules.scenario.runner import run_scenario

BANISH = (
    "When you cast this spell from your hand, copy it if you control an artifact, then "
    "copy it if you control an enchantment. You may choose new targets for the copies.\n"
    "Return target nonland permanent to its owner's hand. You create a 2/2 white Knight "
    "creature token with vigilance."
)


def read(text: str, name: str, type_line: str = "Instant") -> n.CardText:
    card = parse_card("mtg", text, name=name, type_line=type_line)
    assert not card.unsupported, card.unsupported
    return card


@pytest.mark.rules("mtg:707.10c", "mtg:608.2c")
def test_banish_into_fable_two_conditional_copies_both_may_get_new_targets() -> None:
    trigger = read(BANISH, "Banish into Fable").abilities[0]
    assert isinstance(trigger, n.TriggeredAbility)
    first, second = trigger.effects
    assert isinstance(first, n.IfCondition) and isinstance(second, n.IfCondition)
    assert (first.text, second.text) == ("you control an artifact", "you control an enchantment")
    for part in (first, second):
        (copy,) = part.effects
        assert copy == n.CopySpell(n.Self(), may_choose_new_targets=True)


def test_a_single_trailing_if_after_then_is_not_read_as_each_parts() -> None:
    # "A, then B if C": C might govern both parts or only B; left not read
    card = parse_card(
        "mtg",
        "When you cast this spell, copy it, then copy it if you control an artifact. You "
        "may choose new targets for the copies.\nDraw a card.",
        name="Test Card",
        type_line="Instant",
    )
    trigger = card.abilities[0]
    assert isinstance(trigger, n.TriggeredAbility)
    assert not any(isinstance(e, n.IfCondition) for e in trigger.effects)


@pytest.mark.rules("mtg:707.10", "mtg:107.3n")
def test_storm_kings_thunder_copies_that_spell_x_times() -> None:
    card = read(
        "When you next cast an instant or sorcery spell this turn, copy that spell X times. "
        "You may choose new targets for the copies.",
        "Storm King's Thunder",
    )
    (effect,) = card.abilities[0].effects  # type: ignore[union-attr]
    assert isinstance(effect, n.WhenNextCast)
    assert effect.effects == (
        n.CopySpell(n.TriggerObject("that spell"), may_choose_new_targets=True, times="X"),
    )


CARDS = """cards:
  Test Fable:
    type: Instant
    text: "When you cast this spell from your hand, copy it if you control an artifact,
      then copy it if you control an enchantment. You may choose new targets for the
      copies.\\nReturn target creature to its owner's hand."
  Test Relic:
    type: Artifact
  Test Aura:
    type: Enchantment
  Test Bear:
    type: Creature — Bear
    power: 2
    toughness: 2
  Test Giant:
    type: Creature — Giant
    power: 3
    toughness: 3
"""


def play(body: str) -> ScenarioResult:
    text = "game: mtg\nplayers: [Alice, Bob]\n" + CARDS + body
    return run_scenario(parse_scenario(text, "inline.yaml"))


@pytest.mark.rules("mtg:707.10c")
def test_one_copy_targets_choice_for_two_copies_is_not_supported() -> None:
    result = play(
        """setup:
  Alice:
    hand: [Test Fable]
    battlefield: [Test Relic, Test Aura]
  Bob:
    battlefield: [Test Bear, Test Giant]
steps:
  - {cast: Test Fable, by: Alice, targets: [Test Bear]}
  - {trigger: Test Fable}
  - {resolve: 1, choose: {copy_targets: [[Test Giant]]}}
"""
    )
    assert not result.ok and not result.failures
    assert "several copies" in (result.unsupported or "")


@pytest.mark.rules("mtg:707.10c", "mtg:608.2c")
def test_only_the_copy_whose_condition_holds_is_made_and_gets_the_new_target() -> None:
    result = play(
        """setup:
  Alice:
    hand: [Test Fable]
    battlefield: [Test Aura]
  Bob:
    battlefield: [Test Bear, Test Giant]
steps:
  - {cast: Test Fable, by: Alice, targets: [Test Bear]}
  - {trigger: Test Fable}
  - {resolve: 1, choose: {copy_targets: [[Test Giant]]}}
  - expect:
      stack: [copy of Test Fable, Test Fable]
      targets: {copy of Test Fable: [[Test Giant]], Test Fable: [[Test Bear]]}
  - {resolve: 2}
  - expect:
      zone: {Test Bear: hand, Test Giant: hand}
"""
    )
    assert result.ok, [str(f) for f in result.failures] + [result.error or ""]
