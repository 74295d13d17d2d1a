"""apply_ops with nothing to apply: the printed characteristics, normalised as a full
application would leave them (the shortcut in kernel/compute.py must agree with it)."""

from __future__ import annotations

from types import MappingProxyType

from tcgrules import CardDefinition, new_game
from tcgrules.kernel.characteristics import Characteristics
from tcgrules.kernel.compute import apply_ops, unchanged
from tcgrules.kernel.effects import Modify


def _apply(base: Characteristics, *, floored: frozenset[str] = frozenset()) -> Characteristics:
    return apply_ops(
        base, "Alice", (), floor_zero=False, removal_spares_granted=False, floored=floored
    ).characteristics


def test_frozen_printed_values_come_back_unchanged() -> None:
    base = Characteristics(
        name="Bear",
        types=frozenset({"creature"}),
        values=MappingProxyType({"power": 2, "toughness": 2}),
    )
    computed = apply_ops(base, "Alice", (), floor_zero=False, removal_spares_granted=False)
    assert computed.characteristics == base
    assert computed.controller == "Alice"
    assert computed.increased == frozenset() and computed.decreased == frozenset()


def test_unfrozen_values_are_frozen_as_a_full_application_does() -> None:
    base = Characteristics(name="Bear", types={"creature"}, abilities=[], values={"power": 2})  # type: ignore[arg-type]
    chars = _apply(base)
    assert type(chars.types) is frozenset and chars.types == frozenset({"creature"})
    assert type(chars.abilities) is tuple
    assert isinstance(chars.values, MappingProxyType) and chars.values["power"] == 2


def test_a_floored_value_below_zero_ends_at_zero_even_with_nothing_applied() -> None:
    base = Characteristics(name="Cheap", values=MappingProxyType({"cost": -1}))
    assert _apply(base, floored=frozenset({"cost"})).value("cost") == 0
    assert _apply(base).value("cost") == -1  # not floored: kept


def test_an_op_still_applies() -> None:
    base = Characteristics(name="Bear", values=MappingProxyType({"power": 2}))
    computed = apply_ops(
        base, None, (Modify("power", 1),), floor_zero=False, removal_spares_granted=False
    )
    assert computed.characteristics.power == 3
    assert computed.increased == frozenset({"power"})


def test_unchanged_is_apply_ops_with_nothing_to_apply_or_declines() -> None:
    settled = Characteristics(name="Bear", types=frozenset({"creature"}))
    found = unchanged(settled, "Alice", frozenset())
    assert found == apply_ops(settled, "Alice", (), floor_zero=False, removal_spares_granted=False)
    # where applying nothing still changes the values, the shortcut leaves it to apply_ops
    loose = Characteristics(name="Bear", types={"creature"})  # type: ignore[arg-type]
    assert unchanged(loose, "Alice", frozenset()) is None
    below = Characteristics(name="Cheap", values=MappingProxyType({"cost": -1}))
    assert unchanged(below, "Alice", frozenset({"cost"})) is None
    assert unchanged(below, "Alice", frozenset()) is not None


def test_an_object_with_something_on_it_is_not_read_as_printed() -> None:
    """A game object with nothing applying to it reads its printed values; one with a
    counter takes the full application (the counter counts, mtg:122.1a)."""
    game = new_game("mtg", ["Alice", "Bob"])
    bear = CardDefinition(
        "mtg",
        "Bear",
        "Creature — Bear",
        "",
        MappingProxyType({"power": 2, "toughness": 2}),  # type: ignore[arg-type]
    )
    plain = game.create(bear, "Alice", "battlefield")
    grown = game.create(bear, "Alice", "battlefield", counters={"+1/+1": 1})
    assert game.characteristics(plain).power == 2
    assert game.computed(plain).increased == frozenset()
    assert game.characteristics(grown).power == 3
    assert game.computed(grown).increased == frozenset({"power", "toughness"})
