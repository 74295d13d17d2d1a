"""Builder methods for "this turn" history qualifiers of a card in a graveyard (a mixin
of :class:`~tcgrules.games.magic.text_build.MagicBuilder`; grammar section "this-turn
history qualifiers (helper X4)" of ``magic.lark``). Each reads as a ``Condition`` key
that ``games/magic/conditions.py`` checks against the turn's events; a card that changes
zones is a new object (mtg:400.7), so the events looked at are those of the card as it
is now."""

from __future__ import annotations

from typing import Any

from tcgrules.cardtext import nodes as n
from tcgrules.games.magic.text_build_combat import _post
from tcgrules.games.magic.text_not_read import NotRead
from tcgrules.kernel import descriptors as d

#: "that was VERBED this turn" of a card in a graveyard, as the condition key: milling
#: puts cards from a library into a graveyard (mtg:701.13a), discarding from a hand
#: (mtg:701.8a)
_VERBED: dict[str, str] = {
    "milled": "put_there_from_library_this_turn",
    "discarded": "discarded_this_turn",
}


def _verbed(word: Any) -> str:
    key = _VERBED.get(str(word).lower())
    if key is None:
        raise NotRead(f"“that was {word} this turn”")
    return key


class X4Builder:
    """ "That was put there (from ...) this turn", "that was milled this turn"."""

    def x4_put_there(self, c: list[Any]) -> Any:
        """ "(a card in a graveyard) that was put there this turn" (mtg:400.7)."""
        return _post(d.Condition("put_there_this_turn"))

    def x4_put_there_from_anywhere(self, c: list[Any]) -> Any:
        """ "that was put there from anywhere this turn": the same as without the words."""
        if str(c[-3]).lower() != "anywhere":
            raise NotRead(f"“that was put there from {c[-3]} this turn”")
        return _post(d.Condition("put_there_this_turn"))

    def x4_put_there_from_library(self, c: list[Any]) -> Any:
        """ "that was put there from a library this turn"."""
        return _post(d.Condition("put_there_from_library_this_turn"))

    def x4_moved_this_turn(self, c: list[Any]) -> Any:
        """ "that was milled this turn" (mtg:701.13a), "that was discarded this turn"
        (mtg:701.8a)."""
        return _post(d.Condition(_verbed(c[2])))

    def x4_discarded_or_from_library(self, c: list[Any]) -> Any:
        """ "that was discarded or put there from a library this turn"."""
        first = _verbed(c[2])
        if first != "discarded_this_turn":
            raise NotRead(f"“that was {c[2]} or put there ...”")
        return _post(d.AnyOf((d.Condition(first), d.Condition("put_there_from_library_this_turn"))))

    def x4_return_to_battlefield_first(self, c: list[Any]) -> n.ReturnToBattlefield:
        """ "Return to the battlefield target creature card ...": "return ... to the
        battlefield" with the object last (mtg:400.7)."""
        return n.ReturnToBattlefield(c[-1])


__all__ = ["X4Builder"]
