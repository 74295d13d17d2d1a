"""Builder methods for target phrases compared to a group (helper S1): "target creature
with the greatest power among creatures on the battlefield" (Topple). The phrase keeps
the number (:class:`~tcgrules.kernel.descriptors.CompareAmount` of a
:class:`~tcgrules.cardtext.nodes.GreatestAmong`), worked out as targets are chosen
(mtg:601.2c) and again on resolution (mtg:608.2b) by :mod:`tcgrules.games.magic.bounds`.

A mixin of :class:`~tcgrules.games.magic.text_build.MagicBuilder`; one method per alias
of the grammar's "S1" section (``grammar/magic.lark``)."""

from __future__ import annotations

from typing import Any

from tcgrules.cardtext import nodes as n
from tcgrules.cardtext.build import all_of
from tcgrules.games.magic.text_not_read import NotRead
from tcgrules.kernel import descriptors as d

#: what a comparison to "the greatest among the phrase's own objects" holds until the
#: target phrase is whole (:func:`fill_greatest`)
_OWN_GROUP = "the greatest among the objects the phrase names"


def fill_greatest(descriptor: d.Descriptor) -> d.Descriptor:
    """``descriptor`` (a whole target phrase) with "with the greatest power" compared to
    the greatest among the objects the rest of the phrase describes; a phrase where that
    comparison is not one of the parts every object must have is not read."""
    if _OWN_GROUP not in repr(descriptor):
        return descriptor
    parts = descriptor.parts if isinstance(descriptor, d.AllOf) else (descriptor,)
    mine = [p for p in parts if isinstance(p, d.CompareAmount) and p.amount == _OWN_GROUP]
    rest = [p for p in parts if p not in mine]
    if len(mine) != 1 or not rest or _OWN_GROUP in repr(rest):
        raise NotRead("“with the greatest ...” of a phrase with alternatives")
    group = all_of(rest)
    prop = mine[0].prop
    return all_of([*rest, d.CompareAmount(prop, ">=", n.GreatestAmong(prop, group))])


class S1Builder:
    """Subtrees of the S1 section → descriptor parts."""

    def s1_with_greatest(self, c: list[Any]) -> d.Descriptor:
        """ "with the greatest power among creatures on the battlefield": the object's
        number is at least the greatest among the named objects (ties included; the
        greatest is counted from the game each time, mtg:608.2h). "lowest", "least" and
        other words are not read."""
        if str(c[1]).lower() != "greatest":
            raise NotRead(f"“with the {c[1]} ... among”")
        prop = "mana_value" if str(c[2]).lower() == "mana" else str(c[2]).lower()
        return d.CompareAmount(prop, ">=", n.GreatestAmong(prop, c[-1].descriptor))

    def s1_with_greatest_own(self, c: list[Any]) -> d.Descriptor:
        """ "target creature you control with the greatest power": at least the greatest
        among the objects the rest of the phrase names (made whole by
        :func:`fill_greatest` once the phrase is read; ties included, mtg:608.2h)."""
        if str(c[1]).lower() != "greatest":
            raise NotRead(f"“with the {c[1]} ...”")
        prop = "mana_value" if str(c[2]).lower() == "mana" else str(c[2]).lower()
        return d.CompareAmount(prop, ">=", _OWN_GROUP)
