"""One core, three rulesets: the kernel names no game, and every rule it cites is that game's.

- every rule reference a scenario run produces (narration and refusals, for the
  project's scenarios, the bundled examples and the scenarios waiting for features)
  is in the catalog of the scenario's own game;
- each ruleset maps the kernel's concepts only to rules of its own catalog;
- a citation of a rule that is not catalogued fails when it is made;
- no module of the kernel imports a game, and no module outside ``games/`` compares
  a game's name.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import tcgrules
from tcgrules.errors import NotSupportedError, UnknownRuleError
from tcgrules.games import RULESETS
from tcgrules.kernel.concepts import Concept
from tcgrules.rules import catalog, rule
from tcgrules.scenario.loader import load_scenario
from tcgrules.scenario.runner import run_scenario

ROOT = Path(__file__).resolve().parent
SRC = ROOT.parent / "src" / "tcgrules"
SCENARIOS = sorted(
    [
        *ROOT.glob("scenarios/**/*.yaml"),
        *(SRC / "examples").glob("*.yaml"),
        *ROOT.glob("pending/**/*.yaml"),
    ]
)


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: str(p.relative_to(ROOT.parent)))
def test_every_rule_a_scenario_cites_is_in_its_games_catalog(path: Path) -> None:
    scenario = load_scenario(path)
    result = run_scenario(scenario)
    cited = [r for step in result.steps for line in step.narration for r in line.rules]
    wrong = sorted({str(r) for r in cited if r.game != scenario.game})
    assert not wrong, f"{path.name} ({scenario.game}) cites rules of another game: {wrong}"
    cat = catalog(scenario.game)
    missing = sorted({str(r) for r in cited if r.number not in cat})
    assert not missing, f"{path.name} cites rules missing from the {scenario.game} catalog"


def test_scenario_runs_do_cite_rules() -> None:
    """The check above is not vacuous: a Magic scenario's narration cites rules."""
    result = run_scenario(load_scenario(SRC / "examples" / "03_arc_trail.yaml"))
    cited = {str(r) for step in result.steps for line in step.narration for r in line.rules}
    assert {"mtg:115.3", "mtg:601.2a", "mtg:608.2", "mtg:704.5g"} <= cited


@pytest.mark.parametrize("ruleset", RULESETS, ids=lambda r: r.name)
def test_each_concept_maps_to_a_rule_of_the_rulesets_own_catalog(
    ruleset: type[tcgrules.Ruleset],
) -> None:
    cat = catalog(ruleset.name)
    for concept, number in ruleset.concepts.items():
        assert isinstance(concept, Concept)
        if number is None:
            with pytest.raises(NotSupportedError, match=ruleset.title):
                ruleset.cite(concept)
            assert ruleset.cites(concept) is None
            continue
        assert number in cat, f"{ruleset.name}: {concept.name} -> {number} is not catalogued"
        cited = ruleset.cite(concept)
        assert (cited.game, cited.number) == (ruleset.name, number)


def test_magic_maps_every_concept_of_the_kernel() -> None:
    """Magic's attacks cite its own rules (mtg:508.1, mtg:508.1a)."""
    magic = tcgrules.find_ruleset("mtg")
    assert set(magic.concepts) == set(Concept)
    from tcgrules.kernel.combat import attack

    game = tcgrules.new_game("mtg", ["Alice", "Bob"])
    bear = game.create(tcgrules.bundled_card("mtg", "Runeclaw Bear"), "Alice", "battlefield")
    attack(game, bear, "Alice", [tcgrules.PlayerRef("Bob")])
    assert [str(e.rule) for e in game.events if e.kind == "attack"] == ["mtg:508.1"]


def test_a_concept_a_ruleset_does_not_map_is_not_supported_there() -> None:
    fab = tcgrules.find_ruleset("fab")
    assert Concept.TRIGGER_NO_TARGET not in fab.concepts
    with pytest.raises(NotSupportedError, match="Flesh and Blood"):
        fab.cite(Concept.TRIGGER_NO_TARGET)


def test_flesh_and_blood_targets_cite_flesh_and_blood_rules() -> None:
    fab = tcgrules.find_ruleset("fab")
    assert str(fab.cite(Concept.TARGET_REPEAT)) == "fab:1.8.5b"
    assert str(fab.cite(Concept.NEW_OBJECT)) == "fab:3.0.9"
    # a player named as a target names their hero: the rule that says so (fab:1.1.2b)
    assert str(fab.cite(Concept.TARGET_PLAYER)) == "fab:1.1.2b"
    with pytest.raises(NotSupportedError, match="no such rule"):
        fab.cite(Concept.PLAYER_LEFT)


@pytest.mark.parametrize("text", ["fab:115.2", "mtg:9999.9", "ga:objects-and-targeting/nope"])
def test_citing_an_uncatalogued_rule_fails_when_it_is_made(text: str) -> None:
    with pytest.raises(UnknownRuleError, match="not in the"):
        rule(text)


def test_a_catalogued_rule_carries_its_edition() -> None:
    assert rule("fab:1.8.5b").edition == catalog("fab").edition


_GAME_IMPORT = re.compile(r"^\s*(from|import)\s+(tcgrules\.games|\.\.games)\b", re.M)
_NAME_COMPARISON = re.compile(
    r"""(==|!=)\s*["'](mtg|fab|ga|magic)["']|["'](mtg|fab|ga)["']\s*(==|!=)"""
)


def test_the_kernel_imports_no_game() -> None:
    offenders = [
        str(p.relative_to(SRC))
        for p in (SRC / "kernel").rglob("*.py")
        if _GAME_IMPORT.search(p.read_text(encoding="utf-8"))
    ]
    assert not offenders


def test_no_module_outside_games_compares_a_games_name() -> None:
    offenders = [
        f"{p.relative_to(SRC)}:{n}"
        for p in SRC.rglob("*.py")
        if "games" not in p.relative_to(SRC).parts
        for n, line in enumerate(p.read_text(encoding="utf-8").splitlines(), 1)
        if _NAME_COMPARISON.search(line)
    ]
    assert not offenders
