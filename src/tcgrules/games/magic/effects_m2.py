"""Magic's handlers for counters, control, tap/untap, attach and regeneration.

:data:`M2_EFFECTS` (effect node type -> handler) is merged into
:data:`~tcgrules.games.magic.effects.EFFECTS`. Also here: the regeneration shield
(mtg:701.15a) that destruction consults, and untapping as stun counters allow it
(mtg:122.1d). Goad and detain have no handler: resolving them says "not supported".
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from types import MappingProxyType

from tcgrules.cardtext.nodes import (
    Attach,
    DistributeCounters,
    DoubleCounters,
    ExchangeControl,
    GainControl,
    MoveCounter,
    PutCountersOf,
    Regenerate,
    RemoveCounters,
    TapOrUntap,
)
from tcgrules.errors import NotSupportedError, RulesViolation, UnknownObjectError
from tcgrules.games.magic.attachments import aura_problem, equipment_problem
from tcgrules.kernel.effects import ChangeControl, ContinuousEffect, Duration, GrantAbilities
from tcgrules.kernel.events import Event
from tcgrules.kernel.game import Game
from tcgrules.kernel.objects import Entity, GameObject, ObjectRef, PlayerRef
from tcgrules.kernel.resolution import Resolution
from tcgrules.kernel.ruleset import EffectHandler
from tcgrules.rules import rule
from tcgrules.verdict import Verdict


@dataclass(frozen=True, slots=True)
class RegenerationShield:
    """What "Regenerate [permanent]" leaves on it until the turn ends: a replacement
    effect for its next destruction this turn (mtg:701.15a). Carried as a granted
    marker so it belongs to this object only (a new object has none, mtg:400.7)."""

    text: str = "regeneration shield"


# ------------------------------------------------------------------ control
@dataclass(frozen=True, slots=True)
class ControlWhileSourceControlled(ChangeControl):
    """Control "for as long as you control ~": a layer-2 control change (mtg:613.1b)
    that lasts while ``player`` controls ``source`` on the battlefield (mtg:611.2b);
    ``anyone``: while ``source`` is on the battlefield, whoever controls it ("for as long
    as ~ remains on the battlefield")."""

    source: ObjectRef
    anyone: bool = False
    #: also only while ``source`` stays tapped ("... remains tapped")
    tapped: bool = False


def _control_lasts(game: Game, op: ControlWhileSourceControlled) -> bool:
    """Whether the "for as long as" duration of ``op`` still holds (mtg:611.2b)."""
    src = op.source
    return (
        game.is_current(src)
        and game.get(src).zone.name == "battlefield"
        and (op.anyone or game.controller(src) == op.player)
        and (not op.tapped or game.get(src).tapped)
    )


def end_lapsed_control(game: Game) -> bool:
    """End each "for as long as you control ~" control effect whose player no longer
    controls its source (it left the battlefield, or changed control): the duration is
    over (mtg:611.2b). tcgrules looks whenever the game checks its state, which it does
    after every action, before anyone could act. True if one ended."""
    ended: list[tuple[int, ObjectRef, ControlWhileSourceControlled]] = []
    for e in game.all_effects():
        op = e.op
        if not isinstance(op, ControlWhileSourceControlled):
            continue
        if _control_lasts(game, op):
            continue
        ended.append((e.id, e.affected, op))
    if not ended:
        return False
    game.remove_effects([i for i, _, _ in ended])
    for _, affected, op in ended:
        game.log(
            Event(
                "control_effect_ended",
                (
                    f"{game.describe(op.source)} is no longer tapped"
                    if op.tapped
                    and game.is_current(op.source)
                    and game.get(op.source).zone.name == "battlefield"
                    and not game.get(op.source).tapped
                    else f"{game.describe(op.source)} has left the battlefield"
                    if op.anyone
                    else f"{op.player} no longer controls {game.describe(op.source)}"
                )
                + f": control of {game.describe(affected)} from that effect ends",
                rule("mtg:611.2b"),
                affected if game.is_current(affected) else None,
            )
        )
    return True


def _gain_control(run: Resolution, effect: GainControl) -> None:
    """The controller of the spell or ability controls the object: a control-changing
    effect applied in layer 2 (mtg:613.1b) that lasts as the text says, or the whole
    game when it says nothing (mtg:611.2a); "until end of turn" ends at cleanup."""
    game = run.game
    until: Duration = "end_of_turn" if effect.duration == "end_of_turn" else None
    player = run.controller
    if effect.who is not None:
        players = [p.name for p, _ in run.entities(effect.who) if isinstance(p, PlayerRef)]
        if not players:
            return  # the player was an illegal target: nobody gains control (mtg:608.2b)
        player = players[0]
    op = ChangeControl(player)
    if effect.while_you_control_source or effect.while_source_on_battlefield:
        anyone = effect.while_source_on_battlefield
        source = run.info.source
        tapped = effect.while_source_tapped
        if source is None or not _control_lasts(
            game, ControlWhileSourceControlled(run.controller, source, anyone, tapped)
        ):
            game.log(
                Event(
                    "no_effect",
                    f"{run.obj.label}: its source is not on the battlefield"
                    + ("" if anyone else f" under {run.controller}'s control")
                    + (" and tapped" if tapped else "")
                    + ", so the “for as long as” duration never starts and nothing "
                    "changes control",
                    rule("mtg:611.2b"),
                )
            )
            return
        op = ControlWhileSourceControlled(player, source, anyone, tapped)
    for t, _ in run.objects(effect.what):
        if game.get(t).zone.name not in {"battlefield", "stack"}:
            continue  # only permanents and spells have controllers (mtg:108.4)
        before = game.controller(t)
        game.add_effect(
            t,
            op,
            until=until,
            source=run.obj.ref,
            rule_applied=rule("mtg:613.1b"),
        )
        lasting = (
            " until end of turn"
            if until
            else f" for as long as {game.describe(op.source)} remains on the battlefield"
            if isinstance(op, ControlWhileSourceControlled) and op.anyone
            else f" for as long as {player} controls {game.describe(op.source)}"
            if isinstance(op, ControlWhileSourceControlled)
            else " (no duration: for the rest of the game)"
        ) + (
            " and it stays tapped"
            if isinstance(op, ControlWhileSourceControlled) and op.tapped
            else ""
        )
        game.log(
            Event(
                "control_changed",
                f"{player} gains control of {game.describe(t)} from {before}{lasting}",
                rule(
                    "mtg:613.1b"
                    if until
                    else "mtg:611.2b"
                    if isinstance(op, ControlWhileSourceControlled)
                    else "mtg:611.2a"
                ),
                t,
                data=MappingProxyType({"player": player}),
            )
        )


def _exchange_control(run: Resolution, effect: ExchangeControl) -> None:
    """Exchange control of two permanents (mtg:701.10b): each of their controllers gains
    control of the other's, with no end. If one of them is gone or an illegal target,
    the whole exchange can't be completed, so none of it happens (mtg:701.10a); two
    permanents with the same controller don't change control (mtg:701.10b)."""
    game = run.game
    found: list[ObjectRef] = []
    for ref in (effect.first, effect.second):
        for t, _ in run.objects(ref):
            if t not in found and game.get(t).zone.name == "battlefield":
                found.append(t)
    if len(found) != 2:
        game.log(
            Event(
                "no_exchange",
                f"the exchange of control by {run.obj.label} can't be completed: "
                "one of the two permanents is gone or an illegal target, so nothing happens",
                rule("mtg:701.10a"),
            )
        )
        return
    first, second = found
    owners = (game.controller(first), game.controller(second))
    if owners[0] == owners[1] or owners[0] is None or owners[1] is None:
        game.log(
            Event(
                "no_exchange",
                f"{game.describe(first)} and {game.describe(second)} have the same "
                "controller: their control doesn't change",
                rule("mtg:701.10b"),
                first,
            )
        )
        return
    for t, player in ((first, owners[1]), (second, owners[0])):
        game.add_effect(
            t, ChangeControl(player), source=run.obj.ref, rule_applied=rule("mtg:701.10b")
        )
        game.log(
            Event(
                "control_changed",
                f"{player} gains control of {game.describe(t)} in the exchange",
                rule("mtg:701.10b"),
                t,
                data=MappingProxyType({"player": player}),
            )
        )


# ------------------------------------------------------------------ tap and untap
def untap(game: Game, ref: ObjectRef, number: str = "mtg:701.21b") -> None:
    """Untap a permanent (by rule ``number``: an effect's untap, mtg:701.21b, or the
    untap step's, mtg:502.3); with a stun counter on it, one stun counter is removed
    instead and it stays tapped (mtg:122.1d)."""
    obj = game.get(ref)
    if not obj.tapped:
        return
    if obj.counters.get("stun", 0) > 0:
        game.log(
            Event(
                "untap_replaced",
                f"{obj.label} has a stun counter: instead of untapping, it loses one",
                rule("mtg:122.1d"),
                ref,
            )
        )
        game.add_counters(ref, "stun", -1, rule_applied=rule("mtg:122.1d"))
        return
    game.set_tapped(ref, False, rule_applied=rule(number))


def _tap_or_untap(run: Resolution, effect: TapOrUntap) -> None:
    """ "Tap or untap target permanent": its controller chooses which as it resolves
    (the scenario's ``choose: {option: tap}`` or ``untap``); no choice refuses the
    resolution, leaving the game unchanged."""
    game = run.game
    choice = run.choices.option
    if choice not in {"tap", "untap"}:
        raise RulesViolation(
            Verdict.refuse(
                rule("mtg:701.21a"),
                f"{run.obj.label} has {run.controller} choose to tap or to untap as it "
                f"resolves: give choose: {{option: tap}} or {{option: untap}} "
                f"(given: {choice!r})",
            ),
            "resolve",
        )
    for t, _ in run.objects(effect.what):
        game.log(
            Event(
                "chosen",
                f"{run.controller} chooses to {choice} {game.describe(t)}",
                rule("mtg:701.21a" if choice == "tap" else "mtg:701.21b"),
                t,
            )
        )
        if choice == "tap":
            game.set_tapped(t, True, rule_applied=rule("mtg:701.21a"))
        else:
            untap(game, t)


# ------------------------------------------------------------------ attach
def _attach(run: Resolution, effect: Attach) -> None:
    """Attach an Aura or Equipment to an object (mtg:701.3a). It doesn't move if it
    can't legally be attached there, and an object that is none of Aura, Equipment or
    Fortification isn't attached at all (mtg:701.3b); attaching it to what it is
    already attached to does nothing (mtg:701.3b), otherwise it gets a new timestamp
    (mtg:701.3c, done by the game as it attaches)."""
    game = run.game
    hosts = [t for t, _ in run.entities(effect.to)]
    for mover, _ in run.objects(effect.what):
        obj = game.get(mover)
        if obj.zone.name != "battlefield":
            continue
        for host in hosts[:1]:
            attach_if_legal(game, mover, host)


def attach_if_legal(game: Game, mover: ObjectRef, host: Entity) -> bool:
    """Attach ``mover`` to ``host`` if it is an Aura, Equipment or Fortification that may
    legally be attached there and isn't already (mtg:701.3a); otherwise say why it
    doesn't move (mtg:701.3b). True if it was attached."""
    obj = game.get(mover)
    chars = game.characteristics(mover)
    label, name = game.describe(mover), game.describe(host)
    why: str | None = None
    if not ({"aura", "equipment", "fortification"} & chars.subtypes):
        why = f"{label} is not an Aura, Equipment or Fortification"
    elif obj.attached_to == host:
        why = f"{label} is already attached to {name}"
    else:
        moved = replace(obj, attached_to=host)
        check = aura_problem if "aura" in chars.subtypes else equipment_problem
        problem = check(game, moved, chars)
        if problem is not None:
            why = f"{label} can't be attached to {name}: {problem.why}"
    if why is not None:
        game.log(Event("not_attached", why, rule("mtg:701.3b"), mover))
        return False
    game.attach(mover, host, rule_applied=rule("mtg:701.3a"))
    return True


# ------------------------------------------------------------------ regeneration
def _regenerate(run: Resolution, effect: Regenerate) -> None:
    """Give each permanent a regeneration shield for this turn (mtg:701.15a)."""
    game = run.game
    for t, _ in run.objects(effect.what):
        if game.get(t).zone.name != "battlefield":
            continue
        game.add_effect(
            t,
            GrantAbilities((RegenerationShield(),)),
            until="end_of_turn",
            source=run.obj.ref,
            rule_applied=rule("mtg:701.15a"),
            describe="gets a regeneration shield until end of turn",
        )


def _regeneration_shields(game: Game, ref: ObjectRef) -> list[ContinuousEffect]:
    return [
        e
        for e in game.effects_on(ref)
        if isinstance(e.op, GrantAbilities)
        and any(isinstance(a, RegenerationShield) for a in e.op.abilities)
    ]


def regenerated(game: Game, ref: ObjectRef) -> bool:
    """If ``ref`` has a regeneration shield, use it up instead of destroying it: all its
    damage is removed, it is tapped and removed from combat (mtg:701.15a); True then.
    The caller has checked that the destruction may be regenerated (mtg:701.15c)."""
    shields = _regeneration_shields(game, ref)
    if not shields:
        return False
    label = game.describe(ref)
    game.remove_effects([shields[0].id])
    game.log(
        Event(
            "regenerated",
            f"{label} would be destroyed: its regeneration shield is used instead; its "
            "damage is removed and it is tapped (tcgrules plays no Magic combat, so there "
            "is none to remove it from)",
            rule("mtg:701.15a"),
            ref,
        )
    )
    game.set_damage(ref, 0, rule_applied=rule("mtg:701.15a"))
    game.set_tapped(ref, True, rule_applied=rule("mtg:701.15a"))
    return True


def shielded(game: Game, ref: ObjectRef, *, regenerable: bool) -> bool:
    """Destruction by an effect of a permanent with a shield counter: one shield
    counter is removed instead (mtg:122.1c); True then. If a regeneration shield could
    replace the same destruction, its controller would choose which applies
    (mtg:616.1e): tcgrules doesn't take that choice yet."""
    if game.get(ref).counters.get("shield", 0) < 1:
        return False
    if regenerable and _regeneration_shields(game, ref):
        raise NotSupportedError(
            "choosing between a shield counter and a regeneration shield (mtg:616.1e)"
        )
    game.log(
        Event(
            "destruction_replaced",
            f"{game.describe(ref)} would be destroyed: a shield counter is removed instead",
            rule("mtg:122.1c"),
            ref,
        )
    )
    game.add_counters(ref, "shield", -1, rule_applied=rule("mtg:122.1c"))
    return True


def damage_shielded(game: Game, ref: ObjectRef, amount: int, source: str) -> bool:
    """Damage to a permanent with a shield counter is prevented and one shield counter
    removed (mtg:122.1c); True then."""
    if amount <= 0 or game.get(ref).counters.get("shield", 0) < 1:
        return False
    game.log(
        Event(
            "damage_prevented",
            f"{amount} damage from {source} to {game.describe(ref)} is prevented: a shield "
            "counter is removed instead",
            rule("mtg:122.1c"),
            ref,
        )
    )
    game.add_counters(ref, "shield", -1, rule_applied=rule("mtg:122.1c"))
    return True


# ------------------------------------------------------------------ counters
def _distribute_counters(run: Resolution, effect: DistributeCounters) -> None:
    """Each target gets the share of the counters announced for it as the spell was
    cast (mtg:601.2d); a target that became illegal gets nothing (mtg:608.2b)."""
    game = run.game
    total = run.amount(effect.total)
    for t, share in run.entities(effect.what):
        if not (isinstance(t, ObjectRef) and game.is_current(t)):
            continue
        if game.get(t).zone.name != "battlefield":
            continue
        count = share if share is not None else total
        if count > 0:
            game.add_counters(t, effect.kind, count, rule_applied=rule("mtg:601.2d"))


def _remove_counters(run: Resolution, effect: RemoveCounters) -> None:
    """Remove counters from each object: no more than it has (mtg:122.1). "A counter"
    of no stated kind: the controller chooses the kind (``choose: {option: KIND}``)
    when the object has more than one kind; "all counters" removes every kind."""
    game = run.game
    wanted = None if effect.count is None else run.amount(effect.count)
    for t, _ in run.objects(effect.what):
        counters = dict(game.get(t).counters)
        if effect.kind is not None:
            kinds = [effect.kind] if counters.get(effect.kind) else []
        elif wanted is None:
            kinds = sorted(counters)
        elif len(counters) > 1:
            choice = run.choices.option
            if choice not in counters:
                raise RulesViolation(
                    Verdict.refuse(
                        rule("mtg:122.1"),
                        f"{game.describe(t)} has counters of several kinds "
                        f"({', '.join(sorted(counters))}): choose one with "
                        f"choose: {{option: KIND}} (given: {choice!r})",
                    ),
                    "resolve",
                )
            kinds = [choice]
        else:
            kinds = list(counters)
        if not kinds:
            game.log(
                Event(
                    "no_effect",
                    f"{game.describe(t)} has no such counters to remove",
                    rule("mtg:122.1"),
                    t,
                )
            )
        for kind in kinds:
            have = counters[kind]
            count = have if wanted is None else min(have, wanted)
            if count > 0:
                game.add_counters(t, kind, -count, rule_applied=rule("mtg:122.1"))


def _double_counters(run: Resolution, effect: DoubleCounters) -> None:
    """Double the number of counters of a kind (or of each kind) on each object: it
    gets as many more of them as it has (mtg:701.9e)."""
    game = run.game
    for t, _ in run.objects(effect.what):
        if game.get(t).zone.name != "battlefield":
            continue
        counters = dict(game.get(t).counters)
        kinds = [effect.kind] if effect.kind is not None else sorted(counters)
        for kind in kinds:
            have = counters.get(kind, 0)
            if have > 0:
                game.add_counters(t, kind, have, rule_applied=rule("mtg:701.9e"))


def _put_counters_of(run: Resolution, effect: PutCountersOf) -> None:
    """ "Put its counters on target creature you control" after the object left the
    battlefield: each target gets as many counters of each kind as the object had as
    it last existed; no counter is moved (mtg:122.8)."""
    game = run.game
    had: dict[str, int] = {}
    for src, _ in run.entities(effect.source):
        if isinstance(src, ObjectRef):
            seen = _on_battlefield_last(game, src)
            for kind, count in seen.counters.items():
                if effect.kind in {None, kind}:
                    had[kind] = had.get(kind, 0) + count
    for t, _ in run.objects(effect.what):
        if game.get(t).zone.name != "battlefield":
            continue
        if not had:
            game.log(Event("no_effect", "it had no counters to copy", rule("mtg:122.8"), t))
        for kind, count in sorted(had.items()):
            if count > 0:
                game.add_counters(t, kind, count, rule_applied=rule("mtg:122.8"))


def _on_battlefield_last(game: Game, ref: ObjectRef) -> GameObject:
    """The object as it last existed on the battlefield: a leaves-the-battlefield
    ability looks back at it there (mtg:603.10a). When ``ref`` is the card it became in
    its new zone, that is the incarnation before it."""
    seen = game.get(ref) if game.is_current(ref) else game.last_known(ref).object
    if seen.zone.name != "battlefield" and ref.incarnation > 1:
        try:
            before = game.last_known(ObjectRef(ref.id, ref.incarnation - 1)).object
        except UnknownObjectError:
            return seen
        if before.zone.name == "battlefield":
            return before
    return seen


def _move_counter(run: Resolution, effect: MoveCounter) -> None:
    """Move one counter: remove it from the first object and put it onto the second. If
    either part is impossible (one object gone or an illegal target, both the same
    object, no such counter on the first), no counter moves (mtg:122.5). A counter of
    no stated kind: the controller names the kind (``choose: {option: KIND}``) when the
    first object has several."""
    game = run.game
    sources = [t for t, _ in run.objects(effect.source)]
    hosts = [t for t, _ in run.objects(effect.what)]
    src = sources[0] if sources else None
    dst = hosts[0] if hosts else None
    counters = dict(game.get(src).counters) if src is not None else {}
    kind = effect.kind
    if kind is None and len(counters) > 1:
        kind = run.choices.option
        if kind not in counters:
            raise RulesViolation(
                Verdict.refuse(
                    rule("mtg:122.5"),
                    f"{game.describe(src) if src else 'it'} has counters of several kinds "
                    f"({', '.join(sorted(counters))}): choose one with "
                    f"choose: {{option: KIND}} (given: {kind!r})",
                ),
                "resolve",
            )
    elif kind is None:
        kind = next(iter(counters), None)
    why = None
    if src is None or dst is None:
        why = "one of the two objects is gone or an illegal target"
    elif src == dst:
        why = "it would move onto the object it is on"
    elif kind is None or counters.get(kind, 0) < 1:
        why = f"{game.describe(src)} has no such counter"
    elif {game.get(src).zone.name, game.get(dst).zone.name} != {"battlefield"}:
        why = "one of the two objects is not on the battlefield"
    if why is not None or src is None or dst is None or kind is None:
        game.log(Event("no_move", f"no counter moves: {why}", rule("mtg:122.5")))
        return
    game.add_counters(src, kind, -1, rule_applied=rule("mtg:122.5"))
    game.add_counters(dst, kind, 1, rule_applied=rule("mtg:122.5"))


#: Effect node type -> handler, merged into Magic's table
M2_EFFECTS: Mapping[type, EffectHandler] = MappingProxyType(
    {
        GainControl: _gain_control,
        ExchangeControl: _exchange_control,
        DoubleCounters: _double_counters,
        PutCountersOf: _put_counters_of,
        MoveCounter: _move_counter,
        TapOrUntap: _tap_or_untap,
        Attach: _attach,
        Regenerate: _regenerate,
        DistributeCounters: _distribute_counters,
        RemoveCounters: _remove_counters,
    }
)
