"""Targets chosen at random ("deals 2 damage to any target chosen at random", "target
opponent chosen at random"), for every game.

The phrase is still a target: what is legal is what the words describe, checked as the
spell or ability goes on the stack (mtg:601.2c, mtg:603.3d) and again on resolution
(mtg:608.2b). Only who picks differs: chance, not the controller. An instance whose
requirement is ``chosen_by="random"`` and for which no target was announced gets one
legal target drawn from the game's seeded random source (:meth:`Game.random`), in a
fixed order of the candidates so that the same seed gives the same target; a target the
caller announces for it is taken as the result of that draw, fixed (like the dice a
scenario fixes), and is checked like any other.
"""

from __future__ import annotations

from collections.abc import Sequence

from tcgrules.kernel.concepts import Concept
from tcgrules.kernel.descriptors import TargetRequirement
from tcgrules.kernel.events import Event
from tcgrules.kernel.game import Game
from tcgrules.kernel.objects import Entity, ObjectRef, PlayerRef
from tcgrules.kernel.targeting import Chosen, Targeter, legal_targets

#: the event kind of a target drawn at random
CHOSEN_AT_RANDOM = "target_chosen_at_random"


def _order(entity: Entity) -> tuple[int, str, int]:
    if isinstance(entity, PlayerRef):
        return (0, entity.name, 0)
    return (1, "", entity.id)


def at_random(
    game: Game,
    requirements: Sequence[TargetRequirement],
    announced: Sequence[Sequence[Entity]],
    targeter: Targeter,
    ref: ObjectRef,
) -> tuple[tuple[Entity, ...], ...]:
    """The targets per instance, with each "chosen at random" instance announced empty
    filled by a draw among its legal targets (none if it has none)."""
    if not any(r.chosen_by == "random" for r in requirements):
        return tuple(tuple(row) for row in announced)
    rows = [tuple(row) for row in announced]
    rows += [()] * (len(requirements) - len(rows))
    for i, req in enumerate(requirements):
        if req.chosen_by != "random" or rows[i] or req.max == 0:
            continue
        view = legal_targets(game, requirements, i, targeter, Chosen(tuple(rows[:i])))
        candidates = sorted(view, key=_order)
        if not candidates:
            continue
        pick = candidates[game.random(len(candidates))]
        rows[i] = (pick,)
        game.log(
            Event(
                CHOSEN_AT_RANDOM,
                f"{game.describe(pick)} is chosen at random among {len(candidates)} legal "
                f"target(s) for “{req.text}”",
                game.ruleset.cite(Concept.CHOOSE_TARGETS),
                ref,
                data={"target": pick, "among": len(candidates)},
            )
        )
    return tuple(rows)
