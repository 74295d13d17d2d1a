"""Resolving spells and abilities, for every game: the re-check of targets and the effects.

On resolution every target is checked again (RECHECK, mtg:608.2b). With no legal
target left, the spell or ability does not resolve and leaves the stack; with
some, it resolves but does nothing to the illegal ones. Effects then happen in
the order written (EFFECT_ORDER, mtg:608.2c).

The kernel performs what every game shares: references to targets and groups,
optional parts ("may"), conditions, changing a spell's targets. Every other
effect node is performed by the handler the game's ruleset lists for its type
(:attr:`Ruleset.effects <tcgrules.kernel.ruleset.Ruleset.effects>`), like
sqlglot's per-dialect transforms; a node with no handler is "not supported".
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from types import MappingProxyType
from typing import Any

from tcgrules.cardtext.nodes import (
    Amount,
    AndEachSharing,
    CardsIn,
    Chosen,
    Conditional,
    ControllerOf,
    CounterKindsAmong,
    CountersOn,
    CountOf,
    Each,
    EachControlledBy,
    GreatestAmong,
    Half,
    HowMany,
    IfCondition,
    IfYouDo,
    It,
    LifeTotalOf,
    Max,
    May,
    MovedThisWay,
    NumberCondition,
    NumberOf,
    OfMoved,
    OwnerOf,
    PowerOf,
    ReflexiveTrigger,
    RolesFilled,
    RollResult,
    SacrificedValue,
    Scaled,
    Self,
    SpellsCastThisTurn,
    SubtypesAmong,
    Sum,
    SymbolsInCosts,
    TargetSlot,
    ThisTurn,
    TimesChosen,
    TriggerAmount,
    TriggerObject,
    UnsupportedEffect,
    You,
)
from tcgrules.errors import (
    IllegalTargetError,
    NotSupportedError,
    RulesViolation,
    UnknownObjectError,
)
from tcgrules.kernel.chance import ROLLED, last_result
from tcgrules.kernel.characteristics import Characteristics
from tcgrules.kernel.concepts import Concept
from tcgrules.kernel.describe import (
    Context,
    compile_descriptor,
    described_objects,
    described_players,
    describes,
    number_test,
)
from tcgrules.kernel.descriptors import AllOf, Descriptor, InZone
from tcgrules.kernel.events import NO_DATA, Event, new_event
from tcgrules.kernel.game import Game
from tcgrules.kernel.moved_objects import done_in, of_moved
from tcgrules.kernel.objects import Entity, GameObject, ObjectRef, PlayerRef, StackInfo
from tcgrules.kernel.play import Announced, amount, became_target, put_triggered, targeter_for
from tcgrules.kernel.stack import (
    CHANGE_CONCEPTS,
    ChangeHow,
    Recheck,
    check_new_targets,
    recheck,
    still_legal,
)
from tcgrules.kernel.targeting import Targeter
from tcgrules.verdict import Reason, Verdict


@dataclass(frozen=True)
class ResolveChoices:
    """Choices made while the top object resolves (the scenario's ``choose:``)."""

    new_targets: tuple[tuple[Entity, ...], ...] | None = None
    chosen: tuple[Entity, ...] | None = None
    may: bool | None = None
    pay: bool | None = None
    copy_targets: tuple[tuple[Entity, ...], ...] | None = None
    #: the targets of a reflexive triggered ability the resolution creates (mtg:603.12)
    reflexive_targets: tuple[tuple[Entity, ...], ...] | None = None
    #: a color chosen as it resolves ("the color of your choice")
    color: str | None = None
    #: which of the options an effect offers its controller ("tap" or "untap", a
    #: kind of counter)
    option: str | None = None
    #: the results of the dice rolled as it resolves, in order (instead of the game's
    #: random source); and of the coins flipped ("win"/"lose", "heads"/"tails")
    rolls: tuple[int, ...] | None = None
    flips: tuple[str, ...] | None = None
    #: how many counters of each kind a player picks ("remove up to three counters",
    #: "move any number of counters"), by kind
    counters: Mapping[str, int] | None = None


#: no choice made for the resolution (frozen, so one record serves every resolution)
_NO_CHOICES = ResolveChoices()
#: read once: an enum member read costs a lookup through the class
_RESOLVE = Concept.RESOLVE

#: the effect nodes the kernel performs itself (:meth:`Resolution.perform`)
_SHARED_NODES = (Conditional, May, IfYouDo, IfCondition, ReflexiveTrigger, UnsupportedEffect)


# --------------------------------------------------------------------- resolving
def resolve_top(game: Game, choices: ResolveChoices | None = None) -> None:
    """Resolve the top object of the stack (mtg:608.2).

    Targets are checked again first (RECHECK, mtg:608.2b). While every one of them is
    still legal (:func:`~tcgrules.kernel.stack.still_legal`: one boolean per target),
    nothing is said about illegal ones and nothing can fail, so no re-check record is
    made and that bookkeeping is skipped: the effects act on every target, as they do
    when the record says each is legal."""
    rs = game.ruleset
    choices = choices or _NO_CHOICES
    obj = game.top_of_stack()
    if obj is None:
        raise RulesViolation(
            Verdict.refuse(rs.cite(Concept.EMPTY_STACK), "the stack is empty"), "resolve"
        )
    info = obj.stack or StackInfo()
    targeter = targeter_for(game, obj)
    checked: Recheck | None = None
    if any(info.targets) and not still_legal(game, obj, targeter):
        checked = recheck(game, obj, targeter)
    if checked is not None and not all(map(all, checked.legal)):
        for i, row in enumerate(info.targets):
            for j, t in enumerate(row):
                if not checked.legal[i][j]:
                    why = checked.verdict(i, j).describe()
                    game.log(
                        Event(
                            "target_illegal",
                            f"{game.describe(t)} is no longer a legal target of {obj.label}: {why}",
                            rs.cite(Concept.RECHECK),
                            t if isinstance(t, ObjectRef) else None,
                            player=t.name if isinstance(t, PlayerRef) else None,
                        )
                    )
        fizzled = _fizzle_reason(game, info, checked)
        if fizzled is not None:
            text, concept = fizzled
            game.log(
                Event(
                    "did_not_resolve",
                    f"{obj.label} does not resolve: {text}",
                    rs.cite(concept),
                    obj.ref,
                )
            )
            _leave_stack(game, obj, resolved=False)
            return
        _part_fails(game, obj, checked)
    failed = rs.fails_to_resolve(game, obj)
    if failed is not None:
        text, cited = failed
        game.log(Event("did_not_resolve", f"{obj.label} does not resolve: {text}", cited, obj.ref))
        _leave_stack(game, obj, resolved=False)
        return
    run = Resolution(game, obj, targeter, checked, choices)
    for effect in info.effects:
        run.perform(effect)
    # what it moved, for "the exiled card" in its reflexive abilities (mtg:603.12)
    moved = done_in(game.events.since(run.began)) if run.reflexive else ()
    game.log(
        new_event(
            "resolved", "{0.label} resolves", rs.cite(_RESOLVE), obj.ref, None, NO_DATA, (obj,)
        )
    )
    if game.is_current(obj.ref):
        _leave_stack(game, game.get(obj.ref), resolved=True)
    for node, it in run.reflexive:
        # it triggered during the resolution and is put on the stack after it (mtg:603.12)
        put_triggered(
            game,
            info.source or obj.ref,
            node,
            run.controller,
            f"reflexive ability of {obj.label}",
            Announced(choices.reflexive_targets or ()),
            it=it,
            parent_moved=moved,
        )


def _fizzle_reason(game: Game, info: StackInfo, checked: Recheck) -> tuple[str, Concept] | None:
    """Why the object does not resolve, if it does not: every target is illegal
    (RECHECK, mtg:608.2b), or, in a game where every required target must still be
    legal, one of those is (REQUIRED_TARGET_FIZZLES); None if it resolves."""
    if checked.all_illegal:
        return "all its targets are illegal", Concept.RECHECK
    if not game.ruleset.required_target_fizzles:
        return None
    for i, row in enumerate(checked.legal):
        required = i < len(info.requirements) and info.requirements[i].min > 0
        if required and not all(row):
            phrase = info.requirements[i].text or f"target {i + 1}"
            return f"a target it must have (“{phrase}”) is illegal", Concept.REQUIRED_TARGET_FIZZLES
    return None


def _part_fails(game: Game, obj: GameObject, checked: Recheck) -> None:
    """Some targets are still legal, so it resolves; what it would do to each illegal one
    fails, and the rest happens (TARGET_PART_FAILS: mtg:608.2b, fab:1.8.9)."""
    rule_applied = game.ruleset.cites(Concept.TARGET_PART_FAILS)
    info = obj.stack
    if rule_applied is None or info is None:
        return
    for i, row in enumerate(info.targets):
        for j, t in enumerate(row):
            if not checked.legal[i][j]:
                game.log(
                    Event(
                        "effect_failed",
                        f"what {obj.label} would do to {game.describe(t)} fails; "
                        "the rest of it still happens",
                        rule_applied,
                        t if isinstance(t, ObjectRef) else None,
                        player=t.name if isinstance(t, PlayerRef) else None,
                    )
                )


def _slots(effect: object) -> list[int]:
    """The target instances an effect node refers to directly (its TargetSlot fields),
    or those of the effects an optional part holds."""
    if isinstance(effect, May):
        return [i for inner in effect.effects for i in _slots(inner)]
    fields = getattr(effect, "__dataclass_fields__", None) or {}
    return [v.index for name in fields if isinstance(v := getattr(effect, name), TargetSlot)]


def _leave_stack(game: Game, obj: GameObject, *, resolved: bool) -> None:
    """An ability leaves the stack and ceases to exist; anything else goes where the
    ruleset says (:meth:`Ruleset.leave_stack`)."""
    rs = game.ruleset
    if obj.kind != "ability":
        rs.leave_stack(game, obj, resolved=resolved)
        return
    game.remove(
        obj.ref,
        rule_applied=rs.cite(Concept.LEAVE_STACK if resolved else Concept.RECHECK),
        reason="leaves the stack",
    )
    if not resolved:
        game.log(
            Event(
                "removed_from_stack",
                f"{obj.label} is removed from the stack",
                rs.cite(Concept.RECHECK),
                obj.ref,
            )
        )


def announcing(game: Game, obj: GameObject, targeter: Targeter, **info: Any) -> Resolution:
    """A reader of the numbers an object's text computes while it is being announced,
    before it resolves ("up to X target creatures, where X is ...", mtg:601.2c; a divided
    amount the text computes, mtg:601.2d): :meth:`Resolution.amount` over ``obj`` with
    its stack information changed by ``info`` (its X, optional costs, source)."""
    stack = replace(obj.stack or StackInfo(), **info)
    return Resolution(game, replace(obj, stack=stack), targeter, None, ResolveChoices())


class Resolution:
    """Performs one resolving object's effects in order (mtg:608.2c), on legal targets only.

    Effect handlers (:attr:`Ruleset.effects`) receive it: :meth:`entities` and
    :meth:`objects` turn an effect's references into the targets still legal and the
    groups it names; :meth:`amount` reads a number (X included)."""

    def __init__(
        self,
        game: Game,
        obj: GameObject,
        targeter: Targeter,
        checked: Recheck | None,
        choices: ResolveChoices,
    ) -> None:
        self.game = game
        self.obj = obj
        self.info = obj.stack or StackInfo()
        self.targeter = targeter
        self.checked = checked
        self.choices = choices
        self.controller = targeter.controller
        self._chosen: dict[Chosen, list[Entity]] = {}
        #: whether the controller took the last optional action ("you may ..."), for an
        #: "if you do" after it; None before any
        self.did: bool | None = None
        #: reflexive triggered abilities that triggered while resolving (mtg:603.12)
        self.reflexive: list[tuple[ReflexiveTrigger, tuple[Entity, ...]]] = []
        #: how many events the log held as the resolution began: what it did "this way"
        #: is what was logged since (mtg:608.2c)
        self.began = game.events.size

    # references
    def targets(self, index: int) -> list[tuple[Entity, int | None]]:
        """Legal targets of instance ``index`` with their division share, if any."""
        if index >= len(self.info.targets):
            return []
        row = self.info.targets[index]
        shares = self.info.divisions[index] if index < len(self.info.divisions) else ()
        out: list[tuple[Entity, int | None]] = []
        for j, t in enumerate(row):
            if self.checked is not None and not self.checked.legal[index][j]:
                continue  # the spell does nothing to an illegal target (mtg:608.2b)
            out.append((t, shares[j] if j < len(shares) else None))
        return out

    def entities(self, reference: object) -> list[tuple[Entity, int | None]]:
        if isinstance(reference, TargetSlot):
            return self.targets(reference.index)
        if isinstance(reference, Each):
            ctx = Context(
                self.game, self.controller, self.info.source or self.obj.ref, self.obj.ref
            )
            compiled = compile_descriptor(reference.descriptor, self.game.ruleset.name)
            found: list[tuple[Entity, int | None]] = [
                (r, None) for r in described_objects(ctx, compiled)
            ]
            found += [(p, None) for p in described_players(ctx, compiled)]
            return found
        if isinstance(reference, You):
            return [(PlayerRef(self.controller), None)]
        if isinstance(reference, Self):
            return [(self.info.source or self.obj.ref, None)]
        if isinstance(reference, Chosen):
            return [(e, None) for e in self.chosen(reference)]
        if isinstance(reference, It):
            if self.info.it:
                return [(e, None) for e in self.info.it]
            return (
                self.targets(0) if self.info.targets else [(self.info.source or self.obj.ref, None)]
            )
        if isinstance(reference, TriggerObject):
            return self.trigger_object(reference)
        if isinstance(reference, ControllerOf):
            return [(PlayerRef(who), None) for who in self._controllers(reference.of)]
        if isinstance(reference, EachControlledBy):
            players = {e.name for e, _ in self.entities(reference.by) if isinstance(e, PlayerRef)}
            players.update(self._controllers(reference.by))
            return [
                (e, None)
                for e, _ in self.entities(Each(reference.descriptor))
                if isinstance(e, ObjectRef) and self.game.controller(e) in players
            ]
        if isinstance(reference, AndEachSharing):
            return self._and_each_sharing(reference)
        if isinstance(reference, OwnerOf):
            return [(PlayerRef(who), None) for who in self._owners(reference.of)]
        raise NotSupportedError(f"the reference {type(reference).__name__} in an effect")

    def _and_each_sharing(self, reference: AndEachSharing) -> list[tuple[Entity, int | None]]:
        """What ``first`` names, then each other object the descriptor describes that
        shares a value of the property with one of those (a name: the same name, and
        only a named object has one; colors: a color in common)."""
        firsts = self.entities(reference.first)
        found = list(firsts)
        game, prop = self.game, reference.prop

        def values(ref: ObjectRef) -> frozenset[str]:
            seen = game.seen_object(ref)
            value = game.ruleset.object_property(game, ref, seen.chars, prop)
            if isinstance(value, frozenset):
                return frozenset(str(v).lower() for v in value)
            return frozenset() if value in (None, "") else frozenset({str(value).lower()})

        wanted: set[str] = set()
        firsts_ids = set()
        owners: set[str | None] = set()
        for entity, _ in firsts:
            if isinstance(entity, ObjectRef) and game.is_current(entity):
                wanted |= values(entity)
                firsts_ids.add(entity.id)
                owners.add(game.controller(entity))
        if not wanted:
            return found
        for entity, _ in self.entities(Each(reference.descriptor)):
            if (
                isinstance(entity, ObjectRef)
                and entity.id not in firsts_ids
                and values(entity) & wanted
                and (not reference.same_controller or game.controller(entity) in owners)
            ):
                found.append((entity, None))
        return found

    def trigger_object(self, reference: TriggerObject) -> list[tuple[Entity, int | None]]:
        """What the trigger event was about (mtg:603.2): the object the game was told
        of when the ability triggered, even if it has since changed (mtg:608.2k); an
        effect reading it after it left its zone uses it as it last existed there
        (mtg:608.2h). Not told: not supported, rather than guessing."""
        if not self.info.about:
            raise NotSupportedError(
                f"“{reference.word}” in {self.obj.label} names the object its trigger event "
                "was about, and that object is unknown (name it when the ability triggers)"
            )
        if not reference.looks_back:
            return [(e, None) for e in self.info.about]
        return [(self._before_the_move(reference, e), None) for e in self.info.about]

    def _before_the_move(self, reference: TriggerObject, entity: Entity) -> Entity:
        """The object a look-back trigger was about, as it was on the battlefield just
        before the event moved it (mtg:603.10a): the incarnation before its current one."""
        game = self.game
        if isinstance(entity, ObjectRef) and game.is_current(entity) and entity.incarnation > 1:
            before = ObjectRef(entity.id, entity.incarnation - 1)
            try:
                if game.last_known(before).object.zone.name == game.ruleset.battlefield:
                    return before
            except UnknownObjectError:
                pass
        raise NotSupportedError(
            f"“{reference.word}” in {self.obj.label} names the object as it was before its "
            f"trigger event moved it from the battlefield, and {game.describe(entity)} did "
            "not just leave the battlefield"
        )

    def _owners(self, reference: object) -> list[str]:
        """Who owns what ``reference`` names: ownership does not change as an object moves
        (mtg:108.3), so an object that left its zone still names its owner (as it last
        existed, mtg:608.2h)."""
        found: list[str] = []
        for entity, _ in self.entities(reference):
            if not isinstance(entity, ObjectRef):
                continue
            who = self.game.last_known(entity).object.owner
            if who not in found:
                found.append(who)
        return found

    def _controllers(self, reference: object) -> list[str]:
        """Who controls what ``reference`` names; what has left its zone, as it last
        existed (mtg:608.2h in Magic's words)."""
        game = self.game
        found: list[str] = []
        for entity, _ in self.entities(reference):
            if not isinstance(entity, ObjectRef):
                continue
            who = (
                game.controller(entity)
                if game.is_current(entity)
                else game.last_known(entity).controller
            )
            if who is not None and who not in found:
                found.append(who)
        return found

    def chosen(self, reference: Chosen) -> list[Entity]:
        """What the controller chooses as the effect happens ("choose a unit"; the
        scenario's ``choose: {chosen: [...]}``): not a target, so nothing that limits
        targeting applies, but each choice must fit the phrase and the number must be
        allowed (CHOSEN_ON_RESOLUTION, ga:objects-and-targeting/target-4). A bad choice
        refuses the resolution."""
        if reference in self._chosen:
            return self._chosen[reference]
        game = self.game
        concept = game.ruleset.cite(Concept.CHOSEN_ON_RESOLUTION)
        picked = list(self.choices.chosen or ())
        phrase = reference.text or "something"
        upper = reference.max
        if not reference.min <= len(picked) <= (upper if upper is not None else len(picked)):
            wanted = (
                f"{reference.min}"
                if upper == reference.min
                else (f"{reference.min} to {upper if upper is not None else 'any number'}")
            )
            raise RulesViolation(
                Verdict.refuse(
                    concept,
                    f"{self.obj.label} has its controller choose {phrase} as it resolves: "
                    f"{wanted} to choose (choose: {{chosen: [...]}}), {len(picked)} given",
                ),
                "resolve",
            )
        ctx = Context(game, self.controller, self.info.source or self.obj.ref, self.obj.ref)
        for entity in picked:
            fits = (
                describes(ctx, reference.descriptor, entity)
                if not isinstance(entity, ObjectRef) or game.is_current(entity)
                else False
            )
            if not fits:
                raise RulesViolation(
                    Verdict.refuse(
                        concept, f"{game.describe(entity)} is not {phrase}, so it can't be chosen"
                    ),
                    "resolve",
                )
            game.log(
                Event(
                    "chosen",
                    f"{self.controller} chooses {game.describe(entity)} for “{phrase}” "
                    "(chosen as it resolves, not targeted)",
                    concept,
                    entity if isinstance(entity, ObjectRef) else None,
                    player=entity.name if isinstance(entity, PlayerRef) else None,
                )
            )
        self._chosen[reference] = picked
        return picked

    def damage_source(self, reference: object) -> Characteristics:
        """The characteristics of the object that deals damage: the source of an ability
        its text calls "~", else the resolving object; as it last existed if it has left
        its zone (mtg:608.2h)."""
        ref = (
            self.info.source if (isinstance(reference, Self) and self.info.source) else self.obj.ref
        )
        game = self.game
        if game.is_current(ref):  # as last_known gives them, without building its record
            return game.characteristics(ref)
        return game.last_known(ref).characteristics

    def amount(self, value: Amount) -> int:
        """A number in an effect, with X as announced (mtg:601.2b); a count is taken now,
        as the effect applies, over what exists then (mtg:608.2h)."""
        if type(value) is int:  # a printed number, the common case
            return value
        if isinstance(value, CountOf):
            return self.amount(value.multiplier) * len(self.entities(Each(value.descriptor)))
        if isinstance(value, PowerOf):
            return self.power_of(value.of)
        if isinstance(value, LifeTotalOf):
            players = [p for p, _ in self.entities(value.who) if isinstance(p, PlayerRef)]
            life = self.game.player(players[0].name).life if players else None
            return life or 0
        if isinstance(value, NumberOf):
            return self.number_of(value)
        if isinstance(value, Sum):
            return sum(self.amount(term) for term in value.terms)
        if isinstance(value, Max):
            return max(self.amount(term) for term in value.terms)
        if isinstance(value, Scaled):
            return value.factor * self.amount(value.of)
        if isinstance(value, CountersOn):
            return self.counters_on(value)
        if isinstance(value, CardsIn):
            players = [p for p, _ in self.entities(value.whose) if isinstance(p, PlayerRef)]
            if not players:
                return 0
            cards = self.game.zone(value.zone, players[0].name)
            if value.descriptor is None:
                return len(cards)
            # only the cards of that zone the words describe ("creature cards")
            described = self.entities(Each(AllOf((value.descriptor, InZone(value.zone)))))
            return len({e for e, _ in described} & set(cards))
        if isinstance(value, HowMany):
            return len(self.entities(value.of))
        if isinstance(value, SubtypesAmong):
            found: set[str] = set()
            for entity, _ in self.entities(Each(value.descriptor)):
                if isinstance(entity, ObjectRef):
                    found |= self.game.characteristics(entity).subtypes
            return len(found & set(value.subtypes))
        if isinstance(value, SymbolsInCosts):
            symbols = 0
            for entity, _ in self.entities(Each(value.descriptor)):
                if isinstance(entity, ObjectRef):
                    cost = self.game.characteristics(entity).value("cost")
                    if isinstance(cost, str):
                        symbols += sum(
                            value.letter in part.upper().split("/")
                            for part in cost.strip("{}").split("}{")
                        )
            return symbols
        if isinstance(value, RolesFilled):
            return self.roles_filled(value)
        if isinstance(value, MovedThisWay):
            return self.amount(value.multiplier) * len(self.moved_this_way(value))
        if isinstance(value, SpellsCastThisTurn):
            return self.spells_cast_this_turn(value)
        if isinstance(value, ThisTurn):
            return self.this_turn(value)
        if isinstance(value, Half):
            whole = self.amount(value.of)
            return (whole + 1) // 2 if value.up else whole // 2
        if isinstance(value, TimesChosen):
            return self.times_chosen(value)
        if isinstance(value, CounterKindsAmong):
            kinds: set[str] = set()
            for entity, _ in self.entities(Each(value.descriptor)):
                if isinstance(entity, ObjectRef) and self.game.is_current(entity):
                    counters = self.game.get(entity).counters
                    kinds |= {kind for kind, count in counters.items() if count > 0}
            return len(kinds)
        if isinstance(value, SacrificedValue | OfMoved):
            # of the object an earlier step or the cost moved (mtg:608.2c, mtg:608.2h)
            return of_moved(self, value)
        if isinstance(value, GreatestAmong):
            numbers = [
                self.game.characteristics(entity).number(value.prop) or 0
                for entity, _ in self.entities(Each(value.descriptor))
                if isinstance(entity, ObjectRef)
            ]
            return max(numbers, default=0)
        if isinstance(value, RollResult):
            # "the result": of the die the controller rolled last (mtg:706.2), in this
            # resolution or in the one a reflexive ability of it triggered from
            rolled = last_result(self.game, ROLLED, self.controller)
            if rolled is None:
                raise NotSupportedError(f"“the result” in {self.obj.label}: no die was rolled")
            return int(str(rolled.data["result"]))
        if isinstance(value, TriggerAmount):
            if self.info.about_amount is None:
                raise NotSupportedError(
                    f"“{value.word}” in {self.obj.label} names the number its trigger event "
                    "was about, and that number is unknown (give it when the ability triggers)"
                )
            return self.info.about_amount
        if not isinstance(value, int | str):
            # a number of the game's own, worked out from the game alone (Ruleset.amount_now)
            source = self.info.source or self.obj.ref
            number = self.game.ruleset.amount_now(self.game, self.controller, source, value)
            if number is None:
                raise NotSupportedError(f"the amount {type(value).__name__} in {self.obj.label}")
            return number
        return amount(self.game, value, self.info.x)

    def spells_cast_this_turn(self, value: SpellsCastThisTurn) -> int:
        """How many spells with one of ``value.types`` the controller cast this turn, read
        from the turn's cast events (mtg:601.2i) as the effect happens (mtg:608.2h): not
        the ``other_than`` spell, and, with ``before``, only those cast before it. A cast
        spell's types and caster are taken as it last existed (mtg:608.2h)."""
        excluded = (
            {ref.id for ref, _ in self.entities(value.other_than) if isinstance(ref, ObjectRef)}
            if value.other_than is not None
            else set()
        )
        count = 0
        for event in self.game.events.this_turn():
            if event.kind != "cast" or event.object is None:
                continue
            if event.object.id in excluded:
                if value.before:
                    break
                continue
            try:
                known = self.game.last_known(event.object)
            except UnknownObjectError:
                continue
            caster = known.controller or known.object.owner
            # no types: every spell ("the number of spells you've cast this turn")
            if caster == self.controller and (
                not value.types or known.characteristics.types & set(value.types)
            ):
                count += 1
        return count

    def times_chosen(self, value: TimesChosen) -> int:
        """How many times an optional cost was chosen as the spell was cast, for this
        spell or the spell the source was (the ruleset reads it)."""
        ref = self.info.source or self.obj.ref
        found = self.game.ruleset.cast_option_times(self.game, ref, value.option)
        if found is None:
            raise NotSupportedError(
                f"“the number of times {value.option}” in {self.obj.label}: "
                f"{self.game.describe(ref)} was not cast as a spell"
            )
        return found

    def this_turn(self, value: ThisTurn) -> int:
        """How much of ``value.what`` happened this turn to the first player ``value.who``
        names (life gained, cards drawn...), as the game's ruleset reads it from the
        turn's events when the effect happens; 0 if it names no player."""
        players = [p for p, _ in self.entities(value.who) if isinstance(p, PlayerRef)]
        if not players:
            return 0
        found = self.game.ruleset.turn_history(self.game, players[0].name, value.what)
        if found is None:
            raise NotSupportedError(
                f"“{value.what.replace('_', ' ')} this turn” in {self.obj.label}: "
                f"{self.game.ruleset.title} does not keep that count"
            )
        return found

    def moved_this_way(self, value: MovedThisWay) -> list[ObjectRef]:
        """The objects an earlier part of this resolution moved into zone ``value.to``
        (from ``value.origin``, if given) that ``value.descriptor`` describes there now
        ("each card exiled this way", mtg:608.2c); each once, in the order they moved.
        An object that has left that zone since is not among them. Objects shown where
        they are (``value.event`` "revealed", mtg:701.16b) are counted if still there; one
        that has moved since is not supported."""
        ctx = Context(self.game, self.controller, self.info.source or self.obj.ref, self.obj.ref)
        found: list[ObjectRef] = []
        for event in self.game.events.since(self.began):
            ref = event.object
            if event.kind != value.event or ref is None or ref in found:
                continue
            if value.event == "moved" and event.data.get("to") != value.to:
                continue
            if value.origin is not None and event.data.get("from") != value.origin:
                continue
            if value.event != "moved" and not self.game.is_current(ref):
                # shown where it was, then moved: what it was then is not looked up
                raise NotSupportedError(
                    f"“{value.word} this way” in {self.obj.label}: a card {value.word} "
                    "this way has changed zones since"
                )
            if describes(ctx, value.descriptor, ref):
                found.append(ref)
        return found

    def power_of(self, reference: object) -> int:
        """The power of the first object ``reference`` names, as it is or, if it has
        left its zone, as it last existed (mtg:608.2h); 0 if there is none."""
        for entity, _ in self.entities(reference):
            if isinstance(entity, ObjectRef):
                chars = (
                    self.game.characteristics(entity)
                    if self.game.is_current(entity)
                    else self.game.last_known(entity).characteristics
                )
                power = chars.power
                return power if isinstance(power, int) else 0
        return 0

    def roles_filled(self, value: RolesFilled) -> int:
        """The most roles different objects can fill at once, each filling one role it
        has (a matching, tried role by role)."""
        holders = [
            self.game.characteristics(e).subtypes
            for e, _ in self.entities(Each(value.descriptor))
            if isinstance(e, ObjectRef)
        ]

        def best(roles: tuple[str, ...], used: frozenset[int]) -> int:
            if not roles:
                return 0
            most = best(roles[1:], used)  # the first role left empty
            for i, subtypes in enumerate(holders):
                if i not in used and roles[0] in subtypes:
                    most = max(most, 1 + best(roles[1:], used | {i}))
            return most

        return best(value.roles, frozenset())

    def counters_on(self, value: CountersOn) -> int:
        """How many counters of a kind (or of every kind) are on the first object
        ``value.on`` names, as it is or as it last existed (mtg:608.2h); 0 if none."""
        for entity, _ in self.entities(value.on):
            if not isinstance(entity, ObjectRef):
                continue
            counters = (
                self.game.get(entity).counters
                if self.game.is_current(entity)
                else self.game.last_known(entity).object.counters
            )
            if value.kind is None:
                return sum(counters.values())
            return counters.get(value.kind, 0)
        return 0

    def number_of(self, value: NumberOf) -> int:
        """A numeric property of the first object ``value.of`` names, as it is or as it
        last existed (mtg:608.2h); 0 if there is none. A variable in a cost (X) is not
        in the printed number, so a cost with one is not supported here. ``colors`` is
        how many colors it is (mtg:105.2)."""
        for entity, _ in self.entities(value.of):
            if not isinstance(entity, ObjectRef):
                continue
            chars = (
                self.game.characteristics(entity)
                if self.game.is_current(entity)
                else self.game.last_known(entity).characteristics
            )
            if value.prop == "colors":
                # "the number of colors that spell is": each of its colors once
                return len(chars.colors)
            cost = chars.value("cost")
            if isinstance(cost, str) and "X" in cost.upper():
                raise NotSupportedError(
                    f"the {value.prop.replace('_', ' ')} of {self.game.describe(entity)}, "
                    "whose cost has a variable"
                )
            return chars.number(value.prop) or 0
        return 0

    # effects
    def perform(self, effect: object) -> None:
        """Perform one effect node: the shared ones here, the rest by the ruleset's table."""
        if isinstance(effect, _SHARED_NODES):  # one test for the common case: none of them
            if isinstance(effect, Conditional):
                self.conditional(effect)
                return
            if isinstance(effect, May):
                self.may(effect)
                return
            if isinstance(effect, IfYouDo):
                self.if_you_do(effect)
                return
            if isinstance(effect, IfCondition):
                self.if_condition(effect)
                return
            if isinstance(effect, ReflexiveTrigger):
                self.reflexive_trigger(effect)
                return
            if isinstance(effect, UnsupportedEffect):
                raise NotSupportedError(f"the effect “{effect.text}”")
        if self.unchosen(effect):
            return
        handlers = self.game.ruleset.effects
        for kind in type(effect).__mro__:
            handler = handlers.get(kind)
            if handler is not None:
                handler(self, effect)
                return
        raise NotSupportedError(f"the effect {type(effect).__name__} in {self.game.ruleset.title}")

    def unchosen(self, effect: object) -> bool:
        """True (and said) if every target instance ``effect`` refers to could be left
        empty and was: the effect is not generated (OPTIONAL_NO_TARGET: fab:1.8.5e,
        mtg:115.6)."""
        reqs = self.info.requirements
        for req in reqs:
            if req.min <= 0:
                break
        else:
            return False  # every instance must have a target: none was left empty
        slots = _slots(effect)
        if not slots or any(
            i >= len(reqs)
            or reqs[i].min > 0
            or (i < len(self.info.targets) and self.info.targets[i])
            for i in slots
        ):
            return False
        rule_applied = self.game.ruleset.cites(Concept.OPTIONAL_NO_TARGET)
        if rule_applied is None:
            return False
        phrases = ", ".join(f"“{reqs[i].text or 'target'}”" for i in sorted(set(slots)))
        self.game.log(
            Event(
                "not_generated",
                f"no target was chosen for {phrases}: that part of {self.obj.label} "
                "does not happen",
                rule_applied,
                self.obj.ref,
            )
        )
        return True

    def may(self, effect: May) -> None:
        """An optional part: performed only if the controller chooses to (mtg:608.2d)."""
        if self.unchosen(effect):
            return
        wants = self.choices.may
        if wants is None:
            wants = self.choices.new_targets is not None or self.choices.copy_targets is not None
        self.did = bool(wants)
        if wants:
            for inner in effect.effects:
                self.perform(inner)
            return
        self.game.log(
            Event(
                "declined",
                f"{self.controller} chooses not to: optional part of {self.obj.label}",
                self.game.ruleset.cite(Concept.OPTIONAL),
            )
        )

    def reflexive_trigger(self, effect: ReflexiveTrigger) -> None:
        """ "When you do, ...": it triggers if the controller took the optional action
        before it (or if there was none to decline), and is put on the stack once this
        resolution is over (mtg:603.12)."""
        if self.did is False:
            self.game.log(
                Event(
                    "not_triggered",
                    f"{self.controller} did not: the reflexive ability of {self.obj.label} "
                    "does not trigger",
                    self.game.ruleset.cite(Concept.REFLEXIVE_TRIGGER),
                )
            )
            return
        game = self.game
        if effect.when is not None:
            # "When you discard a nonland card this way, ...": it triggers only if this
            # resolution moved such an object, which "that card" then names (mtg:603.12)
            moved = self.moved_this_way(effect.when)
            if not moved:
                game.log(
                    Event(
                        "not_triggered",
                        f"nothing it names was {effect.when.word} this way: the reflexive "
                        f"ability of {self.obj.label} does not trigger",
                        game.ruleset.cite(Concept.REFLEXIVE_TRIGGER),
                    )
                )
                return
            if len(moved) > 1 and not effect.one_or_more:
                # once for each object (mtg:603.12a), each with its own "that card"
                raise NotSupportedError(
                    f"a reflexive ability of {self.obj.label} triggering once for each of "
                    f"{len(moved)} objects {effect.when.word} this way"
                )
            self.reflexive.append((effect, tuple(moved)))
            return
        # "it" in the reflexive ability: what this one acted on, as it exists now (a card
        # this resolution moved is found in its new zone)
        it = tuple(
            game.current(e.id).ref if isinstance(e, ObjectRef) else e
            for e, _ in self.entities(It())
        )
        self.reflexive.append((effect, it))

    def holds(self, test: NumberCondition | str, text: str) -> bool:
        """Whether the condition ``test`` (a number compared, or a condition the ruleset
        names) holds now, as the effect would happen (mtg:608.2c); one the ruleset can't
        answer is not supported (``text``: how the card says it)."""
        game = self.game
        found: bool | None
        if isinstance(test, NumberCondition):
            found = number_test(test.op, test.value)(self.amount(test.amount))
        else:
            found = game.ruleset.resolution_condition(
                game, self.controller, self.info.source or self.obj.ref, test
            )
        if found is None:
            raise NotSupportedError(f"the condition “if {text}”")
        return found

    def if_condition(self, effect: IfCondition) -> None:
        """ "If [condition], ...": checked now, as the effect would happen (mtg:608.2c)."""
        game = self.game
        if self.holds(effect.condition, effect.text):
            for inner in effect.effects:
                self.perform(inner)
            return
        cited = None
        if self.info.ability_kind == "triggered":
            cited = game.ruleset.cites(Concept.INTERVENING_IF)
        game.log(
            Event(
                "condition_not_met",
                f"the condition “{effect.text}” does not hold: that part of "
                f"{self.obj.label} does not happen",
                cited or game.ruleset.cite(Concept.CONDITION),
            )
        )

    def if_you_do(self, effect: IfYouDo) -> None:
        """ "If you do, ..." ("If you don't, ..."): performed only if the controller took
        (did not take) the optional action just before, as chosen while it resolved."""
        if self.did is None:
            raise NotSupportedError(
                "“if you do” after an action whose outcome is not known here (only an "
                "optional “you may ...” read before it is)"
            )
        if self.did != effect.didnt:
            for inner in effect.effects:
                self.perform(inner)
            return
        self.game.log(
            Event(
                "condition_not_met",
                f"{self.controller} {'did' if effect.didnt else 'did not'}: that part of "
                f"{self.obj.label} does not happen",
                self.game.ruleset.cite(Concept.CONDITION),
            )
        )

    def conditional(self, effect: Conditional) -> None:
        """Perform the effects if the subject fits the condition now; the condition is
        checked as the spell resolves and never limited the choice of targets (mtg:608.2c)."""
        game = self.game
        ctx = Context(game, self.controller, self.info.source or self.obj.ref, self.obj.ref)
        check = compile_descriptor(effect.condition, game.ruleset.name).objects
        subjects = self.objects(effect.subject)
        met = (
            bool(subjects)
            and check is not None
            and all(check(ctx, game.seen_object(t)) for t, _ in subjects)
        )
        if met:
            for inner in effect.effects:
                self.perform(inner)
            return
        names = ", ".join(game.describe(t) for t, _ in subjects) or "nothing"
        game.log(
            Event(
                "condition_not_met",
                f"{names}: the condition of {self.obj.label} is not met, so that part does nothing",
                game.ruleset.cite(Concept.CONDITION),
            )
        )

    def objects(self, reference: object) -> list[tuple[ObjectRef, int | None]]:
        return [
            (t, s)
            for t, s in self.entities(reference)
            if isinstance(t, ObjectRef) and self.game.is_current(t)
        ]

    def change_targets(
        self,
        target: ObjectRef,
        how: ChangeHow,
        to: object = None,
        must_be: Descriptor | None = None,
    ) -> None:
        """Change the targets of the spell or ability ``target`` (mtg:115.7a-d): to the
        ones chosen in ``choose: new_targets``, or to what the text names (``to``); a
        new target must also fit ``must_be`` when the text says what it must be."""
        game = self.game
        spell = game.get(target)
        new = self.choices.new_targets
        if spell.stack is None:
            return
        if new is None and to is not None:
            new = self.forced_change(spell, how, to)
        rs = game.ruleset
        if new is None:
            game.log(
                Event(
                    "targets_unchanged",
                    f"the targets of {spell.label} stay as they are",
                    rs.cite(Concept.CHANGE_TARGETS),
                    target,
                )
            )
            return
        their = targeter_for(game, spell)
        verdict, final = check_new_targets(game, spell, their, new, how)
        if to is not None and verdict:
            forced = {e for e, _ in self.entities(to)}
            changed = {
                t
                for i, row in enumerate(final)
                for j, t in enumerate(row)
                if t != spell.stack.targets[i][j]
            }
            if not changed <= forced:
                concept = (
                    Concept.CHANGE_THE_TARGET
                    if how == "change_the_target"
                    else Concept.CHANGE_A_TARGET
                )
                verdict = Verdict.refuse(
                    rs.cite(concept), "the text names the new target; no other may be chosen"
                )
        if must_be is not None and verdict:
            verdict = self._new_targets_fit(spell, final, how, must_be)
        if not verdict:
            raise IllegalTargetError(verdict, f"change the targets of {spell.label}")
        old = spell.stack.targets
        game.set_stack_info(target, replace(spell.stack, targets=final))
        names = "; ".join(", ".join(game.describe(t) for t in row) for row in final)
        game.log(
            Event(
                "targets_changed",
                f"the targets of {spell.label} are now {names}",
                rs.cite(CHANGE_CONCEPTS[how]),
                target,
                data=MappingProxyType({"old": old}),
            )
        )
        controller = game.controller(target) or spell.owner
        for i, row in enumerate(final):
            for j, t in enumerate(row):
                if t != old[i][j]:
                    became_target(game, game.get(target), t, controller)

    def _new_targets_fit(
        self,
        spell: GameObject,
        final: tuple[tuple[Entity, ...], ...],
        how: ChangeHow,
        must_be: Descriptor,
    ) -> Verdict:
        """Each changed target fits what the text says a new target must be."""
        game = self.game
        assert spell.stack is not None
        ctx = Context(game, self.controller, self.info.source or self.obj.ref, self.obj.ref)
        reasons: list[Reason] = []
        for i, row in enumerate(final):
            for j, t in enumerate(row):
                if t == spell.stack.targets[i][j]:
                    continue
                fits = describes(ctx, must_be, t)
                reasons.append(
                    Reason(
                        game.ruleset.cite(CHANGE_CONCEPTS[how]),
                        f"{game.describe(t)} "
                        + ("is" if fits else "is not")
                        + " what the text says the new target must be",
                        fits,
                    )
                )
        return Verdict.of(reasons)

    def forced_change(
        self, spell: GameObject, how: ChangeHow, to: object
    ) -> tuple[tuple[Entity, ...], ...] | None:
        """The targets after a change to a named new target ("to ~"), or None when no
        legal change exists: then the targets stay as they are (mtg:115.7a, 115.7b)."""
        game = self.game
        info = spell.stack
        if info is None:
            return None
        named = [e for e, _ in self.entities(to)]
        if len(named) != 1:
            return None
        new_target = named[0]
        their = targeter_for(game, spell)
        old = info.targets
        if how == "change_the_target":
            final = tuple(tuple(new_target for _ in row) for row in old)
            verdict, _ = check_new_targets(game, spell, their, final, how)
            return final if verdict else None
        for i, row in enumerate(old):
            for j, _ in enumerate(row):
                final = tuple(
                    tuple(new_target if (k, n) == (i, j) else x for n, x in enumerate(r))
                    for k, r in enumerate(old)
                )
                verdict, _ = check_new_targets(game, spell, their, final, how)
                if verdict:
                    return final
        return None


__all__ = ["Resolution", "ResolveChoices", "resolve_top"]
