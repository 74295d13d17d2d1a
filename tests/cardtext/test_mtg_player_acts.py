"""What a target player does with their own cards (helper T5): that player picks among
their own objects as the effect happens (mtg:608.2d) and exiles them (mtg:701.11a),
sacrifices them (mtg:701.17a) or puts counters on them (mtg:122.6); the bottom card of a
graveyard (mtg:404.2); the owner of a returned permanent discards or exiles (mtg:108.3)."""

from __future__ import annotations

import pytest

from tcgrules.cardtext import nodes as n
from tcgrules.cardtext import parse_card
from tcgrules.kernel import descriptors as d
from tcgrules.scenario.loader import parse_scenario
from tcgrules.scenario.runner import run_scenario


def _effects(text: str, name: str = "Test", type_line: str = "Sorcery") -> tuple[object, ...]:
    card = parse_card("mtg", text, name=name, type_line=type_line)
    assert not card.unsupported, card.unsupported
    return tuple(card.abilities[0].effects)  # type: ignore[union-attr]


def _not_read(text: str) -> None:
    card = parse_card("mtg", text, name="Test", type_line="Sorcery")
    assert card.unsupported, card.abilities


# ------------------------------------------------------------------ reading


@pytest.mark.rules("mtg:608.2d", "mtg:701.11a")
def test_exiles_a_card_from_their_graveyard_is_read() -> None:
    text = "{T}: Target player exiles a card from their graveyard."
    (effect,) = _effects(text, "Scrabbling Claws", "Artifact")
    assert effect == n.PlayerExilesOwn(n.TargetSlot(0), d.IsCard(), 1, "graveyard")


@pytest.mark.rules("mtg:608.2d", "mtg:701.11a")
def test_exiles_an_enchantment_they_control_is_read() -> None:
    (effect,) = _effects("Target opponent exiles an enchantment they control.")
    assert effect == n.PlayerExilesOwn(
        n.TargetSlot(0), d.HasType("enchantment"), 1, zone="battlefield"
    )
    # a card is not controlled: the sentence makes no sense and is not read
    _not_read("Target opponent exiles a card they control.")


@pytest.mark.rules("mtg:608.2d", "mtg:701.17a")
def test_a_target_player_may_sacrifice_or_exile() -> None:
    text = (
        "At the beginning of your end step, target opponent may sacrifice two nonland, "
        "nontoken permanents of their choice."
    )
    (effect,) = _effects(text, "Rakdos, Patron of Chaos", "Legendary Creature — Demon")
    assert isinstance(effect, n.PlayerMay)
    assert effect.who == n.TargetSlot(0)
    (sacrifice,) = effect.effects
    assert isinstance(sacrifice, n.Sacrifice)
    assert (sacrifice.who, sacrifice.count) == (n.TargetSlot(0), 2)
    (effect,) = _effects("Target opponent may exile a card from their graveyard.")
    assert effect == n.PlayerMay(
        n.TargetSlot(0), (n.PlayerExilesOwn(n.TargetSlot(0), d.IsCard(), 1),)
    )


@pytest.mark.rules("mtg:404.2")
def test_the_bottom_card_of_a_graveyard_is_read() -> None:
    text = "{T}: Exile the bottom card of target player's graveyard."
    (effect,) = _effects(text, "Phyrexian Furnace", "Artifact")
    assert effect == n.ExileBottomOfGraveyard(n.TargetSlot(0))
    _not_read("Exile the middle card of target player's graveyard.")


@pytest.mark.rules("mtg:122.6", "mtg:608.2d")
def test_a_target_player_puts_counters() -> None:
    (effect,) = _effects("Target opponent puts a deathtouch counter on a creature they control.")
    assert effect == n.PlayerPutsCounters(
        n.TargetSlot(0), "deathtouch", d.HasType("creature"), 1, each=False
    )
    (effect,) = _effects("Target player puts a +1/+1 counter on each creature they control.")
    assert effect == n.PlayerPutsCounters(
        n.TargetSlot(0), "+1/+1", d.HasType("creature"), 1, each=True
    )
    # several permanents picked by that player: not read
    _not_read("Target opponent puts a +1/+1 counter on two creatures they control.")


