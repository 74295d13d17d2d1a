"""Flesh and Blood's effects: one handler per effect node (the ruleset's effect table).

A handler receives the kernel's :class:`~tcgrules.kernel.resolution.Resolution`,
which has already dropped the targets that became illegal (fab:5.3.2a). Players
have no life in Flesh and Blood: an effect on "you" or on a player acts on that
player's hero, the living object that stands for them.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from tcgrules.carddata.bundled import bundled_cards
from tcgrules.carddata.model import CardDefinition
from tcgrules.cardtext.nodes import (
    ChangeTargets,
    CreateToken,
    DealDamage,
    Destroy,
    Exile,
    GainLife,
    LoseLife,
    ReturnToHand,
)
from tcgrules.errors import NotSupportedError
from tcgrules.games.flesh_and_blood.names import names_equal
from tcgrules.games.flesh_and_blood.play import is_living
from tcgrules.games.flesh_and_blood.vocabulary import parse_type_line
from tcgrules.kernel.events import Event
from tcgrules.kernel.objects import Entity, ObjectRef, PlayerRef
from tcgrules.kernel.resolution import Resolution
from tcgrules.kernel.ruleset import EffectHandler
from tcgrules.rules import rule


def _objects(run: Resolution, entities: list[tuple[Entity, int | None]]) -> list[ObjectRef]:
    """The objects an effect acts on: players stand for their heroes."""
    found: list[ObjectRef] = []
    for entity, _ in entities:
        if isinstance(entity, PlayerRef):
            found.extend(run.game.zone("hero", entity.name))
        elif run.game.is_current(entity):
            found.append(entity)
    return found


def _deal(run: Resolution, effect: DealDamage) -> None:
    """Damage makes a living object lose that much life (fab:8.5.3); damage to an
    object without life fails (fab:8.5.3c)."""
    game = run.game
    amount = run.amount(effect.amount)
    for target in _objects(run, run.entities(effect.to)):
        label = game.describe(target)
        if not is_living(game, target):
            game.log(
                Event(
                    "effect_failed",
                    f"{label} has no life, so the damage from {run.obj.label} fails",
                    rule("fab:8.5.3c"),
                    target,
                )
            )
            continue
        if amount <= 0:
            continue
        game.change_object_life(target, -amount, rule_applied=rule("fab:8.5.3"))
        game.log(
            Event(
                "damage",
                f"{run.obj.label} deals {amount} damage to {label}",
                rule("fab:8.5.3"),
                target,
                data=MappingProxyType({"amount": amount}),
            )
        )


def _life(run: Resolution, effect: GainLife | LoseLife) -> None:
    """A living object gains or loses life (fab:8.5.7a, fab:8.5.12a)."""
    gain = isinstance(effect, GainLife)
    number = "fab:8.5.7a" if gain else "fab:8.5.12a"
    amount = run.amount(effect.amount)
    for target in _objects(run, run.entities(effect.who)):
        if is_living(run.game, target):
            run.game.change_object_life(
                target, amount if gain else -amount, rule_applied=rule(number)
            )
        else:
            run.game.log(
                Event(
                    "effect_failed",
                    f"{run.game.describe(target)} has no life to change",
                    rule(number),
                    target,
                )
            )


def _destroy(run: Resolution, effect: Destroy) -> None:
    """Destroy puts the object into its owner's graveyard (fab:8.5.4)."""
    for target, _ in run.objects(effect.what):
        label = run.game.describe(target)
        new = run.game.move(target, "graveyard", rule_applied=rule("fab:8.5.4"), reason="destroyed")
        run.game.log(Event("destroyed", f"{label} is destroyed", rule("fab:8.5.4"), new))


def _banish(run: Resolution, effect: Exile) -> None:
    """Banish moves the object to its owner's banished zone (fab:8.5.1)."""
    for target, _ in run.objects(effect.what):
        run.game.move(target, "banished", rule_applied=rule("fab:8.5.1"), reason="banished")


def _return_to_hand(run: Resolution, effect: ReturnToHand) -> None:
    """Return moves the object to its owner's hand (fab:8.5.15)."""
    for target, _ in run.objects(effect.what):
        run.game.move(
            target, "hand", rule_applied=rule("fab:8.5.15"), reason="returned to its owner's hand"
        )


def _change_targets(run: Resolution, effect: ChangeTargets) -> None:
    """New targets for a layer: only legal targets of its targeted effect may be chosen,
    and with no other legal target the target stays as it is (fab:1.8.5f)."""
    for target, _ in run.objects(effect.what):
        run.change_targets(target, effect.how, effect.to)


#: the subtypes of tokens that are created as permanents in a permanent zone of the arena
#: (auras, items, allies, landmarks and figments are permanents, fab:8.2)
_PERMANENT_TOKEN_SUBTYPES = frozenset({"aura", "item", "ally", "landmark", "figment"})


def token_definition(name: str) -> CardDefinition | None:
    """The token a token keyword names (fab:8.0.7, fab:8.6), from the bundled token cards
    (a token-card has the type token, fab:1.3.2b); None if tcgrules has none by that name."""
    for card in bundled_cards("fab").values():
        box = parse_type_line(card.type_line)
        if "token" in box.types and names_equal(card.name, name):
            return card
    return None


def _create_token(run: Resolution, effect: CreateToken) -> None:
    """Create the token in the arena under the control of the player told to create it
    (fab:8.5.2, fab:8.5.2c), with the properties its token keyword defines (fab:8.5.2a)."""
    card = token_definition(effect.name)
    if card is None:
        raise NotSupportedError(
            f"creating a {effect.name} token", "tcgrules has no definition of that token (fab:8.6)"
        )
    subtypes = {s.lower() for s in parse_type_line(card.type_line).subtypes}
    if not subtypes & _PERMANENT_TOKEN_SUBTYPES:
        raise NotSupportedError(
            f"creating a {effect.name} token", "only aura, item, ally, landmark and figment tokens"
        )
    game = run.game
    count = run.amount(effect.count)
    for who, _ in run.entities(effect.who):
        player = who.name if isinstance(who, PlayerRef) else game.controller(who)
        if player is None:
            continue
        for _ in range(count):
            token = game.create(card, player, "permanent", kind="token", controller=player)
            game.log(
                Event(
                    "created",
                    f"{player} creates a {card.name} token in the arena",
                    rule("fab:8.5.2"),
                    token,
                )
            )


#: Effect node type -> handler: what Flesh and Blood's effects do, in order (fab:5.3.4).
EFFECTS: Mapping[type, EffectHandler] = MappingProxyType(
    {
        DealDamage: _deal,
        GainLife: _life,
        LoseLife: _life,
        Destroy: _destroy,
        Exile: _banish,
        ReturnToHand: _return_to_hand,
        ChangeTargets: _change_targets,
        CreateToken: _create_token,
    }
)
