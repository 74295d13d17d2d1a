"""Grand Archive costs: what a card or ability costs, and paying it.

- A card's cost is a reserve cost or a memory cost (ga:parts-of-a-card-cost/1). Its
  total is worked out as it is played (ga:playing-cards-card-activation/general-rules-8
  to -11, ga:playing-cards-card-materialization/general-rules-5 to -8): the cost
  property (with the effects that set or change it), then every increase and decrease
  at once (ga:parts-of-a-card-cost/6), never below 0 (ga:parts-of-a-card-cost/8).
- The card's own cost modifiers: "This card costs N less/more to activate" (or "to
  materialize"), a static ability the reader keeps as :class:`SelfCostChange`, and
  Efficiency ("costs LV less to activate", ga:keywords-and-abilities/efficiency-1).
  The restrictions before them are checked against the player's champion: Class Bonus
  (ga:keywords-and-abilities/class-bonus-2), a champion's name
  (ga:keywords-and-abilities/champion-bonus-1), Level N+
  (ga:abilities-restriction-abilities/level-restrictions-1), Damage N+ and Memory N+.
  A condition in words ("if it targets a unique ally", "for each Herb you control") is
  not evaluated: paying such a card raises NotSupportedError naming it.
- An activated ability's reserve part ("(2)", "(X)", "(3+X)") is its reserve cost
  (ga:abilities-activated-abilities/general-rules-1).
- A reserve cost is paid by putting that many other cards from the hand into memory
  (ga:parts-of-a-card-cost/2, ga:playing-cards-costs-and-memory/general-rules-1), or
  by resting an awake object with Reservable for 1 of it
  (ga:keywords-and-abilities/reservable-1). A memory cost is paid by banishing that
  many cards from memory chosen at random (ga:parts-of-a-card-cost/3.1,
  ga:playing-cards-costs-and-memory/general-rules-2.1), after any card with Floating
  Memory banished from the graveyard for 1 of it
  (ga:keywords-and-abilities/floating-memory-1, ga:parts-of-a-card-cost/3.1.1).
- ``pay_with`` names what pays: hand cards and Reservable objects for a reserve cost,
  graveyard cards with Floating Memory for a memory cost (memory cards can't be
  named: they are drawn at random). Without it the cards come from the hand in its
  order, then awake Reservable objects in field order; a memory cost uses no Floating
  Memory card unless named.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from types import MappingProxyType

from tcgrules.cardtext.nodes import (
    ActivatedAbility,
    KeywordAbility,
    Qualifier,
    SelfCostChange,
    StaticAbility,
)
from tcgrules.errors import NotSupportedError, RulesViolation
from tcgrules.games.grand_archive import keywords
from tcgrules.games.grand_archive.effects import champions_of
from tcgrules.kernel.events import Event
from tcgrules.kernel.game import Game
from tcgrules.kernel.objects import ObjectRef
from tcgrules.rules import rule
from tcgrules.verdict import Verdict

#: an activated ability's reserve part: "(2)", "(X)", "(3+X)"
RESERVE_PART = re.compile(r"\((?:(\d+)\s*\+\s*)?(\d+|X)\)", re.IGNORECASE)


@dataclass(frozen=True, slots=True)
class TotalCost:
    """The cost to pay for a card or ability as it is played: ``kind`` ("reserve" or
    "memory"), the ``amount``, the cost it started from and why it changed."""

    kind: str
    amount: int
    start: int
    changes: tuple[str, ...] = ()
    #: the changes took it below 0, so it is 0 (ga:parts-of-a-card-cost/8)
    floored: bool = False


def _refuse(number: str, why: str, action: str = "pay the cost") -> RulesViolation:
    return RulesViolation(Verdict.refuse(rule(number), why), action)


# ------------------------------------------------------------------ the total cost
def card_cost(game: Game, ref: ObjectRef, by: str, *, strict: bool) -> TotalCost | None:
    """The total cost of the card ``ref`` just put on the stack by ``by``. None if it has
    none (then it can't be paid, ga:playing-cards-costs-and-memory/general-rules-3) or,
    unless ``strict``, if a modifier's condition is not evaluated here (``strict``:
    NotSupportedError naming it)."""
    obj = game.get(ref)
    chars = game.characteristics(ref)
    kind = chars.values.get("cost_kind")
    value = chars.values.get("cost")
    if value is None or kind not in {"reserve", "memory"}:
        return None
    x = obj.stack.x if obj.stack is not None else None
    if isinstance(value, int):
        start = value
    elif str(value).upper() == "X" and x is not None:
        start = x
    elif not strict:
        return None  # said when the cost is paid
    elif str(value).upper() == "X":
        raise _refuse(
            "ga:playing-cards-card-activation/general-rules-3",
            f"{obj.label} costs X: announce X (x: N)",
        )
    else:
        raise NotSupportedError(f"the cost {value!r} of {obj.label}")
    materialized = obj.stack is not None and obj.stack.ability_kind == "materialize"
    action = "materialize" if materialized else "activate"
    deltas: list[tuple[int, str]] = []
    if obj.card is not None:
        for ability in game.ruleset.card_text(obj.card).abilities:
            found = _modifier(game, ability, ref, by, action, strict=strict)
            if found is None:
                return None
            deltas.extend(found)
    total = start + sum(d for d, _ in deltas)
    changes = tuple(why for _, why in deltas)
    if total < 0:
        changes = (*changes, f"{total} is below 0, so it is 0")
    return TotalCost(str(kind), max(total, 0), start, changes, floored=total < 0)


def _modifier(
    game: Game,
    ability: object,
    ref: ObjectRef,
    by: str,
    action: str,
    *,
    strict: bool,
) -> list[tuple[int, str]] | None:
    """The cost changes one of the card's abilities makes (amount, narration): none if it
    makes none or its restriction is not met; None if it can't be told (not strict)."""
    if isinstance(ability, KeywordAbility) and ability.name == "efficiency":
        if action != "activate":
            return []
        change = SelfCostChange("LV", True, "activate")
        qualifiers = ability.qualifiers
        text = ability.text
    elif isinstance(ability, StaticAbility) and any(
        isinstance(e, SelfCostChange) for e in ability.effects
    ):
        change = next(e for e in ability.effects if isinstance(e, SelfCostChange))
        if change.action != action:
            return []
        qualifiers = ability.qualifiers
        text = ability.text
    else:
        return []
    if change.condition is not None:
        if strict:
            raise NotSupportedError(
                f"the cost modifier “{text}”: its condition “{change.condition}” is not evaluated"
            )
        return None
    for q in qualifiers:
        met = restriction_met(game, q, ref, by, strict=strict)
        if met is None:
            return None
        if not met:
            return []
    amount = change.amount
    if amount == "LV":
        champs = champions_of(game, by)
        level = game.characteristics(champs[0]).number("level") if champs else None
        amount = level or 0
    if not isinstance(amount, int):
        if strict:
            raise NotSupportedError(f"the cost modifier “{text}”: the amount {amount!r}")
        return None
    sign = -1 if change.less else 1
    number = (
        "ga:keywords-and-abilities/efficiency-1"
        if isinstance(ability, KeywordAbility)
        else "ga:parts-of-a-card-cost/6"
    )
    return [(sign * amount, f"{'-' if change.less else '+'}{amount} by “{text}” ({number})")]


