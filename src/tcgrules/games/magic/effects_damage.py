"""Magic's damage shields: prevention (mtg:615) and redirection (mtg:614.9).

A resolving "Prevent the next 3 damage that would be dealt to any target this turn"
or "The next 2 damage that would be dealt to ~ this turn is dealt to target creature
instead" leaves a :class:`~tcgrules.kernel.effects.Shield` on the object or player it
guards. :func:`shield_damage` is what the damage path consults before damage is dealt
(mtg:120.4b): it applies the waiting shields and says where what is left of the
damage goes. Shields that say "this turn" end at cleanup with the turn (mtg:514.2).
When several apply, tcgrules applies them in timestamp order (the affected player
would choose, mtg:616.1).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from types import MappingProxyType

from tcgrules.cardtext.nodes import Chosen, PreventDamage, RedirectDamage
from tcgrules.kernel import descriptors as d
from tcgrules.kernel.characteristics import Characteristics
from tcgrules.kernel.effects import Duration, Shield
from tcgrules.kernel.events import Event
from tcgrules.kernel.game import Game
from tcgrules.kernel.objects import Entity, ObjectRef, PlayerRef
from tcgrules.kernel.resolution import Resolution
from tcgrules.kernel.ruleset import EffectHandler
from tcgrules.rules import rule

#: what damage can be dealt to besides players (mtg:120.1a)
DAMAGEABLE = frozenset({"creature", "planeswalker", "battle"})


@dataclass(frozen=True, slots=True)
class PreventionShield:
    """What a prevention shield still does (mtg:615.1): prevent ``left`` more damage
    (mtg:615.7) or, with None, all of it; to its object or player, by it as a source,
    or both; combat damage only or any."""

    left: int | None
    dealt_to: bool
    dealt_by: bool
    combat_only: bool
    text: str
    #: only damage from this source, and only its next instance (mtg:615.8)
    source: ObjectRef | None = None
    #: what it also does each time it prevents damage, right afterwards (mtg:615.5)
    then: tuple[AfterPrevention, ...] = ()


@dataclass(frozen=True, slots=True)
class AfterPrevention:
    """ "If damage is prevented this way, ~ deals that much damage to [recipient]": the
    source (as it was when the instructions resolved), its controller and the recipient
    named then; it deals as much damage as the shield prevented (mtg:615.5)."""

    source: Characteristics
    label: str
    source_ref: ObjectRef | None
    controller: str
    to: Entity


@dataclass(frozen=True, slots=True)
class RedirectionShield:
    """What a redirection shield still does (mtg:614.9): the next ``left`` damage to
    its object or player is dealt to ``to`` instead; with ``source``, the next instance
    of damage from that source, whole (``left`` None; as a shield does, mtg:615.8)."""

    left: int | None
    to: Entity
    text: str
    source: ObjectRef | None = None
    #: with ``left`` None: used up by one instance of damage (from ``source`` if set);
    #: else all such damage this turn
    once: bool = True
    #: only combat damage (mtg:510.2)
    combat_only: bool = False


# ------------------------------------------------------------------ the handlers
def _duration(value: str | None) -> Duration:
    """ "this turn" ends in the cleanup step (mtg:514.2); "until your next turn" as the
    controller's next turn begins (mtg:611.2a); otherwise until used up."""
    if value == "your_next_turn":
        return "until_next_turn"
    return "end_of_turn" if value == "end_of_turn" else None


