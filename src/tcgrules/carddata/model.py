"""A card as data: printed characteristics plus text (no class per card)."""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType

from tcgrules.errors import ArgumentError

#: A printed value: a number, a string the card's text defines ("*", "X", "(c)"),
#: a mana cost string ("{1}{R}"), or a list (colors, elements).
PrintedValue = int | str | tuple[str, ...]

#: the printed values that are numbers; as text they may only be printed forms
#: defined by the card's text or chosen as it is played ("*", "1+*", "X", "7-*")
_NUMBERS = frozenset(
    {
        "power",
        "toughness",
        "loyalty",
        "defense",
        "life",
        "intellect",
        "pitch",
        "arcane",
        "level",
        "durability",
        "reserve",
        "memory",
    }
)
#: printed symbols (digits, X, *, {r}, (c), ...), never a word
_PRINTED_NUMBER = re.compile(r"^(?![^{]*[A-Za-z]{2})[0-9A-Za-z{}()*+\-−²?½.∞ ]+$")

_EMPTY: Mapping[str, PrintedValue] = MappingProxyType({})


def is_printed_symbol(text: str) -> bool:
    """Whether ``text`` is a printed value written with symbols ("X", "*", "1+*",
    "(c)", "{r}") rather than a word such as "forty"."""
    return bool(_PRINTED_NUMBER.match(text))


@dataclass(frozen=True)
class CardDefinition:
    """One card's printed face (or faces), game-neutral.

    ``type_line`` is the type line / type box / typeline as printed; ``values``
    holds the game's printed values under the scenario-file key names (MTG
    ``cost``, ``power``, ``toughness``, ``loyalty``, ``defense``, ``colors``;
    FaB ``cost``, ``pitch``, ``power``, ``defense``, ``life``, ``intellect``,
    ``arcane``; GA ``element``, ``reserve``/``memory`` cost, ``level``,
    ``power``, ``life``, ``durability``, ``speed``). A key that is absent means
    the card has no such property, which is not the same as 0 (fab:2.3.2).
    """

    game: str
    name: str
    type_line: str
    text: str = ""
    values: Mapping[str, PrintedValue] = field(default_factory=lambda: _EMPTY)
    faces: tuple[CardDefinition, ...] = ()
    #: for one side of a split card as it is played (fab:9.2.3), the whole card
    side_of: CardDefinition | None = None

    def __post_init__(self) -> None:
        where = "CardDefinition()"
        for name in ("game", "name", "type_line", "text"):
            value = getattr(self, name)
            if not isinstance(value, str):
                raise ArgumentError(where, name, value, "a text")
        if not isinstance(self.values, Mapping):
            raise ArgumentError(
                where, "values", self.values, "a mapping of property names to values"
            )
        for key, value in self.values.items():
            if key in _NUMBERS and isinstance(value, str) and not _PRINTED_NUMBER.match(value):
                raise ArgumentError(
                    where,
                    f"values[{key!r}]",
                    value,
                    "a number, or a printed value defined by text such as '*', '1+*' or 'X'",
                )
            if not isinstance(key, str):
                raise ArgumentError(where, "values", key, "property names as text, such as 'power'")
            if not (
                isinstance(value, int | str)
                or (isinstance(value, tuple) and all(isinstance(v, str) for v in value))
            ):
                raise ArgumentError(
                    where,
                    f"values[{key!r}]",
                    value,
                    "a number, a text such as '*' or 'X', or a tuple of names",
                )
        if not isinstance(self.faces, tuple) or not all(
            isinstance(f, CardDefinition) for f in self.faces
        ):
            raise ArgumentError(where, "faces", self.faces, "a tuple of CardDefinition")
        if self.side_of is not None and not isinstance(self.side_of, CardDefinition):
            raise ArgumentError(where, "side_of", self.side_of, "a CardDefinition or None")
