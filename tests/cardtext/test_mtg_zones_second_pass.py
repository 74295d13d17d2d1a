"""Magic sentences around libraries and graveyards read in the second pass, as printed
(Oracle text), and performed on resolution: a library position the owner chooses
(mtg:400.3, mtg:401.7), looking at the top cards and putting them back in any order
(mtg:701.16e, mtg:401.2), searching a library (mtg:701.19) then shuffling it
(mtg:701.20a), and casting a card from a graveyard (read, not performed)."""

from __future__ import annotations

import pytest
from tests.helpers import read_effects, unread

from tcgrules.cardtext import nodes as n
from tcgrules.cardtext import parse_card
from tcgrules.kernel import descriptors as d
from tcgrules.scenario.loader import parse_scenario
from tcgrules.scenario.results import ScenarioResult
from tcgrules.scenario.runner import run_scenario

T0 = n.TargetSlot(0)


def effects(text: str, type_line: str = "Sorcery") -> tuple[object, ...]:
    return read_effects(text, type_line=type_line, static=False)


def not_read(text: str) -> list[str]:
    return unread(text)


# ------------------------------------------------------------------ reading

CREATURE_CARD = d.AllOf((d.IsCard(), d.HasType("creature")))


@pytest.mark.rules("mtg:400.3", "mtg:401.7", "mtg:701.16e", "mtg:701.19a", "mtg:701.20a")
@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (  # Riverwalk Technique's first mode
            "The owner of target nonland permanent puts it on their choice of the top or "
            "bottom of their library.",
            (n.PutInLibraryChoice(T0, (1, None)),),
        ),
        (  # Temporal Cleansing
            "The owner of target nonland permanent puts it into their library second from "
            "the top or on the bottom.",
            (n.PutInLibraryChoice(T0, (2, None)),),
        ),
        (  # Zoyowa's Justice's first sentence
            "The owner of target artifact or creature with mana value 1 or greater shuffles "
            "it into their library.",
            (n.ShuffleInto(what=T0),),
        ),
        (  # Portent's first sentence
            "Look at the top three cards of target player's library, then put them back in "
            "any order.",
            (n.LookAndReorder(T0, 3),),
        ),
        (  # Bitter Ordeal
            "Search target player's library for a card and exile it. Then that player shuffles.",
            (n.SearchLibrary(T0, 1, None, "exile", shuffle=True),),
        ),
        (  # Jester's Cap
            "Search target player's library for three cards and exile them. Then that "
            "player shuffles.",
            (n.SearchLibrary(T0, 3, None, "exile", shuffle=True),),
        ),
        (  # Denying Wind
            "Search target player's library for up to seven cards and exile them. Then that "
            "player shuffles.",
            (n.SearchLibrary(T0, 7, None, "exile", up_to=True, shuffle=True),),
        ),
        (  # Inevitable Betrayal
            "Search target opponent's library for a creature card and put that card onto "
            "the battlefield under your control. Then that player shuffles.",
            (n.SearchLibrary(T0, 1, CREATURE_CARD, "battlefield", shuffle=True),),
        ),
        (  # Seer's Vision's ability, without its "Activate only as a sorcery."
            "Look at target player's hand and choose a card from it. That player discards "
            "that card.",
            (n.LookAt(T0), n.DiscardChosen(T0, d.IsCard())),
        ),
        (  # Graceful Restoration's first mode
            "Return target creature card from your graveyard to the battlefield with an "
            "additional +1/+1 counter on it.",
            (n.PutOntoBattlefield(T0, n.You(), counters=(("+1/+1", 1),)),),
        ),
        (  # From the Catacombs' first sentence
            "Put target creature card from a graveyard onto the battlefield under your "
            "control with a corpse counter on it.",
            (n.PutOntoBattlefield(T0, n.You(), counters=(("corpse", 1),)),),
        ),
        (  # Psychic Symbiont's trigger
            "Target opponent discards a card and you draw a card.",
            (n.Discard(T0, 1), n.Draw(n.You(), 1)),
        ),
        (  # Bow of Nylea's last ability
            "Put up to four target cards from your graveyard on the bottom of your library "
            "in any order.",
            (n.PutInLibrary(T0, None),),
        ),
        (  # Jace, Telepath Unbound's -3
            "You may cast target instant or sorcery card from your graveyard this turn.",
            (n.CastFromZone(T0, this_turn=True),),
        ),
        (  # Torrential Gearhulk's trigger
            "You may cast target instant card from your graveyard without paying its mana cost.",
            (n.CastFromZone(T0, free=True),),
        ),
    ],
)
def test_second_pass_shapes_read_whole(text: str, expected: tuple[object, ...]) -> None:
    assert effects(text) == expected


