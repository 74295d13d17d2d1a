"""Magic: The Gathering vocabulary: zones (mtg:400.1) and the type line (mtg:205).

Pure data plus a type-line parser. Word lists are copied as lists of names from the
edition in :data:`tcgrules.rules.EDITIONS` (mtg:205.2a, mtg:205.3g-n, mtg:205.4a).

NOTE for contributors: this module's names (ZONES, TypeLine, parse_type_line,
CARD_TYPES, SUPERTYPES) are used by the ruleset; extend the data, keep the API.
"""

from __future__ import annotations

from dataclasses import dataclass

from tcgrules.kernel.zones import ZoneSpec

__all__ = [
    "CARD_TYPES",
    "SUBTYPES",
    "SUBTYPES_BY_TYPE",
    "SUPERTYPES",
    "TYPES",
    "ZONES",
    "TypeLine",
    "parse_type_line",
    "split_faces",
]

#: mtg:400.1 (the seven zones), mtg:401-408 (one rule each); mtg:400.2 (public zones);
#: mtg:400.5 (ordered: library, graveyard, stack). Ante (mtg:407) is not supported.
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


def _words(text: str) -> frozenset[str]:
    """A comma-separated list of names -> lower-case set (names may hold spaces)."""
    return frozenset(w.strip().lower() for w in text.split(",") if w.strip())


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
#: Same set, under the name the other games' vocabularies use.
TYPES = CARD_TYPES
#: mtg:205.4a
SUPERTYPES = frozenset({"basic", "legendary", "ongoing", "snow", "world"})

