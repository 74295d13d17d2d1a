"""Magic numbers of what happened this turn (read from the turn's events as the effect
happens, mtg:608.2h): life gained or lost (mtg:119.3), cards drawn (mtg:121.1, not cards
put into a hand otherwise, mtg:121.5), spells cast (mtg:601.2i); "twice X", "twice its
power"; "cards named ~" (the card's printed name, mtg:201.2). Real card text (Oracle),
then behaviour in small games."""

from __future__ import annotations

import pytest
from tests.helpers import read_effects, unread

from tcgrules.cardtext import nodes as n
from tcgrules.cardtext import parse_card
from tcgrules.kernel import descriptors as d
from tcgrules.scenario.loader import parse_scenario
from tcgrules.scenario.runner import run_scenario


def effects(text: str, name: str, type_line: str = "Instant") -> tuple[object, ...]:
    return read_effects(text, name=name, type_line=type_line, ability="all")


def not_read(text: str, name: str, type_line: str = "Instant") -> bool:
    return bool(unread(text, name=name, type_line=type_line))


GAINED = n.ThisTurn("life_gained")


# ------------------------------------------------------------------ reading


@pytest.mark.rules("mtg:119.3", "mtg:608.2h")
def test_the_amount_of_life_you_gained_this_turn() -> None:
    found = effects(
        "You gain 1 life. Target creature gets -X/-X until end of turn, where X is the "
        "amount of life you gained this turn.",
        "Nightmare's Thirst",
    )
    minus = n.Scaled(-1, GAINED)
    assert found == (
        n.GainLife(n.You(), 1),
        n.ModifyPT(n.TargetSlot(0), minus, minus, "end_of_turn"),
    )
    found = effects(
        "{1}, {T}: Each opponent mills cards equal to the amount of life you gained this turn.",
        "Pestilent Cauldron",
        "Artifact",
    )
    assert found == (n.Mill(n.Each(d.AllOf((d.IsPlayer(), d.PlayerIs("opponent")))), GAINED),)


@pytest.mark.rules("mtg:119.3")
def test_the_life_they_lost_is_the_target_players() -> None:
    found = effects(
        "Target opponent loses life equal to the amount of life they lost this turn.",
        "Astarion, the Decadent",
        "Sorcery",
    )
    assert found == (n.LoseLife(n.TargetSlot(0), n.ThisTurn("life_lost", n.TargetSlot(0))),)
    # "they" with two target players can't be told apart
    assert not_read(
        "Target opponent and target player each lose life equal to the amount of life they "
        "lost this turn.",
        "Nobody",
    )


@pytest.mark.rules("mtg:121.1", "mtg:601.2i")
def test_cards_drawn_and_spells_cast_this_turn() -> None:
    found = effects(
        "Whenever this creature attacks, it deals damage to any target equal to the number "
        "of cards you've drawn this turn.",
        "Thundering Djinn",
        "Creature — Djinn",
    )
    assert len(found) == 1 and isinstance(found[0], n.DealDamage)
    assert found[0].amount == n.ThisTurn("cards_drawn")
    found = effects(
        "Thunder Salvo deals X damage to target creature, where X is 2 plus the number of "
        "other spells you've cast this turn.",
        "Thunder Salvo",
    )
    assert found == (
        n.DealDamage(n.Sum((2, n.SpellsCastThisTurn((), n.Self()))), n.TargetSlot(0), n.Self()),
    )
    found = effects(
        "At the beginning of combat on your turn, create X tokens that are copies of another "
        "target creature you control, where X is one plus the number of instant and sorcery "
        "spells you've cast this turn.",
        "Rionya, Fire Dancer",
        "Legendary Creature — Human Wizard",
    )
    assert isinstance(found[0], n.CreateTokenCopy)
    assert found[0].count == n.Sum((1, n.SpellsCastThisTurn(("instant", "sorcery"))))


