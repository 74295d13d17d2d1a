"""Dice, coins and the game's random source (helper W2): "roll a d20" with its results
table (mtg:706.1a, 706.3a, 706.3b), "the result" (mtg:706.2), "if you lose the flip"
(mtg:705.2), and the seeded source in the game state (kernel/chance.py)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tcgrules.cardtext import nodes as n
from tcgrules.cardtext import parse_card
from tcgrules.errors import InputError
from tcgrules.kernel.chance import RandomSource
from tcgrules.kernel.game import Game
from tcgrules.kernel.ruleset import find_ruleset
from tcgrules.scenario.loader import load_scenario
from tcgrules.scenario.runner import run_scenario

_LIVESTOCK = (
    "Exile target creature, then roll a d20.\n"
    "1—9 | Its controller creates a 4/4 green Ox creature token.\n"
    "10—19 | Its controller creates a 2/2 green Boar creature token.\n"
    "20 | Its controller creates a 0/1 white Goat creature token."
)


def _run(tmp_path: Path, text: str) -> tuple[bool, str]:
    path = tmp_path / "case.yaml"
    path.write_text(text)
    result = run_scenario(load_scenario(path))
    return result.ok, " ".join(m for _, m in result.failures) + (result.error or "") + (
        result.unsupported or ""
    )


# ------------------------------------------------------------------ reading
@pytest.mark.rules("mtg:706.1a", "mtg:706.3a", "mtg:706.3b")
def test_a_results_table_is_read_into_the_roll() -> None:
    card = parse_card("mtg", _LIVESTOCK, name="Contraband Livestock", type_line="Instant")
    assert not card.unsupported
    (ability,) = card.abilities  # the table's lines are no abilities of their own
    exile, roll = ability.effects  # type: ignore[union-attr]
    assert exile == n.Exile(n.TargetSlot(0))
    assert isinstance(roll, n.RollDie) and roll.sides == 20
    assert [(r.low, r.high) for r in roll.table] == [(1, 9), (10, 19), (20, 20)]
    ox = roll.table[0].effects[0]
    assert isinstance(ox, n.CreateToken) and ox.who == n.ControllerOf(n.It("it"))


@pytest.mark.rules("mtg:706.3a")
def test_open_ended_and_hyphen_rows() -> None:
    card = parse_card(
        "mtg",
        "Roll a d20.\n1-9 | You gain 1 life.\n10+ | You gain 2 life.",
        name="Dummy",
        type_line="Sorcery",
    )
    assert not card.unsupported
    (roll,) = card.abilities[0].effects  # type: ignore[union-attr]
    assert isinstance(roll, n.RollDie)
    assert [(r.low, r.high) for r in roll.table] == [(1, 9), (10, None)]


@pytest.mark.rules("mtg:706.1a", "mtg:706.2")
def test_six_sided_die_and_the_result() -> None:
    card = parse_card(
        "mtg",
        "{T}, Sacrifice this creature: Roll a six-sided die. You gain life equal to the result.",
        name="Vegetation Abomination",
        type_line="Artifact Creature — Plant Mutant Food",
    )
    assert not card.unsupported
    assert card.abilities[0].effects == (  # type: ignore[union-attr]
        n.RollDie(6),
        n.GainLife(n.You(), n.RollResult()),
    )


@pytest.mark.rules("mtg:706.2")
def test_if_the_result_is_n_or_less_is_a_number_condition() -> None:
    card = parse_card(
        "mtg",
        "Roll a six-sided die. If the result is 3 or less, you gain 3 life.",
        name="Dummy",
        type_line="Sorcery",
    )
    assert not card.unsupported
    _, condition = card.abilities[0].effects  # type: ignore[union-attr]
    assert isinstance(condition, n.IfCondition)
    assert condition.condition == n.NumberCondition(n.RollResult(), "<=", 3)


def test_a_die_of_unknown_sides_is_not_read() -> None:
    card = parse_card("mtg", "Roll a many-sided die.", name="Dummy", type_line="Sorcery")
    assert card.unsupported


@pytest.mark.rules("mtg:705.2")
def test_if_you_lose_the_flip_is_read() -> None:
    card = parse_card(
        "mtg",
        "Flip a coin. If you win the flip, destroy all creatures with power 2 or less. "
        "If you lose the flip, destroy all creatures with power 3 or greater.",
        name="Puppet's Verdict",
        type_line="Instant",
    )
    assert not card.unsupported
    flip, won, lost = card.abilities[0].effects  # type: ignore[union-attr]
    assert flip == n.FlipCoin()
    assert isinstance(won, n.IfCondition) and won.condition == "win_the_flip"
    assert isinstance(lost, n.IfCondition) and lost.condition == "lose_the_flip"


# ----------------------------------------------------------------- the random source
def test_the_random_source_is_reproducible_and_copied_with_the_game() -> None:
    game = Game(find_ruleset("mtg")(), ["Alice", "Bob"])
    game.seed(7)
    first = [game.random(20) for _ in range(5)]
    assert all(0 <= r < 20 for r in first)
    again = Game(find_ruleset("mtg")(), ["Alice", "Bob"])
    again.seed(7)
    assert [again.random(20) for _ in range(5)] == first
    # a copy draws what the original draws next
    copy = game.copy()
    assert [copy.random(6) for _ in range(10)] == [game.random(6) for _ in range(10)]


def test_a_random_result_needs_outcomes() -> None:
    with pytest.raises(InputError):
        RandomSource().draw(0)


def test_the_seeded_results_spread_over_the_outcomes() -> None:
    source = RandomSource(3)
    seen = set()
    for _ in range(200):
        result, source = source.draw(6)
        seen.add(result)
    assert seen == set(range(6))


# ------------------------------------------------------------------ behaviour
_TABLE = """
game: mtg
players: [Alice, Bob]
cards:
  Gambler:
    type: Sorcery
    text: "Roll a d20.\\n1—9 | You gain 1 life.\\n10—19 | You gain 2 life.\\n20 | You gain 5 life."
