"""Helper X4: "this turn" history qualifiers of a card in a graveyard read from real
card text, and checked against the turn's events."""

from __future__ import annotations

import pytest

from tcgrules.cardtext import parse_card
from tcgrules.kernel import descriptors as d


def _parts(desc: d.Descriptor) -> list[d.Descriptor]:
    if isinstance(desc, d.AllOf):
        return [p for part in desc.parts for p in _parts(part)]
    return [desc]


@pytest.mark.rules("mtg:400.7", "mtg:115.1")
@pytest.mark.parametrize(
    ("text", "name", "want"),
    [
        (
            "Exile target creature card from a graveyard that was put there this turn.",
            "Abyssal Harvester",
            d.Condition("put_there_this_turn"),
        ),
        (
            "Exile target nonland card in a graveyard that was put there from anywhere "
            "this turn. Copy it.",
            "Reenact the Crime",
            d.Condition("put_there_this_turn"),
        ),
        (
            "Put target land card in a graveyard that was milled this turn onto the "
            "battlefield under your control tapped.",
            "Tato Farmer",
            d.Condition("put_there_from_library_this_turn"),
        ),
        (
            "Choose target artifact or creature card in an opponent's graveyard that was "
            "put there from their library this turn.",
            "Captain N'ghathrod",
            d.Condition("put_there_from_library_this_turn"),
        ),
        (
            "Choose up to one target card in a graveyard that was discarded or put there "
            "from a library this turn.",
            "Ghost of Ramirez DePietro",
            d.AnyOf(
                (
                    d.Condition("discarded_this_turn"),
                    d.Condition("put_there_from_library_this_turn"),
                )
            ),
        ),
    ],
)
def test_graveyard_history_qualifiers(text: str, name: str, want: d.Descriptor) -> None:
    card = parse_card("mtg", text, name=name, type_line="Sorcery")
    (req,) = card.target_requirements()
    assert req.zone == "graveyard"
    assert want in _parts(req.descriptor)
    assert req.text.endswith("this turn")
    assert not [p for p in card.unsupported if "target" in p.reason]


@pytest.mark.rules("mtg:400.7")
def test_other_verbs_are_not_read() -> None:
    # a verb the qualifier does not know is left unread, never guessed
    card = parse_card(
        "mtg",
        "Exile target card in a graveyard that was exiled this turn.",
        name="Test",
        type_line="Sorcery",
    )
    assert card.unsupported


@pytest.mark.rules("mtg:400.7")
def test_return_to_the_battlefield_object_last() -> None:
    # Moira, Urborg Haunt: the object after "return to the battlefield"
    card = parse_card(
        "mtg",
        "Whenever Moira deals combat damage to a player, return to the battlefield target "
        "creature card in your graveyard that was put there from the battlefield this turn.",
        name="Moira, Urborg Haunt",
        type_line="Legendary Creature",
    )
    (req,) = card.target_requirements()
    assert d.Condition("died_this_turn") in _parts(req.descriptor)
    assert not card.unsupported
    effects = [e for a in card.abilities for e in getattr(a, "effects", ())]
    assert [type(e).__name__ for e in effects] == ["ReturnToBattlefield"]
