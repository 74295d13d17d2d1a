"""Bundled sample cards, and the reader for scenario-style card definitions.

``mtg.yaml``, ``fab.yaml`` and ``ga.yaml`` hold a small hand-picked set of real
cards (texts as published) in the form of a scenario file's ``cards:`` section:
a mapping from card name to ``{type, text, <printed values>}`` with the keys of
SCENARIOS.md "Card definition keys". :func:`definition_from_mapping` reads one
such entry, so the scenario loader and the bundled files share one reader.

Flesh and Blood prints most cards in up to three pitch versions with one name.
A bundled key may therefore carry the version: ``Snatch (red)``. The card's name
is then ``Snatch``, and the suffix must agree with ``pitch`` (red 1, yellow 2,
blue 3). A scenario entry may also say ``name:`` to give the printed name
explicitly.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from functools import cache
from importlib import resources
from types import MappingProxyType
from typing import Any

import yaml

from tcgrules.carddata.flesh_and_blood import split_sides
from tcgrules.carddata.model import CardDefinition, PrintedValue, is_printed_symbol
from tcgrules.errors import CardDataError, UnknownGameError
from tcgrules.rules import GAME_ALIASES

__all__ = [
    "CARD_KEYS",
    "GAME_ALIASES",
    "LIST_KEYS",
    "bundled_cards",
    "canonical_game",
    "colors_from_cost",
    "definition_from_mapping",
]


_COMMON_KEYS = ("type", "text", "name")

#: The printed-value keys a card definition may use, per game (SCENARIOS.md).
CARD_KEYS: Mapping[str, tuple[str, ...]] = MappingProxyType(
    {
        "mtg": ("cost", "power", "toughness", "loyalty", "defense", "colors"),
        "fab": ("cost", "pitch", "power", "defense", "life", "intellect", "arcane"),
        "ga": (
            "element",
            "cost",
            "reserve",
            "memory",
            "level",
            "power",
            "life",
            "durability",
            "speed",
        ),
    }
)

#: Keys of a card definition whose value is a list of words, per game: FaB ``traits``
#: (fab:2.13.2), e.g. ``traits: [Agent of Chaos]``.
LIST_KEYS: Mapping[str, tuple[str, ...]] = MappingProxyType(
    {"mtg": (), "fab": ("traits",), "ga": ()}
)

#: Mana symbol letters and the colours they stand for (mtg:105.1, mtg:105.2).
_MANA_COLORS: tuple[tuple[str, str], ...] = (
    ("W", "white"),
    ("U", "blue"),
    ("B", "black"),
    ("R", "red"),
    ("G", "green"),
)
_COLOR_WORDS = {name: name for _, name in _MANA_COLORS} | {
    letter.lower(): name for letter, name in _MANA_COLORS
}
_COLOR_ORDER = {name: i for i, (_, name) in enumerate(_MANA_COLORS)}
_SYMBOL = re.compile(r"\{([^{}]*)\}")
_MANA_COST = re.compile(r"(\{[^{}\s]+\})*")
_PITCH_SUFFIX = re.compile(r"^(?P<name>.+?)\s*\((?P<color>red|yellow|blue)\)$", re.IGNORECASE)
_PITCH_OF_COLOR = {"red": 1, "yellow": 2, "blue": 3}
_SPEEDS = frozenset({"fast", "slow"})


def canonical_game(game: str) -> str:
    """``mtg``, ``fab`` or ``ga`` for any accepted alias; UnknownGameError otherwise."""
    key = game.strip().lower() if isinstance(game, str) else ""
    try:
        return GAME_ALIASES[key]
    except KeyError:
        known = ", ".join(sorted(GAME_ALIASES))
        raise UnknownGameError(f"unknown game {game!r} (known: {known})") from None


def colors_from_cost(cost: str) -> tuple[str, ...]:
    """The colours a mana cost's symbols imply, in W U B R G order (mtg:105.2, mtg:202.2).

    A hybrid symbol counts for each of its colours and a Phyrexian symbol for its
    colour, so ``{R/W}`` gives red and white and ``{G/P}`` gives green.

    >>> colors_from_cost("{1}{R}")
    ('red',)
    >>> colors_from_cost("{2/W}{U/P}{B/G}")
    ('white', 'blue', 'black', 'green')
    """
    found: set[str] = set()
    for symbol in _SYMBOL.findall(cost):
        for part in symbol.upper().split("/"):
            for letter, name in _MANA_COLORS:
                if part == letter:
                    found.add(name)
    return tuple(sorted(found, key=_COLOR_ORDER.__getitem__))


def _kind(value: object) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, int | float):
        return "number"
    if isinstance(value, str):
        return "string"
    if isinstance(value, list | tuple):
        return "list"
    if isinstance(value, Mapping):
        return "mapping"
    return type(value).__name__


def _error(message: str, source: str | None, path: str, expected: str) -> CardDataError:
    return CardDataError(message, source=source, path=path, expected=expected)


def _printed_number(value: object, source: str | None, path: str) -> PrintedValue:
    """An integer, or a string the card's text defines ("X", "*", "1+*", "(c)")."""
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    if isinstance(value, str) and value.strip():
        text = value.strip()
        try:
            return int(text)
        except ValueError:
            pass
        if is_printed_symbol(text):
            return text
        raise _error(
            f"value is the word {text!r}",
            source,
            path,
            "a number, or a symbol the card's text defines such as 'X', '*' or '1+*'",
        )
    raise _error(
        f"value is {_kind(value)} {value!r}",
        source,
        path,
        "an integer or a string such as 'X' or '*'",
    )


