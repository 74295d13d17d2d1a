"""Magic costs paid with objects (helper T1): "Sacrifice a creature", "Discard a card",
"Exile a creature card from your graveyard", "reveal a creature card from your hand".

The player names the objects (the scenario's ``paid:``); each cost is paid once the
targets are chosen (mtg:601.2h; an ability's cost the same way, mtg:602.2b). A player
can't pay with an object that can't be used that way (mtg:118.3): only a permanent
they control is sacrificed (mtg:701.17a), only a card in their hand is discarded
(mtg:701.8a) or revealed (mtg:701.16a), and an object is exiled from the zone it is in
(mtg:406.2). What was paid is kept on the stack object, and "the sacrificed creature",
"the discarded card" later name it as it last existed (mtg:608.2h).
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from tcgrules.kernel.events import Event
from tcgrules.kernel.game import Game
from tcgrules.kernel.objects import ObjectRef
from tcgrules.rules import rule
from tcgrules.verdict import Verdict

#: how each cost verb uses its object: the zone it must be in (None: any but the stack),
#: whether the player must control it (or else own it), where it goes (None: it stays,
#: shown to every player) and the rule
_HOW: dict[str, tuple[str | None, bool, str | None, str]] = {
    "sacrificed": ("battlefield", True, "graveyard", "mtg:701.17a"),
    "discarded": ("hand", False, "graveyard", "mtg:701.8a"),
    "exiled": (None, False, "exile", "mtg:406.2"),
    "revealed": ("hand", False, None, "mtg:701.16a"),
}

#: the verb a cost is worded with ("Sacrifice a creature") -> how its object is used,
#: the participle "the sacrificed creature" and ``paid:`` say
COST_VERBS: Mapping[str, str] = MappingProxyType(
    {"sacrifice": "sacrificed", "discard": "discarded", "exile": "exiled", "reveal": "revealed"}
)

_SAID = {
    "sacrificed": "sacrifices",
    "discarded": "discards",
    "exiled": "exiles",
    "revealed": "reveals",
}


def cost_object_refusal(game: Game, player: str, verb: str, ref: ObjectRef) -> Verdict | None:
    """Why ``player`` can't pay a cost by doing ``verb`` with ``ref`` (mtg:118.3)."""
    how = _HOW.get(verb)
    if how is None:
        known = ", ".join(sorted(_HOW))
        return Verdict.refuse(rule("mtg:601.2h"), f"no cost is paid by “{verb}” (known: {known})")
    zone, controls, _, number = how
    obj = game.get(ref)
    where = obj.zone.name
    if (zone is not None and where != zone) or (zone is None and where == "stack"):
        place = f"a {zone}" if zone is not None else "a zone other than the stack"
        return Verdict.refuse(
            rule("mtg:118.3"),
            f"{obj.label} is in {obj.zone}, not {place}: it can't be {verb} to pay a cost",
        )
    whose = game.controller(ref) if controls else obj.owner
    if whose != player:
        word = "control" if controls else "own"
        return Verdict.refuse(
            rule(number),
            f"{player} doesn't {word} {obj.label}: it can't be {verb} to pay their cost",
        )
    return None


def pay_with_object(game: Game, player: str, verb: str, ref: ObjectRef) -> ObjectRef:
    """``player`` pays a cost by doing ``verb`` with ``ref`` (mtg:601.2h); the object it
    becomes (``ref`` itself when it is only revealed)."""
    _, _, to, number = _HOW[verb]
    said = f"{player} {_SAID[verb]} {game.describe(ref)} to pay a cost"
    if to is None:
        game.log(
            Event("revealed", f"{said} (it stays where it is)", rule(number), ref, player=player)
        )
        return ref
    return game.move(ref, to, rule_applied=rule(number), reason=said)
