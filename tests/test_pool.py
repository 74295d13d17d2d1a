"""Real card pools usable by name: scenarios, ``tcgrules run --cards`` and ``tcgrules.pool_card``.

The pools are the shared card files (or the files the TCGRULES_<GAME>_CARDS variables
name); a test needing one is skipped, naming the variable, when it is absent.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from click.testing import CliRunner

import tcgrules
from tcgrules.carddata import pool
from tcgrules.cli import main
from tcgrules.scenario.cli import run_one
from tcgrules.scenario.loader import parse_scenario
from tcgrules.scenario.runner import run_scenario

ROOT = Path(__file__).parent
SHARED = Path(__file__).resolve().parents[2] / "shared/cards"
DEFAULT_FILES = {
    "mtg": SHARED / "mtg-oracle-cards-2025-09-25.json.gz",
    "fab": SHARED / "fab-cards-3.8.6.json.gz",
    "ga": SHARED / "ga-cards-2026-02.json.gz",
}


def pool_file(game: str) -> Path:
    """The pool file of a game for these tests, or skip naming its variable."""
    variable = pool.POOL_ENV[game]
    named = os.environ.get(variable)
    path = Path(named) if named else DEFAULT_FILES[game]
    if not path.is_file():
        pytest.skip(f"no {game} card pool: set {variable} to a card file")
    return path


@pytest.fixture(autouse=True)
def _no_chosen_pools(monkeypatch: pytest.MonkeyPatch) -> None:
    """Each test starts with no --cards choice and no pool variables set."""
    monkeypatch.setattr(pool, "_chosen", {})
    for variable in pool.POOL_ENV.values():
        monkeypatch.delenv(variable, raising=False)


@pytest.mark.parametrize(
    ("game", "warned"),
    [
        ("mtg", "card 'Brainstorm' from the pool is not fully understood: 'Draw three cards"),
        ("fab", "card 'Adrenaline Rush' from the pool is not fully understood: 'if you have"),
        ("ga", "card 'Cemetery Sentry' from the pool is not fully understood: 'You may discard"),
    ],
)
def test_scenario_with_pool_cards_passes_and_warns(
    game: str, warned: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(pool.POOL_ENV[game], str(pool_file(game)))
    result = run_one(ROOT / "pool_scenarios" / f"{game}-pool-cards.yaml")
    assert result.ok, result.error or result.failures or result.unsupported
    assert any(w.startswith(warned) for w in result.warnings), result.warnings


def test_pool_card_needs_a_pool(monkeypatch: pytest.MonkeyPatch) -> None:
    """Without the variable, a non-bundled card is unknown and the error says how to add a pool."""
    text = "game: mtg\nplayers: [Alice]\nsetup:\n  Alice:\n    hand: [Lightning Strike]\n"
    with pytest.raises(tcgrules.ScenarioError) as info:
        run_scenario(parse_scenario(text, "x.yaml"))
    assert "TCGRULES_MTG_CARDS" in str(info.value)
    with pytest.raises(tcgrules.CardDataError, match="TCGRULES_MTG_CARDS"):
        tcgrules.pool_card("mtg", "Lightning Strike")


def test_misspelled_name_says_did_you_mean_with_line_and_column(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("TCGRULES_MTG_CARDS", str(pool_file("mtg")))
    text = (
        "game: mtg\nplayers: [Alice, Bob]\nsetup:\n  Alice:\n"
        "    hand: [Shock]\n    battlefield:\n      - {card: Grizly Bears, as: Bear}\n"
    )
    with pytest.raises(tcgrules.ScenarioError) as info:
        run_scenario(parse_scenario(text, "typo.yaml"))
    error = info.value
    assert (error.source, error.line, error.column) == ("typo.yaml", 7, 16)
    assert error.path == "$.setup.Alice.battlefield[0]"
    assert "did you mean 'Grizzly Bears'" in error.message
    assert "typo.yaml:7:16" in str(error)


def test_fab_pitch_versions_and_api(monkeypatch: pytest.MonkeyPatch) -> None:
    path = pool_file("fab")
    blue = tcgrules.pool_card("fab", "Aether Hail (blue)", path=path)
    assert (blue.name, blue.values["pitch"], blue.values["arcane"]) == ("Aether Hail", 3, 2)
    assert tcgrules.pool_card("fab", "aether hail (YELLOW)", path=path).values["pitch"] == 2
    with pytest.raises(tcgrules.UnknownObjectError, match="did you mean 'Aether Hail'"):
        tcgrules.pool_card("fab", "Aether Hial", path=path)
    monkeypatch.setenv("TCGRULES_FAB_CARDS", str(path))
    assert tcgrules.pool_card("fab", "Aether Hail (blue)") is blue  # read once per process


def test_pool_file_missing_is_a_clear_error(tmp_path: Path) -> None:
    with pytest.raises(tcgrules.CardDataError, match="no such card pool file"):
        tcgrules.pool_card("ga", "Ignite the Soul", path=tmp_path / "none.json")


def test_run_cards_option() -> None:
    path = pool_file("ga")
    scenario = str(ROOT / "pool_scenarios" / "ga-pool-cards.yaml")
    result = CliRunner().invoke(main, ["run", "--cards", f"ga={path}", scenario])
    assert result.exit_code == 0, result.output
    assert "warning: card 'Cemetery Sentry'" in result.output
    bad = CliRunner().invoke(main, ["run", "--cards", str(path), scenario])
    assert bad.exit_code == 2
    assert "expected GAME=FILE" in bad.output


def test_explain_and_targets_take_the_cards_option() -> None:
    """The inspection commands find pool cards as `run` does."""
    path = pool_file("ga")
    scenario = str(ROOT / "pool_scenarios" / "ga-pool-cards.yaml")
    explained = CliRunner().invoke(
        main,
        ["explain", scenario, "--card", "Ignite the Soul", "--step", "2", "--cards", f"ga={path}"],
    )
    assert explained.exit_code == 0, explained.output
    assert "Cemetery Sentry" in explained.output and "legal" in explained.output
    table = CliRunner().invoke(main, ["targets", scenario, "--step", "2", "--cards", f"ga={path}"])
    assert table.exit_code == 0, table.output
    assert "Ignite the Soul" in table.output


def test_cards_entry_without_type_adjusts_a_pool_card(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TCGRULES_MTG_CARDS", str(pool_file("mtg")))
    text = (
        "game: mtg\nplayers: [Alice]\ncards:\n  Grizzly Bears: {power: 5}\n"
        "setup:\n  Alice:\n    battlefield: [Grizzly Bears]\n"
        "steps:\n  - expect:\n      properties: {Grizzly Bears: {power: 5, toughness: 2}}\n"
    )
    result = run_scenario(parse_scenario(text, "adjust.yaml"))
    assert result.ok, result.failures or result.unsupported
    assert result.warnings == []  # an own definition is not a pool card


#: the scenarios played with real pool cards, by game (tests/pool_scenarios/<game>/)
POOL_SCENARIOS = [
    (game, path)
    for game in ("mtg", "fab", "ga")
    for path in sorted((ROOT / "pool_scenarios" / game).glob("*.yaml"))
]


@pytest.mark.parametrize(
    ("game", "path"), POOL_SCENARIOS, ids=[f"{g}/{p.stem}" for g, p in POOL_SCENARIOS]
)
def test_real_card_scenarios(game: str, path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Scenarios played with real cards of each game's pool (one per effect family for
    Magic); each names the rules it exercises (its top-level ``rules:``)."""
    monkeypatch.setenv(pool.POOL_ENV[game], str(pool_file(game)))
    scenario = parse_scenario(path.read_text(encoding="utf-8"), str(path))
    assert scenario.game == game, f"{path.name} is a {scenario.game} scenario"
    assert scenario.rules, f"{path.name} cites no rule"
    result = run_one(path)
    assert result.ok, result.error or result.failures or result.unsupported


def test_quiet_run_still_shows_what_is_not_understood(monkeypatch: pytest.MonkeyPatch) -> None:
    """``run -q`` leaves out passing scenarios' steps, not their load warnings."""
    monkeypatch.setenv("TCGRULES_MTG_CARDS", str(pool_file("mtg")))
    path = ROOT / "pool_scenarios" / "mtg-pool-cards.yaml"
    result = CliRunner().invoke(main, ["run", "-q", str(path)])
    assert result.exit_code == 0, result.output
    assert "warning: card 'Brainstorm' from the pool is not fully understood" in result.output
    assert "line " not in result.output  # no step of a passing scenario
