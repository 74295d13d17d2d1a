"""Magic sentences of helper Y4's family, read as printed (Oracle text) and played:
a target player sacrificing permanents of their choice (mtg:701.17a), several target
players each discarding, drawing or milling (mtg:701.8a, mtg:121.1, mtg:701.13a)."""

from __future__ import annotations

import pytest
from tests.helpers import read_effects, unread

from tcgrules.cardtext import nodes as n
from tcgrules.cardtext import parse_card
from tcgrules.kernel import descriptors as d
from tcgrules.scenario.loader import parse_scenario
from tcgrules.scenario.results import ScenarioResult
from tcgrules.scenario.runner import run_scenario


def effects(text: str, name: str | None = None, type_line: str = "Sorcery") -> tuple[object, ...]:
    return read_effects(text, name=name, type_line=type_line, ability="last", static=False)


def not_read(text: str, type_line: str = "Sorcery") -> list[str]:
    return unread(text, type_line=type_line)


CREATURE = d.HasType("creature")
SLOT = n.TargetSlot(0)


# ------------------------------------------------------------------ reading


@pytest.mark.rules("mtg:701.17a")
@pytest.mark.parametrize(
    ("text", "descriptor", "count"),
    [
        # Grave Exchange, Silverquill Command, Trial of Ambition
        ("Target player sacrifices a creature of their choice.", CREATURE, 1),
        ("Target opponent sacrifices a creature of their choice.", CREATURE, 1),
        # Liliana of the Veil: "of their choice" left implicit, same meaning
        ("Target player sacrifices a creature.", CREATURE, 1),
        # Abolisher of Bloodlines
        ("Target opponent sacrifices three creatures of their choice.", CREATURE, 3),
        # Dromoka's Command
        ("Target player sacrifices an enchantment of their choice.", d.HasType("enchantment"), 1),
        # Rootcast Apprenticeship
        (
            "Target opponent sacrifices a nontoken artifact of their choice.",
            d.AllOf((d.Not(d.IsToken()), d.HasType("artifact"))),
            1,
        ),
        # Wing Shards
        (
            "Target player sacrifices an attacking creature of their choice.",
            d.AllOf((d.Status("attacking"), CREATURE)),
            1,
        ),
        (
            "Target player sacrifices a creature or planeswalker of their choice.",
            d.AnyOf((CREATURE, d.HasType("planeswalker"))),
            1,
        ),
    ],
)
def test_a_target_player_sacrifices(text: str, descriptor: d.Descriptor, count: int) -> None:
    assert effects(text) == (n.Sacrifice(n.TargetSlot(0), descriptor, count),)


@pytest.mark.rules("mtg:701.17a", "mtg:608.2d")
def test_predatory_nightstalker_may_have_an_opponent_sacrifice() -> None:
    text = (
        "When this creature enters, you may have target opponent sacrifice a creature "
        "of their choice."
    )
    found = effects(text, "Predatory Nightstalker", "Creature — Nightstalker")
    assert found == (n.May((n.Sacrifice(n.TargetSlot(0), CREATURE, 1),)),)


@pytest.mark.rules("mtg:701.17a", "mtg:701.8a", "mtg:119.3", "mtg:608.2c")
def test_archon_of_cruelty_three_effects_on_one_opponent_then_yours() -> None:
    text = (
        "Flying\nWhenever this creature enters or attacks, target opponent sacrifices a "
        "creature or planeswalker of their choice, discards a card, and loses 3 life. You "
        "draw a card and gain 3 life."
    )
    found = effects(text, "Archon of Cruelty", "Creature — Archon")
    slot = n.TargetSlot(0)
    assert found == (
        n.Sacrifice(slot, d.AnyOf((CREATURE, d.HasType("planeswalker"))), 1),
        n.Discard(slot, 1),
        n.LoseLife(slot, 3),
        n.Draw(n.You(), 1),
        n.GainLife(n.You(), 3),
    )


def test_only_a_permanent_can_be_sacrificed() -> None:
    # a card is not a permanent (mtg:701.17a): not read rather than read wrongly
    assert not_read("Target player sacrifices a creature card of their choice.")


