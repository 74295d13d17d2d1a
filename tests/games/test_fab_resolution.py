"""Flesh and Blood layers resolve on the game-neutral kernel, citing Flesh and Blood rules.

The layer is built directly (target requirement and effect nodes, as a FaB grammar
would produce them) so these tests exercise the kernel's re-check and the FaB effect
table without depending on card text.
"""

from __future__ import annotations

import pytest

import tcgrules
from tcgrules.cardtext.nodes import DealDamage, Destroy, GainLife, TargetSlot, You
from tcgrules.kernel.descriptors import AllOf, Controller, HasType, Status, TargetRequirement
from tcgrules.kernel.game import Game
from tcgrules.kernel.objects import ObjectRef, StackInfo
from tcgrules.kernel.play import ability_on_stack
from tcgrules.kernel.resolution import resolve_top
from tcgrules.kernel.targeting import Targeter, explain_target, legal_targets

HERO = TargetRequirement(HasType("hero"), kinds=frozenset({"hero"}), text="target hero")
OPPOSING_HERO = TargetRequirement(
    AllOf((HasType("hero"), Controller("opponent"))),
    kinds=frozenset({"hero"}),
    text="target opposing hero",
)
ATTACKING_HERO = TargetRequirement(
    AllOf((HasType("hero"), Status("attacking"))),
    kinds=frozenset({"hero"}),
    text="target attacking hero",
)


def _board() -> tuple[Game, ObjectRef, ObjectRef, ObjectRef]:
    game = tcgrules.new_game("fab", ["Alice", "Bob"])
    card = tcgrules.bundled_card
    alice = game.create(card("fab", "Dorinthea Ironsong"), "Alice", "hero")
    bob = game.create(card("fab", "Bravo, Showstopper"), "Bob", "hero")
    potion = game.create(card("fab", "Energy Potion"), "Bob", "permanent")
    return game, alice, bob, potion


def _layer(game: Game, requirement: TargetRequirement, effect: object, target: ObjectRef) -> None:
    ability_on_stack(
        game,
        "test layer",
        "Alice",
        StackInfo(
            targets=((target,),),
            requirements=(requirement,),
            effects=(effect,),
            ability_kind="activated",
        ),
    )


def _targeter(game: Game) -> Targeter:
    return Targeter("Alice", "ability", None, None, tcgrules.Characteristics())


@pytest.mark.rules("fab:1.8.5a", "fab:3.0.5")
def test_a_hero_in_its_hero_zone_is_a_target_in_the_arena() -> None:
    game, alice, bob, _ = _board()
    found = set(legal_targets(game, (HERO,), 0, _targeter(game)))
    assert found == {alice, bob}
    opposing = set(legal_targets(game, (OPPOSING_HERO,), 0, _targeter(game)))
    assert opposing == {bob}
    verdict = explain_target(game, (OPPOSING_HERO,), 0, alice, _targeter(game))
    assert not verdict
    assert all(r.rule.game == "fab" for r in verdict.reasons)


@pytest.mark.rules("fab:1.8.5a")
def test_a_card_outside_the_arena_and_stack_is_not_a_target() -> None:
    game, *_ = _board()
    in_hand = game.create(tcgrules.bundled_card("fab", "Dorinthea Ironsong"), "Alice", "hand")
    verdict = explain_target(game, (HERO,), 0, in_hand, _targeter(game))
    assert not verdict
    assert verdict.cites(tcgrules.rule("fab:1.8.5a"))


@pytest.mark.rules("fab:1.8.5b")
def test_the_same_target_twice_for_one_phrase_is_refused() -> None:
    game, _, bob, _ = _board()
    chosen = tcgrules.Chosen(((bob,),))
    verdict = explain_target(game, (HERO,), 0, bob, _targeter(game), chosen=chosen)
    assert verdict.cites(tcgrules.rule("fab:1.8.5b"))


