"""Targets: which choices are legal for an instance of "target", and why.

Legality is pure (architecture promise 2): nothing here changes the game.
:func:`explain_target` returns a verdict with every reason, each citing a rule;
:func:`is_legal_target` is the same decision without building the reasons, and
the two are kept in agreement by tests. :class:`LegalTargets` is a lazy view
(iterate, ``in``, ``count()``), like python-chess's legal move generator.

The checks, in order, each citing the rule the game's ruleset maps the
:class:`~tcgrules.kernel.concepts.Concept` to (Magic's numbers in brackets):

- a target must still be the object that was chosen: an object that changed
  zones is a new object (NEW_OBJECT, mtg:400.7); a phased-out permanent is
  ignored by the game while it is (PHASED_OUT, mtg:702.26b);
- it must be in the zone the phrase describes (TARGET_ZONE, mtg:115.2; the
  description's own zone rule, mtg:109.2) and, for "any target", be one of the
  things the game's "any target" allows (ANY_TARGET, mtg:115.4; the ruleset says
  which phrase that is and what it allows, :meth:`Ruleset.any_target`);
- it must fit the rest of the phrase (TARGET_FITS, mtg:601.2c);
- a spell or ability can't target itself (TARGET_ITSELF, mtg:115.5);
- one instance of "target" can't choose the same thing twice, different
  instances can, unless the text says "another" target (TARGET_REPEAT, mtg:115.3);
- the ruleset's keyword restrictions (Magic's hexproof, shroud, protection:
  mtg:702.11, mtg:702.18, mtg:702.16).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Literal

from tcgrules.errors import ArgumentError, InputError, StaleReferenceError, UnknownObjectError
from tcgrules.kernel.characteristics import Characteristics
from tcgrules.kernel.checks import entity
from tcgrules.kernel.concepts import Concept
from tcgrules.kernel.describe import (
    ANY_ZONE,
    Compiled,
    Context,
    compile_descriptor,
    described_entries,
    described_players,
    descriptor_nodes,
    identity_memo,
    new_context,
    why_not,
)
from tcgrules.kernel.descriptors import Descriptor, PlayerIs, TargetRequirement, Together
from tcgrules.kernel.game import Game
from tcgrules.kernel.objects import Entity, ObjectRef, PlayerRef
from tcgrules.kernel.ruleset import Ruleset, find_ruleset
from tcgrules.rules import RuleRef
from tcgrules.verdict import Reason, Verdict


@dataclass(frozen=True, slots=True)
class Targeter:
    """Who and what is choosing targets.

    - ``controller``: the player who controls (or is about to control) the spell or ability.
    - ``kind``: a ``spell`` or an ``ability`` (hexproof and protection treat them alike,
      but protection looks at the spell itself and at an ability's source, mtg:702.16b).
    - ``stack_object``: the spell or ability itself once it exists (mtg:115.5).
    - ``source``: the card or permanent the text is on (for "another", and an ability's
      source for protection).
    - ``quality``: the characteristics protection and "hexproof from" compare against:
      the spell's own, or the ability's source's (mtg:702.16b, mtg:702.11d).
    """

    controller: str
    kind: Literal["spell", "ability"]
    stack_object: ObjectRef | None
    source: ObjectRef | None
    quality: Characteristics


@dataclass(frozen=True, slots=True)
class CompiledRequirement:
    """A target requirement compiled once for fast queries.

    ``any_target`` is set when the phrase is the game's "any target" (the ruleset
    decides, :meth:`Ruleset.any_target`): the part of the description that says what
    it allows, compiled, and a few words for it.
    """

    requirement: TargetRequirement
    compiled: Compiled
    game: str
    any_target: tuple[Compiled, str] | None = None
    #: whether the phrase looks in a zone, by the zone's name (:meth:`looks_in`)
    zones: dict[str, bool] = field(default_factory=dict, compare=False, repr=False)

    @property
    def is_any_target(self) -> bool:
        return self.any_target is not None

    def looks_in(self, game: Game, zone: str) -> bool:
        """Whether an object in ``zone`` is in a zone the phrase looks in (mtg:115.2,
        mtg:109.2b; :func:`_zone_ok`), worked out once per zone: the answer depends only
        on the description and the game's zones, which are this requirement's own."""
        found = self.zones.get(zone)
        if found is None:
            found = self.zones[zone] = _zone_ok(game, self.compiled, zone)
        return found


def compile_requirement(requirement: TargetRequirement, game: str) -> CompiledRequirement:
    """Compile (and cache) a requirement for one game."""
    return _REQUIREMENTS(requirement, game)


@lru_cache(maxsize=8192)
def _compile_requirement(requirement: TargetRequirement, game: str) -> CompiledRequirement:
    found = find_ruleset(game).any_target(requirement.descriptor)
    any_target = None if found is None else (compile_descriptor(found[0], game), found[1])
    return CompiledRequirement(
        requirement, compile_descriptor(requirement.descriptor, game), game, any_target
    )


#: requirements compiled, found by identity first
_REQUIREMENTS = identity_memo(_compile_requirement)


@dataclass(frozen=True, slots=True)
class Chosen:
    """The choices already made: ``per_instance[i]`` for instance ``i`` (0-based)."""

    per_instance: tuple[tuple[Entity, ...], ...] = ()

    def for_instance(self, index: int) -> tuple[Entity, ...]:
        return self.per_instance[index] if index < len(self.per_instance) else ()


#: nothing chosen yet
_NONE = Chosen()


def check_call(
    game: Game, requirements: Sequence[TargetRequirement], index: int, targeter: Targeter
) -> None:
    """Clear errors for API misuse: an instance that does not exist, an unknown player."""
    if not 0 <= index < len(requirements):
        raise InputError(
            f"there is no instance {index} of “target”",
            expected=f"an index from 0 to {len(requirements) - 1}"
            if requirements
            else "a text with at least one instance of “target”",
        )
    game.player(targeter.controller)


def _same(a: Entity, b: Entity) -> bool:
    if isinstance(a, PlayerRef) or isinstance(b, PlayerRef):
        return a == b
    return a.id == b.id and a.incarnation == b.incarnation


def _together_value(game: Game, entity: Entity, prop: str) -> object:
    """What a :class:`Together` test compares: a property of the object now, its
    controller, or ``player``: the player it is of (:func:`_whose`; a player is itself);
    None for an object no longer where it was."""
    if isinstance(entity, PlayerRef):
        return entity.name if prop == "player" else None
    if not game.is_current(entity):
        return None
    if prop == "player":
        return _whose(game, entity)
    seen = game.seen_object(entity)
    if prop == "controller":
        return seen.controller
    value = game.ruleset.object_property(game, entity, seen.chars, prop)
    if isinstance(value, frozenset):
        return frozenset(str(v).lower() for v in value)
    return value


def _as_set(value: object, within: frozenset[str] | None) -> frozenset[object]:
    found = value if isinstance(value, frozenset) else frozenset() if value is None else {value}
    return frozenset(found) if within is None else frozenset(found) & within


def _together_passes(test: Together, mine: object, theirs: list[object]) -> bool:
    if test.test == "share":
        common = _as_set(mine, test.within)
        for value in theirs:
            common &= _as_set(value, test.within)
        return bool(common)
    if test.test == "share_none":
        own = _as_set(mine, test.within)
        return all(not own & _as_set(value, test.within) for value in theirs)
    if mine is None or mine == frozenset():
        return False  # nothing to compare: not the same, not different (mtg:201.2b)
    if test.test == "same":
        return all(value == mine for value in theirs)
    if test.test == "different":
        return all(value is not None and value != mine for value in theirs)
    # at_most: a number no greater than each other's
    return all(
        isinstance(value, int) and isinstance(mine, int) and mine <= value for value in theirs
    )


def together_failures(
    game: Game, req: TargetRequirement, index: int, candidate: Entity, chosen: Chosen
) -> list[Together]:
    """The tests between ``candidate`` and the other chosen targets that it fails
    (:class:`Together`; a test with no other target chosen yet, or none still where it
    was chosen, passes)."""
    failed: list[Together] = []
    for test in req.together:
        others = (
            [t for o in test.among for t in chosen.for_instance(o)]
            if test.among
            else list(chosen.for_instance(index))
        )
        # an object no longer where it was chosen is an illegal target (mtg:608.2b) and
        # is not tested with
        others = [
            t
            for t in others
            if not _same(t, candidate) and (isinstance(t, PlayerRef) or game.is_current(t))
        ]
        if test.test == "total_at_most":
            values = [_together_value(game, t, test.prop) for t in (candidate, *others)]
            total = sum(v for v in values if isinstance(v, int))
            if test.limit is None or total > test.limit:
                failed.append(test)
            continue
        if not others:
            continue
        mine = _together_value(game, candidate, test.prop)
        theirs = [_together_value(game, t, test.prop) for t in others]
        if not _together_passes(test, mine, theirs):
            failed.append(test)
    return failed


def explain_target(
    game: Game,
    requirements: Sequence[TargetRequirement],
    index: int,
    candidate: Entity,
    targeter: Targeter,
    *,
    chosen: Chosen | None = None,
    exclude_self_in_instance: bool = True,
) -> Verdict:
    """Every reason ``candidate`` is (or is not) a legal choice for instance ``index``.

    ``chosen`` holds the choices already made for this and other instances: the
    same object can't be chosen twice for one instance (mtg:115.3), and
    "another target" must differ from the instances it names.
    """
    check_call(game, requirements, index, targeter)
    rs = type(game.ruleset)
    req = requirements[index]
    targeter = game.ruleset.targeter_for_requirement(game, targeter, req)
    creq = compile_requirement(req, rs.name)
    chosen = chosen or Chosen()
    reasons: list[Reason] = []
    ctx = Context(game, targeter.controller, targeter.source, targeter.stack_object)
    name = game.describe(candidate)

    if isinstance(candidate, PlayerRef) and candidate.name in game.players:
        stand_in = game.ruleset.player_object(game, candidate.name)
        if stand_in is not None:
            # naming the player names the object that stands for them (fab:1.1.2b)
            inner = explain_target(
                game,
                requirements,
                index,
                stand_in,
                targeter,
                chosen=chosen,
                exclude_self_in_instance=exclude_self_in_instance,
            )
            named = Reason(
                rs.cite(Concept.TARGET_PLAYER),
                f"naming {name} names {game.describe(stand_in)}, who stands for them",
                True,
            )
            return Verdict(inner.legal, (named, *inner.reasons))
    if isinstance(candidate, PlayerRef):
        if candidate.name not in game.players:
            return Verdict.refuse(
                rs.cite(Concept.TARGET_PLAYER), f"{candidate.name} is not a player in this game"
            )
        ok = creq.compiled.players is not None and creq.compiled.players(ctx, candidate.name)
        if ok:
            reasons.append(
                Reason(
                    rs.cite(Concept.TARGET_PLAYER), f"{name} is a player the phrase allows", True
                )
            )
        elif not rs.players_are_targetable and rs.cites(Concept.TARGET_PLAYER) is not None:
            # a player is targeted only through the object that stands for them
            reasons.append(
                Reason(
                    rs.cite(Concept.TARGET_PLAYER),
                    f"{name} has nothing standing for them to be chosen in their place",
                )
            )
        elif creq.compiled.players is not None:
            # the phrase allows players, but not this one ("target opponent": yourself)
            reasons.append(
                Reason(
                    rs.cite(Concept.TARGET_FITS),
                    f"{name} {_player_misfit(req.descriptor, targeter.controller)} "
                    f"(“{req.text or 'the phrase'}”)",
                )
            )
        else:
            reasons.append(
                Reason(_zone_rule(rs, creq), f"{name}: the phrase does not allow choosing a player")
            )
            reasons.append(
                Reason(
                    rs.cite(Concept.TARGET_FITS),
                    f"{name} is not an appropriate choice for “{req.text}”",
                )
            )
        if game.player(candidate.name).lost and rs.cites(Concept.PLAYER_LEFT) is not None:
            reasons.append(Reason(rs.cite(Concept.PLAYER_LEFT), f"{name} has left the game"))
        reasons.extend(game.ruleset.player_target_restrictions(game, targeter, candidate.name))
    else:
        if not game.is_current(candidate):
            return Verdict.refuse(
                rs.cite(Concept.NEW_OBJECT),
                f"{name} has changed zones since it was chosen: it is a new object",
            )
        entry = game.seen_object(candidate)
        obj, chars = entry.obj, entry.chars
        if obj.phased_out:
            reasons.append(
                Reason(rs.cite(Concept.PHASED_OUT), f"{name} is phased out, so the game ignores it")
            )
        spec = game.ruleset.zone_spec(obj.zone.name)
        zone_ok = creq.looks_in(game, obj.zone.name)
        wanted = " or ".join(_zone_name(game, z) for z, _ in creq.compiled.scopes)
        wanted = wanted or "no zone (players only)"
        if zone_ok:
            reasons.append(
                Reason(
                    _zone_rule(rs, creq),
                    f"{name} is in the {spec.name} zone, as the phrase requires",
                    True,
                )
            )
        else:
            reasons.append(
                Reason(
                    _zone_rule(rs, creq),
                    f"{name} is in the {spec.name} zone; the phrase means objects in {wanted}",
                )
            )
        if creq.compiled.zone_rule is not None:
            reasons.append(
                Reason(
                    creq.compiled.zone_rule,
                    f"“{req.text or 'the phrase'}” describes objects in {wanted}",
                    zone_ok,
                )
            )
        pred = creq.compiled.objects
        fits = pred is not None and pred(ctx, entry)
        if fits:
            reasons.append(
                Reason(
                    rs.cite(Concept.TARGET_FITS), f"{name} fits “{req.text or 'the phrase'}”", True
                )
            )
        elif zone_ok:
            parts = why_not(ctx, req.descriptor, entry)
            if creq.any_target is not None:
                core, allows = creq.any_target
                if core.objects is None or not core.objects(ctx, entry):
                    parts = [(rs.cite(Concept.ANY_TARGET), f"is not {allows}")]
            for number, why in parts or [(rs.cite(Concept.TARGET_FITS), "does not fit the phrase")]:
                reasons.append(Reason(number, f"{name} {why} (“{req.text or 'the phrase'}”)"))
        if (
            targeter.stack_object is not None
            and candidate.id == targeter.stack_object.id
            and rs.cites(Concept.TARGET_ITSELF) is not None
        ):
            reasons.append(
                Reason(rs.cite(Concept.TARGET_ITSELF), f"{name} can't be a target of itself")
            )
        reasons.extend(game.ruleset.target_restrictions(game, targeter, candidate, chars))

    if exclude_self_in_instance and any(_same(candidate, c) for c in chosen.for_instance(index)):
        reasons.append(
            Reason(
                rs.cite(Concept.TARGET_REPEAT),
                f"{name} is already chosen for this instance of “target”",
            )
        )
    for other in req.distinct_from:
        if any(_same(candidate, c) for c in chosen.for_instance(other)):
            reasons.append(
                Reason(
                    rs.cite(Concept.TARGET_REPEAT),
                    f"{name} is already chosen for target {other + 1}; this one must be another",
                )
            )
    for test in together_failures(game, req, index, candidate, chosen):
        reasons.append(
            Reason(
                rs.cite(Concept.TARGET_FITS),
                f"{name} does not meet “{test.text}” with the other target(s) chosen "
                f"(“{req.text or 'the phrase'}”)",
            )
        )
    return Verdict.of(reasons)


def _player_misfit(descriptor: Descriptor, controller: str) -> str:
    """Why a player does not fit a phrase that allows some players: not an opponent,
    not the controller, or (otherwise) not what it says."""
    relations = {d.relation for d in descriptor_nodes(descriptor) if isinstance(d, PlayerIs)}
    if "opponent" in relations:
        return f"is not an opponent of {controller}, the player choosing"
    if "you" in relations:
        return f"is not {controller}, the player the phrase means"
    return "does not fit the phrase"


def _whose(game: Game, ref: ObjectRef) -> str | None:
    """The player an object is of: who controls it on the battlefield, whose zone it is
    in elsewhere (a card in their graveyard or hand); None if it is gone."""
    if not game.is_current(ref):
        return None
    obj = game.get(ref)
    if obj.zone.name == game.ruleset.battlefield:
        return game.controller(ref)
    return obj.zone.player


def is_legal_target(
    game: Game,
    requirements: Sequence[TargetRequirement],
    index: int,
    candidate: Entity,
    targeter: Targeter,
    *,
    chosen: Chosen | None = None,
) -> bool:
    """``bool(explain_target(...))``, computed without building reasons.

    Only what can fail is asked, each check the one :func:`explain_target` makes: the
    object's board-index entry is read, not made again (:meth:`Game.seen_object`; an
    object no longer there is told by the error of reading it, as
    :meth:`Game.is_current` would say); the zone test is worked out once per zone
    (:meth:`CompiledRequirement.looks_in`); a phrase that is only "one of these card
    types" is tested on the object's types, with no context made
    (:attr:`Compiled.only_types`); the ruleset's restrictions are asked only about an
    object with abilities or on a board where effects limit targeting
    (:meth:`Ruleset.targeting_limited_by_effects`); repeats (mtg:115.3) only where
    something was chosen before.
    """
    rs = game.ruleset
    req = requirements[index]
    targeter = rs.targeter_for_requirement(game, targeter, req)
    creq = _REQUIREMENTS(req, rs.name)
    if isinstance(candidate, PlayerRef):
        if candidate.name in game.players:
            stand_in = rs.player_object(game, candidate.name)
            if stand_in is not None:  # naming the player names it (fab:1.1.2b)
                return is_legal_target(game, requirements, index, stand_in, targeter, chosen=chosen)
        if candidate.name not in game.players or game.player(candidate.name).lost:
            return False
        ctx = new_context(game, targeter.controller, targeter.source, targeter.stack_object)
        if creq.compiled.players is None or not creq.compiled.players(ctx, candidate.name):
            return False
        # granted abilities, or ones the game's rules give from elsewhere (a permanent's
        # "You have hexproof."): the ruleset decides
        if not all(r.passed for r in rs.player_target_restrictions(game, targeter, candidate.name)):
            return False
    else:
        try:
            entry = game.seen_object(candidate)
        except (StaleReferenceError, UnknownObjectError, ArgumentError):
            # what is_current says: a reference that is not one raises its error, an
            # object no longer there is not a target (mtg:400.7)
            if game.is_current(candidate):
                raise
            return False
        obj = entry.obj
        if obj.phased_out:
            return False
        # the zone test, read from what looks_in has worked out for the zone before
        zone_ok = creq.zones.get(obj.zone.name)
        if not (creq.looks_in(game, obj.zone.name) if zone_ok is None else zone_ok):
            return False
        compiled = creq.compiled
        only = compiled.only_types
        if only is not None:
            # the phrase's test is "has one of these card types": read without a context
            if only.isdisjoint(entry.chars.types):
                return False
        elif compiled.objects is None or not compiled.objects(
            new_context(game, targeter.controller, targeter.source, targeter.stack_object), entry
        ):
            return False
        if (
            targeter.stack_object is not None
            and candidate.id == targeter.stack_object.id
            and rs.cites(Concept.TARGET_ITSELF) is not None
        ):
            return False
        if (
            entry.chars.abilities or rs.targeting_limited_by_effects(game)
        ) and not rs.target_allowed(game, targeter, entry):
            return False
    if chosen is not None and chosen.per_instance:
        if any(_same(candidate, c) for c in chosen.for_instance(index)):
            return False
        if any(any(_same(candidate, c) for c in chosen.for_instance(o)) for o in req.distinct_from):
            return False
    return not (req.together and together_failures(game, req, index, candidate, chosen or _NONE))


def _zone_name(game: Game, word: str) -> str:
    """The game's name for a zone word of a description."""
    if word == "battlefield":
        return game.ruleset.battlefield
    return game.ruleset.stack_zone if word == "stack" else word