@pytest.mark.rules("mtg:701.8a", "mtg:121.1", "mtg:701.13a", "mtg:119.3")
@pytest.mark.parametrize(
    ("text", "expected", "most"),
    [
        # Hollow Marauder, Tinybones Joins Up
        (
            "Any number of target opponents each discard a card.",
            (n.Discard(n.TargetSlot(0), 1),),
            None,
        ),
        # Huddle Up
        ("Two target players each draw a card.", (n.Draw(n.TargetSlot(0), 1),), 2),
        # Jace, Memory Adept
        (
            "Any number of target players each draw twenty cards.",
            (n.Draw(n.TargetSlot(0), 20),),
            None,
        ),
        # Tinybones Joins Up
        (
            "Any number of target players each mill a card and lose 1 life.",
            (n.Mill(n.TargetSlot(0), 1), n.LoseLife(n.TargetSlot(0), 1)),
            None,
        ),
    ],
)
def test_several_target_players_each(
    text: str, expected: tuple[object, ...], most: int | None
) -> None:
    card = parse_card("mtg", text, type_line="Sorcery")
    assert not card.unsupported
    ability = card.abilities[0]
    assert isinstance(ability, n.SpellAbility)
    assert ability.effects == expected
    (requirement,) = ability.requirements
    assert requirement.max == most
    assert requirement.kinds == frozenset({"player"})


# ------------------------------------------------------------------ playing
CARDS = """cards:
  Test Edict: {type: Sorcery, text: "Target player sacrifices two creatures of their choice."}
  Test Altar Edict:
    type: Sorcery
    text: "Target opponent sacrifices a nontoken artifact of their choice."
"""


def play(body: str, players: str = "[Alice, Bob]") -> ScenarioResult:
    text = f"game: mtg\nplayers: {players}\n" + CARDS + body
    return run_scenario(parse_scenario(text, "inline.yaml"))


@pytest.mark.rules("mtg:701.17a")
def test_two_of_three_creatures_are_sacrificed_as_the_player_picks() -> None:
    result = play(
        """setup:
  Alice: {hand: [Test Edict]}
  Bob: {battlefield: [Grizzly Bears, Runeclaw Bear, Serra Angel]}
steps:
  - cast: Test Edict
    by: Alice
    targets: [Bob]
  # one pick for two: refused, nothing moves
  - resolve: 1
    choose: {chosen: [Serra Angel]}
    rejected: mtg:701.17a
  - expect:
      zone: {Grizzly Bears: battlefield, Runeclaw Bear: battlefield, Serra Angel: battlefield}
  # the same permanent twice is not two
  - resolve: 1
    choose: {chosen: [Serra Angel, Serra Angel]}
    rejected: mtg:701.17a
  - resolve: 1
    choose: {chosen: [Grizzly Bears, Runeclaw Bear]}
  - expect:
      zone: {Grizzly Bears: graveyard, Runeclaw Bear: graveyard, Serra Angel: battlefield}
"""
    )
    assert result.ok, result.problems


@pytest.mark.rules("mtg:701.17a")
def test_only_what_fits_is_sacrificed_and_tokens_dont_fit_nontoken() -> None:
    result = play(
        """setup:
  Alice: {hand: [Test Altar Edict]}
  Bob: {battlefield: [Sol Ring, Grizzly Bears]}
steps:
  - cast: Test Altar Edict
    by: Alice
    targets: [Bob]
  - resolve: 1
  - expect:
      zone: {Sol Ring: graveyard, Grizzly Bears: battlefield}
      events:
        - {kind: sacrificed, rule: mtg:701.17a, cards: Sol Ring}
"""
    )
    assert result.ok, result.problems


@pytest.mark.rules("mtg:701.17a")
def test_a_sacrificed_permanent_goes_to_its_owners_graveyard() -> None:
    # Alice controls Bob's Grizzly Bears: she sacrifices it; it goes to Bob's graveyard
    result = play(
        """setup:
  Alice: {hand: [Test Edict]}
  Bob: {battlefield: [Grizzly Bears]}
steps:
  - do: {control: {Grizzly Bears: Alice}}
  - cast: Test Edict
    by: Alice
    targets: [Alice]
  - resolve: 1
  - expect:
      zone: {Grizzly Bears: graveyard}
      zone_order: {Bob: {graveyard: [Grizzly Bears]}, Alice: {graveyard: [Test Edict]}}
"""
    )
    assert result.ok, result.problems


