"""Resolving Magic spells and abilities (mtg:608): the re-check of targets and the effects.

On resolution every target is checked again (mtg:608.2b). With no legal target
left, the spell or ability does not resolve and leaves the stack; with some,
it resolves but does nothing to the illegal ones. Effects then happen in the
order written (mtg:608.2c).
"""

from __future__ import annotations

from dataclasses import replace
from types import MappingProxyType

from tcgrules.cardtext.nodes import (
    Attach,
    ChangeTargets,
    Conditional,
    CopySpell,
    Counter,
    DealDamage,
    Destroy,
    Draw,
    Each,
    Exile,
    GainAbility,
    GainLife,
    It,
    LoseLife,
    May,
    ModifyPT,
    ReturnToBattlefield,
    ReturnToHand,
    Self,
    Tap,
    TargetSlot,
    UnsupportedEffect,
    Untap,
    You,
)
from tcgrules.errors import IllegalTargetError, NotSupportedError, RulesViolation
from tcgrules.games.magic.play import (
    CounterUnlessPaid,
    ResolveChoices,
    _amount,
    _became_target,
    targeter_for,
)
from tcgrules.kernel.characteristics import Characteristics, Keyword
from tcgrules.kernel.describe import (
    Context,
    compile_descriptor,
    described_objects,
    described_players,
)
from tcgrules.kernel.effects import Duration, GrantAbilities, Modify
from tcgrules.kernel.events import Event
from tcgrules.kernel.game import Game
from tcgrules.kernel.objects import Entity, GameObject, ObjectRef, PlayerRef, StackInfo
from tcgrules.kernel.stack import ChangeHow, Recheck, check_new_targets, recheck
from tcgrules.kernel.targeting import Targeter
from tcgrules.rules import rule
from tcgrules.verdict import Verdict

PERMANENT_TYPES = frozenset(
    {"artifact", "creature", "enchantment", "planeswalker", "battle", "land"}
)


# --------------------------------------------------------------------- resolving
def resolve_top(game: Game, choices: ResolveChoices | None = None) -> None:
    """Resolve the top object of the stack (mtg:608.2)."""
    choices = choices or ResolveChoices()
    stack = game.stack
    if not stack:
        raise RulesViolation(Verdict.refuse(rule("mtg:608.1"), "the stack is empty"), "resolve")
    obj = game.get(stack[0])
    info = obj.stack or StackInfo()
    targeter = targeter_for(game, obj)
    checked: Recheck | None = None
    if any(info.targets):
        checked = recheck(game, obj, targeter)
        for i, row in enumerate(info.targets):
            for j, t in enumerate(row):
                if not checked.legal[i][j]:
                    why = checked.verdicts[i][j].describe()
                    game.log(
                        Event(
                            "target_illegal",
                            f"{game.describe(t)} is no longer a legal target of {obj.label}: {why}",
                            rule("mtg:608.2b"),
                            t if isinstance(t, ObjectRef) else None,
                            player=t.name if isinstance(t, PlayerRef) else None,
                        )
                    )
        if checked.all_illegal:
            game.log(
                Event(
                    "did_not_resolve",
                    f"{obj.label} does not resolve: all its targets are illegal",
                    rule("mtg:608.2b"),
                    obj.ref,
                )
            )
            _leave_stack(game, obj, resolved=False)
            return
    run = _Resolution(game, obj, targeter, checked, choices)
    for effect in info.effects:
        run.perform(effect)
    game.log(Event("resolved", f"{obj.label} resolves", rule("mtg:608.2"), obj.ref))
    if game.is_current(obj.ref):
        _leave_stack(game, game.get(obj.ref), resolved=True)


