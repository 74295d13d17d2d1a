"""Damage and life, third wave (helper Q5): the builder methods of the ``q5_*`` rules of
``grammar/magic.lark``.

"If damage is prevented this way, ~ deals that much damage to any target" is what a
prevention shield also does, right after it prevents (mtg:615.5); "Prevent the next X
damage that would be dealt to you this turn" is a "next N" shield on the controller
(mtg:615.7).
"""

from __future__ import annotations

from typing import Any

from lark import Token

from tcgrules.cardtext import nodes as n
from tcgrules.games.magic.text_not_read import NotRead


def _words(c: list[Any]) -> list[str]:
    """The plain words of a rule's children, lowercased."""
    return [str(x).lower() for x in c if isinstance(x, Token) and x.type == "WORD"]


class Q5Builder:
    """Builder methods for the Q5 rules (mixed into ``MagicBuilder``)."""

    def q5_if_prevented_deal(self, c: list[Any]) -> n.IfPreventedDeal:
        """ "If damage is prevented this way, ~ deals that much damage to [recipient]"
        (mtg:615.5)."""
        return self._if_prevented(c, optional=False)

    def q5_if_prevented_may_deal(self, c: list[Any]) -> n.IfPreventedDeal:
        """ "If damage is prevented this way, you may have ~ deal that much damage to
        [recipient]" (mtg:615.5); the choice is made as the damage is prevented."""
        return self._if_prevented(c, optional=True)

    def _if_prevented(self, c: list[Any], *, optional: bool) -> n.IfPreventedDeal:
        if _words(c) != ["prevented", "way", "much"]:
            raise NotRead("“if damage is ... this way, ... that ... damage”")
        source = next(x for x in c[6:] if not isinstance(x, Token))
        if not isinstance(source, n.Self):
            raise NotRead("damage prevented this way dealt by another object")
        return n.IfPreventedDeal(c[-1], source, optional)

    def q5_prevent_next_you(self, c: list[Any]) -> n.PreventDamage:
        """ "Prevent the next 3 damage that would be dealt to you this turn": a shield on
        the controller, used up as it prevents (mtg:615.7)."""
        return n.PreventDamage(n.You(), amount=c[3])

    def q5_deal_and_each_target_controls(self, c: list[Any]) -> tuple[n.DealDamage, n.DealDamage]:
        """ "~ deals 2 damage to any target and 1 damage to each nonartifact creature
        target opponent controls": the first target is dealt its damage and each such
        creature the second target controls is dealt the other, at once (mtg:120.2b)."""
        source = c[0]
        return (
            n.DealDamage(c[2], c[5], source=source),
            n.DealDamage(c[7], n.EachControlledBy(c[11].descriptor, c[12]), source=source),
        )