@pytest.mark.rules("mtg:107.3a", "mtg:120.2b")
def test_twice_x_and_twice_its_power() -> None:
    assert effects(
        "Purphoros's Intervention deals twice X damage to target creature.",
        "Purphoros's Intervention",
    ) == (n.DealDamage(n.Scaled(2, "X"), n.TargetSlot(0), n.Self()),)
    assert effects("Target player gains twice X life.", "Heliod's Intervention") == (
        n.GainLife(n.TargetSlot(0), n.Scaled(2, "X")),
    )
    found = effects(
        "Target creature you control deals damage equal to twice its power to target "
        "creature you don't control.",
        "Polliwallop",
    )
    assert found == (
        n.DealDamage(n.Scaled(2, n.PowerOf(n.TargetSlot(0))), n.TargetSlot(1), n.TargetSlot(0)),
    )
    # "thrice" is no number the reader knows
    assert not_read("Shock deals thrice X damage to target creature.", "Shock")


@pytest.mark.rules("mtg:201.2", "mtg:201.2a")
def test_cards_named_like_the_card_itself() -> None:
    found = effects(
        "Galvanic Bombardment deals X damage to target creature, where X is 2 plus the "
        "number of cards named Galvanic Bombardment in your graveyard.",
        "Galvanic Bombardment",
    )
    named = n.CountOf(d.AllOf((d.IsCard(), d.NamedAsSource(), d.InZone("graveyard", "you"))))
    assert found == (n.DealDamage(n.Sum((2, named)), n.TargetSlot(0), n.Self()),)
    card = parse_card(
        "mtg",
        "Mage Hand — {T}: Untap target permanent not named Clever Conjurer.",
        name="Clever Conjurer",
        type_line="Creature — Human Wizard",
    )
    assert not card.unsupported
    (requirement,) = card.abilities[0].requirements  # type: ignore[union-attr]
    assert requirement.descriptor == d.AllOf((d.IsPermanent(), d.Not(d.NamedAsSource())))


@pytest.mark.rules("mtg:201.5a")
def test_the_granting_cards_name_in_a_granted_ability_is_not_read() -> None:
    """A token's quoted ability naming the card that made it: the token does not have
    that name, so "named ~" there can't be read as the ability source's name."""
    assert not_read(
        'When this creature dies, create a 0/1 red Elemental creature token with "At the '
        "beginning of your upkeep, sacrifice this token and return target card named "
        'Rekindling Phoenix from your graveyard to the battlefield."',
        "Rekindling Phoenix",
        "Creature — Phoenix",
    )


@pytest.mark.rules("mtg:107.1a", "mtg:701.13a")
def test_half_their_library_or_life_rounded_as_the_text_says() -> None:
    found = effects("Target player mills half their library, rounded down.", "Traumatize")
    library = n.CardsIn("library", n.TargetSlot(0))
    assert found == (n.Mill(n.TargetSlot(0), n.Half(library, up=False)),)
    found = effects("Target opponent loses half their life, rounded up.", "Shard", "Sorcery")
    life = n.LifeTotalOf(n.TargetSlot(0))
    assert found == (n.LoseLife(n.TargetSlot(0), n.Half(life, up=True)),)
    # each opponent has a library of their own: not one number
    assert not_read("Each opponent mills half their library, rounded down.", "Nobody")


@pytest.mark.rules("mtg:608.2h")
def test_a_number_for_each_thing_a_target_player_controls_or_holds() -> None:
    found = effects(
        "You gain 2 life for each Mountain target opponent controls.", "Renewing Dawn", "Sorcery"
    )
    mountains = n.HowMany(n.EachControlledBy(d.HasSubtype("mountain"), n.TargetSlot(0)))
    assert found == (n.GainLife(n.You(), n.Scaled(2, mountains)),)
    found = effects(
        "You gain 1 life for each card in target opponent's hand.", "Gerrard's Wisdom", "Sorcery"
    )
    assert found == (n.GainLife(n.You(), n.CardsIn("hand", n.TargetSlot(0))),)
    # "for each card in your graveyard" still counts the cards there
    found = effects("Target opponent loses 1 life for each card in your graveyard.", "Nobody")
    yours = n.CountOf(d.AllOf((d.IsCard(), d.InZone("graveyard", "you"))))
    assert found == (n.LoseLife(n.TargetSlot(0), yours),)


