"""Tests between targets that a phrase sets (mtg:601.2c): "that share a creature type",
"with different names" (mtg:201.2b), "with the same controller", "that shares one of
those types with it"; and the qualifiers read with them: outlaws (mtg:700.12), "with a
cycling ability", "that dealt damage this turn" (mtg:120.3), "any target that isn't a
Dragon" (mtg:115.4). Texts are real cards' (Oracle wording)."""

from __future__ import annotations

import pytest

from tcgrules.carddata.model import CardDefinition
from tcgrules.cardtext import nodes as n
from tcgrules.games.magic.ruleset import Magic
from tcgrules.games.magic.text import parse_magic
from tcgrules.kernel import descriptors as d
from tcgrules.kernel.targeting import _together_passes

READINGS = [
    (
        "Raise the Draugr",
        "Return two target creature cards that share a creature type from your graveyard "
        "to your hand.",
        [[("share", "creature_types", (), None)]],
    ),
    (
        "Rivals' Duel",
        "Choose two target creatures that share no creature types.",
        [[("share_none", "creature_types", (), None)]],
    ),
    (
        "Role Reversal",
        "Exchange control of two target permanents that share a permanent type.",
        [[("share", "permanent_types", (), None)]],
    ),
    (
        "Long Rest",
        "Return X target cards with different mana values from your graveyard to your hand.",
        [[("different", "mana_value", (), None)]],
    ),
    (
        "Behold the Sinister Six!",
        "Return up to six target creature cards with different names from your graveyard "
        "to the battlefield.",
        [[("different", "name", (), None)]],
    ),
    (
        "V.A.T.S.",
        "Choose any number of target creatures with equal toughness.",
        [[("same", "toughness", (), None)]],
    ),
    (
        "Bioshift",
        "Move any number of +1/+1 counters from target creature onto another target "
        "creature with the same controller.",
        [[], [("same", "controller", (0,), None)]],
    ),
    (
        "Legerdemain",
        "Exchange control of target artifact or creature and another target permanent that "
        "shares one of those types with it.",
        [[], [("share", "types", (0,), frozenset({"artifact", "creature"}))]],
    ),
    (
        "Puca's Mischief",
        "At the beginning of your upkeep, you may exchange control of target nonland "
        "permanent you control and target nonland permanent an opponent controls with "
        "equal or lesser mana value.",
        [[], [("at_most", "mana_value", (0,), None)]],
    ),
]


@pytest.mark.parametrize(("name", "text", "expected"), READINGS, ids=[r[0] for r in READINGS])
def test_tests_between_targets_are_read(name: str, text: str, expected: list[list[tuple]]) -> None:  # type: ignore[type-arg]
    parsed = parse_magic(text, name, "Sorcery")
    reqs = [r for a in parsed.abilities for r in a.requirements]
    got = [[(t.test, t.prop, t.among, t.within) for t in r.together] for r in reqs]
    assert got == expected
    assert not [
        u for u in parsed.unsupported if "target" in u.text.lower() and "phrase" in u.reason
    ]


def test_legerdemain_another_permanent_differs_from_the_first_target() -> None:
    """ "another target permanent" after "target artifact or creature": a permanent can
    be an artifact or creature, so "another" means another than that target (mtg:115.3)."""
    text = (
        "Exchange control of target artifact or creature and another target permanent that "
        "shares one of those types with it."
    )
    first, second = parse_magic(text, "Legerdemain", "Sorcery").abilities[0].requirements
    assert second.distinct_from == (0,)
    assert first.distinct_from == ()


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        ("Return X target outlaw creature cards from your graveyard to the battlefield.", "rogue"),
        ("Exile target card with a cycling ability from your graveyard.", "cycling"),
        ("Destroy target creature that dealt damage this turn.", "dealt_damage_as_source"),
        (
            "Return target creature card with no abilities from your graveyard to your hand.",
            "has_no_abilities",
        ),
    ],
)
def test_qualifiers_read(text: str, fragment: str) -> None:
    parsed = parse_magic(text, "Card", "Sorcery")
    (req,) = parsed.abilities[0].requirements
    assert fragment in repr(req.descriptor).lower()
    assert not parsed.unsupported


def test_any_target_that_isnt_a_dragon() -> None:
    text = (
        "Whenever a Dragon you control is dealt damage, it deals that much damage to any "
        "target that isn't a Dragon."
    )
    parsed = parse_magic(text, "Wrathful Red Dragon", "Creature — Dragon")
    (req,) = parsed.abilities[0].requirements
    assert req.kinds == frozenset({"creature", "player", "planeswalker", "battle"})
    assert "dragon" in repr(req.descriptor).lower()


# ------------------------------------------------------------- the tests themselves
def _t(test: d.TogetherTest, within: frozenset[str] | None = None) -> d.Together:
    return d.Together(test, "p", within=within)


def test_share_needs_one_value_common_to_all() -> None:
    elf, warrior = frozenset({"elf"}), frozenset({"warrior"})
    both = frozenset({"elf", "warrior"})
    assert _together_passes(_t("share"), both, [elf])
    # each pair shares one, but no type is common to the three
    assert not _together_passes(_t("share"), both, [elf, warrior])
    assert not _together_passes(_t("share"), elf, [warrior])


