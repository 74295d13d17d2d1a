"""Conditional static abilities (helper U5): "As long as seven or more cards are in
your graveyard, ~ gets +3/+3, is black, and has "..."".

A static ability does what it says while its object is on the battlefield (mtg:604.1,
mtg:611.3b); one worded "as long as [condition]" does it only while the condition holds,
checked again at every moment and never locked in (mtg:611.3a). The changes are the
object's own: a bonus in layer 7c (mtg:613.4c), a color set in layer 5 (mtg:613.1e,
mtg:105.3), a quoted ability in layer 6 (mtg:613.1f), each in the object's timestamp
order (mtg:613.7a). The kernel asks through ``Ruleset.rechecks`` which objects have such
an ability (it then works characteristics out again after every change) and gets the
ops through ``Ruleset.board_ops``; the condition's key is answered by
:func:`~tcgrules.games.magic.conditions.resolution_condition`.
"""

from __future__ import annotations

from collections.abc import Callable

from tcgrules.cardtext.nodes import (
    AsLongAs,
    Attached,
    GrantAbility,
    Self,
    SelfGets,
    SelfIsColor,
    StaticAbility,
)
from tcgrules.games.magic import conditions
from tcgrules.games.magic.text_build_statics import ENCHANTED_IS
from tcgrules.kernel.characteristics import AbilityLike, Characteristics
from tcgrules.kernel.effects import ChangeSet, GrantAbilities, Modify, Op
from tcgrules.kernel.game import Game
from tcgrules.kernel.objects import GameObject


def _conditional(abilities: tuple[AbilityLike, ...]) -> list[AsLongAs]:
    return [
        effect
        for ability in abilities
        if isinstance(ability, StaticAbility)
        for effect in ability.effects
        if isinstance(effect, AsLongAs)
    ]


def rechecks(chars: Characteristics) -> bool:
    """Whether these printed characteristics have an "as long as" static ability."""
    return bool(_conditional(chars.abilities))


def holds(game: Game, obj: GameObject, controller: str, static: AsLongAs) -> bool:
    """Whether the condition of ``static`` holds now for ``obj`` and its ``controller``
    (mtg:611.3a); a condition the ruleset can't answer never holds."""
    found = conditions.resolution_condition(game, controller, static.condition, obj.ref)
    return bool(found)


def _enchanted_ops(
    game: Game, aura: GameObject, host: Characteristics
) -> list[tuple[tuple[int, ...], int, Op]]:
    """ "As long as enchanted creature is a Wizard, it has "..."" on an Aura attached
    to an object with characteristics ``host`` (as they are before what static
    abilities give it in layer 6): the quoted abilities while it has that subtype
    (mtg:611.3a, layer 6 mtg:613.1f), in the Aura's timestamp order (mtg:613.7a)."""
    from tcgrules.games.magic.effects import granted_ability  # noqa: PLC0415 (cycle)

    ops: list[tuple[tuple[int, ...], int, Op]] = []
    for static in _conditional(game.characteristics(aura.ref).abilities):
        if not static.condition.startswith(ENCHANTED_IS):
            continue
        if static.condition.removeprefix(ENCHANTED_IS) not in host.subtypes:
            continue
        for effect in static.effects:
            if isinstance(effect, GrantAbility) and isinstance(effect.what, Attached):
                granted = GrantAbilities((granted_ability(effect),))
                ops.append(((6,), aura.timestamp, granted))
    return ops


def conditional_ops(
    game: Game, obj: GameObject, partial: Callable[[], tuple[Characteristics, str | None]]
) -> list[tuple[tuple[int, ...], int, Op]]:
    """The changes ``obj``'s own "as long as" static abilities make to it now, and those
    of the Auras on it ("as long as enchanted creature is a Wizard"): none unless it is
    on the battlefield (mtg:604.1) and the condition holds (mtg:611.3b). The abilities
    are read from ``obj`` without the changes static abilities make (one that has lost
    its abilities has none to apply)."""
    from tcgrules.games.magic.effects import granted_ability  # noqa: PLC0415 (cycle)

    if obj.zone.name != "battlefield" or obj.phased_out:
        return []
    ops: list[tuple[tuple[int, ...], int, Op]] = []
    chars, controller = partial()
    for aura in game.attached():
        if aura.attached_to == obj.ref and not aura.phased_out:
            ops.extend(_enchanted_ops(game, aura, chars))
    for static in _conditional(chars.abilities):
        if static.condition.startswith(ENCHANTED_IS):
            continue  # about the creature it enchants (see _enchanted_ops)
        if not holds(game, obj, controller or obj.owner, static):
            continue
        for effect in static.effects:
            if isinstance(effect, SelfGets):
                if effect.power:
                    ops.append(((7, 3), obj.timestamp, Modify("power", effect.power)))
                if effect.toughness:
                    ops.append(((7, 3), obj.timestamp, Modify("toughness", effect.toughness)))
            elif isinstance(effect, SelfIsColor):
                colors = frozenset(effect.colors)
                ops.append(((5,), obj.timestamp, ChangeSet("colors", "set", colors)))
            elif isinstance(effect, GrantAbility) and isinstance(effect.what, Self):
                granted = GrantAbilities((granted_ability(effect),))
                ops.append(((6,), obj.timestamp, granted))
    return ops


__all__ = ["conditional_ops", "holds", "rechecks"]