@pytest.mark.rules("mtg:701.8b", "mtg:608.2c")
def test_draws_then_discards_at_random_is_read() -> None:
    effects = _effects("Target opponent draws three cards, then discards three cards at random.")
    assert effects == (
        n.Draw(n.TargetSlot(0), 3),
        n.Discard(n.TargetSlot(0), 3, random=True),
    )


@pytest.mark.rules("mtg:108.3", "mtg:701.8a")
def test_that_player_after_a_return_is_the_owner() -> None:
    text = (
        "When this creature enters, return target permanent to its owner's hand, then that "
        "player discards a card."
    )
    effects = _effects(text, "Dinrova Horror", "Creature — Horror")
    assert effects == (
        n.ReturnToHand(n.TargetSlot(0)),
        n.Discard(n.OwnerOf(n.TargetSlot(0)), 1),
    )
    text = (
        "Return target nonland permanent to its owner's hand, then that player exiles a card "
        "from their hand."
    )
    assert _effects(text)[1] == n.FromHand(n.OwnerOf(n.TargetSlot(0)), 1, "exile")


# ------------------------------------------------------------------ resolving

GAME = """game: mtg
players: [Alice, Bob]
cards:
  Test Claws:
    type: Sorcery
    cost: "{B}"
    text: "Target player exiles a card from their graveyard."
  Test Winter:
    type: Sorcery
    cost: "{B}"
    text: "Target opponent exiles an enchantment they control."
  Test Furnace:
    type: Sorcery
    cost: "{B}"
    text: "Exile the bottom card of target player's graveyard."
  Test Nightmare:
    type: Sorcery
    cost: "{B}"
    text: "Target opponent puts a +1/+1 counter on a creature they control."
  Test Shadrix:
    type: Sorcery
    cost: "{B}"
    text: "Target player puts a +1/+1 counter on each creature they control."
  Test Horror:
    type: Sorcery
    cost: "{U}"
    text: "Return target permanent to its owner's hand, then that player discards a card."
  Test Rakdos:
    type: Sorcery
    cost: "{B}"
    text: "Target opponent may sacrifice a nonland permanent of their choice."
  Test Anthem:
    type: Enchantment
    cost: "{W}"
    text: ""
setup:
  Alice:
    hand: [Test Claws, Test Winter, Test Furnace, Test Nightmare, Test Shadrix, Test Horror,
           Test Rakdos, {card: Test Rakdos, as: Rakdos Two}]
    battlefield: [{card: Grizzly Bears, as: Alice Bears}]
  Bob:
    battlefield: [Grizzly Bears, Serra Angel, {card: Test Anthem, as: Bob Anthem}, Forest]
    hand: [Island]
    graveyard:
      - {card: Lightning Bolt, as: Bottom Bolt}
      - {card: Shock, as: Top Shock}
steps:
"""


def _run(steps: str) -> None:
    result = run_scenario(parse_scenario(GAME + steps))
    assert result.ok, result.problems


@pytest.mark.rules("mtg:608.2d", "mtg:701.11a")
def test_the_target_player_picks_the_card_exiled() -> None:
    _run("""  - cast: Test Claws
    by: Alice
    targets: [Bob]
  - resolve: 1
    choose: {chosen: [Bottom Bolt]}
  - expect:
      zone: {Bottom Bolt: exile, Top Shock: graveyard}
""")


@pytest.mark.rules("mtg:608.2d")
def test_a_pick_that_is_not_theirs_is_refused_and_changes_nothing() -> None:
    _run("""  - cast: Test Claws
    by: Alice
    targets: [Bob]
  - resolve: 1
    choose: {chosen: [Island]}
    rejected: mtg:608.2d
  - expect:
      zone: {Bottom Bolt: graveyard, Top Shock: graveyard, Island: hand}
""")


@pytest.mark.rules("mtg:701.11a")
def test_the_only_enchantment_goes_without_a_pick() -> None:
    _run("""  - cast: Test Winter
    by: Alice
    targets: [Bob]
  - resolve: 1
  - expect:
      zone: {Bob Anthem: exile, Grizzly Bears: battlefield}
""")


@pytest.mark.rules("mtg:404.2", "mtg:701.11a")
def test_the_bottom_card_is_the_first_put_there() -> None:
    _run("""  - cast: Test Furnace
    by: Alice
    targets: [Bob]
  - resolve: 1
  - expect:
      zone: {Bottom Bolt: exile, Top Shock: graveyard}
""")


