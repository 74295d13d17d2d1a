"""Word-level lexer for Magic card text: one lark token per word, by a word table.

The grammar (``grammar/magic.lark``) declares its terminals; this module decides
which terminal a word is (a color, a card type, a subtype from mtg:205.3, a
keyword, ...). Unknown words become ``WORD``, which no grammar rule accepts, so
an unknown word ends a target phrase instead of being misread.
"""

from __future__ import annotations

import json
import re
from functools import cache
from importlib import resources

from lark import Token

COLORS = frozenset({"white", "blue", "black", "red", "green"})
#: mtg:205.2a card types, singular and plural
CARD_TYPE_WORDS: dict[str, str] = {
    "artifact": "artifact",
    "artifacts": "artifact",
    "battle": "battle",
    "battles": "battle",
    "creature": "creature",
    "creatures": "creature",
    "enchantment": "enchantment",
    "enchantments": "enchantment",
    "instant": "instant",
    "instants": "instant",
    "land": "land",
    "lands": "land",
    "planeswalker": "planeswalker",
    "planeswalkers": "planeswalker",
    "sorcery": "sorcery",
    "sorceries": "sorcery",
    "kindred": "kindred",
    "tribal": "kindred",
}
SUPERTYPE_WORDS = frozenset({"legendary", "basic", "snow", "world"})
STATUS_WORDS = frozenset(
    {
        "tapped",
        "untapped",
        "attacking",
        "blocking",
        "blocked",
        "unblocked",
        "modified",
        "face-down",
        "face-up",
        "historic",
        "exiled",
    }
)
#: single-word keyword abilities that appear after "with"/"without"/"gains" (mtg:702)
KEYWORD_WORDS = frozenset(
    {
        "flying",
        "reach",
        "defender",
        "trample",
        "haste",
        "deathtouch",
        "lifelink",
        "vigilance",
        "menace",
        "indestructible",
        "shroud",
        "flash",
        "fear",
        "intimidate",
        "flanking",
        "shadow",
        "horsemanship",
        "islandwalk",
        "swampwalk",
        "forestwalk",
        "mountainwalk",
        "plainswalk",
        "landwalk",
        "infect",
        "wither",
        "changeling",
        "skulk",
        "prowess",
        "banding",
        "persist",
        "undying",
        "exalted",
        "cascade",
        "convoke",
        "devoid",
        "ward",
        "toxic",
    }
)
HEAD_WORDS: dict[str, str] = {
    "permanent": "PERMANENT",
    "permanents": "PERMANENT",
    "spell": "SPELL",
    "spells": "SPELL",
    "card": "CARD",
    "cards": "CARD",
    "player": "PLAYER",
    "players": "PLAYER",
    "opponent": "OPPONENT",
    "opponents": "OPPONENT",
    "ability": "ABILITY",
    "abilities": "ABILITY",
    "token": "TOKEN",
    "tokens": "TOKEN",
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
    "eleven": 11,
    "twelve": 12,
    "thirteen": 13,
    "fifteen": 15,
    "twenty": 20,
}
#: words that are their own terminal (upper-cased)
PLAIN_WORDS = frozenset(
    [
        "target",
        "targets",
        "activated",
        "triggered",
        "or",
        "and",
        "you",
        "your",
        "control",
        "controls",
        "an",
        "a",
        "own",
        "owns",
        "defending",
        "that",
        "the",
        "chosen",
        "with",
        "without",
        "power",
        "toughness",
        "mana",
        "value",
        "less",
        "greater",
        "more",
        "than",
        "equal",
        "to",
        "in",
        "from",
        "graveyard",
        "graveyards",
        "exile",
        "hand",
        "hands",
        "other",
        "another",
        "any",
        "of",
        "up",
        "each",
        "single",
        "deals",
        "damage",
        "divided",
        "as",
        "choose",
        "among",
        "destroy",
        "return",
        "its",
        "their",
        "owner",
        "owners",
        "tap",
        "untap",
        "gets",
        "get",
        "until",
        "end",
        "turn",
        "gains",
        "gain",
        "counter",
        "unless",
        "pays",
        "may",
        "new",
        "for",
        "change",
        "copy",
        "draw",
        "draws",
        "first",
        "double",
        "strike",
        "protection",
        "it",
        "battlefield",
        "was",
        "dealt",
        "this",
        "attacked",
        "entered",
        "on",
        "stack",
        "all",
        "hexproof",
        "enchanted",
        "controller",
        "under",
        "are",
        "is",
        "colorless",
        "total",
        "lesser",
        "only",
        "multicolored",
        "monocolored",
        "life",
        "if",
        "equipped",
        "lose",
        "loses",
        "have",
        "can",
        "be",
        "though",
        "they",
    ]
)
SPECIAL = {
    "and/or": "ANDOR",
    "don't": "DONT",
    "doesn't": "DOESNT",
    "that's": "THATS",
    "isn't": "ISNT",
    "didn't": "DIDNT",
    "number": "NUMBERW",
}

