"""Flesh and Blood: the abilities that trigger at the beginning of the end phase.

The end phase opens with its "beginning of the end phase" event: what triggers then
goes on the stack and resolves as if every player passed in turn until the stack is
empty (fab:4.4.2), before the end-of-turn procedure (fab:4.4.3). The abilities that
function are those of the objects in the arena (fab:3.0.5) - the hero, equipment,
weapons and permanents; "At the beginning of your end phase" is the turn player's
objects', "each"/"the end phase" every player's.

What is carried out: an effect the card-text reader read into effects this game
executes, without targets (it goes on the stack and resolves at once, nobody getting
priority, fab:4.4.1); and the weapon shape "remove all +1{p} counters from this"
(Dawnblade, Gavel of Natural Order), optionally under "if this has not hit this
turn" (a hit: fab:7.5.5). Any other text raises
:class:`~tcgrules.errors.NotSupportedError` naming the ability before anything
changes, so a refused end of turn leaves the game as it was.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from tcgrules.cardtext.nodes import Ability, TriggeredAbility, UnsupportedEffect
from tcgrules.errors import NotSupportedError
from tcgrules.games.flesh_and_blood.hits import _own_text, attack_abilities
from tcgrules.games.flesh_and_blood.play import ARENA
from tcgrules.kernel.events import Event
from tcgrules.kernel.game import Game
from tcgrules.kernel.objects import ObjectRef, StackInfo
from tcgrules.kernel.play import ability_on_stack
from tcgrules.rules import rule

#: "At the beginning of your/each/the end phase, EFFECT"
BEGINNING = re.compile(
    r"^at the beginning of (?P<whose>your|each|the) end phase,?\s*(?P<effect>.*)$",
    re.IGNORECASE | re.DOTALL,
)
#: "[if this has not hit this turn, ]remove all +1{p} counters from this."
_REMOVE_POWER_COUNTERS = re.compile(
    r"^(?P<unhit>if (?:this|~) has not hit this turn, )?"
    r"remove all \+1\{p\} counters from (?:this|~)\.?$",
    re.IGNORECASE,
)


def _hit_this_turn(game: Game, ref: ObjectRef) -> bool:
    return any(
        e.kind == "hit" and isinstance(e.object, ObjectRef) and e.object.id == ref.id
        for e in game.events.this_turn()
    )


def _plan(game: Game, ref: ObjectRef, ability: Ability, label: str) -> Callable[[], None]:
    """What the ability does when it triggers, or NotSupportedError."""
    card = game.get(ref).card
    own = _own_text(ability.text, card.name if card is not None else None).strip()
    found = BEGINNING.match(own)
    effect = found.group("effect").strip() if found else ""
    counters = _REMOVE_POWER_COUNTERS.match(effect)
    if counters:
        return lambda: _remove_counters(game, ref, label, unhit=bool(counters.group("unhit")))
    if (
        isinstance(ability, TriggeredAbility)
        and ability.effects
        and not ability.requirements
        and all(
            not isinstance(e, UnsupportedEffect) and type(e) in game.ruleset.effects
            for e in ability.effects
        )
    ):
        node = ability
        return lambda: _resolve(game, ref, node, label)
    raise NotSupportedError(f"{label} at the beginning of the end phase (the effect is not read)")


def _remove_counters(game: Game, ref: ObjectRef, label: str, *, unhit: bool) -> None:
    _log_trigger(game, ref, label)
    if unhit and _hit_this_turn(game, ref):
        game.log(
            Event(
                "condition_not_met",
                f"{label}: it hit this turn, so its counters stay",
                rule("fab:4.4.2"),
                ref,
            )
        )
        return
    count = game.get(ref).counters.get("+1{p}", 0)
    if count:
        game.add_counters(ref, "+1{p}", -count, rule_applied=rule("fab:4.4.2"))


def _resolve(game: Game, ref: ObjectRef, ability: TriggeredAbility, label: str) -> None:
    from tcgrules.kernel.resolution import resolve_top  # noqa: PLC0415 (imports the ruleset)

    layer = ability_on_stack(
        game,
        f"end-phase ability of {game.describe(ref)}",
        game.controller(ref) or game.active_player,
        StackInfo(source=ref, ability_kind="triggered", effects=ability.effects),
        ability,
    )
    _log_trigger(game, layer, label)
    resolve_top(game)  # nobody gets priority in the end phase (fab:4.4.1)


def _log_trigger(game: Game, ref: ObjectRef, label: str) -> None:
    game.log(
        Event(
            "triggered",
            f"{label} triggers at the beginning of the end phase",
            rule("fab:4.4.2"),
            ref,
        )
    )


def fire(game: Game) -> list[str]:
    """Trigger and resolve the beginning-of-end-phase abilities (fab:4.4.2); all are
    read before any is carried out, so a refusal changes nothing."""
    plans: list[Callable[[], None]] = []
    for obj in list(game.objects()):
        if obj.zone.name not in ARENA or obj.zone.name == "combat_chain":
            continue
        mine = game.controller(obj.ref) == game.active_player
        for ability in attack_abilities(game, obj.ref):
            found = BEGINNING.match(ability.text.replace("**", "").strip())
            if found is None or (found.group("whose").lower() == "your" and not mine):
                continue
            label = f"{game.describe(obj.ref)}'s ability “{ability.text.replace('**', '')}”"
            plans.append(_plan(game, obj.ref, ability, label))
    for plan in plans:
        plan()
    return [f"{len(plans)} end-phase trigger(s)"] if plans else []
