"""The game state: players, zones, objects, effects, the stack, and the event log.

Design (architecture promises 1, 3, 7):

- Objects are immutable; a change replaces the object in the game's tables.
- The tables are shared between copies: :meth:`Game.copy` shares them and marks both
  games as sharing. The large ones (the objects and their computed characteristics)
  are persistent maps (``immutables.Map``, a hash array mapped trie): a write makes a
  new map that shares all but a few nodes with the old one, so a copy's first write
  holds a few hundred bytes, not a copy of the table. The small ones are copied on
  the first write. A copy therefore costs a handful of attribute assignments, and a
  copy equals its original.
- A zone change gives the object a new incarnation (mtg:400.7). References to
  the old one go stale; what the object looked like as it left is kept as
  last-known information.
- :meth:`Game.transaction` snapshots the game (a cheap copy) and puts it back
  if the block raises, so a refused action leaves the game exactly as it was.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from contextlib import AbstractContextManager
from dataclasses import dataclass
from types import MappingProxyType, TracebackType
from typing import TYPE_CHECKING, Any, ClassVar, Literal, TypeVar, get_args

from immutables import Map

from tcgrules.carddata.model import CardDefinition
from tcgrules.cardtext.nodes import StaticAbility
from tcgrules.errors import (
    ArgumentError,
    InputError,
    RulesViolation,
    StaleReferenceError,
    UnknownObjectError,
)
from tcgrules.kernel.board import Board
from tcgrules.kernel.board import Seen as Seen  # noqa: PLC0414  (re-exported for rulesets)
from tcgrules.kernel.chance import RandomSource
from tcgrules.kernel.characteristics import Characteristics, Keyword, Value
from tcgrules.kernel.checks import (
    entity,
    expect,
    expect_bool,
    expect_int,
    expect_player,
    str_int_mapping,
)
from tcgrules.kernel.compute import Computed, apply_ops, unchanged
from tcgrules.kernel.concepts import Concept
from tcgrules.kernel.effects import (
    TURN_DURATIONS,
    ChangeCost,
    ContinuousEffect,
    CopyOf,
    Duration,
    Modify,
    Op,
    SetBase,
    Shield,
)
from tcgrules.kernel.events import Event, EventLog, new_event
from tcgrules.kernel.objects import (
    Entity,
    GameObject,
    ObjectKind,
    ObjectRef,
    PlayerRef,
    StackInfo,
    ZoneKey,
    changer,
    maker,
)
from tcgrules.kernel.objects import changed as replace  # dataclasses.replace, faster
from tcgrules.kernel.ruleset import Ruleset
from tcgrules.kernel.zones import ZoneSpec

if TYPE_CHECKING:
    from tcgrules.kernel.delayed import Delayed
    from tcgrules.kernel.targeting import LegalTargets
from tcgrules.rules import RuleRef
from tcgrules.verdict import Verdict


@dataclass(frozen=True, slots=True)
class PlayerState:
    """A player: name, life total (None where players have none), whether they lost."""

    name: str
    life: int | None = None
    lost: bool = False
    #: keyword abilities a player has (hexproof, shroud, protection; mtg:702.11c),
    #: each with its duration
    abilities: tuple[tuple[Keyword, Duration], ...] = ()
    #: the player tried to draw from an empty library or deck since state-based actions
    #: were last checked (mtg:121.4, mtg:704.5b); the ruleset decides what that does
    failed_draw: bool = False
    #: designations the player has, by the ruleset's word ("monarch", mtg:722.1)
    designations: frozenset[str] = frozenset()

    @property
    def keywords(self) -> tuple[Keyword, ...]:
        return tuple(k for k, _ in self.abilities)


_T = TypeVar("_T")
_MISSING = object()

#: the board while its index is being built (nothing is indexed yet)
_BUILDING = Board.build((), lambda e: (), MappingProxyType({}))


@dataclass(frozen=True, slots=True)
class Defender:
    """A card declared as defending for one attack target (see
    :func:`tcgrules.kernel.combat.defend`): the card where it defends, the target it
    defends, the player who defended with it, and the zone it came from (where a
    permanent goes back to when the combat ends, fab:7.7.5)."""

    card: ObjectRef
    target: Entity
    controller: str
    origin: ZoneKey


@dataclass(frozen=True, slots=True)
class AttackState:
    """The attack declared this turn (see :func:`tcgrules.kernel.combat.attack`): what
    attacks, who controls it, its attack targets, the objects that count as attacking
    and as defending while it lasts (the rest of the turn, or until the game's rules end
    it), the cards declared as defending (:func:`~tcgrules.kernel.combat.defend`), and
    whether its combat damage has been dealt (:func:`~tcgrules.kernel.combat.damage_step`)."""

    attacker: ObjectRef
    controller: str
    targets: tuple[Entity, ...]
    attacking: frozenset[int]
    defending: frozenset[int]
    turn: int
    defenders: tuple[Defender, ...] = ()
    damage_dealt: bool = False
    #: in a game where several objects attack in the same combat (Magic), each attacking
    #: object with what it attacks, in the order declared (empty: only ``attacker``)
    each_attacks: tuple[tuple[ObjectRef, Entity], ...] = ()
    #: ids of the objects taken out of the combat: they attack and defend no more, though
    #: what they did stays done (a creature they blocked stays blocked, mtg:509.1h)
    removed: frozenset[int] = frozenset()

    def defenders_of(self, target: Entity) -> tuple[Defender, ...]:
        """The cards declared as defending for ``target``, in the order declared."""
        return tuple(d for d in self.defenders if d.target == target)


@dataclass(frozen=True, slots=True)
class LastKnown:
    """An object as it last existed before it left its zone (mtg:608.2h, mtg:113.7a)."""

    object: GameObject
    characteristics: Characteristics
    controller: str | None


#: ``_known(obj, characteristics, controller)``: a LastKnown filled in as a draft
#: (:func:`~tcgrules.kernel.objects.maker`), from what a zone change kept (``_Left``)
_known: Callable[[GameObject, Characteristics, str | None], LastKnown] = maker(LastKnown)

#: what a game keeps of an object that left (``Game._lki``): the fields of its LastKnown,
#: in order
_Left = tuple[GameObject, Characteristics, str | None]


class _Transaction(AbstractContextManager["Game"]):
    """:meth:`Game.transaction`: a copy of the game as the block begins, put back if the
    block raises (a class rather than a generator: one is made for every action)."""

    __slots__ = ("_game", "_snapshot")

    def __init__(self, game: Game) -> None:
        self._game = game
        self._snapshot: Game | None = None

    def __enter__(self) -> Game:
        self._snapshot = self._game.copy()
        return self._game

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        if kind is not None and self._snapshot is not None:
            self._game._restore(self._snapshot)  # the exception goes on


def _without(ids: tuple[int, ...], object_id: int) -> tuple[int, ...]:
    """A zone's ids without one of them (which must be there)."""
    if ids[-1] == object_id:  # the top one: a spell leaving the stack, a card drawn
        return ids[:-1]
    i = ids.index(object_id)
    return ids[:i] + ids[i + 1 :]


def _placed(ids: tuple[int, ...], object_id: int, top: bool, below: int = 0) -> tuple[int, ...]:
    """A zone's ids (bottom first) with one more: on top, under the top ``below`` ones,
    or on the bottom (``top`` False, or fewer than ``below`` there)."""
    if not top or below >= len(ids):
        return (object_id, *ids)
    if not below:
        return (*ids, object_id)
    at = len(ids) - below
    return (*ids[:at], object_id, *ids[at:])


#: what a game may be asked to enforce: paying costs, and the timing of plays and
#: activations (:attr:`Game.enforced`; the scenario key ``enforce:``)
ENFORCEABLE: tuple[str, ...] = ("costs", "timing")


def _enforceable(enforce: Iterable[str]) -> frozenset[str]:
    """``enforce`` checked: a collection of names from :data:`ENFORCEABLE`."""
    if isinstance(enforce, str | bytes) or not isinstance(enforce, Iterable):
        raise ArgumentError("new_game()", "enforce", enforce, f"a list from {list(ENFORCEABLE)}")
    found = frozenset(enforce)
    for what in found:
        if what not in ENFORCEABLE:
            raise ArgumentError("new_game()", "enforce", what, f"one of {', '.join(ENFORCEABLE)}")
    return found


#: what add_effect takes
_OPS: tuple[type, ...] = get_args(Op)
_DURATIONS: tuple[str | None, ...] = (None, *get_args(get_args(Duration)[0]))

#: the kinds of object (``GameObject.kind``)
_KINDS: tuple[str, ...] = get_args(ObjectKind)

#: a number per game made (copies keep their original's): see ObjectRef.lineage
_LINEAGES = itertools.count(1)

#: the empty persistent map (shared: every write makes a new map)
_EMPTY: Map[Any, Any] = Map()

#: the counters of an object that has none (a new object, mtg:400.7)
_NONE_COUNTED: Mapping[str, int] = MappingProxyType({})

#: the object a moving object becomes (mtg:400.7): ``changed`` with these fields, compiled
#: for them (see :meth:`Game.move`); a new object has none of the old one's status,
#: damage, counters or attachment
_new_incarnation = changer(
    "incarnation",
    "zone",
    "controller",
    "timestamp",
    "stack",
    fixed={
        "tapped": False,
        "phased_out": False,
        "phased_indirectly": False,
        "damage": 0,
        "counters": _NONE_COUNTED,
        "attached_to": None,
        "life_change": 0,
    },
)

#: the sentence of a move that makes a new object, with its reason and without (the
#: reason is an argument of the template, not formatted into one on every move)
_MOVED_FOR = "{0.label} moves from {1} to {2} ({3}); it is a new object {4}"
_MOVED = "{0.label} moves from {1} to {2}; it is a new object {4}"

#: an object with more damage marked on it (:meth:`Game.mark_damage`): ``changed`` with
#: that one field, compiled for it
_damaged = changer("damage")

