"""Flesh and Blood vocabulary: zones (fab:3) and the type box (fab:2.14).

Word lists follow the edition in :data:`tcgrules.rules.EDITIONS` (2.10.1) merged
with the newer seed printing of section 2 (which adds Companion, Necromancer,
Pirate, Thief, Cannon, Cog, Pit-Fighter and moves Off-Hand to the functional list).

NOTE for contributors: the ruleset uses ZONES, TypeBox, parse_type_line,
CLASS_WORDS and TALENT_WORDS; extend the data, keep the API.
:func:`compare_with_card_data` checks the parser against a card pool's data
(benchmarks/fab_type_box.py, tests/games/test_fab_type_box.py).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from tcgrules.kernel.zones import ZoneSpec

__all__ = [
    "CLASS_WORDS",
    "DATA_CLASSLESS",
    "DATA_FIELDS",
    "DATA_SYNTHETIC_SUBTYPE",
    "DATA_UNLISTED_SUBTYPES",
    "FUNCTIONAL_SUBTYPES",
    "KNOWN_METATYPES",
    "MISSPELLINGS",
    "NON_FUNCTIONAL_SUBTYPES",
    "NOTES",
    "NOTE_ERRATUM",
    "NOTE_ESSENCE",
    "NOTE_GENERIC_PLACEHOLDER",
    "NOTE_MISPRINT",
    "NOTE_NON_ATTACK",
    "NOTE_UNLISTED_SUBTYPE",
    "SUBTYPES",
    "SUPERTYPES",
    "TALENT_WORDS",
    "TRAITS",
    "TRAIT_FORMS",
    "TYPES",
    "TYPE_BOX_ERRATA",
    "TYPE_WORDS",
    "ZONES",
    "DataComparison",
    "TypeBox",
    "compare_with_card_data",
    "parse_type_line",
]


def _zone(
    name: str,
    rule: str,
    *,
    public: bool,
    shared: bool = False,
    ordered: bool = False,
    aliases: tuple[str, ...] = (),
    permanents: bool = False,
    is_stack: bool = False,
) -> ZoneSpec:
    return ZoneSpec(
        name,
        public=public,
        shared=shared,
        ordered=ordered,
        rule=rule,
        aliases=aliases,
        objects_are_permanents=permanents,
        is_stack=is_stack,
    )


#: fab:3.0.1 (the 15 zones), fab:3.0.2 (per player / shared), fab:3.0.4a-b (public /
#: private), one rule per zone (fab:3.2-3.16). "arena" is not a zone (fab:3.0.5a): an
#: object put "into the arena" goes to the permanent zone, so ``arena`` is its alias.
#: Other games' words are no aliases: Flesh and Blood has no exile zone (fab:3.0.1).
ZONES: tuple[ZoneSpec, ...] = (
    _zone("deck", "fab:3.7", public=False, ordered=True),
    _zone("hand", "fab:3.9", public=False),
    _zone("arsenal", "fab:3.3", public=False),
    _zone("pitch", "fab:3.14", public=True),
    _zone("graveyard", "fab:3.8", public=True, ordered=True),
    _zone("banished", "fab:3.4", public=True),
    _zone("hero", "fab:3.11", public=True, permanents=True),
    _zone("arms", "fab:3.2", public=True, permanents=True),
    _zone("chest", "fab:3.5", public=True, permanents=True),
    _zone("head", "fab:3.10", public=True, permanents=True),
    _zone("legs", "fab:3.12", public=True, permanents=True),
    _zone("weapon", "fab:3.16", public=True, permanents=True),
    _zone("permanent", "fab:3.13", public=True, shared=True, aliases=("arena",), permanents=True),
    _zone("combat_chain", "fab:3.6", public=True, shared=True, ordered=True),
    _zone("stack", "fab:3.15", public=True, shared=True, ordered=True, is_stack=True),
)


def _words(text: str) -> frozenset[str]:
    return frozenset(w.strip().lower() for w in text.split(",") if w.strip())


#: fab:2.11.6a (class supertypes; 2.10.1 plus the newer Necromancer, Pirate, Thief)
CLASS_WORDS = _words(
    "Adjudicator, Assassin, Bard, Brute, Guardian, Illusionist, Mechanologist, Merchant, "
    "Necromancer, Ninja, Pirate, Ranger, Runeblade, Shapeshifter, Thief, Warrior, Wizard"
)
#: fab:2.11.6b (talent supertypes). Revered and Reviled are printed in the supertype
#: slot of the card pool 3.8.6 but listed in neither edition; we read them as talents.
TALENT_WORDS = _words(
    "Chaos, Draconic, Earth, Elemental, Ice, Light, Lightning, Mystic, Royal, Shadow, "
    "Revered, Reviled"
)
#: fab:2.11.6: every supertype is a class or a talent.
SUPERTYPES = CLASS_WORDS | TALENT_WORDS
#: fab:2.15.6a (types; Companion from the newer printing). Two-word types first.
TYPE_WORDS: tuple[str, ...] = (
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
TYPES = frozenset(TYPE_WORDS)
#: fab:2.10.6a (functional subtypes; Off-Hand is functional in the newer printing)
FUNCTIONAL_SUBTYPES = _words(
    "(1H), (2H), Affliction, Ally, Arrow, Ash, Attack, Aura, Construct, Figment, Invocation, "
    "Item, Landmark, Off-Hand, Quiver"
)
#: fab:2.10.6b (non-functional subtypes; union of both printings)
NON_FUNCTIONAL_SUBTYPES = _words(
    "Angel, Arms, Axe, Base, Book, Bow, Brush, Cannon, Chest, Chi, Claw, Club, Cog, Dagger, "
    "Demon, Dragon, Evo, Fiddle, Flail, Gem, Gun, Hammer, Head, Legs, Lute, Mercenary, Orb, "
    "Pistol, Pit-Fighter, Polearm, Rock, Scepter, Scroll, Scythe, Shuriken, Song, Staff, "
    "Sword, Trap, Wrench, Young"
) | {"log"}  # "Log" is printed on a weapon in the card pool but listed in no edition
#: fab:2.10.6
SUBTYPES = FUNCTIONAL_SUBTYPES | NON_FUNCTIONAL_SUBTYPES
#: fab:2.13.3a: the trait phrases, each written form (singular and plural) to the trait
#: as a card's ``traits`` hold it (lower case, singular)
TRAIT_FORMS: dict[str, str] = {
    "agent of chaos": "agent of chaos",
    "agents of chaos": "agent of chaos",
}
#: fab:2.13.3a
TRAITS = frozenset(TRAIT_FORMS.values())
#: fab:2.6.6a set-metatypes (Rosetta) and those printed in the card pool 3.8.6; hero
#: metatypes are monikers (fab:2.6.6), so the ones seen in the pool are listed too.
KNOWN_METATYPES = _words("Rosetta, High Seas, Omens of the Third Age, Arakni, Puffin, Scurv")
#: Misprints found in the card pool, read as the word they stand for (the card's true
#: text decides its properties, fab:1.3.1). Double Strike's box reads "Nina": no hero
#: has that moniker (so it is no hero-metatype), and the same entry's class is Ninja.
MISSPELLINGS: dict[str, str] = {
    "warior": "warrior",
    "warror": "warrior",
    "gaurdian": "guardian",
    "nina": "ninja",
}
#: Type boxes the card data transcribes differently from the printed card, keyed by the
#: data's text with runs of spaces collapsed, mapped to the box as printed (fab:1.3.1,
#: fab:2.0.2a). Two hybrid traps of The Hunted read "Action Defense Reaction" in the
#: data's typeText, while the same entries list Defense Reaction as their only type, like
#: every other defense-reaction trap in the pool.
TYPE_BOX_ERRATA: dict[str, str] = {
    "Assassin / Ninja Action Defense Reaction - Trap": "Assassin / Ninja Defense Reaction - Trap",
    "Assassin / Warrior Action Defense Reaction - Trap": (
        "Assassin / Warrior Defense Reaction - Trap"
    ),
}

_MULTI_METATYPES = tuple(sorted((m for m in KNOWN_METATYPES if " " in m), key=len, reverse=True))
_DASH = re.compile(r"\s+[-—–]+\s+|\s+[-—–]+$|^[-—–]+\s+")
#: A split card prints two type boxes, written "LEFT // RIGHT" in the card data.
_SPLIT = re.compile(r"\s*//\s*")


@dataclass(frozen=True, slots=True)
class TypeBox:
    """A type box: metatypes, supertypes, types, subtypes (fab:2.14.1).

    ``classes`` and ``talents`` split the supertypes (fab:2.11.6); ``hybrid`` holds
    the supertype sets of an "A / B" hybrid card (fab:2.14.1b), else is empty.
    ``generic`` is True when the box says "Generic" (no supertypes, fab:2.14.1a).
    ``sides`` holds the two boxes of a split card ("LEFT // RIGHT"), else is empty;
    the box itself then has the words of both sides, each once.
    """

    metatypes: tuple[str, ...]
    supertypes: tuple[str, ...]
    types: tuple[str, ...]
    subtypes: tuple[str, ...]
    classes: tuple[str, ...] = ()
    talents: tuple[str, ...] = ()
    hybrid: tuple[tuple[str, ...], ...] = ()
    generic: bool = False
    sides: tuple[TypeBox, ...] = ()


def parse_type_line(text: str) -> TypeBox:
    """Read "Warrior Action - Attack", "Generic Equipment - Head", "Brute / Warrior Action".

    The box is ``[METATYPES] [SUPERTYPES] [TYPE] [- SUBTYPES]`` (fab:2.14.1); "-", "—"
    and "–" all count as the long dash. "Generic" means no supertypes (fab:2.14.1a);
    "A / B" is a hybrid with both sets (fab:2.14.1b). Commas are ignored. Words before
    the type that are neither classes nor talents are metatypes (fab:2.6.3). Words
    after the dash are subtypes ("(1H)" and "Off-Hand" included), except a class or
    talent keyword that is no subtype keyword: printed out of place (one hero reads
    "Hero - Merchant"), it is still a supertype (fab:2.11.6). Known misprints
    (:data:`MISSPELLINGS`) and mistranscribed boxes (:data:`TYPE_BOX_ERRATA`) are read
    as printed. "LEFT // RIGHT" is a split card: both boxes are read, kept in ``sides``,
    and the result has the words of both.
    """
    collapsed = " ".join(text.split())
    text = TYPE_BOX_ERRATA.get(collapsed, collapsed)
    halves = [half for half in _SPLIT.split(text) if half.strip()]
    if len(halves) < 2:
        return _parse_box(text)
    sides = tuple(_parse_box(half) for half in halves)
    supertypes = _union(side.supertypes for side in sides)
    return TypeBox(
        metatypes=_union(side.metatypes for side in sides),
        supertypes=supertypes,
        types=_union(side.types for side in sides),
        subtypes=_union(side.subtypes for side in sides),
        classes=_union(side.classes for side in sides),
        talents=_union(side.talents for side in sides),
        generic=all(side.generic for side in sides),
        sides=sides,
    )


def _union(groups: Iterable[tuple[str, ...]]) -> tuple[str, ...]:
    return tuple(dict.fromkeys(word for group in groups for word in group))


def _parse_box(text: str) -> TypeBox:
    cleaned = text.replace(",", " ").strip()
    parts = _DASH.split(cleaned, maxsplit=1)
    head = parts[0].lower()
    tail = parts[1].lower() if len(parts) > 1 else ""
    metatypes: list[str] = []
    for multi in _MULTI_METATYPES:
        if head == multi or head.startswith(multi + " "):
            metatypes.append(multi)
            head = head[len(multi) :]
    sides: list[list[str]] = [[]]
    types: list[str] = []
    generic = False
    words = head.replace("/", " / ").split()
    i = 0
    while i < len(words):
        word = MISSPELLINGS.get(words[i], words[i])
        pair = f"{word} {words[i + 1]}" if i + 1 < len(words) else ""
        if pair in TYPES:
            types.append(pair)
            i += 2
            continue
        if word == "/":
            sides.append([])
        elif word in TYPES:
            types.append(word)
        elif word == "generic":
            generic = True
        elif word in SUPERTYPES:
            sides[-1].append(word)
        else:
            metatypes.append(word)
        i += 1
    subtypes: list[str] = []
    for word in tail.split():
        if word not in SUBTYPES and MISSPELLINGS.get(word, word) in SUPERTYPES:
            sides[-1].append(MISSPELLINGS.get(word, word))
        else:
            subtypes.append(word)
    supertypes = tuple(dict.fromkeys(w for side in sides for w in side))
    return TypeBox(
        metatypes=tuple(metatypes),
        supertypes=supertypes,
        types=tuple(types),
        subtypes=tuple(subtypes),
        classes=tuple(w for w in supertypes if w in CLASS_WORDS),
        talents=tuple(w for w in supertypes if w in TALENT_WORDS),
        hybrid=tuple(tuple(side) for side in sides) if len(sides) > 1 else (),
        generic=generic,
    )


# The card data of the ``@flesh-and-blood/cards`` package (the format of the pool in
# shared/cards) fills ``types``, ``subtypes``, ``classes`` and ``talents`` beside the
# printed ``typeText``. Those fields follow conventions of the package, not the type
# box, and :func:`compare_with_card_data` undoes each one explicitly and says so.

#: The fields of the card data that the type box decides.
DATA_FIELDS: tuple[str, ...] = ("types", "subtypes", "classes", "talents")
#: The package tags every action card without the Attack subtype "Non-Attack"; the tag
#: is printed on no card, so it is not a subtype (subtypes come from the box, fab:2.10.3).
DATA_SYNTHETIC_SUBTYPE = "non-attack"
#: Printed subtypes (fab:2.10.6b plus the newer Cog) that the package's list of subtypes
#: has no value for, so its ``subtypes`` leave them out.
DATA_UNLISTED_SUBTYPES = frozenset({"brush", "cog", "mercenary"})
#: The package's two placeholders for a card with no class: "Generic" and "NotClassed".
DATA_CLASSLESS = ("generic", "notclassed")
#: "Essence of Earth and Ice": the package adds the talents an Essence names to the
#: hero's talents, though Essence only widens the card pool; the hero does not get them.
_ESSENCE = re.compile(r"essence of ([a-z ,]+)")

#: The data's Non-Attack tag was dropped.
NOTE_NON_ATTACK: str = "non-attack"
#: Talents named only by the hero's Essence were dropped from the data's talents.
NOTE_ESSENCE: str = "essence"
#: Printed subtypes the package cannot express were dropped from the parsed box.
NOTE_UNLISTED_SUBTYPE: str = "unlisted subtype"
#: The data says "Generic" for a classless box that does not print Generic.
NOTE_GENERIC_PLACEHOLDER: str = "generic placeholder"
#: The box was read through :data:`TYPE_BOX_ERRATA`.
NOTE_ERRATUM: str = "type box erratum"
#: The box was read through :data:`MISSPELLINGS`.
NOTE_MISPRINT: str = "misprint"
NOTES: tuple[str, ...] = (
    NOTE_NON_ATTACK,
    NOTE_ESSENCE,
    NOTE_UNLISTED_SUBTYPE,
    NOTE_GENERIC_PLACEHOLDER,
    NOTE_ERRATUM,
    NOTE_MISPRINT,
)


@dataclass(frozen=True, slots=True)
class DataComparison:
    """One card of the package's data next to the parse of its ``typeText``.

    ``expected`` and ``parsed`` give, per field of :data:`DATA_FIELDS`, sorted words
    in one spelling (lower case, "(1H)" as "1h"); ``notes`` names every normalisation
    (:data:`NOTES`) that touched the card.
    """

    name: str
    type_text: str
    expected: tuple[tuple[str, ...], ...]
    parsed: tuple[tuple[str, ...], ...]
    notes: frozenset[str]

    def field_matches(self, field: str) -> bool:
        i = DATA_FIELDS.index(field)
        return self.expected[i] == self.parsed[i]

    @property
    def matches(self) -> bool:
        return self.expected == self.parsed

    def mismatches(self) -> dict[str, tuple[tuple[str, ...], tuple[str, ...]]]:
        """Each field that differs, with (expected, parsed)."""
        return {
            field: (want, got)
            for field, want, got in zip(DATA_FIELDS, self.expected, self.parsed, strict=True)
            if want != got
        }


def _key(word: object) -> str:
    return str(word).strip().lower().strip("()")


def _data_words(card: Mapping[str, Any], field: str) -> list[str]:
    value = card.get(field) or ()
    return [_key(word) for word in value]


def compare_with_card_data(card: Mapping[str, Any]) -> DataComparison:
    """Parse ``card["typeText"]`` and compare it with the card's data fields.

    Normalisations, each recorded in ``notes``: "Non-Attack" leaves the data's
    subtypes when the box does not print it; a talent the data lists but the box does
    not print leaves the data's talents when the card's text names it in an Essence;
    the parse drops a printed subtype the package cannot express
    (:data:`DATA_UNLISTED_SUBTYPES`); a classless box stands for "Generic" in the data
    when it prints Generic (fab:2.14.1a) and for "NotClassed" otherwise, and the data's
    "Generic" on a box that does not print it counts as "NotClassed". Everything else
    must be equal, word for word.
    """
    text = str(card.get("typeText") or "")
    box = parse_type_line(text)
    notes: set[str] = set()
    lowered = " ".join(text.split()).lower()
    if " ".join(text.split()) in TYPE_BOX_ERRATA:
        notes.add(NOTE_ERRATUM)
    if any(word in MISSPELLINGS for word in lowered.replace("/", " ").split()):
        notes.add(NOTE_MISPRINT)

    subtypes = _data_words(card, "subtypes")
    printed_subtypes = {_key(word) for word in box.subtypes}
    if DATA_SYNTHETIC_SUBTYPE in subtypes and DATA_SYNTHETIC_SUBTYPE not in printed_subtypes:
        subtypes = [word for word in subtypes if word != DATA_SYNTHETIC_SUBTYPE]
        notes.add(NOTE_NON_ATTACK)
    parsed_subtypes = [_key(word) for word in box.subtypes]
    if any(word in DATA_UNLISTED_SUBTYPES for word in parsed_subtypes):
        parsed_subtypes = [w for w in parsed_subtypes if w not in DATA_UNLISTED_SUBTYPES]
        notes.add(NOTE_UNLISTED_SUBTYPE)

    talents = _data_words(card, "talents")
    essence: set[str] = set()
    for match in _ESSENCE.finditer(str(card.get("functionalText") or "").lower()):
        essence.update(re.split(r"[\s,]+", match.group(1)))
    extra = {t for t in talents if t not in box.talents and t in essence}
    if extra:
        talents = [word for word in talents if word not in extra]
        notes.add(NOTE_ESSENCE)

    classes = _data_words(card, "classes")
    parsed_classes = [_key(word) for word in box.classes]
    if not parsed_classes:
        parsed_classes = [DATA_CLASSLESS[0] if box.generic else DATA_CLASSLESS[1]]
        if classes == [DATA_CLASSLESS[0]] and not box.generic:
            classes = [DATA_CLASSLESS[1]]
            notes.add(NOTE_GENERIC_PLACEHOLDER)

    expected = (_data_words(card, "types"), subtypes, classes, talents)
    parsed = ([_key(word) for word in box.types], parsed_subtypes, parsed_classes, box.talents)
    return DataComparison(
        name=str(card.get("name") or ""),
        type_text=text,
        expected=tuple(tuple(sorted(words)) for words in expected),
        parsed=tuple(tuple(sorted(_key(word) for word in words)) for words in parsed),
        notes=frozenset(notes),
    )
