"""Flesh and Blood vocabulary: zones (fab:3) and the type box (fab:2.14).

Word lists follow the edition in :data:`tcgrules.rules.EDITIONS` (2.10.1) merged
with the newer seed printing of section 2 (which adds Companion, Necromancer,
Pirate, Thief, Cannon, Cog, Pit-Fighter and moves Off-Hand to the functional list).

NOTE for contributors: the ruleset uses ZONES, TypeBox, parse_type_line,
CLASS_WORDS and TALENT_WORDS; extend the data, keep the API.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from tcgrules.kernel.zones import ZoneSpec

__all__ = [
    "CLASS_WORDS",
    "FUNCTIONAL_SUBTYPES",
    "KNOWN_METATYPES",
    "NON_FUNCTIONAL_SUBTYPES",
    "SUBTYPES",
    "SUPERTYPES",
    "TALENT_WORDS",
    "TYPES",
    "TYPE_WORDS",
    "ZONES",
    "TypeBox",
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
ZONES: tuple[ZoneSpec, ...] = (
    _zone("deck", "fab:3.7", public=False, ordered=True),
    _zone("hand", "fab:3.9", public=False),
    _zone("arsenal", "fab:3.3", public=False),
    _zone("pitch", "fab:3.14", public=True),
    _zone("graveyard", "fab:3.8", public=True, ordered=True),
    _zone("banished", "fab:3.4", public=True, aliases=("banishment", "exile")),
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
#: fab:2.6.6a set-metatypes (Rosetta) and those printed in the card pool 3.8.6; hero
#: metatypes are monikers (fab:2.6.6), so the ones seen in the pool are listed too.
KNOWN_METATYPES = _words("Rosetta, High Seas, Omens of the Third Age, Arakni, Nina, Puffin, Scurv")
#: Misprints found in the card pool, read as the word they stand for.
MISSPELLINGS: dict[str, str] = {"warior": "warrior", "warror": "warrior", "gaurdian": "guardian"}

_MULTI_METATYPES = tuple(sorted((m for m in KNOWN_METATYPES if " " in m), key=len, reverse=True))
_DASH = re.compile(r"\s+[-—–]+\s+|\s+[-—–]+$|^[-—–]+\s+")


@dataclass(frozen=True, slots=True)
class TypeBox:
    """A type box: metatypes, supertypes, types, subtypes (fab:2.14.1).

    ``classes`` and ``talents`` split the supertypes (fab:2.11.6); ``hybrid`` holds
    the supertype sets of an "A / B" hybrid card (fab:2.14.1b), else is empty.
    ``generic`` is True when the box says "Generic" (no supertypes, fab:2.14.1a).
    """

    metatypes: tuple[str, ...]
    supertypes: tuple[str, ...]
    types: tuple[str, ...]
    subtypes: tuple[str, ...]
    classes: tuple[str, ...] = ()
    talents: tuple[str, ...] = ()
    hybrid: tuple[tuple[str, ...], ...] = ()
    generic: bool = False


def parse_type_line(text: str) -> TypeBox:
    """Read "Warrior Action - Attack", "Generic Equipment - Head", "Brute / Warrior Action".

    The box is ``[METATYPES] [SUPERTYPES] [TYPE] [- SUBTYPES]`` (fab:2.14.1); "-", "—"
    and "–" all count as the long dash. "Generic" means no supertypes (fab:2.14.1a);
    "A / B" is a hybrid with both sets (fab:2.14.1b). Commas are ignored. Words before
    the type that are neither classes nor talents are metatypes (fab:2.6.3). Words
    after the dash are subtypes ("(1H)" and "Off-Hand" included).
    """
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
    supertypes = tuple(dict.fromkeys(w for side in sides for w in side))
    subtypes = tuple(w for w in tail.split() if w)
    return TypeBox(
        metatypes=tuple(metatypes),
        supertypes=supertypes,
        types=tuple(types),
        subtypes=subtypes,
        classes=tuple(w for w in supertypes if w in CLASS_WORDS),
        talents=tuple(w for w in supertypes if w in TALENT_WORDS),
        hybrid=tuple(tuple(side) for side in sides) if len(sides) > 1 else (),
        generic=generic,
    )
