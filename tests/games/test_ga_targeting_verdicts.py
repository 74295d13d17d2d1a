"""Grand Archive targeting answers (task e7): abilities used As a Spell, players as
targets, defenders that gain Stealth, the states descriptions name, and the CLI's
warnings and per-card "not supported" rows."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner
from tests.helpers import card

import tcgrules
from tcgrules.cli import main
from tcgrules.errors import NotSupportedError
from tcgrules.kernel.characteristics import Keyword
from tcgrules.kernel.combat import attack
from tcgrules.kernel.effects import GrantAbilities
from tcgrules.kernel.game import Game
from tcgrules.kernel.objects import ObjectRef, StackInfo
from tcgrules.kernel.play import prospective, targeter_for
from tcgrules.kernel.stack import recheck


def _ga(name: str, type_line: str, text: str = "", **values: int | str) -> tcgrules.CardDefinition:
    return card("ga", name, type_line, text, **values)


def _board() -> tuple[Game, dict[str, ObjectRef]]:
    game = tcgrules.new_game("ga", ["Alice", "Bob"])
    refs = {
        "alice": game.create(
            _ga("Alice Champ", "CHAMPION - WARRIOR", power=2, life=20), "Alice", "field"
        ),
        "bob": game.create(_ga("Bob Champ", "CHAMPION - MAGE", life=20), "Bob", "field"),
        "raider": game.create(_ga("Raider", "ALLY - WARRIOR", power=2, life=2), "Alice", "field"),
        "guard": game.create(_ga("Guard", "ALLY - GUARDIAN", power=1, life=4), "Bob", "field"),
    }
    return game, refs


def _rules(verdict: tcgrules.Verdict) -> set[str]:
    return {str(r.rule) for r in verdict.reasons if not r.passed}


# ------------------------------------------------------------ As a Spell
AS_SPELL = _ga("Spell Charm", "ITEM", "On Enter: As a Spell, deal 1 damage to target unit.", cost=1)
PLAIN = _ga("Plain Charm", "ITEM", "On Enter: Deal 1 damage to target unit.", cost=1)
MIXED = _ga(
    "Two Faced Charm",
    "ITEM",
    "On Enter: As a Spell, deal 1 damage to target unit.\nREST: Deal 1 damage to target unit.",
    cost=1,
)


@pytest.mark.rules("ga:abilities/general-rules-17", "ga:keywords-and-abilities/spellshroud-1")
def test_an_ability_used_as_a_spell_is_stopped_by_spellshroud() -> None:
    game, r = _board()
    game.add_effect(r["guard"], GrantAbilities((Keyword.parse("spellshroud"),)))
    charm = game.create(AS_SPELL, "Alice", "field")
    plain = game.create(PLAIN, "Alice", "field")
    assert r["guard"] not in set(game.legal_targets(charm, by="Alice"))
    verdict = game.explain_target(charm, r["guard"], by="Alice")
    assert not verdict
    assert "ga:keywords-and-abilities/spellshroud-1" in _rules(verdict)
    assert r["guard"] in set(game.legal_targets(plain, by="Alice"))
    assert game.explain_target(plain, r["guard"], by="Alice")


@pytest.mark.rules("ga:abilities/general-rules-17")
def test_only_the_ability_used_as_a_spell_counts_as_one() -> None:
    game, r = _board()
    game.add_effect(r["guard"], GrantAbilities((Keyword.parse("spellshroud"),)))
    charm = game.create(MIXED, "Alice", "field")
    assert not game.explain_target(charm, r["guard"], by="Alice", instance=1)
    assert game.explain_target(charm, r["guard"], by="Alice", instance=2)


@pytest.mark.rules("ga:abilities/general-rules-17", "ga:keywords-and-abilities/spellshroud-2")
def test_an_as_a_spell_ability_on_the_stack_fails_the_recheck_after_spellshroud() -> None:
    game, r = _board()
    charm = game.create(AS_SPELL, "Alice", "field")
    requirements, _ = prospective(game, charm, "Alice")
    ability = game.create(
        _ga("Spell Charm ability", "ITEM"),
        "Alice",
        "effects_stack",
        kind="ability",
        controller="Alice",
        stack=StackInfo(targets=((r["guard"],),), requirements=requirements, source=charm),
    )
    obj = game.get(ability)
    assert recheck(game, obj, targeter_for(game, obj)).legal == ((True,),)
    game.add_effect(r["guard"], GrantAbilities((Keyword.parse("spellshroud"),)))
    assert recheck(game, obj, targeter_for(game, obj)).all_illegal


# ------------------------------------------------------------ players as targets
DRAIN = _ga("Memory Drain", "ACTION - MAGE SPELL", "Target opponent draws a card.", cost=1)


@pytest.mark.rules("ga:objects-and-targeting/target-1", "ga:objects-and-targeting/target-2")
def test_target_opponent_three_answers_agree() -> None:
    game, _ = _board()
    drain = game.create(DRAIN, "Alice", "hand")
    assert [str(p) for p in game.legal_targets(drain, by="Alice")] == ["Bob"]
    bob = game.explain_target(drain, "Bob", by="Alice")
    assert bob and {str(r.rule) for r in bob.reasons} == {"ga:objects-and-targeting/target-1"}
    alice = game.explain_target(drain, "Alice", by="Alice")
    assert not alice
    assert [r.message for r in alice.failures] == [
        "Alice is not an opponent of Alice, the player choosing (“Target opponent”)"
    ]
    assert _rules(alice) == {"ga:objects-and-targeting/target-2"}


# ------------------------------------------------------------ stealth-3
@pytest.mark.rules(
    "ga:keywords-and-abilities/stealth-3",
    "ga:combat-phase-attacking-and-the-combat-phase/general-rules-4.2",
)
def test_a_defender_gaining_stealth_stops_defending() -> None:
    game, r = _board()
    attack(game, r["raider"], "Alice", [r["guard"]])
    assert r["guard"].id in game.defending_ids()
    game.add_effect(r["guard"], GrantAbilities((Keyword.parse("stealth"),)))
    game.check_state()
    assert r["guard"].id not in game.defending_ids()
    assert [e.rule for e in game.events if e.kind == "removed_from_combat"] == [
        tcgrules.rule("ga:keywords-and-abilities/stealth-3")
    ]


@pytest.mark.rules("ga:keywords-and-abilities/true-sight-1.1")
def test_a_defender_gaining_stealth_keeps_defending_against_true_sight() -> None:
    game, r = _board()
    seer = game.create(
        _ga("Seer", "ALLY - WARRIOR", "True Sight", power=2, life=2), "Alice", "field"
    )
    attack(game, seer, "Alice", [r["guard"]])
    game.add_effect(r["guard"], GrantAbilities((Keyword.parse("stealth"),)))
    game.check_state()
    assert r["guard"].id in game.defending_ids()


# ------------------------------------------------------------ states in descriptions
@pytest.mark.rules("ga:game-terms/loaded-3")
def test_unloaded_is_not_known_once_a_card_is_loaded_somewhere() -> None:
    game, _ = _board()
    weapon = game.create(_ga("Rifle", "WEAPON - GUN", power=1, durability=2), "Bob", "field")
    shot = game.create(
        _ga("Load Round", "ACTION - RANGER SKILL", "Destroy target unloaded weapon.", cost=0),
        "Alice",
        "hand",
    )
    assert list(game.legal_targets(shot, by="Alice")) == [weapon]
    game.create(_ga("Round", "ACTION - RANGER SKILL", cost=0), "Bob", "loaded_cards")
    with pytest.raises(NotSupportedError, match="loaded card"):
        list(game.legal_targets(shot, by="Alice"))


@pytest.mark.rules("ga:counters/general-rules-4")
def test_counters_of_a_kind_compare() -> None:
    game, r = _board()
    hexed = _ga(
        "Hex",
        "ACTION - MAGE SPELL",
        "Destroy target ally with three or more wither counters on it.",
        cost=0,
    )
    spell = game.create(hexed, "Alice", "hand")
    assert list(game.legal_targets(spell, by="Alice")) == []
    game.add_counters(r["guard"], "wither", 3, rule_applied=None)
    assert list(game.legal_targets(spell, by="Alice")) == [r["guard"]]


# ------------------------------------------------------------ the CLI
BOARD = """\
game: ga
players: [Alice, Bob]
cards:
  Finish Off:
    {type: ACTION - WARRIOR SKILL, element: NORM, cost: 0, text: "Destroy target damaged ally."}
  Odd Trap:
    type: ACTION - WARRIOR SKILL
    element: NORM
    cost: 0
    text: "Destroy up to three target allies with total reserve cost 4 or less."
  Murky:
    type: ALLY - WARRIOR HUMAN
    element: NORM
    cost: 1
    power: 1
    life: 3
    text: "Allies you control glimmer brightly."
