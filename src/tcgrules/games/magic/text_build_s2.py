"""Reflexive triggers on what the resolution moved (helper S2): "When you discard a
nonland card this way, ...", "When a creature card is exiled this way, ..." (mtg:603.12).

The lead of such a sentence is read here into the condition of a
:class:`~tcgrules.cardtext.nodes.ReflexiveTrigger`: a
:class:`~tcgrules.cardtext.nodes.MovedThisWay` of the objects the words describe.
"""

from __future__ import annotations

from typing import Any

from lark import Lark, Token

from tcgrules.cardtext import nodes as n
from tcgrules.cardtext.build import field_names
from tcgrules.cardtext.grammar import longest_prefix, transform
from tcgrules.games.magic.text_build_damage2 import _MOVES, _Way, moved_this_way
from tcgrules.games.magic.text_not_read import NotRead
from tcgrules.kernel import descriptors as d

#: "you discard", "you exile", "you mill": the verb of a sentence about the controller,
#: as its past participle (the key of the moves "this way" reads)
_ACTIVE = {"discard": "discarded", "exile": "exiled", "mill": "milled"}


def moved_lead(
    sentence: list[Token], grammar: Lark, builder: Any
) -> tuple[int, n.MovedThisWay, bool] | None:
    """ "When you discard a nonland card this way," / "When a creature card is exiled this
    way," / "When one or more cards are milled this way,": (how many tokens the lead
    takes, what must have moved, whether it triggers once however many did); None for
    any other sentence, or a lead whose words are not all read."""
    words = [str(t).lower() for t in sentence]
    if words[:1] != ["when"] or "this" not in words:
        return None
    at = words.index("this")
    if words[at : at + 3] != ["this", "way", ","]:
        return None
    if words[1:2] == ["you"] and words[2] in _ACTIVE:
        verb, lo, hi = _ACTIVE[words[2]], 3, at
    elif words[at - 2] in {"is", "are"} and words[at - 1] in _ACTIVE.values():
        verb, lo, hi = words[at - 1], 1, at - 2
    else:
        return None
    once = words[lo : lo + 3] == ["one", "or", "more"]
    if once:
        lo += 3
    elif words[lo] in {"a", "an"}:
        lo += 1
    else:
        return None
    phrase = sentence[lo:hi]
    if not phrase:
        return None
    found = longest_prefix(grammar, phrase, 0, "nominal", must_pass=len(phrase) - 1)
    if found is None or found[0] != len(phrase):
        return None
    value = transform(builder, found[1])
    to, origin = _MOVES[verb]
    try:
        when = moved_this_way(value.descriptor, _Way(verb, to, origin), 1)
    except NotRead:
        return None
    return at + 3, when, once


class S2Builder:
    """Subtrees of helper S2's grammar section → effect nodes."""

    def s2_discard_any(self, c: list[Any]) -> n.DiscardAny:
        """ "Discard any number of cards": cards of the controller's own hand, chosen as it
        resolves (mtg:608.2d, mtg:701.8a); words that name another zone are not read."""
        descriptor = c[-1].descriptor
        parts = descriptor.parts if isinstance(descriptor, d.AllOf) else (descriptor,)
        if any(isinstance(p, d.InZone) for p in parts):
            raise NotRead("a discard of cards named in a zone")
        if c[-1].zone not in {None, "hand"}:
            raise NotRead("a discard of cards named in a zone")
        where = d.AllOf((*parts, d.InZone("hand", "you")))
        return n.DiscardAny(n.Chosen(where, 0, None, "cards to discard"))


def names_moved_only(node: Any) -> bool:
    """Whether every "it" of ``node`` (a reflexive ability's effects) is "that card": the
    object moved this way, which the kernel names as the ability triggers (mtg:603.12).
    Another "it" ("It gains trample" after a target) would be read wrongly."""
    if isinstance(node, n.It):
        return node.word == "that card"
    if isinstance(node, tuple):
        return all(names_moved_only(part) for part in node)
    if hasattr(node, "__dataclass_fields__"):
        return all(names_moved_only(getattr(node, name)) for name in field_names(type(node)))
    return True
