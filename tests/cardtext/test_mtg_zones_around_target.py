"""Magic sentences that move cards between graveyards, libraries, hands and exile around
a target, read as printed (Oracle text) and performed on resolution: mill (mtg:701.13),
discard (mtg:701.8), reveal and look (mtg:701.16), exiling a graveyard (mtg:701.11a),
exile until the source leaves (mtg:610.3), flicker (mtg:400.7) and putting a card onto
the battlefield under a player's control (mtg:110.2a)."""

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


def effects(text: str, name: str | None = None, type_line: str = "Sorcery") -> tuple[object, ...]:
    return read_effects(text, name=name, type_line=type_line, static=False)


def not_read(text: str, name: str | None = None) -> list[str]:
    return unread(text, name=name)


# ------------------------------------------------------------------ reading


@pytest.mark.rules("mtg:701.13a", "mtg:701.8a", "mtg:701.8b", "mtg:701.16a", "mtg:701.16e")
@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Target player mills two cards.", (n.Mill(T0, 2),)),  # Thought Scour's first
        ("Target opponent mills seven cards.", (n.Mill(T0, 7),)),  # Mind Sculpt
        ("Any number of target players each mill two cards.", (n.Mill(T0, 2),)),
        ("Target player discards two cards.", (n.Discard(T0, 2),)),  # Mind Rot
        ("Target player discards a card.", (n.Discard(T0, 1),)),
        (
            "Target player discards two cards at random.",  # Hymn to Tourach
            (n.Discard(T0, 2, random=True),),
        ),
        (
            "Target player draws two cards, then discards two cards.",  # Dack Fayden +1
            (n.Draw(T0, 2), n.Discard(T0, 2)),
        ),
        ("Target opponent reveals their hand.", (n.RevealHand(T0),)),
        ("Look at target player's hand.", (n.LookAt(T0),)),  # Peek
        ("Look at target opponent's hand.", (n.LookAt(T0),)),
        ("Look at the top card of target player's library.", (n.LookAt(T0, 1),)),
        ("Look at the top five cards of target player's library.", (n.LookAt(T0, 5),)),
        ("Exile target player's graveyard.", (n.ExileGraveyard(T0),)),  # Nihil Spellbomb
        (
            "Exile all creature cards from target player's graveyard.",  # Shadow of the Enemy
            (n.ExileGraveyard(T0, d.AllOf((d.IsCard(), d.HasType("creature")))),),
        ),
        (
            "Exile any number of target players' graveyards.",  # Stonespeaker Crystal
            (n.ExileGraveyard(T0),),
        ),
        ("Exile the top card of target player's library.", (n.ExileTop(T0, 1),)),
        ("Exile the top three cards of target player's library.", (n.ExileTop(T0, 3),)),
        (
            "Target opponent exiles a card from their hand.",  # Skullcap Snail
            (n.FromHand(T0, 1, "exile"),),
        ),
        (
            "Target opponent puts a card from their hand on top of their library.",
            (n.FromHand(T0, 1, "library_top"),),  # Chittering Rats
        ),
        (
            "Target player shuffles their graveyard into their library.",  # Clear the Mind
            (n.ShuffleInto(graveyard_of=T0),),
        ),
        (
            "Shuffle any number of target creature cards from your graveyard into your "
            "library.",  # Piper's Melody
            (n.ShuffleInto(what=T0),),
        ),
        (
            "You may have target opponent discard a card.",  # Ebon Dragon
            (n.May((n.Discard(T0, 1),)),),
        ),
        ("You may have target player mill two cards.", (n.May((n.Mill(T0, 2),)),)),
        (
            "You and target opponent each draw a card.",  # Loran of the Third Path
            (n.DrawEach((n.You(), T0), 1),),
        ),
        (
            "Return target card from an opponent's graveyard to their hand.",
            (n.ReturnToHand(T0),),  # Forcemage Advocate: a card goes to its owner's hand
        ),
    ],
)
def test_player_and_zone_effects_read_whole(text: str, expected: tuple[object, ...]) -> None:
    assert effects(text) == expected


