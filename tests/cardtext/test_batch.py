"""Bulk reading runs the cyclic garbage collector less often, and only while it lasts."""

from __future__ import annotations

import gc

import pytest

from tcgrules.carddata.bundled import bundled_cards
from tcgrules.cardtext.batch import BATCH_THRESHOLDS, collecting_less
from tcgrules.cardtext.coverage import corpus_report


def test_thresholds_raised_inside_and_restored_after() -> None:
    before = gc.get_threshold()
    with collecting_less():
        inside = gc.get_threshold()
        assert inside[0] >= BATCH_THRESHOLDS[0]
        assert gc.isenabled()  # cycles are still collected, only less often
    assert gc.get_threshold() == before


def test_restored_when_the_block_fails() -> None:
    before = gc.get_threshold()
    with pytest.raises(RuntimeError), collecting_less():
        raise RuntimeError("boom")
    assert gc.get_threshold() == before


def test_corpus_report_leaves_the_collector_as_it_was() -> None:
    before = gc.get_threshold()
    report = corpus_report(bundled_cards("mtg").values())
    assert report.faces > 0
    assert gc.get_threshold() == before
