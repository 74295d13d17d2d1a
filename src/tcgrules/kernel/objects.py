"""Game objects and their identity.

An object is one *incarnation* of a card (or token, copy, ability...): when it
changes zones it becomes a new object with no memory of the old one (mtg:400.7;
FaB and GA treat zone changes the same way). An :class:`ObjectRef` names one
incarnation; once the object moves, the old reference is stale and resolves to
nothing but last-known information.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, fields, replace
from types import MappingProxyType
from typing import Any, Literal, TypeAlias, TypeVar

from tcgrules.carddata.model import CardDefinition
from tcgrules.kernel.characteristics import Characteristics
from tcgrules.kernel.descriptors import TargetRequirement

ObjectKind: TypeAlias = Literal["card", "token", "copy", "ability", "emblem"]

_NO_COUNTERS: Mapping[str, int] = MappingProxyType({})

_D = TypeVar("_D")


@dataclass(frozen=True, slots=True, order=True)
class ObjectRef:
    """One incarnation of one object: ``#id.incarnation``.

    ``lineage`` says which game (and its copies) made it, so that a reference used with
    another game is refused instead of naming a different object there; it is not part
    of equality or hashing (0: unknown, accepted anywhere)."""

    id: int
    incarnation: int
    lineage: int = field(default=0, compare=False, repr=False)

    def __str__(self) -> str:
        return f"#{self.id}.{self.incarnation}"


@dataclass(frozen=True, slots=True, order=True)
class PlayerRef:
    """A player, by name (players never change identity)."""

    name: str

    def __str__(self) -> str:
        return self.name


#: What a target (or an event's subject) can be: an object incarnation or a player.
Entity: TypeAlias = ObjectRef | PlayerRef


def draft_class(cls: type[object]) -> type[Any]:
    """A subclass of the frozen, slotted dataclass ``cls`` whose instances take plain
    assignments, for making immutable objects that are made on every action (events, log
    nodes, game objects) at the speed of a plain class.

    A frozen dataclass's ``__init__`` calls ``object.__setattr__`` once per field; a draft
    is filled in with plain stores instead, then becomes a ``cls`` by assigning its
    ``__class__`` (allowed: the draft adds no slots, so the layouts are the same). The
    result is an ordinary ``cls``, as immutable as any; a draft never leaves the
    function that fills it in.
    """
    # both object's own: then a store is the plain C one (a Python ``__delattr__`` of the
    # frozen class would leave every store going through a lookup of ``__setattr__``)
    namespace = {
        "__slots__": (),
        "__setattr__": object.__setattr__,
        "__delattr__": object.__delattr__,
    }
    return type(f"{cls.__name__}Draft", (cls,), namespace)


def maker(cls: type[_D]) -> Callable[..., _D]:
    """A constructor for the frozen, slotted dataclass ``cls`` that fills in a draft
    (:func:`draft_class`), compiled once as :mod:`dataclasses` compiles ``__init__``: it
    takes every field, in order and without defaults, and stores each with a plain store.
    For records made on every action; ``cls`` must have no ``__post_init__`` (a draft
    skips it)."""
    if hasattr(cls, "__post_init__"):
        raise TypeError(f"maker({cls.__name__}): it has a __post_init__, which a draft skips")
    names = [f.name for f in fields(cls)]  # type: ignore[arg-type]
    body = "".join(f"\n    made.{n} = {n}" for n in names)
    source = (
        f"def make_{cls.__name__}({', '.join(names)}):\n    made = new(Draft){body}"
        "\n    made.__class__ = Final\n    return made\n"
    )
    namespace: dict[str, Any] = {"Final": cls, "Draft": draft_class(cls), "new": object.__new__}
    exec(source, namespace)
    made: Callable[..., _D] = namespace[f"make_{cls.__name__}"]
    return made


@dataclass(frozen=True, slots=True, eq=False, init=False)
class ZoneKey:
    """A concrete zone: its kind plus, for per-player zones, whose it is.

    Interned: ``ZoneKey(name, player)`` is the same object each time it is asked for
    with the same values, so two keys are equal exactly when they are the same object,
    and equality and hashing are the builtin identity ones, done in C. The game's tables
    are keyed by zone, and every move, tap and index lookup reads them. (Copying and
    pickling go through the constructor too, by ``__reduce__``.)"""

    name: str
    player: str | None = None

    def __new__(cls, name: str, player: str | None = None) -> ZoneKey:
        found = _ZONE_KEYS.get((name, player))
        if found is None:
            found = object.__new__(_ZoneKeyDraft)
            found.name = name
            found.player = player
            found.__class__ = ZoneKey
            _ZONE_KEYS[name, player] = found
        return found

    def __reduce__(self) -> tuple[type[ZoneKey], tuple[str, str | None]]:
        return ZoneKey, (self.name, self.player)

    def __str__(self) -> str:
        return f"{self.player}'s {self.name}" if self.player else self.name


#: every zone key made, by its values (a few per player and zone kind)
_ZONE_KEYS: dict[tuple[str, str | None], ZoneKey] = {}
_ZoneKeyDraft = draft_class(ZoneKey)


@dataclass(frozen=True, slots=True)
class PaidWith:
    """One object used to pay a cost (mtg:601.2h): ``verb`` is how ("sacrificed",
    "discarded", "exiled", "revealed"), ``before`` the object as it was when paid (its
    last-known information once it has moved, mtg:608.2h), ``after`` the object it
    became (the same reference when it did not move: a card revealed)."""

    verb: str
    before: ObjectRef
    after: ObjectRef


@dataclass(frozen=True, slots=True)
class DoneEarlier:
    """An object a resolution moved (``kind`` "moved", from zone ``origin`` to ``to``)
    or showed where it is ("revealed"): ``before`` as it was, ``after`` as it became.
    A reflexive ability keeps its parent's (mtg:603.12), for "the exiled card"."""

    kind: str
    before: ObjectRef
    after: ObjectRef
    origin: str | None = None
    to: str | None = None


