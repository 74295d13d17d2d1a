"""Coverage tags are read from the tests themselves; the report and the CLI."""

from __future__ import annotations

import json
import textwrap
from pathlib import Path

import pytest
from click.testing import CliRunner

from tcgrules.cli import main
from tcgrules.coverage import (
    collect_tags,
    coverage_report,
    default_test_paths,
    project_tags,
    shipped_tags,
)
from tcgrules.coverage import totals as coverage_totals

PY_TEST = textwrap.dedent(
    '''
    import pytest
    from pytest import mark

    pytestmark = [pytest.mark.slow, pytest.mark.rules("fab:2.0.3c")]

    @pytest.mark.rules("mtg:109.1", "mtg:115.3")
    def test_objects():
        pass

    @mark.rules("magic:115.7a")
    def test_change_targets():
        pass

    def test_untagged():
        pass

    @pytest.mark.rules("mtg:115.7")
    class TestChange:
        @pytest.mark.rules("mtg:115.7b")
        def test_one(self):
            pass

    def helper():
        """not a test: its marks don't count"""

    @pytest.mark.rules("mtg:115.5")
    def helper_not_collected():
        pass
    '''
)

SCENARIO = textwrap.dedent(
    """
    game: mtg
    title: a spell can't target itself
    rules:
      - mtg:115.5
      - mtg:109.1
    steps: []
    """
)


@pytest.fixture
def tree(tmp_path: Path) -> Path:
    (tmp_path / "scenarios" / "mtg").mkdir(parents=True)
    (tmp_path / "scenarios" / "mtg" / "self.yaml").write_text(SCENARIO, encoding="utf-8")
    (tmp_path / "scenarios" / "notes.yml").write_text("- just\n- a list\n", encoding="utf-8")
    (tmp_path / "scenarios" / "broken.yaml").write_text("rules: [unclosed\n", encoding="utf-8")
    (tmp_path / "test_sample.py").write_text(PY_TEST, encoding="utf-8")
    (tmp_path / "test_broken.py").write_text("def (:\n", encoding="utf-8")
    return tmp_path


def test_collect_tags_exactly(tree: Path) -> None:
    tags = collect_tags([tree])
    py = str(tree / "test_sample.py")
    scenario = str(tree / "scenarios" / "mtg" / "self.yaml")
    assert tags == {
        "fab:2.0.3c": [
            f"{py}::test_objects",
            f"{py}::test_change_targets",
            f"{py}::test_untagged",
            f"{py}::TestChange::test_one",
        ],
        "mtg:109.1": [scenario, f"{py}::test_objects"],  # files in path order
        "mtg:115.3": [f"{py}::test_objects"],
        "mtg:115.7a": [f"{py}::test_change_targets"],
        "mtg:115.7": [f"{py}::TestChange::test_one"],
        "mtg:115.7b": [f"{py}::TestChange::test_one"],
        "mtg:115.5": [scenario],
    }


def test_matching_is_exact(tree: Path) -> None:
    rows = {r.ref: r for r in coverage_report("mtg", collect_tags([tree]))}
    assert rows["mtg:115.7"].status == "covered"
    assert rows["mtg:115.7a"].status == "covered"
    assert rows["mtg:115.7c"].status == "not_yet"  # a tag on 115.7 doesn't cover children
    assert rows["mtg:115.1"].status == "not_yet"  # nor does a child cover its parent
    assert rows["mtg:115.5"].tests == [str(tree / "scenarios" / "mtg" / "self.yaml")]


def test_out_of_scope_items_show_their_reason() -> None:
    rows = {r.ref: r for r in coverage_report("mtg", {"mtg:109.4d": ["x::test"]})}
    for ref in ("mtg:109.2d", "mtg:109.4d", "mtg:109.4e", "mtg:109.4f", "mtg:109.4g"):
        assert rows[ref].status == "out_of_scope"
        assert "out of scope" in rows[ref].reason
    counts = coverage_totals(rows.values())
    assert counts["out_of_scope"] == 7  # five clauses, two rule examples (mana, sacrifice)
    assert counts["total"] == len(rows)
    assert rows["mtg:115.3"].summary  # rule clauses take their summary from the catalog
    assert rows["mtg:wiki/target/damage-is-not-targeting"].summary


def test_default_paths_only_existing(tmp_path: Path) -> None:
    assert all(p.exists() for p in default_test_paths(tmp_path))
    (tmp_path / "tests").mkdir()
    assert tmp_path / "tests" in default_test_paths(tmp_path)


def test_cli_catalog() -> None:
    result = CliRunner().invoke(main, ["rules", "--game", "fab"])
    assert result.exit_code == 0, result.output
    assert "fab:2.0.3c" in result.output
    assert "mtg:" not in result.output
    data = json.loads(CliRunner().invoke(main, ["rules", "-g", "ga", "--json"]).output)
    assert "objects-and-targeting/target-1.1" in data["ga"]["rules"]


def test_cli_coverage(tree: Path) -> None:
    runner = CliRunner()
    result = runner.invoke(main, ["rules", "--coverage", "--game", "mtg", "--tests", str(tree)])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    row = next(line for line in lines if line.split("│")[0].strip() == "mtg:115.3")
    assert "covered" in row
    row = next(line for line in lines if line.split("│")[0].strip() == "mtg:115.7c")
    assert "not yet" in row
    assert "Vanguard variant is out of scope" in result.output
    assert "of 77 seed clauses" in result.output
    # grouped by section, each with its count
    assert any(line.startswith("mtg:115: ") and "covered" in line for line in lines)
    assert "\t" not in result.output

    strict = runner.invoke(main, ["rules", "--coverage", "--strict", "--tests", str(tree)])
    assert strict.exit_code == 1

    as_json = runner.invoke(
        main, ["rules", "--coverage", "-g", "ga", "--json", "--tests", str(tree)]
    )
    data = json.loads(as_json.output)
    assert data["totals"]["total"] == 22
    assert data["totals"]["not_yet"] == 22


def test_cli_rejects_unknown_game() -> None:
    result = CliRunner().invoke(main, ["rules", "--game", "chess"])
    assert result.exit_code != 0


def test_the_shipped_tag_index_is_fresh() -> None:
    """The index shipped for installed packages equals the tags of the tests now; if this
    fails, run `python -m tcgrules.coverage` and commit the index."""
    root = Path(__file__).parent.parent
    assert shipped_tags() == project_tags(root)


def test_coverage_outside_a_checkout_uses_the_shipped_index(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)  # no tests/ here, as after `pip install tcgrules`
    result = CliRunner().invoke(main, ["rules", "--coverage", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert "index shipped" in data["source"]
    assert data["totals"]["covered"] > 0
    covered = {r["ref"]: r["tests"] for r in data["rows"] if r["status"] == "covered"}
    assert all(not t.startswith("/") for tests in covered.values() for t in tests)
