"""The event log: what happened, in order, each with the rule it applied."""

from __future__ import annotations

import builtins
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType

from tcgrules.kernel.objects import ObjectRef
from tcgrules.rules import RuleRef

_EMPTY: Mapping[str, builtins.object] = MappingProxyType({})


@dataclass(frozen=True, slots=True)
class Event:
    """One thing that happened: ``kind`` (``moved``, ``damage``, ``resolved``...),
    a sentence for narration, and the rule applied."""

    kind: str
    text: str
    rule: RuleRef | None = None
    object: ObjectRef | None = None
    player: str | None = None
    data: Mapping[str, builtins.object] = field(default_factory=lambda: _EMPTY)

    def __str__(self) -> str:
        return f"{self.text} ({self.rule})" if self.rule else self.text


@dataclass(frozen=True, slots=True)
class EventLog:
    """A persistent (shared-tail) list of events: appending never copies, so
    game copies share their history for free."""

    event: Event | None = None
    previous: EventLog | None = None
    size: int = 0

    def add(self, event: Event) -> EventLog:
        return EventLog(event, self, self.size + 1)

    def __len__(self) -> int:
        return self.size

    def __iter__(self) -> Iterator[Event]:
        items: list[Event] = []
        node: EventLog | None = self
        while node is not None and node.event is not None:
            items.append(node.event)
            node = node.previous
        return reversed(items)

    def since(self, count: int) -> list[Event]:
        """The events after the first ``count`` ones, oldest first."""
        items: list[Event] = []
        node: EventLog | None = self
        while node is not None and node.event is not None and node.size > count:
            items.append(node.event)
            node = node.previous
        items.reverse()
        return items

    def this_turn(self, turn_ended: str = "end_turn") -> list[Event]:
        """The events since the last one of kind ``turn_ended``, oldest first."""
        items: list[Event] = []
        node: EventLog | None = self
        while node is not None and node.event is not None and node.event.kind != turn_ended:
            items.append(node.event)
            node = node.previous
        items.reverse()
        return items

    def __eq__(self, other: object) -> bool:
        if self is other:
            return True
        if not isinstance(other, EventLog):
            return NotImplemented
        return self.size == other.size and list(self) == list(other)

    def __hash__(self) -> int:
        return hash(self.size)
