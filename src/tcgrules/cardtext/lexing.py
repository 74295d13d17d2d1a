"""Word-lexer machinery shared by the card-text grammars: one lark token per word.

Each game's grammar ``%declare``s its terminals and its ``text_lexer`` module decides
which terminal a piece of text is. What differs between games is data: the token
regular expression, the word tables and their order, the punctuation terminals and
the words merged into one terminal. This module holds the machinery those tables
drive:

- :class:`WordClassifier` looks a word up in an ordered list of steps: a mapping
  (lower-cased word → terminal) or a function ``(word, low, first) -> terminal | None``
  for what a table can't say (plurals, capitalised names). Consecutive mappings are
  merged once into one dict, the earlier one winning, so a word costs one lookup per
  run of tables.
- :class:`WordLexer` runs the token regex over a span of text: a ``word`` match is
  classified, ``punct`` is looked up and may start a sentence again (which matters to
  a classifier that treats a capitalised word differently there), other named groups
  map to terminals; two or three tokens may merge into one terminal ("attack
  reaction"), and a word may be retyped by the terminal before it.
- :func:`singular_in` finds the singular of a noun in a known set of words.
- :class:`FedLexer` is the lark lexer that never lexes: tokens are fed to the LALR
  parser state by :mod:`tcgrules.cardtext.grammar`.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Collection, Container, Iterable, Mapping
from typing import Any, cast

from lark import Token
from lark.lexer import Lexer, LexerState

from tcgrules.errors import NotSupportedError

#: a classification step that needs more than a table: (word as written, lower-cased
#: word, whether it starts a sentence) -> terminal, or None to go on to the next step
WordRule = Callable[[str, str, bool], str | None]
#: how a regex group other than ``word``/``punct`` becomes a terminal: a fixed terminal
#: or a function of the matched text
GroupRule = str | Callable[[str], str]
#: (first word, second word) or three words, lower-cased -> (terminal, token text)
Merges = Mapping[tuple[str, ...], tuple[str, str]]

#: number words one to ten, as every game's text writes them
NUMBER_WORDS: dict[str, int] = {
    "one": 1,
    "two": 2,
    "three": 3,
    "four": 4,
    "five": 5,
    "six": 6,
    "seven": 7,
    "eight": 8,
    "nine": 9,
    "ten": 10,
}
#: the usual plural endings of English nouns, with what replaces them
PLURAL_SUFFIXES: tuple[tuple[str, str], ...] = (("ies", "y"), ("es", ""), ("s", ""))


def terminal(words: Iterable[str], name: str) -> dict[str, str]:
    """A table step: each of ``words`` is the terminal ``name``."""
    return dict.fromkeys(words, name)


def own_terminals(words: Iterable[str]) -> dict[str, str]:
    """A table step: each of ``words`` is its own terminal, upper-cased ("target" ->
    ``TARGET``)."""
    return {word: word.upper() for word in words}


class Exact(dict[str, str]):
    """A table step keyed by the word as written, not lower-cased (``{"X": "X"}``: the
    variable X, while a lower-case "x" is no terminal)."""


class WordClassifier:
    """The terminal of one word, by a game's ordered steps (the first that answers
    wins), else ``fallback``. A step is a table keyed by the lower-cased word, an
    :class:`Exact` table keyed by the word as written, or a :data:`WordRule`."""

    __slots__ = ("_seen", "_steps", "fallback")

    def __init__(
        self, *steps: Mapping[str, str] | Exact | WordRule, fallback: str = "WORD"
    ) -> None:
        # (table, keyed by the word as written, rule): consecutive tables of one keying
        # merge into one dict, the earlier entry winning
        compiled: list[tuple[dict[str, str], bool, WordRule | None]] = []
        for step in steps:
            if not isinstance(step, Mapping):
                compiled.append(({}, False, step))
                continue
            exact = isinstance(step, Exact)
            last = compiled[-1] if compiled else None
            if last is not None and last[2] is None and last[1] == exact:
                for word, kind in step.items():
                    last[0].setdefault(word, kind)
            else:
                compiled.append((dict(step), exact, None))
        self._steps = tuple(compiled)
        self.fallback = fallback
        #: words already classified (the steps are pure functions of the word)
        self._seen: dict[tuple[str, bool], str] = {}

    def __call__(self, word: str, *, first: bool) -> str:
        """The terminal for ``word`` (``first``: the word starts a sentence)."""
        known = self._seen.get((word, first))
        if known is not None:
            return known
        low = word.lower()
        found = self.fallback
        for table, exact, rule in self._steps:
            kind = table.get(word if exact else low) if rule is None else rule(word, low, first)
            if kind is not None:
                found = kind
                break
        if len(self._seen) < 200_000:
            self._seen[(word, first)] = found
        return found


def singular_in(
    low: str,
    known: Container[str],
    *,
    suffixes: tuple[tuple[str, str], ...] = PLURAL_SUFFIXES,
    irregular: Mapping[str, str] | None = None,
) -> str | None:
    """The form of the lower-cased noun ``low`` that is in ``known``: itself, an
    irregular plural's singular, or its stem without a plural suffix; None if none is."""
    if low in known:
        return low
    if irregular is not None and low in irregular:
        return irregular[low]
    for suffix, repl in suffixes:
        if low.endswith(suffix):
            stem = low[: -len(suffix)] + repl
            if stem in known:
                return stem
    return None


