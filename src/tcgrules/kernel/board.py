"""The board index: every object as queries see it, patched after a change, not rebuilt.

A write to the game marks the objects it touched; the next query recomputes only their
entries (:meth:`Board.patch`), so the cost of the first query after a change follows
the change, not the board. The index is shared between copies of a game: a copy that
writes forks it (:meth:`Board.fork`), which copies only small top layers, never the
entries themselves (:class:`Layered`).

Objects of a shared zone (the battlefield, the stack) are also filed in groups, each a
tuple of ids in zone order: one group per card type and one per qualifier the ruleset
indexes (:meth:`Ruleset.index_keys`: keywords, tapped, token, color, controller...). A
query reads the groups its description needs and never looks at the other objects.
Zone order is kept as an order key per object: increasing from the bottom of the zone
to its top, with room between keys so objects put on top or on the bottom get theirs
without renumbering the rest.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Generic, TypeVar

from tcgrules.kernel.characteristics import Characteristics, Value
from tcgrules.kernel.compute import Computed
from tcgrules.kernel.objects import GameObject, ObjectRef, ZoneKey
from tcgrules.kernel.zones import ZoneSpec

_K = TypeVar("_K")
_V = TypeVar("_V")

#: no zones (what a fork owns at first)
_NONE: frozenset[str] = frozenset()

#: the gap between the order keys of neighbouring objects after a renumbering
STEP = 1 << 20

# Group keys other than card types (which are lowercase words): each begins with "@".
#: tapped objects (mtg:701.26a)
TAPPED = "@tapped"
#: tokens (mtg:111.1)
TOKEN = "@token"
#: objects of one color: the color's name follows
COLOR = "@color:"
#: objects one player controls: the player's name follows
CONTROLLER = "@controller:"
#: objects with one keyword ability: the keyword's name follows
KEYWORD = "@keyword:"


@dataclass(frozen=True, slots=True)
class Seen:
    """One object as queries see it now: the object, its reference, current
    characteristics, controller and zone (an entry of the game's board index)."""

    obj: GameObject
    ref: ObjectRef
    chars: Characteristics
    controller: str | None
    zone: ZoneSpec


class _Gone:
    """Marks a key deleted in a top layer (the layer below may still hold it)."""


_GONE = _Gone()


class Layered(Generic[_K, _V]):
    """A map in two layers: a large base shared between forks, never changed once
    shared, and a small top layer of the changes made since, owned by one fork.

    A fork copies only the top layer; when that has grown to a good part of the base,
    the fork folds it into a new base of its own.
    """

    __slots__ = ("_base", "_over")

    def __init__(self, base: dict[_K, _V], over: dict[_K, _V | _Gone] | None = None) -> None:
        self._base = base
        self._over: dict[_K, _V | _Gone] = over if over is not None else {}

    def get(self, key: _K) -> _V | None:
        found = self._over.get(key)
        if found is None:
            return self._base.get(key)
        return None if isinstance(found, _Gone) else found

    def __getitem__(self, key: _K) -> _V:
        found = self.get(key)
        if found is None:
            raise KeyError(key)
        return found

    def getter(self) -> Callable[[_K], _V]:
        """The fastest lookup of present keys: the base's own while nothing is on top."""
        return self._base.__getitem__ if not self._over else self.__getitem__

    def __setitem__(self, key: _K, value: _V) -> None:
        self._over[key] = value
        self._settle()

    def __delitem__(self, key: _K) -> None:
        self._over[key] = _GONE
        self._settle()

    def _settle(self) -> None:
        """Fold a top layer grown to a good part of the base into a new base of this
        map's own (the old base, maybe shared, is left as it is)."""
        over = self._over
        if len(over) > 64 and len(over) * 4 > len(self._base):
            self._base = self.to_dict()
            self._over = {}

    def fork(self) -> Layered[_K, _V]:
        """An independent copy: shares the base, copies the top layer (or folds it in)."""
        if len(self._over) * 4 > len(self._base) + 64:
            return Layered(self.to_dict())
        return Layered(self._base, dict(self._over))

    def to_dict(self) -> dict[_K, _V]:
        merged = dict(self._base)
        for key, value in self._over.items():
            if isinstance(value, _Gone):
                merged.pop(key, None)
            else:
                merged[key] = value
        return merged


#: what the game gives the index for each zone when building it: the zone, whether it
#: is shared (filed in groups) and its entries, bottom first
ZoneEntries = tuple[ZoneKey, bool, Sequence[Seen]]
#: the group keys of an entry: its card types and the qualifiers the ruleset indexes
KeysOf = Callable[[Seen], Iterable[str]]


class Board:
    """The board index of one state of a game (see the module docstring).

    ``defined`` holds, for each object whose own text defines some of its values
    (:attr:`Ruleset.text_defined`, fab:2.9.2a), those values and its characteristics
    with them: they depend on the whole board, so an index holding any is rebuilt, not
    patched.
    """

    __slots__ = (
        "_mine",
        "defined",
        "ends",
        "entries",
        "everything",
        "groups",
        "lists",
        "order",
        "rows",
    )

    def __init__(
        self,
        entries: Layered[int, Seen],
        order: Layered[int, int],
        groups: dict[str, dict[str, tuple[int, ...]]],
        ends: dict[str, tuple[int, int]],
        defined: Mapping[int, tuple[Mapping[str, Value], Computed]],
    ) -> None:
        self.entries = entries
        #: order key of each object of a shared zone (zone order = key order)
        self.order = order
        #: shared zone name -> group key -> ids in zone order
        self.groups = groups
        #: shared zone name -> (a key below every key there, one above every key there)
        self.ends = ends
        #: per zone: the zone's ids when its row was made, and the row
        self.rows: dict[ZoneKey, tuple[tuple[int, ...], tuple[Seen, ...]]] = {}
        self.everything: tuple[Seen, ...] | None = None
        #: candidates :meth:`narrowest` found, until the index next changes
        self.lists: dict[tuple[str, frozenset[str] | None, Sequence[str]], tuple[Seen, ...]] = {}
        self.defined = defined
        #: zones whose group dict this board owns (the others are shared with a fork);
        #: a frozenset, replaced when it grows (a fork starts with the empty one, shared)
        self._mine: frozenset[str] = frozenset(groups)

    @classmethod
    def build(
        cls,
        zones: Iterable[ZoneEntries],
        keys_of: KeysOf,
        defined: Mapping[int, tuple[Mapping[str, Value], Computed]],
    ) -> Board:
        """An index built from scratch."""
        entries: dict[int, Seen] = {}
        order: dict[int, int] = {}
        groups: dict[str, dict[str, tuple[int, ...]]] = {}
        ends: dict[str, tuple[int, int]] = {}
        for key, shared, row in zones:
            for e in row:
                entries[e.obj.id] = e
            if shared:
                lists: dict[str, list[int]] = {}
                for n, e in enumerate(row, 1):
                    i = e.obj.id
                    order[i] = n * STEP
                    for k in keys_of(e):
                        lists.setdefault(k, []).append(i)
                groups[key.name] = {k: tuple(v) for k, v in lists.items()}
                ends[key.name] = (0, (len(row) + 1) * STEP)
        return cls(Layered(entries), Layered(order), groups, ends, defined)

    def fork(self) -> Board:
        """An independent copy for a game that is about to change (copy on write). The
        groups of each zone are shared until either board changes them: from now on
        neither owns them (the original may still be patched, for a game that has not
        changed since it was copied)."""
        board = Board(
            self.entries.fork(), self.order.fork(), dict(self.groups), dict(self.ends), self.defined
        )
        board._mine = _NONE
        self._mine = _NONE
        board.rows = dict(self.rows)
        board.everything = self.everything
        board.lists = dict(self.lists)
        return board

    # ------------------------------------------------------------------ reading
    def row(self, key: ZoneKey, ids: tuple[int, ...]) -> tuple[Seen, ...]:
        """The entries of one zone, bottom first (``ids``: the zone's ids now)."""
        found = self.rows.get(key)
        if found is not None and found[0] is ids:
            return found[1]
        get = self.entries.get
        row = tuple(get(i) for i in ids)
        self.rows[key] = (ids, row)  # type: ignore[assignment]
        return row  # type: ignore[return-value]

    def all(self, zones: Mapping[ZoneKey, tuple[int, ...]]) -> tuple[Seen, ...]:
        """Every entry, zone by zone."""
        if self.everything is None:
            self.everything = tuple(e for key, ids in zones.items() for e in self.row(key, ids))
        return self.everything

    def group(self, zone: str, key: str) -> tuple[int, ...]:
        """Ids of one group of a shared zone, in zone order."""
        return self.groups.get(zone, {}).get(key, ())

    def merged(self, zone: str, keys: Iterable[str]) -> list[Seen]:
        """Entries in any of several groups of a shared zone, in zone order, each once:
        the groups are merged by order key; no other object is looked at."""
        groups = self.groups.get(zone)
        if groups is None:
            return []
        get = self.entries.getter()
        found = [g for g in map(groups.get, keys) if g]
        if not found:
            return []
        if len(found) == 1:
            return list(map(get, found[0]))
        # each group is in zone order already: sorting their union by order key merges
        # them (in C; an object in two groups is there once)
        ids: set[int] = set().union(*found)
        return list(map(get, sorted(ids, key=self.order.getter())))

    def narrowest(
        self, zone: str, types: frozenset[str] | None, needs: Sequence[str]
    ) -> Sequence[Seen] | None:
        """Candidates for a description of a shared zone, in zone order: the objects of
        ``types`` (merged from their groups), or those of the smallest group every match
        is in (``needs``), whichever is fewer; None when neither narrows the zone. Some
        may not match (the description is checked on each): none that matches is left
        out. Kept until the index next changes, for a query asked again."""
        key = (zone, types, needs)
        found = self.lists.get(key)
        if found is not None:
            return found
        if not needs:
            if types is None:
                return None
            found = tuple(self.merged(zone, types))
        else:
            best = min((self.group(zone, k) for k in needs), key=len)
            if types is not None and len(best) >= sum(len(self.group(zone, t)) for t in types):
                found = tuple(self.merged(zone, types))
            else:
                found = tuple(map(self.entries.getter(), best))
        self.lists[key] = found
        return found

    # ----------------------------------------------------------------- patching
    def _groups_of(self, zone: str) -> dict[str, tuple[int, ...]]:
        if zone not in self._mine:
            self.groups[zone] = dict(self.groups.get(zone, {}))
            self._mine = self._mine | {zone}
        return self.groups[zone]

    def _file(self, zone: str, i: int, keys: Iterable[str]) -> None:
        groups = self._groups_of(zone)
        order = self.order.__getitem__
        at = order(i)
        for k in keys:
            g = groups.get(k, ())
            if not g or order(g[-1]) < at:
                groups[k] = (*g, i)
            else:
                p = bisect_left(g, at, key=order)
                groups[k] = (*g[:p], i, *g[p:])

    def _unfile(self, zone: str, i: int, keys: Iterable[str]) -> None:
        groups = self._groups_of(zone)
        order = self.order.__getitem__
        for k in keys:
            g = groups[k]
            p = len(g) - 1 if g[-1] == i else bisect_left(g, order(i), key=order)
            if len(g) == 1:
                del groups[k]
            else:
                groups[k] = (*g[:p], *g[p + 1 :])

    def patch(
        self,
        fresh: Mapping[int, Seen | None],
        zones: Mapping[ZoneKey, tuple[int, ...]],
        keys_of: KeysOf,
    ) -> None:
        """Bring the index up to date with the new entries of the objects a change
        touched (None: the object is gone); ``zones``: every zone's ids now."""
        entering: dict[ZoneKey, set[int]] = {}
        for i, new in fresh.items():
            old = self.entries.get(i)
            if (
                old is not None
                and new is not None
                and old.obj is new.obj
                and old.chars is new.chars
                and old.controller == new.controller
            ):
                continue  # nothing the index shows has changed
            if old is None and new is None:
                continue
            moved = (
                old is None
                or new is None
                or old.obj.zone != new.obj.zone
                or old.obj.incarnation != new.obj.incarnation
            )
            self.everything = None
            if self.lists:
                self.lists = {}
            if old is not None:
                self.rows.pop(old.obj.zone, None)
                if old.zone.shared:
                    zone = old.obj.zone.name
                    if moved:
                        self._unfile(zone, i, keys_of(old))
                        del self.order[i]
                    else:
                        was, now = set(keys_of(old)), set(keys_of(new))  # type: ignore[arg-type]
                        if was != now:
                            self._unfile(zone, i, was - now)
                            self._file(zone, i, now - was)
            if new is None:
                del self.entries[i]
                continue
            self.entries[i] = new
            if moved:
                self.rows.pop(new.obj.zone, None)
                if new.zone.shared:
                    entering.setdefault(new.obj.zone, set()).add(i)
        for key, ids in entering.items():
            self._enter(key, ids, zones[key], keys_of)

    def _enter(self, key: ZoneKey, new: set[int], ids: tuple[int, ...], keys_of: KeysOf) -> None:
        """Give objects that came into a shared zone their order keys and groups: on top or
        on the bottom without touching the others; elsewhere by renumbering the zone."""
        zone = key.name
        low, high = self.ends.get(zone, (0, STEP))
        m = len(new)
        if set(ids[len(ids) - m :]) == new:
            placed = [(i, high + n * STEP) for n, i in enumerate(ids[len(ids) - m :], 1)]
            self.ends[zone] = (low, high + m * STEP)
        elif set(ids[:m]) == new:
            placed = [(i, low - (m - n) * STEP) for n, i in enumerate(ids[:m])]
            self.ends[zone] = (low - (m + 1) * STEP, high)
        else:
            self._renumber(zone, ids, keys_of)
            return
        for i, at in placed:
            self.order[i] = at
            self._file(zone, i, keys_of(self.entries.get(i)))  # type: ignore[arg-type]

    def _renumber(self, zone: str, ids: tuple[int, ...], keys_of: KeysOf) -> None:
        """Order keys and groups of a whole shared zone, anew."""
        lists: dict[str, list[int]] = {}
        for n, i in enumerate(ids, 1):
            self.order[i] = n * STEP
            for k in keys_of(self.entries.get(i)):  # type: ignore[arg-type]
                lists.setdefault(k, []).append(i)
        self.groups[zone] = {k: tuple(v) for k, v in lists.items()}
        self._mine = self._mine | {zone}
        self.ends[zone] = (0, (len(ids) + 1) * STEP)

    # ---------------------------------------------------------------- checking
    def snapshot(self) -> tuple[object, ...]:
        """Everything the index answers, as plain values (tests compare a patched index
        with one built from scratch)."""
        entries = self.entries.to_dict()
        order = self.order.to_dict()
        groups = {z: g for z, g in self.groups.items() if g}
        # the zone order the keys give (not the keys themselves)
        ranks: dict[str, list[int]] = {}
        for i, e in entries.items():
            if e.zone.shared:
                ranks.setdefault(e.obj.zone.name, []).append(i)
        for ids in ranks.values():
            ids.sort(key=order.__getitem__)
        return entries, groups, ranks
