"""Grand Archive's rules for objects and zones (games/grand_archive/object_rules.py):
regalia and champion cards sent elsewhere, printed tokens, the wake up phase,
durability and buff/debuff counters, unit death and losing, the unique rule, and
levelling up refused as not supported."""

from __future__ import annotations

import pytest
from tests.helpers import card

import tcgrules
from tcgrules.errors import NotSupportedError
from tcgrules.games.grand_archive.vocabulary import parse_type_line
from tcgrules.kernel.effects import ChangeSet
from tcgrules.kernel.game import Game
from tcgrules.kernel.objects import ObjectRef
from tcgrules.kernel.play import cast
from tcgrules.kernel.resolution import resolve_top

bundled = tcgrules.bundled_card


def _game() -> tuple[Game, ObjectRef, ObjectRef]:
    game = tcgrules.new_game("ga", ["Alice", "Bob"])
    alice = game.create(bundled("ga", "Spirit of Fire"), "Alice", "field")
    bob = game.create(bundled("ga", "Lorraine, Wandering Warrior"), "Bob", "field")
    return game, alice, bob


def _rules(game: Game, kind: str) -> list[str]:
    return [str(e.rule) for e in game.events if e.kind == kind]


@pytest.mark.rules("ga:card-types-supertypes/regalia-4", "ga:card-types-supertypes/regalia-5")
def test_regalia_go_to_banishment_or_the_material_deck() -> None:
    game, _, _ = _game()
    sword = game.create(bundled("ga", "Warrior's Longsword"), "Alice", "field")
    stone = game.create(bundled("ga", "Channeling Stone"), "Alice", "field")
    tongue = game.create(bundled("ga", "Firetongue"), "Alice", "material_deck")
    assert game.get(game.move(sword, "graveyard")).zone.name == "banishment"
    for zone in ("hand", "main_deck", "memory"):
        stone = game.move(stone, zone)
        assert game.get(stone).zone.name == "material_deck", zone
    assert game.get(game.move(tongue, "graveyard")).zone.name == "banishment"
    # not a regalia: a graveyard is a graveyard, a hand a hand
    guide = game.create(bundled("ga", "Academy Guide"), "Alice", "field")
    assert game.get(game.move(guide, "hand")).zone.name == "hand"


@pytest.mark.rules("ga:card-types-champion/general-rules-8")
def test_a_champion_card_put_into_a_graveyard_is_banished() -> None:
    game, _, _ = _game()
    rai = game.create(bundled("ga", "Rai, Spellcrafter"), "Alice", "hand")
    moved = game.move(rai, "graveyard")
    assert game.get(moved).zone.name == "banishment"
    assert _rules(game, "moved")[-1] == "ga:card-types-champion/general-rules-8"


@pytest.mark.rules("ga:general-rules-ending-the-game/5", "ga:counters/damage-3")
def test_lethal_damage_kills_a_champion_and_its_player_loses() -> None:
    game, _, bob = _game()
    game.mark_damage(bob, 19, rule_applied=None, source="test")
    game.check_state()
    assert game.get(bob).zone.name == "field"
    assert not game.player("Bob").lost
    game.mark_damage(bob, 1, rule_applied=None, source="test")
    game.check_state()
    assert game.current(bob.id).zone.name == "banishment"
    assert game.player("Bob").lost and not game.player("Alice").lost


@pytest.mark.rules("ga:general-rules-ending-the-game/5")
def test_a_player_with_another_champion_left_does_not_lose() -> None:
    game, _, bob = _game()
    nimue = game.create(bundled("ga", "Nimue, Cursed Touch"), "Bob", "field")
    game.add_effect(nimue, ChangeSet("types", "set", frozenset({"champion"})), source=None)
    game.mark_damage(bob, 20, rule_applied=None, source="test")
    game.check_state()
    assert game.current(bob.id).zone.name == "banishment"
    assert not game.player("Bob").lost


@pytest.mark.rules("ga:game-terms/destruction-5")
def test_an_ally_with_no_life_left_dies_without_damage() -> None:
    game, _, _ = _game()
    ally = game.create(card("ga", "Frail", "ALLY - MAGE HUMAN", power=1, life=0), "Bob", "field")
    game.check_state()
    assert game.current(ally.id).zone.name == "graveyard"
    dies = [e.text for e in game.events if e.kind == "destroyed"]
    assert dies == ["Frail has 0 life and dies"]


@pytest.mark.rules(
    "ga:card-types-champion/general-rules-9", "ga:card-types-champion/general-rules-12"
)
def test_levelling_up_is_refused_and_leaves_the_game_unchanged() -> None:
    game, _, bob = _game()
    blade = game.create(bundled("ga", "Lorraine, Blademaster"), "Bob", "material_deck")
    cast(game, blade, "Bob", method="materialize")
    stack = game.stack
    with pytest.raises(NotSupportedError, match="levelling up"), game.transaction():
        resolve_top(game)
    assert game.stack == stack
    assert [game.describe(r) for r in game.zone("field")].count("Lorraine, Blademaster") == 0
    assert game.get(bob).zone.name == "field"