def test_the_targeted_player_is_a_player_requirement() -> None:
    card = parse_card("mtg", "Look at target opponent's hand.", type_line="Sorcery")
    (req,) = card.target_requirements()
    assert req.kinds == frozenset({"player"})
    assert req.text == "target opponent"


@pytest.mark.rules("mtg:610.3")
def test_banishing_light_exiles_until_it_leaves() -> None:
    card = parse_card(
        "mtg",
        "When this enchantment enters, exile target nonland permanent an opponent controls "
        "until this enchantment leaves the battlefield.",
        name="Banishing Light",
        type_line="Enchantment",
    )
    assert not card.unsupported
    (ability,) = card.abilities
    assert isinstance(ability, n.TriggeredAbility)
    assert ability.effects == (n.ExileUntilLeaves(T0),)
    assert ability.requirements[0].text == "target nonland permanent an opponent controls"


@pytest.mark.rules("mtg:400.7", "mtg:110.2a")
@pytest.mark.parametrize(
    "text",
    [
        # Momentary Blink, Rescue the Foal, Illusionist's Stratagem
        "Exile target creature you control, then return it to the battlefield under its "
        "owner's control.",
        "Exile target creature you control, then return that card to the battlefield under "
        "its owner's control.",
        "Exile up to two target creatures you control, then return those cards to the "
        "battlefield under their owner's control.",
    ],
)
def test_flicker_reads_as_one_effect(text: str) -> None:
    assert effects(text, type_line="Instant") == (n.Flicker(T0),)


@pytest.mark.rules("mtg:110.2a")
def test_flicker_under_your_control_and_tapped() -> None:
    cloudshift = (
        "Exile target creature you control, then return that card to the battlefield under "
        "your control."
    )
    assert effects(cloudshift, type_line="Instant") == (n.Flicker(T0, under_you=True),)
    displacer = (
        "Exile another target creature you control, then return it to the battlefield "
        "tapped under its owner's control."
    )
    assert effects(displacer, type_line="Instant") == (n.Flicker(T0, tapped=True),)
    assert not_read(
        "Exile target creature you control, then return it to the battlefield attacking "
        "under its owner's control."
    )


@pytest.mark.rules("mtg:110.2a")
@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            "Put target creature card from a graveyard onto the battlefield under your control.",
            n.PutOntoBattlefield(T0, n.You()),
        ),
        (
            "Return target land card from your graveyard to the battlefield tapped.",
            n.PutOntoBattlefield(T0, n.You(), tapped=True),
        ),
        (
            "Return target creature card from your graveyard to the battlefield under its "
            "owner's control.",
            n.PutOntoBattlefield(T0, None),
        ),
        (
            "Put target creature card from a graveyard onto the battlefield under its "
            "owner's control.",  # Kenrith, the Returned King
            n.PutOntoBattlefield(T0, None),
        ),
    ],
)
def test_putting_a_card_onto_the_battlefield(text: str, expected: object) -> None:
    assert effects(text) == (expected,)


def test_return_to_their_owners_hand_reads_like_its_owners() -> None:
    assert effects("Return up to two target creatures to their owner's hand.") == (
        n.ReturnToHand(T0),
    )


def test_returned_with_another_status_than_tapped_is_not_read() -> None:
    left = not_read("Return target creature card from your graveyard to the battlefield attacking.")
    assert left


@pytest.mark.rules("mtg:701.16a", "mtg:701.8b")
def test_duress_reveal_choose_and_discard_is_one_chosen_discard() -> None:
    got = effects(
        "Target opponent reveals their hand. You choose a noncreature, nonland card from it. "
        "That player discards that card.",
        name="Duress",
    )
    assert got == (
        n.RevealHand(T0),
        n.DiscardChosen(
            T0,
            d.AllOf((d.IsCard(), d.Not(d.HasType("creature")), d.Not(d.HasType("land")))),
        ),
    )


@pytest.mark.rules("mtg:701.11a", "mtg:701.8b")
@pytest.mark.parametrize(
    "text",
    [
        # Nimble Larcenist's trigger, then the same choice said in two sentences
        "Target opponent reveals their hand. You choose an artifact, instant, or sorcery "
        "card from it and exile that card.",
        "Target opponent reveals their hand. You choose an artifact, instant, or sorcery "
        "card from it. Exile that card.",
    ],
)
def test_reveal_choose_and_exile_is_one_chosen_exile(text: str) -> None:
    wanted = d.AnyOf(
        tuple(d.AllOf((d.IsCard(), d.HasType(t))) for t in ("artifact", "instant", "sorcery"))
    )
    assert effects(text) == (n.RevealHand(T0), n.ExileChosen(T0, wanted))


