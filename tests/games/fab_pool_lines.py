"""The Flesh and Blood pool's cards whose own text has lines of one kind, for the
pool-wide checks that no such line is passed over (skipped without the pool file)."""

from __future__ import annotations

import os
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from tcgrules.carddata import pool
from tcgrules.carddata.flesh_and_blood import load_fab_cards
from tcgrules.carddata.model import CardDefinition

POOL = Path(__file__).resolve().parents[3] / "shared/cards/fab-cards-3.8.6.json.gz"


def fab_pool() -> Path:
    """The FaB card file: the pool variable's, else the shared one; skip without it."""
    named = os.environ.get(pool.POOL_ENV["fab"])
    path = Path(named) if named else POOL
    if not path.is_file():
        pytest.skip(f"no fab card pool: set {pool.POOL_ENV['fab']} to a card file")
    return path


def cards_with_lines(sentence: re.Pattern[str]) -> Iterator[tuple[CardDefinition, list[str]]]:
    """Each card of the pool (one per name and text) with its lines that ``sentence``
    finds, its own name written ``~`` and quoted abilities left out (a quoted ability is
    given to another object, and found there once it has it); cards with none are
    passed over."""
    seen: set[tuple[str, str]] = set()
    for card in load_fab_cards(fab_pool()):
        text = card.text or ""
        if (card.name, text) in seen:
            continue
        seen.add((card.name, text))
        own = re.sub(re.escape(card.name), "~", text.replace("**", ""), flags=re.IGNORECASE)
        unquoted = re.sub(r'"[^"]*"', "", own)
        wanted = [ln for ln in unquoted.splitlines() if sentence.search(ln)]
        if wanted:
            yield card, wanted
