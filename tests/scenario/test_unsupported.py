"""Issue #14: "not supported" is its own outcome, and unreadable card text is flagged.

A step that needs a feature tcgrules does not have yet is not a failure (the rules
were not asked) and not a pass: the file stops there, counts as unsupported in the
closing line ``N passed, N failed, N unsupported``, and ``tcgrules run`` exits 3
when nothing failed. A card defined in the file whose text is not fully read is
reported when the file loads, located at its ``text:``.
"""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from tcgrules.cli import main
from tcgrules.scenario.results import EXIT_UNSUPPORTED, Outcome, ScenarioResult, exit_code

UNSUPPORTED = """\
game: mtg
title: a step tcgrules can't do yet stops the file
players: [Alice, Bob]
cards:
  Odd Spell:
    type: Sorcery
    cost: "{1}{U}"
    text: "Exchange your life total with target player's hand size."
setup:
  Alice: {hand: [Odd Spell]}
steps:
  - cast: Odd Spell
    by: Alice
    targets: [[Bob]]
  - resolve: 1
  - expect: {life: {Bob: 1}}
"""

PASSING = """\
game: mtg
title: fine
players: [Alice, Bob]
setup:
  Bob: {battlefield: [Runeclaw Bear]}
steps:
  - expect: {zone: {Runeclaw Bear: battlefield}}
"""


def _run(tmp_path: Path, *texts: str, json_out: bool = False) -> tuple[int, str]:
    paths = []
    for i, text in enumerate(texts):
        path = tmp_path / f"s{i}.yaml"
        path.write_text(text)
        paths.append(str(path))
    result = CliRunner().invoke(main, ["run", *paths, *(["--json"] if json_out else [])])
    return result.exit_code, result.output


def test_an_unsupported_step_stops_the_file_and_is_counted_apart(tmp_path: Path) -> None:
    code, output = _run(tmp_path, UNSUPPORTED, PASSING)
    assert code == EXIT_UNSUPPORTED == 3
    assert output.rstrip().splitlines()[-1] == "1 passed, 0 failed, 1 unsupported"
    assert "UNSUPPORTED: not supported yet" in output
    # the expectation after the unsupported step was never checked (no cascade of failures)
    assert "FAILED" not in output and "expected" not in output


def test_unsupported_in_json(tmp_path: Path) -> None:
    code, output = _run(tmp_path, UNSUPPORTED, json_out=True)
    data = json.loads(output)
    assert code == 3
    assert (data["passed"], data["failed"], data["unsupported"]) == (0, 0, 1)
    (scenario,) = data["scenarios"]
    assert scenario["outcome"] == "unsupported"
    assert [s["action"] for s in scenario["steps"]] == ["cast", "resolve"]
    assert scenario["steps"][-1]["unsupported"].startswith("not supported yet")


def test_a_failure_outranks_unsupported() -> None:
    failed = ScenarioResult(path="a.yaml")
    failed.add_step(0, 3, "expect").fail("nope")
    stopped = ScenarioResult(path="b.yaml")
    stopped.add_step(0, 3, "resolve").unsupported = "not supported yet: X"
    assert stopped.outcome is Outcome.UNSUPPORTED and failed.outcome is Outcome.FAILED
    assert exit_code([stopped]) == 3
    assert exit_code([stopped, failed]) == 1
    both = ScenarioResult(path="c.yaml")
    both.add_step(0, 3, "expect").fail("nope")
    both.add_step(1, 4, "resolve").unsupported = "not supported yet: X"
    assert both.outcome is Outcome.FAILED
    assert both.problems == ["nope", "not supported yet: X"]


def test_a_card_not_fully_read_is_flagged_at_its_line(tmp_path: Path) -> None:
    text = PASSING.replace(
        "setup:",
        'cards:\n  Frob:\n    type: Instant\n    text: "Frobnicate target wombat twice."\nsetup:',
    )
    code, output = _run(tmp_path, text)
    assert code == 0
    warning = next(line for line in output.splitlines() if "warning:" in line)
    assert "s0.yaml:7:" in warning and "'Frob' is not fully understood" in warning
    assert "target wombat twice" in warning
