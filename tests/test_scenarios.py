"""Run every scenario file under tests/scenarios/ and the bundled examples.

Each file is one test; its `rules:` list is what `tcgrules rules --coverage`
credits it with.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tcgrules.scenario.loader import load_scenario
from tcgrules.scenario.runner import run_scenario

ROOT = Path(__file__).parent
FILES = sorted(
    [*ROOT.glob("scenarios/**/*.yaml"), *(ROOT.parent / "src/tcgrules/examples").glob("*.yaml")]
)


@pytest.mark.parametrize("path", FILES, ids=lambda p: str(p.relative_to(ROOT.parent)))
def test_scenario(path: Path) -> None:
    result = run_scenario(load_scenario(path))
    problems = [f"step {s.index + 1} (line {s.line}, {s.action}): {m}" for s, m in result.failures]
    if result.unsupported is not None:
        problems.append(f"unsupported: {result.unsupported}")
    if not result.ok:
        pytest.fail("\n".join(problems or [result.error or "failed"]), pytrace=False)
