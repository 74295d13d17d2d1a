"""The command line: run (examples), explain, targets, rules."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from tcgrules.cli import main

SCENARIOS = Path(__file__).parent / "scenarios"
ARC_TRAIL = """\
game: mtg
players: [Alice, Bob]
setup:
  Alice:
    hand: [Arc Trail, Murder]
  Bob:
    battlefield: [Runeclaw Bear, Gladecover Scout]
steps:
  - cast: Arc Trail
    by: Alice
    targets: [[Runeclaw Bear], [Bob]]
"""


@pytest.fixture
def arc_trail(tmp_path: Path) -> Path:
    path = tmp_path / "arc.yaml"
    path.write_text(ARC_TRAIL)
    return path


def test_run_examples_passes_and_prints_the_summary_line() -> None:
    result = CliRunner().invoke(main, ["run", "--examples"])
    assert result.exit_code == 0, result.output
    last = result.output.strip().splitlines()[-1]
    assert last.endswith(" unsupported") and " passed, 0 failed, " in last


@pytest.mark.rules("mtg:702.11b")
def test_explain_gives_every_candidate_with_rules(arc_trail: Path) -> None:
    result = CliRunner().invoke(
        main, ["explain", str(arc_trail), "--card", "Murder", "--by", "Alice", "--json", "--all"]
    )
    assert result.exit_code == 0, result.output
    rows = json.loads(result.output)
    verdicts = {row["candidate"]: row for row in rows}
    assert verdicts["Runeclaw Bear"]["legal"] is True
    scout = verdicts["Gladecover Scout"]
    assert scout["legal"] is False
    assert any(r["rule"] == "mtg:702.11b" and not r["passed"] for r in scout["reasons"])
    assert verdicts["Bob"]["legal"] is False


def test_explain_before_a_step(arc_trail: Path) -> None:
    before = CliRunner().invoke(
        main, ["explain", str(arc_trail), "--card", "Arc Trail", "--step", "1", "--json"]
    )
    assert before.exit_code == 0, before.output
    assert {r["instance"] for r in json.loads(before.output)} == {1, 2}


def test_targets_table_lists_each_card_in_hand(arc_trail: Path) -> None:
    result = CliRunner().invoke(main, ["targets", str(arc_trail), "--step", "1", "--json"])
    assert result.exit_code == 0, result.output
    table = {(row["card"], row["instance"]): row["legal"] for row in json.loads(result.output)}
    assert set(table[("Murder", 1)]) == {"Runeclaw Bear"}  # Gladecover Scout has hexproof
    assert "Bob" in table[("Arc Trail", 2)]


def test_explain_unknown_card_is_malformed_input(arc_trail: Path) -> None:
    result = CliRunner().invoke(main, ["explain", str(arc_trail), "--card", "Nope"])
    assert result.exit_code == 2
    assert "Nope" in result.output


def test_rules_coverage_for_mtg_has_nothing_left_to_do() -> None:
    result = CliRunner().invoke(main, ["rules", "--coverage", "--game", "mtg", "--json"])
    assert result.exit_code == 0, result.output
    report = json.loads(result.output)
    rows = report["rows"] if isinstance(report, dict) else report
    assert rows
    assert all(row["status"] in {"covered", "out_of_scope"} for row in rows), [
        row["ref"] for row in rows if row["status"] == "not_yet"
    ]


def test_explain_defaults_to_before_the_first_action_and_says_so(arc_trail: Path) -> None:
    result = CliRunner().invoke(main, ["explain", str(arc_trail), "--card", "Arc Trail"])
    assert result.exit_code == 0, result.output
    first = result.output.splitlines()[0]
    assert first.startswith("the game before step 1 (line ")
    # Arc Trail is still in hand there, so its targets are on the battlefield and players
    assert "legal   Runeclaw Bear (battlefield)" in result.output


def test_a_step_out_of_range_is_refused(arc_trail: Path) -> None:
    for command in (["explain", "--card", "Arc Trail"], ["targets"]):
        result = CliRunner().invoke(
            main, [command[0], str(arc_trail), *command[1:], "--step", "99"]
        )
        assert result.exit_code == 2
        assert "--step 99 is out of range" in result.output


def test_explain_lists_only_candidates_the_phrase_can_reach_unless_all(arc_trail: Path) -> None:
    args = ["explain", str(arc_trail), "--card", "Murder", "--by", "Alice", "--json"]
    reachable = {r["candidate"] for r in json.loads(CliRunner().invoke(main, args).output)}
    everything = {
        r["candidate"] for r in json.loads(CliRunner().invoke(main, [*args, "--all"]).output)
    }
    assert "Arc Trail" not in reachable  # a card in hand: "target creature" never looks there
    assert "Arc Trail" in everything
    assert "Runeclaw Bear" in reachable


def test_long_reasons_never_break_before_their_rule(arc_trail: Path) -> None:
    result = CliRunner().invoke(
        main, ["explain", str(arc_trail), "--card", "Murder", "--by", "Alice"], terminal_width=40
    )
    for line in result.output.splitlines():
        if "(mtg:" in line:
            assert line.rstrip().endswith(")"), line
