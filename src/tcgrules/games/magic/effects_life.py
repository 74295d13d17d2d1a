"""Magic's life-total effects, fourth pass (helper W5).

:data:`LIFE_EFFECTS` (effect node type -> handler) is merged into Magic's
:data:`~tcgrules.games.magic.effects.EFFECTS`. A life total set to a number, or doubled,
changes by a gain or a loss of the difference, logged as such (mtg:119.5, mtg:701.9d),
so what applies to gaining or losing life applies to it too.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from tcgrules.cardtext.nodes import (
    DealDamage,
    DealDamageEvenly,
    DoubleLifeTotal,
    SetLifeTotal,
    TargetSlot,
)
from tcgrules.errors import NotSupportedError
from tcgrules.kernel.events import Event
from tcgrules.kernel.objects import PlayerRef
from tcgrules.kernel.resolution import Resolution
from tcgrules.kernel.ruleset import EffectHandler
from tcgrules.rules import rule


def _players(run: Resolution, reference: object) -> list[str]:
    """The players a reference names now, each once, in order."""
    named: list[str] = []
    for who, _ in run.entities(reference):
        if isinstance(who, PlayerRef) and who.name not in named:
            named.append(who.name)
    return named


def _become(run: Resolution, name: str, new: int, cited: str) -> None:
    """``name``'s life total becomes ``new`` by a gain or a loss of the difference."""
    game = run.game
    old = game.player(name).life
    if old is None:
        raise NotSupportedError("setting the life total of a player with no life total")
    game.log(
        Event(
            "life_total_set",
            f"{name}'s life total becomes {new} (from {old}) by {run.obj.label}",
            rule(cited),
            player=name,
        )
    )
    if new != old:
        game.change_life(name, new - old, rule_applied=rule(cited))


def _set_life_total(run: Resolution, effect: SetLifeTotal) -> None:
    """Each player named gains or loses the life that leaves them with the number
    (mtg:119.5); the number is read as the effect happens (mtg:608.2h)."""
    for name in _players(run, effect.who):
        _become(run, name, run.amount(effect.amount), "mtg:119.5")


def _double_life_total(run: Resolution, effect: DoubleLifeTotal) -> None:
    """Each player named gains or loses what makes their life total twice its value
    now (mtg:701.9d): a negative total gets lower still."""
    for name in _players(run, effect.who):
        life = run.game.player(name).life
        if life is None:
            raise NotSupportedError("doubling the life total of a player with no life total")
        _become(run, name, 2 * life, "mtg:701.9d")


def _deal_evenly(run: Resolution, effect: DealDamageEvenly) -> None:
    """Each target chosen is dealt the amount divided by their number, rounded down
    (mtg:107.1a), as the damage of the text's source (mtg:120.2b). With a target no
    longer legal (mtg:608.2b), whether it still counts in the division is not
    supported."""
    from tcgrules.games.magic.effects import EFFECTS  # noqa: PLC0415  (merges this module)

    if not isinstance(effect.to, TargetSlot):
        raise NotSupportedError("damage divided evenly among what is not a target")
    index = effect.to.index
    chosen = run.info.targets[index] if index < len(run.info.targets) else ()
    legal = run.targets(index)
    if not chosen:
        return
    if len(legal) != len(chosen):
        raise NotSupportedError(
            "damage divided evenly among targets some of which are no longer legal"
        )
    total = run.amount(effect.amount)
    share = total // len(chosen)
    run.game.log(
        Event(
            "damage_divided_evenly",
            f"{run.obj.label}: {total} damage divided evenly among {len(chosen)} "
            f"target(s), rounded down: {share} each",
            rule("mtg:107.1a"),
        )
    )
    EFFECTS[DealDamage](run, DealDamage(share, effect.to, effect.source))


#: Effect node type -> handler for the W5 family
LIFE_EFFECTS: Mapping[type, EffectHandler] = MappingProxyType(
    {
        SetLifeTotal: _set_life_total,
        DoubleLifeTotal: _double_life_total,
        DealDamageEvenly: _deal_evenly,
    }
)
