"""Magic life totals and self-names, fourth pass (helper W5): "Target player's life total
becomes 10" (mtg:119.5), "Double target player's life total" (mtg:701.9d), "Target
player gains 2 life and draws a card" (one subject, two verbs), "Any number of target
players each gain 6 life", "target player loses life equal to its power" (the source's,
mtg:608.2h); a legend called by its first name ("Ajani deals 3 damage", "Hurska
attacks") or by "he"/"she"/"him"/"his"/"her" (the card itself, mtg:201.5), and a name
that ends in punctuation ("Kill! Maim! Burn!"). Real card text (Oracle), then behaviour
in small games."""

from __future__ import annotations

import pytest
from tests.helpers import read_effects, unread

from tcgrules.cardtext import nodes as n
from tcgrules.games.magic.text import preprocess
from tcgrules.kernel import descriptors as d
from tcgrules.scenario.loader import parse_scenario
from tcgrules.scenario.runner import run_scenario


def effects(text: str, name: str, type_line: str = "Sorcery") -> tuple[object, ...]:
    return read_effects(text, name=name, type_line=type_line, ability="all")


# ------------------------------------------------------------------ reading


@pytest.mark.rules("mtg:119.5")
def test_a_life_total_becomes_a_number() -> None:
    assert effects(
        "When this creature enters, target player's life total becomes 10.",
        "Magister Sphinx",
        "Artifact Creature — Sphinx",
    ) == (n.SetLifeTotal(n.TargetSlot(0), 10),)
    assert effects("Each player's life total becomes 1.", "Worldfire") == (
        n.SetLifeTotal(n.Each(d.IsPlayer()), 1),
    )


@pytest.mark.rules("mtg:701.9d")
def test_double_a_life_total() -> None:
    assert effects("Double target player's life total.", "Beacon of Immortality", "Instant") == (
        n.DoubleLifeTotal(n.TargetSlot(0)),
    )
    # "its controller's" of an enchanted creature a trigger names: not read (the "it"
    # would be the Aura itself)
    assert unread(
        "Enchant creature\nWhenever enchanted creature deals combat damage to a player, "
        "double its controller's life total.",
        name="Celestial Mantle",
        type_line="Enchantment — Aura",
    )


@pytest.mark.rules("mtg:119.3", "mtg:608.2c")
def test_one_player_gains_life_and_draws() -> None:
    assert effects("Target player gains 7 life and draws two cards.", "Kiss of the Amesha") == (
        n.GainLife(n.TargetSlot(0), 7),
        n.Draw(n.TargetSlot(0), 2),
    )
    assert effects(
        "{X}{U}{B}, {T}: Target player draws X cards and gains X life.",
        "Krav, the Unredeemed",
        "Legendary Creature — Demon",
    ) == (n.Draw(n.TargetSlot(0), "X"), n.GainLife(n.TargetSlot(0), "X"))
    # a second subject stays a second clause
    assert effects("Target player gains 3 life and you draw a card.", "Nobody") == (
        n.GainLife(n.TargetSlot(0), 3),
        n.Draw(n.You(), 1),
    )
    assert effects("Any number of target players each gain 6 life.", "Hunters' Feast") == (
        n.GainLife(n.TargetSlot(0), 6),
    )


@pytest.mark.rules("mtg:701.17a", "mtg:119.3")
def test_sacrifice_and_lose_life() -> None:
    found = effects(
        "When this Siege enters, target player sacrifices a creature or planeswalker of their "
        "choice and loses 1 life.",
        "Invasion of Azgol",
        "Battle — Siege",
    )
    either = d.AnyOf((d.HasType("creature"), d.HasType("planeswalker")))
    assert found == (
        n.Sacrifice(n.TargetSlot(0), either, 1),
        n.LoseLife(n.TargetSlot(0), 1),
    )


@pytest.mark.rules("mtg:608.2h")
def test_life_equal_to_its_power_is_the_sources() -> None:
    found = effects(
        "When this creature dies, target player loses life equal to its power.",
        "Mortis Dogs",
        "Creature — Dog",
    )
    assert found == (n.LoseLife(n.TargetSlot(0), n.PowerOf(n.Self())),)
    # after a sentence on the first target only: that target's power (as it last
    # existed, mtg:608.2h)
    found = effects(
        "Exile target creature. Its controller gains life equal to its power.",
        "Swords to Plowshares",
        "Instant",
    )
    assert found[1] == n.GainLife(n.ControllerOf(n.It()), n.PowerOf(n.It()))
    # after a sentence not read, only the sentence with "its" is refused with it
    left = unread(
        "Target player sacrifices a creature with the greatest power among creatures they "
        "control. You gain life equal to its power.",
        name="Consume",
    )
    assert "You gain life equal to its power." in left