def test_the_cast_card_is_a_card_in_the_graveyard_named() -> None:
    card = parse_card(
        "mtg",
        "You may cast target instant or sorcery card with mana value 3 or less from your "
        "graveyard without paying its mana cost.",
        type_line="Sorcery",
    )
    (ability,) = card.abilities
    assert isinstance(ability, n.SpellAbility)
    (req,) = ability.requirements
    assert req.zone == "graveyard"
    assert d.Compare("mana_value", "<=", 3) in req.descriptor.parts  # type: ignore[attr-defined]
    assert ability.effects == (n.CastFromZone(T0, free=True),)


@pytest.mark.parametrize(
    "text",
    [
        # a position the node can't say
        "The owner of target nonland permanent puts it on their choice of the top or middle "
        "of their library.",
        # "them" after one card, "it" after three: not what the search found
        "Search target player's library for a card and exile them.",
        "Search target player's library for three cards and exile it.",
        # "that card" after several cards
        "Search target opponent's library for two cards and put that card onto the "
        "battlefield under your control.",
        # another verb than "cast"
        "You may exile target instant card from your graveyard this turn.",
        # a word the grammar takes as a plain WORD must be the one printed
        "Look at the top three cards of target player's library, then put them back in any way.",
    ],
)
def test_near_misses_are_not_read(text: str) -> None:
    assert not_read(text)


def test_a_choice_with_no_look_at_a_hand_before_it_is_not_read() -> None:
    assert not_read("Look at the top card of target player's library and choose a card from it.")


def test_that_player_shuffles_needs_a_search_just_before() -> None:
    left = not_read("Target player mills two cards. Then that player shuffles.")
    assert left == ["that player shuffles"]


def test_without_paying_does_not_end_a_without_keyword_phrase() -> None:
    # "without" still starts a keyword clause when "paying" does not follow it
    card = parse_card("mtg", "Destroy target creature without flying.", type_line="Instant")
    assert not card.unsupported


# ------------------------------------------------------------------ performing

CARDS = """
cards:
  Test Portent:
    type: Sorcery
    text: Look at the top three cards of target player's library, then put them back in any order.
  Test Gearhulk:
    type: Sorcery
    text: You may cast target instant card from your graveyard without paying its mana cost.
  Test Cleansing:
    type: Sorcery
    text: >-
      The owner of target nonland permanent puts it on their choice of the top or bottom
      of their library.
  Test Betrayal:
    type: Sorcery
    text: >-
      Search target opponent's library for a creature card and put that card onto the
      battlefield under your control. Then that player shuffles.
  Test Vision:
    type: Sorcery
    text: >-
      Look at target player's hand and choose a card from it. That player discards that
      card.
  Test Bow:
    type: Sorcery
    text: >-
      Put up to four target cards from your graveyard on the bottom of your library in any
      order.
  Test Bear: {type: Creature — Bear, power: 2, toughness: 2}
  Test Bolt: {type: Instant, text: "Test Bolt deals 3 damage to any target."}
"""


def play(body: str) -> ScenarioResult:
    text = "game: mtg\nplayers: [Alice, Bob]\n" + CARDS + body
    return run_scenario(parse_scenario(text, "inline.yaml"))


@pytest.mark.rules("mtg:701.16e", "mtg:401.2")
def test_the_looked_at_cards_go_back_in_the_chosen_order() -> None:
    result = play(
        """
setup:
  Alice: {hand: [Test Portent]}
  Bob: {library: [Forest, Swamp, Plains, Island]}
steps:
  # Island is on top, then Plains, Swamp; Forest is under the three looked at
  - cast: Test Portent
    by: Alice
    targets: [Bob]
  - resolve: 1
    choose: {chosen: [Swamp, Island]}
    rejected: true
  - expect:
      zone_order: {Bob: {library: [Island, Plains, Swamp, Forest]}}
  - resolve: 1
    choose: {chosen: [Swamp, Island, Plains]}
  - expect:
      zone_order: {Bob: {library: [Swamp, Island, Plains, Forest]}}
      events:
        - {kind: looked_at, rule: mtg:701.16e, cards: "Island, Plains, Swamp"}
        - {kind: reordered, rule: mtg:401.2}
"""
    )
    assert result.ok, result.problems