#: a stack object with its choices (:meth:`Game.set_stack_info`): ``changed`` with that
#: one field, compiled for it
_with_stack = changer("stack")


def _copy_dirty(dirty: set[int] | None) -> set[int] | None:
    return None if dirty is None else set(dirty)


@dataclass(frozen=True, slots=True)
class _Table:
    """One attribute of a game, and how copies, rollbacks and equality treat it."""

    name: str
    #: changed in place, so copied with this (the builtin ``dict`` or ``set``) before
    #: the first write after a copy; None: immutable, or only ever replaced whole (or,
    #: for the board index, forked by ``Game._own`` itself)
    own: type[dict[Any, Any]] | type[set[Any]] | None = None
    #: how ``==`` compares two games' values: by value, by type, or not at all
    compared: Literal["value", "type"] | None = "value"
    #: put back when a transaction is rolled back
    restored: bool = True
    #: handed to the copy by :meth:`Game.copy`
    shared: bool = True


#: Every attribute of a game, declared once. ``Game.__slots__``, :meth:`Game.copy`,
#: ``Game._own`` (copy on write), ``Game._state`` (equality) and ``Game._restore``
#: (rollback) are derived from this; a new table is one line here plus its starting
#: value in ``Game.__init__``. Equality compares the tables in this order.
_TABLES: tuple[_Table, ...] = (
    _Table("_ruleset", compared="type", restored=False),
    _Table("_players", own=dict),
    _Table("_objects"),  # persistent map (structural sharing): replaced on write
    _Table("_zones", own=dict),
    _Table("_effects", own=dict),
    _Table("_lki"),  # persistent map, like the objects: it grows with the game's history
    _Table("_events"),  # immutable: logging makes a new log
    _Table("_clock"),
    _Table("_next_id"),
    _Table("_next_effect"),
    _Table("_active"),
    _Table("_turn"),
    _Table("_attack"),  # the attack declared this turn, if any (immutable)
    _Table("_shields"),  # prevention/replacement shields waiting for an event (immutable)
    # objects an effect set aside until its source leaves the field (mtg:610.3):
    # source -> those objects
    _Table("_links", own=dict),
    # delayed triggered abilities waiting for their moment (immutable; kernel/delayed.py),
    # the turn whose end step has begun, extra turns to take (the next first) and the
    # turn order's place to come back to after them
    _Table("_delayed"),
    _Table("_ending"),
    _Table("_extra_turns"),
    _Table("_resume"),
    _Table("_random"),  # the seeded source of random results (immutable: kernel/chance.py)
    # which of the game's rules on costs and timing are checked (ENFORCEABLE; immutable)
    _Table("_enforced"),
    # bookkeeping, not part of what the game is: never compared
    # computed characteristics per object id (persistent map, like the objects)
    _Table("_cache", compared=None),
    # the board index (patched; forked first by a game that shares it) and what changed since it
    # was last brought up to date (None: everything)
    _Table("_board", compared=None),
    _Table("_dirty", compared=None),
    # whether the board index may be shared with another game (a copy, or the snapshot a
    # rollback put back): it is then forked before it is first patched. A copy and a
    # rollback set it on both games
    _Table("_board_shared", compared=None),
    _Table("_derived", compared=None),  # values worked out from the board, dropped likewise
    # ids of objects that print a static ability (what rulesets scan for board effects)
    _Table("_printed_statics", compared=None),
    # ids of objects whose printed static abilities change other objects' characteristics
    _Table("_board_reach", compared=None),
    # ids of objects with a static ability that applies only while a condition holds:
    # while there is one, every change drops the computed characteristics
    _Table("_rechecked", compared=None),
    _Table("_touched", own=set, compared=None),  # ids changed since state-based actions
    # while state-based actions are checked, the ids the pass under way looks at
    # (Game.check_state; None otherwise)
    _Table("_checking", compared=None),
    # whether a change may have reached every object's characteristics (the computed
    # characteristics dropped wholesale) since check_state's pass under way began
    _Table("_wiped", compared=None),
    _Table("_attachments", compared=None),  # whether anything has been attached
    # which game this is, shared with its copies: stamped on its objects' references
    _Table("_lineage", compared=None),
    # the copy-on-write flag itself: a copy and a rollback set it on both games
    _Table("_shared", compared=None, restored=False, shared=False),
)


def _derive(name: str, params: str, lines: Iterable[str], doc: str) -> Any:
    """A method of :class:`Game` compiled from source generated out of :data:`_TABLES`.

    Compiled once, at import, as :mod:`dataclasses` compiles ``__init__``: the
    method is exactly the hand-written assignments, where a loop of ``setattr`` over
    the names is about ten times slower (and :meth:`Game.copy` is on the hot path).
    The code runs in this module's namespace (``Game``, ``dict``, ``set``, ``type``).
    """
    body = "".join(f"\n    {line}" for line in lines)
    namespace: dict[str, Any] = {}
    exec(f"def {name}(self{params}):{body}\n", globals(), namespace)
    method = namespace[name]
    method.__qualname__ = f"Game.{name}"
    method.__doc__ = doc
    return method


