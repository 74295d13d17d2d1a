"""Events are immutable values, compared field by field; a sentence given as a template
with its arguments is made when first read, and is the same sentence."""

from __future__ import annotations

import copy
import dataclasses
from types import MappingProxyType

import pytest
from tests.helpers import card, new_game

from tcgrules.kernel.events import NO_DATA, Event, EventLog, new_event
from tcgrules.kernel.objects import ObjectRef, ZoneKey
from tcgrules.rules import rule


def _pair() -> tuple[Event, Event]:
    ref = ObjectRef(3, 2)
    data = MappingProxyType({"amount": 3})
    told = Event("damage", "Bear is dealt 3 damage from Bolt", rule("mtg:120.3e"), ref, data=data)
    lazy = Event(
        "damage",
        "{0} is dealt {1} damage{2}",
        rule("mtg:120.3e"),
        ref,
        data=data,
        args=("Bear", 3, " from Bolt"),
    )
    return told, lazy


def test_a_template_event_equals_the_event_told_its_sentence() -> None:
    told, lazy = _pair()
    assert lazy == told and told == lazy
    assert repr(lazy) == repr(told)
    assert lazy.text == told.text == "Bear is dealt 3 damage from Bolt"
    assert str(lazy) == str(told) == "Bear is dealt 3 damage from Bolt (mtg:120.3e)"
    assert Event("x", "{0}", args=("a",)) != Event("x", "{0}")  # the template is not the text
    assert Event("x", "a", player="Bob") != Event("x", "a")


def test_an_event_is_immutable_and_copies_to_an_equal_one() -> None:
    told, lazy = _pair()
    for event in (told, lazy):
        with pytest.raises(dataclasses.FrozenInstanceError):
            event.kind = "moved"  # type: ignore[misc]
        with pytest.raises(dataclasses.FrozenInstanceError):
            del event.text  # type: ignore[misc]
        assert type(event) is Event
        assert copy.copy(event) == event
        with pytest.raises(TypeError):  # its data is a mapping: unhashable, as it always was
            hash(event)
    plain = Event("end_turn", "the turn ends")
    assert plain.rule is None and plain.object is None and plain.player is None
    assert plain.data == {} and plain == Event("end_turn", "the turn ends")


def test_the_log_keeps_events_in_order_and_shares_its_tail() -> None:
    told, lazy = _pair()
    log = EventLog().add(told)
    longer = log.add(lazy)
    assert type(longer) is EventLog and longer.previous is log
    assert len(longer) == 2 and list(longer) == [told, lazy] and longer.since(1) == [lazy]
    with pytest.raises(dataclasses.FrozenInstanceError):
        longer.size = 3  # type: ignore[misc]


def test_the_game_logs_the_same_sentences_lazily() -> None:
    game = new_game("mtg")
    ref = game.create(card("mtg", "Bear", "Creature — Bear", power=2), "Alice", "battlefield")
    game.set_tapped(ref, True, rule_applied=None)
    game.mark_damage(ref, 2, rule_applied=None, source="Shock")
    gone = game.move(ref, "graveyard", reason="it died")
    texts = [e.text for e in game.events][-3:]
    assert texts == [
        "Bear becomes tapped",
        "Bear is dealt 2 damage from Shock",
        f"Bear moves from battlefield to Alice's graveyard (it died); it is a new object {gone}",
    ]


def test_zone_keys_are_interned_values() -> None:
    key = ZoneKey("graveyard", "Alice")
    assert ZoneKey(name="graveyard", player="Alice") is key
    assert key == ZoneKey("graveyard", "Alice") and key != ZoneKey("graveyard", "Bob")
    assert ZoneKey("stack") is ZoneKey("stack", None)
    assert copy.deepcopy(key) is key and dataclasses.replace(key, player="Bob") is ZoneKey(
        "graveyard", "Bob"
    )
    assert repr(key) == "ZoneKey(name='graveyard', player='Alice')" and str(key) == (
        "Alice's graveyard"
    )
    with pytest.raises(dataclasses.FrozenInstanceError):
        key.player = "Bob"  # type: ignore[misc]


def test_new_event_makes_the_event_the_class_makes() -> None:
    """The positional constructor used on hot paths gives an ordinary Event: the same
    fields, the same lazily made sentence, as immutable, and equal to ``Event(...)``."""
    told, lazy = _pair()
    made = new_event(
        "damage",
        "{0} is dealt {1} damage{2}",
        rule("mtg:120.3e"),
        ObjectRef(3, 2),
        None,
        MappingProxyType({"amount": 3}),
        ("Bear", 3, " from Bolt"),
    )
    assert type(made) is Event
    assert made == lazy == told
    assert made.text == "Bear is dealt 3 damage from Bolt"
    with pytest.raises(dataclasses.FrozenInstanceError):
        made.kind = "other"  # type: ignore[misc]
    plain = new_event("reordered", "a shuffle", None, None, "Bob", NO_DATA, None)
    assert plain == Event("reordered", "a shuffle", player="Bob")
    assert plain.data == {} and plain.text == "a shuffle"
    assert copy.copy(plain) == plain
