"""Magic's handlers for the copies second pass (helper V1): the Chain cycle's "[that
permanent's controller] may pay [cost]. If the player does, they may copy this spell and
may choose a new target for that copy" (mtg:608.2d, mtg:118.1, mtg:707.10, 707.10c)."""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from tcgrules.cardtext.nodes import MayPayToCopy
from tcgrules.errors import NotSupportedError
from tcgrules.games.magic.effects_w8 import sacrifice_to_pay
from tcgrules.kernel.events import Event
from tcgrules.kernel.objects import ObjectRef, PlayerRef
from tcgrules.kernel.resolution import Resolution
from tcgrules.kernel.ruleset import EffectHandler
from tcgrules.rules import rule


def _payers(run: Resolution, effect: MayPayToCopy) -> list[str]:
    """Who may pay: the players ``who`` names; with ``or_player``, for an object named,
    its controller (as it last existed if it is gone, mtg:608.2h)."""
    game = run.game
    found: list[str] = []
    for entity, _ in run.entities(effect.who):
        if isinstance(entity, PlayerRef):
            name: str | None = entity.name
        elif effect.or_player and isinstance(entity, ObjectRef):
            name = (
                game.controller(entity)
                if game.is_current(entity)
                else game.last_known(entity).controller
            )
        else:
            name = None
        if name is not None and name not in found:
            found.append(name)
    return found


def _may_pay_to_copy(run: Resolution, effect: MayPayToCopy) -> None:
    """The payer chooses as the spell resolves whether to pay (``choose: {pay: ...}``,
    mtg:608.2d, mtg:118.1); if they do, whether to copy it (``may``, or new targets given
    with ``copy_targets``): the copy is theirs, and they may choose new targets for it
    (mtg:707.10, mtg:707.10c)."""
    from tcgrules.games.magic.effects import copy_spell  # noqa: PLC0415 (cycle)

    if not effect.copy:
        raise NotSupportedError(
            f"what paying {effect.cost} leads to in {run.obj.label} (the sentence after it "
            "is not read)"
        )
    game = run.game
    for who in _payers(run, effect):
        if effect.sacrifice is not None and run.choices.pay:
            if not sacrifice_to_pay(run, who, effect.sacrifice, effect.cost):
                continue
        elif not run.choices.pay:
            game.log(
                Event(
                    "not_paid",
                    f"{who} does not pay {effect.cost}",
                    rule("mtg:608.2d"),
                    run.obj.ref,
                    player=who,
                )
            )
            continue
        else:
            game.log(
                Event(
                    "paid", f"{who} pays {effect.cost}", rule("mtg:118.1"), run.obj.ref, player=who
                )
            )
        wants = run.choices.may
        if wants is None:
            wants = run.choices.copy_targets is not None
        if not wants:
            game.log(
                Event(
                    "declined",
                    f"{who} chooses not to copy {run.obj.label}",
                    rule("mtg:608.2d"),
                    player=who,
                )
            )
            continue
        copy_spell(run, run.obj.ref, True, by=who)


#: node type -> handler, merged into Magic's effect table
COPIES2_EFFECTS: Mapping[type, EffectHandler] = MappingProxyType({MayPayToCopy: _may_pay_to_copy})

__all__ = ["COPIES2_EFFECTS"]
