"""Print scenario results: a narrated log per scenario, then
``N passed, N failed, N unsupported``.

Colour comes from rich and switches itself off when the output is not a
terminal or ``NO_COLOR`` is set, so logs and pipes get plain text.
"""

from __future__ import annotations

from typing import IO, Any

from rich.console import Console
from rich.text import Text

from tcgrules.scenario.results import Outcome, ScenarioResult, StepResult, summarize

_OUTCOME_STYLE = {
    Outcome.PASSED: ("PASS", "bold green"),
    Outcome.FAILED: ("FAIL", "bold red"),
    Outcome.UNSUPPORTED: ("UNSUPPORTED", "bold yellow"),
    Outcome.MALFORMED: ("ERROR", "bold magenta"),
}

_INDENT = "    "


def make_console(file: IO[str] | None = None) -> Console:
    """A console that prints plain text unless writing to a terminal (and NO_COLOR is unset)."""
    return Console(file=file, highlight=False, soft_wrap=True, emoji=False)


def _header(result: ScenarioResult) -> Text:
    label, style = _OUTCOME_STYLE[result.outcome]
    text = Text()
    text.append(label, style=style)
    text.append(" ")
    text.append(result.path, style="bold")
    if result.title:
        text.append(f" — {result.title}")
    if result.game:
        text.append(f" [{result.game}]", style="dim")
    return text


def _step_lines(step: StepResult, *, narrate: bool) -> list[Text]:
    lines: list[Text] = []
    head = Text(_INDENT)
    head.append(f"line {step.line}" if step.line else f"step {step.index + 1}", style="cyan")
    head.append("  ")
    head.append(step.description or step.action)
    if step.failures:
        head.append("  ✗", style="red")
    elif step.unsupported is not None:
        head.append("  ?", style="yellow")
    lines.append(head)
    if narrate:
        for item in step.narration:
            line = Text(_INDENT * 2)
            line.append(item.text)
            if item.rules:
                line.append(" [" + ", ".join(str(r) for r in item.rules) + "]", style="dim")
            lines.append(line)
    for failure in step.failures:
        line = Text(_INDENT * 2)
        line.append("FAILED: ", style="bold red")
        line.append(failure, style="red")
        lines.append(line)
    if step.unsupported is not None:
        line = Text(_INDENT * 2)
        line.append("UNSUPPORTED: ", style="bold yellow")
        line.append(f"{step.unsupported}; the file stops here", style="yellow")
        lines.append(line)
    return lines


def print_result(console: Console, result: ScenarioResult, *, quiet: bool = False) -> None:
    """Print one scenario: its header and, unless ``quiet``, every step with its narration.

    Quiet mode prints only scenarios that did not pass, and only their failing steps, and
    the warnings of any scenario (a pool card whose text is not fully understood).
    """
    if quiet and result.ok and not result.warnings:
        return
    console.print(_header(result))
    for warning in result.warnings:
        line = Text(_INDENT)
        line.append("warning: ", style="bold yellow")
        line.append(warning)
        console.print(line)
    for step in result.steps:
        if quiet and step.ok:
            continue
        for line in _step_lines(step, narrate=not quiet):
            console.print(line)
    if result.error:
        for number, text in enumerate(result.error.splitlines()):
            line = Text(_INDENT)
            line.append("error: " if number == 0 else "       ", style="bold magenta")
            line.append(text)
            console.print(line)


def summary_line(results: list[ScenarioResult]) -> str:
    """Exactly ``N passed, N failed, N unsupported`` (malformed scenarios count as failed)."""
    passed, failed, unsupported = summarize(results)
    return f"{passed} passed, {failed} failed, {unsupported} unsupported"


def print_summary(console: Console, results: list[ScenarioResult]) -> None:
    _, failed, unsupported = summarize(results)
    style = "bold red" if failed else "bold yellow" if unsupported else "bold green"
    console.print(Text(summary_line(results), style=style))


def results_json(results: list[ScenarioResult]) -> dict[str, Any]:
    """Every result plus the counts, for ``tcgrules run --json``."""
    passed, failed, unsupported = summarize(results)
    return {
        "passed": passed,
        "failed": failed,
        "unsupported": unsupported,
        "malformed": sum(1 for r in results if r.malformed),
        "scenarios": [r.to_json() for r in results],
    }


__all__ = ["make_console", "print_result", "print_summary", "results_json", "summary_line"]
