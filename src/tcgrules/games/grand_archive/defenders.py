"""A defender that becomes an illegal attack target stops defending.

ga:combat-phase-attacking-and-the-combat-phase/general-rules-4.2: as a state-based
effect, a defending object that is no longer a legal or valid target of the ongoing
attack loses the defending role. Gaining Stealth while targeted is the rules' own
case (ga:keywords-and-abilities/stealth-3): the target is then illegal for the attack
unless the attacker has True Sight. The attack keeps its target, now illegal: effects
may still change it to a legal one (general-rules-4.3), as a redirect does.
"""

from __future__ import annotations

from dataclasses import replace

from tcgrules.games.grand_archive.combat import attack_target_reasons
from tcgrules.games.grand_archive.keywords import has
from tcgrules.kernel.events import Event
from tcgrules.kernel.game import Game
from tcgrules.kernel.objects import ObjectRef
from tcgrules.rules import rule


def _illegal(game: Game, attacker: ObjectRef, by: str, target: ObjectRef) -> bool:
    return not all(r.passed for r in attack_target_reasons(game, attacker, by, target))


def stop_illegal_defenders(game: Game) -> bool:
    """Take the defending role from each attack target on the field that is no longer
    a legal attack target (general-rules-4.2; stealth-3); whether one was taken."""
    state = game.attack
    if state is None:
        return False
    gone = [
        t
        for t in state.targets
        if isinstance(t, ObjectRef)
        and t.id in state.defending
        and game.is_current(t)
        and game.ruleset.zone_spec(game.get(t).zone.name).objects_are_permanents
        and _illegal(game, state.attacker, state.controller, t)
    ]
    if not gone:
        return False
    game.set_attack(replace(state, defending=state.defending - {t.id for t in gone}))
    for target in gone:
        stealth = has(game.characteristics(target), "stealth")
        game.log(
            Event(
                "removed_from_combat",
                f"{game.describe(target)} "
                + ("has gained stealth, so it " if stealth else "")
                + "is no longer a legal target of the attack and stops defending",
                rule(
                    "ga:keywords-and-abilities/stealth-3"
                    if stealth
                    else "ga:combat-phase-attacking-and-the-combat-phase/general-rules-4.2"
                ),
                target,
            )
        )
    return True


__all__ = ["stop_illegal_defenders"]