@pytest.mark.rules("mtg:122.1", "mtg:608.2h")
def test_a_counter_for_each_counter_of_a_kind_on_the_source() -> None:
    found = effects(
        "When Grief Tyrant dies, put a -1/-1 counter on target creature for each -1/-1 "
        "counter on Grief Tyrant.",
        "Grief Tyrant",
        "Creature — Horror",
    )
    assert found == (n.PutCounters(n.TargetSlot(0), "-1/-1", n.CountersOn("-1/-1", n.Self())),)


@pytest.mark.rules("mtg:121.1", "mtg:122.1", "mtg:608.2h")
def test_a_number_per_card_drawn_and_counters_per_object_a_target_player_controls() -> None:
    found = effects(
        "Niko Aris deals 1 damage to target tapped creature for each card you've drawn this turn.",
        "Niko Aris",
    )
    assert found == (n.DealDamage(n.ThisTurn("cards_drawn"), n.TargetSlot(0), n.Self()),)
    found = effects(
        "Put a loyalty counter on Gideon for each creature target opponent controls.",
        "Gideon, Champion of Justice",
        "Sorcery",
    )
    creatures = n.HowMany(n.EachControlledBy(d.HasType("creature"), n.TargetSlot(0)))
    assert found == (n.PutCounters(n.Self(), "loyalty", creatures),)


@pytest.mark.rules("mtg:107.3c", "mtg:608.2h")
def test_cards_in_their_zone_are_the_target_players() -> None:
    found = effects(
        "Target player draws X cards and loses X life, where X is the number of cards in "
        "their graveyard.",
        "Eldritch Pact",
        "Sorcery",
    )
    theirs = n.CardsIn("graveyard", n.TargetSlot(0))
    assert found == (n.Draw(n.TargetSlot(0), theirs), n.LoseLife(n.TargetSlot(0), theirs))
    # "their" of each opponent is no one player
    assert not_read(
        "Each opponent loses life equal to the number of cards in their hand.", "Nobody"
    )


# ------------------------------------------------------------------ behaviour

_CARDS = """cards:
  Life Tap:
    type: Instant
    text: Target player gains 2 life. Target player loses 3 life.
  Feed:
    type: Sorcery
    text: Target opponent loses life equal to the amount of life they lost this turn.
  Bookworm:
    type: Instant
    text: Draw two cards.
  Tally:
    type: Instant
    text: >-
      Tally deals damage to target player equal to the number of spells you've cast this
      turn.
  Echo Lore:
    type: Instant
    text: Draw cards equal to the number of cards named Echo Lore in all graveyards.
  Island:
    type: Basic Land — Island
  Grief Tyrant:
    type: Creature — Horror
    power: 8
    toughness: 8
    text: >-
      When Grief Tyrant dies, put a -1/-1 counter on target creature for each -1/-1
      counter on Grief Tyrant.
  Bear:
    type: Creature — Bear
    power: 4
    toughness: 4
  Halve:
    type: Sorcery
    text: Target player mills half their library, rounded up.
  Wealth:
    type: Sorcery
    text: You gain 2 life for each card in target opponent's hand.
"""


def play(steps: str, setup: str) -> None:
    text = f"game: mtg\nplayers: [Alice, Bob]\n{_CARDS}\nsetup:\n{setup}\nsteps:\n{steps}"
    result = run_scenario(parse_scenario(text, "amounts-this-turn-test.yaml"))
    assert result.ok, result.error or result.failures


