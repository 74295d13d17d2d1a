"""Combat, for every game: declaring an attack, declaring defenders, the damage step.

``attack`` judges each attack target with the ruleset's
:meth:`~tcgrules.kernel.ruleset.Ruleset.attack_target_reasons` (Flesh and Blood: an
attackable object an opponent controls, fab:1.4.5; Grand Archive: its own rules),
requires the targets to differ (fab:1.4.5c), and records the attack on the game:
the objects the ruleset says are attacking and defending while it lasts, so that
descriptions such as "attacking hero" match them (fab:7.2.4a). The ruleset then
reacts to the attack (:meth:`~tcgrules.kernel.ruleset.Ruleset.attack_declared`:
Flesh and Blood's spectra trigger, fab:8.3.14b).

``defend`` declares cards as defending for one attack target and ``damage_step``
deals the attack's combat damage to each attack target in turn (fab:7.5.2c); what
is legal and what happens are the ruleset's (Flesh and Blood: fab:7.3.2,
fab:7.5.2). ``redirect_attack`` changes one attack target to another under the
ruleset's redirect rules (Grand Archive's redirect and Intercept). Like every action
each is all-or-nothing: a refused action raises a
:class:`~tcgrules.errors.RulesViolation` carrying the verdict.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from tcgrules.errors import InputError, RulesViolation
from tcgrules.kernel.concepts import Concept
from tcgrules.kernel.events import Event
from tcgrules.kernel.game import AttackState, Game
from tcgrules.kernel.objects import Entity, ObjectRef
from tcgrules.verdict import Reason, Verdict


def attack(game: Game, attacker: ObjectRef, by: str, targets: Sequence[Entity]) -> AttackState:
    """``attacker`` attacks ``targets`` under ``by``'s control; returns the recorded attack."""
    rs = game.ruleset
    obj = game.get(attacker)
    game.player(by)
    if not targets:
        raise InputError("an attack needs at least one attack target", expected="target: NAME")
    reasons: list[Reason] = list(rs.attack_reasons(game, attacker, by, tuple(targets)))
    for i, target in enumerate(targets):
        if target in targets[:i]:
            reasons.append(
                Reason(
                    rs.cite(Concept.ATTACK_TARGETS_DISTINCT),
                    f"{game.describe(target)} is already a target of this attack",
                )
            )
            continue
        reasons.extend(rs.attack_target_reasons(game, attacker, by, target))
    verdict = Verdict.of(reasons)
    if not verdict:
        raise RulesViolation(verdict, f"attack with {obj.label}")
    attacker = rs.place_attack(game, attacker, by)
    attacking, defending = rs.attack_participants(game, attacker, by, tuple(targets))
    declared = AttackState(attacker, by, tuple(targets), attacking, defending, game.turn)
    state = rs.join_attack(game, game.attack, declared)
    game.set_attack(state)
    names = ", ".join(game.describe(t) for t in targets)
    game.log(Event("attack", f"{obj.label} attacks {names}", rs.cite(Concept.ATTACK), attacker))
    for oid in sorted(attacking):
        said, cited = rs.attacking_said(game, attacker, oid)
        game.log(Event("attacking", said, cited, game.current(oid).ref))
    rs.attack_declared(game, state)
    return state


def defend(
    game: Game, by: str, cards: Sequence[ObjectRef], target: Entity | None = None
) -> AttackState:
    """``by`` declares ``cards`` as defending for the attack target ``target`` of the
    current attack; returns the attack with its new defenders.

    ``target`` may be left out when the attack has one target, or when ``by`` controls
    exactly one of its targets; otherwise it is an input error to leave it out.
    """
    rs = game.ruleset
    game.player(by)
    if not cards:
        raise InputError("declare at least one card as defending", expected="defend: [CARD, ...]")
    state = game.attack
    chosen = target if target is not None or state is None else _target_for(game, state, by)
    verdict = Verdict.of(rs.defend_reasons(game, state, by, tuple(cards), chosen))
    names = ", ".join(game.describe(c) for c in cards)
    if not verdict:
        raise RulesViolation(verdict, f"defend with {names}")
    if state is None or chosen is None:
        raise InputError(f"{type(rs).__name__}.defend_reasons allowed defending with no attack")
    new = rs.declare_defenders(game, state, by, tuple(cards), chosen)
    game.set_attack(new)
    return new


def redirect_attack(
    game: Game, by: str, old: Entity | None, new: Entity, *, keyword: str | None = None
) -> AttackState:
    """``by`` changes the attack target ``old`` of the current attack to ``new`` (with the
    ability ``keyword``, if one does it); returns the attack with its new targets.

    ``old`` may be left out when the attack has one target. What is legal is the
    ruleset's (Grand Archive: ga:objects-and-targeting/redirect-1..3, Intercept); the
    objects attacking and defending are worked out again for the new targets.
    """
    rs = game.ruleset
    game.player(by)
    state = game.attack
    if old is None and state is not None:
        if len(state.targets) != 1:
            names = ", ".join(game.describe(t) for t in state.targets)
            raise InputError(
                f"the attack has several attack targets ({names}); say which one changes",
                expected="from: NAME",
            )
        old = state.targets[0]
    verdict = Verdict.of(
        rs.redirect_attack_reasons(
            game, state, by, old if old is not None else new, new, keyword=keyword
        )
    )
    if not verdict:
        raise RulesViolation(verdict, f"redirect the attack to {game.describe(new)}")
    if state is None or old is None:
        raise InputError(f"{type(rs).__name__}.redirect_attack_reasons allowed it with no attack")
    targets = tuple(new if t == old else t for t in state.targets)
    attacking, defending = rs.attack_participants(game, state.attacker, state.controller, targets)
    redirected = replace(state, targets=targets, attacking=attacking, defending=defending)
    game.set_attack(redirected)
    how = f" by {keyword}" if keyword else ""
    game.log(
        Event(
            "attack_redirected",
            f"the attack on {game.describe(old)} is redirected{how} to {game.describe(new)}",
            rs.cite(Concept.CHANGE_TARGETS),
            new if isinstance(new, ObjectRef) else None,
        )
    )
    return redirected


def _target_for(game: Game, state: AttackState, by: str) -> Entity:
    """The attack target a declaration is for when none is named: the attack's only
    target, else the only one ``by`` controls."""
    if len(state.targets) == 1:
        return state.targets[0]
    own = [
        t
        for t in state.targets
        if isinstance(t, ObjectRef) and game.is_current(t) and game.controller(t) == by
    ]
    if len(own) == 1:
        return own[0]
    names = ", ".join(game.describe(t) for t in state.targets)
    raise InputError(
        f"the attack has several attack targets ({names}); say which one {by} defends",
        expected="target: NAME",
    )


def damage_step(game: Game) -> AttackState:
    """The damage step of the current attack: the ruleset calculates and deals its combat
    damage to each attack target, separately and in the order they were declared
    (fab:7.5.2c); returns the attack, marked as having dealt its damage."""
    rs = game.ruleset
    state = game.attack
    verdict = Verdict.of(rs.damage_step_reasons(game, state))
    if not verdict:
        raise RulesViolation(verdict, "the damage step")
    if state is None:
        raise InputError(f"{type(rs).__name__}.damage_step_reasons allowed it with no attack")
    for target in state.targets:
        rs.combat_damage(game, state, target)
    # the game's rules may have ended the attack meanwhile (a target left, the combat closed)
    now = game.attack
    if now is not None:
        now = replace(now, damage_dealt=True)
        game.set_attack(now)
    return now if now is not None else replace(state, damage_dealt=True)


__all__ = ["attack", "damage_step", "defend", "redirect_attack"]
