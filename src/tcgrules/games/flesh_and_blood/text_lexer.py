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

from tcgrules.cardtext.lexing import (
    NUMBER_WORDS,
    Exact,
    WordClassifier,
    WordLexer,
    own_terminals,
    singular_in,
    terminal,
)
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
_PAIRS: dict[tuple[str, ...], tuple[str, str]] = {
    ("attack", "reaction"): ("TYPE", "attack reaction"),
    ("attack", "reactions"): ("TYPE", "attack reaction"),
    ("defense", "reaction"): ("TYPE", "defense reaction"),
    ("defense", "reactions"): ("TYPE", "defense reaction"),
    ("face", "up"): ("STATUS", "face-up"),
    ("face", "down"): ("STATUS", "face-down"),
}
#: three words read as one terminal: a trait phrase (fab:2.13.3a), as the trait it names
_TRIPLES: dict[tuple[str, ...], tuple[str, str]] = {
    tuple(form.split()): ("TRAIT", trait) for form, trait in TRAIT_FORMS.items()
}
#: the nouns :func:`singular` knows: one-word types and subtypes
_NOUNS = TYPES | SUBTYPE_WORDS


def singular(word: str) -> str:
    """The singular of a type or subtype noun ("allies" -> "ally", "heroes" -> "hero")."""
    low = word.lower()
    return singular_in(low, _NOUNS) or low


def _noun(word: str, low: str, first: bool) -> str | None:
    noun = singular(low)
    if noun in TYPES:
        return "TYPE"
    return "SUBTYPE" if noun in SUBTYPE_WORDS else None


def _non_or_name(word: str, low: str, first: bool) -> str | None:
    if low.startswith("non-") and len(low) > 4:
        return "NONWORD"
    return "NAME" if word[0].isupper() and not first else None


#: the terminal for one word (``first``: the word starts a sentence)
classify = WordClassifier(
    SPECIAL,
    HEAD_WORDS,
    terminal(COLORS, "COLOR"),
    _noun,
    terminal(SUPERTYPE_WORDS, "SUPERTYPE"),
    terminal(NUMBER_WORDS, "NUMWORD"),
    Exact(X="X"),
    own_terminals(PLAIN_WORDS),
    terminal(STATUS_WORDS, "STATUS"),
    terminal(KEYWORD_WORDS, "KEYWORD"),
    _non_or_name,
)


def _symbols(value: str) -> str:
    return _SYMBOLS.get(value, "RESOURCE" if set(value) <= set("{r}") else "SYM")


_LEXER = WordLexer(
    _TOKEN_RE,
    classify,
    punct=_PUNCT,
    sentence_starts={"DOT", "COLON", "BULLET", "DASH", "QUOTE", "SEMI"},
    groups={
        "poss": "POSS",
        "sym": _symbols,
        "stat": "STAT",
        "life": "LIFE_AMOUNT",
        "numsym": "NUMSYM",
        "hands": "SUBTYPE",
        "xplus": "XPLUS",
        "num": "NUMBER",
        "nonq": "NONWORD",
    },
    pairs=_PAIRS,
    triples=_TRIPLES,
)
#: tokens of ``text[start:end]`` with offsets into ``text``
tokenize = _LEXER.tokenize


__all__ = ["NUMBER_WORDS", "classify", "singular", "tokenize"]
