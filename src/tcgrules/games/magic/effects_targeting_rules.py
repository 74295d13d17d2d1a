"""Effect handlers for the rules about targeting itself (helper T7).

- :class:`~tcgrules.cardtext.nodes.TargetableDespiteShroud`: "Until end of turn, ~ can
  be the target of spells and abilities controlled by target player as though it
  didn't have shroud" (Autumn Willow; mtg:702.18a).
- :class:`~tcgrules.cardtext.nodes.InsteadIfIs`: "[~ deals X damage to any target.] It
  deals X plus 1 damage instead if that target is a creature or planeswalker." (Light Up
  the Night): the other amount if the one target, still legal as the spell resolves, is
  such then (mtg:608.2c); an illegal target is dealt nothing either way (mtg:608.2b).

The restrictions ("can't be the target of", mtg:115.1) and the cost changes by target
(mtg:601.2f, mtg:602.2b) this helper reads are static abilities: they are checked where
targets are chosen (games/magic/restrictions.py) and where the total cost is determined
(games/magic/costs.py), not on resolution.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from tcgrules.cardtext.nodes import InsteadIfIs, TargetableDespiteShroud
from tcgrules.games.magic.restrictions import ShroudIgnoredFor
from tcgrules.kernel.describe import Context, describes
from tcgrules.kernel.effects import GrantAbilities
from tcgrules.kernel.events import Event
from tcgrules.kernel.objects import PlayerRef
from tcgrules.kernel.resolution import Resolution
from tcgrules.kernel.ruleset import EffectHandler
from tcgrules.rules import rule


def _targetable_despite_shroud(run: Resolution, effect: TargetableDespiteShroud) -> None:
    """Until the turn ends, the chosen player's spells and abilities may target the
    object as though it didn't have shroud (mtg:702.18a); the object carries that for
    the duration (mtg:611.2a), and it is checked when targets are chosen and again on
    resolution (mtg:601.2c, mtg:608.2b)."""
    players = [p for p, _ in run.entities(effect.by) if isinstance(p, PlayerRef)]
    if not players:
        return  # the player is no longer a legal target (mtg:608.2b)
    player = players[0].name
    game = run.game
    for ref, _ in run.objects(effect.what):
        text = f"can be the target of {player}'s spells and abilities as though it had no shroud"
        game.add_effect(
            ref,
            GrantAbilities((ShroudIgnoredFor(player, text),)),
            until="end_of_turn",
            source=run.obj.ref,
            rule_applied=rule("mtg:611.2a"),
            describe=f"{game.describe(ref)}: {text} this turn",
        )


def _instead_if_is(run: Resolution, effect: InsteadIfIs) -> None:
    """Check what the target is as the spell resolves (mtg:608.2c), then do one version."""
    game = run.game
    found = run.entities(effect.subject)
    if not found:
        return  # the target is illegal now: that part does nothing (mtg:608.2b)
    ctx = Context(game, run.controller, run.info.source or run.obj.ref)
    target = found[0][0]
    holds = describes(ctx, effect.condition, target)
    name = game.describe(target)
    said = "is" if holds else "is not"
    version = "the other amount happens instead" if holds else "the first amount happens"
    game.log(
        Event(
            "condition_met" if holds else "condition_not_met",
            f"{name} {said} what {run.obj.label} asks as it resolves: {version}",
            rule("mtg:608.2c"),
        )
    )
    for inner in effect.effects if holds else effect.otherwise:
        run.perform(inner)


TARGETING_RULES_EFFECTS: Mapping[type, EffectHandler] = MappingProxyType(
    {InsteadIfIs: _instead_if_is, TargetableDespiteShroud: _targetable_despite_shroud}
)
