"""Flesh and Blood: abilities of other objects that trigger when an attack hits
(7.5.5, 6.6.5) and at the beginning of the end phase (4.4.2) are carried out or refused
as not supported - never passed over."""

from __future__ import annotations

import pytest

import tcgrules
from tcgrules.errors import NotSupportedError
from tcgrules.kernel.combat import attack, damage_step
from tcgrules.kernel.game import Game
from tcgrules.kernel.objects import ObjectRef
from tcgrules.kernel.resolution import resolve_top


def _card(name: str) -> tcgrules.CardDefinition:
    return tcgrules.bundled_card("fab", name)


def _equipment(name: str, text: str) -> tcgrules.CardDefinition:
    return tcgrules.CardDefinition(
        "fab", name, "Generic Equipment - Chest", text, values={"defense": 1}
    )


def _game() -> tuple[Game, ObjectRef, ObjectRef]:
    game = tcgrules.new_game("fab", ["Alice", "Bob"])
    game.create(_card("Dorinthea Ironsong"), "Alice", "hero")
    bob = game.create(_card("Bravo, Showstopper"), "Bob", "hero")
    sword = game.create(_card("Dawnblade"), "Alice", "weapon")
    return game, bob, sword


def _attack_card(power: int = 3) -> tcgrules.CardDefinition:
    return tcgrules.CardDefinition(
        "fab", "Jab", "Generic Action - Attack", "", values={"power": power, "cost": 0}
    )


# ------------------------------------------------------------------ hits
VEST = "When a weapon you control hits, draw a card."


@pytest.mark.rules("fab:7.5.5", "fab:6.6.5", "fab:1.7.1b")
def test_a_weapon_hit_triggers_the_controllers_equipment() -> None:
    game, bob, sword = _game()
    game.create(_equipment("Vest", VEST), "Alice", "chest")
    game.create(_equipment("Vest", VEST), "Bob", "chest")
    game.create(_card("Head Jab"), "Alice", "deck")
    attack(game, sword, "Alice", [bob])
    damage_step(game)
    assert len(game.stack) == 1  # Alice's vest only: Bob controls no attacking weapon
    layer = game.get(game.stack[0])
    assert game.controller(layer.ref) == "Alice"
    resolve_top(game)
    assert len(game.zone("hand", "Alice")) == 1


@pytest.mark.rules("fab:6.6.5")
def test_a_weapon_trigger_waits_for_a_weapon_and_a_hero_trigger_for_a_hero() -> None:
    game, bob, _ = _game()
    game.create(_equipment("Vest", VEST), "Alice", "chest")
    game.create(
        _equipment("Cap", "Whenever an attack you control hits a hero, draw a card."),
        "Alice",
        "head",
    )
    game.create(_card("Head Jab"), "Alice", "deck")
    jab = game.create(_attack_card(), "Alice", "hand")
    attack(game, jab, "Alice", [bob])
    damage_step(game)
    assert len(game.stack) == 1  # the cap's, not the vest's
    assert "Cap" in game.describe(game.stack[0])


@pytest.mark.rules("fab:6.6.5")
def test_an_unread_subject_or_effect_is_refused_at_the_hit() -> None:
    for text, named in (
        ("When a dagger you own hits, draw a card.", "dagger you own"),
        ("When a weapon you control hits, mark them.", "Vest"),
    ):
        game, bob, sword = _game()
        game.create(_equipment("Vest", text), "Alice", "chest")
        attack(game, sword, "Alice", [bob])
        with pytest.raises(NotSupportedError) as refused:
            damage_step(game)
        assert named in str(refused.value)


# ------------------------------------------------------------------ end phase
@pytest.mark.rules("fab:4.4.2")
def test_dawnblade_loses_its_counters_unless_it_hit() -> None:
    game, _, sword = _game()
    game.add_counters(sword, "+1{p}", 2, rule_applied=None)
    game.end_turn()
    assert game.get(sword).counters.get("+1{p}", 0) == 0


@pytest.mark.rules("fab:4.4.2")
def test_only_the_turn_players_your_end_phase_abilities_trigger() -> None:
    game, _, _ = _game()
    aura = tcgrules.CardDefinition(
        "fab", "Ward", "Generic Action - Aura", "At the beginning of your end phase, destroy this."
    )
    mine = game.create(aura, "Alice", "permanent")
    theirs = game.create(aura, "Bob", "permanent")
    game.end_turn()
    assert [game.get(r).card for r in game.zone("graveyard", "Alice")] == [aura]
    assert not any(r.id == mine.id for r in game.zone("permanent"))
    assert game.get(theirs).zone.name == "permanent"


@pytest.mark.rules("fab:4.4.2")
def test_an_unread_end_phase_ability_refuses_the_end_of_turn_unchanged() -> None:
    game, _, sword = _game()
    game.add_counters(sword, "+1{p}", 1, rule_applied=None)
    game.create(
        _equipment("Plate", "At the beginning of your end phase, put a -1{d} counter on this."),
        "Alice",
        "chest",
    )
    before = game.copy()
    with pytest.raises(NotSupportedError, match="Plate"), game.transaction():
        game.end_turn()
    assert game == before
