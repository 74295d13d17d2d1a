"""Magic's conditional effects, third pass (helper U2).

- :class:`~tcgrules.cardtext.nodes.IfCompared`: "[effect] if its power is less than or
  equal to [a number]": both numbers are read as the effect would happen, and the effect
  happens only if the comparison holds then (mtg:608.2c, mtg:608.2h).
- :class:`~tcgrules.cardtext.nodes.UnlessDoes`: "[effect] unless [a player] [does something
  else]": that player may do the other thing, and the effect happens only if they don't
  (mtg:118.12a). Whether they do is the resolution's ``pay`` choice (a scenario's
  ``choose: {pay: true}``), as for "unless [a player] pays". The other thing is a cost paid
  as the effect happens, so a player who can't do it (no permanent of that kind to
  sacrifice) can't choose it (mtg:118.3): the effect then happens.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from tcgrules.cardtext.nodes import IfCompared, NumberOf, Sacrifice, UnlessDoes
from tcgrules.kernel.describe import Context, describes, number_test
from tcgrules.kernel.events import Event
from tcgrules.kernel.objects import PlayerRef
from tcgrules.kernel.resolution import Resolution
from tcgrules.kernel.ruleset import EffectHandler
from tcgrules.rules import rule

_SAID = {"<": "less than", "<=": "at most", "==": "equal to", ">=": "at least", ">": "more than"}


def _if_compared(run: Resolution, effect: IfCompared) -> None:
    game = run.game
    subjects = run.objects(effect.subject)
    prop = effect.prop.replace("_", " ")
    if subjects:
        value = run.amount(NumberOf(effect.prop, effect.subject))
        bound = run.amount(effect.amount)
        said = f"{game.describe(subjects[0][0])}'s {prop} is {value}, {bound} to compare with"
        if number_test(effect.op, bound)(value):
            game.log(Event("condition_met", said, rule("mtg:608.2c"), run.obj.ref))
            for inner in effect.effects:
                run.perform(inner)
            return
    else:
        said = f"nothing to read the {prop} of"
    game.log(
        Event(
            "condition_not_met",
            f"{said}: not {_SAID.get(effect.op, effect.op)}, so that part of "
            f"{run.obj.label} does nothing",
            rule("mtg:608.2c"),
            run.obj.ref,
        )
    )


def _cannot(run: Resolution, effect: UnlessDoes, player: str) -> str | None:
    """Why ``player`` can't do the other thing (mtg:118.3), or None if they can: a
    sacrifice needs as many permanents that fit as it names."""
    game = run.game
    ctx = Context(game, run.controller, run.info.source or run.obj.ref)
    for step in effect.alternative:
        if isinstance(step, Sacrifice):
            wanted = max(run.amount(step.count), 0)
            fits = [
                r
                for r in game.battlefield()
                if game.controller(r) == player and describes(ctx, step.descriptor, r)
            ]
            if len(fits) < wanted:
                return f"{player} controls too few permanents of that kind to sacrifice"
    return None


def _unless_does(run: Resolution, effect: UnlessDoes) -> None:
    game = run.game
    players = [p.name for p, _ in run.entities(effect.who) if isinstance(p, PlayerRef)]
    who = " and ".join(players) or "no player"
    if len(players) == 1 and run.choices.pay:
        why = _cannot(run, effect, players[0])
        if why is None:
            game.log(
                Event(
                    "paid",
                    f"{who} does the other thing instead: that part of {run.obj.label} "
                    "does not happen",
                    rule("mtg:118.12a"),
                    run.obj.ref,
                )
            )
            for step in effect.alternative:
                run.perform(step)
            return
        game.log(Event("cannot_pay", f"{why}, so can't choose it", rule("mtg:118.3"), run.obj.ref))
    else:
        game.log(
            Event(
                "not_paid", f"{who} does not do the other thing", rule("mtg:118.12a"), run.obj.ref
            )
        )
    for inner in effect.effects:
        run.perform(inner)


#: node type -> handler, merged into Magic's effect table
CONDITION3_EFFECTS: Mapping[type, EffectHandler] = MappingProxyType(
    {IfCompared: _if_compared, UnlessDoes: _unless_does}
)

__all__ = ["CONDITION3_EFFECTS"]
