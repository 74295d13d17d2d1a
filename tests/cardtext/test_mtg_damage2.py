"""Magic damage, second pass (helper Z1): one source dealing several parts of a damage
sentence ("it deals 4 damage to any target and 3 damage to ..."), and numbers of what
an earlier part of the same resolution did ("this way", mtg:608.2c)."""

from __future__ import annotations

import pytest

from tcgrules.cardtext import nodes as n
from tcgrules.cardtext import parse_card
from tcgrules.kernel import descriptors as d
from tcgrules.scenario.loader import parse_scenario
from tcgrules.scenario.runner import run_scenario


def _effects(text: str, name: str, type_line: str) -> tuple[object, ...]:
    card = parse_card("mtg", text, name=name, type_line=type_line)
    assert not card.unsupported, card.unsupported
    ability = card.abilities[-1]
    return tuple(getattr(ability, "effects", ()))


@pytest.mark.rules("mtg:120.2b", "mtg:603.2")
@pytest.mark.parametrize(
    ("text", "name", "type_line"),
    [
        (
            "Flying\nWhenever Drakuseth attacks, it deals 4 damage to any target and 3 "
            "damage to each of up to two other targets.",
            "Drakuseth, Maw of Flames",
            "Legendary Creature — Dragon",
        ),
        (
            "When this creature enters, it deals 3 damage to target opponent or "
            "planeswalker and 3 damage to up to one target creature.",
            "Burning Sun's Avatar",
            "Creature — Dinosaur Avatar",
        ),
    ],
)
def test_it_deals_both_parts_of_a_damage_sentence(text: str, name: str, type_line: str) -> None:
    found = _effects(text, name, type_line)
    assert [type(e) for e in found] == [n.DealDamage, n.DealDamage]
    # one source, the permanent the trigger is about, deals each part
    assert all(isinstance(e, n.DealDamage) and e.source == n.Self() for e in found)
    assert [e.to for e in found if isinstance(e, n.DealDamage)] == [
        n.TargetSlot(0),
        n.TargetSlot(1),
    ]


@pytest.mark.rules("mtg:120.2b")
def test_it_of_a_trigger_about_another_object_stays_that_object_in_the_second_part() -> None:
    # "it" of "Whenever a creature you control enters" is that creature, not the source
    found = _effects(
        "Whenever another creature you control enters, it deals 1 damage to target "
        "opponent and 1 damage to up to one target creature.",
        "Test Pyre",
        "Enchantment",
    )
    sources = [e.source for e in found if isinstance(e, n.DealDamage)]
    assert len(sources) == 2
    assert all(isinstance(s, n.TriggerObject) for s in sources)
    assert sources[0] == sources[1]


def test_it_that_names_no_one_object_is_still_not_read() -> None:
    card = parse_card(
        "mtg",
        # two objects of the trigger event: which one "it" is can't be told
        "Whenever a creature blocks a creature you control, it deals 2 damage to any "
        "target and 2 damage to you.",
        name="Test Pyre",
        type_line="Enchantment",
    )
    assert card.unsupported


# ------------------------------------------------------------------ "this way"


@pytest.mark.rules("mtg:608.2c")
def test_for_each_card_exiled_this_way_counts_the_exiled_cards_in_exile() -> None:
    found = _effects(
        "When this enchantment enters, exile all creature cards from target player's "
        "graveyard, then create a 2/2 black Zombie creature token for each card exiled "
        "this way.",
        "Necromancer's Covenant",
        "Enchantment",
    )
    token = found[-1]
    assert isinstance(token, n.CreateToken)
    assert token.count == n.MovedThisWay(
        d.AllOf((d.IsCard(), d.InZone("exile"))), "exile", "exiled", None, 1
    )


