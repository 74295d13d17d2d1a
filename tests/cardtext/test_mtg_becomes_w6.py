"""Magic's "becomes" family, second pass (helper W6): plural and compound "becomes",
"in addition to its other colors and types", a land set to a basic land type
(mtg:305.7), "until ~ leaves the battlefield"; read as printed (Oracle text), then
executed on resolution in layer order (mtg:613.1d-f, mtg:613.4b-c)."""

from __future__ import annotations

import pytest
from tests.helpers import card, new_game, read_effects

from tcgrules.cardtext import nodes as n
from tcgrules.errors import RulesViolation
from tcgrules.kernel import descriptors as d
from tcgrules.kernel.game import Game
from tcgrules.kernel.objects import ObjectRef
from tcgrules.kernel.play import cast
from tcgrules.kernel.resolution import ResolveChoices, resolve_top

T0 = n.TargetSlot(0)


def effects(text: str, type_line: str = "Instant") -> tuple[object, ...]:
    return read_effects(text, type_line=type_line, ability="first")


BEAR = card("mtg", "Runeclaw Bear", "Creature — Bear", "", cost="{1}{G}", power=2, toughness=2)
FACTORY = card(
    "mtg",
    "Mishra's Factory",
    "Land",
    "{1}: This land becomes a 2/2 Assembly-Worker artifact creature until end of turn. "
    "It's still a land.",
)
GATE = card("mtg", "Basilica Gate", "Land — Gate", "")


def play(game: Game, text: str, *targets: ObjectRef) -> None:
    spell = game.create(card("mtg", "Test Spell", "Instant", text, cost="{1}"), "Alice", "hand")
    cast(game, spell, "Alice", targets=[[t] for t in targets])
    resolve_top(game)


# ------------------------------------------------------------------ reading


@pytest.mark.rules("mtg:205.1a", "mtg:205.1b", "mtg:613.4b")
def test_each_become_plural() -> None:
    # Anthousa, Setessan Hero, then "They're still lands." keeps their types
    assert effects(
        "Up to three target lands you control each become 2/2 Warrior creatures until end of "
        "turn. They're still lands."
    ) == (n.Becomes(T0, ("creature",), ("warrior",), (), 2, 2, True),)
    # Fendeep Summoner
    assert effects(
        "{T}: Up to two target Swamps each become 3/5 Treefolk Warrior creatures in addition "
        "to their other types until end of turn.",
        type_line="Creature — Treefolk Shaman",
    ) == (n.Becomes(T0, ("creature",), ("treefolk", "warrior"), (), 3, 5, True),)
    # Depthshaker Titan: no duration, the rest of the game (mtg:611.2a)
    assert effects(
        "Any number of target noncreature artifacts you control become 3/3 artifact creatures."
    ) == (n.Becomes(T0, ("artifact", "creature"), (), (), 3, 3, True, "permanent"),)


@pytest.mark.rules("mtg:105.3", "mtg:205.1b")
def test_in_addition_to_its_other_colors_and_types() -> None:
    # Unctus, Grand Metatect
    assert effects(
        "Until end of turn, target creature you control becomes a blue artifact in addition "
        "to its other colors and types."
    ) == (n.Becomes(T0, ("artifact",), (), ("blue",), None, None, True, keeps_colors=True),)
    # Halsin, Emerald Archdruid
    assert effects(
        "Until end of turn, target token you control becomes a green Bear creature with base "
        "power and toughness 4/4 in addition to its other colors and types."
    ) == (n.Becomes(T0, ("creature",), ("bear",), ("green",), 4, 4, True, keeps_colors=True),)
    # "in addition to its other names and types" means nothing here
    assert read_unsupported(
        "Target creature becomes a blue artifact in addition to its other names and types."
    )


def read_unsupported(text: str) -> bool:
    from tcgrules.cardtext import parse_card

    return bool(parse_card("mtg", text, type_line="Instant").unsupported)


@pytest.mark.rules("mtg:613.4b", "mtg:613.1f", "mtg:613.1d", "mtg:613.4c")
def test_compound_changes() -> None:
    # Phantasmal Form
    assert effects(
        "Until end of turn, up to two target creatures each have base power and toughness "
        "3/3, gain flying, and become blue Illusions in addition to their other colors and "
        "types."
    ) == (
        n.SetBasePT(T0, 3, 3),
        n.GainAbility(T0, "flying"),
        n.Becomes(T0, (), ("illusion",), ("blue",), None, None, True, keeps_colors=True),
    )
    # Jump Scare
    assert effects(
        "Until end of turn, target creature gets +2/+2, gains flying, and becomes a Horror "
        "enchantment creature in addition to its other types."
    ) == (
        n.ModifyPT(T0, 2, 2),
        n.GainAbility(T0, "flying"),
        n.Becomes(T0, ("enchantment", "creature"), ("horror",), (), None, None, True),
    )
    # Primordial Plasm
    assert effects(
        "Another target creature gets +2/+2 and loses all abilities until end of turn."
    ) == (
        n.ModifyPT(T0, 2, 2),
        n.LoseAllAbilities(T0),
    )


