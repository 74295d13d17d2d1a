"""Word-level lexer for Grand Archive card text: one lark token per word, by a word table.

The grammar (``grammar/ga.lark``) declares its terminals; this module decides which
terminal a word is. The type, supertype, subtype and element words come from the
Type List page (:mod:`tcgrules.games.grand_archive.vocabulary`: ``ga:type-list/types``,
``ga:type-list/subtypes``, ``ga:type-list/elements``). The head nouns of the objects
and targeting page are their own terminals: ``unit`` (objects-2), ``object``
(objects-1), ``card``, ``activation``, ``materialization``, ``intent``
(non-objects-1). A capitalised word the tables do not know, away from the start of a
sentence, is a ``NAME``; any other unknown word is ``WORD``, which no rule accepts, so
it ends a phrase instead of being misread. ``(2)`` is a reserve cost symbol
(ga:parts-of-a-card-text-box/4), ``+2`` a signed number, ``LV`` the champion's level.
"""

from __future__ import annotations

import re

from lark import Token

from tcgrules.games.grand_archive.vocabulary import CARD_TYPES, ELEMENTS, SUBTYPES, SUPERTYPES

#: one-word card types (ga:type-list/types); the Boon types are Pantheon-only
TYPES: frozenset[str] = frozenset(t for t in CARD_TYPES if " " not in t)
SUBTYPE_WORDS: frozenset[str] = SUBTYPES - TYPES
#: element words (ga:type-list/elements) and the groups of parts-of-a-card-element/4
ELEMENT_WORDS: frozenset[str] = ELEMENTS | {"basic", "advanced"}
#: states of objects and cards a phrase can ask for (ga:properties-and-states and the
#: game terms: rested, awake, distant, ephemeral, fostered, loaded ...)
STATUS_WORDS = frozenset(
    {
        "rested",
        "awake",
        "attacking",
        "defending",
        "retaliating",
        "damaged",
        "distant",
        "unloaded",
        "loaded",
        "ephemeral",
        "fostered",
        "preserved",
        "face-up",
        "face-down",
        "upkeep",
    }
)
#: keyword abilities a phrase can ask for ("with taunt") or an effect can grant
#: (ga:keywords-and-abilities), one word each; "true sight" and "floating memory"
#: are merged from two words by :func:`tokenize`
KEYWORD_WORDS = frozenset(
    {
        "taunt",
        "stealth",
        "spellshroud",
        "omnishroud",
        "intercept",
        "vigor",
        "cleave",
        "pride",
        "ranged",
        "steadfast",
        "unblockable",
        "reservable",
        "retort",
        "agility",
        "critical",
        "empower",
        "multistrike",
        "immortality",
        "hindered",
        "renewable",
        "bulwark",
        "ambush",
        "kindle",
        "true sight",
        "floating memory",
        "fast activation",
    }
)
HEAD_WORDS: dict[str, str] = {
    "unit": "UNIT",
    "units": "UNIT",
    "object": "OBJECT",
    "objects": "OBJECT",
    "card": "CARD",
    "cards": "CARD",
    "activation": "ACTIVATION",
    "activations": "ACTIVATION",
    "materialization": "MATERIALIZATION",
    "materializations": "MATERIALIZATION",
    "trigger": "TRIGGER",
    "triggers": "TRIGGER",
    "intent": "INTENT",
    "intents": "INTENT",
    "player": "PLAYER",
    "players": "PLAYER",
    "opponent": "OPPONENT",
    "opponents": "OPPONENT",
    "omen": "OMEN",
    "omens": "OMEN",
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
    {
        "a",
        "all",
        "among",
        "amount",
        "an",
        "and",
        "another",
        "any",
        "as",
        "banish",
        "banishment",
        "beginning",
        "bottom",
        "choose",
        "control",
        "controller",
        "controls",
        "cost",
        "counter",
        "counters",
        "damage",
        "deal",
        "deals",
        "deck",
        "destroy",
        "draw",
        "draws",
        "each",
        "element",
        "end",
        "entered",
        "field",
        "from",
        "gain",
        "gains",
        "get",
        "gets",
        "graveyard",
        "greater",
        "hand",
        "has",
        "have",
        "in",
        "inner",
        "into",
        "it",
        "its",
        "less",
        "level",
        "leveled",
        "life",
        "lineage",
        "lose",
        "loses",
        "material",
        "may",
        "memory",
        "more",
        "named",
        "negate",
        "next",
        "of",
        "on",
        "onto",
        "or",
        "other",
        "owner",
        "owners",
        "pays",
        "power",
        "put",
        "puts",
        "recover",
        "reserve",
        "rest",
        "return",
        "same",
        "single",
        "spell",
        "split",
        "target",
        "targets",
        "than",
        "that",
        "the",
        "their",
        "them",
        "then",
        "they",
        "this",
        "to",
        "top",
        "total",
        "turn",
        "unless",
        "unpreventable",
        "until",
        "up",
        "wake",
        "with",
        "without",
        "you",
        "your",
    }
)
SPECIAL = {
    "and/or": "ANDOR",
    "don't": "DONT",
    "doesn't": "DONT",
    "owner's": "OWNERS",
    "owners'": "OWNERS",
    "costs": "COST",
    "hands": "HAND",
    # the verb ("whenever target Beast attacks"); the noun is written "attack"
    "attacks": "ATTACKS",
}

