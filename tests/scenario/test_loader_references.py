"""Malformed scenario input the loader and runner report, located, in every game: a `by:`
naming no player, rules of another game or outside the catalog, a mistyped action key,
card values a card can't print, zones the game doesn't have (exit 2, never exit 1)."""

from __future__ import annotations

import pytest

from tcgrules.errors import ScenarioError
from tcgrules.scenario.cli import run_text
from tcgrules.scenario.loader import ScenarioValidationError, parse_scenario
from tcgrules.scenario.results import Outcome, exit_code

FAB_HEAD = """\
game: fab
players: [Alice, Bob]
setup:
  Alice: {hero: Dorinthea Ironsong, hand: ["Snatch (red)"]}
  Bob: {hero: "Kano, Dracai of Aether"}
"""


def _problems(text: str) -> list[ScenarioError]:
    with pytest.raises(ScenarioValidationError) as info:
        parse_scenario(text, "t.yaml")
    return list(info.value.errors)


def _malformed(text: str) -> str:
    """Run ``text``; it must be a malformed file (exit 2); its error message."""
    result = run_text(text, "t.yaml")
    assert result.outcome is Outcome.MALFORMED, result.error
    assert exit_code([result]) == 2
    assert result.error is not None
    return result.error


def test_by_must_name_a_player_in_every_step() -> None:
    text = FAB_HEAD + (
        "steps:\n"
        "  - play: Snatch\n"
        "    by: Carol\n"
        "  - expect:\n"
        "      legal_targets: {card: Snatch, by: Carl, instance: 1, equals: []}\n"
    )
    problems = _problems(text)
    assert [(p.path, p.line) for p in problems] == [
        ("$.steps[0].by", 8),
        ("$.steps[1].expect.legal_targets[0].by", 10),
    ]
    assert "unknown player 'Carol'" in problems[0].message
    assert problems[0].expected == "one of Alice, Bob"


def test_rule_references_of_another_game_are_errors_and_unknown_numbers_warnings() -> None:
    text = (
        "game: fab\nrules: [fab:99.9, mtg:115.3, fab:1.1.2b]\nplayers: [Alice, Bob]\n"
        "steps:\n  - pass: true\n    rejected: mtg:115.3\n"
    )
    problems = _problems(text)
    assert [(p.path, p.line, p.column) for p in problems] == [
        ("$.rules[1]", 2, 19),
        ("$.steps[0].rejected", 6, 15),
    ]
    assert "mtg:115.3 is a rule of another game" in problems[0].message
    # a number the catalog lacks may still be a real rule (the catalog lists the rules
    # tcgrules cites): the file runs, with a warning
    result = run_text("game: fab\nrules: [fab:99.9, fab:1.1.2b]\nplayers: [Alice, Bob]\n", "t")
    assert result.outcome is not Outcome.MALFORMED
    assert [w for w in result.warnings if "fab:99.9" in w]
    assert not [w for w in result.warnings if "fab:1.1.2b" in w]


def test_seed_statements_and_rules_beside_catalogued_ones_are_references() -> None:
    scenario = parse_scenario(
        "game: mtg\nrules: [mtg:wiki/target/any-target, mtg:603.3]\nplayers: [A, B]\n",
        "t.yaml",
    )
    assert [str(r) for r in scenario.rules] == ["mtg:wiki/target/any-target", "mtg:603.3"]
    # a real rule the catalog does not list, in a section it has rules of (fab:8.1.8a)
    fab = parse_scenario("game: fab\nrules: [fab:8.1.3b]\nplayers: [A, B]\n", "t.yaml")
    assert [str(r) for r in fab.rules] == ["fab:8.1.3b"]
    ga = run_text("game: ga\nrules: [ga:nowhere/x-1]\nplayers: [A, B]\n", "t.yaml")
    assert [w for w in ga.warnings if "ga:nowhere/x-1" in w]


def test_mistyped_action_key_says_did_you_mean_and_all_problems_come_together() -> None:
    text = FAB_HEAD + (
        "steps:\n  - attak: Snatch\n    by: Alice\n  - play: Snatch\n    tragets: [Bob]\n"
    )
    problems = _problems(text)
    assert [p.path for p in problems] == ["$.steps[0].attak", "$.steps[1].tragets"]
    assert "did you mean 'attack'?" in problems[0].message
    assert (problems[0].line, problems[0].column) == (7, 5)


@pytest.mark.parametrize(
    ("game", "card", "where", "fragment"),
    [
        ("fab", '{type: Generic Action - Attack, defense: "forty"}', "defense", "'forty'"),
        ("fab", "{type: Generic Action, cost: abc}", "cost", "'abc'"),
        ("fab", "{type: Generic Action - Attack, power: -2}", "power", "fab:2.0.3c"),
        ("fab", "{type: Generic Action - Attack, intellect: -1}", "intellect", "fab:2.0.3c"),
        ("fab", "{type: Generic Action, pitch: 7}", "pitch", "fab:2.8.2"),
        ("fab", "{type: Wizzard Acton}", "type", "did you mean 'wizard'?"),
        ("ga", "{type: ALLY, speed: warp}", "speed", "fast or slow"),
        ("ga", "{type: ACTION, cost: {reserve: abc}}", "cost", "'abc'"),
        ("mtg", '{type: Creature, power: "forty"}', "power", "'forty'"),
    ],
)
def test_card_values_a_card_cannot_print_are_malformed(
    game: str, card: str, where: str, fragment: str
) -> None:
    text = f"game: {game}\nplayers: [A, B]\ncards:\n  Odd Card: {card}\n"
    error = _malformed(text)
    assert error.startswith("t.yaml:4:")  # located at the card's line, with a column
    assert f"$.cards['Odd Card'].{where}" in error
    assert fragment in error


def test_unknown_zone_lists_only_the_games_zones_and_fab_has_no_exile() -> None:
    problems = _problems(
        "game: fab\nplayers: [A, B]\nsetup:\n  A:\n    hero: Dorinthea Ironsong\n"
        "    exile: [Snatch]\n"
    )
    (problem,) = problems
    assert problem.message == "unknown fab zone 'exile'"
    assert problem.expected is not None
    assert "banished" in problem.expected
    assert "exile" not in problem.expected and "life" not in problem.expected
    assert "banishment" not in problem.expected  # Grand Archive's word, not FaB's
    mistyped = _problems("game: fab\nplayers: [A, B]\nsetup:\n  A:\n    graveyrad: [Snatch]\n")
    assert "did you mean 'graveyard'?" in mistyped[0].message


def test_pitch_version_names_work_in_steps_as_in_setup() -> None:
    text = (
        "game: fab\nplayers: [Alice, Bob]\nsetup:\n"
        '  Alice: {hero: Dorinthea Ironsong, hand: ["Snatch (red)", "Snatch (blue)"]}\n'
        '  Bob: {hero: "Kano, Dracai of Aether"}\n'
        "steps:\n"
        '  - do: {move: {"Snatch (blue)": graveyard}}\n'
        "  - expect:\n"
        '      zone: {"Snatch (blue)": graveyard, "Snatch (red)": hand}\n'
        '      properties: {"Snatch (blue)": {pitch: 3}}\n'
    )
    result = run_text(text, "t.yaml")
    assert result.outcome is Outcome.PASSED, result.error or result.failures
