"""Builder rules of the sacrifice, copies and several-targets family (helper Y4): "target
opponent sacrifices a creature of their choice", "you may have target opponent sacrifice
a creature", "any number of target players each discard a card", "two target players
each draw a card".

A mixin of :class:`~tcgrules.games.magic.text_build.MagicBuilder`: one method per rule
alias of the ``sacrifice, copies, several targets (helper Y4)`` section of ``magic.lark``.
What has no meaning here raises ``NotRead``, so the sentence stays unsupported.
"""

from __future__ import annotations

from typing import Any

from lark import Token

from tcgrules.cardtext import nodes as n
from tcgrules.games.magic.text_not_read import NotRead


class SacrificeCopyRules:
    """Builder methods of the Y4 grammar section (mixed into ``MagicBuilder``)."""

    def y4_sacrificed(self, c: list[Any]) -> tuple[Any, n.Amount]:
        """ "a creature [of their choice]", "three creatures", "an enchantment": what is
        sacrificed and how many; only permanents can be (mtg:701.17a)."""
        count: n.Amount = 1 if isinstance(c[0], Token) and c[0].type == "AN" else c[0]
        alts = c[1]
        nominal = self.nominal([alts])  # type: ignore[attr-defined]
        if nominal.zone != "battlefield":
            raise NotRead("only a permanent can be sacrificed (mtg:701.17a)")
        return nominal.descriptor, count

    def y4_sacrifices(self, c: list[Any]) -> n.Sacrifice:
        """ "Target player sacrifices a creature of their choice" (mtg:701.17a)."""
        descriptor, count = c[2]
        return n.Sacrifice(c[0], descriptor, count)

    def y4_may_have_sacrifice(self, c: list[Any]) -> n.May:
        """ "You may have target opponent sacrifice a creature of their choice": the
        controller chooses whether it happens (mtg:608.2d)."""
        descriptor, count = c[-1]
        return n.May((n.Sacrifice(c[3], descriptor, count),))

    def y4_each_discard(self, c: list[Any]) -> n.Discard:
        """ "Any number of target players each discard a card": each of them discards,
        choosing their own cards (mtg:701.8a, mtg:701.8b)."""
        return n.Discard(c[0], c[3])

    def y4_each_draw(self, c: list[Any]) -> n.Draw:
        """ "Two target players each draw a card" (mtg:121.1)."""
        return n.Draw(c[0], c[3])

    def y4_each_mill_lose(self, c: list[Any]) -> tuple[n.Mill, n.LoseLife]:
        """ "Any number of target players each mill a card and lose 2 life": each of them
        mills (mtg:701.13a), then loses the life (mtg:119.3), in text order (mtg:608.2c)."""
        return (n.Mill(c[0], c[3]), n.LoseLife(c[0], c[7]))

    def y4_sacrifice_discard_lose(self, c: list[Any]) -> tuple[n.Sacrifice, n.Discard, n.LoseLife]:
        """ "Target opponent sacrifices a creature or planeswalker of their choice,
        discards a card, and loses 3 life": three effects on one player, in text order
        (mtg:701.17a, mtg:701.8a, mtg:119.3, mtg:608.2c)."""
        descriptor, count = c[2]
        return (
            n.Sacrifice(c[0], descriptor, count),
            n.Discard(c[0], c[5]),
            n.LoseLife(c[0], c[-2]),
        )

    def y4_draw_gain(self, c: list[Any]) -> tuple[n.Draw, n.GainLife]:
        """ "You draw a card and gain 3 life" (mtg:121.1, mtg:119.3), in text order."""
        return (n.Draw(n.You(), c[2]), n.GainLife(n.You(), c[-2]))
