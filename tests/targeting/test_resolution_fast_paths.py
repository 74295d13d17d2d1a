"""The short cuts of resolution take the same decisions as the full path, on both sides
of each guard: every target still legal (one boolean per target, no re-check record,
:func:`~tcgrules.kernel.stack.still_legal`) or one of them illegal now, or an instance
whose targets are judged together, left to the full re-check (mtg:608.2b)."""

from __future__ import annotations

import pytest
from tests.helpers import card, new_game

from tcgrules.games.magic.text import parse_magic
from tcgrules.kernel import play
from tcgrules.kernel.characteristics import Keyword
from tcgrules.kernel.effects import GrantAbilities
from tcgrules.kernel.objects import StackInfo
from tcgrules.kernel.resolution import resolve_top
from tcgrules.kernel.stack import recheck, still_legal

BOLT = "Lightning Bolt deals 3 damage to any target."


def _bolted(hexproof_after: bool) -> tuple[object, ...]:
    """Alice's Lightning Bolt on the stack, targeting Bob's 2/2 bear; the bear gains
    hexproof after it was targeted when ``hexproof_after``."""
    game = new_game("mtg")
    bear = game.create(
        card("mtg", "Bear", "Creature — Bear", cost="{1}{G}", power=2, toughness=2),
        "Bob",
        "battlefield",
    )
    bolt = game.create(card("mtg", "Lightning Bolt", "Instant", BOLT, cost="{R}"), "Alice", "hand")
    play.cast(game, bolt, "Alice", targets=[[bear]])
    if hexproof_after:
        game.add_effect(bear, GrantAbilities((Keyword("hexproof"),)))
    return game, bear


@pytest.mark.rules("mtg:608.2b")
@pytest.mark.parametrize("hexproof_after", [False, True])
def test_still_legal_is_the_recheck_finding_every_target_legal(hexproof_after: bool) -> None:
    game, _ = _bolted(hexproof_after)
    spell = game.get(game.stack[0])
    targeter = play.targeter_for(game, spell)
    checked = recheck(game, spell, targeter)
    assert still_legal(game, spell, targeter) == all(map(all, checked.legal))
    assert checked.legal == ((not hexproof_after,),)


@pytest.mark.rules("mtg:608.2b", "mtg:120.3e")
def test_a_legal_target_is_dealt_damage_an_illegal_one_makes_it_not_resolve() -> None:
    game, bear = _bolted(hexproof_after=False)
    resolve_top(game)
    assert game.get(bear).damage == 3
    assert [e.kind for e in game.events][-3:] == ["damage", "resolved", "moved"]
    assert [e.text for e in game.events if e.kind == "damage"] == [
        "Bear is dealt 3 damage from Lightning Bolt"
    ]
    game, bear = _bolted(hexproof_after=True)
    resolve_top(game)
    assert game.get(bear).damage == 0
    kinds = [e.kind for e in game.events]
    assert "target_illegal" in kinds
    assert "did_not_resolve" in kinds
    assert "damage" not in kinds
    assert "resolved" not in kinds


@pytest.mark.rules("mtg:608.2b", "mtg:601.2c")
def test_targets_judged_together_are_left_to_the_full_recheck() -> None:
    """An instance whose targets must "share no creature types" is not answered by the
    short cut: the full re-check judges each against the others as they are now."""
    game = new_game("mtg")
    text = "Choose two target creatures that share no creature types."
    parsed = parse_magic(text, "Rivals' Duel", "Sorcery")
    requirements = tuple(r for a in parsed.abilities for r in a.requirements)
    bear, elf = (
        game.create(
            card("mtg", name, f"Creature — {name}", cost="{G}", power=1, toughness=1),
            "Bob",
            "battlefield",
        )
        for name in ("Bear", "Elf")
    )
    spell = game.create(
        card("mtg", "Rivals' Duel", "Sorcery", text),
        "Alice",
        "stack",
        stack=StackInfo(targets=((bear, elf),), requirements=requirements),
    )
    obj = game.get(spell)
    targeter = play.targeter_for(game, obj)
    assert not still_legal(game, obj, targeter)
    assert recheck(game, obj, targeter).legal == ((True, True),)
