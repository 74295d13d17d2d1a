"""Grand Archive vocabulary: zones (Game Zones pages) and the typeline.

NOTE for contributors: the ruleset uses ZONES, TypeLine, parse_type_line and
CLASS_WORDS; extend the data, keep the API.
"""

from __future__ import annotations

from dataclasses import dataclass

from tcgrules.kernel.zones import ZoneSpec

ZONES: tuple[ZoneSpec, ...] = (
    ZoneSpec("main_deck", public=False, shared=False, ordered=True, rule="ga:game-zones-main-deck"),
    ZoneSpec(
        "material_deck",
        public=False,
        shared=False,
        ordered=False,
        rule="ga:game-zones-material-deck",
    ),
    ZoneSpec(
        "field",
        public=True,
        shared=True,
        ordered=False,
        rule="ga:game-zones-field",
        objects_are_permanents=True,
    ),
    ZoneSpec("memory", public=False, shared=False, ordered=False, rule="ga:game-zones-memory"),
    ZoneSpec("graveyard", public=True, shared=False, ordered=True, rule="ga:game-zones-graveyard"),
    ZoneSpec(
        "banishment",
        public=True,
        shared=False,
        ordered=False,
        rule="ga:game-zones-banishment",
        aliases=("banished", "exile"),
    ),
    ZoneSpec("hand", public=False, shared=False, ordered=False, rule="ga:game-zones-hand"),
    ZoneSpec(
        "effects_stack",
        public=True,
        shared=True,
        ordered=True,
        rule="ga:game-zones-effects-stack",
        aliases=("stack",),
        is_stack=True,
    ),
    ZoneSpec("intent", public=True, shared=False, ordered=False, rule="ga:game-zones-intent"),
)

#: GA classes (Card Types - Supertypes); in typelines they appear with the subtypes.
CLASS_WORDS = frozenset(
    {"warrior", "mage", "cleric", "ranger", "assassin", "guardian", "tamer", "spirit"}
)
CARD_TYPES = frozenset(
    {
        "champion",
        "regalia",
        "ally",
        "action",
        "attack",
        "item",
        "weapon",
        "domain",
        "phantasia",
        "token",
    }
)


@dataclass(frozen=True, slots=True)
class TypeLine:
    supertypes: tuple[str, ...]
    types: tuple[str, ...]
    subtypes: tuple[str, ...]


def parse_type_line(text: str) -> TypeLine:
    """Read "ALLY - HUMAN WARRIOR" / "REGALIA WEAPON - SWORD": types before the dash."""
    head, _, tail = text.replace("—", "-").partition("-")
    supertypes: list[str] = []
    types: list[str] = []
    for w in head.lower().split():
        (types if w in CARD_TYPES else supertypes).append(w)
    return TypeLine(tuple(supertypes), tuple(types), tuple(tail.lower().split()))
