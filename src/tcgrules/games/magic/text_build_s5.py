"""Reading zones and players leftovers (helper S5): a whole library exiled, a hand
shuffled into its library."""

from __future__ import annotations

from typing import Any

from tcgrules.cardtext import nodes as n
from tcgrules.games.magic.text_lexer import NUMBER_WORDS
from tcgrules.games.magic.text_not_read import NotRead
from tcgrules.kernel import descriptors as d


class S5Builder:
    """Tokens and subtrees of the S5 rules → effect nodes."""

    def s5_exile_library(self, c: list[Any]) -> n.ExileZones:
        """ "Exile all cards from target player's library" (mtg:701.11a): every card of
        that zone, as "... from target player's hand" is."""
        alts = c[2]
        if len(alts) != 1 or alts[0].parts or alts[0].head != "card":
            raise NotRead("exile all of a kind of card from a library")
        return n.ExileZones(c[4], ("library",))

    def s5_exile_all_but_bottom(self, c: list[Any]) -> n.ExileLibrary:
        """ "Exile all but the bottom card of target player's library": all of it but
        its bottom card (mtg:701.11a, mtg:400.5)."""
        if (str(c[2]).lower(), str(c[4]).lower()) != ("but", "bottom"):
            raise NotRead(f"exile all {c[2]} the {c[4]} card")
        return n.ExileLibrary(c[7], keep_bottom=1)

    def s5_shuffle_hand(self, c: list[Any]) -> n.ShuffleHandIntoLibrary:
        """ "That player shuffles their hand into their library" (mtg:701.20a)."""
        return n.ShuffleHandIntoLibrary(c[0])

    def s5_mills_times_x(self, c: list[Any]) -> n.Mill:
        """ "Target player mills three times X cards" (mtg:701.13a): the number times X."""
        if str(c[3]).lower() != "times":
            raise NotRead(f"mills {c[2]} {c[3]} X cards")
        return n.Mill(c[0], n.Scaled(NUMBER_WORDS[str(c[2]).lower()], "X"))

    def s5_outlaws(self, c: list[Any]) -> Any:
        """ "outlaws you control": permanents with at least one outlaw creature type
        (mtg:700.12, mtg:700.12a)."""
        from tcgrules.games.magic.text_build import OUTLAW_TYPES, _Alt  # noqa: PLC0415

        if str(c[0]).lower() != "outlaws":
            raise NotRead("“outlaw” as a noun")
        return _Alt([d.AnyOf(tuple(d.HasSubtype(t) for t in OUTLAW_TYPES))], "creature", None)
