"""Magic numbers read as an effect happens (mtg:608.2h): ", where X is ..." for every
number of a clause (mtg:107.3c), "that much life" / "that many cards" (the trigger's
number, mtg:603.2), "life equal to ...", "twice ...", "3 plus ...", counters on an
object, the cards in a target player's hand, "a card for each ... target opponent
controls". Real card text (Oracle), then behaviour in small games."""

from __future__ import annotations

import pytest
from tests.helpers import read_effects, unread

from tcgrules.cardtext import nodes as n
from tcgrules.cardtext import parse_card
from tcgrules.games.magic.effects_amounts import total_cost
from tcgrules.kernel import descriptors as d
from tcgrules.scenario.loader import parse_scenario
from tcgrules.scenario.runner import run_scenario


def effects(text: str, name: str, type_line: str = "Instant") -> tuple[object, ...]:
    return read_effects(text, name=name, type_line=type_line)


def not_read(text: str, name: str, type_line: str = "Instant") -> bool:
    return bool(unread(text, name=name, type_line=type_line))


SWAMPS = n.CountOf(d.AllOf((d.HasSubtype("swamp"), d.Controller("you"))))


# ------------------------------------------------------------------ reading


@pytest.mark.rules("mtg:107.3c", "mtg:608.2h")
def test_where_x_defines_every_number_of_the_clause() -> None:
    found = effects(
        "Tendrils of Corruption deals X damage to target creature and you gain X life, "
        "where X is the number of Swamps you control.",
        "Tendrils of Corruption",
    )
    assert found == (
        n.DealDamage(SWAMPS, n.TargetSlot(0), n.Self()),
        n.GainLife(n.You(), SWAMPS),
    )


@pytest.mark.rules("mtg:107.3c")
def test_where_x_sizes_a_token_and_mills() -> None:
    found = effects(
        "When this creature leaves the battlefield, target opponent creates an X/X blue Orb "
        "creature token with flying, where X is the number of +1/+1 counters on this "
        "creature.",
        "Phantasmal Sphere",
        "Creature — Spirit",
    )
    token = found[0]
    assert isinstance(token, n.CreateToken)
    counters = n.CountersOn("+1/+1", n.Self())
    assert token.description is not None
    assert (token.description.power, token.description.toughness) == (counters, counters)
    found = effects(
        "Whenever this creature or another Ally you control enters, target player mills X "
        "cards, where X is the number of Allies you control.",
        "Halimar Excavator",
        "Creature — Human Wizard Ally",
    )
    assert found == (
        n.Mill(
            n.TargetSlot(0),
            n.CountOf(d.AllOf((d.HasSubtype("ally"), d.Controller("you")))),
        ),
    )


@pytest.mark.parametrize(
    "text",
    [
        # (an X in a target phrase, "up to X target", is read since helper Q3: the most
        # targets, tests/cardtext/test_mtg_q3_target_limits.py)
        # an X in a target's mana value is read as a number the target phrase compares to
        # when the game can work it out as targets are chosen (helper Q1,
        # tests/cardtext/test_mtg_q1_bounds.py); one about the trigger's damage is not
        "Whenever this creature deals combat damage to a player, you may return target "
        "creature card with mana value X or less from your graveyard to the battlefield, "
        "where X is the amount of damage this creature dealt to that player.",
    ],
)
def test_where_x_beside_an_x_it_cannot_define_is_not_read(text: str) -> None:
    assert not_read(text, "Vile Requiem")


@pytest.mark.rules("mtg:603.2", "mtg:119.3", "mtg:701.13a")
def test_that_much_life_and_that_many_cards_are_the_triggers_number() -> None:
    found = effects(
        "Whenever you gain life, target opponent loses that much life.",
        "Sanguine Bond",
        "Enchantment",
    )
    assert found == (n.LoseLife(n.TargetSlot(0), n.TriggerAmount("that much")),)
    found = effects(
        "Whenever you attack with one or more creatures, target player mills that many cards.",
        "Screaming Swarm",
        "Creature — Bird Horror",
    )
    assert found == (n.Mill(n.TargetSlot(0), n.TriggerAmount("that many")),)


