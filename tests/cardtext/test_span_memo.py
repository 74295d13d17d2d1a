"""Ability bodies read once and reused elsewhere (``SpanMemo``): a reused reading must
be the reading a fresh parse gives, with every span pointing into the new text."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pytest

from tcgrules.cardtext import nodes as n
from tcgrules.cardtext.build import SpanMemo, TextContext, shift_spans
from tcgrules.games.magic import text as magic_text
from tcgrules.games.magic.text import parse_magic

BODY = "Destroy target creature. Frobnicate target land with a gizmo."


def _spans(value: Any) -> list[tuple[int, int]]:
    """Every ``span`` inside ``value`` (nodes, descriptors, tuples)."""
    found: list[tuple[int, int]] = []
    if isinstance(value, tuple):
        for item in value:
            found.extend(_spans(item))
        return found
    fields = getattr(type(value), "__dataclass_fields__", None)
    if fields is None:
        return found
    for name in fields:
        item = getattr(value, name)
        if name == "span" and item is not None:
            found.append(item)
        else:
            found.extend(_spans(item))
    return found


def _fresh(text: str, name: str) -> n.CardText:
    kept = magic_text._BODIES
    magic_text._BODIES = SpanMemo(limit=0)  # nothing kept: every body read anew
    try:
        return parse_magic(text, name, "Sorcery")
    finally:
        magic_text._BODIES = kept


def test_a_repeated_body_points_into_its_own_text() -> None:
    first = parse_magic(BODY, "Alpha", "Sorcery")
    later_text = "Kicker {2}\n" + BODY  # the same words, eleven characters later
    later = parse_magic(later_text, "Beta", "Sorcery")
    assert later == _fresh(later_text, "Beta")
    assert repr(later) == repr(_fresh(later_text, "Beta"))
    shift = len("Kicker {2}\n")
    req = later.abilities[-1].requirements[0]
    assert req.span is not None
    assert later_text[req.span[0] : req.span[1]] == "target creature"
    assert req.span[0] - shift == first.abilities[-1].requirements[0].span[0]  # type: ignore[index]
    # the sentence not read is reported where it is in the new text
    (missed,) = [u for u in later.unsupported if "Frobnicate" in u.text]
    assert missed.span is not None
    assert later_text[missed.span[0] : missed.span[1]].startswith("Frobnicate target land")
    for lo, hi in _spans(later.abilities):
        assert 0 <= lo <= hi <= len(later_text)


def test_a_body_is_read_once() -> None:
    calls: list[tuple[int, int]] = []
    memo = SpanMemo()

    def reader(ctx: TextContext, start: int, end: int) -> tuple[str, tuple[int, int]]:
        calls.append((start, end))
        ctx.add(start, end, "not read")
        return "read", (start, end)

    one = TextContext("xx Draw a card.", "xx Draw a card.")
    two = TextContext("Draw a card.", "Draw a card.")
    assert memo.read(one, 3, 15, reader) == ("read", (3, 15))
    # a plain tuple is not a span field: only fields named "span" move
    assert memo.read(two, 0, 12, reader) == ("read", (3, 15))
    assert calls == [(3, 15)]
    assert two.unsupported[0].span == (0, 12)
    assert two.unsupported[0].text == "Draw a card."


def test_different_card_kinds_are_read_apart() -> None:
    memo = SpanMemo()
    seen: list[bool] = []

    def reader(ctx: TextContext, start: int, end: int) -> bool:
        seen.append(ctx.spell)
        return ctx.spell

    memo.read(TextContext("Tap it.", "Tap it.", spell=True), 0, 7, reader)
    assert memo.read(TextContext("Tap it.", "Tap it.", spell=False), 0, 7, reader) is False
    assert seen == [True, False]


@dataclass(frozen=True, slots=True)
class _Leaf:
    span: tuple[int, int] | None
    label: str


@dataclass(frozen=True, slots=True)
class _Branch:
    leaves: tuple[_Leaf, ...]
    span: tuple[int, int] | None = None


@pytest.mark.parametrize("delta", [0, 5, -2])
def test_shift_spans_moves_every_span_and_nothing_else(delta: int) -> None:
    tree = _Branch((_Leaf((4, 6), "a"), _Leaf(None, "b")), (2, 9))
    moved = shift_spans(tree, delta)
    assert moved == _Branch(
        (_Leaf((4 + delta, 6 + delta), "a"), _Leaf(None, "b")), (2 + delta, 9 + delta)
    )
    assert tree.span == (2, 9)  # the kept reading is not changed
