"""Every on-hit and Crush ability in the Flesh and Blood card pool is found by the hit
handling (fab:7.5.5, 8.4.2) and is either read into effects or refused as not
supported: none is passed over in silence. Skipped without the pool file."""

from __future__ import annotations

import re

import pytest
from tests.games.fab_pool_lines import cards_with_lines

import tcgrules
from tcgrules.errors import NotSupportedError
from tcgrules.games.flesh_and_blood.hits import hit_abilities, read_hit_ability
from tcgrules.games.flesh_and_blood.text import parse_cached

#: a sentence that waits for this object's hit, or Crush's damage
ON_HIT_SENTENCE = re.compile(
    r"(?:^|[.\n] ?|- )(?:if|when|whenever) (?:this|~|it)(?: attack)? hits\b"
    r"|crush\*?\*? - when",
    re.IGNORECASE,
)


@pytest.mark.rules("fab:7.5.5", "fab:8.4.2")
def test_no_on_hit_text_in_the_pool_is_dropped() -> None:
    game = tcgrules.new_game("fab", ["Alice", "Bob"])
    missed: list[str] = []
    checked = read = 0
    for card, wanted in cards_with_lines(ON_HIT_SENTENCE):
        text = card.text or ""
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
