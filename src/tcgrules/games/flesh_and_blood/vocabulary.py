"""Flesh and Blood vocabulary: zones (fab:3.0) and the type box (fab:2.14).

NOTE for contributors: the ruleset uses ZONES, TypeBox, parse_type_line,
CLASS_WORDS and TALENT_WORDS; extend the data, keep the API.
"""

from __future__ import annotations

from dataclasses import dataclass

from tcgrules.kernel.zones import ZoneSpec


def _zone(name: str, public: bool, shared: bool, ordered: bool, **kw: object) -> ZoneSpec:
    return ZoneSpec(name, public=public, shared=shared, ordered=ordered, rule="fab:3.0.1", **kw)  # type: ignore[arg-type]


#: fab:3.0.1, fab:3.0.2 (who owns which), fab:3.0.4a/b (public/private).
#: "arena" is not a zone (fab:3.0.5); scenario files may say ``arena`` for the permanent zone.
ZONES: tuple[ZoneSpec, ...] = (
    _zone("deck", False, False, True),
    _zone("hand", False, False, False),
    _zone("arsenal", False, False, False),
    _zone("pitch", True, False, False),
    _zone("graveyard", True, False, True),
    _zone("banished", True, False, False, aliases=("banishment", "exile")),
    _zone("hero", True, False, False, objects_are_permanents=True),
    _zone("arms", True, False, False, objects_are_permanents=True),
    _zone("chest", True, False, False, objects_are_permanents=True),
    _zone("head", True, False, False, objects_are_permanents=True),
    _zone("legs", True, False, False, objects_are_permanents=True),
    _zone("weapon", True, False, False, objects_are_permanents=True),
    _zone("permanent", True, True, False, aliases=("arena",), objects_are_permanents=True),
    _zone("combat_chain", True, True, True),
    _zone("stack", True, True, True, is_stack=True),
)

#: fab:2.11.6a
CLASS_WORDS = frozenset(
    w.lower()
    for w in [
        "Adjudicator",
        "Assassin",
        "Bard",
        "Brute",
        "Guardian",
        "Illusionist",
        "Mechanologist",
        "Merchant",
        "Necromancer",
        "Ninja",
        "Pirate",
        "Ranger",
        "Runeblade",
        "Shapeshifter",
        "Thief",
        "Warrior",
        "Wizard",
    ]
)
#: fab:2.11.6b
TALENT_WORDS = frozenset(
    w.lower()
    for w in [
        "Chaos",
        "Draconic",
        "Earth",
        "Elemental",
        "Ice",
        "Light",
        "Lightning",
        "Mystic",
        "Royal",
        "Shadow",
    ]
)
#: fab:2.15.6a (two-word types first)
TYPE_WORDS = (
    "attack reaction",
    "defense reaction",
    "demi-hero",
    "action",
    "block",
    "companion",
    "equipment",
    "hero",
    "instant",
    "macro",
    "mentor",
    "resource",
    "token",
    "weapon",
)


@dataclass(frozen=True, slots=True)
class TypeBox:
    """A type box: metatypes, supertypes, types, subtypes (fab:2.14.1)."""

    metatypes: tuple[str, ...]
    supertypes: tuple[str, ...]
    types: tuple[str, ...]
    subtypes: tuple[str, ...]


def parse_type_line(text: str) -> TypeBox:
    """Read "Warrior Action - Attack" / "Generic Equipment - Head" (fab:2.14.1).

    "Generic" means no supertypes (fab:2.14.1a); "A / B" hybrids have both sets
    (fab:2.14.1b). Words before the type that are neither classes nor talents are
    metatypes.
    """
    head, _, tail = text.replace("—", "-").partition(" - ")
    words = head.replace("/", " ").lower().split()
    types: list[str] = []
    rest: list[str] = []
    i = 0
    while i < len(words):
        pair = " ".join(words[i : i + 2])
        if pair in TYPE_WORDS:
            types.append(pair)
            i += 2
            continue
        if words[i] in TYPE_WORDS:
            types.append(words[i])
        else:
            rest.append(words[i])
        i += 1
    supertypes = tuple(w for w in rest if w in CLASS_WORDS or w in TALENT_WORDS)
    metatypes = tuple(w for w in rest if w not in supertypes and w != "generic")
    subtypes = tuple(tail.lower().split())
    return TypeBox(metatypes, supertypes, tuple(types), subtypes)
