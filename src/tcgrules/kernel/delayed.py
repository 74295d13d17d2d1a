"""Delayed triggered abilities and turns that move on through them.

A resolving spell or ability may create a triggered ability that waits for a later
moment of the game ("At the beginning of the next end step, sacrifice it.",
mtg:603.7a). It is held in the game's state (:attr:`Game.delayed`, copied and rolled
back with everything else) until that moment comes; then it triggers once and is gone
(mtg:603.7c), going on the stack through the same machinery as any triggered ability,
with its own targets, chosen then (mtg:603.7d source and controller, mtg:603.3d no
legal target).

The kernel knows two moments, named without any game's vocabulary: ``"end"``, the
beginning of the turn's end step (Magic mtg:513.1; a game's end phase), and
``"start"``, the beginning of a turn after its untap step (Magic's upkeep,
mtg:503.1). :func:`end_turn` moves the turn on through them: with triggers waiting
for this turn's end it puts them on the stack and stops there (the end step has
begun; the stack resolves before the turn can end), otherwise it ends the turn and
puts on the stack what waits for the new turn's start.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from tcgrules.cardtext.nodes import DelayedTrigger as DelayedNode
from tcgrules.kernel.concepts import Concept
from tcgrules.kernel.events import Event
from tcgrules.kernel.game import Game
from tcgrules.kernel.objects import Entity, ObjectRef
from tcgrules.kernel.play import Announced, put_triggered

Moment = Literal["end", "start"]


@dataclass(frozen=True, slots=True)
class Delayed:
    """A delayed triggered ability waiting for ``moment``: of any player's turn
    (``holder`` None) or only of ``holder``'s, and not before turn ``from_turn``.
    ``source`` and ``controller`` are those of what created it (mtg:603.7d); ``it``
    what its "it" names, fixed as it was created (mtg:603.7c)."""

    moment: Moment
    holder: str | None
    from_turn: int
    source: ObjectRef | None
    controller: str
    node: DelayedNode
    label: str
    it: tuple[Entity, ...] = ()

    def due(self, game: Game, moment: Moment) -> bool:
        return (
            self.moment == moment
            and game.turn >= self.from_turn
            and self.holder in {None, game.active_player}
        )


def create(game: Game, pending: Delayed) -> None:
    """Hold ``pending`` until its moment. One created once this turn's end step has
    begun waits for the next one (mtg:513.2 gives the rule for the end step)."""
    if pending.moment == "end" and game.ending == game.turn:
        pending = Delayed(
            pending.moment,
            pending.holder,
            game.turn + 1,
            pending.source,
            pending.controller,
            pending.node,
            pending.label,
            pending.it,
        )
    game.set_delayed((*game.delayed, pending))
    whose = "the next" if pending.holder is None else f"{pending.holder}'s next"
    when = "end step" if pending.moment == "end" else "turn's start"
    game.log(
        Event(
            "delayed_created",
            f"{pending.label} waits for the beginning of {whose} {when}: {pending.node.text}",
            game.ruleset.cite(Concept.DELAYED_TRIGGER),
        )
    )


def _fire(game: Game, moment: Moment, targets: Sequence[Sequence[Entity]]) -> int:
    """Put on the stack every delayed ability due at ``moment`` (each triggers once,
    mtg:603.7c); how many there were."""
    due = [d for d in game.delayed if d.due(game, moment)]
    if not due:
        return 0
    game.set_delayed(tuple(d for d in game.delayed if d not in due))
    for pending in due:
        put_triggered(
            game,
            pending.source,
            pending.node,
            pending.controller,
            pending.label,
            Announced(targets),
            it=pending.it,
        )
    return len(due)


def end_turn(game: Game, targets: Sequence[Sequence[Entity]] = ()) -> bool:
    """Move the turn on (see the module text): True if the turn ended, False if it
    stopped at the beginning of its end step with delayed abilities put on the stack
    (``targets``: theirs, chosen as they go on the stack, mtg:603.3d)."""
    if game.ending != game.turn and any(d.due(game, "end") for d in game.delayed):
        game.set_ending(game.turn)
        _fire(game, "end", targets)
        return False
    game.end_turn()
    _fire(game, "start", targets)
    return True
