"""Mana costs: the colors a cost implies (mtg:105.2, mtg:202.2) and its mana value (mtg:202.3)."""

from __future__ import annotations

import re

COLOR_LETTERS = {"W": "white", "U": "blue", "B": "black", "R": "red", "G": "green"}
_SYMBOL = re.compile(r"\{([^}]*)\}")


def symbols(cost: str) -> list[str]:
    """The mana symbols of a cost string: ``"{1}{R}"`` -> ``["1", "R"]``."""
    return [m.upper() for m in _SYMBOL.findall(cost or "")]


def colors_of_cost(cost: str) -> frozenset[str]:
    """The colors of the mana symbols in a cost; hybrid and Phyrexian symbols count
    for each color they show (mtg:202.2)."""
    found: set[str] = set()
    for sym in symbols(cost):
        for part in sym.split("/"):
            if part in COLOR_LETTERS:
                found.add(COLOR_LETTERS[part])
    return frozenset(found)


def mana_value(cost: str) -> int:
    """The total of a cost's symbols (mtg:202.3): numbers count their value, X counts 0,
    a hybrid symbol counts its largest part, any other symbol counts one."""
    total = 0
    for sym in symbols(cost):
        parts = sym.split("/")
        best = 0
        for part in parts:
            if part.isdigit():
                best = max(best, int(part))
            elif part in {"X", "Y", "Z"}:
                best = max(best, 0)
            elif part != "P":
                best = max(best, 1)
        total += best
    return total
