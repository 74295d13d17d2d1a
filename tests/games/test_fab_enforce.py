"""Flesh and Blood under enforce: timing by type, paying by pitching, action points,
activation by the controller within its LIMIT, the end of the turn."""

from __future__ import annotations

import pytest

import tcgrules
from tcgrules.carddata.model import CardDefinition
from tcgrules.errors import NotSupportedError, RulesViolation
from tcgrules.games.flesh_and_blood import assets
from tcgrules.kernel import play
from tcgrules.kernel.combat import attack
from tcgrules.kernel.game import Game
from tcgrules.kernel.objects import ObjectRef
from tcgrules.kernel.resolution import resolve_top


def _card(name: str, type_line: str, **values: object) -> CardDefinition:
    text = str(values.pop("text", ""))
    return CardDefinition("fab", name, type_line, text=text, values=values)  # type: ignore[arg-type]


def _game(*, enforce: tuple[str, ...] = ("costs", "timing")) -> tuple[Game, ObjectRef, ObjectRef]:
    game = tcgrules.new_game("fab", ["Alice", "Bob"], enforce=list(enforce))
    kano = game.create(tcgrules.bundled_card("fab", "Kano, Dracai of Aether"), "Alice", "hero")
    dori = game.create(tcgrules.bundled_card("fab", "Dorinthea Ironsong"), "Bob", "hero")
    return game, kano, dori


SPARK = _card(
    "Spark", "Wizard Instant", cost=2, pitch=1, text="Deal 1 arcane damage to target hero."
)
CHIP = _card("Chip", "Generic Action", cost=0, pitch=2)
BIG = _card("Big Chip", "Generic Action", cost=0, pitch=3)


@pytest.mark.rules("fab:1.14.2d", "fab:1.14.3", "fab:5.1.7a")
def test_automatic_pitch_takes_the_smallest_pitch_that_covers() -> None:
    game, _, dori = _game()
    spark = game.create(SPARK, "Alice", "hand")
    big = game.create(BIG, "Alice", "hand")
    chip = game.create(CHIP, "Alice", "hand")
    with game.transaction():
        play.cast(game, spark, "Alice", targets=[[dori]])
    assert game.get(big).zone.name == "hand"
    assert not game.is_current(chip)  # pitched: a new object in the pitch zone
    assert [game.get(r).label for r in game.zone("pitch", "Alice")] == ["Chip"]
    assert assets.points(game, "Alice", "resource") == 0


@pytest.mark.rules("fab:5.1.7a")
def test_a_cost_that_cannot_be_paid_leaves_the_game_unchanged() -> None:
    game, _, dori = _game()
    spark = game.create(SPARK, "Alice", "hand")
    game.create(_card("Penny", "Generic Action", cost=0, pitch=1), "Alice", "hand")
    before = game.copy()
    with pytest.raises(RulesViolation, match=r"fab:5\.1\.7a"), game.transaction():
        play.cast(game, spark, "Alice", targets=[[dori]])
    assert game == before


@pytest.mark.rules("fab:4.3.2", "fab:8.1.1c", "fab:1.13.2a")
def test_only_the_turn_player_starts_with_an_action_point() -> None:
    game, _, _ = _game()
    assert assets.points(game, "Alice", "action") == 1
    assert assets.points(game, "Bob", "action") == 0
    blue = game.create(CHIP, "Bob", "hand")
    with pytest.raises(RulesViolation, match="action point"), game.transaction():
        play.cast(game, blue, "Bob")


@pytest.mark.rules("fab:1.13.2b", "fab:5.3.5")
def test_go_again_gives_no_action_point_outside_your_action_phase() -> None:
    game, kano, _ = _game(enforce=())
    quick = game.create(
        _card("Quick", "Generic Instant", cost=0, pitch=1, text="**Go again**"), "Bob", "hand"
    )
    with game.transaction():
        play.cast(game, quick, "Bob")
        resolve_top(game)
    assert assets.points(game, "Bob", "action") == 0
    assert any(e.kind == "effect_failed" and e.player == "Bob" for e in game.events.this_turn())
    assert kano is not None


