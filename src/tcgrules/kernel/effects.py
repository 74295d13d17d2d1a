"""Continuous effects: what they change, on what, for how long, in which order.

Properties are never overwritten (architecture promise 4): the game keeps each
object's printed values and a list of effects, and computes current values by
applying the effects in the order the ruleset gives (MTG layers, mtg:613; FaB
stages, fab:6.3; GA layers A-E). The ops here are game-neutral; each ruleset
maps an op to its place in that order (:meth:`Ruleset.order_key`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal, TypeAlias

from tcgrules.errors import ArgumentError
from tcgrules.kernel.characteristics import AbilityLike, Characteristics, Value
from tcgrules.kernel.checks import expect, expect_int
from tcgrules.kernel.objects import Entity, ObjectRef
from tcgrules.rules import RuleRef

#: the set-valued properties an effect may change; any other (FaB metatypes) lives in
#: :attr:`Characteristics.sets`, and a game may refuse to change it (fab:2.6.5)
SetField: TypeAlias = Literal["types", "supertypes", "subtypes", "colors", "metatypes", "traits"]
#: How long a continuous effect lasts, besides as long as its object (None):
#: ``end_of_turn`` until the turn ends (mtg:514.2, fab:4.4.4); ``end_of_combat`` until
#: the combat ends (a FaB combat chain closes, fab:7.7.7); ``end_of_attack`` while the
#: attack declared as it started is the current one (a FaB chain link, fab:7.0.3d). The
#: kernel does not close combats yet: a combat ends, at the latest, with its turn.
#: ``until_next_turn`` lasts until the next turn of the effect's ``holder`` begins ("until
#: your next turn", mtg:611.2a); a turn that is not the holder's does not end it.
Duration: TypeAlias = (
    Literal["end_of_turn", "end_of_combat", "end_of_attack", "until_next_turn"] | None
)
#: the durations that end when the turn ends
TURN_DURATIONS: frozenset[str] = frozenset({"end_of_turn", "end_of_combat", "end_of_attack"})


@dataclass(frozen=True, slots=True)
class CopyOf:
    """The copiable values become these (mtg:707.2, layer 1 of mtg:613.1a; fab:6.3.2 stage 1)."""

    values: Characteristics
    of: ObjectRef | None = None


@dataclass(frozen=True, slots=True)
class ChangeControl:
    """Another player controls the object (mtg:613.1b layer 2; fab stage 2)."""

    player: str

    def __post_init__(self) -> None:
        expect("ChangeControl()", "player", self.player, str, "a player's name")


@dataclass(frozen=True, slots=True)
class ChangeSet:
    """Set, add to or remove from a set-valued property: types, subtypes, supertypes,
    colors, or one of a game's own sets (metatypes, traits)."""

    field: SetField
    mode: Literal["set", "add", "remove"]
    values: frozenset[str]

    def __post_init__(self) -> None:
        expect("ChangeSet()", "field", self.field, str, "a set-valued property, such as 'types'")
        if self.mode not in ("set", "add", "remove"):
            raise ArgumentError("ChangeSet()", "mode", self.mode, "'set', 'add' or 'remove'")
        expect("ChangeSet()", "values", self.values, frozenset, "a frozenset of names")
        for v in self.values:
            expect("ChangeSet()", "values", v, str, "a frozenset of names")


@dataclass(frozen=True, slots=True)
class GrantAbilities:
    """The object gains abilities (mtg:613.1f layer 6; fab stage 6)."""

    abilities: tuple[AbilityLike, ...]

    def __post_init__(self) -> None:
        expect("GrantAbilities()", "abilities", self.abilities, tuple, "a tuple of abilities")


@dataclass(frozen=True, slots=True)
class RemoveAbilities:
    """The object loses these abilities, or all of them when ``abilities`` is None."""

    abilities: tuple[AbilityLike, ...] | None = None


@dataclass(frozen=True, slots=True)
class SetBase:
    """Set the base value of a property ("base power 5"; mtg:613.4b, fab:2.0.3a stage 7)."""

    prop: str
    value: Value

    def __post_init__(self) -> None:
        expect("SetBase()", "prop", self.prop, str, "a property name, such as 'power'")
        expect("SetBase()", "value", self.value, int | str | None, "a number, a text or None")


@dataclass(frozen=True, slots=True)
class Modify:
    """Add to (negative: subtract from) a numeric property ("+2/+0"; mtg:613.4c, fab stage 8)."""

    prop: str
    delta: int

    def __post_init__(self) -> None:
        expect("Modify()", "prop", self.prop, str, "a property name, such as 'power'")
        expect_int("Modify()", "delta", self.delta)


@dataclass(frozen=True, slots=True)
class SwitchPT:
    """Switch power and toughness (mtg:613.4d)."""


@dataclass(frozen=True, slots=True)
class ChangeCost:
    """The object costs more (positive) or less (negative) to put on the stack: to play
    it, or to activate its abilities. It changes what is paid, never the cost property
    (fab:2.2.4a), so computing characteristics skips it; the ruleset applies it when the
    cost is calculated (fab:5.1.6a)."""

    delta: int
    action: Literal["play", "activate"] = "play"

    def __post_init__(self) -> None:
        expect_int("ChangeCost()", "delta", self.delta)
        if self.action not in ("play", "activate"):
            raise ArgumentError("ChangeCost()", "action", self.action, "'play' or 'activate'")


Op: TypeAlias = (
    CopyOf
    | ChangeControl
    | ChangeSet
    | GrantAbilities
    | RemoveAbilities
    | SetBase
    | Modify
    | SwitchPT
    | ChangeCost
)


@dataclass(frozen=True, slots=True)
class ContinuousEffect:
    """One continuous effect on one object incarnation.

    An effect from a resolved spell or ability affects the objects it named
    then and no others (mtg:611.2c; GA instanced effects), so ``affected`` is an
    :class:`ObjectRef`: when the object changes zones the effect no longer
    applies to it (mtg:400.7). ``until="end_of_turn"`` ends at cleanup
    (mtg:514.2).
    """

    id: int
    timestamp: int
    affected: ObjectRef
    op: Op
    until: Duration = None
    source: ObjectRef | None = None
    rule: RuleRef | None = None
    #: the player whose next turn ends an ``until_next_turn`` effect
    holder: str | None = None
    #: a game's own "for as long as" condition (mtg:611.2b): the kernel only keeps it;
    #: the game ends the effect once the condition stops holding
    lasts_while: object | None = None


@dataclass(frozen=True, slots=True)
class Shield:
    """A prevention or replacement effect a resolved spell or ability left waiting for
    an event (mtg:614.1, mtg:615.1): it guards ``on`` (an object incarnation or a player)
    until it is used up or ``until`` ends (mtg:615.3). ``what`` is the game's own
    description of what it does (a Magic damage shield); the kernel only keeps it, ends
    it with its turn and lets the game use it up or change it."""

    id: int
    timestamp: int
    on: Entity
    what: object
    until: Duration = None
    source: ObjectRef | None = None
    rule: RuleRef | None = None
    #: the player whose next turn ends an ``until_next_turn`` shield
    holder: str | None = None
