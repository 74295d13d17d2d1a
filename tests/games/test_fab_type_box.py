"""The Flesh and Blood type box (fab:2.14) against the card data of the shared pool.

The pool test reads every ``typeText`` of the ``@flesh-and-blood/cards`` pool and must
give back each card's types, subtypes, classes and talents; the data's own conventions
are undone by ``compare_with_card_data`` and counted (see benchmarks/fab_type_box.py).
"""

from __future__ import annotations

import gzip
import json
import os
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from tcgrules.games.flesh_and_blood import vocabulary as fab

_DEFAULT = Path(__file__).resolve().parents[3] / "shared/cards/fab-cards-3.8.6.json.gz"
POOL = Path(os.environ.get("TCGRULES_FAB_CARDS", str(_DEFAULT)))
needs_pool = pytest.mark.skipif(
    not POOL.exists(),
    reason=f"no Flesh and Blood card pool at {POOL}; set TCGRULES_FAB_CARDS to the JSON "
    "(gzipped or not) of the @flesh-and-blood/cards package",
)
#: The shared pool 3.8.6 and the cards each normalisation touches there.
POOL_3_8_6_SIZE = 4682
POOL_3_8_6_NOTES = {
    fab.NOTE_NON_ATTACK: 1239,
    fab.NOTE_ESSENCE: 19,
    fab.NOTE_UNLISTED_SUBTYPE: 4,
    fab.NOTE_GENERIC_PLACEHOLDER: 4,
    fab.NOTE_ERRATUM: 2,
    fab.NOTE_MISPRINT: 4,
}


def _load(path: Path) -> list[dict[str, Any]]:
    with gzip.open(path) if path.suffix == ".gz" else path.open("rb") as fh:
        data: list[dict[str, Any]] = json.load(fh)
    return data


@needs_pool
@pytest.mark.rules(
    "fab:2.14.1", "fab:2.14.1a", "fab:2.14.1b", "fab:2.10.3", "fab:2.11.3", "fab:2.11.6",
    "fab:2.15.3",
)  # fmt: skip
def test_every_type_box_of_the_pool_reproduces_the_card_data() -> None:
    cards = _load(POOL)
    results = [fab.compare_with_card_data(card) for card in cards]
    wrong = [(r.name, r.type_text, r.mismatches()) for r in results if not r.matches]
    assert not wrong, f"{len(wrong)}/{len(results)} type boxes differ, first: {wrong[:10]}"
    by_name = {card["name"]: card for card in cards}
    for r in results:
        card = by_name[r.name]
        # each normalisation stays inside the data convention it undoes
        if fab.NOTE_NON_ATTACK in r.notes:
            assert "Action" in card["types"] and "Attack" not in card["subtypes"], r.name
        if fab.NOTE_ESSENCE in r.notes:
            assert card["types"] == ["Hero"] and "Essence" in card["keywords"], r.name
        if fab.NOTE_GENERIC_PLACEHOLDER in r.notes:
            assert card["classes"] == ["Generic"] and "generic" not in r.type_text.lower()
    if len(cards) == POOL_3_8_6_SIZE:
        touched = Counter(note for r in results for note in r.notes)
        assert dict(touched) == POOL_3_8_6_NOTES


@pytest.mark.rules("fab:2.14.1b", "fab:2.11.6a")
def test_hybrid_supertypes_keep_both_sets() -> None:
    box = fab.parse_type_line("Assassin / Ninja Action - Attack")
    assert box.hybrid == (("assassin",), ("ninja",))
    assert box.classes == ("assassin", "ninja") and box.talents == ()
    assert box.types == ("action",) and box.subtypes == ("attack",)
    equipment = fab.parse_type_line("Illusionist / Wizard Equipment - Head")
    assert equipment.hybrid == (("illusionist",), ("wizard",)) and equipment.types == ("equipment",)


