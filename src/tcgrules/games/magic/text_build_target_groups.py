"""Reading several target groups in one sentence (helper T5).

"Exile up to one target artifact, up to one target creature, ..., and/or up to one
target land", "Choose up to one target artifact, up to one target creature, and up to one
target land", "Return up to one target artifact card, ..., and up to one target non-Aura
enchantment card from your graveyard to the battlefield", "it deals 1 damage to each of up
to one target creature, up to one target player, and/or up to one target planeswalker".
"""

from __future__ import annotations

from typing import Any

from lark import Token

from tcgrules.cardtext import nodes as n


def _refs(c: list[Any]) -> list[Any]:
    """The target phrases of a list rule: every child but its words and commas."""
    return [x for x in c if not isinstance(x, Token)]


class TargetGroupsBuilder:
    """Several target phrases in one sentence, each its own instance of "target"
    (mtg:115.3): what each phrase names is chosen as the spell or ability is put on the
    stack (mtg:601.2c), and the effect happens to each in the order written
    (mtg:608.2c)."""

    def t5_exile_list(self, c: list[Any]) -> tuple[n.Exile, ...]:
        """ "Exile up to one target artifact, ..., and/or up to one target land"
        (mtg:701.11a)."""
        return tuple(n.Exile(ref) for ref in _refs(c))

    def t5_choose_list(self, c: list[Any]) -> tuple[n.ChooseTarget, ...]:
        """ "Choose up to one target artifact, up to one target creature, and up to one
        target land": the choices are the targets (mtg:115.1); later text refers to
        them."""
        return tuple(n.ChooseTarget(ref) for ref in _refs(c))

    def t5_return_list_battlefield(self, c: list[Any]) -> tuple[n.ReturnToBattlefield, ...]:
        """ "Return up to one target artifact card, ..., and up to one target non-Aura
        enchantment card from your graveyard to the battlefield": the zone closing the
        last phrase is each one's, as for a list returned to the hand."""
        refs = _refs(c)
        for ref in refs[:-1]:
            self.y4_return_both_yours([c[0], ref, c[0], refs[-1]])  # type: ignore[attr-defined]
        return tuple(n.ReturnToBattlefield(ref) for ref in refs)

    def t5_damage_each_list(self, c: list[Any]) -> tuple[n.DealDamage, ...]:
        """ "it deals 1 damage to each of up to one target creature, up to one target
        player, and/or up to one target planeswalker": the same amount to each target
        (mtg:120.3), one DealDamage per phrase as for "A damage to X, B damage to Y, and C
        damage to Z"."""
        source, amount = c[0], c[2]
        return tuple(n.DealDamage(amount, ref, source=source) for ref in _refs(c[4:]))