@pytest.mark.rules("fab:8.1.3a", "fab:8.1.2a", "fab:7.0.1a")
def test_timing_by_type() -> None:
    game, _, dori = _game(enforce=("timing",))
    brace = game.create(
        _card("Brace", "Generic Defense Reaction", cost=0, pitch=1, defense=3), "Bob", "hand"
    )
    lunge = game.create(_card("Lunge", "Generic Attack Reaction", cost=0, pitch=1), "Alice", "hand")
    jab = game.create(tcgrules.bundled_card("fab", "Head Jab"), "Alice", "hand")
    other = game.create(CHIP, "Alice", "hand")
    for card, by, number in ((brace, "Bob", "8.1.3a"), (lunge, "Alice", "8.1.2a")):
        with pytest.raises(RulesViolation, match=number), game.transaction():
            play.cast(game, card, by)
    with game.transaction():
        attack(game, jab, "Alice", [dori])
    with pytest.raises(RulesViolation, match=r"7\.0\.1a"), game.transaction():
        play.cast(game, other, "Alice")
    with game.transaction():
        play.cast(game, brace, "Bob")
        play.cast(game, lunge, "Alice")


@pytest.mark.rules("fab:5.2.2", "fab:5.2.4a")
def test_an_ability_of_a_card_in_hand_is_its_owners() -> None:
    game, _, _ = _game(enforce=())
    potion = game.create(tcgrules.bundled_card("fab", "Energy Potion"), "Alice", "hand")
    with pytest.raises(RulesViolation, match=r"fab:5\.2\.4a"), game.transaction():
        play.activate(game, potion, "Bob")


@pytest.mark.rules("fab:1.14.4")
def test_effect_costs_are_not_paid_silently() -> None:
    game, _, _ = _game()
    potion = game.create(tcgrules.bundled_card("fab", "Energy Potion"), "Alice", "permanent")
    with pytest.raises(NotSupportedError, match="Destroy this"), game.transaction():
        play.activate(game, potion, "Alice")


@pytest.mark.rules("fab:4.3.4", "fab:4.4.3d")
def test_points_are_lost_as_the_turn_ends_and_a_stack_blocks_it() -> None:
    game, _, dori = _game()
    spark = game.create(SPARK, "Alice", "hand")
    game.create(BIG, "Alice", "hand")
    with game.transaction():
        play.cast(game, spark, "Alice", targets=[[dori]])
    assert assets.points(game, "Alice", "resource") == 1
    with pytest.raises(RulesViolation, match=r"fab:4\.3\.4"), game.transaction():
        game.end_turn()
    with game.transaction():
        resolve_top(game)
        game.end_turn()
    assert assets.points(game, "Alice", "resource") == 0
    assert assets.points(game, "Bob", "action") == 1


@pytest.mark.rules("fab:5.2.1a")
def test_a_limit_is_read_however_it_is_capitalised() -> None:
    from tcgrules.cardtext.nodes import ActivatedAbility
    from tcgrules.games.flesh_and_blood.costs import ability_header
    from tcgrules.games.flesh_and_blood.text import parse_fab

    for text in (
        "**Once per turn Action** - {r}: **Attack**",
        "**Once per Turn Action** - {r}: **Attack**",
    ):
        found = [
            a
            for a in parse_fab(text, "W", "Generic Weapon - Sword (2H)").abilities
            if isinstance(a, ActivatedAbility)
        ]
        assert [ability_header(a.cost).limit for a in found] == [1]


@pytest.mark.rules("fab:1.13.5a", "fab:1.14.2d")
def test_chi_points_are_used_before_resource_points() -> None:
    game, _, dori = _game()
    spark = game.create(SPARK, "Alice", "hand")
    second = game.create(_card("Spark Two", "Wizard Instant", cost=1, pitch=1), "Alice", "hand")
    game.create(_card("Calm", "Generic Action", cost=0, pitch="{c}{c}{c}"), "Alice", "hand")
    with game.transaction():
        play.cast(game, spark, "Alice", targets=[[dori]])
    assert assets.points(game, "Alice", "chi") == 1
    assert assets.points(game, "Alice", "resource") == 0
    with game.transaction():
        play.cast(game, second, "Alice")
    assert assets.points(game, "Alice", "chi") == 0
    assert [e.data.get("asset") for e in game.events.this_turn() if e.kind == "pitched"] == ["chi"]
