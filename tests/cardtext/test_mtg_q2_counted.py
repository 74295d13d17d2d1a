"""Helper Q2 on top of helper Q1's numbers worked out from the game (``CompareAmount``,
``Ruleset.amount_now``; tests/cardtext/test_mtg_q1_bounds.py): "where X is ~'s power" as
a compared number (mtg:107.3c); a number as the cards drawn, discarded or life gained by
target players (mtg:608.2h); "up to X target ..." with X worked out as targets are
chosen (``TargetRequirement.limit``, mtg:601.2c); targets chosen at random."""

from __future__ import annotations

from pathlib import Path

import pytest

from tcgrules.cardtext import nodes as n
from tcgrules.cardtext import parse_card
from tcgrules.kernel import descriptors as d
from tcgrules.scenario.loader import load_scenario
from tcgrules.scenario.runner import run_scenario

_YOURS = d.AllOf((d.IsPermanent(), d.Controller("you")))
_GREATEST = n.GreatestAmong("mana_value", _YOURS)


def _run(tmp_path: Path, text: str) -> tuple[bool, str]:
    path = tmp_path / "case.yaml"
    path.write_text(text)
    result = run_scenario(load_scenario(path))
    return result.ok, " ".join(result.problems)


def _parts(card: object) -> tuple[d.Descriptor, ...]:
    ability = card.abilities[-1]  # type: ignore[attr-defined]
    descriptor = ability.requirements[0].descriptor
    assert isinstance(descriptor, d.AllOf)
    return descriptor.parts


@pytest.mark.rules("mtg:107.3c")
def test_where_x_is_the_power_of_the_card_itself() -> None:
    card = parse_card(
        "mtg",
        "Destroy target creature with toughness X or less, where X is Foo's power.",
        name="Foo",
        type_line="Sorcery",
    )
    assert not card.unsupported
    assert d.CompareAmount("toughness", "<=", n.PowerOf(n.Self())) in _parts(card)


@pytest.mark.rules("mtg:608.2h", "mtg:119.3", "mtg:701.8a", "mtg:121.1")
def test_each_gain_discard_and_draw_equal_to_a_number() -> None:
    gain = parse_card(
        "mtg",
        "Any number of target players each gain life equal to the greatest mana value "
        "among permanents you control.",
        name="Reward the Faithful",
        type_line="Instant",
    )
    discard = parse_card(
        "mtg",
        "Any number of target players each discard a number of cards equal to the greatest "
        "mana value among permanents you control.",
        name="Cabal Conditioning",
        type_line="Sorcery",
    )
    draw = parse_card(
        "mtg",
        "Target player draws cards equal to the greatest mana value among permanents you control.",
        name="Foo",
        type_line="Sorcery",
    )
    assert not (gain.unsupported or discard.unsupported or draw.unsupported)
    slot = n.TargetSlot(0)
    assert gain.abilities[0].effects == (n.GainLife(slot, _GREATEST),)  # type: ignore[union-attr]
    assert discard.abilities[0].effects == (n.Discard(slot, _GREATEST),)  # type: ignore[union-attr]
    assert draw.abilities[0].effects == (n.Draw(slot, _GREATEST),)  # type: ignore[union-attr]
    assert gain.abilities[0].requirements[0].max is None  # type: ignore[union-attr]


@pytest.mark.rules("mtg:115.1", "mtg:601.2c")
def test_a_target_chosen_at_random_is_read() -> None:
    giant = parse_card(
        "mtg",
        "When this creature enters, it fights target creature an opponent controls chosen "
        "at random.",
        name="Scab-Clan Giant",
        type_line="Creature — Giant Warrior",
    )
    pilot = parse_card(
        "mtg",
        "Flying\n{T}: This creature deals 2 damage to any target chosen at random.",
        name="Goblin Test Pilot",
        type_line="Creature — Goblin Wizard",
    )
    plain = parse_card(
        "mtg", "Shock deals 2 damage to any target.", name="Shock", type_line="Instant"
    )
    assert not (giant.unsupported or pilot.unsupported)
    assert [r.chosen_by for r in giant.target_requirements()] == ["random"]
    assert [r.chosen_by for r in pilot.target_requirements()] == ["random"]
    assert [r.chosen_by for r in plain.target_requirements()] == ["controller"]
    assert giant.target_requirements()[0].descriptor == d.AllOf(
        (d.HasType("creature"), d.Controller("opponent"))
    )