# ------------------------------------------- a target of the player chosen before it


@pytest.mark.rules("mtg:601.2c", "mtg:701.20a")
@pytest.mark.parametrize(
    ("text", "most"),
    [
        # Stream of Consciousness, Quandrix Command's last mode
        (
            "Target player shuffles up to four target cards from their graveyard into "
            "their library.",
            4,
        ),
        # Loaming Shaman
        (
            "Target player shuffles any number of target cards from their graveyard into "
            "their library.",
            None,
        ),
    ],
)
def test_cards_from_the_graveyard_of_the_target_player(text: str, most: int | None) -> None:
    card = parse_card("mtg", text, type_line="Instant")
    assert not card.unsupported
    ability = card.abilities[0]
    assert isinstance(ability, n.SpellAbility)
    assert ability.effects == (n.ShuffleCardsInto(n.TargetSlot(0), n.TargetSlot(1)),)
    player, cards = ability.requirements
    assert player.kinds == frozenset({"player"}) and player.together == ()
    assert (cards.min, cards.max, cards.zone) == (0, most, "graveyard")
    # the cards must be the chosen player's (a test between targets, mtg:601.2c)
    assert [(t.test, t.prop, t.among) for t in cards.together] == [("same", "player", (0,))]


def test_their_graveyard_with_no_target_player_before_is_not_read() -> None:
    assert not_read(
        "Each player shuffles up to four target cards from their graveyard into their library."
    )


SHUFFLE = """  Test Stream:
    type: Instant
    text: "Target player shuffles up to two target cards from their graveyard into their library."
"""


@pytest.mark.rules("mtg:601.2c", "mtg:608.2b")
def test_a_card_that_left_the_players_graveyard_is_not_shuffled_in() -> None:
    text = (
        "game: mtg\nplayers: [Alice, Bob]\ncards:\n"
        + SHUFFLE
        + """setup:
  Alice: {hand: [Test Stream]}
  Bob: {graveyard: [Grizzly Bears, Shock]}
steps:
  # the cards must be in the graveyard of the player chosen for the first target
  - expect:
      legal_targets: {card: Test Stream, by: Alice, instance: 2, chosen: [[Alice]], equals: []}
  - expect:
      legal_targets:
        {card: Test Stream, by: Alice, instance: 2, chosen: [[Bob]], equals: [Grizzly Bears, Shock]}
  - cast: Test Stream
    by: Alice
    targets: [[Bob], [Grizzly Bears, Shock]]
  - do: {move: {Shock: exile}}
  - resolve: 1
  - expect:
      zone: {Grizzly Bears: library, Shock: exile}
"""
    )
    result = run_scenario(parse_scenario(text, "inline.yaml"))
    assert result.ok, result.problems


@pytest.mark.rules("mtg:701.20d")
def test_the_library_is_shuffled_with_no_card_chosen() -> None:
    text = (
        "game: mtg\nplayers: [Alice, Bob]\ncards:\n"
        + SHUFFLE
        + """setup:
  Alice: {hand: [Test Stream]}
  Bob: {library: [Forest, Swamp]}
steps:
  - cast: Test Stream
    by: Alice
    targets: [[Bob], []]
  - resolve: 1
  - expect:
      events:
        - {kind: reordered, rule: mtg:701.20a}
"""
    )
    result = run_scenario(parse_scenario(text, "inline.yaml"))
    assert result.ok, result.problems


# ------------------------------------------------------------------ copies


@pytest.mark.rules("mtg:707.10", "mtg:707.10c")
def test_chain_of_smog_that_player_may_copy_this_spell() -> None:
    found = effects(
        "Target player discards two cards. That player may copy this spell and may choose a "
        "new target for that copy.",
        "Chain of Smog",
    )
    assert found == (
        n.Discard(n.TargetSlot(0), 2),
        n.PlayerMayCopy(n.It("that player"), n.Self()),
    )


