"""Read scenario files: YAML with positions kept, validated by the schema, errors located.

Every problem is reported as ``file:line:column $.path: what is wrong (expected ...)``,
the way attrs/cattrs name a bad value: ``$.steps[2].targets[0]``. The YAML is
composed into nodes first so that each value's position is known; the schema
(pydantic) then validates the plain data, and each of its errors is mapped back
to the node it came from.
"""

from __future__ import annotations

import difflib
import re
import types
import typing
from collections.abc import Collection, Iterable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml
from pydantic import BaseModel, Tag, ValidationError
from pydantic_core import ErrorDetails

from tcgrules.catalogs import seed_items
from tcgrules.errors import ScenarioError
from tcgrules.rules import RuleRef, catalog
from tcgrules.scenario.schema import Scenario

#: File name endings read when a directory is given.
SCENARIO_SUFFIXES: tuple[str, ...] = (".yaml", ".yml")

Path_ = tuple[str | int, ...]


class ScenarioValidationError(ScenarioError):
    """A scenario file with one or more schema errors; ``errors`` lists each, located.

    The error's own location is the first problem's, so callers that only want
    one place can use ``line``/``column``/``path`` directly.
    """

    def __init__(self, errors: Sequence[ScenarioError]) -> None:
        if not errors:
            raise ValueError("ScenarioValidationError needs at least one error")
        self.errors: tuple[ScenarioError, ...] = tuple(errors)
        first = self.errors[0]
        super().__init__(
            first.message,
            source=first.source,
            line=first.line,
            column=first.column,
            path=first.path,
            expected=first.expected,
        )

    def describe(self) -> str:
        return "\n".join(error.describe() for error in self.errors)


# --------------------------------------------------------------------------- YAML with positions


@dataclass(frozen=True)
class _Where:
    """Where a value (and, for a mapping entry, its key) was written; 1-based."""

    line: int
    column: int
    key_line: int | None = None
    key_column: int | None = None


def _mark(mark: yaml.Mark | None) -> tuple[int, int]:
    if mark is None:
        return (1, 1)
    return (mark.line + 1, mark.column + 1)


def _is_merge(key_node: yaml.Node) -> bool:
    return key_node.tag == "tag:yaml.org,2002:merge"


class _Reader:
    """Composes one YAML document, checks for duplicate keys, and indexes positions."""

    def __init__(self, text: str, source: str) -> None:
        self.source = source
        self.loader = yaml.SafeLoader(text)
        self.where: dict[Path_, _Where] = {}

    def read(self) -> Any:
        try:
            try:
                node = self.loader.get_single_node()
                if node is None:
                    raise ScenarioError(
                        "the file is empty",
                        source=self.source,
                        line=1,
                        column=1,
                        path="$",
                        expected="a mapping with game, players and steps",
                    )
                self._check_duplicates(node, ())
                data = self.loader.construct_document(node)
            except yaml.MarkedYAMLError as exc:
                line, column = _mark(exc.problem_mark or exc.context_mark)
                problem = exc.problem or exc.context or "YAML syntax error"
                raise ScenarioError(
                    f"YAML syntax error: {problem}",
                    source=self.source,
                    line=line,
                    column=column,
                    expected="valid YAML",
                ) from None
            except yaml.YAMLError as exc:
                raise ScenarioError(
                    f"YAML error: {exc}", source=self.source, expected="valid YAML"
                ) from None
            self._index(node, (), None)
            return data
        finally:
            self.loader.dispose()

    def _key(self, key_node: yaml.Node) -> Any:
        if isinstance(key_node, yaml.ScalarNode):
            return self.loader.construct_object(key_node, deep=True)
        return None

    def _check_duplicates(self, node: yaml.Node, path: Path_) -> None:
        if isinstance(node, yaml.MappingNode):
            seen: set[Any] = set()
            for key_node, value_node in node.value:
                if _is_merge(key_node):
                    continue
                key = self._key(key_node)
                if key is not None and key in seen:
                    line, column = _mark(key_node.start_mark)
                    raise ScenarioError(
                        f"duplicate key {key!r}",
                        source=self.source,
                        line=line,
                        column=column,
                        path=format_path((*path, key)),
                        expected="each key once per mapping",
                    )
                seen.add(key)
                self._check_duplicates(value_node, (*path, key))
        elif isinstance(node, yaml.SequenceNode):
            for index, item in enumerate(node.value):
                self._check_duplicates(item, (*path, index))

    def _index(self, node: yaml.Node, path: Path_, key_node: yaml.Node | None) -> None:
        line, column = _mark(node.start_mark)
        key_line = key_column = None
        if key_node is not None:
            key_line, key_column = _mark(key_node.start_mark)
        self.where[path] = _Where(line, column, key_line, key_column)
        if isinstance(node, yaml.MappingNode):
            for k_node, v_node in node.value:
                key = self._key(k_node)
                if key is not None:
                    self._index(v_node, (*path, key), k_node)
        elif isinstance(node, yaml.SequenceNode):
            for index, item in enumerate(node.value):
                self._index(item, (*path, index), None)