def _leave_stack(game: Game, obj: GameObject, *, resolved: bool) -> None:
    if obj.kind == "ability":
        game.remove(
            obj.ref,
            rule_applied=rule("mtg:608.2n" if resolved else "mtg:608.2b"),
            reason="leaves the stack",
        )
        if not resolved:
            game.log(
                Event(
                    "removed_from_stack",
                    f"{obj.label} is removed from the stack",
                    rule("mtg:608.2b"),
                    obj.ref,
                )
            )
        return
    if obj.kind == "copy":
        game.remove(
            obj.ref, rule_applied=rule("mtg:707.10a"), reason="ceases to exist off the stack"
        )
        return
    chars = game.characteristics(obj.ref)
    types = chars.types
    if resolved and "aura" in chars.subtypes and obj.stack and obj.stack.targets:
        enchanted = next((t for row in obj.stack.targets for t in row), None)
        new = game.move(
            obj.ref,
            "battlefield",
            controller=game.controller(obj.ref),
            rule_applied=rule("mtg:608.3c"),
            reason="an Aura spell resolves",
        )
        game.attach(new, enchanted, rule_applied=rule("mtg:608.3c"))
        return
    if resolved and types & PERMANENT_TYPES:
        game.move(
            obj.ref,
            "battlefield",
            controller=game.controller(obj.ref),
            rule_applied=rule("mtg:608.3a"),
            reason="a permanent spell resolves",
        )
    else:
        why = "it resolved" if resolved else "it did not resolve"
        game.move(
            obj.ref,
            "graveyard",
            rule_applied=rule("mtg:608.2n" if resolved else "mtg:608.2b"),
            reason=why,
        )


