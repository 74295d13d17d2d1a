"""Fixtures shared by every test module."""

from __future__ import annotations

import pytest
from tests.helpers import card, new_game

from tcgrules.carddata.model import CardDefinition
from tcgrules.kernel.game import Game


@pytest.fixture
def mtg() -> Game:
    return new_game("mtg")


@pytest.fixture
def bear() -> CardDefinition:
    return card("mtg", "Runeclaw Bear", "Creature — Bear", cost="{1}{G}", power=2, toughness=2)
