"""All-or-nothing actions and cheap, exact copies."""

from __future__ import annotations

import pytest

from tcgrules.carddata.model import CardDefinition
from tcgrules.errors import RulesViolation
from tcgrules.kernel.effects import Modify
from tcgrules.kernel.game import Game
from tcgrules.rules import rule
from tcgrules.verdict import Verdict


def test_a_copy_equals_its_original_and_is_independent(mtg: Game, bear: CardDefinition) -> None:
    ref = mtg.create(bear, "Alice", "battlefield")
    twin = mtg.copy()
    assert twin == mtg
    twin.add_effect(ref, Modify("power", 1))
    twin.move(ref, "graveyard")
    assert twin != mtg
    assert mtg.is_current(ref) and mtg.characteristics(ref).power == 2
    mtg.change_life("Bob", -3, rule_applied=rule("mtg:120.3a"))
    assert twin.player("Bob").life == 20


def test_a_refused_action_leaves_the_game_exactly_as_it_was(
    mtg: Game, bear: CardDefinition
) -> None:
    ref = mtg.create(bear, "Alice", "battlefield")
    before = mtg.copy()
    with pytest.raises(RulesViolation), mtg.transaction():
        mtg.add_effect(ref, Modify("power", 5))
        mtg.move(ref, "exile")
        mtg.change_life("Alice", -7, rule_applied=rule("mtg:120.3a"))
        raise RulesViolation(Verdict.refuse(rule("mtg:115.3"), "not allowed"), "test action")
    assert mtg == before
    assert mtg.is_current(ref) and mtg.characteristics(ref).power == 2
    # and the game still works after a rollback
    mtg.move(ref, "hand")
    assert mtg != before


def test_rules_violation_is_a_value_error_carrying_the_verdict() -> None:
    verdict = Verdict.refuse(rule("mtg:115.5"), "a spell can't target itself")
    err = RulesViolation(verdict, "cast")
    assert isinstance(err, ValueError)
    assert err.verdict.cites(rule("mtg:115"))
    assert "mtg:115.5" in str(err)


@pytest.mark.rules("mtg:514.2")
def test_end_of_turn_ends_effects_and_removes_damage(mtg: Game, bear: CardDefinition) -> None:
    ref = mtg.create(bear, "Alice", "battlefield")
    mtg.add_effect(ref, Modify("power", 3), until="end_of_turn")
    mtg.add_effect(ref, Modify("toughness", 1))
    mtg.mark_damage(ref, 1, rule_applied=rule("mtg:120.3e"))
    mtg.end_turn(cleanup_rule=rule("mtg:514.2"))
    chars = mtg.characteristics(ref)
    assert (chars.power, chars.toughness, mtg.get(ref).damage) == (2, 3, 0)
    assert mtg.active_player == "Bob"
