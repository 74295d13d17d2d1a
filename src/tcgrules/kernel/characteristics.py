"""Characteristics: the properties of an object, printed or computed.

Which properties exist is the ruleset's (mtg:109.3, fab:2.0.1, GA card
characteristics). A numeric property that is absent is ``None`` in
:meth:`Characteristics.value`, never 0: FaB says a card with no printed defense
has no defense property (fab:2.3.2), which is not defense 0.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from types import MappingProxyType
from typing import Protocol, TypeAlias, runtime_checkable

from tcgrules.errors import ArgumentError, NotSupportedError

#: A property value: a number, text (name, a mana cost, "*"), or absent.
Value: TypeAlias = int | str | None


class UnreadValue(str):
    """A printed symbol ("*", "(c)") whose value the object's own text defines
    (fab:2.3.2a, fab:2.9.2a) where tcgrules does not read that text: reading it as a
    number raises :class:`~tcgrules.errors.NotSupportedError` naming ``feature``, so
    it never silently counts as 0."""

    feature: str
    #: why the value is not known (the base: its defining ability is not read)
    why: str

    def __new__(
        cls, printed: str, feature: str, why: str = "the ability that defines it is not read"
    ) -> UnreadValue:
        made = super().__new__(cls, printed)
        made.feature = feature
        made.why = why
        return made

    def unsupported(self) -> NotSupportedError:
        return NotSupportedError(self.feature, self.why)


_EMPTY: Mapping[str, Value] = MappingProxyType({})
_NO_SETS: Mapping[str, frozenset[str]] = MappingProxyType({})


@runtime_checkable
class AbilityLike(Protocol):
    """Anything that is an ability of an object: a keyword or a parsed ability."""

    @property
    def text(self) -> str: ...


@dataclass(frozen=True, slots=True)
class Keyword:
    """A keyword ability, with its argument where it has one.

    ``Keyword("protection", "red")`` is "protection from red" (mtg:702.16),
    ``Keyword("ward", "{2}")`` is "ward {2}" (mtg:702.21), ``Keyword("hexproof")``.
    """

    name: str
    argument: str | None = None

    def __post_init__(self) -> None:
        if not isinstance(self.name, str) or not isinstance(self.argument, str | None):
            bad = (
                ("name", self.name)
                if not isinstance(self.name, str)
                else ("argument", self.argument)
            )
            raise ArgumentError(
                "Keyword()", bad[0], bad[1], "a keyword name and an optional text argument"
            )

    @property
    def text(self) -> str:
        if self.argument is None:
            return self.name
        if self.name in {"protection", "hexproof"}:
            return f"{self.name} from {self.argument}"
        return f"{self.name} {self.argument}"

    @classmethod
    def parse(cls, text: str) -> Keyword:
        """Read "hexproof", "protection from red", "ward 2", "ward {2}", "hexproof from black"."""
        words = " ".join(text.strip().split()).lower()
        for name in ("protection", "hexproof"):
            prefix = f"{name} from "
            if words.startswith(prefix):
                return cls(name, words[len(prefix) :])
        head, _, rest = words.partition(" ")
        if head == "ward" and rest:
            cost = rest if rest.startswith("{") or not rest.isdigit() else f"{{{rest}}}"
            return cls("ward", cost)
        return cls(words) if not rest else cls(head, rest)

    def __str__(self) -> str:
        return self.text


@dataclass(frozen=True, slots=True)
class Characteristics:
    """An object's properties at one moment (frozen; compute a new one to change it).

    Set-valued properties are frozensets of lower-case words; ``values`` holds
    every other property by name (numbers and text), absent when the object
    does not have it.
    """

    name: str | None = None
    types: frozenset[str] = frozenset()
    supertypes: frozenset[str] = frozenset()
    subtypes: frozenset[str] = frozenset()
    colors: frozenset[str] = frozenset()
    abilities: tuple[AbilityLike, ...] = ()
    values: Mapping[str, Value] = field(default_factory=lambda: _EMPTY)
    #: other set-valued properties a game has (FaB ``metatypes``, ``traits``)
    sets: Mapping[str, frozenset[str]] = field(default_factory=lambda: _NO_SETS)

    def value(self, prop: str) -> Value:
        """A numeric or text property, or ``None`` if the object has no such property."""
        return self.values.get(prop)

    def number(self, prop: str) -> int | None:
        """A numeric property as a number; a text value such as "*" counts as 0 (fab:2.9.2a),
        except one whose defining text is not read (:class:`UnreadValue`), which raises."""
        v = self.values.get(prop)
        if v is None:
            return None
        if isinstance(v, int):
            return v
        if isinstance(v, UnreadValue):
            raise v.unsupported()
        try:
            return int(v)
        except ValueError:
            return 0

    @property
    def power(self) -> int | None:
        return self.number("power")

    @property
    def toughness(self) -> int | None:
        return self.number("toughness")

    @property
    def keywords(self) -> tuple[Keyword, ...]:
        return tuple(a for a in self.abilities if isinstance(a, Keyword))

    def has_keyword(self, name: str, argument: str | None = None) -> bool:
        for a in self.abilities:
            if (
                isinstance(a, Keyword)
                and a.name == name
                and (argument is None or a.argument == argument)
            ):
                return True
        return False

    def keyword_arguments(self, name: str) -> tuple[str, ...]:
        return tuple(
            a.argument
            for a in self.abilities
            if isinstance(a, Keyword) and a.name == name and a.argument is not None
        )

    def with_values(self, **changes: Value) -> Characteristics:
        merged = dict(self.values)
        for k, v in changes.items():
            if v is None:
                merged.pop(k, None)
            else:
                merged[k] = v
        return replace(self, values=MappingProxyType(merged))

    @staticmethod
    def words(items: Iterable[str]) -> frozenset[str]:
        return frozenset(i.strip().lower() for i in items if i.strip())
