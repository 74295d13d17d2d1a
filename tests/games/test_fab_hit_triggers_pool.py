"""Every ability in the Flesh and Blood card pool that waits for another object's hit
("When a weapon you control hits, ...") is found by the hit handling (fab:7.5.5,
6.6.5): its subject is read or refused, its effect read or refused as not supported -
none is passed over in silence. Skipped without the pool file."""

from __future__ import annotations

import re

import pytest
from tests.games.fab_pool_lines import cards_with_lines

import tcgrules
from tcgrules.errors import NotSupportedError
from tcgrules.games.flesh_and_blood.hit_triggers import _SUBJECT, other_hit_abilities
from tcgrules.games.flesh_and_blood.hits import read_hit_ability
from tcgrules.games.flesh_and_blood.text import parse_cached

#: a sentence that waits for the hit of something other than this object
OTHER_HIT_SENTENCE = re.compile(
    r"(?:^|[.\n] ?|- )(?:when|whenever) (?!this\b|~|it\b)[^,.]*? hits\b", re.IGNORECASE
)


@pytest.mark.rules("fab:7.5.5", "fab:6.6.5")
def test_no_hit_trigger_of_another_object_in_the_pool_is_dropped() -> None:
    game = tcgrules.new_game("fab", ["Alice", "Bob"])
    missed: list[str] = []
    found_count = subjects_read = read = 0
    for card, wanted in cards_with_lines(OTHER_HIT_SENTENCE):
        text = card.text or ""
        abilities = parse_cached(card.name, card.type_line, text).abilities
        found = list(other_hit_abilities(abilities, card.name))
        if len(found) < len(wanted):
            missed.append(f"{card.name}: {wanted}")
            continue
        for ability, match in found:
            found_count += 1
            if not _SUBJECT.match(match.group("subject").strip()):
                continue  # refused at the hit: the subject is not read
            subjects_read += 1
            try:
                read_hit_ability(game, ability, match, card.name, card.name)
                read += 1
            except NotSupportedError:
                pass
    assert not missed, f"{len(missed)} cards' hit triggers are not found:\n" + "\n".join(
        missed[:40]
    )
    assert found_count > 30 and subjects_read > 5 and read > 0
