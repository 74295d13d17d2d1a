"""Magic's effects about optional costs chosen as a spell was cast, and "instead"
(helper U6).

- :class:`~tcgrules.cardtext.nodes.RedirectAll`: "All [combat] damage that would be dealt
  to X this turn [by Y / by a source of your choice] is dealt to Z instead": a
  redirection shield on X for the rest of the turn (mtg:614.9) that moves all such
  damage, not only the next instance.
- :class:`~tcgrules.cardtext.nodes.InsteadIf`: "[effect]. If this spell was kicked,
  instead [other effect]." (or "... [other effect] instead."): the condition is checked as
  the spell resolves (mtg:608.2c) and one version happens, never both. Whether it was
  kicked (mtg:702.33d), bargained (mtg:702.166b) or its gift promised (mtg:702.174a) is
  what was chosen as it was cast (a scenario's ``kicked: N``, ``bargained: true``,
  ``gift: true``); the version not used had no targets chosen (mtg:601.2c).
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from tcgrules.cardtext.nodes import InsteadIf, RedirectAll
from tcgrules.games.magic.effects_damage import RedirectionShield, _chosen_source
from tcgrules.kernel.events import Event
from tcgrules.kernel.objects import ObjectRef
from tcgrules.kernel.resolution import Resolution
from tcgrules.kernel.ruleset import EffectHandler
from tcgrules.rules import rule


def _instead_if(run: Resolution, effect: InsteadIf) -> None:
    game = run.game
    holds = run.holds(effect.condition, effect.text)
    said = "holds: the other version happens instead" if holds else "does not hold"
    game.log(
        Event(
            "condition_met" if holds else "condition_not_met",
            f"the condition “{effect.text}” {said} as {run.obj.label} resolves",
            rule("mtg:608.2c"),
        )
    )
    for inner in effect.effects if holds else effect.otherwise:
        run.perform(inner)


def _redirect_all(run: Resolution, effect: RedirectAll) -> None:
    """A shield on each object or player ``what`` names until the turn ends (mtg:614.9,
    mtg:514.2); nothing if there is nowhere to redirect to or no such source."""
    game = run.game
    found = [t for t, _ in run.entities(effect.to)]
    source: ObjectRef | None = None
    if effect.chosen_source:
        source = _chosen_source(run)
    elif effect.by is not None:
        sources = [s for s, _ in run.entities(effect.by) if isinstance(s, ObjectRef)]
        if not sources:
            return  # the source is gone (an illegal target): nothing to redirect
        source = sources[0]
    if not found:
        return
    to = found[0]
    which = "combat damage" if effect.combat_only else "damage"
    for entity, _ in run.entities(effect.what):
        if isinstance(entity, ObjectRef) and not game.is_current(entity):
            continue
        by = "" if source is None else f" by {game.describe(source)}"
        text = (
            f"all {which} that would be dealt to {game.describe(entity)} this turn{by} is "
            f"dealt to {game.describe(to)} instead"
        )
        shield = RedirectionShield(
            None, to, text, source, once=False, combat_only=effect.combat_only
        )
        game.add_shield(
            entity,
            shield,
            until="end_of_turn",
            source=run.obj.ref,
            rule_applied=rule("mtg:614.9"),
            describe=f"{run.obj.label}: {text} (a redirection effect)",
        )


KICKER_EFFECTS: Mapping[type, EffectHandler] = MappingProxyType(
    {InsteadIf: _instead_if, RedirectAll: _redirect_all}
)
