"""Flesh and Blood cards as input: what a type box and the printed values may be
(fab:2.14.1, 2.0.3c, 2.8.2), split cards (fab:9.2), a player and their hero (fab:1.1.2b,
4.5.3a), what the hero and equipment zones hold (fab:3.11.2, 3.16.2a, ...), damage types
(fab:8.5.3b) and properties the game doesn't have."""

from __future__ import annotations

from typing import Any

import pytest

import tcgrules
from tcgrules.carddata.bundled import bundled_cards
from tcgrules.carddata.flesh_and_blood import fab_card_from_json
from tcgrules.carddata.model import CardDefinition
from tcgrules.errors import ArgumentError, CardDataError, InputError, NotSupportedError
from tcgrules.games.flesh_and_blood.card_checks import type_box_problems, value_problem
from tcgrules.games.flesh_and_blood.split_cards import played_side
from tcgrules.kernel import play
from tcgrules.kernel.effects import Modify, SetBase
from tcgrules.kernel.game import Game
from tcgrules.kernel.objects import PlayerRef
from tcgrules.kernel.resolution import resolve_top
from tcgrules.scenario.session import Session

CARDS = bundled_cards("fab")
DART = CARDS["Aether Dart (red)"]
SPLIT_JSON: dict[str, Any] = {
    "name": "Comet Storm // Shock",
    "typeText": "Wizard Action // Lightning Instant",
    "functionalText": (
        "Deal 5 arcane damage to any target.\n\n//\n\nDeal 1 arcane damage to any target."
    ),
    "cost": 2,
    "pitch": 1,
    "defense": 3,
}


def _session() -> Session:
    s = Session("fab", ["Alice", "Bob"])
    s.put("Alice", "hero", "Kano, Dracai of Aether")
    s.put("Bob", "hero", "Dorinthea Ironsong")
    return s


# --------------------------------------------------------------------------- type box


@pytest.mark.parametrize(
    "box",
    [
        "Generic Action - Attack",
        "Brute / Warrior Action",
        "Wizard Action // Lightning Instant",
        "Generic Equipment - Head",
        "Rosetta Wizard Action",
        "Mechanologist Weapon - Pistol (1H)",
    ],
)
def test_type_boxes_of_known_words_are_fine(box: str) -> None:
    assert type_box_problems(box) == []


def test_type_box_with_unknown_words_names_them_and_the_closest() -> None:
    (problem,) = type_box_problems("Wizzard Acton")
    assert "'wizzard' (did you mean 'wizard'?)" in problem
    assert "'acton' (did you mean 'action'?)" in problem
    assert "fab:2.14.1" in problem
    (sub,) = type_box_problems("Generic Action - Atack")
    assert "'atack' (did you mean 'attack'?)" in sub


def test_a_card_definition_with_unknown_type_words_is_refused_by_the_game() -> None:
    game = tcgrules.new_game("fab", ["Alice", "Bob"])
    card = CardDefinition("fab", "X", "Frobnicate Gizmo - Zorp", text="")
    with pytest.raises(CardDataError) as info:
        game.create(card, "Alice", "hand")
    assert info.value.path == "$.type_line"
    assert "'frobnicate'" in info.value.message


def test_pool_entries_are_checked_with_their_json_path() -> None:
    with pytest.raises(CardDataError) as info:
        fab_card_from_json({"name": "X", "typeText": "Wizzard Acton"}, "pool.json", "$[7]")
    assert info.value.path == "$[7].typeText"
    with pytest.raises(CardDataError) as info:
        fab_card_from_json({"name": "X", "typeText": "Generic Action", "pitch": 5}, "p", "$[1]")
    assert info.value.path == "$[1].pitch" and "fab:2.8.2" in info.value.message
    with pytest.raises(CardDataError) as info:
        fab_card_from_json(
            {"name": "X", "typeText": "Generic Action", "specialCost": "abc"}, "p", "$[2]"
        )
    assert info.value.path == "$[2].specialCost"


# --------------------------------------------------------------------------- printed values


@pytest.mark.parametrize(
    ("key", "value", "fragment"),
    [
        ("power", -2, "fab:2.0.3c"),
        ("intellect", -1, "fab:2.0.3c"),
        ("pitch", 0, "fab:2.8.2"),
        ("pitch", 4, "fab:2.8.2"),
        ("pitch", "X", "fab:2.8.2"),
        ("cost", "abc", "'abc'"),
        ("defense", "forty", "'forty'"),
        ("cost", "{c}", "{c}"),
    ],
)
def test_impossible_printed_values(key: str, value: object, fragment: str) -> None:
    problem = value_problem(key, value)
    assert problem is not None and fragment in problem


