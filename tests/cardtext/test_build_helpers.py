"""The game-neutral line, sentence and draft helpers of cardtext/build.py."""

from __future__ import annotations

import pytest
from lark import Token

from tcgrules.cardtext import nodes as n
from tcgrules.cardtext.build import (
    ComparisonRules,
    Draft,
    DraftRef,
    TextContext,
    check_text_args,
    count,
    draft_refs,
    find_colon,
    flag_targets,
    outside_quotes,
    requirement,
    sentences,
    share_zones,
    text_lines,
)
from tcgrules.cardtext.grammar import declared_by_neighbours
from tcgrules.errors import CardTextError
from tcgrules.kernel import descriptors as d


def _tok(kind: str, text: str, at: int) -> Token:
    return Token(kind, text, start_pos=at, end_pos=at + len(text))


def _draft(span: tuple[int, int], zone: str, clause: d.Descriptor | None = None) -> Draft:
    return Draft(d.HasType("ally"), 1, 1, frozenset({"ally"}), zone, span, zone_clause=clause)


def test_sentences_a_closing_quote_after_a_stop_ends_one_unless_told_not_to() -> None:
    # gains "Go." Then.
    tokens = [
        _tok("WORD", "gains", 0),
        _tok("QUOTE", '"', 6),
        _tok("WORD", "Go", 7),
        _tok("DOT", ".", 9),
        _tok("QUOTE", '"', 10),
        _tok("WORD", "Then", 12),
        _tok("DOT", ".", 16),
    ]
    assert [len(s) for s in sentences(tokens)] == [5, 2]
    assert [len(s) for s in sentences(tokens, quote_ends=False)] == [7]


def test_text_lines_skip_and_find_colon() -> None:
    text = "  Go again \n//\n\nAction: draw"
    assert [text[a:b] for a, b in text_lines(text)] == ["Go again", "//", "Action: draw"]
    assert [text[a:b] for a, b in text_lines(text, skip=("//",))] == ["Go again", "Action: draw"]
    assert find_colon('gains "Pay 1: draw": x') == 19
    assert find_colon("no colon") == -1


def test_outside_quotes_replaces_each_quote_by_what_read_made_of_it() -> None:
    clean = 'gains "Hit: draw" now'
    ctx = TextContext(clean, clean)
    sentence = [
        _tok("WORD", "gains", 0),
        _tok("QUOTE", '"', 6),
        _tok("WORD", "Hit", 7),
        _tok("WORD", "draw", 12),
        _tok("QUOTE", '"', 16),
        _tok("WORD", "now", 18),
    ]
    seen: list[tuple[int, int, tuple[int, int]]] = []

    def read(lo: int, hi: int, span: tuple[int, int]) -> n.GrantAbility:
        seen.append((lo, hi, span))
        return n.GrantAbility(None, (), (), None, clean[span[0] : span[1]], span)

    out, quoted = outside_quotes(ctx, sentence, read)
    assert [t.type for t in out] == ["WORD", "QUOTED", "WORD"]
    assert seen == [(7, 16, (6, 17))]
    assert quoted[6].text == '"Hit: draw"'


def test_flag_targets_records_only_declared_targets() -> None:
    clean = "target ally: the target"
    ctx = TextContext(clean, clean)
    tokens = [_tok("TARGET", "target", 0), _tok("WORD", "ally", 7), _tok("TARGET", "target", 17)]
    flag_targets(ctx, tokens, lambda toks, i: i == 0, (0, len(clean)), "target in a cost")
    assert [(u.span, u.reason) for u in ctx.unsupported] == [((0, 6), "target in a cost")]


def test_share_zones_and_requirement_span() -> None:
    clean = "target ally and target ally from your graveyard"
    clause = d.InZone("graveyard", "you")
    first, second = _draft((0, 11), "arena"), _draft((16, 47), "graveyard", clause)
    share_zones(clean, [first, second], "arena")
    assert first.zone == "graveyard"
    assert first.descriptor == d.AllOf((d.HasType("ally"), clause))
    req = requirement(first, clean, span=(0, 6))
    assert (req.text, req.span, req.zone) == ("target", (0, 6), "graveyard")
    lone = _draft((0, 11), "arena")
    share_zones("target ally, then target ally from your graveyard", [lone, second], "arena")
    assert lone.zone == "arena"


def test_draft_refs_finds_references_at_any_depth() -> None:
    draft = _draft((0, 11), "arena")
    ref = DraftRef(draft)
    effects = (n.May((n.Destroy(ref),)), [n.Destroy(n.Self())])
    assert draft_refs(effects) == [ref]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        ((3, None, None), "card text must be a string, not int"),
        (("x", 1, None), "name must be a string or None"),
        (("x", None, b""), "type_line must be a string or None"),
    ],
)
def test_check_text_args(args: tuple[object, object, object], message: str) -> None:
    with pytest.raises(CardTextError, match=message):
        check_text_args(*args)
    check_text_args("x", "Name", None)


def test_count_and_comparison_rules() -> None:
    assert count(3) == 3
    assert count("X") is None
    rules = ComparisonRules()
    assert rules.cmp_eq([2]) == ("==", 2)
    assert rules.cmp_le([2, "or", "less"]) == ("<=", 2)
    assert rules.cmp_ge([2, "or", "more"]) == (">=", 2)
    assert rules.cmp_lt(["less", "than", 3]) == ("<", 3)
    assert rules.cmp_gt(["greater", "than", "X"]) == (">", "X")


@pytest.mark.parametrize(
    ("types", "expected"),
    [
        (["DEAL", "TARGET", "OF"], False),  # "target of"
        (["TARGET", "POSS"], False),  # "target's"
        (["TWO", "TARGETS"], False),  # plural without a count the game lists
        (["NUMBER", "TARGETS"], True),
        (["POSS", "TARGET", "HERO"], False),
        (["DESTROY", "TARGET", "HERO"], None),  # for the game to decide
    ],
)
def test_declared_by_neighbours(types: list[str], expected: bool | None) -> None:
    tokens = [_tok(kind, kind.lower(), 10 * k) for k, kind in enumerate(types)]
    at = next(k for k, kind in enumerate(types) if kind.startswith("TARGET"))
    assert declared_by_neighbours(tokens, at, {"NUMBER"}) is expected
