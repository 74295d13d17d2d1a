"""Handlers for copies and combat, third wave (helper Q7): copies of a spell made by each
player other than its controller (mtg:707.10)."""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from tcgrules.cardtext.nodes import OthersCopy
from tcgrules.errors import NotSupportedError
from tcgrules.kernel.events import Event
from tcgrules.kernel.objects import ObjectRef
from tcgrules.kernel.resolution import Resolution
from tcgrules.kernel.ruleset import EffectHandler
from tcgrules.rules import rule


def _turn_order(run: Resolution) -> list[str]:
    """The players in turn order from the active player, the order in which they make
    their choices (mtg:101.4)."""
    players = list(run.game.players)
    first = players.index(run.game.active_player)
    return players[first:] + players[:first]


def _others_copy(run: Resolution, effect: OthersCopy) -> None:
    """Each player other than the spell's controller copies it; the copy is theirs
    (mtg:707.10), made in turn order from the active player (mtg:101.4). With ``may``,
    each chooses whether to (the scenario's ``choose: {may: ...}``, one answer for every
    one of them, mtg:608.2d); a copier may choose new targets for their copy
    (``copy_targets``, mtg:707.10c). One ``copy_targets`` can't say each of several
    players' new targets: not supported then, rather than giving them all the same. A
    spell no longer on the stack is not copied."""
    from tcgrules.games.magic.effects import copy_spell  # noqa: PLC0415 (it imports this module)

    game = run.game
    for spell_ref, _ in run.entities(effect.what):
        if not isinstance(spell_ref, ObjectRef):
            continue
        spell = game.get(spell_ref)
        if not game.is_current(spell_ref) or spell.stack is None:
            game.log(
                Event(
                    "no_effect",
                    f"{spell.label} is not on the stack: no copy",
                    rule("mtg:707.10"),
                    spell_ref,
                )
            )
            continue
        caster = game.controller(spell_ref)
        copiers = [p for p in _turn_order(run) if p != caster]
        wants = True
        if effect.may:
            wants = (
                run.choices.may
                if run.choices.may is not None
                else (run.choices.copy_targets is not None)
            )
        if not wants:
            for player in copiers:
                game.log(
                    Event(
                        "declined",
                        f"{player} chooses not to copy {spell.label}",
                        rule("mtg:608.2d"),
                        player=player,
                    )
                )
            continue
        if (
            effect.may_choose_new_targets
            and run.choices.copy_targets is not None
            and len(copiers) > 1
        ):
            raise NotSupportedError(
                "each of several players choosing new targets for their own copy of a spell "
                "(mtg:707.10c)"
            )
        for player in copiers:
            copy_spell(run, spell_ref, effect.may_choose_new_targets, by=player)


#: node type -> handler, merged into Magic's effect table
Q7_EFFECTS: Mapping[type, EffectHandler] = MappingProxyType({OthersCopy: _others_copy})
