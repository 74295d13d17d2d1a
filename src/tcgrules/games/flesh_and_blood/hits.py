"""Flesh and Blood: what an attack's own text does when it hits, or deals 4 or more damage.

An attack has hit when it deals damage to an attack-target in the damage step
(fab:7.5.5). Its abilities that wait for that - "When this hits ...", "If this hits
...", "When this hits a hero ..." - are triggered effects (fab:6.6.5): each that is
met creates a triggered-layer on the stack (fab:6.6.5), controlled by the attack's
controller (fab:1.7.1b), which the scenario then resolves. Crush ("Crush - When this
deals 4 or more damage to a hero, ...") waits for the damage, not the hit (fab:8.4.2,
8.4.2a).

What is executed: an ability read into effects this game carries out (create a token,
deal damage, gain or lose life, gets +N{p}, ...; and draw and discard, read by
:mod:`~tcgrules.games.flesh_and_blood.hand_effects`), with no targets to choose, after the
checks the text states (a hero hit; "the Nth time it has hit this turn"). Anything
else - effects not read (mark, banish from a deck, "it gets go again"...),
targets to choose, a condition not read - raises
:class:`~tcgrules.errors.NotSupportedError` naming the ability at the moment of the
hit: an on-hit ability is never passed over in silence. Triggers of other objects
("When a weapon you control hits" on a hero) are
:mod:`~tcgrules.games.flesh_and_blood.hit_triggers`'s.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from types import MappingProxyType
from typing import Any

from tcgrules.cardtext.nodes import (
    Ability,
    It,
    KeywordAbility,
    SpellAbility,
    StaticAbility,
    TriggeredAbility,
    Unsupported,
    UnsupportedEffect,
)
from tcgrules.errors import NotSupportedError
from tcgrules.games.flesh_and_blood import hand_effects
from tcgrules.kernel.events import Event
from tcgrules.kernel.game import Game
from tcgrules.kernel.objects import Entity, ObjectRef, StackInfo
from tcgrules.kernel.play import ability_on_stack
from tcgrules.rules import rule

#: "[label -] if/when this hits[ a hero][, and CONDITION], EFFECT"
ON_HIT = re.compile(
    r"(?:^|[.:] |- )\s*(?:if|when|whenever) (?:this|~|it)(?: attack)? hits"
    r"(?P<hero> a hero)?(?P<rest>[^,.]*(?:, and [^,.]*)?)[,.]",
    re.IGNORECASE,
)
#: "Crush - When this deals N or more damage[ to a hero], EFFECT" (fab:8.4.2)
CRUSH = re.compile(
    r"(?:^|[.:] |- )\s*crush - when (?:this|~) deals (?P<n>\d+) or more damage(?P<hero> to a hero)?"
    r"(?P<rest>[^,.]*)[,.]",
    re.IGNORECASE,
)
_NTH_HIT = re.compile(r"^, and it's the (?P<n>first|second|third) time it has hit this turn$", re.I)
_ORDINALS = {"first": 1, "second": 2, "third": 3}
#: the words an on-hit ability uses for the hero hit
_THE_HIT_HERO = frozenset({"they", "them", "their"})


def _own_text(text: str, name: str | None) -> str:
    """The ability's text as the patterns read it: bold marks removed, the card's own
    name as "~" (fab:2.12.3a)."""
    plain = text.replace("**", "")
    if name:
        plain = re.sub(re.escape(name), "~", plain, flags=re.IGNORECASE)
    return plain


def hit_abilities(
    abilities: tuple[Ability, ...], name: str | None
) -> Iterator[tuple[Ability, re.Match[str], bool]]:
    """The abilities that wait for a hit (False) or for Crush's damage (True), with the
    pattern that matched."""
    for ability in abilities:
        text = _own_text(ability.text, name)
        for pattern, crush in ((ON_HIT, False), (CRUSH, True)):
            # an ability in quotes is given to another object, not this one's own
            found = next(
                (m for m in pattern.finditer(text) if text[: m.start()].count('"') % 2 == 0),
                None,
            )
            if found:
                yield ability, found, crush
                break


def attack_abilities(game: Game, attack: ObjectRef) -> tuple[Ability, ...]:
    """The abilities the attack has now: its printed text, and the abilities effects gave
    it (fab:8.5.9)."""
    obj = game.get(attack)
    printed = game.ruleset.card_text(obj.card).abilities if obj.card is not None else ()
    granted = tuple(a for a in game.characteristics(attack).abilities if isinstance(a, Ability))
    return (*printed, *granted)


def after_damage(
    game: Game, attack: ObjectRef, controller: str, target: Entity, amount: int
) -> None:
    """The attack dealt ``amount`` to ``target`` in the damage step, a hit (fab:7.5.5):
    its on-hit and Crush abilities that are met trigger, or raise NotSupportedError."""
    if not isinstance(target, ObjectRef):
        return
    card = game.get(attack).card
    name = card.name if card is not None else None
    hero = "hero" in game.last_known(target).characteristics.types
    for ability, found, crush in hit_abilities(attack_abilities(game, attack), name):
        label = _label(game, attack, ability)
        if found.group("hero") and not hero:
            continue
        if crush and amount < int(found.group("n")):
            continue
        rest = found.group("rest").strip()
        if rest:
            nth = _NTH_HIT.match(found.group("rest")) if not crush else None
            if nth is None:
                raise NotSupportedError(f"the condition “{rest}” of {label}")
            if _hits_this_turn(game, attack) != _ORDINALS[nth.group("n")]:
                game.log(
                    Event(
                        "condition_not_met",
                        f"{label}: it has not hit for the {nth.group('n')} time this turn, "
                        "so it does not trigger",
                        rule("fab:6.6.5"),
                        attack,
                    )
                )
                continue
        _trigger(game, attack, (controller, target), ability, found, crush=crush)


def _label(game: Game, attack: ObjectRef, ability: Ability) -> str:
    return f"{game.describe(attack)}'s ability “{ability.text.replace('**', '')}”"


def _hits_this_turn(game: Game, attack: ObjectRef) -> int:
    return sum(
        1
        for e in game.events.this_turn()
        if e.kind == "hit" and isinstance(e.object, ObjectRef) and e.object.id == attack.id
    )


def _words_for_it(node: object) -> set[str]:
    """The words ("it", "they", "them") of the It references inside an effect node."""
    if isinstance(node, It):
        return {node.word.lower()}
    if isinstance(node, tuple):
        return {w for item in node for w in _words_for_it(item)}
    fields = getattr(node, "__dataclass_fields__", None)
    if not fields:
        return set()
    return {w for f in fields for w in _words_for_it(getattr(node, f))}


def read_hit_ability(
    game: Game, ability: Ability, found: re.Match[str], name: str | None, label: str
) -> tuple[tuple[Any, ...], tuple[Any, ...]]:
    """The ability's effects and target requirements: as the reader read them when the
    ability is the hit trigger itself, else (an "If this hits, ..." line the reader kept
    whole, or a sentence after another) read from the words after the condition."""
    if isinstance(ability, KeywordAbility | Unsupported):
        raise NotSupportedError(f"{label} (its text is not read)")
    plain = _own_text(ability.text, name)
    effects, requirements = ability.effects, ability.requirements
    whole = isinstance(ability, TriggeredAbility) and "." not in plain[: found.start()]
    if whole and effects and not any(isinstance(e, UnsupportedEffect) for e in effects):
        return effects, requirements  # the ability is the trigger, read as one
    rest = plain[found.end() :].strip()
    parsed = game.ruleset.parse_text(rest[:1].upper() + rest[1:]).abilities if rest else ()
    if len(parsed) == 1 and isinstance(parsed[0], SpellAbility | StaticAbility):
        read = parsed[0]
        if read.effects and not any(isinstance(e, UnsupportedEffect) for e in read.effects):
            return read.effects, read.requirements
    plain_effect = hand_effects.read(rest)  # "draw a card", "they discard a card"
    if plain_effect is not None:
        return plain_effect, ()
    raise NotSupportedError(f"{label} (the effect “{rest or ability.text}” is not read)")


def executable_hit_effects(
    game: Game,
    ability: Ability,
    found: re.Match[str],
    name: str | None,
    label: str,
    *,
    it_means: frozenset[str] = frozenset(),
) -> tuple[Any, ...]:
    """The effects of a hit trigger (:func:`read_hit_ability`), checked before it goes on
    the stack: each one the ruleset carries out, no target to choose, and no "it" or
    "they" but the words in ``it_means``; else NotSupportedError naming ``label``."""
    effects, requirements = read_hit_ability(game, ability, found, name, label)
    unknown = [type(e).__name__ for e in effects if type(e) not in game.ruleset.effects]
    if unknown:
        raise NotSupportedError(f"{label} (effects {', '.join(unknown)})")
    if requirements:
        raise NotSupportedError(f"choosing the targets of {label} as it triggers")
    words = _words_for_it(effects)
    if words - it_means:
        raise NotSupportedError(f"what “{'/'.join(sorted(words))}” names in {label}")
    return tuple(effects)


def _trigger(
    game: Game,
    attack: ObjectRef,
    whose: tuple[str, ObjectRef],
    ability: Ability,
    found: re.Match[str],
    *,
    crush: bool,
) -> None:
    """Put the triggered-layer on the stack (fab:6.6.5), controlled by ``whose``'s player
    and about its hero hit, or refuse to pass it over."""
    controller, target = whose
    card = game.get(attack).card
    name = card.name if card is not None else None
    label = _label(game, attack, ability)
    effects = executable_hit_effects(game, ability, found, name, label, it_means=_THE_HIT_HERO)
    node = ability if isinstance(ability, TriggeredAbility) else None
    ref = ability_on_stack(
        game,
        f"{'crush' if crush else 'on-hit'} ability of {game.describe(attack)}",
        controller,
        StackInfo(
            source=attack,
            ability_kind="triggered",
            effects=effects,
            # "they"/"them"/"their" in an on-hit ability is the hero hit (fab:1.1.2b)
            it=(target,),
            about=(target,),
        ),
        node,
    )
    game.log(
        Event(
            "triggered",
            f"{label} triggers"
            + (" (it dealt 4 or more damage)" if crush else f" ({game.describe(attack)} hit)"),
            rule("fab:8.4.2a" if crush else "fab:6.6.5"),
            ref,
            data=MappingProxyType({"about": target}),
        )
    )
