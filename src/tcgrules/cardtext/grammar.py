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
from inspect import getattr_static
from operator import attrgetter
from typing import Any, TypeVar

from lark import Lark, Token, Transformer, Tree
from lark.exceptions import GrammarError, VisitError
from lark.grammar import Terminal
from lark.parsers.lalr_analysis import Shift
from lark.parsers.lalr_parser_state import ParseConf

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
    result = _run(_conf(parser, start), tokens)
    if len(_PARSED) < _PARSED_MAX and (
        result is None or _keeps_tokens(parser) or _leaves(result) == len(tokens)
    ):
        _PARSED[key] = result  # kept apart: callers get copies (some edit their tree)
        return None if result is None else _with_tokens(result, iter(tokens))
    return result


@cache
def _conf(parser: Lark, start: str) -> ParseConf[Any]:
    """``parser``'s LALR tables and tree callbacks for ``start``, taken once."""
    return parser.parse_interactive(start=start).parser_state.parse_conf


_END = Token("$END", "")


def _run(conf: ParseConf[Any], tokens: Sequence[Token]) -> Tree[Token] | None:
    """Drive lark's LALR tables over ``tokens`` then the end of input: the tree lark's
    own parser state builds from them, or None where a token has no action.

    Lark's ``feed_token`` does the same one token per call, and builds an exception with
    the set of expected terminals on the first wrong token; most sentences tried here
    fail (each is tried as several kinds of sentence), so this loop only stops.
    """
    return _drive(conf, (*tokens, _END), [], None, 0)  # type: ignore[no-any-return]


def _prefix_ends(
    conf: ParseConf[Any], tokens: Sequence[Token], begin: int, must_pass: int
) -> list[int]:
    """Feed ``tokens[begin:]`` until one has no action; the ends (exclusive, at least
    ``must_pass + 1``) after which the input could stop, as far as the state after the
    last token shows (each is parsed again to be sure)."""
    ends: list[int] = []
    _drive(conf, tokens[begin:], None, ends, must_pass - begin)
    return [begin + end for end in ends]


def _drive(
    conf: ParseConf[Any],
    tokens: Sequence[Token],
    values: list[Any] | None,
    ends: list[int] | None,
    must_pass: int,
) -> Any:
    """The LALR loop of :func:`_run` (``values``: the value stack, the tree is built and
    returned once the end token is reduced) and of :func:`_prefix_ends` (``ends``
    collects where the input could stop; no values are built)."""
    states = conf.states
    callbacks = conf.callbacks
    end_state = conf.end_state
    stack: list[Any] = [conf.start_state]
    for index, token in enumerate(tokens):
        kind = token.type
        while True:
            entry = states[stack[-1]].get(kind)
            if entry is None:
                return None
            action, arg = entry
            if action is Shift:
                stack.append(arg)
                if values is not None:
                    values.append(callbacks[kind](token) if kind in callbacks else token)
                break
            size = len(arg.expansion)  # a reduction by the rule ``arg``
            if size:
                del stack[-size:]
            if values is not None:
                children = values[-size:] if size else []
                if size:
                    del values[-size:]
                values.append(callbacks[arg](children))
            stack.append(states[stack[-1]][arg.origin.name][1])
            if token is _END and stack[-1] == end_state and values is not None:
                return values[-1]
        if ends is not None and index >= must_pass and "$END" in states[stack[-1]]:
            ends.append(index + 1)
    return None


@cache
def _keeps_tokens(parser: Lark) -> bool:
    """Whether every token fed to ``parser`` is a leaf of the tree it builds (no rule
    drops a terminal): then a kept tree can take another text's tokens as they come."""
    return bool(parser.options.keep_all_tokens) or not any(
        isinstance(sym, Terminal) and sym.filter_out
        for rule in parser.rules
        for sym in rule.expansion
    )


def _leaves(tree: Tree[Token]) -> int:
    return sum(1 if isinstance(c, Token) else _leaves(c) for c in tree.children)


def _with_tokens(tree: Tree[Token], tokens: Iterator[Token]) -> Tree[Token]:
    """A copy of ``tree`` whose leaves are ``tokens``, in order (the same words at other
    places in another text)."""
    return Tree(
        tree.data,
        [next(tokens) if isinstance(c, Token) else _with_tokens(c, tokens) for c in tree.children],
    )


#: each builder class's callbacks by rule (or terminal) name; None: it has none
_CALLBACKS: dict[type[object], dict[str, Callable[..., Any] | None]] = {}


def transform(builder: Transformer[Token, Any], tree: Tree[Token]) -> Any:
    """What ``builder.transform(tree)`` gives, built bottom-up the same way.

    Card pools make this the hottest loop after parsing itself: lark's own walk makes a
    generator and a bound-method lookup per node; this one looks each rule's function
    up once per builder class. As in lark, a rule with no function gives a ``Tree`` of
    its built children, tokens pass through unless the builder visits them, and an
    error raised by a function reaches the caller as lark's ``VisitError`` (a
    ``GrammarError`` as itself). Builders here never return lark's ``Discard``.
    """
    cls = type(builder)
    table = _CALLBACKS.get(cls)
    if table is None:
        table = _CALLBACKS[cls] = {}
    tokens = table if builder.__visit_tokens__ else None
    return _walk(builder, tree, table, tokens)


def _callback(
    builder: Transformer[Token, Any], table: dict[str, Callable[..., Any] | None], name: str
) -> Callable[..., Any] | None:
    """The function for ``name`` in ``table``, found once per class: called with the
    builder and the built children (or the token)."""
    if name in table:
        return table[name]
    cls = type(builder)
    raw = getattr_static(cls, name, None)
    found: Callable[..., Any] | None
    if raw is None:
        found = None
    elif isinstance(raw, staticmethod):
        plain = raw.__func__
        found = lambda _builder, arg: plain(arg)  # noqa: E731
    elif callable(raw) and getattr(raw, "visit_wrapper", None) is None:
        found = raw
    else:
        raise TypeError(f"{cls.__name__}.{name} is not a plain method or static method")
    table[name] = found
    return found


def _walk(
    builder: Transformer[Token, Any],
    tree: Tree[Token],
    table: dict[str, Callable[..., Any] | None],
    tokens: dict[str, Callable[..., Any] | None] | None,
) -> Any:
    children: list[Any] = []
    append = children.append
    for child in tree.children:
        if type(child) is Tree:
            append(_walk(builder, child, table, tokens))
        elif tokens is not None and isinstance(child, Token):
            call = _callback(builder, tokens, child.type)
            append(child if call is None else _call(builder, call, child, child.type, child))
        else:
            append(child)
    name = tree.data
    call = table[name] if name in table else _callback(builder, table, name)
    if call is None:
        return Tree(name, children, tree._meta)
    return _call(builder, call, children, name, tree)


def _call(
    builder: Transformer[Token, Any], call: Callable[..., Any], arg: Any, name: str, at: Any
) -> Any:
    try:
        return call(builder, arg)
    except GrammarError:
        raise
    except Exception as error:
        raise VisitError(name, at, error) from error  # type: ignore[no-untyped-call]


def longest_prefix(
    parser: Lark, tokens: Sequence[Token], begin: int, start: str, must_pass: int = 0
) -> tuple[int, Tree[Token]] | None:
    """The longest ``tokens[begin:end]`` that parses as ``start`` (end > must_pass).

    Feeds tokens one by one and remembers each point where the input could end;
    then re-parses the longest such prefix to build its tree.
    """
    ends = _prefix_ends(_conf(parser, start), tokens, begin, must_pass)
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
