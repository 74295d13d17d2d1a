"""Rule coverage: which seed clauses the tests and scenarios demonstrate.

Tags come from the tests themselves, never from a hand-kept list:

1. scenario YAML files (``*.yaml`` / ``*.yml``): the top-level ``rules:`` list;
   files that are not scenarios (no mapping, no ``rules`` list) are ignored;
2. pytest files (``*.py``): ``@pytest.mark.rules("mtg:109.1", ...)`` on test
   functions, methods and classes, and module-level
   ``pytestmark = pytest.mark.rules(...)`` (or a list of marks). Files are read
   with :mod:`ast`, never imported.

Matching is exact: a clause is covered only by a tag equal to it (``mtg:115.7``
is not covered by a test tagged ``mtg:115.7a``).
"""

from __future__ import annotations

import ast
import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path

import yaml

from tcgrules.catalogs import catalog, seed_items
from tcgrules.errors import InputError
from tcgrules.rules import RuleRef

__all__ = [
    "TAG_INDEX",
    "CoverageReport",
    "CoverageRow",
    "collect_tags",
    "coverage_report",
    "default_test_paths",
    "normalize_ref",
    "project_tags",
    "section_of",
    "shipped_tags",
    "write_tag_index",
]

#: the rule tags of tcgrules' own tests and examples, shipped with the package so that
#: ``tcgrules rules --coverage`` works where the tests are not (an installed package);
#: regenerated with ``python -m tcgrules.coverage`` and checked for freshness by a test
TAG_INDEX = Path(__file__).parent / "catalogs" / "rule_tags.json"

_SCENARIO_SUFFIXES = (".yaml", ".yml")


def normalize_ref(text: str) -> str:
    """``magic:115.3`` -> ``mtg:115.3``; unreadable tags are returned stripped."""
    try:
        return str(RuleRef.parse(text))
    except InputError:
        return text.strip()


#: folders never searched for tags: caches, and scenarios of features not built yet
#: (tests/pending/ is a work queue; its files demonstrate nothing until they pass)
SKIPPED_DIRS = frozenset({"__pycache__", "pending"})


def _iter_files(paths: Iterable[str | Path]) -> list[Path]:
    files: list[Path] = []
    for raw in paths:
        path = Path(raw)
        if path.is_file():
            files.append(path)
        elif path.is_dir():
            files.extend(
                p
                for p in sorted(path.rglob("*"))
                if p.is_file() and not (SKIPPED_DIRS & set(p.relative_to(path).parts))
            )
    return files


def _scenario_tags(path: Path) -> list[str]:
    try:
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, yaml.YAMLError):
        return []
    if not isinstance(data, dict):
        return []
    rules = data.get("rules")
    if isinstance(rules, str):
        rules = [rules]
    if not isinstance(rules, list):
        return []
    return [normalize_ref(r) for r in rules if isinstance(r, str) and r.strip()]


def _is_rules_mark(node: ast.expr) -> bool:
    """``pytest.mark.rules`` / ``mark.rules`` (the callee of the mark call)."""
    return (
        isinstance(node, ast.Attribute)
        and node.attr == "rules"
        and (
            (isinstance(node.value, ast.Attribute) and node.value.attr == "mark")
            or (isinstance(node.value, ast.Name) and node.value.id == "mark")
        )
    )


def _mark_refs(node: ast.expr) -> list[str]:
    """Refs named by a mark expression, a list/tuple of marks, or nothing."""
    if isinstance(node, ast.List | ast.Tuple):
        return [ref for elt in node.elts for ref in _mark_refs(elt)]
    if isinstance(node, ast.Call) and _is_rules_mark(node.func):
        return [
            normalize_ref(arg.value)
            for arg in node.args
            if isinstance(arg, ast.Constant) and isinstance(arg.value, str)
        ]
    return []