def restriction_met(
    game: Game, q: Qualifier, ref: ObjectRef, by: str, *, strict: bool
) -> bool | None:
    """Whether ``by``'s champion meets the restriction ``q`` of the card ``ref``
    (ga:abilities-restriction-abilities/general-rules-2); None if it can't be told."""
    champs = champions_of(game, by)
    champ = champs[0] if champs else None
    chars = game.characteristics(champ) if champ is not None else None
    if q.kind == "class_bonus":
        mine = game.ruleset.property(game.characteristics(ref), "classes")
        theirs = game.ruleset.property(chars, "classes") if chars is not None else frozenset()
        assert isinstance(mine, frozenset) and isinstance(theirs, frozenset)
        return bool(mine & theirs)
    if q.kind == "champion_bonus":
        name = (chars.name or "") if chars is not None else ""
        return name.split(",")[0].strip().lower() == (q.value or "").strip().lower()
    if q.kind in {"level", "damage", "memory"} and (q.value or "").isdigit():
        need = int(q.value or 0)
        if q.kind == "memory":
            return len(game.zone("memory", by)) >= need
        if champ is None or chars is None:
            return False
        have = chars.number("level") if q.kind == "level" else game.get(champ).damage
        return (have or 0) >= need
    if strict:
        raise NotSupportedError(f"the restriction “{q.text}” on a cost modifier")
    return None


