"""Builder rules of the conditional static abilities family (helper U5): "As long as
seven or more cards are in your graveyard, ~ gets +3/+3, is black, and has "..."", "As
long as ~ is enchanted, it has "..."".

A mixin of :class:`~tcgrules.games.magic.text_build.MagicBuilder`: one method per rule
alias of the ``conditional statics (helper U5)`` section of ``magic.lark``. The changes
apply to the object the ability is printed on, only while the condition holds (checked
at every moment, mtg:604.1, mtg:611.3a-b); a quoted ability is read on its own before the
sentence (text.py ``_granted``) and its targets are chosen when it is used (mtg:113.1a).
What has no meaning here raises ``NotRead``, so the sentence stays unsupported.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from lark import Token

from tcgrules.cardtext import nodes as n
from tcgrules.games.magic.text_build_stats import pt_change
from tcgrules.games.magic.text_not_read import NotRead
from tcgrules.kernel import descriptors as d

#: the conditions a static ability can check at every moment (the ruleset's keys); the
#: others ("if it was kicked", counts read by a resolving effect) are not read here
STATIC_CONDITIONS = frozenset(
    {"no_cards_in_hand", "your_turn", "source_tapped", "source_untapped", "source_enchanted"}
)


#: "enchanted creature is a Wizard": the key's head (the subtype follows it)
ENCHANTED_IS = "enchanted_is:"


def _static_condition(key: object) -> bool:
    if not isinstance(key, str):
        return False
    head, _, argument = key.partition(":")
    return key in STATIC_CONDITIONS or (
        head == "cards_in_your_graveyard_at_least" and argument.isdigit()
    )


class StaticsBuilder:
    """Rules of the conditional static abilities family (mixed into ``MagicBuilder``)."""

    def u5_as_long_as(self, c: list[Any]) -> n.AsLongAs:
        """ "As long as [condition], ~ [changes]" (mtg:604.1, mtg:611.3b)."""
        if str(c[1]).lower() != "long":
            raise NotRead("as ... as: not 'as long as'")
        condition = c[3]
        changes: list[Any] = c[6]
        if isinstance(condition, str) and condition.startswith(ENCHANTED_IS):
            # "As long as enchanted creature is a Wizard, it has "..."": "it" is the
            # enchanted creature, which has the quoted abilities (layer 6, mtg:613.1f)
            if c[5] != "it" or not all(isinstance(x, n.GrantAbility) for x in changes):
                raise NotRead("only 'it has \"...\"' after 'enchanted creature is'")
            return n.AsLongAs(condition, tuple(replace(x, what=n.Attached()) for x in changes))
        if not _static_condition(condition):
            raise NotRead(f"a condition a static ability can't check: {condition!r}")
        subject = c[5]
        if subject == "it" and condition != "source_enchanted":
            raise NotRead("'it' after a condition that doesn't name ~")
        return n.AsLongAs(condition, tuple(changes))

    def u5_as_long_as_group(self, c: list[Any]) -> n.AsLongAs:
        """ "As long as you have no cards in hand, Sliver creatures you control have
        "..."": each object of the group has the quoted abilities while the condition
        holds (mtg:604.1, mtg:611.3a-b)."""
        if str(c[1]).lower() != "long":
            raise NotRead("as ... as: not 'as long as'")
        condition = c[3]
        if not _static_condition(condition) or str(condition).startswith("source_"):
            raise NotRead(f"a condition a group's static ability can't check: {condition!r}")
        grants = self.y3_group_has(c[5:])  # type: ignore[attr-defined]
        if not all(isinstance(g, n.GrantAbility) for g in grants):
            raise NotRead("keywords in a conditional static ability: not yet")
        return n.AsLongAs(condition, tuple(grants))

    def u5_self(self, c: list[Any]) -> str:
        return str(c[0].type).lower() if isinstance(c[0], Token) else "tilde"

    def u5_changes(self, c: list[Any]) -> list[Any]:
        out: list[Any] = []
        for x in c:
            if isinstance(x, list):
                out.extend(x)
            elif not isinstance(x, Token):
                out.append(x)
        return out

    def u5_gets(self, c: list[Any]) -> list[Any]:
        """ "gets +3/+3": layer 7c (mtg:613.4c)."""
        token = next(t for t in c if isinstance(t, Token) and t.type == "PT")
        power, toughness = pt_change(token)
        if not isinstance(power, int) or not isinstance(toughness, int):
            raise NotRead("a variable bonus in a static ability")
        return [n.SelfGets(power, toughness)]

    def u5_is_color(self, c: list[Any]) -> list[Any]:
        """ "is black": layer 5, instead of its colors (mtg:613.1e, mtg:105.3)."""
        return [n.SelfIsColor((str(c[1]).lower(),))]

    def u5_has(self, c: list[Any]) -> list[Any]:
        """ "has "{T}: ..."" (and keywords): layer 6 (mtg:613.1f)."""
        items = next(x for x in c if isinstance(x, list))
        if any(isinstance(x, d.HasKeyword) for x in items):
            raise NotRead("keywords in a conditional static ability: not yet")
        return [replace(x, what=n.Self()) for x in items]

    # conditions
    def u5_cards_in_graveyard(self, c: list[Any]) -> str:
        """ "seven or more cards are in your graveyard" (mtg:404.1)."""
        op, value = c[0]
        if op != ">=":
            raise NotRead("not 'N or more cards'")
        return f"cards_in_your_graveyard_at_least:{value}"

    def u5_no_cards_in_hand(self, c: list[Any]) -> str:
        return "no_cards_in_hand"

    def u5_enchanted_is(self, c: list[Any]) -> str:
        """ "enchanted creature is a Wizard": the object the Aura is attached to has that
        subtype now (mtg:303.4, mtg:205.3)."""
        if str(c[1]).lower() != "creature":
            raise NotRead("enchanted [not a creature] is ...")
        return f"{ENCHANTED_IS}{str(c[-1]).lower()}"

    def u5_self_enchanted(self, c: list[Any]) -> str:
        """ "~ is enchanted": an Aura is attached to it (mtg:303.4)."""
        return "source_enchanted"


__all__ = ["ENCHANTED_IS", "STATIC_CONDITIONS", "StaticsBuilder"]