@pytest.mark.rules("ga:tokens/general-rules-1.2", "ga:tokens/general-rules-1.2.1")
def test_a_card_printed_as_token_is_a_token_without_a_token_type() -> None:
    line = parse_type_line("TOKEN ITEM - CLERIC HERB")
    assert line.token and line.types == ("item",) and line.supertypes == ()
    assert not parse_type_line("ITEM - CLERIC HERB").token
    game, _, _ = _game()
    root = game.create(bundled("ga", "Blightroot"), "Alice", "field")
    assert game.get(root).kind == "token"
    assert game.characteristics(root).types == frozenset({"item"})


@pytest.mark.rules("ga:tokens/general-rules-6", "ga:tokens/general-rules-3")
def test_a_token_stays_a_token_and_ceases_to_exist_off_the_field() -> None:
    game, _, _ = _game()
    root = game.create(bundled("ga", "Blightroot"), "Alice", "field")
    game.add_effect(root, ChangeSet("types", "set", frozenset({"phantasia"})), source=None)
    assert game.get(root).kind == "token"
    moved = game.move(root, "hand")
    game.check_state()
    assert moved.id not in {o.id for o in game.objects()}
    assert _rules(game, "ceased_to_exist") == ["ga:tokens/general-rules-3"]


@pytest.mark.rules("ga:general-rules-card-characteristics/type-overwriting-and-type-setting-2")
def test_setting_the_card_type_removes_supertypes_only_in_grand_archive() -> None:
    game, _, _ = _game()
    nimue = game.create(bundled("ga", "Nimue, Cursed Touch"), "Alice", "field")
    game.add_effect(nimue, ChangeSet("types", "set", frozenset({"champion"})), source=None)
    chars = game.characteristics(nimue)
    assert chars.supertypes == frozenset() and chars.subtypes == frozenset({"mage", "human"})
    # Magic keeps supertypes when a card type is set (mtg:205.1a)
    mtg = tcgrules.new_game("mtg", ["Alice", "Bob"])
    land = mtg.create(card("mtg", "Snowy", "Basic Snow Land - Forest"), "Alice", "battlefield")
    mtg.add_effect(land, ChangeSet("types", "set", frozenset({"creature"})), source=None)
    assert mtg.characteristics(land).supertypes == frozenset({"basic", "snow"})


@pytest.mark.rules("ga:turn-order-wake-up-phase/general-rules-1")
def test_the_wake_up_phase_wakes_only_the_turn_players_objects() -> None:
    game, alice, bob = _game()
    game.set_tapped(alice, True, rule_applied=None)
    game.set_tapped(bob, True, rule_applied=None)
    game.end_turn()  # Bob's turn
    assert game.get(alice).tapped and not game.get(bob).tapped
    game.end_turn()
    assert not game.get(alice).tapped


@pytest.mark.rules("ga:counters/durability-1", "ga:counters/durability-4")
def test_durability_is_the_number_of_durability_counters() -> None:
    game, _, _ = _game()
    sword = game.create(bundled("ga", "Warrior's Longsword"), "Alice", "field")
    assert game.get(sword).counters == {"durability": 2}
    rs = game.ruleset

    def durability(ref: ObjectRef) -> object:
        return rs.object_property(game, ref, game.characteristics(ref), "durability")

    game.add_counters(sword, "durability", 3, rule_applied=None)
    assert durability(sword) == 5
    # no durability stat: counters give none
    guide = game.create(bundled("ga", "Academy Guide"), "Alice", "field")
    game.add_counters(guide, "durability", 2, rule_applied=None)
    assert durability(guide) is None
    # set up with its own counters: those stay
    kept = game.create(bundled("ga", "Firetongue"), "Alice", "field", counters={"durability": 4})
    assert game.get(kept).counters == {"durability": 4}


@pytest.mark.rules("ga:counters/buff-4", "ga:counters/debuff-4")
def test_buff_and_debuff_counters_cancel_as_they_are_placed() -> None:
    game, _, _ = _game()
    guide = game.create(bundled("ga", "Academy Guide"), "Alice", "field", counters={"debuff": 2})
    game.add_counters(guide, "buff", 1, rule_applied=None)
    assert game.get(guide).counters == {"debuff": 1}
    game.add_counters(guide, "buff", 3, rule_applied=None)
    assert game.get(guide).counters == {"buff": 2}
    game.add_counters(guide, "debuff", 1, rule_applied=None)
    assert game.get(guide).counters == {"buff": 1}
    assert set(_rules(game, "counters")) >= {"ga:counters/buff-4", "ga:counters/debuff-4"}


@pytest.mark.rules("ga:card-types-supertypes/unique-1")
def test_the_unique_rule_keeps_the_older_object() -> None:
    game, _, _ = _game()
    first = game.create(bundled("ga", "Nimue, Cursed Touch"), "Alice", "field")
    second = game.create(bundled("ga", "Nimue, Cursed Touch"), "Alice", "field")
    game.check_state()
    assert game.get(first).zone.name == "field"
    assert game.current(second.id).zone.name == "graveyard"


@pytest.mark.rules("ga:parts-of-a-card-element/1.1")
def test_a_card_without_an_element_is_norm() -> None:
    game, _, _ = _game()
    plain = game.create(card("ga", "Plain", "ALLY - HUMAN", power=1, life=1), "Alice", "field")
    assert game.characteristics(plain).value("element") == "norm"
