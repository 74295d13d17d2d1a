"""Builder methods for copy effects on permanents (helper T6): "~ becomes a copy of target
creature" with the duration in front ("Until end of turn, ...", "Until your next turn,
...") or "until your next turn" behind (mtg:707.2, mtg:611.2a), and more exceptions of a
copy effect ("except its name is ~", "except it's 7/5", "except it has flying and this
ability", mtg:707.9a-b).

A mixin of :class:`~tcgrules.games.magic.text_build.MagicBuilder`; one method per alias
of the grammar's "copy effects on permanents (helper T6)" section (``magic.lark``).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from lark import Token

from tcgrules.cardtext import nodes as n
from tcgrules.cardtext.build import DraftRef
from tcgrules.games.magic.text_build_w8 import W8Builder
from tcgrules.games.magic.text_not_read import NotRead
from tcgrules.kernel import descriptors as d

#: one exception of a copy effect: what it sets and to what (see text_build_u4)
_Exception = tuple[str, Any]


class CopyEffectsBuilder:
    """Subtrees of the copy effects on permanents → nodes."""

    #: each QUOTED token's ability, by the token's start offset (set by MagicBuilder)
    quoted: dict[int, n.GrantAbility]

    def t6_front_becomes_copy(self, c: list[Any]) -> n.BecomesCopy:
        """ "Until end of turn, ~ becomes a copy of target creature you control" / "Until
        your next turn, ...": the duration said first (mtg:514.2, mtg:611.2a)."""
        duration: str = c[0]
        return n.BecomesCopy(*_parts(c[2:]), duration)

    def t6_becomes_copy_next(self, c: list[Any]) -> n.BecomesCopy:
        """ "... becomes a copy of target creature until your next turn": the copy effect
        ends as its controller's next turn begins (mtg:611.2a)."""
        return n.BecomesCopy(*_parts(c), "your_next_turn")

    def t6_each_other_becomes_copy(self, c: list[Any]) -> n.BecomesCopy:
        """ "Each other creature becomes a copy of target nonlegendary creature until end
        of turn": "other" is other than the target copied, so read only where the
        original is a target (the handler skips the original itself; mtg:707.2)."""
        if not _is_target(c[-5]):
            raise NotRead("“each other ...” becoming a copy of what is not a target")
        return n.BecomesCopy(n.Each(c[2].descriptor), c[-5], "end_of_turn")

    def t6_ex_name(self, c: list[Any]) -> list[_Exception]:
        """ "its name is ~": the copy has the name of the object whose effect this is
        instead of the copied name (mtg:707.9b)."""
        if str(c[1]).lower() != "name":
            raise NotRead(f"its {c[1]} is ~")
        return [("name", "~")]

    def t6_ex_size(self, c: list[Any]) -> list[_Exception]:
        """ "it's 7/5": that power and toughness instead of the copied ones (mtg:707.9b)."""
        return W8Builder._size(c[-1])

    def t6_ex_keyword(self, c: list[Any]) -> list[_Exception]:
        """ "it has flying": a keyword it has as part of the copy (mtg:707.9a)."""
        return [("keyword", c[-1].name)]

    def t6_ex_keyword_this(self, c: list[Any]) -> list[_Exception]:
        """ "it has flying and this ability" (mtg:707.9a)."""
        return [("keyword", c[2].name), ("this_ability", True)]

    def t6_ex_this_quoted(self, c: list[Any]) -> list[_Exception]:
        """ "it has this ability and "..."": the ability that made the copy and a quoted
        ability (mtg:707.9a, mtg:113.1a)."""
        return [("this_ability", True), ("granted", self._t6_quoted(c[-1]))]

    def t6_ex_has_this(self, c: list[Any]) -> list[_Exception]:
        """ "[it's 0/0 and] has this ability" (mtg:707.9a)."""
        return [("this_ability", True)]

    def t6_ex_has_quoted(self, c: list[Any]) -> list[_Exception]:
        """ "[it's 1/4 and] has "~ can't be blocked."" (mtg:707.9a)."""
        return [("granted", self._t6_quoted(c[-1]))]

    def t6_ex_super_added(self, c: list[Any]) -> list[_Exception]:
        """ "it's legendary in addition to its other types" (mtg:205.4a)."""
        if str(c[2]).lower() != "legendary":
            raise NotRead("a supertype other than legendary in a copy exception")
        return [("legendary", True)]

    def t6_create_tapped_copy(self, c: list[Any]) -> n.CreateTokenCopy:
        """ "Create a tapped token that's a copy of ...": it enters tapped (mtg:110.5b)."""
        if c[1] != 1 or str(c[2]).lower() != "tapped":
            raise NotRead("several token copies, or not tapped ones")
        return n.CreateTokenCopy(c[-1], tapped=True)

    def t6_ex_added_with(self, c: list[Any]) -> list[_Exception]:
        """ "it's a 4/4 Dragon creature with flying in addition to its other types": a
        size given, the types and the keyword added (mtg:707.9a-b, mtg:205.1b)."""
        size = next(x for x in c if isinstance(x, tuple))
        nouns = next(x for x in c if isinstance(x, list))
        keyword = next(x for x in c if isinstance(x, d.HasKeyword))
        return [*W8Builder._size(size), *(("type", t) for t in nouns), ("keyword", keyword.name)]

    def t6_ex_added_colors(self, c: list[Any]) -> list[_Exception]:
        """ "it's a 1/1 red Balloon creature in addition to its other colors and types": a
        size given, the color and the types added (mtg:707.9b, mtg:105.3, mtg:205.1b)."""
        words = [str(t).lower() for t in c if isinstance(t, Token) and t.type == "WORD"]
        if words[-1:] != ["colors"]:
            raise NotRead(f"in addition to its other {words[-1:]} and types")
        size = next(x for x in c if isinstance(x, tuple))
        nouns = next(x for x in c if isinstance(x, list))
        colors = tuple(str(t).lower() for t in c if isinstance(t, Token) and t.type == "COLOR")
        return [*W8Builder._size(size), *(("type", t) for t in nouns), ("added_colors", colors)]

    def t6_ex_two_keywords(self, c: list[Any]) -> list[_Exception]:
        """ "it has flying and haste" (mtg:707.9a)."""
        return [("keyword", c[2].name), ("keyword", c[4].name)]

    def t6_ex_enters_counter(self, c: list[Any]) -> list[_Exception]:
        """ "it enters with an additional +1/+1 counter on it": the token enters with one
        such counter (mtg:122.6); not part of the copiable values."""
        words = [str(t).lower() for t in c if isinstance(t, Token) and t.type == "WORD"]
        if words[:1] != ["enters"] or words[1:2] != ["additional"]:
            raise NotRead("it [word] with an [word] counter")
        kind: str = c[5]
        return [("counters", ((kind, 1),))]

    def _t6_quoted(self, token: Any) -> n.GrantAbility:
        found = self.quoted.get(token.start_pos or 0)
        if found is None:
            raise NotRead("a quoted ability not read")
        return found


def _is_target(part: Any) -> bool:
    """Whether ``part`` is a target phrase's reference (made a slot once the sentence is
    built)."""
    return isinstance(part, DraftRef)


def _parts(c: list[Any]) -> tuple[Any, Any]:
    from tcgrules.games.magic.text_build_u4 import copy_parts  # noqa: PLC0415 (cycle)

    return copy_parts(c)


def becomes_copy_more(effect: n.BecomesCopy, parts: tuple[_Exception, ...]) -> n.BecomesCopy:
    """``effect`` with the exceptions of this family (name, size, keywords, quoted
    abilities, legendary; mtg:707.9a-b) that ``parts`` give."""
    for kind, value in parts:
        if kind == "name":
            effect = replace(effect, name=value)
        elif kind == "size":
            effect = replace(effect, size=value)
        elif kind == "keyword":
            effect = replace(effect, keywords=(*effect.keywords, value))
        elif kind == "granted":
            effect = replace(effect, granted=(*effect.granted, value))
        elif kind == "legendary":
            effect = replace(effect, legendary=value)
    return effect


#: the exception kinds :func:`becomes_copy_more` folds into a "becomes a copy"
MORE_KINDS: frozenset[str] = frozenset({"name", "size", "keyword", "granted", "legendary"})