@pytest.mark.rules("mtg:305.7", "mtg:611.2b")
def test_basic_land_types() -> None:
    # Tidal Warrior
    assert effects("{T}: Target land becomes an Island until end of turn.", "Creature") == (
        n.Becomes(T0, (), ("island",), ()),
    )
    # Sealock Monster: it keeps its types and abilities
    assert effects("Target land becomes an Island in addition to its other types.") == (
        n.Becomes(T0, (), ("island",), (), None, None, True, "permanent"),
    )
    # Graceful Antelope: "until ~ leaves the battlefield"
    assert read_effects(
        "Whenever Graceful Antelope deals combat damage to a player, you may have target land "
        "become a Plains until Graceful Antelope leaves the battlefield.",
        name="Graceful Antelope",
        type_line="Creature — Antelope",
    ) == (
        n.May(
            (n.ForAsLongAs((n.Becomes(T0, (), ("plains",), (), None, None, False, "permanent"),)),)
        ),
    )


# ------------------------------------------------------------------ resolving


@pytest.mark.rules("mtg:305.7", "mtg:205.1a", "mtg:514.2")
def test_a_land_set_to_a_basic_land_type_loses_its_text_abilities() -> None:
    game = new_game()
    factory = game.create(FACTORY, "Bob", "battlefield")
    gate = game.create(GATE, "Bob", "battlefield")
    assert game.characteristics(factory).abilities
    play(game, "Target land becomes an Island until end of turn.", factory)
    chars = game.characteristics(factory)
    assert chars.subtypes == {"island"}
    assert chars.abilities == ()
    assert chars.types == {"land"}
    events = [e for e in game.events if e.rule is not None and e.rule.number == "305.7"]
    assert events and events[0].object == factory
    # "in addition to its other types": it keeps its Gate type and gains Island
    play(game, "Target land becomes an Island in addition to its other types.", gate)
    assert game.characteristics(gate).subtypes == {"gate", "island"}
    game.end_turn()
    assert game.characteristics(factory).abilities
    assert game.characteristics(factory).subtypes == set()


@pytest.mark.rules("mtg:105.3", "mtg:205.1b", "mtg:613.4b")
def test_in_addition_to_its_other_colors_keeps_colors() -> None:
    game = new_game()
    bear = game.create(BEAR, "Alice", "battlefield")
    play(
        game,
        "Until end of turn, target creature becomes a blue artifact in addition to its other "
        "colors and types.",
        bear,
    )
    chars = game.characteristics(bear)
    assert chars.colors == {"green", "blue"}
    assert chars.types == {"creature", "artifact"}
    assert chars.subtypes == {"bear"}
    # without those words the new color replaces the old one (mtg:105.3)
    play(game, "Target creature becomes red until end of turn.", bear)
    assert game.characteristics(bear).colors == {"red"}


@pytest.mark.rules("mtg:613.4b", "mtg:613.1f", "mtg:205.1b")
def test_each_have_base_pt_gain_and_become() -> None:
    game = new_game()
    bear = game.create(BEAR, "Alice", "battlefield")
    play(
        game,
        "Until end of turn, up to two target creatures each have base power and toughness "
        "3/3, gain flying, and become blue Illusions in addition to their other colors and "
        "types.",
        bear,
    )
    chars = game.characteristics(bear)
    assert (chars.values["power"], chars.values["toughness"]) == (3, 3)
    assert chars.subtypes == {"bear", "illusion"}
    assert chars.colors == {"green", "blue"}
    assert any(getattr(a, "name", None) == "flying" for a in chars.abilities)


# ------------------------------------------------------------------ attach


@pytest.mark.rules("mtg:701.7a", "mtg:303.4b")
def test_destroy_what_is_attached() -> None:
    # Strip Bare, Street Sweeper
    assert effects("Destroy all Auras and Equipment attached to target creature.") == (
        n.DestroyAttached(T0, d.AnyOf((d.HasSubtype("aura"), d.HasSubtype("equipment")))),
    )
    assert effects("Destroy all Auras attached to target land.") == (
        n.DestroyAttached(T0, d.HasSubtype("aura")),
    )
    # only what can be attached is read so
    assert read_unsupported("Destroy all creatures attached to target land.")


