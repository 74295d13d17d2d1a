"""Builder rules of helper Q2, on top of helper Q1's numbers worked out from the game
(``CompareAmount``, ``Ruleset.amount_now``, games/magic/bounds.py).

"Destroy up to X target creatures, where X is the number of verse counters on ~": the
most targets is a number the game works out as targets are chosen (mtg:601.2c,
mtg:107.3c; ``TargetRequirement.max_amount``). "Any number of target players each gain
life equal to [a number]", "... each discard a number of cards equal to [a number]",
"target player draws cards equal to [a number]". "Target opponent chosen at random":
chance picks the target (kernel/random_targets.py). A "mana value X or less, where X is
..." in a target phrase is helper Q1's (text_build_q1.bind_x).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import fields
from typing import Any, Literal

from tcgrules.cardtext import nodes as n
from tcgrules.cardtext.build import Draft, DraftRef
from tcgrules.games.magic.bounds import known
from tcgrules.games.magic.text_build_amounts import AmountsBuilder, _life_amount, _plain
from tcgrules.games.magic.text_not_read import NotRead
from tcgrules.kernel import descriptors as d


def _drafts(value: Any) -> Iterator[Draft]:
    """The target phrases an effect refers to, inside nested effects too."""
    if isinstance(value, DraftRef):
        yield value.draft
    elif isinstance(value, tuple | list):
        for part in value:
            yield from _drafts(part)
    elif hasattr(value, "__dataclass_fields__") and not isinstance(value, d.Descriptor):
        for f in fields(value):
            yield from _drafts(getattr(value, f.name))


class Q2Builder(AmountsBuilder):
    """ ", where X is [a number]" that sets the most targets of "up to X target ...";
    each gain, discard or draw equal to a number; targets chosen at random."""

    def y2_where_x(self, c: list[Any]) -> tuple[Any, ...]:
        """ "destroy up to X target creatures, where X is the number of verse counters on
        ~": at most that many are chosen, worked out as they are (mtg:601.2c). Any other
        X of the clause is the amounts family's to define (a compared X there is helper
        Q1's)."""
        clause = c[0]
        effects = tuple(clause) if isinstance(clause, tuple | list) else (clause,)
        value = c[-1]
        if not known(value):
            return super().y2_where_x(c)
        drafts = {id(x): x for x in _drafts(effects)}.values()
        counted = [x for x in drafts if x.up_to_x and x.max is None and x.max_amount is None]
        if not counted:
            return super().y2_where_x(c)
        for draft in counted:
            draft.max_amount = value
            draft.up_to_x = False
        if "'X'" in repr(effects) or "{X}" in repr(effects):
            return super().y2_where_x(c)
        return effects

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
