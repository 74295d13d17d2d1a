"""Object states and conditions a Grand Archive description names: "target damaged
ally", "target unloaded Gun weapon", "ally with a buff counter on it", "that entered
the field this turn".

- Damaged / undamaged (a state of objects, ga:properties-and-states/general-rules-1):
  damage on the object is more than 0.
- Loaded / unloaded (ga:game-terms/loaded-2, loaded-3): an object is loaded while its
  own Loaded Cards (ga:game-zones-object-specific-zones/loaded-cards-1, loaded-cards-4)
  hold a card. tcgrules keeps loaded cards in one zone per player and does not record
  which object each is under: with no loaded card anywhere every object is unloaded;
  otherwise the answer is not known and the query raises NotSupportedError.
- Ephemeral (ga:game-terms/ephemeral-1): off unless something gives it; no effect
  tcgrules reads gives it, so no object is ephemeral (a card text that would is
  reported as not understood).
- "with N <kind> counters" (ga:counters/general-rules-4): the object's counters of that
  kind.
- "entered the field this turn": a move of this very object onto the field this turn
  (a new object, ga:objects-and-targeting/objects-1), or its creation there as a token.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from tcgrules.errors import NotSupportedError
from tcgrules.kernel import descriptors as d
from tcgrules.kernel.characteristics import Characteristics
from tcgrules.kernel.describe import Context, number_test
from tcgrules.kernel.game import Game, Seen
from tcgrules.kernel.objects import GameObject

ObjectTest = Callable[[Context, Seen], bool]

_LOADED_ZONE = "loaded_cards"


def _any_loaded(game: Game) -> bool:
    return any(game.zone(_LOADED_ZONE, player) for player in game.players)


def _loaded(game: Game, obj: GameObject) -> bool:
    if _any_loaded(game):
        raise NotSupportedError(
            "which Grand Archive object a loaded card is under",
            "loaded cards are kept per player, so whether an object is loaded is not known",
        )
    return False


#: states of objects, name -> test (the kernel knows rested/awake, attacking, defending)
STATUSES: dict[str, Callable[[Game, GameObject, Characteristics], bool]] = {
    "damaged": lambda game, obj, chars: obj.damage > 0,
    "undamaged": lambda game, obj, chars: obj.damage <= 0,
    "loaded": lambda game, obj, chars: _loaded(game, obj),
    "unloaded": lambda game, obj, chars: not _loaded(game, obj),
    "ephemeral": lambda game, obj, chars: False,
}


def _counters(kind: str, test: Callable[[int], bool]) -> ObjectTest:
    def check(c: Context, e: Seen) -> bool:
        count = sum(n for k, n in e.obj.counters.items() if k.lower() == kind)
        return test(count)

    return check


def _entered_this_turn(c: Context, e: Seen) -> bool:
    field = c.game.ruleset.battlefield
    for event in c.game.events.this_turn():
        if event.object != e.ref:
            continue
        if event.kind == "token_created":
            return True
        if event.kind == "moved" and event.data.get("to") == field:
            return True
    return False


def reserve_cost(chars: Characteristics) -> int:
    """The reserve cost of an object (ga:parts-of-a-card-cost/1); one that has a memory
    cost or no cost has none, and a phrase adding up reserve costs can't count it."""
    if chars.value("cost_kind") == "memory" or chars.value("cost") is None:
        raise NotSupportedError(
            f"the reserve cost of {chars.name}", "it has a memory cost or no cost"
        )
    return chars.number("cost") or 0


_TOTAL = re.compile(r"total_reserve_cost<=(?P<n>\d+)$")


def total_reserve_cost(
    descriptor: d.Descriptor,
) -> tuple[d.Descriptor, d.Together | None]:
    """ "... with total reserve cost 4 or less": not a test of one object but of the
    targets together (their reserve costs add up to at most N); the description without
    it, and the :class:`~tcgrules.kernel.descriptors.Together` test it stands for."""
    if not isinstance(descriptor, d.AllOf):
        return descriptor, None
    found = [p for p in descriptor.parts if isinstance(p, d.Condition) and _TOTAL.match(p.name)]
    if not found:
        return descriptor, None
    assert isinstance(found[0], d.Condition)
    match = _TOTAL.match(found[0].name)
    assert match is not None
    limit = int(match["n"])
    rest = tuple(p for p in descriptor.parts if p is not found[0])
    test = d.Together(
        "total_at_most",
        "reserve_cost",
        text=f"with total reserve cost {limit} or less",
        limit=limit,
    )
    return (rest[0] if len(rest) == 1 else d.AllOf(rest)), test


_COUNT = re.compile(r"counters:(?P<kind>[a-z +-]+?)(?P<op><=|>=|==|<|>)(?P<n>\d+)$")


def condition_test(name: str) -> ObjectTest | None:
    """The test a Grand Archive condition key stands for; None if it is not known."""
    if name.startswith("has_counter:"):
        return _counters(name.partition(":")[2].lower(), number_test(">=", 1))
    count = _COUNT.match(name)
    if count is not None:
        return _counters(count["kind"], number_test(count["op"], int(count["n"])))
    if name == "entered_this_turn":
        return _entered_this_turn
    return None


__all__ = ["STATUSES", "condition_test", "reserve_cost", "total_reserve_cost"]
