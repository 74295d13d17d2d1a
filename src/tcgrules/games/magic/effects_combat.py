"""Handlers for Magic's combat effects (helper U3): removing a creature from combat
(mtg:506.4). The declarations themselves are in :mod:`tcgrules.games.magic.combat`."""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from tcgrules.cardtext.nodes import CreaturesAttackIfAble, RemoveFromCombat
from tcgrules.games.magic.combat import MUST_ATTACK, remove_from_combat
from tcgrules.kernel.characteristics import Keyword
from tcgrules.kernel.events import Event
from tcgrules.kernel.objects import PlayerRef
from tcgrules.kernel.resolution import Resolution
from tcgrules.kernel.ruleset import EffectHandler
from tcgrules.rules import rule


def _remove(run: Resolution, effect: RemoveFromCombat) -> None:
    """Each object stops attacking or blocking (mtg:506.4); one not in combat is
    unchanged, and the event says so."""
    game = run.game
    for ref, _ in run.objects(effect.what):
        if not remove_from_combat(game, ref, rule("mtg:506.4")):
            game.log(
                Event(
                    "no_effect",
                    f"{game.describe(ref)} is not in combat: nothing to remove",
                    rule("mtg:506.4"),
                    ref,
                )
            )


def _must_attack(run: Resolution, effect: CreaturesAttackIfAble) -> None:
    """The player carries the requirement until the turn ends (mtg:508.1d, mtg:514.2).
    Attackers are declared one at a time here, so nothing checks that each creature able
    to attack did: the requirement is recorded and shown, not enforced."""
    for who, _ in run.entities(effect.by):
        if isinstance(who, PlayerRef):
            run.game.grant_player(
                who.name,
                (Keyword(MUST_ATTACK),),
                until="end_of_turn",
                rule_applied=rule("mtg:508.1d"),
            )


#: node type -> handler, merged into Magic's effect table
COMBAT_EFFECTS: Mapping[type, EffectHandler] = MappingProxyType(
    {RemoveFromCombat: _remove, CreaturesAttackIfAble: _must_attack}
)
