"""Paying a Grand Archive activated ability's cost as it is activated
(ga:abilities-activated-abilities/general-rules-1: the costs are paid once its modes and
targets are chosen, and only then is it activated).

Always paid, whether or not the scenario enforces costs, are the parts that change the
game tcgrules models:

- ``REST``: the source rests; it must be an awake object on the field
  (ga:game-terms/rest-rested-1, ga:game-terms/rest-rested-3, ga:game-terms/rest-rested-5).
  A card in the intent can't pay a cost of resting or sacrificing
  (ga:abilities/general-rules-6).
- "Sacrifice ~" (ga:game-terms/sacrifice-2: to the graveyard; a token ceases to exist),
  "Banish ~" (ga:game-terms/banish-1), "Banish ~ from your graveyard", "Discard ~ from
  your hand" (ga:game-terms/discard-1), "Return ~ to its owner's memory", "Return ~ to
  your material deck": the source itself moves, from the zone the words name.
- "Remove N [kind] counter(s) from ~" or "from your champion": only with that many.

The reserve part ("(2)", "(X)") is the ability's reserve cost: paid with the rest of the
total cost where the scenario enforces costs (games/grand_archive/costs.py), and left to
the player otherwise, as a card's own reserve cost is. Any other part (one that makes
the player choose what to sacrifice, discard or banish) is not paid: a
``cost_not_modelled`` event names it (kernel/cost_parts.py).
"""

from __future__ import annotations

import re
from types import MappingProxyType

from tcgrules.cardtext.lexing import NUMBER_WORDS
from tcgrules.cardtext.nodes import ActivatedAbility
from tcgrules.errors import RulesViolation
from tcgrules.games.grand_archive.costs import RESERVE_PART
from tcgrules.games.grand_archive.effects import champions_of, leave_field
from tcgrules.kernel.cost_parts import cost_not_modelled
from tcgrules.kernel.events import Event
from tcgrules.kernel.game import Game
from tcgrules.kernel.objects import ObjectRef
from tcgrules.rules import rule
from tcgrules.verdict import Verdict

_NUMBERS = {"a": 1, "an": 1, **NUMBER_WORDS}
_REMOVE = re.compile(r"remove (\w+) (.+?) counters? from (~|your champion)", re.IGNORECASE)
_SELF = re.compile(r"\bthis (?:card|object)\b", re.IGNORECASE)
#: part -> (zone the source must be in, zone it goes to, rule, verb)
_MOVES = {
    "sacrifice ~": ("field", "graveyard", "ga:game-terms/sacrifice-2", "sacrifices"),
    "banish ~": ("field", "banishment", "ga:game-terms/banish-1", "banishes"),
    "banish ~ from your graveyard": (
        "graveyard",
        "banishment",
        "ga:game-terms/banish-1",
        "banishes",
    ),
    "discard ~ from your hand": (
        "hand",
        "graveyard",
        "ga:game-terms/discard-1",
        "discards",
    ),
    "return ~ to its owner's memory": (
        "field",
        "memory",
        "ga:abilities-activated-abilities/general-rules-1",
        "returns",
    ),
    "return ~ to your material deck": (
        "field",
        "material_deck",
        "ga:abilities-activated-abilities/general-rules-1",
        "returns",
    ),
}


def _refuse(number: str, why: str) -> RulesViolation:
    return RulesViolation(Verdict.refuse(rule(number), why), "pay the activation cost")


def pay(game: Game, source: ObjectRef, ability: ActivatedAbility, controller: str) -> None:
    """Pay every part of the cost in text order, or raise (the caller's transaction
    undoes the activation, ga:playing-cards/general-rules-3)."""
    for part in ability.cost.parts:
        if part.strip():
            shown = part.strip().replace("~", game.get(source).label)
            source = _pay_part(game, source, shown, controller)


def _pay_part(game: Game, source: ObjectRef, part: str, controller: str) -> ObjectRef:
    """Pay one part; the source as it is afterwards (a new object if it moved)."""
    obj = game.get(source)
    low = part.lower().replace("[", "").replace("]", "").replace(obj.label.lower(), "~")
    low = " ".join(_SELF.sub("~", low).split())
    if RESERVE_PART.fullmatch(low):
        return source  # the ability's reserve cost (module docstring)
    if low in {"rest", "sacrifice ~"} and obj.zone.name == "intent":
        raise _refuse(
            "ga:abilities/general-rules-6",
            f"{obj.label} is in the intent: it can't pay “{part}” as an object would",
        )
    if low == "rest":
        if obj.zone.name != "field":
            raise _refuse(
                "ga:game-terms/rest-rested-1", f"{obj.label} is not an object on the field"
            )
        if obj.tapped:
            raise _refuse(
                "ga:game-terms/rest-rested-5",
                f"{obj.label} is already rested, so it can't rest to pay the cost",
            )
        game.set_tapped(source, True, rule_applied=rule("ga:game-terms/rest-rested-3"))
        return source
    move = _MOVES.get(low)
    if move is not None:
        zone, to, number, verb = move
        if obj.zone.name != zone:
            raise _refuse(number, f"“{part}”: {obj.label} is not in the {zone.replace('_', ' ')}")
        label = obj.label
        if zone == "field":
            gone = leave_field(
                game, source, to, rule_applied=rule(number), reason="to pay the cost"
            )
        else:
            gone = game.move(source, to, rule_applied=rule(number), reason="to pay the cost")
        game.log(
            Event(
                "paid",
                f"{controller} {verb} {label} to pay the cost “{part}”",
                rule(number),
                gone,
                player=controller,
                data=MappingProxyType({"part": part}),
            )
        )
        return gone or source
    remove = _REMOVE.fullmatch(low)
    if remove is not None and (remove.group(1) in _NUMBERS or remove.group(1).isdigit()):
        word, kind, whose = remove.groups()
        amount = _NUMBERS.get(word) or int(word)
        if whose == "~":
            holder: ObjectRef | None = source
        else:
            champs = champions_of(game, controller)
            holder = champs[0] if champs else None
        have = game.get(holder).counters.get(kind, 0) if holder is not None else 0
        if holder is None or have < amount:
            who = game.describe(holder) if holder is not None else f"{controller}'s champion"
            raise _refuse(
                "ga:counters/general-rules-4", f"“{part}”: {who} has only {have} {kind} counter(s)"
            )
        game.add_counters(holder, kind, -amount, rule_applied=rule("ga:counters/general-rules-4"))
        return source
    cost_not_modelled(
        game, source, part, controller, rule("ga:abilities-activated-abilities/general-rules-1")
    )
    return source
