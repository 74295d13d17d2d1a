"""Builder rules of helper S4: counters leftovers.

"Put three +1/+1 counters on up to one target creature with trample or haste" (Minsc &
Boo, Timeless Heroes): a "with" postmodifier naming keyword alternatives, met by an object
that has any one of them (mtg:702.1d).
"""

from __future__ import annotations

from typing import Any

from lark import Token

from tcgrules.cardtext import nodes as n
from tcgrules.games.magic.text_not_read import NotRead
from tcgrules.kernel import descriptors as d

#: the kinds of stickers (mtg:123.1) a "with a [kind] sticker on it" can name
_STICKER_KINDS = frozenset({"name", "ability", "art"})


class S4Builder:
    """Keyword alternatives in a "with" postmodifier; a put then a doubling."""

    def check_counter_kind(self, kind: str) -> None:  # pragma: no cover - MagicBuilder's
        raise NotImplementedError

    def s4_with_keyword_or(self, c: list[Any]) -> d.Descriptor:
        """ "with trample or haste": has at least one of those keywords (mtg:702.1d)."""
        return d.AnyOf(tuple(x for x in c if isinstance(x, d.HasKeyword)))

    def s4_put_then_double(self, c: list[Any]) -> n.PutThenDoubleCounters:
        """ "Put a +1/+1 counter on target creature you control, then double the number
        of +1/+1 counters on each creature that had a +1/+1 counter put on it this way":
        the put, then the doubling on what got counters from it (mtg:701.9e, mtg:608.2c).
        """
        words = [str(x).lower() for x in c if isinstance(x, Token) and x.type == "WORD"]
        if words != ["had", "way"]:
            raise NotRead(f"“that {' '.join(words)} ... put on it this way”")
        put_kind, double_kind, got_kind = c[2], c[12], c[20]
        for kind in (put_kind, double_kind, got_kind):
            self.check_counter_kind(kind)
        if got_kind != put_kind:
            raise NotRead("the kind put on it this way is not the kind put")
        of_type = str(c[16]).lower()
        return n.PutThenDoubleCounters(n.PutCounters(c[5], put_kind, c[1]), double_kind, of_type)

    def s4_if_has_remove_or_put(self, c: list[Any]) -> n.Conditional:
        """ "If that permanent or card has a time counter on it, you may remove a time
        counter from it or put another time counter on it": checked as it resolves on
        what "it" names; the choice to do either, and which, is its controller's
        (mtg:122.1, mtg:608.2d)."""
        kinds = [x for x in c if isinstance(x, str) and not isinstance(x, Token)]
        if len(kinds) != 3 or len(set(kinds)) != 1:
            raise NotRead("remove or put counters of different kinds")
        kind = kinds[0]
        self.check_counter_kind(kind)
        it = n.It("it")
        return n.Conditional(
            it,
            d.Condition(f"has_counter:{kind}"),
            (n.May((n.RemoveOrPutCounter(it, kind),)),),
        )

    def s4_with_sticker(self, c: list[Any]) -> d.Descriptor:
        """ "with a name sticker on it": an object that has a sticker of that kind
        (mtg:123.1). No ruleset knows the condition yet, so choosing or checking such a
        target is refused as not supported rather than guessed."""
        kind, word = str(c[1]).lower(), str(c[2]).lower()
        if word != "sticker" or kind not in _STICKER_KINDS:
            raise NotRead(f"“with a {kind} {word} on it”")
        return d.Condition(f"has_sticker:{kind}")