@pytest.mark.parametrize(
    ("text", "type_line"),
    [
        # the trigger names no number of life
        ("Whenever a creature enters, target opponent loses that much life.", "Enchantment"),
        # not at all triggered
        ("Target opponent loses that much life.", "Instant"),
        # "that many" of a trigger that names no number of objects
        ("Whenever you cast a spell, target player mills that many cards.", "Enchantment"),
    ],
)
def test_that_much_without_a_number_named_by_the_trigger_is_not_read(
    text: str, type_line: str
) -> None:
    assert not_read(text, "Dummy Bond", type_line)


@pytest.mark.rules("mtg:608.2h", "mtg:119.3")
def test_life_equal_to_a_targets_power_and_to_the_sources_power() -> None:
    found = effects("You gain life equal to target creature's power.", "Soul's Grace")
    assert found == (n.GainLife(n.You(), n.PowerOf(n.TargetSlot(0))),)
    found = effects(
        "Whenever an artifact you control is put into a graveyard from the battlefield, "
        "target opponent loses life equal to this creature's power.",
        "Marionette Master",
        "Creature — Human Artificer",
    )
    assert found == (n.LoseLife(n.TargetSlot(0), n.PowerOf(n.Self())),)


@pytest.mark.rules("mtg:608.2h")
def test_twice_and_plus() -> None:
    found = effects(
        "Welding Sparks deals X damage to target creature, where X is 3 plus the number of "
        "artifacts you control.",
        "Welding Sparks",
    )
    artifacts = n.CountOf(d.AllOf((d.HasType("artifact"), d.Controller("you"))))
    assert found == (n.DealDamage(n.Sum((3, artifacts)), n.TargetSlot(0), n.Self()),)
    found = effects(
        "Jovial Evil deals X damage to target opponent, where X is twice the number of white "
        "creatures that player controls.",
        "Jovial Evil",
        "Sorcery",
    )
    damage = found[0]
    assert isinstance(damage, n.DealDamage)
    assert isinstance(damage.amount, n.CountOf)
    assert damage.amount.multiplier == 2


@pytest.mark.rules("mtg:205.3i", "mtg:608.2h")
def test_basic_land_types_among_lands_and_cards_of_either_type() -> None:
    found = effects(
        "Tribal Flames deals X damage to any target, where X is the number of basic land "
        "types among lands you control.",
        "Tribal Flames",
        "Sorcery",
    )
    lands = d.AllOf((d.HasType("land"), d.Controller("you")))
    basic = ("plains", "island", "swamp", "mountain", "forest")
    assert found == (n.DealDamage(n.SubtypesAmong(basic, lands), n.TargetSlot(0), n.Self()),)
    found = effects(
        "Spite of Mogis deals damage to target creature equal to the number of instant and "
        "sorcery cards in your graveyard.",
        "Spite of Mogis",
        "Sorcery",
    )
    either = d.AnyOf((d.HasType("instant"), d.HasType("sorcery")))
    cards = d.AllOf((either, d.IsCard(), d.InZone("graveyard", "you")))
    assert found == (n.DealDamage(n.CountOf(cards), n.TargetSlot(0), n.Self()),)


@pytest.mark.rules("mtg:608.2h")
def test_the_one_number_of_a_clause_for_each() -> None:
    found = effects(
        "Target opponent loses 2 life for each Swamp you control.", "Dummy Stand", "Instant"
    )
    assert found == (n.LoseLife(n.TargetSlot(0), n.CountOf(SWAMPS.descriptor, 2)),)
    found = effects(
        "When this creature enters, it deals 1 damage to target opponent for each creature "
        "card in your graveyard.",
        "Lotleth Giant",
        "Creature — Zombie Giant",
    )
    cards = d.AllOf((d.IsCard(), d.HasType("creature"), d.InZone("graveyard", "you")))
    assert found == (n.DealDamage(n.CountOf(cards), n.TargetSlot(0), n.Self()),)
    # two numbers: which one is per thing can't be told
    assert not_read(
        "Dummy Bolt deals 2 damage to target creature and 1 damage to you for each Goblin "
        "you control.",
        "Dummy Bolt",
    )


