"""Small readers for scenario-file values shared by the session and its expectations."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from tcgrules.errors import ScenarioError


def each(value: Any, what: str) -> Iterable[tuple[str, Any]]:
    if not isinstance(value, Mapping):
        raise ScenarioError(f"`{what}` takes a mapping of names to values")
    return [(str(k), v) for k, v in value.items()]


def names_list(value: Any, what: str) -> list[str]:
    if isinstance(value, str):
        return [value]
    if not isinstance(value, list):
        raise ScenarioError(f"`{what}` takes a list of names")
    return [str(v) for v in value]