def _zone_ok(game: Game, compiled: Compiled, zone: str) -> bool:
    """Whether ``zone`` is one a description looks in (each "or" alternative's own,
    mtg:109.2b)."""
    return any(
        wanted == ANY_ZONE or game.ruleset.zone_matches(zone, _zone_name(game, wanted))
        for wanted, _ in compiled.scopes
    )


def within_reach(game: Game, requirement: TargetRequirement, candidate: Entity) -> bool:
    """Whether ``candidate`` is of a kind and in a zone ``requirement`` looks at at all (a
    player for a phrase that can name players; an object in one of its zones): what a
    list of candidates worth explaining holds."""
    creq = compile_requirement(requirement, game.ruleset.name)
    if isinstance(candidate, PlayerRef):
        return creq.compiled.players is not None
    return creq.looks_in(game, game.get(candidate).zone.name)


def _zone_rule(rs: type[Ruleset], creq: CompiledRequirement) -> RuleRef:
    return rs.cite(Concept.ANY_TARGET if creq.is_any_target else Concept.TARGET_ZONE)


@dataclass(frozen=True)
class LegalTargets:
    """The legal choices for one instance of "target", computed lazily.

    Iterate it, test ``x in view`` (a single check, no generation), or ``count()``.
    """

    game: Game
    requirements: tuple[TargetRequirement, ...]
    index: int
    targeter: Targeter
    chosen: Chosen = field(default_factory=Chosen)

    def __iter__(self) -> Iterator[Entity]:
        creq = compile_requirement(self.requirements[self.index], self.game.ruleset.name)
        targeter = self.targeter
        ctx = Context(self.game, targeter.controller, targeter.source, targeter.stack_object)
        game = self.game
        allowed = game.ruleset.target_allowed
        itself = targeter.stack_object.id if targeter.stack_object is not None else None
        if game.ruleset.cites(Concept.TARGET_ITSELF) is None:
            itself = None  # the game has no rule against it
        # a total over the targets limits even the first one chosen
        taken = bool(self.chosen.per_instance) or any(
            t.test == "total_at_most" for t in self.requirements[self.index].together
        )
        always_ask = game.ruleset.targeting_limited_by_effects(game)
        for entry in described_entries(ctx, creq.compiled):
            ref = entry.ref
            if ref.id == itself:
                continue  # mtg:115.5
            if (always_ask or entry.chars.abilities) and not allowed(game, targeter, entry):
                continue
            if taken and not self._not_taken(ref):
                continue
            yield ref
        for player in described_players(ctx, creq.compiled):
            if self._allowed_player(player):
                yield player

    def _allowed_player(self, player: PlayerRef) -> bool:
        game = self.game
        if not all(
            r.passed
            for r in game.ruleset.player_target_restrictions(game, self.targeter, player.name)
        ):
            return False
        return self._not_taken(player)

    def _not_taken(self, entity: Entity) -> bool:
        if any(_same(entity, c) for c in self.chosen.for_instance(self.index)):
            return False
        req = self.requirements[self.index]
        if any(
            any(_same(entity, c) for c in self.chosen.for_instance(o)) for o in req.distinct_from
        ):
            return False
        return not (
            req.together and together_failures(self.game, req, self.index, entity, self.chosen)
        )

    def __contains__(self, candidate: object) -> bool:
        if isinstance(candidate, str) and candidate in self.game.players:
            candidate = PlayerRef(candidate)  # a player by name
        if not isinstance(candidate, ObjectRef | PlayerRef):
            return False
        return is_legal_target(
            self.game, self.requirements, self.index, candidate, self.targeter, chosen=self.chosen
        )

    def count(self) -> int:
        return sum(1 for _ in self)

    def __bool__(self) -> bool:
        return next(iter(self), None) is not None

    def players(self) -> frozenset[str]:
        """The players some legal choice is of (its controller on the battlefield, whose
        zone it is in elsewhere; a player is their own): an instance with
        ``each_player`` needs one choice of each (mtg:601.2c)."""
        found = (_together_value(self.game, e, "player") for e in self)
        return frozenset(p for p in found if isinstance(p, str))

    def explain(self, candidate: Entity | str) -> Verdict:
        """The verdict for one candidate (an object, or a player by name or PlayerRef)."""
        candidate = entity(self.game, "LegalTargets.explain()", "candidate", candidate)
        return explain_target(
            self.game, self.requirements, self.index, candidate, self.targeter, chosen=self.chosen
        )


def legal_targets(
    game: Game,
    requirements: Sequence[TargetRequirement],
    index: int,
    targeter: Targeter,
    chosen: Chosen | None = None,
) -> LegalTargets:
    """The lazy view of legal choices for instance ``index`` (0-based)."""
    check_call(game, requirements, index, targeter)
    targeter = game.ruleset.targeter_for_requirement(game, targeter, requirements[index])
    return LegalTargets(game, tuple(requirements), index, targeter, chosen or Chosen())
