"""Magic sentences about zones and players read by helper W3, as printed (Oracle text),
and performed on resolution: "other than a basic land card" (mtg:205.4a), "you own or
control" (mtg:108.3, mtg:110.2), a second subject after "draws a card and" (mtg:608.2c),
"on top of their owners' libraries" (mtg:401.4), shuffling a permanent into its
owner's library (mtg:701.20a), "return all artifacts target player owns"
(mtg:400.3) and "target opponent may have you ..." (mtg:608.2d)."""

from __future__ import annotations

import pytest
from tests.helpers import read_effects, unread

from tcgrules import parse_card
from tcgrules.cardtext import nodes as n
from tcgrules.kernel import descriptors as d
from tcgrules.scenario.loader import parse_scenario
from tcgrules.scenario.results import ScenarioResult
from tcgrules.scenario.runner import run_scenario

T0 = n.TargetSlot(0)
NOT_BASIC_LAND = d.Not(d.AllOf((d.HasSupertype("basic"), d.HasType("land"))))


def effects(text: str, type_line: str = "Sorcery") -> tuple[object, ...]:
    return read_effects(text, type_line=type_line, static=False)


# ------------------------------------------------------------------ reading


@pytest.mark.rules("mtg:121.1", "mtg:119.3", "mtg:401.4", "mtg:701.20a", "mtg:400.3")
@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (  # Sphinx of Enlightenment's trigger
            "Target opponent draws a card and you draw three cards.",
            (n.Draw(T0, 1), n.Draw(n.You(), 3)),
        ),
        (  # Krav, the Unredeemed
            "Target player draws X cards and gains X life.",
            (n.Draw(T0, "X"), n.GainLife(T0, "X")),
        ),
        (  # the draw-then-lose shape keeps its reading
            "Target player draws a card and loses 1 life.",
            (n.Draw(T0, 1), n.LoseLife(T0, 1)),
        ),
        (  # Plow Under
            "Put two target lands on top of their owners' libraries.",
            (n.PutInLibrary(T0, 1),),
        ),
        (  # Rishadan Pawnshop
            "Shuffle target nontoken permanent you control into its owner's library.",
            (n.ShuffleInto(what=T0),),
        ),
        (  # Ominous Cemetery
            "Target creature's owner shuffles it into their library.",
            (n.ShuffleInto(what=T0),),
        ),
        (  # Blue Sun's Zenith's last sentence
            "Shuffle Blue Sun's Zenith into its owner's library.",
            (n.ShuffleInto(what=n.Self()),),
        ),
        (  # Misleading Motes
            "Target creature's owner puts it on their choice of the top or bottom of their "
            "library.",
            (n.PutInLibraryChoice(T0, (1, None)),),
        ),
        (  # Haunting Echoes' first sentence
            "Exile all cards from target player's graveyard other than basic land cards.",
            (n.ExileGraveyard(T0, d.AllOf((d.IsCard(), NOT_BASIC_LAND))),),
        ),
        (  # Hurkyl's Recall
            "Return all artifacts target player owns to their hand.",
            (n.ReturnOwnedToHand(d.HasType("artifact"), T0),),
        ),
        (  # Combustible Gearhulk's first words
            "Target opponent may have you draw three cards.",
            (n.PlayerMay(T0, (n.Draw(n.You(), 3),)),),
        ),
    ],
)
def test_w3_shapes_read_whole(text: str, expected: tuple[object, ...]) -> None:
    name = "Blue Sun's Zenith" if "Zenith" in text else None
    got = read_effects(text, name=name, type_line="Sorcery", static=False)
    assert got == expected


@pytest.mark.rules("mtg:205.4a", "mtg:108.3", "mtg:110.2")
@pytest.mark.parametrize(
    ("text", "descriptor"),
    [
        (  # Surgical Extraction
            "Choose target card in a graveyard other than a basic land card.",
            NOT_BASIC_LAND,
        ),
        (  # Kotose, the Silent Spider
            "Exile target card other than a basic land card from an opponent's graveyard.",
            NOT_BASIC_LAND,
        ),
        (  # Telim'Tor's Edict
            "Exile target permanent you own or control.",
            d.AnyOf((d.Owner("you"), d.Controller("you"))),
        ),
    ],
)
def test_target_phrases_keep_every_word(text: str, descriptor: d.Descriptor) -> None:
    card = parse_card("mtg", text, type_line="Sorcery")
    assert not card.unsupported
    (requirement,) = card.abilities[0].requirements  # type: ignore[union-attr]
    parts = getattr(requirement.descriptor, "parts", (requirement.descriptor,))
    assert descriptor in parts, requirement.descriptor