@pytest.mark.rules("mtg:707.10", "mtg:707.10c", "mtg:608.2h")
def test_chain_of_acid_that_permanents_controller_may_copy_this_spell() -> None:
    found = effects(
        "Destroy target noncreature permanent. Then that permanent's controller may copy this "
        "spell and may choose a new target for that copy.",
        "Chain of Acid",
    )
    assert found[1] == n.PlayerMayCopy(n.ControllerOf(n.It("that permanent")), n.Self())


@pytest.mark.rules("mtg:608.2d", "mtg:707.10c")
def test_malicious_affliction_you_may_copy_this_spell() -> None:
    text = (
        "Morbid — When you cast this spell, if a creature died this turn, you may copy "
        "Malicious Affliction and may choose a new target for the copy.\n"
        "Destroy target nonblack creature."
    )
    card = parse_card("mtg", text, name="Malicious Affliction", type_line="Instant")
    assert not card.unsupported
    trigger = card.abilities[0]
    assert isinstance(trigger, n.TriggeredAbility)
    (condition,) = trigger.effects
    assert isinstance(condition, n.IfCondition)
    assert condition.effects == (n.May((n.CopySpell(n.Self(), may_choose_new_targets=True),)),)


@pytest.mark.rules("mtg:707.10", "mtg:608.2d")
def test_a_declined_copy_puts_nothing_on_the_stack() -> None:
    text = (
        "game: mtg\nplayers: [Alice, Bob]\ncards:\n  Chain of Smog:\n    type: Sorcery\n"
        '    text: "Target player discards two cards. That player may copy this spell and may '
        'choose a new target for that copy."\n'
        "setup:\n  Alice: {hand: [Chain of Smog]}\n"
        "  Bob: {hand: [Swamp]}\nsteps:\n"
        "  - {cast: Chain of Smog, by: Alice, targets: [Bob]}\n"
        "  - {resolve: 1, choose: {may: false}}\n"
        "  - expect: {stack: [], zone: {Swamp: graveyard, Chain of Smog: graveyard}}\n"
    )
    result = run_scenario(parse_scenario(text, "inline.yaml"))
    assert result.ok, result.problems


# ------------------------------------------------- one target of each player's


@pytest.mark.rules("mtg:115.1", "mtg:601.2c")
@pytest.mark.parametrize(
    ("text", "effect", "opponent"),
    [
        # Tempted by the Oriq
        (
            "For each opponent, gain control of up to one target creature that player controls.",
            n.GainControl(SLOT),
            True,
        ),
        # The Curse of Fenric, chapter I
        (
            "For each player, destroy up to one target creature that player controls.",
            n.Destroy(SLOT),
            False,
        ),
        # Havoc Eater
        (
            "For each opponent, goad up to one target creature that opponent controls.",
            n.Goad(SLOT),
            True,
        ),
    ],
)
def test_for_each_player_up_to_one_target_of_theirs(
    text: str, effect: object, opponent: bool
) -> None:
    card = parse_card("mtg", text, type_line="Sorcery")
    assert not card.unsupported
    ability = card.abilities[0]
    assert isinstance(ability, n.SpellAbility)
    assert ability.effects == (effect,)
    (req,) = ability.requirements
    assert (req.min, req.max) == (0, None)
    assert [(t.test, t.prop, t.among) for t in req.together] == [("different", "player", ())]
    expected = [CREATURE, d.Controller("opponent")] if opponent else [CREATURE]
    assert req.descriptor == (d.AllOf(tuple(expected)) if opponent else CREATURE)


@pytest.mark.parametrize(
    "text",
    [
        # exactly one per opponent is read since (helper Q6: TargetRequirement.each_player)
        # no "that player" in the target phrase
        "For each opponent, destroy up to one target creature.",
    ],
)
def test_for_each_player_not_read(text: str) -> None:
    assert not_read(text)


FOR_EACH = """cards:
  Test Mutiny:
    type: Sorcery
    text: "For each opponent, destroy up to one target creature that player controls."
"""