@pytest.mark.rules("mtg:110.1", "mtg:608.2h")
def test_on_the_battlefield_is_every_players_permanents() -> None:
    found = effects(
        "Profane Prayers deals X damage to any target and you gain X life, where X is the "
        "number of Clerics on the battlefield.",
        "Profane Prayers",
        "Sorcery",
    )
    clerics = n.CountOf(d.AllOf((d.HasSubtype("cleric"), d.IsPermanent())))
    assert found == (
        n.DealDamage(clerics, n.TargetSlot(0), n.Self()),
        n.GainLife(n.You(), clerics),
    )


@pytest.mark.rules("mtg:608.2h", "mtg:122.1")
def test_counters_on_the_source_and_on_it() -> None:
    found = effects(
        "{2}, Sacrifice Heliophial: It deals damage equal to the number of charge counters "
        "on it to any target.",
        "Heliophial",
        "Artifact",
    )
    # an activated ability's "it": its source (as it last existed, mtg:608.2h)
    assert found == (n.DealDamage(n.CountersOn("charge", n.Self()), n.TargetSlot(0), n.Self()),)


@pytest.mark.rules("mtg:608.2h")
def test_cards_in_the_target_players_hand() -> None:
    found = effects(
        "Sudden Impact deals damage to target player equal to the number of cards in that "
        "player's hand.",
        "Sudden Impact",
    )
    assert found == (n.DealDamage(n.CardsIn("hand", n.TargetSlot(0)), n.TargetSlot(0), n.Self()),)
    # more than one target player: whose hand each count is can't be one slot
    assert not_read(
        "Dummy Impact deals damage to up to two target players equal to the number of cards "
        "in that player's hand.",
        "Dummy Impact",
    )
    # "that player" with no target player before it is not read
    assert not_read(
        "Dummy Impact deals damage to target creature equal to the number of cards in that "
        "player's hand.",
        "Dummy Impact",
    )


@pytest.mark.rules("mtg:608.2h", "mtg:121.1")
def test_a_card_for_each_object_a_target_player_controls() -> None:
    found = effects(
        "Draw a card for each tapped creature target opponent controls.", "Theft of Dreams"
    )
    tapped = d.AllOf((d.Status("tapped"), d.HasType("creature")))
    assert found == (n.Draw(n.You(), n.HowMany(n.EachControlledBy(tapped, n.TargetSlot(0)))),)


@pytest.mark.rules("mtg:701.5a", "mtg:608.2h")
def test_counter_unless_paying_for_each() -> None:
    found = effects(
        "Counter target spell unless its controller pays {1} for each card in your graveyard.",
        "Circular Logic",
    )
    cards = n.CountOf(d.AllOf((d.IsCard(), d.InZone("graveyard", "you"))))
    assert found == (n.CounterUnlessPaysEach(n.TargetSlot(0), "{1}", cards),)
    found = effects(
        "Counter target spell unless its controller pays {2} plus an additional {1} for each "
        "Faerie you control.",
        "Spell Stutter",
    )
    faeries = n.CountOf(d.AllOf((d.HasSubtype("faerie"), d.Controller("you"))))
    assert found == (n.CounterUnlessPaysEach(n.TargetSlot(0), "{1}", faeries, base="{2}"),)
    found = effects(
        "Sacrifice this creature: Counter target instant or sorcery spell unless its "
        "controller pays {X}, where X is this creature's power.",
        "Mausoleum Wanderer",
        "Creature — Spirit",
    )
    assert found == (n.CounterUnlessPaysEach(n.TargetSlot(0), "{1}", n.PowerOf(n.Self())),)