def _text(value: object, source: str | None, path: str, *, empty_ok: bool) -> str:
    if value is None and empty_ok:
        return ""
    if isinstance(value, str) and (empty_ok or value.strip()):
        return value.strip()
    raise _error(
        f"value is {_kind(value)} {value!r}",
        source,
        path,
        "a string" if empty_ok else "a non-empty string",
    )


def _mtg_colors(value: object, source: str | None, path: str) -> tuple[str, ...]:
    items: list[object]
    if isinstance(value, str):
        items = [w for w in re.split(r"[\s,]+", value) if w]
    elif isinstance(value, list | tuple):
        items = list(value)
    else:
        raise _error(
            f"value is {_kind(value)}", source, path, "a list of colour names such as [red, white]"
        )
    colors: list[str] = []
    for i, item in enumerate(items):
        word = item.strip().lower() if isinstance(item, str) else None
        if word is None or word not in _COLOR_WORDS:
            raise _error(
                f"unknown colour {item!r}",
                source,
                f"{path}[{i}]",
                "white, blue, black, red or green (or W, U, B, R, G)",
            )
        name = _COLOR_WORDS[word]
        if name not in colors:
            colors.append(name)
    return tuple(sorted(colors, key=_COLOR_ORDER.__getitem__))


def _mtg_values(entry: Mapping[str, Any], source: str | None, path: str) -> dict[str, PrintedValue]:
    values: dict[str, PrintedValue] = {}
    if "cost" in entry:
        cost = entry["cost"]
        if isinstance(cost, int) and not isinstance(cost, bool) and cost >= 0:
            cost = f"{{{cost}}}"
        if not isinstance(cost, str) or not _MANA_COST.fullmatch(cost.strip()):
            raise _error(
                f"cost is {_kind(cost)} {cost!r}",
                source,
                f"{path}.cost",
                "a mana cost written with symbols, such as '{1}{R}'",
            )
        if cost.strip():
            values["cost"] = cost.strip()
    for key in ("power", "toughness", "loyalty", "defense"):
        if key in entry:
            values[key] = _printed_number(entry[key], source, f"{path}.{key}")
    if "colors" in entry:
        values["colors"] = _mtg_colors(entry["colors"], source, f"{path}.colors")
    elif "cost" in values:
        implied = colors_from_cost(str(values["cost"]))
        if implied:
            values["colors"] = implied
    return values


def _word_list(value: object, source: str | None, path: str) -> tuple[str, ...]:
    """A list of names (a single name is a list of one): each a non-empty string."""
    items = [value] if isinstance(value, str) else value
    if not isinstance(items, list | tuple):
        raise _error(
            f"value is {_kind(value)}", source, path, "a list of names such as [Agent of Chaos]"
        )
    return tuple(
        _text(item, source, f"{path}[{i}]", empty_ok=False) for i, item in enumerate(items)
    )


def _fab_values(entry: Mapping[str, Any], source: str | None, path: str) -> dict[str, PrintedValue]:
    # the game's own lists of what a card may print (imported here: the games import
    # card data)
    from tcgrules.games.flesh_and_blood.card_checks import (  # noqa: PLC0415
        type_box_problems,
        value_problem,
    )

    problems = type_box_problems(entry["type"]) if isinstance(entry.get("type"), str) else []
    if problems:
        raise _error(problems[0], source, f"{path}.type", "a type box of known words")
    values: dict[str, PrintedValue] = {}
    for key in CARD_KEYS["fab"]:
        if key in entry:
            values[key] = _printed_number(entry[key], source, f"{path}.{key}")
            problem = value_problem(key, values[key])
            if problem is not None:
                raise _error(problem, source, f"{path}.{key}", "a value a card can print")
    if "traits" in entry:  # the printed traits (fab:2.13.2)
        values["traits"] = _word_list(entry["traits"], source, f"{path}.traits")
    return values


