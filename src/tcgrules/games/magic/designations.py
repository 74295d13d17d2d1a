"""Designations a permanent can have (helper W7): goaded (mtg:701.38b) and suspected
(mtg:701.58b). A designation is neither an ability nor a copiable value; here it is known
by the continuous effects its rule started on that object (which grant what the
designation gives: a combat requirement, menace, "can't block"), so it ends when they
end: at the goader's next turn, or when the permanent leaves the battlefield."""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from tcgrules.errors import NotSupportedError
from tcgrules.kernel.game import Game
from tcgrules.kernel.objects import GameObject, ObjectRef
from tcgrules.rules import rule

#: the rules whose effects mark each designation on an object
GOADED = "mtg:701.38b"
SUSPECTED = "mtg:701.58c"
#: the designations a description may ask about ("all suspected creatures"), by word
#: a permanent turned face down by an effect: the effect giving it the face-down values
FACE_DOWN = "mtg:708.2a"
STATUSES: Mapping[str, str] = MappingProxyType(
    {"goaded": GOADED, "suspected": SUSPECTED, "face-down": FACE_DOWN}
)


def designated(game: Game, ref: ObjectRef, number: str, holder: str | None = None) -> bool:
    """Whether ``ref`` carries the designation the rule ``number`` gives (given by
    ``holder``, where that is asked)."""
    wanted = rule(number)
    return any(
        e.rule == wanted and (holder is None or e.holder == holder) for e in game.effects_on(ref)
    )


def goaders(game: Game, ref: ObjectRef) -> frozenset[str]:
    """The players who goaded ``ref`` and whose goad still lasts (mtg:701.38a, 701.38c)."""
    wanted = rule(GOADED)
    return frozenset(e.holder for e in game.effects_on(ref) if e.rule == wanted and e.holder)


def has_designation(game: Game, obj: GameObject, name: str) -> bool:
    """ "suspected", "goaded" in a description: a permanent with that designation
    (mtg:701.58b, mtg:701.38b); "face-down": a permanent turned face down by an effect
    (mtg:708.2a). Face-down cards elsewhere (exiled face down) are not modelled."""
    if name == "face-down" and obj.zone.name != "battlefield":
        raise NotSupportedError(f"a face-down card in {obj.zone}", "only permanents turn face down")
    return obj.zone.name == "battlefield" and designated(game, obj.ref, STATUSES[name])
