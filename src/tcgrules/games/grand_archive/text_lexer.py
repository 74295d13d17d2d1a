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

from tcgrules.cardtext.lexing import (
    NUMBER_WORDS,
    Exact,
    Merges,
    WordClassifier,
    WordLexer,
    own_terminals,
    singular_in,
    terminal,
)
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
_PAIRS: Merges = {
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
    return singular_in(low, _NOUNS, irregular=_PLURALS) or low


_NOUNS = TYPES | SUBTYPE_WORDS | SUPERTYPES


def _element(word: str, low: str, first: bool) -> str | None:
    if low in ELEMENT_WORDS or (low.startswith("non-") and low[4:] in ELEMENTS):
        return "ELEM"
    return None


def _type_or_supertype(word: str, low: str, first: bool) -> str | None:
    noun = singular(low)
    if noun in TYPES:
        return "TYPE"
    return "SUPERTYPE" if noun in SUPERTYPES else None


def _subtype(word: str, low: str, first: bool) -> str | None:
    return "SUBTYPE" if singular(low) in SUBTYPE_WORDS else None


def _non_or_name(word: str, low: str, first: bool) -> str | None:
    if low.startswith("non-") and len(low) > 4:
        return "NONWORD"
    if word[0].isupper() and not first:
        return "NAME"
    return None


#: the terminal for one word (``first``: the word starts a sentence), by GA's tables in
#: order: special words, head nouns, LV and X, numbers, elements, types and supertypes,
#: plain words, subtypes, statuses, keywords, then "non-" words and names
classify = WordClassifier(
    SPECIAL,
    HEAD_WORDS,
    {"lv": "LV"},
    Exact(X="X"),
    terminal(NUMBER_WORDS, "NUMWORD"),
    _element,
    _type_or_supertype,
    own_terminals(PLAIN_WORDS),
    _subtype,
    terminal(STATUS_WORDS, "STATUS"),
    terminal(KEYWORD_WORDS, "KEYWORD"),
    _non_or_name,
)

_LEXER = WordLexer(
    _TOKEN_RE,
    classify,
    punct=_PUNCT,
    sentence_starts={"DOT", "COLON", "BULLET", "DASH", "QUOTE", "SEMI"},
    groups={
        "poss": "POSS",
        "cost": "COSTSYM",
        "signed": "SIGNED",
        "sum": "SUM",
        "num": "NUMBER",
    },
    pairs=_PAIRS,
)
#: tokens of ``text[start:end]`` with offsets into ``text``
tokenize = _LEXER.tokenize


__all__ = ["NUMBER_WORDS", "classify", "singular", "tokenize"]