#: mtg:205.3g
_ARTIFACT_TYPES = _words(
    "Attraction, Blood, Bobblehead, Clue, Contraption, Equipment, Food, Fortification, Gold, "
    "Incubator, Junk, Map, Powerstone, Treasure, Vehicle "
)
#: mtg:205.3h
_ENCHANTMENT_TYPES = _words(
    "Aura, Background, Cartouche, Case, Class, Curse, Role, Room, Rune, Saga, Shard, Shrine "
)
#: mtg:205.3i
_LAND_TYPES = _words(
    "Cave, Desert, Forest, Gate, Island, Lair, Locus, Mine, Mountain, Plains, Power-Plant, "
    "Sphere, Swamp, Tower, Urza’s "
)
#: mtg:205.3j
_PLANESWALKER_TYPES = _words(
    "Ajani, Aminatou, Angrath, Arlinn, Ashiok, Bahamut, Basri, Bolas, Calix, Chandra, Comet, "
    "Dack, Dakkon, Daretti, Davriel, Dihada, Domri, Dovin, Ellywick, Elminster, Elspeth, "
    "Estrid, Freyalise, Garruk, Gideon, Grist, Guff, Huatli, Jace, Jared, Jaya, Jeska, Kaito, "
    "Karn, Kasmina, Kaya, Kiora, Koth, Liliana, Lolth, Lukka, Minsc, Mordenkainen, Nahiri, "
    "Narset, Niko, Nissa, Nixilis, Oko, Quintorius, Ral, Rowan, Saheeli, Samut, Sarkhan, "
    "Serra, Sivitri, Sorin, Szat, Tamiyo, Tasha, Teferi, Teyo, Tezzeret, Tibalt, Tyvar, Ugin, "
    "Urza, Venser, Vivien, Vraska, Vronos, Will, Windgrace, Wrenn, Xenagos, Yanggu, Yanling, "
    "Zariel "
)
#: mtg:205.3k
_SPELL_TYPES = _words("Adventure, Arcane, Lesson, Trap ")
#: mtg:205.3m
_CREATURE_TYPES = _words(
    "Time Lord, Advisor, Aetherborn, Alien, Ally, Angel, Antelope, Ape, Archer, Archon, "
    "Armadillo, Army, Artificer, Assassin, Assembly-Worker, Astartes, Atog, Aurochs, Avatar, "
    "Azra, Badger, Balloon, Barbarian, Bard, Basilisk, Bat, Bear, Beast, Beaver, Beeble, "
    "Beholder, Berserker, Bird, Blinkmoth, Boar, Bringer, Brushwagg, Camarid, Camel, "
    "Capybara, Caribou, Carrier, Cat, Centaur, Child, Chimera, Citizen, Cleric, Clown, "
    "Cockatrice, Construct, Coward, Coyote, Crab, Crocodile, C’tan, Custodes, Cyberman, "
    "Cyclops, Dalek, Dauthi, Demigod, Demon, Deserter, Detective, Devil, Dinosaur, Djinn, "
    "Doctor, Dog, Dragon, Drake, Dreadnought, Drone, Druid, Dryad, Dwarf, Efreet, Egg, Elder, "
    "Eldrazi, Elemental, Elephant, Elf, Elk, Employee, Eye, Faerie, Ferret, Fish, Flagbearer, "
    "Fox, Fractal, Frog, Fungus, Gamer, Gargoyle, Germ, Giant, Gith, Glimmer, Gnoll, Gnome, "
    "Goat, Goblin, God, Golem, Gorgon, Graveborn, Gremlin, Griffin, Guest, Hag, Halfling, "
    "Hamster, Harpy, Hellion, Hippo, Hippogriff, Homarid, Homunculus, Horror, Horse, Human, "
    "Hydra, Hyena, Illusion, Imp, Incarnation, Inkling, Inquisitor, Insect, Jackal, "
    "Jellyfish, Juggernaut, Kavu, Kirin, Kithkin, Knight, Kobold, Kor, Kraken, Llama, Lamia, "
    "Lammasu, Leech, Leviathan, Lhurgoyf, Licid, Lizard, Manticore, Masticore, Mercenary, "
    "Merfolk, Metathran, Minion, Minotaur, Mite, Mole, Monger, Mongoose, Monk, Monkey, "
    "Moonfolk, Mount, Mouse, Mutant, Myr, Mystic, Nautilus, Necron, Nephilim, Nightmare, "
    "Nightstalker, Ninja, Noble, Noggle, Nomad, Nymph, Octopus, Ogre, Ooze, Orb, Orc, Orgg, "
    "Otter, Ouphe, Ox, Oyster, Pangolin, Peasant, Pegasus, Pentavite, Performer, Pest, "
    "Phelddagrif, Phoenix, Phyrexian, Pilot, Pincher, Pirate, Plant, Porcupine, Possum, "
    "Praetor, Primarch, Prism, Processor, Rabbit, Raccoon, Ranger, Rat, Rebel, Reflection, "
    "Rhino, Rigger, Robot, Rogue, Sable, Salamander, Samurai, Sand, Saproling, Satyr, "
    "Scarecrow, Scientist, Scion, Scorpion, Scout, Sculpture, Seal, Serf, Serpent, Servo, "
    "Shade, Shaman, Shapeshifter, Shark, Sheep, Siren, Skeleton, Skunk, Slith, Sliver, Sloth, "
    "Slug, Snail, Snake, Soldier, Soltari, Spawn, Specter, Spellshaper, Sphinx, Spider, "
    "Spike, Spirit, Splinter, Sponge, Squid, Squirrel, Starfish, Surrakar, Survivor, Synth, "
    "Tentacle, Tetravite, Thalakos, Thopter, Thrull, Tiefling, Toy, Treefolk, Trilobite, "
    "Triskelavite, Troll, Turtle, Tyranid, Unicorn, Vampire, Varmint, Vedalken, Volver, Wall, "
    "Walrus, Warlock, Warrior, Weasel, Weird, Werewolf, Whale, Wizard, Wolf, Wolverine, "
    "Wombat, Worm, Wraith, Wurm, Yeti, Zombie, Zubera "
)
#: mtg:205.3n
_PLANAR_TYPES = _words(
    "The Abyss, Alara, Alfava Metraxis, Amonkhet, Androzani Minor, Antausia, Apalapucia, "
    "Arcavios, Arkhos, Avishkar, Azgol, Belenon, Bolas’s Meditation Realm, Capenna, Cridhe, "
    "The Dalek Asylum, Darillium, Dominaria, Earth, Echoir, Eldraine, Equilor, Ergamon, "
    "Fabacin, Fiora, Gallifrey, Gargantikar, Gobakhan, Horsehead Nebula, Ikoria, Innistrad, "
    "Iquatana, Ir, Ixalan, Kaldheim, Kamigawa, Kandoka, Karsus, Kephalai, Kinshala, Kolbahan, "
    "Kylem, Kyneth, The Library, Lorwyn, Luvion, Mars, Mercadia, Mirrodin, Moag, Mongseng, "
    "Moon, Muraganda, Necros, New Earth, New Phyrexia, Outside Mutter’s Spiral, Phyrexia, "
    "Pyrulea, Rabiah, Rath, Ravnica, Regatha, Segovia, Serra’s Realm, Shadowmoor, Shandalar, "
    "Shenmeng, Skaro, Spacecraft, Tarkir, Theros, Time, Trenzalore, Ulgrotha, Unknown Planet, "
    "Valla, Vryn, Wildfire, Xerex, Zendikar, Zhalfir "
)
#: mtg:205.3p
_DUNGEON_TYPES = frozenset({"undercity"})
#: mtg:205.3q
_BATTLE_TYPES = frozenset({"siege"})