def ability_cost(ability: ActivatedAbility, x: int | None) -> int | None:
    """The reserve cost of an activated ability: its reserve parts, with X announced;
    None if it has none."""
    total = 0
    parts = [RESERVE_PART.fullmatch(part.strip()) for part in ability.cost.parts]
    if not any(parts):
        return None
    for part, found in zip(ability.cost.parts, parts, strict=True):
        if found is None:
            continue
        fixed, last = found.groups()
        if last.upper() == "X":
            if x is None:
                raise _refuse(
                    "ga:playing-cards-card-activation/general-rules-3",
                    f"the cost {part} has X: announce X (x: N)",
                )
            total += x
        else:
            total += int(last)
        total += int(fixed or 0)
    return total


def log_payment(game: Game, ref: ObjectRef, cost: TotalCost) -> None:
    """Say what is to be paid (the ``payment`` event)."""
    label = game.get(ref).label
    changed = f" (its cost is {cost.start}; {'; '.join(cost.changes)})" if cost.changes else ""
    game.log(
        Event(
            "payment",
            f"{label}: {cost.kind} cost to pay is {cost.amount}{changed}",
            rule("ga:parts-of-a-card-cost/8" if cost.floored else "ga:parts-of-a-card-cost/6"),
            ref,
            data=MappingProxyType({"amount": cost.amount, "cost": cost.start, "kind": cost.kind}),
        )
    )


# ------------------------------------------------------------------------ paying
def pay_total_cost(
    game: Game,
    ref: ObjectRef,
    by: str,
    *,
    pay_with: Sequence[ObjectRef],
    ability: ActivatedAbility | None,
) -> None:
    """Pay the total cost of ``ref`` (a card played, or an activated ability), or raise."""
    obj = game.get(ref)
    if ability is not None:
        x = obj.stack.x if obj.stack is not None else None
        amount = ability_cost(ability, x)
        if amount is None:
            return  # no reserve part: its other parts are paid (activation_costs.py)
        cost = TotalCost("reserve", amount, amount)
        log_payment(game, ref, cost)
    else:
        found = card_cost(game, ref, by, strict=True)
        if found is None:
            # a card without a cost can't be paid for at all (ga:playing-cards-costs-and-
            # memory/general-rules-3), but card data often leaves a printed cost out:
            # rather than refuse a card that may well have one, say what is missing
            raise NotSupportedError(
                f"paying for {obj.label}: its card data gives no reserve or memory cost",
                "give the card a cost ({reserve: N} or {memory: N})",
            )
        cost = found
        if obj.stack is None or obj.stack.payment is None:
            log_payment(game, ref, cost)  # not said yet as it went on the stack
    if cost.kind == "reserve":
        pay_reserve(game, ref, by, cost.amount, pay_with)
    else:
        pay_memory(game, ref, by, cost.amount, pay_with)


def pay_reserve(
    game: Game, ref: ObjectRef, by: str, amount: int, pay_with: Sequence[ObjectRef]
) -> None:
    """Pay a reserve cost of ``amount``: cards from ``by``'s hand into memory, or awake
    Reservable objects rested (see the module docstring)."""
    label = game.get(ref).label
    if pay_with:
        chosen = list(pay_with)
        for named in chosen:
            _check_reserve_payer(game, by, named)
        if len(chosen) != amount:
            raise _refuse(
                "ga:parts-of-a-card-cost/2",
                f"the reserve cost of {label} is {amount}; {len(chosen)} named to pay it",
            )
    else:
        hand = list(game.zone("hand", by))
        reservable = [
            r
            for r in game.zone("field")
            if game.controller(r) == by
            and not game.get(r).tapped
            and keywords.has(game.characteristics(r), "reservable")
        ]
        chosen = (hand + reservable)[:amount]
        if len(chosen) < amount:
            raise _refuse(
                "ga:parts-of-a-card-cost/2",
                f"the reserve cost of {label} is {amount}; {by} has {len(hand)} card(s) in "
                f"hand and {len(reservable)} awake Reservable object(s)",
            )
    names = []
    for payer in chosen:
        names.append(game.describe(payer))
        if game.get(payer).zone.name == "hand":
            game.move(
                payer,
                "memory",
                rule_applied=rule("ga:playing-cards-costs-and-memory/general-rules-1"),
                reason=f"{by} reserves it to pay for {label}",
            )
        else:
            game.set_tapped(
                payer, True, rule_applied=rule("ga:keywords-and-abilities/reservable-1")
            )
    how = "named" if pay_with else "chosen by tcgrules: hand cards in order, then Reservable"
    game.log(
        Event(
            "paid",
            f"{by} pays the reserve cost {amount} of {label} with "
            f"{', '.join(names) or 'nothing'} ({how})",
            rule("ga:parts-of-a-card-cost/2"),
            ref,
            player=by,
            data=MappingProxyType({"reserve": amount, "with": tuple(names)}),
        )
    )


