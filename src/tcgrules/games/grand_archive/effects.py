"""Grand Archive's effects: one handler per effect node (the ruleset's effect table).

A handler receives the kernel's :class:`~tcgrules.kernel.resolution.Resolution`.
In Grand Archive a card or ability whose required target became illegal does not
resolve at all (ga:playing-cards-resolution/checking-resolution-1.4.1.1), so a
handler only ever sees legal targets; an "up to" target that became illegal is
simply left out (ga:playing-cards-resolution/checking-resolution-1.3).

Players have no life: damage goes to units, and on a champion it stays as damage
counters (ga:damage/general-rules-13), while on an ally it is temporary damage
removed in the end phase (ga:damage/general-rules-12). "You" is the controller of
the resolving card or ability (ga:playing-cards-resolution/general-rules-3).
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from tcgrules.cardtext.nodes import (
    Counter,
    DealDamage,
    Destroy,
    Draw,
    Exile,
    ModifyStat,
    PutCounters,
    Recover,
    ReturnToHand,
    Tap,
    Untap,
)
from tcgrules.errors import NotSupportedError
from tcgrules.kernel.effects import Duration, Modify
from tcgrules.kernel.events import Event
from tcgrules.kernel.game import Game
from tcgrules.kernel.objects import GameObject, ObjectRef, PlayerRef
from tcgrules.kernel.resolution import Resolution
from tcgrules.kernel.ruleset import EffectHandler
from tcgrules.rules import RuleRef, rule

#: the card types whose cards become objects on the field when they resolve
#: (ga:game-zones-field/general-rules-3, ga:objects-and-targeting/objects-1)
OBJECT_TYPES = frozenset({"champion", "ally", "weapon", "item", "domain", "phantasia"})


def is_unit(game: Game, ref: ObjectRef) -> bool:
    """Allies and champions on the field are units (ga:objects-and-targeting/objects-2)."""
    on_field = game.ruleset.zone_spec(game.get(ref).zone.name).objects_are_permanents
    return on_field and bool({"ally", "champion"} & game.characteristics(ref).types)


def champions_of(game: Game, player: str) -> list[ObjectRef]:
    """The champions ``player`` controls on the field."""
    return [
        ref
        for ref in game.zone("field")
        if game.controller(ref) == player and "champion" in game.characteristics(ref).types
    ]


def leave_field(
    game: Game, target: ObjectRef, zone: str, *, rule_applied: RuleRef, reason: str
) -> ObjectRef | None:
    """Move ``target`` to its owner's ``zone``; a token moved off the field ceases to
    exist instead (ga:tokens/general-rules-3). The new reference, or None."""
    obj = game.get(target)
    if obj.kind == "token" and game.ruleset.zone_spec(obj.zone.name).objects_are_permanents:
        game.remove(
            target,
            rule_applied=rule("ga:tokens/general-rules-3"),
            reason="is a token leaving the field, so it ceases to exist",
        )
        return None
    return game.move(target, zone, rule_applied=rule_applied, reason=reason)


def deal_damage(game: Game, target: ObjectRef, amount: int, source: str) -> None:
    """``source`` deals ``amount`` damage to the unit ``target``: less than 1 is no damage
    (ga:damage/general-rules-9, 15); on a champion it is damage counters
    (ga:damage/general-rules-13, ga:counters/damage-1), on an ally temporary damage
    (ga:damage/general-rules-12)."""
    label = game.describe(target)
    if not is_unit(game, target):
        raise NotSupportedError(
            f"damage to {label}", "only units (allies and champions) are dealt damage here"
        )
    if amount <= 0:
        game.log(
            Event(
                "no_damage",
                f"{source} would deal {amount} damage to {label}: no damage is dealt",
                rule("ga:damage/general-rules-15"),
                target,
            )
        )
        return
    champion = "champion" in game.characteristics(target).types
    number = "ga:damage/general-rules-13" if champion else "ga:damage/general-rules-12"
    game.mark_damage(target, amount, rule_applied=rule(number), source=source)
    if champion:
        game.log(
            Event(
                "counters",
                f"{label} has {game.get(target).damage} damage counter(s)",
                rule("ga:counters/damage-1"),
                target,
            )
        )


def _deal(run: Resolution, effect: DealDamage) -> None:
    """Damage to each unit the effect names; the source is the resolving card, or the
    object whose ability it is (ga:damage/general-rules-10.2, 10.3)."""
    if effect.divided:
        raise NotSupportedError("dividing damage in Grand Archive")
    amount = run.amount(effect.amount)
    source = run.game.describe(run.info.source) if run.info.source else run.obj.label
    for target, _ in run.objects(effect.to):
        deal_damage(run.game, target, amount, source)


def _destroy(run: Resolution, effect: Destroy) -> None:
    """Destroy moves an object from the field to its owner's graveyard; a token is
    removed from the game (ga:game-terms/destruction-1, destruction-2)."""
    game = run.game
    for target, _ in run.objects(effect.what):
        label = game.describe(target)
        if not game.ruleset.zone_spec(game.get(target).zone.name).objects_are_permanents:
            game.log(
                Event(
                    "effect_failed",
                    f"{label} is not on the field: only objects can be destroyed",
                    rule("ga:game-terms/destruction-1"),
                    target,
                )
            )
            continue
        gone = leave_field(
            game,
            target,
            "graveyard",
            rule_applied=rule("ga:game-terms/destruction-2"),
            reason="destroyed",
        )
        game.log(
            Event("destroyed", f"{label} is destroyed", rule("ga:game-terms/destruction-2"), gone)
        )


def _banish(run: Resolution, effect: Exile) -> None:
    """Banish puts a card into its owner's banishment; an object banished is not
    destroyed (ga:game-terms/banish-1, banish-3)."""
    for target, _ in run.objects(effect.what):
        leave_field(
            run.game,
            target,
            "banishment",
            rule_applied=rule("ga:game-terms/banish-1"),
            reason="banished",
        )


def _return_to_hand(run: Resolution, effect: ReturnToHand) -> None:
    """A card sent to hand goes to its owner's hand (ga:game-zones-hand/general-rules-3)."""
    for target, _ in run.objects(effect.what):
        leave_field(
            run.game,
            target,
            "hand",
            rule_applied=rule("ga:game-zones-hand/general-rules-3"),
            reason="returned to its owner's hand",
        )


