"""Suspended cards and time counters (helper R6): a target phrase of two alternatives,
each with its own words ("target permanent with a time counter on it or suspended
card", mtg:115.1); a suspended card is a card in exile with suspend and a time counter
(mtg:702.62b), and an effect that targets it can put time counters on it there
(mtg:702.62a). Real Oracle text."""

from __future__ import annotations

import pytest

from tcgrules.cardtext import nodes as n
from tcgrules.cardtext import parse_card
from tcgrules.kernel import descriptors as d
from tcgrules.scenario.loader import parse_scenario
from tcgrules.scenario.results import ScenarioResult
from tcgrules.scenario.runner import run_scenario

TIMEBENDER_MODE = (
    "Put two time counters on target permanent with a time counter on it or suspended card."
)
SUSPENDED = d.AllOf((d.IsCard(), d.InZone("exile"), d.Status("suspended")))


@pytest.mark.rules("mtg:702.62b", "mtg:115.1", "mtg:122.1")
def test_each_alternative_keeps_its_own_words() -> None:
    card = parse_card("mtg", TIMEBENDER_MODE, name="Timebender", type_line="Instant")
    assert not card.unsupported
    (req,) = card.target_requirements()
    assert req.text == "target permanent with a time counter on it or suspended card"
    assert req.descriptor == d.AnyOf(
        (d.AllOf((d.IsPermanent(), d.Condition("has_counter:time"))), SUSPENDED)
    )
    assert req.kinds == frozenset({"permanent", "card"})
    (ability,) = card.abilities
    assert isinstance(ability, n.SpellAbility)
    (put,) = ability.effects
    assert isinstance(put, n.PutCounters)
    assert (put.kind, put.count) == ("time", 2)


@pytest.mark.rules("mtg:702.62b", "mtg:115.1")
def test_control_and_ownership_stay_with_their_alternative() -> None:
    card = parse_card(
        "mtg",
        "Put a time counter on target permanent you control or suspended card you own.",
        name="Test Card",
        type_line="Instant",
    )
    (req,) = card.target_requirements()
    assert req.descriptor == d.AnyOf(
        (
            d.AllOf((d.IsPermanent(), d.Controller("you"))),
            d.AllOf((*SUSPENDED.parts, d.Owner("you"))),
        )
    )


@pytest.mark.rules("mtg:115.1")
def test_a_graveyard_card_or_a_permanent() -> None:
    # Daretti, Ingenious Iconoclast: each alternative looks in its own zone
    card = parse_card(
        "mtg",
        "Choose target artifact card in a graveyard or artifact on the battlefield.",
        name="Daretti, Ingenious Iconoclast",
        type_line="Sorcery",
    )
    (req,) = card.target_requirements()
    assert req.descriptor == d.AnyOf(
        (
            d.AllOf((d.IsCard(), d.HasType("artifact"), d.InZone("graveyard"))),
            d.AllOf((d.HasType("artifact"), d.IsPermanent())),
        )
    )


# ------------------------------------------------------------------ playing

CARDS = """cards:
  Test Clock:
    type: Instant
    text: >-
      Put two time counters on target permanent with a time counter on it or suspended
      card.
  Test Bolt:
    type: Instant
    text: |-
      Suspend 2—{R}
      Test Bolt deals 3 damage to any target.
  Test Bear:
    type: Creature
    power: 2
    toughness: 2
"""


def play(body: str) -> ScenarioResult:
    text = "game: mtg\nplayers: [Alice, Bob]\n" + CARDS + body
    return run_scenario(parse_scenario(text, "inline.yaml"))


@pytest.mark.rules("mtg:702.62a", "mtg:702.62b", "mtg:601.2c")
def test_time_counters_go_on_a_suspended_card_in_exile() -> None:
    result = play(
        """setup:
  Alice:
    hand: [Test Clock]
  Bob:
    exile: [{card: Test Bolt, counters: {time: 1}}]
steps:
  - {cast: Test Clock, by: Alice, targets: [Test Bolt]}
  - {resolve: 1}
  - expect: {counters: {Test Bolt: {time: 3}}, zone: {Test Bolt: exile}}
"""
    )
    assert result.ok, result.failures or result.error or result.unsupported


