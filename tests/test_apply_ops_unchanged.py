"""apply_ops with nothing to apply: the printed characteristics, normalised as a full
application would leave them (the shortcut in kernel/compute.py must agree with it)."""

from __future__ import annotations

from types import MappingProxyType

from tcgrules.kernel.characteristics import Characteristics
from tcgrules.kernel.compute import apply_ops
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