def _draw(run: Resolution, effect: Draw) -> None:
    """Draw: the top card of the deck goes to the hand, one card at a time
    (ga:drawing-cards/general-rules-1, general-rules-2)."""
    game = run.game
    count = run.amount(effect.count)
    for who, _ in run.entities(effect.who):
        if not isinstance(who, PlayerRef):
            continue
        for _ in range(count):
            deck = game.zone("main_deck", who.name)
            if not deck:
                game.log(
                    Event(
                        "draw_failed",
                        f"{who.name} has no card left in their deck to draw",
                        rule("ga:drawing-cards/general-rules-6"),
                        player=who.name,
                    )
                )
                break
            game.move(
                deck[-1],
                "hand",
                rule_applied=rule("ga:drawing-cards/general-rules-1"),
                reason=f"{who.name} draws it",
            )


def _recover(run: Resolution, effect: Recover) -> None:
    """Recover N: remove N damage counters from your champion, or as many as it has
    (ga:game-terms/recover-2, recover-2.1, recover-2.2)."""
    game = run.game
    amount = run.amount(effect.amount)
    for who, _ in run.entities(effect.who):
        player = who.name if isinstance(who, PlayerRef) else game.controller(who)
        if player is None:
            continue
        for champion in champions_of(game, player):
            had = game.get(champion).damage
            removed = min(had, amount)
            number = "ga:game-terms/recover-2" if removed == amount else "ga:game-terms/recover-2.1"
            game.set_damage(champion, had - removed, rule_applied=rule(number))
            game.log(
                Event(
                    "recovered",
                    f"{player} recovers {amount}: {removed} damage counter(s) removed from "
                    f"{game.describe(champion)}",
                    rule(number),
                    champion,
                    data=MappingProxyType({"amount": removed}),
                )
            )


_DURATIONS: dict[str, tuple[Duration, str]] = {
    "end_of_turn": ("end_of_turn", " until end of turn"),
    "permanent": (None, ""),
}


def _modify_stat(run: Resolution, effect: ModifyStat) -> None:
    """ "Gets +N POWER": an instanced effect on the objects it names as it resolves
    (ga:types-of-effects-continuous-effects/instanced-effects-1) that raises or lowers
    the stat in layer E (layers-2.5); "until end of turn" ends in the clean-up
    (ga:turn-order-end-phase/general-rules-3)."""
    found = _DURATIONS.get(effect.duration)
    if found is None:
        raise NotSupportedError(f"the duration {effect.duration!r} in Grand Archive")
    until, words = found
    raw = effect.amount
    amount = -run.amount(raw[1:]) if isinstance(raw, str) and raw.startswith("-") else None
    amount = run.amount(raw) if amount is None else amount
    number = "ga:types-of-effects-continuous-effects/layers-2.5"
    for target, _ in run.objects(effect.what):
        run.game.add_effect(
            target,
            Modify(effect.prop, amount),
            until=until,
            source=run.obj.ref,
            rule_applied=rule(number),
            describe=f"gets {amount:+d} {effect.prop.upper()}{words}",
        )


