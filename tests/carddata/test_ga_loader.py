"""The Grand Archive pool and GA scenario costs load with no warning (issue #10)."""

from __future__ import annotations

import os
import warnings
from pathlib import Path

import pytest

from tcgrules.carddata.grand_archive import load_ga_cards
from tcgrules.games.grand_archive import GrandArchive
from tcgrules.scenario.loader import load_scenario, parse_scenario
from tcgrules.scenario.runner import run_scenario

_DEFAULT = Path(__file__).resolve().parents[3] / "shared/cards/ga-cards-2026-02.json.gz"
POOL = Path(os.environ.get("TCGRULES_GA_CARDS", str(_DEFAULT)))
needs_pool = pytest.mark.skipif(
    not POOL.exists(),
    reason=f"no Grand Archive card pool at {POOL}; set TCGRULES_GA_CARDS to the Grand "
    "Archive index JSON (plain or gzipped) you downloaded",
)
SCENARIO = Path(__file__).resolve().parents[1] / "scenarios/ga/card-cost.yaml"


@needs_pool
@pytest.mark.rules("ga:parts-of-a-card-cost/1")
def test_whole_pool_loads_without_warnings() -> None:
    """Every card loads, gets its characteristics and has its text read, and nothing
    warns: reserve and memory costs are typed values (the ``cost`` with its kind)."""
    ruleset = GrandArchive()
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        cards = load_ga_cards(POOL)
        chars = [ruleset.characteristics_of(c) for c in cards]
        for c in cards:
            ruleset.card_text(c)
    assert len(cards) > 1800
    kinds = {ch.values.get("cost_kind") for ch in chars}
    assert {"reserve", "memory"} <= kinds
    for definition, ch in zip(cards, chars, strict=True):
        for kind in ("reserve", "memory"):
            if kind in definition.values:
                assert (ch.values["cost"], ch.values["cost_kind"]) == (
                    definition.values[kind],
                    kind,
                )


@pytest.mark.rules("ga:parts-of-a-card-cost/1")
def test_scenario_with_memory_cost_runs_without_warnings() -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        result = run_scenario(load_scenario(SCENARIO))
    assert result.ok, result.failures


def test_cost_mapping_dumps_as_its_model() -> None:
    """The scenario model gives ``cost: {memory: 2}`` back as a mapping, not as a number
    (pydantic asked the discriminator about the model instance and warned)."""
    text = SCENARIO.read_text(encoding="utf-8")
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        scenario = parse_scenario(text, str(SCENARIO))
        printed = scenario.cards["Memory Charm"].printed()
    assert printed["cost"] == {"memory": 2}
