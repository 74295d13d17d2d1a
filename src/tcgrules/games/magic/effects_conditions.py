"""Magic's conditional effects of the conditions family (helper Y1).

"[Effect] unless [a player] pays [cost]" (mtg:118.12a): as the spell or ability resolves,
that player may pay; the effect happens only if they don't. Whether they pay is the
resolution's ``pay`` choice (a scenario's ``choose: {pay: true}``), as for ward and "counter
target spell unless its controller pays". Like those, the payment is recorded, not taken
from a mana pool (the kernel keeps none).
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from tcgrules.cardtext.nodes import Effect, UnlessPays
from tcgrules.kernel.events import Event
from tcgrules.kernel.objects import PlayerRef
from tcgrules.kernel.resolution import Resolution
from tcgrules.kernel.ruleset import EffectHandler
from tcgrules.rules import rule


def _unless_pays(run: Resolution, effect: UnlessPays) -> None:
    payers = [p.name for p, _ in run.entities(effect.payer) if isinstance(p, PlayerRef)]
    pay_or_perform(run, payers, effect.cost, effect.effects)


def pay_or_perform(
    run: Resolution, payers: list[str], cost: str, effects: tuple[Effect, ...]
) -> None:
    """``payers`` may pay ``cost`` (the resolution's ``pay`` choice); unpaid, ``effects``
    happen (mtg:118.12a)."""
    game = run.game
    who = " and ".join(payers) or "no player"
    if payers and run.choices.pay:
        game.log(
            Event(
                "paid",
                f"{who} pays {cost}: that part of {run.obj.label} does not happen",
                rule("mtg:118.12a"),
                run.obj.ref,
            )
        )
        return
    game.log(
        Event(
            "not_paid",
            f"{who} does not pay {cost}",
            rule("mtg:118.12a"),
            run.obj.ref,
        )
    )
    for inner in effects:
        run.perform(inner)


#: node type -> handler, merged into Magic's effect table
CONDITION_EFFECTS: Mapping[type, EffectHandler] = MappingProxyType({UnlessPays: _unless_pays})

__all__ = ["CONDITION_EFFECTS", "pay_or_perform"]
