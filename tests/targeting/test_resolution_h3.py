"""Resolution reads the top of the stack without building the zone, sends a spell
where the ruleset says, and asks whether a damage source has keyword abilities with a
loop: the same results as before on each side of those
choices (mtg:608.2, mtg:608.2n, mtg:120.3)."""

from __future__ import annotations

from dataclasses import replace

import pytest
from tests.helpers import card, new_game

from tcgrules.errors import RulesViolation, UnknownObjectError
from tcgrules.kernel import play
from tcgrules.kernel.characteristics import Keyword
from tcgrules.kernel.effects import GrantAbilities
from tcgrules.kernel.objects import PlayerRef
from tcgrules.kernel.resolution import resolve_top
from tcgrules.kernel.stack import still_legal
from tcgrules.kernel.targeting import check_call

BOLT = "Lightning Bolt deals 3 damage to any target."


def _bolt(game: object, owner: str = "Alice") -> object:
    return game.create(  # type: ignore[attr-defined]
        card("mtg", "Lightning Bolt", "Instant", BOLT, cost="{R}"), owner, "hand"
    )


@pytest.mark.rules("mtg:608.2", "mtg:405.5")
def test_the_top_of_the_stack_is_the_last_object_put_there() -> None:
    game = new_game("mtg")
    assert game.top_of_stack() is None
    with pytest.raises(RulesViolation, match="the stack is empty"):
        resolve_top(game)
    first, second = _bolt(game), _bolt(game)
    play.cast(game, first, "Alice", targets=[[PlayerRef("Bob")]])
    play.cast(game, second, "Alice", targets=[[PlayerRef("Bob")]])
    top = game.top_of_stack()
    assert top is not None and top.ref == game.stack[0] != game.stack[1]
    resolve_top(game)  # the second Bolt resolves first and goes to the graveyard
    assert game.player("Bob").life == 17
    assert [e.kind for e in game.events][-2:] == ["resolved", "moved"]
    top = game.top_of_stack()
    assert top is not None and top.ref == game.stack[0]
    resolve_top(game)
    assert game.top_of_stack() is None
    assert game.player("Bob").life == 14


@pytest.mark.rules("mtg:120.3e", "mtg:702.15b")
@pytest.mark.parametrize("lifelink", [False, True])
def test_a_keyword_after_the_spell_ability_is_found(lifelink: bool) -> None:
    """The spell's own ability comes first; a lifelink granted after it is still seen."""
    game = new_game("mtg")
    bear = game.create(
        card("mtg", "Bear", "Creature — Bear", cost="{1}{G}", power=2, toughness=2),
        "Bob",
        "battlefield",
    )
    bolt = _bolt(game)
    play.cast(game, bolt, "Alice", targets=[[bear]])
    if lifelink:
        game.add_effect(game.stack[0], GrantAbilities((Keyword("lifelink"),)))
    resolve_top(game)
    assert game.get(bear).damage == 3
    assert game.player("Alice").life == (23 if lifelink else 20)


def test_still_legal_tells_an_unknown_controller_as_before() -> None:
    """The check still_legal makes per instance is the one check_call makes: an
    unknown player is refused with the same error."""
    game = new_game("mtg")
    bolt = _bolt(game)
    play.cast(game, bolt, "Alice", targets=[[PlayerRef("Bob")]])
    spell = game.get(game.stack[0])
    stranger = replace(play.targeter_for(game, spell), controller="Carol")
    with pytest.raises(UnknownObjectError) as by_check_call:
        check_call(game, spell.stack.requirements, 0, stranger)  # type: ignore[union-attr]
    with pytest.raises(UnknownObjectError) as by_still_legal:
        still_legal(game, spell, stranger)
    assert str(by_still_legal.value) == str(by_check_call.value)
    assert still_legal(game, spell, play.targeter_for(game, spell))
