"""Grand Archive on the kernel through the Python API: playing cards, resolving, the
effect table, and what is not supported (each test citing the GA rule it checks)."""

from __future__ import annotations

import pytest
from tests.helpers import card

import tcgrules
from tcgrules.errors import IllegalTargetError, NotSupportedError, RulesViolation
from tcgrules.kernel.game import Game
from tcgrules.kernel.objects import ObjectRef
from tcgrules.kernel.play import activate, cast, prospective
from tcgrules.kernel.resolution import ResolveChoices, resolve_top
from tcgrules.kernel.targeting import Chosen, legal_targets


def _game() -> tuple[Game, ObjectRef, ObjectRef]:
    game = tcgrules.new_game("ga", ["Alice", "Bob"])
    bundled = tcgrules.bundled_card
    alice = game.create(bundled("ga", "Spirit of Fire"), "Alice", "field")
    bob = game.create(bundled("ga", "Lorraine, Wandering Warrior"), "Bob", "field")
    return game, alice, bob


def _spell(game: Game, text: str, owner: str = "Alice") -> ObjectRef:
    return game.create(
        card("ga", "Test Spell", "ACTION - MAGE SPELL", text, reserve=1), owner, "hand"
    )


@pytest.mark.rules("ga:playing-cards/general-rules-3", "ga:objects-and-targeting/target-2")
def test_an_illegal_activation_leaves_the_game_as_it_was() -> None:
    game, _, bob = _game()
    ref = _spell(game, "Deal 2 damage to target ally.")
    before = game.zone("hand", "Alice")
    with pytest.raises(IllegalTargetError) as raised, game.transaction():
        cast(game, ref, "Alice", targets=[[bob]])
    cited = {str(r.rule) for r in raised.value.verdict.reasons}
    assert {"ga:objects-and-targeting/target-2", "ga:playing-cards/general-rules-3"} <= cited
    assert game.zone("hand", "Alice") == before
    assert game.stack == ()


@pytest.mark.rules("ga:damage/general-rules-13", "ga:game-terms/recover-2.1")
def test_champion_damage_counters_and_recover() -> None:
    game, alice, bob = _game()
    blast = game.create(tcgrules.bundled_card("ga", "Arcane Blast"), "Alice", "hand")
    cast(game, blast, "Alice", targets=[[bob]])
    resolve_top(game)
    assert game.get(bob).damage == 11
    game.end_turn()
    assert game.get(bob).damage == 11  # champions keep their damage counters
    heal = _spell(game, "Recover 3.", owner="Bob")
    cast(game, heal, "Bob")
    resolve_top(game)
    assert game.get(bob).damage == 8
    big = _spell(game, "Recover 20.", owner="Bob")
    cast(game, big, "Bob")
    resolve_top(game)
    assert game.get(bob).damage == 0
    assert any(str(e.rule) == "ga:game-terms/recover-2.1" for e in game.events)
    assert game.get(alice).damage == 0


@pytest.mark.rules("ga:drawing-cards/general-rules-1", "ga:game-zones-hand/general-rules-3")
def test_draw_and_return_to_the_owners_hand() -> None:
    game, _, _ = _game()
    guide = game.create(tcgrules.bundled_card("ga", "Academy Guide"), "Bob", "field")
    deck_card = game.create(tcgrules.bundled_card("ga", "Blitz Mage"), "Alice", "main_deck")
    ref = _spell(game, "Return target ally to its owner's hand. Draw a card.")
    cast(game, ref, "Alice", targets=[[guide]])
    resolve_top(game)
    assert [game.get(r).label for r in game.zone("hand", "Bob")] == ["Academy Guide"]
    assert not game.is_current(deck_card)
    assert "Blitz Mage" in [game.get(r).label for r in game.zone("hand", "Alice")]
    assert [game.get(r).label for r in game.zone("graveyard", "Alice")] == ["Test Spell"]


@pytest.mark.rules("ga:types-of-effects-continuous-effects/layers-2.5")
def test_gets_power_until_end_of_turn() -> None:
    game, _, _ = _game()
    mage = game.create(tcgrules.bundled_card("ga", "Blitz Mage"), "Alice", "field")
    ref = _spell(game, "Target ally gets +2 POWER until end of turn.")
    cast(game, ref, "Alice", targets=[[mage]])
    resolve_top(game)
    assert game.characteristics(mage).value("power") == 5
    game.end_turn()
    assert game.characteristics(mage).value("power") == 3


@pytest.mark.rules("ga:objects-and-targeting/target-4")
def test_a_chosen_unit_is_checked_against_the_phrase() -> None:
    game, alice, _ = _game()
    card_in_hand = game.create(tcgrules.bundled_card("ga", "Blitz Mage"), "Bob", "hand")
    ref = _spell(game, "Choose a unit and deal 2 damage to it.")
    cast(game, ref, "Alice")
    with pytest.raises(RulesViolation, match="not a unit"), game.transaction():
        resolve_top(game, ResolveChoices(chosen=(card_in_hand,)))
    assert game.stack != ()
    resolve_top(game, ResolveChoices(chosen=(alice,)))
    assert game.get(alice).damage == 2


@pytest.mark.rules("ga:abilities-activated-abilities/general-rules-5")
def test_activated_ability_through_the_api() -> None:
    game, _, bob = _game()
    tower = game.create(
        card("ga", "Watchtower", "DOMAIN - WARRIOR", "(2): Rest target unit.", reserve=2),
        "Alice",
        "field",
        controller="Alice",
    )
    ability = activate(game, tower, "Alice", targets=[[bob]])
    assert game.ruleset.object_facts(game, game.get(ability), game.characteristics(ability))[
        "is_activation"
    ]
    resolve_top(game)
    assert game.get(bob).tapped


@pytest.mark.rules("ga:objects-and-targeting/non-objects-1.3.1")
def test_target_loaded_card_reaches_the_loaded_cards_zone_only() -> None:
    """'target loaded card' names the loaded-cards zone: a card there is a legal
    target, the same card in a graveyard is not."""
    game, _, _ = _game()
    ref = _spell(game, "Banish target loaded card.")
    card = tcgrules.bundled_card("ga", "Clean Cut")
    loaded = game.create(card, "Bob", "loaded_cards")
    elsewhere = game.create(card, "Bob", "graveyard")
    requirements, targeter = prospective(game, ref, "Alice")
    found = {r.id for r in legal_targets(game, requirements, 0, targeter, Chosen())}
    assert loaded.id in found and elsewhere.id not in found


def test_materialize_is_not_a_way_to_cast_in_other_games() -> None:
    game = tcgrules.new_game("mtg", ["Alice", "Bob"])
    bolt = game.create(tcgrules.bundled_card("mtg", "Lightning Bolt"), "Alice", "hand")
    with pytest.raises(NotSupportedError, match="materialize"):
        cast(game, bolt, "Alice", method="materialize")