setup:
  Alice:
    hand: [Gambler]
steps:
  - cast: Gambler
    by: Alice
  - {resolve: 1, choose: {rolls: [ROLL]}}
  - expect:
      life: {Alice: LIFE}
"""


@pytest.mark.rules("mtg:706.3a")
@pytest.mark.parametrize(("roll", "life"), [(1, 21), (9, 21), (10, 22), (19, 22), (20, 25)])
def test_the_line_the_result_falls_in_happens(tmp_path: Path, roll: int, life: int) -> None:
    ok, why = _run(tmp_path, _TABLE.replace("ROLL", str(roll)).replace("LIFE", str(life)))
    assert ok, why


def test_a_result_the_die_cannot_show_is_refused(tmp_path: Path) -> None:
    with pytest.raises(InputError, match="20-sided die can't come up 21"):
        _run(tmp_path, _TABLE.replace("ROLL", "21").replace("LIFE", "20"))


_SCRY_FREE = """
game: mtg
players: [Alice, Bob]
cards:
  Gambler:
    type: Sorcery
    text: "Roll a six-sided die. If the result is 3 or less, you gain life equal to the result."
setup:
  Alice:
    hand: [Gambler]
steps:
  - cast: Gambler
    by: Alice
  - {resolve: 1, choose: {rolls: [ROLL]}}
  - expect:
      life: {Alice: LIFE}
"""


@pytest.mark.rules("mtg:706.2", "mtg:608.2c")
@pytest.mark.parametrize(("roll", "life"), [(2, 22), (3, 23), (4, 20)])
def test_if_the_result_is_checked_against_the_roll(tmp_path: Path, roll: int, life: int) -> None:
    ok, why = _run(tmp_path, _SCRY_FREE.replace("ROLL", str(roll)).replace("LIFE", str(life)))
    assert ok, why


def test_a_roll_with_no_result_given_uses_the_random_source(tmp_path: Path) -> None:
    text = _TABLE.replace("{resolve: 1, choose: {rolls: [ROLL]}}", "resolve: 1")
    text = text.replace("      life: {Alice: LIFE}\n", "      events: [{kind: die_rolled}]\n")
    ok, why = _run(tmp_path, text)
    assert ok, why


# ------------------------------------------------------------- "unless ... pays" amounts
@pytest.mark.rules("mtg:608.2h", "mtg:701.5a")
def test_greatest_power_among_is_read() -> None:
    card = parse_card(
        "mtg",
        "Counter target spell unless its controller pays {X}, where X is the greatest power "
        "among creatures you control.",
        name="Spell Rupture",
        type_line="Instant",
    )
    assert not card.unsupported
    (counter,) = card.abilities[0].effects  # type: ignore[union-attr]
    assert isinstance(counter, n.CounterUnlessPaysEach)
    assert isinstance(counter.times, n.GreatestAmong) and counter.times.prop == "power"


@pytest.mark.rules("mtg:202.3", "mtg:701.5a")
def test_unless_pays_x_where_x_is_its_mana_value() -> None:
    card = parse_card(
        "mtg",
        "Counter target spell unless its controller pays {X}, where X is its mana value.",
        name="Rethink",
        type_line="Instant",
    )
    assert not card.unsupported
    assert card.abilities[0].effects == (  # type: ignore[union-attr]
        n.CounterUnlessPaysEach(n.TargetSlot(0), "{1}", n.NumberOf("mana_value", n.TargetSlot(0))),
    )


_REFLEXIVE = """
game: mtg
players: [Alice, Bob]
cards:
  Dragonling:
    type: Creature — Dragon
    power: 1
    toughness: 1
    text: >-
      {T}: Roll a d20. When you do, put X +1/+1 counters on target creature,
      where X is the result.
setup:
  Alice:
    battlefield: [Dragonling, Grizzly Bears]
steps:
  - activate: Dragonling
    ability: 1
    by: Alice
  - {resolve: 1, choose: {rolls: [3], reflexive_targets: [[Grizzly Bears]]}}
  - resolve: 1
  - expect:
      counters: {Grizzly Bears: {"+1/+1": 3}}
"""


@pytest.mark.rules("mtg:706.2", "mtg:603.12")
def test_the_result_in_the_reflexive_ability_is_the_roll_before_it(tmp_path: Path) -> None:
    ok, why = _run(tmp_path, _REFLEXIVE)
    assert ok, why
