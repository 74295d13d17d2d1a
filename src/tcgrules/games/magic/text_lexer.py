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

from tcgrules.cardtext.lexing import NUMBER_WORDS as SMALL_NUMBERS
from tcgrules.cardtext.lexing import (
    PLURAL_SUFFIXES,
    Exact,
    WordClassifier,
    WordLexer,
    own_terminals,
    singular_in,
    terminal,
)

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
        # designations (helper W7): mtg:701.58b, mtg:701.38b
        "suspected",
        "goaded",
        "historic",
        "exiled",
        "suspended",
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
#: keyword abilities of the rules' list (grammar/keywords.json) that a description or an
#: effect may name ("with flashback", "gains cycling"), one word each; words that are also
#: actions or other rules words ("equip", "craft", "plot", "exploit") stay words
_NOT_KEYWORD_WORDS = frozenset(
    {
        "equip",
        "enchant",
        "fortify",
        "crew",
        "protection",
        "hexproof",
        "gift",
        "visit",
        "solved",
        "craft",
        "saddle",
        "exhaust",
        "recover",
        "partner",
        "companion",
        "plot",
        "exploit",
        "fuse",
        "epic",
        "frenzy",
        "transfigure",
        "offering",
        "reinforce",
        "reconfigure",
        "forecast",
        "storm",
        "assist",
        "champion",
        "haunt",
        "absorb",
    }
)


def _keyword_words() -> frozenset[str]:
    data = resources.files("tcgrules.games.magic.grammar").joinpath("keywords.json").read_text()
    names: list[str] = json.loads(data)
    return frozenset(w for w in names if " " not in w and w not in _NOT_KEYWORD_WORDS)


KEYWORD_WORDS = KEYWORD_WORDS | _keyword_words()
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
    **SMALL_NUMBERS,
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
        "has",
        "create",
        "copies",
        "emblem",
        "no",
        "costs",
        "cast",
        "beyond",
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
        "converted",
        "were",
        "there",
        "cost",
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
        "fights",
        "fight",
        "must",
        "except",
        "regenerated",
        "put",
        "top",
        "into",
        "library",
        # counters, control, tap/untap, attach, regenerate (helper M2)
        "attach",
        "regenerate",
        "goad",
        "detain",
        "remove",
        "distribute",
        "exchange",
    ]
)
#: words of the characteristics and combat restrictions family (helper M4), each its own
#: terminal: "switch", "has base power and toughness", "becomes", "can't block", "attacks
#: this turn if able", "all creatures able to block ... do so", "until your next turn"
M4_WORDS = frozenset(
    [
        "switch",
        "base",
        "has",
        "becomes",
        "become",
        "block",
        "blocks",
        "attack",
        "attacks",
        "able",
        "do",
        "so",
        "next",
        "still",
        "addition",
        "types",
    ]
)
#: words of damage, its prevention and redirection (mtg:120, mtg:615, mtg:614.9), each its
#: own terminal
DAMAGE_WORDS = frozenset(
    {
        "prevent",
        "next",
        "would",
        "by",
        "combat",
        "instead",
        "deal",
        "itself",
        "where",
        "source",
        "choice",
        "time",  # the same terminal as the "Time" of "Time Lord"
    }
)
#: words of the graveyard, library, hand and exile effects (helper M3), each its own
#: terminal like :data:`PLAIN_WORDS`
ZONE_WORDS = frozenset(
    [
        "mill",
        "mills",
        "discard",
        "discards",
        "reveal",
        "reveals",
        "look",
        "at",
        "random",
        "leaves",
        "then",
        "onto",
        "shuffle",
        "shuffles",
        "those",
        "exiles",
        "puts",
    ]
)
#: words of token creation (helper W1)
W1_WORDS = frozenset(["creates", "named", "investigate"])
#: words of sacrifice (helper Y4)
Y4_WORDS = frozenset(["sacrifice", "sacrifices"])
#: words of the counters/fights/choices section (helper Z2): "proliferate" (mtg:701.27)
Z2_WORDS = frozenset(["proliferate"])
#: words of the compound sentences section (helper U7): "populate" (mtg:701.30)
U7_WORDS = frozenset(["populate"])
#: words of control, goad, connive and suspect (helper W7): "connive(s)" (mtg:701.47),
#: "suspect" (mtg:701.58)
W7_WORDS = frozenset(["connive", "connives", "suspect"])
#: words of becomes, control and names (helper Q6): "transform" (mtg:701.28)
Q6_WORDS = frozenset(["transform"])
#: "plus" between two numbers (helper R4): its own terminal, so that it never starts a
#: phrase after a noun ("... you control plus the number of ...")
R4_WORDS = frozenset(["plus"])
SPECIAL = {
    "and/or": "ANDOR",
    "don't": "DONT",
    "can't": "CANT",
    "doesn't": "DOESNT",
    "that's": "THATS",
    "outlaw": "OUTLAW",
    "outlaws": "OUTLAWS",
    "isn't": "ISNT",
    "didn't": "DIDNT",
    "number": "NUMBERW",
    "counters": "COUNTER",
}
#: "a second target", "third from the top": ordinal words after "first" (which is its
#: own terminal, for "first strike")
ORDINAL_WORDS: dict[str, int] = {
    "second": 2,
    "third": 3,
    "fourth": 4,
    "fifth": 5,
    "sixth": 6,
    "seventh": 7,
}

