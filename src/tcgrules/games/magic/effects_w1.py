"""Handlers for delayed triggers and turn structure (helper W1): delayed triggered
abilities (mtg:603.7), "sacrifice it" (mtg:701.17a), extra turns (mtg:500.7) and
controlling another player's turn (mtg:720.1, refused). Merged into
:data:`~tcgrules.games.magic.effects.EFFECTS`."""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from tcgrules.cardtext.nodes import ControlNextTurn, DelayedTrigger, ExtraTurn, It, SacrificeIt
from tcgrules.errors import NotSupportedError
from tcgrules.games.magic.effects_zones import move_and_tell
from tcgrules.kernel import delayed
from tcgrules.kernel.events import Event
from tcgrules.kernel.objects import ObjectRef, PlayerRef
from tcgrules.kernel.resolution import Resolution
from tcgrules.kernel.ruleset import EffectHandler
from tcgrules.rules import rule


def _delayed_trigger(run: Resolution, effect: DelayedTrigger) -> None:
    """Create the delayed triggered ability (mtg:603.7a). Its source is the resolving
    spell, or the source of the resolving ability, and its controller the one resolving
    it (mtg:603.7d, 603.7e); what its "it" names is fixed now, as that object is now: if
    the object then left its zone the ability no longer finds it (mtg:603.7c)."""
    game = run.game
    it = tuple(
        game.current(e.id).ref if isinstance(e, ObjectRef) and game.is_current(e) else e
        for e, _ in run.entities(It())
    )
    source = run.info.source or run.obj.ref
    named = run.obj.label if run.info.source is None else game.describe(source)
    delayed.create(
        game,
        delayed.Delayed(
            moment=effect.moment,
            holder=run.controller if effect.yours else None,
            from_turn=game.turn,
            source=source,
            controller=run.controller,
            node=effect,
            label=f"delayed ability of {named.removesuffix(' (gone)')}",
            it=it,
        ),
    )


def _sacrifice_it(run: Resolution, effect: SacrificeIt) -> None:
    """The controller sacrifices what the text names if they control it, and only then
    (mtg:701.17a); "If you do" after it asks whether they did."""
    game = run.game
    mine = [
        ref
        for ref, _ in run.objects(effect.what)
        if game.get(ref).zone.name == "battlefield" and game.controller(ref) == run.controller
    ]
    move_and_tell(
        game,
        mine,
        to="graveyard",
        kind="sacrificed",
        number="mtg:701.17a",
        player=run.controller,
        said=f"{run.controller} sacrifices {{}}",
        empty="nothing (they control no such permanent now)",
    )
    run.did = bool(mine)


def _extra_turn(run: Resolution, effect: ExtraTurn) -> None:
    """Each player named takes an extra turn right after this one; of several, the one
    added last is taken first (mtg:500.7)."""
    game = run.game
    for entity, _ in run.entities(effect.who):
        if not isinstance(entity, PlayerRef):
            continue
        game.add_extra_turn(entity.name)
        game.log(
            Event(
                "extra_turn",
                f"{entity.name} will take an extra turn after this one",
                rule("mtg:500.7"),
                run.obj.ref,
                player=entity.name,
            )
        )


def _control_next_turn(run: Resolution, effect: ControlNextTurn) -> None:
    """Controlling another player through their next turn (mtg:720.1) is beyond
    tcgrules: every choice of that player would be made by another."""
    raise NotSupportedError(
        f"ControlNextTurn: controlling another player during their next turn ({run.obj.label}, "
        "mtg:720.1)"
    )


W1_EFFECTS: Mapping[type, EffectHandler] = MappingProxyType(
    {
        DelayedTrigger: _delayed_trigger,
        SacrificeIt: _sacrifice_it,
        ExtraTurn: _extra_turn,
        ControlNextTurn: _control_next_turn,
    }
)
