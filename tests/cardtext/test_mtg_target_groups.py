"""Several target groups in one sentence (helper T5): each phrase is its own instance of
"target" (mtg:115.3), chosen as the spell or ability is put on the stack (mtg:601.2c),
and the effect happens to each in the order written (mtg:608.2c)."""

from __future__ import annotations

import pytest

from tcgrules.cardtext import nodes as n
from tcgrules.cardtext import parse_card
from tcgrules.kernel import descriptors as d
from tcgrules.scenario.loader import parse_scenario
from tcgrules.scenario.runner import run_scenario

T0, T1, T2 = n.TargetSlot(0), n.TargetSlot(1), n.TargetSlot(2)


def _card(text: str, type_line: str = "Sorcery") -> n.CardText:
    card = parse_card("mtg", text, name="Test", type_line=type_line)
    assert not card.unsupported, card.unsupported
    return card


@pytest.mark.rules("mtg:115.3", "mtg:701.11a")
def test_exile_list_with_and_or() -> None:
    card = _card(
        "Exile up to one target artifact, up to one target creature, up to one target "
        "enchantment, up to one target planeswalker, and/or up to one target land."
    )
    ability = card.abilities[0]
    assert isinstance(ability, n.SpellAbility)
    assert ability.effects == tuple(n.Exile(n.TargetSlot(i)) for i in range(5))
    reqs = card.target_requirements()
    assert [(r.min, r.max) for r in reqs] == [(0, 1)] * 5
    assert [r.descriptor for r in reqs] == [
        d.HasType("artifact"),
        d.HasType("creature"),
        d.HasType("enchantment"),
        d.HasType("planeswalker"),
        d.HasType("land"),
    ]


@pytest.mark.rules("mtg:115.1", "mtg:115.3")
def test_choose_list() -> None:
    card = _card(
        "Choose up to one target artifact, up to one target creature, and up to one target land."
    )
    assert card.abilities[0].effects == (  # type: ignore[union-attr]
        n.ChooseTarget(T0),
        n.ChooseTarget(T1),
        n.ChooseTarget(T2),
    )


@pytest.mark.rules("mtg:115.3", "mtg:400.3")
def test_return_list_to_the_battlefield_shares_the_zone() -> None:
    card = _card(
        "Return up to one target artifact card, up to one target land card, and up to one "
        "target non-Aura enchantment card from your graveyard to the battlefield."
    )
    assert card.abilities[0].effects == (  # type: ignore[union-attr]
        n.ReturnToBattlefield(T0),
        n.ReturnToBattlefield(T1),
        n.ReturnToBattlefield(T2),
    )
    # the closing "from your graveyard" is each phrase's zone
    assert [r.zone for r in card.target_requirements()] == ["graveyard"] * 3


@pytest.mark.rules("mtg:115.3", "mtg:120.3")
def test_damage_to_each_of_a_list() -> None:
    card = _card(
        "Test deals 2 damage to each of up to one target creature, up to one target "
        "player, and/or up to one target planeswalker."
    )
    assert card.abilities[0].effects == (  # type: ignore[union-attr]
        n.DealDamage(2, T0, source=n.Self()),
        n.DealDamage(2, T1, source=n.Self()),
        n.DealDamage(2, T2, source=n.Self()),
    )
    kinds = [r.kinds for r in card.target_requirements()]
    assert kinds == [
        frozenset({"creature"}),
        frozenset({"player"}),
        frozenset({"planeswalker"}),
    ]


def test_a_list_without_and_is_not_read() -> None:
    card = parse_card(
        "mtg",
        "Exile up to one target artifact, up to one target creature, up to one target land.",
        name="Test",
        type_line="Sorcery",
    )
    assert card.unsupported


