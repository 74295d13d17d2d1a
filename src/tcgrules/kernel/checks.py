"""Argument checks for the public Python API: wrong types fail early, with names.

Each check raises :class:`~tcgrules.errors.ArgumentError` naming the function, the
argument, what was given and what was expected, before anything in the game changes.
They are plain ``isinstance`` tests (a few tens of nanoseconds), so the kernel's own
calls pay almost nothing for them.

>>> from tcgrules.kernel.checks import expect
>>> expect("demo()", "amount", "3", int, "a whole number")
Traceback (most recent call last):
...
tcgrules.errors.ArgumentError: demo(): argument 'amount' was '3' (str) (expected a whole number)
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from tcgrules.errors import ArgumentError
from tcgrules.kernel.objects import Entity, ObjectRef, PlayerRef

if TYPE_CHECKING:
    from tcgrules.kernel.game import Game


def expect(function: str, argument: str, value: object, types: Any, expected: str) -> None:
    """``value`` is an instance of ``types`` (``bool`` is not accepted as a number)."""
    if not isinstance(value, types) or (
        isinstance(value, bool) and types is int
    ):  # True is an int to Python, never a count to a game
        raise ArgumentError(function, argument, value, expected)


def expect_int(function: str, argument: str, value: object, *, minimum: int | None = None) -> int:
    """A whole number (not a bool), at least ``minimum`` when given."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise ArgumentError(function, argument, value, "a whole number")
    if minimum is not None and value < minimum:
        raise ArgumentError(function, argument, value, f"a whole number, at least {minimum}")
    return value


def expect_bool(function: str, argument: str, value: object) -> bool:
    if not isinstance(value, bool):
        raise ArgumentError(function, argument, value, "True or False")
    return value


def expect_ref(function: str, argument: str, value: object) -> ObjectRef:
    """An object reference (what ``game.create`` and ``game.move`` return)."""
    if not isinstance(value, ObjectRef):
        raise ArgumentError(
            function,
            argument,
            value,
            "an ObjectRef, as game.create or game.move return it"
            + (" (a player is named by a string or PlayerRef)" if isinstance(value, str) else ""),
        )
    return value


def expect_player(game: Game, function: str, argument: str, value: object) -> str:
    """A player's name (a ``PlayerRef`` is accepted too); an unknown name is refused."""
    if isinstance(value, PlayerRef):
        value = value.name
    if not isinstance(value, str):
        raise ArgumentError(
            function, argument, value, f"a player's name, one of {', '.join(game.players)}"
        )
    if value not in game.players:
        raise ArgumentError(function, argument, value, f"one of {', '.join(game.players)}")
    return value


def entity(game: Game, function: str, argument: str, value: object) -> Entity:
    """Something that can be targeted: an object reference, a ``PlayerRef``, or a player's
    name as a plain string."""
    if isinstance(value, ObjectRef):
        return value
    if isinstance(value, PlayerRef):
        value = value.name
    if isinstance(value, str):
        if value in game.players:
            return PlayerRef(value)
        raise ArgumentError(
            function,
            argument,
            value,
            f"an ObjectRef or a player's name, one of {', '.join(game.players)}",
        )
    raise ArgumentError(function, argument, value, "an ObjectRef, a PlayerRef or a player's name")


def target_rows(
    game: Game, function: str, value: object, argument: str = "targets"
) -> tuple[tuple[Entity, ...], ...]:
    """Targets as one list per instance of "target" in the text, in order. A flat list is
    the choices for the first (and only) instance, as scenario files allow; players may
    be named by string."""
    if isinstance(value, str | bytes) or not isinstance(value, Iterable):
        raise ArgumentError(
            function,
            argument,
            value,
            "a list with one list of targets per instance of “target”, e.g. [[bear]]",
        )
    rows = list(value)
    if rows and all(isinstance(r, ObjectRef | PlayerRef | str) for r in rows):
        rows = [rows]  # flat: one instance
    out: list[tuple[Entity, ...]] = []
    for i, row in enumerate(rows):
        if isinstance(row, str | bytes) or not isinstance(row, Iterable):
            raise ArgumentError(
                function,
                f"{argument}[{i}]",
                row,
                "a list of the targets chosen for that instance of “target”",
            )
        out.append(tuple(entity(game, function, f"{argument}[{i}]", t) for t in row))
    return tuple(out)


def int_list(function: str, argument: str, value: object, *, minimum: int = 0) -> tuple[int, ...]:
    """A list of whole numbers (modes, a division)."""
    if isinstance(value, str | bytes) or not isinstance(value, Sequence):
        raise ArgumentError(function, argument, value, "a list of whole numbers")
    return tuple(
        expect_int(function, f"{argument}[{i}]", v, minimum=minimum) for i, v in enumerate(value)
    )


def str_int_mapping(function: str, argument: str, value: object) -> Mapping[str, int]:
    """A mapping of names to whole numbers (counters, optional costs)."""
    if not isinstance(value, Mapping):
        raise ArgumentError(function, argument, value, "a mapping of names to whole numbers")
    for k, v in value.items():
        expect(function, f"{argument} key", k, str, "a name")
        expect_int(function, f"{argument}[{k!r}]", v)
    return value