@pytest.mark.rules("mtg:608.2c", "mtg:701.13a")
def test_put_into_their_graveyard_this_way_after_a_mill() -> None:
    found = _effects(
        "At the beginning of your upkeep, target opponent mills three cards, then you "
        "draw a card for each land card put into their graveyard this way.",
        "Patient Rebuilding",
        "Enchantment",
    )
    draw = found[-1]
    assert isinstance(draw, n.Draw)
    assert draw.count == n.MovedThisWay(
        d.AllOf((d.IsCard(), d.HasType("land"), d.InZone("graveyard"))),
        "graveyard",
        "put into a graveyard",
        None,
        1,
    )


@pytest.mark.parametrize(
    "text",
    [
        # no earlier part: "this way" is the trigger's discard (Captain Howler)
        "Whenever you discard one or more cards, you gain 1 life for each card discarded this way.",
        # the trigger event is a discard too: which one is meant can't be told
        "Whenever you discard a card, exile target card from a graveyard, then you "
        "gain 1 life for each card discarded this way.",
        # revealing and tapping move nothing: not read
        "Reveal the top three cards of your library, then you gain 1 life for each "
        "card revealed this way.",
        "Tap all untapped Wolf creatures you control, then you gain 1 life for each "
        "creature tapped this way.",
    ],
)
def test_this_way_that_is_not_an_earlier_move_is_not_read(text: str) -> None:
    card = parse_card("mtg", text, name="Test", type_line="Enchantment")
    assert card.unsupported


_CARDS = """
cards:
  Rebuild:
    type: Sorcery
    cost: "{U}"
    text: >-
      Target opponent mills three cards, then you gain 1 life for each land card
      milled this way.
  Odd Rebuild:
    type: Sorcery
    cost: "{U}"
    text: >-
      Target opponent mills three cards, then you gain 1 life for each card
      discarded this way.
  Mill Blast:
    type: Sorcery
    cost: "{R}"
    text: >-
      Target opponent mills two cards. Mill Blast deals X damage to any target, where
      X is the number of nonland cards milled this way.
  Refuse:
    type: Instant
    cost: "{3}{R}"
    text: Refuse deals damage to target spell's controller equal to that spell's mana value.
  Big Wurm:
    type: Creature — Wurm
    cost: "{4}{G}{G}"
    power: 6
    toughness: 4
  Land A:
    type: Land
  Land B:
    type: Land
  Land C:
    type: Land
  Rock A:
    type: Artifact
    cost: "{1}"
  Rock B:
    type: Artifact
    cost: "{1}"
"""


def _play(steps: str, setup: str) -> None:
    text = f"game: mtg\nplayers: [Alice, Bob]\n{_CARDS}\nsetup:\n{setup}\nsteps:\n{steps}"
    result = run_scenario(parse_scenario(text, "damage2-test.yaml"))
    assert result.ok, result.error or result.failures


@pytest.mark.rules("mtg:608.2c", "mtg:608.2h")
def test_only_what_this_resolution_milled_counts() -> None:
    """Two lands milled now count; the land already in the graveyard does not."""
    _play(
        """
  - cast: Rebuild
    by: Alice
    targets: [[Bob]]
  - resolve: 1
  - expect: {life: {Alice: 22}, zone: {Rock A: graveyard, Land A: graveyard}}
""",
        "  Alice:\n    hand: [Rebuild]\n  Bob:\n    graveyard: [Land C]\n"
        "    library: [Rock B, Land A, Rock A, Land B]\n",
    )


@pytest.mark.rules("mtg:608.2c", "mtg:701.8a")
def test_milled_cards_were_not_discarded_this_way() -> None:
    """A discard is from a hand: cards milled from a library are not counted."""
    _play(
        """
  - cast: Odd Rebuild
    by: Alice
    targets: [[Bob]]
  - resolve: 1
  - expect: {life: {Alice: 20}, zone: {Land A: graveyard}}
""",
        "  Alice:\n    hand: [Odd Rebuild]\n  Bob:\n    library: [Land A, Land B, Rock A]\n",
    )