class Game:
    """One game of one ruleset. See the module docstring for the design.

    Every change takes ``rule_applied``, the rule the change carries out, for the event
    log; ``None`` marks a change made directly (a scenario's ``do:``, a test fixture),
    which cites no rule.
    """

    __slots__ = tuple(t.name for t in _TABLES)

    def __init__(
        self, ruleset: Ruleset, players: Sequence[str], *, enforce: Iterable[str] = ()
    ) -> None:
        if isinstance(players, str | bytes) or not isinstance(players, Sequence | set):
            raise ArgumentError(
                "new_game()", "players", players, "a list of player names, e.g. ['Alice', 'Bob']"
            )
        for i, p in enumerate(players):
            if not isinstance(p, str) or not p.strip():
                raise ArgumentError("new_game()", f"players[{i}]", p, "a player's name")
        names = list(players)
        if not names:
            raise InputError("a game needs at least one player", expected="a list of names")
        if len(set(names)) != len(names):
            raise InputError(f"player names must differ: {names}")
        self._ruleset = ruleset
        self._players: dict[str, PlayerState] = {
            n: PlayerState(n, ruleset.starting_life) for n in names
        }
        self._objects: Map[int, GameObject] = Map()
        self._zones: dict[ZoneKey, tuple[int, ...]] = {}
        for spec in ruleset.zones:
            if spec.shared:
                self._zones[ZoneKey(spec.name)] = ()
            else:
                for n in names:
                    self._zones[ZoneKey(spec.name, n)] = ()
        self._effects: dict[int, tuple[ContinuousEffect, ...]] = {}
        #: last-known information of each object that left (mtg:608.2h): the fields of
        #: its LastKnown, made into one only when read (most never are)
        self._lki: Map[ObjectRef, _Left] = _EMPTY
        self._events = EventLog()
        self._clock = 0
        self._next_id = 1
        self._next_effect = 1
        self._active = 0
        self._turn = 1
        self._shared = False
        self._cache: Map[int, Computed] = _EMPTY
        self._board: Board | None = None
        self._board_shared = False
        self._dirty: set[int] | None = None
        self._derived: dict[object, object] | None = None
        self._printed_statics: frozenset[int] = frozenset()
        self._board_reach: frozenset[int] = frozenset()
        self._rechecked: frozenset[int] = frozenset()
        #: ids of objects changed since state-based actions were last checked
        self._touched: set[int] = set()
        self._checking: set[int] | None = None
        self._wiped = False
        self._attachments = False
        self._attack: AttackState | None = None
        self._shields: tuple[Shield, ...] = ()
        self._links: dict[ObjectRef, tuple[ObjectRef, ...]] = {}
        self._lineage = next(_LINEAGES)
        self._delayed: tuple[Delayed, ...] = ()
        self._ending = 0
        self._extra_turns: tuple[str, ...] = ()
        self._resume: int | None = None
        self._random = RandomSource()
        self._enforced = _enforceable(enforce)

    # ------------------------------------------------------------ copy, equality
    # Derived from _TABLES (see _derive): only the board index and the sharing flag,
    # which have roles of their own, are named here.
    copy: ClassVar[Callable[[Game], Game]] = _derive(
        "copy",
        "",
        [
            "new = Game.__new__(Game)",
            *(f"new.{t.name} = self.{t.name}" for t in _TABLES if t.shared),
            "new._shared = True",
            "self._shared = True",
            "new._board_shared = True",
            "self._board_shared = True",
            "return new",
        ],
        "An exact, independent copy (equal to this game; changing one never changes the other).",
    )

    _own: ClassVar[Callable[[Game], None]] = _derive(
        "_own",
        "",
        [
            "self._derived = None",
            "if self._rechecked:",
            "    self._cache = _EMPTY",
            "    self._dirty = None  # a condition of a static ability may change with anything",
            "    self._wiped = True",
            "if self._board is not None and self._board.defined:",
            "    self._dirty = None  # values defined by text depend on the whole board",
            "    self._wiped = True",
            "if self._shared:",
            *(
                f"    self.{t.name} = {t.own.__name__}(self.{t.name})"
                for t in _TABLES
                if t.own is not None
            ),
            "    self._dirty = _copy_dirty(self._dirty)",
            "    self._shared = False",
        ],
        "Take private copies of the shared tables before the first write.\n\n"
        "Every change passes through here, so it also forgets values derived from the board.",
    )

    _state: ClassVar[Callable[[Game], tuple[object, ...]]] = _derive(
        "_state",
        "",
        [
            "return (",
            *(
                f"    type(self.{t.name})," if t.compared == "type" else f"    self.{t.name},"
                for t in _TABLES
                if t.compared
            ),
            ")",
        ],
        "What makes two games equal: every compared table.",
    )

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Game):
            return NotImplemented
        return self is other or self._state() == other._state()

    __hash__ = None  # type: ignore[assignment]  # mutable: not hashable

    _restore: ClassVar[Callable[[Game, Game], None]] = _derive(
        "_restore",
        ", snapshot",
        [
            *(f"self.{t.name} = snapshot.{t.name}" for t in _TABLES if t.restored),
            "self._shared = True",
            "snapshot._shared = True",
            "self._board_shared = True",
            "snapshot._board_shared = True",
        ],
        "Put back every restored table from ``snapshot`` (a copy of this game).",
    )

    def transaction(self) -> AbstractContextManager[Game]:
        """All-or-nothing: if the block raises, the game is put back exactly as it was
        (architecture promise 3; mtg:601.2 and GA activation rules revert illegal actions)."""
        return _Transaction(self)

    # ------------------------------------------------------------------- basics
    @property
    def ruleset(self) -> Ruleset:
        return self._ruleset

    @property
    def players(self) -> tuple[str, ...]:
        return tuple(self._players)

    def player(self, name: str) -> PlayerState:
        try:
            return self._players[name]
        except TypeError:
            raise ArgumentError(
                "game.player()", "name", name, f"a player's name, one of {', '.join(self._players)}"
            ) from None
        except KeyError:
            raise UnknownObjectError(
                f"no player {name!r}; players: {', '.join(self._players)}"
            ) from None

    def player_states(self) -> tuple[PlayerState, ...]:
        """Every player's state, in turn order (:attr:`players`), with no name looked up."""
        return tuple(self._players.values())

    @property
    def active_player(self) -> str:
        """The player whose turn it is (the first listed at the start)."""
        return self.players[self._active]

    @property
    def turn(self) -> int:
        return self._turn

    @property
    def enforced(self) -> frozenset[str]:
        """Which of the game's rules about paying costs (``"costs"``) and about when a card
        may be played or an ability activated (``"timing"``) are checked; by default
        neither is, and a player may do either at any time without paying (a judge's
        scenario sets up exactly the moment it is about). See :data:`ENFORCEABLE`."""
        return self._enforced

    def random(self, outcomes: int) -> int:
        """One of ``outcomes`` equally likely results (``0 .. outcomes - 1``) from the
        game's seeded source (kernel/chance.py): copies of the game draw the same ones."""
        result, self._random = self._random.draw(outcomes)
        return result

    def seed(self, seed: int) -> None:
        """Start the game's random source again from ``seed``."""
        self._random = RandomSource(seed)

    def opponents(self, name: str) -> tuple[str, ...]:
        self.player(name)
        return tuple(p for p in self._players if p != name)

    @property
    def events(self) -> EventLog:
        return self._events

    def log(self, event: Event) -> None:
        """Append an event to the log."""
        self._events = self._events.add(event)

    def _tick(self) -> int:
        self._clock += 1
        return self._clock

    # ------------------------------------------------------------------ objects
    def is_current(self, ref: ObjectRef) -> bool:
        """True if ``ref`` still names an existing object (it has not changed zones since)."""
        try:
            obj = self._objects.get(ref.id)
        except AttributeError:
            raise ArgumentError("game.is_current()", "ref", ref, "an ObjectRef") from None
        return obj is not None and obj.incarnation == ref.incarnation

    def get(self, ref: ObjectRef) -> GameObject:
        """The object ``ref`` names; StaleReferenceError if it has become a new object."""
        try:
            obj = self._objects.get(ref.id)
        except AttributeError:
            raise ArgumentError(
                "game", "ref", ref, "an ObjectRef, as game.create or game.move return it"
            ) from None
        if obj is not None and obj.ref is ref:
            return obj  # the object's own reference: this incarnation, made by this game
        if ref.lineage != self._lineage and ref.lineage:
            raise UnknownObjectError(
                f"{ref} is a reference to an object of another game, not of this one"
            )
        if obj is None:
            if ref in self._lki:
                raise StaleReferenceError(
                    f"{ref} no longer exists ({self._ruleset.cite(Concept.NEW_OBJECT)})"
                )
            raise UnknownObjectError(f"no object {ref}")
        if obj.incarnation != ref.incarnation:
            raise StaleReferenceError(
                f"{ref} left its zone and is now the new object {obj.ref} "
                f"({self._ruleset.cite(Concept.NEW_OBJECT)})"
            )
        return obj

    def current(self, object_id: int) -> GameObject:
        """The current incarnation of the object with this id."""
        try:
            return self._objects[object_id]
        except KeyError:
            raise UnknownObjectError(f"no object with id {object_id}") from None
        except TypeError:
            raise ArgumentError("game.current()", "object_id", object_id, "an object id") from None

    def last_known(self, ref: ObjectRef) -> LastKnown:
        """Last-known information: the object as it was when it left its zone, or now."""
        if self.is_current(ref):
            obj = self._objects[ref.id]
            computed = self._computed(obj)
            return _known(obj, computed.characteristics, self._controller_of(obj, computed))
        try:
            return _known(*self._lki[ref])
        except KeyError:
            raise UnknownObjectError(f"no last-known information for {ref}") from None

    def objects(self) -> Iterator[GameObject]:
        """Every object that exists now."""
        return iter(self._in_creation_order())

    def _in_creation_order(self) -> list[GameObject]:
        """Every object, in creation order (ids only grow; a persistent map has no order)."""
        objects = self._objects
        return [objects[i] for i in sorted(objects.keys())]

    def zone(self, name: str, player: str | None = None) -> tuple[ObjectRef, ...]:
        """The objects in a zone, bottom first (the top of a library or the stack is last)."""
        objects = self._objects
        return tuple([objects[i].ref for i in self._zones[self.zone_key(name, player)]])

    def zone_key(self, name: str, player: str | None = None) -> ZoneKey:
        spec = self._ruleset.zone_spec(name)
        if spec.shared:
            return ZoneKey(spec.name)
        if player is None:
            raise InputError(f"the {spec.name} zone belongs to a player", expected="a player")
        self.player(player)
        return ZoneKey(spec.name, player)

    def zone_spec(self, ref: ObjectRef) -> ZoneSpec:
        return self._ruleset.zone_spec(self.get(ref).zone.name)

    @property
    def stack(self) -> tuple[ObjectRef, ...]:
        """The stack, top first."""
        return tuple(reversed(self.zone(self._ruleset.stack_zone)))

    def top_of_stack(self) -> GameObject | None:
        """The object on top of the stack (the first :attr:`stack` names), or None if the
        stack is empty; read from the zone's ids, with no tuple of references built."""
        ids = self._zones[self.zone_key(self._ruleset.stack_zone)]
        return self._objects[ids[-1]] if ids else None

    def battlefield(self) -> tuple[ObjectRef, ...]:
        return self.zone(self._ruleset.battlefield)

    # -------------------------------------------------------------- board index
    def _index(self) -> Board:
        """The board index, brought up to date: patched where only some objects changed
        since it was last used (:meth:`Board.patch`), built again where that can't be
        told object by object (an object whose static abilities reach other objects
        changed, a shared zone was reordered, or some object's own text defines values).

        Values an object's own text defines (fab:2.9.2a) are worked out in rounds: first
        every object is indexed with its printed symbols; then the ruleset reads each such
        value through the index of the round before, and the index is built again with
        them, until no value changes. A value that reads another such value (the
        greatest base {p} among attacks, one of them defined by its own text) so gets the
        other's number a round later; two that only read each other never get one.
        """
        board = self._board
        dirty = self._dirty
        if board is _BUILDING:
            return board  # asked while being built: nothing is indexed yet
        if board is not None and dirty is not None:
            if not dirty:
                return board
            if not board.defined:
                if self._board_shared:  # patch this game's own copy of it, not the shared one
                    board = self._board = board.fork()
                    self._board_shared = False
                if self._patch(board, dirty):
                    return board
        self._board = _BUILDING
        self._dirty = set()
        try:
            board = self._build_index({})
            pending = [e.obj for e in board.all(self._zones) if self._defines(e.obj)]
            defined: dict[int, tuple[Mapping[str, Value], Computed]] = {}
            for _ in range(len(pending) + 1 if pending else 0):
                self._board = board
                found: dict[int, tuple[Mapping[str, Value], Computed]] = {}
                for obj in pending:
                    values = self._ruleset.defined_values(self, obj)
                    found[obj.id] = (values, self._apply(obj, obj.base.with_values(**values)))
                settled = all(i in defined and defined[i][0] == v for i, (v, _) in found.items())
                defined = found
                board = self._build_index(defined)
                if settled:
                    break
        except BaseException:
            self._board = None
            self._dirty = None
            raise
        self._board = board
        self._board_shared = False
        self._dirty = set()
        return board

    def _patch(self, board: Board, dirty: set[int]) -> bool:
        """Patch the index with the new entries of the objects changed since it was last
        used; False (nothing done) where one of them defines values by its own text."""
        fresh: dict[int, Seen | None] = {}
        objects = self._objects
        for i in dirty:
            obj = objects.get(i)
            if obj is None:
                fresh[i] = None
                continue
            if self._defines(obj):
                return False
            fresh[i] = self._seen_of(obj)
        board.patch(fresh, self._zones, self._ruleset.index_keys)
        self._dirty = set()
        return True

    def _seen_of(self, obj: GameObject) -> Seen:
        """The index entry of an object that defines no value by its own text."""
        computed = self._cache.get(obj.id) or self._computed(obj)
        return Seen(
            obj,
            obj.ref,
            computed.characteristics,
            self._controller_of(obj, computed),
            self._ruleset.zone_spec(obj.zone.name),
        )

    def _build_index(self, defined: dict[int, tuple[Mapping[str, Value], Computed]]) -> Board:
        spec_of = self._ruleset.zone_spec
        zones = []
        for key, ids in self._zones.items():
            spec = spec_of(key.name)
            entries = []
            for i in ids:
                obj = self._objects[i]
                computed = self._cache.get(i)
                if computed is None:
                    found = defined.get(i) if defined else None
                    if found is not None:
                        computed = found[1]
                    elif self._defines(obj):
                        computed = self._apply(obj, obj.base)  # printed symbols, for now
                    else:
                        computed = self._computed(obj)
                controller = self._controller_of(obj, computed)
                entries.append(Seen(obj, obj.ref, computed.characteristics, controller, spec))
            zones.append((key, spec.shared, entries))
        return Board.build(zones, self._ruleset.index_keys, MappingProxyType(defined))

    def rebuilt_index(self) -> Board:
        """A board index built from scratch for the game as it is now, leaving the game's
        own alone (tests check that the patched index always equals it)."""
        board, dirty, shared = self._board, self._dirty, self._board_shared
        self._board, self._dirty = None, None
        try:
            return self._index()
        finally:
            self._board, self._dirty, self._board_shared = board, dirty, shared

    def board_index(self) -> Board:
        """The game's board index, up to date."""
        return self._index()

    def derived(self, key: object, compute: Callable[[Game], _T]) -> _T:
        """A value worked out from the whole board, once per state of the game: any change
        to the game forgets it (a ruleset's static effects on the battlefield, say).
        ``key`` names the value; ``compute`` makes it."""
        cache = self._derived
        if cache is None:
            cache = self._derived = {}
        found = cache.get(key, _MISSING)
        if found is _MISSING:
            found = compute(self)
            if self._derived is cache:  # computing it changed nothing
                cache[key] = found
        return found  # type: ignore[return-value]

    def may_print_statics(self) -> bool:
        """False when no object of the game prints a static ability (then
        :meth:`printed_statics` is empty); a cheap guard, without a pass over them."""
        return bool(self._printed_statics)

    def printed_statics(self) -> Iterator[GameObject]:
        """The objects whose printed characteristics have a static ability (the only ones
        whose static abilities can reach other objects, as no effect here grants one)."""
        objects = self._objects
        return (objects[i] for i in self._printed_statics if i in objects)

    def seen(self, zone: str, player: str | None = None) -> tuple[Seen, ...]:
        """Index entries of one zone, bottom first."""
        key = self.zone_key(zone, player)
        board = self._index()
        if board is _BUILDING:
            return ()
        return board.row(key, self._zones[key])

    def seen_of_types(self, zone: str, types: frozenset[str]) -> list[Seen]:
        """Entries of a shared zone having at least one of ``types``, in zone order;
        objects of other types are never looked at (the per-type groups of the index
        are merged in zone order)."""
        return self._index().merged(self._ruleset.zone_spec(zone).name, types)

    def seen_narrowest(
        self, zone: str, types: frozenset[str] | None, needs: Sequence[str]
    ) -> Sequence[Seen] | None:
        """Candidates for a description of a shared zone, in zone order: the entries of
        ``types``, or of the smallest index group of ``needs`` (each a key of
        :meth:`Ruleset.index_keys`), whichever is fewer; None if neither narrows it
        (see :meth:`Board.narrowest`). Each must still be checked against the description."""
        return self._index().narrowest(self._ruleset.zone_spec(zone).name, types, needs)

    def seen_everything(self) -> tuple[Seen, ...]:
        return self._index().all(self._zones)

    def seen_object(self, ref: ObjectRef) -> Seen:
        """The index entry of one current object: the board index's own while nothing has
        changed the object since the index was last brought up to date (a change to it
        marks it, one that may reach any object forgets what changed: :meth:`_mark`,
        :meth:`_invalidate`), else made now as the index would make it."""
        obj = self.get(ref)
        board, dirty = self._board, self._dirty
        if board is not None and dirty is not None and obj.id not in dirty:
            found = board.entries.get(obj.id)
            if found is not None and found.obj is obj:
                return found
        computed = self._computed(obj)
        return Seen(
            obj,
            ref,
            computed.characteristics,
            self._controller_of(obj, computed),
            self._ruleset.zone_spec(obj.zone.name),
        )

    # ---------------------------------------------------------- characteristics
    def _defines(self, obj: GameObject) -> bool:
        """Whether ``obj`` prints a value that its own text defines (fab:2.9.2a)."""
        props = self._ruleset.text_defined
        if not props:
            return False
        values = obj.base.values
        return any(isinstance(values.get(p), str) for p in props)

    def _defined(self, obj: GameObject) -> tuple[Mapping[str, Value], Computed] | None:
        """The values ``obj``'s text defines and its characteristics with them, from the
        board index; None while the index is being built (the printed symbols then)."""
        board = self._board if self._board is _BUILDING else self._index()
        return board.defined.get(obj.id)

    def _computed(self, obj: GameObject) -> Computed:
        cached = self._cache.get(obj.id)
        if cached is not None:
            return cached
        if self._defines(obj):  # depends on the board: never cached across changes
            found = self._defined(obj)
            return found[1] if found is not None else self._apply(obj, obj.base)
        result = self._apply(obj, obj.base)
        self._cache = self._cache.set(obj.id, result)
        return result

    def _apply(self, obj: GameObject, base: Characteristics) -> Computed:
        """``base`` with every effect, counter and attachment on ``obj`` applied in order."""
        keyed: list[tuple[tuple[int, ...], int, Op]] = []
        order = self._ruleset.order_key
        for effect in self._effects.get(obj.id, ()):
            # a cost change is applied while paying, not to the cost property (fab:2.2.4a)
            if effect.affected.incarnation == obj.incarnation and not isinstance(
                effect.op, ChangeCost
            ):
                keyed.append((order(effect.op), effect.timestamp, effect.op))
        if obj.counters:
            for key, op in self._ruleset.counter_ops(obj.counters):
                keyed.append((key, obj.timestamp, op))
        if self._attachments:
            ref = obj.ref
            for other in self._in_creation_order():
                if other.attached_to == ref and not other.phased_out:
                    for key, op in self._ruleset.attached_ops(self, other):
                        keyed.append((key, other.timestamp, op))
        if keyed:
            keyed.sort(key=lambda k: (k[0], k[1]))
        if self._board_reach:

            def partial() -> tuple[Characteristics, str | None]:
                found = self._apply_ops(base, obj.controller, (k[2] for k in keyed))
                return found.characteristics, self._controller_of(obj, found)

            board = self._ruleset.board_ops(self, obj, partial)
            if board:
                keyed.extend(board)
                keyed.sort(key=lambda k: (k[0], k[1]))
        if not keyed:  # nothing applies (the usual object): its printed values, if settled
            found = unchanged(base, obj.controller, self._ruleset.floored_properties)
            if found is not None:
                return found
        return self._apply_ops(base, obj.controller, (k[2] for k in keyed))

    def _base_computed(self, obj: GameObject) -> Computed:
        """Only the effects that set base or copiable values (fab:2.0.3a, mtg:613.2); a
        value the object's text defines is a base value (fab:2.9.2a)."""
        base = obj.base
        if self._defines(obj):
            found = self._defined(obj)
            if found is not None:
                base = base.with_values(**found[0])
        ops = sorted(
            (
                (self._ruleset.order_key(e.op), e.timestamp, e.op)
                for e in self._effects.get(obj.id, ())
                if e.affected.incarnation == obj.incarnation and isinstance(e.op, CopyOf | SetBase)
            ),
            key=lambda k: (k[0], k[1]),
        )
        return self._apply_ops(base, obj.controller, (k[2] for k in ops))

    def _apply_ops(
        self, base: Characteristics, controller: str | None, ops: Iterable[Op]
    ) -> Computed:
        """:func:`apply_ops` under this game's ruleset policies."""
        rs = self._ruleset
        return apply_ops(
            base,
            controller,
            ops,
            floor_zero=rs.numeric_floor_zero,
            floored=rs.floored_properties,
            removal_spares_granted=rs.removal_spares_granted,
            kept_by_copy=rs.kept_by_copy,
            removal_covers_qualified=rs.removal_covers_qualified,
            type_setting_clears_supertypes=rs.type_setting_clears_supertypes,
        )

    def copiable_characteristics(self, ref: ObjectRef) -> Characteristics:
        """Copiable values: printed values as modified by copy effects only (mtg:707.2)."""
        obj = self.get(ref)
        ops = [e.op for e in self.effects_on(ref) if isinstance(e.op, CopyOf)]
        return self._apply_ops(obj.base, obj.controller, ops).characteristics

    def characteristics(self, ref: ObjectRef) -> Characteristics:
        """Current characteristics: printed values with every effect and counter applied."""
        obj = self.get(ref)
        return (self._cache.get(obj.id) or self._computed(obj)).characteristics

    def computed(self, ref: ObjectRef) -> Computed:
        """Characteristics plus which numeric properties increased or decreased (fab:2.0.3b)."""
        return self._computed(self.get(ref))

    def base_characteristics(self, ref: ObjectRef) -> Characteristics:
        """Printed or set-base values, before modifications and counters."""
        return self._base_computed(self.get(ref)).characteristics

    def _controller_of(self, obj: GameObject, computed: Computed) -> str | None:
        if obj.kind == "emblem":
            return obj.controller  # the player who put it in the command zone (mtg:109.4c)
        if not self._ruleset.controls_in(obj.zone.name):
            return None
        return computed.controller or obj.owner

    def controller(self, ref: ObjectRef) -> str | None:
        """The controller, or None where objects have none (mtg:109.4, fab:1.3.1b)."""
        obj = self.get(ref)
        return self._controller_of(obj, self._cache.get(obj.id) or self._computed(obj))

    def effects_on(self, ref: ObjectRef) -> tuple[ContinuousEffect, ...]:
        obj = self.get(ref)
        return tuple(
            e for e in self._effects.get(obj.id, ()) if e.affected.incarnation == obj.incarnation
        )

    def _mark(self, object_id: int) -> None:
        """Note that an object changed: for state-based actions (:meth:`touched`) and for
        the board index, which patches its entry when next used."""
        self._touched.add(object_id)
        dirty = self._dirty
        if dirty is not None:
            dirty.add(object_id)

    def _invalidate(self, object_id: int) -> None:
        """Forget an object's characteristics (and those it gives its host, or every
        object's if its static abilities reach other objects). Part of a change: called
        after :meth:`_own`, as every change begins."""
        self._mark(object_id)
        if self._attachments:
            obj = self._objects.get(object_id)
            host = obj.attached_to if obj is not None else None
            if isinstance(host, ObjectRef) and host.id != object_id:
                self._invalidate(host.id)  # what it gives its host may have changed
        if object_id in self._board_reach:
            self._cache = _EMPTY  # what it gives other objects may have changed
            self._dirty = None  # so every entry of the index may have
            self._wiped = True
        elif object_id in self._cache:
            self._cache = self._cache.delete(object_id)

    def _replace(self, obj: GameObject, *, characteristics_changed: bool = False) -> None:
        self._own()
        self._objects = self._objects.set(obj.id, obj)
        if characteristics_changed:
            self._invalidate(obj.id)  # marks it too
        else:
            self._mark(obj.id)

    # ----------------------------------------------------------------- creating
    def create(
        self,
        card: CardDefinition | Characteristics,
        owner: str,
        zone: str,
        *,
        kind: ObjectKind = "card",
        alias: str | None = None,
        controller: str | None = None,
        tapped: bool = False,
        damage: int = 0,
        counters: Mapping[str, int] | None = None,
        stack: StackInfo | None = None,
        copy_of: ObjectRef | None = None,
        top: bool = True,
    ) -> ObjectRef:
        """Put a new object into a zone (a card at setup, a token, a copy, an ability).

        ``card`` is a card of this game (``tcgrules.bundled_card``, ``pool_card``, a
        ``CardDefinition``) or characteristics made for a token or an ability."""
        where = "game.create()"
        if not isinstance(card, CardDefinition | Characteristics):
            hint = (
                f", e.g. tcgrules.bundled_card({self._ruleset.name!r}, {card!r})"
                if isinstance(card, str)
                else ""
            )
            raise ArgumentError(where, "card", card, f"a CardDefinition or Characteristics{hint}")
        if isinstance(card, CardDefinition) and card.game != self._ruleset.name:
            raise ArgumentError(
                where, "card", card, f"a card of {self._ruleset.title} ({self._ruleset.name!r})"
            )
        expect_player(self, where, "owner", owner)
        if controller is not None:
            expect_player(self, where, "controller", controller)
        expect(where, "zone", zone, str, "a zone name")
        if kind not in _KINDS:
            raise ArgumentError(where, "kind", kind, f"one of {', '.join(_KINDS)}")
        expect(where, "alias", alias, str | None, "a name or None")
        expect_bool(where, "tapped", tapped)
        expect_bool(where, "top", top)
        expect_int(where, "damage", damage, minimum=0)
        if counters is not None:
            str_int_mapping(where, "counters", counters)
            for named in counters:
                self._counter_kind(where, named)
        expect(where, "stack", stack, StackInfo | None, "StackInfo or None")
        expect(where, "copy_of", copy_of, ObjectRef | None, "an ObjectRef or None")
        spec = self._ruleset.zone_spec(zone)
        key = ZoneKey(spec.name) if spec.shared else ZoneKey(spec.name, owner)
        if isinstance(card, CardDefinition):
            base = self._ruleset.characteristics_of(card)
            definition: CardDefinition | None = card
            if kind == "card" and self._ruleset.printed_token(card):
                kind = "token"
        else:
            base, definition = card, None
        self._own()
        obj = GameObject(
            id=self._next_id,
            incarnation=1,
            kind=kind,
            owner=owner,
            zone=key,
            base=base,
            controller=(controller or owner)
            if kind == "emblem" or self._ruleset.has_controller_in(spec)
            else None,
            card=definition,
            alias=alias,
            tapped=tapped,
            damage=damage,
            counters=MappingProxyType(dict(counters)) if counters else MappingProxyType({}),
            timestamp=self._tick(),
            stack=stack,
            copy_of=copy_of,
            lineage=self._lineage,
        )
        self._next_id += 1
        self._objects = self._objects.set(obj.id, obj)
        if any(isinstance(a, StaticAbility) for a in base.abilities):
            self._printed_statics = self._printed_statics | {obj.id}
            if self._ruleset.rechecks(base):
                self._rechecked = self._rechecked | {obj.id}
                self._board_reach = self._board_reach | {obj.id}
            if self._ruleset.reaches_board(base):
                self._board_reach = self._board_reach | {obj.id}
                self._cache = _EMPTY  # every object may have what it gives now
                self._dirty = None
                self._wiped = True
        self._mark(obj.id)
        ids = self._zones[key]
        self._zones[key] = (*ids, obj.id) if top else (obj.id, *ids)
        if spec.objects_are_permanents:
            self._ruleset.entered(self, obj.ref)
        return obj.ref

    # ------------------------------------------------------------------- moving
    def move(
        self,
        ref: ObjectRef,
        zone: str,
        *,
        player: str | None = None,
        top: bool = True,
        below: int = 0,
        controller: str | None = None,
        stack: StackInfo | None = None,
        rule_applied: RuleRef | None = None,
        reason: str = "",
    ) -> ObjectRef:
        """Move an object to another zone; it becomes a new object (mtg:400.7).

        Per-player zones default to the owner's (mtg:400.3). In an ordered zone it goes
        on top, or under the top ``below`` objects, or on the bottom (``top`` False, or
        when the zone holds ``below`` or fewer). Returns the new object's reference;
        ``ref`` is stale afterwards and its last-known information is kept.
        """
        if type(zone) is not str or (player is not None and type(player) is not str):
            expect("game.move()", "zone", zone, str, "a zone name")
            expect_player(self, "game.move()", "player", player)
        if top is not True or below:
            expect_bool("game.move()", "top", top)
            expect_int("game.move()", "below", below, minimum=0)
        obj = self.get(ref)
        rs = self._ruleset
        spec, key, change = rs.route(obj.zone, zone, player or obj.owner)
        instead = rs.replace_move(self, obj, spec) if change.replaceable else None
        if instead is not None:  # the game's rules send it elsewhere (a replacement)
            zone, rule_applied = instead
            spec, key, change = rs.route(obj.zone, zone, obj.owner)
            reason = f"{reason}; instead to {spec.name}" if reason else f"instead to {spec.name}"
        if key not in self._zones:
            raise InputError(f"no zone {key}")
        fresh = change.fresh
        # last-known information, as it was in the zone it leaves (mtg:608.2h): only an
        # object that becomes a new one leaves any
        computed = (self._cache.get(obj.id) or self._computed(obj)) if fresh else None
        if self._attachments:
            self._own()
            if isinstance(obj.attached_to, ObjectRef):
                self._invalidate(obj.attached_to.id)  # its host loses what it gave
            for other in self._objects.values():
                if other.attached_to is not None and other.attached_to == ref:
                    self._touched.add(other.id)
        self._own()
        zones = self._zones
        if computed is not None:
            was = self._controller_of(obj, computed)
            self._lki = self._lki.set(ref, (obj, computed.characteristics, was))
        zones[obj.zone] = _without(zones[obj.zone], obj.id)
        data = MappingProxyType({"from": obj.zone.name, "to": key.name, "old": ref})
        rule_applied = rule_applied or rs.cite(Concept.NEW_OBJECT)
        if not fresh:
            # same object in a new zone (fab:3.0.9): keeps its status and effects
            keep = replace(
                obj,
                zone=key,
                controller=(controller or obj.controller or obj.owner)
                if change.controlled
                else None,
                stack=stack,
            )
            self._objects = self._objects.set(obj.id, keep)
            zones[key] = _placed(zones[key], obj.id, top, below)
            self._invalidate(obj.id)
            self.log(
                new_event(
                    "moved",
                    "{0.label} moves from {1} to {2}; it stays the same object",
                    rule_applied,
                    keep.ref,
                    None,
                    data,
                    (obj, obj.zone, key),
                )
            )
            if change.leaves:
                rs.left(self, ref, keep.ref)
            return keep.ref
        whole = obj.card.side_of if obj.card is not None else None
        if whole is not None:  # a side played from a split card is the whole card again
            obj = replace(obj, card=whole, base=rs.characteristics_of(whole))
        self._clock += 1  # a new object gets the next timestamp (mtg:613.7d)
        new = _new_incarnation(
            obj,
            incarnation=obj.incarnation + 1,
            zone=key,
            controller=(controller or obj.owner) if change.controlled else None,
            timestamp=self._clock,
            stack=stack,
        )
        new_ref = new.ref
        self._objects = self._objects.set(obj.id, new)
        ids = zones[key]
        # on top, as most moves put it, with no call (what _placed does then)
        zones[key] = (*ids, obj.id) if top and not below else _placed(ids, obj.id, top, below)
        if obj.id in self._effects:
            del self._effects[obj.id]  # effects on the old object do not follow it (mtg:400.7)
        self._invalidate(obj.id)
        if change.enters:
            rs.entered(self, new_ref)
        self.log(
            new_event(
                "moved",
                _MOVED_FOR if reason else _MOVED,
                rule_applied,
                new_ref,
                None,
                data,
                (obj, obj.zone, key, reason, new_ref),
            )
        )
        if change.leaves:  # the ruleset may end what waited on it leaving the field
            rs.left(self, ref, new_ref)
        return new_ref

    def play_side(self, ref: ObjectRef, side: CardDefinition) -> None:
        """``ref`` is now one side of its split card (its ``side_of``): it has only that
        side's name, types and text until it becomes a new object (fab:9.2.3)."""
        obj = self.get(ref)
        if not isinstance(side, CardDefinition) or side.side_of is None:
            raise ArgumentError("game.play_side()", "side", side, "a side of a split card")
        if obj.card is None or side.side_of != obj.card:
            raise InputError(f"{side.name} is not a side of {obj.label}")
        self._replace(
            replace(obj, card=side, base=self._ruleset.characteristics_of(side)),
            characteristics_changed=True,
        )

    def reorder(
        self,
        zone: str,
        player: str,
        order: Sequence[ObjectRef],
        *,
        rule_applied: RuleRef | None,
        text: str,
    ) -> None:
        """Put the objects of one player's ordered zone in ``order`` (bottom first), as
        a shuffle does; they stay the same objects. ``order`` must hold exactly them."""
        key = self.zone_key(zone, player)
        ids = self._zones[key]
        wanted = tuple(ref.id for ref in order)
        if sorted(wanted) != sorted(ids) or any(not self.is_current(r) for r in order):
            raise InputError(f"a new order for {key} must hold exactly its objects")
        self._own()
        self._zones[key] = wanted
        if key.player is None:
            self._dirty = None  # a shared zone's order keys are renumbered
        self.log(Event("reordered", text, rule_applied, player=player))

    # ------------------------------------------------------------------ links
    def link(self, source: ObjectRef, ref: ObjectRef) -> None:
        """Remember that an effect of ``source`` set ``ref`` aside until ``source``
        leaves the field (mtg:610.3)."""
        self._own()
        self._links[source] = (*self._links.get(source, ()), ref)

    def linked(self, source: ObjectRef) -> tuple[ObjectRef, ...]:
        """What effects of ``source`` set aside until it leaves the field."""
        if not self._links:  # the common case: asked each time a permanent leaves
            return ()
        return self._links.get(source, ())

    def unlink(self, source: ObjectRef) -> tuple[ObjectRef, ...]:
        """Forget, and return, what waited on ``source`` leaving the field."""
        if source not in self._links:
            return ()
        self._own()
        return self._links.pop(source)

    def remove(self, ref: ObjectRef, *, rule_applied: RuleRef | None, reason: str) -> None:
        """Take an object out of the game entirely (a token or copy ceasing to exist)."""
        obj = self.get(ref)
        computed = self._computed(obj)
        self._own()
        self._lki = self._lki.set(
            ref, (obj, computed.characteristics, self._controller_of(obj, computed))
        )
        self._zones[obj.zone] = _without(self._zones[obj.zone], obj.id)
        self._objects = self._objects.delete(obj.id)
        self._effects.pop(obj.id, None)
        self._invalidate(obj.id)
        self.log(Event("ceased_to_exist", "{0.label} {1}", rule_applied, ref, args=(obj, reason)))

    # ------------------------------------------------------------ status changes
    def set_tapped(self, ref: ObjectRef, tapped: bool, *, rule_applied: RuleRef | None) -> None:
        expect_bool("game.set_tapped()", "tapped", tapped)
        obj = self.get(ref)
        if obj.tapped != tapped:
            self._replace(replace(obj, tapped=tapped))
            kind = "tapped" if tapped else "untapped"
            word = self._ruleset.orientation_words[0 if tapped else 1]
            self.log(Event(kind, "{0.label} becomes {1}", rule_applied, ref, args=(obj, word)))

    def set_phased_out(
        self,
        ref: ObjectRef,
        phased_out: bool,
        *,
        rule_applied: RuleRef | None,
        indirectly: bool = False,
        reason: str = "",
    ) -> None:
        """Phasing: the permanent stays where it is but is treated as though it did not
        exist; it is not a new object when it phases in (mtg:702.26). ``indirectly``: it
        phases out along with the permanent it is attached to (mtg:702.26g). What it gives
        the permanent it is attached to comes and goes with it."""
        expect_bool("game.set_phased_out()", "phased_out", phased_out)
        obj = self.get(ref)
        if obj.phased_out != phased_out:
            self._replace(
                replace(obj, phased_out=phased_out, phased_indirectly=phased_out and indirectly),
                characteristics_changed=True,
            )
            word = "phases out" if phased_out else "phases in"
            kind = "phased_out" if phased_out else "phased_in"
            why = f" ({reason})" if reason else ""
            self.log(Event(kind, "{0.label} {1}{2}", rule_applied, ref, args=(obj, word, why)))

    def mark_damage(
        self,
        ref: ObjectRef,
        amount: int,
        *,
        rule_applied: RuleRef | None,
        source: str = "",
        detail: Mapping[str, object] | None = None,
    ) -> None:
        """Mark damage on an object (mtg:120.3e); ``detail`` adds to the event's data
        (a Flesh and Blood damage type, fab:8.5.3b)."""
        if type(amount) is not int or amount < 0:  # checked only when it can fail
            expect_int("game.mark_damage()", "amount", amount, minimum=0)
        obj = self.get(ref)
        self._replace(_damaged(obj, damage=obj.damage + amount))
        by = f" from {source}" if source else ""
        data = {"amount": amount} if detail is None else {"amount": amount, **detail}
        self.log(
            new_event(
                "damage",
                "{0.label} is dealt {1} damage{2}",
                rule_applied,
                ref,
                None,
                MappingProxyType(data),
                (obj, amount, by),
            )
        )

    def set_damage(self, ref: ObjectRef, amount: int, *, rule_applied: RuleRef | None) -> None:
        expect_int("game.set_damage()", "amount", amount, minimum=0)
        obj = self.get(ref)
        if obj.damage != amount:
            self._replace(replace(obj, damage=amount))

    def add_counters(
        self, ref: ObjectRef, kind: str, amount: int, *, rule_applied: RuleRef | None
    ) -> None:
        """Put (or, negative, remove) counters; a count never goes below zero (mtg:122.1)."""
        expect("game.add_counters()", "kind", kind, str, "a counter kind, such as '+1/+1'")
        expect_int("game.add_counters()", "amount", amount)
        self._counter_kind("game.add_counters()", kind)
        obj = self.get(ref)
        counts = dict(obj.counters)
        new = counts.get(kind, 0) + amount
        if new < 0:
            raise InputError(f"{obj.label} has only {counts.get(kind, 0)} {kind} counters")
        if new:
            counts[kind] = new
        else:
            counts.pop(kind, None)
        self._replace(replace(obj, counters=MappingProxyType(counts)), characteristics_changed=True)
        verb = "gets" if amount >= 0 else "loses"
        self.log(
            Event(
                "counters",
                f"{obj.label} {verb} {abs(amount)} {kind} counter(s)",
                rule_applied,
                ref,
                data=MappingProxyType({"kind": kind, "amount": amount}),
            )
        )
        self._ruleset.counters_placed(self, ref, kind, amount)

    def _counter_kind(self, where: str, kind: str) -> None:
        """Refuse a counter kind no card of this game can name ("+1blah")."""
        accepted = self._ruleset.counter_kind_refusal(kind)
        if accepted is not None:
            raise ArgumentError(where, "kind", kind, accepted)

    def attach(self, ref: ObjectRef, to: Entity | None, *, rule_applied: RuleRef | None) -> None:
        """Attach an Aura or Equipment to an object or player, or unattach it (mtg:303.4b)."""
        self.get(ref)
        if to is not None:
            to = entity(self, "game.attach()", "to", to)
            if isinstance(to, ObjectRef):
                self.get(to)
                if to.id == ref.id:
                    raise ArgumentError(
                        "game.attach()", "to", to, "another object or a player (not itself)"
                    )
        obj = self.get(ref)
        old_host = obj.attached_to
        # attaching gives the Aura or Equipment a new timestamp (mtg:613.7e)
        self._replace(replace(obj, attached_to=to, timestamp=self._tick()))
        self._attachments = self._attachments or to is not None
        for host in (old_host, to):
            if isinstance(host, ObjectRef) and self.is_current(host):
                self._invalidate(host.id)
        what = f"attached to {self.describe(to)}" if to is not None else "unattached"
        self.log(Event("attached", f"{obj.label} is {what}", rule_applied, ref))

    def attached(self) -> list[GameObject]:
        """Every object attached to an object or player now, in creation order (none
        is looked for until something has been attached)."""
        if not self._attachments:
            return []
        return [o for o in self._in_creation_order() if o.attached_to is not None]

    def set_stack_info(self, ref: ObjectRef, info: StackInfo) -> GameObject:
        """Give the stack object ``ref`` its choices (targets, modes, X: mtg:601.2b-d);
        the object as it now is."""
        obj = _with_stack(self.get(ref), stack=info)
        self._replace(obj)
        return obj

    # ------------------------------------------------------------------ players
    def change_life(self, name: str, amount: int, *, rule_applied: RuleRef | None) -> None:
        """A player gains (positive) or loses (negative) life."""
        name = expect_player(self, "game.change_life()", "name", name)
        expect_int("game.change_life()", "amount", amount)
        p = self.player(name)
        if p.life is None:
            raise InputError(f"players of {self._ruleset.title} have no life total")
        self._own()
        self._players[name] = replace(p, life=p.life + amount)
        kind = "life_gained" if amount >= 0 else "life_lost"
        verb = "gains" if amount >= 0 else "loses"
        self.log(
            Event(
                kind,
                f"{name} {verb} {abs(amount)} life ({p.life + amount})",
                rule_applied,
                player=name,
                data=MappingProxyType({"amount": abs(amount)}),
            )
        )

    def change_object_life(
        self, ref: ObjectRef, amount: int, *, rule_applied: RuleRef | None
    ) -> None:
        """An object gains (positive) or loses (negative) life: a discrete change to its
        life total, which stays even if effects on its life property change (fab:2.5.3b)."""
        expect_int("game.change_object_life()", "amount", amount)
        obj = self.get(ref)
        if self.characteristics(ref).value("life") is None:
            raise InputError(f"{obj.label} has no life property")
        self._replace(replace(obj, life_change=obj.life_change + amount))
        verb = "gains" if amount >= 0 else "loses"
        kind = "life_gained" if amount >= 0 else "life_lost"
        self.log(
            Event(
                kind,
                f"{obj.label} {verb} {abs(amount)} life (total {self.life_total(ref)})",
                rule_applied,
                ref,
                data=MappingProxyType({"amount": abs(amount)}),
            )
        )

    def reset_life_total(self, ref: ObjectRef, *, rule_applied: RuleRef | None) -> None:
        """Forget the life an object has gained and lost, damage included: its life total
        is its life again, as its effects and counters make it (fab:4.4.3a)."""
        obj = self.get(ref)
        if not obj.life_change and not obj.damage:
            return
        self._replace(replace(obj, life_change=0, damage=0))
        self.log(
            Event(
                "life_reset",
                f"{obj.label}'s life total is reset to {self.life_total(ref)}",
                rule_applied,
                ref,
                data=MappingProxyType({"total": self.life_total(ref)}),
            )
        )

    def life(self, who: Entity | str) -> int | None:
        """The life total of a player (by name or ``PlayerRef``) or of an object (a Flesh
        and Blood hero or ally, a Grand Archive champion); ``None`` for an object that
        has no life. A player with no life total of their own has the life of the object
        that stands for them, if the game has one (a Flesh and Blood hero, fab:1.1.2b)."""
        if isinstance(who, ObjectRef):
            return self.life_total(who)
        name = expect_player(self, "game.life()", "who", who)
        life = self._players[name].life
        if life is None and (stand_in := self._ruleset.player_object(self, name)) is not None:
            return self.life_total(stand_in)
        return life

    def stand_in(self, entity: Entity) -> Entity:
        """``entity``, or for a player with an object that stands for them (a Flesh and
        Blood hero, fab:1.1.2b) that object: naming such a player names it."""
        if isinstance(entity, PlayerRef) and entity.name in self._players:
            return self._ruleset.player_object(self, entity.name) or entity
        return entity

    def legal_targets(
        self,
        card: ObjectRef,
        by: str | PlayerRef | None = None,
        *,
        instance: int = 1,
        chosen: Sequence[Sequence[Entity | str]] = (),
    ) -> LegalTargets:
        """What ``card`` could target if ``by`` (default: its controller, else its owner)
        put it on the stack now: a lazy view of the legal choices for the ``instance``-th
        (1-based) "target" in its text, given ``chosen`` for the earlier ones. Works for a
        card in hand (a spell) and for a permanent (its abilities), in every game.

        >>> import tcgrules
        >>> game = tcgrules.new_game("mtg", ["Alice", "Bob"])
        >>> bolt = game.create(tcgrules.bundled_card("mtg", "Lightning Bolt"), "Alice", "hand")
        >>> sorted(game.describe(t) for t in game.legal_targets(bolt, "Alice"))
        ['Alice', 'Bob']
        >>> "Bob" in game.legal_targets(bolt)
        True
        """
        from tcgrules.kernel.questions import card_targets  # noqa: PLC0415 (imports game)

        return card_targets(
            self, card, by=by, instance=instance, chosen=chosen, where="game.legal_targets()"
        )

    def explain_target(
        self,
        card: ObjectRef,
        candidate: Entity | str,
        by: str | PlayerRef | None = None,
        *,
        instance: int = 1,
        chosen: Sequence[Sequence[Entity | str]] = (),
    ) -> Verdict:
        """Why ``candidate`` (an object, or a player by name) is or is not a legal target
        for ``card``'s ``instance``-th "target" if ``by`` put it on the stack now: the
        verdict with every reason and the rule it applies."""
        from tcgrules.kernel.questions import why  # noqa: PLC0415 (it imports game)

        return why(self, card, candidate, by=by, instance=instance, chosen=chosen)

    def life_total(self, ref: ObjectRef) -> int | None:
        """An object's life total: its life, plus life gained, less life lost and damage;
        never below zero where numbers are floored (fab:2.5.3a, fab:2.5.3e)."""
        obj = self.get(ref)
        life = self.characteristics(ref).number("life")
        if life is None:
            return None
        total = life + obj.life_change - obj.damage
        return max(total, 0) if self._ruleset.numeric_floor_zero else total

    def grant_player(
        self,
        name: str,
        keywords: tuple[Keyword, ...],
        *,
        until: Duration = None,
        rule_applied: RuleRef | None = None,
        remove: bool = False,
    ) -> None:
        """A player gains (or, with ``remove``, loses) keyword abilities."""
        p = self.player(name)
        self._own()
        if remove:
            kept = tuple((k, u) for k, u in p.abilities if k not in keywords)
        else:
            kept = p.abilities + tuple((k, until) for k in keywords)
        self._players[name] = replace(p, abilities=kept)
        words = ", ".join(k.text for k in keywords)
        verb = "loses" if remove else "gains"
        tail = " until end of turn" if until and not remove else ""
        self.log(Event("effect", f"{name} {verb} {words}{tail}", rule_applied, player=name))

    def set_failed_draw(
        self, name: str, failed: bool, *, rule_applied: RuleRef | None, text: str = ""
    ) -> None:
        """Note that a player tried to draw from an empty library or deck (logged as
        ``draw_failed`` with ``text``), or, with ``failed=False``, forget it once
        state-based actions have looked at it (mtg:121.4, mtg:704.5b)."""
        p = self.player(name)
        if p.failed_draw != failed:
            self._own()
            self._players[name] = replace(p, failed_draw=failed)
        if failed:
            self.log(Event("draw_failed", text, rule_applied, player=name))

    def designate(self, name: str, designation: str, *, held: bool = True) -> None:
        """The player gets (``held``) or loses a designation (the caller logs why)."""
        p = self.player(name)
        kept = p.designations | {designation} if held else p.designations - {designation}
        if kept != p.designations:
            self._own()
            self._players[name] = replace(p, designations=kept)

    def set_lost(self, name: str, *, rule_applied: RuleRef | None, reason: str) -> None:
        p = self.player(name)
        if not p.lost:
            self._own()
            self._players[name] = replace(p, lost=True)
            self.log(
                Event("lost_game", f"{name} loses the game: {reason}", rule_applied, player=name)
            )

    # ------------------------------------------------------------------ effects
    def add_effect(
        self,
        ref: ObjectRef,
        op: Op,
        *,
        until: Duration = None,
        source: ObjectRef | None = None,
        rule_applied: RuleRef | None = None,
        describe: str = "",
        holder: str | None = None,
    ) -> ContinuousEffect:
        """Start a continuous effect on one object (it gets the next timestamp, mtg:613.7a).

        The ruleset may refuse an effect the rules forbid (FaB cost, fab:2.2.4).
        ``holder``: the player whose next turn ends an ``until_next_turn`` effect.
        """
        where = "game.add_effect()"
        if not isinstance(op, _OPS):
            raise ArgumentError(
                where, "op", op, "an effect such as Modify, SetBase, GrantAbilities, ChangeControl"
            )
        if until not in _DURATIONS:
            raise ArgumentError(
                where, "until", until, f"None or one of {', '.join(str(d) for d in _DURATIONS[1:])}"
            )
        expect(where, "source", source, ObjectRef | None, "an ObjectRef or None")
        numeric = self._ruleset.numeric_properties
        if isinstance(op, Modify) and op.prop not in numeric:
            raise ArgumentError(
                where,
                "op",
                op,
                f"a Modify of a numeric property of {self._ruleset.title}: "
                + ", ".join(sorted(numeric)),
            )
        if holder is not None:
            expect_player(self, where, "holder", holder)
        if until == "until_next_turn" and holder is None:
            raise InputError("an effect lasting until a player's next turn needs that player")
        numeric = self._ruleset.numeric_properties
        if (
            isinstance(op, Modify | SetBase)
            and (isinstance(op, Modify) or isinstance(op.value, int))
            and numeric
            and op.prop not in numeric
        ):
            raise ArgumentError(
                where,
                "op",
                op,
                f"a change of a numeric property of {self._ruleset.title}: "
                + ", ".join(sorted(numeric)),
            )
        obj = self.get(ref)
        refusal = self._ruleset.refuse_effect(op)
        if refusal is not None:
            raise RulesViolation(refusal, f"an effect on {obj.label}")
        self._own()
        effect = ContinuousEffect(
            id=self._next_effect,
            timestamp=self._tick(),
            affected=ref,
            op=op,
            until=until,
            source=source,
            rule=rule_applied,
            holder=holder,
        )
        self._next_effect += 1
        self._effects[obj.id] = (*self._effects.get(obj.id, ()), effect)
        self._invalidate(obj.id)
        if describe:
            self.log(Event("effect", f"{obj.label}: {describe}", rule_applied, ref))
        return effect

    def set_lasts_while(self, ids: Iterable[int], condition: object) -> None:
        """Give the effects with these ids a "for as long as" condition of the game's own
        (:attr:`ContinuousEffect.lasts_while`); the game ends them once it stops holding."""
        wanted = set(ids)
        self._own()
        for oid, effects in list(self._effects.items()):
            if any(e.id in wanted for e in effects):
                self._effects[oid] = tuple(
                    replace(e, lasts_while=condition) if e.id in wanted else e for e in effects
                )

    def remove_effects(self, predicate: Iterable[int] | None = None) -> None:
        """Remove the effects with these ids."""
        ids = set(predicate or ())
        self._own()
        for oid, effects in list(self._effects.items()):
            kept = tuple(e for e in effects if e.id not in ids)
            if len(kept) != len(effects):
                if kept:
                    self._effects[oid] = kept
                else:
                    del self._effects[oid]
                self._invalidate(oid)

    def add_shield(
        self,
        on: Entity,
        what: object,
        *,
        until: Duration = None,
        source: ObjectRef | None = None,
        rule_applied: RuleRef | None = None,
        describe: str = "",
        holder: str | None = None,
    ) -> Shield:
        """Start a shield that waits for an event on ``on`` (mtg:615.3); it gets the next
        timestamp, like a continuous effect (mtg:613.7a). ``holder``: the player whose
        next turn ends an ``until_next_turn`` shield."""
        if until == "until_next_turn" and holder is None:
            raise InputError("a shield lasting until a player's next turn needs that player")
        if isinstance(on, ObjectRef):
            self.get(on)
        else:
            self.player(on.name)
        self._own()
        shield = Shield(
            self._next_effect, self._tick(), on, what, until, source, rule_applied, holder
        )
        self._next_effect += 1
        self._shields = (*self._shields, shield)
        if describe:
            self.log(
                Event(
                    "shield",
                    describe,
                    rule_applied,
                    on if isinstance(on, ObjectRef) else None,
                    player=on.name if isinstance(on, PlayerRef) else None,
                )
            )
        return shield

    def shields(self, on: Entity | None = None) -> tuple[Shield, ...]:
        """The shields waiting, in timestamp order; with ``on``, those guarding it (an
        object's only while it is the same incarnation, mtg:400.7)."""
        if on is None:
            return self._shields  # a tuple, as immutable as a copy
        return tuple(s for s in self._shields if s.on == on)

    def change_shield(self, shield_id: int, what: object | None) -> None:
        """Change what a shield still does (``what``), or end it (None: used up)."""
        self._own()
        kept: list[Shield] = []
        for s in self._shields:
            if s.id != shield_id:
                kept.append(s)
            elif what is not None:
                kept.append(replace(s, what=what))
        self._shields = tuple(kept)

    def all_effects(self) -> tuple[ContinuousEffect, ...]:
        if not self._effects:  # the common case, checked at every state-based action check
            return ()
        return tuple(e for effects in self._effects.values() for e in effects)

    def touched(self) -> list[GameObject]:
        """Objects changed since state-based actions were last checked, as they are now
        (in id order); during :meth:`check_state`, those its pass under way looks at.

        After a check in which no state-based action applied, only these objects
        can newly meet a condition, so rulesets need look at no others.
        """
        ids = self._touched if self._checking is None else self._checking
        objects = self._objects
        # one pass over the ids (an object that has ceased to exist is left out)
        return [
            obj
            for i in (sorted(ids) if len(ids) > 1 else ids)
            if (obj := objects.get(i)) is not None
        ]

    def check_state(self) -> None:
        """Perform state-based actions until none apply (mtg:704.3).

        A pass looks at the objects changed since the pass before (:meth:`touched`; the
        first, at those changed since the last check): an object a pass looked at and
        left as it was meets no condition it did not meet then, so the next pass need
        not look at it again. Unless a change may have reached every object's
        characteristics (the computed characteristics were dropped wholesale: a
        permanent whose static abilities reach others changed, or a condition of one
        may change with anything): the next pass then looks again at every object
        changed since the last check, as the first did.
        """
        since = self._touched  # never changed in place here: it may be a copy's too
        checking = since
        try:
            for _ in range(1000):
                self._checking = checking
                self._touched = set()
                self._wiped = False
                if not self._ruleset.state_based_actions(self):
                    if self._touched:  # a pass that did nothing: nothing to look at again
                        self._touched = set()
                    return
                changed = self._touched
                since = since | changed
                checking = since if self._wiped else changed
        except BaseException:
            self._touched = since | self._touched  # a later check looks at them all
            raise
        finally:
            self._checking = None
        self._touched = since
        raise RuntimeError("state-based actions did not settle after 1000 rounds")

    # -------------------------------------------------------------------- turns
    def end_turn(self, *, cleanup_rule: RuleRef | None = None) -> None:
        """End the turn: first whatever the game's rules do to objects as a turn ends
        (:meth:`Ruleset.end_of_turn`: Magic removes marked damage, mtg:514.2; Flesh and
        Blood resets allies' life totals, fab:4.4.3a), then "until end of turn" effects
        end and the next player becomes the active player. The rule cited is the
        ruleset's CLEANUP concept unless one is given."""
        cleanup_rule = cleanup_rule or self._ruleset.cite(Concept.CLEANUP)
        happened = self._ruleset.end_of_turn(self)
        self._own()
        # a combat, and so an attack, never outlasts its turn
        ending = [e.id for e in self.all_effects() if e.until in TURN_DURATIONS]
        self.remove_effects(ending)
        lasting_shields = tuple(s for s in self._shields if s.until not in TURN_DURATIONS)
        ending += [s.id for s in self._shields if s.until in TURN_DURATIONS]
        self._shields = lasting_shields
        for name, p in list(self._players.items()):
            if any(u == "end_of_turn" for _, u in p.abilities):
                lasting = tuple((k, u) for k, u in p.abilities if u != "end_of_turn")
                self._players[name] = replace(p, abilities=lasting)
        self._active = self._next_active()
        self._turn += 1
        # effects lasting "until your next turn" end as that player's turn begins
        waiting = [
            e.id
            for e in self.all_effects()
            if e.until == "until_next_turn" and e.holder == self.active_player
        ]
        self.remove_effects(waiting)
        shields_over = [
            s.id
            for s in self._shields
            if s.until == "until_next_turn" and s.holder == self.active_player
        ]
        self._shields = tuple(s for s in self._shields if s.id not in shields_over)
        waiting += shields_over
        self.log(
            Event(
                "end_turn",
                "; ".join(
                    [
                        "the turn ends",
                        *happened,
                        f"{len(ending)} effect(s) end",
                        f"{self.active_player} is now the active player",
                    ]
                ),
                cleanup_rule,
                data=MappingProxyType({"active": self.active_player}),
            )
        )
        if waiting:
            self.log(
                Event(
                    "effects_end",
                    f"{self.active_player}'s turn begins: {len(waiting)} effect(s) lasting "
                    f"until {self.active_player}'s next turn end",
                    self._ruleset.cites(Concept.UNTIL_NEXT_TURN),
                )
            )
        self._ruleset.turn_begins(self)

    def _next_active(self) -> int:
        """Who takes the next turn: an extra turn first, the one added last (mtg:500.7),
        then the turn order again from where the extra turns came in."""
        if self._extra_turns:
            name, self._extra_turns = self._extra_turns[0], self._extra_turns[1:]
            if self._resume is None:
                self._resume = self._active
            return list(self._players).index(name)
        base = self._active if self._resume is None else self._resume
        self._resume = None
        return (base + 1) % len(self._players)

    def add_extra_turn(self, name: str) -> None:
        """``name`` takes an extra turn right after this one (mtg:500.7)."""
        self.player(name)
        self._own()
        self._extra_turns = (name, *self._extra_turns)

    @property
    def extra_turns(self) -> tuple[str, ...]:
        """The extra turns to be taken, the next one first."""
        return self._extra_turns

    @property
    def delayed(self) -> tuple[Delayed, ...]:
        """Delayed triggered abilities waiting for their moment (kernel/delayed.py)."""
        return self._delayed

    def set_delayed(self, pending: tuple[Delayed, ...]) -> None:
        self._own()
        self._delayed = pending

    @property
    def ending(self) -> int:
        """The turn whose end step has begun (0: none yet)."""
        return self._ending

    def set_ending(self, turn: int) -> None:
        self._own()
        self._ending = turn

    # ------------------------------------------------------------------ combat
    @property
    def attack(self) -> AttackState | None:
        """The attack declared this turn, if any; it lasts until the turn ends."""
        found = self._attack
        return found if found is not None and found.turn == self._turn else None

    def set_attack(self, state: AttackState | None) -> None:
        """Record a declared attack, or its new state (the kernel's combat actions do
        this); None ends it (the game's rules close the combat). A new attack ends the
        effects that last while the previous one is the current attack
        (``end_of_attack``; a FaB chain link ends when another becomes active,
        fab:7.0.3d); ending the combat also ends those that last for the combat
        (``end_of_combat``; a FaB combat chain closing, fab:7.7.7)."""
        old = self.attack
        self._own()
        self._attack = state
        if old is not None and (state is None or state.attacker != old.attacker):
            ending = {"end_of_attack"} if state is not None else {"end_of_attack", "end_of_combat"}
            self.remove_effects(e.id for e in self.all_effects() if e.until in ending)
        if state is not None:
            self._touched.update(state.attacking | state.defending)
            self._touched.update(d.card.id for d in state.defenders)

    def attacker_id(self) -> int | None:
        """The id of the object that is the attack declared now (not its attacking hero)."""
        found = self.attack
        return found.attacker.id if found is not None else None

    def attacking_ids(self) -> frozenset[int]:
        """Ids of the objects that are attacking now."""
        found = self.attack
        return found.attacking - found.removed if found is not None else frozenset()

    def defending_ids(self) -> frozenset[int]:
        """Ids of the objects that are defending now: a defending hero and the cards
        defending (:meth:`defending_card_ids`)."""
        found = self.attack
        if found is None:
            return frozenset()
        return found.defending | self.defending_card_ids() if found.defenders else found.defending

    def defending_card_ids(self) -> frozenset[int]:
        """Ids of the cards declared as defending that are still where they defend (a
        card that has become a new object defends no more)."""
        found = self.attack
        if found is None:
            return frozenset()
        return frozenset(
            d.card.id
            for d in found.defenders
            if self.is_current(d.card) and d.card.id not in found.removed
        )

    # ------------------------------------------------------------------- naming
    def describe(self, entity: Entity | str) -> str:
        """How narration names an object (its alias or name; "(gone)" once it left) or a
        player."""
        if isinstance(entity, PlayerRef | str):
            return expect_player(self, "game.describe()", "entity", entity)
        if not isinstance(entity, ObjectRef):
            raise ArgumentError(
                "game.describe()", "entity", entity, "an ObjectRef or a player's name"
            )
        obj = self._objects.get(entity.id)
        if obj is not None and obj.incarnation == entity.incarnation:
            return obj.label
        left = self._lki.get(entity)
        return f"{left[0].label} (gone)" if left else str(entity)

    def __repr__(self) -> str:
        return (
            f"<Game {self._ruleset.name} turn {self._turn} players={list(self._players)} "
            f"objects={len(self._objects)}>"
        )
