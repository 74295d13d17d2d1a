"""Flesh and Blood: what may attack, and where an attack goes once declared.

- Only attacks attack (fab:1.4.1): an attack-card - a card with the subtype attack,
  played from its player's hand or arsenal (fab:1.4.2, 1.4.2a, fab:5.1.1a); an
  attack-proxy - made by an object's attack ability, an activated ability whose
  abilities are "Attack" (fab:1.4.3, fab:8.3.1), which its player must control
  (fab:5.2.2); or an attack-layer (fab:1.4.4), which only a card's own text makes and
  which scenarios do not declare directly. Anything else (an item, an ally with no
  attack ability, a card with the attack subtype already in the arena) is not an
  attack and is refused with fab:1.4.1.
- An attack has one attack-target (fab:1.4.5); several only when its text says it
  attacks more ("attacks up to X target heroes", "attacks an additional target"), and
  then each separate and legal (fab:1.4.5c).
- An attack ability with a LIMIT ("Once per Turn") can be activated that many times a
  turn (fab:5.2.1a): a second attack with it in the same turn is refused.
- An attack-proxy and its attack-source move onto the combat chain as the chain link
  (fab:7.2.3b, fab:8.3.1a): the weapon or ally leaves its zone for the combat chain
  and returns as the chain closes (fab:7.7.5). The kernel has no separate proxy
  object: the attack-source on the chain link stands for its proxy, and effects
  chosen "as an attack" on it last only as long as the proxy would (fab:1.4.3c; see
  :mod:`tcgrules.games.flesh_and_blood.effects`).
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from tcgrules.cardtext.nodes import Ability
from tcgrules.errors import NotSupportedError
from tcgrules.games.flesh_and_blood.play import ARENA
from tcgrules.kernel.game import Game
from tcgrules.kernel.objects import Entity, ObjectRef
from tcgrules.rules import rule
from tcgrules.verdict import Reason

#: "[LIMIT] TYPE - COST: Attack" (fab:5.2.1, fab:8.3.1), bold marks removed
_ATTACK_ABILITY = re.compile(
    r"^\s*(?P<limit>once per turn\s+)?[a-z ]+?\s*[-\u2013\u2014]+\s*[^:]*:\s*attack\b",
    re.IGNORECASE,
)
#: text that lets an attack have more than one attack-target (fab:1.4.5c)
_MORE_TARGETS = re.compile(
    r"\battacks? (?:up to \w+ target|an additional (?:target|hero)|\w+ additional hero)",
    re.IGNORECASE,
)
#: text that lets an object attack again beyond its limit
_EXTRA_ATTACK = re.compile(r"\battack an additional time\b", re.IGNORECASE)
#: the zones an attack-card is played from (fab:5.1.1a)
_PLAYED_FROM = frozenset({"hand", "arsenal"})


def ability_texts(game: Game, ref: ObjectRef) -> Iterator[str]:
    """The texts of the abilities ``ref`` has now: its printed text, line by line, and
    the abilities effects gave it (fab:8.5.9), bold marks removed."""
    obj = game.get(ref)
    if obj.card is not None and obj.card.text:
        for line in obj.card.text.splitlines():
            if line.strip():
                yield line.replace("**", "")
    for ability in game.characteristics(ref).abilities:
        if isinstance(ability, Ability):
            yield ability.text.replace("**", "")


def attack_ability(game: Game, ref: ObjectRef) -> re.Match[str] | None:
    """The object's attack ability (fab:8.3.1), if it has one."""
    for text in ability_texts(game, ref):
        found = _ATTACK_ABILITY.match(text)
        if found:
            return found
    return None


def controls_source_reasons(game: Game, source: ObjectRef, by: str) -> list[Reason]:
    """Whether ``by`` may activate an ability of ``source``: they must control it, or
    own it if it has no controller (fab:5.2.2)."""
    name = game.describe(source)
    controller = game.controller(source)
    who = controller if controller is not None else game.get(source).owner
    if who != by:
        whose = "controlled" if controller is not None else "owned, with no controller,"
        return [
            Reason(
                rule("fab:5.2.2"),
                f"{name} is {whose} by {who}: {by} can't activate its abilities",
            )
        ]
    return [Reason(rule("fab:5.2.2"), f"{by} controls {name}, the source of the ability", True)]


def attack_reasons(
    game: Game, attacker: ObjectRef, by: str, targets: tuple[Entity, ...]
) -> list[Reason]:
    """Whether ``attacker`` is an attack ``by`` may make, at ``targets`` as a whole
    (fab:1.4.1-1.4.5c, fab:5.2.1a, fab:5.2.2)."""
    reasons = _what_attacks(game, attacker, by)
    reasons.extend(_how_many_targets(game, attacker, targets))
    return reasons