#: the kinds of token (words first, the most common; no two start with the same
#: character, so their order changes nothing else)
_TOKEN_RE = re.compile(
    r"(?P<word>[A-Za-z][A-Za-z-]*(?:/or|'t\b)?)"
    r"|(?P<mana>(?:\{[^}]*\})+)"
    r"|(?P<pt>[+-][0-9X*]+/[+-][0-9X*]+)"
    r"|(?P<num>\d+)"
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
    return singular_in(low, table, suffixes=_SUBTYPE_SUFFIXES, irregular=_IRREGULAR)


_SUBTYPE_SUFFIXES = (("ves", "f"), *PLURAL_SUFFIXES)
_IRREGULAR = {"elves": "elf"}


def _subtype_or_non(word: str, low: str, first: bool) -> str | None:
    """A capitalised subtype (a plural one too, mtg:205.3), a "non-" word, or the
    "Time" of "Time Lord" at a sentence start."""
    if word[0].isupper() and not first and _plural_subtype(low, subtypes()) is not None:
        return "SUBTYPE"
    if low.startswith("non") and len(low) > 4 and low not in {"none", "nonetheless"}:
        return "NONWORD"
    if word[0].isupper() and (not first or _plural_subtype(low, subtypes()) is not None):
        return "SUBTYPE"
    return "TIME" if word == "Time" else None


#: the terminal for one word (``first``: the word starts a sentence)
classify = WordClassifier(
    SPECIAL,
    terminal(COLORS, "COLOR"),
    terminal(CARD_TYPE_WORDS, "TYPE"),
    HEAD_WORDS,
    terminal(NUMBER_WORDS, "NUMWORD"),
    terminal(ORDINAL_WORDS, "ORDINAL"),
    Exact(X="X"),
    own_terminals(PLAIN_WORDS | ZONE_WORDS),
    own_terminals(M4_WORDS),
    own_terminals(DAMAGE_WORDS),
    own_terminals(W1_WORDS),
    own_terminals(Y4_WORDS),
    own_terminals(Z2_WORDS),
    own_terminals(U7_WORDS),
    own_terminals(W7_WORDS),
    own_terminals(Q6_WORDS),
    own_terminals(R4_WORDS),
    terminal(KEYWORD_WORDS, "KEYWORD"),
    terminal(SUPERTYPE_WORDS, "SUPERTYPE"),
    terminal(STATUS_WORDS, "STATUS"),
    _subtype_or_non,
)

_LEXER = WordLexer(
    _TOKEN_RE,
    classify,
    punct=_PUNCT,
    sentence_starts={"DOT", "COLON", "BULLET", "DASH", "QUOTE"},
    groups={"poss": "POSS", "mana": "MANA_SYM", "pt": "PT", "num": "NUMBER"},
    # "that's" is read as one word, as are "on top" and "on the bottom" (where a card
    # goes in a library, mtg:401.7; so "on" never reads as "on the stack" there);
    # "Time Lord" is two terminals of its own; "without paying" (its mana cost) is
    # one word, so that "without" never starts a keyword clause ("without flying");
    # ", where" (", where X is ...") is one
    pairs={
        ("that", "'s"): ("THATS", "that's"),
        ("on", "top"): ("ON_TOP", "on top"),
        ("without", "paying"): ("WITHOUT_PAYING", "without paying"),
        (",", "where"): ("COMMA_WHERE", ", where"),
        ("phases", "out"): ("PHASES_OUT", "phases out"),
        ("phase", "out"): ("PHASES_OUT", "phase out"),
        ("not", "named"): ("NOT_NAMED", "not named"),
        # combat statuses relative to a player or the source (helper U3)
        ("attacking", "you"): ("ATTACKING_YOU", "attacking you"),
        ("blocking", "it"): ("BLOCKING_IT", "blocking it"),
        ("from", "combat"): ("FROM_COMBAT", "from combat"),
        # "roll a d20", "roll a six-sided die" (helper W2)
        ("roll", "a"): ("ROLL_A", "roll a"),
        # "you own but don't control", "you neither own nor control" (helper W7)
        ("but", "don't"): ("BUT_DONT", "but don't"),
        ("neither", "own"): ("NEITHER_OWN", "neither own"),
        # relative to the source (helper W8): "blocking ~"
        ("blocking", "~"): ("BLOCKING_SELF", "blocking ~"),
        # "whose power and toughness aren't equal" after a noun (helper T4): one word, so
        # that a plain word never starts a postmodifier
        ("whose", "power"): ("WHOSE_POWER", "whose power"),
    },
    # "attached to a creature" after a noun: what it is attached to (one token, so that
    # a plain word after a noun phrase never starts a postmodifier); "on your choice" of
    # the top or bottom of a library, likewise
    triples={
        ("on", "the", "bottom"): ("ON_BOTTOM", "on the bottom"),
        ("attached", "to", "a"): ("ATTACHED_TO_A", "attached to a"),
        ("attached", "to", "an"): ("ATTACHED_TO_A", "attached to an"),
        ("on", "your", "choice"): ("ON_YOUR_CHOICE", "on your choice"),
        # "you've" is one word, so that "cards you've drawn this turn" after a noun is
        # never taken for "you control" / "you own" (helper U1)
        ("you", "'", "ve"): ("YOUVE", "you've"),
        ("blocking", "or", "blocked"): ("BLOCKING_OR_BLOCKED", "blocking or blocked"),
        ("it", "'s", "blocking"): ("ITS_BLOCKING", "it's blocking"),
        # "blocked by ~", "~ is blocking" (helper W8)
        ("blocked", "by", "~"): ("BLOCKED_BY_SELF", "blocked by ~"),
        ("~", "is", "blocking"): ("SELF_IS_BLOCKING", "~ is blocking"),
        # "the number of Zubera that died this turn" (helper Q1): never a postmodifier
        ("that", "died", "this"): ("THAT_DIED_THIS", "that died this"),
    },
    follows={("TIME", "Lord"): "LORD"},
    merge_groups={"poss", "word", "punct"},
)
#: tokens of ``text[start:end]`` with offsets into ``text``
tokenize = _LEXER.tokenize
