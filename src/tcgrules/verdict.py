"""Verdicts: a legal/illegal answer with every reason, each citing a rule."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from tcgrules.rules import RuleRef


@dataclass(frozen=True)
class Reason:
    """One reason for a verdict: what holds (or fails) and the rule that says so."""

    rule: RuleRef
    message: str
    passed: bool = False

    def __str__(self) -> str:
        mark = "ok" if self.passed else "no"
        return f"[{mark}] {self.message} ({self.rule})"


@dataclass(frozen=True)
class Verdict:
    """The answer to "is this legal?": truthy when legal.

    ``reasons`` lists every check made, failed ones (``passed=False``) and, where
    useful, the ones that passed, so a refusal can be explained in full.
    """

    legal: bool
    reasons: tuple[Reason, ...] = ()

    def __bool__(self) -> bool:
        return self.legal

    @classmethod
    def of(cls, reasons: Iterable[Reason]) -> Verdict:
        """Legal exactly when no reason failed."""
        items = tuple(reasons)
        return cls(all(r.passed for r in items), items)

    @classmethod
    def ok(cls, rule: RuleRef, message: str) -> Verdict:
        return cls(True, (Reason(rule, message, passed=True),))

    @classmethod
    def refuse(cls, rule: RuleRef, message: str) -> Verdict:
        return cls(False, (Reason(rule, message, passed=False),))

    @property
    def failures(self) -> tuple[Reason, ...]:
        return tuple(r for r in self.reasons if not r.passed)

    @property
    def rules(self) -> tuple[RuleRef, ...]:
        """The rules cited: the failed ones for an illegal verdict, all of them otherwise."""
        chosen = self.failures if not self.legal else self.reasons
        return tuple(r.rule for r in chosen)

    def cites(self, expected: RuleRef) -> bool:
        """True if a cited rule is ``expected`` or a sub-rule of it."""
        return any(r.matches(expected) for r in self.rules)

    def __iter__(self) -> Iterator[Reason]:
        return iter(self.reasons)

    def __and__(self, other: Verdict) -> Verdict:
        return Verdict(self.legal and other.legal, self.reasons + other.reasons)

    def describe(self) -> str:
        shown = self.failures if not self.legal else self.reasons
        if not shown:
            return "legal" if self.legal else "illegal"
        return "; ".join(f"{r.message} ({r.rule})" for r in shown)
