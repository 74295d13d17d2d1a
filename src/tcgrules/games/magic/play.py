"""Playing Magic with targets: cast, activate, trigger, resolve (mtg:601, 602, 603, 608).

Every action here is meant to run inside :meth:`Game.transaction`: a refusal
raises :class:`IllegalTargetError` (or :class:`RulesViolation`) carrying the
verdict, and the transaction puts the game back as it was (mtg:601.2, and the
rule that an illegal cast is reversed).

The card's text is read by the card-text grammar (:func:`card_text`), never
hard-coded per card: the spell's requirements and effects become the stack
object's :class:`StackInfo`, so re-checking, copying and changing targets need
no second reading.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from types import MappingProxyType
from typing import Literal

from tcgrules.cardtext.nodes import (
    Ability,
    ActivatedAbility,
    Attach,
    Cost,
    DealDamage,
    KeywordAbility,
    May,
    Modal,
    Self,
    SpellAbility,
    TargetSlot,
    TriggeredAbility,
)
from tcgrules.errors import IllegalTargetError, NotSupportedError, RulesViolation
from tcgrules.games.magic.ruleset import card_text
from tcgrules.kernel.characteristics import Characteristics
from tcgrules.kernel.descriptors import TargetRequirement
from tcgrules.kernel.events import Event
from tcgrules.kernel.game import Game
from tcgrules.kernel.objects import Entity, GameObject, ObjectRef, PlayerRef, StackInfo
from tcgrules.kernel.stack import (
    check_choices,
    check_division,
)
from tcgrules.kernel.targeting import Targeter, legal_targets
from tcgrules.rules import rule
from tcgrules.verdict import Reason, Verdict


@dataclass(frozen=True)
class ResolveChoices:
    """Choices made while the top object resolves (the scenario's ``choose:``)."""

    new_targets: tuple[tuple[Entity, ...], ...] | None = None
    chosen: tuple[Entity, ...] | None = None
    may: bool | None = None
    pay: bool | None = None
    copy_targets: tuple[tuple[Entity, ...], ...] | None = None


@dataclass(frozen=True, slots=True)
class CounterUnlessPaid:
    """Ward's effect: counter this object unless its controller pays (mtg:702.21a)."""

    what: ObjectRef
    cost: str


# --------------------------------------------------------------------- choosing
def _expand_modes(
    game: Game,
    requirements: tuple[TargetRequirement, ...],
    effects: tuple[object, ...],
    modes: Sequence[int],
) -> tuple[tuple[TargetRequirement, ...], tuple[object, ...]]:
    """Turn a modal ability and the chosen modes into plain requirements and effects.

    Modes are chosen as the spell or ability is put on the stack (mtg:700.2a); each
    mode's targets join the spell's, renumbered after the ones before them.
    """
    modal = [e for e in effects if isinstance(e, Modal)]
    if not modal:
        if modes:
            raise RulesViolation(
                Verdict.refuse(rule("mtg:700.2"), "this is not a modal spell or ability"),
                "choose modes",
            )
        return requirements, effects
    m = modal[0]
    chosen = list(modes)
    upper = len(m.modes) if m.max is None else m.max
    if not (m.min <= len(chosen) <= upper):
        raise RulesViolation(
            Verdict.refuse(
                rule("mtg:700.2a"),
                f"choose {m.min} to {upper} mode(s) as it goes on the stack; {len(chosen)} chosen",
            ),
            "choose modes",
        )
    if len(set(chosen)) != len(chosen):
        raise RulesViolation(
            Verdict.refuse(rule("mtg:700.2d"), "the same mode can't be chosen twice"),
            "choose modes",
        )
    reqs = list(requirements)
    out: list[object] = [e for e in effects if not isinstance(e, Modal)]
    for number in sorted(chosen):
        if not 1 <= number <= len(m.modes):
            raise RulesViolation(
                Verdict.refuse(rule("mtg:700.2a"), f"there is no mode {number} (1-{len(m.modes)})"),
                "choose modes",
            )
        mode = m.modes[number - 1]
        offset = len(reqs)
        for r in mode.requirements:
            reqs.append(replace(r, distinct_from=tuple(i + offset for i in r.distinct_from)))
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


def _divided_amounts(
    requirements: Sequence[TargetRequirement], effects: Sequence[object], x: int | None
) -> dict[int, int]:
    amounts: dict[int, int] = {}
    for e in effects:
        if isinstance(e, DealDamage) and e.divided and isinstance(e.to, TargetSlot):
            amounts[e.to.index] = _amount(e.amount, x)
    return amounts


def _amount(value: int | str, x: int | None) -> int:
    if isinstance(value, int):
        return value
    if value.upper() == "X":
        if x is None:
            raise RulesViolation(
                Verdict.refuse(rule("mtg:601.2b"), "the value of X must be announced"), "announce X"
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
    quality = _quality(game, obj if kind == "spell" else source)
    return Targeter(controller, kind, obj, source or obj, quality)


def _quality(game: Game, ref: ObjectRef | None) -> Characteristics:
    """Characteristics of a spell or an ability's source; last-known if it left (mtg:608.2b)."""
    if ref is None:
        return Characteristics()
    return game.last_known(ref).characteristics


def targeter_for(game: Game, obj: GameObject) -> Targeter:
    """The targeter of an object on the stack."""
    info = obj.stack or StackInfo()
    controller = game.controller(obj.ref) or obj.owner
    if obj.kind == "ability":
        return _targeter(game, controller, "ability", obj.ref, info.source)
    return _targeter(game, controller, "spell", obj.ref, None)


def _put_targets(
    game: Game,
    ref: ObjectRef,
    *,
    controller: str,
    kind: Literal["spell", "ability"],
    requirements: tuple[TargetRequirement, ...],
    effects: tuple[object, ...],
    targets: Sequence[Sequence[Entity]],
    modes: Sequence[int],
    division: Sequence[int] | None,
    x: int | None,
    source: ObjectRef | None,
    ability_kind: Literal["spell", "activated", "triggered"],
    ability_index: int | None,
    action: str,
    via: str | None = None,
) -> None:
    """Modes, targets and division for an object already on the stack (mtg:601.2b-d)."""
    reqs, effs = _expand_modes(game, requirements, effects, modes)
    targeter = _targeter(game, controller, kind, ref, source)
    verdict = check_choices(game, reqs, targets, targeter)
    if not verdict:
        if via is not None:
            # abilities choose targets by the casting rules (mtg:602.2b, mtg:603.3d)
            how = (
                "activating" if via == "mtg:602.2b" else "putting a triggered ability on the stack"
            )
            verdict = Verdict(
                False,
                (Reason(rule(via), f"{how} chooses targets as casting does"), *verdict.reasons),
            )
        raise IllegalTargetError(verdict, action)
    chosen = tuple(tuple(t) for t in targets) + ((),) * (len(reqs) - len(targets))
    amounts = _divided_amounts(reqs, effs, x)
    division_verdict, shares = check_division(game, reqs, chosen, division, amounts)
    if not division_verdict:
        raise RulesViolation(division_verdict, action)
    info = StackInfo(
        targets=chosen,
        modes=tuple(sorted(modes)),
        x=x,
        ability_index=ability_index,
        source=source,
        ability_kind=ability_kind,
        chosen_count=sum(len(c) for c in chosen),
        requirements=reqs,
        effects=effs,
        divisions=shares,
    )
    game.set_stack_info(ref, info)


def _announce_targets(game: Game, ref: ObjectRef) -> None:
    """Events for each new target, and ward triggers (mtg:702.21a)."""
    obj = game.get(ref)
    info = obj.stack
    if info is None:
        return
    controller = game.controller(ref) or obj.owner
    for row in info.targets:
        for t in row:
            _became_target(game, obj, t, controller)


def _became_target(game: Game, obj: GameObject, t: Entity, controller: str) -> None:
    game.log(
        Event(
            "became_target",
            f"{game.describe(t)} becomes a target of {obj.label}",
            rule("mtg:115.1"),
            t if isinstance(t, ObjectRef) else None,
            player=t.name if isinstance(t, PlayerRef) else None,
            data=MappingProxyType({"by": obj.ref}),
        )
    )
    if isinstance(t, ObjectRef) and game.is_current(t):
        target_controller = game.controller(t)
        if target_controller is None or target_controller == controller:
            return
        for cost in game.characteristics(t).keyword_arguments("ward"):
            _ward_trigger(game, t, obj.ref, cost, target_controller)


def _ward_trigger(
    game: Game, permanent: ObjectRef, spell: ObjectRef, cost: str, controller: str
) -> None:
    label = f"ward of {game.describe(permanent)}"
    ability = _ability_on_stack(
        game,
        label,
        controller,
        StackInfo(
            source=permanent,
            ability_kind="triggered",
            effects=(CounterUnlessPaid(spell, cost),),
        ),
    )
    game.log(
        Event(
            "triggered",
            f"ward {cost} of {game.describe(permanent)} triggers: {game.describe(spell)} will be "
            f"countered unless its controller pays {cost}",
            rule("mtg:702.21a"),
            ability,
        )
    )


def prospective(
    game: Game, card: ObjectRef, by: str
) -> tuple[tuple[TargetRequirement, ...], Targeter]:
    """Every instance of "target" in a card's text (all abilities and modes, in order) and
    the targeter it would have if ``by`` put it on the stack now (for target queries)."""
    obj = game.get(card)
    if obj.card is None:
        raise NotSupportedError(f"target queries for {obj.label}", "it has no card text")
    requirements = card_text(obj.card).target_requirements()
    quality = game.characteristics(card)
    kind: Literal["spell", "ability"] = "ability" if obj.zone.name == "battlefield" else "spell"
    return tuple(requirements), Targeter(by, kind, None, card, quality)


def _ability_on_stack(game: Game, label: str, controller: str, info: StackInfo) -> ObjectRef:
    """Create an ability object on the stack (mtg:109.1, mtg:405.1), named ``label``."""
    return game.create(
        Characteristics(name=label),
        controller,
        "stack",
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
) -> ObjectRef:
    """Cast a spell: move it to the stack, choose modes, targets and division (mtg:601.2a-d)."""
    obj = game.get(card)
    if obj.card is None:
        raise RulesViolation(
            Verdict.refuse(rule("mtg:601.3"), f"{obj.label} is not a card"), "cast"
        )
    if obj.zone.name != "hand" or obj.owner != by:
        raise RulesViolation(
            Verdict.refuse(
                rule("mtg:601.3"),
                f"{obj.label} is in {obj.zone}; only a card in its owner's hand can be cast here",
            ),
            "cast",
        )
    text = card_text(obj.card)
    spell_abilities = [a for a in text.abilities if isinstance(a, SpellAbility)]
    requirements: tuple[TargetRequirement, ...] = ()
    effects: tuple[object, ...] = ()
    for a in spell_abilities:
        offset = len(requirements)
        requirements += tuple(
            replace(r, distinct_from=tuple(i + offset for i in r.distinct_from))
            for r in a.requirements
        )
        effects += tuple(_shift(e, offset) for e in a.effects)
    if "aura" in game.characteristics(card).subtypes:
        # an Aura spell targets what its enchant ability names (mtg:115.1b, mtg:303.4a)
        for ability in text.abilities:
            if isinstance(ability, KeywordAbility) and ability.name == "enchant":
                requirements = ability.requirements + requirements
    ref = game.move(
        card, "stack", controller=by, rule_applied=rule("mtg:601.2a"), reason=f"{by} casts it"
    )
    # a name follows the card: naming the card being cast means the spell (mtg:115.5 decides)
    targets = [
        [ref if isinstance(t, ObjectRef) and t.id == ref.id else t for t in row] for row in targets
    ]
    _put_targets(
        game,
        ref,
        controller=by,
        kind="spell",
        requirements=requirements,
        effects=effects,
        targets=targets,
        modes=modes,
        division=division,
        x=x,
        source=None,
        ability_kind="spell",
        ability_index=None,
        action=f"cast {obj.label}",
    )
    _log_put(game, ref, "cast", f"{by} casts {obj.label}", "mtg:601.2i")
    _announce_targets(game, ref)
    return ref


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
) -> ObjectRef:
    """Activate the ``ability``-th activated ability of ``source`` (mtg:602.2, 602.2b)."""
    obj = game.get(source)
    node = _ability(obj, ActivatedAbility, ability, "activated")
    label = alias or f"ability of {obj.label}"
    ref = _ability_on_stack(game, label, by, StackInfo(source=source, ability_kind="activated"))
    _put_targets(
        game,
        ref,
        controller=by,
        kind="ability",
        requirements=node.requirements,
        effects=node.effects,
        targets=targets,
        modes=modes,
        division=division,
        x=x,
        source=source,
        ability_kind="activated",
        ability_index=ability,
        action=f"activate {label}",
        via="mtg:602.2b",
    )
    _log_put(game, ref, "activated", f"{by} activates {label}: {node.text}", "mtg:602.2")
    _announce_targets(game, ref)
    return ref


def trigger(
    game: Game,
    source: ObjectRef,
    *,
    ability: int = 1,
    targets: Sequence[Sequence[Entity]] = (),
    modes: Sequence[int] = (),
    division: Sequence[int] | None = None,
    alias: str | None = None,
) -> ObjectRef | None:
    """Put a triggered ability on the stack (mtg:603.3). Its controller is the source's
    controller, or owner (mtg:603.3a, mtg:109.4b). If an instance of "target" has no
    legal choice at all, the ability is removed from the stack (mtg:603.3d)."""
    obj = game.get(source)
    node = _ability(obj, TriggeredAbility, ability, "triggered")
    controller = game.controller(source) or obj.owner
    label = alias or f"ability of {obj.label}"
    ref = _ability_on_stack(
        game, label, controller, StackInfo(source=source, ability_kind="triggered")
    )
    game.log(Event("triggered", f"{label} triggers: {node.text}", rule("mtg:603.3a"), ref))
    reqs, _ = _expand_modes(game, node.requirements, node.effects, modes)
    targeter = _targeter(game, controller, "ability", ref, source)
    for i, req in enumerate(reqs):
        if req.min > 0 and not legal_targets(game, reqs, i, targeter).count():
            game.remove(
                ref,
                rule_applied=rule("mtg:603.3d"),
                reason="has no legal target and is removed from the stack",
            )
            game.log(
                Event(
                    "removed_from_stack",
                    f"{label} is removed from the stack: target {i + 1} has no legal choice",
                    rule("mtg:603.3d"),
                    ref,
                )
            )
            return None
    _put_targets(
        game,
        ref,
        controller=controller,
        kind="ability",
        requirements=node.requirements,
        effects=node.effects,
        targets=targets,
        modes=modes,
        division=division,
        x=None,
        source=source,
        ability_kind="triggered",
        ability_index=ability,
        action=f"put {label} on the stack",
        via="mtg:603.3d",
    )
    _log_put(game, ref, "put_on_stack", f"{label} is put on the stack", "mtg:603.3d")
    _announce_targets(game, ref)
    return ref


def _ability(
    obj: GameObject, kind: type, index: int, word: str
) -> ActivatedAbility | TriggeredAbility:
    if obj.card is None:
        raise NotSupportedError(f"{word} abilities of {obj.label}", "it has no card text")
    found = [
        a
        for a in (_equip_as_activated(x) for x in card_text(obj.card).abilities)
        if isinstance(a, kind)
    ]
    if not 1 <= index <= len(found):
        raise RulesViolation(
            Verdict.refuse(
                rule("mtg:602.2a") if word == "activated" else rule("mtg:603.2"),
                f"{obj.label} has {len(found)} {word} abilit{'y' if len(found) == 1 else 'ies'}; "
                f"there is no number {index}",
            ),
            f"{word} ability",
        )
    node = found[index - 1]
    assert isinstance(node, ActivatedAbility | TriggeredAbility)
    return node


def _equip_as_activated(node: Ability) -> Ability:
    """Equip [cost] is the activated ability "[cost]: attach this to target creature you
    control" (mtg:702.6a); its target comes from the keyword's rule (mtg:115.1e)."""
    if isinstance(node, KeywordAbility) and node.name == "equip":
        cost = node.argument or ""
        return ActivatedAbility(
            Cost((cost,), cost),
            node.requirements,
            (Attach(Self(), TargetSlot(0)),),
            node.text,
            node.span,
        )
    return node


def _log_put(game: Game, ref: ObjectRef, kind: str, text: str, number: str) -> None:
    obj = game.get(ref)
    info = obj.stack
    described = ""
    if info and any(info.targets):
        parts = []
        for i, row in enumerate(info.targets):
            if row:
                names = ", ".join(game.describe(t) for t in row)
                share = (
                    f" ({', '.join(map(str, info.divisions[i]))})"
                    if i < len(info.divisions) and info.divisions[i]
                    else ""
                )
                parts.append(f"{i + 1}: {names}{share}")
        described = " targeting " + "; ".join(parts)
    modes = f", modes {list(info.modes)}" if info and info.modes else ""
    game.log(Event(kind, f"{text}{modes}{described}", rule(number), ref))
    if kind != "put_on_stack":
        game.log(Event("put_on_stack", f"{obj.label} is on the stack", rule("mtg:405.1"), ref))
