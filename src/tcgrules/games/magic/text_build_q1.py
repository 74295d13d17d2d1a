"""Builder helpers and methods for numbers a target phrase compares to (helper Q1):
"target creature card with mana value X or less from your graveyard, where X is the
amount of life you gained this turn", "target creature with power less than or equal to
the number of Islands you control", "with mana value less than or equal to the amount
of life you lost this turn". The phrase keeps the number itself
(:class:`~tcgrules.kernel.descriptors.CompareAmount`), worked out as targets are chosen
(mtg:601.2c) and again on resolution (mtg:608.2b) by
:mod:`tcgrules.games.magic.bounds`; a number that needs more than the game to work out
(a target's, a trigger's, "this way") is not read here.

A mixin of :class:`~tcgrules.games.magic.text_build.MagicBuilder`; one method per
alias of the grammar's "Q1" section (``grammar/magic.lark``)."""

from __future__ import annotations

from typing import Any

from tcgrules.cardtext import nodes as n
from tcgrules.cardtext.build import Draft, DraftRef
from tcgrules.games.magic.bounds import known
from tcgrules.games.magic.text_not_read import NotRead
from tcgrules.kernel import descriptors as d

#: the printed object's own numbers an operand names ("~'s power")
_SELF_NUMBERS = {
    "~'s power": "power",
    "~'s toughness": "toughness",
    "~'s mana value": "mana_value",
}


def operand_bound(prop: str, op: d.Comparison, value: int | str) -> d.Descriptor | None:
    """One object's ``prop`` ``op`` the number cmp's operand ``value`` names, worked out
    when targets are checked: a count it carries ("the number of Islands you
    control"), or a number of the object the text is on ("~'s power"); None for any
    other operand (X, a number the game could not work out then), and for a group's
    total ("with total power 4 or less", not one object's number)."""
    counted: Any = getattr(value, "amount", None)
    if counted is None and isinstance(value, str) and value in _SELF_NUMBERS:
        counted = n.NumberOf(_SELF_NUMBERS[value], n.Self())
    if counted is None or prop.startswith("total_") or not known(counted):
        return None
    return d.CompareAmount(prop, op, counted)


def _bind(part: d.Descriptor, value: Any) -> d.Descriptor:
    """``part`` with every comparison to X made a comparison to ``value``."""
    if isinstance(part, d.CompareVariable) and part.variable == "X":
        return d.CompareAmount(part.prop, part.op, value)
    if isinstance(part, d.AllOf):
        return d.AllOf(tuple(_bind(p, value) for p in part.parts))
    if isinstance(part, d.AnyOf):
        return d.AnyOf(tuple(_bind(p, value) for p in part.parts))
    if isinstance(part, d.Not):
        return d.Not(_bind(part.part, value))
    return part


def one_player(draft: Draft) -> bool:
    """A target phrase for exactly one player (as the amounts family reads it)."""
    from tcgrules.games.magic.text_build_amounts import one_player as single  # noqa: PLC0415

    return single(draft)


def bind_x(draft: Draft, value: Any) -> d.Descriptor | None:
    """The descriptor of a target phrase with a fixed number of targets whose "mana
    value X or less" the text defines (", where X is ..."; mtg:107.3c) with X made
    ``value``; None if the phrase has a variable count, or X is anything but a compared
    number there, or the game could not work ``value`` out when targets are checked."""
    if draft.max is None or not known(value):
        return None
    bound = _bind(draft.descriptor, value)
    if "'X'" in repr(bound):
        return None
    return bound


