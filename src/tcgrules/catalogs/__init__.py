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

from dataclasses import dataclass
from functools import cache

from tcgrules.rules import RuleCatalog, RuleEntry, RuleRef, catalog, load_yaml

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


def _canonical(game: str) -> str:
    return RuleRef.parse(f"{game}:x").game


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
