"""Flesh and Blood and Grand Archive card loaders: happy paths, every error, whole pools."""

from __future__ import annotations

import gzip
import io
import json
import os
from pathlib import Path
from typing import Any

import pytest

from tcgrules.carddata.flesh_and_blood import load_fab_cards
from tcgrules.carddata.grand_archive import ELEMENT_NOT_IN_DATA, load_ga_cards
from tcgrules.errors import CardDataError, InputError

SHARED = Path("/work/shared/cards")

# --------------------------------------------------------------------------- fixtures

SNATCH_RED: dict[str, Any] = {
    "cardIdentifier": "snatch-red",
    "name": "Snatch",
    "typeText": "Generic Action - Attack",
    "types": ["Action"],
    "subtypes": ["Attack"],
    "classes": ["Generic"],
    "cost": 0,
    "pitch": 1,
    "power": 4,
    "defense": 2,
    "functionalText": "When this hits, draw a card.",
}
SNATCH_BLUE = {**SNATCH_RED, "cardIdentifier": "snatch-blue", "pitch": 3, "power": 2}
SIGIL: dict[str, Any] = {
    "name": "Sigil of Solace",
    "typeText": "Generic Instant",
    "cost": 0,
    "pitch": 1,
    "functionalText": "Gain 3{h}.",
}
KANO: dict[str, Any] = {
    "name": "Kano, Dracai of Aether",
    "typeText": "Wizard Hero",
    "life": 30,
    "intellect": 4,
    "functionalText": "**Instant** - {r}{r}{r}: Look at the top card of your deck.",
}
HYPER_SCRAPPER: dict[str, Any] = {
    "name": "Hyper Scrapper",
    "typeText": "Mechanologist Action - Attack",
    "specialCost": "X",
    "pitch": 3,
    "power": 2,
    "defense": 3,
    "functionalText": None,
}
NULLRUNE_HOOD: dict[str, Any] = {
    "name": "Nullrune Hood",
    "typeText": "Generic Equipment - Head",
    "defense": 0,
    "functionalText": "**Arcane Barrier 1**",
}

LORRAINE: dict[str, Any] = {
    "name": "Lorraine, Wandering Warrior",
    "types": ["CHAMPION"],
    "subtypes": ["WARRIOR", "HUMAN"],
    "effect": "On Enter: Materialize a weapon card with memory cost 0 from your material deck.",
    "element": "NORM",
    "classes": "WARRIOR",
    "memory_cost": "1",
    "reserve_cost": "-1",
    "level": "1",
    "power": "-1",
    "life": "20",
    "durability": "-1",
    "speed": "-1",
}
CREATIVE_SHOCK: dict[str, Any] = {
    "name": "Creative Shock",
    "types": ["ACTION"],
    "subtypes": ["MAGE", "SPELL"],
    "effect": "Draw two cards, then discard a card.",
    "element": "FIRE",
    "classes": "MAGE",
    "memory_cost": -1,
    "reserve_cost": 3,
    "level": 0,
    "power": -1,
    "life": -1,
    "durability": -1,
    "speed": 1,
}
LONGSWORD: dict[str, Any] = {
    "name": "Warrior's Longsword",
    "types": ["REGALIA", "WEAPON"],
    "subtypes": ["SWORD"],
    "effect": "[Class Bonus] Warrior's Longsword gets +1 POWER.",
    "element": "NORM",
    "classes": "WARRIOR",
    "memory_cost": "1",
    "reserve_cost": "-1",
    "level": "0",
    "power": "1",
    "life": "-1",
    "durability": "2",
    "speed": "-1",
}
NO_STATS: dict[str, Any] = {
    "name": "Excalibur, Reflected Edge",
    "types": ["UNIQUE", "WEAPON"],
    "subtypes": ["ASSASSIN", "MAGE", "SWORD"],
    "effect": "True Sight, Spellshroud",
}


def _write(tmp_path: Path, name: str, data: object, *, gz: bool = False) -> Path:
    raw = json.dumps(data).encode()
    path = tmp_path / name
    path.write_bytes(gzip.compress(raw) if gz else raw)
    return path


def _error(load: Any, data: object, tmp_path: Path) -> CardDataError:
    path = _write(tmp_path, "cards.json", data)
    with pytest.raises(CardDataError) as info:
        load(path)
    return info.value


