"""Magic's handlers for the amounts family (helper Y2): effects whose cost or number is
counted as they happen (mtg:608.2h)."""

from __future__ import annotations

import re
from collections.abc import Mapping
from types import MappingProxyType

from tcgrules.cardtext.nodes import Counter, CounterUnlessPaysEach
from tcgrules.kernel.resolution import Resolution
from tcgrules.kernel.ruleset import EffectHandler

_SYMBOL = re.compile(r"\{([^}]+)\}")


def _counter_unless_pays_each(run: Resolution, effect: CounterUnlessPaysEach) -> None:
    """Count now (mtg:608.2h), then counter unless the controller pays that cost
    (mtg:701.5a): ``base`` plus ``mana`` once per counted thing."""
    times = max(run.amount(effect.times), 0)
    run.perform(Counter(effect.what, unless_pays=total_cost(effect.mana, times, effect.base)))


def total_cost(mana: str, times: int, base: str | None = None) -> str:
    """``base`` plus ``times`` copies of ``mana``, generic mana added up ("{1}" three
    times plus "{2}" is "{5}"); nothing to pay is "{0}"."""
    generic = 0
    others: list[str] = []
    for cost, count in ((base or "", 1), (mana, times)):
        for symbol in _SYMBOL.findall(cost):
            if symbol.isdigit():
                generic += int(symbol) * count
            else:
                others.extend([symbol] * count)
    parts = ([f"{{{generic}}}"] if generic or not others else []) + [f"{{{s}}}" for s in others]
    return "".join(parts)


AMOUNT_EFFECTS: Mapping[type, EffectHandler] = MappingProxyType(
    {CounterUnlessPaysEach: _counter_unless_pays_each}
)
