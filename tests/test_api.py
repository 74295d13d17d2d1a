"""The public Python API: module examples run, and actions are all-or-nothing."""

from __future__ import annotations

import doctest
from types import ModuleType

import pytest

import tcgrules
import tcgrules.cardtext
import tcgrules.mtg
from tcgrules import mtg
from tcgrules.errors import IllegalTargetError


@pytest.mark.parametrize("module", [tcgrules, tcgrules.mtg, tcgrules.cardtext], ids=str)
def test_module_examples_run(module: ModuleType) -> None:
    result = doctest.testmod(module)
    assert result.attempted > 0 and result.failed == 0


@pytest.mark.rules("mtg:115.3")
def test_a_refused_cast_leaves_the_game_exactly_as_it_was() -> None:
    game = tcgrules.new_game("mtg", ["Alice", "Bob"])
    swelter = game.create(tcgrules.bundled_card("mtg", "Swelter"), "Alice", "hand")
    bear = game.create(tcgrules.bundled_card("mtg", "Runeclaw Bear"), "Bob", "battlefield")
    elves = game.create(tcgrules.bundled_card("mtg", "Llanowar Elves"), "Bob", "battlefield")
    before = game.copy()
    with pytest.raises(IllegalTargetError) as refused:
        mtg.cast(game, swelter, "Alice", targets=[[bear, bear]])
    assert refused.value.verdict.cites(tcgrules.rule("mtg:115.3"))
    assert game == before
    mtg.cast(game, swelter, "Alice", targets=[[bear, elves]])
    mtg.resolve(game)
    assert game.zone("graveyard", "Bob") == (game.current(bear.id).ref, game.current(elves.id).ref)


def test_magic_actions_refuse_other_games() -> None:
    game = tcgrules.new_game("fab", ["Alice", "Bob"])
    with pytest.raises(tcgrules.NotSupportedError, match="Magic actions"):
        mtg.resolve(game)