# --------------------------------------------------------------------------- FaB


def test_fab_one_definition_per_pitch_version(tmp_path: Path) -> None:
    cards = load_fab_cards(_write(tmp_path, "fab.json", [SNATCH_RED, SNATCH_BLUE]))
    assert [c.name for c in cards] == ["Snatch", "Snatch"]
    assert [c.values["pitch"] for c in cards] == [1, 3]
    red = cards[0]
    assert dict(red.values) == {"cost": 0, "pitch": 1, "power": 4, "defense": 2}
    assert red.game == "fab"
    assert red.type_line == "Generic Action - Attack"
    assert red.text == "When this hits, draw a card."


@pytest.mark.rules("fab:2.3.2")
def test_fab_missing_values_are_absent_not_zero(tmp_path: Path) -> None:
    sigil, kano, hood = load_fab_cards(_write(tmp_path, "fab.json", [SIGIL, KANO, NULLRUNE_HOOD]))
    assert "defense" not in sigil.values
    assert "power" not in sigil.values
    assert dict(kano.values) == {"life": 30, "intellect": 4}
    assert hood.values["defense"] == 0  # printed 0 is a value; missing is no value


def test_fab_symbol_values_stay_strings_and_null_text_is_empty(tmp_path: Path) -> None:
    (scrapper,) = load_fab_cards(_write(tmp_path, "fab.json", [HYPER_SCRAPPER]))
    assert scrapper.values["cost"] == "X"
    assert scrapper.text == ""


@pytest.mark.parametrize("gz", [False, True])
def test_fab_reads_plain_and_gzip_paths(tmp_path: Path, gz: bool) -> None:
    path = _write(tmp_path, "fab.json.gz" if gz else "fab.json", [SNATCH_RED], gz=gz)
    assert load_fab_cards(path)[0].name == "Snatch"
    assert load_fab_cards(str(path))[0].name == "Snatch"


def test_fab_reads_open_files(tmp_path: Path) -> None:
    raw = json.dumps([SNATCH_RED])
    assert load_fab_cards(io.StringIO(raw))[0].name == "Snatch"
    assert load_fab_cards(io.BytesIO(gzip.compress(raw.encode())))[0].name == "Snatch"
    with _write(tmp_path, "fab.json", [SNATCH_RED]).open("rb") as fh:
        assert load_fab_cards(fh)[0].values["power"] == 4


def test_fab_missing_name_is_located(tmp_path: Path) -> None:
    entry = {k: v for k, v in SNATCH_RED.items() if k != "name"}
    err = _error(load_fab_cards, [SIGIL, entry], tmp_path)
    assert err.path == "$[1].name"
    assert err.source is not None and err.source.endswith("cards.json")
    assert err.expected == "a string"
    assert "$[1].name" in str(err)
    assert isinstance(err, InputError) and isinstance(err, ValueError)


def test_fab_missing_type_text_is_located(tmp_path: Path) -> None:
    entry = {k: v for k, v in SNATCH_RED.items() if k != "typeText"}
    assert _error(load_fab_cards, [entry], tmp_path).path == "$[0].typeText"


def test_fab_name_of_wrong_type(tmp_path: Path) -> None:
    err = _error(load_fab_cards, [{**SNATCH_RED, "name": 12}], tmp_path)
    assert err.path == "$[0].name"
    assert err.expected == "a non-empty string"


def test_fab_non_integer_value(tmp_path: Path) -> None:
    err = _error(load_fab_cards, [SIGIL, SIGIL, {**SNATCH_RED, "power": "4"}], tmp_path)
    assert err.path == "$[2].power"
    assert err.expected is not None and "integer" in err.expected


def test_fab_bad_special_value(tmp_path: Path) -> None:
    err = _error(load_fab_cards, [{**HYPER_SCRAPPER, "specialCost": ["X"]}], tmp_path)
    assert err.path == "$[0].specialCost"


def test_fab_bad_text(tmp_path: Path) -> None:
    err = _error(load_fab_cards, [{**SNATCH_RED, "functionalText": ["draw"]}], tmp_path)
    assert err.path == "$[0].functionalText"


