"""Magic's handlers of the attach family, second pass (helper W6): destroying what is
attached to a permanent (mtg:701.7a, mtg:303.4b), moving an Aura to another permanent
chosen as the effect happens (mtg:701.3a, mtg:608.2d), and putting an Aura or
Equipment onto the battlefield attached to something (mtg:303.4f-i, mtg:301.5c)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from types import MappingProxyType

from tcgrules.cardtext.nodes import (
    ActivatedAbility,
    AttachElsewhere,
    Becomes,
    BecomesCopy,
    BecomesOfChoice,
    DestroyAttached,
    GainAllCreatureTypes,
    PutOntoBattlefieldAttached,
    TriggeredAbility,
    You,
)
from tcgrules.errors import NotSupportedError, RulesViolation
from tcgrules.games.magic.attachments import aura_problem
from tcgrules.games.magic.effects_m2 import attach_if_legal
from tcgrules.games.magic.effects_stats import BASIC_LAND_TYPES, STATS_EFFECTS, lasting
from tcgrules.games.magic.text_lexer import COLORS, subtypes
from tcgrules.games.magic.vocabulary import CARD_TYPES
from tcgrules.kernel import descriptors as d
from tcgrules.kernel import effects as k
from tcgrules.kernel.characteristics import AbilityLike, Characteristics, Keyword
from tcgrules.kernel.describe import Context, describes
from tcgrules.kernel.events import Event
from tcgrules.kernel.game import Game
from tcgrules.kernel.objects import Entity, ObjectRef
from tcgrules.kernel.resolution import Resolution
from tcgrules.kernel.ruleset import EffectHandler
from tcgrules.rules import rule
from tcgrules.verdict import Verdict


def copy_exceptions(
    run: Resolution, effect: BecomesCopy, values: Characteristics
) -> Characteristics:
    """The copiable values a "becomes a copy" effect gives, with its exceptions, which
    are part of them (mtg:707.9b): "except it has this ability" adds the ability whose
    effect this is (mtg:707.9a; not supported where it can't be found, rather than
    lose it silently); a type named "in addition to its other types" is added (mtg:205.1b)."""
    if effect.this_ability:
        ability = _this_ability(run)
        if ability is None:
            raise NotSupportedError(
                "a copy that keeps an ability the kernel can't find (mtg:707.9a)"
            )
        if ability not in values.abilities:
            values = replace(values, abilities=(*values.abilities, ability))
    if effect.keywords:
        values = replace(
            values, abilities=(*values.abilities, *(Keyword(k) for k in effect.keywords))
        )
    card_types = {t for t in effect.types if t in CARD_TYPES}
    subtypes_added = {t for t in effect.types if t not in CARD_TYPES}
    if card_types or subtypes_added:
        values = replace(
            values,
            types=values.types | card_types,
            subtypes=values.subtypes | subtypes_added,
        )
    return values


def _this_ability(run: Resolution) -> AbilityLike | None:
    """The activated or triggered ability that is resolving, as its source has it:
    printed abilities first, then those an effect gave it (the order activation and
    triggering number them, mtg:113.1a)."""
    info = run.info
    kinds = {"activated": ActivatedAbility, "triggered": TriggeredAbility}
    kind = kinds.get(info.ability_kind)
    if kind is None or info.source is None or info.ability_index is None:
        return None
    game = run.game
    obj = game.get(info.source)
    rs = game.ruleset
    printed = rs.ability_nodes(rs.card_text(obj.card)) if obj.card is not None else ()
    found: list[AbilityLike] = [a for a in printed if isinstance(a, kind)]
    if game.is_current(info.source):
        found += [
            a
            for a in game.characteristics(info.source).abilities
            if isinstance(a, kind) and a not in found
        ]
    return found[info.ability_index - 1] if 1 <= info.ability_index <= len(found) else None


def _refuse(number: str, why: str) -> RulesViolation:
    return RulesViolation(Verdict.refuse(rule(number), why), "resolve")


def _attached_to(
    game: Game, host: Entity, ctx: Context, descriptor: d.Descriptor
) -> list[ObjectRef]:
    """What ``descriptor`` describes attached to ``host`` now (mtg:303.4b)."""
    return [
        r
        for r in game.battlefield()
        if game.get(r).attached_to == host and describes(ctx, descriptor, r)
    ]


def _destroy_attached(run: Resolution, effect: DestroyAttached) -> None:
    """Every permanent of the kind named attached to the host is found first
    (mtg:608.2h), then each is destroyed (mtg:701.7a); an indestructible one or one a
    regeneration shield saves stays (mtg:702.12b, mtg:701.15a)."""
    # effects imports this module
    from tcgrules.games.magic.effects import destroy_one  # noqa: PLC0415

    game = run.game
    ctx = Context(game, run.controller, run.info.source or run.obj.ref)
    doomed: list[ObjectRef] = []
    for host, _ in run.entities(effect.host):
        if effect.host_too and isinstance(host, ObjectRef):
            doomed.append(host)
        doomed.extend(
            r for r in _attached_to(game, host, ctx, effect.descriptor) if r not in doomed
        )
    for t in doomed:
        if game.is_current(t):
            destroy_one(game, t)


def _attach_elsewhere(run: Resolution, effect: AttachElsewhere) -> None:
    """The controller chooses the new host as the effect happens (mtg:608.2d; the
    scenario's ``choose: {chosen: [PERMANENT]}``): another permanent the text describes,
    not the one the Aura is attached to now, of one of the named types that one has
    ("of that type") or controlled by the same player ("with the same controller").
    Then each Aura moves if it may legally be attached there (mtg:701.3a-b). A missing
    or wrong choice refuses the resolution, leaving the game as it was."""
    game = run.game
    ctx = Context(game, run.controller, run.info.source or run.obj.ref)
    movers: list[ObjectRef] = []
    for t, _ in run.entities(effect.what):
        if effect.enchanting:
            movers.extend(_attached_to(game, t, ctx, _AURA))
        elif isinstance(t, ObjectRef):
            movers.append(t)
    if not movers:
        return
    picked = run.choices.chosen
    if picked is None or len(picked) != 1:
        raise _refuse(
            "mtg:608.2d",
            f"{run.obj.label} has {run.controller} choose the permanent to attach to as it "
            "resolves: give choose: {chosen: [PERMANENT]}",
        )
    host = picked[0]
    problem = _host_problem(game, ctx, effect, host, movers)
    if problem is not None:
        raise _refuse("mtg:701.3a", f"{game.describe(host)} {problem}")
    game.log(
        Event(
            "chosen",
            f"{run.controller} chooses {game.describe(host)}",
            rule("mtg:608.2d"),
            run.obj.ref,
        )
    )
    for mover in movers:
        attach_if_legal(game, mover, host)


def _host_problem(
    game: Game, ctx: Context, effect: AttachElsewhere, host: Entity, movers: list[ObjectRef]
) -> str | None:
    if not (
        isinstance(host, ObjectRef)
        and game.is_current(host)
        and game.get(host).zone.name == "battlefield"
        and describes(ctx, effect.to, host)
    ):
        return "is not a permanent the text allows"
    for mover in movers:
        old = game.get(mover).attached_to
        if host in {old, mover}:
            return f"is not another permanent than the one {game.describe(mover)} is on"
        if not isinstance(old, ObjectRef) or not game.is_current(old):
            continue
        if effect.same == "type":
            shared = set(effect.types) & game.characteristics(old).types
            if not shared & game.characteristics(host).types:
                return f"shares none of the types {', '.join(sorted(shared))}"
        if effect.same == "controller" and game.controller(host) != game.controller(old):
            return f"is not controlled by {game.controller(old)}"
    return None


def _put_attached(run: Resolution, effect: PutOntoBattlefieldAttached) -> None:
    """Each card is put onto the battlefield under the control the text says
    (mtg:110.2a) attached to what the text names. An Aura that couldn't legally enchant
    it (or with nothing to enchant) stays where it is (mtg:303.4i); an Equipment enters
    and is attached only if it may equip it (mtg:301.5c); anything else enters
    unattached (mtg:303.4h)."""
    game = run.game
    hosts = [h for h, _ in run.entities(effect.to)]
    for t, _ in run.objects(effect.what):
        obj = game.get(t)
        chars = game.characteristics(t)
        under = run.controller if isinstance(effect.under, You) else obj.owner
        host = hosts[0] if hosts else None
        label = game.describe(t)
        if "aura" in chars.subtypes:
            why = "there is nothing for it to enchant"
            if host is not None:
                problem = aura_problem(game, replace(obj, attached_to=host), chars)
                why = "" if problem is None else problem.why
            if why:
                game.log(
                    Event("not_moved", f"{label} stays where it is: {why}", rule("mtg:303.4i"), t)
                )
                continue
        new = game.move(
            t,
            "battlefield",
            controller=under,
            rule_applied=rule("mtg:110.2a"),
            reason=f"put onto the battlefield under {under}'s control",
        )
        if host is None or not ({"aura", "equipment", "fortification"} & chars.subtypes):
            game.log(Event("not_attached", f"{label} enters unattached", rule("mtg:303.4h"), new))
            continue
        attach_if_legal(game, new, host)


def _all_creature_types(run: Resolution, effect: GainAllCreatureTypes) -> None:
    """Each creature (or kindred) object named gets every creature type in addition to
    its types (mtg:205.3m, mtg:205.1b; layer 4, mtg:613.1d); another object can't have
    them (mtg:205.3d)."""
    kinds = subtypes()
    every = frozenset(s for s, kind in kinds.items() if kind == "creature")
    game = run.game
    for t, _ in run.objects(effect.what):
        if not ({"creature", "kindred", "tribal"} & game.characteristics(t).types):
            game.log(
                Event(
                    "effect",
                    f"{game.describe(t)} is not a creature: it gains no creature type",
                    rule("mtg:205.3d"),
                    t,
                )
            )
            continue
        until, holder, words = lasting(run, effect.duration)
        game.add_effect(
            t,
            k.ChangeSet("subtypes", "add", every),
            until=until,
            holder=holder,
            source=run.obj.ref,
            rule_applied=rule("mtg:205.3m"),
            describe=f"gains all creature types{words}",
        )


def _becomes_of_choice(run: Resolution, effect: BecomesOfChoice) -> None:
    """The controller chooses as the effect happens (mtg:608.2d; the scenario's
    ``choose: {color: ...}``, "white and blue" for colors, or ``choose: {option:
    island}`` for a basic land type); then each object becomes it, as "becomes" does
    (new colors replace its colors, mtg:105.3; the land type is added to its types,
    mtg:205.1b). A missing or wrong choice refuses the resolution."""
    if effect.kind == "basic_land_type":
        given = (run.choices.option or "").strip().lower()
        if given not in BASIC_LAND_TYPES:
            raise _refuse(
                "mtg:608.2d",
                f"{run.obj.label} has {run.controller} choose a basic land type as it resolves:"
                f" give choose: {{option: ...}}, one of {', '.join(sorted(BASIC_LAND_TYPES))}"
                f" (given: {run.choices.option!r})",
            )
        chosen: tuple[str, ...] = (given,)
        becomes = Becomes(effect.what, (), chosen, (), None, None, True, effect.duration)
    else:
        words = (run.choices.color or "").lower().replace(",", " ").split()
        chosen = tuple(dict.fromkeys(w for w in words if w != "and"))
        many = effect.kind == "colors"
        if not chosen or not set(chosen) <= COLORS or (len(chosen) > 1 and not many):
            wanted = "one or more colors" if many else "a color"
            raise _refuse(
                "mtg:608.2d",
                f"{run.obj.label} has {run.controller} choose {wanted} as it resolves: give "
                f"choose: {{color: ...}} (given: {run.choices.color!r})",
            )
        becomes = Becomes(effect.what, colors=chosen, duration=effect.duration)
    run.game.log(
        Event(
            "chosen",
            f"{run.controller} chooses {' and '.join(chosen)}",
            rule("mtg:608.2d"),
            run.obj.ref,
        )
    )
    STATS_EFFECTS[Becomes](run, becomes)


#: every Aura (mtg:303.4)
_AURA = d.HasSubtype("aura")

BECOMES_EFFECTS: Mapping[type, EffectHandler] = MappingProxyType(
    {
        DestroyAttached: _destroy_attached,
        AttachElsewhere: _attach_elsewhere,
        PutOntoBattlefieldAttached: _put_attached,
        GainAllCreatureTypes: _all_creature_types,
        BecomesOfChoice: _becomes_of_choice,
    }
)
