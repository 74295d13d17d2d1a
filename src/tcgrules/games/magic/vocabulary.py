"""Magic: The Gathering vocabulary: zones (mtg:400.1) and the type line (mtg:205).

NOTE for contributors: this module's names (ZONES, TypeLine, parse_type_line,
CARD_TYPES, SUPERTYPES) are used by the ruleset; extend the data, keep the API.
"""

from __future__ import annotations

from dataclasses import dataclass

from tcgrules.kernel.zones import ZoneSpec

#: mtg:400.1, mtg:401-408
ZONES: tuple[ZoneSpec, ...] = (
    ZoneSpec("library", public=False, shared=False, ordered=True, rule="mtg:401"),
    ZoneSpec("hand", public=False, shared=False, ordered=False, rule="mtg:402"),
    ZoneSpec(
        "battlefield",
        public=True,
        shared=True,
        ordered=False,
        rule="mtg:403",
        objects_are_permanents=True,
    ),
    ZoneSpec("graveyard", public=True, shared=False, ordered=True, rule="mtg:404"),
    ZoneSpec("stack", public=True, shared=True, ordered=True, rule="mtg:405", is_stack=True),
    ZoneSpec("exile", public=True, shared=True, ordered=False, rule="mtg:406"),
    ZoneSpec("command", public=True, shared=True, ordered=False, rule="mtg:408"),
)

#: mtg:205.2a
CARD_TYPES = frozenset(
    {
        "artifact",
        "battle",
        "conspiracy",
        "creature",
        "dungeon",
        "enchantment",
        "instant",
        "kindred",
        "land",
        "phenomenon",
        "plane",
        "planeswalker",
        "scheme",
        "sorcery",
        "vanguard",
    }
)
#: mtg:205.4a
SUPERTYPES = frozenset({"basic", "legendary", "ongoing", "snow", "world"})


@dataclass(frozen=True, slots=True)
class TypeLine:
    """A type line split into supertypes, card types and subtypes (mtg:205.1)."""

    supertypes: tuple[str, ...]
    types: tuple[str, ...]
    subtypes: tuple[str, ...]


def parse_type_line(text: str) -> TypeLine:
    """Split "Legendary Creature — Elf Warrior" at the long dash (mtg:205.1a).

    Words before the dash are supertypes or card types; after it, subtypes.
    Unknown words before the dash are kept as types (so nothing is dropped).
    """
    head, _, tail = text.replace(" - ", " — ").partition("—")
    supertypes: list[str] = []
    types: list[str] = []
    for word in head.split():
        low = word.lower()
        (supertypes if low in SUPERTYPES else types).append(low)
    subtypes = [w.lower() for w in tail.split()]
    return TypeLine(tuple(supertypes), tuple(types), tuple(subtypes))
