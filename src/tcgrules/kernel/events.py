"""The event log: what happened, in order, each with the rule it applied."""

from __future__ import annotations

import builtins
from collections.abc import Iterator, Mapping
from dataclasses import FrozenInstanceError, dataclass
from types import MappingProxyType

from tcgrules.kernel.objects import ObjectRef, draft_class
from tcgrules.rules import RuleRef

#: the data of an event that has none (an empty, read-only mapping)
NO_DATA: Mapping[str, builtins.object] = MappingProxyType({})


class Event:
    """One thing that happened: ``kind`` (``moved``, ``damage``, ``resolved``...),
    a sentence for narration, and the rule applied.

    Immutable, compared field by field, like a frozen dataclass. ``args``: the sentence
    is ``text`` (then a template) formatted with them, ``text.format(*args)``, made the
    first time it is read: most events are never narrated, and an event is logged on
    every action. The arguments must be immutable (an object as it was, a zone key, a
    reference, a string), so the sentence is the one it would have been when logged.
    """

    __slots__ = ("_args", "_text", "data", "kind", "object", "player", "rule")
    __match_args__ = ("kind", "text", "rule", "object", "player", "data")

    kind: str
    rule: RuleRef | None
    object: ObjectRef | None
    player: str | None
    data: Mapping[str, builtins.object]
    _text: str
    _args: tuple[builtins.object, ...] | None

    def __new__(  # noqa: PLR0917  (the fields in order, as the dataclass it was took them)
        cls,
        kind: str,
        text: str,
        rule: RuleRef | None = None,
        object: ObjectRef | None = None,
        player: str | None = None,
        data: Mapping[str, builtins.object] = NO_DATA,
        *,
        args: tuple[builtins.object, ...] | None = None,
    ) -> Event:
        return new_event(kind, text, rule, object, player, data, args)

    @property
    def text(self) -> str:
        """The sentence for narration."""
        args = self._args
        if args is None:
            return self._text
        text = self._text.format(*args)
        _set(self, "_text", text)
        _set(self, "_args", None)
        return text

    def _fields(self) -> tuple[builtins.object, ...]:
        return (self.kind, self.text, self.rule, self.object, self.player, self.data)

    def __eq__(self, other: builtins.object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        return self._fields() == other._fields()

    def __hash__(self) -> int:
        return hash(self._fields())

    def __repr__(self) -> str:
        return (
            f"{type(self).__qualname__}(kind={self.kind!r}, text={self.text!r}, "
            f"rule={self.rule!r}, object={self.object!r}, player={self.player!r}, "
            f"data={self.data!r})"
        )

    def __setattr__(self, name: str, value: builtins.object) -> None:
        raise FrozenInstanceError(f"cannot assign to field {name!r}")

    def __delattr__(self, name: str) -> None:
        raise FrozenInstanceError(f"cannot delete field {name!r}")

    def __reduce__(self) -> tuple[type[Event], tuple[builtins.object, ...]]:
        return Event, self._fields()

    def __str__(self) -> str:
        return f"{self.text} ({self.rule})" if self.rule else self.text


_EventDraft = draft_class(Event)
# an empty draft made by calling the class: object's own ``__new__`` and ``__init__``,
# in place of Event's, which take the fields
_EventDraft.__new__ = builtins.object.__new__  # type: ignore[assignment]
_EventDraft.__init__ = builtins.object.__init__
_set = builtins.object.__setattr__


def new_event(  # noqa: PLR0917  (the fields in order, as Event takes them)
    kind: str,
    text: str,
    rule: RuleRef | None,
    object: ObjectRef | None,
    player: str | None,
    data: Mapping[str, builtins.object],
    args: tuple[builtins.object, ...] | None,
) -> Event:
    """``Event(kind, text, rule, object, player, data, args=args)``, with every field
    given in order: the same event, made in about half the time, since calling the class
    goes through its ``__new__`` with keywords. For the events logged on every action
    (a move, a cast, damage); elsewhere ``Event(...)`` reads better."""
    new = _EventDraft()
    new.kind = kind
    new._text = text
    new.rule = rule
    new.object = object
    new.player = player
    new.data = data
    new._args = args
    new.__class__ = Event
    return new  # type: ignore[no-any-return]


@dataclass(frozen=True, slots=True)
class EventLog:
    """A persistent (shared-tail) list of events: appending never copies, so
    game copies share their history for free."""

    event: Event | None = None
    previous: EventLog | None = None
    size: int = 0

    def add(self, event: Event) -> EventLog:
        node = _EventLogDraft()  # as EventLog(event, self, size + 1)
        node.event = event
        node.previous = self
        node.size = self.size + 1
        node.__class__ = EventLog
        return node  # type: ignore[no-any-return]

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


_EventLogDraft = draft_class(EventLog)
# an empty draft made by calling the class (cheaper than ``object.__new__``): object's
# own ``__init__``, which takes no fields, in place of the dataclass's
_EventLogDraft.__init__ = builtins.object.__init__
