"""Parser infrastructure shared by the card-text grammars (lark, LALR, token-fed).

Each game ships a ``.lark`` grammar as package data whose terminals are
``%declare``'d: a game's word lexer classifies words and feeds tokens straight
into lark's LALR parser state. That keeps lexing to one regex pass and lets us
find the *longest prefix* of a sentence that is a target phrase, which is how
target phrases are found inside sentences the effect grammar does not read.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterator, Sequence
from functools import cache
from importlib import resources
from operator import attrgetter
from typing import TypeVar

from lark import Lark, Token, Tree
from lark.exceptions import UnexpectedInput

from tcgrules.cardtext.lexing import FedLexer


@cache
def load_grammar(package: str, filename: str, starts: tuple[str, ...]) -> Lark:
    """Build (once per process) the LALR parser for a grammar shipped in ``package``."""
    text = resources.files(package).joinpath(filename).read_text(encoding="utf-8")
    # cache=True: lark keeps the built tables in the temp folder, keyed by a hash of the
    # grammar and options, so a new process loads them instead of building (~0.9 s)
    return Lark(
        text,
        parser="lalr",
        lexer=FedLexer,
        start=list(starts),
        maybe_placeholders=False,
        cache=True,
    )


#: parses already made, by parser, start symbol and the words fed (their classes and
#: text, not their places): card pools repeat sentences ("Draw a card.") thousands of
#: times; a repeat gets the same tree with the new tokens in it
_PARSED: dict[tuple[int, str, str, str], Tree[Token] | None] = {}
_TYPE = attrgetter("type")
_PARSED_MAX = 100_000


def parse_tokens(parser: Lark, tokens: Sequence[Token], start: str) -> Tree[Token] | None:
    """Parse exactly ``tokens`` from ``start``; None if they are not a ``start``."""
    # the words and their classes, joined in C (a token is a str)
    key = (id(parser), start, "\x1f".join(tokens), "\x1f".join(map(_TYPE, tokens)))
    if key in _PARSED:
        known = _PARSED[key]
        return None if known is None else _with_tokens(known, iter(tokens))
    state = parser.parse_interactive(start=start).parser_state
    result: Tree[Token] | None
    try:
        for token in tokens:
            state.feed_token(token)
        end = Token("$END", "")
        result = state.feed_token(end, True)
    except UnexpectedInput:
        result = None
    if len(_PARSED) < _PARSED_MAX and (result is None or _leaves(result) == len(tokens)):
        _PARSED[key] = result  # kept apart: callers get copies (some edit their tree)
        return None if result is None else _with_tokens(result, iter(tokens))
    return result


def _leaves(tree: Tree[Token]) -> int:
    return sum(1 if isinstance(c, Token) else _leaves(c) for c in tree.children)


def _with_tokens(tree: Tree[Token], tokens: Iterator[Token]) -> Tree[Token]:
    """A copy of ``tree`` whose leaves are ``tokens``, in order (the same words at other
    places in another text)."""
    return Tree(
        tree.data,
        [next(tokens) if isinstance(c, Token) else _with_tokens(c, tokens) for c in tree.children],
    )


def longest_prefix(
    parser: Lark, tokens: Sequence[Token], begin: int, start: str, must_pass: int = 0
) -> tuple[int, Tree[Token]] | None:
    """The longest ``tokens[begin:end]`` that parses as ``start`` (end > must_pass).

    Feeds tokens one by one and remembers each point where the input could end;
    then re-parses the longest such prefix to build its tree.
    """
    state = parser.parse_interactive(start=start).parser_state
    states = state.parse_conf.states
    stack = state.state_stack
    ends: list[int] = []
    for index in range(begin, len(tokens)):
        try:
            state.feed_token(tokens[index])
        except UnexpectedInput:
            break
        if "$END" in states[stack[-1]] and index >= must_pass:
            ends.append(index + 1)
    for end in reversed(ends):
        tree = parse_tokens(parser, tokens[begin:end], start)
        if tree is not None:
            return end, tree
    return None


#: A problem found while reading: (start offset, end offset, reason).
Problem = tuple[int, int, str]
_Draft = TypeVar("_Draft")


def problem_span(tokens: Sequence[Token], i: int, reason: str) -> Problem:
    """The text span of a problem at token ``i``: up to the next "." or "," (at most seven
    tokens), so a report shows the words that were not read."""
    first = min(i, len(tokens) - 1)
    start = tokens[first].start_pos or 0
    stop = first
    while stop + 1 < len(tokens) and tokens[stop + 1].type not in {"DOT", "COMMA"}:
        stop += 1
        if stop - i >= 6:
            break
    return start, tokens[stop].end_pos or start, reason


def declared_by_neighbours(
    tokens: Sequence[Token], i: int, count_before: Collection[str]
) -> bool | None:
    """Whether the words right around ``tokens[i]`` ("target"/"targets") settle that it
    declares a target, or None when they don't and the game's own tests decide: "target
    of" and "target's" do not; plural "targets" does only after a count
    (``count_before``); "its controller's target" and the verb after "doesn't"/"don't"/
    "didn't" ("if that spell doesn't target a creature") do not."""
    prev = tokens[i - 1] if i else None
    nxt = tokens[i + 1] if i + 1 < len(tokens) else None
    if nxt is not None and nxt.type in {"OF", "POSS"}:
        return False
    if tokens[i].type == "TARGETS":
        return prev is not None and prev.type in count_before
    if prev is not None and prev.type in {"POSS", "DOESNT", "DONT", "DIDNT"}:
        return False  # "its controller's target", "if that spell doesn't target ..."
    return None


def scan_target_phrases(
    tokens: list[Token],
    grammar: Lark,
    problems: list[Problem],
    *,
    quantifiers: Collection[str],
    lookback: int,
    declares: Callable[[list[Token], int], bool],
    build: Callable[[Tree[Token]], list[_Draft]],
    left_unread: Callable[[list[Token], int], str | None],
) -> list[_Draft]:
    """Every declared target phrase of one sentence, read by each game's grammar alike.

    For each "target" token that ``declares`` a target, the longest ``target_ref`` phrase
    that passes it and starts at most ``lookback`` tokens before it on a quantifier word
    is built into drafts; a phrase the grammar can't read, or whose next words show it
    goes on (``left_unread``), is recorded in ``problems``.
    """
    drafts: list[_Draft] = []
    covered = -1
    for i, tok in enumerate(tokens):
        if tok.type not in {"TARGET", "TARGETS"} or i <= covered:
            continue
        if not declares(tokens, i):
            continue
        found = None
        for j in range(max(0, i - lookback, covered + 1), i + 1):
            if tokens[j].type not in quantifiers:
                continue
            found = longest_prefix(grammar, tokens, j, "target_ref", must_pass=i)
            if found is not None:
                break
        if found is None:
            problems.append(problem_span(tokens, i, "target phrase not understood"))
            continue
        end, tree = found
        drafts.extend(build(tree))
        covered = end - 1
        reason = left_unread(tokens, end)
        if reason is not None:
            problems.append(problem_span(tokens, end, reason))
    return drafts
