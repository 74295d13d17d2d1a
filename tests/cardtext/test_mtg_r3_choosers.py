"""Targets picked by a player other than the controller (helper R3): "of your choice",
"of their choice", "of that player's choice" after a target phrase (mtg:115.1,
mtg:601.2c), and "that player" of a trigger at the beginning of each player's step
(mtg:102.1, mtg:503.1a)."""

from __future__ import annotations

import pytest
from tests.helpers import unread

from tcgrules.cardtext import nodes as n
from tcgrules.cardtext import parse_card
from tcgrules.scenario.loader import parse_scenario
from tcgrules.scenario.runner import run_scenario

_ABYSS = (
    "At the beginning of each player's upkeep, destroy target nonartifact creature that "
    "player controls of their choice. It can't be regenerated."
)


@pytest.mark.rules("mtg:115.1", "mtg:601.2c")
def test_of_their_choice_beside_that_player_controls() -> None:
    text = parse_card("mtg", _ABYSS, name="The Abyss", type_line="World Enchantment")
    assert not text.unsupported
    (req,) = text.target_requirements()
    assert req.chosen_by == "that player"
    assert "ControlledBy(who='that_player')" in repr(req.descriptor)
    (ability,) = text.abilities
    assert isinstance(ability, n.TriggeredAbility)
    assert any(isinstance(e, n.Destroy) for e in ability.effects)


@pytest.mark.rules("mtg:115.1", "mtg:601.2c")
def test_your_choice_then_an_opponents_choice() -> None:
    text = parse_card(
        "mtg",
        "{T}: Destroy target creature of your choice, then destroy target creature of an "
        "opponent's choice. Activate only during your turn, before attackers are declared.",
        name="Diaochan, Artful Beauty",
        type_line="Legendary Creature — Human Advisor",
    )
    assert not text.unsupported
    first, second = text.target_requirements()
    assert (first.chosen_by, second.chosen_by) == ("controller", "opponent")


@pytest.mark.rules("mtg:115.1", "mtg:102.3")
def test_that_players_choice_that_one_of_your_opponents_controls() -> None:
    text = parse_card(
        "mtg",
        "Whenever this creature deals combat damage to a player, destroy target nonland "
        "permanent of that player's choice that one of your opponents controls.",
        name="Bladegriff Prototype",
        type_line="Artifact Creature — Griffin",
    )
    assert not text.unsupported
    (req,) = text.target_requirements()
    assert req.chosen_by == "that player"
    assert "Controller(relation='opponent')" in repr(req.descriptor)


def test_two_of_your_opponents_is_not_an_opponent() -> None:
    text = parse_card(
        "mtg",
        "Destroy target creature that two of your opponents control.",
        name="Test",
        type_line="Sorcery",
    )
    (req,) = text.target_requirements()
    assert "Controller(" not in repr(req.descriptor)


def test_of_their_choice_in_an_effect_not_read_stays_unread() -> None:
    assert unread(
        "Whenever a creature enters, that creature's controller may have target creature "
        "of their choice get -3/-3 until end of turn.",
        name="Death Match",
        type_line="Enchantment",
    )


_CARDS = """
cards:
  Pit:
    type: Enchantment
    text: >-
      At the beginning of each player's upkeep, destroy target creature that player
      controls of their choice.
  Mixed Pit:
    type: Enchantment
    text: >-
      At the beginning of each player's upkeep, destroy target creature that player
      controls of their choice.

      Whenever a creature dies, you gain 1 life.
  Bear:
    type: Creature — Bear
    power: 2
    toughness: 2
"""


def _run(steps: str) -> object:
    text = (
        "game: mtg\nplayers: [Alice, Bob]\n"
        f"{_CARDS}\nsetup:\n  Alice:\n    battlefield: [Pit, Mixed Pit, Bear]\n"
        f"  Bob:\n    battlefield: [{{card: Bear, as: Bob's Bear}}]\nsteps:\n{steps}"
    )
    return run_scenario(parse_scenario(text, "r3-test.yaml"))


@pytest.mark.rules("mtg:102.1", "mtg:503.1a", "mtg:601.2c")
def test_that_player_is_the_active_player_each_turn() -> None:
    result = _run(
        "  - trigger: Pit\n    targets: [Bob's Bear]\n    rejected: mtg:601.2c\n"
        "  - end_turn: true\n"
        "  - trigger: Pit\n    targets: [Bear]\n    rejected: mtg:601.2c\n"
        "  - trigger: Pit\n    targets: [Bob's Bear]\n  - resolve: 1\n"
        "  - expect: {zone: {Bob's Bear: graveyard, Bear: battlefield}}\n"
    )
    assert result.ok, (result.error, result.failures, result.unsupported)  # type: ignore[attr-defined]


def test_that_player_with_another_trigger_on_the_card_is_not_supported() -> None:
    """Mixed Pit has a second triggered ability: which trigger "that player" belongs to
    is not worked out, so choosing the target is refused as not supported."""
    result = _run("  - trigger: Mixed Pit\n    targets: [Bear]\n")
    assert result.unsupported  # type: ignore[attr-defined]
    assert "that player" in str(result.unsupported)  # type: ignore[attr-defined]
