"""Magic counted amounts (helper t2): numbers counted from the game as the spell or
ability resolves (mtg:608.2h) — different mana values and colors among a group
(mtg:202.3, mtg:105.2), kinds of counters (mtg:122.1), the colors of a spell, permanents
sacrificed this turn (mtg:701.17a), permanents that entered this turn, either of two
kinds, cards owned in exile and in a graveyard, kinds of cards in a target player's zone,
objects a target player controls, "for each creature in your party" (mtg:700.8) and "for
each card you've drawn this turn" (mtg:121.1), "create a number of tokens equal to ...".
Real card text (Oracle), then behaviour in small games."""

from __future__ import annotations

import pytest
from tests.helpers import read_effects, unread

from tcgrules.cardtext import nodes as n
from tcgrules.kernel import descriptors as d
from tcgrules.scenario.loader import parse_scenario
from tcgrules.scenario.runner import run_scenario


def effects(text: str, name: str, type_line: str = "Instant") -> tuple[object, ...]:
    return read_effects(text, name=name, type_line=type_line, ability="all")


YOURS = d.Controller("you")


# ------------------------------------------------------------------ reading


@pytest.mark.rules("mtg:202.3", "mtg:105.2", "mtg:122.1", "mtg:608.2h")
def test_different_values_among_a_group() -> None:
    found = effects(
        "Whenever you discard a card, target creature an opponent controls gets -X/-0 until "
        "your next turn, where X is the number of different mana values among cards in your "
        "graveyard.",
        "All-Seeing Arbiter",
        "Creature — Avatar",
    )
    values = n.DifferentAmong("mana_value", d.AllOf((d.IsCard(), d.InZone("graveyard", "you"))))
    assert found == (n.ModifyPT(n.TargetSlot(0), n.Scaled(-1, values), 0, "your_next_turn"),)
    (deal,) = effects(
        "When this creature dies, it deals X damage to any target, where X is the number of "
        "colors among permanents you control.",
        "Moonveil Regent",
        "Creature — Dragon",
    )
    assert isinstance(deal, n.DealDamage)
    assert deal.source == n.Self()
    assert deal.amount == n.DifferentAmong("colors", d.AllOf((d.IsPermanent(), YOURS)))
    found = effects(
        "Whenever Perrie attacks, target creature you control gains trample and gets +X/+X "
        "until end of turn, where X is the number of different kinds of counters among "
        "permanents you control.",
        "Perrie, the Pulverizer",
        "Legendary Creature — Rhino Soldier",
    )
    kinds = n.CounterKindsAmong(d.AllOf((d.IsPermanent(), YOURS)))
    assert n.ModifyPT(n.TargetSlot(0), kinds, kinds, "end_of_turn") in found


@pytest.mark.rules("mtg:105.2", "mtg:603.2")
def test_colors_of_the_spell_the_trigger_names() -> None:
    (deal,) = effects(
        "Whenever you cast a multicolored spell, this enchantment deals X damage to any "
        "target, where X is the number of colors that spell is.",
        "Mana Cannons",
        "Enchantment",
    )
    assert isinstance(deal, n.DealDamage)
    assert deal.amount == n.NumberOf("colors", n.TriggerObject("that spell"))
    # with no trigger, "that spell" names nothing the reader can tell
    assert unread(
        "Foo deals X damage to any target, where X is the number of colors that spell is.",
        name="Foo",
        type_line="Instant",
    )


@pytest.mark.rules("mtg:701.17a", "mtg:608.2h")
def test_permanents_sacrificed_this_turn() -> None:
    (deal,) = effects(
        "{1}, {T}: This creature deals X damage to any target, where X is the number of "
        "permanents you've sacrificed this turn.",
        "Pyre-Sledge Arsonist",
        "Creature — Lizard Shaman",
    )
    assert isinstance(deal, n.DealDamage)
    assert deal.amount == n.ThisTurn("permanents_sacrificed", n.You())


def test_either_of_two_kinds_and_that_are() -> None:
    (deal,) = effects(
        "{3}{R}, {T}: This creature deals damage equal to the number of Wolves and "
        "Werewolves you control to target opponent.",
        "Runebound Wolf",
        "Creature — Wolf",
    )
    assert isinstance(deal, n.DealDamage)
    either = d.AnyOf((d.HasSubtype("wolf"), d.HasSubtype("werewolf")))
    assert deal.amount == n.CountOf(d.AllOf((either, YOURS)))
    (modal,) = effects(
        "Choose one —\n• Collision Course deals X damage to target creature, where X is the "
        "number of permanents you control that are creatures and/or Vehicles.\n• Destroy "
        "target artifact.",
        "Collision Course",
        "Sorcery",
    )
    assert isinstance(modal, n.Modal)
    (deal,) = modal.modes[0].effects
    assert isinstance(deal, n.DealDamage)
    kinds = d.AnyOf((d.HasType("creature"), d.HasSubtype("vehicle")))
    assert deal.amount == n.CountOf(d.AllOf((d.IsPermanent(), YOURS, kinds)))