class _Resolution:
    """Performs one resolving object's effects in order (mtg:608.2c), on legal targets only."""

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
            ctx = Context(self.game, self.controller, self.info.source or self.obj.ref)
            compiled = compile_descriptor(reference.descriptor, "mtg")
            found: list[tuple[Entity, int | None]] = [
                (r, None) for r in described_objects(ctx, compiled)
            ]
            found += [(p, None) for p in described_players(ctx, compiled)]
            return found
        if isinstance(reference, You):
            return [(PlayerRef(self.controller), None)]
        if isinstance(reference, Self):
            return [(self.info.source or self.obj.ref, None)]
        if isinstance(reference, It):
            return (
                self.targets(0) if self.info.targets else [(self.info.source or self.obj.ref, None)]
            )
        raise NotSupportedError(f"the reference {type(reference).__name__} in an effect")

    def damage_source(self, reference: object) -> Characteristics:
        ref = (
            self.info.source if (isinstance(reference, Self) and self.info.source) else self.obj.ref
        )
        return self.game.last_known(ref).characteristics

    # effects
    def perform(self, effect: object) -> None:
        game = self.game
        if isinstance(effect, DealDamage):
            amount = _amount(effect.amount, self.info.x)
            source = self.damage_source(effect.source)
            for t, share in self.entities(effect.to):
                deal_damage(
                    game,
                    source,
                    self.obj.label,
                    t,
                    share if effect.divided and share is not None else amount,
                    controller=self.controller,
                )
        elif isinstance(effect, Destroy):
            for t, _ in self.objects(effect.what):
                if game.characteristics(t).has_keyword("indestructible"):
                    game.log(
                        Event(
                            "not_destroyed",
                            f"{game.describe(t)} is indestructible",
                            rule("mtg:702.12b"),
                            t,
                        )
                    )
                    continue
                label = game.describe(t)
                new = game.move(t, "graveyard", rule_applied=rule("mtg:701.7a"), reason="destroyed")
                game.log(Event("destroyed", f"{label} is destroyed", rule("mtg:701.7a"), new))
        elif isinstance(effect, Exile):
            for t, _ in self.objects(effect.what):
                game.move(t, "exile", rule_applied=rule("mtg:701.11a"), reason="exiled")
        elif isinstance(effect, ReturnToHand):
            for t, _ in self.objects(effect.what):
                game.move(
                    t, "hand", rule_applied=rule("mtg:400.7"), reason="returned to its owner's hand"
                )
        elif isinstance(effect, ReturnToBattlefield):
            for t, _ in self.objects(effect.what):
                new = game.move(
                    t,
                    "battlefield",
                    rule_applied=rule("mtg:400.7"),
                    reason="returned to the battlefield",
                )
                if effect.tapped:
                    game.set_tapped(new, True, rule_applied=rule("mtg:701.21a"))
        elif isinstance(effect, Tap | Untap):
            tapped = isinstance(effect, Tap)
            for t, _ in self.objects(effect.what):
                game.set_tapped(
                    t, tapped, rule_applied=rule("mtg:701.21a" if tapped else "mtg:701.21b")
                )
        elif isinstance(effect, ModifyPT):
            p = _amount(effect.power, self.info.x)
            tough = _amount(effect.toughness, self.info.x)
            until: Duration = "end_of_turn" if effect.duration == "end_of_turn" else None
            for t, _ in self.objects(effect.what):
                game.add_effect(
                    t,
                    Modify("power", p),
                    until=until,
                    source=self.obj.ref,
                    rule_applied=rule("mtg:613.4c"),
                    describe=f"gets {p:+d}/{tough:+d}" + (" until end of turn" if until else ""),
                )
                game.add_effect(
                    t,
                    Modify("toughness", tough),
                    until=until,
                    source=self.obj.ref,
                    rule_applied=rule("mtg:613.4c"),
                )
        elif isinstance(effect, GainAbility):
            keyword = Keyword(effect.keyword.lower(), effect.argument)
            until = "end_of_turn" if effect.duration == "end_of_turn" else None
            for t, _ in self.objects(effect.what):
                game.add_effect(
                    t,
                    GrantAbilities((keyword,)),
                    until=until,
                    source=self.obj.ref,
                    rule_applied=rule("mtg:613.1f"),
                    describe=f"gains {keyword.text}" + (" until end of turn" if until else ""),
                )
        elif isinstance(effect, Counter):
            for t, _ in self.objects(effect.what):
                if effect.unless_pays is not None and self.choices.pay:
                    game.log(
                        Event(
                            "paid",
                            f"{game.describe(t)}'s controller pays {effect.unless_pays}",
                            rule("mtg:701.5a"),
                            t,
                        )
                    )
                    continue
                counter(game, t)
        elif isinstance(effect, CounterUnlessPaid):
            self.ward(effect)
        elif isinstance(effect, ChangeTargets):
            for t, _ in self.objects(effect.what):
                self.change_targets(t, effect.how, effect.to)
        elif isinstance(effect, Conditional):
            self.conditional(effect)
        elif isinstance(effect, Attach):
            movers = [t for t, _ in self.objects(effect.what)]
            hosts = [t for t, _ in self.entities(effect.to)]
            for mover in movers:
                if game.get(mover).zone.name != "battlefield":
                    continue
                for host in hosts[:1]:
                    game.attach(mover, host, rule_applied=rule("mtg:701.3a"))
        elif isinstance(effect, GainLife | LoseLife):
            amount = _amount(effect.amount, self.info.x)
            sign = 1 if isinstance(effect, GainLife) else -1
            for who, _ in self.entities(effect.who):
                if isinstance(who, PlayerRef):
                    game.change_life(who.name, sign * amount, rule_applied=rule("mtg:119.3"))
        elif isinstance(effect, CopySpell):
            for t, _ in self.objects(effect.what):
                self.copy_spell(t, effect.may_choose_new_targets)
        elif isinstance(effect, Draw):
            count = _amount(effect.count, self.info.x)
            for t, _ in self.entities(effect.who):
                if isinstance(t, PlayerRef):
                    draw(game, t.name, count)
        elif isinstance(effect, May):
            wants = self.choices.may
            if wants is None:
                wants = (
                    self.choices.new_targets is not None or self.choices.copy_targets is not None
                )
            if wants:
                for inner in effect.effects:
                    self.perform(inner)
            else:
                game.log(
                    Event(
                        "declined",
                        f"{self.controller} chooses not to: optional part of {self.obj.label}",
                        rule("mtg:608.2d"),
                    )
                )
        elif isinstance(effect, UnsupportedEffect):
            raise NotSupportedError(f"the effect “{effect.text}”")
        else:
            raise NotSupportedError(f"the effect {type(effect).__name__}")

    def conditional(self, effect: Conditional) -> None:
        """Perform the effects if the subject fits the condition now; the condition is
        checked as the spell resolves and never limited the choice of targets (mtg:608.2c)."""
        game = self.game
        ctx = Context(game, self.controller, self.info.source or self.obj.ref)
        check = compile_descriptor(effect.condition, "mtg").objects
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
                rule("mtg:608.2c"),
            )
        )

    def objects(self, reference: object) -> list[tuple[ObjectRef, int | None]]:
        return [
            (t, s)
            for t, s in self.entities(reference)
            if isinstance(t, ObjectRef) and self.game.is_current(t)
        ]

    def ward(self, effect: CounterUnlessPaid) -> None:
        game = self.game
        if self.choices.pay:
            game.log(
                Event(
                    "paid", f"the ward cost {effect.cost} is paid", rule("mtg:702.21a"), effect.what
                )
            )
            return
        if (
            not game.is_current(effect.what)
            or not game.ruleset.zone_spec(game.get(effect.what).zone.name).is_stack
        ):
            game.log(
                Event(
                    "no_effect",
                    "the spell ward would counter has left the stack",
                    rule("mtg:702.21a"),
                )
            )
            return
        counter(game, effect.what, number="mtg:702.21a")

    def change_targets(self, target: ObjectRef, how: ChangeHow, to: object = None) -> None:
        game = self.game
        spell = game.get(target)
        new = self.choices.new_targets
        if spell.stack is None:
            return
        if new is None and to is not None:
            new = self.forced_change(spell, how, to)
        if new is None:
            game.log(
                Event(
                    "targets_unchanged",
                    f"the targets of {spell.label} stay as they are",
                    rule("mtg:115.7"),
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
                rule_number = "mtg:115.7a" if how == "change_the_target" else "mtg:115.7b"
                verdict = Verdict.refuse(
                    rule(rule_number), "the text names the new target; no other may be chosen"
                )
        if not verdict:
            raise IllegalTargetError(verdict, f"change the targets of {spell.label}")
        old = spell.stack.targets
        game.set_stack_info(target, replace(spell.stack, targets=final))
        number = {
            "change_the_target": "mtg:115.7a",
            "change_a_target": "mtg:115.7b",
            "change_any": "mtg:115.7c",
            "choose_new": "mtg:115.7d",
        }[how]
        names = "; ".join(", ".join(game.describe(t) for t in row) for row in final)
        game.log(
            Event(
                "targets_changed",
                f"the targets of {spell.label} are now {names}",
                rule(number),
                target,
                data=MappingProxyType({"old": old}),
            )
        )
        controller = game.controller(target) or spell.owner
        for i, row in enumerate(final):
            for j, t in enumerate(row):
                if t != old[i][j]:
                    _became_target(game, game.get(target), t, controller)

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

    def copy_spell(self, target: ObjectRef, may_choose_new: bool) -> None:
        """Copy a spell with its choices, then maybe choose new targets (mtg:707.10, 707.10c)."""
        game = self.game
        spell = game.get(target)
        label = f"copy of {spell.label}"
        copy = game.create(
            game.copiable_characteristics(target),
            self.controller,
            "stack",
            kind="copy",
            alias=label,
            controller=self.controller,
            stack=spell.stack,
            copy_of=target,
        )
        game.log(
            Event(
                "copied",
                f"{self.controller} copies {spell.label}, with its modes, targets and division",
                rule("mtg:707.10"),
                copy,
            )
        )
        game.log(
            Event(
                "put_on_stack",
                f"{label} is put on the stack (it is not cast)",
                rule("mtg:707.10"),
                copy,
            )
        )
        wanted = self.choices.copy_targets
        if may_choose_new and wanted is not None:
            verdict, final = check_new_targets(
                game, game.get(copy), targeter_for(game, game.get(copy)), wanted, "choose_new"
            )
            if not verdict:
                raise IllegalTargetError(
                    Verdict(
                        False,
                        tuple(
                            replace(r, rule=rule("mtg:707.10c")) if r.rule.number == "115.7d" else r
                            for r in verdict.reasons
                        ),
                    ),
                    f"choose new targets for {label}",
                )
            info = game.get(copy).stack
            assert info is not None
            game.set_stack_info(copy, replace(info, targets=final))
            names = "; ".join(", ".join(game.describe(t) for t in row) for row in final)
            game.log(
                Event(
                    "targets_changed",
                    f"new targets for {label}: {names}",
                    rule("mtg:707.10c"),
                    copy,
                )
            )
            for i, row in enumerate(final):
                for j, t in enumerate(row):
                    if t != info.targets[i][j]:
                        _became_target(game, game.get(copy), t, self.controller)


def deal_damage(
    game: Game,
    source: Characteristics,
    source_label: str,
    recipient: Entity,
    amount: int,
    *,
    controller: str,
) -> None:
    """Deal damage (mtg:120.3): players lose life, creatures are marked, planeswalkers and
    battles lose counters. Protection prevents damage from a source with its quality
    (mtg:702.16e). Damage is never targeting (mtg:115.10a)."""
    if amount <= 0:
        return
    if isinstance(recipient, PlayerRef):
        game.change_life(recipient.name, -amount, rule_applied=rule("mtg:120.3a"))
        game.log(
            Event(
                "damage",
                f"{source_label} deals {amount} damage to {recipient.name}",
                rule("mtg:120.3a"),
                player=recipient.name,
                data=MappingProxyType({"amount": amount}),
            )
        )
        return
    chars = game.characteristics(recipient)
    from tcgrules.games.magic.restrictions import quality_matches  # noqa: PLC0415

    pseudo = Targeter(controller, "spell", None, None, source)
    for quality in chars.keyword_arguments("protection"):
        if quality_matches(quality, pseudo, game):
            game.log(
                Event(
                    "damage_prevented",
                    f"{amount} damage from {source_label} to {game.describe(recipient)} is "
                    f"prevented: protection from {quality}",
                    rule("mtg:702.16e"),
                    recipient,
                )
            )
            return
    if "creature" in chars.types:
        game.mark_damage(recipient, amount, rule_applied=rule("mtg:120.3e"), source=source_label)
    if "planeswalker" in chars.types:
        game.add_counters(
            recipient,
            "loyalty",
            -min(amount, game.get(recipient).counters.get("loyalty", 0)),
            rule_applied=rule("mtg:120.3c"),
        )
    if "battle" in chars.types:
        game.add_counters(
            recipient,
            "defense",
            -min(amount, game.get(recipient).counters.get("defense", 0)),
            rule_applied=rule("mtg:120.3h"),
        )


def counter(game: Game, target: ObjectRef, *, number: str = "mtg:701.5a") -> None:
    """Counter a spell or ability: it leaves the stack without resolving (mtg:701.5a)."""
    obj = game.get(target)
    game.log(Event("countered", f"{obj.label} is countered", rule(number), target))
    if obj.kind in {"ability", "copy"}:
        game.remove(target, rule_applied=rule(number), reason="is countered")
        game.log(
            Event(
                "removed_from_stack", f"{obj.label} is removed from the stack", rule(number), target
            )
        )
    else:
        game.move(target, "graveyard", rule_applied=rule(number), reason="countered")


def draw(game: Game, player: str, count: int) -> None:
    """Draw cards one at a time (mtg:121.1, mtg:121.2)."""
    for _ in range(count):
        library = game.zone("library", player)
        if not library:
            game.log(
                Event(
                    "draw_failed",
                    f"{player} can't draw from an empty library",
                    rule("mtg:704.5b"),
                    player=player,
                )
            )
            return
        game.move(library[-1], "hand", rule_applied=rule("mtg:121.1"), reason=f"{player} draws it")
