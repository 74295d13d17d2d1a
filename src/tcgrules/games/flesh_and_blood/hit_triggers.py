"""Flesh and Blood: abilities of other objects that trigger when an attack hits.

An attack hits when it deals damage to an attack-target (fab:7.5.5). Besides the
attack's own on-hit text (:mod:`~tcgrules.games.flesh_and_blood.hits`), objects its
controller controls in the arena may wait for that event: "When a weapon you control
hits, ...", "Whenever an attack you control hits a hero, ...". Each that matches is a
triggered effect (fab:6.6.5): its triggered-layer goes on the stack, controlled by the
object's controller (fab:1.7.1b), with the effect read as the attack's own on-hit
effects are (:func:`hits.read_hit_ability`).

What is matched: the subjects "a weapon", "an attack", "a weapon attack" and "an
attack action card" that "you control", optionally hitting "a hero". Any other subject
(a class, a subtype, "you own", a card's name...), a condition after the hit, an effect not
read, targets to choose or an "it" to name raise
:class:`~tcgrules.errors.NotSupportedError` naming the ability at the hit: none is
passed over in silence. One effect is left to its own moment: the permission to
"attack an additional time" with the weapon is refused as not supported when that
attack is declared (:mod:`~tcgrules.games.flesh_and_blood.attacks`); at the hit it is
logged, not put on the stack.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from types import MappingProxyType

from tcgrules.cardtext.nodes import Ability
from tcgrules.errors import NotSupportedError
from tcgrules.games.flesh_and_blood.hits import (
    _own_text,
    attack_abilities,
    executable_hit_effects,
)
from tcgrules.games.flesh_and_blood.play import ARENA
from tcgrules.kernel.events import Event
from tcgrules.kernel.game import Game
from tcgrules.kernel.objects import Entity, ObjectRef, StackInfo
from tcgrules.kernel.play import ability_on_stack
from tcgrules.rules import rule

#: "When/Whenever SUBJECT hits[ a hero][ REST], EFFECT" where SUBJECT is not the object
OTHER_HIT = re.compile(
    r"(?:^|[.:] |- )\s*(?:when|whenever) (?P<subject>(?!this\b|it\b|~)[^,.\"]+?) hits"
    r"(?P<hero> a hero)?(?P<rest>[^,.]*)[,.]",
    re.IGNORECASE,
)
#: the subjects read: what the attack must be, under its controller's control
_SUBJECT = re.compile(
    r"^an? (?P<what>weapon|attack|weapon attack|attack action card) you control$", re.I
)
_EXTRA_ATTACK = re.compile(r"\battack an additional time\b", re.IGNORECASE)


def other_hit_abilities(
    abilities: tuple[Ability, ...], name: str | None
) -> Iterator[tuple[Ability, re.Match[str]]]:
    """The abilities that wait for an attack other than this object to hit, with the
    pattern that matched (text in quotes is given to another object: not counted)."""
    for ability in abilities:
        text = _own_text(ability.text, name)
        found = next(
            (m for m in OTHER_HIT.finditer(text) if text[: m.start()].count('"') % 2 == 0),
            None,
        )
        if found:
            yield ability, found


def _matches(game: Game, attack: ObjectRef, what: str) -> bool:
    """Whether the attack is ``what`` ("weapon", "attack", ...)."""
    chars = game.characteristics(attack)
    if what == "attack":
        return True
    if what in ("weapon", "weapon attack"):
        return "weapon" in chars.types
    return "action" in chars.types and "attack" in chars.subtypes  # attack action card


def after_hit(game: Game, attack: ObjectRef, controller: str, target: Entity) -> None:
    """``attack`` hit ``target`` (fab:7.5.5): the hit-triggers of the objects
    ``controller`` controls in the arena that match trigger (fab:6.6.5), or raise."""
    if not isinstance(target, ObjectRef):
        return
    hero = "hero" in game.last_known(target).characteristics.types
    for obj in list(game.objects()):
        if obj.zone.name not in ARENA or obj.ref.id == attack.id:
            continue
        if game.controller(obj.ref) != controller:
            continue
        name = obj.card.name if obj.card is not None else None
        for ability, found in other_hit_abilities(attack_abilities(game, obj.ref), name):
            label = f"{game.describe(obj.ref)}'s ability “{ability.text.replace('**', '')}”"
            subject = _SUBJECT.match(found.group("subject").strip())
            if subject is None:
                raise NotSupportedError(
                    f"whether {game.describe(attack)} is “{found.group('subject')}” for {label}"
                )
            if not _matches(game, attack, subject.group("what").lower()):
                continue
            if found.group("hero") and not hero:
                continue
            rest = found.group("rest").strip()
            if rest:
                raise NotSupportedError(f"the condition “{rest}” of {label}")
            _trigger(game, (obj.ref, attack), (controller, target), ability, found, label=label)


def _trigger(
    game: Game,
    objects: tuple[ObjectRef, ObjectRef],
    whose: tuple[str, ObjectRef],
    ability: Ability,
    found: re.Match[str],
    *,
    label: str,
) -> None:
    """Put the triggered-layer of ``objects`` (the trigger's source, the attack) on the
    stack (fab:6.6.5), or refuse to pass it over."""
    source, attack = objects
    controller, target = whose
    if _EXTRA_ATTACK.search(ability.text):
        game.log(
            Event(
                "triggered",
                f"{label} triggers ({game.describe(attack)} hit): an additional attack with "
                "it is not supported, and is refused as such when declared",
                rule("fab:6.6.5"),
                source,
                data=MappingProxyType({"about": attack}),
            )
        )
        return
    card = game.get(source).card
    name = card.name if card is not None else None
    effects = executable_hit_effects(game, ability, found, name, label)
    ref = ability_on_stack(
        game,
        f"hit-triggered ability of {game.describe(source)}",
        controller,
        StackInfo(source=source, ability_kind="triggered", effects=effects, about=(target,)),
        None,
    )
    game.log(
        Event(
            "triggered",
            f"{label} triggers ({game.describe(attack)} hit)",
            rule("fab:6.6.5"),
            ref,
            data=MappingProxyType({"about": attack}),
        )
    )