class Q1Builder:
    """Tokens and subtrees of the Q1 section → descriptor parts and amounts."""

    drafts: list[Draft]

    def q1_life_operand(self, c: list[Any]) -> Any:
        """ "the amount of life you gained (lost) this turn" as a number a target phrase
        compares to (all gains, or losses, added up; mtg:119.3)."""
        from tcgrules.games.magic.text_build_conditions3 import counted_operand  # noqa: PLC0415

        what = {"gained": "life_gained", "lost": "life_lost"}.get(str(c[5]).lower())
        if what is None or str(c[1]).lower() != "amount":
            raise NotRead(f"“the amount of life you {c[5]} this turn”")
        return counted_operand("amount of life", lambda: n.ThisTurn(what))

    def q1_life_total_operand(self, c: list[Any]) -> Any:
        """ "your life total" as a number a target phrase compares to."""
        from tcgrules.games.magic.text_build_conditions3 import counted_operand  # noqa: PLC0415

        return counted_operand("your life total", lambda: n.LifeTotalOf(n.You()))

    def q1_self_word_operand(self, c: list[Any]) -> Any:
        """ "~'s loyalty": the loyalty of the object the text is on, the number of
        loyalty counters on it (mtg:306.5c)."""
        from tcgrules.games.magic.text_build_conditions3 import counted_operand  # noqa: PLC0415

        if str(c[2]).lower() != "loyalty":
            raise NotRead(f"“~'s {c[2]}” as a number")
        return counted_operand("~'s loyalty", lambda: n.CountersOn("loyalty", n.Self()))

    def q1_greatest_operand(self, c: list[Any]) -> Any:
        """ "the greatest mana value among permanents you control" (mtg:608.2h)."""
        from tcgrules.games.magic.text_build_conditions3 import counted_operand  # noqa: PLC0415

        greatest = self.w2_greatest(c)  # type: ignore[attr-defined]
        return counted_operand("the greatest number among objects", lambda: greatest)

    def q1_counters_operand(self, c: list[Any]) -> Any:
        """ "the number of treasure counters on ~" (mtg:122.1)."""
        from tcgrules.games.magic.text_build_conditions3 import counted_operand  # noqa: PLC0415

        kind = str(c[3])
        return counted_operand("number of counters", lambda: n.CountersOn(kind, n.Self()))

    # ---------------------------------------------- what happened to one player this turn
    def _the_target_player(self, target: Any) -> Any:
        """The reference of the sentence's one target player ("target opponent"); any
        other target phrase is not read."""
        draft: Draft | None = getattr(target, "draft", None)
        if draft is None or not one_player(draft):
            raise NotRead("a turn's count of something other than one target player")
        return target

    def q1_damage_to_target(self, c: list[Any]) -> n.ThisTurn:
        """ "the damage dealt to target opponent this turn": all of it added up
        (mtg:120.3a)."""
        return n.ThisTurn("damage_dealt", self._the_target_player(c[4]))

    def q1_damage_to_you(self, c: list[Any]) -> n.ThisTurn:
        """ "the damage dealt to you this turn" (mtg:120.3a)."""
        return n.ThisTurn("damage_dealt")

    def q1_discarded_by_target(self, c: list[Any]) -> n.ThisTurn:
        """ "the number of cards target opponent discarded this turn" (mtg:701.8a)."""
        if str(c[5]).lower() != "discarded":
            raise NotRead(f"“cards ... {c[5]} this turn”")
        return n.ThisTurn("cards_discarded", self._the_target_player(c[4]))

    def q1_life_that_player(self, c: list[Any]) -> n.ThisTurn:
        """ "target opponent loses life equal to the life that player lost this turn":
        "that player" is the sentence's one target player (mtg:119.3)."""
        players = [draft for draft in self.drafts if one_player(draft)]
        if str(c[4]).lower() not in {"lost", "gained"} or len(players) != 1:
            raise NotRead("“the life that player ... this turn” without one target player")
        what = "life_lost" if str(c[4]).lower() == "lost" else "life_gained"
        who: Any = DraftRef(players[0])
        return n.ThisTurn(what, who)

    def q1_draw_equal(self, c: list[Any]) -> n.Draw:
        """ "Draw cards equal to [a count of this turn]" (mtg:121.1)."""
        return n.Draw(n.You(), c[-1])

    def q1_computed(self, c: list[Any]) -> Any:
        return c[0]

    # ------------------------------------------------------ creatures that died this turn
    def q1_died_this_turn(self, c: list[Any]) -> n.DiedThisTurn:
        """ "the number of Zubera that died this turn" (mtg:700.4)."""
        return n.DiedThisTurn(c[3].descriptor)

    def q1_for_each_died(self, c: list[Any]) -> tuple[Any, ...]:
        """ "target opponent discards a card for each Zubera that died this turn": the
        clause's one printed number, per creature that died (mtg:700.4, mtg:608.2h)."""
        from tcgrules.games.magic.text_build_amounts import per_each  # noqa: PLC0415
        from tcgrules.games.magic.text_build_amounts3 import _times  # noqa: PLC0415

        died = n.DiedThisTurn(c[3].descriptor)
        return per_each(c[0], lambda printed: _times(printed, died))

    def q1_counters_on_equal(self, c: list[Any]) -> tuple[Any, ...]:
        """ "put a number of +1/+1 counters on target creature equal to [a number]": the
        number read as the effect happens (mtg:122.6, mtg:608.2h). Only on a target
        phrase (helper Q1's reach; other objects stay as they were read)."""
        from tcgrules.games.magic.text_build_damage import define_x  # noqa: PLC0415

        if getattr(c[7], "draft", None) is None:
            raise NotRead("“put a number of counters on” something other than a target")
        kind: str = c[4]
        self.check_counter_kind(kind)  # type: ignore[attr-defined]
        return define_x((n.PutCounters(c[7], kind, "X"),), c[-1])
