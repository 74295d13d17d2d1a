"""The board benchmark (benchmarks/board.py) still runs and prints every figure of
issue #13; no time is asserted (timings on a shared machine are not a test)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

BENCHMARKS = Path(__file__).resolve().parent.parent / "benchmarks"


def test_the_board_benchmark_prints_every_figure(capsys: pytest.CaptureFixture[str]) -> None:
    sys.path.insert(0, str(BENCHMARKS))
    try:
        import board  # type: ignore[import-not-found]
    finally:
        sys.path.remove(str(BENCHMARKS))
    board.main(["--no-pool", "--sizes", "50"])
    out = capsys.readouterr().out
    for figure in (
        "first legal-target query after one change",
        "query cost, warm board, 'Destroy target artifact or enchantment.'",
        "query cost, warm board, 'Destroy target creature with flying.'",
        "copy + cast + resolve (Bolt kills a creature), 200",
        "by phase",
        "memory held by a copy after its first write, 200",
        "warm query, one card type",
    ):
        assert figure in out, figure
    assert "[8 matches]" in out and "[5 matches]" in out  # the boards hold what they should
