"""Handlers for copies and combat, helper W8: copies of a spell for each object or player
it could target (mtg:707.10d) and a copy given a new target (mtg:707.10e).

``copy_with_targets`` is called by the copy handler of :mod:`tcgrules.games.magic.effects`
for a :class:`~tcgrules.cardtext.nodes.CopySpell` that names its copies' targets."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from types import MappingProxyType

from tcgrules.cardtext.nodes import CopySpell
from tcgrules.errors import RulesViolation
from tcgrules.games.magic.effects_zones import move_and_tell
from tcgrules.kernel.describe import (
    Context,
    compile_descriptor,
    described_objects,
    described_players,
    describes,
)
from tcgrules.kernel.descriptors import Descriptor
from tcgrules.kernel.events import Event
from tcgrules.kernel.game import Game
from tcgrules.kernel.objects import Entity, GameObject, ObjectRef
from tcgrules.kernel.play import targeter_for
from tcgrules.kernel.resolution import Resolution
from tcgrules.kernel.ruleset import EffectHandler
from tcgrules.kernel.targeting import Chosen, explain_target
from tcgrules.rules import rule
from tcgrules.verdict import Reason, Verdict

Targets = tuple[tuple[Entity, ...], ...]


def _judge(game: Game, spell: GameObject, copier: str, final: Targets) -> list[Reason]:
    """Why ``final`` can't be the copy's targets: each must be legal for its instance of
    "target", judged as the copier would choose it (mtg:115.3, mtg:707.10d-e)."""
    info = spell.stack
    assert info is not None
    targeter = replace(targeter_for(game, spell), controller=copier)
    failures: list[Reason] = []
    for i, row in enumerate(final):
        for j, t in enumerate(row):
            others = Chosen(
                tuple(
                    r if k != i else tuple(x for m, x in enumerate(r) if m != j)
                    for k, r in enumerate(final)
                )
            )
            failures.extend(
                explain_target(game, info.requirements, i, t, targeter, chosen=others).failures
            )
    return failures


def _candidates(run: Resolution, effect: CopySpell, copier: str, old: Targets) -> list[Entity]:
    """The objects and players the description names from the copier's view, other than
    the spell's own targets (mtg:707.10d)."""
    assert effect.for_each_could_target is not None
    ctx = Context(run.game, copier, run.info.source or run.obj.ref)
    compiled = compile_descriptor(effect.for_each_could_target, run.game.ruleset.name)
    current = {t for row in old for t in row}
    found: list[Entity] = [r for r in described_objects(ctx, compiled) if r not in current]
    found += [p for p in described_players(ctx, compiled) if p not in current]
    return found


def copy_with_targets(run: Resolution, effect: CopySpell) -> None:
    """Copies whose targets the effect gives: one for each other object or player the
    spell could target, with it as every target (mtg:707.10d), or one with the named new
    target (mtg:707.10e). A candidate that is not a legal target for each instance of
    "target" gets no copy, and the event says why. The copies go on the stack in the
    order found (the copier's choice of order, mtg:707.10d, is not asked)."""
    from tcgrules.games.magic.effects import copy_spell  # noqa: PLC0415  (it imports this module)

    game = run.game
    number = "mtg:707.10e" if effect.new_target is not None else "mtg:707.10d"
    for spell_ref, _ in run.objects(effect.what):
        spell = game.get(spell_ref)
        if not game.is_current(spell_ref) or spell.stack is None:
            game.log(
                Event("no_effect", f"{spell.label} is not on the stack: no copy", rule(number))
            )
            continue
        old = spell.stack.targets
        copier = run.controller
        if effect.by_its_controller:
            copier = game.controller(spell_ref) or copier
        if not old:
            game.log(
                Event("no_effect", f"{spell.label} has no target: no copy", rule(number), spell_ref)
            )
            continue
        if effect.new_target is not None:
            # the one new target; an object gone by now gives no copy (mtg:707.10e)
            candidates = [
                e
                for e, _ in run.entities(effect.new_target)
                if not isinstance(e, ObjectRef) or game.is_current(e)
            ][:1]
        else:
            candidates = _candidates(run, effect, copier, old)
        made = 0
        for target in candidates:
            final: Targets = tuple(tuple(target for _ in row) for row in old)
            failures = _judge(game, spell, copier, final)
            if failures:
                why = "; ".join(f.message for f in failures)
                game.log(
                    Event(
                        "no_copy",
                        f"{game.describe(target)} is not a legal target for every target of "
                        f"{spell.label}: no copy for it ({why})",
                        rule(number),
                        spell_ref,
                    )
                )
                continue
            copy_spell(
                run, spell_ref, False, effect.colors, by=copier, targets=final, targets_rule=number
            )
            made += 1
        if not made:
            game.log(
                Event("no_effect", f"no copy of {spell.label} is made", rule(number), spell_ref)
            )