_TOKEN_RE = re.compile(
    r"(?P<mana>(?:\{[^}]*\})+)"
    r"|(?P<pt>[+-][0-9X*]+/[+-][0-9X*]+)"
    r"|(?P<num>\d+)"
    r"|(?P<word>[A-Za-z][A-Za-z-]*(?:/or|'t\b)?)"
    r"|(?P<poss>'s\b|(?<=s)'(?!\w))"
    r"|(?P<punct>[~,.:;\u2014\u2022\"])"
    r"|(?P<other>\S)"
)
_PUNCT = {
    "~": "TILDE",
    ",": "COMMA",
    ".": "DOT",
    ":": "COLON",
    ";": "SEMI",
    "\u2014": "DASH",
    "\u2022": "BULLET",
    '"': "QUOTE",
}


@cache
def subtypes() -> dict[str, str]:
    """Lower-cased subtype → the card type (or ``spell``) it belongs to (mtg:205.3g-q)."""
    data = resources.files("tcgrules.games.magic.grammar").joinpath("subtypes.json").read_text()
    table: dict[str, list[str]] = json.loads(data)
    found: dict[str, str] = {}
    for kind, names in table.items():
        for name in names:
            found[name.lower()] = kind
    return found


def _plural_subtype(low: str, table: dict[str, str]) -> str | None:
    if low in table:
        return low
    for suffix, repl in (("ves", "f"), ("ies", "y"), ("es", ""), ("s", "")):
        if low.endswith(suffix) and low[: -len(suffix)] + repl in table:
            return low[: -len(suffix)] + repl
    if low == "elves":
        return "elf"
    return None


def classify(word: str, *, first: bool) -> str:
    """The terminal for one word (``first``: the word starts a sentence)."""
    low = word.lower()
    kind = SPECIAL.get(low)
    if kind is not None:
        return kind
    if low in COLORS:
        return "COLOR"
    if low in CARD_TYPE_WORDS:
        return "TYPE"
    head = HEAD_WORDS.get(low)
    if head is not None:
        return head
    if low in NUMBER_WORDS:
        return "NUMWORD"
    if word == "X":
        return "X"
    if low in PLAIN_WORDS:
        return low.upper()
    if low in KEYWORD_WORDS:
        return "KEYWORD"
    if low in SUPERTYPE_WORDS:
        return "SUPERTYPE"
    if low in STATUS_WORDS:
        return "STATUS"
    if word[0].isupper() and not first and _plural_subtype(low, subtypes()) is not None:
        return "SUBTYPE"
    if low.startswith("non") and len(low) > 4 and low not in {"none", "nonetheless"}:
        return "NONWORD"
    if word[0].isupper() and (not first or _plural_subtype(low, subtypes()) is not None):
        return "SUBTYPE"
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
            if kind == "WORD" and value == "Time":
                kind = "TIME"
            elif value == "Lord" and tokens and tokens[-1].type == "TIME":
                kind = "LORD"
            first = False
        elif group == "poss":
            kind = "POSS"
            if tokens and tokens[-1].type == "THAT":
                prev = tokens.pop()
                tokens.append(
                    Token("THATS", "that's", start_pos=prev.start_pos, end_pos=match.end())
                )
                continue
        elif group == "punct":
            kind = _PUNCT[value]
            first = kind in {"DOT", "COLON", "BULLET", "DASH", "QUOTE"}
        elif group == "mana":
            kind = "MANA_SYM"
        elif group == "pt":
            kind = "PT"
        elif group == "num":
            kind = "NUMBER"
        else:
            kind = "WORD"
        tokens.append(Token(kind, value, start_pos=match.start(), end_pos=match.end()))
    return tokens
