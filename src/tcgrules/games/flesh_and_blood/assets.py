"""Flesh and Blood assets and paying asset-costs (fab:1.13, fab:1.14, fab:5.1.6-5.1.7).

A player's action, resource and chi points (fab:1.13.1) are read from the turn's events:
every gain or payment is an ``assets`` event naming the player, the asset and the signed
change, so a refused action (whose events the transaction undoes) leaves no trace, and
the points end with the turn (fab:4.4.3d; an ``assets`` event says so). The turn player
has 1 action point as the action phase starts (fab:4.3.2): in a scenario the turn is
already in its action phase, so the turn player counts that point without an event.

Paying (under ``enforce: [costs]``, :func:`pay_total_cost`): the resource cost was
calculated as the layer went on the stack (``payment``, fab:5.1.6a); the action cost is
1 for an action card or an action ability, else 0 (fab:5.1.6b, fab:8.1.1c). The asset-
costs are paid in the order chi, resource, life, action (fab:1.14.2a). A resource cost
uses the chi points first, then the resource points (fab:1.14.2d); when they are short,
cards are pitched from the hand one at a time (fab:1.14.3): the ones the step names in
``pay_with``, in that order, and no others; without ``pay_with`` they are chosen here -
each time the card with the smallest pitch that covers what is still owed, or, if none
covers it, the one with the largest pitch (ties: the card that has been in the hand
longest). A card may be pitched only while its points are needed (fab:1.14.3b) and only
if it has a pitch (fab:1.14.3a). Points left over stay with the player for later
payments this turn. A cost that can't be paid in full makes the play illegal and the
game goes back (fab:5.1.7a, fab:1.14.2b).
An effect-cost ("Destroy this", "Discard a card") is not paid here: such an ability is
refused as not supported under ``enforce: [costs]``.
"""

from __future__ import annotations

from collections.abc import Sequence
from types import MappingProxyType
from typing import TYPE_CHECKING

from tcgrules.errors import InputError, NotSupportedError, RulesViolation
from tcgrules.games.flesh_and_blood import costs
from tcgrules.kernel.events import Event
from tcgrules.rules import RuleRef, rule
from tcgrules.verdict import Verdict

if TYPE_CHECKING:
    from tcgrules.cardtext.nodes import ActivatedAbility
    from tcgrules.kernel.game import Game
    from tcgrules.kernel.objects import ObjectRef

#: the assets a player keeps as points during a turn (fab:1.13.1; life is the hero's)
ASSETS: tuple[str, ...] = ("action", "resource", "chi")

__all__ = [
    "ASSETS",
    "change",
    "gain_action_point",
    "go_again",
    "lose_all",
    "pay",
    "pay_attack",
    "pay_total_cost",
    "points",
]


def points(game: Game, player: str, asset: str) -> int:
    """How many ``asset`` points ``player`` has now: the turn's ``assets`` events, plus
    the action point the turn player has from the start of the action phase
    (fab:4.3.2)."""
    total = 1 if asset == "action" and player == game.active_player else 0
    for event in game.events.this_turn():
        if event.kind == "assets" and event.player == player and event.data.get("asset") == asset:
            amount = event.data.get("change")
            total += amount if isinstance(amount, int) else 0
    return max(total, 0)


def change(  # noqa: PLR0917  (whose points, which, how many, why)
    game: Game, player: str, asset: str, amount: int, text: str, cited: RuleRef
) -> None:
    """Log a gain (positive) or payment (negative) of ``asset`` points."""
    game.log(
        Event(
            "assets",
            text,
            cited,
            player=player,
            data=MappingProxyType({"asset": asset, "change": amount}),
        )
    )


def gain_action_point(game: Game, player: str, why: str, cited: RuleRef) -> None:
    """``player`` gains 1 action point, only in their own action phase (fab:1.13.2a-b):
    another player's gain is logged as not happening."""
    if player != game.active_player:
        game.log(
            Event(
                "effect_failed",
                f"{player} would gain an action point ({why}), but it is not their action phase",
                rule("fab:1.13.2b"),
                player=player,
            )
        )
        return
    change(game, player, "action", 1, f"{player} gains 1 action point ({why})", cited)


def lose_all(game: Game) -> list[str]:
    """Every player loses all their action, resource and chi points (fab:4.4.3d)."""
    said: list[str] = []
    for player in game.players:
        for asset in ASSETS:
            have = points(game, player, asset)
            if have:
                change(
                    game,
                    player,
                    asset,
                    -have,
                    f"{player} loses {have} {asset} point(s) as the turn ends",
                    rule("fab:4.4.3d"),
                )
                said.append(f"{player} loses {have} {asset} point(s)")
    return said