@pytest.mark.parametrize(
    "text",
    [
        # not one target player: the permanents' owner is not named by a target
        "Return all artifacts each player owns to their hand.",
        # "may have you" with something the controller doesn't do
        "Target opponent may have you lose 3 life.",
        "Put two target lands on top of their owners' graveyards.",
        # ("you both own and control", Obelisk of Undoing, is read since helper Q3:
        # tests/cardtext/test_mtg_q3_target_limits.py)
    ],
)
def test_near_misses_are_not_read(text: str) -> None:
    assert unread(text)


# ------------------------------------------------------------------ performing

# a library is listed bottom to top: the last card named is the top one
CARDS = """
cards:
  Test Recall: {type: Instant, text: "Return all artifacts target player owns to their hand."}
  Test Gearhulk:
    type: Sorcery
    text: "Target opponent may have you draw three cards."
  Test Sphinx:
    type: Sorcery
    text: "Target opponent draws a card and you draw three cards."
  Test Relic: {type: Artifact}
  Test Idol: {type: Artifact}
  Test Bear: {type: Creature — Bear, power: 2, toughness: 2}
"""


def play(body: str) -> ScenarioResult:
    text = "game: mtg\nplayers: [Alice, Bob]\n" + CARDS + body
    return run_scenario(parse_scenario(text, "inline.yaml"))


@pytest.mark.rules("mtg:400.3", "mtg:608.2h")
def test_only_the_artifacts_the_target_owns_return_whoever_controls_them() -> None:
    result = play(
        """
setup:
  Alice: {hand: [Test Recall], battlefield: [{card: Test Relic, as: Alice Relic}]}
  Bob:
    battlefield: [Test Idol, {card: Test Relic, as: Bob Relic}, Test Bear]
steps:
  - do: {control: {Bob Relic: Alice}}
  - cast: Test Recall
    by: Alice
    targets: [Bob]
  - resolve: 1
  - expect:
      zone: {Test Idol: hand, Bob Relic: hand, Alice Relic: battlefield, Test Bear: battlefield}
      owner: {Bob Relic: Bob}
      events: [{kind: returned, rule: mtg:400.3, count: 2}]
"""
    )
    assert result.ok, result.problems


@pytest.mark.rules("mtg:608.2d", "mtg:121.1")
@pytest.mark.parametrize(("yes", "where"), [(True, "hand"), (False, "library")])
def test_the_opponent_decides_whether_you_draw(yes: bool, where: str) -> None:
    result = play(
        f"""
setup:
  Alice:
    hand: [Test Gearhulk]
    library:
      - {{card: Island, as: I1}}
      - {{card: Island, as: I2}}
      - {{card: Island, as: I3}}
      - {{card: Island, as: I4}}
  Bob: {{library: [Forest]}}
steps:
  - cast: Test Gearhulk
    by: Alice
    targets: [Bob]
  - resolve: 1
    choose: {{may: {str(yes).lower()}}}
  - expect:
      zone: {{I1: library, I2: {where}, I3: {where}, I4: {where}, Forest: library}}
      events: [{{kind: {"chosen" if yes else "declined"}, rule: mtg:608.2d}}]
"""
    )
    assert result.ok, result.problems


@pytest.mark.rules("mtg:121.1", "mtg:608.2c")
def test_each_subject_draws_its_own_cards() -> None:
    result = play(
        """
setup:
  Alice:
    hand: [Test Sphinx]
    library:
      - {card: Island, as: I1}
      - {card: Island, as: I2}
      - {card: Island, as: I3}
      - {card: Island, as: I4}
  Bob: {library: [{card: Forest, as: F1}, {card: Forest, as: F2}]}
steps:
  - cast: Test Sphinx
    by: Alice
    targets: [Bob]
  - resolve: 1
  - expect:
      zone: {I1: library, I2: hand, I3: hand, I4: hand, F1: library, F2: hand}
"""
    )
    assert result.ok, result.problems


# ------------------------------------------------------------------ second batch


