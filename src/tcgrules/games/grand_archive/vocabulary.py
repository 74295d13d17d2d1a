"""Grand Archive vocabulary: zones (Game Zones pages) and the typeline.

References use the ``ga:<page>/<section>-<item>`` format of
:mod:`tcgrules.catalogs` (``ga:game-zones-field/general-rules-1``). Word lists
come from the Type List glossary page (``ga:type-list/types``,
``ga:type-list/subtypes``, ``ga:type-list/elements``) of the edition in
:data:`tcgrules.rules.EDITIONS`.

NOTE for contributors: the ruleset uses ZONES, TypeLine, parse_type_line and
CLASS_WORDS; extend the data, keep the API.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from tcgrules.kernel.zones import ZoneSpec

__all__ = [
    "CARD_TYPES",
    "CLASS_WORDS",
    "ELEMENTS",
    "FUNCTIONAL_SUBTYPES",
    "SUBTYPES",
    "SUPERTYPES",
    "TYPES",
    "ZONES",
    "TypeLine",
    "parse_type_line",
]

#: ga:game-zones/general-rules-1 lists the zones; each zone page's first item says
#: whether it is public and who owns it; ga:game-zones/general-rules-9 says only the
#: main deck and effects stack keep a fixed order (we also keep the graveyard's pile
#: order, ga:game-zones-graveyard/general-rules-3). Inner lineage and loaded cards are
#: object-specific zones (ga:game-zones-object-specific-zones/...): their cards are
#: not objects (ga:objects-and-targeting/non-objects-1.3).
ZONES: tuple[ZoneSpec, ...] = (
    ZoneSpec(
        "main_deck",
        public=False,
        shared=False,
        ordered=True,
        rule="ga:game-zones-main-deck/general-rules-1",
        aliases=("deck",),
    ),
    ZoneSpec(
        "material_deck",
        public=False,
        shared=False,
        ordered=False,
        rule="ga:game-zones-material-deck/general-rules-1",
    ),
    ZoneSpec(
        "field",
        public=True,
        shared=True,
        ordered=False,
        rule="ga:game-zones-field/general-rules-1",
        objects_are_permanents=True,
    ),
    ZoneSpec(
        "memory",
        public=False,
        shared=False,
        ordered=False,
        rule="ga:game-zones-memory/general-rules-1",
    ),
    ZoneSpec(
        "graveyard",
        public=True,
        shared=False,
        ordered=True,
        rule="ga:game-zones-graveyard/general-rules-1",
    ),
    ZoneSpec(
        "banishment",
        public=True,
        shared=False,
        ordered=False,
        rule="ga:game-zones-banishment/general-rules-1",
        aliases=("banished", "exile"),
    ),
    ZoneSpec(
        "hand", public=False, shared=False, ordered=False, rule="ga:game-zones-hand/general-rules-1"
    ),
    ZoneSpec(
        "effects_stack",
        public=True,
        shared=True,
        ordered=True,
        rule="ga:game-zones-effects-stack/general-rules-1",
        aliases=("stack",),
        is_stack=True,
    ),
    ZoneSpec(
        "intent",
        public=True,
        shared=False,
        ordered=False,
        rule="ga:game-zones-intent/general-rules-1",
    ),
    ZoneSpec(
        "inner_lineage",
        public=True,
        shared=False,
        ordered=True,
        rule="ga:game-zones-object-specific-zones/inner-lineage-1",
        aliases=("lineage",),
    ),
    ZoneSpec(
        "loaded_cards",
        public=True,
        shared=False,
        ordered=False,
        rule="ga:game-zones-object-specific-zones/loaded-cards-1",
        aliases=("loaded",),
    ),
)


def _words(text: str) -> frozenset[str]:
    """A comma-separated list of single words -> lower-case set (tolerates a lost comma)."""
    return frozenset(w.lower() for item in text.split(",") for w in item.split() if w)


#: ga:type-list/types (card types; Token from the Tokens page and the card pool;
#: Greater/Lesser Boon are Pantheon-only and kept as two-word types)
CARD_TYPES = frozenset(
    {
        "action",
        "ally",
        "attack",
        "champion",
        "domain",
        "item",
        "mastery",
        "phantasia",
        "weapon",
        "status",
        "token",
        "greater boon",
        "lesser boon",
    }
)
TYPES = CARD_TYPES
#: ga:type-list/types (supertypes), ga:card-types-supertypes/unique-1, .../regalia-1
SUPERTYPES = frozenset({"regalia", "unique"})
#: ga:type-list/subtypes (class subtypes); listed first among subtypes
#: (ga:parts-of-a-card-typeline/2.1), several joined by "/" (ga:parts-of-a-card-typeline/2.2)
CLASS_WORDS = _words("Assassin, Cleric, Guardian, Mage, Ranger, Spirit, Tamer, Warrior, Anomaly")
#: ga:type-list/subtypes (functional subtypes)
FUNCTIONAL_SUBTYPES = _words("Aetherwing, Aethercharge, Arrow, Bow, Bullet, Gun, Siegeable")
#: ga:type-list/subtypes (every subtype, classes included)
SUBTYPES = (
    _words(
        "Accessory, Adjuvant, Aenean, Aethercharge, Aetherwing, Angel, Animal, Antelope, Ape, "
        "Apparition, Armor, Arrow, Artifact, Ascendant, Assassin Automaton, Avatar, Axe, Bauble, "
        "Bear, Beast, Bird, Bishop, Boar, Book, Boots, Bow, Bull, Butterfly, Castle, Cat, "
        "Cataclysm, Catalyst, Chessman, Cleric, Cloak, Command, Component, Construct, Craft, "
        "Crossroads, Crystal, Curse, Dagger, Deer, Device, DisCorp, Distortion, Dog, Dolphin, "
        "Dragon, Dryad, Elemental, Elysian, Factory, Fairy, Fan, Farm, Fatebound, Fatestone, "
        "Fist, Flower, Flowerbud, Flute, Food, Fox, Fractal, Gate, Gloves, Golem, Guardian, Gun, "
        "Hammer, Harmony, Herb, Horn, Horse, Human, Instrument, Isle, King, Kingdom, Kitchen, "
        "Lash, Leaf, Lion, Mage, Map, Market, Maul, Melody, Monkey, Mouse, Mushroom, Obelisk, "
        "Otter, Pangolin, Pawn, Phoenix, Phone, Polearm, Potion, Powercell, Queen, Rabbit, "
        "Raccoon, Reaction, Resonator, Rhino, Ring, River, Robe, Rook, Root, Ruins, Scepter, "
        "Scripture, Selkie, Serpent, Settlement, Shadow, Shard, Sheep, Shenju, Shield, Siegeable, "
        "Skill, Slime, Snake, Solvent, Specter, Spell, Spire, Spirit, Squirrel, Staff, Suited, "
        "Sword, Tamer, Throne, Tiger, Trial, Turtle, Ultimate, Unicorn, VelTech, Wand, Warrior, "
        "Weasle, Whale, Whip, Wolf "
    )
    | CLASS_WORDS
    | FUNCTIONAL_SUBTYPES
    # printed in the card pool of 2026-02 but missing from the Type List page
    | _words("Fish, Frog, Knight, Lizard, Memorite, Ocean, Party")
)
#: ga:type-list/elements
ELEMENTS = _words(
    "Norm, Exalted, Fire, Water, Wind, Arcane, Astra, Crux, Exia, Luxem, Neos, Tera, Umbra"
)

_DASH = re.compile(r"\s+[-—–]+\s*|\s*[-—–]+\s+")


@dataclass(frozen=True, slots=True)
class TypeLine:
    """A GA typeline: supertypes (Regalia, Unique), card types, subtypes.

    ``classes`` are the class subtypes among the subtypes
    (ga:parts-of-a-card-typeline/2); ``unknown`` lists words before the dash that
    are neither types nor supertypes (kept, never dropped).
    """

    supertypes: tuple[str, ...]
    types: tuple[str, ...]
    subtypes: tuple[str, ...]
    classes: tuple[str, ...] = ()
    unknown: tuple[str, ...] = ()
    #: Token printed on the typeline: the card stands for a token; Token is neither a
    #: card type nor a supertype (ga:tokens/general-rules-1.2, 1.2.1)
    token: bool = False


def parse_type_line(text: str) -> TypeLine:
    """Read "ALLY - HUMAN WARRIOR", "REGALIA WEAPON - SWORD", "UNIQUE ALLY - MAGE/CLERIC HUMAN".

    Before the dash: supertypes and card types (ga:parts-of-a-card-typeline/1);
    after it: subtypes, classes first, several classes split by "/"
    (ga:parts-of-a-card-typeline/2.2). Case is ignored; "-", "—" and "–" are dashes.
    Unknown words before the dash are kept as supertypes and listed in ``unknown``.
    "Token" is neither: it marks a card standing for a token (``token``).
    """
    parts = _DASH.split(text.strip(), maxsplit=1)
    head = parts[0].lower().split()
    tail = parts[1].lower().replace("/", " ").split() if len(parts) > 1 else []
    supertypes: list[str] = []
    types: list[str] = []
    unknown: list[str] = []
    token = "token" in head
    head = [w for w in head if w != "token"]
    i = 0
    while i < len(head):
        pair = " ".join(head[i : i + 2])
        if pair in CARD_TYPES:
            types.append(pair)
            i += 2
            continue
        word = head[i]
        if word in CARD_TYPES:
            types.append(word)
        else:
            supertypes.append(word)
            if word not in SUPERTYPES:
                unknown.append(word)
        i += 1
    subtypes = tuple(tail)
    return TypeLine(
        supertypes=tuple(supertypes),
        types=tuple(types),
        subtypes=subtypes,
        classes=tuple(w for w in subtypes if w in CLASS_WORDS),
        unknown=tuple(unknown),
        token=token,
    )
