"""Abilities used "As a Spell" (ga:abilities/general-rules-17): such an ability counts
as having the Spell subtype, so everything that asks whether the thing choosing
targets is a Spell (Spellshroud, ga:keywords-and-abilities/spellshroud-1) answers yes
for it, though its card is no Spell.

The kernel asks :meth:`Ruleset.targeter_for_requirement` before it checks a target;
here the ability the instance of "target" belongs to is found on the source's card
text, and if that ability is qualified "As a Spell", the targeter's characteristics
gain the Spell subtype.
"""

from __future__ import annotations

from dataclasses import replace

from tcgrules.cardtext import nodes as n
from tcgrules.kernel.characteristics import Characteristics
from tcgrules.kernel.descriptors import TargetRequirement
from tcgrules.kernel.game import Game
from tcgrules.kernel.targeting import Targeter

SPELL = "spell"


def _requirements(
    ability: n.SpellAbility
    | n.ActivatedAbility
    | n.TriggeredAbility
    | n.StaticAbility
    | n.KeywordAbility,
) -> tuple[TargetRequirement, ...]:
    """The instances of "target" of one ability, its modes' included."""
    found = list(ability.requirements)
    if not isinstance(ability, n.StaticAbility | n.KeywordAbility):
        for effect in ability.effects:
            if isinstance(effect, n.Modal):
                for mode in effect.modes:
                    found.extend(mode.requirements)
    return tuple(found)


def _same(mine: TargetRequirement, asked: TargetRequirement) -> bool:
    """The same instance of "target": the very requirement, or an equal one at the same
    place in the text (two abilities may say the same words)."""
    return mine is asked or (mine == asked and mine.span == asked.span)


def is_as_spell(ability: object) -> bool:
    """The ability is qualified "As a Spell" (ga:abilities/general-rules-17)."""
    return any(q.kind == "as_spell" for q in getattr(ability, "qualifiers", ()))


def targeter_for_requirement(
    game: Game, targeter: Targeter, requirement: TargetRequirement
) -> Targeter:
    """``targeter`` with the Spell subtype if ``requirement`` belongs to an ability of
    its source used As a Spell (ga:abilities/general-rules-17)."""
    if targeter.kind != "ability" or targeter.source is None or SPELL in targeter.quality.subtypes:
        return targeter
    card = game.last_known(targeter.source).object.card  # the object now, if it is here
    if card is None:
        return targeter
    for ability in game.ruleset.card_text(card).abilities:
        if isinstance(ability, n.Unsupported) or not is_as_spell(ability):
            continue
        if any(_same(r, requirement) for r in _requirements(ability)):
            quality = replace(
                targeter.quality, subtypes=targeter.quality.subtypes | frozenset({SPELL})
            )
            return replace(targeter, quality=quality)
    return targeter


def ability_characteristics(label: str, ability: object) -> Characteristics:
    """The characteristics of an ability put on the Effects Stack: its name, and the
    Spell subtype if it is used As a Spell (ga:abilities/general-rules-17)."""
    spell = frozenset({SPELL}) if is_as_spell(ability) else frozenset()
    return Characteristics(name=label, subtypes=spell)


def is_spell(chars: Characteristics) -> bool:
    """A Spell is anything with the Spell subtype, printed or given
    (ga:keywords-and-abilities/spellshroud-1): a Spell card in any zone, an ability used
    As a Spell on the Effects Stack."""
    return SPELL in chars.subtypes


__all__ = ["ability_characteristics", "is_as_spell", "is_spell", "targeter_for_requirement"]