def _prevent(run: Resolution, effect: PreventDamage) -> None:
    """Each object or player named gets its own shield (mtg:615.11); one "next N"
    shield is used up as it prevents (mtg:615.7)."""
    game = run.game
    left = None if effect.amount is None else run.amount(effect.amount)
    if left is not None and left <= 0:
        return
    which = "combat damage" if effect.combat_only else "damage"
    how = " and ".join(
        w for w, on in (("dealt to", effect.dealt_to), ("dealt by", effect.dealt_by)) if on
    )
    until = _duration(effect.duration)
    source = _chosen_source(run) if effect.chosen_source else None
    for entity, share in run.entities(effect.on):
        if isinstance(entity, ObjectRef) and not game.is_current(entity):
            continue
        amount = share if share is not None and left is not None else left
        head = "all" if amount is None else f"the next {amount}"
        lasts = f" until {run.controller}'s next turn" if until == "until_next_turn" else ""
        text = f"prevent {head} {which} {how} {game.describe(entity)}" + (
            lasts or (" this turn" if until else "")
        )
        number = "mtg:615.7" if amount is not None else "mtg:615.1"
        if source is not None:
            text = (
                f"prevent the damage the next time {game.describe(source)} would deal damage "
                f"to {game.describe(entity)}" + (" this turn" if until else "")
            )
            number = "mtg:615.8"
        game.add_shield(
            entity,
            PreventionShield(
                amount, effect.dealt_to, effect.dealt_by, effect.combat_only, text, source
            ),
            until=until,
            source=run.obj.ref,
            rule_applied=rule(number),
            describe=f"{run.obj.label}: {text} (a prevention shield)",
            holder=run.controller if until == "until_next_turn" else None,
        )


#: what a player may choose as a source of damage (mtg:609.7a): a permanent or a spell
_A_SOURCE = Chosen(
    d.AnyOf((d.IsPermanent(), d.AllOf((d.IsSpell(), d.InZone("stack"))))),
    text="a source of your choice (a permanent or a spell)",
)


def _chosen_source(run: Resolution) -> ObjectRef:
    """The source the controller chooses as the effect happens (mtg:609.7a); the
    scenario's ``choose: {chosen: [...]}``."""
    (picked,) = run.chosen(_A_SOURCE)
    assert isinstance(picked, ObjectRef)  # the description matches objects only
    return picked


def _redirect(run: Resolution, effect: RedirectDamage) -> None:
    """The shield waits on what the damage would be dealt to (mtg:614.9)."""
    game = run.game
    left = None if effect.amount is None else run.amount(effect.amount)
    found = [t for t, _ in run.entities(effect.to)]
    if (left is not None and left <= 0) or not found:
        return
    to = found[0]
    until = _duration(effect.duration)
    source = _chosen_source(run) if effect.chosen_source else None
    for entity, _ in run.entities(effect.what):
        if isinstance(entity, ObjectRef) and not game.is_current(entity):
            continue
        what = (
            f"the next {left} damage that would be dealt to {game.describe(entity)}"
            if source is None and left is not None
            else f"the next time damage would be dealt to {game.describe(entity)}"
            if source is None
            else f"the next time {game.describe(source)} would deal damage to "
            f"{game.describe(entity)}"
        )
        text = (
            what
            + (" this turn" if until else "")
            + (", that damage" if source is not None or left is None else "")
            + f" is dealt to {game.describe(to)} instead"
        )
        game.add_shield(
            entity,
            RedirectionShield(left, to, text, source),
            until=until,
            source=run.obj.ref,
            rule_applied=rule("mtg:614.9"),
            describe=f"{run.obj.label}: {text} (a redirection effect)",
            holder=run.controller if until == "until_next_turn" else None,
        )


#: Effect node type -> handler, merged into Magic's effect table
DAMAGE_EFFECTS: Mapping[type, EffectHandler] = MappingProxyType(
    {PreventDamage: _prevent, RedirectDamage: _redirect}
)


# ------------------------------------------------------------------- the rules
def _can_be_dealt_damage(game: Game, entity: Entity) -> bool:
    """A player in the game, or a creature, planeswalker or battle on the battlefield
    (mtg:120.1a, mtg:614.9)."""
    if isinstance(entity, PlayerRef):
        return not game.player(entity.name).lost
    if not game.is_current(entity) or game.get(entity).zone.name != "battlefield":
        return False
    return bool(game.characteristics(entity).types & DAMAGEABLE)


