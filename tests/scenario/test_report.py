"""`tcgrules run`: narration, the summary line, --json and the exit codes (0 / 1 / 2).

The runner is replaced by a fake here, so these tests check only the command
and the report, not the rules.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest
from click.testing import CliRunner

from tcgrules.cli import main
from tcgrules.scenario import cli as scenario_cli
from tcgrules.scenario.results import NarrationLine, ScenarioResult, exit_code, summarize
from tcgrules.scenario.schema import ExpectStep, Scenario

FIXTURES = Path(__file__).parent / "fixtures"
VALID = FIXTURES / "valid"
CONTRACT = VALID / "contract_example.yaml"
MALFORMED = FIXTURES / "malformed" / "wrong_type.yaml"


def fake_run(scenario: Scenario) -> ScenarioResult:
    """Narrates each step; an expect step fails when the title contains 'FAIL'."""
    result = ScenarioResult(path=scenario.source, title=scenario.title, game=scenario.game)
    for index, step in enumerate(scenario.steps):
        outcome = result.add_step(index, step.line, step.action, step.describe())
        outcome.say(f"did {step.action}", "mtg:601.2")
        if isinstance(step, ExpectStep) and "FAIL" in (scenario.title or ""):
            outcome.fail("life of Bob: expected 19, got 20")
    return result


@pytest.fixture
def use_fake_runner(monkeypatch: pytest.MonkeyPatch) -> None:
    runner: Callable[[Scenario], ScenarioResult] = fake_run
    monkeypatch.setattr(scenario_cli, "_runner", lambda: runner)


def _invoke(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(main, ["run", *args])
    return result.exit_code, result.output


@pytest.mark.usefixtures("use_fake_runner")
def test_a_passing_file_narrates_and_exits_0() -> None:
    code, output = _invoke(str(CONTRACT))
    assert code == 0
    assert "Arc Trail needs two different targets" in output
    assert "line 20" in output
    assert "did cast [mtg:601.2]" in output
    assert output.rstrip().splitlines()[-1] == "1 passed, 0 failed, 0 unsupported"
    assert "\x1b[" not in output  # not a terminal: plain text


@pytest.mark.usefixtures("use_fake_runner")
def test_a_failed_expectation_exits_1(tmp_path: Path) -> None:
    failing = tmp_path / "failing.yaml"
    failing.write_text(CONTRACT.read_text().replace("title: Arc", "title: FAIL Arc"))
    code, output = _invoke(str(CONTRACT), str(failing))
    assert code == 1
    assert "FAILED: life of Bob: expected 19, got 20" in output
    assert output.rstrip().splitlines()[-1] == "1 passed, 1 failed, 0 unsupported"


@pytest.mark.usefixtures("use_fake_runner")
def test_a_malformed_file_exits_2_with_its_location() -> None:
    code, output = _invoke(str(CONTRACT), str(MALFORMED))
    assert code == 2
    assert "wrong_type.yaml:7:14 $.steps[1].resolve" in output
    assert "expected an integer" in output
    assert output.rstrip().splitlines()[-1] == "1 passed, 1 failed, 0 unsupported"


@pytest.mark.usefixtures("use_fake_runner")
def test_quiet_prints_only_failures_and_the_summary() -> None:
    code, output = _invoke("--quiet", str(CONTRACT))
    assert code == 0
    assert output.strip() == "1 passed, 0 failed, 0 unsupported"


@pytest.mark.usefixtures("use_fake_runner")
def test_json_output() -> None:
    code, output = _invoke("--json", str(CONTRACT), str(MALFORMED))
    assert code == 2
    data = json.loads(output)
    assert (data["passed"], data["failed"], data["malformed"]) == (1, 1, 1)
    passed, malformed = data["scenarios"]
    assert passed["outcome"] == "passed"
    assert passed["game"] == "mtg"
    assert passed["steps"][0]["narration"][0] == {"text": "did cast", "rules": ["mtg:601.2"]}
    assert passed["steps"][0]["line"] == 20
    assert malformed["outcome"] == "malformed"
    assert malformed["error_details"][0]["path"] == "$.steps[1].resolve"
    assert malformed["error_details"][0]["line"] == 7


@pytest.mark.usefixtures("use_fake_runner")
def test_a_directory_runs_every_file() -> None:
    code, output = _invoke(str(VALID))
    assert code == 0
    count = len(list(VALID.glob("*.yaml")))
    assert output.rstrip().splitlines()[-1] == f"{count} passed, 0 failed, 0 unsupported"


def test_runner_errors_are_reported(monkeypatch: pytest.MonkeyPatch) -> None:
    from tcgrules.errors import ScenarioError

    def ambiguous(scenario: Scenario) -> ScenarioResult:
        raise ScenarioError("'Runeclaw Bear' is ambiguous", source=scenario.source, line=27)

    monkeypatch.setattr(scenario_cli, "_runner", lambda: ambiguous)
    code, output = _invoke(str(CONTRACT))
    assert code == 2
    assert "ambiguous" in output

    def broken(scenario: Scenario) -> ScenarioResult:
        raise RuntimeError("boom")

    monkeypatch.setattr(scenario_cli, "_runner", lambda: broken)
    code, output = _invoke(str(CONTRACT))
    assert code == 1
    assert "RuntimeError: boom" in output


def test_examples_with_nothing_bundled(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(scenario_cli, "examples_dir", lambda: None)
    code, output = _invoke("--examples")
    assert code == 0
    assert output.rstrip().splitlines()[-1] == "0 passed, 0 failed, 0 unsupported"


def test_no_arguments_is_a_usage_error() -> None:
    code, _ = _invoke()
    assert code == 2


def test_result_model() -> None:
    ok = ScenarioResult(path="a.yaml")
    step = ok.add_step(0, 3, "resolve", "resolve 1")
    line = step.say("Arc Trail resolves", "mtg:608.2")
    assert line == NarrationLine("Arc Trail resolves", (line.rules[0],))
    assert str(line.rules[0]) == "mtg:608.2"
    assert ok.ok
    bad = ScenarioResult(path="b.yaml")
    bad.add_step(0, 4, "expect").fail("nope")
    assert not bad.ok
    assert [message for _, message in bad.failures] == ["nope"]
    assert summarize([ok, bad]) == (1, 1, 0)
    assert exit_code([ok]) == 0
    assert exit_code([ok, bad]) == 1
    assert exit_code([bad, ScenarioResult.from_error("c.yaml", ValueError("x"))]) == 2
    assert ok.to_json()["steps"][0]["narration"][0]["rules"] == ["mtg:608.2"]
