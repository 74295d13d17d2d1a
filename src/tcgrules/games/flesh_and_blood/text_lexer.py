"""Word-level lexer for Flesh and Blood card text: one lark token per word, by a word table.

The grammar (``grammar/fab.lark``) declares its terminals; this module decides
which terminal a word is. The word lists come from the type box vocabulary
(:mod:`tcgrules.games.flesh_and_blood.vocabulary`: types fab:2.15.6a, subtypes
fab:2.10.6, classes and talents fab:2.11.6). A capitalised word the tables do not
know, away from the start of a sentence, is a ``NAME`` (a card or moniker, fab:1.2.2b);
a trait phrase ("Agent of Chaos", fab:2.13.3a) is one ``TRAIT`` token whose value is the
trait;
any other unknown word is ``WORD``, which no rule accepts, so it ends a phrase instead
of being misread. Symbols: ``{p}`` power, ``{d}`` defense, ``{h}`` life, ``{i}``
intellect, ``{r}`` a resource point, ``{t}``/``{u}`` tap and untap; ``+2{p}`` is one
``STAT`` token and ``3{h}`` one ``LIFE_AMOUNT`` token.
"""

from __future__ import annotations

import re

from lark import Token

from tcgrules.games.flesh_and_blood.vocabulary import (
    CLASS_WORDS,
    SUBTYPES,
    TALENT_WORDS,
    TRAIT_FORMS,
    TYPE_WORDS,
)

COLORS = frozenset({"red", "yellow", "blue"})
#: one-word types (fab:2.15.6a); "attack reaction" and "defense reaction" are merged
#: from two tokens by :func:`tokenize`
TYPES: frozenset[str] = frozenset(t for t in TYPE_WORDS if " " not in t)
#: subtypes (fab:2.10.6) as words; "attack" has its own terminal, and "1H"/"2H" are
#: lexed from their own pattern
SUBTYPE_WORDS: frozenset[str] = frozenset(
    s for s in SUBTYPES if s not in {"attack", "base", "(1h)", "(2h)"}
)
SUPERTYPE_WORDS: frozenset[str] = CLASS_WORDS | TALENT_WORDS
STATUS_WORDS = frozenset({"attacking", "frozen", "face-down", "face-up", "marked"})
#: keyword abilities a phrase can ask for with "with" (fab:8.3), one word each
KEYWORD_WORDS = frozenset(
    {
        "ambush",
        "battleworn",
        "combo",
        "contract",
        "crush",
        "dominate",
        "ephemeral",
        "fragment",
        "guardwell",
        "heavy",
        "mirage",
        "overpower",
        "phantasm",
        "piercing",
        "protect",
        "quell",
        "spectra",
        "spellvoid",
        "stealth",
        "temper",
        "ward",
    }
)
HEAD_WORDS: dict[str, str] = {
    "card": "CARD",
    "cards": "CARD",
    "permanent": "PERMANENT",
    "permanents": "PERMANENT",
    "source": "SOURCE",
    "sources": "SOURCE",
    "opponent": "OPPONENT",
    "opponents": "OPPONENT",
    "attack": "ATTACK",
    "attacks": "ATTACK",
}
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
#: words that are their own terminal (upper-cased)
PLAIN_WORDS = frozenset(
    [
        "target",
        "targets",
        "up",
        "to",
        "any",
        "another",
        "other",
        "or",
        "and",
        "you",
        "your",
        "control",
        "controls",
        "controlled",
        "by",
        "they",
        "them",
        "their",
        "its",
        "it",
        "an",
        "a",
        "the",
        "opposing",
        "with",
        "cost",
        "less",
        "greater",
        "than",
        "more",
        "from",
        "in",
        "on",
        "stack",
        "graveyard",
        "banished",
        "zone",
        "hand",
        "arsenal",
        "of",
        "that",
        "is",
        "deal",
        "deals",
        "damage",
        "arcane",
        "destroy",
        "banish",
        "return",
        "gets",
        "get",
        "gains",
        "gain",
        "loses",
        "lose",
        "until",
        "end",
        "turn",
        "this",
        "chain",
        "link",
        "combat",
        "closes",
        "may",
        "have",
        "owner",
        "owners",
        "active",
        "equipped",
        "base",
        "counter",
        "different",
        "then",
        "many",
        "go",
        "again",
        "defending",
        "all",
        "each",
        "choose",
        "new",
        "for",
        "change",
        "create",
        # the defining abilities of "(c)" values (fab:2.3.2a, fab:2.9.2a)
        "equal",
        "twice",
        "among",
        "if",
        "otherwise",
        "are",
        "pitch",
    ]
)
SPECIAL = {
    "and/or": "ANDOR",
    "isn't": "ISNT",
    "number": "NUMBERW",
    "name": "NAMEW",
    "names": "NAMESW",
    "named": "NAMED",
    "highest": "HIGHEST",
    "greatest": "HIGHEST",
    "costs": "COSTSW",
}