@pytest.mark.parametrize(
    ("mana", "times", "base", "total"),
    [
        ("{1}", 3, None, "{3}"),
        ("{1}", 0, None, "{0}"),
        ("{1}", 2, "{2}", "{4}"),
        ("{U}", 2, "{1}", "{1}{U}{U}"),
    ],
)
def test_the_total_cost_adds_up_generic_mana(
    mana: str, times: int, base: str | None, total: str
) -> None:
    assert total_cost(mana, times, base) == total


@pytest.mark.rules("mtg:601.2h", "mtg:608.2h")
def test_the_sacrificed_creatures_power_is_read_as_the_costs() -> None:
    card = parse_card(
        "mtg",
        "{R}, Sacrifice a creature other than Brion Stoutarm: Brion Stoutarm deals damage "
        "equal to the sacrificed creature's power to target player or planeswalker.",
        name="Brion Stoutarm",
        type_line="Legendary Creature — Giant Warrior",
    )
    assert not card.unsupported
    ability = card.abilities[0]
    assert isinstance(ability, n.ActivatedAbility)
    assert ability.effects == (
        n.DealDamage(n.SacrificedValue("power", "creature"), n.TargetSlot(0), n.Self()),
    )


@pytest.mark.rules("mtg:700.8")
def test_the_creatures_in_your_party() -> None:
    found = effects(
        "When this creature enters, it deals X damage to target creature or planeswalker, "
        "where X is the number of creatures in your party.",
        "Thundering Sparkmage",
        "Creature — Human Wizard",
    )
    yours = d.AllOf((d.HasType("creature"), d.Controller("you")))
    party = n.RolesFilled(("cleric", "rogue", "warrior", "wizard"), yours)
    assert found == (n.DealDamage(party, n.TargetSlot(0), n.Self()),)


@pytest.mark.rules("mtg:700.5")
def test_devotion_and_minus_x() -> None:
    found = effects(
        "When this creature enters, target creature an opponent controls gets -X/-0 until "
        "end of turn, where X is your devotion to blue.",
        "Threnody Singer",
        "Enchantment Creature — Siren",
    )
    yours = d.AllOf((d.IsPermanent(), d.Controller("you")))
    minus = n.Scaled(-1, n.SymbolsInCosts("U", yours))
    assert found == (n.ModifyPT(n.TargetSlot(0), minus, 0, "end_of_turn"),)


@pytest.mark.rules("mtg:201.5a")
def test_the_granting_objects_name_in_a_granted_ability_is_not_read_as_self() -> None:
    """In the creature's ability, "Archery Training" is the Aura, not the creature."""
    card = parse_card(
        "mtg",
        'Enchanted creature has "{T}: This creature deals X damage to target attacking or '
        'blocking creature, where X is the number of arrow counters on Archery Training."',
        name="Archery Training",
        type_line="Enchantment — Aura",
    )
    assert card.unsupported


@pytest.mark.parametrize(
    ("text", "name", "type_line"),
    [
        # "that spell" is the trigger's spell, not the target creature
        (
            "Whenever you cast a noncreature spell, target creature gets +X/+0 until end of "
            "turn, where X is that spell's mana value.",
            "Livaan, Cultist of Tiamat",
            "Legendary Creature — Dragon Cleric",
        ),
        # (Fell Beast of Mordor's "counters on it" in its own trigger is the source:
        # test_mtg_trigger_object.py)
    ],
)
def test_a_number_of_an_object_named_elsewhere_is_not_read(
    text: str, name: str, type_line: str
) -> None:
    assert not_read(text, name, type_line)


# ------------------------------------------------------------------ behaviour

