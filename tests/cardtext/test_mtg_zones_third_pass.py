"""Magic sentences around libraries and graveyards read in the third pass, as printed
(Oracle text), and performed on resolution: a player exiling the top of their own
library (mtg:701.11a), a library end the controller chooses (mtg:400.3); read but not
performed: exiling face down (mtg:406.3) and putting a creature onto the battlefield
attacking (mtg:508.4)."""

from __future__ import annotations

import pytest
from tests.helpers import read_effects, unread

from tcgrules.cardtext import nodes as n
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


@pytest.mark.rules("mtg:701.11a", "mtg:406.3", "mtg:508.4", "mtg:400.3", "mtg:110.2a")
@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (  # Thought Harvester's trigger
            "Target opponent exiles the top card of their library.",
            (n.ExileTop(T0, 1),),
        ),
        (  # Oblivion Sower's first words
            "Target opponent exiles the top four cards of their library.",
            (n.ExileTop(T0, 4),),
        ),
        (  # Jester's Scepter
            "Exile the top five cards of target player's library face down.",
            (n.ExileTopFaceDown(T0, 5),),
        ),
        (  # Yore-Tiller Nephilim
            "Return target creature card from your graveyard to the battlefield tapped and "
            "attacking.",
            (n.PutOntoBattlefieldAttacking(T0, n.You()),),
        ),
        (  # Chorale of the Void
            "Put target creature card from defending player's graveyard onto the battlefield "
            "under your control tapped and attacking.",
            (n.PutOntoBattlefieldAttacking(T0, n.You()),),
        ),
        (  # Not Forgotten's first sentence
            "Put target card from a graveyard on your choice of the top or bottom of its "
            "owner's library.",
            (n.PutInLibraryChoice(T0, (1, None), chooser="controller"),),
        ),
        (  # Hubris
            "Return target creature and all Auras attached to it to their owners' hands.",
            (n.ReturnWithAuras(T0, d.HasSubtype("aura")),),
        ),
        (  # Orzhov Charm's first mode
            "Return target creature you control and all Auras you control attached to it to "
            "their owner's hand.",
            (n.ReturnWithAuras(T0, d.AllOf((d.HasSubtype("aura"), d.Controller("you")))),),
        ),
        (  # Word of Undoing
            "Return target creature and all white Auras you own attached to it to their "
            "owners' hands.",
            (
                n.ReturnWithAuras(
                    T0, d.AllOf((d.Color("white"), d.HasSubtype("aura"), d.Owner("you")))
                ),
            ),
        ),
        (  # River's Rebuke
            "Return all nonland permanents target player controls to their owner's hand.",
            (
                n.ReturnToHand(
                    n.EachControlledBy(d.AllOf((d.IsPermanent(), d.Not(d.HasType("land")))), T0)
                ),
            ),
        ),
        (  # Perennation
            "Return target permanent card from your graveyard to the battlefield with a "
            "hexproof counter and an indestructible counter on it.",
            (n.PutOntoBattlefield(T0, n.You(), counters=(("hexproof", 1), ("indestructible", 1))),),
        ),
        (  # Rakdos Joins Up
            "Return target creature card from your graveyard to the battlefield with two "
            "additional +1/+1 counters on it.",
            (n.PutOntoBattlefield(T0, n.You(), counters=(("+1/+1", 2),)),),
        ),
        (  # Wizard Mentor's ability
            "Return ~ and target creature you control to their owner's hand.",
            (n.ReturnToHand(n.Self()), n.ReturnToHand(T0)),
        ),
        (  # Sandman, Shifting Scoundrel's ability
            "Return ~ and target land card from your graveyard to the battlefield tapped.",
            (
                n.PutOntoBattlefield(n.Self(), n.You(), tapped=True),
                n.PutOntoBattlefield(T0, n.You(), tapped=True),
            ),
        ),
        (  # Macabre Waltz
            "Return up to two target creature cards from your graveyard to your hand, then "
            "discard a card.",
            (n.ReturnToHand(T0), n.Discard(n.You(), 1)),
        ),
        (  # Sword of Light and Shadow's trigger, its effect
            "You gain 3 life and you may return up to one target creature card from your "
            "graveyard to your hand.",
            (n.GainLife(n.You(), 3), n.May((n.ReturnToHand(T0),))),
        ),
        (  # Echoing Truth
            "Return target nonland permanent and all other permanents with the same name as "
            "that permanent to their owners' hands.",
            (n.ReturnToHand(n.AndEachSharing(T0, d.IsPermanent(), "name")),),
        ),
        (  # Mists of Lórien
            "Return target nonland permanent and each other nonland permanent with the same "
            "mana value as that permanent to their owners' hands.",
            (
                n.ReturnToHand(
                    n.AndEachSharing(
                        T0,
                        d.AllOf((d.IsPermanent(), d.Not(d.HasType("land")))),
                        "mana_value",
                    )
                ),
            ),
        ),
        (  # Identity Crisis
            "Exile all cards from target player's hand and graveyard.",
            (n.ExileZones(T0, ("hand", "graveyard")),),
        ),
        (  # Hypnox's effect, without its duration
            "Exile all cards from target opponent's hand.",
            (n.ExileZones(T0, ("hand",)),),
        ),
    ],
)
def test_third_pass_shapes_read_whole(text: str, expected: tuple[object, ...]) -> None:
    assert effects(text) == expected


