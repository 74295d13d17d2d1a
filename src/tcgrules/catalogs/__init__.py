"""Rule catalogs: every rule the code cites, with a one-line summary in our own words.

One YAML file per game (``mtg.yaml``, ``fab.yaml``, ``ga.yaml``) maps rule numbers
to summaries; ``seeds.yaml`` lists the clauses of the seed documents that the
coverage report tracks (see :mod:`tcgrules.coverage`). Files are read lazily with
:mod:`importlib.resources` and cached.

>>> from tcgrules.catalogs import catalog
>>> "115.3" in catalog("mtg")
True
>>> catalog("magic").get("115.3").ref
RuleRef.parse('mtg:115.3')

Grand Archive numbers are ``<page>/<section>-<item path>`` (see
:func:`tcgrules.catalogs.sources.ga_items` for how items are counted).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

import yaml

from tcgrules.errors import InputError
from tcgrules.rules import EDITIONS, RuleRef

__all__ = [
    "GAMES",
    "RuleCatalog",
    "RuleEntry",
    "SeedItem",
    "catalog",
    "load_yaml",
    "seed_items",
]

#: The games with a catalog, by canonical short name.
GAMES: tuple[str, ...] = ("mtg", "fab", "ga")


@dataclass(frozen=True, slots=True)
class RuleEntry:
    """One catalogued rule: its reference (with edition) and our one-line summary."""

    ref: RuleRef
    summary: str


@dataclass(frozen=True, slots=True)
class SeedItem:
    """One clause (or wiki statement) of a seed document that tests should cover.

    ``status`` is ``"expected"`` (tests should name it) or ``"out_of_scope"``
    (with a ``reason``); ``relates_to`` lists rule refs a wiki statement concerns.
    """

    ref: str
    summary: str
    status: str = "expected"
    reason: str = ""
    relates_to: tuple[str, ...] = ()


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
    """Parse the bundled catalog file ``name`` (e.g. ``"mtg.yaml"``)."""
    text = resources.files(__package__).joinpath(name).read_text(encoding="utf-8")
    return yaml.safe_load(text)


def _canonical(game: str) -> str:
    return RuleRef.parse(f"{game}:x").game


def catalog(game: str) -> RuleCatalog:
    """The rule catalog of ``game`` (any alias: ``mtg``, ``magic``, ``fab``...); cached."""
    return _load_catalog(_canonical(game))


@cache
def _load_catalog(name: str) -> RuleCatalog:
    data = load_yaml(f"{name}.yaml")
    if not isinstance(data, dict) or not isinstance(data.get("rules"), dict):
        raise InputError(f"catalog {name}.yaml has no 'rules' mapping")
    edition = str(data.get("edition") or EDITIONS.get(name, ""))
    rules = {str(k): " ".join(str(v).split()) for k, v in data["rules"].items()}
    return RuleCatalog(name, edition, rules)


@cache
def _seeds() -> dict[str, tuple[SeedItem, ...]]:
    data = load_yaml("seeds.yaml")
    out: dict[str, tuple[SeedItem, ...]] = {}
    for game, items in (data.get("games") or {}).items():
        parsed: list[SeedItem] = []
        for item in items:
            parsed.append(
                SeedItem(
                    ref=str(item["ref"]),
                    summary=" ".join(str(item.get("summary", "")).split()),
                    status=str(item.get("status", "expected")),
                    reason=" ".join(str(item.get("reason", "")).split()),
                    relates_to=tuple(str(r) for r in item.get("relates_to", ()) or ()),
                )
            )
        out[_canonical(str(game))] = tuple(parsed)
    return out


def seed_items(game: str | None = None) -> tuple[SeedItem, ...]:
    """The seed clauses of ``game`` (all games, in order mtg, fab, ga, if None)."""
    seeds = _seeds()
    if game is None:
        return tuple(item for g in GAMES for item in seeds.get(g, ()))
    return seeds.get(_canonical(game), ())
