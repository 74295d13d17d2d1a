"""Flesh and Blood cards from the JSON of the ``@flesh-and-blood/cards`` package.

The printed traits (fab:2.13.2) are read from ``traits`` (a list of names) into
``values["traits"]``.

The package lists one entry per printed version, so a card with red, yellow and
blue versions gives three :class:`CardDefinition` objects with the same name
and different ``pitch`` values. The printed numbers are read from ``cost``,
``pitch``, ``power``, ``defense``, ``life``, ``intellect`` and ``arcane``; a
value printed as a symbol (``X``, ``XX``, ``*``) lives in the matching
``special*`` field and is kept as that string. A field that is missing means the
card has no such property, and the key is left out of ``values`` (fab:2.3.2:
a card with no printed defense does not have defense 0).

:func:`read_json_source` is shared with the Grand Archive loader: it accepts a
path or an open file, gzipped or plain, and reports unreadable input as a
:class:`~tcgrules.errors.CardDataError`.
"""

from __future__ import annotations

import gzip
import json
import os
import re
from collections.abc import Mapping
from types import MappingProxyType
from typing import IO, Any

from tcgrules.carddata.model import CardDefinition, PrintedValue
from tcgrules.errors import CardDataError

__all__ = ["FAB_VALUE_FIELDS", "JsonSource", "load_fab_cards", "read_json_source"]

#: A file name, a path, or an already opened file (text or binary).
JsonSource = str | os.PathLike[str] | IO[bytes] | IO[str]

#: The package's numeric field, its ``special*`` twin, and the scenario key name.
FAB_VALUE_FIELDS: tuple[tuple[str, str, str], ...] = (
    ("cost", "specialCost", "cost"),
    ("pitch", "specialPitch", "pitch"),
    ("power", "specialPower", "power"),
    ("defense", "specialDefense", "defense"),
    ("life", "specialLife", "life"),
    ("intellect", "specialIntellect", "intellect"),
    ("arcane", "specialArcane", "arcane"),
)

_GZIP_MAGIC = b"\x1f\x8b"


def _source_name(source: JsonSource) -> str:
    if isinstance(source, str | os.PathLike):
        return os.fspath(source)
    name = getattr(source, "name", None)
    return name if isinstance(name, str) else "<stream>"


def _decode(raw: bytes, name: str) -> Any:
    if raw[:2] == _GZIP_MAGIC:
        try:
            raw = gzip.decompress(raw)
        except (OSError, EOFError) as exc:
            raise CardDataError(
                f"cannot decompress: {exc}", source=name, expected="a gzip file"
            ) from exc
    try:
        return json.loads(raw.decode("utf-8-sig"))
    except UnicodeDecodeError as exc:
        raise CardDataError(f"not UTF-8 text: {exc}", source=name, expected="UTF-8 JSON") from exc
    except json.JSONDecodeError as exc:
        raise CardDataError(
            f"invalid JSON: {exc.msg}",
            source=name,
            line=exc.lineno,
            column=exc.colno,
            expected="a JSON document",
        ) from exc


def read_json_source(source: JsonSource) -> tuple[Any, str]:
    """Read JSON (plain or gzipped) from a path or open file; return it and a source name."""
    name = _source_name(source)
    if isinstance(source, str | os.PathLike):
        try:
            with open(source, "rb") as fh:
                raw = fh.read()
        except OSError as exc:
            raise CardDataError(f"cannot read file: {exc.strerror or exc}", source=name) from exc
    else:
        data = source.read()
        if isinstance(data, str):
            try:
                return json.loads(data), name
            except json.JSONDecodeError as exc:
                raise CardDataError(
                    f"invalid JSON: {exc.msg}",
                    source=name,
                    line=exc.lineno,
                    column=exc.colno,
                    expected="a JSON document",
                ) from exc
        if not isinstance(data, bytes | bytearray):
            raise CardDataError(
                "the file object returned neither text nor bytes",
                source=name,
                expected="a file opened in text or binary mode",
            )
        raw = bytes(data)
    return _decode(raw, name), name


