"""Flesh and Blood scenarios played with real pool cards (tests/pool_scenarios/fab);
skipped, naming the variable, without the pool."""

from __future__ import annotations

from pathlib import Path

import pytest
from tests.test_pool import ROOT, pool_file

from tcgrules.carddata import pool
from tcgrules.scenario.cli import run_one
from tcgrules.scenario.loader import parse_scenario

FAB_SCENARIOS = sorted((ROOT / "pool_scenarios" / "fab").glob("*.yaml"))


@pytest.mark.parametrize("path", FAB_SCENARIOS, ids=[p.stem for p in FAB_SCENARIOS])
def test_real_fab_card_scenarios(path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Each names the rules it exercises and passes with the pool's cards."""
    monkeypatch.setenv(pool.POOL_ENV["fab"], str(pool_file("fab")))
    scenario = parse_scenario(path.read_text(encoding="utf-8"), str(path))
    assert scenario.rules, f"{path.name} cites no rule"
    result = run_one(path)
    assert result.ok, result.error or result.failures or result.unsupported
