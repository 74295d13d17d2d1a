"""Handlers of helper S2: discards of any number of cards, counted "this way" later in the
same resolution (mtg:608.2c).

Each card discarded moves from its owner's hand to their graveyard as a discard
(mtg:701.8a), which :meth:`~tcgrules.kernel.resolution.Resolution.moved_this_way`
counts.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from tcgrules.cardtext.nodes import DiscardAny
from tcgrules.kernel.events import Event
from tcgrules.kernel.objects import ObjectRef
from tcgrules.kernel.resolution import Resolution
from tcgrules.kernel.ruleset import EffectHandler
from tcgrules.rules import rule


def _discard_any(run: Resolution, effect: DiscardAny) -> None:
    """The controller picks the cards of their hand as it resolves (``choose: {chosen:
    [...]}``, none allowed, mtg:608.2d) and discards them (mtg:701.8a)."""
    game = run.game
    picked = [e for e in run.chosen(effect.cards) if isinstance(e, ObjectRef)]
    names = [game.describe(r) for r in picked]
    for ref in picked:
        game.move(ref, "graveyard", rule_applied=rule("mtg:701.8a"), reason="discarded")
    game.log(
        Event(
            "discarded",
            f"{run.controller} discards {', '.join(names) or 'no cards'}",
            rule("mtg:701.8a"),
            player=run.controller,
            data=MappingProxyType({"cards": ", ".join(names), "count": len(picked)}),
        )
    )


S2_EFFECTS: Mapping[type, EffectHandler] = MappingProxyType({DiscardAny: _discard_any})
