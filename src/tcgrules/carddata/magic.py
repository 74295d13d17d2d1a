"""Load Magic cards from Scryfall JSON and MTGJSON AtomicCards into CardDefinitions.

- Scryfall: a JSON list of card objects (the bulk "oracle cards" file, or the
  trimmed form in ``shared/cards``), optionally gzipped; multi-faced cards carry
  ``card_faces`` (mtg:712 double-faced, mtg:709 split, mtg:715 adventurer).
- MTGJSON AtomicCards: ``{"data": {name: [face, ...]}}`` with one entry per face.

A missing required field raises :class:`~tcgrules.errors.CardDataError` naming
its ``$.path`` (``$[12].type_line``).
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any

from tcgrules.carddata.flesh_and_blood import json_type, optional_text, read_json_source
from tcgrules.carddata.model import CardDefinition, PrintedValue
from tcgrules.errors import ArgumentError, CardDataError

_COLOR_LETTERS = {"W": "white", "U": "blue", "B": "black", "R": "red", "G": "green"}


def read_json(source: str | Path) -> Any:
    """Read a JSON file, plain or gzipped; a located CardDataError if it can't be read."""
    return read_json_source(source)[0]


def _definition(
    path: str,
    source: str | None,
    *,
    name: str,
    type_line: str,
    text: str,
    values: dict[str, PrintedValue],
    faces: tuple[CardDefinition, ...] = (),
) -> CardDefinition:
    """The card, or a located CardDataError when a value is not one a card can print."""
    try:
        return CardDefinition("mtg", name, type_line, text, values, faces)
    except ArgumentError as exc:
        where = exc.argument.removeprefix("values[").removesuffix("]").strip("'")
        raise CardDataError(
            exc.message.removeprefix("CardDefinition(): "),
            source=source,
            path=f"{path}.{where}",
            expected=exc.expected,
        ) from exc


def _field(obj: Mapping[str, Any], key: str, path: str, source: str | None) -> str:
    value = obj.get(key)
    if not isinstance(value, str):
        what = "missing" if value is None else f"not a string ({type(value).__name__})"
        raise CardDataError(
            f"field {key!r} {what}", source=source, path=f"{path}.{key}", expected="str"
        )
    return value


def _values(obj: Mapping[str, Any], keys: Mapping[str, str]) -> dict[str, PrintedValue]:
    values: dict[str, PrintedValue] = {}
    for ours, theirs in keys.items():
        raw = obj.get(theirs)
        if raw is None:
            continue
        if isinstance(raw, list):
            values[ours] = tuple(_COLOR_LETTERS.get(str(c), str(c).lower()) for c in raw)
        elif (isinstance(raw, str) and raw.isdigit()) or isinstance(raw, int | float):
            values[ours] = int(raw)
        else:
            values[ours] = str(raw)
    return values


_SCRYFALL_KEYS = {
    "cost": "mana_cost",
    "power": "power",
    "toughness": "toughness",
    "loyalty": "loyalty",
    "defense": "defense",
    "colors": "colors",
}


def scryfall_card(
    obj: Mapping[str, Any], path: str = "$", source: str | None = None
) -> CardDefinition:
    """One Scryfall card object → CardDefinition (faces for multi-faced cards)."""
    if not isinstance(obj, Mapping):
        raise CardDataError(
            "card entry is not an object", source=source, path=path, expected="object"
        )
    name = _field(obj, "name", path, source)
    faces_raw = obj.get("card_faces")
    faces: list[CardDefinition] = []
    if isinstance(faces_raw, list):
        for index, face in enumerate(faces_raw):
            faces.append(scryfall_card(face, f"{path}.card_faces[{index}]", source))
    if faces and not isinstance(obj.get("type_line"), str):
        type_line = " // ".join(f.type_line for f in faces)
    else:
        type_line = _field(obj, "type_line", path, source)
    text = obj.get("oracle_text")
    if not isinstance(text, str):
        if text is not None:
            raise CardDataError(
                "field 'oracle_text' is not a string", source=source, path=f"{path}.oracle_text"
            )
        text = ""
    values = _values(obj, _SCRYFALL_KEYS)
    return _definition(
        path, source, name=name, type_line=type_line, text=text, values=values, faces=tuple(faces)
    )


