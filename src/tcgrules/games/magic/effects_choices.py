"""Handlers of the counters/fights/choices section (helper Z2): proliferate
(mtg:701.27a), a keyword of the controller's choice (mtg:608.2d, mtg:613.1f) and the
creature an Aura or Equipment is attached to fighting (mtg:701.12a).

Choices made as an effect happens (mtg:608.2d) come from the resolution's choices: the
scenario's ``choose: {chosen: [...]}`` names what a proliferate picks (an empty list
picks nothing), ``choose: {option: KEYWORD}`` the keyword picked. A missing or illegal
choice refuses the resolution and leaves the game unchanged.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from types import MappingProxyType

from tcgrules.cardtext.nodes import (
    AnotherOfEachKind,
    AttachedFights,
    GainAbility,
    GainAbilityChoice,
    GainProtectionOfChoice,
    Proliferate,
    PutCounterChoice,
    PutCounters,
)
from tcgrules.errors import NotSupportedError, RulesViolation
from tcgrules.games.magic.text_lexer import COLORS
from tcgrules.games.magic.vocabulary import CARD_TYPES
from tcgrules.kernel.events import Event
from tcgrules.kernel.objects import Entity, ObjectRef
from tcgrules.kernel.resolution import Resolution
from tcgrules.kernel.ruleset import EffectHandler
from tcgrules.rules import rule
from tcgrules.verdict import Verdict


def _refuse(number: str, why: str) -> RulesViolation:
    return RulesViolation(Verdict.refuse(rule(number), why), "resolve")


def _chosen(
    run: Resolution, given: str | None, allowed: Collection[str], key: str, wanted: str
) -> str:
    """What the controller chose as the effect happens (mtg:608.2d), given with
    ``choose: {KEY: ...}``: one of ``allowed``, lower-cased and logged; anything else
    refuses the resolution (the game is left as it was)."""
    choice = (given or "").strip().lower()
    if choice not in allowed:
        raise _refuse(
            "mtg:608.2d",
            f"{run.obj.label} has {run.controller} choose {wanted} as it resolves: give "
            f"choose: {{{key}: ...}} (given: {given!r})",
        )
    run.game.log(
        Event("chosen", f"{run.controller} chooses {choice}", rule("mtg:608.2d"), run.obj.ref)
    )
    return choice


def _proliferate(run: Resolution, effect: Proliferate) -> None:
    """Each picked permanent or player gets one more counter of each kind it already has
    (mtg:701.27a). Only something that has a counter may be picked; every pick is
    checked before any counter is given. (The kernel keeps no counters on players, so a
    player has none to give more of.)"""
    game = run.game
    picked = run.choices.chosen
    if picked is None:
        raise _refuse(
            "mtg:701.27a",
            f"{run.obj.label} has {run.controller} proliferate: name the permanents and "
            "players that get more counters with choose: {chosen: [...]} ([] for none)",
        )
    chosen: list[ObjectRef] = []
    for entity in picked:
        if not (
            isinstance(entity, ObjectRef)
            and game.is_current(entity)
            and game.get(entity).zone.name == "battlefield"
            and any(n > 0 for n in game.get(entity).counters.values())
        ):
            raise _refuse(
                "mtg:701.27a",
                f"{run.obj.label}: {game.describe(entity)} can't be picked to proliferate: "
                "only a permanent or player that has a counter can",
            )
        if entity not in chosen:
            chosen.append(entity)
    if not chosen:
        game.log(
            Event(
                "proliferate",
                f"{run.controller} proliferates, picking nothing",
                rule("mtg:701.27a"),
                run.obj.ref,
            )
        )
    for ref in chosen:
        kinds = sorted(k for k, n in game.get(ref).counters.items() if n > 0)
        game.log(
            Event(
                "proliferate",
                f"{run.controller} proliferates: {game.describe(ref)} gets another "
                + ", ".join(kinds)
                + (" counter" if len(kinds) == 1 else " counter each"),
                rule("mtg:701.27a"),
                ref,
            )
        )
        for kind in kinds:
            game.add_counters(ref, kind, 1, rule_applied=rule("mtg:701.27a"))


def _gain_choice(run: Resolution, effect: GainAbilityChoice) -> None:
    """The controller picks one of the offered keywords as the effect happens
    (mtg:608.2d); each object then gains it for the duration (layer 6, mtg:613.1f)."""
    from tcgrules.games.magic.effects import EFFECTS  # noqa: PLC0415 (EFFECTS holds this)

    wanted = f"one of {', '.join(effect.keywords)}"
    choice = _chosen(run, run.choices.option, effect.keywords, "option", wanted)
    EFFECTS[GainAbility](run, GainAbility(effect.what, choice, duration=effect.duration))


def _protection_of_choice(run: Resolution, effect: GainProtectionOfChoice) -> None:
    """The controller picks the quality as the effect happens (mtg:608.2d): colorless
    or one of the five colors (mtg:105.1) with ``choose: {color: ...}``, a card type
    (mtg:205.2a) with ``choose: {option: ...}``; each object gains protection from it
    (layer 6, mtg:613.1f, mtg:702.16a)."""
    from tcgrules.games.magic.effects import EFFECTS  # noqa: PLC0415 (EFFECTS holds this)

    if "card type" in effect.offers:
        given, key = run.choices.option, "option"
        allowed: frozenset[str] = frozenset(CARD_TYPES)
        wanted = "a card type"
    else:
        given, key = run.choices.color, "color"
        allowed = frozenset(COLORS) | {"colorless"}
        wanted = "colorless or a color"
    choice = _chosen(run, given, allowed, key, wanted)
    EFFECTS[GainAbility](
        run, GainAbility(effect.what, "protection", choice, duration=effect.duration)
    )


def _put_counter_choice(run: Resolution, effect: PutCounterChoice) -> None:
    """One counter of the kind the controller picks as the effect happens (mtg:608.2d,
    ``choose: {option: KIND}``), put like any other counter (mtg:122.1b)."""
    from tcgrules.games.magic.effects import EFFECTS  # noqa: PLC0415 (EFFECTS holds this)

    wanted = f"a {' or '.join(effect.kinds)} counter"
    choice = _chosen(run, run.choices.option, effect.kinds, "option", wanted)
    EFFECTS[PutCounters](run, PutCounters(effect.what, choice, 1))


def _another_of_each_kind(run: Resolution, effect: AnotherOfEachKind) -> None:
    """One more counter of each kind already on the permanent (mtg:122.1); a permanent
    that left the battlefield gets none (mtg:608.2b). The kernel keeps no counters on
    players, so a player target is not supported."""
    game = run.game
    for entity, _ in run.entities(effect.what):
        if not isinstance(entity, ObjectRef):
            raise NotSupportedError(
                "another counter of each kind on a player", "the kernel keeps no player counters"
            )
        if not game.is_current(entity) or game.get(entity).zone.name != "battlefield":
            continue
        kinds = sorted(k for k, n in game.get(entity).counters.items() if n > 0)
        if not kinds:
            game.log(
                Event(
                    "no_effect",
                    f"{game.describe(entity)} has no counters",
                    rule("mtg:122.1"),
                    entity,
                )
            )
        for kind in kinds:
            game.add_counters(entity, kind, 1, rule_applied=rule("mtg:122.1"))


def _attached_fights(run: Resolution, effect: AttachedFights) -> None:
    """The creature the source is attached to fights the other (mtg:701.12a); the source
    gone, its last-known attachment is used (mtg:608.2h). No such creature, or an
    illegal target, and neither fights (mtg:701.12b)."""
    from tcgrules.games.magic.effects import fight  # noqa: PLC0415 (EFFECTS holds this)

    game = run.game
    source = run.info.source or run.obj.ref
    host: Entity | None = None
    if isinstance(source, ObjectRef):
        host = game.last_known(source).object.attached_to
    found = run.entities(effect.other)
    fight(run, host, found[0][0] if found else None)


CHOICE_EFFECTS: Mapping[type, EffectHandler] = MappingProxyType(
    {
        Proliferate: _proliferate,
        GainAbilityChoice: _gain_choice,
        AttachedFights: _attached_fights,
        GainProtectionOfChoice: _protection_of_choice,
        PutCounterChoice: _put_counter_choice,
        AnotherOfEachKind: _another_of_each_kind,
    }
)
