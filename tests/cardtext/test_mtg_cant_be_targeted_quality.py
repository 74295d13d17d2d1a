"""'~ can't be the target of [quality] spells (or abilities from [quality] sources)':
the quality is read as protection reads one (mtg:115.1, mtg:702.16a)."""

from __future__ import annotations

import pytest

from tcgrules.cardtext import nodes as n
from tcgrules.games.magic.text import parse_magic


@pytest.mark.parametrize(
    ("text", "abilities", "opponents", "qualities"),
    [
        (
            "Raiding Party can't be the target of white spells or abilities from white sources.",
            True,
            False,
            ("white",),
        ),
        (
            "Thrun can't be the target of nongreen spells your opponents control or abilities "
            "from nongreen sources your opponents control.",
            True,
            True,
            ("nongreen",),
        ),
        ("Bartel Runeaxe can't be the target of Aura spells.", False, False, ("aura",)),
        (
            "Karplusan Strider can't be the target of blue or black spells.",
            False,
            False,
            ("blue", "black"),
        ),
    ],
)
def test_quality_is_read(
    text: str, abilities: bool, opponents: bool, qualities: tuple[str, ...]
) -> None:
    name = text.split(" can't", maxsplit=1)[0]
    parsed = parse_magic(text, name, "Creature")
    assert not parsed.unsupported
    (ability,) = parsed.abilities
    (effect,) = ability.effects  # type: ignore[union-attr]
    assert isinstance(effect, n.CantBeTargeted)
    assert (effect.spells, effect.abilities, effect.opponents, effect.qualities) == (
        True,
        abilities,
        opponents,
        qualities,
    )


def test_sources_of_another_quality_are_not_read() -> None:
    parsed = parse_magic(
        "Dummy can't be the target of white spells or abilities from black sources.",
        "Dummy",
        "Creature",
    )
    assert parsed.unsupported


@pytest.mark.parametrize(
    ("text", "condition"),
    [
        ("Destroy target Aura attached to a creature.", "attached_to:creature"),
        (
            "Counter target activated ability from an artifact source.",
            "from_a_source_that_is:artifact",
        ),
        (
            "Counter target activated or triggered ability from a noncreature source.",
            "from_a_source_that_is:noncreature",
        ),
    ],
)
def test_attached_to_and_from_a_source(text: str, condition: str) -> None:
    """mtg:303.4 (what an Aura is attached to), mtg:113.7 (an ability's source)."""
    parsed = parse_magic(text, "Dummy", "Instant")
    assert not parsed.unsupported
    (req,) = parsed.abilities[0].requirements
    assert f"Condition(name='{condition}')" in repr(req.descriptor)
