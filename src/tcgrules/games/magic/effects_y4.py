"""Magic's sacrifice effects (helper Y4).

:data:`Y4_EFFECTS` (effect node type -> handler) is merged into Magic's
:data:`~tcgrules.games.magic.effects.EFFECTS`. A player told to sacrifice permanents
picks them among those they control and moves them from the battlefield to their
owners' graveyards (mtg:701.17a). Every permanent sacrificed is named in the event log.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from tcgrules.cardtext.nodes import Sacrifice
from tcgrules.errors import RulesViolation
from tcgrules.kernel.describe import Context, describes
from tcgrules.kernel.events import Event
from tcgrules.kernel.objects import ObjectRef, PlayerRef
from tcgrules.kernel.resolution import Resolution
from tcgrules.kernel.ruleset import EffectHandler
from tcgrules.rules import rule
from tcgrules.verdict import Verdict


def _sacrifice(run: Resolution, effect: Sacrifice) -> None:
    """Each player the effect names sacrifices N permanents that fit, of their choice
    (mtg:701.17a): only permanents they control can be; with N or fewer that fit, all of
    them go and there is nothing to choose; otherwise the scenario's
    ``choose: {chosen: [...]}`` names them (each player's picks are among their own).
    Every choice is checked before anything moves, so a refused resolution changes
    nothing."""
    game = run.game
    wanted = max(run.amount(effect.count), 0)
    ctx = Context(game, run.controller, run.info.source or run.obj.ref)
    plan: list[tuple[str, list[ObjectRef]]] = []
    given = list(run.choices.chosen or ())
    for entity, _ in run.entities(effect.who):
        if not isinstance(entity, PlayerRef):
            continue
        player = entity.name
        fits = [
            r
            for r in game.battlefield()
            if game.controller(r) == player and describes(ctx, effect.descriptor, r)
        ]
        if len(fits) <= wanted:
            plan.append((player, fits))
            continue
        picked = [e for e in given if isinstance(e, ObjectRef) and e in fits]
        if len(set(picked)) != wanted or len(picked) != wanted:
            fitting = ", ".join(game.describe(r) for r in fits)
            raise RulesViolation(
                Verdict.refuse(
                    rule("mtg:701.17a"),
                    f"{player} chooses {wanted} of the permanents they control that fit "
                    f"({fitting}) to sacrifice: name them with choose: {{chosen: [...]}}"
                    + (f"; {', '.join(game.describe(r) for r in picked)} given" if picked else ""),
                ),
                "resolve",
            )
        plan.append((player, picked))
    for player, chosen in plan:
        names = [game.describe(r) for r in chosen]
        for ref in chosen:
            game.move(ref, "graveyard", rule_applied=rule("mtg:701.17a"), reason="sacrificed")
        game.log(
            Event(
                "sacrificed",
                f"{player} sacrifices {', '.join(names) or 'nothing (nothing they control fits)'}",
                rule("mtg:701.17a"),
                player=player,
                data=MappingProxyType({"cards": ", ".join(names), "count": len(chosen)}),
            )
        )


#: Effect node type -> handler for the Y4 family
Y4_EFFECTS: Mapping[type, EffectHandler] = MappingProxyType(
    {
        Sacrifice: _sacrifice,
    }
)