@pytest.mark.rules("mtg:120.2b", "mtg:608.2h")
def test_also_deals_and_the_controller_loses() -> None:
    found = effects(
        "Misthios's Fury deals 3 damage to target creature. If you control an Equipment, "
        "Misthios's Fury also deals 2 damage to that creature's controller.",
        "Misthios's Fury",
        "Instant",
    )
    assert found[0] == n.DealDamage(3, n.TargetSlot(0), n.Self())
    assert isinstance(found[1], n.IfCondition)
    assert found[1].effects == (n.DealDamage(2, n.ControllerOf(n.It("that creature")), n.Self()),)
    assert effects(
        "Destroy target creature. Consign to the Pit deals 2 damage to that creature's controller.",
        "Consign to the Pit",
    ) == (
        n.Destroy(n.TargetSlot(0)),
        n.DealDamage(2, n.ControllerOf(n.It("that creature")), n.Self()),
    )
    # the controller of a trigger's object: not read (the kernel's "it" is a target)
    assert unread(
        "Whenever a land enters, Zo-Zu deals 2 damage to that land's controller.",
        name="Zo-Zu the Punisher",
        type_line="Legendary Creature — Goblin Warrior",
    )
    # "it also deals": the spell, which the "it" rules would take for the first target
    assert unread(
        "Goblin Barrage deals 4 damage to target creature. If this spell was kicked, it "
        "also deals 4 damage to target player or planeswalker.",
        name="Goblin Barrage",
    )
    assert unread("Shock often deals 2 damage to any target.", name="Shock")
    assert effects(
        "{T}: This creature deals 1 damage to target creature and that creature's "
        "controller loses 1 life.",
        "Rakdos Ickspitter",
        "Creature — Thrull",
    ) == (
        n.DealDamage(1, n.TargetSlot(0), n.Self()),
        n.LoseLife(n.ControllerOf(n.TargetSlot(0)), 1),
    )


@pytest.mark.rules("mtg:603.2")
def test_that_much_of_a_damage_life_or_counter_trigger() -> None:
    much = n.TriggerAmount("that much")
    assert effects(
        "Whenever this creature is dealt combat damage, it deals that much damage to target "
        "opponent or planeswalker.",
        "Wall of Souls",
        "Creature — Wall",
    ) == (n.DealDamage(much, n.TargetSlot(0), n.Self()),)
    assert effects(
        "Whenever this creature is dealt damage, target opponent loses that much life.",
        "Barbed Servitor",
        "Creature — Horror",
    ) == (n.LoseLife(n.TargetSlot(0), much),)
    assert effects(
        "Whenever one or more loyalty counters are removed from Chandra, she deals that much "
        "damage to target opponent or planeswalker.",
        "Chandra, Fire Artisan",
        "Legendary Planeswalker — Chandra",
    ) == (n.DealDamage(much, n.TargetSlot(0), n.Self()),)
    # a trigger with no amount in it: "that much" stays not read
    assert unread(
        "Whenever you cast a spell, this creature deals that much damage to any target.",
        name="Nobody",
        type_line="Creature — Elemental",
    )


def test_a_legend_by_its_first_name_and_pronouns() -> None:
    assert effects(
        "−2: Ajani deals 3 damage to any target and you gain 3 life.",
        "Ajani Vengeant",
        "Legendary Planeswalker — Ajani",
    ) == (n.DealDamage(3, n.TargetSlot(0), n.Self()), n.GainLife(n.You(), 3))
    assert effects(
        "When Morlun enters, he deals X damage to target opponent.",
        "Morlun, Devourer of Spiders",
        "Legendary Creature — Vampire Villain",
    ) == (n.DealDamage("X", n.TargetSlot(0), n.Self()),)
    # "him" after another subject is still the card, not "that creature"
    found = effects(
        "0: Garruk deals 3 damage to target creature. That creature deals damage equal to "
        "its power to him.",
        "Garruk Relentless",
        "Legendary Planeswalker — Garruk",
    )
    assert found[1] == n.DealDamage(
        n.PowerOf(n.It("that creature")), n.Self(), n.It("that creature")
    )
    assert effects(
        "Whenever you cast an instant or sorcery spell, Tor Wauki deals 2 damage to any target.",
        "Tor Wauki the Younger",
        "Legendary Creature — Human Archer",
    ) == (n.DealDamage(2, n.TargetSlot(0), n.Self()),)
    assert effects(
        "Kill! Maim! Burn! deals 3 damage to target player.", "Kill! Maim! Burn!", "Instant"
    ) == (n.DealDamage(3, n.TargetSlot(0), n.Self()),)


