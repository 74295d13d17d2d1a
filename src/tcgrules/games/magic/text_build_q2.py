"""Builder rules of helper Q2, on top of helper Q1's numbers worked out from the game
(``CompareAmount``, ``Ruleset.amount_now``, games/magic/bounds.py).

"Any number of target players each gain
life equal to [a number]", "... each discard a number of cards equal to [a number]",
"target player draws cards equal to [a number]". "Target opponent chosen at random":
chance picks the target (kernel/random_targets.py). A "mana value X or less, where X is
..." in a target phrase is helper Q1's (text_build_q1.bind_x).
"""

from __future__ import annotations

from typing import Any, Literal

from tcgrules.cardtext import nodes as n
from tcgrules.games.magic.text_build_amounts import AmountsBuilder, _life_amount, _plain
from tcgrules.games.magic.text_not_read import NotRead


class Q2Builder(AmountsBuilder):
    """Each gain, discard or draw equal to a number; targets chosen at random."""

    def q2_each_gain_equal(self, c: list[Any]) -> n.GainLife:
        """ "Any number of target players each gain life equal to [a number]": each of
        them gains that much (mtg:119.3), counted as it happens (mtg:608.2h)."""
        return n.GainLife(c[0], _life_amount(c[-1]))

    def q2_each_discard_equal(self, c: list[Any]) -> n.Discard:
        """ "Any number of target players each discard a number of cards equal to [a
        number]": each discards that many, choosing them (mtg:701.8a, mtg:701.8b)."""
        return n.Discard(c[0], _plain(c[-1]))

    def q2_draws_equal(self, c: list[Any]) -> n.Draw:
        """ "Target player draws cards equal to [a number]" (mtg:121.1, counted as it
        happens, mtg:608.2h)."""
        return n.Draw(c[0], _plain(c[-1]))

    # ------------------------------------------------------------ chosen at random
    def q2_at_random(self, c: list[Any]) -> AtRandom:
        """ "chosen at random" after a target phrase."""
        return AtRandom()


class AtRandom:
    """ "chosen at random" after a target phrase (``MagicBuilder.nominal`` marks it)."""

    __slots__ = ()


def random_chooser(chosen_by: str) -> Literal["random"]:
    """Who picks a target "chosen at random": chance (kernel/random_targets.py); not
    read with another chooser ("of an opponent's choice")."""
    if chosen_by != "controller":
        raise NotRead("a target chosen both by an opponent and at random")
    return "random"
