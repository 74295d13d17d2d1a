"""Redirecting a card's target in Grand Archive, through the Python API."""

from __future__ import annotations

import pytest
from tests.helpers import card

import tcgrules
from tcgrules.errors import InputError, NotSupportedError, RulesViolation
from tcgrules.kernel.play import cast, redirect_target


def _ga_game() -> tuple[tcgrules.Game, tcgrules.ObjectRef, tcgrules.ObjectRef]:
    game = tcgrules.new_game("ga", ["Alice", "Bob"])
    game.create(tcgrules.bundled_card("ga", "Spirit of Fire"), "Alice", "field")
    guard = game.create(
        card("ga", "Guard", "ALLY - GUARDIAN HUMAN", "", power=1, life=4), "Bob", "field"
    )
    other = game.create(
        card("ga", "Other Guard", "ALLY - GUARDIAN HUMAN", "", power=1, life=4), "Bob", "field"
    )
    return game, guard, other


@pytest.mark.rules("ga:objects-and-targeting/redirect-1")
def test_redirect_moves_the_target_and_a_refusal_changes_nothing() -> None:
    game, guard, other = _ga_game()
    spell = game.create(
        card("ga", "Ember", "ACTION - MAGE SPELL", "Deal 2 damage to target unit.", reserve=0),
        "Alice",
        "hand",
    )
    ref = cast(game, spell, "Alice", targets=[[guard]])
    before = game.get(ref).stack
    hand_card = game.create(tcgrules.bundled_card("ga", "Spirit of Fire"), "Bob", "hand")
    with pytest.raises(RulesViolation), game.transaction():
        redirect_target(game, ref, "Bob", None, hand_card)  # a card in hand is no unit
    assert game.get(ref).stack == before
    redirect_target(game, ref, "Bob", None, other)
    stack = game.get(ref).stack
    assert stack is not None and stack.targets == ((other,),)


def test_redirect_needs_from_when_there_are_several_targets() -> None:
    game, guard, other = _ga_game()
    spell = game.create(
        card(
            "ga",
            "Twin",
            "ACTION - MAGE SPELL",
            "Deal 1 damage to target unit and 1 damage to another target unit.",
            reserve=0,
        ),
        "Alice",
        "hand",
    )
    ref = cast(game, spell, "Alice", targets=[[guard], [other]])
    with pytest.raises(InputError, match="from"):
        redirect_target(game, ref, "Bob", None, guard)


def test_magic_has_no_redirect_action() -> None:
    game = tcgrules.new_game("mtg", ["Alice", "Bob"])
    bolt = game.create(tcgrules.bundled_card("mtg", "Lightning Bolt"), "Alice", "hand")
    ref = cast(game, bolt, "Alice", targets=[[tcgrules.PlayerRef("Bob")]])
    with pytest.raises(NotSupportedError, match="redirect"):
        redirect_target(game, ref, "Bob", None, tcgrules.PlayerRef("Alice"))
