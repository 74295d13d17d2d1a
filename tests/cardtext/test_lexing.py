"""The shared word-lexer machinery (cardtext/lexing.py) on small made-up tables."""

from __future__ import annotations

import re

import pytest

from tcgrules.cardtext.grammar import load_grammar
from tcgrules.cardtext.lexing import (
    Exact,
    FedLexer,
    WordClassifier,
    WordLexer,
    own_terminals,
    singular_in,
    terminal,
)
from tcgrules.errors import NotSupportedError


def _capitalised(word: str, low: str, first: bool) -> str | None:
    return "NAME" if word[0].isupper() and not first else None


CLASSIFY = WordClassifier(
    Exact(X="X"),
    {"red": "COLOR"},
    terminal(["red", "blue"], "OTHER"),  # "red" is taken by the step before
    _capitalised,
    own_terminals(["target", "blue"]),  # "blue" is taken before the rule
)
PATTERN = re.compile(
    r"(?P<num>\d+)|(?P<word>[A-Za-z]+)|(?P<poss>'s\b)|(?P<punct>[.,])|(?P<other>\S)"
)
LEXER = WordLexer(
    PATTERN,
    CLASSIFY,
    punct={".": "DOT", ",": "COMMA"},
    sentence_starts={"DOT"},
    groups={"num": "NUMBER", "poss": lambda value: "POSS"},
    pairs={("face", "up"): ("STATUS", "face-up"), ("that", "'s"): ("THATS", "that's")},
    triples={("agent", "of", "chaos"): ("TRAIT", "agent of chaos")},
    follows={("NUMBER", "Lord"): "LORD"},
    merge_groups={"word", "poss"},
)


def test_classifier_steps_in_order_earlier_wins() -> None:
    assert CLASSIFY("Red", first=True) == "COLOR"
    assert CLASSIFY("blue", first=False) == "OTHER"
    assert CLASSIFY("target", first=False) == "TARGET"
    assert CLASSIFY("Target", first=False) == "NAME"  # the rule comes before the table
    assert CLASSIFY("Zed", first=True) == "WORD"
    assert CLASSIFY("Zed", first=False) == "NAME"
    assert CLASSIFY("X", first=True) == "X"
    assert CLASSIFY("x", first=True) == "WORD"  # an exact table is keyed as written


def test_lexer_merges_retypes_and_keeps_offsets() -> None:
    text = "Zed, Agent of Chaos face up. Zed that's 2 Lord ?"
    tokens = LEXER.tokenize(text)
    assert [(t.type, str(t)) for t in tokens] == [
        ("WORD", "Zed"),  # starts the text: not a name
        ("COMMA", ","),
        ("TRAIT", "agent of chaos"),
        ("STATUS", "face-up"),
        ("DOT", "."),
        ("WORD", "Zed"),  # a full stop starts a sentence again
        ("THATS", "that's"),
        ("NUMBER", "2"),
        ("LORD", "Lord"),
        ("WORD", "?"),
    ]
    trait = next(t for t in tokens if t.type == "TRAIT")
    assert text[trait.start_pos : trait.end_pos] == "Agent of Chaos"
    thats = next(t for t in tokens if t.type == "THATS")
    assert text[thats.start_pos : thats.end_pos] == "that's"
    assert [t.type for t in LEXER.tokenize(text, 5, 27)] == ["TRAIT", "STATUS"]


def test_singular_in() -> None:
    known = {"ally", "hero", "elf", "wolf"}
    assert singular_in("allies", known) == "ally"
    assert singular_in("heroes", known) == "hero"
    assert singular_in("hero", known) == "hero"
    assert singular_in("wolves", known) is None
    assert singular_in("wolves", known, suffixes=(("ves", "f"),)) == "wolf"
    assert singular_in("elven", known, irregular={"elven": "elf"}) == "elf"


def test_fed_lexer_never_lexes() -> None:
    parser = load_grammar("tcgrules.games.flesh_and_blood.grammar", "fab.lark", ("sentence",))
    assert parser.options.lexer is FedLexer
    with pytest.raises(NotSupportedError, match="lexing text inside lark"):
        parser.parse("Deal 1 damage.", start="sentence")
