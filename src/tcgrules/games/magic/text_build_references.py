"""What "it" names in a number of an effect other than damage (helper V3): "target player
loses life equal to the number of +1/+1 counters on it" in an ability of the object
itself ("When this creature enters, ...", an activated ability): the object the text is
printed on (mtg:201.5, mtg:608.2c). Which abilities count as the object's own is the
damage rules' reading of "it" (``text_build_damage.trigger_references``)."""

from __future__ import annotations

from dataclasses import fields, replace
from typing import Any

from tcgrules.cardtext import nodes as n
from tcgrules.kernel import descriptors as d

#: the fields of an effect that hold a number (as text_build_amounts reads them)
_AMOUNT_FIELDS = frozenset({"amount", "count", "power", "toughness", "total", "top"})


def source_amounts(effect: Any) -> Any | None:
    """``effect`` with each plain "it" its numbers read made the source, or None where
    "it" stands anywhere else in it (an object it acts on, "that creature", a number
    nested in something this reading does not know)."""
    if not hasattr(effect, "__dataclass_fields__") or isinstance(effect, d.Descriptor):
        return None
    changes: dict[str, Any] = {}
    for f in fields(effect):
        value = getattr(effect, f.name)
        if f.name in _AMOUNT_FIELDS:
            swapped = _amount(value)
            if swapped is None:
                return None
            if swapped != value:
                changes[f.name] = swapped
        elif _has_it(value):
            return None
    return replace(effect, **changes) if changes else None


def _amount(value: Any) -> Any | None:
    it = n.It()
    if isinstance(value, n.PowerOf):
        return n.PowerOf(n.Self()) if value.of == it else _plain(value, value.of)
    if isinstance(value, n.NumberOf):
        return n.NumberOf(value.prop, n.Self()) if value.of == it else _plain(value, value.of)
    if isinstance(value, n.CountersOn):
        return n.CountersOn(value.kind, n.Self()) if value.on == it else _plain(value, value.on)
    return None if _has_it(value) else value


def _plain(value: Any, ref: Any) -> Any | None:
    return None if isinstance(ref, n.It) else value


def _has_it(value: Any) -> bool:
    if isinstance(value, n.It):
        return True
    if isinstance(value, tuple):
        return any(_has_it(v) for v in value)
    if hasattr(value, "__dataclass_fields__") and not isinstance(value, d.Descriptor):
        return any(_has_it(getattr(value, f.name)) for f in fields(value))
    return False
