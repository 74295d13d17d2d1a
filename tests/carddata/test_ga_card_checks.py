"""Grand Archive card input that is wrong is refused where it is written (task e7):
type words and elements outside the game's closed lists, garbled text, a decimal stat
in a pool file, and a Modify of a property the game does not have."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from tests.helpers import card

import tcgrules
from tcgrules.carddata.bundled import definition_from_mapping
from tcgrules.errors import ArgumentError, CardDataError


def _define(**entry: object) -> tcgrules.CardDefinition:
    base: dict[str, object] = {"type": "ALLY - HUMAN", "element": "NORM", "cost": 1}
    base.update(entry)
    return definition_from_mapping("ga", "Weird", base, source="f.yaml", path="$.cards.Weird")


@pytest.mark.rules("ga:type-list/types")
def test_an_unknown_type_word_is_refused_at_its_key() -> None:
    with pytest.raises(CardDataError, match=r"\$\.cards\.Weird\.type.*FOO, not a Grand Archive"):
        _define(type="FOO - BAR")
    with pytest.raises(CardDataError, match="names no card type"):
        _define(type="UNIQUE - HUMAN")
    assert _define(type="UNIQUE ALLY - HUMAN WARRIOR").type_line == "UNIQUE ALLY - HUMAN WARRIOR"


@pytest.mark.rules("ga:type-list/elements")
def test_an_unknown_element_is_refused() -> None:
    with pytest.raises(CardDataError, match=r"\.element: element is 'PLASMA'.*UMBRA"):
        _define(element="PLASMA")
    assert _define(element="fire").values["element"] == "fire"


def test_garbled_text_is_an_error_not_a_text_left_unread() -> None:
    with pytest.raises(CardDataError, match=r"\.text: the text is garbled: '\]' at character 33"):
        _define(text="Deal 2 damage to target ((( unit]]. Target target target.")
    with pytest.raises(CardDataError, match=r"'\(' at character 1 is never closed"):
        _define(text="(Deal 2 damage to target unit.")
    fine = "[Class Bonus] Deal 2 damage to target unit. (It is dealt at once.)"
    assert _define(text=fine).text == fine


def test_a_decimal_stat_in_a_pool_file_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "pool.json"
    path.write_text(json.dumps([{"name": "A", "types": ["ALLY"], "effect": "", "power": "2.5"}]))
    with pytest.raises(CardDataError, match=r"\$\[0\]\.power: field 'power' is string '2\.5'"):
        tcgrules.pool_card("ga", "A", path=path)


def test_modify_of_a_property_the_game_lacks_is_refused() -> None:
    game = tcgrules.new_game("ga", ["Alice", "Bob"])
    ally = game.create(card("ga", "Guard", "ALLY - GUARDIAN", power=1, life=4), "Alice", "field")
    before = game.characteristics(ally)
    with pytest.raises(ArgumentError, match="numeric property of Grand Archive"):
        game.add_effect(ally, tcgrules.Modify("powr", 1))
    assert game.characteristics(ally) == before
    game.add_effect(ally, tcgrules.Modify("power", 1))
    assert game.characteristics(ally).number("power") == 2
