"""Every on-hit and Crush ability in the Flesh and Blood card pool is found by the hit
handling (fab:7.5.5, 8.4.2) and is either read into effects or refused as not
supported: none is passed over in silence. Skipped without the pool file."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

import tcgrules
from tcgrules.carddata import pool
from tcgrules.carddata.flesh_and_blood import load_fab_cards
from tcgrules.errors import NotSupportedError
from tcgrules.games.flesh_and_blood.hits import hit_abilities, read_hit_ability
from tcgrules.games.flesh_and_blood.text import parse_cached

POOL = Path(__file__).resolve().parents[3] / "shared/cards/fab-cards-3.8.6.json.gz"
#: a sentence that waits for this object's hit, or Crush's damage
ON_HIT_SENTENCE = re.compile(
    r"(?:^|[.\n] ?|- )(?:if|when|whenever) (?:this|~|it)(?: attack)? hits\b"
    r"|crush\*?\*? - when",
    re.IGNORECASE,
)


def _pool() -> Path:
    named = os.environ.get(pool.POOL_ENV["fab"])
    path = Path(named) if named else POOL
    if not path.is_file():
        pytest.skip(f"no fab card pool: set {pool.POOL_ENV['fab']} to a card file")
    return path


@pytest.mark.rules("fab:7.5.5", "fab:8.4.2")
def test_no_on_hit_text_in_the_pool_is_dropped() -> None:
    game = tcgrules.new_game("fab", ["Alice", "Bob"])
    seen: set[tuple[str, str]] = set()
    missed: list[str] = []
    checked = read = 0
    for card in load_fab_cards(_pool()):
        text = card.text or ""
        if (card.name, text) in seen:
            continue
        seen.add((card.name, text))
        own = re.sub(re.escape(card.name), "~", text.replace("**", ""), flags=re.IGNORECASE)
        # a quoted ability is given to another object, and found there once it has it
        unquoted = re.sub(r'"[^"]*"', "", own)
        wanted = [ln for ln in unquoted.splitlines() if ON_HIT_SENTENCE.search(ln)]
        if not wanted:
            continue
        abilities = parse_cached(card.name, card.type_line, text).abilities
        found = list(hit_abilities(abilities, card.name))
        if len(found) < len(wanted):
            missed.append(f"{card.name}: {wanted}")
            continue
        for ability, match, _ in found:
            checked += 1
            try:
                read_hit_ability(game, ability, match, card.name, card.name)
                read += 1
            except NotSupportedError:
                pass
    assert not missed, f"{len(missed)} cards' on-hit text is not found:\n" + "\n".join(missed[:40])
    assert checked > 200 and read > 0
