"""Target phrases → requirements, from fixtures (mtg:115, mtg:702.5, mtg:702.6)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml

from tcgrules.cardtext import parse_card
from tcgrules.cardtext.render import render_requirement

FIXTURES = yaml.safe_load((Path(__file__).parent / "fixtures" / "targets.yaml").read_text())


def _id(case: dict[str, Any]) -> str:
    return str(case["text"])[:50]


@pytest.mark.rules("mtg:115.1", "mtg:115.4", "mtg:115.6", "mtg:109.2")
@pytest.mark.parametrize("case", FIXTURES, ids=_id)
def test_requirements(case: dict[str, Any]) -> None:
    card = parse_card("mtg", case["text"], name=case.get("name"), type_line=case.get("type_line"))
    reqs = card.target_requirements()
    assert len(reqs) == len(case["expect"]), reqs
    for req, want in zip(reqs, case["expect"], strict=True):
        assert req.text == want["phrase"]
        assert (req.min, req.max) == (want["min"], want["max"])
        assert req.kinds == frozenset(want["kinds"])
        assert req.zone == want["zone"]
        assert req.divided == want.get("divided", False)
        assert req.distinct_from == tuple(want.get("distinct_from", ()))
        assert card.text[req.span[0] : req.span[1]] == req.text if req.span else True
    assert not [u for u in card.unsupported if u.reason.startswith("target")]


CANONICAL = [w for case in FIXTURES for w in case["expect"] if w.get("canonical")]


@pytest.mark.parametrize("want", CANONICAL, ids=lambda w: w["phrase"])
def test_round_trip(want: dict[str, Any]) -> None:
    """parse → render gives the same phrase; parsing the rendering gives the same requirement."""
    req = parse_card("mtg", f"Exile {want['phrase']}.").target_requirements()[0]
    text = render_requirement(req)
    assert text == want["phrase"]
    again = parse_card("mtg", f"Exile {text}.").target_requirements()[0]
    assert (again.descriptor, again.min, again.max, again.kinds) == (
        req.descriptor,
        req.min,
        req.max,
        req.kinds,
    )


@pytest.mark.rules("mtg:115.3")
def test_round_trip_keeps_another_target() -> None:
    """The second instance of Arc Trail renders as "another target", not "any target"."""
    text = "Arc Trail deals 2 damage to any target and 1 damage to another target."
    first, second = parse_card("mtg", text, name="Arc Trail").target_requirements()
    assert [render_requirement(first), render_requirement(second)] == [
        "any target",
        "another target",
    ]
    assert second.distinct_from == (0,)