def json_type(value: object) -> str:
    """The JSON name of a Python value's type, for messages."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, int | float):
        return "number"
    if isinstance(value, str):
        return "string"
    if isinstance(value, list):
        return "array"
    if isinstance(value, dict):
        return "object"
    return type(value).__name__


def cards_array(data: Any, source: str) -> list[Any]:
    """The top-level array of card objects (also accepted: ``{"data": [...]}``)."""
    if isinstance(data, dict) and isinstance(data.get("data"), list):
        return list(data["data"])
    if not isinstance(data, list):
        raise CardDataError(
            f"top level is {json_type(data)}",
            source=source,
            path="$",
            expected="an array of card objects",
        )
    return data


def required_string(entry: Mapping[str, Any], key: str, source: str, path: str) -> str:
    """``entry[key]`` as a non-empty string, or a located CardDataError."""
    if key not in entry:
        raise CardDataError(
            f"missing field {key!r}", source=source, path=f"{path}.{key}", expected="a string"
        )
    value = entry[key]
    if not isinstance(value, str) or not value.strip():
        raise CardDataError(
            f"field {key!r} is {json_type(value)} {value!r}",
            source=source,
            path=f"{path}.{key}",
            expected="a non-empty string",
        )
    return value


def optional_text(entry: Mapping[str, Any], key: str, source: str, path: str) -> str:
    """``entry[key]`` as a string; missing or null is the empty string."""
    value = entry.get(key)
    if value is None:
        return ""
    if not isinstance(value, str):
        raise CardDataError(
            f"field {key!r} is {json_type(value)}",
            source=source,
            path=f"{path}.{key}",
            expected="a string or null",
        )
    return value


def _fab_value(
    entry: Mapping[str, Any], field: str, special: str, source: str, path: str
) -> PrintedValue | None:
    value = entry.get(field)
    if value is not None:
        if isinstance(value, bool) or not isinstance(value, int):
            raise CardDataError(
                f"field {field!r} is {json_type(value)} {value!r}",
                source=source,
                path=f"{path}.{field}",
                expected="an integer (symbols such as X or * go in " + repr(special) + ")",
            )
        return value
    symbol = entry.get(special)
    if symbol is None:
        return None
    if isinstance(symbol, bool) or not isinstance(symbol, str | int):
        raise CardDataError(
            f"field {special!r} is {json_type(symbol)}",
            source=source,
            path=f"{path}.{special}",
            expected="a string such as 'X' or '*'",
        )
    return symbol


def _traits(entry: Mapping[str, Any], source: str, path: str) -> tuple[str, ...]:
    """The printed traits (fab:2.13.2): ``traits`` is a list of strings, or missing/null."""
    value = entry.get("traits")
    if value is None:
        return ()
    if not isinstance(value, list):
        raise CardDataError(
            f"field 'traits' is {json_type(value)}",
            source=source,
            path=f"{path}.traits",
            expected='an array of trait names such as ["Agent of Chaos"], or null',
        )
    for i, item in enumerate(value):
        if not isinstance(item, str) or not item.strip():
            raise CardDataError(
                f"trait {i} is {json_type(item)} {item!r}",
                source=source,
                path=f"{path}.traits[{i}]",
                expected="a non-empty string",
            )
    return tuple(item.strip() for item in value)


def fab_card_from_json(entry: Any, source: str, path: str) -> CardDefinition:
    """One package entry (one pitch version) as a CardDefinition."""
    if not isinstance(entry, dict):
        raise CardDataError(
            f"card entry is {json_type(entry)}", source=source, path=path, expected="an object"
        )
    name = required_string(entry, "name", source, path)
    type_text = required_string(entry, "typeText", source, path)
    text = optional_text(entry, "functionalText", source, path)
    # the game's own lists of what a card may print (imported here: the games import
    # card data)
    from tcgrules.games.flesh_and_blood.card_checks import (  # noqa: PLC0415
        type_box_problems,
        value_problem,
    )

    problems = type_box_problems(type_text)
    if problems:
        raise CardDataError(
            problems[0],
            source=source,
            path=f"{path}.typeText",
            expected="a type box of known words",
        )
    values: dict[str, PrintedValue] = {}
    for field, special, key in FAB_VALUE_FIELDS:
        value = _fab_value(entry, field, special, source, path)
        if value is not None:
            problem = value_problem(key, value)
            if problem is not None:
                where = field if field in entry and entry[field] is not None else special
                raise CardDataError(
                    problem, source=source, path=f"{path}.{where}", expected="a printable value"
                )
            values[key] = value
    traits = _traits(entry, source, path)
    if traits:
        values["traits"] = traits
    return CardDefinition(
        game="fab",
        name=name,
        type_line=type_text,
        text=text,
        values=MappingProxyType(values),
        faces=split_sides(name, type_text, text, values),
    )


def split_sides(
    name: str, type_text: str, text: str, values: Mapping[str, PrintedValue]
) -> tuple[CardDefinition, ...]:
    """The two sides of a split card (fab:9.2.1), each with its own name, type box and
    text box and the card's shared printed values; () for any other card. The card data
    writes a split card's names and type boxes as "LEFT // RIGHT" and its texts around a
    line "//"."""
    names = name.split(" // ")
    boxes = type_text.split(" // ")
    texts = re.split(r"\n\s*//\s*\n", text)
    if len(names) != 2 or len(boxes) != 2:
        return ()
    texts = texts if len(texts) == 2 else [text, ""]
    shared = MappingProxyType(dict(values))
    return tuple(
        CardDefinition("fab", side.strip(), box.strip(), words.strip(), shared)
        for side, box, words in zip(names, boxes, texts, strict=True)
    )


def load_fab_cards(path_or_file: JsonSource) -> list[CardDefinition]:
    """Read ``@flesh-and-blood/cards`` JSON (gzipped or plain): one definition per version.

    Raises :class:`~tcgrules.errors.CardDataError` naming the source, the
    ``$[i].field`` path and what was expected when an entry is malformed.
    """
    data, source = read_json_source(path_or_file)
    entries = cards_array(data, source)
    return [fab_card_from_json(entry, source, f"$[{i}]") for i, entry in enumerate(entries)]
