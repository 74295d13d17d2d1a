"""The exceptions tcgrules raises: one base class and narrow subclasses.

Every error says *where* (a file, line and column, a ``$.path``, a text span)
and *what was expected*. Errors about bad input also subclass ``ValueError`` and
errors about unknown things ``LookupError``, as python-chess does, so callers
can catch them either way.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from tcgrules.verdict import Verdict


class TcgRulesError(Exception):
    """Base class of every error raised by tcgrules."""


class UnknownGameError(TcgRulesError, LookupError):
    """A game name or alias that no ruleset answers to."""


class RulesViolation(TcgRulesError, ValueError):
    """An action the rules refuse. Carries the verdict; the game is unchanged."""

    def __init__(self, verdict: Verdict, action: str = "action") -> None:
        self.verdict = verdict
        self.action = action
        super().__init__(f"{action} refused: {verdict.describe()}")


class IllegalTargetError(RulesViolation):
    """A target choice the rules refuse (mtg:115, fab:1.8, ga:objects-and-targeting)."""


class StaleReferenceError(TcgRulesError, LookupError):
    """An ObjectRef whose object has since changed zones (mtg:400.7): it names nothing now."""


class UnknownObjectError(TcgRulesError, LookupError):
    """An object id, player or name that the game does not know."""


class NotSupportedError(TcgRulesError, NotImplementedError):
    """A feature tcgrules does not implement (yet). Names the feature."""

    def __init__(self, feature: str, detail: str = "") -> None:
        self.feature = feature
        message = f"not supported yet: {feature}"
        if detail:
            message += f" ({detail})"
        super().__init__(message)


class UnknownRuleError(TcgRulesError, LookupError):
    """Code cited a rule that is not in that game's rule catalog (a bug in tcgrules or in
    a ruleset: every citation is checked when it is made, see :func:`tcgrules.rules.rule`)."""


class InputError(TcgRulesError, ValueError):
    """Malformed input, located: ``source`` (a file or "<text>"), line/column and/or ``$.path``."""

    def __init__(
        self,
        message: str,
        *,
        source: str | None = None,
        line: int | None = None,
        column: int | None = None,
        path: str | None = None,
        expected: str | None = None,
    ) -> None:
        self.message = message
        self.source = source
        self.line = line
        self.column = column
        self.path = path
        self.expected = expected
        super().__init__(self.describe())

    def where(self) -> str:
        """The location as ``file:line:column $.path`` (the parts that are known)."""
        parts: list[str] = []
        loc = self.source or ""
        if self.line is not None:
            loc += f":{self.line}"
            if self.column is not None:
                loc += f":{self.column}"
        if loc:
            parts.append(loc)
        if self.path:
            parts.append(self.path)
        return " ".join(parts)

    def describe(self) -> str:
        text = self.message
        if self.expected:
            text += f" (expected {self.expected})"
        where = self.where()
        return f"{where}: {text}" if where else text


class ArgumentError(InputError, TypeError):
    """A call into the Python API with an argument of the wrong type or out of range.

    Names the function, the argument, what was given and what was expected; raised
    before anything changes, so the game is exactly as it was. Also a ``TypeError``,
    as Python's own argument errors are."""

    def __init__(self, function: str, argument: str, given: object, expected: str) -> None:
        self.function = function
        self.argument = argument
        self.given = given
        shown = repr(given)
        if len(shown) > 80:
            shown = shown[:77] + "..."
        super().__init__(
            f"{function}: argument {argument!r} was {shown} ({type(given).__name__})",
            expected=expected,
        )


class CardTextError(InputError):
    """Card text that cannot be read at all (as opposed to a phrase kept as Unsupported)."""


class CardDataError(InputError):
    """A card data file (Scryfall, MTGJSON, FaB or GA JSON) with a missing or malformed field."""


class ScenarioError(InputError):
    """A scenario file that does not follow the contract (docs/scenarios.md)."""
