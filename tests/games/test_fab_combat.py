"""Flesh and Blood combat after the attack: defending (7.3), the damage step (7.5),
spectra's trigger (8.3.14b) and the close step (7.7), through the kernel's game-neutral
``defend`` and ``damage_step``."""

from __future__ import annotations

import pytest

import tcgrules
from tcgrules.errors import InputError, NotSupportedError, RulesViolation
from tcgrules.kernel.combat import attack, damage_step, defend
from tcgrules.kernel.descriptors import AllOf, HasType, IsCard, Status, TargetRequirement
from tcgrules.kernel.effects import Modify
from tcgrules.kernel.game import Game
from tcgrules.kernel.objects import ObjectRef
from tcgrules.kernel.resolution import resolve_top
from tcgrules.kernel.targeting import Targeter, legal_targets

DEFENDING_CARD = TargetRequirement(
    AllOf((Status("defending"), IsCard())),
    kinds=frozenset({"card"}),
    zone="arena",
    text="target defending card",
)
DEFENDING_HERO = TargetRequirement(
    AllOf((Status("defending"), HasType("hero"))),
    kinds=frozenset({"hero"}),
    text="target defending hero",
)


def _card(name: str) -> tcgrules.CardDefinition:
    return tcgrules.bundled_card("fab", name)


def _board() -> tuple[Game, ObjectRef, ObjectRef, ObjectRef]:
    """Alice's Dawnblade (3 power) attacks Bob's hero, who holds Censor (3 defense)."""
    game = tcgrules.new_game("fab", ["Alice", "Bob"])
    game.create(_card("Dorinthea Ironsong"), "Alice", "hero")
    bob = game.create(_card("Bravo, Showstopper"), "Bob", "hero")
    sword = game.create(_card("Dawnblade"), "Alice", "weapon")
    censor = game.create(_card("Censor"), "Bob", "hand")
    attack(game, sword, "Alice", [bob])
    return game, sword, bob, censor


def _targets(game: Game, requirement: TargetRequirement) -> list[ObjectRef]:
    targeter = Targeter("Alice", "ability", None, None, tcgrules.Characteristics())
    return list(legal_targets(game, (requirement,), 0, targeter))


@pytest.mark.rules("fab:7.0.5", "fab:7.2.4b")
def test_a_defending_card_is_never_the_defending_hero() -> None:
    game, _, bob, censor = _board()
    assert _targets(game, DEFENDING_CARD) == []
    assert _targets(game, DEFENDING_HERO) == [bob]
    defend(game, "Bob", [censor])
    assert _targets(game, DEFENDING_CARD) == [censor]
    assert _targets(game, DEFENDING_HERO) == [bob]


@pytest.mark.rules("fab:7.3.2a")
def test_a_refused_declaration_leaves_the_game_unchanged() -> None:
    game, _, _, censor = _board()
    before = game.copy()
    with pytest.raises(RulesViolation) as refused:
        defend(game, "Alice", [censor])
    assert refused.value.verdict.cites(tcgrules.rule("fab:7.3.2a"))
    assert game == before


@pytest.mark.rules("fab:7.3.2f")
def test_the_target_is_named_when_the_defender_controls_none_or_several() -> None:
    game = tcgrules.new_game("fab", ["Alice", "Bob", "Carol"])
    game.create(_card("Dorinthea Ironsong"), "Alice", "hero")
    bob = game.create(_card("Bravo, Showstopper"), "Bob", "hero")
    kano = game.create(_card("Kano, Dracai of Aether"), "Carol", "hero")
    # an attack has two attack-targets only when its text says so (fab:1.4.5, 1.4.5c)
    twin = tcgrules.CardDefinition(
        "fab",
        "Twin Strike",
        "Generic Action - Attack",
        "This attacks up to 2 target opposing heroes.",
        values={"power": 3},
    )
    strike = game.create(twin, "Alice", "hand")
    jab = game.create(_card("Head Jab"), "Alice", "hand")
    censor = game.create(_card("Censor"), "Bob", "hand")
    attack(game, strike, "Alice", [bob, kano])
    with pytest.raises(InputError, match="several attack targets"):
        defend(game, "Alice", [jab])
    state = defend(game, "Bob", [censor])
    assert [(d.card, d.target) for d in state.defenders] == [(censor, bob)]


@pytest.mark.rules("fab:2.3.3", "fab:2.0.3c", "fab:7.5.2", "fab:7.5.5")
def test_a_defense_modified_below_zero_adds_nothing() -> None:
    game, _, bob, censor = _board()
    defend(game, "Bob", [censor])
    game.add_effect(censor, Modify("defense", -5))
    damage_step(game)
    assert game.life_total(bob) == 37
    # Dawnblade's own "If Dawnblade hits, and it's the second time ..." is checked after
    # the hit: the first hit this turn does not meet it; then Dorinthea's "When a weapon
    # you control hits" triggers (fab:6.6.5)
    kinds = [e.kind for e in game.events][-5:]
    assert kinds == ["damage", "life_lost", "hit", "condition_not_met", "triggered"]
    assert game.attack is not None and game.attack.damage_dealt


@pytest.mark.rules("fab:7.7.2c", "fab:7.7.7")
def test_an_attack_gone_before_damage_closes_the_combat_chain() -> None:
    game, sword, bob, censor = _board()
    defend(game, "Bob", [censor])
    game.move(sword, "graveyard", rule_applied=None, reason="test")
    damage_step(game)
    assert game.life_total(bob) == 40
    assert game.attack is None
    assert game.attacking_ids() == frozenset() and game.defending_ids() == frozenset()
    assert game.get(ObjectRef(censor.id, censor.incarnation + 1)).zone.name == "graveyard"


@pytest.mark.rules("fab:8.3.14b", "fab:8.1.8a")
def test_a_spectra_token_is_destroyed_and_the_combat_chain_closes() -> None:
    game = tcgrules.new_game("fab", ["Alice", "Bob"])
    game.create(_card("Dorinthea Ironsong"), "Alice", "hero")
    sword = game.create(_card("Dawnblade"), "Alice", "weapon")
    ward = game.create(
        tcgrules.CardDefinition("fab", "Phantom Ward", "Illusionist Token - Aura", "**Spectra**"),
        "Bob",
        "permanent",
        kind="token",
    )
    attack(game, sword, "Alice", [ward])
    assert len(game.stack) == 1
    resolve_top(game)
    assert not game.is_current(ward) and ward.id not in {o.id for o in game.objects()}
    assert game.attack is None and game.stack == ()


@pytest.mark.rules("fab:7.5.1")
@pytest.mark.parametrize("name", ["ga"])
def test_games_without_these_steps_say_so(name: str) -> None:
    game = tcgrules.new_game(name, ["Alice", "Bob"])
    with pytest.raises(NotSupportedError, match="defending is not supported"):
        defend(game, "Bob", [ObjectRef(1, 1)])
    with pytest.raises(NotSupportedError, match="damage step is not supported"):
        damage_step(game)