def test_first_names_and_pronouns_that_are_not_the_card() -> None:
    # another legend's name (Marit Lage), a keyword (Space sculptor), a card that is no
    # legend ("her" of Liliana's Defeat is another permanent)
    text = "If you do, create Marit Lage, a legendary 20/20 black Avatar creature token."
    assert "Marit Lage" in preprocess(text, "Marit Lage's Slumber", legendary=True)
    assert preprocess("Space sculptor", "Space Beleren", legendary=True) == "Space sculptor"
    text = "If that permanent was a Liliana planeswalker, her controller loses 3 life."
    assert preprocess(text, "Liliana's Defeat") == text
    # a legend's own pronouns: same length, as "~"
    clean = preprocess(
        "Return him to the battlefield under his owner's control.", "Ral, X", legendary=True
    )
    assert clean == "Return ~   to the battlefield under ~'s owner's control."
    assert preprocess("Put him there.", "Somebody Else") == "Put him there."


# ------------------------------------------------------------------ behaviour

_CARDS = """cards:
  Sphinx Word:
    type: Sorcery
    text: Target player's life total becomes 10.
  Beacon:
    type: Instant
    text: Double target player's life total.
  Kiss:
    type: Sorcery
    text: Target player gains 7 life and draws two cards.
  Feast:
    type: Sorcery
    text: Any number of target players each gain 6 life.
  Island:
    type: Basic Land — Island
  Pyre Beast:
    type: Creature — Elemental
    power: 5
    toughness: 5
    text: >-
      {T}: This creature deals damage equal to its power divided as you choose among any
      number of target creatures.
  Bear:
    type: Creature — Bear
    power: 2
    toughness: 2
  Ox:
    type: Creature — Ox
    power: 2
    toughness: 4
  Flare:
    type: Sorcery
    text: Flare deals X damage divided evenly, rounded down, among any number of targets.
"""


def play(steps: str, setup: str) -> None:
    text = f"game: mtg\nplayers: [Alice, Bob]\n{_CARDS}\nsetup:\n{setup}\nsteps:\n{steps}"
    result = run_scenario(parse_scenario(text, "life-w5-test.yaml"))
    assert result.ok, result.error or result.failures


@pytest.mark.rules("mtg:119.5")
def test_life_total_becomes_by_a_gain_or_a_loss() -> None:
    """Bob at 20 loses 10; Alice at 4 gains 6: each a life change of the difference."""
    play(
        """
  - cast: Word1
    by: Alice
    targets: [Bob]
  - resolve: 1
  - expect:
      life: {Bob: 10}
      events:
        - {kind: life_total_set, rule: mtg:119.5}
        - {kind: life_lost, player: Bob}
  - cast: Word2
    by: Alice
    targets: [Alice]
  - resolve: 1
  - expect:
      life: {Alice: 10}
      events:
        - {kind: life_gained, player: Alice}
""",
        """  Alice:
    life: 4
    hand: [{card: Sphinx Word, as: Word1}, {card: Sphinx Word, as: Word2}]
""",
    )


@pytest.mark.rules("mtg:701.9d")
def test_doubling_a_life_total_reads_it_on_resolution() -> None:
    """Alice at 7 doubles to 14; at -3 (still in the game here) she would go to -6."""
    play(
        """
  - cast: Beacon
    by: Alice
    targets: [Alice]
  - resolve: 1
  - expect:
      life: {Alice: 14}
      events:
        - {kind: life_gained, player: Alice}
""",
        """  Alice:
    life: 7
    hand: [Beacon]
""",
    )


@pytest.mark.rules("mtg:119.3", "mtg:608.2c")
def test_gain_and_draw_and_each_of_several_targets() -> None:
    play(
        """
  - cast: Kiss
    by: Alice
    targets: [Bob]
  - resolve: 1
  - expect:
      life: {Bob: 27}
      zone: {I1: library, I2: hand, I3: hand}
  - cast: Feast
    by: Alice
    targets: [Alice, Bob]
  - resolve: 1
  - expect:
      life: {Alice: 26, Bob: 33}
""",
        """  Alice:
    hand: [Kiss, Feast]
  Bob:
    library: [{card: Island, as: I1}, {card: Island, as: I2}, {card: Island, as: I3}]
""",
    )