# ------------------------------------------------------------------ paying
def action_cost(game: Game, ref: ObjectRef, ability: ActivatedAbility | None) -> int:
    """The action asset-cost: 1 for an action card, or an action ability, else 0
    (fab:5.1.6b, fab:5.2.2b, fab:8.1.1c). Playing an action as an instant is not
    modelled (a card that says so is refused as not supported when played)."""
    if ability is not None:
        return 1 if "action" in costs.ability_header(ability.cost).types else 0
    return 1 if "action" in game.characteristics(ref).types else 0


def effect_costs(ability: ActivatedAbility | None) -> list[str]:
    """The parts of an activation cost that are not resource symbols or numbers (an
    effect-cost, fab:1.14.4, or a cost in another asset)."""
    if ability is None:
        return []
    return [
        part
        for part in ability.cost.parts
        if part.replace("{r}", "").strip() and not part.strip().isdigit()
    ]


def pay_total_cost(
    game: Game,
    ref: ObjectRef,
    by: str,
    *,
    pay_with: Sequence[ObjectRef],
    ability: ActivatedAbility | None = None,
) -> None:
    """Pay the asset-costs of the layer ``ref`` (see the module text)."""
    obj = game.get(ref)
    _no_effect_costs(obj.label, ability)
    info = obj.stack
    owed = info.payment if info is not None and info.payment is not None else 0
    pay(game, obj.label, ref, by, owed, action_cost(game, ref, ability), pay_with)


def pay_attack(game: Game, attack: ObjectRef, by: str) -> None:
    """Pay for an attack an ``attack:`` step declared: an attack-card was played, its
    cost calculated as for any card (fab:5.1.6a); a weapon's or ally's attack ability was
    activated, its cost the ability's (fab:5.2.2b). The cards pitched are chosen here
    (the step has no ``pay_with``)."""
    from tcgrules.games.flesh_and_blood.timing import attack_ability  # noqa: PLC0415

    label = game.describe(attack)
    ability = attack_ability(game, attack)
    if ability is None and "attack" not in game.characteristics(attack).subtypes:
        raise NotSupportedError(
            f"paying for an attack with {label}: it is not an attack-card and no activated "
            "ability with the attack effect was read from its text (fab:8.3.1)"
        )
    if ability is None:
        base = game.characteristics(attack).number("cost") or 0
        owed = costs.payment(game, attack, base, "play")
    else:
        _no_effect_costs(f"the attack ability of {label}", ability)
        owed = costs.payment(game, attack, costs.ability_header(ability.cost).cost, "activate")
    game.log(
        Event(
            "payment",
            f"{label}: resource cost to pay for the attack is {owed}",
            rule("fab:5.1.6a"),
            attack,
            data=MappingProxyType({"amount": owed}),
        )
    )
    pay(game, label, attack, by, owed, action_cost(game, attack, ability), ())


def _no_effect_costs(label: str, ability: ActivatedAbility | None) -> None:
    others = effect_costs(ability)
    if others:
        raise NotSupportedError(
            f"paying the effect-cost {', '.join(repr(p) for p in others)} of {label} "
            "under enforce: [costs] (fab:1.14.4)"
        )


def pay(  # noqa: PLR0917  (what is paid, for what, by whom, with what)
    game: Game,
    label: str,
    ref: ObjectRef,
    by: str,
    owed: int,
    actions: int,
    pay_with: Sequence[ObjectRef],
) -> None:
    """Pay ``owed`` resource points and ``actions`` action points for ``label``, in the
    order of fab:1.14.2a, or refuse (fab:5.1.7a)."""
    _pay_resources(game, label, by, owed, pay_with)
    if actions:
        have = points(game, by, "action")
        if have < actions:
            raise RulesViolation(
                Verdict.refuse(
                    rule("fab:5.1.7a"),
                    f"{label} costs {actions} action point; {by} has {have} "
                    "(an action point is used to pay it, fab:1.14.2f, fab:8.1.1c)",
                ),
                f"pay for {label}",
            )
        change(
            game,
            by,
            "action",
            -actions,
            f"{by} pays {actions} action point for {label}",
            rule("fab:1.14.2f"),
        )
    if not owed and not actions:
        game.log(
            Event(
                "paid",
                f"{label} costs nothing: the zero cost is paid by acknowledging it",
                rule("fab:1.14.5"),
                ref,
            )
        )


