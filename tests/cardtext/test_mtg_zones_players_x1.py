"""Magic sentences about zones and players read by helper X1, as printed (Oracle text),
and performed on resolution: "into its owner's library just beneath the top X cards of
that library" (mtg:400.3, mtg:401.7) and "reveals cards from the top of their library
until they reveal a land card, then puts those cards into their graveyard"
(mtg:701.16a)."""

from __future__ import annotations

import pytest
from tests.helpers import read_effects, unread

from tcgrules.cardtext import nodes as n
from tcgrules.kernel import descriptors as d

T0 = n.TargetSlot(0)


@pytest.mark.rules("mtg:400.3", "mtg:401.7")
@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (  # Unexpectedly Absent
            "Put target nonland permanent into its owner's library just beneath the top X "
            "cards of that library.",
            (n.PutBeneathTop(T0, "X"),),
        ),
        (  # Quarry Colossus's trigger, X defined after
            "Put target creature into its owner's library just beneath the top X cards of "
            "that library, where X is the number of Plains you control.",
            (
                n.PutBeneathTop(
                    T0,
                    n.CountOf(d.AllOf((d.HasSubtype("plains"), d.Controller("you"))), 1),
                ),
            ),
        ),
    ],
)
def test_beneath_the_top_cards_reads(text: str, expected: tuple[object, ...]) -> None:
    assert read_effects(text, type_line="Instant", static=False) == expected


@pytest.mark.rules("mtg:400.3")
def test_other_words_before_the_top_are_not_read() -> None:
    # only "just beneath" has a meaning here; another pair of words stays unread
    text = (
        "Put target creature into its owner's library right above the top X cards of that library."
    )
    assert unread(text, type_line="Instant")


@pytest.mark.rules("mtg:701.16a")
def test_reveal_until_a_land_then_graveyard_reads() -> None:
    text = (  # Balustrade Spy's trigger
        "Target player reveals cards from the top of their library until they reveal a "
        "land card, then puts those cards into their graveyard."
    )
    expected = n.RevealUntilToGraveyard(T0, d.AllOf((d.IsCard(), d.HasType("land"))))
    assert read_effects(text, type_line="Sorcery", static=False) == (expected,)