def _what_attacks(game: Game, attacker: ObjectRef, by: str) -> list[Reason]:
    name = game.describe(attacker)
    obj = game.get(attacker)
    chars = game.characteristics(attacker)
    zone = obj.zone.name
    if obj.kind == "card" and "attack" in chars.subtypes and zone == "combat_chain":
        # put on the combat chain (by a scenario's setup) to become the active-attack
        state = game.attack
        if attacker.id in game.defending_card_ids() or (
            state is not None and state.attacker.id == attacker.id
        ):
            return [Reason(rule("fab:1.4.2a"), f"{name} is already on a chain link")]
        return [Reason(rule("fab:1.4.2"), f"{name} is an attack-card on the combat chain", True)]
    if obj.kind == "card" and "attack" in chars.subtypes and zone not in ARENA:
        if zone not in _PLAYED_FROM and not game.ruleset.zone_spec(zone).is_stack:
            return [
                Reason(
                    rule("fab:1.4.2a"),
                    f"{name} is in the {zone} zone: an attack-card is played from a hand "
                    "or an arsenal",
                )
            ]
        if obj.zone.player not in {None, by}:
            return [Reason(rule("fab:1.4.2"), f"{name} is in {obj.zone.player}'s {zone}")]
        return [Reason(rule("fab:1.4.2"), f"{name} is an attack-card (subtype attack)", True)]
    found = attack_ability(game, attacker)
    if found is None:
        why = (
            "it has the attack subtype but is already in the arena, not played as an attack"
            if "attack" in chars.subtypes
            else "it is not an attack-card and has no attack ability to make an attack-proxy"
        )
        return [
            Reason(
                rule("fab:1.4.1"),
                f"{name} can't attack: {why} (only attack-cards, attack-proxies and "
                "attack-layers are attacks)",
            )
        ]
    if zone not in ARENA:
        return [
            Reason(
                rule("fab:1.7.4"),
                f"{name} is in the {zone} zone: its attack ability works only in the arena",
            )
        ]
    reasons = [
        Reason(rule("fab:1.4.3"), f"{name}'s attack ability makes an attack-proxy", True),
        *controls_source_reasons(game, attacker, by),
    ]
    if found.group("limit") and _attacked_this_turn(game, attacker):
        _no_extra_attack(game, attacker, by)
        reasons.append(
            Reason(
                rule("fab:5.2.1a"),
                f"{name}'s attack ability is Once per Turn and has been used this turn",
            )
        )
    return reasons


def _no_extra_attack(game: Game, source: ObjectRef, by: str) -> None:
    """Effects that let a weapon attack an additional time this turn ("When a weapon you
    control hits, you may attack an additional time with that weapon this turn") are not
    modelled: once such a text could have applied - the source hit this turn and an
    object of ``by``'s in the arena says so - a second attack is not supported rather
    than refused."""
    hit = any(
        e.kind == "hit" and isinstance(e.object, ObjectRef) and e.object.id == source.id
        for e in game.events.this_turn()
    )
    if not hit:
        return
    for obj in game.objects():
        if obj.zone.name not in ARENA or game.controller(obj.ref) != by:
            continue
        for text in ability_texts(game, obj.ref):
            if _EXTRA_ATTACK.search(text):
                raise NotSupportedError(
                    f"attacking an additional time with {game.describe(source)} "
                    f"({obj.label}: “{text}”)"
                )


def _attacked_this_turn(game: Game, source: ObjectRef) -> bool:
    """Whether an attack of ``source`` was declared this turn (the same object: moving
    within the arena keeps it, fab:3.0.9)."""
    return any(
        e.kind == "attack" and isinstance(e.object, ObjectRef) and e.object.id == source.id
        for e in game.events.this_turn()
    )


def _how_many_targets(game: Game, attacker: ObjectRef, targets: tuple[Entity, ...]) -> list[Reason]:
    if len(targets) <= 1:
        return []
    if any(_MORE_TARGETS.search(t) for t in ability_texts(game, attacker)):
        return [
            Reason(
                rule("fab:1.4.5c"),
                f"{game.describe(attacker)}'s text lets it attack more than one target",
                True,
            )
        ]
    return [
        Reason(
            rule("fab:1.4.5"),
            f"an attack has one attack-target, and nothing lets {game.describe(attacker)} "
            f"attack {len(targets)}",
        )
    ]


def place_attack(game: Game, attacker: ObjectRef, by: str) -> ObjectRef:
    """An attack-card not in the arena moves onto the combat chain as the chain link's
    active-attack (fab:7.2.3a); an attack-proxy's attack-source moves onto it with its
    proxy (fab:7.2.3b), unless it is on the combat chain already (a second attack of the
    same weapon: it goes on to the new chain link)."""
    obj = game.get(attacker)
    if obj.zone.name == "combat_chain":
        return attacker
    if obj.kind == "card" and "attack" in game.characteristics(attacker).subtypes:
        if obj.zone.name in ARENA:
            return attacker
        return game.move(
            attacker,
            "combat_chain",
            controller=by,
            rule_applied=rule("fab:7.2.3a"),
            reason="an attack card moves onto the combat chain as a chain link",
        )
    return game.move(
        attacker,
        "combat_chain",
        controller=game.controller(attacker) or by,
        rule_applied=rule("fab:7.2.3b"),
        reason="the attack-source moves onto the combat chain with its attack-proxy",
    )
