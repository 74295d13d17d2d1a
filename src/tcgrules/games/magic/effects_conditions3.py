"""Magic's conditional effects, third pass (helper U2).

- :class:`~tcgrules.cardtext.nodes.IfCompared`: "[effect] if its power is less than or
  equal to [a number]": both numbers are read as the effect would happen, and the effect
  happens only if the comparison holds then (mtg:608.2c, mtg:608.2h).
- :class:`~tcgrules.cardtext.nodes.UnlessDoes`: "[effect] unless [a player] [does something
  else]": that player may do the other thing, and the effect happens only if they don't
  (mtg:118.12a). Whether they do is the resolution's ``pay`` choice (a scenario's
  ``choose: {pay: true}``, with ``option: sacrifice`` / ``discard`` / ``pay life`` /
  ``exile`` / ``damage`` when there are two things to pick from), as for "unless [a player]
  pays". The other thing is a cost paid as the effect happens, so a player who can't do
  it (no permanent of that kind to sacrifice, too little life to pay) can't choose it
  (mtg:118.3, mtg:119.4): the effect then happens.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from tcgrules.cardtext.nodes import (
    DealDamage,
    Discard,
    ExileGraveyard,
    IfCompared,
    LoseLife,
    NumberOf,
    Sacrifice,
    UnlessDoes,
)
from tcgrules.errors import RulesViolation
from tcgrules.kernel.describe import Context, describes, number_test
from tcgrules.kernel.events import Event
from tcgrules.kernel.objects import PlayerRef
from tcgrules.kernel.resolution import Resolution
from tcgrules.kernel.ruleset import EffectHandler
from tcgrules.rules import rule
from tcgrules.verdict import Verdict

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


#: the word a scenario's ``choose: {option: ...}`` uses for each thing a player may do
_OPTION_WORDS: dict[type, str] = {
    Sacrifice: "sacrifice",
    Discard: "discard",
    LoseLife: "pay life",
    ExileGraveyard: "exile",
    DealDamage: "damage",
}


def _cannot(run: Resolution, step: object, player: str) -> str | None:
    """Why ``player`` can't do ``step`` (mtg:118.3), or None if they can: a sacrifice
    needs as many permanents that fit as it names; paying life more than 0 needs at
    least that much life (mtg:119.4, mtg:119.4b)."""
    game = run.game
    if isinstance(step, Sacrifice):
        ctx = Context(game, run.controller, run.info.source or run.obj.ref)
        wanted = max(run.amount(step.count), 0)
        fits = [
            r
            for r in game.battlefield()
            if game.controller(r) == player and describes(ctx, step.descriptor, r)
        ]
        if len(fits) < wanted:
            return f"{player} controls too few permanents of that kind to sacrifice"
    if isinstance(step, LoseLife):
        paid = max(run.amount(step.amount), 0)
        if paid > (game.player(player).life or 0):
            return f"{player} has less than {paid} life to pay"
    return None


def _option(run: Resolution, effect: UnlessDoes) -> object:
    """The thing the player does: the only one, or the one ``choose: {option: ...}``
    names; a missing or unknown name refuses the resolution (mtg:608.2d)."""
    if len(effect.options) == 1:
        return effect.options[0]
    named = {_OPTION_WORDS.get(type(o), type(o).__name__.lower()): o for o in effect.options}
    given = (run.choices.option or "").strip().lower()
    if given not in named:
        raise RulesViolation(
            Verdict.refuse(
                rule("mtg:608.2d"),
                f"{run.obj.label} lets a player do one of {sorted(named)} instead: give "
                f"choose: {{pay: true, option: ...}} (given: {run.choices.option!r})",
            ),
            "resolve",
        )
    return named[given]


def _unless_does(run: Resolution, effect: UnlessDoes) -> None:
    game = run.game
    players = [p.name for p, _ in run.entities(effect.who) if isinstance(p, PlayerRef)]
    who = " and ".join(players) or "no player"
    if len(players) == 1 and run.choices.pay:
        step = _option(run, effect)
        why = _cannot(run, step, players[0])
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
            run.perform(step)
            return
        cite = rule("mtg:119.4") if isinstance(step, LoseLife) else rule("mtg:118.3")
        game.log(Event("cannot_pay", f"{why}, so can't choose it", cite, run.obj.ref))
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