@pytest.mark.rules("mtg:608.2c", "mtg:120.3a")
def test_damage_equal_to_the_number_milled_this_way() -> None:
    _play(
        """
  - cast: Mill Blast
    by: Alice
    targets: [[Bob], [Bob]]
  - resolve: 1
  - expect: {life: {Bob: 18}, zone: {Rock A: graveyard, Rock B: graveyard}}
""",
        "  Alice:\n    hand: [Mill Blast]\n  Bob:\n    library: [Land A, Rock B, Rock A]\n",
    )


@pytest.mark.rules("mtg:112.2", "mtg:202.3")
def test_refuse_reads_the_target_spell_for_both_player_and_number() -> None:
    found = _effects(
        "Refuse deals damage to target spell's controller equal to that spell's mana value.",
        "Refuse",
        "Instant",
    )
    assert found == (
        n.DealDamage(
            n.NumberOf("mana_value", n.TargetSlot(0)),
            n.ControllerOf(n.TargetSlot(0)),
            source=n.Self(),
        ),
    )


@pytest.mark.rules("mtg:112.2", "mtg:202.3", "mtg:120.3a")
def test_refuse_deals_the_spells_mana_value_to_its_controller() -> None:
    """Bob's six-mana Wurm: Bob is dealt 6; the Wurm still resolves."""
    _play(
        """
  - cast: Big Wurm
    by: Bob
  - cast: Refuse
    by: Alice
    targets: [[Big Wurm]]
  - resolve: 1
  - expect: {life: {Bob: 14, Alice: 20}, stack: [Big Wurm]}
  - resolve: 1
  - expect: {zone: {Big Wurm: battlefield}}
""",
        "  Alice:\n    hand: [Refuse]\n  Bob:\n    hand: [Big Wurm]\n",
    )


@pytest.mark.rules("mtg:608.2h")
def test_that_card_is_the_returned_target() -> None:
    found = _effects(
        "Return target creature card from your graveyard to your hand. Lie in Wait deals "
        "damage equal to that card's power to target creature.",
        "Lie in Wait",
        "Sorcery",
    )
    assert found[-1] == n.DealDamage(n.PowerOf(n.It("that card")), n.TargetSlot(1), source=n.Self())


# ------------------------------------------------------------------ "they each deal"


@pytest.mark.rules("mtg:120.2b")
def test_they_each_deal_is_the_first_target_of_the_sentence_before() -> None:
    found = _effects(
        "Up to two target creatures you control each get +1/+0 until end of turn. They "
        "each deal damage equal to their power to another target creature, planeswalker, "
        "or battle.",
        "Tandem Takedown",
        "Instant",
    )
    assert found[-1] == n.EachDealsPower(n.TargetSlot(0), n.TargetSlot(1))


def test_they_with_nothing_before_is_not_read() -> None:
    card = parse_card(
        "mtg",
        "They each deal damage equal to their power to target creature.",
        name="Test",
        type_line="Instant",
    )
    assert card.unsupported


_THEY = """
  Team:
    type: Instant
    cost: "{G}"
    text: >-
      Up to two target creatures you control each get +1/+0 until end of turn. They
      each deal damage equal to their power to another target creature.
  Bear:
    type: Creature — Bear
    cost: "{1}{G}"
    power: 2
    toughness: 2
  Wall:
    type: Creature — Wall
    cost: "{1}"
    power: 0
    toughness: 9
"""


@pytest.mark.rules("mtg:120.2b", "mtg:608.2b")
def test_each_source_deals_its_own_power_and_an_illegal_one_deals_none() -> None:
    """Bear (3 after the pump) deals 3; the other creature has left the battlefield
    before resolution, so it is not a legal target and deals nothing (mtg:608.2b)."""
    text = (
        "game: mtg\nplayers: [Alice, Bob]\ncards:\n"
        + _THEY
        + "setup:\n  Alice:\n    hand: [Team]\n    battlefield: [Bear, {card: Bear, as: Cub}]\n"
        "  Bob:\n    battlefield: [Wall]\n"
        "steps:\n"
        "  - cast: Team\n    by: Alice\n    targets: [[Bear, Cub], [Wall]]\n"
        "  - do: {move: {Cub: graveyard}}\n"
        "  - resolve: 1\n"
        "  - expect: {damage: {Wall: 3, Bear: 0}}\n"
    )
    result = run_scenario(parse_scenario(text, "damage2-they.yaml"))
    assert result.ok, result.error or result.failures


