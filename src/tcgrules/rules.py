"""Rule references: ``game:number`` plus the edition of the rules it was read from."""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from types import MappingProxyType

from tcgrules.errors import InputError

#: The edition of each game's comprehensive rules this release was written against.
EDITIONS: dict[str, str] = {
    "mtg": "Magic: The Gathering Comprehensive Rules, effective 2025-02-07",
    "fab": "Flesh and Blood Comprehensive Rules 2.10.1, 2025-05-19",
    "ga": "Grand Archive Comprehensive Rules, source of 2026-08-21",
}

#: Every accepted spelling of a game, to its short name (``mtg``, ``fab``, ``ga``).
#: The one alias table: scenario files, card data and rule references all use it.
GAME_ALIASES: Mapping[str, str] = MappingProxyType(
    {
        "mtg": "mtg",
        "magic": "mtg",
        "magic: the gathering": "mtg",
        "magic-the-gathering": "mtg",
        "fab": "fab",
        "flesh-and-blood": "fab",
        "flesh_and_blood": "fab",
        "flesh and blood": "fab",
        "ga": "ga",
        "grand-archive": "ga",
        "grand_archive": "ga",
        "grand archive": "ga",
    }
)


def aliases_of(game: str) -> tuple[str, ...]:
    """Every spelling :data:`GAME_ALIASES` accepts for one game's short name."""
    return tuple(alias for alias, short in GAME_ALIASES.items() if short == game)


_REF = re.compile(r"^\s*([A-Za-z_-]+)\s*:\s*(\S+)\s*$")


@dataclass(frozen=True, order=True)
class RuleRef:
    """One rule of one game: ``RuleRef("mtg", "115.3")`` is written ``mtg:115.3``.

    Grand Archive numbers items inside rulebook pages, so its numbers read
    ``objects-and-targeting/target-1.1``.
    """

    game: str
    number: str
    edition: str = field(default="", compare=False)

    def __post_init__(self) -> None:
        if not self.edition:
            object.__setattr__(self, "edition", EDITIONS.get(self.game, ""))

    @classmethod
    def parse(cls, text: str) -> RuleRef:
        """Read ``game:number``; the game may be any alias (``magic:115.3``)."""
        match = _REF.match(text)
        if not match:
            raise InputError(
                f"not a rule reference: {text!r}", expected="game:number such as mtg:115.3"
            )
        game = GAME_ALIASES.get(match.group(1).lower())
        if game is None:
            raise InputError(f"unknown game in rule reference {text!r}", expected="mtg, fab or ga")
        return cls(game, match.group(2))

    def matches(self, expected: RuleRef) -> bool:
        """True if this (cited) rule is ``expected`` or a sub-rule of it.

        ``mtg:702.11b`` matches ``mtg:702.11``; ``mtg:702.1`` does not match ``mtg:702.11``.
        """
        if self.game != expected.game:
            return False
        if self.number == expected.number:
            return True
        if not self.number.startswith(expected.number):
            return False
        rest = self.number[len(expected.number) :]
        # a sub-rule continues with a letter (115.7a), a dot (115.7 -> 115.7.1) or a dash/slash
        return rest[0].isalpha() or rest[0] in "./-" or expected.number.endswith((".", "/"))

    def __str__(self) -> str:
        return f"{self.game}:{self.number}"

    def __repr__(self) -> str:
        return f"RuleRef.parse({str(self)!r})"


@lru_cache(maxsize=4096)
def rule(text: str) -> RuleRef:
    """Shorthand for :meth:`RuleRef.parse`: ``rule("mtg:400.7")`` (cached: references are
    immutable and the same few are cited again and again)."""
    return RuleRef.parse(text)
