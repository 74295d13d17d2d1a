"""Builder rules for optional costs chosen as a spell is cast (helper U6): "the number
of times ~ was kicked" and "for each time it was kicked" (mtg:702.33d), an amount read
as the effect happens from what was chosen as the spell was cast (mtg:400.7d for a
permanent's ability)."""

from __future__ import annotations

from typing import Any

from lark import Token

from tcgrules.cardtext import nodes as n
from tcgrules.games.magic.text_build_amounts import _not_read, per_each

_KICKED = n.TimesChosen("kicked")


def _check(*pairs: tuple[Any, str]) -> None:
    for word, expected in pairs:
        if not isinstance(word, Token) or word.lower() != expected:
            raise _not_read(f"“{word}” where “{expected}” is read")


class KickerBuilder:
    """Mixin of :class:`~tcgrules.games.magic.text_build.MagicBuilder`."""

    def u6_times_kicked(self, c: list[Any]) -> n.TimesChosen:
        """ "the number of times ~ was kicked" (mtg:702.33d)."""
        _check((c[3], "times"), (c[-1], "kicked"))
        return _KICKED

    def u6_for_each_kicked(self, c: list[Any]) -> tuple[Any, ...]:
        """ "target opponent discards a card for each time it was kicked": the clause's
        one printed number, times how many times the spell was kicked."""
        _check((c[-1], "kicked"))

        def count(printed: int | str) -> n.Amount:
            if printed == 1:
                return _KICKED
            if not isinstance(printed, int):
                raise _not_read("“for each time it was kicked” after a number not printed")
            return n.Scaled(printed, _KICKED)

        return per_each(c[0], count)
