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
        "Whenever a creature you control deals combat damage to a player, it deals 2 "
        "damage to any target and 2 damage to you.",
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