def _check_reserve_payer(game: Game, by: str, named: ObjectRef) -> None:
    obj = game.get(named)
    label = game.describe(named)
    if obj.zone.name == "hand" and obj.zone.player == by:
        return
    if obj.zone.name == "field" and game.controller(named) == by:
        if not keywords.has(game.characteristics(named), "reservable"):
            raise _refuse(
                "ga:keywords-and-abilities/reservable-1",
                f"{label} has no Reservable, so it can't pay a reserve cost",
            )
        if obj.tapped:
            raise _refuse(
                "ga:keywords-and-abilities/reservable-1",
                f"{label} is rested, so it can't be rested to pay a reserve cost",
            )
        return
    raise _refuse(
        "ga:playing-cards-costs-and-memory/general-rules-1",
        f"{label} is not in {by}'s hand: reserve costs are paid with cards from the hand",
    )


def pay_memory(
    game: Game, ref: ObjectRef, by: str, amount: int, pay_with: Sequence[ObjectRef]
) -> None:
    """Pay a memory cost of ``amount``: named Floating Memory cards banished from the
    graveyard first, then cards of ``by``'s memory banished at random."""
    label = game.get(ref).label
    floating = list(pay_with)
    for named in floating:
        obj = game.get(named)
        what = game.describe(named)
        if obj.zone.name == "memory":
            raise _refuse(
                "ga:playing-cards-costs-and-memory/general-rules-2.1",
                f"{what} is in memory: cards paying a memory cost are chosen at random",
            )
        if not (
            obj.zone.name == "graveyard"
            and obj.zone.player == by
            and keywords.has(game.characteristics(named), "floating memory")
        ):
            raise _refuse(
                "ga:keywords-and-abilities/floating-memory-1",
                f"{what} is not a card with Floating Memory in {by}'s graveyard",
            )
    if len(floating) > amount:
        raise _refuse(
            "ga:keywords-and-abilities/floating-memory-1",
            f"the memory cost of {label} is {amount}; {len(floating)} Floating Memory cards named",
        )
    memory = list(game.zone("memory", by))
    rest = amount - len(floating)
    if len(memory) < rest:
        raise _refuse(
            "ga:parts-of-a-card-cost/3.1",
            f"the memory cost of {label} is {amount}; {by} has {len(memory)} card(s) in memory"
            + (f" and {len(floating)} Floating Memory card(s) named" if floating else ""),
        )
    names = []
    for card in floating:
        names.append(game.describe(card))
        game.move(
            card,
            "banishment",
            rule_applied=rule("ga:keywords-and-abilities/floating-memory-1"),
            reason=f"{by} banishes it with Floating Memory to pay for {label}",
        )
    drawn: list[ObjectRef] = []
    for _ in range(rest):
        drawn.append(memory.pop(game.random(len(memory))))
    for card in drawn:
        names.append(game.describe(card))
        game.move(
            card,
            "banishment",
            rule_applied=rule("ga:parts-of-a-card-cost/3.1"),
            reason=f"chosen at random from {by}'s memory to pay for {label}",
        )
    game.log(
        Event(
            "paid",
            f"{by} pays the memory cost {amount} of {label}: banishes "
            f"{', '.join(names) or 'nothing'}",
            rule("ga:playing-cards-costs-and-memory/general-rules-2"),
            ref,
            player=by,
            data=MappingProxyType({"memory": amount, "with": tuple(names)}),
        )
    )
