"""Zone and type vocabularies of the three games, and their type-line parsers."""

from __future__ import annotations

import gzip
import json
from pathlib import Path
from typing import Any

import pytest

from tcgrules.catalogs import catalog
from tcgrules.games.flesh_and_blood import vocabulary as fab
from tcgrules.games.grand_archive import vocabulary as ga
from tcgrules.games.magic import vocabulary as mtg
from tcgrules.rules import RuleRef

CARDS = Path("/work/shared/cards")


def _pool(name: str) -> list[dict[str, Any]]:
    path = CARDS / name
    if not path.exists():
        pytest.skip(f"card pool {path} not available")
    with gzip.open(path) as fh:
        data: list[dict[str, Any]] = json.load(fh)
    return data


@pytest.mark.parametrize("module", [mtg, fab, ga])
def test_zones_are_named_once_and_cite_catalogued_rules(module: Any) -> None:
    names: list[str] = []
    for zone in module.ZONES:
        names.append(zone.name)
        names.extend(zone.aliases)
        ref = RuleRef.parse(zone.rule)
        assert ref.number in catalog(ref.game), zone.rule
    assert len(names) == len(set(names))
    assert sum(z.is_stack for z in module.ZONES) == 1


def test_zone_aliases_per_game() -> None:
    assert {z.name for z in mtg.ZONES} == {
        "library", "hand", "battlefield", "graveyard", "stack", "exile", "command",
    }  # fmt: skip
    ga_stack = next(z for z in ga.ZONES if z.is_stack)
    assert ga_stack.name == "effects_stack" and "stack" in ga_stack.aliases
    assert "exile" not in next(z for z in fab.ZONES if z.name == "banished").aliases  # fab:3.0.1
    assert "arena" in next(z for z in fab.ZONES if z.name == "permanent").aliases
    assert {"inner_lineage", "loaded_cards"} <= {z.name for z in ga.ZONES}


def test_mtg_type_line() -> None:
    line = mtg.parse_type_line("Legendary Creature — Elf Warrior")
    assert line == mtg.TypeLine(("legendary",), ("creature",), ("elf", "warrior"))
    assert mtg.parse_type_line("Creature — Time Lord").subtypes == ("time lord",)
    assert mtg.parse_type_line("Basic Snow Land - Forest").supertypes == ("basic", "snow")
    assert mtg.split_faces("Instant // Sorcery") == ["Instant", "Sorcery"]


def test_fab_type_box() -> None:
    box = fab.parse_type_line("Generic Equipment - Head")
    assert box.generic and box.supertypes == () and box.subtypes == ("head",)
    hybrid = fab.parse_type_line("Brute / Warrior Action - Attack")
    assert hybrid.hybrid == (("brute",), ("warrior",))
    assert set(hybrid.supertypes) == {"brute", "warrior"}
    assert fab.parse_type_line("Draconic Ninja Attack Reaction").types == ("attack reaction",)
    weapon = fab.parse_type_line("Guardian Weapon — Hammer (2H)")
    assert weapon.subtypes == ("hammer", "(2h)") and weapon.classes == ("guardian",)
    macro = fab.parse_type_line("Rosetta Macro")
    assert macro.metatypes == ("rosetta",) and macro.types == ("macro",)
    talent = fab.parse_type_line("Ice Wizard Action")
    assert talent.talents == ("ice",) and talent.classes == ("wizard",)


def test_ga_type_line() -> None:
    line = ga.parse_type_line("ALLY - HUMAN WARRIOR")
    assert line.types == ("ally",) and line.subtypes == ("human", "warrior")
    assert line.classes == ("warrior",)
    regalia = ga.parse_type_line("REGALIA WEAPON — SWORD")
    assert regalia.supertypes == ("regalia",) and regalia.types == ("weapon",)
    assert ga.parse_type_line("ACTION - MAGE/CLERIC SPELL").classes == ("mage", "cleric")


def test_every_fab_type_box_in_the_pool_parses() -> None:
    unknown: dict[str, set[str]] = {}
    for card in _pool("fab-cards-3.8.6.json.gz"):
        text = card.get("typeText") or ""
        box = fab.parse_type_line(text)
        if not (box.types or box.subtypes):
            unknown.setdefault("empty", set()).add(text)
        for word in box.metatypes:
            if word not in fab.KNOWN_METATYPES:
                unknown.setdefault("metatype", set()).add(word)
        for word in box.types:
            if word not in fab.TYPES:
                unknown.setdefault("type", set()).add(word)
        for word in box.subtypes:
            # one hero ("Hero - Merchant") prints its class in the subtype slot
            if word not in fab.SUBTYPES | fab.CLASS_WORDS:
                unknown.setdefault("subtype", set()).add(word)
    assert not unknown, f"FaB type-box words in no known category: {unknown}"


def test_every_ga_type_line_in_the_pool_parses() -> None:
    unknown: dict[str, set[str]] = {}
    for card in _pool("ga-cards-2026-02.json.gz"):
        text = " ".join(card["types"])
        if card["subtypes"]:
            text += " - " + " ".join(card["subtypes"])
        line = ga.parse_type_line(text)
        assert line.types or line.supertypes, text
        for word in line.unknown:
            unknown.setdefault("supertype", set()).add(word)
        for word in line.types:
            if word not in ga.TYPES:
                unknown.setdefault("type", set()).add(word)
        for word in line.subtypes:
            if word not in ga.SUBTYPES:
                unknown.setdefault("subtype", set()).add(word)
    assert not unknown, f"GA typeline words in no known category: {unknown}"


def test_mtg_pool_type_lines_use_known_types() -> None:
    unknown: dict[str, set[str]] = {}
    for card in _pool("mtg-oracle-cards-2025-09-25.json.gz"):
        for face in mtg.split_faces(card.get("type_line") or ""):
            line = mtg.parse_type_line(face)
            for word in line.types:
                # Scryfall types Unfinity sticker sheets "Stickers"; they are not cards
                if word not in mtg.CARD_TYPES | {"stickers"}:
                    unknown.setdefault("type", set()).add(word)
    assert not unknown, f"MTG type-line words in no known category: {unknown}"
