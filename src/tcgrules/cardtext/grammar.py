"""Parser infrastructure shared by the card-text grammars (lark, LALR, token-fed).

Each game ships a ``.lark`` grammar as package data whose terminals are
``%declare``'d: a game's word lexer classifies words and feeds tokens straight
into lark's LALR parser state. That keeps lexing to one regex pass and lets us
find the *longest prefix* of a sentence that is a target phrase, which is how
target phrases are found inside sentences the effect grammar does not read.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from importlib import resources
from typing import Any

from lark import Lark, Token, Tree
from lark.exceptions import UnexpectedInput
from lark.lexer import Lexer, LexerState

from tcgrules.errors import NotSupportedError


class _FedLexer(Lexer):
    """Placeholder lexer: tokens are fed by the game's word lexer, never lexed by lark."""

    def __init__(self, lexer_conf: Any) -> None:
        self.lexer_conf = lexer_conf

    def lex(self, lexer_state: LexerState, parser_state: Any) -> Any:
        raise NotSupportedError("lexing text inside lark", "feed tokens instead")


@cache
def load_grammar(package: str, filename: str, starts: tuple[str, ...]) -> Lark:
    """Build (once per process) the LALR parser for a grammar shipped in ``package``."""
    text = resources.files(package).joinpath(filename).read_text(encoding="utf-8")
    return Lark(text, parser="lalr", lexer=_FedLexer, start=list(starts), maybe_placeholders=False)


def parse_tokens(parser: Lark, tokens: Sequence[Token], start: str) -> Tree[Token] | None:
    """Parse exactly ``tokens`` from ``start``; None if they are not a ``start``."""
    state = parser.parse_interactive(start=start).parser_state
    try:
        for token in tokens:
            state.feed_token(token)
        end = Token("$END", "")
        result: Tree[Token] = state.feed_token(end, True)
    except UnexpectedInput:
        return None
    return result


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
