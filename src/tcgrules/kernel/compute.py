"""Computing current characteristics: apply ordered ops to printed values.

The order comes from the ruleset (MTG layers, FaB stages, GA layers); the
meaning of each op is the same in every game. FaB's floor at zero (fab:2.0.3c)
is applied after every op that touches a numeric property, because the rule
turns each reduction below zero into a reduction to zero.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from types import MappingProxyType

from tcgrules.kernel.characteristics import (
    AbilityLike,
    Characteristics,
    Keyword,
    UnreadValue,
    Value,
)
from tcgrules.kernel.effects import (
    ChangeControl,
    ChangeSet,
    CopyOf,
    GrantAbilities,
    Modify,
    Op,
    RemoveAbilities,
    SetBase,
    SwitchPT,
)
from tcgrules.kernel.objects import maker


@dataclass(frozen=True, slots=True)
class Computed:
    """The result of applying effects: characteristics, controller, and what moved.

    ``increased``/``decreased`` name the numeric properties some applied effect
    raised or lowered (fab:2.0.3b), even if another effect undid it.
    """

    characteristics: Characteristics
    controller: str | None
    increased: frozenset[str]
    decreased: frozenset[str]


def _as_int(v: Value) -> int:
    if isinstance(v, int):
        return v
    if v is None:
        return 0
    try:
        return int(v)
    except ValueError:
        return 0  # a value the card's text defines but that is undetermined (fab:2.9.2a)


_NONE: frozenset[str] = frozenset()

#: ``_printed(characteristics, controller, increased, decreased)``: a Computed filled in
#: as a draft (:func:`~tcgrules.kernel.objects.maker`), for the usual object that no
#: effect changes (its characteristics are worked out after each move)
_printed = maker(Computed)


def _settled(base: Characteristics, floored: frozenset[str]) -> bool:
    """Whether ``base`` is already what applying no op makes of it: its sets frozen, its
    abilities a tuple, its values read-only, and no floored value below 0."""
    if not (
        type(base.types) is frozenset
        and type(base.supertypes) is frozenset
        and type(base.subtypes) is frozenset
        and type(base.colors) is frozenset
        and type(base.abilities) is tuple
        and type(base.values) is MappingProxyType
    ):
        return False
    for prop in floored:
        value = base.values.get(prop)
        if isinstance(value, int) and value < 0:
            return False
    return True


def unchanged(
    base: Characteristics, controller: str | None, floored: frozenset[str]
) -> Computed | None:
    """What :func:`apply_ops` makes of ``base`` with no op to apply, where that is
    ``base`` itself (:func:`_settled`): its printed values, with nothing raised or
    lowered; None where applying no op would still change it (then :func:`apply_ops`
    works it out)."""
    if _settled(base, floored):
        return _printed(base, controller, _NONE, _NONE)
    return None


def apply_ops(
    base: Characteristics,
    controller: str | None,
    ops: Iterable[Op],
    *,
    floor_zero: bool,
    removal_spares_granted: bool,
    floored: frozenset[str] = frozenset(),
    kept_by_copy: frozenset[str] = frozenset(),
    removal_covers_qualified: frozenset[str] = frozenset(),
    type_setting_clears_supertypes: bool = False,
) -> Computed:
    """Apply ``ops`` in the given order to ``base``.

    - ``floor_zero``: numeric properties never go below 0 (fab:2.0.3c); ``floored``:
      these ones end at 0 if all the changes together take them below it (a Grand
      Archive cost, ga:parts-of-a-card-cost/6 and 8).
    - ``removal_spares_granted``: removing an ability does not remove one added
      by another effect (fab:6.3.6); in MTG a later "loses all abilities"
      removes earlier grants too (mtg:613.1f, timestamps within layer 6).
    - ``kept_by_copy``: the game's own sets an object keeps when it becomes a copy
      (FaB metatypes can't be gained or lost, fab:2.6.5); its other sets are copied
      with the rest (FaB traits are printed properties, fab:2.13.2, fab:8.5.25).
    - ``type_setting_clears_supertypes``: setting the card types also removes the
      supertypes (ga:general-rules-card-characteristics/type-overwriting-and-type-setting-2).
    """
    ops = tuple(ops)
    if not ops:  # nothing applies: the printed values, where they are settled
        found = unchanged(base, controller, floored)
        if found is not None:
            return found
    name = base.name
    sets: dict[str, set[str]] = {
        "types": set(base.types),
        "supertypes": set(base.supertypes),
        "subtypes": set(base.subtypes),
        "colors": set(base.colors),
    }
    #: a game's own sets (FaB metatypes, traits), copied only if an op changes one
    extra: dict[str, frozenset[str]] | None = None
    abilities: list[AbilityLike] = list(base.abilities)
    granted: list[AbilityLike] = []
    values: dict[str, Value] = dict(base.values)
    increased: set[str] = set()
    decreased: set[str] = set()

    def set_number(prop: str, new: int) -> None:
        old = values.get(prop)
        if floor_zero and new < 0:
            new = 0
        if old is not None:
            delta = new - _as_int(old)
            if delta > 0:
                increased.add(prop)
            elif delta < 0:
                decreased.add(prop)
        values[prop] = new

    for op in ops:
        if isinstance(op, CopyOf):
            v = op.values
            name = v.name
            sets = {
                "types": set(v.types),
                "supertypes": set(v.supertypes),
                "subtypes": set(v.subtypes),
                "colors": set(v.colors),
            }
            abilities = list(v.abilities)
            granted = []
            values = dict(v.values)
            held = base.sets if extra is None else extra
            extra = {k: w for k, w in v.sets.items() if k not in kept_by_copy}
            extra.update({k: w for k, w in held.items() if k in kept_by_copy})
        elif isinstance(op, ChangeControl):
            controller = op.player
        elif isinstance(op, ChangeSet):
            if op.field not in sets:
                extra = dict(base.sets) if extra is None else extra
                now = extra.get(op.field, frozenset())
                if op.mode == "set":
                    extra[op.field] = op.values
                else:
                    extra[op.field] = now | op.values if op.mode == "add" else now - op.values
                continue
            target = sets[op.field]
            if op.mode == "set":
                target.clear()
                target.update(op.values)
                if op.field == "types" and type_setting_clears_supertypes:
                    sets["supertypes"].clear()
            elif op.mode == "add":
                target.update(op.values)
            else:
                target.difference_update(op.values)
        elif isinstance(op, GrantAbilities):
            for a in op.abilities:
                abilities.append(a)
                granted.append(a)
        elif isinstance(op, RemoveAbilities):
            spared = granted if removal_spares_granted else []
            if op.abilities is None:
                abilities = [a for a in abilities if any(a is g for g in spared)]
            else:
                doomed = set(op.abilities)
                # losing a keyword named in ``removal_covers_qualified`` also loses its
                # qualified forms ("hexproof" takes "hexproof from black", mtg:702.11e)
                families = {
                    a.name
                    for a in op.abilities
                    if isinstance(a, Keyword)
                    and a.argument is None
                    and a.name in removal_covers_qualified
                }
                abilities = [
                    a
                    for a in abilities
                    if not (a in doomed or (isinstance(a, Keyword) and a.name in families))
                    or any(a is g for g in spared)
                ]
            if not removal_spares_granted:
                granted = [g for g in granted if any(g is a for a in abilities)]
        elif isinstance(op, SetBase):
            if isinstance(op.value, int):
                set_number(op.prop, op.value)
            elif op.value is None:
                values.pop(op.prop, None)
            else:
                values[op.prop] = op.value
        elif isinstance(op, Modify):
            # an absent property stays absent (fab:2.3.2); a value whose defining text is
            # not read stays unread, so that reading it says so (fab:2.9.2a)
            if op.prop in values and not isinstance(values[op.prop], UnreadValue):
                set_number(op.prop, _as_int(values[op.prop]) + op.delta)
        elif isinstance(op, SwitchPT):
            p, t = values.get("power"), values.get("toughness")
            if p is not None and t is not None:
                values["power"], values["toughness"] = _as_int(t), _as_int(p)

    for floored_prop in floored:
        value = values.get(floored_prop)
        if isinstance(value, int) and value < 0:
            values[floored_prop] = 0
    chars = Characteristics(
        name=name,
        types=frozenset(sets["types"]),
        supertypes=frozenset(sets["supertypes"]),
        subtypes=frozenset(sets["subtypes"]),
        colors=frozenset(sets["colors"]),
        abilities=tuple(abilities),
        values=MappingProxyType(values),
        sets=base.sets if extra is None else MappingProxyType(extra),
    )
    return Computed(chars, controller, frozenset(increased), frozenset(decreased))
