"""Declaring an attack, for every game: the attacker, its attack targets, and who attacks.

``attack`` judges each attack target with the ruleset's
:meth:`~tcgrules.kernel.ruleset.Ruleset.attack_target_reasons` (Flesh and Blood: an
attackable object an opponent controls, fab:1.4.5; Grand Archive: its own rules),
requires the targets to differ (fab:1.4.5c), and records the attack on the game:
the objects the ruleset says are attacking and defending while it lasts, so that
descriptions such as "attacking hero" match them (fab:7.2.4a). It deals no damage.
Like every action it is all-or-nothing: a refused declaration raises a
:class:`~tcgrules.errors.RulesViolation` carrying the verdict.
"""

from __future__ import annotations

from collections.abc import Sequence

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
    reasons: list[Reason] = []
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
    state = AttackState(attacker, by, tuple(targets), attacking, defending, game.turn)
    game.set_attack(state)
    names = ", ".join(game.describe(t) for t in targets)
    game.log(Event("attack", f"{obj.label} attacks {names}", rs.cite(Concept.ATTACK), attacker))
    for oid in sorted(attacking):
        game.log(
            Event(
                "attacking",
                f"{game.current(oid).label} is attacking",
                rs.cite(Concept.ATTACKING),
                game.current(oid).ref,
            )
        )
    return state


__all__ = ["attack"]