@pytest.mark.parametrize(
    ("key", "value"),
    [
        ("cost", 0),
        ("cost", "X"),
        ("cost", "XX"),
        ("cost", "X3"),
        ("cost", "{r}{r}"),
        ("pitch", "{c}{c}{c}"),
        ("pitch", 3),
        ("defense", "*"),
        ("defense", "(c)"),
        ("arcane", "X"),
    ],
)
def test_printable_values(key: str, value: object) -> None:
    assert value_problem(key, value) is None


def test_pool_card_without_a_name_is_an_argument_error(tmp_path: Any) -> None:
    with pytest.raises(ArgumentError):
        tcgrules.pool_card("fab", None, path=tmp_path / "none.json")  # type: ignore[arg-type]


# --------------------------------------------------------------------------- split cards


def test_split_card_sides_come_from_the_card_data() -> None:
    card = fab_card_from_json(SPLIT_JSON, "pool.json", "$[0]")
    left, right = card.faces
    assert (left.name, left.type_line, left.text) == (
        "Comet Storm",
        "Wizard Action",
        "Deal 5 arcane damage to any target.",
    )
    assert (right.name, right.type_line) == ("Shock", "Lightning Instant")
    assert right.values["cost"] == 2  # the printed values are the card's


def test_a_side_is_chosen_by_number_or_name() -> None:
    card = fab_card_from_json(SPLIT_JSON, "pool.json", "$[0]")
    assert played_side(card, 2).name == "Shock"
    assert played_side(card, "comet storm").name == "Comet Storm"
    assert played_side(card, 1).side_of == card
    with pytest.raises(InputError, match=r"fab:5\.1\.2c"):
        played_side(card, None)
    with pytest.raises(InputError, match="no side 3"):
        played_side(card, 3)
    with pytest.raises(NotSupportedError, match="meld"):
        played_side(card, "both")
    with pytest.raises(InputError, match="not a split card"):
        played_side(DART, 1)


def test_playing_a_split_card_as_one_side_then_it_is_whole_again() -> None:
    s = _session()
    card = fab_card_from_json(SPLIT_JSON, "pool.json", "$[0]")
    ref = s.game.create(card, "Alice", "hand")
    chars = s.game.characteristics(ref)
    assert chars.types == {"action", "instant"}  # both sides in hand (fab:9.2.2)
    bob = s.ref("Dorinthea Ironsong")
    on_stack = play.cast(s.game, ref, "Alice", targets=[[bob]], side="Shock")
    chars = s.game.characteristics(on_stack)
    assert (chars.name, chars.types) == ("Shock", frozenset({"instant"}))
    resolve_top(s.game)
    assert s.game.life_total(bob) == 39
    (gone,) = s.game.zone("graveyard", "Alice")
    assert s.game.characteristics(gone).name == "Comet Storm // Shock"


def test_choosing_a_side_in_a_game_without_split_cards_is_not_supported() -> None:
    game = tcgrules.new_game("mtg", ["Alice", "Bob"])
    bolt = game.create(
        CardDefinition("mtg", "Bolt", "Instant", "Bolt deals 3 damage to any target."),
        "Alice",
        "hand",
    )
    with pytest.raises(NotSupportedError, match="choosing a side"):
        play.cast(game, bolt, "Alice", targets=[[PlayerRef("Bob")]], side=1)


# --------------------------------------------------------------------------- player and hero


def test_the_players_life_is_their_heros() -> None:
    s = _session()
    assert s.game.life("Bob") == 40
    s.set_life("Bob", 12)
    assert s.game.life("Bob") == 12
    assert s.game.life_total(s.ref("Dorinthea Ironsong")) == 12


def test_life_without_a_hero_is_an_input_error() -> None:
    s = Session("fab", ["Alice", "Bob"])
    with pytest.raises(InputError, match="nothing with a life total"):
        s.set_life("Bob", 10)


def test_a_player_named_as_a_target_names_their_hero() -> None:
    s = _session()
    dart = s.game.create(DART, "Alice", "hand")
    verdict = s.game.explain_target(dart, "Bob", "Alice")
    assert verdict.legal
    assert str(verdict.reasons[0].rule) == "fab:1.1.2b"
    on_stack = play.cast(s.game, dart, "Alice", targets=[[PlayerRef("Bob")]])
    info = s.game.get(on_stack).stack
    assert info is not None
    assert info.targets == ((s.ref("Dorinthea Ironsong"),),)


