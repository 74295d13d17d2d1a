"""The Flesh and Blood combat scenarios played with real pool cards
(tests/pool_scenarios/fab/combat-*.yaml); skipped without the pool file."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from tcgrules.carddata import pool
from tcgrules.scenario.cli import run_one
from tcgrules.scenario.loader import parse_scenario

ROOT = Path(__file__).resolve().parents[1]
POOL = ROOT.parents[1] / "shared/cards/fab-cards-3.8.6.json.gz"
SCENARIOS = sorted((ROOT / "pool_scenarios" / "fab").glob("combat-*.yaml"))


@pytest.mark.parametrize("path", SCENARIOS, ids=[p.stem for p in SCENARIOS])
def test_real_fab_combat_scenarios(path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    variable = pool.POOL_ENV["fab"]
    named = os.environ.get(variable)
    cards = Path(named) if named else POOL
    if not cards.is_file():
        pytest.skip(f"no fab card pool: set {variable} to a card file")
    monkeypatch.setenv(variable, str(cards))
    scenario = parse_scenario(path.read_text(encoding="utf-8"), str(path))
    assert scenario.rules, f"{path.name} cites no rule"
    result = run_one(path)
    assert result.ok, result.error or result.failures or result.unsupported