@pytest.mark.rules("mtg:701.16e")
def test_one_card_looked_at_has_no_order_to_choose() -> None:
    result = play(
        """
setup:
  Alice: {hand: [Test Portent]}
  Bob: {library: [Island]}
steps:
  - cast: Test Portent
    by: Alice
    targets: [Bob]
  - resolve: 1
  - expect:
      zone: {Island: library}
      events: [{kind: looked_at, cards: Island}]
"""
    )
    assert result.ok, result.problems


def test_casting_from_a_graveyard_is_not_supported_yet() -> None:
    result = play(
        """
setup:
  Alice: {hand: [Test Gearhulk], graveyard: [Test Bolt]}
steps:
  - cast: Test Gearhulk
    by: Alice
    targets: [Test Bolt]
  - resolve: 1
    choose: {may: true}
"""
    )
    assert not result.ok
    assert "not supported" in " ".join(result.problems)
    assert "CastFromZone" in " ".join(result.problems)


@pytest.mark.rules("mtg:400.3")
def test_the_owner_chooses_the_top() -> None:
    result = play(
        """
setup:
  Alice: {hand: [Test Cleansing]}
  Bob: {battlefield: [Test Bear], library: [Plains, Island]}
steps:
  - cast: Test Cleansing
    by: Alice
    targets: [Test Bear]
  - resolve: 1
    choose: {option: top}
  - expect:
      zone_order: {Bob: {library: [Test Bear, Island, Plains]}}
      events: [{kind: put_in_library, position: 1}]
"""
    )
    assert result.ok, result.problems


@pytest.mark.rules("mtg:701.19b")
def test_a_search_for_a_stated_quality_may_find_nothing() -> None:
    result = play(
        """
setup:
  Alice: {hand: [Test Betrayal]}
  Bob: {library: [Test Bear, Plains]}
steps:
  - cast: Test Betrayal
    by: Alice
    targets: [Bob]
  - resolve: 1
  - expect:
      zone: {Test Bear: library, Plains: library}
      events:
        - {kind: searched, rule: mtg:701.19b, cards: ""}
        - {kind: reordered, rule: mtg:701.20a}
"""
    )
    assert result.ok, result.problems


@pytest.mark.rules("mtg:701.19a")
def test_a_search_finds_at_most_what_it_asks_for() -> None:
    result = play(
        """
setup:
  Alice: {hand: [Test Betrayal]}
  Bob: {library: [Test Bear, {card: Test Bear, as: Other Bear}]}
steps:
  - cast: Test Betrayal
    by: Alice
    targets: [Bob]
  - resolve: 1
    choose: {chosen: [Test Bear, Other Bear]}
    rejected: true
  - expect:
      zone: {Test Bear: library, Other Bear: library}
"""
    )
    assert result.ok, result.problems


@pytest.mark.rules("mtg:701.16e", "mtg:701.8b")
def test_the_card_chosen_from_the_looked_at_hand_is_discarded() -> None:
    result = play(
        """
setup:
  Alice: {hand: [Test Vision]}
  Bob: {hand: [Test Bolt, Plains]}
steps:
  - cast: Test Vision
    by: Alice
    targets: [Bob]
  - resolve: 1
    rejected: true
  - resolve: 1
    choose: {chosen: [Test Bolt]}
  - expect:
      zone: {Test Bolt: graveyard, Plains: hand}
      events:
        - {kind: looked_at, rule: mtg:701.16e, cards: "Test Bolt, Plains"}
        - {kind: discarded, rule: mtg:701.8b, cards: Test Bolt}
"""
    )
    assert result.ok, result.problems


@pytest.mark.rules("mtg:401.4")
def test_cards_put_on_the_bottom_in_any_order_go_in_the_order_listed() -> None:
    result = play(
        """
setup:
  Alice: {hand: [Test Bow], graveyard: [Test Bear, Test Bolt], library: [Plains]}
steps:
  - cast: Test Bow
    by: Alice
    targets: [Test Bolt, Test Bear]
  - resolve: 1
  - expect:
      zone_order: {Alice: {library: [Plains, Test Bolt, Test Bear]}}
"""
    )
    assert result.ok, result.problems
