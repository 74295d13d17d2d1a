"""Flesh and Blood "gets +N{p}" (fab:8.5.8) and "gains" (fab:8.5.9) as they resolve.

Layers are built from effect nodes as the FaB grammar makes them (the scenarios play
real cards by name); what is checked is the value while the effect lasts and after the
duration the text gives ends.
"""

from __future__ import annotations

import pytest

import tcgrules
from tcgrules.cardtext.nodes import (
    GainAbility,
    ModifyStat,
    SpellAbility,
    StatDuration,
    TargetSlot,
)
from tcgrules.games.flesh_and_blood.text import parse_fab
from tcgrules.kernel.combat import attack
from tcgrules.kernel.descriptors import AllOf, HasType, Status, TargetRequirement
from tcgrules.kernel.game import Game
from tcgrules.kernel.objects import ObjectRef, StackInfo
from tcgrules.kernel.play import ability_on_stack
from tcgrules.kernel.resolution import resolve_top

WEAPON_ATTACK = TargetRequirement(
    AllOf((HasType("weapon"), Status("attack"))),
    kinds=frozenset({"attack"}),
    text="target weapon attack",
)
WEAPON = TargetRequirement(HasType("weapon"), kinds=frozenset({"weapon"}), text="target weapon")
HERO = TargetRequirement(HasType("hero"), kinds=frozenset({"hero"}), text="target hero")


def _board() -> tuple[Game, ObjectRef, ObjectRef, ObjectRef]:
    game = tcgrules.new_game("fab", ["Alice", "Bob"])
    card = tcgrules.bundled_card
    alice = game.create(card("fab", "Dorinthea Ironsong"), "Alice", "hero")
    bob = game.create(card("fab", "Bravo, Showstopper"), "Bob", "hero")
    sword = game.create(card("fab", "Dawnblade"), "Alice", "weapon")
    return game, alice, bob, sword


def _resolve(
    game: Game, requirement: TargetRequirement, effect: object, target: ObjectRef, x: int = 0
) -> None:
    ability_on_stack(
        game,
        "test layer",
        "Alice",
        StackInfo(
            targets=((target,),),
            requirements=(requirement,),
            effects=(effect,),
            ability_kind="activated",
            x=x,
        ),
    )
    resolve_top(game)


def _power(game: Game, ref: ObjectRef) -> int | None:
    return game.characteristics(ref).number("power")


@pytest.mark.rules("fab:8.5.8", "fab:2.0.3c", "fab:6.2.2b")
def test_minus_x_power_is_fixed_as_it_starts_and_floored_at_zero() -> None:
    game, _, _, sword = _board()
    _resolve(game, WEAPON, ModifyStat(TargetSlot(0), "power", "-X"), sword, x=2)
    assert _power(game, sword) == 1
    _resolve(game, WEAPON, ModifyStat(TargetSlot(0), "power", -5), sword)
    assert _power(game, sword) == 0
    assert game.base_characteristics(sword).number("power") == 3
    assert ("effect", "fab:8.5.8") in [(e.kind, str(e.rule)) for e in game.events]


@pytest.mark.rules("fab:8.5.8a")
def test_an_object_without_the_property_does_not_get_it() -> None:
    game, _, bob, _ = _board()
    _resolve(game, HERO, ModifyStat(TargetSlot(0), "defense", 2), bob)
    assert game.characteristics(bob).value("defense") is None
    assert not game.effects_on(bob)
    assert ("effect_failed", "fab:8.5.8a") in [(e.kind, str(e.rule)) for e in game.events]


@pytest.mark.rules("fab:7.0.3d")
def test_this_chain_link_ends_when_another_attack_is_declared() -> None:
    game, _, bob, sword = _board()
    kodachi = game.create(tcgrules.bundled_card("fab", "Harmonized Kodachi"), "Alice", "weapon")
    attack(game, sword, "Alice", [bob])
    _resolve(game, WEAPON_ATTACK, ModifyStat(TargetSlot(0), "power", 2, "chain_link"), sword)
    assert _power(game, sword) == 5
    attack(game, kodachi, "Alice", [bob])
    assert _power(game, sword) == 3


@pytest.mark.parametrize("duration", ["combat_chain", "end_of_turn", "permanent"])
@pytest.mark.rules("fab:7.7.7", "fab:4.4.4", "fab:1.4.3c")
def test_longer_durations_outlast_the_chain_link_and_end_with_the_turn(
    duration: StatDuration,
) -> None:
    """ "This combat chain", "this turn", and no duration on a weapon's attack (its
    attack-proxy lasts until the chain closes) all outlast a new chain link; a combat
    chain closes before its turn ends."""
    game, _, bob, sword = _board()
    kodachi = game.create(tcgrules.bundled_card("fab", "Harmonized Kodachi"), "Alice", "weapon")
    attack(game, sword, "Alice", [bob])
    _resolve(game, WEAPON_ATTACK, ModifyStat(TargetSlot(0), "power", 2, duration), sword)
    attack(game, kodachi, "Alice", [bob])
    assert _power(game, sword) == 5
    game.end_turn()
    assert _power(game, sword) == 3


@pytest.mark.rules("fab:6.2.2a")
def test_a_weapon_chosen_as_a_weapon_keeps_an_effect_with_no_duration() -> None:
    game, _, bob, sword = _board()
    attack(game, sword, "Alice", [bob])
    _resolve(game, WEAPON, ModifyStat(TargetSlot(0), "power", 1), sword)
    game.end_turn()
    assert _power(game, sword) == 4


@pytest.mark.rules("fab:8.5.9", "fab:8.5.9a", "fab:4.4.4")
def test_gains_a_keyword_until_end_of_turn() -> None:
    game, _, _, sword = _board()
    _resolve(game, WEAPON, GainAbility(TargetSlot(0), "ward", "4", "end_of_turn"), sword)
    chars = game.characteristics(sword)
    assert chars.has_keyword("ward")
    assert chars.abilities[: len(game.base_characteristics(sword).abilities)] == (
        game.base_characteristics(sword).abilities
    )
    game.end_turn()
    assert not game.characteristics(sword).has_keyword("ward")


@pytest.mark.rules("fab:7.0.3d", "fab:8.5.9")
def test_gains_go_again_this_chain_link_is_read_and_ends_with_the_link() -> None:
    text = parse_fab(
        "Target weapon attack gains **go again** this chain link.", "X", "Generic Instant"
    )
    (ability,) = text.abilities
    assert isinstance(ability, SpellAbility)
    (effect,) = ability.effects
    assert effect == GainAbility(TargetSlot(0), "go again", None, "chain_link")
    game, _, bob, sword = _board()
    kodachi = game.create(tcgrules.bundled_card("fab", "Harmonized Kodachi"), "Alice", "weapon")
    attack(game, sword, "Alice", [bob])
    _resolve(game, WEAPON_ATTACK, effect, sword)
    assert "go again" in game.ruleset.property(game.characteristics(sword), "keywords")
    attack(game, kodachi, "Alice", [bob])
    assert "go again" not in game.ruleset.property(game.characteristics(sword), "keywords")