def copy_becomes_token(game: Game, obj: GameObject) -> None:
    """A copy of a permanent spell resolving becomes a token permanent (mtg:707.10f,
    mtg:608.3a) with the copy's copiable values, under its controller, who owns it
    (mtg:112.2, mtg:111.2); a copy of an Aura spell enters attached to what it targets
    (mtg:608.3c)."""
    controller = game.controller(obj.ref) or obj.owner
    values = game.copiable_characteristics(obj.ref)
    info = obj.stack
    enchanted = None
    if "aura" in values.subtypes and info is not None and info.targets:
        enchanted = next((t for row in info.targets for t in row), None)
    label = obj.label.removeprefix("copy of ")
    game.remove(obj.ref, rule_applied=rule("mtg:707.10f"), reason="resolves and becomes a token")
    token = game.create(
        values,
        controller,
        "battlefield",
        kind="token",
        alias=f"token copy of {label}",
        controller=controller,
        copy_of=obj.copy_of,
    )
    game.log(
        Event(
            "token_created",
            f"the copy of {label} becomes a token permanent, {game.describe(token)}, "
            f"under {controller}'s control",
            rule("mtg:707.10f"),
            token,
        )
    )
    if enchanted is not None:
        game.attach(token, enchanted, rule_applied=rule("mtg:608.3c"))


def sacrifice_to_pay(run: Resolution, who: str, what: Descriptor, cost: str) -> bool:
    """``who`` pays "sacrifice a land" (mtg:118.1): one permanent they control that fits,
    of their choice (``choose: {chosen: [...]}`` when several fit), goes to its owner's
    graveyard (mtg:701.17a). With none they can't pay (mtg:118.3): False, and nothing
    happens."""
    game = run.game
    ctx = Context(game, run.controller, run.info.source or run.obj.ref)
    fits = [r for r in game.battlefield() if game.controller(r) == who and describes(ctx, what, r)]
    if not fits:
        game.log(
            Event(
                "not_paid",
                f"{who} can't pay “{cost}”: nothing they control fits",
                rule("mtg:118.3"),
                run.obj.ref,
                player=who,
            )
        )
        return False
    picked = [e for e in (run.choices.chosen or ()) if isinstance(e, ObjectRef) and e in fits]
    if len(fits) > 1 and len(picked) != 1:
        names = ", ".join(game.describe(r) for r in fits)
        raise RulesViolation(
            Verdict.refuse(
                rule("mtg:701.17a"),
                f"{who} chooses one of the permanents they control that fit ({names}) to "
                "sacrifice: name it with choose: {chosen: [...]}",
            ),
            "resolve",
        )
    move_and_tell(
        game,
        picked or fits,
        to="graveyard",
        kind="sacrificed",
        number="mtg:701.17a",
        player=who,
        said=f"{who} sacrifices {{}} to pay “{cost}”",
    )
    return True


#: node type -> handler, merged into Magic's effect table (the copies themselves are
#: handled with :class:`CopySpell` by the effects module)
W8_EFFECTS: Mapping[type, EffectHandler] = MappingProxyType({})
