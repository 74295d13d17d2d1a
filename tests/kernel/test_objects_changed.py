"""``changed`` is ``dataclasses.replace``, faster for game objects: the same results."""

from __future__ import annotations

import dataclasses

import pytest
from tests.helpers import card, new_game

from tcgrules.kernel.game import LastKnown
from tcgrules.kernel.objects import GameObject, ObjectRef, ZoneKey, changed, changer, maker
from tcgrules.kernel.play import Announced


def test_changed_equals_replace_for_every_field() -> None:
    game = new_game("mtg")
    ref = game.create(card("mtg", "Bear", "Creature — Bear", power=2), "Alice", "battlefield")
    obj = game.get(ref)
    values = {
        "tapped": True,
        "damage": 3,
        "zone": ZoneKey("graveyard", "Alice"),
        "incarnation": 2,
        "attached_to": ObjectRef(9, 1),
        "life_change": -1,
        "controller": "Bob",
    }
    for name, value in values.items():
        assert changed(obj, **{name: value}) == dataclasses.replace(obj, **{name: value})
    assert changed(obj, **values) == dataclasses.replace(obj, **values)
    assert changed(obj) == obj and changed(obj) is not obj
    assert changed(ref, incarnation=2) == ObjectRef(ref.id, 2)  # other dataclasses too


def test_changed_refuses_a_name_that_is_not_a_field() -> None:
    game = new_game("mtg")
    obj = game.get(game.create(card("mtg", "Bear", "Creature — Bear"), "Alice", "battlefield"))
    with pytest.raises(TypeError):
        changed(obj, tapped_twice=True)
    with pytest.raises(TypeError):
        dataclasses.replace(obj, tapped_twice=True)


def test_a_changer_equals_changed() -> None:
    game = new_game("mtg")
    ref = game.create(card("mtg", "Bear", "Creature — Bear", power=2), "Alice", "battlefield")
    obj = game.get(ref)
    again = changer("incarnation", "zone", "tapped")
    made = again(obj, incarnation=2, zone=ZoneKey("graveyard", "Alice"), tapped=True)
    assert made == dataclasses.replace(
        obj, incarnation=2, zone=ZoneKey("graveyard", "Alice"), tapped=True
    )
    assert type(made) is GameObject and made.ref == ObjectRef(ref.id, 2)
    with pytest.raises(dataclasses.FrozenInstanceError):
        made.tapped = False  # type: ignore[misc]
    with pytest.raises(TypeError):
        changer("tapped_twice")
    with pytest.raises(TypeError):
        again(obj, incarnation=2)  # every one of its fields, every time


def test_a_changer_with_fixed_fields_equals_changed() -> None:
    """The fields a changer fixes are set on every call as ``changed`` would set them,
    and a new reference it makes is an ordinary, frozen ``ObjectRef`` of the new
    incarnation, stamped with the object's game."""
    game = new_game("mtg")
    ref = game.create(card("mtg", "Bear", "Creature — Bear", power=2), "Alice", "battlefield")
    game.set_tapped(ref, True, rule_applied=None)
    obj = game.get(ref)
    again = changer("incarnation", fixed={"tapped": False, "damage": 0})
    made = again(obj, incarnation=2)
    assert made == dataclasses.replace(obj, incarnation=2, tapped=False, damage=0)
    assert not made.tapped and obj.tapped
    assert type(made.ref) is ObjectRef and made.ref == ObjectRef(ref.id, 2)
    assert made.ref.lineage == ref.lineage and hash(made.ref) == hash(ObjectRef(ref.id, 2))
    with pytest.raises(dataclasses.FrozenInstanceError):
        made.ref.incarnation = 3  # type: ignore[misc]
    assert changer("zone", fixed={"tapped": False})(obj, zone=obj.zone).ref is obj.ref
    with pytest.raises(TypeError):
        changer("tapped", fixed={"tapped": False})  # a field both passed and fixed
    with pytest.raises(TypeError):
        changer("zone", fixed={"tapped_twice": False})
    with pytest.raises(TypeError):
        again(obj, incarnation=2, tapped=True)  # a fixed field is not an argument


# ---------------------------------------------------------------- maker
def test_maker_builds_the_same_frozen_record_as_the_class() -> None:
    """A record made by :func:`objects.maker` is an ordinary instance of its class: equal
    to the one the class's own constructor makes, and as immutable."""
    game = new_game("mtg")
    ref = game.create(card("mtg", "Bear", "Creature — Bear", power=2), "Alice", "battlefield")
    obj = game.get(ref)
    chars = game.characteristics(ref)
    made = maker(LastKnown)(obj, chars, "Alice")
    assert type(made) is LastKnown
    assert made == LastKnown(obj, chars, "Alice")
    with pytest.raises(dataclasses.FrozenInstanceError):
        made.controller = "Bob"  # type: ignore[misc]
    announced = maker(Announced)(((ref,),), (1,), None, 2, {"kicker": 1})
    assert announced == Announced(((ref,),), (1,), None, 2, {"kicker": 1})
    with pytest.raises(TypeError):  # every field is given: no defaults
        maker(Announced)()


def test_maker_refuses_a_class_with_a_post_init() -> None:
    """A draft skips ``__post_init__``, so a class that has one is refused by name."""
    with pytest.raises(TypeError, match=r"GameObject.*__post_init__"):
        maker(GameObject)