def _python_tags(path: Path) -> list[tuple[str, str]]:
    """``(ref, identifier)`` pairs from one pytest file."""
    try:
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    except (OSError, UnicodeDecodeError, SyntaxError):
        return []
    out: list[tuple[str, str]] = []
    module_refs: list[str] = []
    for stmt in tree.body:
        if isinstance(stmt, ast.Assign | ast.AnnAssign):
            targets = stmt.targets if isinstance(stmt, ast.Assign) else [stmt.target]
            names = {t.id for t in targets if isinstance(t, ast.Name)}
            if "pytestmark" in names and stmt.value is not None:
                module_refs.extend(_mark_refs(stmt.value))

    def visit(body: list[ast.stmt], prefix: str, inherited: list[str]) -> None:
        for stmt in body:
            if isinstance(stmt, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
                own = [ref for deco in stmt.decorator_list for ref in _mark_refs(deco)]
                name = f"{prefix}::{stmt.name}"
                if isinstance(stmt, ast.ClassDef):
                    if stmt.name.startswith("Test"):
                        class_marks = list(inherited) + own
                        for stmt_inner in stmt.body:
                            if isinstance(stmt_inner, ast.Assign) and any(
                                isinstance(t, ast.Name) and t.id == "pytestmark"
                                for t in stmt_inner.targets
                            ):
                                class_marks.extend(_mark_refs(stmt_inner.value))
                        visit(stmt.body, name, class_marks)
                elif stmt.name.startswith("test"):
                    out.extend((ref, name) for ref in [*inherited, *own])

    visit(tree.body, str(path), module_refs)
    return out


def collect_tags(paths: Iterable[str | Path]) -> dict[str, list[str]]:
    """Map each rule ref named by a test or scenario under ``paths`` to their identifiers.

    Scenario files give their path; pytest tests give ``path::Class::test``.
    Identifiers are listed once each, in file order.
    """
    tags: dict[str, list[str]] = {}

    def add(ref: str, ident: str) -> None:
        idents = tags.setdefault(ref, [])
        if ident not in idents:
            idents.append(ident)

    for path in _iter_files(paths):
        if path.suffix in _SCENARIO_SUFFIXES:
            for ref in _scenario_tags(path):
                add(ref, str(path))
        elif path.suffix == ".py":
            for ref, ident in _python_tags(path):
                add(ref, ident)
    return tags


def project_tags(root: str | Path) -> dict[str, list[str]]:
    """The tags of a tcgrules checkout's tests and bundled examples at ``root``, with
    identifiers relative to it (``tests/...::test_x``, ``src/tcgrules/examples/...``),
    sorted: what :data:`TAG_INDEX` holds."""
    base = Path(root).resolve()
    paths = [base / "tests", base / "src" / "tcgrules" / "examples"]
    tags = collect_tags(p for p in paths if p.exists())
    out: dict[str, list[str]] = {}
    for ref, idents in sorted(tags.items()):
        rel = []
        for ident in idents:
            path, sep, rest = ident.partition("::")
            full = Path(path).resolve()
            if full.is_relative_to(base):
                path = full.relative_to(base).as_posix()
            rel.append(path + sep + rest)
        out[ref] = sorted(rel)
    return out


def shipped_tags() -> dict[str, list[str]] | None:
    """The tag index shipped with the package, if it is there."""
    try:
        data = json.loads(TAG_INDEX.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    tags = data.get("tags") if isinstance(data, dict) else None
    if not isinstance(tags, dict):
        return None
    return {str(k): [str(i) for i in v] for k, v in tags.items() if isinstance(v, list)}


def write_tag_index(root: str | Path = ".") -> Path:
    """Write :data:`TAG_INDEX` from the checkout at ``root``."""
    data = {
        "generated_by": "python -m tcgrules.coverage",
        "tags": project_tags(root),
    }
    TAG_INDEX.write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    return TAG_INDEX


def section_of(ref: str) -> str:
    """The section a clause belongs to, for grouping: ``mtg:115.3a`` -> ``mtg:115``,
    ``fab:2.0.3c`` -> ``fab:2.0``, ``mtg:wiki/target/x`` -> ``mtg:wiki/target``."""
    game, _, number = ref.partition(":")
    if "/" in number:
        return f"{game}:{number.rsplit('/', 1)[0]}"
    parts = number.rstrip("abcdefghijklmnopqrstuvwxyz").split(".")
    return f"{game}:{'.'.join(parts[:-1]) or parts[0]}"


def default_test_paths(cwd: str | Path = ".") -> list[Path]:
    """``tests`` relative to ``cwd`` and the bundled examples, those that exist."""
    paths = [Path(cwd) / "tests", Path(__file__).parent / "examples"]
    return [p for p in paths if p.exists()]


@dataclass(frozen=True, slots=True)
class CoverageRow:
    """One seed clause: ``covered`` (with the tests naming it), ``out_of_scope`` or ``not_yet``."""

    ref: str
    summary: str
    status: str
    tests: list[str] = field(default_factory=list)
    reason: str = ""

    def to_dict(self) -> dict[str, object]:
        return {
            "ref": self.ref,
            "summary": self.summary,
            "status": self.status,
            "tests": list(self.tests),
            "reason": self.reason,
        }


@dataclass(frozen=True, slots=True)
class CoverageReport:
    """The rows of one or more games plus totals per status."""

    rows: list[CoverageRow]

    @property
    def totals(self) -> dict[str, int]:
        counts = {"covered": 0, "out_of_scope": 0, "not_yet": 0}
        for row in self.rows:
            counts[row.status] = counts.get(row.status, 0) + 1
        counts["total"] = len(self.rows)
        return counts

    def to_dict(self) -> dict[str, object]:
        return {"rows": [r.to_dict() for r in self.rows], "totals": self.totals}


def coverage_report(game: str, tags: Mapping[str, list[str]]) -> list[CoverageRow]:
    """The seed clauses of ``game`` with their status, given ``tags`` from :func:`collect_tags`."""
    game_name = RuleRef.parse(f"{game}:x").game
    cat = catalog(game_name)
    normalized: dict[str, list[str]] = {}
    for ref, idents in tags.items():
        normalized.setdefault(normalize_ref(ref), []).extend(idents)
    rows: list[CoverageRow] = []
    for item in seed_items(game_name):
        summary = item.summary or cat.summary(item.ref)
        tests = list(dict.fromkeys(normalized.get(item.ref, [])))
        if item.status == "out_of_scope":
            rows.append(CoverageRow(item.ref, summary, "out_of_scope", tests, item.reason))
        elif tests:
            rows.append(CoverageRow(item.ref, summary, "covered", tests))
        else:
            rows.append(CoverageRow(item.ref, summary, "not_yet"))
    return rows


def totals(rows: Iterable[CoverageRow]) -> dict[str, int]:
    """Counts per status (``covered``, ``out_of_scope``, ``not_yet``) and ``total``."""
    return CoverageReport(list(rows)).totals


if __name__ == "__main__":  # python -m tcgrules.coverage [ROOT]: refresh the shipped index
    import sys

    written = write_tag_index(sys.argv[1] if len(sys.argv) > 1 else ".")
    print(f"wrote {written}")