#: Subtypes by the card type they belong to (mtg:205.3b-q); creature and kindred share.
SUBTYPES_BY_TYPE: dict[str, frozenset[str]] = {
    "artifact": _ARTIFACT_TYPES,
    "enchantment": _ENCHANTMENT_TYPES,
    "land": _LAND_TYPES,
    "planeswalker": _PLANESWALKER_TYPES,
    "instant": _SPELL_TYPES,
    "sorcery": _SPELL_TYPES,
    "creature": _CREATURE_TYPES,
    "kindred": _CREATURE_TYPES,
    "plane": _PLANAR_TYPES,
    "dungeon": _DUNGEON_TYPES,
    "battle": _BATTLE_TYPES,
}
#: Every subtype the rules list.
SUBTYPES: frozenset[str] = frozenset().union(*SUBTYPES_BY_TYPE.values())
#: Subtypes written as two words (mtg:205.3m Time Lord; planar types, mtg:205.3n).
_MULTIWORD_SUBTYPES = tuple(sorted((s for s in SUBTYPES if " " in s), key=len, reverse=True))


@dataclass(frozen=True, slots=True)
class TypeLine:
    """A type line split into supertypes, card types and subtypes (mtg:205.1)."""

    supertypes: tuple[str, ...]
    types: tuple[str, ...]
    subtypes: tuple[str, ...]


def split_faces(text: str) -> list[str]:
    """The faces of a multi-face type line ("Creature — Human // Creature — Werewolf")."""
    return [face.strip() for face in text.split("//") if face.strip()]


def _subtype_words(tail: str) -> list[str]:
    words: list[str] = []
    rest = tail.lower().strip()
    while rest:
        for multi in _MULTIWORD_SUBTYPES:
            if rest == multi or rest.startswith(multi + " "):
                words.append(multi)
                rest = rest[len(multi) :].strip()
                break
        else:
            word, _, rest = rest.partition(" ")
            words.append(word)
            rest = rest.strip()
    return words


def parse_type_line(text: str) -> TypeLine:
    """Split "Legendary Creature — Elf Warrior" at the long dash (mtg:205.1).

    Words before the dash are supertypes (mtg:205.4a) or card types (mtg:205.2a);
    after it come subtypes (mtg:205.3), with two-word subtypes such as "Time Lord"
    kept whole. A plain " - " is read as the long dash. Unknown words before the dash
    are kept as types (nothing is dropped). Only the first face of a "//" line is read;
    use :func:`split_faces` for the others.
    """
    face = split_faces(text)[0] if "//" in text else text
    head, _, tail = face.replace(" - ", " — ").partition("—")
    supertypes: list[str] = []
    types: list[str] = []
    for word in head.split():
        low = word.lower()
        (supertypes if low in SUPERTYPES else types).append(low)
    return TypeLine(tuple(supertypes), tuple(types), tuple(_subtype_words(tail)))