_CARDS = """
cards:
  Tendrils of Corruption:
    type: Instant
    cost: "{3}{B}"
    text: >-
      Tendrils of Corruption deals X damage to target creature and you gain X life,
      where X is the number of Swamps you control.
  Sudden Impact:
    type: Instant
    cost: "{3}{R}"
    text: >-
      Sudden Impact deals damage to target player equal to the number of cards in that
      player's hand.
  Sanguine Bond:
    type: Enchantment
    cost: "{3}{B}{B}"
    text: Whenever you gain life, target opponent loses that much life.
  Heliophial:
    type: Artifact
    cost: "{5}"
    text: >-
      {2}, Sacrifice Heliophial: It deals damage equal to the number of charge counters
      on it to any target.
  Circular Logic:
    type: Instant
    cost: "{2}{U}"
    text: Counter target spell unless its controller pays {1} for each card in your graveyard.
  Brion Stoutarm:
    type: Legendary Creature — Giant Warrior
    cost: "{2}{R}{W}"
    power: 4
    toughness: 4
    text: >-
      {R}, Sacrifice a creature other than Brion Stoutarm: Brion Stoutarm deals damage
      equal to the sacrificed creature's power to target player or planeswalker.
  Thundering Sparkmage:
    type: Creature — Human Wizard
    cost: "{3}{R}"
    power: 3
    toughness: 3
    text: >-
      When this creature enters, it deals X damage to target creature or planeswalker,
      where X is the number of creatures in your party.
  Cleric Wizard:
    type: Creature — Human Cleric Wizard
    power: 1
    toughness: 1
  Rogue Warrior:
    type: Creature — Elf Rogue Warrior
    power: 1
    toughness: 1
  Swamp:
    type: Basic Land — Swamp
  Island:
    type: Basic Land — Island
  Craw Wurm:
    type: Creature — Wurm
    cost: "{4}{G}{G}"
    power: 6
    toughness: 4
"""


def play(steps: str, setup: str) -> None:
    text = f"game: mtg\nplayers: [Alice, Bob]\n{_CARDS}\nsetup:\n{setup}\nsteps:\n{steps}"
    result = run_scenario(parse_scenario(text, "amounts-test.yaml"))
    assert result.ok, result.error or result.failures


@pytest.mark.rules("mtg:107.3c", "mtg:608.2h")
def test_x_is_counted_once_per_effect_as_it_happens() -> None:
    """Two Swamps of Alice's, one of Bob's: 2 damage and 2 life."""
    play(
        """
  - cast: Tendrils of Corruption
    by: Alice
    targets: [Craw Wurm]
  - resolve: 1
  - expect: {damage: {Craw Wurm: 2}, life: {Alice: 22, Bob: 20}}
""",
        "  Alice:\n    hand: [Tendrils of Corruption]\n    battlefield: [Swamp, Swamp]\n"
        "  Bob:\n    battlefield: [Craw Wurm, Swamp]\n",
    )


@pytest.mark.rules("mtg:608.2h")
def test_the_hand_counted_is_the_target_players() -> None:
    """Bob holds two cards, Alice three: Bob is dealt 2; targeting Alice, she is dealt 3."""
    play(
        """
  - cast: Sudden Impact
    by: Alice
    targets: [Bob]
  - resolve: 1
  - expect: {life: {Alice: 20, Bob: 18}}
""",
        "  Alice:\n    hand: [Sudden Impact, Island, Island, Island]\n"
        "  Bob:\n    hand: [Island, Island]\n",
    )
    play(
        """
  - cast: Sudden Impact
    by: Alice
    targets: [Alice]
  - resolve: 1
  - expect: {life: {Alice: 17, Bob: 20}}
""",
        "  Alice:\n    hand: [Sudden Impact, Island, Island, Island]\n"
        "  Bob:\n    hand: [Island, Island]\n",
    )


@pytest.mark.rules("mtg:603.2")
def test_that_much_without_the_triggers_number_is_not_supported() -> None:
    text = (
        f"game: mtg\nplayers: [Alice, Bob]\n{_CARDS}\nsetup:\n"
        "  Alice:\n    battlefield: [Sanguine Bond]\n"
        "steps:\n  - trigger: Sanguine Bond\n    targets: [Bob]\n  - resolve: 1\n"
    )
    result = run_scenario(parse_scenario(text, "amounts-test.yaml"))
    assert not result.ok
    assert "that much" in str(result.error or result.failures or result.unsupported)


