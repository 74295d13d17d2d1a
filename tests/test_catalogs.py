"""The rule catalogs: they parse, name real rules, and cover every rule the code cites."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from tcgrules.catalogs import GAMES, catalog, load_yaml, seed_items
from tcgrules.catalogs.sources import ga_items, known_numbers
from tcgrules.rules import EDITIONS, RuleRef

SRC = Path(__file__).resolve().parents[1] / "src" / "tcgrules"
RULES_DIR = Path("/work/shared/rules")
RULES_FILES = {
    "mtg": "mtg-comprehensive-rules-2025-02-07.txt",
    "fab": "fab-comprehensive-rules-2.10.1-2025-05-19.txt",
    "ga": "ga-comprehensive-rules-2026-08-21.md",
}
_REF_LITERAL = re.compile(r"^(mtg|fab|ga):[^\s\"']+$")


def _rules_text(game: str) -> str:
    path = RULES_DIR / RULES_FILES[game]
    if not path.exists():
        pytest.skip(f"rules text {path} not available; cannot check rule numbers")
    return path.read_text(encoding="utf-8")


@pytest.mark.parametrize("name", ["mtg.yaml", "fab.yaml", "ga.yaml", "seeds.yaml"])
def test_every_yaml_parses(name: str) -> None:
    data = load_yaml(name)
    assert isinstance(data, dict)


@pytest.mark.parametrize("game", GAMES)
def test_catalog_matches_edition_and_has_summaries(game: str) -> None:
    cat = catalog(game)
    assert cat.edition == EDITIONS[game]
    assert len(cat) > 50
    for entry in cat.entries():
        assert entry.ref.game == game
        assert entry.ref.edition == EDITIONS[game]
        assert entry.summary and "\n" not in entry.summary, entry.ref
        assert len(entry.summary) < 160, f"{entry.ref}: keep summaries to one short line"


def test_catalog_api() -> None:
    cat = catalog("magic")
    assert cat is catalog("mtg")
    assert "115.3" in cat
    assert "mtg:115.3" in cat
    assert RuleRef.parse("mtg:115.3") in cat
    assert "fab:2.0.3c" not in cat
    entry = cat.get("115.3")
    assert entry is not None and entry.ref == RuleRef("mtg", "115.3")
    assert cat.summary("mtg:115.3") == entry.summary
    assert cat.summary("mtg:999.9") == ""
    assert cat.get("999.9") is None
    assert next(iter(cat)) == next(iter(cat.entries())).ref.number


@pytest.mark.parametrize("game", GAMES)
def test_every_catalog_number_is_in_the_rules_text(game: str) -> None:
    known = known_numbers(game, _rules_text(game))
    missing = [n for n in catalog(game) if n not in known]
    assert not missing, f"{game} catalog names rules not in the rules text: {missing}"


@pytest.mark.parametrize("game", GAMES)
def test_every_seed_clause_is_catalogued_or_a_wiki_statement(game: str) -> None:
    cat = catalog(game)
    items = seed_items(game)
    assert items
    for item in items:
        assert item.status in {"expected", "out_of_scope"}, item.ref
        if item.status == "out_of_scope":
            assert item.reason, f"{item.ref} is out of scope without a reason"
        if ":wiki/" in item.ref or ":example/" in item.ref:
            assert item.summary and item.relates_to, item.ref
            assert all(r in catalog(RuleRef.parse(r).game) for r in item.relates_to), item.ref
        else:
            assert item.ref in cat, f"seed clause {item.ref} missing from the {game} catalog"


def test_ga_target_items_are_numbered_in_rendered_sequence() -> None:
    items = ga_items(_rules_text("ga"))
    target = [k for k in items if k.startswith("objects-and-targeting/target-")]
    assert target == [
        f"objects-and-targeting/target-{n}" for n in ("1", "1.1", "2", "2.1", "2.2", "3", "4")
    ]
    assert "objects-and-targeting/redirect-2" in items
    assert "objects-and-targeting/non-objects-1.1.1" in items


def test_seed_counts() -> None:
    clauses = [i for i in seed_items("mtg") if ":wiki/" not in i.ref and ":example/" not in i.ref]
    assert len(clauses) == 42
    assert len([i for i in seed_items("mtg") if ":example/" in i.ref]) == 10
    assert len(seed_items("ga")) == 22
    out = {i.ref for i in clauses if i.status == "out_of_scope"}
    assert out == {f"mtg:{n}" for n in ("109.2d", "109.4d", "109.4e", "109.4f", "109.4g")}
    examples_out = {
        i.ref for i in seed_items("mtg") if ":example/" in i.ref and i.status == "out_of_scope"
    }
    assert examples_out == {"mtg:example/707.10-2", "mtg:example/707.10-3"}


def _cited_refs() -> dict[str, list[str]]:
    """Rule-reference string literals in the package source: ref -> files citing it."""
    cited: dict[str, list[str]] = {}
    for path in sorted(SRC.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        for node in ast.walk(tree):
            if (
                isinstance(node, ast.Constant)
                and isinstance(node.value, str)
                and _REF_LITERAL.match(node.value)
            ):
                cited.setdefault(node.value, []).append(str(path.relative_to(SRC)))
    return cited


def test_every_rule_cited_in_the_code_is_catalogued() -> None:
    cited = _cited_refs()
    assert cited, "expected the package to cite some rules"
    missing = []
    for text, files in sorted(cited.items()):
        ref = RuleRef.parse(text)
        if ref.number not in catalog(ref.game):
            missing.append(f"{text} (in {', '.join(sorted(set(files)))})")
    assert not missing, "rules cited in src/ but missing from the catalogs:\n" + "\n".join(missing)
