"""Paying an activated ability's cost (mtg:602.2b, 601.2h) and the loyalty-ability limits
(mtg:606.3, 606.6).

The cost is paid after targets are chosen, as for a spell (602.2b points to 601.2h).
tcgrules pays the parts that change the game it models:

- ``{T}`` taps the source, ``{Q}`` untaps it; a source already in that state can't pay
  (mtg:107.5, 107.6, 118.3). Summoning sickness (302.6, 602.5a) is checked only where the
  game enforces timing (games/magic/enforce.py, which reads it from the events).
- a loyalty symbol (``+2``, ``0``, ``-3``, ``-X``) puts loyalty counters on the source or
  removes them (mtg:606.4); a negative cost needs that many counters (mtg:606.6).
- "Sacrifice ~", "Exile ~", "Exile ~ from your graveyard", "Discard ~", "Return ~ to its
  owner's hand": the source itself moves (701.17a, 701.11, 701.8).
- "Pay N life": only with at least N life (mtg:119.4, 118.3b).
- "Remove a/N [kind] counter(s) from ~": only with that many (mtg:118.3).
- "Reveal ~ from your hand": shown, nothing changes.

Mana parts (``{2}{R}``, ``{X}``) are not paid here: where the game enforces costs,
games/magic/enforce.py pays them with the rest of the total cost (docs/scenarios.md).
Any other part (one that makes the player choose what to sacrifice,
discard, tap or exile; energy) is not paid either, and a ``cost_not_modelled`` event says
so, naming the part: an ability is never activated for free without saying so.
"""

from __future__ import annotations

import re
from types import MappingProxyType

from tcgrules.cardtext.lexing import NUMBER_WORDS
from tcgrules.cardtext.nodes import ActivatedAbility
from tcgrules.errors import RulesViolation
from tcgrules.kernel.cost_parts import cost_not_modelled
from tcgrules.kernel.events import Event
from tcgrules.kernel.game import Game
from tcgrules.kernel.objects import ObjectRef
from tcgrules.rules import rule
from tcgrules.verdict import Verdict

from .effects_m2 import untap
from .effects_zones import move_and_tell
from .paid_costs import COST_VERBS

_MANA = re.compile(r"(?:\{(?:\d+|[WUBRGCXSP]|[WUBRGC2]/[WUBRGCP])\})+")
_LOYALTY = re.compile(r"([+-])?(\d+|X)", re.I)
_SELF = re.compile(r"\bthis (?:artifact|creature|enchantment|land|permanent|card|equipment)\b")
_LIFE = re.compile(r"pay (\d+) life", re.I)
_NUMBERS = {"a": 1, "an": 1, **NUMBER_WORDS}
_REMOVE = re.compile(r"remove (\w+) (.+?) counters? from ~", re.I)
_MOVES = {
    # part -> (zone it must be in, zone it goes to, event kind, rule, verb)
    "sacrifice ~": ("battlefield", "graveyard", "sacrificed", "mtg:701.17a", "sacrifices"),
    "exile ~": ("battlefield", "exile", "exiled", "mtg:701.11a", "exiles"),
    "exile ~ from your graveyard": ("graveyard", "exile", "exiled", "mtg:701.11a", "exiles"),
    "discard ~": ("hand", "graveyard", "discarded", "mtg:701.8a", "discards"),
    "return ~ to its owner's hand": ("battlefield", "hand", "returned", "mtg:118.1", "returns"),
}


def loyalty_cost(ability: ActivatedAbility) -> str | None:
    """The loyalty symbol of a loyalty ability ("+1", "0", "-X"), or None (mtg:606.2)."""
    for part in ability.cost.parts:
        if _LOYALTY.fullmatch(part.replace("\u2212", "-")):
            return part.replace("\u2212", "-")
    return None


def loyalty_refusal(game: Game, source: ObjectRef, controller: str) -> Verdict | None:
    """A loyalty ability is activated only by a permanent's controller with priority on an
    empty stack in their own turn, and only if no loyalty ability of that permanent was
    activated this turn (mtg:606.3; the main phase is not tracked, as for sorceries)."""
    if game.get(source).zone.name != "battlefield":
        return Verdict.refuse(
            rule("mtg:606.3"), "a loyalty ability: its permanent is not on the battlefield"
        )
    if controller != game.active_player:
        return Verdict.refuse(
            rule("mtg:606.3"), f"a loyalty ability: it is not {controller}'s turn"
        )
    if game.stack:
        return Verdict.refuse(rule("mtg:606.3"), "a loyalty ability: the stack is not empty")
    for event in game.events.this_turn():
        if event.kind == "paid" and event.object == source and "loyalty" in event.data:
            return Verdict.refuse(
                rule("mtg:606.3"),
                "a loyalty ability of this permanent was already activated this turn",
            )
    return None