_PILOT = """
game: mtg
players: [Alice, Bob]
cards:
  Pilot:
    type: Creature — Goblin
    power: 1
    toughness: 1
    text: "{T}: Pilot deals 2 damage to target creature an opponent controls chosen at random."
  Bear: {type: Creature — Bear, cost: "{1}{G}", power: 2, toughness: 2}
setup:
  Alice:
    battlefield: [Pilot, {card: Bear, as: Alice's Bear}]
  Bob:
    battlefield: [Bear]
steps:
"""


@pytest.mark.rules("mtg:601.2c", "mtg:602.2b")
def test_the_kernel_draws_a_target_chosen_at_random(tmp_path: Path) -> None:
    """Bob's Bear is the only legal target: the draw can only pick it; Alice's own Bear
    announced for it is refused like any illegal target."""
    ok, why = _run(
        tmp_path,
        _PILOT
        + """
  - activate: Pilot
    by: Alice
    targets: [Alice's Bear]
    rejected: mtg:601.2c
  - activate: Pilot
    by: Alice
  - expect:
      events:
        - {kind: target_chosen_at_random, among: 1}
  - resolve: 1
  - expect:
      zone: {Bear: graveyard, Alice's Bear: battlefield}
""",
    )
    assert ok, why


@pytest.mark.rules("mtg:107.3c", "mtg:601.2c")
def test_up_to_x_targets_where_x_is_counted_from_the_game() -> None:
    card = parse_card(
        "mtg",
        "{1}{B}, Sacrifice this enchantment: Destroy up to X target nonblack creatures, "
        "where X is the number of verse counters on this enchantment. They can't be "
        "regenerated.",
        name="Vile Requiem",
        type_line="Enchantment",
    )
    assert not card.unsupported
    (req,) = card.target_requirements()
    assert (req.min, req.max, req.limit) == (0, None, n.CountersOn("verse", n.Self()))


def test_any_number_of_targets_is_no_x() -> None:
    """ "any number of target creatures" has no X: a "where X is" after it defines
    another number, which this reading leaves to the amounts family."""
    card = parse_card(
        "mtg",
        "Destroy any number of target creatures, where X is the number of Forests you control.",
        name="Foo",
        type_line="Sorcery",
    )
    assert card.unsupported


_REQUIEM = """
game: mtg
players: [Alice, Bob]
cards:
  Requiem:
    type: Enchantment
    text: "{1}{B}: Destroy up to X target creatures, where X is the number of Swamps you control."
  Swamp: {type: Basic Land — Swamp}
  Bear: {type: Creature — Bear, cost: "{1}{G}", power: 2, toughness: 2}
setup:
  Alice:
    battlefield: [Requiem, Swamp]
  Bob:
    battlefield: [Bear, {card: Bear, as: Second Bear}]
steps:
"""


@pytest.mark.rules("mtg:601.2c", "mtg:602.2b")
def test_the_most_targets_is_counted_as_they_are_chosen(tmp_path: Path) -> None:
    ok, why = _run(
        tmp_path,
        _REQUIEM
        + """
  - activate: Requiem
    by: Alice
    targets: [[Bear, Second Bear]]
    rejected: mtg:601.2c
  - do: {move: {Swamp: graveyard}}
  - activate: Requiem
    by: Alice
    targets: [[Bear]]
    rejected: mtg:601.2c
  - activate: Requiem
    by: Alice
    targets: [[]]
  - resolve: 1
  - expect:
      zone: {Bear: battlefield, Second Bear: battlefield}
""",
    )
    assert ok, why
