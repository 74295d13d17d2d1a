"""Game.check_state looks, in each pass after the first, only at the objects the pass
before changed (mtg:704.3), and at every object changed since the last check when a
change reached every object's characteristics (a permanent whose static ability gives
others +1/+1 left the battlefield)."""

from __future__ import annotations

import pytest
from tests.helpers import card, new_game

from tcgrules.kernel.game import Game
from tcgrules.kernel.objects import ObjectRef

WRAITH = "As long as two or more cards are in your graveyard, this creature gets -1/-1."


def _bear(game: Game, name: str, toughness: int = 2) -> ObjectRef:
    return game.create(
        card("mtg", name, "Creature — Bear", power=2, toughness=toughness), "Alice", "battlefield"
    )


def _passes(game: Game, monkeypatch: pytest.MonkeyPatch) -> list[list[str]]:
    """The names of the objects each pass of the next check looks at."""
    looked: list[list[str]] = []
    kind = type(game.ruleset)
    original = kind.state_based_actions

    def spy(self: object, g: Game) -> bool:
        looked.append([o.label for o in g.touched()])
        return original(g.ruleset, g)

    monkeypatch.setattr(kind, "state_based_actions", spy)
    return looked


def test_a_later_pass_looks_only_at_what_the_pass_before_changed(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The fast path: the dying bear is moved in the first pass, so the second looks at
    it alone, not again at the bear that survived (nothing changed it)."""
    game = new_game("mtg")
    doomed, hurt = _bear(game, "Doomed"), _bear(game, "Hurt", toughness=3)
    game.check_state()
    game.mark_damage(doomed, 2, rule_applied=None)
    game.mark_damage(hurt, 2, rule_applied=None)
    looked = _passes(game, monkeypatch)
    game.check_state()
    assert looked == [["Doomed", "Hurt"], ["Doomed"]]
    assert not game.is_current(doomed)
    assert game.is_current(hurt)
    assert game.touched() == []
    assert [e.text for e in game.events.since(len(game.events) - 1)] == ["Doomed dies"]


def test_after_a_change_that_reaches_every_object_a_pass_looks_at_all_changed(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The fallback: the bear that dies in the first pass is the second card in Alice's
    graveyard, so the wraith gets -1/-1 (a condition checked at every moment,
    mtg:611.3a) though that pass did not change it; the second pass looks at it again,
    and it dies (mtg:704.5f)."""
    game = new_game("mtg")
    wraith = game.create(
        card("mtg", "Wraith", "Creature — Wraith", WRAITH, power=2, toughness=1),
        "Alice",
        "battlefield",
    )
    bear = _bear(game, "Bear")
    game.create(card("mtg", "Dead", "Creature — Bear", power=1), "Alice", "graveyard")
    game.check_state()
    game.set_tapped(wraith, True, rule_applied=None)
    game.mark_damage(bear, 2, rule_applied=None)
    looked = _passes(game, monkeypatch)
    game.check_state()
    assert looked == [["Wraith", "Bear"], ["Wraith", "Bear"], ["Wraith", "Bear"]]
    assert not game.is_current(wraith)
    assert not game.is_current(bear)
    died = [e.text for e in game.events if e.kind == "died"]
    assert died == ["Bear dies", "Wraith dies"]
    assert game.touched() == []