@dataclass(frozen=True, slots=True)
class StackInfo:
    """What a spell or ability on the stack carries besides characteristics.

    Targets, modes, X and the division of an amount are choices made as it was
    put on the stack (mtg:601.2b-d); they are not characteristics (mtg:109.3),
    so a copy of the object's characteristics does not carry them.
    """

    targets: tuple[tuple[Entity, ...], ...] = ()
    modes: tuple[int, ...] = ()
    x: int | None = None
    ability_index: int | None = None
    source: ObjectRef | None = None
    ability_kind: Literal["spell", "activated", "triggered", "materialize"] = "spell"
    #: how many times any object or player was chosen as a target when it was put
    #: on the stack (mtg:115.9a); target changes do not alter it
    chosen_count: int = 0
    #: the target requirements of the chosen modes, in text order (mtg:115.1, mtg:700.2)
    requirements: tuple[TargetRequirement, ...] = ()
    #: the effects to perform on resolution (parsed card-text nodes)
    effects: tuple[object, ...] = ()
    #: the amount each target of a divided effect gets, per instance (mtg:601.2d)
    divisions: tuple[tuple[int, ...], ...] = ()
    #: the resource cost calculated for putting it on the stack, after the effects that
    #: increase or reduce it (fab:2.2.4b, fab:5.1.6a); None where the game does not
    #: calculate it
    payment: int | None = None
    #: what "it" names in a reflexive triggered ability: the object its parent acted on,
    #: as it exists when the ability triggers (mtg:603.12)
    it: tuple[Entity, ...] = ()
    #: the object the trigger event is about, where the trigger names another object
    #: ("Whenever a creature you control enters, it deals ...": that creature,
    #: mtg:603.2, mtg:608.2k); empty where unknown
    about: tuple[Entity, ...] = ()
    #: the number the trigger event was about ("is dealt damage": how much), which
    #: "that much" names (mtg:603.2); None where unknown
    about_amount: int | None = None
    #: the optional costs chosen as the spell was cast, each with how many times
    #: (Magic's kicker, multikicker, gift, bargain: mtg:601.2b); a choice, not a
    #: characteristic, so a copy does not carry it
    cast_options: tuple[tuple[str, int], ...] = ()
    #: the objects moved or shown to pay its costs ("Sacrifice a creature", "As an
    #: additional cost ..., discard a card"; mtg:601.2h, mtg:602.2b), which "the
    #: sacrificed creature" and "the discarded card" then name (mtg:608.2h)
    paid: tuple[PaidWith, ...] = ()
    #: in a reflexive ability, what its parent's resolution moved or showed (mtg:603.12)
    parent_moved: tuple[DoneEarlier, ...] = ()

    def cast_option(self, name: str) -> int:
        """How many times the optional cost ``name`` was chosen (0 if not)."""
        return dict(self.cast_options).get(name, 0)


