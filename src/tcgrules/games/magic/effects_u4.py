"""Magic's handlers for copies, tokens and references, third pass (helper U4): the
exceptions of a token copy ("except it's an artifact in addition to its other types",
"except it isn't legendary", mtg:707.9b)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from types import MappingProxyType

from tcgrules.cardtext.nodes import BecomesCopy, CreateTokenCopy
from tcgrules.errors import NotSupportedError
from tcgrules.games.magic.effects_becomes import copy_exceptions
from tcgrules.games.magic.effects_copy_effects import (
    becomes_exception_words,
    copy_duration,
    given_copy_values,
)
from tcgrules.games.magic.vocabulary import CARD_TYPES
from tcgrules.kernel.characteristics import Characteristics, Keyword
from tcgrules.kernel.effects import CopyOf
from tcgrules.kernel.events import Event
from tcgrules.kernel.resolution import Resolution
from tcgrules.kernel.ruleset import EffectHandler
from tcgrules.rules import RuleRef, rule


def copy_with_exceptions(values: Characteristics, effect: CreateTokenCopy) -> Characteristics:
    """The copiable values of a token copy with the copy effect's exceptions, which
    become part of them (mtg:707.9b): keywords and quoted abilities it also has
    (mtg:707.9a), types added in addition to the copied ones (a card type or a
    subtype, mtg:205.1b), legendary added or taken away (mtg:205.4a)."""
    from tcgrules.games.magic.effects import granted_ability  # noqa: PLC0415 (cycle)

    added = (
        *(Keyword(k) for k in effect.keywords),
        *(granted_ability(g) for g in effect.granted),
    )
    if added:
        values = replace(values, abilities=(*values.abilities, *added))
    card_types = {t for t in effect.types if t in CARD_TYPES}
    subtypes = {t for t in effect.types if t not in CARD_TYPES}
    if card_types or subtypes:
        values = replace(
            values, types=values.types | card_types, subtypes=values.subtypes | subtypes
        )
    if effect.legendary is True:
        values = replace(values, supertypes=values.supertypes | {"legendary"})
    elif effect.legendary is False:
        values = replace(values, supertypes=values.supertypes - {"legendary"})
    if effect.added_colors:
        # "in addition to its other colors" (mtg:105.3; helper T6)
        values = replace(values, colors=values.colors | set(effect.added_colors))
    return given_values(values, effect)


def given_values(values: Characteristics, effect: CreateTokenCopy) -> Characteristics:
    """Values the exceptions give instead of the copied ones (mtg:707.9b): power and
    toughness, colors, subtypes (and card types when the exception names one)."""
    if effect.size is not None:
        power, toughness = effect.size
        values = replace(values, values={**values.values, "power": power, "toughness": toughness})
    if effect.colors is not None:
        values = replace(values, colors=frozenset(effect.colors))
    if effect.exact_types is not None:
        card_types = frozenset(t for t in effect.exact_types if t in CARD_TYPES)
        values = replace(
            values,
            types=card_types or values.types,
            subtypes=frozenset(t for t in effect.exact_types if t not in CARD_TYPES),
        )
    return values


def exception_words(effect: CreateTokenCopy) -> list[str]:
    """The exceptions, as the narration tells them."""
    words = [*effect.keywords, *(f'"{g.text.strip().strip(chr(34))}"' for g in effect.granted)]
    words += [f"{t} in addition to its other types" for t in effect.types]
    words += [f"{c} in addition to its other colors" for c in effect.added_colors]
    if effect.legendary is not None:
        words.append("legendary" if effect.legendary else "not legendary")
    return [*given_words(effect), *words]


def given_words(effect: CreateTokenCopy) -> list[str]:
    """The values given instead of the copied ones, as the narration tells them."""
    words = []
    if effect.size is not None:
        words.append(f"{effect.size[0]}/{effect.size[1]}")
    if effect.colors is not None:
        words.append(" and ".join(effect.colors) or "colorless")
    if effect.exact_types is not None:
        named = " ".join(effect.exact_types)
        kinds = "types" if CARD_TYPES & set(effect.exact_types) else "subtypes"
        words.append(f"{named} instead of the copied {kinds}")
    return words


def exception_rule(effect: CreateTokenCopy) -> RuleRef:
    """The rule a token copy's creation cites: an exception that only adds abilities
    (mtg:707.9a), other exceptions (mtg:707.9b), none (mtg:707.2)."""
    if effect.types or effect.legendary is not None or effect.added_colors or given_words(effect):
        return rule("mtg:707.9b")
    if effect.keywords or effect.granted:
        return rule("mtg:707.9a")
    return rule("mtg:707.2")


def refuse_entering_attacking(effect: CreateTokenCopy) -> None:
    """A token copy that enters tapped and attacking joins a combat without being
    declared as an attacker, its controller choosing what it attacks (mtg:508.4); the
    kernel's attack has no place for a creature joining it, so this is not supported
    (raised before anything is created)."""
    if effect.attacking:
        raise NotSupportedError(
            "a token copy entering the battlefield tapped and attacking (mtg:508.4)"
        )


def _becomes_copy(run: Resolution, effect: BecomesCopy) -> None:
    """Each object ``what`` names gets the copiable values of the first object ``of``
    names, taken as the effect begins (mtg:707.2), in layer 1 (mtg:613.1a); with
    "until end of turn" the effect ends in the cleanup step (mtg:514.2). An original
    gone by now gives nothing to copy (mtg:608.2b)."""
    game = run.game
    originals = [o for o, _ in run.objects(effect.of) if game.is_current(o)]
    if not originals:
        return
    original = originals[0]
    values = copy_exceptions(run, effect, game.copiable_characteristics(original))
    values = given_copy_values(run, effect, values)  # helper T6
    until, holder, words = copy_duration(run, effect)
    excepts = becomes_exception_words(effect, values)
    for t, _ in run.objects(effect.what):
        if not game.is_current(t) or t == original:
            continue
        label = game.describe(t)
        game.add_effect(
            t,
            CopyOf(values, original),
            until=until,
            source=run.obj.ref,
            rule_applied=rule("mtg:613.1a"),
            holder=holder,
        )
        game.log(
            Event(
                "became_copy",
                f"{label} becomes a copy of {game.describe(original)}{words}{excepts}",
                rule("mtg:707.2"),
                t,
            )
        )


#: the handlers of this family, merged into Magic's effect table
U4_EFFECTS: Mapping[type, EffectHandler] = MappingProxyType({BecomesCopy: _becomes_copy})
