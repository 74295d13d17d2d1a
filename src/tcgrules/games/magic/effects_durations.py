"""Handlers for effects with a "for as long as" duration (helper V2).

:data:`DURATION_EFFECTS` (effect node type -> handler) is merged into
:data:`tcgrules.games.magic.effects.EFFECTS`; :func:`end_lapsed_durations` is one of
the checks the ruleset makes whenever the game checks its state."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType

from tcgrules.cardtext.nodes import ForAsLongAs
from tcgrules.kernel.events import Event
from tcgrules.kernel.game import Game
from tcgrules.kernel.objects import ObjectRef
from tcgrules.kernel.resolution import Resolution
from tcgrules.kernel.ruleset import EffectHandler
from tcgrules.rules import rule


@dataclass(frozen=True, slots=True)
class WhileSource:
    """A "for as long as" condition on the source of an effect (mtg:611.2b): it holds
    while ``source`` is on the battlefield and, with ``player``, controlled by that
    player, and, with ``tapped``, tapped."""

    source: ObjectRef
    player: str | None = None
    tapped: bool = False

    def holds(self, game: Game) -> bool:
        src = self.source
        return (
            game.is_current(src)
            and game.get(src).zone.name == "battlefield"
            and (self.player is None or game.controller(src) == self.player)
            and (not self.tapped or game.get(src).tapped)
        )

    def describe(self, game: Game) -> str:
        """The duration in words ("for as long as Alice controls Aegis Angel")."""
        name = game.describe(self.source)
        there = f"{name} is on the battlefield"
        parts = [f"{self.player} controls {name}" if self.player else there]
        if self.tapped:
            parts.append(f"{name} remains tapped")
        return "for as long as " + " and ".join(parts)


def _for_as_long_as(run: Resolution, effect: ForAsLongAs) -> None:
    """Perform ``effect.effects`` and bind the continuous effects they start to the
    "for as long as" duration; a duration that never starts makes the effect do nothing
    (mtg:611.2b)."""
    game = run.game
    source = run.info.source
    if source is None:
        game.log(Event("no_effect", f"{run.obj.label}: it has no source", rule("mtg:611.2b")))
        return
    cond = WhileSource(
        source, run.controller if effect.you_control_source else None, effect.source_tapped
    )
    if not cond.holds(game):
        game.log(
            Event(
                "no_effect",
                f"{run.obj.label}: the duration “{cond.describe(game)}” never starts, so "
                "the effect does nothing",
                rule("mtg:611.2b"),
            )
        )
        return
    before = {e.id for e in game.all_effects()}
    for inner in effect.effects:
        run.perform(inner)
    started = [e for e in game.all_effects() if e.id not in before]
    game.set_lasts_while([e.id for e in started], cond)
    for affected in dict.fromkeys(e.affected for e in started):
        game.log(
            Event(
                "duration",
                f"the effect on {game.describe(affected)} lasts {cond.describe(game)}",
                rule("mtg:611.2b"),
                affected,
            )
        )


def end_lapsed_durations(game: Game) -> bool:
    """End each continuous effect whose "for as long as" condition no longer holds
    (mtg:611.2b); tcgrules looks whenever the game checks its state. True if one ended."""
    ended = [
        e
        for e in game.all_effects()
        if isinstance(e.lasts_while, WhileSource) and not e.lasts_while.holds(game)
    ]
    if not ended:
        return False
    game.remove_effects([e.id for e in ended])
    told: set[tuple[ObjectRef, WhileSource]] = set()
    for e in ended:
        assert isinstance(e.lasts_while, WhileSource)
        if (e.affected, e.lasts_while) in told:
            continue  # one event for the effects one duration ends on one object
        told.add((e.affected, e.lasts_while))
        game.log(
            Event(
                "duration_ended",
                f"the effect on {game.describe(e.affected)} that lasted "
                f"{e.lasts_while.describe(game)} ends",
                rule("mtg:611.2b"),
                e.affected if game.is_current(e.affected) else None,
            )
        )
    return True


DURATION_EFFECTS: Mapping[type, EffectHandler] = MappingProxyType({ForAsLongAs: _for_as_long_as})
