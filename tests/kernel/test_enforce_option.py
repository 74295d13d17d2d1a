"""The game option that turns on a game's rules for paying costs and for timing
(`enforce:`): checked arguments, kept by copies and rollbacks, and a clear refusal
when a step names what pays while costs are not enforced."""

from __future__ import annotations

import pytest

import tcgrules
from tcgrules.errors import ArgumentError, InputError
from tcgrules.kernel import play


def test_a_game_enforces_nothing_unless_asked() -> None:
    game = tcgrules.new_game("mtg", ["Alice", "Bob"])
    assert game.enforced == frozenset()
    both = tcgrules.new_game("mtg", ["Alice", "Bob"], enforce=["costs", "timing"])
    assert both.enforced == {"costs", "timing"}
    assert both.copy().enforced == {"costs", "timing"}


@pytest.mark.parametrize("bad", ["costs", ["mana"], 3, [None]])
def test_enforce_takes_a_list_of_known_names(bad: object) -> None:
    with pytest.raises(ArgumentError, match="enforce"):
        tcgrules.new_game("mtg", ["Alice", "Bob"], enforce=bad)  # type: ignore[arg-type]


def test_naming_what_pays_without_enforced_costs_is_an_input_error() -> None:
    game = tcgrules.new_game("mtg", ["Alice", "Bob"])
    bolt = game.create(tcgrules.bundled_card("mtg", "Lightning Bolt"), "Alice", "hand")
    land = game.create(
        tcgrules.CardDefinition("mtg", "Mountain", "Basic Land — Mountain"), "Alice", "battlefield"
    )
    before = game.copy()
    with pytest.raises(InputError, match="does not enforce costs"), game.transaction():
        play.cast(game, bolt, "Alice", targets=[[tcgrules.PlayerRef("Bob")]], pay_with=[land])
    assert game == before