def test_a_player_without_a_hero_has_lost_once_set_up() -> None:
    s = Session("fab", ["Alice", "Bob"])
    s.put("Alice", "hero", "Kano, Dracai of Aether")
    s.settle()
    assert s.game.player("Bob").lost and not s.game.player("Alice").lost
    dart = s.game.create(DART, "Alice", "hand")
    verdict = s.game.explain_target(dart, "Bob", "Alice")
    assert not verdict.legal
    assert "fab:1.1.2b" in {str(r.rule) for r in verdict.reasons if not r.passed}


# --------------------------------------------------------------------------- zones


@pytest.mark.parametrize(
    ("zone", "card", "rule"),
    [
        ("hero", "Dawnblade", "fab:3.11.2"),
        ("weapon", "Energy Potion", "fab:3.16.2a"),
        ("head", "Fyendal's Spring Tunic", "fab:3.10.2a"),
        ("chest", "Nullrune Hood", "fab:3.5.2a"),
        ("hand", "Dawnblade", "fab:3.9.2"),
        ("deck", "Kano, Dracai of Aether", "fab:3.7.2"),
        ("pitch", "Fyendal's Spring Tunic", "fab:3.14.2"),
        ("arsenal", "Nullrune Hood", "fab:3.3.2"),
    ],
)
def test_zones_hold_only_what_they_may(zone: str, card: str, rule: str) -> None:
    s = Session("fab", ["Alice", "Bob"])
    with pytest.raises(InputError) as info:
        s.put("Alice", zone, card)
    assert rule in info.value.message
    assert not s.game.zone(zone, "Alice")  # nothing was put there


def test_equipment_and_weapons_where_they_belong() -> None:
    s = _session()
    s.put("Alice", "head", "Nullrune Hood")
    s.put("Alice", "chest", "Fyendal's Spring Tunic")
    s.put("Alice", "weapon", "Dawnblade")  # a two-handed weapon fills both weapon zones
    with pytest.raises(InputError, match=r"fab:3\.16\.2"):
        s.put("Alice", "weapon", "Harmonized Kodachi")
    with pytest.raises(InputError, match=r"fab:3\.10\.2"):
        s.put("Alice", "head", "Breaker Helm Protos")
    with pytest.raises(InputError, match=r"fab:3\.11\.2"):
        s.put("Alice", "hero", "Dorinthea Ironsong")
    s.put("Alice", "arsenal", "Snatch (red)")
    with pytest.raises(InputError, match=r"fab:3\.3\.2"):  # one card in an arsenal
        s.put("Alice", "arsenal", "Snatch (blue)")
    s.put("Alice", "hand", "Sink Below")  # a defense reaction is a deck-card


# --------------------------------------------------------------------------- damage, properties


def test_arcane_damage_is_logged_with_its_type() -> None:
    s = _session()
    dart = s.game.create(DART, "Alice", "hand")
    play.cast(s.game, dart, "Alice", targets=[[s.ref("Dorinthea Ironsong")]])
    resolve_top(s.game)
    (event,) = [e for e in s.game.events if e.kind == "damage"]
    assert event.data["damage_type"] == "arcane"
    assert "3 arcane damage" in event.text


def test_a_property_the_game_does_not_have_is_refused() -> None:
    game: Game = tcgrules.new_game("fab", ["Alice", "Bob"])
    ref = game.create(CARDS["Snatch (red)"], "Alice", "hand")
    with pytest.raises(ArgumentError, match="toughness"):
        game.add_effect(ref, Modify("toughness", 2))
    with pytest.raises(ArgumentError, match="arcane, cost, defense"):
        game.add_effect(ref, SetBase("loyalty", 3))
    game.add_effect(ref, Modify("power", 2))  # FaB's own properties are fine
    assert game.characteristics(ref).number("power") == 6


def test_go_again_without_bold_is_the_keyword() -> None:
    text = tcgrules.parse_card("fab", "Go again")
    assert not text.unsupported
    assert [type(a).__name__ for a in text.abilities] == ["KeywordAbility"]
    mixed = tcgrules.parse_card("fab", "Go again when you do")
    assert mixed.unsupported  # not a line of keywords only
