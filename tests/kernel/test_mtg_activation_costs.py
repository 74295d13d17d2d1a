"""Paying activation costs (mtg:602.2b, 601.2h), loyalty abilities (mtg:606.3-606.6) and
the untap step (mtg:502.3)."""

from __future__ import annotations

import pytest
from tests.helpers import card, new_game

from tcgrules import mtg
from tcgrules.cardtext.nodes import ActivatedAbility
from tcgrules.errors import InputError, NotSupportedError, RulesViolation
from tcgrules.kernel.game import Game
from tcgrules.kernel.objects import ObjectRef, PlayerRef

PINGER = "{T}: This creature deals 1 damage to any target."
WALKER = (
    "+1: You gain 2 life.\n"
    "−2: Pinger Walker deals 3 damage to any target.\n"
    "−X: Pinger Walker deals X damage to any target."
)


def _pinger(game: Game, who: str = "Alice") -> ObjectRef:
    return game.create(
        card("mtg", "Pinger", "Creature — Human", PINGER, power=1, toughness=1),
        who,
        "battlefield",
    )


def _walker(game: Game, loyalty: int = 3) -> ObjectRef:
    return game.create(
        card("mtg", "Pinger Walker", "Legendary Planeswalker — Test", WALKER, loyalty=loyalty),
        "Alice",
        "battlefield",
    )


@pytest.mark.rules("mtg:107.5", "mtg:602.2b", "mtg:601.2h")
def test_tap_cost_taps_the_source_and_a_tapped_source_cannot_pay() -> None:
    game = new_game()
    pinger = _pinger(game)
    mtg.activate(game, pinger, "Alice", targets=[PlayerRef("Bob")])
    assert game.get(pinger).tapped
    mtg.resolve(game)
    assert game.life("Bob") == 19
    before = game.copy()
    with pytest.raises(RulesViolation) as err:
        mtg.activate(game, pinger, "Alice", targets=[PlayerRef("Bob")])
    assert "mtg:107.5" in str(err.value)
    assert game == before  # refused: nothing changed, nothing on the stack
    assert not game.stack


@pytest.mark.rules("mtg:502.3")
def test_the_untap_step_untaps_only_the_new_active_players_permanents() -> None:
    game = new_game()
    mine = _pinger(game, "Alice")
    theirs = _pinger(game, "Bob")
    game.set_tapped(mine, True, rule_applied=None)
    game.set_tapped(theirs, True, rule_applied=None)
    game.end_turn()  # Bob's turn
    assert game.active_player == "Bob"
    assert not game.get(theirs).tapped
    assert game.get(mine).tapped
    assert [str(e.rule) for e in game.events.this_turn() if e.object == theirs] == ["mtg:502.3"]


@pytest.mark.rules("mtg:502.3", "mtg:122.1d")
def test_a_stun_counter_replaces_the_untap_steps_untapping() -> None:
    game = new_game()
    theirs = _pinger(game, "Bob")
    game.set_tapped(theirs, True, rule_applied=None)
    game.add_counters(theirs, "stun", 1, rule_applied=None)
    game.end_turn()
    assert game.get(theirs).tapped
    assert "stun" not in game.get(theirs).counters


def test_an_unread_doesnt_untap_ability_refuses_the_untap_step() -> None:
    game = new_game()
    game.create(
        card(
            "mtg",
            "Colossus",
            "Artifact Creature — Golem",
            "Colossus doesn't untap during your untap step.",
            power=9,
            toughness=9,
        ),
        "Bob",
        "battlefield",
    )
    with pytest.raises(NotSupportedError, match="untap step"):
        game.end_turn()


@pytest.mark.rules("mtg:606.4")
def test_loyalty_costs_put_on_and_remove_counters() -> None:
    game = new_game()
    walker = _walker(game, 3)
    mtg.activate(game, walker, "Alice", ability=1)
    assert game.get(walker).counters["loyalty"] == 4
    mtg.resolve(game)
    assert game.life("Alice") == 22
    game.end_turn()
    game.end_turn()  # Alice's next turn
    mtg.activate(game, walker, "Alice", ability=2, targets=[PlayerRef("Bob")])
    assert game.get(walker).counters["loyalty"] == 2
    mtg.resolve(game)
    assert game.life("Bob") == 17


@pytest.mark.rules("mtg:606.4", "mtg:107.3a")
def test_a_minus_x_loyalty_cost_removes_x_counters() -> None:
    game = new_game()
    walker = _walker(game, 3)
    mtg.activate(game, walker, "Alice", ability=3, targets=[PlayerRef("Bob")], x=2)
    assert game.get(walker).counters["loyalty"] == 1
    mtg.resolve(game)
    assert game.life("Bob") == 18


@pytest.mark.rules("mtg:606.6")
def test_a_negative_loyalty_cost_needs_that_many_counters() -> None:
    game = new_game()
    walker = _walker(game, 1)
    before = game.copy()
    with pytest.raises(RulesViolation, match=r"606\.6"):
        mtg.activate(game, walker, "Alice", ability=2, targets=[PlayerRef("Bob")])
    assert game == before


