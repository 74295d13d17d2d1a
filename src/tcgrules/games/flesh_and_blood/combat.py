"""Flesh and Blood combat after the attack is declared: defending, damage, closing.

- Defend step (fab:7.3): the controller of a defending hero declares cards from their
  hand that are not defense reactions, and public equipment they control
  (fab:7.3.2a); each needs a defense (fab:7.3.2b). Declaring is not playing: no cost,
  no layer (fab:7.3.2). The cards go onto the combat chain, in the order declared, as
  defending cards for that attack-target (fab:7.3.2d, fab:7.0.5a). An ally attacked
  has no defending hero, so nothing is declared for it (fab:8.2.8d).
- Damage step (fab:7.5): for each attack-target in turn (fab:7.5.2c), the attack's
  power against the sum of the defense of the cards defending it (fab:2.3.1); the
  difference, if positive, is dealt as physical damage, a hit (fab:7.5.2, 7.5.2a,
  7.5.5); a target that has ceased to exist or is no longer legal is dealt nothing
  (fab:7.5.2b).
- Spectra (fab:8.3.14b): an object with spectra that becomes the target of an attack
  triggers; the triggered-layer destroys it (fab:8.3.14) and closes the combat chain.
- The close step (fab:7.7): attacks and reactions on the stack are cleared
  (fab:7.7.3); equipment and weapons on the combat chain go back to the zones they
  came from, other permanents to the permanent zone (fab:7.7.5); the rest is cleared
  (fab:7.7.6); the attack ends (fab:7.7.7). Layers left on the stack are not resolved
  by the close (fab:7.7.4 is not modelled): the scenario resolves them.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from types import MappingProxyType

from tcgrules.games.flesh_and_blood import hit_triggers, hits
from tcgrules.games.flesh_and_blood.effects import deal_damage, destroy
from tcgrules.games.flesh_and_blood.play import attack_target_reasons
from tcgrules.kernel.events import Event
from tcgrules.kernel.game import AttackState, Defender, Game
from tcgrules.kernel.objects import Entity, ObjectRef, PlayerRef, StackInfo
from tcgrules.kernel.play import ability_on_stack
from tcgrules.kernel.resolution import Resolution
from tcgrules.kernel.ruleset import EffectHandler
from tcgrules.rules import RuleRef, rule
from tcgrules.verdict import Reason, Verdict

#: the zone an equipment of each subtype is equipped in (fab:3.2, 3.5, 3.10, 3.12)
EQUIPMENT_ZONES: tuple[str, ...] = ("head", "chest", "arms", "legs")

#: the types of deck-cards (fab:1.3.2c): never permanents on the combat chain (fab:1.3.3)
DECK_TYPES: frozenset[str] = frozenset(
    {"action", "attack reaction", "block", "defense reaction", "instant", "mentor", "resource"}
)

#: the types whose cards on the stack are cleared as the combat chain closes (fab:7.7.3)
REACTION_TYPES: frozenset[str] = frozenset({"attack reaction", "defense reaction"})


# ------------------------------------------------------------------ defend step
def defend_reasons(
    game: Game,
    state: AttackState | None,
    by: str,
    cards: tuple[ObjectRef, ...],
    target: Entity | None,
) -> list[Reason]:
    """Whether ``by`` may declare ``cards`` as defending for ``target`` (fab:7.3.2)."""
    if state is None or target is None:
        return [
            Reason(
                rule("fab:7.3.1"),
                "there is no attack: defending cards are declared in the defend step of combat",
            )
        ]
    if state.damage_dealt:
        return [
            Reason(
                rule("fab:7.0.1"),
                "this chain link is past its damage step, and the defend step comes before it",
            )
        ]
    name = game.describe(target)
    if target not in state.targets:
        return [Reason(rule("fab:7.3.2"), f"{name} is not a target of the attack")]
    if game.stack:
        return [
            Reason(
                rule("fab:7.2.6"),
                "the stack is not empty, so the attack step has not ended "
                "and the defend step has not begun",
            )
        ]
    hero = _defending_hero(game, by, target)
    if not hero.passed:
        return [hero]
    if any(d.controller == by for d in state.defenders_of(target)):
        return [
            Reason(
                rule("fab:7.3.2d"),
                f"{by} has declared the cards defending {name} already, all in one event",
            )
        ]
    reasons = [hero]
    for i, card in enumerate(cards):
        reasons.extend(_card_reasons(game, by, card, cards[:i]))
    return reasons


def _defending_hero(game: Game, by: str, target: Entity) -> Reason:
    """Only a defending hero's controller declares cards for it (fab:7.3.2a); an ally
    attacked has no defending hero (fab:8.2.8d)."""
    name = game.describe(target)
    if isinstance(target, PlayerRef) or not game.is_current(target):
        return Reason(rule("fab:7.3.2a"), f"{name} is no longer an object that can be defended")
    chars = game.characteristics(target)
    if "ally" in chars.subtypes:
        return Reason(
            rule("fab:8.2.8d"),
            f"{name} is an ally: its controller is not a defending hero and declares no "
            "defending cards",
        )
    if "hero" not in chars.types:
        return Reason(
            rule("fab:7.3.2a"),
            f"{name} is not a hero, and no rule or effect lets anyone defend it",
        )
    controller = game.controller(target)
    if controller != by:
        return Reason(
            rule("fab:7.3.2a"),
            f"{name} is the defending hero of {controller}, not of {by}",
        )
    return Reason(rule("fab:7.3.2a"), f"{name} is {by}'s defending hero", True)


def _card_reasons(
    game: Game, by: str, card: ObjectRef, earlier: tuple[ObjectRef, ...]
) -> list[Reason]:
    """A card from ``by``'s hand that is not a defense reaction, or public equipment
    ``by`` controls (fab:7.3.2a), with a defense, not defending already (fab:7.3.2b)."""
    name = game.describe(card)
    if not game.is_current(card):
        return [Reason(rule("fab:3.0.9"), f"{name} has become a new object since it was named")]
    if card in earlier:
        return [Reason(rule("fab:7.3.2b"), f"{name} is declared twice")]
    if card.id in game.defending_card_ids():
        return [Reason(rule("fab:7.3.2b"), f"{name} is already a defending card")]
    obj = game.get(card)
    chars = game.characteristics(card)
    spec = game.ruleset.zone_spec(obj.zone.name)
    reasons: list[Reason] = []
    if spec.name == "hand":
        if obj.zone.player != by:
            reasons.append(
                Reason(rule("fab:7.3.2a"), f"{name} is in {obj.zone.player}'s hand, not {by}'s")
            )
        elif "defense reaction" in chars.types:
            reasons.append(
                Reason(
                    rule("fab:7.3.2a"),
                    f"{name} is a defense reaction card: it can't be declared from hand",
                )
            )
        else:
            reasons.append(Reason(rule("fab:7.3.2a"), f"{name} is a card in {by}'s hand", True))
    elif spec.objects_are_permanents and spec.name != "combat_chain" and "equipment" in chars.types:
        controller = game.controller(card)
        if controller != by:
            reasons.append(
                Reason(rule("fab:7.3.2a"), f"{name} is equipment of {controller}, not of {by}")
            )
        else:
            reasons.append(Reason(rule("fab:7.3.2a"), f"{name} is equipment {by} controls", True))
    else:
        reasons.append(
            Reason(
                rule("fab:7.3.2a"),
                f"{name} is in the {spec.name} zone and is not equipment: only cards from "
                "hand and public equipment can be declared",
            )
        )
    if chars.value("defense") is None:
        reasons.append(Reason(rule("fab:7.3.2b"), f"{name} has no defense property"))
    return reasons


def declare_defenders(
    game: Game,
    state: AttackState,
    by: str,
    cards: tuple[ObjectRef, ...],
    target: Entity,
    *,
    how: RuleRef | None = None,
) -> AttackState:
    """The declared cards go onto the active chain link together, in the order declared
    (fab:7.3.2d), each becoming a defending card for ``target`` (fab:7.0.5a); declaring
    is not playing, so nothing is paid (fab:7.3.2)."""
    name = game.describe(target)
    added: list[Defender] = []
    for card in cards:
        origin = game.get(card).zone
        ref = game.move(
            card,
            "combat_chain",
            controller=by,
            rule_applied=how or rule("fab:7.3.2d"),
            reason=f"{'becomes' if how else 'declared as'} a defending card for {name}",
        )
        added.append(Defender(ref, target, by, origin))
    together = "alone" if len(added) == 1 else "together"
    for d in added:
        game.log(
            Event(
                "defend",
                f"{game.describe(d.card)} defends {name} ({together})",
                rule("fab:7.0.5a"),
                d.card,
                data=MappingProxyType({"target": target}),
            )
        )
    return replace(state, defenders=state.defenders + tuple(added))


# ------------------------------------------------------------------ damage step
def damage_step_reasons(game: Game, state: AttackState | None) -> list[Reason]:
    """The damage step comes once per chain link, after the stack has emptied
    (fab:7.4.3, fab:7.5.1)."""
    if state is None:
        return [Reason(rule("fab:7.5.1"), "there is no attack: the combat chain is closed")]
    if state.damage_dealt:
        return [Reason(rule("fab:7.0.1"), "this chain link's damage step has already happened")]
    if game.stack:
        return [
            Reason(
                rule("fab:7.4.3"),
                "the stack is not empty, so the reaction step has not ended "
                "and the damage step has not begun",
            )
        ]
    return [Reason(rule("fab:7.5.2"), "the stack is empty: the damage step begins", True)]


def combat_damage(game: Game, state: AttackState, target: Entity) -> None:
    """The attack's power against the total defense of the cards defending ``target``
    (fab:2.3.1, fab:7.5.2): a positive difference is dealt as physical damage, a hit
    (fab:7.5.2a, fab:7.5.5). An attack that has ceased to exist closes the combat chain
    (fab:7.7.2c); a target gone or illegal is dealt nothing (fab:7.5.2b)."""
    if game.attack is None:
        return  # the combat chain closed while an earlier target was dealt damage
    attack = state.attacker
    if not game.is_current(attack):
        close_combat_chain(
            game,
            rule("fab:7.7.2c"),
            f"{game.describe(attack)} has ceased to exist before damage is calculated",
        )
        return
    label = game.describe(attack)
    name = game.describe(target)
    if isinstance(target, PlayerRef) or not game.is_current(target):
        game.log(
            Event(
                "no_damage",
                f"{name} has ceased to exist: {label} deals it no damage",
                rule("fab:7.5.2b"),
            )
        )
        return
    verdict = Verdict.of(attack_target_reasons(game, attack, state.controller, target))
    if not verdict:
        game.log(
            Event(
                "no_damage",
                f"{name} is no longer a legal attack-target ({verdict.describe()}): "
                f"{label} deals it no damage",
                rule("fab:7.5.2b"),
                target,
            )
        )
        return
    power = max(game.characteristics(attack).number("power") or 0, 0)
    parts = [
        (game.describe(d.card), max(game.characteristics(d.card).number("defense") or 0, 0))
        for d in state.defenders_of(target)
        if game.is_current(d.card)
    ]
    defense = sum(v for _, v in parts)
    listed = ", ".join(f"{n} {v}" for n, v in parts) or "no defending cards"
    game.log(
        Event(
            "defense_total",
            f"the cards defending {name} add up to {defense} defense ({listed})",
            rule("fab:2.3.1"),
            target,
            data=MappingProxyType({"defense": defense}),
        )
    )
    if power <= defense:
        game.log(
            Event(
                "no_damage",
                f"{label}'s {power} power is not greater than {defense} defense: "
                f"no damage to {name}",
                rule("fab:7.5.2"),
                target,
            )
        )
        return
    amount = power - defense
    source = f"{label} ({power} power against {defense} defense)"
    if deal_damage(game, target, amount, source, rule_applied=rule("fab:7.5.2"), kind="physical"):
        game.log(
            Event(
                "hit",
                f"{label} hits {name}",
                rule("fab:7.5.5"),
                attack,
                data=MappingProxyType({"target": target, "amount": amount}),
            )
        )
        hits.after_damage(game, attack, state.controller, target, amount)
        hit_triggers.after_hit(game, attack, state.controller, target)


# ------------------------------------------------------------------ spectra
@dataclass(frozen=True, slots=True)
class SpectraTrigger:
    """Spectra's triggered-layer: destroy the object and close the combat chain
    (fab:8.3.14, fab:8.3.14b)."""

    source: ObjectRef


def spectra_triggers(game: Game, state: AttackState) -> None:
    """Each attack-target with spectra puts a triggered-layer on the stack
    (fab:8.3.14b), controlled by the target's controller."""
    for target in state.targets:
        if not isinstance(target, ObjectRef) or not game.is_current(target):
            continue
        if not game.characteristics(target).has_keyword("spectra"):
            continue
        name = game.describe(target)
        label = f"spectra of {name}"
        ref = ability_on_stack(
            game,
            label,
            game.controller(target) or game.get(target).owner,
            StackInfo(source=target, ability_kind="triggered", effects=(SpectraTrigger(target),)),
        )
        game.log(
            Event(
                "triggered",
                f"{label} triggers: {name} became the target of an attack; when this resolves, "
                f"{name} is destroyed and the combat chain closes",
                rule("fab:8.3.14b"),
                ref,
            )
        )