@pytest.mark.rules("mtg:122.6", "mtg:608.2d")
def test_counters_on_the_creature_the_opponent_picks() -> None:
    _run("""  - cast: Test Nightmare
    by: Alice
    targets: [Bob]
  - resolve: 1
    choose: {chosen: [Serra Angel]}
  - expect:
      counters: {Serra Angel: {+1/+1: 1}, Grizzly Bears: {+1/+1: 0}}
""")


@pytest.mark.rules("mtg:122.6")
def test_counters_on_each_creature_of_the_target_player_only() -> None:
    _run("""  - cast: Test Shadrix
    by: Alice
    targets: [Bob]
  - resolve: 1
  - expect:
      counters: {Serra Angel: {+1/+1: 1}, Grizzly Bears: {+1/+1: 1}, Alice Bears: {+1/+1: 0}}
""")


@pytest.mark.rules("mtg:108.3", "mtg:701.8a")
def test_the_owner_of_a_stolen_permanent_discards() -> None:
    _run("""  - do: {control: {Grizzly Bears: Alice}}
  - cast: Test Horror
    by: Alice
    targets: [Grizzly Bears]
  - resolve: 1
    choose: {chosen: [Island]}
  - expect:
      zone: {Grizzly Bears: hand, Island: graveyard, Test Claws: hand}
""")


@pytest.mark.rules("mtg:608.2d", "mtg:701.17a")
def test_may_sacrifice_is_the_target_players_choice() -> None:
    _run("""  - cast: Test Rakdos
    by: Alice
    targets: [Bob]
  - resolve: 1
  - expect:
      zone: {Grizzly Bears: battlefield, Serra Angel: battlefield, Bob Anthem: battlefield}
  - cast: Rakdos Two
    by: Alice
    targets: [Bob]
  - resolve: 1
    choose: {may: true, chosen: [Bob Anthem]}
  - expect:
      zone: {Bob Anthem: graveyard, Grizzly Bears: battlefield}
""")


@pytest.mark.rules("mtg:701.11a", "mtg:701.20a")
def test_exile_library_then_that_player_shuffles_their_hand() -> None:
    text = (
        "−12: Exile all cards from target player's library, then that player shuffles "
        "their hand into their library."
    )
    effects = _effects(text, "Jace, the Mind Sculptor", "Legendary Planeswalker — Jace")
    assert effects == (
        n.ExileZones(n.TargetSlot(0), ("library",)),
        n.ShuffleHandIntoLibrary(n.TargetSlot(0)),
    )
    game = """game: mtg
players: [Alice, Bob]
cards:
  Test Jace:
    type: Sorcery
    cost: "{U}"
    text: >-
      Exile all cards from target player's library, then that player shuffles their hand
      into their library.
setup:
  Alice:
    hand: [Test Jace]
  Bob:
    hand: [Lightning Bolt]
    library: [Island, Forest]
steps:
  - cast: Test Jace
    by: Alice
    targets: [Bob]
  - resolve: 1
  - expect:
      zone: {Island: exile, Forest: exile, Lightning Bolt: library}
"""
    result = run_scenario(parse_scenario(game))
    assert result.ok, result.problems


@pytest.mark.rules("mtg:701.19a", "mtg:701.20a")
def test_searches_read_whole() -> None:
    effects = _effects(
        "Search target player's library for up to three cards, exile them, then that "
        "player shuffles."
    )
    assert effects == (n.SearchLibrary(n.TargetSlot(0), 3, None, "exile", True, shuffle=True),)
    effects = _effects(
        "Search target player's library for up to three cards with flashback and put them "
        "into that player's graveyard. Then the player shuffles."
    )
    assert effects == (
        n.SearchLibrary(
            n.TargetSlot(0), 3, d.HasKeyword("flashback"), "graveyard", True, shuffle=True
        ),
    )
    effects = _effects(
        "Search target opponent's library for up to three creature cards and put them into "
        "their graveyard."
    )
    assert effects == (
        n.SearchLibrary(
            n.TargetSlot(0), 3, d.AllOf((d.IsCard(), d.HasType("creature"))), "graveyard", True
        ),
    )
    # "the player shuffles" after anything but a search is not read
    _not_read("Target player mills two cards. Then the player shuffles.")


