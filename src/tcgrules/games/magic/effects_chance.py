"""Magic's dice and coins (helper W2), on the kernel's seeded random source
(kernel/chance.py).

"Roll a d20" (mtg:706.1a): a result from 1 to 20; "the result" later in the ability is
that number (mtg:706.2), and a results table printed with the roll does the effects of
the line the result falls in, if any (mtg:706.3a). "Flip a coin" (mtg:705.1): the
controller calls it and wins or loses the flip (mtg:705.2), which "if you win the flip"
asks about (games/magic/conditions.py). The results come from the game's random source,
or, in a scenario, from the resolve step's ``choose: {rolls: [...], flips: [...]}`` (in
order, one per die or coin of the resolution).
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from tcgrules.cardtext.nodes import FlipCoin, RollDie, UnlessPlayerOrControllerPays
from tcgrules.errors import InputError
from tcgrules.games.magic.effects_conditions import pay_or_perform
from tcgrules.kernel.chance import FLIPPED, ROLLED, flip_coin, roll_die
from tcgrules.kernel.events import Event
from tcgrules.kernel.objects import ObjectRef, PlayerRef
from tcgrules.kernel.resolution import Resolution
from tcgrules.kernel.ruleset import EffectHandler
from tcgrules.rules import rule

#: how a scenario gives a flip's outcome
_CALLS = {"win": True, "won": True, "lose": False, "lost": False}


def _fixed(run: Resolution, kind: str, given: tuple[object, ...] | None) -> object | None:
    """The result the resolution's choices fix for the next die (coin) of this
    resolution, or None (the game's random source decides)."""
    if given is None:
        return None
    done = sum(1 for e in run.game.events.since(run.began) if e.kind == kind)
    return given[done] if done < len(given) else None


def _roll(run: Resolution, effect: RollDie) -> None:
    game = run.game
    fixed = _fixed(run, ROLLED, run.choices.rolls)
    result = roll_die(
        game,
        run.controller,
        effect.sides,
        fixed if isinstance(fixed, int) else None,
        cited=rule("mtg:706.1a"),
        source=run.obj.ref,
    )
    if not effect.table:
        return
    for row in effect.table:
        if row.low <= result and (row.high is None or result <= row.high):
            game.log(
                Event(
                    "result_table",
                    f"the result {result} picks “{row.text}” of {run.obj.label}",
                    rule("mtg:706.3a"),
                    run.obj.ref,
                )
            )
            for inner in row.effects:
                run.perform(inner)
            return
    game.log(
        Event(
            "result_table",
            f"the result {result} is on no line of the results table of {run.obj.label}: "
            "none of its effects happens",
            rule("mtg:706.3a"),
            run.obj.ref,
        )
    )


def _flip(run: Resolution, effect: FlipCoin) -> None:
    fixed = _fixed(run, FLIPPED, run.choices.flips)
    won: bool | None = None
    if fixed is not None:
        won = _CALLS.get(str(fixed).lower())
        if won is None:
            raise InputError(
                f"a coin flip's outcome is “win” or “lose”, not {fixed!r}",
                path="$.choose.flips",
                expected="win or lose",
            )
    flip_coin(run.game, run.controller, won, cited=rule("mtg:705.2"), source=run.obj.ref)


def _unless_player_or_controller_pays(
    run: Resolution, effect: UnlessPlayerOrControllerPays
) -> None:
    """ "unless that permanent's controller or that player pays {1}": a target player
    pays for themselves, a target permanent's controller for it (as it last existed if it
    has left; mtg:608.2h); unpaid, the effects happen (mtg:118.12a)."""
    game = run.game
    payers: list[str] = []
    for entity, _ in run.entities(effect.of):
        if isinstance(entity, PlayerRef):
            who: str | None = entity.name
        elif isinstance(entity, ObjectRef):
            who = (
                game.controller(entity)
                if game.is_current(entity)
                else game.last_known(entity).controller
            )
        else:
            who = None
        if who is not None and who not in payers:
            payers.append(who)
    pay_or_perform(run, payers, effect.cost, effect.effects)


#: Effect node type -> handler, merged into effects.EFFECTS
CHANCE_EFFECTS: Mapping[type, EffectHandler] = MappingProxyType(
    {
        RollDie: _roll,
        FlipCoin: _flip,
        UnlessPlayerOrControllerPays: _unless_player_or_controller_pays,
    }
)
