"""Builder rules of numbers the game counts inside a target phrase (helper Q2).

"Counter target spell with mana value X or less, where X is the number of Faeries you
control" and "target creature with mana value less than or equal to the number of
creatures you control" compare a characteristic (mtg:202.3, mtg:208.1) with a number
the text defines from the game (mtg:107.3c). The kernel's ``CompareAmount`` counts it
each time the phrase is checked: as targets are chosen and again on resolution
(mtg:601.2c, mtg:608.2b). Only numbers that need no target, no event and no announced
value are read so: a count of what a description names, the greatest value among
them, a number of the object the text is on, the cards in your own zone.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import fields
from typing import Any, Literal

from tcgrules.cardtext import nodes as n
from tcgrules.cardtext.build import Draft, DraftRef
from tcgrules.games.magic.text_build_amounts import AmountsBuilder, _life_amount, _plain
from tcgrules.games.magic.text_build_conditions import _word
from tcgrules.games.magic.text_build_conditions3 import counted_operand
from tcgrules.games.magic.text_not_read import NotRead
from tcgrules.kernel import descriptors as d


def fixed_amount(amount: object) -> bool:
    """Whether ``amount`` can be counted from the game alone, for the player asking and
    the object the text is on (no target, trigger event, choice or announced X)."""
    if isinstance(amount, int):
        return True
    if isinstance(amount, n.CountOf):
        # bare "cards" is a phrase cut short ("the number of cards in its controller's
        # graveyard": whose graveyard is the candidate's), not every card of the game
        return isinstance(amount.multiplier, int) and amount.descriptor != d.IsCard()
    if isinstance(amount, n.GreatestAmong | n.SymbolsInCosts | n.SubtypesAmong):
        return True  # over what a description names, for the player asking
    if isinstance(amount, n.RolesFilled | n.CounterKindsAmong):
        return True
    if isinstance(amount, n.PowerOf):
        return isinstance(amount.of, n.Self)
    if isinstance(amount, n.NumberOf):
        return isinstance(amount.of, n.Self)
    if isinstance(amount, n.CountersOn):
        return isinstance(amount.on, n.Self)
    if isinstance(amount, n.CardsIn):
        return isinstance(amount.whose, n.You)
    if isinstance(amount, n.Sum):
        return all(fixed_amount(term) for term in amount.terms)
    if isinstance(amount, n.Scaled):
        return isinstance(amount.factor, int) and fixed_amount(amount.of)
    return False


def compared(prop: str, op: d.Comparison, value: object) -> d.Descriptor | None:
    """``prop`` compared with a counted operand (cmp's ``operand_count`` carries its
    count as ``amount``) the game can count alone; None otherwise."""
    amount = getattr(value, "amount", None)
    if amount is None or not fixed_amount(amount):
        return None
    return d.CompareAmount(prop, op, amount)


def _with_x(descriptor: d.Descriptor, amount: n.Amount) -> d.Descriptor:
    """``descriptor`` with each "X" it compares with replaced by ``amount``."""
    if isinstance(descriptor, d.CompareVariable) and descriptor.variable == "X":
        return d.CompareAmount(descriptor.prop, descriptor.op, amount)
    if isinstance(descriptor, d.AllOf):
        return d.AllOf(tuple(_with_x(p, amount) for p in descriptor.parts))
    if isinstance(descriptor, d.AnyOf):
        return d.AnyOf(tuple(_with_x(p, amount) for p in descriptor.parts))
    if isinstance(descriptor, d.Not):
        return d.Not(_with_x(descriptor.part, amount))
    return descriptor


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
    """ ", where X is [a number]" that defines the X of a target phrase's comparison."""

    def y2_where_x(self, c: list[Any]) -> tuple[Any, ...]:
        """ "counter target spell with mana value X or less, where X is the number of
        Faeries you control": the phrase compares with X as the game counts it
        (mtg:107.3c), as targets are chosen and on resolution (mtg:608.2b); "destroy up
        to X target creatures, where X is the number of verse counters on ~": at most
        that many are chosen, counted as they are (mtg:601.2c). Any other X of the
        clause is the amounts family's to define."""
        clause = c[0]
        effects = tuple(clause) if isinstance(clause, tuple | list) else (clause,)
        value = c[-1]
        if not fixed_amount(value):
            return super().y2_where_x(c)
        drafts = {id(x): x for x in _drafts(effects)}.values()
        compared = [x for x in drafts if x.max is not None and "'X'" in repr(x.descriptor)]
        counted = [x for x in drafts if x.up_to_x and x.max is None and x.max_amount is None]
        if not compared and not counted:
            return super().y2_where_x(c)
        for draft in compared:
            draft.descriptor = _with_x(draft.descriptor, value)
        for draft in counted:
            draft.max_amount = value
            draft.up_to_x = False
        if "'X'" in repr(effects) or "{X}" in repr(effects):
            return super().y2_where_x(c)
        return effects

    def q2_operand_greatest(self, c: list[Any]) -> str:
        """ "the greatest mana value among permanents you control" as a number compared
        with (mtg:202.3), counted as the comparison is made (mtg:608.2h)."""
        _word(c[1], "greatest")
        descriptor = c[-1].descriptor
        return counted_operand(
            "greatest mana value", lambda: n.GreatestAmong("mana_value", descriptor)
        )

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
