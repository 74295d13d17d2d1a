"""The bundled sample cards and the scenario-style card definition reader."""

from __future__ import annotations

from typing import Any

import pytest

from tcgrules.carddata.bundled import (
    bundled_cards,
    colors_from_cost,
    definition_from_mapping,
)
from tcgrules.errors import CardDataError, UnknownGameError


@pytest.mark.parametrize(
    ("game", "alias", "at_least"),
    [("mtg", "magic", 60), ("fab", "flesh-and-blood", 20), ("ga", "grand-archive", 20)],
)
def test_each_bundled_file_loads(game: str, alias: str, at_least: int) -> None:
    cards = bundled_cards(game)
    assert len(cards) >= at_least
    assert bundled_cards(alias) is cards  # aliases share one cached mapping
    assert all(c.game == game and c.type_line for c in cards.values())


def test_unknown_game() -> None:
    with pytest.raises(UnknownGameError):
        bundled_cards("pokemon")


@pytest.mark.rules("mtg:202.2", "mtg:105.2")
def test_lightning_bolt() -> None:
    bolt = bundled_cards("mtg")["Lightning Bolt"]
    assert bolt.name == "Lightning Bolt"
    assert bolt.type_line == "Instant"
    assert bolt.values["cost"] == "{R}"
    assert bolt.values["colors"] == ("red",)
    assert bolt.text == "Lightning Bolt deals 3 damage to any target."


@pytest.mark.rules("mtg:105.2", "mtg:202.2")
def test_mtg_colors_from_cost_hybrid_phyrexian_and_colorless() -> None:
    mtg = bundled_cards("mtg")
    assert mtg["Slippery Bogle"].values["colors"] == ("blue", "green")  # {G/U}
    assert mtg["Lightning Helix"].values["colors"] == ("white", "red")
    assert "colors" not in mtg["Memnite"].values  # {0}: colorless
    assert "colors" not in mtg["Forest"].values  # no mana cost
    assert "cost" not in mtg["Forest"].values
    assert mtg["Dryad Arbor"].values["colors"] == ("green",)  # given, no cost
    assert colors_from_cost("{U/P}{2/W}") == ("white", "blue")
    assert colors_from_cost("{X}{C}{S}{3}") == ()


def test_mtg_printed_values() -> None:
    mtg = bundled_cards("mtg")
    assert mtg["Runeclaw Bear"].values["power"] == 2
    assert mtg["Runeclaw Bear"].type_line == "Creature — Bear"
    assert mtg["Liliana of the Veil"].values["loyalty"] == 3
    assert mtg["Invasion of Zendikar"].values["defense"] == 3
    assert "Hexproof" in mtg["Gladecover Scout"].text


@pytest.mark.rules("fab:2.3.2")
def test_fab_card_without_defense_has_no_defense_key() -> None:
    fab = bundled_cards("fab")
    assert "defense" not in fab["Sigil of Solace"].values
    assert "defense" not in fab["Dawnblade"].values
    assert fab["Nullrune Hood"].values["defense"] == 0
    assert fab["Arcanite Fortress"].values["defense"] == "*"
    assert fab["Hyper Scrapper"].values["cost"] == "X"
    assert fab["Blazing Aether"].values["arcane"] == "X"


def test_fab_pitch_versions_share_a_name() -> None:
    fab = bundled_cards("fab")
    versions = [fab[f"Snatch ({color})"] for color in ("red", "yellow", "blue")]
    assert {c.name for c in versions} == {"Snatch"}
    assert [c.values["pitch"] for c in versions] == [1, 2, 3]
    assert [c.values["power"] for c in versions] == [4, 3, 2]
    hero = fab["Kano, Dracai of Aether"]
    assert dict(hero.values) == {"life": 30, "intellect": 4}


def test_ga_stats() -> None:
    ga = bundled_cards("ga")
    lorraine = ga["Lorraine, Wandering Warrior"]
    assert lorraine.type_line == "CHAMPION - WARRIOR HUMAN"
    assert dict(lorraine.values) == {"element": "NORM", "memory": 1, "level": 1, "life": 20}
    assert [ga[n].values["level"] for n in ("Spirit of Fire", "Lorraine, Crux Knight")] == [0, 3]
    sword = ga["Warrior's Longsword"]
    assert sword.values["durability"] == 2
    assert "reserve" not in sword.values
    assert ga["Creative Shock"].values["reserve"] == 3
    assert "level" not in ga["Academy Guide"].values


# --------------------------------------------------------------------------- reader


def test_definition_from_mapping_scenario_form() -> None:
    bear = definition_from_mapping(
        "magic", "Runeclaw Bear", {"type": "Creature — Bear", "power": 2, "toughness": 2}
    )
    assert bear.game == "mtg"
    assert bear.text == ""
    assert dict(bear.values) == {"power": 2, "toughness": 2}
    given = definition_from_mapping(
        "mtg", "Painted", {"type": "Artifact", "cost": "{3}", "colors": ["R", "white"]}
    )
    assert given.values["colors"] == ("white", "red")


