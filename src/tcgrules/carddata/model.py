"""A card as data: printed characteristics plus text (no class per card)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType

#: A printed value: a number, a string the card's text defines ("*", "X", "(c)"),
#: a mana cost string ("{1}{R}"), or a list (colors, elements).
PrintedValue = int | str | tuple[str, ...]

_EMPTY: Mapping[str, PrintedValue] = MappingProxyType({})


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