_PAIRS = {")": "(", "]": "["}


def _unbalanced(text: str) -> str | None:
    """Where the brackets of a card text do not pair up (a garbled text), or None."""
    open_: list[tuple[str, int]] = []
    for i, ch in enumerate(text):
        if ch in "([":
            open_.append((ch, i))
        elif ch in _PAIRS:
            if not open_ or open_[-1][0] != _PAIRS[ch]:
                return f"{ch!r} at character {i + 1} closes nothing"
            open_.pop()
    if open_:
        ch, i = open_[-1]
        return f"{ch!r} at character {i + 1} is never closed"
    return None


def _ga_words(entry: Mapping[str, Any], source: str | None, path: str) -> None:
    """Grand Archive's closed word lists: the words before the dash of the type line are
    card types and supertypes (ga:type-list/types), at least one a card type; the
    element is one of ga:type-list/elements. A text whose brackets do not pair up is
    garbled, not merely a text tcgrules does not read yet."""
    from tcgrules.games.grand_archive import vocabulary  # noqa: PLC0415 (games import carddata)

    line = entry.get("type")
    if isinstance(line, str) and line.strip():
        parsed = vocabulary.parse_type_line(line)
        if parsed.unknown or not parsed.types:
            words = ", ".join(w.upper() for w in parsed.unknown)
            said = f"the type line has {words}, not a Grand Archive type or supertype"
            raise _error(
                said if parsed.unknown else "the type line names no card type",
                source,
                f"{path}.type",
                "card types (ALLY, ACTION, ITEM, ...) and supertypes (REGALIA, UNIQUE) "
                "before the dash, subtypes after it (ga:type-list/types)",
            )
    text = entry.get("text")
    if isinstance(text, str):
        problem = _unbalanced(text)
        if problem is not None:
            raise _error(
                f"the text is garbled: {problem}",
                source,
                f"{path}.text",
                "card text with its brackets ( ) and [ ] paired, as printed",
            )
    element = entry.get("element")
    if isinstance(element, str) and element.strip().lower() not in vocabulary.ELEMENTS:
        raise _error(
            f"element is {element!r}",
            source,
            f"{path}.element",
            "one of "
            + ", ".join(sorted(e.upper() for e in vocabulary.ELEMENTS))
            + " (ga:type-list/elements)",
        )


def _ga_values(entry: Mapping[str, Any], source: str | None, path: str) -> dict[str, PrintedValue]:
    values: dict[str, PrintedValue] = {}
    _ga_words(entry, source, path)
    if "element" in entry:
        values["element"] = _text(entry["element"], source, f"{path}.element", empty_ok=False)
    kinds = [k for k in ("reserve", "memory") if k in entry]
    if "cost" in entry:
        cost = entry["cost"]
        if isinstance(cost, Mapping):
            unknown = [k for k in cost if k not in ("reserve", "memory")]
            if unknown or len(cost) != 1:
                raise _error(
                    f"cost has keys {sorted(map(str, cost))}",
                    source,
                    f"{path}.cost",
                    "exactly one of {reserve: N} or {memory: N}",
                )
            ((kind, amount),) = cost.items()
            if kinds:
                raise _error(
                    f"cost given twice (cost: and {kinds[0]}:)",
                    source,
                    f"{path}.cost",
                    "either cost: {reserve: N} or reserve: N",
                )
            values[str(kind)] = _printed_number(amount, source, f"{path}.cost.{kind}")
        else:
            values["cost"] = _printed_number(cost, source, f"{path}.cost")
            if kinds:
                raise _error(
                    f"cost given twice (cost: and {kinds[0]}:)",
                    source,
                    f"{path}.cost",
                    "either cost: N or reserve: N / memory: N",
                )
    if len(kinds) > 1:
        raise _error(
            "both reserve and memory given",
            source,
            f"{path}.memory",
            "one cost: reserve (main deck) or memory (material deck)",
        )
    for key in (*kinds, "level", "power", "life", "durability"):
        if key in entry:
            values[key] = _printed_number(entry[key], source, f"{path}.{key}")
    if "speed" in entry:
        speed = entry["speed"]
        word = speed.strip().lower() if isinstance(speed, str) else None
        if word not in _SPEEDS:
            raise _error(f"speed is {speed!r}", source, f"{path}.speed", "fast or slow")
        values["speed"] = word
    return values


def _key_path(path: str, key: str) -> str:
    if re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]*", key):
        return f"{path}.{key}"
    escaped = key.replace("\\", "\\\\").replace("'", "\\'")
    return f"{path}['{escaped}']"


