"""Flesh and Blood's rules for targets, attacks and layers leaving the stack.

- The arena is not one zone but all the arms, chest, combat chain, head, hero, legs,
  permanent and weapon zones (fab:3.0.5): a description of objects "in the arena"
  looks in every one of them, so "target hero" finds the hero in its hero zone.
- An attack-target is an attackable object an opponent controls (fab:1.4.5): a
  living object, one with life (fab:1.4.5a), or one with spectra (fab:8.3.14a).
  While the attack lasts, a living attack-source is attacking; otherwise its
  controller's hero is the attacking hero (fab:7.2.4a); a hero attacked is the
  defending hero (fab:7.2.4b).
- A resolved aura, item or landmark enters the arena (fab:5.3.6a, 8.2.4a, 8.2.5a,
  8.2.9a); any other card-layer left on the stack is cleared to its owner's
  graveyard (fab:5.3.7, fab:3.0.12).
"""

from __future__ import annotations

from tcgrules.kernel.game import Game
from tcgrules.kernel.objects import Entity, GameObject, ObjectRef, PlayerRef
from tcgrules.rules import RuleRef, rule
from tcgrules.verdict import Reason

#: the zones that make up the arena (fab:3.0.5)
ARENA: tuple[str, ...] = (
    "hero",
    "arms",
    "chest",
    "head",
    "legs",
    "weapon",
    "permanent",
    "combat_chain",
)

#: subtypes whose card-layers become permanents in the arena on resolution, with the rule
PERMANENT_SUBTYPES: dict[str, str] = {
    "aura": "fab:8.2.4a",
    "item": "fab:8.2.5a",
    "landmark": "fab:8.2.9a",
}


def is_living(game: Game, ref: ObjectRef) -> bool:
    """A living object is one with the life property (fab:2.5.1)."""
    return game.characteristics(ref).value("life") is not None


def attack_target_reasons(game: Game, attacker: ObjectRef, by: str, target: Entity) -> list[Reason]:
    """Whether ``target`` may be an attack-target of ``attacker`` for ``by`` (fab:1.4.5)."""
    name = game.describe(target)
    if isinstance(target, PlayerRef):
        return [
            Reason(
                rule("fab:1.4.5"),
                f"{name} is a player; the attack-target is an object, such as their hero",
            )
        ]
    if not game.is_current(target):
        return [Reason(rule("fab:3.0.9"), f"{name} has become a new object since it was named")]
    reasons: list[Reason] = []
    obj = game.get(target)
    if obj.zone.name not in ARENA:
        reasons.append(
            Reason(rule("fab:3.0.5"), f"{name} is in the {obj.zone.name} zone, not the arena")
        )
    controller = game.controller(target)
    if controller is None or controller == by:
        who = controller or "no one"
        reasons.append(
            Reason(rule("fab:1.4.5"), f"{name} is controlled by {who}, not by an opponent of {by}")
        )
    else:
        reasons.append(Reason(rule("fab:1.4.5"), f"{name} is controlled by an opponent", True))
    if is_living(game, target):
        reasons.append(Reason(rule("fab:1.4.5a"), f"{name} is a living object", True))
    elif game.characteristics(target).has_keyword("spectra"):
        reasons.append(
            Reason(rule("fab:8.3.14a"), f"{name} has spectra, so it can be attacked", True)
        )
    else:
        reasons.append(
            Reason(rule("fab:1.4.5a"), f"{name} has no life and nothing makes it attackable")
        )
    return reasons


def attacking_said(game: Game, attacker: ObjectRef, oid: int) -> tuple[str, RuleRef]:
    """How the object ``oid`` counts as attacking: the attack itself is attacking
    (fab:7.2.4); a living attack-source is attacking itself, and otherwise the attack's
    controller's hero is the "attacking hero" (fab:7.2.4a)."""
    name = game.current(oid).label
    if oid != attacker.id:
        attack = game.describe(attacker)
        card = game.get(attacker).kind == "card"
        why = (
            f"{attack} is an attack-card, with no attack-source"
            if card and "attack" in game.characteristics(attacker).subtypes
            else f"{attack}, the attack-source, is not a living object"
        )
        return f"{name} is the attacking hero ({why})", rule("fab:7.2.4a")
    card = game.get(attacker).kind == "card"
    attack_card = card and "attack" in game.characteristics(attacker).subtypes
    if not attack_card and is_living(game, attacker):
        return f"{name} is attacking: a living attack-source attacks itself", rule("fab:7.2.4a")
    return f"{name} is attacking: it is the active-attack", rule("fab:7.2.4")


def attack_participants(
    game: Game, attacker: ObjectRef, by: str, targets: tuple[Entity, ...]
) -> tuple[frozenset[int], frozenset[int]]:
    """Attacking: a living attack-source itself, else the attack and its controller's
    hero (fab:7.2.4a). Defending: the heroes attacked (fab:7.2.4b)."""
    attacking = {attacker.id}
    if not is_living(game, attacker):
        attacking.update(h.id for h in game.zone("hero", by))
    defending = {
        t.id
        for t in targets
        if isinstance(t, ObjectRef) and "hero" in game.characteristics(t).types
    }
    return frozenset(attacking), frozenset(defending)


def leave_stack(game: Game, obj: GameObject, *, resolved: bool) -> bool:
    """A resolved aura, item or landmark enters the arena as a permanent; True if it did."""
    if not resolved or obj.kind != "card":
        return False
    subtypes = game.characteristics(obj.ref).subtypes
    for subtype, number in PERMANENT_SUBTYPES.items():
        if subtype in subtypes:
            game.move(
                obj.ref,
                "permanent",
                player=obj.owner,
                controller=game.controller(obj.ref),
                rule_applied=rule(number),
                reason=f"a resolved {subtype} enters the arena",
            )
            return True
    return False