@pytest.mark.parametrize(
    "text",
    [
        # a status pair other than "tapped and attacking"
        "Return target creature card from your graveyard to the battlefield tapped and blocking.",
        # two words after the library other than "face down"
        "Exile the top two cards of target player's library face up.",
        # attached objects that are not Auras
        "Return target creature and all Equipment attached to it to their owners' hands.",
        # a status other than "tapped" for both
        "Return ~ and target land card from your graveyard to the battlefield untapped.",
        # a likeness other than "the same"
        "Return target nonland permanent and all other permanents with the other name as "
        "that permanent to their owners' hands.",
        # only some of the cards of a hand
        "Exile all creature cards from target opponent's hand.",
        # a word other than "additional" before the counters
        "Return target creature card from your graveyard to the battlefield with two "
        "other +1/+1 counters on it.",
        # a group controlled by something other than one target player
        "Return all nonland permanents target creature controls to their owner's hand.",
        # an end other than the top or bottom
        "Put target card from a graveyard on your choice of the top or middle of its "
        "owner's library.",
    ],
)
def test_near_misses_are_not_read(text: str) -> None:
    assert not_read(text)


def test_the_owner_still_chooses_where_the_text_says_their_choice() -> None:
    (effect,) = effects(
        "The owner of target nonland permanent puts it on their choice of the top or "
        "bottom of their library."
    )
    assert isinstance(effect, n.PutInLibraryChoice)
    assert effect.chooser == "owner"


# ------------------------------------------------------------------ performing

CARDS = """
cards:
  Test Harvest:
    type: Sorcery
    text: Target opponent exiles the top two cards of their library.
  Test Scepter:
    type: Sorcery
    text: Exile the top two cards of target player's library face down.
  Test Tiller:
    type: Sorcery
    text: >-
      Return target creature card from your graveyard to the battlefield tapped and
      attacking.
  Test Forgotten:
    type: Sorcery
    text: >-
      Put target card from a graveyard on your choice of the top or bottom of its
      owner's library.
  Test Hubris:
    type: Instant
    text: Return target creature and all Auras you own attached to it to their owners' hands.
  Test Waltz:
    type: Sorcery
    text: >-
      Return up to two target creature cards from your graveyard to your hand, then
      discard a card.
  Test Bear: {type: Creature — Bear, power: 2, toughness: 2}
  Test Aura: {type: Enchantment — Aura, text: "Enchant creature"}
  Test Mask: {type: Enchantment — Aura, text: "Enchant creature"}
"""


def play(body: str) -> ScenarioResult:
    text = "game: mtg\nplayers: [Alice, Bob]\n" + CARDS + body
    return run_scenario(parse_scenario(text, "inline.yaml"))


@pytest.mark.rules("mtg:701.11a")
def test_the_target_opponent_exiles_their_own_top_cards() -> None:
    result = play(
        """
setup:
  Alice: {hand: [Test Harvest], library: [Swamp]}
  Bob: {library: [Forest, Plains, Island]}
steps:
  - cast: Test Harvest
    by: Alice
    targets: [Bob]
  - resolve: 1
  - expect:
      zone: {Island: exile, Plains: exile, Forest: library, Swamp: library}
      events: [{kind: exiled, rule: mtg:701.11a, cards: "Island, Plains", count: 2}]
"""
    )
    assert result.ok, result.problems