setup:
  Alice:
    field: [Spirit of Fire]
    hand: [Finish Off, Odd Trap]
  Bob:
    field: ["Rai, Spellcrafter", {card: Murky, damage: 1}]
steps: []
"""


@pytest.fixture
def board(tmp_path: Path) -> Path:
    path = tmp_path / "board.yaml"
    path.write_text(BOARD)
    return path


def test_targets_table_prints_every_row_and_names_the_unsupported_card(board: Path) -> None:
    result = CliRunner().invoke(main, ["targets", str(board), "--by", "Alice", "--json"])
    assert result.exit_code == 3, result.output
    rows = json.loads(result.output)
    assert [r["card"] for r in rows] == ["Finish Off", "Odd Trap"]
    assert rows[0]["legal"] == ["Murky"]
    assert "not supported yet" in rows[1]["not_supported"]
    text = CliRunner().invoke(main, ["targets", str(board), "--by", "Alice"])
    assert text.exit_code == 3
    assert "Murky" in text.output and "not supported yet" in text.output


def test_explain_and_targets_warn_about_text_not_understood(board: Path) -> None:
    args = ["explain", str(board), "--card", "Finish Off", "--by", "Alice"]
    text = CliRunner().invoke(main, args)
    assert text.exit_code == 0, text.output
    assert "warning:" in text.output and "'Murky' is not fully understood" in text.output
    rows = json.loads(CliRunner().invoke(main, [*args, "--json"]).output)
    assert rows and all(any("'Murky'" in w for w in r["warnings"]) for r in rows)
    table = CliRunner().invoke(main, ["targets", str(board), "--by", "Alice"])
    assert "'Murky' is not fully understood" in table.output


# ------------------------------------------------------------ GA's words
@pytest.mark.rules("ga:properties-and-states/orientation-1")
def test_narration_says_rested_and_awake() -> None:
    game, r = _board()
    game.set_tapped(r["raider"], True, rule_applied=None)
    game.set_tapped(r["raider"], False, rule_applied=None)
    said = [(e.kind, e.text) for e in game.events if e.kind in {"tapped", "untapped"}]
    assert said == [("tapped", "Raider becomes rested"), ("untapped", "Raider becomes awake")]
    magic = tcgrules.new_game("mtg", ["Alice", "Bob"])
    bear = magic.create(
        card("mtg", "Bear", "Creature - Bear", power=2, toughness=2), "Alice", "battlefield"
    )
    magic.set_tapped(bear, True, rule_applied=None)
    assert [e.text for e in magic.events if e.kind == "tapped"] == ["Bear becomes tapped"]


@pytest.mark.rules("ga:card-types-supertypes/regalia-3")
def test_a_regalia_without_a_cost_in_the_data_has_an_unknown_memory_cost() -> None:
    game, _ = _board()
    kit = game.create(_ga("Tool Kit", "REGALIA ITEM - ACCESSORY"), "Bob", "field")
    grab = game.create(
        _ga("Grab", "ACTION - WARRIOR SKILL", "Destroy target item with memory cost 1 or less."),
        "Alice",
        "hand",
    )
    assert game.characteristics(kit).value("cost_kind") == "memory"
    with pytest.raises(NotSupportedError, match="memory cost of the regalia Tool Kit"):
        list(game.legal_targets(grab, by="Alice"))
    reserve = game.create(
        _ga("Nab", "ACTION - WARRIOR SKILL", "Destroy target item with reserve cost 1 or less."),
        "Alice",
        "hand",
    )
    # a memory cost is never a reserve cost, whatever its number
    verdict = game.explain_target(reserve, kit, by="Alice")
    assert not verdict
    assert [r.message for r in verdict.failures] == [
        "Tool Kit has a memory cost, not a reserve cost (“target item with reserve cost 1 or less”)"
    ]