@pytest.mark.rules("mtg:701.40a", "mtg:701.36a", "mtg:111.2")
@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (  # Twists and Turns' trigger
            "Target creature you control explores.",
            (n.Explore(T0),),
        ),
        (  # Over the Edge's second mode
            "Target creature you control explores, then it explores again.",
            (n.Explore(T0), n.Explore(n.It("it"))),
        ),
        (  # Disorder in the Court's first sentence
            "Exile X target creatures, then investigate X times.",
            (n.Exile(T0), n.CreateToken("Clue", "X", n.You())),
        ),
        (  # Oath of the Grey Host's first chapter
            "You and target opponent each create a Food token.",
            (n.CreateToken("Food", 1, n.You()), n.CreateToken("Food", 1, T0)),
        ),
    ],
)
def test_second_batch_reads_whole(text: str, expected: tuple[object, ...]) -> None:
    assert effects(text) == expected


@pytest.mark.parametrize(
    "text",
    [
        "Target creature you control dances.",
        "Target creature you control explores twice.",
        "Investigate X turns.",
    ],
)
def test_second_batch_near_misses_are_not_read(text: str) -> None:
    assert unread(text)


@pytest.mark.rules("mtg:207.2d", "mtg:714.2b")
def test_a_flavor_name_after_a_chapter_numeral_is_skipped() -> None:
    """ "I, II — Heavenly Strike — Tap target creature ..." (Summon: Shiva): the name
    has no rules meaning; a sentence with a dash of its own after a numeral stays."""
    card = parse_card(
        "mtg",
        "I, II — Heavenly Strike — Tap target creature an opponent controls.\n"
        "III — Target opponent faces a villainous choice — They lose 2 life, or you draw "
        "a card.",
        name="Test Saga",
        type_line="Enchantment — Saga",
    )
    first = card.abilities[0]
    assert getattr(first, "effects", None) == (n.Tap(T0),)
    assert any("villainous" in u.text for u in card.unsupported)


@pytest.mark.rules("mtg:207.2d")
def test_a_flavor_name_may_start_with_a_keyword_word() -> None:
    """ "Scavenge the Dead — When ..." (Malanthrope): "Scavenge" is a keyword, but the
    name is not that keyword and its cost."""
    card = parse_card(
        "mtg",
        "Scavenge the Dead — When Malanthrope enters, exile target player's graveyard.",
        name="Malanthrope",
        type_line="Creature — Horror",
    )
    assert not card.unsupported
    assert getattr(card.abilities[0], "effects", None) == (n.ExileGraveyard(T0, None),)


EXPLORE = """
cards:
  Test Scout:
    type: Sorcery
    text: "Target creature you control explores."
  Test Bear: {type: Creature — Bear, power: 2, toughness: 2}
  Test Giant: {type: Creature — Giant, power: 3, toughness: 3}
"""


def explore(body: str) -> ScenarioResult:
    text = "game: mtg\nplayers: [Alice, Bob]\n" + EXPLORE + body
    return run_scenario(parse_scenario(text, "inline.yaml"))


@pytest.mark.rules("mtg:701.40a")
@pytest.mark.parametrize(("may", "where"), [(True, "graveyard"), (False, "library")])
def test_a_nonland_card_gives_a_counter_and_may_go_to_the_graveyard(may: bool, where: str) -> None:
    result = explore(
        f"""
setup:
  Alice: {{hand: [Test Scout], battlefield: [Test Bear], library: [Plains, Test Giant]}}
steps:
  - cast: Test Scout
    by: Alice
    targets: [Test Bear]
  - resolve: 1
    choose: {{may: {str(may).lower()}}}
  - expect:
      zone: {{Test Giant: {where}, Plains: library}}
      counters: {{Test Bear: {{"+1/+1": 1}}}}
"""
    )
    assert result.ok, result.problems


@pytest.mark.rules("mtg:701.40a", "mtg:701.40b")
def test_a_land_goes_to_the_hand_and_an_empty_library_still_explores() -> None:
    result = explore(
        """
setup:
  Alice:
    hand: [Test Scout, {card: Test Scout, as: Second Scout}]
    battlefield: [Test Bear]
    library: [Forest]
steps:
  - cast: Test Scout
    by: Alice
    targets: [Test Bear]
  - resolve: 1
  - expect:
      zone: {Forest: hand}
      counters: {Test Bear: {"+1/+1": 0}}
  - cast: Second Scout
    by: Alice
    targets: [Test Bear]
  - resolve: 1
  - expect:
      counters: {Test Bear: {"+1/+1": 0}}
      events: [{kind: explored, rule: mtg:701.40b}]
"""
    )
    assert result.ok, result.problems