@dataclass(frozen=True, slots=True)
class GameObject:
    """One object as it is now. Immutable: the game replaces it to change it.

    ``base`` holds the copiable/printed characteristics (mtg:109.3, fab:2.0.3,
    mtg:707.2); the current ones are computed from it by the game's continuous
    effects and counters. ``controller`` is ``None`` where the ruleset says an
    object in that zone has no controller (mtg:109.4, fab:1.3.1b).
    """

    id: int
    incarnation: int
    kind: ObjectKind
    owner: str
    zone: ZoneKey
    base: Characteristics
    controller: str | None = None
    card: CardDefinition | None = None
    alias: str | None = None
    tapped: bool = False
    phased_out: bool = False
    #: phased out along with the permanent it is attached to, not by itself: it phases
    #: in only with that permanent (mtg:702.26g)
    phased_indirectly: bool = False
    damage: int = 0
    counters: Mapping[str, int] = field(default_factory=lambda: _NO_COUNTERS)
    timestamp: int = 0
    stack: StackInfo | None = None
    #: for a copy: what it is a copy of (mtg:707.10 spell copies, tokens that copy)
    copy_of: ObjectRef | None = None
    #: what an Aura or Equipment is attached to (mtg:303.4b); not a characteristic
    attached_to: Entity | None = None
    #: life gained (+) and lost (-) by this object: discrete changes to its life total,
    #: not effects (fab:2.5.3a-b)
    life_change: int = 0
    #: the game (and its copies) the object belongs to; stamped on its references
    lineage: int = field(default=0, compare=False, repr=False)
    #: this incarnation's reference, made once with the object (it is read far more
    #: often than an object is made); not part of equality, hashing or repr
    ref: ObjectRef = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "ref", ObjectRef(self.id, self.incarnation, self.lineage))

    @property
    def is_token(self) -> bool:
        return self.kind == "token"

    @property
    def is_card(self) -> bool:
        return self.kind == "card"

    @property
    def is_ability(self) -> bool:
        return self.kind == "ability"

    @property
    def label(self) -> str:
        """How narration names it: the alias, else the name, else its kind."""
        return self.alias or self.base.name or self.kind


