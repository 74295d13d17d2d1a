"""The objects an earlier step of the same effect moved or showed, for every game, and
the numbers read from them (helper T1): "the discarded card's mana value", "the exiled
card's power", "the sacrificed creature's power".

Such words name the object the same resolution really moved that way (mtg:608.2c), or
the one its controller moved or showed to pay its cost (mtg:601.2h, mtg:602.2b, kept
on the stack object as :class:`~tcgrules.kernel.objects.PaidWith`), or, in a reflexive
ability, the one its parent moved that way (mtg:603.12). A number is read from the
object as it last existed before that move (mtg:608.2h).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from tcgrules.cardtext.nodes import MovedThisWay, OfMoved, SacrificedValue
from tcgrules.errors import NotSupportedError
from tcgrules.kernel import descriptors as d
from tcgrules.kernel.board import Seen
from tcgrules.kernel.characteristics import Characteristics
from tcgrules.kernel.describe import Context, compile_descriptor
from tcgrules.kernel.events import Event
from tcgrules.kernel.objects import DoneEarlier, ObjectRef

if TYPE_CHECKING:
    from tcgrules.kernel.resolution import Resolution

#: the numbers read from one object (``count`` is read from how many there are)
PROPS = frozenset({"power", "toughness", "mana_value", "card_types", "count"})


def as_of_moved(value: SacrificedValue) -> OfMoved:
    """ "the sacrificed creature's power" as the general reading: of the object
    sacrificed, from the battlefield to a graveyard (mtg:701.17a)."""
    word = value.word
    descriptor: d.Descriptor = d.IsPermanent() if word == "permanent" else d.HasType(word)
    return OfMoved(value.prop, MovedThisWay(descriptor, "graveyard", "sacrificed", "battlefield"))


def done_in(events: Iterable[Event]) -> tuple[DoneEarlier, ...]:
    """Each object ``events`` moved or showed, once, in order."""
    found: list[DoneEarlier] = []
    for event in events:
        ref = event.object
        if event.kind not in {"moved", "revealed"} or ref is None:
            continue
        if any(f.after.id == ref.id for f in found):
            continue
        old = event.data.get("old")
        before = old if isinstance(old, ObjectRef) else ref
        origin, to = event.data.get("from"), event.data.get("to")
        found.append(
            DoneEarlier(
                event.kind,
                before,
                ref,
                origin if isinstance(origin, str) else None,
                to if isinstance(to, str) else None,
            )
        )
    return tuple(found)


def _that_way(done: Iterable[DoneEarlier], way: MovedThisWay) -> list[ObjectRef]:
    """Of what was done, the objects moved (or shown) that way, as they were."""
    return [
        f.before
        for f in done
        if f.kind == way.event
        and (way.event != "moved" or not way.to or f.to == way.to)
        and (way.origin is None or f.origin == way.origin)
    ]


def _seen(run: Resolution, ref: ObjectRef) -> Seen:
    """The object as it is, or as it last existed (mtg:608.2h)."""
    game = run.game
    if game.is_current(ref):
        return game.seen_object(ref)
    known = game.last_known(ref)
    zone = game.ruleset.zone_spec(known.object.zone.name)
    return Seen(known.object, ref, known.characteristics, known.controller, zone)


def moved_objects(run: Resolution, way: MovedThisWay) -> list[Seen]:
    """The objects ``way`` names, each as it last existed before it moved, that its
    descriptor describes then (its zone is the move's, already checked): those this
    resolution moved that way, else those paid that way, else those its parent's
    resolution moved that way (a reflexive ability, mtg:603.12)."""
    parts = way.descriptor.parts if isinstance(way.descriptor, d.AllOf) else (way.descriptor,)
    kept = tuple(p for p in parts if not isinstance(p, d.InZone))
    check = compile_descriptor(d.AllOf(kept), run.game.ruleset.name).objects if kept else None
    ctx = Context(run.game, run.controller, run.info.source or run.obj.ref)
    earlier = done_in(run.game.events.since(run.began))
    paid = [p.before for p in run.info.paid if p.verb == way.word]
    for candidates in (
        _that_way(earlier, way),
        paid,
        _that_way(run.info.parent_moved, way),
    ):
        if not candidates:
            continue
        seen = [_seen(run, before) for before in candidates]
        return [s for s in seen if check is None or check(ctx, s)]
    return []


def _number(chars: Characteristics, prop: str) -> int:
    if prop == "card_types":
        return len(chars.types)
    found = chars.number(prop)
    return found if isinstance(found, int) else 0


def of_moved(run: Resolution, value: OfMoved | SacrificedValue) -> int:
    """The number ``value`` reads (see :class:`~tcgrules.cardtext.nodes.OfMoved`)."""
    if isinstance(value, SacrificedValue):
        value = as_of_moved(value)
    if value.prop not in PROPS:
        raise NotSupportedError(
            f"the {value.prop} of the object {value.way.word} ({run.obj.label})"
        )
    found = moved_objects(run, value.way)
    if value.prop == "count":
        return len(found)
    said = f"the {value.way.word} object's {value.prop.replace('_', ' ')} in {run.obj.label}"
    if not found:
        raise NotSupportedError(
            f"{said}: nothing was {value.way.word} by it, as it resolved or to pay its cost "
            "(name what a cost used with paid:)"
        )
    if len(found) > 1 and not value.total:
        raise NotSupportedError(f"{said}: {len(found)} objects were {value.way.word}, not one")
    return sum(_number(s.chars, value.prop) for s in found)