def pay(
    game: Game,
    source: ObjectRef,
    ability: ActivatedAbility,
    controller: str,
    x: int | None,
    *,
    paid_with: set[str],
) -> None:
    """Pay every part of the cost, or raise (the action is then undone by its caller's
    transaction, mtg:601.2h: no partial payments). ``paid_with``: the verbs of the parts
    already paid with objects the step named (``paid:``, games/magic/paid_costs.py)."""
    for part in ability.cost.parts:
        _pay_part(game, source, part, controller, x, paid_with)


def _refuse(number: str, why: str) -> RulesViolation:
    return RulesViolation(Verdict.refuse(rule(number), why), "pay the activation cost")


def _pay_part(  # noqa: PLR0917  (one part, and what the payment needs)
    game: Game, source: ObjectRef, part: str, controller: str, x: int | None, paid_with: set[str]
) -> None:
    low = _SELF.sub("~", part.lower().replace("\u2212", "-"))
    obj = game.get(source)
    if _MANA.fullmatch(part):
        return  # paid with the total cost, if at all (module docstring)
    if low in {"{t}", "{q}"}:
        tap = low == "{t}"
        number = "mtg:107.5" if tap else "mtg:107.6"
        if obj.zone.name != "battlefield":
            raise _refuse(
                number, f"{obj.label} is not a permanent, so it can't be tapped or untapped"
            )
        if obj.tapped == tap:
            state = "tapped" if tap else "untapped"
            raise _refuse(number, f"{obj.label} is already {state}, so it can't pay {part}")
        if tap:
            game.set_tapped(source, True, rule_applied=rule(number))
        else:
            untap(game, source, number)
        return
    loyalty = _LOYALTY.fullmatch(low)
    if loyalty is not None:
        sign, digits = loyalty.groups()
        if digits == "x":
            if x is None:
                raise _refuse("mtg:601.2b", f"the loyalty cost {part}: announce X (x: N)")
            amount = x
        else:
            amount = int(digits)
        if sign == "-":
            have = obj.counters.get("loyalty", 0)
            if have < amount:
                raise _refuse(
                    "mtg:606.6",
                    f"the loyalty cost {part}: {obj.label} has only {have} loyalty counter(s)",
                )
            amount = -amount
        game.log(
            Event(
                "paid",
                f"{controller} pays the loyalty cost {part} of {obj.label}",
                rule("mtg:606.4"),
                source,
                player=controller,
                data=MappingProxyType({"loyalty": amount}),
            )
        )
        if amount:
            game.add_counters(source, "loyalty", amount, rule_applied=rule("mtg:606.4"))
        return
    move = _MOVES.get(low)
    if move is not None:
        zone, to, kind, number, verb = move
        if obj.zone.name != zone:
            raise _refuse("mtg:118.3", f"“{part}”: {obj.label} is not in the {zone}")
        move_and_tell(
            game,
            [source],
            to=to,
            kind=kind,
            number=number,
            player=controller,
            said=f"{controller} {verb} {{}} to pay the cost",
        )
        return
    life = _LIFE.fullmatch(low)
    if life is not None:
        amount = int(life.group(1))
        if (game.life(controller) or 0) < amount:
            raise _refuse("mtg:119.4", f"{controller} has less than {amount} life to pay")
        game.change_life(controller, -amount, rule_applied=rule("mtg:119.4"))
        return
    remove = _REMOVE.fullmatch(low)
    if remove is not None and (remove.group(1) in _NUMBERS or remove.group(1).isdigit()):
        word, kind = remove.groups()
        amount = _NUMBERS.get(word) or int(word)
        have = obj.counters.get(kind, 0)
        if have < amount:
            raise _refuse("mtg:118.3", f"“{part}”: {obj.label} has only {have} {kind} counter(s)")
        game.add_counters(source, kind, -amount, rule_applied=rule("mtg:118.3"))
        return
    if low == "reveal ~ from your hand":
        if obj.zone.name != "hand":
            raise _refuse("mtg:118.3", f"“{part}”: {obj.label} is not in the hand")
        game.log(
            Event("revealed", f"{controller} reveals {obj.label}", rule("mtg:701.16a"), source)
        )
        return
    object_verb = COST_VERBS.get(low.split(" ", 1)[0])
    if object_verb is not None and object_verb in paid_with:
        return  # paid with the objects the step named (paid_costs.py)
    # a part that needs a choice the step did not make (what to sacrifice, discard, tap
    # or exile), or a resource tcgrules keeps no count of: said, not paid
    cost_not_modelled(game, source, part, controller, rule("mtg:601.2h"))