@pytest.mark.rules("fab:2.14.1a", "fab:2.11.2")
def test_generic_means_no_supertypes() -> None:
    for text in ("Generic Action - Attack", "Generic Equipment - Legs", "Generic Instant"):
        box = fab.parse_type_line(text)
        assert box.generic and box.supertypes == () and box.classes == () and box.talents == ()
    # a box that prints no supertype at all is not "Generic" either
    assert not fab.parse_type_line("Token").generic


@pytest.mark.rules("fab:2.11.6", "fab:2.11.6a", "fab:2.11.6b")
def test_talents_and_classes_split_the_supertypes() -> None:
    box = fab.parse_type_line("Earth Runeblade Action - Attack")
    assert box.talents == ("earth",) and box.classes == ("runeblade",)
    two_talents = fab.parse_type_line("Ice Earth Defense Reaction")
    assert two_talents.talents == ("ice", "earth") and two_talents.classes == ()
    assert two_talents.types == ("defense reaction",)
    assert fab.parse_type_line("Revered Block").talents == ("revered",)


@pytest.mark.rules("fab:2.10.2", "fab:2.10.3", "fab:2.10.6a", "fab:2.6.3")
def test_several_subtypes_after_the_dash() -> None:
    affliction = fab.parse_type_line("Ice Action - Affliction Aura")
    assert affliction.subtypes == ("affliction", "aura")
    companion = fab.parse_type_line("Puffin Companion - Off-Hand Ally")
    assert companion.metatypes == ("puffin",) and companion.types == ("companion",)
    assert companion.subtypes == ("off-hand", "ally") and companion.supertypes == ()
    cog = fab.parse_type_line("Mechanologist Action - Cog Item")
    assert cog.subtypes == ("cog", "item")


@pytest.mark.rules("fab:2.15.2", "fab:2.15.6a", "fab:2.10.3")
def test_tokens_and_a_box_without_type() -> None:
    aura = fab.parse_type_line("Draconic Token - Aura")
    assert aura.types == ("token",) and aura.talents == ("draconic",)
    ally = fab.parse_type_line("Shadow Token - Demon Ally")
    assert ally.types == ("token",) and ally.subtypes == ("demon", "ally")
    bare = fab.parse_type_line("Token")
    assert bare.types == ("token",) and bare.supertypes == () and bare.subtypes == ()
    angel = fab.parse_type_line("Light - Angel Ally")  # no type between talent and dash
    assert angel.types == () and angel.talents == ("light",)
    assert angel.subtypes == ("angel", "ally")


@pytest.mark.rules("fab:2.15.6a", "fab:2.11.3", "fab:2.11.6a", "fab:2.10.6b")
def test_heroes() -> None:
    young = fab.parse_type_line("Elemental Guardian Hero - Young")
    assert young.types == ("hero",) and young.subtypes == ("young",)
    # the box gives Elemental only; Essence of Earth and Ice is in the text box
    assert young.talents == ("elemental",) and young.classes == ("guardian",)
    demi = fab.parse_type_line("Shadow Demi-Hero - Demon")
    assert demi.types == ("demi-hero",) and demi.subtypes == ("demon",)
    # a class keyword printed after the dash is still a supertype, not a subtype
    merchant = fab.parse_type_line("Hero - Merchant")
    assert merchant.classes == ("merchant",) and merchant.subtypes == ()


@pytest.mark.rules("fab:2.10.6a", "fab:2.10.6b", "fab:2.15.6a")
def test_equipment_and_weapons_with_slot_subtypes() -> None:
    arms = fab.parse_type_line("Assassin / Ninja Equipment - Arms")
    assert arms.types == ("equipment",) and arms.subtypes == ("arms",)
    chest = fab.parse_type_line("Ranger Equipment - Chest Trap")
    assert chest.subtypes == ("chest", "trap")
    sword = fab.parse_type_line("Warrior Weapon - Sword (2H)")
    assert sword.types == ("weapon",) and sword.subtypes == ("sword", "(2h)")
    brush = fab.parse_type_line("Adjudicator Weapon - Brush (1H)")
    assert brush.subtypes == ("brush", "(1h)") and brush.classes == ("adjudicator",)
    off_hand = fab.parse_type_line("Generic Equipment - Off-Hand")
    assert off_hand.generic and off_hand.subtypes == ("off-hand",)