def definition_from_mapping(
    game: str,
    name: str,
    mapping: object,
    *,
    source: str | None = None,
    path: str = "$",
) -> CardDefinition:
    """Turn one scenario-style card entry into a CardDefinition.

    ``mapping`` is ``{type, text, <printed values>}`` with the keys of SCENARIOS.md
    for ``game``; ``path`` is where the entry sits in its file (errors append the
    key, as in ``$.cards['Lightning Bolt'].power``). Magic colours come from the
    cost's mana symbols unless ``colors`` is given (mtg:105.2, mtg:202.2).
    Raises CardDataError for an unknown key or a value of the wrong type.
    """
    short = canonical_game(game)
    if not isinstance(name, str) or not name.strip():
        raise _error(f"card name is {_kind(name)} {name!r}", source, path, "a non-empty name")
    if not isinstance(mapping, Mapping):
        raise _error(
            f"card definition is {_kind(mapping)}",
            source,
            path,
            "a mapping such as {type: ..., text: ...}",
        )
    allowed = (*_COMMON_KEYS, *CARD_KEYS[short], *LIST_KEYS[short])
    for key in mapping:
        if key not in allowed:
            raise _error(
                f"unknown key {key!r} for a {short} card",
                source,
                _key_path(path, str(key)),
                "one of " + ", ".join(allowed),
            )
    if "type" not in mapping:
        raise _error("missing key 'type'", source, f"{path}.type", "the printed type line")
    type_line = _text(mapping["type"], source, f"{path}.type", empty_ok=False)
    text = _text(mapping.get("text"), source, f"{path}.text", empty_ok=True)

    printed_name = name.strip()
    if "name" in mapping:
        printed_name = _text(mapping["name"], source, f"{path}.name", empty_ok=False)

    values = _VALUE_READERS[short](mapping, source, path)
    if short in _PITCH_NAMED and "name" not in mapping:
        printed_name = _pitch_from_name(printed_name, values, source, path)

    return CardDefinition(
        game=short,
        name=printed_name,
        type_line=type_line,
        text=text,
        values=MappingProxyType(values),
        # a split card ("Comet Storm // Shock", fab:9.2.1): its two sides
        faces=split_sides(printed_name, type_line, text, values) if short in _SPLIT_NAMED else (),
    )


def _pitch_from_name(
    printed_name: str, values: dict[str, PrintedValue], source: str | None, path: str
) -> str:
    """A Flesh and Blood card named "Name (Red)" is the red version: its pitch follows
    from the color (fab:2.1.2); returns the printed name without the suffix."""
    match = _PITCH_SUFFIX.match(printed_name)
    if not match:
        return printed_name
    pitch = _PITCH_OF_COLOR[match["color"].lower()]
    if values.get("pitch", pitch) != pitch:
        raise _error(
            f"the {match['color'].lower()} version has pitch {values['pitch']!r}",
            source,
            f"{path}.pitch",
            f"pitch {pitch} for a {match['color'].lower()} card",
        )
    values.setdefault("pitch", pitch)
    return str(match["name"])


#: how each game's printed values are read from a card mapping
_VALUE_READERS: dict[
    str, Callable[[Mapping[str, Any], str | None, str], dict[str, PrintedValue]]
] = {
    "mtg": _mtg_values,
    "fab": _fab_values,
    "ga": _ga_values,
}
#: games whose bundled names may carry a pitch color suffix
_PITCH_NAMED = frozenset({"fab"})
#: games whose split cards are written "LEFT // RIGHT" (fab:9.2.1)
_SPLIT_NAMED = frozenset({"fab"})


@cache
def bundled_cards(game: str) -> Mapping[str, CardDefinition]:
    """The bundled sample cards of a game (``mtg``/``magic``, ``fab``/``flesh-and-blood``,
    ``ga``/``grand-archive``), by the name used in the file. Read once, then cached."""
    short = canonical_game(game)
    if short != game:
        return bundled_cards(short)
    filename = f"{short}.yaml"
    resource = resources.files(__name__).joinpath(filename)
    source = f"tcgrules/carddata/bundled/{filename}"
    try:
        data = yaml.safe_load(resource.read_text(encoding="utf-8"))
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        raise CardDataError(
            f"invalid YAML: {exc}",
            source=source,
            line=None if mark is None else mark.line + 1,
            column=None if mark is None else mark.column + 1,
        ) from exc
    if not isinstance(data, Mapping):
        raise _error(f"top level is {_kind(data)}", source, "$", "a mapping of name to card")
    cards: dict[str, CardDefinition] = {}
    for key, entry in data.items():
        if not isinstance(key, str):
            raise _error(f"card name is {_kind(key)} {key!r}", source, "$", "card names as keys")
        cards[key] = definition_from_mapping(
            short, key, entry, source=source, path=_key_path("$", key)
        )
    return MappingProxyType(cards)