@pytest.mark.rules("mtg:406.1", "mtg:404.1")
def test_cards_owned_in_exile_and_graveyard() -> None:
    (deal,) = effects(
        "Beacon Bolt deals damage to target creature equal to the total number of instant "
        "and sorcery cards you own in exile and in your graveyard.",
        "Beacon Bolt",
        "Sorcery",
    )
    assert isinstance(deal, n.DealDamage)
    either = d.AnyOf((d.HasType("instant"), d.HasType("sorcery")))
    assert deal.amount == n.Sum(
        (
            n.CountOf(d.AllOf((either, d.IsCard(), d.Owner("you"), d.InZone("exile")))),
            n.CountOf(d.AllOf((either, d.IsCard(), d.InZone("graveyard", "you")))),
        )
    )


def test_kinds_of_cards_in_a_target_players_zone_and_what_they_control() -> None:
    found = effects(
        "When this creature dies, you draw X cards and you lose X life, where X is the "
        "number of creature cards in target player's graveyard.",
        "Corpse Augur",
        "Creature — Zombie Wizard",
    )
    theirs = n.CardsIn("graveyard", n.TargetSlot(0), d.HasType("creature"))
    assert found == (n.Draw(n.You(), theirs), n.LoseLife(n.You(), theirs))
    (modal,) = effects(
        "Choose one. If you control a commander as you cast this spell, you may choose both "
        "instead.\n• Create a number of 1/1 red Warrior creature tokens equal to the number "
        "of creatures target player controls.\n• Will of the Mardu deals damage to target "
        "creature equal to the number of creatures you control.",
        "Will of the Mardu",
    )
    assert isinstance(modal, n.Modal)
    (create,) = modal.modes[0].effects
    assert isinstance(create, n.CreateToken)
    assert create.count == n.HowMany(n.EachControlledBy(d.HasType("creature"), n.TargetSlot(0)))
    assert create.description is not None and create.description.subtypes == ("warrior",)


def test_goblins_that_entered_this_turn() -> None:
    (deal,) = effects(
        "{R}, {T}: This creature deals damage equal to the number of Goblins that entered "
        "the battlefield under your control this turn to any target.",
        "Hobgoblin Bandit Lord",
        "Creature — Goblin Rogue",
    )
    assert isinstance(deal, n.DealDamage)
    assert deal.amount == n.EnteredThisTurn(d.AllOf((d.HasSubtype("goblin"), YOURS)))


@pytest.mark.rules("mtg:700.8", "mtg:121.1")
def test_for_each_party_member_and_card_drawn() -> None:
    (modify,) = effects(
        "When this creature enters, target creature gets +1/+1 until end of turn for each "
        "creature in your party.",
        "Kabira Outrider",
        "Creature — Human Warrior",
    )
    party = n.RolesFilled(
        ("cleric", "rogue", "warrior", "wizard"), d.AllOf((d.HasType("creature"), YOURS))
    )
    assert modify == n.ModifyPT(n.TargetSlot(0), party, party, "end_of_turn")
    found = effects(
        "Draw a card. Until end of turn, target creature gains trample and gets +1/+0 for "
        "each card you've drawn this turn.",
        "Fists of Flame",
    )
    drawn = n.ThisTurn("cards_drawn", n.You())
    assert n.ModifyPT(n.TargetSlot(0), drawn, 0, "end_of_turn") in found
    assert n.GainAbility(n.TargetSlot(0), "trample", None, "end_of_turn") in found


def test_counters_on_it_first_in_an_at_trigger_are_the_sources() -> None:
    (may,) = effects(
        "At the beginning of your end step, you may have this creature deal damage equal to "
        "the number of +1/+1 counters on it to target player or planeswalker.",
        "Goblin Razerunners",
        "Creature — Goblin Warrior",
    )
    assert isinstance(may, n.May)
    (deal,) = may.effects
    assert isinstance(deal, n.DealDamage)
    assert deal.amount == n.CountersOn("+1/+1", n.Self())
    # the "it" of a number after another subject is not taken for the source
    assert unread(
        "At the beginning of your end step, target creature deals damage equal to the "
        "number of +1/+1 counters on it to target player.",
        name="Foo",
        type_line="Creature — Goblin",
    )