@pytest.mark.rules("mtg:701.3a", "mtg:608.2d")
def test_attach_to_another() -> None:
    # Enchantment Alteration
    assert effects(
        "Attach target Aura attached to a creature or land to another permanent of that type."
    ) == (n.AttachElsewhere(T0, d.IsPermanent(), "type", ("creature", "land")),)
    # Simic Guildmage
    assert effects(
        "{1}{U}: Attach target Aura attached to a permanent to another permanent with the "
        "same controller.",
        "Creature — Elf Wizard",
    ) == (n.AttachElsewhere(T0, d.IsPermanent(), "controller"),)
    # Glamer Spinners
    assert effects(
        "When this creature enters, attach all Auras enchanting target permanent to another "
        "permanent with the same controller.",
        "Creature — Faerie Wizard",
    ) == (n.AttachElsewhere(T0, d.IsPermanent(), "controller", enchanting=True),)


@pytest.mark.rules("mtg:303.4i", "mtg:110.2a")
def test_put_onto_the_battlefield_attached() -> None:
    # Hakim, Loreweaver (its restriction aside)
    assert read_effects(
        "{U}{U}: Return target Aura card from your graveyard to the battlefield attached to Hakim.",
        name="Hakim",
        type_line="Creature",
    ) == (n.PutOntoBattlefieldAttached(T0, n.Self()),)
    # Iridescent Drake
    assert read_effects(
        "When Iridescent Drake enters, put target Aura card from a graveyard onto the "
        "battlefield under your control attached to Iridescent Drake.",
        name="Iridescent Drake",
        type_line="Creature",
    ) == (n.PutOntoBattlefieldAttached(T0, n.Self()),)


AURA = card(
    "mtg",
    "Holy Strength",
    "Enchantment — Aura",
    "Enchant creature\nEnchanted creature gets +1/+2.",
    cost="{W}",
)


@pytest.mark.rules("mtg:303.4i", "mtg:701.3a")
def test_an_aura_put_onto_the_battlefield_attached_to_a_land_stays_put() -> None:
    game = new_game()
    land = game.create(GATE, "Alice", "battlefield")
    bear = game.create(BEAR, "Alice", "battlefield")
    aura = game.create(AURA, "Alice", "graveyard")
    source = game.create(
        card(
            "mtg",
            "Test Spell",
            "Instant",
            "Return target Aura card from your graveyard to the battlefield attached to target "
            "land.",
            cost="{1}",
        ),
        "Alice",
        "hand",
    )
    cast(game, source, "Alice", targets=[[aura], [land]])
    resolve_top(game)
    assert game.get(aura).zone.name == "graveyard"  # Enchant creature: not a land
    source = game.create(
        card(
            "mtg",
            "Test Spell",
            "Instant",
            "Return target Aura card from your graveyard to the battlefield attached to target "
            "creature.",
            cost="{1}",
        ),
        "Alice",
        "hand",
    )
    cast(game, source, "Alice", targets=[[aura], [bear]])
    resolve_top(game)
    on = [o for o in game.battlefield() if game.get(o).attached_to == bear]
    assert len(on) == 1
    assert game.characteristics(bear).values["toughness"] == 4


# ------------------------------------------------------------------ groups, no duration


def _group(kind: str) -> n.EachControlledBy:
    return n.EachControlledBy(d.HasType(kind), T0)


@pytest.mark.rules("mtg:611.2a", "mtg:613.4b", "mtg:613.1f")
def test_groups_and_lasting_changes() -> None:
    # Sudden Spoiling
    assert effects(
        "Until end of turn, creatures target player controls lose all abilities and have base "
        "power and toughness 0/2."
    ) == (n.LoseAllAbilities(_group("creature")), n.SetBasePT(_group("creature"), 0, 2))
    # Polymorphist's Jest
    assert effects(
        "Until end of turn, each creature target player controls loses all abilities and "
        "becomes a blue Frog with base power and toughness 1/1."
    ) == (
        n.LoseAllAbilities(_group("creature")),
        n.Becomes(_group("creature"), (), ("frog",), ("blue",), 1, 1),
    )
    # Jolrael, Empress of Beasts
    assert effects(
        "All lands target player controls become 3/3 creatures until end of turn. They're "
        "still lands."
    ) == (n.Becomes(_group("land"), ("creature",), (), (), 3, 3, True),)
    # The Bears of Littjara: no duration
    assert effects(
        "Any number of target Shapeshifter creatures you control have base power and toughness 4/4."
    ) == (n.SetBasePT(T0, 4, 4, "permanent"),)
    # a static ability's wording is not a one-shot change
    assert read_unsupported("Creatures you control have base power and toughness 1/1.")
    # Workshop Elders
    assert effects(
        "You may have target noncreature artifact you control become a 0/0 artifact creature."
    ) == (n.May((n.Becomes(T0, ("artifact", "creature"), (), (), 0, 0, True, "permanent"),)),)