@pytest.mark.rules("mtg:701.8b")
def test_inquisition_keeps_the_with_clause_after_from_it() -> None:
    got = effects(
        "Target player reveals their hand. You choose a nonland card from it with mana value "
        "3 or less. That player discards that card.",
        name="Inquisition of Kozilek",
    )
    assert got[1] == n.DiscardChosen(
        T0, d.AllOf((d.IsCard(), d.Not(d.HasType("land")), d.Compare("mana_value", "<=", 3)))
    )


def test_exile_that_card_alone_is_not_understood() -> None:
    assert not_read("Exile that card.") == ["Exile that card"]


def test_a_choice_with_no_reveal_before_it_is_not_understood() -> None:
    left = not_read("You choose a card from it. That player discards that card.")
    assert left == ["You choose a card from it", "That player discards that card"]


# ------------------------------------------------------------------ performing

CARDS = """
cards:
  Test Mill: {type: Sorcery, text: "Target player mills three cards."}
  Test Hymn: {type: Sorcery, text: "Target player discards a card at random."}
  Test Banisher:
    type: Enchantment
    text: >-
      When this enchantment enters, exile target creature an opponent controls until this
      enchantment leaves the battlefield.
  Test Blink:
    type: Instant
    text: >-
      Exile target creature you control, then return it to the battlefield under its
      owner's control.
  Test Reanimate:
    type: Sorcery
    text: Return target creature card from a graveyard to the battlefield under your control.
  Test Bear: {type: Creature — Bear, power: 2, toughness: 2}
  Test Clear: {type: Sorcery, text: "Target player shuffles their graveyard into their library."}
  Test Loran: {type: Instant, text: "You and target opponent each draw a card."}
  Test Larceny:
    type: Sorcery
    text: >-
      Target opponent reveals their hand. You choose an instant or sorcery card from it and
      exile that card.
"""


def play(body: str) -> ScenarioResult:
    text = "game: mtg\nplayers: [Alice, Bob]\n" + CARDS + body
    return run_scenario(parse_scenario(text, "inline.yaml"))


@pytest.mark.rules("mtg:701.13b")
def test_milling_more_cards_than_the_library_holds_mills_them_all() -> None:
    result = play(
        """
setup:
  Alice: {hand: [Test Mill]}
  Bob: {library: [Plains, Island]}
steps:
  - cast: Test Mill
    by: Alice
    targets: [Bob]
  - resolve: 1
  - expect:
      zone: {Plains: graveyard, Island: graveyard}
      events: [{kind: milled, rule: mtg:701.13b, count: 2, cards: "Island, Plains"}]
"""
    )
    assert result.ok, result.problems


def test_a_random_discard_from_a_bigger_hand_is_not_supported() -> None:
    result = play(
        """
setup:
  Alice: {hand: [Test Hymn]}
  Bob: {hand: [Plains, Island]}
steps:
  - cast: Test Hymn
    by: Alice
    targets: [Bob]
  - resolve: 1
"""
    )
    assert not result.ok
    assert "not supported" in " ".join(result.problems)


@pytest.mark.rules("mtg:610.3b")
def test_the_source_gone_before_the_trigger_resolves_exiles_nothing() -> None:
    result = play(
        """
setup:
  Alice: {battlefield: [Test Banisher]}
  Bob: {battlefield: [Test Bear]}
steps:
  - trigger: Test Banisher
    by: Alice
    targets: [Test Bear]
  - do: {move: {Test Banisher: graveyard}}
  - resolve: 1
  - expect:
      zone: {Test Bear: battlefield}
      events: [{kind: no_effect, rule: mtg:610.3b}]
"""
    )
    assert result.ok, result.problems


