"""Putting spells and abilities on the stack with targets, for every game.

``cast`` (a card: Magic's cast, Flesh and Blood's play), ``activate`` and
``trigger`` choose modes, targets and the division of an amount as the object
goes on the stack; each rule they apply is the one the game's ruleset maps the
:class:`~tcgrules.kernel.concepts.Concept` to (Magic's numbers in brackets:
casting mtg:601.2a-i, activating mtg:602.2, triggering mtg:603.3, modes
mtg:700.2).

Every action here is meant to run inside :meth:`Game.transaction`: a refusal
raises :class:`IllegalTargetError` (or :class:`RulesViolation`) carrying the
verdict, and the transaction puts the game back as it was.

The card's text is read by the ruleset's grammar (:meth:`Ruleset.card_text`),
never hard-coded per card: the requirements and effects become the stack
object's :class:`StackInfo`, so re-checking, copying and changing targets need
no second reading. Resolving is :mod:`tcgrules.kernel.resolution`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from types import MappingProxyType
from typing import TYPE_CHECKING, Literal

from tcgrules.cardtext.nodes import (
    ActivatedAbility,
    CardText,
    DealDamage,
    DelayedTrigger,
    DistributeCounters,
    May,
    Modal,
    PowerOf,
    PreventDamage,
    ReflexiveTrigger,
    Self,
    SpellAbility,
    TargetSlot,
    TriggeredAbility,
)
from tcgrules.errors import IllegalTargetError, InputError, NotSupportedError, RulesViolation
from tcgrules.kernel.characteristics import Characteristics
from tcgrules.kernel.concepts import Concept
from tcgrules.kernel.descriptors import TargetRequirement
from tcgrules.kernel.events import NO_DATA, Event, new_event
from tcgrules.kernel.game import Game
from tcgrules.kernel.objects import (
    DoneEarlier,
    Entity,
    GameObject,
    ObjectRef,
    PaidWith,
    PlayerRef,
    StackInfo,
    draft_class,
    maker,
)
from tcgrules.kernel.random_targets import at_random
from tcgrules.kernel.ruleset import Ruleset
from tcgrules.kernel.stack import (
    check_choices,
    check_division,
)
from tcgrules.kernel.targeting import Targeter, legal_targets
from tcgrules.rules import RuleRef, rule
from tcgrules.verdict import Reason, Verdict

if TYPE_CHECKING:
    from tcgrules.cardtext.nodes import Amount

#: the concepts every cast cites, read from the class once: on Python 3.11 each read of an
#: enum member from its class goes through the metaclass's ``__getattr__`` hook
_CAST, _CAST_DONE, _CAST_FROM, _ON_STACK, _BECAME_TARGET = (
    Concept.CAST,
    Concept.CAST_DONE,
    Concept.CAST_FROM,
    Concept.ON_STACK,
    Concept.BECAME_TARGET,
)


# --------------------------------------------------------------------- choosing
def _expand_modes(
    game: Game,
    requirements: tuple[TargetRequirement, ...],
    effects: tuple[object, ...],
    modes: Sequence[int],
) -> tuple[tuple[TargetRequirement, ...], tuple[object, ...]]:
    """Turn a modal ability and the chosen modes into plain requirements and effects.

    Modes are chosen as the spell or ability is put on the stack (mtg:700.2a); each
    mode's targets join the spell's, renumbered after the ones before them. A mode
    chosen several times, where the text allows it (MODE_REPEAT, mtg:700.2d), appears
    that many times in sequence, each time with its own instances of "target". With
    ``distinct_targets`` ("Each mode must target a different player.") each mode's
    targets must differ from the earlier chosen modes' (the text's exception to the
    rule that one object or player may be the target of several instances).
    """
    modal = [e for e in effects if isinstance(e, Modal)]
    if not modal:
        if modes:
            raise RulesViolation(
                Verdict.refuse(
                    game.ruleset.cite(Concept.MODES), "this is not a modal spell or ability"
                ),
                "choose modes",
            )
        return requirements, effects
    m = modal[0]
    chosen = list(modes)
    upper = len(m.modes) if m.max is None else m.max
    if m.more_if is not None and len(chosen) > upper:
        raise NotSupportedError(
            f"choosing {len(chosen)} modes: only allowed “{m.more_if}”, which is not checked"
        )
    if not (m.min <= len(chosen) <= upper):
        raise RulesViolation(
            Verdict.refuse(
                game.ruleset.cite(Concept.MODES_CHOSEN),
                f"choose {m.min} to {upper} mode(s) as it goes on the stack; {len(chosen)} chosen",
            ),
            "choose modes",
        )
    if len(set(chosen)) != len(chosen) and not m.repeatable:
        raise RulesViolation(
            Verdict.refuse(
                game.ruleset.cite(Concept.MODE_REPEAT), "the same mode can't be chosen twice"
            ),
            "choose modes",
        )
    reqs = list(requirements)
    first = len(reqs)  # the first instance of "target" of the chosen modes
    out: list[object] = [e for e in effects if not isinstance(e, Modal)]
    for number in sorted(chosen):
        if not 1 <= number <= len(m.modes):
            raise RulesViolation(
                Verdict.refuse(
                    game.ruleset.cite(Concept.MODES_CHOSEN),
                    f"there is no mode {number} (1-{len(m.modes)})",
                ),
                "choose modes",
            )
        mode = m.modes[number - 1]
        offset = len(reqs)
        for r in mode.requirements:
            shifted = r.shifted(offset)
            if m.distinct_targets and offset > first:  # unlike the earlier modes' targets
                earlier = tuple(range(first, offset))
                shifted = replace(shifted, distinct_from=(*shifted.distinct_from, *earlier))
            reqs.append(shifted)
        out.extend(_shift(e, offset) for e in mode.effects)
    return tuple(reqs), tuple(out)


def _shift(effect: object, offset: int) -> object:
    """Renumber TargetSlot references inside an effect by ``offset``."""
    if not offset:
        return effect
    if isinstance(effect, TargetSlot):
        return TargetSlot(effect.index + offset)
    if isinstance(effect, May):
        return May(tuple(_shift(e, offset) for e in effect.effects))  # type: ignore[misc]
    fields = getattr(effect, "__dataclass_fields__", None)
    if not fields:
        return effect
    changes = {
        name: TargetSlot(value.index + offset)
        for name in fields
        if isinstance(value := getattr(effect, name), TargetSlot)
    }
    return replace(effect, **changes) if changes else effect  # type: ignore[type-var]


def _nested(effects: Sequence[object]) -> Iterator[object]:
    """Each effect, and those inside one that holds others (an "if" part, a version used
    "instead"), in text order."""
    for e in effects:
        yield e
        for name in ("otherwise", "effects"):
            inner = getattr(e, name, None)
            if isinstance(inner, tuple):
                yield from _nested(inner)


def _divides(effect: object) -> tuple[object, Amount | None] | None:
    """What an effect divides among the targets of one instance, and how much: damage, a
    prevention shield or counters (mtg:601.2d in Magic's words); None if it divides
    nothing."""
    if isinstance(effect, DealDamage) and effect.divided:
        return effect.to, effect.amount
    if isinstance(effect, PreventDamage) and effect.divided:
        return effect.on, effect.amount
    if isinstance(effect, DistributeCounters):
        return effect.what, effect.total
    return None


def _divided_amounts(
    game: Game,
    requirements: Sequence[TargetRequirement],
    effects: Sequence[object],
    x: int | None,
    own: ObjectRef | None = None,
    *,
    computed: tuple[ObjectRef, Targeter, bool] | None = None,
) -> dict[int, int]:
    """What each divided instance divides, as it is announced (``own``: the object the
    ability is of, whose power "equal to its power" is, as it is or last existed;
    ``computed``: the object on the stack, its targeter and whether its trigger looks
    back in time, to take a number the text computes)."""
    amounts: dict[int, int] = {}
    for e in _nested(effects):
        divided = _divides(e)
        if divided is None:
            continue
        slot, value = divided
        if isinstance(slot, TargetSlot) and isinstance(value, int | str):
            amounts[slot.index] = amount(game, value, x)
        elif isinstance(slot, TargetSlot) and own is not None and value == PowerOf(Self()):
            power = game.last_known(own).characteristics.power
            amounts[slot.index] = power if isinstance(power, int) else 0
        elif isinstance(slot, TargetSlot) and computed is not None and value is not None:
            amounts[slot.index] = _computed_amount(game, value, x, own, computed)
    return amounts


def _computed_amount(
    game: Game,
    value: Amount,
    x: int | None,
    own: ObjectRef | None,
    computed: tuple[ObjectRef, Targeter, bool],
) -> int:
    """A divided number the text computes ("where X is the number of +1/+1 counters on
    ~"): taken as the division is announced (mtg:601.2d), the way the resolution reads
    it, with ``own`` as the object the ability is of. An ability that triggered on its
    object leaving the battlefield ("When ~ dies") reads that object as it last was
    there (mtg:603.10a, mtg:608.2h), not the new object it became (mtg:400.7)."""
    from tcgrules.kernel.resolution import announcing  # noqa: PLC0415 (it imports this module)

    on_stack, targeter, looks_back = computed
    if looks_back and own is not None and game.is_current(own) and own.incarnation > 1:
        before = ObjectRef(own.id, own.incarnation - 1)
        if (
            game.get(own).zone.name != game.ruleset.battlefield
            and game.last_known(before).object.zone.name == game.ruleset.battlefield
        ):
            own = before
    obj = game.get(on_stack)
    source = own or (obj.stack.source if obj.stack is not None else None)
    return max(0, announcing(game, obj, targeter, x=x, source=source).amount(value))


def amount(game: Game, value: int | str, x: int | None) -> int:
    """A number in an effect: a printed number, or X as announced (mtg:601.2b)."""
    if isinstance(value, int):
        return value
    if value.upper() == "X":
        if x is None:
            raise RulesViolation(
                Verdict.refuse(
                    game.ruleset.cite(Concept.ANNOUNCE_X), "the value of X must be announced"
                ),
                "announce X",
            )
        return x
    try:
        return int(value)
    except ValueError:
        raise NotSupportedError(f"the amount {value!r}") from None


def _targeter(
    game: Game,
    controller: str,
    kind: Literal["spell", "ability"],
    obj: ObjectRef,
    source: ObjectRef | None,
) -> Targeter:
    """Who and what chooses the targets of the stack object ``obj``: its controller,
    whether it is a spell or an ability, and the characteristics protection compares
    against (mtg:702.16b)."""
    quality = _quality(game, obj if kind == "spell" else source)
    return _new_targeter(controller, kind, obj, source or obj, quality)


#: ``Targeter(...)`` filled in as a draft (:func:`~tcgrules.kernel.objects.maker`): one
#: is made at every cast and every resolution
_new_targeter: Callable[
    [str, Literal["spell", "ability"], ObjectRef | None, ObjectRef | None, Characteristics],
    Targeter,
] = maker(Targeter)


def _quality(game: Game, ref: ObjectRef | None) -> Characteristics:
    """Characteristics of a spell or an ability's source; last-known if it left (mtg:608.2b)."""
    if ref is None:
        return Characteristics()
    if game.is_current(ref):  # as last_known gives them, without building its record
        return game.characteristics(ref)
    return game.last_known(ref).characteristics


def targeter_for(game: Game, obj: GameObject) -> Targeter:
    """The targeter of an object on the stack: :func:`_targeter` for a spell (its own
    characteristics) or an ability (its source's, mtg:702.16b), made in one step."""
    ref = obj.ref
    controller = game.controller(ref) or obj.owner
    if obj.kind == "ability":
        source = obj.stack.source if obj.stack is not None else None
        return _new_targeter(controller, "ability", ref, source or ref, _quality(game, source))
    return _new_targeter(controller, "spell", ref, ref, _quality(game, ref))


@dataclass(frozen=True, slots=True)
class Announced:
    """What a player announces as a spell or ability goes on the stack: its modes
    (1-based), its targets per instance of "target", the division of an amount, and X
    (mtg:601.2b-d)."""

    targets: Sequence[Sequence[Entity]] = ()
    modes: Sequence[int] = ()
    division: Sequence[int] | None = None
    x: int | None = None
    #: optional costs chosen as a spell is cast, name -> times (mtg:601.2b)
    options: Mapping[str, int] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class _Needs:
    """What putting an object with these requirements and effects on the stack has to
    work out besides choosing and checking its targets, each a scan of the text made
    once per text (:func:`_needs`): the usual spell, with one plain "target", needs
    none of them."""

    requirements: tuple[TargetRequirement, ...]
    effects: tuple[object, ...]
    #: a modal ability, whose chosen modes become its requirements (mtg:700.2a)
    modal: bool
    #: an instance the spell has only with (or without) an optional cost (mtg:601.2c)
    cast_option: bool
    #: a number of targets the text defines, counted as targets are chosen (mtg:601.2c)
    limit: bool
    #: an instance whose target is chosen at random (:mod:`~tcgrules.kernel.random_targets`)
    random: bool
    #: an instance whose targets divide an amount (mtg:601.2d)
    divided: bool
    #: an effect that divides an amount among an instance's targets (mtg:601.2d)
    divides: bool


#: :class:`_Needs` by the identities of the requirements and effects (kept in it, so an
#: identity is never reused while its entry is here)
_NEEDS: dict[tuple[int, int], _Needs] = {}


def _needs(
    requirements: tuple[TargetRequirement, ...], effects: tuple[object, ...], *, keep: bool = True
) -> _Needs:
    """What these requirements and effects need worked out as they go on the stack
    (``keep``: kept for the next time; not for the ones made for one announcement)."""
    found = _NEEDS.get((id(requirements), id(effects)))
    if found is not None and found.requirements is requirements and found.effects is effects:
        return found
    needs = _Needs(
        requirements,
        effects,
        modal=any(isinstance(e, Modal) for e in effects),
        cast_option=any(r.cast_option for r in requirements),
        limit=any(r.limit is not None for r in requirements),
        random=any(r.chosen_by == "random" for r in requirements),
        divided=any(r.divided for r in requirements),
        divides=any(_divides(e) is not None for e in _nested(effects)),
    )
    if keep:
        if len(_NEEDS) >= _SPELL_PARTS_KEPT:
            _NEEDS.clear()
        _NEEDS[id(requirements), id(effects)] = needs
    return needs


_StackInfoDraft = draft_class(StackInfo)


def _chosen_options(options: Mapping[str, int]) -> tuple[tuple[str, int], ...]:
    """The optional costs chosen, each with how many times, in name order (mtg:601.2b)."""
    return tuple(sorted((k, v) for k, v in options.items() if v)) if options else ()


def _names_a_player(rows: Sequence[Sequence[Entity]]) -> bool:
    """Whether a player is among the targets announced."""
    for row in rows:
        for t in row:
            if isinstance(t, PlayerRef):
                return True
    return False


def _as_spell(targets: Sequence[Sequence[Entity]], ref: ObjectRef) -> Sequence[Sequence[Entity]]:
    """The targets announced, with the card being cast named as the spell it became: a
    name follows the card (mtg:115.5 decides whether the spell may target itself)."""
    for row in targets:
        for t in row:
            if isinstance(t, ObjectRef) and t.id == ref.id:
                return [
                    [ref if isinstance(t, ObjectRef) and t.id == ref.id else t for t in row]
                    for row in targets
                ]
    return targets


#: ``_announced(targets, modes, division, x, options)``: an Announced filled in as a
#: draft (:func:`~tcgrules.kernel.objects.maker`); one is made for every spell cast
_announced: Callable[
    [
        Sequence[Sequence[Entity]],
        Sequence[int],
        Sequence[int] | None,
        int | None,
        Mapping[str, int],
    ],
    Announced,
] = maker(Announced)


def _put(
    game: Game,
    ref: ObjectRef,
    node: tuple[tuple[TargetRequirement, ...], tuple[object, ...]],
    announced: Announced,
    *,
    controller: str,
    source: ObjectRef | None,
    ability_kind: Literal["spell", "activated", "triggered", "materialize"],
    ability_index: int | None,
    action: str,
    log: tuple[str, str, Concept],
    via: Concept | None = None,
    looks_back: bool = False,
) -> ObjectRef:
    """Modes, targets and division for an object already on the stack (mtg:601.2b-d),
    then its events and each target's (``log``: event kind, text, rule concept;
    ``looks_back``: a trigger on its own object leaving the battlefield).

    What the text needs besides its targets (modes, optional costs, counted limits,
    random choices, division) is known once per text (:func:`_needs`), so the usual
    spell skips each of those steps with one look; a text that has one takes it."""
    reqs, effs = node
    needs = _needs(reqs, effs)
    kind: Literal["spell", "ability"] = (
        "spell" if ability_kind in {"spell", "materialize"} else "ability"
    )
    if needs.modal or announced.modes:
        reqs, effs = _expand_modes(game, reqs, effs, announced.modes)
        needs = _needs(reqs, effs, keep=False)
    # an instance the spell has only with (or without) an optional cost (mtg:601.2c)
    unused = (
        {i for i, r in enumerate(reqs) if not r.in_use(announced.options)}
        if kind == "spell" and needs.cast_option
        else set()
    )
    # (the requirements below change only in how many targets: ``needs`` still holds)
    if unused:
        reqs = tuple(replace(r, min=0, max=0) if i in unused else r for i, r in enumerate(reqs))
    targeter = _targeter(game, controller, kind, ref, source)
    if needs.limit:
        # a number of targets the text defines is counted now (mtg:601.2c)
        from tcgrules.kernel.target_limits import with_limits  # noqa: PLC0415

        options = _chosen_options(announced.options)
        reqs = with_limits(game, ref, reqs, targeter, x=announced.x, options=options)
    # a player named where the game's text makes no difference between the player and an
    # object standing for them names that object (fab:1.1.2b)
    targets: tuple[tuple[Entity, ...], ...] = tuple(map(tuple, announced.targets))
    if _names_a_player(targets):
        targets = tuple(tuple(game.stand_in(t) for t in row) for row in targets)
    if needs.random:
        targets = at_random(game, reqs, targets, targeter, ref)
    verdict = check_choices(game, reqs, targets, targeter)
    for i in sorted(unused):
        if i < len(targets) and targets[i]:
            option = reqs[i].cast_option
            said = "without" if option.startswith("!") else "with"
            why = (
                f"target {i + 1} (“{reqs[i].text}”) is chosen only {said} the optional "
                f"cost “{option.removeprefix('!')}”; the spell is cast as though it did "
                "not have it"
            )
            verdict = Verdict(
                False, (Reason(game.ruleset.cite(Concept.CHOOSE_TARGETS), why, False),)
            )
    if not verdict:
        if via is not None:
            # abilities choose targets by the casting rules (mtg:602.2b, mtg:603.3d)
            how = (
                "activating"
                if via is Concept.ACTIVATE_TARGETS
                else "putting a triggered ability on the stack"
            )
            verdict = Verdict(
                False,
                (
                    Reason(game.ruleset.cite(via), f"{how} chooses targets as casting does"),
                    *verdict.reasons,
                ),
            )
        reversal = game.ruleset.cites(Concept.ILLEGAL_PLAY_REVERSED)
        if reversal is not None:
            verdict = Verdict(
                False,
                (*verdict.reasons, Reason(reversal, "the game goes back to before it started")),
            )
        raise IllegalTargetError(verdict, action)
    chosen = targets + ((),) * (len(reqs) - len(targets))
    # nothing in the text divides an amount: nothing to work out (what _divided_amounts
    # would find)
    amounts = (
        _divided_amounts(
            game, reqs, effs, announced.x, source or ref, computed=(ref, targeter, looks_back)
        )
        if needs.divides
        else {}
    )
    if announced.division or needs.divided:
        division_verdict, shares = check_division(game, reqs, chosen, announced.division, amounts)
        if not division_verdict:
            raise RulesViolation(division_verdict, action)
    else:  # nothing divided, nothing given: no share to check (check_division's answer)
        shares = ((),) * len(reqs)
    before = game.get(ref).stack
    # a StackInfo(...) filled in as a draft, one plain store per field (every field)
    info = object.__new__(_StackInfoDraft)
    info.targets = chosen
    info.modes = tuple(sorted(announced.modes)) if announced.modes else ()
    info.x = announced.x
    info.ability_index = ability_index
    info.source = source
    info.ability_kind = ability_kind
    info.chosen_count = sum(map(len, chosen))
    info.requirements = reqs
    info.effects = effs
    info.divisions = shares
    info.payment = None
    info.it = before.it if before is not None else ()
    info.about = before.about if before is not None else ()
    info.about_amount = before.about_amount if before is not None else None
    info.cast_options = _chosen_options(announced.options)
    info.paid = ()
    info.parent_moved = before.parent_moved if before is not None else ()
    info.__class__ = StackInfo
    obj = game.set_stack_info(ref, info)
    payment = game.ruleset.payment(game, ref)
    if payment is not None:
        obj = game.set_stack_info(ref, replace(info, payment=payment))
    info = obj.stack
    # each target as narration names it now, for the events of both (mtg:601.2c)
    names = tuple(tuple(map(game.describe, row)) for row in info.targets) if info else ()
    _log_put(game, obj, names, *log)
    _announce_targets(game, obj, names)
    return ref


def _announce_targets(game: Game, obj: GameObject, names: tuple[tuple[str, ...], ...]) -> None:
    """An event for each new target (``names``: as narration names them), and the
    ruleset's reactions to it (Magic's ward)."""
    info = obj.stack
    if info is None:
        return
    controller = game.controller(obj.ref) or obj.owner
    for row, named in zip(info.targets, names, strict=True):
        for t, name in zip(row, named, strict=True):
            became_target(game, obj, t, controller, name)


def became_target(
    game: Game, obj: GameObject, t: Entity, controller: str, name: str | None = None
) -> None:
    """``t`` becomes a target of ``obj``: the event, then the ruleset's hook (Magic's ward
    triggers there, mtg:702.21a). ``name``: how narration names ``t`` now, if known
    (:meth:`Game.describe`)."""
    rs = game.ruleset
    game.log(
        new_event(
            "became_target",
            "{0} becomes a target of {1.label}",
            rs.cite(_BECAME_TARGET),
            t if isinstance(t, ObjectRef) else None,
            t.name if isinstance(t, PlayerRef) else None,  # the player
            MappingProxyType({"by": obj.ref}),  # the data
            (game.describe(t) if name is None else name, obj),
        )
    )
    rs.became_target(game, obj, t, controller)


def prospective(
    game: Game, card: ObjectRef, by: str
) -> tuple[tuple[TargetRequirement, ...], Targeter]:
    """Every instance of "target" in a card's text (all abilities and modes, in order) and
    the targeter it would have if ``by`` put it on the stack now (for target queries)."""
    obj = game.get(card)
    if obj.card is None:
        raise NotSupportedError(f"target queries for {obj.label}", "it has no card text")
    requirements = game.ruleset.card_text(obj.card).target_requirements()
    quality = game.characteristics(card)
    on_field = game.ruleset.zone_spec(obj.zone.name).objects_are_permanents
    kind: Literal["spell", "ability"] = "ability" if on_field else "spell"
    return tuple(requirements), Targeter(by, kind, None, card, quality)


def ability_on_stack(
    game: Game,
    label: str,
    controller: str,
    info: StackInfo,
    ability: ActivatedAbility | TriggeredAbility | None = None,
) -> ObjectRef:
    """Create an ability object on the stack (mtg:109.1, mtg:405.1), named ``label``."""
    return game.create(
        game.ruleset.layer_characteristics(game, info.source, label, ability),
        controller,
        game.ruleset.stack_zone,
        kind="ability",
        alias=label,
        controller=controller,
        stack=info,
    )


# ------------------------------------------------------------------ the actions
def cast(
    game: Game,
    card: ObjectRef,
    by: str,
    *,
    targets: Sequence[Sequence[Entity]] = (),
    modes: Sequence[int] = (),
    division: Sequence[int] | None = None,
    x: int | None = None,
    method: str = "cast",
    options: Mapping[str, int] | None = None,
    paid: Sequence[tuple[str, ObjectRef]] = (),
    pay_with: Sequence[ObjectRef] = (),
    side: int | str | None = None,
) -> ObjectRef:
    """Cast (or play) a card: move it to the stack, choose modes, targets and division
    (mtg:601.2a-d). ``method`` is another way of playing a card the ruleset lists in
    :attr:`Ruleset.play_methods` (Grand Archive's ``materialize``), from its zones.
    ``options``: the optional costs chosen (name -> times), which the ruleset checks
    (:meth:`Ruleset.cast_option_refusal`). Where the game enforces them
    (:attr:`Game.enforced`), the ruleset checks the timing first and pays the total cost
    last, with the objects ``pay_with`` names (:meth:`Ruleset.timing_refusal`,
    :meth:`Ruleset.pay_total_cost`). ``side`` (1, 2 or a side's name) is the side a split
    card is played with, where the game has one chosen (:meth:`Ruleset.played_side`)."""
    rs = game.ruleset
    obj = game.get(card)
    zones, from_rule = _play_zones(rs, method)
    if obj.card is None:
        raise RulesViolation(Verdict.refuse(from_rule, f"{obj.label} is not a card"), method)
    if obj.zone.name not in zones or obj.owner != by:
        places = " or ".join(sorted(zones))
        done = _DONE.get(rs.cast_verb, "played") if method == "cast" else f"{method}d"
        raise RulesViolation(
            Verdict.refuse(
                from_rule,
                f"{obj.label} is in {obj.zone}; only a card in its owner's {places} "
                f"can be {done} here",
            ),
            method,
        )
    chosen = {k: v for k, v in options.items() if v} if options else {}
    if chosen:
        refused = rs.cast_option_refusal(game, card, chosen)
        if refused is not None:
            raise RulesViolation(refused, f"{method} {obj.label}")
    label = obj.label
    action = f"{method} {label}"
    verb = rs.cast_verb if method == "cast" else method + "s"
    if paid:
        _check_paid(game, by, paid, action)
    _check_timing(game, card, by, method, action)
    played = rs.played_side(obj.card, side)
    text = rs.card_text(played)
    requirements, effects = _spell_parts(text)
    requirements = rs.spell_requirements(game, card, text) + requirements
    ref = game.move(
        card,
        rs.stack_zone,
        controller=by,
        rule_applied=rs.cite(_CAST),
        reason=f"{by} {verb} it",
    )
    if played is not obj.card:
        game.play_side(ref, played)
    targets = _as_spell(targets, ref)
    ref = _put(
        game,
        ref,
        (requirements, effects),
        _announced(targets, modes, division, x, chosen),
        controller=by,
        source=None,
        ability_kind="materialize" if method == "materialize" else "spell",
        ability_index=None,
        action=action,
        log=(
            "cast" if method == "cast" else method,
            f"{by} {verb} {label}",
            _CAST_DONE,
        ),
    )
    _pay_with(game, ref, by, paid)
    if "costs" in game.enforced:
        rs.pay_total_cost(game, ref, by, pay_with=_distinct(game, pay_with))
    elif pay_with:
        raise _unenforced_payment(action)
    return ref


#: the spell abilities of a card's text as one list of target requirements and one of
#: effects, each text's worked out once (keyed by the text's identity, which the cached
#: parse keeps; the text itself is kept so the identity is never reused)
_SPELL_PARTS: dict[int, tuple[CardText, tuple[TargetRequirement, ...], tuple[object, ...]]] = {}


def _spell_parts(text: CardText) -> tuple[tuple[TargetRequirement, ...], tuple[object, ...]]:
    """The instances of "target" of a text's spell abilities, numbered in order across
    them (mtg:601.2c), and their effects with their target slots numbered likewise."""
    found = _SPELL_PARTS.get(id(text))
    if found is not None and found[0] is text:
        return found[1], found[2]
    requirements: tuple[TargetRequirement, ...] = ()
    effects: tuple[object, ...] = ()
    for a in text.abilities:
        if isinstance(a, SpellAbility):
            offset = len(requirements)
            requirements += tuple(r.shifted(offset) for r in a.requirements)
            effects += tuple(_shift(e, offset) for e in a.effects)
    if len(_SPELL_PARTS) >= _SPELL_PARTS_KEPT:
        _SPELL_PARTS.clear()
    _SPELL_PARTS[id(text)] = (text, requirements, effects)
    return requirements, effects


_SPELL_PARTS_KEPT = 50_000


def _check_timing(
    game: Game,
    obj: ObjectRef,
    by: str,
    method: str,
    action: str,
    *,
    ability: ActivatedAbility | None = None,
) -> None:
    """Refuse, before anything changes, what the game's timing rules forbid now, where
    the game enforces them (:meth:`Ruleset.timing_refusal`)."""
    if "timing" in game.enforced:
        refused = game.ruleset.timing_refusal(game, obj, by, method=method, ability=ability)
        if refused is not None:
            raise RulesViolation(refused, action)


def _distinct(game: Game, pay_with: Sequence[ObjectRef]) -> Sequence[ObjectRef]:
    """``pay_with`` checked: each object named once (an object pays once)."""
    seen: set[int] = set()
    for ref in pay_with:
        if ref.id in seen:
            raise InputError(
                f"pay_with names {game.describe(ref)} twice; an object pays once",
                expected="each object once",
            )
        seen.add(ref.id)
    return pay_with


def _unenforced_payment(action: str) -> InputError:
    return InputError(
        f"{action}: `pay_with` names what pays a cost, but this game does not enforce costs",
        expected="enforce: [costs] (new_game(..., enforce=['costs'])), or no pay_with",
    )


#: the narration verb of casting, as a past participle ("can be cast here")
_DONE = {"casts": "cast", "plays": "played", "activates": "activated"}


def _play_zones(rs: Ruleset, method: str) -> tuple[frozenset[str], RuleRef]:
    """The zones a card may be put on the stack from by ``method``, and the rule."""
    if method == "cast":
        return rs.castable_zones, rs.cite(_CAST_FROM)
    found = rs.play_methods.get(method)
    if found is None:
        raise NotSupportedError(f"{method} in {rs.title}", "this game has no such way to play")
    zones, number = found
    return zones, rule(f"{rs.name}:{number}")


def activate(
    game: Game,
    source: ObjectRef,
    by: str,
    *,
    ability: int = 1,
    targets: Sequence[Sequence[Entity]] = (),
    modes: Sequence[int] = (),
    division: Sequence[int] | None = None,
    x: int | None = None,
    alias: str | None = None,
    paid: Sequence[tuple[str, ObjectRef]] = (),
    pay_with: Sequence[ObjectRef] = (),
) -> ObjectRef:
    """Activate the ``ability``-th activated ability of ``source`` (mtg:602.2, 602.2b);
    ``paid``: the objects its costs use, each with how (:func:`_pay_with`); timing and
    the total cost (``pay_with``) as :func:`cast` checks and pays them."""
    obj = game.get(source)
    node = _ability(game, obj, ActivatedAbility, ability, "activated")
    assert isinstance(node, ActivatedAbility)
    label = alias or f"ability of {obj.label}"
    refused = game.ruleset.use_refusal(game, source, node, by, ability)
    if refused is not None:
        raise RulesViolation(refused, f"activate {label}")
    _check_paid(game, by, paid, f"activate {label}")
    _check_timing(game, source, by, "activate", f"activate {label}", ability=node)
    ref = ability_on_stack(
        game, label, by, StackInfo(source=source, ability_kind="activated"), node
    )
    ref = _put(
        game,
        ref,
        (node.requirements, node.effects),
        Announced(targets, modes, division, x),
        controller=by,
        source=source,
        ability_kind="activated",
        ability_index=ability,
        action=f"activate {label}",
        log=("activated", f"{by} activates {label}: {node.text}", Concept.ACTIVATE),
        via=Concept.ACTIVATE_TARGETS,
    )
    # the total cost is paid once targets are chosen (mtg:602.2b, mtg:601.2h): the
    # objects named for it, then the rest as the ruleset pays it
    _pay_with(game, ref, by, paid)
    game.ruleset.pay_activation_cost(
        game, source, node, by, x, paid_with={verb for verb, _ in paid}
    )
    if "costs" in game.enforced:
        game.ruleset.pay_total_cost(game, ref, by, pay_with=_distinct(game, pay_with), ability=node)
    elif pay_with:
        raise _unenforced_payment(f"activate {label}")
    return ref


def times_used(
    game: Game, source: ObjectRef, index: int, *, triggered: bool = False, ever: bool = False
) -> int:
    """How many times this turn (``ever``: this game) the ``index``-th activated ability
    (``triggered``: triggered ability) of this very object, this incarnation of it, was
    activated (put on the stack): what "once per turn" limits count."""
    kind = "triggered" if triggered else "activated"
    count = 0
    for event in game.events if ever else game.events.this_turn():
        if event.kind != kind or event.object is None:
            continue
        info = game.last_known(event.object).object.stack
        if info is not None and info.source == source and info.ability_index == index:
            count += 1
    return count


def _check_paid(game: Game, by: str, paid: Sequence[tuple[str, ObjectRef]], action: str) -> None:
    """Refuse, before anything changes, a cost ``by`` could not pay with those objects
    (the ruleset's :meth:`~tcgrules.kernel.ruleset.Ruleset.cost_object_refusal`); an
    object may pay only one cost."""
    seen: set[int] = set()
    for verb, ref in paid:
        if ref.id in seen:
            raise InputError(f"{action}: {game.describe(ref)} is named for two costs")
        seen.add(ref.id)
        refused = game.ruleset.cost_object_refusal(game, by, verb, ref)
        if refused is not None:
            raise RulesViolation(refused, action)


def _pay_with(game: Game, ref: ObjectRef, by: str, paid: Sequence[tuple[str, ObjectRef]]) -> None:
    """Pay the costs that use objects once the targets are chosen (mtg:601.2h,
    mtg:602.2b) and keep them on the stack object (:class:`PaidWith`), for the words
    that later name them ("the sacrificed creature's power", mtg:608.2h)."""
    if not paid:
        return
    done = tuple(
        PaidWith(verb, before, game.ruleset.pay_with_object(game, by, verb, before))
        for verb, before in paid
    )
    info = game.get(ref).stack or StackInfo()
    game.set_stack_info(ref, replace(info, paid=info.paid + done))


def trigger(
    game: Game,
    source: ObjectRef,
    *,
    ability: int = 1,
    targets: Sequence[Sequence[Entity]] = (),
    modes: Sequence[int] = (),
    division: Sequence[int] | None = None,
    alias: str | None = None,
    about: Entity | None = None,
    about_amount: int | None = None,
) -> ObjectRef | None:
    """Put a triggered ability on the stack (mtg:603.3). Its controller is the source's
    controller, or owner (mtg:603.3a, mtg:109.4b). If an instance of "target" has no
    legal choice at all, the ability is removed from the stack (mtg:603.3d). ``about``:
    the object the trigger event is about (mtg:603.2), what the ability's words for
    "that object" name; ``about_amount``: the number it is about ("that much")."""
    obj = game.get(source)
    node = _ability(game, obj, TriggeredAbility, ability, "triggered")
    assert isinstance(node, TriggeredAbility)
    controller = game.controller(source) or obj.owner
    label = alias or f"ability of {obj.label}"
    refused = game.ruleset.use_refusal(game, source, node, controller, ability)
    if refused is not None:
        raise RulesViolation(refused, f"put {label} on the stack")
    return put_triggered(
        game,
        source,
        node,
        controller,
        label,
        Announced(targets, modes, division),
        ability_index=ability,
        about=() if about is None else (about,),
        about_amount=about_amount,
    )


def put_triggered(  # noqa: PLR0917  (the ability, whose it is, and what is announced)
    game: Game,
    source: ObjectRef | None,
    node: TriggeredAbility | ReflexiveTrigger | DelayedTrigger,
    controller: str,
    label: str,
    announced: Announced,
    *,
    ability_index: int | None = None,
    it: tuple[Entity, ...] = (),
    about: tuple[Entity, ...] = (),
    about_amount: int | None = None,
    parent_moved: tuple[DoneEarlier, ...] = (),
) -> ObjectRef | None:
    """Put a triggered ability (``node``: printed, or reflexive, mtg:603.12) on the stack
    with its announced targets, or remove it at once if an instance of "target" has no
    legal choice (mtg:603.3d); None then. ``it``: what "it" names in a reflexive one;
    ``about``/``about_amount``: the object and number the trigger event is about
    (mtg:603.2)."""
    rs = game.ruleset
    printed = node if isinstance(node, TriggeredAbility) else None
    ref = ability_on_stack(
        game,
        label,
        controller,
        StackInfo(
            source=source,
            ability_kind="triggered",
            it=it,
            about=about,
            about_amount=about_amount,
            parent_moved=parent_moved,
        ),
        printed,
    )
    told = [game.describe(e) for e in about]
    if about_amount is not None:
        told.append(f"the number {about_amount}")
    about_text = f" (its trigger event was about {', '.join(told)})" if told else ""
    game.log(
        Event(
            "triggered",
            f"{label} triggers: {node.text}{about_text}",
            rs.cite(Concept.TRIGGER),
            ref,
        )
    )
    modes = announced.modes
    reqs, _ = _expand_modes(game, node.requirements, node.effects, modes)
    targeter = _targeter(game, controller, "ability", ref, source)
    for i, req in enumerate(reqs):
        if req.min > 0 and not legal_targets(game, reqs, i, targeter).count():
            game.remove(
                ref,
                rule_applied=rs.cite(Concept.TRIGGER_NO_TARGET),
                reason="has no legal target and is removed from the stack",
            )
            game.log(
                Event(
                    "removed_from_stack",
                    f"{label} is removed from the stack: target {i + 1} has no legal choice",
                    rs.cite(Concept.TRIGGER_NO_TARGET),
                    ref,
                )
            )
            return None
    return _put(
        game,
        ref,
        (node.requirements, node.effects),
        announced,
        controller=controller,
        source=source,
        ability_kind="triggered",
        ability_index=ability_index,
        action=f"put {label} on the stack",
        log=("put_on_stack", f"{label} is put on the stack", Concept.TRIGGER_NO_TARGET),
        via=Concept.TRIGGER_NO_TARGET,
        looks_back=printed is not None
        and printed.trigger.event in {"dies", "leaves"}
        and printed.trigger.subject == Self(),
    )


def _ability(
    game: Game, obj: GameObject, kind: type, index: int, word: str
) -> ActivatedAbility | TriggeredAbility:
    rs = game.ruleset
    printed = rs.ability_nodes(rs.card_text(obj.card)) if obj.card is not None else ()
    found: list[object] = [a for a in printed if isinstance(a, kind)]
    # abilities an effect gave it come after its printed ones (mtg:113.1a, 613.1f)
    found += [
        a for a in game.characteristics(obj.ref).abilities if isinstance(a, kind) and a not in found
    ]
    if not 1 <= index <= len(found):
        raise RulesViolation(
            Verdict.refuse(
                rs.cite(
                    Concept.ACTIVATED_ABILITY if word == "activated" else Concept.TRIGGERED_ABILITY
                ),
                f"{obj.label} has {len(found)} {word} abilit{'y' if len(found) == 1 else 'ies'}; "
                f"there is no number {index}",
            ),
            f"{word} ability",
        )
    node = found[index - 1]
    assert isinstance(node, ActivatedAbility | TriggeredAbility)
    return node


class _PutSentence:
    """The sentence of a cast (or activation, or trigger) event: ``text``, the modes and
    each instance's targets with their shares, made when the event is first read (the
    names as they were when it was logged)."""

    __slots__ = ("_info", "_names", "_text")

    def __init__(self, text: str, info: StackInfo, names: tuple[tuple[str, ...], ...]) -> None:
        self._text = text
        self._info = info
        self._names = names

    def __format__(self, spec: str) -> str:
        info = self._info
        described = ""
        if any(info.targets):
            parts = []
            for i, row in enumerate(self._names):
                if row:
                    names = ", ".join(row)
                    share = (
                        f" ({', '.join(map(str, info.divisions[i]))})"
                        if i < len(info.divisions) and info.divisions[i]
                        else ""
                    )
                    reqs = info.requirements
                    if i < len(reqs) and reqs[i].chosen_by == "opponent":
                        share += " (an opponent's choice)"
                    elif i < len(reqs) and reqs[i].chosen_by == "that player":
                        share += " (that player's choice)"
                    parts.append(f"{i + 1}: {names}{share}")
            described = " targeting " + "; ".join(parts)
        modes = f", modes {list(info.modes)}" if info.modes else ""
        return f"{self._text}{modes}{described}"


def _log_put(  # noqa: PLR0917  (the object, its targets' names, and the event's parts)
    game: Game,
    obj: GameObject,
    names: tuple[tuple[str, ...], ...],
    kind: str,
    text: str,
    concept: Concept,
) -> None:
    """The event of putting ``obj`` on the stack (its sentence made when first read; its
    targets named ``names``), then, for a spell cast or an ability activated, that it is
    on the stack."""
    info = obj.stack
    rs = game.ruleset
    if info is not None and (info.modes or any(info.targets)):
        sentence = _PutSentence(text, info, names)
        game.log(new_event(kind, "{0}", rs.cite(concept), obj.ref, None, NO_DATA, (sentence,)))
    else:
        game.log(new_event(kind, text, rs.cite(concept), obj.ref, None, NO_DATA, None))
    if kind != "put_on_stack":
        game.log(
            new_event(
                "put_on_stack",
                "{0.label} is on the stack",
                rs.cite(_ON_STACK),
                obj.ref,
                None,
                NO_DATA,
                (obj,),
            )
        )


def redirect_target(
    game: Game, ref: ObjectRef, by: str, old: Entity | None, new: Entity
) -> ObjectRef:
    """``by`` redirects the target ``old`` of the stack object ``ref`` to ``new`` (Grand
    Archive's Redirect, ga:objects-and-targeting/redirect-1): the ruleset judges it, and
    ``old`` may be left out when the object has one target. All or nothing."""
    obj = game.get(ref)
    game.player(by)
    info = obj.stack
    current = [t for row in info.targets for t in row] if info is not None else []
    if old is None:
        if len(current) != 1:
            raise InputError(
                f"{obj.label} has {len(current)} targets; say which one is redirected",
                expected="from: NAME",
            )
        old = current[0]
    verdict = Verdict.of(game.ruleset.redirect_target_reasons(game, obj, by, old, new))
    if not verdict or info is None:
        raise RulesViolation(verdict, f"redirect {obj.label}'s target to {game.describe(new)}")
    targets = tuple(tuple(new if t == old else t for t in row) for row in info.targets)
    game.set_stack_info(ref, replace(info, targets=targets))
    game.log(
        Event(
            "targets_changed",
            f"{by} redirects {obj.label} from {game.describe(old)} to {game.describe(new)}",
            game.ruleset.cite(Concept.CHANGE_TARGETS),
            ref,
        )
    )
    became_target(game, game.get(ref), new, game.controller(ref) or obj.owner)
    return ref
