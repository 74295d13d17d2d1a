"""Rule references and rule catalogs.

A :class:`RuleRef` is ``game:number`` plus the edition of the rules it was read
from. A :class:`RuleCatalog` lists every rule of one game that tcgrules cites,
with a one-line summary in our own words (the YAML files of
:mod:`tcgrules.catalogs`). Code cites rules through :func:`rule`, which refuses a
number that is not in the game's catalog, so a rule that does not exist can never
reach a verdict or an event.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from functools import cache, lru_cache
from importlib import resources
from types import MappingProxyType
from typing import Any

import yaml

from tcgrules.errors import InputError, UnknownRuleError

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
    """The catalogued rule ``text`` (``rule("mtg:400.7")``), for code that cites a rule.

    Raises :class:`~tcgrules.errors.UnknownRuleError` if the game's catalog does not
    have that number: a citation is checked when it is made, never when a user reads
    it. (Cached: references are immutable and the same few are cited again and again.)
    """
    ref = RuleRef.parse(text)
    entry: RuleEntry | None = catalog(ref.game).get(ref.number)
    if entry is None:
        raise UnknownRuleError(
            f"{ref} is not in the {ref.game} rule catalog; cite a rule of that game "
            f"(add it to tcgrules/catalogs/{ref.game}.yaml if the rules have it)"
        )
    return entry.ref


# ------------------------------------------------------------------------- catalogs


@dataclass(frozen=True, slots=True)
class RuleEntry:
    """One catalogued rule: its reference (with edition) and our one-line summary."""

    ref: RuleRef
    summary: str


class RuleCatalog(Mapping[str, RuleEntry]):
    """The catalog of one game: rule number -> :class:`RuleEntry`.

    Iterating yields the entries in file order (the rules' order).
    ``"115.3" in cat`` and ``"mtg:115.3" in cat`` both work, as do RuleRefs.
    """

    def __init__(self, game: str, edition: str, entries: Mapping[str, str]) -> None:
        self.game = game
        self.edition = edition
        self._entries: dict[str, RuleEntry] = {
            number: RuleEntry(RuleRef(game, number, edition), summary)
            for number, summary in entries.items()
        }

    def _key(self, number: object) -> str | None:
        if isinstance(number, RuleRef):
            return number.number if number.game == self.game else None
        if not isinstance(number, str):
            return None
        text = number.strip()
        if ":" in text:
            try:
                ref = RuleRef.parse(text)
            except InputError:
                return None
            return ref.number if ref.game == self.game else None
        return text

    def get(self, number: object, default: Any = None) -> Any:
        """The entry for ``number`` (``"115.3"``, ``"mtg:115.3"``, a RuleRef), else ``default``."""
        key = self._key(number)
        if key is None:
            return default
        return self._entries.get(key, default)

    def __getitem__(self, number: str) -> RuleEntry:
        entry: RuleEntry | None = self.get(number)
        if entry is None:
            raise KeyError(number)
        return entry

    def __contains__(self, number: object) -> bool:
        return self.get(number) is not None

    def __iter__(self) -> Iterator[str]:
        return iter(self._entries)

    def __len__(self) -> int:
        return len(self._entries)

    def entries(self) -> Iterator[RuleEntry]:
        """The entries in catalog order."""
        return iter(self._entries.values())

    def summary(self, ref: str | RuleRef) -> str:
        """Our one-line summary of ``ref``, or ``""`` if it is not catalogued."""
        entry: RuleEntry | None = self.get(ref)
        return entry.summary if entry else ""

    def __repr__(self) -> str:
        return f"<RuleCatalog {self.game}: {len(self)} rules>"


def load_yaml(name: str) -> Any:
    """Parse the bundled catalog file ``name`` (e.g. ``"mtg.yaml"``) of :mod:`tcgrules.catalogs`."""
    text = resources.files("tcgrules.catalogs").joinpath(name).read_text(encoding="utf-8")
    return yaml.safe_load(text)


def catalog(game: str) -> RuleCatalog:
    """The rule catalog of ``game`` (any alias: ``mtg``, ``magic``, ``fab``...); cached."""
    return _load_catalog(RuleRef.parse(f"{game}:x").game)


@cache
def _load_catalog(name: str) -> RuleCatalog:
    data = load_yaml(f"{name}.yaml")
    if not isinstance(data, dict) or not isinstance(data.get("rules"), dict):
        raise InputError(f"catalog {name}.yaml has no 'rules' mapping")
    edition = str(data.get("edition") or EDITIONS.get(name, ""))
    rules = {str(k): " ".join(str(v).split()) for k, v in data["rules"].items()}
    return RuleCatalog(name, edition, rules)