@pytest.mark.rules("mtg:608.2d", "mtg:400.3")
def test_you_return_a_card_of_your_graveyard_is_not_a_target() -> None:
    card = parse_card(
        "mtg",
        "Target player mills three cards, then you return a land card from your graveyard "
        "to your hand.",
        name="Test",
        type_line="Sorcery",
    )
    assert not card.unsupported
    assert len(card.target_requirements()) == 1  # only the player is a target
    assert card.abilities[0].effects == (  # type: ignore[union-attr]
        n.Mill(n.TargetSlot(0), 3),
        n.PlayerReturnsOwn(n.You(), d.AllOf((d.IsCard(), d.HasType("land")))),
    )
    game = """game: mtg
players: [Alice, Bob]
cards:
  Test Command:
    type: Sorcery
    cost: "{B}{G}"
    text: >-
      Target player mills three cards, then you return a land card from your graveyard
      to your hand.
setup:
  Alice:
    hand: [Test Command]
    graveyard: [Forest, Lightning Bolt]
    library: [Island, Grizzly Bears, {card: Island, as: Top Island}]
steps:
  - cast: Test Command
    by: Alice
    targets: [Alice]
  # Forest and the milled Islands fit: Alice names hers; a Bolt is no land card
  - resolve: 1
    choose: {chosen: [Lightning Bolt]}
    rejected: mtg:608.2d
  - resolve: 1
    choose: {chosen: [Forest]}
  - expect:
      zone: {Forest: hand, Top Island: graveyard, Grizzly Bears: graveyard}
"""
    result = run_scenario(parse_scenario(game))
    assert result.ok, result.problems


@pytest.mark.rules("mtg:701.8a", "mtg:608.2c")
def test_discards_their_hand_then_draws_that_many() -> None:
    (effect,) = _effects("Target opponent discards their hand.")
    assert effect == n.Discard(n.TargetSlot(0), n.CardsIn("hand", n.TargetSlot(0)))
    discard, draw = _effects(
        "Target player discards all the cards in their hand, then draws that many cards."
    )
    assert discard == n.Discard(n.TargetSlot(0), n.CardsIn("hand", n.TargetSlot(0)))
    assert isinstance(draw, n.Draw)
    assert isinstance(draw.count, n.MovedThisWay)
    _not_read("Target player discards all the cards in their hand, then draws that few cards.")
    game = """game: mtg
players: [Alice, Bob]
cards:
  Test Defiance:
    type: Sorcery
    cost: "{R}"
    text: "Target player discards all the cards in their hand, then draws that many cards."
setup:
  Alice:
    hand: [Test Defiance]
  Bob:
    hand: [Lightning Bolt, Shock]
    library: [Island, Forest, {card: Island, as: Top Island}]
steps:
  - cast: Test Defiance
    by: Alice
    targets: [Bob]
  - resolve: 1
  - expect:
      zone:
        Lightning Bolt: graveyard
        Shock: graveyard
        Top Island: hand
        Forest: hand
        Island: library
"""
    result = run_scenario(parse_scenario(game))
    assert result.ok, result.problems


@pytest.mark.rules("mtg:701.17a")
def test_you_sacrifice_is_the_controllers_choice() -> None:
    (effect,) = _effects("You sacrifice two creatures.")
    assert effect == n.Sacrifice(n.You(), d.HasType("creature"), 2)


@pytest.mark.rules("mtg:701.20a")
def test_shuffle_the_creature_cards_of_a_graveyard_into_that_library() -> None:
    (effect,) = _effects(
        "Shuffle all creature cards from target player's graveyard into that player's library."
    )
    assert effect == n.ShuffleFromGraveyard(
        n.TargetSlot(0), d.AllOf((d.IsCard(), d.HasType("creature")))
    )
    game = """game: mtg
players: [Alice, Bob]
cards:
  Test Repopulate:
    type: Instant
    cost: "{1}{G}"
    text: >-
      Shuffle all creature cards from target player's graveyard into that player's
      library.
setup:
  Alice:
    hand: [Test Repopulate]
  Bob:
    graveyard: [Grizzly Bears, Lightning Bolt, Serra Angel]
    library: [Island]
steps:
  - cast: Test Repopulate
    by: Alice
    targets: [Bob]
  - resolve: 1
  - expect:
      zone: {Grizzly Bears: library, Serra Angel: library, Lightning Bolt: graveyard}
      events:
        - {kind: reordered, rule: mtg:701.20a}
"""
    result = run_scenario(parse_scenario(game))
    assert result.ok, result.problems