@pytest.mark.rules("mtg:205.3m", "mtg:205.3d", "mtg:613.1d")
def test_gain_all_creature_types() -> None:
    # Blades of Velis Vel
    assert effects(
        "Up to two target creatures each get +2/+0 and gain all creature types until end of turn."
    ) == (n.ModifyPT(T0, 2, 0), n.GainAllCreatureTypes(T0))
    game = new_game()
    bear = game.create(BEAR, "Alice", "battlefield")
    play(
        game,
        "Target creature gets +1/+1 and gains all creature types until end of turn.",
        bear,
    )
    chars = game.characteristics(bear)
    assert {"bear", "elf", "zombie", "time lord"} <= chars.subtypes
    assert chars.types == {"creature"}
    game.end_turn()
    assert game.characteristics(bear).subtypes == {"bear"}


@pytest.mark.rules("mtg:107.3c", "mtg:613.4b", "mtg:608.2d", "mtg:613.1f")
def test_where_x_sizes_chosen_hosts_and_becomes_and_gains() -> None:
    # Elvish Branchbender: the size is counted as the ability resolves (mtg:608.2h)
    (becomes,) = effects(
        "Until end of turn, target Forest becomes an X/X Treefolk creature in addition to its "
        "other types, where X is the number of Elves you control."
    )
    assert isinstance(becomes, n.Becomes)
    assert becomes.power == becomes.toughness
    assert isinstance(becomes.power, n.CountOf)
    # One Last Job: the creature is chosen as it resolves, not targeted
    assert effects(
        "Return target Aura or Equipment card from your graveyard to the battlefield attached "
        "to a creature you control."
    ) == (
        n.PutOntoBattlefieldAttached(
            T0,
            n.Chosen(
                d.AllOf((d.HasType("creature"), d.Controller("you"))),
                1,
                1,
                "the permanent it enters attached to",
            ),
        ),
    )
    # Synthesizer Labship
    assert effects(
        "Up to one other target artifact you control becomes an artifact creature with base "
        "power and toughness 4/4 and gains flying until end of turn."
    ) == (
        n.Becomes(T0, ("artifact", "creature"), (), (), 4, 4, True),
        n.GainAbility(T0, "flying"),
    )


@pytest.mark.rules("mtg:608.2d", "mtg:105.3", "mtg:205.1b")
def test_of_your_choice() -> None:
    # Sway of Illusion
    assert effects(
        "Any number of target creatures become the color of your choice until end of turn."
    ) == (n.BecomesOfChoice(T0, "color"),)
    # Prismwake Merrow
    assert effects(
        "Target permanent becomes the color or colors of your choice until end of turn."
    ) == (n.BecomesOfChoice(T0, "colors"),)
    # Navigator's Compass
    assert effects(
        "Until end of turn, target land you control becomes the basic land type of your "
        "choice in addition to its other types."
    ) == (n.BecomesOfChoice(T0, "basic_land_type"),)
    # "the creature type of your choice" is not read this way
    assert read_unsupported("Target creature becomes the creature type of your choice.")


@pytest.mark.rules("mtg:608.2d", "mtg:205.1b", "mtg:305.6")
def test_basic_land_type_of_your_choice_is_added() -> None:
    game = new_game()
    gate = game.create(GATE, "Alice", "battlefield")
    text = (
        "Until end of turn, target land you control becomes the basic land type of your "
        "choice in addition to its other types."
    )
    spell = game.create(card("mtg", "Test Spell", "Instant", text, cost="{1}"), "Alice", "hand")
    cast(game, spell, "Alice", targets=[[gate]])
    with pytest.raises(RulesViolation):
        resolve_top(game, ResolveChoices(option="elf"))
    assert game.characteristics(gate).subtypes == {"gate"}  # refused: nothing changed
    resolve_top(game, ResolveChoices(option="Swamp"))
    assert game.characteristics(gate).subtypes == {"gate", "swamp"}


@pytest.mark.rules("mtg:603.2", "mtg:608.2k", "mtg:701.3a")
def test_attach_what_the_trigger_was_about() -> None:
    it = n.TriggerObject("it")
    # Sigarda's Aid
    assert effects(
        "Whenever an Equipment you control enters, you may attach it to target creature you "
        "control.",
        "Enchantment",
    ) == (n.May((n.Attach(it, T0),)),)
    # Stormrider Rig
    assert effects(
        "Whenever a creature you control enters, you may attach this Equipment to it.",
        "Artifact — Equipment",
    ) == (n.May((n.Attach(n.Self(), it),)),)
