"""Fuzzing the inputs users write: scenario files and card text (issue #14).

Real scenario files and real card texts are mutated at random (characters dropped,
inserted, swapped; lines repeated or dropped; values replaced with junk). Whatever
comes out, the library either reads it or raises its own located input error: never
a crash, never a bare Python error. The budget is bounded (a fixed number of
derandomized examples), so the suite's time stays the same from run to run.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import tcgrules
from tcgrules.errors import InputError, TcgRulesError
from tcgrules.scenario.loader import parse_scenario
from tcgrules.scenario.runner import run_scenario

ROOT = Path(__file__).parent.parent
_SCENARIOS = sorted(
    [
        *(ROOT / "src" / "tcgrules" / "examples").glob("*.yaml"),
        *(ROOT / "tests" / "scenarios" / "mtg").glob("115*.yaml"),
    ]
)
_TEXTS = [p.read_text(encoding="utf-8") for p in _SCENARIOS]
_CARDS = [
    (game, card.name, card.type_line, card.text)
    for game in ("mtg", "fab", "ga")
    for card in tcgrules.bundled_cards(game).values()
    if card.text
]
_JUNK = [
    "",
    " ",
    ":",
    "- ",
    "[",
    "]",
    "{",
    "}",
    "~",
    "\t",
    "999999999999",
    "-1",
    "null",
    "target",
    "“",
    "—",
    "•",
    "\n",
    "{R}",
    "+1/+1",
    "x: [",
    "&a",
    "*a",
    "!!int",
]


@st.composite
def _mutated(draw: st.DrawFn, text: str) -> str:
    """``text`` after one to four random edits."""
    for _ in range(draw(st.integers(1, 4))):
        if not text:
            break
        at = draw(st.integers(0, len(text) - 1))
        edit = draw(st.sampled_from(["drop", "insert", "swap", "line", "junk"]))
        if edit == "drop":
            end = at + draw(st.integers(1, 12))
            text = text[:at] + text[end:]
        elif edit == "insert":
            text = text[:at] + draw(st.sampled_from(_JUNK)) + text[at:]
        elif edit == "swap" and at + 1 < len(text):
            text = text[:at] + text[at + 1] + text[at] + text[at + 2 :]
        elif edit == "line":
            lines = text.splitlines(keepends=True)
            i = draw(st.integers(0, len(lines) - 1))
            lines.insert(i, lines[i]) if draw(st.booleans()) else lines.pop(i)
            text = "".join(lines)
        else:
            start = text.rfind(":", 0, at)
            end = text.find("\n", at)
            if start >= 0 and end > start:
                text = text[: start + 1] + " " + draw(st.sampled_from(_JUNK)) + text[end:]
    return text


_FUZZ = settings(
    max_examples=150,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)


@_FUZZ
@given(data=st.data())
def test_mutated_scenarios_load_and_run_or_fail_located(data: st.DataObject) -> None:
    original = data.draw(st.sampled_from(_TEXTS))
    text = data.draw(_mutated(original))
    try:
        scenario = parse_scenario(text, source="fuzz.yaml")
        result = run_scenario(scenario)
    except InputError as exc:
        assert exc.where(), f"an input error without a location: {exc}"
        return
    except TcgRulesError as exc:
        pytest.fail(f"{type(exc).__name__} escaped the runner: {exc}\n---\n{text}")
    except Exception as exc:
        pytest.fail(f"crash {type(exc).__name__}: {exc}\n---\n{text}")
    assert result.outcome.value in {"passed", "failed", "unsupported"}


@_FUZZ
@given(data=st.data())
def test_mutated_card_text_parses_or_fails_located(data: st.DataObject) -> None:
    game, name, type_line, original = data.draw(st.sampled_from(_CARDS))
    text = data.draw(_mutated(original))
    try:
        parsed = tcgrules.parse_card(game, text, name=name, type_line=type_line)
        parsed.target_requirements()
    except InputError as exc:
        assert exc.where() or exc.expected, f"an input error without a location: {exc}"
    except Exception as exc:
        pytest.fail(f"crash {type(exc).__name__}: {exc}\n---\n{text!r} ({game}, {name})")