def test_create_a_number_of_tokens_equal_to() -> None:
    (create,) = effects(
        "Create a number of 1/1 red Goblin creature tokens equal to two plus the number of "
        "cards named Goblin Gathering in your graveyard.",
        "Goblin Gathering",
        "Sorcery",
    )
    assert isinstance(create, n.CreateToken)
    assert isinstance(create.count, n.Sum) and create.count.terms[0] == 2
    # "its power" with no subject to name is not read
    assert unread(
        "When this creature dies, create a number of 1/1 colorless Gnome artifact creature "
        "tokens equal to its power.",
        name="Foo",
        type_line="Creature — Golem",
    )


@pytest.mark.rules("mtg:701.16a", "mtg:701.8b")
def test_reveal_some_cards_then_discard_one_of_them() -> None:
    (reveal,) = effects(
        "When this creature enters, target player reveals X cards from their hand, where X "
        "is the number of Faeries you control. You choose one of those cards. That player "
        "discards that card.",
        "Thieving Sprite",
        "Creature — Faerie Rogue",
    )
    faeries = n.CountOf(d.AllOf((d.HasSubtype("faerie"), YOURS)))
    assert reveal == n.RevealedDiscardChosen(n.TargetSlot(0), faeries)
    (reveal,) = effects(
        "{X}{B}, {T}: Target player reveals X cards from their hand and you choose one of "
        "them. That player discards that card. Activate only as a sorcery.",
        "Cabal Interrogator",
        "Creature — Zombie Wizard",
    )
    assert reveal == n.RevealedDiscardChosen(n.TargetSlot(0), "X")
    (reveal,) = effects("Target player reveals two cards from their hand.", "Glimpse", "Sorcery")
    assert reveal == n.RevealFromHand(n.TargetSlot(0), 2)
    # "one of them" of anything but cards just revealed from a hand is not read
    assert unread(
        "Target player reveals their hand. You choose one of them. That player discards that card.",
        name="Foo",
    )


def test_that_player_of_the_number_and_it_after_tokens() -> None:
    found = effects(
        "−4: Tibalt deals damage equal to the number of cards in target player's hand to "
        "that player.",
        "Tibalt, the Fiend-Blooded",
        "Legendary Planeswalker — Tibalt",
    )
    hand = n.CardsIn("hand", n.TargetSlot(0))
    assert found == (n.DealDamage(hand, n.TargetSlot(0), source=n.Self()),)
    # "that player" with two target players is not read
    assert unread(
        "Foo deals damage equal to the number of cards in target player's hand to that "
        "player and 2 damage to target opponent.",
        name="Foo",
    )
    found = effects(
        "Whenever this Vehicle attacks, create three 1/1 red Hamster creature tokens, then "
        "it deals X damage to any target, where X is the number of Hamsters you control.",
        "Rolling Hamsphere",
        "Artifact — Vehicle",
    )
    deal = found[-1]
    assert isinstance(deal, n.DealDamage) and deal.source == n.Self()
    # one token: "it" could be that token, not read
    assert unread(
        "Whenever this creature attacks, create a 1/1 red Hamster creature token, then it "
        "deals 1 damage to any target.",
        name="Foo",
        type_line="Creature — Hamster",
    )


@pytest.mark.rules("mtg:122.1")
def test_with_counters_on_them_and_for_each_kind_in_their_zone() -> None:
    (deal,) = effects(
        "When this creature enters, it deals X damage to any target, where X is the number "
        "of permanents you control with oil counters on them.",
        "Urabrask's Anointer",
        "Artifact Creature — Phyrexian Wizard",
    )
    assert isinstance(deal, n.DealDamage)
    oiled = d.AllOf((d.IsPermanent(), YOURS, d.Condition("has_counter:oil")))
    assert deal.amount == n.CountOf(oiled)
    found = effects(
        "−7: Target opponent loses 2 life for each creature card in their graveyard.",
        "Liliana, Death Mage",
        "Legendary Planeswalker — Liliana",
    )
    theirs = n.CardsIn("graveyard", n.TargetSlot(0), d.HasType("creature"))
    assert found == (n.LoseLife(n.TargetSlot(0), n.Scaled(2, theirs)),)
    # "their" of each opponent is no one player
    assert unread(
        "Each opponent loses 2 life for each creature card in their graveyard.", name="Foo"
    )


# ------------------------------------------------------------------ behaviour

