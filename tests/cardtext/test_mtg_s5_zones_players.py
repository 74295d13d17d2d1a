"""Zones and players leftovers (helper S5): a whole library exiled (mtg:701.11a), a hand
shuffled into its library (mtg:701.20a), "mills cards equal to its power" and "exile the
top X cards ..., where X is ..." (mtg:701.13a, mtg:107.3c)."""

from __future__ import annotations

import pytest

from tcgrules.cardtext import nodes as n
from tcgrules.cardtext import parse_card
from tcgrules.scenario.loader import parse_scenario
from tcgrules.scenario.runner import run_scenario


def _effects(text: str, name: str = "Test", type_line: str = "Sorcery") -> tuple[object, ...]:
    card = parse_card("mtg", text, name=name, type_line=type_line)
    assert not card.unsupported, card.unsupported
    return tuple(card.abilities[0].effects)  # type: ignore[union-attr]


@pytest.mark.rules("mtg:701.11a", "mtg:400.5")
def test_exile_whole_library_is_read() -> None:
    text = "−12: Exile all but the bottom card of target player's library."
    (effect,) = _effects(text, "Nicol Bolas, the Arisen", "Legendary Planeswalker — Bolas")
    assert effect == n.ExileLibrary(n.TargetSlot(0), keep_bottom=1)
    (effect,) = _effects("Exile all cards from target player's library.")
    assert effect == n.ExileZones(n.TargetSlot(0), ("library",))
    card = parse_card(
        "mtg", "Exile all lands from target player's library.", name="T", type_line="Sorcery"
    )
    assert card.unsupported


def test_exile_all_but_another_word_is_not_read() -> None:
    card = parse_card(
        "mtg",
        "Exile all but the top card of target player's library.",
        name="T",
        type_line="Sorcery",
    )
    assert card.unsupported


@pytest.mark.rules("mtg:701.13a")
def test_mills_equal_to_its_power_is_the_source_power() -> None:
    text = "Whenever Neerdiv becomes tapped, target player mills cards equal to its power."
    (effect,) = _effects(text, "Neerdiv, Devious Diver", "Legendary Creature — Merfolk Rogue")
    assert effect == n.Mill(n.TargetSlot(0), n.PowerOf(n.Self()))


@pytest.mark.rules("mtg:107.3c", "mtg:701.11a")
def test_exile_top_x_where_x_is_is_read() -> None:
    text = (
        "At the beginning of your upkeep, exile the top X cards of target opponent's "
        "library, where X is the number of creatures you control."
    )
    (effect,) = _effects(text, "Test", "Creature — Lizard")
    assert isinstance(effect, n.ExileTop)
    assert isinstance(effect.count, n.CountOf)


GAME = """game: mtg
players: [Alice, Bob]
cards:
  Test Void:
    type: Sorcery
    cost: "{B}"
    text: "Exile all but the bottom card of target player's library."
  Test Shuffle:
    type: Sorcery
    cost: "{U}"
    text: "Target player shuffles their hand into their library."
setup:
  Alice: {hand: [Test Void, Test Shuffle]}
  Bob:
    hand: [Forest]
    library:
      - {card: Island, as: Bottom Island}
      - {card: Island, as: Middle Island}
      - {card: Island, as: Top Island}
steps:
"""


@pytest.mark.rules("mtg:701.11a", "mtg:400.5")
def test_all_but_the_bottom_card_is_exiled() -> None:
    steps = """  - cast: Test Void
    by: Alice
    targets: [Bob]
  - resolve: 1
  - expect:
      zone: {Top Island: exile, Middle Island: exile, Bottom Island: library}
"""
    result = run_scenario(parse_scenario(GAME + steps))
    assert result.ok, result.problems


@pytest.mark.rules("mtg:701.20a")
def test_the_hand_goes_into_the_library() -> None:
    steps = """  - cast: Test Shuffle
    by: Alice
    targets: [Bob]
  - resolve: 1
  - expect:
      zone: {Forest: library, Top Island: library, Bottom Island: library}
"""
    result = run_scenario(parse_scenario(GAME + steps))
    assert result.ok, result.problems


@pytest.mark.rules("mtg:701.11a")
def test_a_whole_library_is_exiled() -> None:
    game = GAME.replace(
        "Exile all but the bottom card of target player's library.",
        "Exile all cards from target player's library.",
    )
    steps = """  - cast: Test Void
    by: Alice
    targets: [Bob]
  - resolve: 1
  - expect:
      zone: {Top Island: exile, Middle Island: exile, Bottom Island: exile, Forest: hand}
"""
    result = run_scenario(parse_scenario(game + steps))
    assert result.ok, result.problems


@pytest.mark.rules("mtg:700.12", "mtg:700.12a", "mtg:107.3c")
def test_outlaws_you_control_are_counted() -> None:
    text = (
        "At the beginning of your upkeep, exile the top X cards of target opponent's "
        "library, where X is the number of outlaws you control."
    )
    (effect,) = _effects(text, "Laughing Jasper Flint", "Legendary Creature — Lizard Rogue")
    assert isinstance(effect, n.ExileTop)
    assert isinstance(effect.count, n.CountOf)
    assert "rogue" in repr(effect.count.descriptor)
    assert "warlock" in repr(effect.count.descriptor)