GAME = """game: mtg
players: [Alice, Bob]
cards:
  Test Transformation:
    type: Sorcery
    cost: "{2}{R}"
    text: >-
      Exile up to one target artifact, up to one target creature, up to one target
      enchantment, up to one target planeswalker, and/or up to one target land.
  Test Arsonist:
    type: Sorcery
    cost: "{R}"
    text: >-
      Test Arsonist deals 1 damage to each of up to one target creature, up to one target
      player, and/or up to one target planeswalker.
  Test Relic:
    type: Artifact Creature — Golem
    cost: "{3}"
    power: 2
    toughness: 2
setup:
  Alice:
    hand: [Test Transformation, Test Arsonist]
  Bob:
    battlefield: [Grizzly Bears, Test Relic, Forest]
steps:
"""


def _run(steps: str) -> None:
    result = run_scenario(parse_scenario(GAME + steps))
    assert result.ok, result.problems


@pytest.mark.rules("mtg:115.3", "mtg:701.11a")
def test_each_group_is_exiled_and_empty_groups_are_skipped() -> None:
    _run("""  - cast: Test Transformation
    by: Alice
    targets: [[], [Grizzly Bears], [], [], [Forest]]
  - resolve: 1
  - expect:
      zone: {Grizzly Bears: exile, Forest: exile, Test Relic: battlefield}
""")


@pytest.mark.rules("mtg:115.3", "mtg:601.2c")
def test_one_object_for_two_target_words() -> None:
    """An artifact creature can be both the artifact and the creature: the same object
    for different instances of "target" (mtg:115.3)."""
    _run("""  - cast: Test Transformation
    by: Alice
    targets: [[Test Relic], [Test Relic], [], [], []]
  - resolve: 1
  - expect:
      zone: {Test Relic: exile, Grizzly Bears: battlefield}
""")


@pytest.mark.rules("mtg:601.2c")
def test_a_target_that_does_not_fit_its_phrase_is_refused() -> None:
    _run("""  - cast: Test Arsonist
    by: Alice
    targets: [[Bob], [Bob], []]
    rejected: mtg:601.2c
  - expect:
      zone: {Test Arsonist: hand}
""")


@pytest.mark.rules("mtg:120.3", "mtg:115.3")
def test_each_target_is_dealt_the_damage() -> None:
    _run("""  - cast: Test Arsonist
    by: Alice
    targets: [[Test Relic], [Bob], []]
  - resolve: 1
  - expect:
      damage: {Test Relic: 1, Grizzly Bears: 0}
      life: {Bob: 19, Alice: 20}
""")


@pytest.mark.rules("mtg:107.3a", "mtg:601.2c")
def test_five_times_x_to_each_of_up_to_x_targets() -> None:
    card = parse_card(
        "mtg",
        "Crackle with Power deals five times X damage to each of up to X targets.",
        name="Crackle with Power",
        type_line="Sorcery",
    )
    assert not card.unsupported
    assert card.abilities[0].effects == (  # type: ignore[union-attr]
        n.DealDamage(n.Scaled(5, "X"), T0, source=n.Self()),
    )
    (req,) = card.target_requirements()
    assert (req.min, req.limit) == (0, "X")
    game = """game: mtg
players: [Alice, Bob]
cards:
  Crackle with Power:
    type: Sorcery
    cost: "{X}{X}{X}{R}{R}"
    text: "Crackle with Power deals five times X damage to each of up to X targets."
setup:
  Alice:
    hand: [Crackle with Power]
  Bob:
    battlefield: [Serra Angel, Grizzly Bears]
steps:
  - cast: Crackle with Power
    by: Alice
    x: 1
    targets: [Serra Angel, Bob]
    rejected: mtg:601.2c
  - cast: Crackle with Power
    by: Alice
    x: 2
    targets: [Serra Angel, Bob]
  - resolve: 1
  - expect:
      zone: {Serra Angel: graveyard, Grizzly Bears: battlefield}
      life: {Bob: 10}
"""
    result = run_scenario(parse_scenario(game))
    assert result.ok, result.problems
