"""Builder rules of dice and chance (helper W2): "roll a d20" / "roll a six-sided die"
(mtg:706.1a), "the result" (mtg:706.2) and "if the result is 3 or less" (mtg:706.2,
mtg:706.4). A results table printed under the roll is read with the ability by text.py
(mtg:706.3b); coin flips are the conditions family's (text_build_conditions.py)."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace
from typing import Any

from tcgrules.cardtext import nodes as n
from tcgrules.cardtext.build import DraftRef
from tcgrules.games.magic.text_build_conditions import _word
from tcgrules.games.magic.text_lexer import NUMBER_WORDS
from tcgrules.games.magic.text_not_read import NotRead


def die_sides(word: str) -> int | None:
    """The sides of "six-sided" (mtg:706.1a), or None."""
    count, dash, rest = word.lower().partition("-")
    if not dash or rest != "sided":
        return None
    return NUMBER_WORDS.get(count)


class ChanceBuilder:
    """Dice (mtg:706) and losing a coin flip (mtg:705.2)."""

    def w2_roll_d(self, c: list[Any]) -> n.RollDie:
        """ "roll a d20": one die of 20 sides (mtg:706.1a)."""
        _word(c[1], "d")
        sides = int(c[2])
        if sides < 1:
            raise NotRead(f"a die of {sides} sides")
        return n.RollDie(sides)

    def w2_roll_sided(self, c: list[Any]) -> n.RollDie:
        """ "roll a six-sided die" (mtg:706.1a)."""
        _word(c[2], "die")
        sides = die_sides(str(c[1]))
        if sides is None:
            raise NotRead(f"“roll a {c[1]} {c[2]}”")
        return n.RollDie(sides)

    def w2_the_result(self, c: list[Any]) -> n.RollResult:
        """ "the result": of the die rolled last (mtg:706.2)."""
        _word(c[1], "result")
        return n.RollResult()

    def x3_counter_unless_twice(self, c: list[Any]) -> n.Counter:
        """ "Counter target spell unless its controller pays twice {X}": that player may
        pay the cost two times over, {X}{X} (mtg:118.12a, mtg:701.5a)."""
        _word(c[-2], "twice")
        return n.Counter(c[1], unless_pays=str(c[-1]) * 2)

    def x3_counter_unless_either(self, c: list[Any]) -> n.Counter:
        """ "Counter target black spell unless that spell's controller pays {B} or {3}":
        that player may pay either cost (mtg:118.12a, mtg:701.5a)."""
        return n.Counter(c[1], unless_pays=f"{c[-3]} or {c[-1]}")

    def x3_unless_or_player(self, c: list[Any]) -> n.UnlessPlayerOrControllerPays:
        """ "~ deals 1 damage to any target unless that permanent's controller or that
        player pays {1}": the one target the effect acts on, or its controller, may pay
        (mtg:118.12a)."""
        inner = c[0]
        what = inner.to if isinstance(inner, n.DealDamage) else getattr(inner, "what", None)
        if not isinstance(what, DraftRef):
            raise NotRead("'that player' pays: the effect acts on no target")
        return n.UnlessPlayerOrControllerPays((inner,), what, str(c[-1]))  # type: ignore[arg-type]

    def w2_greatest(self, c: list[Any]) -> n.GreatestAmong:
        """ "the greatest power among creatures you control" (mtg:608.2h)."""
        _word(c[1], "greatest")
        prop = "mana_value" if str(c[2]).lower() == "mana" else str(c[2]).lower()
        return n.GreatestAmong(prop, c[-1].descriptor)

    def w2_counter_unless_its_mana_value(self, c: list[Any]) -> n.CounterUnlessPaysEach:
        """ "Counter target spell unless its controller pays {X}, where X is its mana
        value": {1} as many times as the spell's mana value (mtg:202.3)."""
        if str(c[6]) != "{X}":
            raise NotRead(f"“{c[6]}, where X is”")
        return n.CounterUnlessPaysEach(c[1], "{1}", n.NumberOf("mana_value", c[1]))

    def w2_counter_unless_mana_equal(self, c: list[Any]) -> n.CounterUnlessPaysEach:
        """ "... unless its controller pays mana equal to [a number]": that much generic
        mana, {1} that many times."""
        amount = c[-1]
        if not hasattr(amount, "__dataclass_fields__"):
            raise NotRead("“mana equal to its power”")
        return n.CounterUnlessPaysEach(c[1], "{1}", amount)

    def w2_lose_the_flip(self, c: list[Any]) -> str:
        """ "If you lose the flip" (mtg:705.2), as "if you win the flip" is read."""
        _word(c[3], "flip")
        return "lose_the_flip"

    def w2_result_is(self, c: list[Any]) -> n.NumberCondition:
        """ "if the result is 3 or less" (mtg:706.2)."""
        _word(c[1], "result")
        op, value = c[3]
        if not isinstance(value, int):
            raise NotRead(f"the result compared with {value!r}")
        return n.NumberCondition(n.RollResult(), op, value)


#: "1—9 | ", "20 | ", "15+ | " (also "1-9 | ", "1 or 2 — ", "3 — "): a line of a
#: results table (mtg:706.3a)
_ROW_RE = re.compile(r"^(\d+)(?:[\u2014-](\d+)|(\+)| or (\d+))? (?:\||\u2014) ")

#: reads an ability body: (requirements, effects) of ``ctx.clean[start:end]``
BodyReader = Callable[[Any, int, int], tuple[tuple[Any, ...], tuple[Any, ...]]]


def results_table(
    ctx: Any,
    lines: list[tuple[int, int]],
    i: int,
    effects: tuple[Any, ...],
    read: BodyReader,
    *,
    trailing: Callable[[Any], bool],
) -> tuple[tuple[Any, ...], int]:
    """The effects of an ability whose last effect rolls a die (but for ``trailing``
    ones: use restrictions), with the results table on the lines from ``i`` on read
    into it (mtg:706.3b: all one ability), and the index of the first line after the
    table. Unchanged (and ``i``) when no table follows, or a line of it chooses targets
    of its own (not read here)."""
    last = len(effects) - 1
    while last >= 0 and trailing(effects[last]):
        last -= 1
    if last < 0 or not isinstance(effects[last], n.RollDie):
        return effects, i
    rows: list[n.DieRow] = []
    j = i
    while j < len(lines):
        lo, hi = lines[j]
        row = _ROW_RE.match(ctx.clean[lo:hi])
        if row is None:
            break
        reqs, row_effects = read(ctx, lo + row.end(), hi)
        if reqs:
            return effects, i
        low = int(row.group(1))
        high = None if row.group(3) else int(row.group(2) or row.group(4) or low)
        rows.append(n.DieRow(low, high, row_effects, ctx.text[lo:hi].strip()))
        j += 1
    if not rows:
        return effects, i
    rolled = replace(effects[last], table=tuple(rows))
    return (*effects[:last], rolled, *effects[last + 1 :]), j