_CARDS = """cards:
  Pyre-Sledge Arsonist:
    type: Creature — Lizard Shaman
    power: 3
    toughness: 3
    text: >-
      {1}, {T}: This creature deals X damage to any target, where X is the number of
      permanents you've sacrificed this turn.
  Offering:
    type: Instant
    text: Target player sacrifices an artifact.
  Trinket:
    type: Artifact
  Bear:
    type: Creature — Bear
    power: 2
    toughness: 2
  Wurm:
    type: Creature — Wurm
    power: 6
    toughness: 6
  Mana Cannons:
    type: Enchantment
    text: >-
      Whenever you cast a multicolored spell, this enchantment deals X damage to any
      target, where X is the number of colors that spell is.
  Tricolor:
    type: Creature — Beast
    cost: "{R}{G}{W}"
    power: 3
    toughness: 3
  Corpse Augur:
    type: Creature — Zombie Wizard
    power: 4
    toughness: 2
    text: >-
      When this creature dies, you draw X cards and you lose X life, where X is the
      number of creature cards in target player's graveyard.
  Island:
    type: Basic Land — Island
  Kabira Outrider:
    type: Creature — Human Warrior
    power: 1
    toughness: 1
    text: >-
      When this creature enters, target creature gets +1/+1 until end of turn for each
      creature in your party.
  Cleric:
    type: Creature — Human Cleric
    power: 1
    toughness: 1
  Other Warrior:
    type: Creature — Human Warrior
    power: 1
    toughness: 1
  Thieving Sprite:
    type: Creature — Faerie Rogue
    power: 1
    toughness: 1
    text: >-
      When this creature enters, target player reveals X cards from their hand, where X
      is the number of Faeries you control. You choose one of those cards. That player
      discards that card.
  Faerie:
    type: Creature — Faerie
    power: 1
    toughness: 1
  Grave Toll:
    type: Sorcery
    text: Target opponent loses 2 life for each creature card in their graveyard.
  Oil Gauge:
    type: Instant
    text: >-
      Oil Gauge deals X damage to any target, where X is the number of permanents you
      control with oil counters on them.
  Will of the Mardu:
    type: Instant
    text: >-
      Choose one. If you control a commander as you cast this spell, you may choose both
      instead.

      • Create a number of 1/1 red Warrior creature tokens equal to the number of
      creatures target player controls.

      • Will of the Mardu deals damage to target creature equal to the number of
      creatures you control.
"""


def play(steps: str, setup: str) -> None:
    text = f"game: mtg\nplayers: [Alice, Bob]\n{_CARDS}\nsetup:\n{setup}\nsteps:\n{steps}"
    result = run_scenario(parse_scenario(text, "counted-test.yaml"))
    assert result.ok, result.error or result.failures


@pytest.mark.rules("mtg:701.17a", "mtg:608.2h")
def test_permanents_sacrificed_this_turn_are_the_sacrificers() -> None:
    """Alice sacrificed one artifact, Bob another: her Arsonist deals 1, not 2; a
    creature of hers that merely died is no sacrifice."""
    play(
        """
  - cast: Offering
    targets: [Alice]
  - resolve: 1
  - cast: Second Offering
    targets: [Bob]
  - resolve: 1
  - do: {move: {Bear: graveyard}}
  - expect: {zone: {Trinket: graveyard, Bob's Trinket: graveyard}}
  - activate: Pyre-Sledge Arsonist
    ability: 1
    targets: [Bob]
  - resolve: 1
  - expect: {life: {Bob: 19}}
""",
        "  Alice:\n    hand: [Offering, {card: Offering, as: Second Offering}]\n"
        "    battlefield: [Pyre-Sledge Arsonist, Bear, Trinket]\n"
        "  Bob:\n    battlefield: [{card: Trinket, as: Bob's Trinket}]\n",
    )


@pytest.mark.rules("mtg:105.2", "mtg:603.2")
def test_colors_of_the_cast_spell() -> None:
    play(
        """
  - cast: Tricolor
  - trigger: Mana Cannons
    about: Tricolor
    targets: [Bob]
  - resolve: 1
  - expect: {life: {Bob: 17}}
""",
        "  Alice:\n    hand: [Tricolor]\n    battlefield: [Mana Cannons]\n",
    )


def test_creature_cards_in_the_target_players_graveyard() -> None:
    """Two creature cards in Bob's graveyard (his Island is none): Alice draws two and
    loses 2 life; her own graveyard does not count."""
    play(
        """
  - trigger: Corpse Augur
    targets: [Bob]
  - resolve: 1
  - expect: {life: {Alice: 18}, zone: {Top Island: hand, Next Island: hand}}
""",
        "  Alice:\n    battlefield: [Corpse Augur]\n    graveyard: [Bear]\n"
        "    library: [Island, {card: Island, as: Next Island}, {card: Island, as: Top Island}]\n"
        "  Bob:\n    graveyard: [{card: Bear, as: Bob's Bear}, Wurm, "
        "{card: Island, as: Bob's Island}]\n",
    )