def shield_damage(
    game: Game,
    source_label: str,
    source_ref: ObjectRef | None,
    recipient: Entity,
    amount: int,
    *,
    combat: bool = False,
    applied: frozenset[int] = frozenset(),
    after: list[tuple[AfterPrevention, int]] | None = None,
) -> list[tuple[Entity, int, frozenset[int]]]:
    """Apply the shields waiting for this damage (mtg:120.4b): redirection first moves
    some of it to another recipient (mtg:614.9), then prevention shields on the
    recipient (damage dealt to it) and on the source (damage dealt by it) prevent what
    they can (mtg:615.6, mtg:615.7). Returns where damage is still to be dealt: (the
    recipient, how much, the shields already applied to that damage, which don't apply
    to it again, mtg:614.5). What a shield also does as it prevents is added to
    ``after``, with the amount it prevented, for the caller to do once the damage event
    is over (mtg:615.5)."""
    out: list[tuple[Entity, int, frozenset[int]]] = []
    for shield in game.shields(recipient):
        what = shield.what
        if amount <= 0 or shield.id in applied or not isinstance(what, RedirectionShield):
            continue
        if not _can_be_dealt_damage(game, what.to):
            game.log(
                Event(
                    "no_effect",
                    f"{what.text}: {game.describe(what.to)} can't be dealt damage now, "
                    "so the redirection does nothing",
                    rule("mtg:614.9"),
                    recipient if isinstance(recipient, ObjectRef) else None,
                )
            )
            continue
        if what.source is not None and what.source != source_ref:
            continue  # only damage from the chosen source
        if what.combat_only and not combat:
            continue
        moved = amount if what.left is None else min(what.left, amount)
        amount -= moved
        _use(game, shield, what, moved)
        if what.left is None and what.once:
            game.change_shield(shield.id, None)  # one instance only
        game.log(
            Event(
                "damage_redirected",
                f"{moved} damage from {source_label} that would be dealt to "
                f"{game.describe(recipient)} is dealt to {game.describe(what.to)} instead",
                rule("mtg:614.9"),
                what.to if isinstance(what.to, ObjectRef) else None,
                player=what.to.name if isinstance(what.to, PlayerRef) else None,
                data=MappingProxyType({"amount": moved}),
            )
        )
        out.append((what.to, moved, applied | {shield.id}))
    guarding = [s for s in game.shields(recipient) if _guards(s, to=True, combat=combat)]
    if source_ref is not None:
        guarding += [s for s in game.shields(source_ref) if _guards(s, to=False, combat=combat)]
    unique = {s.id: s for s in guarding}  # a shield on a creature dealing itself damage
    for shield in sorted(unique.values(), key=lambda s: s.timestamp):
        what = shield.what
        if amount <= 0 or shield.id in applied or not isinstance(what, PreventionShield):
            continue
        if what.source is not None and what.source != source_ref:
            continue  # a shield against one source only (mtg:615.8)
        prevented = amount if what.left is None else min(what.left, amount)
        amount -= prevented
        _use(game, shield, what, prevented)
        left = "" if what.left is None else f"; {what.left - prevented} left on the shield"
        number = "mtg:615.7" if what.left is not None else "mtg:615.6"
        if what.source is not None:
            game.change_shield(shield.id, None)  # one instance only (mtg:615.8)
            left, number = "; the shield is used up", "mtg:615.8"
        game.log(
            Event(
                "damage_prevented",
                f"{prevented} damage from {source_label} to {game.describe(recipient)} is "
                f"prevented ({what.text}{left})",
                rule(number),
                recipient if isinstance(recipient, ObjectRef) else None,
                player=recipient.name if isinstance(recipient, PlayerRef) else None,
                data=MappingProxyType({"amount": prevented}),
            )
        )
        if after is not None and prevented > 0:
            after.extend((then, prevented) for then in what.then)
    if amount > 0:
        out.insert(0, (recipient, amount, applied))
    return out


def _guards(shield: Shield, *, to: bool, combat: bool) -> bool:
    what = shield.what
    return (
        isinstance(what, PreventionShield)
        and (what.dealt_to if to else what.dealt_by)
        and (combat or not what.combat_only)
    )


def _use(game: Game, shield: Shield, what: PreventionShield | RedirectionShield, used: int) -> None:
    """Reduce a "next N" shield by what it just did; at 0 it is used up (mtg:615.7)."""
    if what.left is None:
        return
    left = what.left - used
    game.change_shield(shield.id, replace(what, left=left) if left > 0 else None)