@pytest.mark.rules("mtg:606.3")
def test_one_loyalty_ability_per_permanent_each_turn_on_its_controllers_turn() -> None:
    game = new_game()
    walker = _walker(game, 5)
    mtg.activate(game, walker, "Alice", ability=1)
    # the stack is not empty
    with pytest.raises(RulesViolation, match="stack is not empty"):
        mtg.activate(game, walker, "Alice", ability=2, targets=[PlayerRef("Bob")])
    mtg.resolve(game)
    # already activated one this turn
    with pytest.raises(RulesViolation, match="already activated this turn"):
        mtg.activate(game, walker, "Alice", ability=2, targets=[PlayerRef("Bob")])
    game.end_turn()
    # Bob's turn: not Alice's
    with pytest.raises(RulesViolation, match="not Alice's turn"):
        mtg.activate(game, walker, "Alice", ability=1)
    game.end_turn()
    mtg.activate(game, walker, "Alice", ability=1)  # a new turn of hers


def test_a_planeswalker_without_loyalty_in_its_card_data_is_an_input_error() -> None:
    game = new_game()
    with pytest.raises(InputError, match="no loyalty"):
        game.create(
            card("mtg", "Dataless Walker", "Legendary Planeswalker — Test", WALKER),
            "Alice",
            "battlefield",
        )


@pytest.mark.rules("mtg:701.17a", "mtg:608.2h")
def test_sacrificing_the_source_as_a_cost_and_its_last_known_power() -> None:
    game = new_game()
    fanatic = game.create(
        card(
            "mtg",
            "Fire-Eater",
            "Creature — Human",
            "Sacrifice this creature: It deals damage equal to its power to any target.",
            power=3,
            toughness=1,
        ),
        "Alice",
        "battlefield",
    )
    mtg.activate(game, fanatic, "Alice", targets=[PlayerRef("Bob")])
    assert [o.zone.name for o in game.objects() if o.base.name == "Fire-Eater"] == ["graveyard"]
    mtg.resolve(game)
    assert game.life("Bob") == 17


@pytest.mark.rules("mtg:119.4", "mtg:118.3")
def test_paying_life_needs_that_much_life() -> None:
    game = new_game()
    source = game.create(
        card("mtg", "Altar", "Artifact", "Pay 3 life: You draw a card."), "Alice", "battlefield"
    )
    ability = game.characteristics(source).abilities[0]
    assert isinstance(ability, ActivatedAbility)
    assert ability.cost.parts == ("Pay 3 life",)
    game.change_life("Alice", -18, rule_applied=None)
    before = game.copy()
    with pytest.raises(RulesViolation, match=r"119\.4"):
        mtg.activate(game, source, "Alice")
    assert game == before
    game.change_life("Alice", 1, rule_applied=None)
    mtg.activate(game, source, "Alice")
    assert game.life("Alice") == 0


@pytest.mark.rules("mtg:118.3")
def test_removing_counters_from_the_source_needs_them() -> None:
    game = new_game()
    source = game.create(
        card(
            "mtg",
            "Battery",
            "Artifact",
            "Remove two charge counters from this artifact: You gain 5 life.",
        ),
        "Alice",
        "battlefield",
    )
    game.add_counters(source, "charge", 3, rule_applied=None)
    mtg.activate(game, source, "Alice")
    assert game.get(source).counters == {"charge": 1}
    with pytest.raises(RulesViolation, match="only 1 charge"):
        mtg.activate(game, source, "Alice")


@pytest.mark.rules("mtg:601.2h")
def test_a_cost_part_tcgrules_does_not_pay_is_said() -> None:
    game = new_game()
    source = game.create(
        card("mtg", "Outlet", "Artifact", "Sacrifice a creature: You gain 1 life."),
        "Alice",
        "battlefield",
    )
    mtg.activate(game, source, "Alice")
    said = [e for e in game.events if e.kind == "cost_not_modelled"]
    assert [e.data["part"] for e in said] == ["Sacrifice a creature"]


@pytest.mark.rules("mtg:502.3", "mtg:611.2c")
def test_kept_tapped_through_its_controllers_next_untap_step_only() -> None:
    game = new_game()
    bear = _pinger(game, "Bob")
    chill = game.create(
        card(
            "mtg",
            "Chill",
            "Instant",
            "Tap target creature. It doesn't untap during its controller's next untap step.",
        ),
        "Alice",
        "hand",
    )
    mtg.cast(game, chill, "Alice", targets=[bear])
    mtg.resolve(game)
    assert game.get(bear).tapped
    game.end_turn()  # Bob's untap step: kept tapped
    assert game.get(bear).tapped
    game.end_turn()
    game.end_turn()  # Bob's next untap step: untaps
    assert not game.get(bear).tapped


def test_the_mark_does_not_follow_a_permanent_that_left_the_battlefield() -> None:
    game = new_game()
    bear = _pinger(game, "Bob")
    chill = game.create(
        card(
            "mtg",
            "Chill",
            "Instant",
            "Tap target creature. It doesn't untap during its controller's next untap step.",
        ),
        "Alice",
        "hand",
    )
    mtg.cast(game, chill, "Alice", targets=[bear])
    mtg.resolve(game)
    back = game.move(game.move(bear, "hand"), "battlefield")
    game.set_tapped(back, True, rule_applied=None)
    game.end_turn()
    assert not game.get(back).tapped  # a new object (mtg:400.7): untaps as usual