@pytest.mark.rules("mtg:608.2h", "mtg:122.1")
def test_counters_on_a_source_that_left_are_its_last_known_counters() -> None:
    play(
        """
  - activate: Heliophial
    by: Alice
    ability: 1
    targets: [Bob]
  - do: {move: {Heliophial: graveyard}}
  - resolve: 1
  - expect: {life: {Bob: 18}}
""",
        "  Alice:\n    battlefield: [{card: Heliophial, counters: {charge: 2}}]\n",
    )


@pytest.mark.rules("mtg:701.5a", "mtg:608.2h")
def test_the_cost_to_pay_is_counted_on_resolution() -> None:
    """Two cards in Alice's graveyard as Circular Logic resolves: Bob pays {2}, and his
    spell stays; unpaid, it is countered."""
    text = (
        f"game: mtg\nplayers: [Alice, Bob]\n{_CARDS}\nsetup:\n"
        "  Alice:\n    hand: [Circular Logic]\n    graveyard: [Island, Swamp]\n"
        "  Bob:\n    hand: [Sudden Impact]\n"
        "steps:\n"
        "  - cast: Sudden Impact\n    by: Bob\n    targets: [Alice]\n"
        "  - cast: Circular Logic\n    by: Alice\n    targets: [Sudden Impact]\n"
        "  - {resolve: 1, choose: {pay: true}}\n"
        "  - expect: {zone: {Sudden Impact: stack}}\n"
    )
    result = run_scenario(parse_scenario(text, "amounts-test.yaml"))
    assert result.ok, result.error or result.failures
    said = [line.text for step in result.steps for line in step.narration]
    assert any("pays {2}" in line for line in said), said
    unpaid = text.replace("{pay: true}", "{pay: false}").replace(
        "{zone: {Sudden Impact: stack}}", "{zone: {Sudden Impact: graveyard}}"
    )
    result = run_scenario(parse_scenario(unpaid, "amounts-test.yaml"))
    assert result.ok, result.error or result.failures


@pytest.mark.rules("mtg:601.2h")
def test_resolving_with_the_sacrificed_creatures_power_is_not_supported() -> None:
    """The object sacrificed to pay a cost is kept only when the activation names it
    (``paid:``, helper T1): without it, resolving says so rather than dealing a guessed
    amount."""
    text = (
        f"game: mtg\nplayers: [Alice, Bob]\n{_CARDS}\nsetup:\n"
        "  Alice:\n    battlefield: [Brion Stoutarm, Craw Wurm]\n"
        "steps:\n"
        "  - activate: Brion Stoutarm\n    ability: 1\n    by: Alice\n    targets: [Bob]\n"
        "  - resolve: 1\n"
    )
    result = run_scenario(parse_scenario(text, "amounts-test.yaml"))
    assert not result.ok
    assert "nothing was sacrificed" in str(result.error or result.failures or result.unsupported)


@pytest.mark.rules("mtg:700.8", "mtg:700.8b")
@pytest.mark.parametrize(
    ("mine", "party"),
    [
        # the Sparkmage is the Wizard; the Cleric Wizard fills Cleric
        ("[Thundering Sparkmage, Cleric Wizard]", 2),
        # a Rogue Warrior fills one role only: 3, not 4
        ("[Thundering Sparkmage, Cleric Wizard, Rogue Warrior]", 3),
        # Bob's creatures are not in Alice's party
        ("[Thundering Sparkmage]", 1),
    ],
)
def test_a_party_counts_each_creature_for_one_role(mine: str, party: int) -> None:
    play(
        f"""
  - trigger: Thundering Sparkmage
    targets: [Craw Wurm]
  - resolve: 1
  - expect: {{damage: {{Craw Wurm: {party}}}}}
""",
        f"  Alice:\n    battlefield: {mine}\n"
        "  Bob:\n    battlefield: [Craw Wurm, {card: Rogue Warrior, as: Bob's Rogue}]\n",
    )
