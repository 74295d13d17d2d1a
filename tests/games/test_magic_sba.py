"""Magic's state-based actions of attachments and draws, phasing with attachments, and
the ward trigger's narration (mtg:704.5b, 704.5m, 704.5n, 704.5p, 702.26g, 702.21a)."""

from __future__ import annotations

from pathlib import Path

import pytest
from tests.helpers import card, new_game

from tcgrules.errors import RulesViolation
from tcgrules.games.magic.effects import draw
from tcgrules.kernel.effects import ChangeSet
from tcgrules.kernel.objects import PlayerRef
from tcgrules.rules import rule
from tcgrules.scenario.cli import run_one

AURA = card("mtg", "Arcane Gift", "Enchantment — Aura", "Enchant creature", cost="{U}")
BEAR = card("mtg", "Runeclaw Bear", "Creature — Bear", "", cost="{1}{G}", power=2, toughness=2)
SPEAR = card("mtg", "Spear", "Artifact — Equipment", "Equip {1}", cost="{1}")
SCENARIOS = Path(__file__).parent.parent / "scenarios" / "mtg"


@pytest.mark.rules("mtg:704.5m")
def test_an_aura_attached_to_nothing_goes_to_the_graveyard() -> None:
    game = new_game()
    aura = game.create(AURA, "Alice", "battlefield")
    game.check_state()
    assert game.current(aura.id).zone.name == "graveyard"


@pytest.mark.rules("mtg:303.4d")
def test_an_aura_that_becomes_a_creature_goes_to_the_graveyard() -> None:
    game = new_game()
    bear = game.create(BEAR, "Alice", "battlefield")
    aura = game.create(AURA, "Alice", "battlefield")
    game.attach(aura, bear, rule_applied=None)
    game.check_state()
    assert game.current(aura.id).zone.name == "battlefield"
    game.add_effect(aura, ChangeSet("types", "add", frozenset({"creature"})))
    game.check_state()
    assert game.current(aura.id).zone.name == "graveyard"


@pytest.mark.rules("mtg:704.5n")
def test_an_equipment_attached_to_a_player_becomes_unattached_and_stays() -> None:
    game = new_game()
    spear = game.create(SPEAR, "Alice", "battlefield")
    game.attach(spear, PlayerRef("Bob"), rule_applied=None)
    game.check_state()
    obj = game.current(spear.id)
    assert obj.zone.name == "battlefield" and obj.attached_to is None


@pytest.mark.rules("mtg:704.5p", "mtg:301.5c")
def test_a_creature_attached_to_something_becomes_unattached() -> None:
    game = new_game()
    bear = game.create(BEAR, "Alice", "battlefield")
    other = game.create(BEAR, "Alice", "battlefield")
    game.attach(other, bear, rule_applied=None)
    game.check_state()
    assert game.current(other.id).attached_to is None
    assert game.current(other.id).zone.name == "battlefield"


@pytest.mark.rules("mtg:704.5n", "mtg:301.5c")
def test_an_equipment_whose_creature_left_becomes_unattached() -> None:
    game = new_game()
    bear = game.create(BEAR, "Alice", "battlefield")
    spear = game.create(SPEAR, "Alice", "battlefield")
    game.attach(spear, bear, rule_applied=None)
    game.check_state()
    game.move(bear, "graveyard")
    game.check_state()
    assert game.current(spear.id).attached_to is None


@pytest.mark.rules("mtg:704.5b", "mtg:121.4")
def test_a_failed_draw_loses_once_and_is_forgotten() -> None:
    game = new_game()
    draw(game, "Alice", 1)
    assert game.player("Alice").failed_draw and not game.player("Alice").lost
    game.check_state()
    state = game.player("Alice")
    assert state.lost and not state.failed_draw
    assert not game.player("Bob").lost


@pytest.mark.rules("mtg:702.26g")
def test_an_indirectly_phased_out_aura_does_not_phase_in_alone() -> None:
    game = new_game()
    bear = game.create(BEAR, "Alice", "battlefield")
    aura = game.create(AURA, "Alice", "battlefield")
    game.attach(aura, bear, rule_applied=None)
    game.ruleset.phase(game, bear, True)
    assert game.get(aura).phased_out and game.get(aura).phased_indirectly
    before = game.copy()
    with pytest.raises(RulesViolation) as refused, game.transaction():
        game.ruleset.phase(game, aura, False)
    assert refused.value.verdict.cites(rule("mtg:702.26g"))
    assert game == before
    game.ruleset.phase(game, bear, False)
    assert not game.get(aura).phased_out and game.get(aura).attached_to == bear
    # once in, it may phase out directly; then it phases in by itself
    game.ruleset.phase(game, aura, True)
    assert not game.get(aura).phased_indirectly
    game.ruleset.phase(game, aura, False)
    assert not game.get(aura).phased_out


@pytest.mark.rules("mtg:702.21a")
def test_a_countered_ability_is_narrated_countered_once() -> None:
    result = run_one(SCENARIOS / "702.21a-ward-sacrifice-cost-unpaid.yaml")
    lines = [line.text for step in result.steps for line in step.narration]
    assert sum("is countered" in text for text in lines) == 1
    assert not any("ward of" in text for text in lines)