class WordLexer:
    """Tokens of card text for a game's grammar, driven by its tables.

    ``pattern`` has named groups: ``word`` (classified by ``classify``), ``punct``
    (looked up in ``punct``; a terminal in ``sentence_starts`` makes the next word
    start a sentence) and any others, mapped by ``groups`` (unknown groups are
    ``fallback``). A token of a group in ``merge_groups`` merges with the one or two
    tokens before it when ``triples`` or ``pairs`` list their lower-cased texts;
    ``follows`` retypes a word by the terminal before it: (terminal before, word) ->
    terminal.
    """

    def __init__(
        self,
        pattern: re.Pattern[str],
        classify: Callable[..., str],
        *,
        punct: Mapping[str, str],
        sentence_starts: Collection[str],
        groups: Mapping[str, GroupRule],
        pairs: Merges | None = None,
        triples: Merges | None = None,
        follows: Mapping[tuple[str, str], str] | None = None,
        merge_groups: Collection[str] = ("word",),
        fallback: str = "WORD",
    ) -> None:
        self.pattern = pattern
        self.classify = classify
        self.punct = dict(punct)
        self.sentence_starts = frozenset(sentence_starts)
        self.fixed = {g: r for g, r in groups.items() if isinstance(r, str)}
        self.computed = {g: r for g, r in groups.items() if not isinstance(r, str)}
        self.pairs = dict(pairs or {})
        self.triples = dict(triples or {})
        #: the last words of the merges: only these can close one
        self.closers = frozenset(key[-1] for key in (*self.pairs, *self.triples))
        self.follows = dict(follows or {})
        self.merge_groups = frozenset(merge_groups)
        self.fallback = fallback
        #: the words ``follows`` may retype
        self._retyped = frozenset(word for _, word in self.follows)
        #: each word already seen, by its text and whether it starts a sentence: its
        #: terminal and whether it can close a merge (the classifier is a pure function)
        self._words: dict[tuple[str, bool], tuple[str, bool]] = {}

    def _kind(self, group: str | None, value: str) -> str:
        fixed = self.fixed.get(group or "")
        if fixed is not None:
            return fixed
        rule = self.computed.get(group or "")
        return self.fallback if rule is None else rule(value)

    def _merge(self, tokens: list[Token], value: str, end: int) -> bool:
        """Merge the new text with the tokens before it if a table says so."""
        if self.triples and len(tokens) >= 2:
            triple = self.triples.get((tokens[-2].lower(), tokens[-1].lower(), value.lower()))
            if triple is not None:
                first_tok = tokens[-2]
                del tokens[-2:]
                tokens.append(
                    Token(triple[0], triple[1], start_pos=first_tok.start_pos, end_pos=end)
                )
                return True
        if self.pairs and tokens:
            pair = self.pairs.get((tokens[-1].lower(), value.lower()))
            if pair is not None:
                prev = tokens.pop()
                tokens.append(Token(pair[0], pair[1], start_pos=prev.start_pos, end_pos=end))
                return True
        return False

    def tokenize(self, text: str, start: int = 0, end: int | None = None) -> list[Token]:
        """Tokens of ``text[start:end]`` with offsets into ``text``."""
        tokens: list[Token] = []
        append = tokens.append
        first = True
        classify, follows, punct = self.classify, self.follows, self.punct
        starts, closers, fixed = self.sentence_starts, self.closers, self.fixed
        words_merge = "word" in self.merge_groups
        punct_merge = "punct" in self.merge_groups
        words = self._words
        retyped = self._retyped
        new = _new_token
        for match in self.pattern.finditer(text, start, len(text) if end is None else end):
            group = match.lastgroup
            value = match.group()
            if group == "word":
                known = words.get((value, first))
                if known is None:
                    kind = classify(value, first=first)
                    known = (kind, words_merge and value.lower() in closers)
                    if len(words) < 200_000:
                        words[(value, first)] = known
                kind, closes = known
                first = False
                if value in retyped and tokens:
                    kind = follows.get((tokens[-1].type, value), kind)
            elif group == "punct":
                kind = punct[value]
                first = kind in starts
                closes = punct_merge and value.lower() in closers
            else:
                kind = fixed.get(group or "") or self._kind(group, value)
                closes = group in self.merge_groups and value.lower() in closers
            if closes and self._merge(tokens, value, match.end()):
                continue
            # lark's own constructor, without the wrapper that checks deprecated names
            append(new(kind, value, match.start(), None, None, None, None, match.end()))
        return tokens


#: lark's Token constructor behind the wrapper that checks deprecated argument names
_new_token = cast("Callable[..., Token]", Token._future_new)


class FedLexer(Lexer):
    """Placeholder lark lexer: tokens are fed by the game's word lexer, never lexed by
    lark (see :func:`tcgrules.cardtext.grammar.load_grammar`). Asked to lex anyway
    (``Lark.parse`` on a string) it says so; lark's interface 1 passes it the lexer and
    parser states, as :meth:`lex` takes them."""

    __future_interface__ = 1

    def __init__(self, lexer_conf: Any) -> None:
        self.lexer_conf = lexer_conf

    def lex(self, lexer_state: LexerState, parser_state: Any) -> Any:
        raise NotSupportedError("lexing text inside lark", "feed tokens instead")


__all__ = [
    "NUMBER_WORDS",
    "PLURAL_SUFFIXES",
    "Exact",
    "FedLexer",
    "GroupRule",
    "Merges",
    "WordClassifier",
    "WordLexer",
    "WordRule",
    "own_terminals",
    "singular_in",
    "terminal",
]