@pytest.mark.rules("mtg:119.3", "mtg:608.2h")
def test_the_life_a_target_player_lost_this_turn() -> None:
    """Bob lost 3 (his 2 gained don't offset it): he loses 3 more."""
    play(
        """
  - cast: Life Tap
    by: Alice
    targets: [[Bob], [Bob]]
  - resolve: 1
  - cast: Feed
    by: Alice
    targets: [Bob]
  - resolve: 1
  - expect: {life: {Alice: 20, Bob: 16}}
""",
        "  Alice:\n    hand: [Life Tap, Feed]\n",
    )


@pytest.mark.rules("mtg:601.2i", "mtg:608.2h")
def test_every_spell_cast_this_turn_counts_the_resolving_one_too() -> None:
    """Bookworm and Tally itself: 2 damage. Bob's spell is not Alice's."""
    play(
        """
  - cast: Bob's Bookworm
    by: Bob
  - resolve: 1
  - cast: Bookworm
    by: Alice
  - resolve: 1
  - cast: Tally
    by: Alice
    targets: [Bob]
  - resolve: 1
  - expect: {life: {Bob: 18}}
""",
        "  Alice:\n    hand: [Bookworm, Tally]\n    library: [Island, Island]\n"
        "  Bob:\n    hand: [{card: Bookworm, as: Bob's Bookworm}]\n    library: [Island, Island]\n",
    )


@pytest.mark.rules("mtg:201.2", "mtg:608.2h")
def test_cards_named_like_the_spell_in_every_graveyard() -> None:
    """One in each graveyard, none counted on the stack: Alice draws 2, not 3."""
    play(
        """
  - cast: Echo Lore
    by: Alice
  - resolve: 1
  - expect: {zone: {Top: hand, Second: hand, Third: library}}
""",
        "  Alice:\n    hand: [Echo Lore]\n    graveyard: [{card: Echo Lore, as: Old Lore}]\n"
        "    library: [{card: Island, as: Third}, {card: Island, as: Second}, "
        "{card: Island, as: Top}]\n"
        "  Bob:\n    graveyard: [{card: Echo Lore, as: Bob's Lore}, Island]\n",
    )


@pytest.mark.rules("mtg:107.1a", "mtg:701.13a")
def test_half_of_three_cards_rounded_up_is_two() -> None:
    play(
        """
  - cast: Halve
    by: Alice
    targets: [Bob]
  - resolve: 1
  - expect: {zone: {Top: graveyard, Second: graveyard, Third: library}}
""",
        "  Alice:\n    hand: [Halve]\n"
        "  Bob:\n    library: [{card: Island, as: Third}, {card: Island, as: Second}, "
        "{card: Island, as: Top}]\n",
    )


@pytest.mark.rules("mtg:608.2h", "mtg:119.3")
def test_life_for_each_card_in_the_target_players_hand() -> None:
    """Bob holds three cards, Alice one besides Wealth: 6 life."""
    play(
        """
  - cast: Wealth
    by: Alice
    targets: [Bob]
  - resolve: 1
  - expect: {life: {Alice: 26, Bob: 20}}
""",
        "  Alice:\n    hand: [Wealth, Island]\n"
        "  Bob:\n    hand: [{card: Island, as: A}, {card: Island, as: B}, {card: Island, as: C}]\n",
    )


@pytest.mark.rules("mtg:122.1", "mtg:608.2h")
def test_the_counters_of_a_source_that_died_are_its_last_known() -> None:
    """Grief Tyrant had three -1/-1 counters when it left: the Bear gets three."""
    play(
        """
  - trigger: Grief Tyrant
    targets: [Bear]
  - do: {move: {Grief Tyrant: graveyard}}
  - resolve: 1
  - expect: {counters: {Bear: {-1/-1: 3}}}
""",
        "  Alice:\n    battlefield: [{card: Grief Tyrant, counters: {-1/-1: 3}}]\n"
        "  Bob:\n    battlefield: [Bear]\n",
    )