@pytest.mark.rules("mtg:610.3")
def test_a_card_that_left_exile_does_not_come_back() -> None:
    result = play(
        """
setup:
  Alice: {battlefield: [Test Banisher]}
  Bob: {battlefield: [Test Bear]}
steps:
  - trigger: Test Banisher
    by: Alice
    targets: [Test Bear]
  - resolve: 1
  - do: {move: {Test Bear: graveyard}}
  - do: {move: {Test Banisher: graveyard}}
  - expect:
      zone: {Test Bear: graveyard}
"""
    )
    assert result.ok, result.problems


@pytest.mark.rules("mtg:111.8")
def test_a_flickered_token_does_not_return() -> None:
    result = play(
        """
setup:
  Alice: {hand: [Test Blink], battlefield: [{card: Test Bear, as: Bear Token, token: true}]}
steps:
  - cast: Test Blink
    by: Alice
    targets: [Bear Token]
  - resolve: 1
  - expect:
      events: [{kind: no_effect, rule: mtg:111.8}]
"""
    )
    assert result.ok, result.problems


@pytest.mark.rules("mtg:110.2a")
def test_a_card_returned_from_an_opponents_graveyard_is_yours_to_control() -> None:
    result = play(
        """
setup:
  Alice: {hand: [Test Reanimate]}
  Bob: {graveyard: [Test Bear]}
steps:
  - cast: Test Reanimate
    by: Alice
    targets: [Test Bear]
  - resolve: 1
  - expect:
      zone: {Test Bear: battlefield}
      controller: {Test Bear: Alice}
      owner: {Test Bear: Bob}
"""
    )
    assert result.ok, result.problems


@pytest.mark.rules("mtg:701.20a", "mtg:701.20d")
def test_shuffling_an_empty_graveyard_still_shuffles_the_library() -> None:
    result = play(
        """
setup:
  Alice: {hand: [Test Clear]}
  Bob: {library: [Plains, Island]}
steps:
  - cast: Test Clear
    by: Alice
    targets: [Bob]
  - resolve: 1
  - expect:
      zone: {Plains: library, Island: library}
      events: [{kind: reordered, rule: mtg:701.20a}]
"""
    )
    assert result.ok, result.problems


@pytest.mark.rules("mtg:701.8b")
def test_each_opponent_discards_the_card_they_choose() -> None:
    text = (
        "game: mtg\nplayers: [Alice, Bob, Cleo]\n"
        + CARDS
        + """  Test Rot: {type: Sorcery, text: "Each opponent discards a card."}
setup:
  Alice: {hand: [Test Rot]}
  Bob: {hand: [Plains, Island]}
  Cleo: {hand: [Swamp, Forest]}
steps:
  - cast: Test Rot
    by: Alice
  - resolve: 1
    choose: {chosen: [Island, Swamp]}
  - expect:
      zone: {Island: graveyard, Swamp: graveyard, Plains: hand, Forest: hand}
"""
    )
    result = run_scenario(parse_scenario(text, "inline.yaml"))
    assert result.ok, result.problems


@pytest.mark.rules("mtg:121.2c")
def test_the_active_player_draws_first() -> None:
    result = play(
        """
setup:
  Alice: {hand: [Test Loran], library: [Island]}
  Bob: {library: [Plains]}
steps:
  - end_turn: true
  - cast: Test Loran
    by: Alice
    targets: [Bob]
  - resolve: 1
  - expect:
      zone: {Island: hand, Plains: hand}
      events:
        - {kind: moved, object: Plains}
        - {kind: moved, object: Island}
"""
    )
    assert result.ok, result.problems


@pytest.mark.rules("mtg:701.11a", "mtg:701.16a")
def test_the_only_card_that_fits_is_exiled_without_a_choice() -> None:
    result = play(
        """
setup:
  Alice: {hand: [Test Larceny]}
  Bob: {hand: [Plains, Test Loran, Test Bear]}
steps:
  - cast: Test Larceny
    by: Alice
    targets: [Bob]
  - resolve: 1
  - expect:
      zone: {Test Loran: exile, Plains: hand, Test Bear: hand}
      events:
        - {kind: revealed, cards: "Plains, Test Loran, Test Bear"}
        - {kind: exiled, rule: mtg:701.11a, cards: Test Loran}
"""
    )
    assert result.ok, result.problems
