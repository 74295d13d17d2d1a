"""What a Flesh and Blood card may print: the words of a type box and its printed values.

A card given as data (a scenario's ``cards:``, the card pool, a CardDefinition) is
checked here before the game uses it, so a typo is an input error instead of a card
that silently has no types:

- a type box reads metatypes, supertypes, types and subtypes (fab:2.14.1) from the
  game's own lists (fab:2.6.6, 2.11.6, 2.15.6a, 2.10.6); a word that is none of them
  is reported with the closest known words;
- a printed number is never negative (fab:2.0.3c); a pitch is one to three symbols
  (fab:2.8.2); a value printed as a symbol is one the card's text defines ("X",
  "XX", "X3", "*", "(c)": fab:1.12.2, fab:2.3.2a), never a word.

Each function returns the problems as short texts (empty when the card is fine); the
caller raises them as a located :class:`~tcgrules.errors.CardDataError`.
"""

from __future__ import annotations

import difflib
import re
from functools import lru_cache

from tcgrules.errors import InputError
from tcgrules.games.flesh_and_blood import costs, vocabulary

__all__ = ["definition_problems", "type_box_problems", "value_problem"]

#: the printed forms of a value defined later or by the card's text: X, XX, X3, 2X,
#: X{r}, *, 1+*, (c)
_SYMBOL = re.compile(r"^(?:(?:[0-9Xx]|\{[rR]\})+|\d*\+?\*|\(c\))$")
#: the words a type box may hold, for "did you mean"
_KNOWN = sorted(
    vocabulary.SUPERTYPES
    | {w for t in vocabulary.TYPE_WORDS for w in t.split()}
    | vocabulary.SUBTYPES
    | vocabulary.KNOWN_METATYPES
    | {"generic"}
)


def _unknown(word: str) -> str:
    close = difflib.get_close_matches(word, _KNOWN, n=1, cutoff=0.75)
    return f"{word!r}" + (f" (did you mean {close[0]!r}?)" if close else "")


def type_box_problems(text: str) -> list[str]:
    """The unknown words of a type box such as "Wizard Action - Attack" (fab:2.14.1).

    Words before the type that are no supertype are read as metatypes (fab:2.6.3); one
    that is no known hero- or set-metatype (fab:2.6.6) is unknown, as is a subtype that
    is in neither list of fab:2.10.6."""
    box = vocabulary.parse_type_line(text)
    unknown: list[str] = []
    for side in box.sides or (box,):
        unknown += [m for m in side.metatypes if m not in vocabulary.KNOWN_METATYPES]
        unknown += [s for s in side.subtypes if s not in vocabulary.SUBTYPES]
    if not unknown:
        return []
    words = ", ".join(_unknown(w) for w in dict.fromkeys(unknown))
    return [
        f"type box {text!r}: unknown word(s) {words}; a type box is metatypes, supertypes, "
        "types, then a dash and subtypes (fab:2.14.1), each from the game's lists "
        "(fab:2.6.6, fab:2.11.6, fab:2.15.6a, fab:2.10.6)"
    ]


def value_problem(key: str, value: object) -> str | None:
    """Why a printed ``key: value`` (``cost``, ``pitch``, ``power``, ``defense``,
    ``life``, ``intellect``, ``arcane``) is impossible, or None if it can be printed."""
    if isinstance(value, bool):
        return f"{key} is {value!r}, not a number"
    if isinstance(value, str):
        try:  # resource and chi symbols are numbers (fab:2.2.5, fab:2.8.4)
            value = costs.printed_symbols(value, key)
        except InputError as exc:
            return exc.message
    if isinstance(value, int):
        if value < 0:
            return f"{key} is {value}: a numeric property is never negative (fab:2.0.3c)"
        if key == "pitch" and not 1 <= value <= 3:
            return f"pitch is {value}: a card prints one to three pitch symbols (fab:2.8.2)"
        return None
    if isinstance(value, str):
        if key == "pitch":
            return f"pitch is {value!r}: a card prints one to three pitch symbols (fab:2.8.2)"
        if not _SYMBOL.match(value.strip()):
            return (
                f"{key} is {value!r}: a printed value is a number, or a symbol the card's "
                "text defines such as X, XX or * (fab:1.12.2, fab:2.3.2a)"
            )
        return None
    return f"{key} is {type(value).__name__}, not a number"


#: the printed numbers a CardDefinition's ``values`` may hold (fab:2.0.3)
_NUMERIC = ("cost", "pitch", "power", "defense", "life", "intellect", "arcane")


@lru_cache(maxsize=8192)
def definition_problems(
    type_line: str, values: tuple[tuple[str, object], ...]
) -> tuple[tuple[str, str], ...]:
    """The problems of a card's type box and printed ``values`` (as ``sorted(items)``):
    each a ``$.path`` of the CardDefinition and what is wrong."""
    found = [("$.type_line", problem) for problem in type_box_problems(type_line)]
    for key, value in values:
        problem = value_problem(key, value) if key in _NUMERIC else None
        if problem is not None:
            found.append((f"$.values.{key}", problem))
    return tuple(found)
