"""When an ability may be used, by its own words (mtg:602.5b, 602.5d, 603.2i).

The reader keeps "Activate only as a sorcery and only once each turn." and "This ability
triggers only once each turn." as qualifiers of the ability (kind ``activation`` or
``trigger``); :func:`use_refusal` checks them as the ability is activated or put on the
stack. Known clauses: "as a sorcery" (an empty stack on its controller's turn, 602.5d
and 307.1; tcgrules does not track the steps of a turn, so "in a main phase" is not
checked, as for casting a sorcery), "once each turn" (602.5b, 603.2i: counted from this
turn's events), "during your turn" and "during your turn, before attackers are declared"
(no creature declared as an attacker yet this turn, 508.1a; since steps are not tracked, a
combat in which no attacker was declared is not seen). Any other restriction raises
NotSupportedError. The keywords "Exhaust —" (702.177a: once ever, counted from the game's
events) and "Forecast —" (702.57a: only from the hand; its upkeep-only use, 702.57b, is
not supported) are qualifiers of kind ``exhaust`` and ``forecast``.
"""

from __future__ import annotations

import re

from tcgrules.cardtext.nodes import ActivatedAbility, Qualifier, TriggeredAbility
from tcgrules.errors import NotSupportedError
from tcgrules.kernel.game import Game
from tcgrules.kernel.objects import ObjectRef
from tcgrules.kernel.play import times_used
from tcgrules.rules import rule
from tcgrules.verdict import Verdict

_LEAD = re.compile(r"^(?:activate only|this ability triggers only)\s+")


def _clauses(limit: Qualifier) -> list[str]:
    words = _LEAD.sub("", limit.text.lower().rstrip(". "))
    return [c.strip() for c in re.split(r",? and (?:only )?", words) if c.strip()]


def _before_attackers(game: Game, controller: str, text: str) -> Verdict | None:
    """ "Activate only during your turn, before attackers are declared" (mtg:602.5b):
    refused on another player's turn or once a creature was declared as an attacker this
    turn (mtg:508.1a)."""
    if controller != game.active_player:
        return Verdict.refuse(rule("mtg:602.5b"), f"“{text}”: it is not {controller}'s turn")
    if any(event.kind == "attacking" for event in game.events.this_turn()):
        return Verdict.refuse(rule("mtg:508.1a"), f"“{text}”: attackers were declared")
    return None


def use_refusal(
    game: Game,
    source: ObjectRef,
    ability: ActivatedAbility | TriggeredAbility,
    controller: str,
    index: int,
) -> Verdict | None:
    """Why the ability can't be used now by its own restriction, or None."""
    for limit in ability.qualifiers:
        if limit.kind == "max_speed":
            # "Max speed — [ability]" (mtg:702.178a; helper Q7)
            raise NotSupportedError(
                "“Max speed —”: the ability exists only while its controller's speed is 4 "
                "(mtg:702.178a, mtg:702.179e), and tcgrules keeps no player's speed (mtg:702.179a)"
            )
        if limit.kind == "exhaust":
            # "Exhaust — [cost]: [effect]": activate only once (mtg:702.177a; helper R6)
            if times_used(game, source, index, ever=True):
                return Verdict.refuse(
                    rule("mtg:702.177a"), "an exhaust ability: already activated once"
                )
            continue
        if limit.kind == "forecast":
            # "Forecast — [activated ability]" (mtg:702.57a-b; helper R6)
            if game.get(source).zone.name != "hand":
                return Verdict.refuse(
                    rule("mtg:702.57a"), "a forecast ability: activated only from the hand"
                )
            raise NotSupportedError(
                "“Forecast —”: activated only during its owner's upkeep (mtg:702.57b), and "
                "tcgrules does not track the steps of a turn"
            )
        if limit.kind not in {"activation", "trigger"}:
            continue
        for clause in _clauses(limit):
            if clause == "once each turn":
                number = "mtg:602.5b" if limit.kind == "activation" else "mtg:603.2i"
                if times_used(game, source, index, triggered=limit.kind != "activation"):
                    return Verdict.refuse(rule(number), f"“{limit.text}”: already this turn")
            elif clause == "as a sorcery":
                if game.stack:
                    return Verdict.refuse(
                        rule("mtg:602.5d"), f"“{limit.text}”: the stack is not empty"
                    )
                if controller != game.active_player:
                    return Verdict.refuse(
                        rule("mtg:602.5d"), f"“{limit.text}”: it is not {controller}'s turn"
                    )
            elif clause == "during your turn":
                if controller != game.active_player:
                    return Verdict.refuse(
                        rule("mtg:602.5b"), f"“{limit.text}”: it is not {controller}'s turn"
                    )
            elif clause == "during your turn, before attackers are declared":
                refusal = _before_attackers(game, controller, limit.text)
                if refusal is not None:
                    return refusal
            else:
                raise NotSupportedError(f"the restriction “{limit.text}”")
    return None
