"""Costs in Flesh and Blood: printed costs and pitch, activated abilities' costs and
types, and the cost calculated while playing or activating.

- A printed cost or pitch may be written with resource symbols ``{r}`` (or chi ``{c}``
  for pitch) or as a number; the two are the same value (fab:2.2.5, fab:2.8.4). Two or
  more symbols or numbers printed together add up (fab:2.2.2a): ``"X3"`` is X plus 3,
  ``"XX"`` is twice X. An undefined X counts as 0 (fab:1.12.2a).
- An activated ability has the properties cost and type (fab:2.0.1a): its TYPE is the
  word(s) before the dash (fab:5.2.1b), its cost the number of ``{r}`` symbols between
  the dash and the colon, 0 when there are none (fab:2.2.3, fab:5.2.1c).
- The cost property never changes (fab:2.2.4). Effects that make something cost more or
  less apply only while it is played or activated (fab:2.2.4a): the payment starts at
  the base cost (fab:5.1.6c), then increases, then reductions, never below 0
  (fab:5.1.6a). "Cost" means the property, "payment" what was calculated to be paid
  (fab:2.2.4b).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING

from tcgrules.errors import InputError
from tcgrules.games.flesh_and_blood import vocabulary
from tcgrules.kernel.effects import ChangeCost

if TYPE_CHECKING:
    from tcgrules.cardtext.nodes import Cost
    from tcgrules.kernel.characteristics import Value
    from tcgrules.kernel.game import Game
    from tcgrules.kernel.objects import ObjectRef

__all__ = [
    "AbilityHeader",
    "ability_header",
    "evaluate",
    "payment",
    "printed_symbols",
]

#: one term of a printed value: a resource or chi symbol, a number, or X
_TERM = re.compile(r"\{[rc]\}|\d+|[xX]")
_LIMIT = re.compile(r"^(?P<limit>once|twice|thrice)\s+per\s+turn\s+", re.IGNORECASE)
_LIMITS = {"once": 1, "twice": 2, "thrice": 3}
_DASH = re.compile(r"\s+[-\u2013\u2014]+\s*")


def printed_symbols(value: Value, prop: str) -> Value:
    """A printed cost or pitch as a number when it has no X (fab:2.2.5, fab:2.8.4,
    fab:2.2.2a): ``"{r}{r}"`` is 2, ``"{c}{c}{c}"`` 3, ``"2{r}"`` 3. A value with X is
    kept as written ("X3") and evaluated with the X of the moment (:func:`evaluate`);
    any other text is kept for the card's own ability to define (fab:1.12.3)."""
    if not isinstance(value, str):
        return value
    text = value.replace(" ", "")
    terms = _TERM.findall(text)
    if not terms or "".join(terms) != text:
        return value
    if any(t in {"x", "X"} for t in terms):
        return text.upper().replace("{R}", "{r}").replace("{C}", "{c}")
    if prop != "pitch" and "{c}" in terms:
        raise InputError(
            f"{prop} {value!r}: the chi symbol {{c}} stands for pitch (fab:2.8.4)",
            expected="a number or {r} symbols",
        )
    return _sum(terms, 0)


def _sum(terms: list[str], x: int) -> int:
    total = 0
    for t in terms:
        if t in {"{r}", "{c}"}:
            total += 1
        elif t in {"x", "X"}:
            total += x
        else:
            total += int(t)
    return total


def evaluate(value: Value, x: int | None) -> Value:
    """A cost with X as a number: the printed terms added up with X as declared, or 0
    while X is undefined (fab:2.2.2a, fab:1.12.2a, fab:1.12.2b)."""
    if not isinstance(value, str):
        return value
    terms = _TERM.findall(value)
    if not terms or "".join(terms) != value or not any(t == "X" for t in terms):
        return value
    return _sum(terms, x or 0)


@dataclass(frozen=True, slots=True)
class AbilityHeader:
    """What the words before an activated ability's colon say (fab:5.2.1a-c)."""

    #: the types the ability gives its layer, e.g. ``("attack reaction",)`` (fab:5.2.1b)
    types: tuple[str, ...]
    #: the number of ``{r}`` symbols in the cost (fab:2.2.3)
    cost: int
    #: how many times per turn it can be activated, None when unlimited (fab:5.2.1a)
    limit: int | None = None


def ability_header(cost: Cost) -> AbilityHeader:
    """Read "[LIMIT] TYPE - COST" (fab:5.2.1): the ability's type and its cost, the count
    of resource symbols (fab:2.2.3; a written "0" or no symbol is 0)."""
    parts = _DASH.split(cost.text, maxsplit=1)
    words = parts[0].strip() if len(parts) == 2 else ""
    limit: int | None = None
    found = _LIMIT.match(words)
    if found:
        limit = _LIMITS[found.group("limit").lower()]
        words = words[found.end() :]
    box = vocabulary.parse_type_line(words) if words else None
    types = tuple(sorted(t.lower() for t in box.types)) if box is not None else ()
    symbols = sum(part.count("{r}") for part in cost.parts)
    numbers = sum(int(part) for part in cost.parts if part.strip().isdigit())
    return AbilityHeader(types=types, cost=symbols + numbers, limit=limit)


def payment(game: Game, ref: ObjectRef, base: int, action: str) -> int:
    """The resource cost to pay for ``ref`` (fab:5.1.6a): the base cost (fab:5.1.6c),
    then every increase, then every reduction in timestamp order, never below 0.

    ``action`` is ``"play"`` for a card and ``"activate"`` for an ability, whose
    increases and reductions are the ones on its source."""
    changes = [
        e.op.delta
        for e in game.effects_on(ref)
        if isinstance(e.op, ChangeCost) and e.op.action == action
    ]
    total = base + sum(d for d in changes if d > 0)
    for d in changes:
        if d < 0:
            total = max(0, total + d)
    return total