REDBACK: dict[str, Any] = {
    "name": "Arakni, Redback",
    "typeText": "Chaos Assassin Demi-Hero",
    "intellect": 4,
    "specialLife": "*",
    "traits": ["Agent of Chaos"],
    "functionalText": "At the beginning of your end phase, **return to the brood**.",
}


@pytest.mark.rules("fab:2.13.2")
def test_fab_traits_are_read_as_printed(tmp_path: Path) -> None:
    redback, sigil = load_fab_cards(
        _write(tmp_path, "fab.json", [REDBACK, {**SIGIL, "traits": None}])
    )
    assert redback.values["traits"] == ("Agent of Chaos",)
    assert "traits" not in sigil.values  # null or missing: no traits


@pytest.mark.parametrize(
    ("traits", "path"),
    [
        ("Agent of Chaos", "$[1].traits"),
        (["Agent of Chaos", 3], "$[1].traits[1]"),
        ([""], "$[1].traits[0]"),
    ],
)
def test_fab_malformed_traits_are_located(tmp_path: Path, traits: object, path: str) -> None:
    err = _error(load_fab_cards, [SIGIL, {**REDBACK, "traits": traits}], tmp_path)
    assert err.path == path
    assert err.expected is not None


def test_fab_entry_not_an_object(tmp_path: Path) -> None:
    err = _error(load_fab_cards, [SNATCH_RED, "Snatch"], tmp_path)
    assert err.path == "$[1]"
    assert err.expected == "an object"


def test_fab_top_level_not_an_array(tmp_path: Path) -> None:
    err = _error(load_fab_cards, {"name": "Snatch"}, tmp_path)
    assert err.path == "$"
    assert err.expected == "an array of card objects"


def test_fab_invalid_json_has_line_and_column(tmp_path: Path) -> None:
    path = tmp_path / "broken.json"
    path.write_text('[{"name": "Snatch",\n  "typeText": }]')
    with pytest.raises(CardDataError) as info:
        load_fab_cards(path)
    assert info.value.line == 2
    assert info.value.column is not None
    assert "broken.json:2:" in str(info.value)


def test_fab_missing_file(tmp_path: Path) -> None:
    with pytest.raises(CardDataError) as info:
        load_fab_cards(tmp_path / "nope.json")
    assert info.value.source is not None and info.value.source.endswith("nope.json")


def test_fab_corrupt_gzip(tmp_path: Path) -> None:
    path = tmp_path / "fab.json.gz"
    path.write_bytes(gzip.compress(b"[]")[:-6])
    with pytest.raises(CardDataError, match="gzip"):
        load_fab_cards(path)


# --------------------------------------------------------------------------- GA


def test_ga_champion_values_and_type_line(tmp_path: Path) -> None:
    (lorraine,) = load_ga_cards(_write(tmp_path, "ga.json", [LORRAINE]))
    assert lorraine.game == "ga"
    assert lorraine.name == "Lorraine, Wandering Warrior"
    assert lorraine.type_line == "CHAMPION - WARRIOR HUMAN"
    assert dict(lorraine.values) == {"element": "NORM", "memory": 1, "level": 1, "life": 20}
    assert lorraine.text.startswith("On Enter:")


def test_ga_minus_one_is_absent_and_numbers_may_be_ints(tmp_path: Path) -> None:
    (shock,) = load_ga_cards(_write(tmp_path, "ga.json", [CREATIVE_SHOCK]))
    assert dict(shock.values) == {"element": "FIRE", "reserve": 3, "speed": "fast"}
    assert shock.type_line == "ACTION - MAGE SPELL"


def test_ga_missing_class_goes_first_among_subtypes(tmp_path: Path) -> None:
    (sword,) = load_ga_cards(_write(tmp_path, "ga.json", [LONGSWORD]))
    assert sword.type_line == "REGALIA WEAPON - WARRIOR SWORD"
    assert dict(sword.values) == {"element": "NORM", "memory": 1, "power": 1, "durability": 2}


def test_ga_entry_without_stats(tmp_path: Path) -> None:
    (edge,) = load_ga_cards(_write(tmp_path, "ga.json.gz", [NO_STATS], gz=True))
    assert edge.type_line == "UNIQUE WEAPON - ASSASSIN MAGE SWORD"
    # the entry leaves the element out: unknown, not Norm (which a printed card without
    # one would be, ga:parts-of-a-card-element/1.1)
    assert dict(edge.values) == {"element": ELEMENT_NOT_IN_DATA}


