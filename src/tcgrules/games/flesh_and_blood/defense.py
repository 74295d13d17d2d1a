"""Flesh and Blood defense reactions as they resolve.

A defense reaction card that resolves becomes a defending card on the active chain
link (fab:8.1.3b, fab:5.3.6b), for its controller's hero (fab:7.4.2d); it defends
alone, being the only card put there in that event (fab:7.0.5e), and its defense
counts in the damage step (fab:7.5.2). If it can't become a defending card - the
combat chain is closed, its controller's hero is not an attack-target, or the damage
has been dealt - it fails to resolve (fab:5.3.2c) and is cleared to the graveyard
(fab:5.3.7).
"""

from __future__ import annotations

from tcgrules.games.flesh_and_blood.combat import declare_defenders
from tcgrules.kernel.game import Game
from tcgrules.kernel.objects import Entity, GameObject, ObjectRef
from tcgrules.rules import RuleRef, rule


def is_defense_reaction(game: Game, obj: GameObject) -> bool:
    """A defense reaction card (fab:8.1.3)."""
    return obj.kind == "card" and "defense reaction" in game.characteristics(obj.ref).types


def _defends_for(game: Game, obj: GameObject) -> tuple[Entity | None, str]:
    """The attack-target the card would defend for - its controller's hero - or None
    with why not."""
    state = game.attack
    if state is None:
        return None, "the combat chain is closed: there is no chain link to defend on"
    if state.damage_dealt:
        return None, "the active chain link is past its damage step"
    controller = game.controller(obj.ref)
    for target in state.targets:
        if (
            isinstance(target, ObjectRef)
            and game.is_current(target)
            and game.controller(target) == controller
            and "hero" in game.characteristics(target).types
        ):
            return target, ""
    return None, f"{controller}'s hero is not an attack-target of the active chain link"


def fails_to_resolve(game: Game, obj: GameObject) -> tuple[str, RuleRef] | None:
    """A defense reaction card that can't become a defending card fails to resolve
    (fab:5.3.2c, fab:7.4.2d)."""
    if not is_defense_reaction(game, obj):
        return None
    target, why = _defends_for(game, obj)
    if target is not None:
        return None
    return f"it can't become a defending card ({why})", rule("fab:5.3.2c")


def becomes_defending(game: Game, obj: GameObject) -> bool:
    """A resolved defense reaction card moves onto the active chain link as a defending
    card for its controller's hero (fab:8.1.3b, 5.3.6b, 7.4.2d); True if it did."""
    if not is_defense_reaction(game, obj):
        return False
    state = game.attack
    target, _ = _defends_for(game, obj)
    by = game.controller(obj.ref)
    if state is None or target is None or by is None:
        return False
    new = declare_defenders(game, state, by, (obj.ref,), target, how=rule("fab:8.1.3b"))
    game.set_attack(new)
    return True