@pytest.mark.rules("mtg:601.2c", "mtg:608.2b")
def test_one_target_per_opponent_and_an_illegal_one_is_left_out() -> None:
    text = (
        "game: mtg\nplayers: [Alice, Bob, Cleo]\n"
        + FOR_EACH
        + """setup:
  Alice: {hand: [Test Mutiny], battlefield: [Runeclaw Bear]}
  Bob: {battlefield: [Grizzly Bears, Serra Angel]}
  Cleo: {battlefield: [Llanowar Elves]}
steps:
  - cast: Test Mutiny
    by: Alice
    targets: [Grizzly Bears, Serra Angel]
    rejected: mtg:601.2c
  - cast: Test Mutiny
    by: Alice
    targets: [Runeclaw Bear]
    rejected: true
  - cast: Test Mutiny
    by: Alice
    targets: [Serra Angel, Llanowar Elves]
  - do: {move: {Llanowar Elves: hand}}
  - resolve: 1
  - expect:
      zone: {Serra Angel: graveyard, Grizzly Bears: battlefield, Llanowar Elves: hand}
"""
    )
    result = run_scenario(parse_scenario(text, "inline.yaml"))
    assert result.ok, result.problems


# ------------------------------------------- two target cards, one closing zone


@pytest.mark.rules("mtg:115.3", "mtg:400.3")
def test_two_target_cards_share_the_graveyard_that_closes_the_second() -> None:
    card = parse_card(
        "mtg",
        "Return up to one target instant card and up to one target sorcery card from your "
        "graveyard to your hand, then discard a card.",
        type_line="Sorcery",
    )
    assert not card.unsupported
    ability = card.abilities[0]
    assert isinstance(ability, n.SpellAbility)
    assert ability.effects == (
        n.ReturnToHand(n.TargetSlot(0)),
        n.ReturnToHand(n.TargetSlot(1)),
        n.Discard(n.You(), 1),
    )
    first, second = ability.requirements
    yours = d.InZone("graveyard", "you")
    assert first.descriptor == d.AllOf((d.IsCard(), d.HasType("instant"), yours))
    assert second.descriptor == d.AllOf((d.IsCard(), d.HasType("sorcery"), yours))
    assert (first.zone, second.zone, first.max, second.max) == ("graveyard", "graveyard", 1, 1)


def test_witch_of_the_moors_sacrifice_and_you_return() -> None:
    text = (
        "Deathtouch\nAt the beginning of your end step, if you gained life this turn, each "
        "opponent sacrifices a creature of their choice and you return up to one target "
        "creature card from your graveyard to your hand."
    )
    card = parse_card("mtg", text, name="Witch of the Moors", type_line="Creature — Human Warlock")
    assert not [u for u in card.unsupported if "target" in u.text]
    trigger = card.abilities[-1]
    assert isinstance(trigger, n.TriggeredAbility)
    (condition,) = trigger.effects
    assert isinstance(condition, n.IfCondition)
    sacrifice, returned = condition.effects
    assert isinstance(sacrifice, n.Sacrifice) and sacrifice.descriptor == CREATURE
    assert returned == n.ReturnToHand(n.TargetSlot(0))


# ------------------------------------- several objects of one player, or of different ones


@pytest.mark.rules("mtg:601.2c")
@pytest.mark.parametrize(
    ("text", "effect", "same", "different", "opponent"),
    [
        # Incriminate
        (
            "Choose two target creatures controlled by the same player.",
            n.ChooseTarget(SLOT),
            True,
            False,
            False,
        ),
        # Retribution
        (
            "Choose two target creatures controlled by the same opponent.",
            n.ChooseTarget(SLOT),
            True,
            False,
            True,
        ),
        # Run Away Together
        (
            "Choose two target creatures controlled by different players.",
            n.ChooseTarget(SLOT),
            False,
            True,
            False,
        ),
        # Protector of the Wastes
        (
            "Exile up to two target artifacts and/or enchantments controlled by different players.",
            n.Exile(SLOT),
            False,
            True,
            False,
        ),
        # Modify Memory
        (
            "Exchange control of two target creatures controlled by different players.",
            n.ExchangeControl(SLOT, SLOT),
            False,
            True,
            False,
        ),
    ],
)
def test_targets_of_one_player_or_of_different_players(
    text: str, effect: object, same: bool, different: bool, opponent: bool
) -> None:
    card = parse_card("mtg", text, type_line="Sorcery")
    assert not card.unsupported
    ability = card.abilities[0]
    assert isinstance(ability, n.SpellAbility)
    assert ability.effects[0] == effect
    (req,) = ability.requirements
    tests = {(t.test, t.prop, t.among) for t in req.together}
    assert (("same", "player", ()) in tests, ("different", "player", ()) in tests) == (
        same,
        different,
    )
    assert (d.Controller("opponent") in getattr(req.descriptor, "parts", ())) == opponent