@pytest.mark.rules("mtg:700.8")
def test_party_counts_each_role_once() -> None:
    """Outrider and Other Warrior are both Warriors (one counts), Cleric a Cleric: +2/+2."""
    play(
        """
  - trigger: Kabira Outrider
    targets: [Bear]
  - resolve: 1
  - expect: {properties: {Bear: {power: 4, toughness: 4}}}
""",
        "  Alice:\n    battlefield: [Kabira Outrider, Other Warrior, Cleric, Bear]\n",
    )


def test_tokens_for_the_creatures_a_target_player_controls() -> None:
    """Bob controls two creatures: Alice creates two Warrior tokens; then her second
    Will of the Mardu deals damage equal to her creatures (her Bear and the two tokens)."""
    play(
        """
  - cast: Will of the Mardu
    mode: 1
    targets: [Bob]
  - resolve: 1
  - expect:
      zone: {Warrior Token 1: battlefield, Warrior Token 2: battlefield}
      properties: {Warrior Token 2: {power: 1, toughness: 1, colors: [red]}}
  - cast: Second Will
    mode: 2
    targets: [Wurm]
  - resolve: 1
  - expect: {damage: {Wurm: 3}}
""",
        "  Alice:\n    hand: [Will of the Mardu, {card: Will of the Mardu, as: Second Will}]\n"
        "    battlefield: [Bear]\n"
        "  Bob:\n    battlefield: [Wurm, {card: Bear, as: Bob's Bear}]\n",
    )


@pytest.mark.rules("mtg:701.16a", "mtg:701.8b")
def test_a_hand_with_no_more_cards_is_revealed_whole() -> None:
    """Two Faeries: X = 2, and Bob's hand of two is revealed whole; Alice's pick is the
    one card given. Then with one card left, it is revealed and discarded, no pick."""
    play(
        """
  - trigger: Thieving Sprite
    targets: [Bob]
  - resolve: 1
    choose: {chosen: [Trinket]}
  - expect: {zone: {Trinket: graveyard, Bear: hand}}
  - trigger: Thieving Sprite
    targets: [Bob]
  - resolve: 1
  - expect: {zone: {Bear: graveyard}}
""",
        "  Alice:\n    battlefield: [Thieving Sprite, Faerie]\n  Bob:\n    hand: [Trinket, Bear]\n",
    )


def test_the_revealing_player_must_name_their_cards() -> None:
    """Three cards, two to reveal: without Bob's two named first, nothing happens."""
    play(
        """
  - trigger: Thieving Sprite
    targets: [Bob]
  - resolve: 1
    choose: {chosen: [Trinket]}
    rejected: mtg:701.16a
  - resolve: 1
    choose: {chosen: [Trinket, Wurm, Wurm]}
  - expect: {zone: {Wurm: graveyard, Trinket: hand, Bear: hand}}
""",
        "  Alice:\n    battlefield: [Thieving Sprite, Faerie]\n"
        "  Bob:\n    hand: [Trinket, Bear, Wurm]\n",
    )


def test_life_for_each_creature_card_in_the_target_opponents_graveyard() -> None:
    """Two creature cards in Bob's graveyard (not his Island, not Alice's Bear): 4 life."""
    play(
        """
  - cast: Grave Toll
    targets: [Bob]
  - resolve: 1
  - expect: {life: {Bob: 16}}
""",
        "  Alice:\n    hand: [Grave Toll]\n    graveyard: [Bear]\n"
        "  Bob:\n    graveyard: [{card: Bear, as: Bob's Bear}, Wurm, Island]\n",
    )


@pytest.mark.rules("mtg:122.1")
def test_permanents_with_counters_of_a_kind() -> None:
    """Two of Alice's permanents have oil counters (not the one with a +1/+1 counter,
    not Bob's): 2 damage."""
    play(
        """
  - cast: Oil Gauge
    targets: [Bob]
  - resolve: 1
  - expect: {life: {Bob: 18}}
""",
        "  Alice:\n    hand: [Oil Gauge]\n"
        "    battlefield: [{card: Trinket, counters: {oil: 2}}, "
        "{card: Bear, counters: {oil: 1}}, {card: Wurm, counters: {+1/+1: 1}}]\n"
        "  Bob:\n    battlefield: [{card: Trinket, as: Bob's Trinket, counters: {oil: 3}}]\n",
    )