# --------------------------------------------------------------------------- paths


_IDENTIFIER = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*$")


def format_path(path: Iterable[str | int | Any]) -> str:
    """``("steps", 2, "targets", 0)`` -> ``$.steps[2].targets[0]``; odd keys are quoted."""
    text = "$"
    for part in path:
        if isinstance(part, int) and not isinstance(part, bool):
            text += f"[{part}]"
        elif isinstance(part, str) and _IDENTIFIER.match(part):
            text += f".{part}"
        else:
            text += "[" + _quote(str(part)) + "]"
    return text


def _quote(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


# --------------------------------------------------------------------------- pydantic errors


_EXPECTED_BY_TYPE: dict[str, str] = {
    "int_type": "an integer",
    "int_parsing": "an integer",
    "int_from_float": "an integer",
    "string_type": "a string",
    "bool_type": "true or false",
    "bool_parsing": "true or false",
    "list_type": "a list",
    "dict_type": "a mapping",
    "model_type": "a mapping",
    "model_attributes_type": "a mapping",
    "none_required": "null",
    "union_tag_not_found": "a mapping",
    "union_tag_invalid": "a mapping",
}


def _describe_value(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return f"the string {value!r}"
    if isinstance(value, int | float):
        return f"the number {value}"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, dict):
        return "a mapping"
    return type(value).__name__


def _strip_annotated(tp: Any) -> Any:
    while typing.get_origin(tp) is typing.Annotated:
        tp = typing.get_args(tp)[0]
    return tp


def _child_type(tp: Any, elem: str | int) -> tuple[Any, bool] | None:
    """The type found under ``elem`` of a value of type ``tp``; the bool says if elem was used."""
    tp = _strip_annotated(tp)
    origin = typing.get_origin(tp)
    if origin in (typing.Union, types.UnionType):
        members = [m for m in typing.get_args(tp) if m is not type(None)]
        for member in members:
            if typing.get_origin(member) is typing.Annotated and any(
                isinstance(meta, Tag) and meta.tag == elem for meta in member.__metadata__
            ):
                return member, True
        if len(members) == 1:
            return _child_type(members[0], elem)
        return None
    if isinstance(tp, type) and issubclass(tp, BaseModel):
        for name, field in tp.model_fields.items():
            if elem in (name, field.alias):
                return field.annotation, True
        return None
    if origin is list and isinstance(elem, int):
        return typing.get_args(tp)[0], True
    if origin is dict:
        return typing.get_args(tp)[1], True
    return None


def _model_at(loc: Sequence[str | int]) -> type[BaseModel] | None:
    """The schema model that validated the mapping at pydantic location ``loc``."""
    tp: Any = Scenario
    for elem in loc:
        step = _child_type(tp, elem)
        while step is not None and not step[1]:
            step = _child_type(step[0], elem)
        if step is None:
            return None
        tp = step[0]
    tp = _strip_annotated(tp)
    if typing.get_origin(tp) in (typing.Union, types.UnionType):
        members = [m for m in typing.get_args(tp) if m is not type(None)]
        tp = _strip_annotated(members[0]) if len(members) == 1 else None
    return tp if isinstance(tp, type) and issubclass(tp, BaseModel) else None


def _known_keys(model: type[BaseModel]) -> list[str]:
    """The keys a mapping of this model accepts; a step's action key comes first."""
    keys = [field.alias or name for name, field in model.model_fields.items()]
    action = getattr(model, "action", "")
    if action in keys:
        keys.remove(action)
        keys.insert(0, action)
    return keys


class _Translator:
    """Turns pydantic's errors into ScenarioErrors located in the file."""

    def __init__(self, data: Any, where: dict[Path_, _Where], source: str) -> None:
        self.data = data
        self.where = where
        self.source = source

    def translate(self, error: ErrorDetails) -> ScenarioError:
        loc = tuple(error["loc"])
        ctx: dict[str, Any] = dict(error.get("ctx") or {})
        kind = error["type"]
        if "at" in ctx:
            loc = (*loc, *ctx["at"])
        path, on_key = self._data_path(loc)
        where = self.where.get(path) or self.where.get(())
        line = where.line if where else None
        column = where.column if where else None
        if on_key and where is not None and where.key_line is not None:
            line, column = where.key_line, where.key_column
        shown: Path_ = path
        message = error["msg"]
        expected = ctx.get("expected")
        if kind == "missing":
            key = loc[-1]
            shown = (*path, key)
            message = f"missing key {key!r}"
            expected = f"the key {key!r}"
        elif kind == "extra_forbidden":
            key = path[-1] if path else loc[-1]
            model = _model_at(loc[:-1])
            known = _known_keys(model) if model else []
            message = f"unknown key {key!r}"
            close = difflib.get_close_matches(str(key), known, n=1)
            if close:
                message += f"; did you mean {close[0]!r}?"
            expected = "one of " + ", ".join(known) if known else "a known key"
            if where is not None and where.key_line is not None:
                line, column = where.key_line, where.key_column
        elif kind == "literal_error":
            message = f"{_describe_value(error['input'])} is not allowed here"
            expected = str(ctx.get("expected", "")).replace("'", "").replace("True", "true") or None
        elif kind in ("greater_than_equal", "greater_than"):
            message = f"{_describe_value(error['input'])} is too small"
            limit = ctx.get("ge", ctx.get("gt"))
            expected = f"a number {'>=' if 'ge' in ctx else '>'} {limit}"
        elif kind in ("too_short", "string_too_short"):
            message = "empty value" if kind == "string_too_short" else "too few items"
            expected = (
                "a non-empty string"
                if kind == "string_too_short"
                else f"at least {ctx.get('min_length', 1)} item(s)"
            )
        elif kind in _EXPECTED_BY_TYPE:
            message = f"wrong type: got {_describe_value(error['input'])}"
            expected = _EXPECTED_BY_TYPE[kind]
            if kind.startswith("union_tag"):
                message = f"got {_describe_value(error['input'])}"
        elif kind == "value_error":
            message = message.removeprefix("Value error, ")
        return ScenarioError(
            message,
            source=self.source,
            line=line,
            column=column,
            path=format_path(shown),
            expected=str(expected) if expected else None,
        )

    def _data_path(self, loc: Sequence[str | int]) -> tuple[Path_, bool]:
        """Follow pydantic's location through the data, skipping union tags and inner fields."""
        node = self.data
        path: list[str | int] = []
        on_key = False
        for elem in loc:
            if elem == "[key]":
                on_key = True
                continue
            in_mapping = isinstance(node, dict) and elem in node
            in_list = isinstance(node, list) and isinstance(elem, int) and 0 <= elem < len(node)
            if in_mapping or in_list:
                path.append(elem)
                node = node[elem]
        return tuple(path), on_key


# --------------------------------------------------------------------------- references


def _walk(value: Any, path: Path_) -> Iterator[tuple[Path_, str, Any]]:
    """Every field of a validated model below ``path``: its data path, name and value."""
    if isinstance(value, BaseModel):
        for name, field in type(value).model_fields.items():
            item = getattr(value, name)
            at = (*path, field.alias or name)
            yield at, name, item
            yield from _walk(item, at)
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield (*path, index), "", item
            yield from _walk(item, (*path, index))
    elif isinstance(value, dict):
        for key, item in value.items():
            yield (*path, key), "", item
            yield from _walk(item, (*path, key))


def _reference_problems(
    scenario: Scenario, where: dict[Path_, _Where], source: str
) -> list[ScenarioError]:
    """The names and rules a valid file refers to that can't exist: a ``by`` that is no
    player of the file, a rule of another game (a number the catalog lacks is only a
    warning: :func:`unknown_rule_references`)."""
    found: list[ScenarioError] = []

    def problem(path: Path_, message: str, expected: str) -> None:
        known = path
        while known and known not in where:
            known = known[:-1]
        at = where.get(known)
        found.append(
            ScenarioError(
                message,
                source=source,
                line=at.line if at else None,
                column=at.column if at else None,
                path=format_path(path),
                expected=expected,
            )
        )

    book = catalog(scenario.game)
    for path, name, value in _walk(scenario, ()):
        if name == "by" and isinstance(value, str) and value not in scenario.players:
            close = difflib.get_close_matches(value, scenario.players, n=1)
            hint = f"; did you mean {close[0]!r}?" if close else ""
            problem(
                path, f"unknown player {value!r}{hint}", "one of " + ", ".join(scenario.players)
            )
        elif isinstance(value, RuleRef) and value.game != scenario.game:
            problem(
                path,
                f"{value} is a rule of another game; this file plays {scenario.game}",
                f"a rule of {scenario.game}, such as {scenario.game}:{next(iter(book))}",
            )
    return found


def unknown_rule_references(scenario: Scenario) -> list[str]:
    """Warnings for the rules a file names that tcgrules' catalog of its game does not
    have, nor any rule of the same section, nor the seed statements (``fab:99.9``). The
    catalog lists the rules tcgrules cites, not every rule of the book, so such a number
    may still be real: the file runs, and ``run`` shows the warning."""
    book = catalog(scenario.game)
    seeds = {item.ref for item in seed_items(scenario.game)}
    said: list[str] = []
    for _path, _, value in _walk(scenario, ()):
        if (
            isinstance(value, RuleRef)
            and value.game == scenario.game
            and str(value) not in seeds
            and not _in_known_section(value.number, book)
            and str(value) not in said
        ):
            said.append(str(value))
    return [
        f"{ref}: not a rule tcgrules knows (neither its {scenario.game} catalog, "
        f"{book.edition}, nor the seed statements have that number or its section); "
        "check the number"
        for ref in said
    ]


_RULE_PART = re.compile(r"[.\-/]")


def _in_known_section(number: str, book: Collection[str]) -> bool:
    """Whether ``number`` is catalogued, or lies in a section the catalog has entries in
    (``fab:8.1.3b`` beside ``fab:8.1.8a``, ``mtg:603.3`` beside ``mtg:603.2``). The catalog
    lists the rules tcgrules cites, not every rule, so a real rule beside catalogued ones
    is a fine reference; a number such as ``99.9`` is not."""
    if number in book:
        return True
    rest = number.rstrip("abcdefghijklmnopqrstuvwxyz")
    cut = max((m.start() for m in _RULE_PART.finditer(rest)), default=-1)
    if cut <= 0:
        return False
    parent = rest[:cut]
    return any(
        key == parent or (key.startswith(parent) and _RULE_PART.match(key[len(parent) :]))
        for key in book
    )


# --------------------------------------------------------------------------- public API


def parse_scenario(text: str, source: str = "<text>") -> Scenario:
    """Read a scenario from YAML text; ``source`` names it in error messages."""
    reader = _Reader(text, source)
    data = reader.read()
    if not isinstance(data, dict):
        where = reader.where.get(())
        raise ScenarioError(
            f"a scenario is a mapping, not {_describe_value(data)}",
            source=source,
            line=where.line if where else 1,
            column=where.column if where else 1,
            path="$",
            expected="a mapping with game, players and steps",
        )
    try:
        scenario = Scenario.model_validate(data)
    except ValidationError as exc:
        translator = _Translator(data, reader.where, source)
        problems: dict[tuple[int, int, str, str], ScenarioError] = {}
        for error in exc.errors(include_url=False):
            problem = translator.translate(error)
            key = (problem.line or 0, problem.column or 0, problem.path or "", problem.message)
            problems.setdefault(key, problem)
        raise ScenarioValidationError([problems[k] for k in sorted(problems)]) from None
    problems_found = _reference_problems(scenario, reader.where, source)
    if problems_found:
        raise ScenarioValidationError(problems_found)
    scenario._source = source
    scenario._positions = {path: (w.line, w.column) for path, w in reader.where.items()}
    for index, step in enumerate(scenario.steps):
        where = reader.where.get(("steps", index))
        step._line = where.line if where else 0
    return scenario


def load_scenario(path: str | Path) -> Scenario:
    """Read and validate one scenario file. Raises ScenarioError, located, if it is malformed."""
    source = str(path)
    try:
        text = Path(path).read_text(encoding="utf-8")
    except FileNotFoundError:
        raise ScenarioError("no such file", source=source, expected="a scenario file") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise ScenarioError(f"cannot read the file: {exc}", source=source) from None
    return parse_scenario(text, source)


def scenario_files(paths: Iterable[str | Path]) -> list[Path]:
    """The files named by ``paths``: files as given, directories searched for *.yaml / *.yml.

    Files found in a directory come sorted; a path that does not exist is kept so
    that loading it reports the error.
    """
    found: list[Path] = []
    for item in paths:
        path = Path(item)
        if path.is_dir():
            found.extend(
                sorted(p for p in path.rglob("*") if p.suffix in SCENARIO_SUFFIXES and p.is_file())
            )
        else:
            found.append(path)
    return found


def load_scenarios(paths: Iterable[str | Path]) -> list[Scenario]:
    """Load every scenario under ``paths`` (:func:`scenario_files`); raises at the first error."""
    return [load_scenario(path) for path in scenario_files(paths)]


__all__ = [
    "SCENARIO_SUFFIXES",
    "ScenarioValidationError",
    "format_path",
    "load_scenario",
    "load_scenarios",
    "parse_scenario",
    "scenario_files",
]
