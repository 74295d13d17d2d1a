"""A real card pool (every card of a game), usable by name in scenarios and the API.

A pool is a card file of the formats each ruleset's ``card_file`` hook reads
(Magic: Scryfall oracle cards or MTGJSON AtomicCards; Flesh and Blood: the
``@flesh-and-blood/cards`` JSON; Grand Archive: its card JSON; plain or gzipped).
Which file is a game's pool:

1. the file given for the game with :func:`use_pool` (``tcgrules run --cards``), else
2. the file named by the environment variable ``TCGRULES_MTG_CARDS``,
   ``TCGRULES_FAB_CARDS`` or ``TCGRULES_GA_CARDS``, else
3. none: only bundled cards and a scenario's own ``cards:`` are known.

A pool is read once per process and file (the definitions only: a card's text is
parsed when the card is used). Names are matched exactly, then ignoring case; a
Flesh and Blood card printed in several pitch versions is also named
``Name (red)``/``(yellow)``/``(blue)``, and its bare name is the first version in
the file.
"""

from __future__ import annotations

import difflib
import os
from collections.abc import Iterable, Mapping
from functools import cache
from pathlib import Path
from types import MappingProxyType

from tcgrules.carddata.bundled import bundled_cards, canonical_game
from tcgrules.carddata.model import CardDefinition
from tcgrules.errors import ArgumentError, CardDataError, TcgRulesError, UnknownObjectError

__all__ = [
    "POOL_ENV",
    "CardPool",
    "did_you_mean",
    "pool_card",
    "pool_for",
    "pool_path",
    "unsupported_spans",
    "use_pool",
]

#: The environment variable naming each game's pool file.
POOL_ENV: Mapping[str, str] = MappingProxyType(
    {"mtg": "TCGRULES_MTG_CARDS", "fab": "TCGRULES_FAB_CARDS", "ga": "TCGRULES_GA_CARDS"}
)

_PITCH_COLORS: Mapping[int, str] = MappingProxyType({1: "red", 2: "yellow", 3: "blue"})

#: pool files chosen in this process (``--cards``); they win over the environment
_chosen: dict[str, Path] = {}


class CardPool:
    """Every card of one pool file, by name (exact, then ignoring case)."""

    def __init__(self, game: str, path: Path, cards: Iterable[CardDefinition]) -> None:
        self.game = game
        self.path = path
        by_name: dict[str, CardDefinition] = {}
        for card in cards:
            by_name.setdefault(card.name, card)
            pitch = card.values.get("pitch")
            if isinstance(pitch, int) and pitch in _PITCH_COLORS:
                by_name.setdefault(f"{card.name} ({_PITCH_COLORS[pitch]})", card)
        self.cards: Mapping[str, CardDefinition] = MappingProxyType(by_name)
        self._lowered = {name.lower(): name for name in by_name}

    def get(self, name: str) -> CardDefinition | None:
        """The card of that name, or None."""
        found = self.cards.get(name)
        if found is None and name.lower() in self._lowered:
            found = self.cards[self._lowered[name.lower()]]
        return found

    def __len__(self) -> int:
        return len(self.cards)


def use_pool(game: str, path: str | Path | None) -> None:
    """Make ``path`` the pool of ``game`` for this process (None: back to the environment)."""
    short = canonical_game(game)
    if path is None:
        _chosen.pop(short, None)
    else:
        _chosen[short] = Path(path)


def pool_path(game: str) -> Path | None:
    """The pool file of ``game``: chosen with :func:`use_pool`, else from its environment
    variable (:data:`POOL_ENV`), else None."""
    short = canonical_game(game)
    if short in _chosen:
        return _chosen[short]
    value = os.environ.get(POOL_ENV[short], "").strip()
    return Path(value) if value else None


def pool_for(game: str, path: str | Path | None = None) -> CardPool | None:
    """The pool of ``game`` (``path`` if given, else :func:`pool_path`), read on first use;
    None when no pool is configured. A missing or unreadable file is a CardDataError."""
    short = canonical_game(game)
    chosen = Path(path) if path is not None else pool_path(short)
    if chosen is None:
        return None
    return _load(short, chosen.expanduser().resolve())


@cache
def _load(game: str, path: Path) -> CardPool:
    from tcgrules.games import find_ruleset  # noqa: PLC0415  (the rulesets import carddata)

    where = f"the {game} card pool ({POOL_ENV[game]} or --cards {game}=FILE)"
    if not path.is_file():
        raise CardDataError(f"no such card pool file for {where}", source=str(path))
    try:
        cards = find_ruleset(game)().card_file(path)
    except TcgRulesError:
        raise
    except (OSError, ValueError, EOFError) as exc:
        raise CardDataError(f"cannot read {where}: {exc}", source=str(path)) from None
    return CardPool(game, path, cards)


def did_you_mean(name: str, names: Iterable[str], n: int = 3) -> list[str]:
    """The names closest to ``name`` (ignoring case), best first."""
    by_lower: dict[str, str] = {}
    for candidate in names:
        by_lower.setdefault(candidate.lower(), candidate)
    close = difflib.get_close_matches(name.lower(), list(by_lower), n=n, cutoff=0.6)
    return [by_lower[c] for c in close]


def pool_card(game: str, name: str, *, path: str | Path | None = None) -> CardDefinition:
    """A card of ``game``'s real pool by name: from ``path`` if given, else the pool file
    configured for the game (:func:`pool_path`: ``--cards`` or ``TCGRULES_<GAME>_CARDS``).

    Raises CardDataError when no pool is configured or its file can't be read, and
    UnknownObjectError, with the closest names, for a name the pool lacks.
    """
    short = canonical_game(game)
    if not isinstance(name, str) or not name.strip():
        raise ArgumentError("pool_card()", "name", name, "a card name such as 'Aether Dart'")
    pool = pool_for(short, path)
    if pool is None:
        raise CardDataError(
            f"no {short} card pool: set {POOL_ENV[short]} to a card file or pass path=",
            expected="a card pool file",
        )
    card = pool.get(name)
    if card is None:
        raise UnknownObjectError(
            f"no {short} card named {name!r} in {pool.path}" + _suggestion(name, pool.cards)
        )
    return card


def _suggestion(name: str, *names: Iterable[str]) -> str:
    close = did_you_mean(name, (n for group in names for n in group))
    return "; did you mean " + " or ".join(repr(c) for c in close) + "?" if close else ""


def known_names(game: str, own: Iterable[str] = ()) -> list[str]:
    """Every card name a scenario of ``game`` can use: its own, the bundled, the pool's."""
    pool = pool_for(game)
    return [*own, *bundled_cards(game), *(pool.cards if pool is not None else ())]


def unsupported_spans(card: CardDefinition) -> list[str]:
    """The parts of a card's text (each face's) its game's grammar does not read."""
    from tcgrules.games import find_ruleset  # noqa: PLC0415  (the rulesets import carddata)

    ruleset = find_ruleset(card.game)()
    spans: list[str] = []
    for face in card.faces or (card,):
        spans.extend(u.text for u in ruleset.card_text(face).unsupported)
    return spans