def test_definition_from_mapping_ga_cost_forms() -> None:
    short = definition_from_mapping("ga", "X", {"type": "ALLY - HUMAN", "reserve": 3})
    nested = definition_from_mapping("ga", "X", {"type": "ALLY - HUMAN", "cost": {"memory": 1}})
    assert dict(short.values) == {"reserve": 3}
    assert dict(nested.values) == {"memory": 1}
    fast = definition_from_mapping("ga", "X", {"type": "ACTION", "speed": "Fast"})
    assert fast.values["speed"] == "fast"


@pytest.mark.rules("fab:2.13.2")
def test_fab_traits_are_printed_values() -> None:
    spider = definition_from_mapping(
        "fab", "Spider", {"type": "Generic Action - Ally", "traits": ["Agent of Chaos"]}
    )
    assert spider.values["traits"] == ("Agent of Chaos",)
    one = definition_from_mapping(
        "fab", "Spider", {"type": "Generic Action", "traits": "Agent of Chaos"}
    )
    assert one.values["traits"] == ("Agent of Chaos",)
    assert bundled_cards("fab")["Arakni, Redback"].values["traits"] == ("Agent of Chaos",)


def test_definition_from_mapping_fab_pitch_suffix() -> None:
    card = definition_from_mapping("fab", "Head Jab (blue)", {"type": "Ninja Action - Attack"})
    assert card.name == "Head Jab"
    assert card.values["pitch"] == 3
    with pytest.raises(CardDataError) as info:
        definition_from_mapping("fab", "Head Jab (blue)", {"type": "Ninja Action", "pitch": 1})
    assert info.value.path == "$.pitch"


@pytest.mark.parametrize(
    ("game", "mapping", "path"),
    [
        ("mtg", "Creature — Bear", "$.cards['Runeclaw Bear']"),
        ("mtg", {"text": "Flying"}, "$.cards['Runeclaw Bear'].type"),
        ("mtg", {"type": 3}, "$.cards['Runeclaw Bear'].type"),
        ("mtg", {"type": "Creature", "power": [2]}, "$.cards['Runeclaw Bear'].power"),
        ("mtg", {"type": "Creature", "power": True}, "$.cards['Runeclaw Bear'].power"),
        ("mtg", {"type": "Creature", "cost": "1G"}, "$.cards['Runeclaw Bear'].cost"),
        (
            "mtg",
            {"type": "Creature", "colors": ["red", "pink"]},
            "$.cards['Runeclaw Bear'].colors[1]",
        ),
        ("mtg", {"type": "Creature", "text": 5}, "$.cards['Runeclaw Bear'].text"),
        ("mtg", {"type": "Creature", "pitch": 1}, "$.cards['Runeclaw Bear'].pitch"),
        ("fab", {"type": "Generic Action", "defense": None}, "$.cards['Runeclaw Bear'].defense"),
        ("fab", {"type": "Generic Action", "traits": 3}, "$.cards['Runeclaw Bear'].traits"),
        (
            "fab",
            {"type": "Generic Action", "traits": ["A", 2]},
            "$.cards['Runeclaw Bear'].traits[1]",
        ),
        ("mtg", {"type": "Creature", "traits": ["A"]}, "$.cards['Runeclaw Bear'].traits"),
        ("ga", {"type": "ALLY", "reserve": 1, "memory": 1}, "$.cards['Runeclaw Bear'].memory"),
        ("ga", {"type": "ALLY", "cost": {"mana": 1}}, "$.cards['Runeclaw Bear'].cost"),
        ("ga", {"type": "ALLY", "speed": "quick"}, "$.cards['Runeclaw Bear'].speed"),
        ("ga", {"type": "ALLY", "element": ""}, "$.cards['Runeclaw Bear'].element"),
    ],
)
def test_definition_from_mapping_errors_carry_path(game: str, mapping: Any, path: str) -> None:
    with pytest.raises(CardDataError) as info:
        definition_from_mapping(
            game,
            "Runeclaw Bear",
            mapping,
            source="scenario.yaml",
            path="$.cards['Runeclaw Bear']",
        )
    err = info.value
    assert err.path == path
    assert err.source == "scenario.yaml"
    assert err.expected
    assert str(err).startswith(f"scenario.yaml {path}: ")


def test_definition_from_mapping_plain_key_path() -> None:
    with pytest.raises(CardDataError) as info:
        definition_from_mapping(
            "mtg", "Bear", {"type": "Creature", "power": {}}, path="$.cards.Bear"
        )
    assert info.value.path == "$.cards.Bear.power"