# ------------------------------------------------------------------ third batch


@pytest.mark.rules("mtg:608.2d", "mtg:701.11a", "mtg:701.21b", "mtg:400.3")
@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (  # Soldevi Heretic's second sentence
            "Target opponent may draw a card.",
            (n.PlayerMay(T0, (n.Draw(T0, 1),)),),
        ),
        (  # Sudden Disappearance's first sentence
            "Exile all nonland permanents target player controls.",
            (
                n.Exile(
                    n.EachControlledBy(d.AllOf((d.IsPermanent(), d.Not(d.HasType("land")))), T0)
                ),
            ),
        ),
        (  # Reins of Power's first sentence
            "Untap all creatures you control and all creatures target opponent controls.",
            (
                n.Untap(n.Each(d.AllOf((d.HasType("creature"), d.Controller("you"))))),
                n.Untap(n.EachControlledBy(d.HasType("creature"), T0)),
            ),
        ),
        (  # Misinformation
            "Put up to three target cards from an opponent's graveyard on top of their "
            "library in any order.",
            (n.PutInLibrary(T0, 1),),
        ),
        (  # Landscaper Colos's trigger
            "Put target card from an opponent's graveyard on the bottom of their library.",
            (n.PutInLibrary(T0, None),),
        ),
        (  # Recurring Insight
            "Draw cards equal to the number of cards in target opponent's hand.",
            (n.Draw(n.You(), n.CardsIn("hand", T0)),),
        ),
        (  # Demon of Dark Schemes' activated ability
            "Put target creature card from a graveyard onto the battlefield under your "
            "control tapped.",
            (n.PutOntoBattlefield(T0, n.You(), tapped=True),),
        ),
    ],
)
def test_third_batch_reads_whole(text: str, expected: tuple[object, ...]) -> None:
    assert effects(text) == expected


@pytest.mark.parametrize(
    "text",
    [
        # after "[player] may" only a draw, a sacrifice or an exile from their graveyard
        # is read (the last two: helper T5)
        "Target opponent may discard a card.",
        "Put up to three target cards from an opponent's graveyard on top of their library "
        "in any way.",
        # not one target player
        "Exile all nonland permanents each player controls.",
        "Put target creature card from a graveyard onto the battlefield under your control "
        "untapped.",
        # only plain cards are counted in a target's zone
        "Draw cards equal to the number of creature cards in target opponent's graveyard.",
    ],
)
def test_third_batch_near_misses_are_not_read(text: str) -> None:
    assert unread(text)


@pytest.mark.rules("mtg:701.11a", "mtg:608.2h")
def test_every_permanent_the_target_controls_is_exiled_and_no_other() -> None:
    result = play(
        """
  Test Vanish:
    type: Sorcery
    text: "Exile all nonland permanents target player controls."
setup:
  Alice: {hand: [Test Vanish], battlefield: [{card: Test Idol, as: Alice Idol}]}
  Bob: {battlefield: [Test Relic, Test Bear, Forest]}
steps:
  - cast: Test Vanish
    by: Alice
    targets: [Bob]
  - resolve: 1
  - expect:
      zone: {Test Relic: exile, Test Bear: exile, Forest: battlefield, Alice Idol: battlefield}
"""
    )
    assert result.ok, result.problems


@pytest.mark.rules("mtg:608.2h", "mtg:121.1")
def test_the_count_of_the_targets_hand_is_taken_as_it_resolves() -> None:
    result = play(
        """
  Test Insight:
    type: Sorcery
    text: "Draw cards equal to the number of cards in target opponent's hand."
setup:
  Alice:
    hand: [Test Insight]
    library: [{card: Island, as: I1}, {card: Island, as: I2}, {card: Island, as: I3}]
  Bob: {hand: [Forest], library: [{card: Plains, as: Late Plains}]}
steps:
  - cast: Test Insight
    by: Alice
    targets: [Bob]
  # Bob's hand grows to two cards before it resolves
  - do: {move: {Late Plains: hand}}
  - resolve: 1
  - expect:
      zone: {I1: library, I2: hand, I3: hand}
"""
    )
    assert result.ok, result.problems
