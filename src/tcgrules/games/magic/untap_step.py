"""The untap step (mtg:502.3) and the effects that keep a permanent tapped through its
controller's next one ("It doesn't untap during its controller's next untap step").

Such an effect marks the permanents it names as it resolves (the set is fixed then,
mtg:611.2c) with a continuous effect that changes no characteristic and cites 502.3; the
next untap step of the player controlling the permanent leaves it tapped and ends the
mark. A permanent that leaves the battlefield loses the mark with its effects
(mtg:400.7). Static abilities worded this way ("~ doesn't untap during your untap
step") are not read yet: with one on the battlefield the untap step is refused as not
supported rather than untap what it should not.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from tcgrules.cardtext.nodes import SkipNextUntap, StaticAbility
from tcgrules.errors import NotSupportedError
from tcgrules.kernel.effects import ChangeSet
from tcgrules.kernel.events import Event
from tcgrules.kernel.game import Game
from tcgrules.kernel.objects import ObjectRef
from tcgrules.kernel.resolution import Resolution
from tcgrules.kernel.ruleset import EffectHandler
from tcgrules.rules import rule

from .effects_m2 import untap

#: the rule whose effects mark a permanent kept tapped through its next untap step
KEPT_TAPPED = "mtg:502.3"
#: the mark changes nothing about the object: adding no type
_MARK = ChangeSet("types", "add", frozenset())


def _marks(game: Game, ref: ObjectRef) -> list[int]:
    wanted = rule(KEPT_TAPPED)
    return [e.id for e in game.effects_on(ref) if e.rule == wanted and e.op == _MARK]


def untap_step(game: Game) -> None:
    """Every tapped permanent the active player controls untaps (mtg:502.3; a stun counter
    is removed instead, mtg:122.1d), except one an effect keeps tapped through this untap
    step, whose mark then ends."""
    active = game.active_player
    for ref in game.battlefield():
        for ability in game.characteristics(ref).abilities:
            if isinstance(ability, StaticAbility) and "untap during" in ability.text.lower():
                raise NotSupportedError(
                    f"the untap step with {game.get(ref).label} on the battlefield "
                    f"(mtg:502.3): “{ability.text}” is not read"
                )
    for ref in game.battlefield():
        if game.controller(ref) != active:
            continue
        marks = _marks(game, ref)
        if marks:
            game.remove_effects(marks)
            if game.get(ref).tapped:
                game.log(
                    Event(
                        "stays_tapped",
                        f"{game.describe(ref)} doesn't untap during this untap step",
                        rule(KEPT_TAPPED),
                        ref,
                    )
                )
            continue
        if game.get(ref).tapped:
            untap(game, ref, KEPT_TAPPED)


def _skip_next_untap(run: Resolution, effect: SkipNextUntap) -> None:
    """Each permanent named is kept tapped through its controller's next untap step
    (mtg:502.3); the effect lasts until then, whether or not it is tapped now."""
    for ref, _ in run.objects(effect.what):
        if run.game.get(ref).zone.name != run.game.ruleset.battlefield:
            continue
        run.game.add_effect(
            ref,
            _MARK,
            source=run.obj.ref,
            rule_applied=rule(KEPT_TAPPED),
            describe="doesn't untap during its controller's next untap step",
        )


UNTAP_EFFECTS: Mapping[type, EffectHandler] = MappingProxyType({SkipNextUntap: _skip_next_untap})