@pytest.mark.rules("mtg:702.62b", "mtg:601.2c")
@pytest.mark.parametrize(
    ("exiled", "name"),
    [
        ("{card: Test Bolt}", "Test Bolt"),  # no time counter: not suspended
        ("{card: Test Bear, counters: {time: 1}}", "Test Bear"),  # no suspend
    ],
)
def test_an_exiled_card_that_is_not_suspended_is_no_target(exiled: str, name: str) -> None:
    result = play(
        f"""setup:
  Alice:
    hand: [Test Clock]
  Bob:
    exile: [{exiled}]
steps:
  - {{cast: Test Clock, by: Alice, targets: [{name}], rejected: mtg:601.2c}}
"""
    )
    assert result.ok, result.failures or result.error or result.unsupported


# ------------------------------------------------------------------ Forecast and Exhaust

PLUMES = (
    "Enchant creature\nEnchanted creature doesn't untap during its controller's untap step.\n"
    "Forecast — {W}{U}, Reveal this card from your hand: Tap target creature. (Activate "
    "only during your upkeep and only once each turn.)"
)


@pytest.mark.rules("mtg:702.57a", "mtg:702.57b")
def test_forecast_is_an_activated_ability_with_its_keyword_kept() -> None:
    card = parse_card("mtg", PLUMES, name="Plumes of Peace", type_line="Enchantment — Aura")
    forecast = card.abilities[-1]
    assert isinstance(forecast, n.ActivatedAbility)
    assert forecast.cost.parts == ("{W}{U}", "Reveal ~ from your hand")
    assert [q.kind for q in forecast.qualifiers] == ["forecast"]
    (tap,) = forecast.effects
    assert isinstance(tap, n.Tap)
    assert all(u.span[0] < len(PLUMES.split("Forecast", maxsplit=1)[0]) for u in card.unsupported)


@pytest.mark.rules("mtg:702.177a")
def test_exhaust_is_an_activated_ability_with_its_keyword_kept() -> None:
    card = parse_card(
        "mtg",
        "Exhaust — {X}{2}{R}: This Vehicle deals X damage to any target. Put a +1/+1 "
        "counter on this Vehicle. (Activate each exhaust ability only once.)",
        name="Boommobile",
        type_line="Artifact — Vehicle",
    )
    (exhaust,) = card.abilities
    assert isinstance(exhaust, n.ActivatedAbility)
    assert exhaust.cost.parts == ("{X}{2}{R}",)
    assert [q.kind for q in exhaust.qualifiers] == ["exhaust"]
    assert len(exhaust.effects) == 2
    assert not card.unsupported


FORECAST_CARDS = """cards:
  Test Plumes:
    type: Enchantment
    text: "Forecast — {W}{U}, Reveal this card from your hand: Tap target creature."
  Test Bear:
    type: Creature
    power: 2
    toughness: 2
"""


@pytest.mark.rules("mtg:702.57a")
def test_forecast_is_not_activated_from_the_battlefield() -> None:
    text = "game: mtg\nplayers: [Alice, Bob]\n" + FORECAST_CARDS
    result = run_scenario(
        parse_scenario(
            text
            + """setup:
  Alice:
    battlefield: [Test Plumes]
  Bob:
    battlefield: [Test Bear]
steps:
  - {activate: Test Plumes, ability: 1, by: Alice, targets: [Test Bear], rejected: mtg:702.57a}
""",
            "inline.yaml",
        )
    )
    assert result.ok, result.failures or result.error or result.unsupported


@pytest.mark.rules("mtg:702.57b")
def test_forecast_from_the_hand_is_not_supported() -> None:
    # only during its owner's upkeep: tcgrules does not track the steps of a turn
    text = "game: mtg\nplayers: [Alice, Bob]\n" + FORECAST_CARDS
    result = run_scenario(
        parse_scenario(
            text
            + """setup:
  Alice:
    hand: [Test Plumes]
  Bob:
    battlefield: [Test Bear]
steps:
  - {activate: Test Plumes, ability: 1, by: Alice, targets: [Test Bear]}
""",
            "inline.yaml",
        )
    )
    assert not result.ok
    assert not result.failures
    assert "Forecast" in str(result.unsupported)
