"""The scenario loader: valid files load; malformed ones are located (file:line:column, $.path)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tcgrules.errors import ScenarioError
from tcgrules.rules import RuleRef
from tcgrules.scenario.loader import (
    ScenarioValidationError,
    format_path,
    load_scenario,
    load_scenarios,
    parse_scenario,
    scenario_files,
)
from tcgrules.scenario.schema import (
    CastStep,
    DoStep,
    ExpectStep,
    PassStep,
    ResolveStep,
    StackStep,
    ZoneEntry,
)

FIXTURES = Path(__file__).parent / "fixtures"
VALID = FIXTURES / "valid"
MALFORMED = FIXTURES / "malformed"


def _error(path: Path) -> ScenarioError:
    with pytest.raises(ScenarioError) as info:
        load_scenario(path)
    return info.value


# --------------------------------------------------------------------------- valid files


def test_the_contract_example_loads_as_written() -> None:
    scenario = load_scenario(VALID / "contract_example.yaml")
    assert scenario.game == "mtg"
    assert scenario.title == "Arc Trail needs two different targets"
    assert scenario.rules == [RuleRef("mtg", "115.3"), RuleRef("mtg", "601.2c")]
    assert scenario.players == ["Alice", "Bob"]
    assert scenario.active_player == "Alice"
    assert scenario.cards["Runeclaw Bear"].power == 2
    assert scenario.cards["Arc Trail"].cost == "{1}{R}"
    bob = scenario.setup["Bob"]
    assert bob.life == 20
    assert bob.zones["battlefield"] == [
        ZoneEntry(card="Runeclaw Bear"),
        ZoneEntry(card="Runeclaw Bear", **{"as": "Second Bear"}, tapped=True),
    ]
    assert bob.zones["battlefield"][1].name == "Second Bear"
    first, second, resolve, expect = scenario.steps
    assert isinstance(first, CastStep)
    assert first.card == "Arc Trail"
    assert first.by == "Alice"
    assert first.targets == [["Runeclaw Bear"], ["Runeclaw Bear"]]
    assert first.rejected == RuleRef("mtg", "115.3")
    assert isinstance(second, CastStep)
    assert second.rejected is None
    assert isinstance(resolve, ResolveStep)
    assert resolve.resolve == 1
    assert isinstance(expect, ExpectStep)
    assert expect.expect.checks() == [
        ("zone", {"Runeclaw Bear": "graveyard"}),
        ("life", {"Bob": 19}),
    ]
    assert [step.line for step in scenario.steps] == [20, 24, 27, 28]
    assert scenario.source.endswith("contract_example.yaml")


def test_every_contract_key_loads() -> None:
    scenario = load_scenario(VALID / "every_key_mtg.yaml")
    assert scenario.game == "mtg"  # written "magic"
    assert scenario.enforce == ["costs", "timing"]
    assert scenario.cards["Tarmogoyf"].power == "*"
    assert scenario.cards["Jace"].colors == ["blue"]
    token = scenario.setup["Bob"].zones["battlefield"][2]
    assert token.token
    assert scenario.setup["Bob"].zones["battlefield"][1].counters == {"+1/+1": 2}
    steps = scenario.steps
    cast = steps[0]
    assert isinstance(cast, StackStep)
    assert cast.targets == [["Bear Two"]]  # a flat list is one instance
    assert cast.as_ == "First Charm"
    assert cast.chosen_modes == [2]
    modal = steps[1]
    assert isinstance(modal, StackStep)
    assert modal.chosen_modes == [1, 3]
    assert modal.divide == [2, 1]
    assert modal.x == 3
    assert modal.rejected is True
    assert steps[2].action == "activate"
    assert steps[3].action == "trigger"
    resolve = steps[4]
    assert isinstance(resolve, ResolveStep)
    assert resolve.choose is not None
    assert resolve.choose.new_targets == [["Tarmogoyf"]]
    assert resolve.choose.pay is False
    assert isinstance(steps[5], PassStep)
    assert steps[6].action == "end_turn"
    do = steps[7]
    assert isinstance(do, DoStep)
    changes = dict(do.do.changes())
    assert [key for key, _ in do.do.changes()][:3] == ["move", "damage", "life"]
    assert changes["life"] == {"Bob": -3, "Alice": 2}
    assert changes["modify"] == {"Bear Two": {"power": 2, "toughness": -1}}
    assert changes["phase_in"] == ["Token Bear"]
    assert do.do.until == "end_of_turn"
    assert do.rejected == RuleRef("mtg", "613")
    expect = steps[8]
    assert isinstance(expect, ExpectStep)
    checks = expect.expect
    assert checks.controller == {"Bear Two": "Bob", "Charm": None}
    assert checks.properties == {
        "Bear Two": {"power": 4, "colors": ["green"], "keywords": None, "name": "Runeclaw Bear"}
    }
    assert checks.facts is not None
    assert checks.facts["Bear Two"].increased == ["power"]
    assert checks.events is not None
    assert checks.events[0].rule == RuleRef("mtg", "601.2")
    assert checks.events[1].extra == {"amount": 2}
    assert checks.legal_targets is not None
    assert checks.legal_targets[0].chosen == [["Alice"]]
    assert checks.winner == "Alice"
    last = steps[9]
    assert isinstance(last, ExpectStep)
    assert last.expect.legal_targets is not None
    assert [q.stack_object for q in last.expect.legal_targets] == ["First Charm", None]


def test_fab_and_ga_files_load() -> None:
    fab = load_scenario(VALID / "fab_hero.yaml")
    assert fab.game == "fab"
    assert fab.setup["Alice"].hero is not None
    assert fab.setup["Alice"].hero.name == "Dorinthea Ironsong"
    assert fab.setup["Bob"].hero is not None
    assert fab.setup["Bob"].hero.name == "Bob's Hero"
    assert fab.cards["Snatch"].cost == 0
    ga = load_scenario(VALID / "ga_champion.yaml")
    assert ga.game == "ga"
    fireball = ga.cards["Fireball"].cost
    assert fireball is not None
    assert not isinstance(fireball, int | str)
    assert fireball.memory == 2
    assert ga.steps[1].expects_rejection  # type: ignore[union-attr]


def test_directories_recurse_sorted() -> None:
    files = scenario_files([VALID])
    assert files == sorted(files)
    assert {f.name for f in files} >= {"contract_example.yaml", "fab_hero.yaml"}
    assert len(load_scenarios([VALID])) == len(files)


@pytest.mark.parametrize(
    ("text", "game"),
    [("mtg", "mtg"), ("Magic", "mtg"), ("flesh-and-blood", "fab"), ("grand-archive", "ga")],
)
def test_game_aliases(text: str, game: str) -> None:
    assert parse_scenario(f"game: {text}\nplayers: [A]\n").game == game


def test_format_path() -> None:
    assert format_path(("steps", 2, "targets", 0)) == "$.steps[2].targets[0]"
    assert format_path(("cards", "Arc Trail", "cost")) == '$.cards["Arc Trail"].cost'


# --------------------------------------------------------------------------- malformed files


MALFORMED_CASES = {
    "wrong_type.yaml": (7, 14, "$.steps[1].resolve", "got the string 'one'", "an integer"),
    "unknown_key.yaml": (6, 5, "$.steps[0].tagrets", "did you mean 'targets'", "targets"),
    "unknown_game.yaml": (2, 7, "$.game", "unknown game 'chess'", "mtg, fab or ga"),
    "two_actions.yaml": (6, 5, "$.steps[1].play", "exactly one action key", "one action"),
    "bad_rule.yaml": (7, 15, "$.steps[1].rejected", "chess:1.2", "mtg, fab or ga"),
    "bad_target.yaml": (7, 31, "$.steps[2].targets[0][1]", "the number 7", "a string"),
}


@pytest.mark.parametrize("name", sorted(MALFORMED_CASES))
def test_malformed_files_are_located(name: str) -> None:
    line, column, path, message, expected = MALFORMED_CASES[name]
    error = _error(MALFORMED / name)
    assert error.source is not None
    assert error.source.endswith(name)
    assert (error.line, error.column, error.path) == (line, column, path)
    assert message in error.message
    assert error.expected is not None
    assert expected in error.expected
    assert str(error).startswith(f"{error.source}:{line}:{column} {path}: ")


def test_yaml_syntax_error_has_line_and_column() -> None:
    error = _error(MALFORMED / "yaml_syntax.yaml")
    assert (error.line, error.column) == (3, 6)
    assert "YAML syntax error" in error.message


def test_every_error_is_reported_in_file_order() -> None:
    text = (
        "game: mtg\n"
        "players: [Alice]\n"
        "steps:\n"
        "  - resolve: 0\n"
        "  - cast: X\n"
        "    by: 3\n"
        "  - expect: {life: {Alice: ten}}\n"
    )
    with pytest.raises(ScenarioValidationError) as info:
        parse_scenario(text, "many.yaml")
    located = [(e.line, e.path) for e in info.value.errors]
    assert located == [
        (4, "$.steps[0].resolve"),
        (6, "$.steps[1].by"),
        (7, "$.steps[2].expect.life.Alice"),
    ]
    assert str(info.value).count("many.yaml:") == 3


@pytest.mark.parametrize(
    ("text", "path", "fragment"),
    [
        ("game: mtg\n", "$.players", "missing key 'players'"),
        ("game: mtg\nplayers: [A]\ntittle: x\n", "$.tittle", "did you mean 'title'"),
        ("game: mtg\nplayers: [A]\nsteps: [{foo: 1}]\n", "$.steps[0]", "no action key"),
        ("game: mtg\nplayers: [A]\nsteps: [{expect: {}}]\n", "$.steps[0].expect", "nothing"),
        ("game: mtg\nplayers: [A]\nsetup: {B: {}}\n", "$.setup.B", "not in players"),
        ("game: mtg\nplayers: [A]\nsetup: {A: {arena: []}}\n", "$.setup.A.arena", "zone"),
        ("game: mtg\nplayers: [A]\nenforce: [mana]\n", "$.enforce[0]", "not allowed"),
        ("game: mtg\nplayers: [A]\nrules: [115.3]\n", "$.rules[0]", "rule reference"),
        (
            "game: mtg\nplayers: [A]\nsteps: [{pass: true, rejected: 5}]\n",
            "$.steps[0].rejected",
            "",
        ),
        ("game: mtg\nplayers: [A]\ngame: fab\n", "$.game", "duplicate key"),
        ("game: mtg\nplayers: [A, A]\n", "$.players[1]", "listed twice"),
        (
            "game: ga\nplayers: [A]\ncards: {X: {cost: {reserve: 1, memory: 1}}}\n",
            "$.cards.X.cost",
            "exactly one of reserve or memory",
        ),
        (
            "game: mtg\nplayers: [A]\nsteps: [{expect: {properties: {X: {powr: 1}}}}]\n",
            "$.steps[0].expect.properties.X.powr",
            "unknown property",
        ),
    ],
)
def test_schema_errors(text: str, path: str, fragment: str) -> None:
    with pytest.raises(ScenarioError) as info:
        parse_scenario(text, "inline.yaml")
    assert info.value.path == path
    assert fragment in info.value.message
    assert info.value.line is not None
    assert info.value.column is not None


def test_empty_and_non_mapping_files() -> None:
    with pytest.raises(ScenarioError, match="empty"):
        parse_scenario("", "empty.yaml")
    with pytest.raises(ScenarioError, match="mapping"):
        parse_scenario("- a\n", "list.yaml")


def test_missing_file() -> None:
    with pytest.raises(ScenarioError, match="no such file"):
        load_scenario(FIXTURES / "nope.yaml")