@pytest.mark.rules("fab:2.14.1", "fab:2.11.6", "fab:2.15.2")
def test_split_card_has_the_words_of_both_boxes() -> None:
    meld = fab.parse_type_line("Runeblade Action // Earth Instant")
    assert [side.types for side in meld.sides] == [("action",), ("instant",)]
    assert meld.types == ("action", "instant")
    assert meld.classes == ("runeblade",) and meld.talents == ("earth",)
    assert meld.hybrid == ()  # "//" separates two boxes; it is not a hybrid "/"
    same_type = fab.parse_type_line("Wizard Instant // Lightning Instant")
    assert same_type.types == ("instant",) and same_type.supertypes == ("wizard", "lightning")
    assert fab.parse_type_line("Warrior Action - Attack").sides == ()


@pytest.mark.rules("fab:2.6.3", "fab:2.6.6", "fab:2.6.6a")
def test_metatypes_come_first() -> None:
    omens = fab.parse_type_line("Omens of the Third Age Macro")
    assert omens.metatypes == ("omens of the third age",) and omens.types == ("macro",)
    mentor = fab.parse_type_line("Arakni Mentor")
    assert mentor.metatypes == ("arakni",) and mentor.types == ("mentor",)
    landmark = fab.parse_type_line("High Seas Macro - Landmark")
    assert landmark.metatypes == ("high seas",) and landmark.subtypes == ("landmark",)


@pytest.mark.rules("fab:1.3.1")
def test_misprints_and_mistranscribed_boxes_read_as_printed() -> None:
    assert fab.parse_type_line("Nina Action - Attack").classes == ("ninja",)
    assert fab.parse_type_line("Nina Action - Attack").metatypes == ()
    trap = fab.parse_type_line("Assassin / Ninja Action Defense Reaction - Trap")
    assert trap.types == ("defense reaction",) and trap.subtypes == ("trap",)
    assert trap.hybrid == (("assassin",), ("ninja",))
    # the erratum is keyed by the whole box: "Action" alone is still a type
    assert fab.parse_type_line("Ranger Action - Trap").types == ("action",)


@pytest.mark.rules("fab:2.10.3", "fab:2.14.1a")
def test_data_comparison_normalises_openly_and_never_hides_a_mismatch() -> None:
    card = {
        "name": "Sample",
        "typeText": "Generic Action",
        "types": ["Action"],
        "subtypes": ["Non-Attack"],
        "classes": ["Generic"],
    }
    same = fab.compare_with_card_data(card)
    assert same.matches and same.notes == {fab.NOTE_NON_ATTACK}
    wrong_type = fab.compare_with_card_data({**card, "types": ["Instant"]})
    assert not wrong_type.matches
    assert wrong_type.mismatches() == {"types": (("instant",), ("action",))}
    # "NotClassed" would say the box prints no Generic
    assert not fab.compare_with_card_data({**card, "classes": ["NotClassed"]}).matches
    # a talent the box does not print is a mismatch unless an Essence names it
    hero = {
        "name": "Hero",
        "typeText": "Elemental Wizard Hero",
        "types": ["Hero"],
        "subtypes": [],
        "classes": ["Wizard"],
        "talents": ["Elemental", "Ice"],
    }
    assert not fab.compare_with_card_data(hero).matches
    essence = fab.compare_with_card_data({**hero, "functionalText": "**Essence of Ice**"})
    assert essence.matches and essence.notes == {fab.NOTE_ESSENCE}