def test_controlled_by_on_a_single_target_is_not_read() -> None:
    assert not_read("Exile target creature controlled by different players.")


@pytest.mark.rules("mtg:701.17a")
def test_incriminate_that_player_sacrifices_one_of_them() -> None:
    found = effects(
        "Choose two target creatures controlled by the same player. That player sacrifices "
        "one of them of their choice.",
        "Incriminate",
        "Instant",
    )
    them = n.It("them")
    assert found[1] == n.Sacrifice(n.ControllerOf(them), d.IsPermanent(), 1, among=them)


# ------------------------------------------------------------ life totals, each


@pytest.mark.rules("mtg:701.10c")
def test_two_target_players_exchange_life_totals() -> None:
    assert effects("Two target players exchange life totals.") == (n.ExchangeLifeTotals(SLOT),)
    # one player: not an exchange between two target players
    assert not_read("Target player exchange life totals.")


@pytest.mark.rules("mtg:701.10a", "mtg:701.10c")
def test_no_exchange_when_one_player_is_no_longer_a_legal_target() -> None:
    text = """game: mtg
players: [Alice, Bob]
cards:
  Test Swap: {type: Sorcery, text: "Two target players exchange life totals."}
setup:
  Alice: {hand: [Test Swap], life: 5}
  Bob: {life: 20}
steps:
  - {cast: Test Swap, by: Alice, targets: [Alice, Bob]}
  - do: {grant: {Bob: [hexproof]}}
  - resolve: 1
  - expect:
      life: {Alice: 5, Bob: 20}
      events: [{kind: no_exchange, rule: mtg:701.10a}]
"""
    result = run_scenario(parse_scenario(text, "inline.yaml"))
    assert result.ok, result.problems


@pytest.mark.rules("mtg:119.3", "mtg:701.17a")
def test_any_number_of_target_players_each_lose_life_and_sacrifice() -> None:
    text = """game: mtg
players: [Alice, Bob, Cleo]
cards:
  Test Priest:
    type: Sorcery
    text: "Any number of target players each lose 2 life and sacrifice a creature of their choice."
setup:
  Alice: {hand: [Test Priest], battlefield: [Grizzly Bears]}
  Bob: {battlefield: [Serra Angel]}
  Cleo: {battlefield: [Llanowar Elves, Runeclaw Bear]}
steps:
  - {cast: Test Priest, by: Alice, targets: [Bob, Cleo]}
  - {resolve: 1, choose: {chosen: [Runeclaw Bear]}}
  - expect:
      life: {Alice: 20, Bob: 18, Cleo: 18}
      zone: {Serra Angel: graveyard, Runeclaw Bear: graveyard, Llanowar Elves: battlefield,
             Grizzly Bears: battlefield}
"""
    result = run_scenario(parse_scenario(text, "inline.yaml"))
    assert result.ok, result.problems


@pytest.mark.rules("mtg:701.10c")
def test_mirror_universe_exchanges_your_life_total_with_the_target_opponents() -> None:
    text = """game: mtg
players: [Alice, Bob]
cards:
  Test Mirror: {type: Sorcery, text: "Exchange life totals with target opponent."}
setup:
  Alice: {hand: [Test Mirror], life: 4}
  Bob: {life: 15}
steps:
  - {cast: Test Mirror, by: Alice, targets: [Alice], rejected: true}
  - {cast: Test Mirror, by: Alice, targets: [Bob]}
  - resolve: 1
  - expect: {life: {Alice: 15, Bob: 4}}
"""
    result = run_scenario(parse_scenario(text, "inline.yaml"))
    assert result.ok, result.problems
    assert effects("Exchange life totals with target opponent.") == (
        n.ExchangeLifeTotals(n.You(), SLOT),
    )


