"""Builder rules for optional costs chosen as a spell is cast (helper U6): "the number
of times ~ was kicked" and "for each time it was kicked" (mtg:702.33d), an amount read
as the effect happens from what was chosen as the spell was cast (mtg:400.7d for a
permanent's ability)."""

from __future__ import annotations

from dataclasses import dataclass
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

    # ------------------------------------------------------------ redirection
    def u6_redirect_all(self, c: list[Any]) -> n.RedirectAll:
        """ "All [combat] damage that would be dealt to X this turn [by Y] is dealt to Z
        instead" (mtg:614.9)."""
        combat = isinstance(c[1], Token) and c[1].type == "COMBAT"
        what = next(x for x in c if isinstance(x, _To))
        by = next((x for x in c if isinstance(x, _By)), None)
        to = c[-2]
        if isinstance(what.obj, n.It):
            # "dealt to it" in a triggered ability may mean its source, which the
            # resolution's "it" (its first target) is not
            raise _not_read("“all damage that would be dealt to it”")
        if by is None:
            return n.RedirectAll(what.obj, to, combat_only=combat)
        return n.RedirectAll(what.obj, to, by.obj, by.obj is None, combat)

    def u6_redirect_next_late(self, c: list[Any]) -> n.RedirectDamage:
        """ "The next X damage that would be dealt this turn to target creature is dealt to
        ~ instead" (mtg:614.9)."""
        return n.RedirectDamage(c[11], c[-2], c[2])

    def u6_redirect_source_deals(self, c: list[Any]) -> n.RedirectDamage:
        """ "The next time a source of your choice would deal damage to target creature this
        turn, that source deals that damage to you instead" (mtg:614.9, mtg:609.7a)."""
        return n.RedirectDamage(c[12], c[-2], None, chosen_source=True)

    def u6_redirect_next_instance(self, c: list[Any]) -> n.RedirectDamage:
        """ "The next time damage would be dealt to ~ this turn, that damage is dealt to any
        target instead": the next instance, from any source (mtg:614.9)."""
        return n.RedirectDamage(c[8], c[-2], None)

    def u6_each_controlled_phases_out(self, c: list[Any]) -> n.PhaseOut:
        """ "Each creature target player controls phases out" (mtg:702.26a)."""
        return n.PhaseOut(self._controlled_by(c[1], c[2]))  # type: ignore[attr-defined]

    def u6_to_turn(self, c: list[Any]) -> _To:
        return _To(c[1])

    def u6_turn_to(self, c: list[Any]) -> _To:
        return _To(c[-1])

    def u6_by(self, c: list[Any]) -> _By:
        return _By(c[1])

    def u6_by_chosen(self, c: list[Any]) -> _By:
        return _By(None)


@dataclass(frozen=True, slots=True)
class _To:
    obj: Any


@dataclass(frozen=True, slots=True)
class _By:
    obj: Any