#: a possessive is "'s", or a lone "'" after a plural or after a name that ends in s and
#: was blanked to "~" by preprocessing ("Grandstand Legplates' {d}" reads "~ ... ' {d}")
_TOKEN_RE = re.compile(
    r"(?P<stat>[+-](?:\d+|[XY])\{[pdi]\})"
    r"|(?P<life>(?:\d+|X)\{h\})"
    r"|(?P<numsym>\d+\{[a-z]\})"
    r"|(?P<sym>(?:\{[a-z]\})+)"
    r"|(?P<hands>[12]H\b)"
    r"|(?P<xplus>X\+\d+)"
    r"|(?P<num>\d+)"
    r"|(?P<nonq>'non-[a-z]+')"
    r"|(?P<word>[^\W\d_](?:[^\W\d_]|-(?=[^\W\d_]))*(?:/or|'t\b|'ve\b|'re\b|'ll\b|'d\b)?)"
    r"|(?P<poss>'s\b|(?<=[s\s])'(?!\w))"
    r"|(?P<punct>[~,.:;\u2014\u2022\"-])"
    r"|(?P<other>\S)"
)
_PUNCT = {
    "~": "TILDE",
    ",": "COMMA",
    ".": "DOT",
    ":": "COLON",
    ";": "SEMI",
    "\u2014": "DASH",
    "-": "DASH",
    "\u2022": "BULLET",
    '"': "QUOTE",
}
_SYMBOLS = {
    "{p}": "POWER_SYM",
    "{d}": "DEFENSE_SYM",
    "{h}": "LIFE_SYM",
    "{i}": "INTELLECT_SYM",
    "{t}": "TAP_SYM",
    "{u}": "UNTAP_SYM",
}
#: two words read as one terminal: (first, second) -> (terminal, text)
_PAIRS: dict[tuple[str, str], tuple[str, str]] = {
    ("attack", "reaction"): ("TYPE", "attack reaction"),
    ("attack", "reactions"): ("TYPE", "attack reaction"),
    ("defense", "reaction"): ("TYPE", "defense reaction"),
    ("defense", "reactions"): ("TYPE", "defense reaction"),
    ("face", "up"): ("STATUS", "face-up"),
    ("face", "down"): ("STATUS", "face-down"),
}
#: three words read as one terminal: a trait phrase (fab:2.13.3a), as the trait it names
_TRIPLES: dict[tuple[str, str, str], tuple[str, str]] = {}
for _form, _trait in TRAIT_FORMS.items():
    _a, _b, _c = _form.split()
    _TRIPLES[_a, _b, _c] = ("TRAIT", _trait)


def singular(word: str) -> str:
    """The singular of a type or subtype noun ("allies" -> "ally", "heroes" -> "hero")."""
    low = word.lower()
    if low in TYPES or low in SUBTYPE_WORDS:
        return low
    for suffix, repl in (("ies", "y"), ("es", ""), ("s", "")):
        if low.endswith(suffix):
            stem = low[: -len(suffix)] + repl
            if stem in TYPES or stem in SUBTYPE_WORDS:
                return stem
    return low


def classify(word: str, *, first: bool) -> str:
    """The terminal for one word (``first``: the word starts a sentence)."""
    low = word.lower()
    kind = SPECIAL.get(low)
    if kind is not None:
        return kind
    head = HEAD_WORDS.get(low)
    if head is not None:
        return head
    if low in COLORS:
        return "COLOR"
    noun = singular(low)
    if noun in TYPES:
        return "TYPE"
    if noun in SUBTYPE_WORDS:
        return "SUBTYPE"
    if low in SUPERTYPE_WORDS:
        return "SUPERTYPE"
    if low in NUMBER_WORDS:
        return "NUMWORD"
    if word == "X":
        return "X"
    if low in PLAIN_WORDS:
        return low.upper()
    if low in STATUS_WORDS:
        return "STATUS"
    if low in KEYWORD_WORDS:
        return "KEYWORD"
    if low.startswith("non-") and len(low) > 4:
        return "NONWORD"
    if word[0].isupper() and not first:
        return "NAME"
    return "WORD"


def tokenize(text: str, start: int = 0, end: int | None = None) -> list[Token]:
    """Tokens of ``text[start:end]`` with offsets into ``text``."""
    tokens: list[Token] = []
    first = True
    for match in _TOKEN_RE.finditer(text, start, len(text) if end is None else end):
        group = match.lastgroup
        value = match.group()
        if group == "word":
            kind = classify(value, first=first)
            first = False
            if len(tokens) >= 2:
                triple = _TRIPLES.get((tokens[-2].lower(), tokens[-1].lower(), value.lower()))
                if triple is not None:
                    first_tok = tokens[-2]
                    del tokens[-2:]
                    tokens.append(
                        Token(
                            triple[0], triple[1], start_pos=first_tok.start_pos, end_pos=match.end()
                        )
                    )
                    continue
            if tokens:
                pair = _PAIRS.get((tokens[-1].lower(), value.lower()))
                if pair is not None:
                    prev = tokens.pop()
                    tokens.append(
                        Token(pair[0], pair[1], start_pos=prev.start_pos, end_pos=match.end())
                    )
                    continue
        elif group == "poss":
            kind = "POSS"
        elif group == "punct":
            kind = _PUNCT[value]
            first = kind in {"DOT", "COLON", "BULLET", "DASH", "QUOTE", "SEMI"}
        elif group == "sym":
            kind = _SYMBOLS.get(value, "RESOURCE" if set(value) <= set("{r}") else "SYM")
        elif group == "stat":
            kind = "STAT"
        elif group == "life":
            kind = "LIFE_AMOUNT"
        elif group == "numsym":
            kind = "NUMSYM"
        elif group == "hands":
            kind = "SUBTYPE"
        elif group == "xplus":
            kind = "XPLUS"
        elif group == "num":
            kind = "NUMBER"
        elif group == "nonq":
            kind = "NONWORD"
        else:
            kind = "WORD"
        tokens.append(Token(kind, value, start_pos=match.start(), end_pos=match.end()))
    return tokens


__all__ = ["classify", "singular", "tokenize"]
