"""What running a scenario produced: narration per step, failures, and the verdict.

The runner fills these in; ``tcgrules run`` prints them (scenario/report.py) or
dumps ``to_json()``. A step passes when it has no failures; a scenario passes
when every step passes and it was not stopped by an error.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from tcgrules.errors import InputError
from tcgrules.rules import RuleRef


class Outcome(StrEnum):
    """How a scenario ended. ``malformed`` files make ``tcgrules run`` exit 2."""

    PASSED = "passed"
    FAILED = "failed"
    #: a step needed a feature tcgrules does not have yet: the file stopped there, and
    #: nothing before it failed (what the rules say is not known, so it is not a failure)
    UNSUPPORTED = "unsupported"
    MALFORMED = "malformed"


@dataclass(frozen=True)
class NarrationLine:
    """One thing that happened, with the rules it applied: ``Arc Trail resolves`` [mtg:608.2]."""

    text: str
    rules: tuple[RuleRef, ...] = ()

    def to_json(self) -> dict[str, Any]:
        return {"text": self.text, "rules": [str(r) for r in self.rules]}


@dataclass
class StepResult:
    """The outcome of one step: what happened (``narration``) and what went wrong (``failures``).

    ``index`` is 0-based, as in ``$.steps[index]``; ``line`` is the step's line in its file.
    ``action`` is the step's action key (``cast``, ``resolve``, ``expect``...) and
    ``description`` a short text form (``cast Arc Trail by Alice``).
    """

    index: int
    line: int
    action: str
    description: str = ""
    narration: list[NarrationLine] = field(default_factory=list)
    failures: list[str] = field(default_factory=list)
    #: the feature tcgrules does not have yet that stopped this step (and the file)
    unsupported: str | None = None

    @property
    def ok(self) -> bool:
        return not self.failures and self.unsupported is None

    def say(self, text: str, *rules: RuleRef | str) -> NarrationLine:
        """Add a narration line; rules may be given as RuleRef or as text (``"mtg:115.3"``)."""
        line = NarrationLine(
            text, tuple(r if isinstance(r, RuleRef) else RuleRef.parse(r) for r in rules)
        )
        self.narration.append(line)
        return line

    def fail(self, message: str) -> None:
        """Record a failed expectation (or an action that should, or should not, be refused)."""
        self.failures.append(message)

    def to_json(self) -> dict[str, Any]:
        return {
            "index": self.index,
            "line": self.line,
            "action": self.action,
            "description": self.description,
            "ok": self.ok,
            "narration": [n.to_json() for n in self.narration],
            "failures": list(self.failures),
            "unsupported": self.unsupported,
        }


def error_details(error: InputError) -> list[dict[str, Any]]:
    """Each problem of an input error (all of them for an error that gathers several), as
    JSON-ready fields: source, line, column, $.path, message, expected."""
    problems: list[InputError] = list(getattr(error, "errors", None) or [error])
    return [
        {
            "source": p.source,
            "line": p.line,
            "column": p.column,
            "path": p.path,
            "message": p.message,
            "expected": p.expected,
        }
        for p in problems
    ]


@dataclass
class ScenarioResult:
    """The outcome of one scenario file.

    ``error`` says why the run stopped early, if it did. With ``malformed`` set,
    the file itself is at fault (a located schema error, or a name the runner
    cannot resolve or that is ambiguous): exit code 2. Otherwise the error is a
    failure like any other (exit code 1).
    """

    path: str
    title: str | None = None
    game: str | None = None
    steps: list[StepResult] = field(default_factory=list)
    error: str | None = None
    malformed: bool = False
    #: for an InputError: each problem located (source, line, column, path, message, expected)
    error_details: list[dict[str, Any]] = field(default_factory=list)
    #: things to know that are not failures (a pool card whose text is not fully understood)
    warnings: list[str] = field(default_factory=list)

    @classmethod
    def from_error(cls, path: str, error: Exception, *, malformed: bool = True) -> ScenarioResult:
        """A result for a scenario that could not be run (by default: a malformed file)."""
        if not isinstance(error, InputError):
            return cls(path=path, error=str(error), malformed=malformed)
        details = error_details(error)
        return cls(path=path, error=error.describe(), malformed=malformed, error_details=details)

    @property
    def ok(self) -> bool:
        return self.error is None and not self.malformed and all(s.ok for s in self.steps)

    @property
    def unsupported(self) -> str | None:
        """What stopped the file, when a step needed a feature tcgrules does not have."""
        return next((s.unsupported for s in self.steps if s.unsupported is not None), None)

    @property
    def outcome(self) -> Outcome:
        if self.malformed:
            return Outcome.MALFORMED
        if self.ok:
            return Outcome.PASSED
        failed = self.error is not None or any(s.failures for s in self.steps)
        return Outcome.FAILED if failed else Outcome.UNSUPPORTED

    @property
    def failures(self) -> list[tuple[StepResult, str]]:
        """Every failure, with the step it belongs to."""
        return [(step, message) for step in self.steps for message in step.failures]

    @property
    def problems(self) -> list[str]:
        """Every message of what went wrong, in order: the failed checks, the feature not
        supported that stopped the file, and the error that stopped it."""
        found = [message for _, message in self.failures]
        if self.unsupported is not None:
            found.append(self.unsupported)
        if self.error:
            found.append(self.error)
        return found

    def add_step(self, index: int, line: int, action: str, description: str = "") -> StepResult:
        """Start the result of the next step and return it for filling in."""
        step = StepResult(index=index, line=line, action=action, description=description)
        self.steps.append(step)
        return step

    def to_json(self) -> dict[str, Any]:
        return {
            "path": self.path,
            "title": self.title,
            "game": self.game,
            "outcome": self.outcome.value,
            "ok": self.ok,
            "error": self.error,
            "error_details": list(self.error_details),
            "warnings": list(self.warnings),
            "steps": [s.to_json() for s in self.steps],
        }


def summarize(results: list[ScenarioResult]) -> tuple[int, int, int]:
    """``(passed, failed, unsupported)``; a malformed scenario counts as failed."""
    passed = sum(1 for r in results if r.outcome is Outcome.PASSED)
    unsupported = sum(1 for r in results if r.outcome is Outcome.UNSUPPORTED)
    return passed, len(results) - passed - unsupported, unsupported


#: ``tcgrules run``'s exit status when nothing failed but a feature was missing
EXIT_UNSUPPORTED = 3


def exit_code(results: list[ScenarioResult]) -> int:
    """0 if every scenario passed, 2 if any is malformed, else 1 if any failed, else 3
    if any stopped at a feature tcgrules does not have yet."""
    outcomes = {r.outcome for r in results}
    if Outcome.MALFORMED in outcomes:
        return 2
    if Outcome.FAILED in outcomes:
        return 1
    return EXIT_UNSUPPORTED if Outcome.UNSUPPORTED in outcomes else 0


__all__ = [
    "EXIT_UNSUPPORTED",
    "NarrationLine",
    "Outcome",
    "ScenarioResult",
    "StepResult",
    "error_details",
    "exit_code",
    "summarize",
]
