"""A shield lasting "until your next turn" (mtg:611.2a) ends as that player's next turn
begins, not when the current turn ends; it must name that player."""

from __future__ import annotations

import pytest
from tests.helpers import new_game

from tcgrules.errors import InputError
from tcgrules.kernel.objects import PlayerRef


@pytest.mark.rules("mtg:611.2a")
def test_a_shield_until_alices_next_turn_lasts_through_bobs_turn() -> None:
    game = new_game()
    assert game.active_player == "Alice"
    shield = game.add_shield(PlayerRef("Bob"), "guard", until="until_next_turn", holder="Alice")
    game.end_turn()  # Bob's turn begins: still there
    assert game.active_player == "Bob"
    assert shield.id in {s.id for s in game.shields()}
    game.end_turn()  # Alice's next turn begins: gone
    assert shield.id not in {s.id for s in game.shields()}


def test_a_shield_until_a_next_turn_needs_its_player() -> None:
    game = new_game()
    with pytest.raises(InputError):
        game.add_shield(PlayerRef("Bob"), "guard", until="until_next_turn")
