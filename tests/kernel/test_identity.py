"""Object identity: zone changes make new objects; stale references; last-known information."""

from __future__ import annotations

import pytest
from tests.helpers import card, new_game

from tcgrules.carddata.model import CardDefinition
from tcgrules.errors import StaleReferenceError, UnknownObjectError
from tcgrules.kernel.effects import Modify
from tcgrules.kernel.game import Game
from tcgrules.rules import rule


@pytest.mark.rules("mtg:400.7")
def test_zone_change_makes_a_new_object_and_the_old_reference_goes_stale(
    mtg: Game, bear: CardDefinition
) -> None:
    old = mtg.create(bear, "Alice", "battlefield")
    new = mtg.move(old, "hand")
    assert new.id == old.id and new.incarnation == old.incarnation + 1
    assert not mtg.is_current(old)
    with pytest.raises(StaleReferenceError):
        mtg.get(old)
    back = mtg.move(new, "battlefield")
    # it came back, but it is a third object: the first reference stays stale
    assert back != old and not mtg.is_current(old) and not mtg.is_current(new)


@pytest.mark.rules("mtg:400.7")
def test_last_known_information_is_what_the_object_looked_like_as_it_left(
    mtg: Game, bear: CardDefinition
) -> None:
    ref = mtg.create(bear, "Alice", "battlefield")
    mtg.add_effect(ref, Modify("power", 3))
    mtg.move(ref, "graveyard")
    lk = mtg.last_known(ref)
    assert lk.characteristics.power == 5
    assert lk.controller == "Alice"
    assert lk.object.zone.name == "battlefield"


@pytest.mark.rules("mtg:400.7")
def test_effects_do_not_follow_an_object_to_its_new_zone(mtg: Game, bear: CardDefinition) -> None:
    ref = mtg.create(bear, "Alice", "battlefield")
    mtg.add_effect(ref, Modify("power", 3))
    mtg.set_tapped(ref, True, rule_applied=rule("mtg:701.21a"))
    new = mtg.move(mtg.move(ref, "hand"), "battlefield")
    assert mtg.characteristics(new).power == 2
    assert not mtg.get(new).tapped


@pytest.mark.rules("fab:3.0.9")
def test_fab_object_entering_the_arena_stays_the_same_object() -> None:
    game = new_game("fab")
    attack = card("fab", "Raging Onslaught", "Generic Action - Attack", power=3, pitch=1, cost=3)
    ref = game.create(attack, "Alice", "hand")
    on_stack = game.move(ref, "stack")
    assert on_stack == ref  # entering the stack: no reset
    in_arena = game.move(on_stack, "combat_chain")
    assert in_arena == ref  # entering the arena: no reset
    in_grave = game.move(in_arena, "graveyard")
    assert in_grave.incarnation == in_arena.incarnation + 1  # outside the arena: reset


def test_unknown_object_is_a_lookup_error(mtg: Game) -> None:
    from tcgrules.kernel.objects import ObjectRef

    with pytest.raises(UnknownObjectError):
        mtg.get(ObjectRef(999, 1))
    with pytest.raises(LookupError):
        mtg.player("Nobody")


@pytest.mark.rules("mtg:608.2h", "mtg:109.4")
def test_last_known_information_kept_by_a_move_is_what_it_was_just_before(
    mtg: Game, bear: CardDefinition
) -> None:
    """The record a move keeps equals the object's last-known information read just
    before it moved: its controller included, for a permanent another player controls,
    a card in a zone where nothing has a controller, and an emblem."""
    from tcgrules.kernel.characteristics import Characteristics
    from tcgrules.kernel.effects import ChangeControl

    stolen = mtg.create(bear, "Alice", "battlefield")
    mtg.add_effect(stolen, ChangeControl("Bob"))
    in_hand = mtg.create(bear, "Alice", "hand")
    emblem = mtg.create(
        Characteristics(name="Emblem"), "Bob", "command", kind="emblem", controller="Alice"
    )
    expected = {"Bob": stolen, None: in_hand, "Alice": emblem}
    for controller, ref in expected.items():
        before = mtg.last_known(ref)
        assert before.controller == controller
        mtg.move(ref, "exile")
        assert mtg.last_known(ref) == before


@pytest.mark.rules("mtg:400.3")
def test_a_move_goes_to_the_zone_of_the_player_named_else_the_owners(
    mtg: Game, bear: CardDefinition
) -> None:
    """Each move finds its own zone, whichever moves were made along the same route
    before: the player named, the owner's by default, a shared zone whoever is named;
    and a player who is not in the game is refused every time."""
    from tcgrules.errors import InputError

    cards = [mtg.create(bear, "Alice", "battlefield") for _ in range(4)]
    to_bob = mtg.move(cards[0], "graveyard", player="Bob")
    to_alice = mtg.move(cards[1], "graveyard")
    named_alice = mtg.move(cards[2], "graveyard", player="Alice")
    assert mtg.zone("graveyard", "Bob") == (to_bob,)
    assert mtg.zone("graveyard", "Alice") == (to_alice, named_alice)
    shared = mtg.move(cards[3], "exile", player="Bob")
    assert mtg.get(shared).zone.player is None and mtg.zone("exile") == (shared,)
    for _ in range(2):
        with pytest.raises(InputError, match="no zone Nobody's graveyard"):
            mtg.move(to_alice, "graveyard", player="Nobody")
    assert mtg.is_current(to_alice)


@pytest.mark.rules("mtg:400.7")
def test_the_moved_event_says_the_reason_only_when_there_is_one(
    mtg: Game, bear: CardDefinition
) -> None:
    """A move's sentence gives its reason in brackets, word for word (braces included),
    and none when it was given none."""
    first = mtg.create(bear, "Alice", "battlefield")
    plain = mtg.move(first, "hand")
    why = mtg.move(plain, "graveyard", reason="discarded {twice}")
    texts = [e.text for e in mtg.events if e.kind == "moved"]
    label = mtg.get(why).label
    assert texts == [
        f"{label} moves from battlefield to Alice's hand; it is a new object {plain}",
        f"{label} moves from Alice's hand to Alice's graveyard (discarded {{twice}}); "
        f"it is a new object {why}",
    ]


@pytest.mark.rules("mtg:122.1h")
def test_a_finality_counter_replaces_only_a_move_from_the_battlefield_to_a_graveyard(
    mtg: Game, bear: CardDefinition
) -> None:
    """The game asks the ruleset about a replacement only on the moves it may replace:
    a permanent with a finality counter going to a graveyard is exiled instead, one going
    to a hand is not, nor is a card with one going from a hand to a graveyard."""
    dying = mtg.create(bear, "Alice", "battlefield", counters={"finality": 1})
    bounced = mtg.create(bear, "Alice", "battlefield", counters={"finality": 1})
    discarded = mtg.create(bear, "Alice", "hand", counters={"finality": 1})
    exiled = mtg.move(dying, "graveyard")
    assert mtg.get(exiled).zone.name == "exile"
    assert mtg.get(mtg.move(bounced, "hand")).zone.name == "hand"
    assert mtg.get(mtg.move(discarded, "graveyard")).zone.name == "graveyard"
    rs = mtg.ruleset
    field, grave = rs.zone_spec("battlefield"), rs.zone_spec("graveyard")
    assert rs.may_replace_move(field, grave) and not rs.may_replace_move(grave, field)