@pytest.mark.rules("mtg:120.2b", "mtg:603.10a")
def test_it_of_a_trigger_about_the_source_going_to_a_graveyard_is_the_source() -> None:
    # "a graveyard" is a zone, not another object of the trigger event
    found = _effects(
        "When this artifact is put into a graveyard from the battlefield, it deals 3 damage "
        "to any target.",
        "Goblin Boom Keg",
        "Artifact",
    )
    assert found == (n.DealDamage(3, n.TargetSlot(0), source=n.Self()),)


@pytest.mark.rules("mtg:120.2b", "mtg:603.2")
def test_it_of_a_trigger_about_the_source_and_a_player_is_the_source() -> None:
    # a player is never "it": the one object of the trigger event is the source
    found = _effects(
        "Whenever this creature deals combat damage to a player, you may have it deal 2 "
        "damage to target creature that player controls.",
        "Skirk Commando",
        "Creature — Goblin",
    )
    (may,) = found
    assert isinstance(may, n.May)
    assert may.effects == (n.DealDamage(2, n.TargetSlot(0), source=n.Self()),)


@pytest.mark.rules("mtg:608.2c", "mtg:121.1")
def test_damage_and_you_draw_is_two_effects_in_order() -> None:
    found = _effects(
        "Whenever equipped creature deals combat damage to a player, Sword of Fire and Ice "
        "deals 2 damage to any target and you draw a card.",
        "Sword of Fire and Ice",
        "Artifact — Equipment",
    )
    assert found == (
        n.DealDamage(2, n.TargetSlot(0), source=n.Self()),
        n.Draw(n.You(), 1),
    )


@pytest.mark.rules("mtg:120.2b", "mtg:608.2c")
def test_it_after_a_conditional_part_on_the_first_target_is_that_target() -> None:
    found = _effects(
        "Target creature you control gets +2/+0 until end of turn if it's night. Then it "
        "deals damage equal to its power to target creature you don't control.",
        "Wolf Strike",
        "Instant",
    )
    assert isinstance(found[0], n.IfCondition)
    assert found[1] == n.DealDamage(n.PowerOf(n.It()), n.TargetSlot(1), source=n.It())


_NIGHT = """
  Strike:
    type: Instant
    cost: "{G}"
    text: >-
      Target creature you control gets +2/+0 until end of turn if it's night. Then it
      deals damage equal to its power to target creature you don't control.
  Bear:
    type: Creature — Bear
    cost: "{1}{G}"
    power: 2
    toughness: 2
  Wall:
    type: Creature — Wall
    cost: "{1}"
    power: 0
    toughness: 9
"""


def test_whether_it_is_night_is_not_known_so_resolving_is_refused() -> None:
    """Day and night are not kept: the condition can't be checked, and the
    resolution says so rather than guess."""
    text = (
        "game: mtg\nplayers: [Alice, Bob]\ncards:\n"
        + _NIGHT
        + "setup:\n  Alice:\n    hand: [Strike]\n    battlefield: [Bear]\n"
        "  Bob:\n    battlefield: [Wall]\n"
        "steps:\n"
        "  - cast: Strike\n    by: Alice\n    targets: [[Bear], [Wall]]\n"
        "  - resolve: 1\n"
    )
    result = run_scenario(parse_scenario(text, "damage2-night.yaml"))
    assert not result.ok
    assert "not supported" in str(result.error or result.failures or result.unsupported)
