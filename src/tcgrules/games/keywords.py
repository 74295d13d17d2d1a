"""Keywords from card text for games without a card-text grammar yet (FaB, GA).

A line made only of known keywords ("**Go again**") becomes :class:`Keyword`
values. Magic reads its text with its grammar instead (games/magic/ruleset.py).
"""

from __future__ import annotations

import re
from functools import lru_cache

from tcgrules.carddata.model import CardDefinition
from tcgrules.kernel.characteristics import AbilityLike, Keyword

#: Keyword abilities recognised on a line of their own, per game (mtg:702.2-702.190,
#: fab:8.3, GA glossary "Keywords and Abilities"). Longer phrases first.
_KEYWORDS: dict[str, tuple[str, ...]] = {
    "fab": (
        "arcane barrier",
        "arcane shelter",
        "battleworn",
        "beat chest",
        "blade break",
        "blood debt",
        "go again",
        "rune gate",
        "ambush",
        "boost",
        "cloaked",
        "crank",
        "dominate",
        "ephemeral",
        "essence",
        "fusion",
        "guardwell",
        "heave",
        "legendary",
        "mirage",
        "modular",
        "overpower",
        "phantasm",
        "piercing",
        "protect",
        "quell",
        "scrap",
        "specialization",
        "spectra",
        "spellvoid",
        "stealth",
        "temper",
        "universal",
        "ward",
    ),
    "ga": (
        "fast activation",
        "floating memory",
        "reservable",
        "intercept",
        "stealth",
        "taunt",
        "vigor",
        "spellshroud",
        "omnishroud",
        "true sight",
        "unblockable",
        "multistrike",
    ),
}


def _keyword_line(game: str, line: str) -> list[Keyword] | None:
    """The keywords of a line made only of keywords ("Flying, hexproof"), else None."""
    parts = [p.strip() for p in line.split(",") if p.strip()]
    if not parts:
        return None
    found: list[Keyword] = []
    known = _KEYWORDS.get(game, ())
    for part in parts:
        low = part.lower()
        # a keyword alone or with its number ("ward 4", "arcane barrier x"); anything
        # more ("go again when you do") is not a line of keywords
        m = _KEYWORD_PART.fullmatch(low)
        if m is None or m.group(1) not in known:
            return None
        found.append(Keyword.parse(low))
    return found


#: a keyword and its number, if any ("ward 4", "arcane barrier x")
_KEYWORD_PART = re.compile(r"(.+?)(?:\s+(?:\d+|x))?")


def keyword_line(game: str, line: str) -> list[Keyword] | None:
    """The keywords of ``game`` a line is made of ("Spellshroud, taunt"), else None."""
    return _keyword_line(game, line)


@lru_cache(maxsize=4096)
def _abilities(game: str, text: str) -> tuple[AbilityLike, ...]:
    abilities: list[AbilityLike] = []
    for raw in text.splitlines():
        line = _strip_reminder(raw).replace("**", "").strip()
        if not line:
            continue
        keywords = _keyword_line(game, line)
        if keywords is not None:
            abilities.extend(keywords)
    return tuple(abilities)


def _strip_reminder(line: str) -> str:
    """Remove reminder text in parentheses: it has no rules meaning (mtg:207.2)."""
    out: list[str] = []
    depth = 0
    for ch in line:
        if ch == "(":
            depth += 1
        elif ch == ")" and depth:
            depth -= 1
        elif not depth:
            out.append(ch)
    return "".join(out)


def abilities_from_text(game: str, card: CardDefinition) -> tuple[AbilityLike, ...]:
    """The keyword abilities printed in a card's text."""
    return _abilities(game, card.text or "")