def test_ga_missing_name(tmp_path: Path) -> None:
    entry = {k: v for k, v in LORRAINE.items() if k != "name"}
    err = _error(load_ga_cards, [LONGSWORD, entry], tmp_path)
    assert err.path == "$[1].name"


def test_ga_missing_types(tmp_path: Path) -> None:
    entry = {k: v for k, v in LORRAINE.items() if k != "types"}
    err = _error(load_ga_cards, [entry], tmp_path)
    assert err.path == "$[0].types"
    assert err.expected == "an array of strings"


def test_ga_empty_types(tmp_path: Path) -> None:
    err = _error(load_ga_cards, [{**LORRAINE, "types": []}], tmp_path)
    assert err.path == "$[0].types"


def test_ga_subtypes_not_a_list(tmp_path: Path) -> None:
    err = _error(load_ga_cards, [{**LORRAINE, "subtypes": "WARRIOR HUMAN"}], tmp_path)
    assert err.path == "$[0].subtypes"


def test_ga_bad_stat(tmp_path: Path) -> None:
    err = _error(load_ga_cards, [LORRAINE, {**LORRAINE, "life": "twenty life"}], tmp_path)
    assert err.path == "$[1].life"
    assert err.expected is not None and "-1" in err.expected


def test_ga_bad_speed(tmp_path: Path) -> None:
    err = _error(load_ga_cards, [{**CREATIVE_SHOCK, "speed": 7}], tmp_path)
    assert err.path == "$[0].speed"


def test_ga_bad_element_and_classes(tmp_path: Path) -> None:
    assert _error(load_ga_cards, [{**LORRAINE, "element": 3}], tmp_path).path == "$[0].element"
    assert _error(load_ga_cards, [{**LORRAINE, "classes": 3}], tmp_path).path == "$[0].classes"


def test_ga_top_level_not_an_array(tmp_path: Path) -> None:
    assert _error(load_ga_cards, "cards", tmp_path).path == "$"


# --------------------------------------------------------------------------- whole pools


def _pool(variable: str, filename: str) -> Path:
    given = os.environ.get(variable)
    if given:
        return Path(given)
    if (SHARED / filename).exists():
        return SHARED / filename
    pytest.skip(
        f"no card pool: set {variable} to a downloaded file "
        f"(the tests never download), or provide {SHARED / filename}"
    )


def test_fab_whole_pool_loads() -> None:
    cards = load_fab_cards(_pool("TCGRULES_FAB_CARDS", "fab-cards-3.8.6.json.gz"))
    assert len(cards) > 1000
    assert all(c.game == "fab" and c.name and c.type_line for c in cards)
    assert all(
        isinstance(v, int | str) or (k == "traits" and isinstance(v, tuple))
        for c in cards
        for k, v in c.values.items()
    )
    # no printed value is invented: a card without defense has no defense key
    assert any("defense" not in c.values for c in cards)
    snatch = [c for c in cards if c.name == "Snatch"]
    assert sorted(c.values["pitch"] for c in snatch) == [1, 2, 3]
    allowed = {"cost", "pitch", "power", "defense", "life", "intellect", "arcane", "traits"}
    assert all(set(c.values) <= allowed for c in cards)
    # the pool's traits (fab:2.13.2): the six Agents of Chaos, and no card else
    with_traits = {c.name: c.values["traits"] for c in cards if "traits" in c.values}
    assert with_traits["Arakni, Redback"] == ("Agent of Chaos",)
    assert set(with_traits.values()) == {("Agent of Chaos",)}
    assert len(with_traits) == 6


def test_ga_whole_pool_loads() -> None:
    cards = load_ga_cards(_pool("TCGRULES_GA_CARDS", "ga-cards-2026-02.json.gz"))
    assert len(cards) > 1000
    assert all(c.game == "ga" and c.name and c.type_line for c in cards)
    assert all(v != -1 for c in cards for v in c.values.values())
    champions = [c for c in cards if c.type_line.startswith("CHAMPION")]
    assert champions and all(
        "level" in c.values for c in champions if c.values["element"] != ELEMENT_NOT_IN_DATA
    )
    assert not any("level" in c.values for c in cards if "CHAMPION" not in c.type_line)
