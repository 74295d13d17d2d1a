"""Builder rules for abilities about targeting itself (helper U8): cost changes of
the spells that target something (mtg:601.2f) and "can't be the target" groups
(mtg:115.1, mtg:604.1). A mixin of :class:`~tcgrules.games.magic.text_build.MagicBuilder`.
"""

from __future__ import annotations

from typing import Any, Literal

from lark import Token

from tcgrules.cardtext import nodes as n
from tcgrules.games.magic.text_not_read import NotRead
from tcgrules.kernel import descriptors as d


def _types(c: list[Any]) -> list[str]:
    return [t.type for t in c if isinstance(t, Token)]


class TargetingBuilder:
    """Rules of the grammar section "abilities about targeting (helper U8)"."""

    def u8_target_cost(self, c: list[Any]) -> n.TargetingCostChange:
        """ "Spells [your opponents | you] cast that target [~ | a creature | enchanted
        player] cost {1} more/less to cast", "... cost an additional 3 life to cast"
        (mtg:601.2f)."""
        kinds = _types(c)
        head = kinds[: kinds.index("THAT")]
        casters: Literal["opponents", "you", "anyone"] = (
            "opponents" if "OPPONENT" in head else "you" if "YOU" in head else "anyone"
        )
        targets: n.Self | n.Attached | d.Descriptor
        if "TILDE" in kinds:
            targets = n.Self()
        elif "ENCHANTED" in kinds:
            targets = n.Attached()
        else:
            nominal = next(x for x in c if not isinstance(x, Token))
            targets = nominal.descriptor
        if "LIFE" in kinds:
            word = next(str(t) for t in c if isinstance(t, Token) and t.type == "WORD")
            life = next(x for x in c if isinstance(x, int | str) and not isinstance(x, Token))
            if word.lower() != "additional" or not isinstance(life, int):
                raise NotRead("a life cost change other than 'an additional N life'")
            return n.TargetingCostChange("", False, casters, targets, life=life)
        mana = next(str(t) for t in c if isinstance(t, Token) and t.type == "MANA_SYM")
        return n.TargetingCostChange(mana, "LESS" in kinds, casters, targets)

    def u8_ability_target_cost(self, c: list[Any]) -> n.TargetingCostChange:
        """ "Abilities your opponents activate that target a Merfolk you control cost {2}
        more to activate" (mtg:602.2b, mtg:601.2f)."""
        words = [str(t).lower() for t in c if isinstance(t, Token) and t.type == "WORD"]
        if words != ["activate", "activate"]:
            raise NotRead("abilities other than those activated")
        nominal = next(x for x in c if not isinstance(x, Token))
        mana = next(str(t) for t in c if isinstance(t, Token) and t.type == "MANA_SYM")
        less = "LESS" in _types(c)
        return n.TargetingCostChange(mana, less, "opponents", nominal.descriptor, activated=True)

    def u8_abilities_from(self, c: list[Any]) -> tuple[bool, bool, bool, tuple[str, ...]]:
        """ "abilities from artifact sources": abilities only, of a source with the
        quality (the shape of :meth:`targeters_quality`)."""
        if str(c[-1]).lower() != "sources":
            raise NotRead("abilities from something other than sources")
        quality = c[2]
        return (
            False,
            True,
            False,
            (str(quality).lower(),) if isinstance(quality, Token) else quality,
        )

    def u8_cost_per_target(self, c: list[Any]) -> n.TargetingCostChange:
        """ "Spells you cast cost {1} less to cast for each target" (mtg:601.2f)."""
        kinds = _types(c)
        mana = next(str(t) for t in c if isinstance(t, Token) and t.type == "MANA_SYM")
        casters: Literal["opponents", "you"] = "opponents" if "OPPONENT" in kinds else "you"
        return n.TargetingCostChange(mana, "LESS" in kinds, casters, None, per_target=True)

    def u8_cards_in_graveyards(self, c: list[Any]) -> n.Each:
        """ "Cards in graveyards": every card in any player's graveyard (mtg:404.1)."""
        return n.Each(d.InZone("graveyard"))

    def u8_no_hexproof_anyone(self, c: list[Any]) -> n.TargetAsThoughNoHexproof:
        """ "... can be the targets of spells and abilities as though they didn't have
        hexproof": whoever controls the spell or ability (mtg:702.11e)."""
        return n.TargetAsThoughNoHexproof(c[0].descriptor, anyone=True)

    def u8_opponents_no_hexproof(self, c: list[Any]) -> n.TargetAsThoughNoHexproof:
        """ "Your opponents and permanents your opponents control with hexproof ...": the
        opponents of its controller, and what the phrase after "and" describes."""
        nominal = next(x for x in c if not isinstance(x, Token))
        players = d.AllOf((d.IsPlayer(), d.PlayerIs("opponent")))
        return n.TargetAsThoughNoHexproof(d.AnyOf((players, nominal.descriptor)))

    def u8_kind_words(self, c: list[Token]) -> str:
        """ "one color word", "one basic land type", "one creature type" (mtg:612.2)."""
        words = " ".join(str(t).lower() for t in c)
        kind = _TEXT_WORD_KINDS.get(words)
        if kind is None:
            raise NotRead(f"a text change of {words!r}")
        return kind

    def u8_replace(self, c: list[Any]) -> str:
        if str(c[0]).lower() != "one":
            raise NotRead("a text change of more than one word")
        return str(c[1])

    def u8_change_text(self, c: list[Any]) -> n.ChangeText:
        """ "Change the text of target spell or permanent by replacing all instances of
        one color word with another" (mtg:612.1)."""
        words = [str(t).lower() for t in c if isinstance(t, Token) and t.type == "WORD"]
        if words != ["text", "replacing", "instances"]:
            raise NotRead("'change the ... of' other than a text change")
        kinds = tuple(x for x in c if isinstance(x, str) and not isinstance(x, Token))
        until = any(isinstance(t, Token) and t.type == "UNTIL" for t in c)
        return n.ChangeText(c[4], kinds, "end_of_turn" if until else None)


#: the words a text change replaces, by how the text names them (mtg:612.2)
_TEXT_WORD_KINDS = {
    "color word": "color",
    "basic land type": "basic_land_type",
    "creature type": "creature_type",
}