@pytest.mark.rules("fab:7.2.4a")
def test_attacking_hero_is_the_weapon_controllers_hero() -> None:
    from tcgrules.kernel.combat import attack

    game, alice, bob, _ = _board()
    sword = game.create(tcgrules.bundled_card("fab", "Dawnblade"), "Alice", "weapon")
    assert list(legal_targets(game, (ATTACKING_HERO,), 0, _targeter(game))) == []
    attack(game, sword, "Alice", [bob])
    assert list(legal_targets(game, (ATTACKING_HERO,), 0, _targeter(game))) == [alice]
    game.end_turn()
    assert list(legal_targets(game, (ATTACKING_HERO,), 0, _targeter(game))) == []


@pytest.mark.rules("fab:8.5.3", "fab:5.3.4")
def test_damage_to_a_hero_is_life_lost() -> None:
    game, _, bob, _ = _board()
    before = game.life_total(bob)
    assert before is not None
    _layer(game, HERO, DealDamage(3, TargetSlot(0)), bob)
    resolve_top(game)
    assert game.life_total(bob) == before - 3
    kinds = [(e.kind, str(e.rule)) for e in game.events]
    assert ("damage", "fab:8.5.3") in kinds
    assert ("resolved", "fab:5.3.1") in kinds


@pytest.mark.rules("fab:8.5.7a")
def test_you_gain_life_means_your_hero() -> None:
    game, alice, bob, _ = _board()
    before = game.life_total(alice)
    assert before is not None
    _layer(game, HERO, GainLife(You(), 2), bob)
    resolve_top(game)
    assert game.life_total(alice) == before + 2


@pytest.mark.rules("fab:5.3.2a")
def test_a_layer_whose_targets_all_became_illegal_fails_to_resolve() -> None:
    game, _, _, potion = _board()
    item = TargetRequirement(HasType("action"), kinds=frozenset({"item"}), text="target item")
    _layer(game, item, Destroy(TargetSlot(0)), potion)
    game.move(potion, "graveyard")  # a new object now: the target is illegal
    resolve_top(game)
    did_not = [e for e in game.events if e.kind == "did_not_resolve"]
    assert did_not and str(did_not[0].rule) == "fab:5.3.2a"
    assert game.stack == ()


@pytest.mark.rules("fab:2.6.4", "fab:2.10.4", "fab:2.11.4", "fab:2.15.4")
def test_an_activated_layer_shares_its_sources_type_box() -> None:
    game, *_ = _board()
    source = game.create(
        tcgrules.CardDefinition("fab", "Harbor Blade", "Puffin Pirate Weapon - Sword (1H)"),
        "Alice",
        "weapon",
    )
    layer = ability_on_stack(
        game, "ability of Harbor Blade", "Alice", StackInfo(source=source, ability_kind="activated")
    )
    chars = game.characteristics(layer)
    assert chars.types == {"weapon"}
    assert chars.supertypes == {"pirate"}
    assert chars.subtypes == {"sword", "(1h)"}
    assert chars.sets["metatypes"] == {"puffin"}
    assert chars.name == "ability of Harbor Blade"


@pytest.mark.rules("fab:1.8.5a")
def test_a_card_phrase_looks_in_the_arena_and_on_the_stack_only() -> None:
    from tcgrules.kernel.descriptors import IsCard

    game, *_ = _board()
    card = tcgrules.bundled_card("fab", "Head Jab")
    in_hand = game.create(card, "Bob", "hand")
    on_stack = game.create(card, "Bob", "stack", alias="Head Jab on the stack")
    attack_card = TargetRequirement(
        AllOf((IsCard(), HasType("action"))), kinds=frozenset({"card"}), text="target action card"
    )
    found = set(legal_targets(game, (attack_card,), 0, _targeter(game)))
    assert on_stack in found
    assert in_hand not in found
    verdict = explain_target(game, (attack_card,), 0, in_hand, _targeter(game))
    assert verdict.cites(tcgrules.rule("fab:1.8.5a"))