@pytest.mark.rules("mtg:608.2d", "mtg:119.3")
def test_you_may_have_target_player_lose_life() -> None:
    found = effects(
        "Whenever a land you control enters, you may have target player lose 3 life.",
        "Ob Nixilis, the Fallen",
        "Creature — Demon",
    )
    assert found == (n.May((n.LoseLife(SLOT, 3),)),)


# ------------------------------------------------------------ several copies


@pytest.mark.rules("mtg:707.10", "mtg:707.10c")
@pytest.mark.parametrize(
    ("text", "times"),
    [
        # Echo Mage
        (
            "Copy target instant or sorcery spell twice. You may choose new targets for the "
            "copies.",
            2,
        ),
        # the shape of Myojin of Cryptic Dreams' (a permanent spell's copy isn't read)
        ("Copy target instant spell three times.", 3),
    ],
)
def test_copy_a_spell_several_times(text: str, times: int) -> None:
    found = effects(text, type_line="Instant")
    new = "copies" in text
    assert found == (n.CopySpell(SLOT, may_choose_new_targets=new, times=times),)


def test_the_copies_with_no_copy_read_before_is_not_read() -> None:
    # Fury Storm's words with a companion for the commander: the copy sentence isn't
    # read, so "the copies" names nothing
    text = (
        "When you cast this spell, copy it for each time you've cast your companion from "
        "the command zone this game. You may choose new targets for the copies."
    )
    card = parse_card("mtg", text, name="Fury Storm", type_line="Instant")
    assert "You may choose new targets for the copies." in [u.text for u in card.unsupported]


COPIES = """cards:
  Test Echo:
    type: Instant
    text: "Copy target instant or sorcery spell twice. You may choose new targets for the copies."
"""


@pytest.mark.rules("mtg:707.10")
def test_two_copies_keep_the_targets() -> None:
    text = (
        "game: mtg\nplayers: [Alice, Bob]\n"
        + COPIES
        + """setup:
  Alice: {hand: [Lightning Bolt, Test Echo]}
steps:
  - {cast: Lightning Bolt, by: Alice, targets: [Bob]}
  - {cast: Test Echo, by: Alice, targets: [Lightning Bolt]}
  - {resolve: 1, choose: {may: false}}
  - expect:
      stack: [copy of Lightning Bolt, copy of Lightning Bolt, Lightning Bolt]
  - {resolve: 3}
  - expect: {life: {Bob: 11}}
"""
    )
    result = run_scenario(parse_scenario(text, "inline.yaml"))
    assert result.ok, result.problems


@pytest.mark.rules("mtg:707.10c")
def test_new_targets_for_each_of_several_copies_is_not_supported() -> None:
    text = (
        "game: mtg\nplayers: [Alice, Bob]\n"
        + COPIES
        + """setup:
  Alice: {hand: [Lightning Bolt, Test Echo]}
steps:
  - {cast: Lightning Bolt, by: Alice, targets: [Bob]}
  - {cast: Test Echo, by: Alice, targets: [Lightning Bolt]}
  - {resolve: 1, choose: {copy_targets: [[Alice]]}}
"""
    )
    result = run_scenario(parse_scenario(text, "inline.yaml"))
    assert not result.ok
    assert "several copies" in " ".join(result.problems)


@pytest.mark.rules("mtg:121.1", "mtg:119.3")
@pytest.mark.parametrize(
    ("text", "second"),
    [
        # Armistice, Mindculling: "and" then another subject, read as before
        ("You draw a card and target opponent gains 3 life.", n.GainLife(SLOT, 3)),
        ("You draw two cards and target opponent discards two cards.", n.Discard(SLOT, 2)),
    ],
)
def test_you_draw_and_a_target_opponent_still_reads(text: str, second: object) -> None:
    assert effects(text)[1] == second
