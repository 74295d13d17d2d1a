"""Builder methods of the counters/fights/choices section (helper Z2): "proliferate"
(mtg:701.27a), "gains your choice of A, B, or C" (mtg:608.2d, mtg:613.1f), "enchanted
creature fights ..." (mtg:701.12a) and "you may have [someone] [do something]"
(mtg:608.2d).

A mixin of :class:`~tcgrules.games.magic.text_build.MagicBuilder`: one method per alias
of the grammar's section headed "helper Z2" (``grammar/magic.lark``).
"""

from __future__ import annotations

from typing import Any

from lark import Token

from tcgrules.cardtext import nodes as n
from tcgrules.games.magic.text_not_read import NotRead
from tcgrules.kernel import descriptors as d


def _may(effect: Any) -> n.May:
    """An optional effect (mtg:608.2d); a rule may have made several effects of it."""
    return n.May(tuple(effect) if isinstance(effect, tuple | list) else (effect,))


def _attached_creature(c: list[Any]) -> None:
    """Only "enchanted creature" / "equipped creature" fight (mtg:701.12a)."""
    kind = next(t for t in c if isinstance(t, Token) and t.type == "TYPE")
    if str(kind).lower() != "creature":
        raise NotRead(f"an attached {kind} that fights")


class ChoicesBuilder:
    """Tokens and subtrees of the helper Z2 section → effect nodes."""

    def z2_proliferate(self, c: list[Any]) -> n.Proliferate:
        return n.Proliferate()

    def z2_choices(self, c: list[Any]) -> tuple[str, ...]:
        found: list[str] = []
        for item in c:
            if isinstance(item, d.HasKeyword) and item.argument is None:
                found.append(item.name)
            elif not isinstance(item, Token):
                raise NotRead("a choice of keywords that are not plain keywords")
        return tuple(found)

    def z2_gain_choice(self, c: list[Any]) -> n.GainAbilityChoice:
        """ "gains your choice of flying, vigilance, or lifelink until end of turn"."""
        keywords = next(x for x in c if isinstance(x, tuple))
        return n.GainAbilityChoice(c[0], keywords)

    def z2_attached_fight(self, c: list[Any]) -> n.AttachedFights:
        _attached_creature(c)
        return n.AttachedFights(c[-1])

    def z2_may_attached_fight(self, c: list[Any]) -> n.May:
        _attached_creature(c)
        return n.May((n.AttachedFights(c[-1]),))

    def z2_may_have(self, c: list[Any]) -> n.May:
        """ "you may have target player lose 3 life": the effect after "have", optional."""
        return _may(c[-1])