def _put_counters(run: Resolution, effect: PutCounters) -> None:
    """Put counters on an object: it gains them (ga:counters/general-rules-4); a buff
    counter gives +1 POWER and +1 LIFE (ga:counters/buff-1)."""
    count = run.amount(effect.count)
    number = "ga:counters/buff-1" if effect.kind == "buff" else "ga:counters/general-rules-4"
    for target, _ in run.objects(effect.what):
        run.game.add_counters(target, effect.kind, count, rule_applied=rule(number))


def _rest_or_wake(run: Resolution, effect: Tap | Untap) -> None:
    """Rest turns an awake object sideways, wake up turns it upright; an object already
    so is left as it is (ga:game-terms/rest-rested-1, 5; ga:game-terms/wake-up-1, 2)."""
    rest = isinstance(effect, Tap)
    game = run.game
    for target, _ in run.objects(effect.what):
        if game.get(target).tapped == rest:
            word = "rested" if rest else "awake"
            game.log(
                Event(
                    "no_effect",
                    f"{game.describe(target)} is already {word}: nothing happens",
                    rule("ga:game-terms/rest-rested-5" if rest else "ga:game-terms/wake-up-2"),
                    target,
                )
            )
            continue
        game.set_tapped(
            target,
            rest,
            rule_applied=rule("ga:game-terms/rest-rested-1" if rest else "ga:game-terms/wake-up-1"),
        )


def negate(game: Game, target: ObjectRef) -> None:
    """Negate an activation, materialization or ability: it is removed from the
    effects stack and does not happen (ga:game-terms/negate-1). An ability ceases to
    exist; a card whose activation is negated has no instance left, so it leaves the
    stack for its zone by the state-based check (ga:game-terms/negate-1.1,
    ga:playing-cards/general-rules-7.1) - never onto the field, as it did not resolve."""
    obj = game.get(target)
    game.log(Event("negated", f"{obj.label} is negated", rule("ga:game-terms/negate-1"), target))
    if obj.kind == "ability":
        game.remove(target, rule_applied=rule("ga:game-terms/negate-1"), reason="is negated")
        return
    card_leaves_stack(game, obj, resolved=False, negated=True)


def _negate(run: Resolution, effect: Counter) -> None:
    if effect.unless_pays is not None:
        raise NotSupportedError("negate unless a cost is paid, in Grand Archive")
    for target, _ in run.objects(effect.what):
        negate(run.game, target)


def card_leaves_stack(
    game: Game, obj: GameObject, *, resolved: bool, negated: bool = False
) -> None:
    """Where a played card goes once its activation or materialization is done
    (ga:playing-cards/general-rules-7): a resolved object card becomes an object on the
    field under its controller (ga:playing-cards/general-rules-7.1,
    ga:playing-cards-resolution/general-rules-7); otherwise a card with a memory cost,
    or a regalia, goes to banishment and the rest to the graveyard
    (ga:playing-cards/general-rules-7.1, and on fizzling
    ga:playing-cards-resolution/checking-resolution-1.4.1.1, ga:game-terms/fizzle-1.1)."""
    chars = game.characteristics(obj.ref)
    controller = game.controller(obj.ref) or obj.owner
    if resolved and chars.types & OBJECT_TYPES:
        game.move(
            obj.ref,
            "field",
            controller=controller,
            rule_applied=rule("ga:playing-cards-resolution/general-rules-7"),
            reason=f"it resolves and becomes an object under {controller}'s control",
        )
        return
    if "attack" in chars.types and resolved:
        raise NotSupportedError(
            "an attack card resolving into the intent", "combat phases are not modelled here"
        )
    memory = chars.values.get("cost_kind") == "memory" or "regalia" in chars.supertypes
    zone = "banishment" if memory else "graveyard"
    if resolved:
        number, why = "ga:playing-cards/general-rules-7.1", "it resolved"
    elif negated:
        kind = (
            "materialization"
            if obj.stack and obj.stack.ability_kind == "materialize"
            else ("activation")
        )
        number, why = "ga:game-terms/negate-1.1", f"its {kind} was negated"
    else:
        number = "ga:playing-cards-resolution/checking-resolution-1.4.1.1"
        why = "it fizzled"
    game.move(obj.ref, zone, rule_applied=rule(number), reason=f"{why}; it goes to {zone}")


#: Effect node type -> handler: what Grand Archive's effects do, in text order
#: (ga:playing-cards-resolution/general-rules-2).
EFFECTS: Mapping[type, EffectHandler] = MappingProxyType(
    {
        DealDamage: _deal,
        Destroy: _destroy,
        Exile: _banish,
        ReturnToHand: _return_to_hand,
        Draw: _draw,
        Recover: _recover,
        ModifyStat: _modify_stat,
        PutCounters: _put_counters,
        Tap: _rest_or_wake,
        Untap: _rest_or_wake,
        Counter: _negate,
    }
)