@pytest.mark.rules("mtg:701.11a")
def test_a_short_library_gives_what_it_has() -> None:
    result = play(
        """
setup:
  Alice: {hand: [Test Harvest]}
  Bob: {library: [Island]}
steps:
  - cast: Test Harvest
    by: Alice
    targets: [Bob]
  - resolve: 1
  - expect:
      zone: {Island: exile}
      events: [{kind: exiled, count: 1}]
"""
    )
    assert result.ok, result.problems


@pytest.mark.rules("mtg:400.3")
def test_the_controller_chooses_the_end_of_the_owners_library() -> None:
    result = play(
        """
setup:
  Alice: {hand: [Test Forgotten]}
  Bob: {graveyard: [Test Bear], library: [Plains, Island]}
steps:
  - cast: Test Forgotten
    by: Alice
    targets: [Test Bear]
  - resolve: 1
    rejected: true
  - expect:
      zone: {Test Bear: graveyard}
  - resolve: 1
    choose: {option: bottom}
  - expect:
      zone_order: {Bob: {library: [Island, Plains, Test Bear]}}
      events:
        - {kind: chosen, rule: mtg:400.3, player: Alice}
        - {kind: put_in_library, position: bottom}
"""
    )
    assert result.ok, result.problems


@pytest.mark.parametrize(
    ("card", "setup", "target", "node"),
    [
        ("Test Scepter", "library: [Swamp]", "Bob", "ExileTopFaceDown"),
        ("Test Tiller", "graveyard: [Test Bear]", "Test Bear", "PutOntoBattlefieldAttacking"),
    ],
)
def test_read_but_not_performed_shapes_refuse_by_name(
    card: str, setup: str, target: str, node: str
) -> None:
    result = play(
        f"""
setup:
  Alice: {{hand: [{card}], {setup}}}
  Bob: {{library: [Island, Plains]}}
steps:
  - cast: {card}
    by: Alice
    targets: [{target}]
  - resolve: 1
"""
    )
    assert not result.ok
    said = " ".join(result.problems)
    assert "not supported" in said
    assert node in said


@pytest.mark.rules("mtg:303.4b", "mtg:400.3")
def test_the_auras_described_go_with_the_creature_to_their_owners_hands() -> None:
    result = play(
        """
setup:
  Alice:
    hand: [Test Hubris]
    battlefield: [{card: Test Aura, attached_to: Test Bear}]
  Bob:
    battlefield: [Test Bear, {card: Test Mask, attached_to: Test Bear}]
steps:
  - cast: Test Hubris
    by: Alice
    targets: [Test Bear]
  - resolve: 1
  - expect:
      zone_order: {Alice: {hand: [Test Aura]}, Bob: {hand: [Test Bear]}}
      zone: {Test Mask: graveyard}
"""
    )
    assert result.ok, result.problems


@pytest.mark.rules("mtg:608.2b")
def test_an_illegal_target_takes_no_aura_with_it() -> None:
    result = play(
        """
setup:
  Alice:
    hand: [Test Hubris]
    battlefield: [{card: Test Aura, attached_to: Test Bear}]
  Bob:
    battlefield: [Test Bear]
steps:
  - cast: Test Hubris
    by: Alice
    targets: [Test Bear]
  - do: {move: {Test Bear: graveyard}}
  - resolve: 1
  - expect:
      zone: {Test Bear: graveyard, Test Aura: graveyard}
"""
    )
    assert result.ok, result.problems


@pytest.mark.rules("mtg:701.8a")
def test_the_controller_discards_after_the_return_and_may_discard_a_returned_card() -> None:
    result = play(
        """
setup:
  Alice: {hand: [Test Waltz], graveyard: [Test Bear]}
steps:
  - cast: Test Waltz
    by: Alice
    targets: [Test Bear]
  - resolve: 1
    choose: {chosen: [Test Bear]}
  - expect:
      zone: {Test Bear: graveyard, Test Waltz: graveyard}
      events: [{kind: discarded, rule: mtg:701.8a, player: Alice}]
"""
    )
    assert result.ok, result.problems


def test_exiling_a_whole_graveyard_keeps_its_own_reading() -> None:
    assert effects("Exile all cards from target player's graveyard.") == (
        n.ExileGraveyard(T0, d.IsCard()),
    )