def _spectra(run: Resolution, effect: SpectraTrigger) -> None:
    """Destroy the object with spectra, if it is still there (fab:8.3.14), then close the
    combat chain (fab:8.3.14b)."""
    game = run.game
    if game.is_current(effect.source):
        destroy(game, effect.source, rule_applied=rule("fab:8.3.14"))
    close_combat_chain(game, rule("fab:8.3.14b"), f"{run.obj.label} resolves")


# ------------------------------------------------------------------ close step
def close_combat_chain(game: Game, rule_applied: RuleRef, why: str) -> bool:
    """The close step (fab:7.7): True if the combat chain was open and has closed."""
    state = game.attack
    if state is None:
        return False
    game.log(Event("combat_chain_closes", f"the combat chain closes: {why}", rule_applied))
    for ref in game.stack:
        obj = game.get(ref)
        chars = game.characteristics(ref)
        if obj.kind == "card" and (chars.types & REACTION_TYPES or "attack" in chars.subtypes):
            game.move(
                ref,
                "graveyard",
                rule_applied=rule("fab:7.7.3"),
                reason="an attack or reaction on the stack as the combat chain closes",
            )
    origins = {d.card.id: d.origin for d in state.defenders}
    for ref in game.zone("combat_chain"):
        obj = game.get(ref)
        chars = game.characteristics(ref)
        token = obj.kind == "token" or "token" in chars.types
        if token or not chars.types & DECK_TYPES:
            origin = origins.get(obj.id)
            zone = _equipped_zone(chars.types, chars.subtypes)
            zone = origin.name if origin is not None and zone is not None else zone
            game.move(
                ref,
                zone or "permanent",
                player=origin.player if origin is not None else None,
                controller=game.controller(ref),
                rule_applied=rule("fab:7.7.5"),
                reason="a permanent returns from the combat chain",
            )
        else:
            game.move(
                ref,
                "graveyard",
                rule_applied=rule("fab:7.7.6"),
                reason="cleared from the combat chain",
            )
    game.set_attack(None)
    game.log(
        Event(
            "combat_chain_closed",
            "the combat chain is closed: nothing is attacking or defending any more",
            rule("fab:7.7.7"),
        )
    )
    return True


def _equipped_zone(types: frozenset[str], subtypes: frozenset[str]) -> str | None:
    """The zone equipment or a weapon is equipped in (fab:7.7.5), None for another kind."""
    if "weapon" in types:
        return "weapon"
    if "equipment" in types:
        return next((z for z in EQUIPMENT_ZONES if z in subtypes), None)
    return None


#: Effect node type -> handler, for the ruleset's effect table.
EFFECTS: Mapping[type, EffectHandler] = MappingProxyType({SpectraTrigger: _spectra})
