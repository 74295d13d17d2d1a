"""Numbers the game counts (helper Q2): a target phrase compared with a number defined
from the game ("mana value X or less, where X is the number of Faeries you control",
mtg:107.3c), counted as targets are chosen and again on resolution (mtg:601.2c,
mtg:608.2b); "the greatest mana value among ..." as a compared number and as the number
of cards drawn, discarded or life gained (mtg:608.2h)."""

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


@pytest.mark.rules("mtg:107.3c", "mtg:601.2c")
def test_where_x_in_a_target_phrase_is_counted_from_the_game() -> None:
    card = parse_card(
        "mtg",
        "Flash\nFlying\nWhen this creature enters, counter target spell with mana value X "
        "or less, where X is the number of Faeries you control.",
        name="Spellstutter Sprite",
        type_line="Creature — Faerie Wizard",
    )
    assert not card.unsupported
    faeries = n.CountOf(d.AllOf((d.HasSubtype("faerie"), d.Controller("you"))))
    assert d.CompareAmount("mana_value", "<=", faeries) in _parts(card)
    assert card.abilities[-1].effects == (n.Counter(n.TargetSlot(0)),)  # type: ignore[union-attr]


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


def test_a_count_cut_short_stays_unread() -> None:
    """ "the number of cards in its controller's graveyard": whose graveyard is the
    candidate's; the phrase is not read as every card of the game."""
    card = parse_card(
        "mtg",
        "Destroy target creature with mana value less than or equal to the number of "
        "cards in its controller's graveyard.",
        name="Drown in the Loch",
        type_line="Instant",
    )
    assert card.unsupported
    assert "CompareAmount" not in repr(card.abilities)


def test_an_x_defined_by_a_target_stays_unread() -> None:
    card = parse_card(
        "mtg",
        "Return target creature card with mana value X or less from your graveyard to the "
        "battlefield, where X is the amount of damage Foo dealt to that player.",
        name="Foo",
        type_line="Sorcery",
    )
    assert card.unsupported


@pytest.mark.rules("mtg:608.2h", "mtg:202.3")
def test_greatest_mana_value_as_a_compared_number() -> None:
    card = parse_card(
        "mtg",
        "Counter target spell if its mana value is less than or equal to the greatest mana "
        "value among permanents you control.",
        name="Dispersal Shield",
        type_line="Instant",
    )
    assert not card.unsupported
    assert card.abilities[0].effects == (  # type: ignore[union-attr]
        n.IfCompared(n.TargetSlot(0), "mana_value", "<=", _GREATEST, (n.Counter(n.TargetSlot(0)),)),
    )


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


_LAY_DOWN = """
game: mtg
players: [Alice, Bob]
cards:
  Lay Down Arms:
    type: Sorcery
    text: >-
      Exile target creature with mana value less than or equal to the number of Plains
      you control.
  Plains: {type: Basic Land — Plains}
  Bear: {type: Creature — Bear, cost: "{1}{G}", power: 2, toughness: 2}
  Giant: {type: Creature — Giant, cost: "{3}{R}", power: 4, toughness: 4}
setup:
  Alice:
    hand: [Lay Down Arms]
    battlefield: [Plains, {card: Plains, as: Second Plains}]
  Bob:
    battlefield: [Bear, Giant]
steps:
"""


@pytest.mark.rules("mtg:601.2c", "mtg:107.3c")
def test_a_counted_number_decides_legal_targets(tmp_path: Path) -> None:
    ok, why = _run(
        tmp_path,
        _LAY_DOWN
        + """
  - expect:
      legal_targets: {card: Lay Down Arms, by: Alice, equals: [Bear]}
  - cast: Lay Down Arms
    by: Alice
    targets: [Giant]
    rejected: mtg:601.2c
  - cast: Lay Down Arms
    by: Alice
    targets: [Bear]
  - resolve: 1
  - expect:
      zone: {Bear: exile, Giant: battlefield}
""",
    )
    assert ok, why


@pytest.mark.rules("mtg:608.2b")
def test_the_number_is_counted_again_on_resolution(tmp_path: Path) -> None:
    ok, why = _run(
        tmp_path,
        _LAY_DOWN
        + """
  - cast: Lay Down Arms
    by: Alice
    targets: [Bear]
  - do: {move: {Second Plains: graveyard}}
  - resolve: 1
  - expect:
      zone: {Bear: battlefield, Lay Down Arms: graveyard}
""",
    )
    assert ok, why


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
    assert (req.min, req.max, req.max_amount) == (0, None, n.CountersOn("verse", n.Self()))


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