@pytest.mark.rules("mtg:601.2d", "mtg:120.2b")
def test_damage_equal_to_its_power_divided() -> None:
    """5 damage, 2 to the Bear and 3 to the Ox: the Bear dies, the Ox is hurt."""
    assert effects(
        "{T}: This creature deals damage equal to its power divided as you choose among any "
        "number of target creatures.",
        "Pyre Beast",
        "Creature — Elemental",
    ) == (n.DealDamage(n.PowerOf(n.Self()), n.TargetSlot(0), n.Self(), divided=True),)
    play(
        """
  - activate: Pyre Beast
    by: Alice
    targets: [Bear, Ox]
    divide: [2, 3]
  - resolve: 1
  - expect:
      zone: {Bear: graveyard, Ox: battlefield}
      damage: {Ox: 3}
""",
        """  Alice:
    battlefield: [Pyre Beast]
  Bob:
    battlefield: [Bear, Ox]
""",
    )


@pytest.mark.rules("mtg:107.1a")
def test_damage_divided_evenly_rounded_down() -> None:
    found = effects(
        "This spell costs {1} more to cast for each target beyond the first.\n"
        "Fireball deals X damage divided evenly, rounded down, among any number of targets.",
        "Fireball",
    )
    assert found[-1] == n.DealDamageEvenly("X", n.TargetSlot(0), n.Self())
    assert unread(
        "Fireball deals X damage divided unevenly, rounded down, among any number of targets.",
        name="Fireball",
    )


@pytest.mark.rules("mtg:107.1a")
def test_even_shares_of_three_targets() -> None:
    """7 among three targets: 2 each (rounded down), the Ox survives with 2 marked."""
    play(
        """
  - cast: Flare
    by: Alice
    x: 7
    targets: [[Bear, Ox, Bob]]
  - resolve: 1
  - expect:
      zone: {Bear: graveyard, Ox: battlefield}
      damage: {Ox: 2}
      life: {Bob: 18}
""",
        """  Alice:
    hand: [Flare]
  Bob:
    battlefield: [Bear, Ox]
""",
    )


# ------------------------------------------------------------------ pronoun players (X2)


@pytest.mark.rules("mtg:119.3", "mtg:608.2h")
def test_they_control_counts_the_subject_players_objects() -> None:
    """ "they" is the target player: a count of what that player controls, not of what
    the caster's opponents control."""
    assert effects(
        "Target player loses 1 life for each tapped artifact they control.",
        "Burden of Greed",
        "Instant",
    ) == (
        n.LoseLife(
            n.TargetSlot(0),
            n.HowMany(
                n.EachControlledBy(
                    d.AllOf((d.Status("tapped"), d.HasType("artifact"))), n.TargetSlot(0)
                )
            ),
        ),
    )
    # "each opponent ... they control" keeps its reading (an opponent's own objects)
    assert effects(
        "When this creature enters, each opponent loses 1 life for each creature they control.",
        "Netherborn Phalanx",
        "Creature — Horror",
    ) == (
        n.LoseLife(
            n.Each(d.AllOf((d.IsPlayer(), d.PlayerIs("opponent")))),
            n.CountOf(d.AllOf((d.HasType("creature"), d.Controller("opponent")))),
        ),
    )


@pytest.mark.rules("mtg:608.2h")
def test_they_and_that_players_zone_are_not_misread() -> None:
    """ "each player ... they control" would need a count per player; "that player's
    graveyard" in a count would count every graveyard: both left unread."""
    assert unread(
        "{T}: Each player loses 1 life for each Swamp they control.",
        name="Stern Judge",
        type_line="Creature — Human Cleric",
    )
    assert unread(
        "Flash\nWhen this creature enters, choose target player. You create a tapped "
        "Powerstone token for each nonland card in that player's graveyard that was put "
        "there from the battlefield this turn.",
        name="Wreck Hunter",
        type_line="Artifact Creature — Construct",
    )
    assert unread(
        "Target creature gets -1/-1 until end of turn for each creature card in that "
        "player's graveyard.",
        name="Test Card",
    )


@pytest.mark.rules("mtg:107.3c", "mtg:608.2h")
def test_a_count_in_all_graveyards_is_every_players() -> None:
    """ "in all graveyards" counts every graveyard; "its owner's graveyard" names one
    player's and is not read."""
    assert effects(
        "Kindle deals X damage to any target, where X is 2 plus the number of cards named "
        "Kindle in all graveyards.",
        "Kindle",
        "Instant",
    ) == (
        n.DealDamage(
            n.Sum((2, n.CountOf(d.AllOf((d.IsCard(), d.NamedAsSource(), d.InZone("graveyard")))))),
            n.TargetSlot(0),
            source=n.Self(),
        ),
    )
    assert unread(
        "Target creature gets -1/-1 until end of turn for each creature card in its owner's "
        "graveyard.",
        name="Test Card",
    )
