"""Builder methods of helper R5: what a resolution reveals, to be counted "this way"
(mtg:608.2c).

A mixin of :class:`~tcgrules.games.magic.text_build.MagicBuilder`; one method per alias
of the grammar's ""this way" counts" section (``grammar/magic.lark``).
"""

from __future__ import annotations

from typing import Any

from tcgrules.cardtext import nodes as n
from tcgrules.games.magic.text_build_amounts import _mana
from tcgrules.games.magic.text_build_damage2 import moved_this_way
from tcgrules.games.magic.text_not_read import NotRead
from tcgrules.kernel import descriptors as d


class R5Builder:
    """Subtrees of reveals → effect nodes."""

    def r5_reveal_any(self, c: list[Any]) -> n.RevealChosen:
        """ "Reveal any number of red cards in your hand": only cards in the
        controller's own hand, chosen as it resolves (mtg:608.2d, mtg:701.16a)."""
        descriptor = c[-1].descriptor
        parts = descriptor.parts if isinstance(descriptor, d.AllOf) else (descriptor,)
        if d.InZone("hand", "you") not in parts:
            raise NotRead("a reveal of cards other than from your hand")
        return n.RevealChosen(n.Chosen(descriptor, 0, None, "a card to reveal"))

    def r5_counter_unless_each_way(self, c: list[Any]) -> n.CounterUnlessPaysEach:
        """ "Counter target spell unless its controller pays {1} for each card revealed
        this way": the amount's "for each", counted this way (mtg:608.2c)."""
        times = moved_this_way(c[-2].descriptor, c[-1], 1)
        return n.CounterUnlessPaysEach(c[1], _mana(c[6]), times)