def go_again(game: Game, ref: ObjectRef, controller: str, cited: RuleRef) -> None:
    """A layer, or an attack in the Resolution Step, with go again gives its controller
    an action point (fab:5.3.5, fab:7.6.2, fab:8.3.5); its last known information if it
    has gone (fab:5.3.5a, fab:7.6.2a)."""
    chars = (
        game.characteristics(ref) if game.is_current(ref) else game.last_known(ref).characteristics
    )
    # the card data's keyword line "Go again" reads as the keyword "go" with "again"
    if chars.has_keyword("go", "again") or chars.has_keyword("go again"):
        gain_action_point(game, controller, f"{game.describe(ref)} has go again", cited)


def _pay_resources(
    game: Game, label: str, by: str, owed: int, pay_with: Sequence[ObjectRef]
) -> None:
    """Pay ``owed`` resource points: chi first, then resource points, pitching cards when
    short (fab:1.14.2d)."""
    named = list(pay_with)
    for given in named:
        if not game.is_current(given):
            raise InputError(f"pay_with: {game.describe(given)} has become a new object")
    while points(game, by, "chi") + points(game, by, "resource") < owed:
        short = owed - points(game, by, "chi") - points(game, by, "resource")
        card = named.pop(0) if named else None if pay_with else _choose(game, by, short)
        if card is None:  # nothing left to pitch
            left = "the cards named are all pitched" if pay_with else "no card in hand has a pitch"
            raise RulesViolation(
                Verdict.refuse(
                    rule("fab:5.1.7a"),
                    f"{label} costs {owed} resource point(s); {by} is {short} short and {left}",
                ),
                f"pay for {label}",
            )
        pitch(game, by, card, short)
    if named:
        names = ", ".join(game.describe(c) for c in named)
        raise RulesViolation(
            Verdict.refuse(
                rule("fab:1.14.3b"),
                f"{names}: {by} already has the points {label} costs; a card is pitched "
                "only for points still needed",
            ),
            f"pay for {label}",
        )
    for asset in ("chi", "resource"):  # chi is used up first (fab:1.14.2d)
        used = min(points(game, by, asset), owed)
        if used:
            change(
                game,
                by,
                asset,
                -used,
                f"{by} pays {used} {asset} point(s) for {label}",
                rule("fab:1.14.2d"),
            )
            owed -= used


def _pitch_of(game: Game, card: ObjectRef) -> tuple[int, str] | None:
    """The card's pitch and the asset it gives: chi for {c} symbols, else resource
    (fab:2.8.2); None without a pitch."""
    value = game.characteristics(card).number("pitch")
    if value is None:
        return None
    printed = game.get(card).card
    raw = printed.values.get("pitch") if printed is not None else None
    asset = "chi" if isinstance(raw, str) and "{c}" in raw.lower() else "resource"
    return value, asset


def _choose(game: Game, by: str, short: int) -> ObjectRef | None:
    """The card pitched when the step names none (see the module text)."""
    found: list[tuple[ObjectRef, int]] = []
    for card in game.zone("hand", by):
        got = _pitch_of(game, card)
        if got is not None and got[0] > 0:
            found.append((card, got[0]))
    covering = [c for c in found if c[1] >= short]
    if covering:
        return min(covering, key=lambda c: c[1])[0]
    if found:
        return max(found, key=lambda c: c[1])[0]
    return None


def pitch(game: Game, by: str, card: ObjectRef, short: int) -> None:
    """``by`` pitches ``card`` from their hand to their pitch zone and gains its pitch in
    points (fab:1.14.3); refused if it is not in their hand or has no pitch."""
    name = game.describe(card)
    obj = game.get(card)
    if game.ruleset.zone_spec(obj.zone.name).name != "hand" or obj.zone.player != by:
        raise RulesViolation(
            Verdict.refuse(
                rule("fab:1.14.3"), f"{name} is not in {by}'s hand: it can't be pitched"
            ),
            f"pitch {name}",
        )
    got = _pitch_of(game, card)
    if got is None:
        raise RulesViolation(
            Verdict.refuse(rule("fab:1.14.3a"), f"{name} has no pitch: it can't be pitched"),
            f"pitch {name}",
        )
    value, asset = got
    moved = game.move(
        card,
        "pitch",
        player=by,
        rule_applied=rule("fab:1.14.3"),
        reason=f"{by} pitches it for {value} {asset} point(s) ({short} still owed)",
    )
    game.log(
        Event(
            "pitched",
            f"{by} pitches {name} and gains {value} {asset} point(s)",
            rule("fab:1.14.3"),
            moved,
            player=by,
            data=MappingProxyType({"pitch": value, "asset": asset}),
        )
    )
    change(
        game,
        by,
        asset,
        value,
        f"{by} gains {value} {asset} point(s) from {name}",
        rule("fab:1.13.3a" if asset == "resource" else "fab:1.13.5a"),
    )
