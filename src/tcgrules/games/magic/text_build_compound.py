"""Builder methods for compound sentences: several verbs or several targets in one
sentence (a mixin of :class:`~tcgrules.games.magic.text_build.MagicBuilder`; grammar
section "compound sentences (helper U7)" of ``magic.lark``). Series of whole effects
("A, B, then C") are split in ``text.py`` (``_series``)."""

from __future__ import annotations

from typing import Any

from lark import Token

from tcgrules.cardtext import nodes as n
from tcgrules.games.magic.text_not_read import NotRead


class CompoundBuilder:
    """ "put an ice counter on it" after another verb, and the like."""

    def u7_destroy_list(self, c: list[Any]) -> tuple[n.Destroy, ...]:
        """ "Destroy target artifact, target creature, target enchantment, and target
        land" (Decimate): one instance of "target" per phrase (mtg:115.3), each destroyed
        (mtg:701.7a), in the order written (mtg:608.2c)."""
        return tuple(n.Destroy(ref) for ref in _refs(c))

    def u7_counters_list(self, c: list[Any]) -> tuple[n.PutCounters, ...]:
        """ "Put a +1/+1 counter on target creature, two +1/+1 counters on another target
        creature, and three +1/+1 counters on a third target creature" (Incremental
        Growth): each amount and kind on its own target (mtg:122.1, mtg:115.3)."""
        out: list[n.PutCounters] = []
        items = [x for x in c if not isinstance(x, Token)]
        for count, kind, ref in zip(items[0::3], items[1::3], items[2::3], strict=True):
            self.check_counter_kind(kind)  # type: ignore[attr-defined]
            out.append(n.PutCounters(ref, kind, count))
        return tuple(out)

    def u7_return_list_hand(self, c: list[Any]) -> tuple[n.ReturnToHand, ...]:
        """ "Return up to one target artifact card, ..., and up to one target planeswalker
        card from your graveyard to your hand": the zone closing the last phrase is each
        one's (mtg:400.3), as for two phrases (``y4_return_both_yours``); one instance of
        "target" per phrase (mtg:115.3), returned in the order written (mtg:608.2c)."""
        refs = _refs(c)
        for ref in refs[:-1]:
            self.y4_return_both_yours([c[0], ref, c[0], refs[-1]])  # type: ignore[attr-defined]
        return tuple(n.ReturnToHand(ref) for ref in refs)

    def u7_and_cant(self, c: list[Any]) -> tuple[Any, ...]:
        """ "[it] gets +1/+1 until end of turn and can't be blocked this turn": a combat
        restriction (mtg:509.1b) on what the first verb changed, after it (mtg:608.2c).
        Only a first effect with one subject of its own (one node, or nodes that all
        change the same object) lends it."""
        first = c[0] if isinstance(c[0], tuple) else (c[0],)
        what = getattr(first[0], "what", None)
        if (
            what is None
            or any(getattr(e, "what", None) is not what for e in first)
            or not isinstance(first[0], n.ModifyPT | n.GainAbility)
        ):
            raise _not_read("a restriction without the subject of the verb before")
        restriction = self.m4_cant([what, c[2], c[3], c[4]])  # type: ignore[attr-defined]
        return (*first, restriction)

    def u7_populate(self, c: list[Any]) -> n.Populate:
        """ "Populate" (mtg:701.30a)."""
        return n.Populate()

    def u7_self_and_each_pt(self, c: list[Any]) -> tuple[Any, Any]:
        """ "~ and another target creature each get +1/+1 until end of turn": the same
        change to the source and to the target (mtg:613.4c)."""
        return (
            self.m4_each_pt([n.Self(), *c[3:]]),  # type: ignore[attr-defined]
            self.m4_each_pt([c[2], *c[3:]]),  # type: ignore[attr-defined]
        )

    def u7_self_and_cant(self, c: list[Any]) -> tuple[Any, Any]:
        """ "~ and up to one other target creature can't be blocked this turn": the same
        restriction on the source and on the target (mtg:509.1b)."""
        return (
            self.m4_cant([n.Self(), c[3], c[4], c[5]]),  # type: ignore[attr-defined]
            self.m4_cant([c[2], c[3], c[4], c[5]]),  # type: ignore[attr-defined]
        )


def _not_read(what: str) -> NotRead:
    return NotRead(what)


def _refs(c: list[Any]) -> list[Any]:
    """The objects of a list rule: every child but its words and commas."""
    return [x for x in c if not isinstance(x, Token)]


#: what may follow a comma that separates the items of a list of targets or of amounts
#: ("target artifact, up to one target creature, and 4 damage to a third target ..."),
#: or "then" after a target phrase
_ITEM_STARTS = frozenset({"UP", "TARGET", "ANOTHER", "NUMBER", "NUMWORD", "ORDINAL", "THEN"})


def list_commas(sentence: list[Token]) -> list[Token] | None:
    """``sentence`` with each comma that separates items of a list (a target phrase, or
    an amount, after it, maybe after "and") or that comes before "then" as a
    ``U7_COMMA`` token, so that the comma never reads as one inside a target phrase
    ("target artifact, creature, or land"); None if it has no such comma."""
    out = list(sentence)
    found = False
    for i, token in enumerate(sentence[:-1]):
        if token.type != "COMMA":
            continue
        after = sentence[i + 1]
        if after.type in {"AND", "ANDOR"} and i + 2 < len(sentence):
            after = sentence[i + 2]
            ordinal = after.type == "A" and i + 3 < len(sentence)
            if ordinal and sentence[i + 3].type == "ORDINAL":
                after = sentence[i + 3]
        if after.type in _ITEM_STARTS:
            out[i] = Token.new_borrow_pos("U7_COMMA", str(token), token)
            found = True
    return out if found else None
