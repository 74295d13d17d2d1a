"""Grand Archive cards from the GA index JSON.

Each entry has ``name``, ``types``, ``subtypes`` (upper case, with the classes
mixed in) and ``effect``; older entries also carry ``element``, ``classes``
(comma separated) and the stats ``memory_cost``, ``reserve_cost``, ``level``,
``power``, ``life``, ``durability`` and ``speed``, as numbers or numeric
strings, where -1 means the card has no such value. Such values are left out
of ``values`` rather than stored as 0 or -1.

The typeline is rebuilt as ``TYPES - SUBTYPES`` in the order the index gives
them (``REGALIA WEAPON - WARRIOR SWORD``); a class named in ``classes`` but
missing from ``subtypes`` goes first among the subtypes, where classes are
printed. The index records level 0 for every non-champion; only champions have
a level, so level is kept for champions, or for any
card whose level is not 0. ``speed`` is 1 for fast and 0 for slow; it becomes
the string ``"fast"`` / ``"slow"``.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

from tcgrules.carddata.flesh_and_blood import (
    JsonSource,
    cards_array,
    json_type,
    optional_text,
    read_json_source,
    required_string,
)
from tcgrules.carddata.model import CardDefinition, PrintedValue
from tcgrules.errors import CardDataError

__all__ = ["GA_VALUE_FIELDS", "ga_type_line", "load_ga_cards"]

#: Index field -> scenario key, for the plain numeric stats.
GA_VALUE_FIELDS: tuple[tuple[str, str], ...] = (
    ("reserve_cost", "reserve"),
    ("memory_cost", "memory"),
    ("level", "level"),
    ("power", "power"),
    ("life", "life"),
    ("durability", "durability"),
)

_SPEEDS = {0: "slow", 1: "fast"}


#: the element of a pool card whose entry leaves it out: unknown, so the card has no
#: element in tcgrules (where a card printed with no element is Norm)
ELEMENT_NOT_IN_DATA = ""


def _word_list(entry: Mapping[str, Any], key: str, source: str, path: str) -> list[str]:
    value = entry.get(key, [])
    if value is None:
        return []
    if not isinstance(value, list) or not all(isinstance(w, str) for w in value):
        raise CardDataError(
            f"field {key!r} is {json_type(value)}",
            source=source,
            path=f"{path}.{key}",
            expected="an array of strings",
        )
    return [w.strip() for w in value if w.strip()]


def _classes(entry: Mapping[str, Any], source: str, path: str) -> list[str]:
    value = entry.get("classes")
    if value is None:
        return []
    if isinstance(value, list) and all(isinstance(w, str) for w in value):
        return [w.strip() for w in value if w.strip()]
    if isinstance(value, str):
        return [w.strip() for w in value.split(",") if w.strip()]
    raise CardDataError(
        f"field 'classes' is {json_type(value)}",
        source=source,
        path=f"{path}.classes",
        expected="a comma-separated string or an array of strings",
    )


def _stat(entry: Mapping[str, Any], key: str, source: str, path: str) -> PrintedValue | None:
    """A stat: an int, a numeric string, or a symbol string; -1 / null / missing -> None."""
    value = entry.get(key)
    if value is None:
        return None
    if isinstance(value, bool):
        pass
    elif isinstance(value, int):
        return None if value == -1 else value
    elif isinstance(value, str):
        text = value.strip()
        try:
            number = int(text)
        except ValueError:
            if text and " " not in text and not any(ch.isdigit() for ch in text):
                return text  # a value the card's text defines, such as X or *
            # "2.5" is no printed value: stats are whole numbers or a symbol
        else:
            return None if number == -1 else number
    raise CardDataError(
        f"field {key!r} is {json_type(value)} {value!r}",
        source=source,
        path=f"{path}.{key}",
        expected="an integer, a numeric string, or -1 for no value",
    )


def ga_type_line(types: list[str], subtypes: list[str], classes: list[str]) -> str:
    """``TYPES - SUBTYPES`` as printed, classes first among the subtypes if missing."""
    seen = {w.upper() for w in subtypes}
    tail = [c for c in classes if c.upper() not in seen] + subtypes
    head = " ".join(types)
    return f"{head} - {' '.join(tail)}" if tail else head


def ga_card_from_json(entry: Any, source: str, path: str) -> CardDefinition:
    """One index entry as a CardDefinition."""
    if not isinstance(entry, dict):
        raise CardDataError(
            f"card entry is {json_type(entry)}", source=source, path=path, expected="an object"
        )
    name = required_string(entry, "name", source, path)
    if "types" not in entry:
        raise CardDataError(
            "missing field 'types'",
            source=source,
            path=f"{path}.types",
            expected="an array of strings",
        )
    types = _word_list(entry, "types", source, path)
    if not types:
        raise CardDataError(
            "field 'types' is empty",
            source=source,
            path=f"{path}.types",
            expected="at least one card type",
        )
    subtypes = _word_list(entry, "subtypes", source, path)
    classes = _classes(entry, source, path)
    text = optional_text(entry, "effect", source, path)

    values: dict[str, PrintedValue] = {}
    element = entry.get("element")
    if element is not None:
        if not isinstance(element, str) or not element.strip():
            raise CardDataError(
                f"field 'element' is {json_type(element)} {element!r}",
                source=source,
                path=f"{path}.element",
                expected="an element name such as 'FIRE' or 'NORM'",
            )
        values["element"] = element.strip()
    else:
        # left out of the data, which is not the same as printed without one (Norm,
        # ga:parts-of-a-card-element/1.1): such a card's element is unknown
        values["element"] = ELEMENT_NOT_IN_DATA
    is_champion = any(t.upper() == "CHAMPION" for t in types)
    for field, key in GA_VALUE_FIELDS:
        value = _stat(entry, field, source, path)
        if value is None or (key == "level" and value == 0 and not is_champion):
            continue
        values[key] = value
    speed = _stat(entry, "speed", source, path)
    if speed is not None:
        if isinstance(speed, int):
            if speed not in _SPEEDS:
                raise CardDataError(
                    f"field 'speed' is {speed}",
                    source=source,
                    path=f"{path}.speed",
                    expected="1 (fast), 0 (slow) or -1 (no speed)",
                )
            values["speed"] = _SPEEDS[speed]
        else:
            values["speed"] = str(speed).lower()
    return CardDefinition(
        game="ga",
        name=name,
        type_line=ga_type_line(types, subtypes, classes),
        text=text,
        values=MappingProxyType(values),
    )


def load_ga_cards(path_or_file: JsonSource) -> list[CardDefinition]:
    """Read the Grand Archive index JSON (gzipped or plain): one definition per entry.

    Raises :class:`~tcgrules.errors.CardDataError` naming the source, the
    ``$[i].field`` path and what was expected when an entry is malformed.
    """
    data, source = read_json_source(path_or_file)
    entries = cards_array(data, source)
    return [ga_card_from_json(entry, source, f"$[{i}]") for i, entry in enumerate(entries)]