_TOKEN_RE = re.compile(
    r"(?P<cost>\((?:\d+|X|LV)(?:\+(?:\d+|X|Y|LV))*\))"
    r"|(?P<signed>[+-](?:\d+|X|LV)(?![\w+]))"
    r"|(?P<sum>(?:\d+|X|LV)\+(?:\d+|X|Y|LV)(?:\+(?:\d+|X|Y|LV))*)"
    r"|(?P<num>\d+)"
    r"|(?P<word>[^\W\d_](?:[^\W\d_]|-(?=[^\W\d_]))*(?:/or|'t\b)?)"
    r"|(?P<poss>'s\b|(?<=s)'(?!\w))"
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
#: two words read as one terminal: (first, second) -> (terminal, text)
_PAIRS: dict[tuple[str, str], tuple[str, str]] = {
    ("true", "sight"): ("KEYWORD", "true sight"),
    ("floating", "memory"): ("KEYWORD", "floating memory"),
    ("fast", "activation"): ("KEYWORD", "fast activation"),
    ("face", "up"): ("STATUS", "face-up"),
    ("face", "down"): ("STATUS", "face-down"),
    # one token each, so "cost 0 or reserve cost 4" and "cost 4 or less" part at "or"
    ("or", "less"): ("ORLESS", "or less"),
    ("or", "more"): ("ORMORE", "or more"),
    ("or", "greater"): ("ORMORE", "or greater"),
}
_PLURALS = {"allies": "ally", "phantasias": "phantasia", "chessmen": "chessman"}


def singular(word: str) -> str:
    """The singular of a type or subtype noun ("allies" -> "ally", "Beasts" -> "beast")."""
    low = word.lower()
    if low in TYPES or low in SUBTYPE_WORDS or low in SUPERTYPES:
        return low
    if low in _PLURALS:
        return _PLURALS[low]
    for suffix, repl in (("ies", "y"), ("es", ""), ("s", "")):
        if low.endswith(suffix):
            stem = low[: -len(suffix)] + repl
            if stem in TYPES or stem in SUBTYPE_WORDS or stem in SUPERTYPES:
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
    if low in {"lv"}:
        return "LV"
    if word == "X":
        return "X"
    if low in NUMBER_WORDS:
        return "NUMWORD"
    if low in ELEMENT_WORDS or (low.startswith("non-") and low[4:] in ELEMENTS):
        return "ELEM"
    noun = singular(low)
    if noun in TYPES:
        return "TYPE"
    if noun in SUPERTYPES:
        return "SUPERTYPE"
    if low in PLAIN_WORDS:
        return low.upper()
    if noun in SUBTYPE_WORDS:
        return "SUBTYPE"
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
        elif group == "cost":
            kind = "COSTSYM"
        elif group == "signed":
            kind = "SIGNED"
        elif group == "sum":
            kind = "SUM"
        elif group == "num":
            kind = "NUMBER"
        else:
            kind = "WORD"
        tokens.append(Token(kind, value, start_pos=match.start(), end_pos=match.end()))
    return tokens


__all__ = ["NUMBER_WORDS", "classify", "singular", "tokenize"]