def _compiled_copy(
    changing: tuple[str, ...],
    *,
    keywords: bool = False,
    fixed: Mapping[str, object] | None = None,
) -> Any:
    """A copy of a :class:`GameObject` that changes the fields ``changing``, compiled once
    (as :mod:`dataclasses` compiles ``__init__``): every field of a draft
    (:func:`draft_class`) stored straight from the new values or the object, with no
    pass over the field list and no call per field, then the draft made a
    ``GameObject``. It takes the new values as a dict (``copy(obj, changes)``), or with
    ``keywords`` as keyword arguments (``copy(obj, tapped=True)``); the fields of
    ``fixed`` get the same value every time, with no argument passed for them."""
    fixed = fixed or {}
    body = "".join(
        f"\n    new.{n} = fixed_{n}"
        if n in fixed
        else f"\n    new.{n} = {n if keywords else f'changes[{n!r}]'}"
        if n in changing
        else f"\n    new.{n} = obj.{n}"
        for n in _GAME_OBJECT_FIELD_NAMES
    )
    # the reference: the old one while the identity is unchanged, else a new one equal to
    # what __post_init__ makes (filled in as a draft: ``ObjectRef(...)`` is a frozen
    # dataclass's ``__init__``, one ``object.__setattr__`` per field)
    if {"id", "incarnation", "lineage"} & {*changing, *fixed}:
        body += (
            "\n    ref = new_object(RefDraft)\n    ref.id = new.id"
            "\n    ref.incarnation = new.incarnation\n    ref.lineage = new.lineage"
            "\n    ref.__class__ = ObjectRef\n    new.ref = ref"
        )
    else:
        body += "\n    new.ref = obj.ref"
    params = f"*, {', '.join(changing)}" if keywords else "changes"
    source = (
        f"def copy(obj, {params}):\n    new = new_object(Draft){body}"
        "\n    new.__class__ = GameObject\n    return new\n"
    )
    namespace: dict[str, Any] = {
        "GameObject": GameObject,
        "Draft": _GameObjectDraft,
        "ObjectRef": ObjectRef,
        "RefDraft": _ObjectRefDraft,
        "new_object": object.__new__,
        **{f"fixed_{n}": v for n, v in fixed.items()},
    }
    exec(source, namespace)
    return namespace["copy"]


def changer(*names: str, fixed: Mapping[str, object] | None = None) -> Callable[..., GameObject]:
    """:func:`changed` for a :class:`GameObject`, for a change made over and over that
    always sets the fields ``names``, given as keyword arguments: ``changer("tapped")(obj,
    tapped=True) == changed(obj, tapped=True)``, with no dict of changes made per call
    (the new incarnation of every object that moves). The fields of ``fixed`` are set to
    its values on every call, and are not passed: ``changer("zone", fixed={"tapped":
    False})(obj, zone=key) == changed(obj, zone=key, tapped=False)``."""
    every = (*names, *(fixed or ()))
    if not every or not _GAME_OBJECT_FIELDS.issuperset(every) or len(set(every)) < len(every):
        raise TypeError(f"not distinct fields of GameObject: {every}")
    return _compiled_copy(names, keywords=True, fixed=fixed)  # type: ignore[no-any-return]


_GAME_OBJECT_FIELD_NAMES = tuple(f.name for f in fields(GameObject) if f.init)
_GAME_OBJECT_FIELDS = frozenset(_GAME_OBJECT_FIELD_NAMES)
_GameObjectDraft = draft_class(GameObject)
_ObjectRefDraft = draft_class(ObjectRef)
#: the compiled copies, by the names changed in the order given (a few call sites each)
_COPIES: dict[tuple[str, ...], Any] = {}


def changed(obj: _D, /, **changes: Any) -> _D:
    """``dataclasses.replace``, faster for a :class:`GameObject` (replaced on every change
    to the game: tapping, moving, damage). The same result: a new object with
    ``changes``; a name that is not a field is a TypeError."""
    if type(obj) is GameObject:
        changing = tuple(changes)
        copy = _COPIES.get(changing)
        if copy is None:
            if not _GAME_OBJECT_FIELDS.issuperset(changing):
                unknown = changes.keys() - _GAME_OBJECT_FIELDS
                raise TypeError(f"GameObject has no field(s) {sorted(unknown)}")
            copy = _COPIES[changing] = _compiled_copy(changing)
        return copy(obj, changes)  # type: ignore[no-any-return]
    return replace(obj, **changes)  # type: ignore[type-var]