def test_share_counts_only_the_values_named() -> None:
    artifact_creature = frozenset({"artifact", "creature"})
    land_artifact = frozenset({"artifact", "land"})
    assert _together_passes(
        _t("share", frozenset({"artifact"})), land_artifact, [artifact_creature]
    )
    assert not _together_passes(
        _t("share", frozenset({"creature"})), land_artifact, [artifact_creature]
    )


def test_share_none() -> None:
    assert _together_passes(_t("share_none"), frozenset({"elf"}), [frozenset({"goblin"})])
    assert not _together_passes(
        _t("share_none"), frozenset({"elf", "rogue"}), [frozenset({"rogue"})]
    )


def test_different_and_same() -> None:
    assert _together_passes(_t("different"), "Bear", ["Giant", "Elf"])
    assert not _together_passes(_t("different"), "Bear", ["Giant", "Bear"])
    # mtg:201.2b: an object with no name is never of a different name
    assert not _together_passes(_t("different"), None, ["Giant"])
    assert not _together_passes(_t("different"), "Bear", [None])
    assert _together_passes(_t("same"), 3, [3, 3])
    assert not _together_passes(_t("same"), 3, [4])


def test_at_most() -> None:
    assert _together_passes(_t("at_most"), 2, [2])
    assert _together_passes(_t("at_most"), 1, [2])
    assert not _together_passes(_t("at_most"), 3, [2])


def test_words_in_square_brackets_are_read_until_removed() -> None:
    """Cleave-style text (mtg:702.148a): the bracketed words count as written."""
    parsed = parse_magic(
        "Parasitic Grasp deals 3 damage to target [Human] creature.", "Parasitic Grasp", "Instant"
    )
    (req,) = parsed.abilities[0].requirements
    assert req.descriptor == d.AllOf((d.HasSubtype("human"), d.HasType("creature")))
    assert req.text == "target [Human] creature"


def test_target_as_a_verb_after_doesnt_declares_nothing() -> None:
    parsed = parse_magic(
        "If that spell doesn't target a creature you control, it costs {8} more to cast this way.",
        "Mavinda, Students' Advocate",
        "Legendary Creature",
    )
    assert not [r for a in parsed.abilities for r in getattr(a, "requirements", ())]
    assert not [u for u in parsed.unsupported if "target phrase" in u.reason]


def test_and_or_between_colors() -> None:
    parsed = parse_magic(
        "Ignite Disorder deals 3 damage divided as you choose among one, two, or three "
        "target white and/or blue creatures.",
        "Ignite Disorder",
        "Instant",
    )
    (req,) = parsed.abilities[0].requirements
    assert (req.min, req.max, req.divided) == (1, 3, True)
    assert req.descriptor == d.AllOf(
        (d.AnyOf((d.Color("white"), d.Color("blue"))), d.HasType("creature"))
    )


@pytest.mark.parametrize(
    ("name", "text", "prop"),
    [
        (
            "Echoing Ruin",
            "Destroy target artifact and all other artifacts with the same name as that artifact.",
            "name",
        ),
        (
            "Homing Lightning",
            "Homing Lightning deals 4 damage to target creature and each other creature with "
            "the same name as that creature.",
            "name",
        ),
        (
            "Cleansing Beam",
            "Cleansing Beam deals 2 damage to target creature and each other creature that "
            "shares a color with it.",
            "colors",
        ),
    ],
)
def test_the_target_and_each_other_sharing_it(name: str, text: str, prop: str) -> None:
    """The others are found on resolution and are not targets (mtg:115.1, 608.2h)."""
    parsed = parse_magic(text, name, "Instant")
    ability = parsed.abilities[0]
    assert len(ability.requirements) == 1
    (effect,) = ability.effects
    what = getattr(effect, "what", None) or getattr(effect, "to", None)
    assert isinstance(what, n.AndEachSharing)
    assert (what.first, what.prop) == (n.TargetSlot(0), prop)
    assert not parsed.unsupported


def test_a_verb_whose_object_goes_on_is_not_read_with_each_other() -> None:
    parsed = parse_magic(
        # (the returning shape is read by its own rule: test_mtg_zones_third_pass.py)
        "Put target creature and all other creatures with the same name as that creature "
        "on top of their owners' libraries.",
        "Echoing Truth-like",
        "Instant",
    )
    assert parsed.unsupported


@pytest.mark.rules("mtg:205.3m", "mtg:110.4")
def test_what_targets_are_asked_to_share() -> None:
    """The creature types of an object are its subtypes that are creature types
    (mtg:205.3m); its permanent types, its card types that are permanent types
    (mtg:110.4)."""
    rs = Magic()
    card = CardDefinition(
        "mtg", "Dummy", "Kindred Artifact Creature — Goblin Equipment", values={"cost": "{1}"}
    )
    chars = rs.characteristics_of(card)
    assert rs.property(chars, "creature_types") == frozenset({"goblin"})  # not Equipment
    assert rs.property(chars, "permanent_types") == frozenset({"artifact", "creature"})