def load_scryfall(data: str | Path | Sequence[Any]) -> list[CardDefinition]:
    """A Scryfall card list (path to ``.json``/``.json.gz`` or the parsed list)."""
    source = None
    if isinstance(data, str | Path):
        source = str(data)
        data = read_json(data)
    return _scryfall_list(data, source)


def _scryfall_list(data: Any, source: str | None) -> list[CardDefinition]:
    loaded: Any = data
    if isinstance(loaded, Mapping) and isinstance(loaded.get("data"), list):
        data = loaded["data"]  # a Scryfall "list" object
    if not isinstance(data, Sequence) or isinstance(data, str):
        raise CardDataError(
            f"expected a JSON list of cards, found {json_type(data)}",
            source=source,
            path="$",
            expected='a list of Scryfall card objects, or MTGJSON\'s {"data": {...}}',
        )
    return [scryfall_card(obj, f"$[{index}]", source) for index, obj in enumerate(data)]


_MTGJSON_KEYS = {
    "cost": "manaCost",
    "power": "power",
    "toughness": "toughness",
    "loyalty": "loyalty",
    "defense": "defense",
    "colors": "colors",
}


def _mtgjson_face(obj: Mapping[str, Any], path: str, source: str | None) -> CardDefinition:
    if not isinstance(obj, Mapping):
        raise CardDataError("face is not an object", source=source, path=path, expected="object")
    name = optional_text(obj, "faceName", source or "<data>", path) or _field(
        obj, "name", path, source
    )
    type_line = _field(obj, "type", path, source)
    text = optional_text(obj, "text", source or "<data>", path)
    return _definition(
        path,
        source,
        name=name,
        type_line=type_line,
        text=text,
        values=_values(obj, _MTGJSON_KEYS),
    )


def iter_mtgjson_atomic(data: str | Path | Mapping[str, Any]) -> Iterator[CardDefinition]:
    """Cards of an MTGJSON AtomicCards file; one CardDefinition per card, faces inside."""
    source = None
    if isinstance(data, str | Path):
        source = str(data)
        data = read_json(data)
    return _mtgjson_cards(data, source)


def _mtgjson_cards(data: Any, source: str | None) -> Iterator[CardDefinition]:
    if not isinstance(data, Mapping) or not isinstance(data.get("data"), Mapping):
        raise CardDataError(
            "expected an object with 'data'", source=source, path="$.data", expected="object"
        )
    for name, entries in data["data"].items():
        path = f"$.data[{json.dumps(name)}]"
        if not isinstance(entries, list) or not entries:
            raise CardDataError(
                "expected a list of faces", source=source, path=path, expected="list"
            )
        faces = [_mtgjson_face(e, f"{path}[{i}]", source) for i, e in enumerate(entries)]
        if len(faces) == 1 and "faceName" not in entries[0]:
            yield faces[0]
        else:
            type_line = " // ".join(f.type_line for f in faces)
            yield CardDefinition("mtg", str(name), type_line, "", {}, tuple(faces))


def load_mtgjson_atomic(data: str | Path | Mapping[str, Any]) -> list[CardDefinition]:
    """All cards of an MTGJSON AtomicCards file (see :func:`iter_mtgjson_atomic`)."""
    return list(iter_mtgjson_atomic(data))


def load_cards(source: str | Path) -> list[CardDefinition]:
    """Scryfall or MTGJSON, detected from the file's top-level shape."""
    data = read_json(source)
    if isinstance(data, Mapping) and isinstance(data.get("data"), Mapping):
        return list(_mtgjson_cards(data, str(source)))
    return _scryfall_list(data, str(source))


def text_faces(card: CardDefinition) -> tuple[CardDefinition, ...]:
    """The faces that carry rules text: the faces, or the card itself."""
    return card.faces or (card,)


__all__ = [
    "iter_mtgjson_atomic",
    "load_cards",
    "load_mtgjson_atomic",
    "load_scryfall",
    "read_json",
    "scryfall_card",
    "text_faces",
]
