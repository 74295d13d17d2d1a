"""Static abilities that give a keyword to a group: "Champions you control have
spellshroud." (The Majestic Spirit), "Allies you control have taunt.".

A static ability applies while its object is on the field, to every object its words
describe at each moment (ga:abilities-static-abilities/general-rules-1); an ability it
gives is an ability the object has, applied with the other ability changes
(ga:types-of-effects-continuous-effects/layers-2.4, layer D). So a champion of the
controller of The Majestic Spirit has spellshroud while the Spirit is on the field,
and a Spell can't target it (ga:keywords-and-abilities/spellshroud-1).

The reader takes the line whole: a group of one object type (plural), "you control",
"have", and keywords of Grand Archive; any other wording is left to the grammar.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from tcgrules.cardtext import nodes as n
from tcgrules.games.grand_archive.text_build import UNIT
from tcgrules.games.keywords import keyword_line
from tcgrules.kernel import descriptors as d
from tcgrules.kernel.characteristics import AbilityLike, Characteristics, Keyword
from tcgrules.kernel.describe import Context, compile_descriptor
from tcgrules.kernel.effects import GrantAbilities, Op
from tcgrules.kernel.game import Game, Seen
from tcgrules.kernel.objects import GameObject

_LINE = re.compile(r"^(?P<group>[A-Za-z]+) you control have (?P<keywords>[A-Za-z ,]+)\.$")

#: the groups a line may name, plural as printed
_GROUPS: dict[str, d.Descriptor] = {
    "champions": d.HasType("champion"),
    "allies": d.HasType("ally"),
    "units": UNIT,
    "weapons": d.HasType("weapon"),
    "items": d.HasType("item"),
}

#: the layer of ability changes (layer D; see the ruleset's order_key)
_ABILITY_LAYER = (4,)


def read_group_grant(line: str, whole: str, span: tuple[int, int]) -> n.StaticAbility | None:
    """The static ability of a line "<Group> you control have <keywords>.", or None."""
    match = _LINE.match(line.strip())
    if match is None:
        return None
    group = _GROUPS.get(match["group"].lower())
    keywords = keyword_line("ga", match["keywords"])
    if group is None or not keywords:
        return None
    who = n.Each(d.AllOf((group, d.Controller("you"))))
    effects = tuple(n.GainAbility(who, k.name, k.argument, "permanent") for k in keywords)
    return n.StaticAbility(whole, span, (), effects)


def _grants(abilities: tuple[AbilityLike, ...]) -> list[n.GainAbility]:
    return [
        effect
        for ability in abilities
        if isinstance(ability, n.StaticAbility)
        for effect in ability.effects
        if isinstance(effect, n.GainAbility) and isinstance(effect.what, n.Each)
    ]


def reaches_board(chars: Characteristics) -> bool:
    """Whether these printed characteristics give a group a keyword."""
    return bool(_grants(chars.abilities))


def board_ops(
    game: Game, obj: GameObject, partial: Callable[[], tuple[Characteristics, str | None]]
) -> list[tuple[tuple[int, ...], int, Op]]:
    """The keywords the group grants of objects on the field give ``obj`` now, checked
    against ``obj`` without them, each source in timestamp order."""
    field = game.ruleset.battlefield
    if obj.zone.name != field:
        return []
    seen: Seen | None = None
    ops: list[tuple[tuple[int, ...], int, Op]] = []
    for source in list(game.printed_statics()):
        if source.zone.name != field:
            continue
        grants = _grants(source.base.abilities)
        if not grants:
            continue
        controller = source.controller or source.owner
        ctx = Context(game, controller, source.ref)
        for grant in grants:
            if seen is None:
                chars, who = partial()
                seen = Seen(obj, obj.ref, chars, who, game.ruleset.zone_spec(obj.zone.name))
            assert isinstance(grant.what, n.Each)
            test = compile_descriptor(grant.what.descriptor, type(game.ruleset))
            if test.objects is not None and test.objects(ctx, seen):
                given = Keyword(grant.keyword, grant.argument)
                ops.append((_ABILITY_LAYER, source.timestamp, GrantAbilities((given,))))
    return ops


__all__ = ["board_ops", "reaches_board", "read_group_grant"]
