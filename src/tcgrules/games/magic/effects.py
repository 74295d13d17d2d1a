"""Magic's effects: one handler per effect node, and the rules of what each does.

:data:`EFFECTS` is the table :class:`~tcgrules.games.magic.ruleset.Magic` gives the
kernel (effect node type -> handler). A handler receives the kernel's
:class:`~tcgrules.kernel.resolution.Resolution`, which has already dropped the
targets that became illegal (mtg:608.2b). Also here: ward (mtg:702.21a), a
triggered ability the rules put on the stack when a permanent becomes a target.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from types import MappingProxyType

from tcgrules.cardtext.nodes import (
    Ability,
    ActivatedAbility,
    Attached,
    CantBeTargeted,
    ChangeTargets,
    CopySpell,
    Counter,
    CreateEmblem,
    CreateTokenCopy,
    DealDamage,
    Destroy,
    Draw,
    Exile,
    Fight,
    GainAbility,
    GainLife,
    GrantAbility,
    It,
    LoseAbility,
    LoseLife,
    ModifyPT,
    PhaseOut,
    PutCounters,
    PutInLibrary,
    ReturnToBattlefield,
    ReturnToHand,
    Self,
    StaticAbility,
    Tap,
    TargetSlot,
    TriggeredAbility,
    TriggerObject,
    Untap,
)
from tcgrules.errors import IllegalTargetError, NotSupportedError
from tcgrules.games.magic.damage_keywords import (
    counters_instead,
    lifelink,
    mark_deathtouch,
    refuse_infect_to_player,
)
from tcgrules.games.magic.effects_amounts import AMOUNT_EFFECTS
from tcgrules.games.magic.effects_becomes import BECOMES_EFFECTS
from tcgrules.games.magic.effects_chance import CHANCE_EFFECTS
from tcgrules.games.magic.effects_choices import CHOICE_EFFECTS
from tcgrules.games.magic.effects_combat import COMBAT_EFFECTS
from tcgrules.games.magic.effects_compound import COMPOUND_EFFECTS
from tcgrules.games.magic.effects_conditions import CONDITION_EFFECTS
from tcgrules.games.magic.effects_conditions3 import CONDITION3_EFFECTS
from tcgrules.games.magic.effects_copies2 import COPIES2_EFFECTS
from tcgrules.games.magic.effects_counted import COUNTED_EFFECTS
from tcgrules.games.magic.effects_counters4 import COUNTERS4_EFFECTS
from tcgrules.games.magic.effects_damage import DAMAGE_EFFECTS, AfterPrevention, shield_damage
from tcgrules.games.magic.effects_damage2 import DAMAGE2_EFFECTS
from tcgrules.games.magic.effects_durations import DURATION_EFFECTS
from tcgrules.games.magic.effects_grants import GRANT_EFFECTS
from tcgrules.games.magic.effects_kicker import KICKER_EFFECTS
from tcgrules.games.magic.effects_life import LIFE_EFFECTS
from tcgrules.games.magic.effects_m2 import (
    M2_EFFECTS,
    damage_shielded,
    regenerated,
    shielded,
    untap,
)
from tcgrules.games.magic.effects_player_acts import PLAYER_ACTS_EFFECTS
from tcgrules.games.magic.effects_power_damage import POWER_DAMAGE_EFFECTS
from tcgrules.games.magic.effects_q4 import Q4_EFFECTS
from tcgrules.games.magic.effects_q5 import Q5_EFFECTS, deal_after_prevention
from tcgrules.games.magic.effects_q6 import Q6_EFFECTS
from tcgrules.games.magic.effects_q7 import Q7_EFFECTS
from tcgrules.games.magic.effects_r1 import R1_EFFECTS
from tcgrules.games.magic.effects_r5 import R5_EFFECTS
from tcgrules.games.magic.effects_s2 import S2_EFFECTS
from tcgrules.games.magic.effects_s3 import S3_EFFECTS, cant_be_regenerated
from tcgrules.games.magic.effects_s4 import S4_EFFECTS
from tcgrules.games.magic.effects_s5 import S5_EFFECTS
from tcgrules.games.magic.effects_stats import STATS_EFFECTS, lasting
from tcgrules.games.magic.effects_targeting_rules import TARGETING_RULES_EFFECTS
from tcgrules.games.magic.effects_tokens import TOKEN_EFFECTS
from tcgrules.games.magic.effects_u4 import (
    U4_EFFECTS,
    copy_with_exceptions,
    exception_rule,
    exception_words,
    refuse_entering_attacking,
)
from tcgrules.games.magic.effects_w1 import W1_EFFECTS
from tcgrules.games.magic.effects_w3 import W3_EFFECTS
from tcgrules.games.magic.effects_w7 import W7_EFFECTS
from tcgrules.games.magic.effects_w8 import W8_EFFECTS, copy_becomes_token, copy_with_targets
from tcgrules.games.magic.effects_y4 import Y4_EFFECTS
from tcgrules.games.magic.effects_zones import ZONE_EFFECTS
from tcgrules.games.magic.restrictions import quality_matches
from tcgrules.games.magic.untap_step import UNTAP_EFFECTS
from tcgrules.kernel.characteristics import AbilityLike, Characteristics, Keyword
from tcgrules.kernel.effects import Duration, GrantAbilities, Modify, RemoveAbilities
from tcgrules.kernel.events import Event
from tcgrules.kernel.game import Game
from tcgrules.kernel.objects import Entity, GameObject, ObjectRef, PlayerRef, StackInfo
from tcgrules.kernel.play import ability_on_stack, became_target, targeter_for
from tcgrules.kernel.resolution import Resolution
from tcgrules.kernel.ruleset import EffectHandler
from tcgrules.kernel.stack import check_new_targets
from tcgrules.kernel.targeting import Targeter
from tcgrules.rules import RuleRef, rule
from tcgrules.verdict import Verdict


@dataclass(frozen=True, slots=True)
class CounterUnlessPaid:
    """Ward's effect: counter this object unless its controller pays (mtg:702.21a)."""

    what: ObjectRef
    cost: str


# ------------------------------------------------------------------ the handlers
def _deal(run: Resolution, effect: DealDamage) -> None:
    """The object the text names deals the damage (mtg:120.2b): the spell, the source of
    the ability, a target ("target creature you control deals damage equal to its
    power to ...") or the object the trigger event was about ("Whenever a creature you
    control enters, it deals ...", mtg:603.2; as it last existed if it has left its
    zone, mtg:608.2h). A target source that is no longer legal deals none
    (mtg:608.2b)."""
    game = run.game
    source_ref: ObjectRef | None = run.info.source or run.obj.ref
    label = run.obj.label
    if isinstance(effect.source, (TargetSlot, TriggerObject, It)):
        found = [t for t, _ in run.entities(effect.source) if isinstance(t, ObjectRef)]
        if not found:
            game.log(
                Event(
                    "no_damage",
                    f"{run.obj.label}: the object that would deal the damage is no longer "
                    "a legal target, so no damage is dealt",
                    rule("mtg:608.2b"),
                )
            )
            return
        source_ref = found[0]
        label = game.describe(source_ref)
        source = (
            game.characteristics(source_ref)
            if game.is_current(source_ref)
            else game.last_known(source_ref).characteristics
        )
    else:
        source = run.damage_source(effect.source)
        if not isinstance(effect.source, Self):
            source_ref = run.obj.ref
    amount = run.amount(effect.amount)
    for t, share in run.entities(effect.to):
        deal_damage(
            game,
            source,
            label,
            t,
            share if effect.divided and share is not None else amount,
            controller=run.controller,
            source_ref=source_ref,
        )


def _fight(run: Resolution, effect: Fight) -> None:
    """Each creature deals damage equal to its power to the other (mtg:701.12a); if
    either is an illegal target, gone from the battlefield or no longer a creature,
    neither fights (mtg:701.12b). The damage is not combat damage (mtg:701.12d)."""
    pair = [run.entities(effect.first), run.entities(effect.second)]
    fight(run, *(found[0][0] if found else None for found in pair))


def fight(run: Resolution, first: Entity | None, second: Entity | None) -> None:
    """``first`` fights ``second`` (mtg:701.12a-d); None for an illegal or missing
    target, so that neither fights (mtg:701.12b)."""
    game = run.game
    fighters = [first, second]
    for fighter in fighters:
        if not (
            isinstance(fighter, ObjectRef)
            and game.is_current(fighter)
            and game.get(fighter).zone.name == "battlefield"
            and "creature" in game.characteristics(fighter).types
        ):
            game.log(
                Event(
                    "no_fight",
                    "neither creature fights: "
                    + (
                        f"{game.describe(fighter)} is not a creature on the battlefield"
                        if fighter is not None
                        else "one of them is an illegal target"
                    ),
                    rule("mtg:701.12b"),
                    fighter if isinstance(fighter, ObjectRef) else None,
                )
            )
            return
    assert isinstance(first, ObjectRef) and isinstance(second, ObjectRef)
    game.log(
        Event(
            "fight",
            f"{game.describe(first)} fights {game.describe(second)}",
            rule("mtg:701.12a"),
            first,
        )
    )
    # both amounts are read before either deals damage: they deal it at the same time
    hits = [
        (first, second, game.characteristics(first).power or 0),
        (second, first, game.characteristics(second).power or 0),
    ]
    if first == second:  # a creature fighting itself deals twice its power (mtg:701.12c)
        hits = [(first, first, 2 * hits[0][2])]
    for source, recipient, power in hits:
        deal_damage(
            game,
            game.characteristics(source),
            game.describe(source),
            recipient,
            power,
            controller=run.controller,
            source_ref=source,
        )


def _cant_be_targeted(run: Resolution, effect: CantBeTargeted) -> None:
    """A resolving spell's "target creature can't be the target of ..." lasts as long as
    it says (mtg:611.2a); the creature carries it, and targeting checks it like hexproof
    (mtg:601.2c), also for spells already on the stack when they resolve (mtg:608.2b)."""
    carried = replace(effect, what=Self(), text="can't be the target of " + _stopped(effect))
    this_turn = effect.duration == "end_of_turn"
    says = carried.text + (" this turn" if this_turn else "")
    _give(run, effect.what, carried, this_turn=this_turn, number="mtg:611.2a", says=says)


def _give(
    run: Resolution, what: object, ability: AbilityLike, *, this_turn: bool, number: str, says: str
) -> None:
    """Each object ``what`` names has ``ability`` (layer 6), for the turn or for good."""
    until: Duration = "end_of_turn" if this_turn else None
    for t, _ in run.objects(what):
        run.game.add_effect(
            t,
            GrantAbilities((ability,)),
            until=until,
            source=run.obj.ref,
            rule_applied=rule(number),
            describe=says,
        )


def _stopped(effect: CantBeTargeted) -> str:
    kinds = " or ".join(
        k for k, on in (("spells", effect.spells), ("abilities", effect.abilities)) if on
    )
    return kinds + (" your opponents control" if effect.opponents else "")


def _destroy(run: Resolution, effect: Destroy) -> None:
    """Destroy (mtg:701.7a). A regeneration shield replaces the destruction
    (mtg:701.15a) unless the text says it can't be regenerated (``no_regeneration``),
    which only keeps shields from applying (mtg:701.15c)."""
    for t, _ in run.objects(effect.what):
        destroy_one(run.game, t, no_regeneration=effect.no_regeneration)


def destroy_one(game: Game, t: ObjectRef, *, no_regeneration: bool = False) -> None:
    """Destroy one permanent (mtg:701.7a), unless it is indestructible (mtg:702.12b) or
    a shield or regeneration replaces it (mtg:701.15a, mtg:701.15c). An effect saying
    it can't be regenerated keeps shields from applying too (mtg:701.15c)."""
    no_regeneration = no_regeneration or (
        game.get(t).zone.name == "battlefield" and cant_be_regenerated(game, t)
    )
    rider = " (it can't be regenerated, mtg:701.15c)" if no_regeneration else ""
    if game.characteristics(t).has_keyword("indestructible"):
        game.log(
            Event(
                "not_destroyed",
                f"{game.describe(t)} is indestructible",
                rule("mtg:702.12b"),
                t,
            )
        )
        return
    if shielded(game, t, regenerable=not no_regeneration):
        return
    if not no_regeneration and regenerated(game, t):
        return
    label = game.describe(t)
    new = game.move(t, "graveyard", rule_applied=rule("mtg:701.7a"), reason="destroyed")
    game.log(Event("destroyed", f"{label} is destroyed{rider}", rule("mtg:701.7a"), new))


def _exile(run: Resolution, effect: Exile) -> None:
    for t, _ in run.objects(effect.what):
        run.game.move(t, "exile", rule_applied=rule("mtg:701.11a"), reason="exiled")


def _return_to_hand(run: Resolution, effect: ReturnToHand) -> None:
    for t, _ in run.objects(effect.what):
        run.game.move(
            t, "hand", rule_applied=rule("mtg:400.7"), reason="returned to its owner's hand"
        )


def _return_to_battlefield(run: Resolution, effect: ReturnToBattlefield) -> None:
    game = run.game
    for t, _ in run.objects(effect.what):
        # the player told to put it there controls it (mtg:110.2a)
        new = game.move(
            t,
            "battlefield",
            controller=run.controller,
            rule_applied=rule("mtg:110.2a"),
            reason="returned to the battlefield",
        )
        if effect.tapped:
            game.set_tapped(new, True, rule_applied=rule("mtg:701.21a"))


def _put_counters(run: Resolution, effect: PutCounters) -> None:
    """Put counters on each object (mtg:122.1): on a permanent on the battlefield
    (mtg:122.6). A target that became illegal gets none: the resolution has dropped it
    (mtg:608.2b). +1/+1 and -1/-1 counters change power and toughness (mtg:122.1a)."""
    count = run.amount(effect.count)
    game = run.game
    for t, _ in run.entities(effect.what):
        if isinstance(t, PlayerRef):
            raise NotSupportedError(
                f"{effect.kind} counters on a player", "counters go on permanents only yet"
            )
        if not (isinstance(t, ObjectRef) and game.is_current(t)):
            continue
        on_battlefield = game.get(t).zone.name == "battlefield"
        if not on_battlefield and not _suspended(game, t):
            game.log(
                Event(
                    "no_effect",
                    f"{game.describe(t)} is not on the battlefield: it gets no counters",
                    rule("mtg:122.6"),
                    t,
                )
            )
            continue
        if count > 0:
            cited = rule("mtg:122.6" if on_battlefield else "mtg:702.62a")
            game.add_counters(t, effect.kind, count, rule_applied=cited)


def _suspended(game: Game, t: ObjectRef) -> bool:
    """A suspended card in exile (mtg:702.62b): it keeps time counters there, and an
    effect that targets it may put more on it (mtg:702.62a)."""
    obj = game.get(t)
    return obj.zone.name == "exile" and game.ruleset.has_status(
        game, obj, game.characteristics(t), "suspended"
    )


def put_in_library(run: Resolution, effect: PutInLibrary) -> None:
    """Put each object into its owner's library (mtg:400.3): on top, Nth from the top,
    or on the bottom; Nth from the top of a library of fewer than N cards is the bottom
    (mtg:401.7). It becomes a new object there (mtg:400.7)."""
    game = run.game
    for t, _ in run.objects(effect.what):
        label = game.describe(t)
        owner = game.get(t).owner
        size = len(game.zone("library", owner)) - (game.get(t).zone.name == "library")
        position = effect.position
        if position is None or position - 1 >= size:
            where, number, top, below = "on the bottom of", "mtg:401.7", False, 0
            if position is None:
                number = "mtg:400.3"
        else:
            top, below, number = True, position - 1, "mtg:400.3"
            where = (
                "on top of"
                if position == 1
                else f"{_ORDINALS.get(position, f'number {position}')} from the top of"
            )
        new = game.move(
            t,
            "library",
            top=top,
            below=below,
            rule_applied=rule(number),
            reason=f"put {where} its owner's library",
        )
        game.log(
            Event(
                "put_in_library",
                f"{label} is put {where} {owner}'s library",
                rule(number),
                new,
                data=MappingProxyType({"position": "bottom" if not top else below + 1}),
            )
        )


_ORDINALS = {2: "second", 3: "third", 4: "fourth", 5: "fifth", 6: "sixth", 7: "seventh"}


def _tap_or_untap(run: Resolution, effect: Tap | Untap) -> None:
    tapped = isinstance(effect, Tap)
    for t, _ in run.objects(effect.what):
        if tapped:
            run.game.set_tapped(t, True, rule_applied=rule("mtg:701.21a"))
        else:
            untap(run.game, t)  # a stun counter replaces the untapping (mtg:122.1d)


def _phase_out(run: Resolution, effect: PhaseOut) -> None:
    """Each object phases out, and what is attached to it with it (mtg:702.26b, 702.26g)."""
    for t, _ in run.objects(effect.what):
        run.game.ruleset.phase(run.game, t, True)


def _modify_pt(run: Resolution, effect: ModifyPT) -> None:
    p = run.amount(effect.power)
    tough = run.amount(effect.toughness)
    until, holder, words = lasting(run, effect.duration)
    for t, _ in run.objects(effect.what):
        run.game.add_effect(
            t,
            Modify("power", p),
            until=until,
            holder=holder,
            source=run.obj.ref,
            rule_applied=rule("mtg:613.4c"),
            describe=f"gets {p:+d}/{tough:+d}" + words,
        )
        run.game.add_effect(
            t,
            Modify("toughness", tough),
            until=until,
            holder=holder,
            source=run.obj.ref,
            rule_applied=rule("mtg:613.4c"),
        )


def _keyword_change(run: Resolution, effect: GainAbility | LoseAbility, *, gain: bool) -> None:
    """The object gains or loses a keyword ability (layer 6, mtg:613.1f)."""
    keyword = Keyword(effect.keyword.lower(), effect.argument)
    if effect.duration not in {"end_of_turn", "your_next_turn", "permanent"}:
        raise NotSupportedError(f"a keyword change lasting for the {effect.duration} in Magic")
    until, holder, words = lasting(run, effect.duration)
    op = GrantAbilities((keyword,)) if gain else RemoveAbilities((keyword,))
    verb = "gains" if gain else "loses"
    for t, _ in run.objects(effect.what):
        run.game.add_effect(
            t,
            op,
            until=until,
            holder=holder,
            source=run.obj.ref,
            rule_applied=rule("mtg:613.1f"),
            describe=f"{verb} {keyword.text}" + words,
        )


def _gain_ability(run: Resolution, effect: GainAbility) -> None:
    _keyword_change(run, effect, gain=True)


def _grant_ability(run: Resolution, effect: GrantAbility) -> None:
    """ "Target creature gains "..." until end of turn": it has the quoted ability (layer 6,
    mtg:613.1f), whose targets are chosen when that ability is used (mtg:115.1)."""
    if effect.what is None or isinstance(effect.what, Attached):
        raise NotSupportedError(f"a quoted ability granted to {effect.what!r} as it resolves")
    ability = granted_ability(effect)
    this_turn = effect.duration == "end_of_turn"
    says = f'gains "{ability.text}"' + (" until end of turn" if this_turn else "")
    _give(run, effect.what, ability, this_turn=this_turn, number="mtg:613.1f", says=says)


def _lose_ability(run: Resolution, effect: LoseAbility) -> None:
    _keyword_change(run, effect, gain=False)


def _counter(run: Resolution, effect: Counter) -> None:
    game = run.game
    for t, _ in run.objects(effect.what):
        if effect.unless_pays is not None and run.choices.pay:
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


def _ward(run: Resolution, effect: CounterUnlessPaid) -> None:
    game = run.game
    if run.choices.pay:
        game.log(
            Event("paid", f"the ward cost {effect.cost} is paid", rule("mtg:702.21a"), effect.what)
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


def _change_targets(run: Resolution, effect: ChangeTargets) -> None:
    for t, _ in run.objects(effect.what):
        run.change_targets(t, effect.how, effect.to, effect.must_be)


def _life(run: Resolution, effect: GainLife | LoseLife) -> None:
    amount = run.amount(effect.amount)
    sign = 1 if isinstance(effect, GainLife) else -1
    for who, _ in run.entities(effect.who):
        if isinstance(who, PlayerRef):
            run.game.change_life(who.name, sign * amount, rule_applied=rule("mtg:119.3"))


def _copy(run: Resolution, effect: CopySpell) -> None:
    """Each copy is put on the stack in turn (mtg:707.10). New targets for several
    copies of one spell would be a choice per copy, which ``copy_targets`` can't say:
    not supported rather than giving every copy the same ones. A counted number of
    copies ("copy it for each ...") is counted as the effect happens (mtg:608.2h)."""
    if effect.for_each_could_target is not None or effect.new_target is not None:
        copy_with_targets(run, effect)
        return
    times = run.amount(effect.times)
    if times > 1 and effect.may_choose_new_targets and run.choices.copy_targets:
        raise NotSupportedError(
            "choosing new targets for each of several copies of a spell (mtg:707.10c)"
        )
    for t, _ in run.objects(effect.what):
        # "The controller of target spell copies it": the copy is theirs (mtg:707.10)
        by = run.game.controller(t) if effect.by_its_controller else None
        for _ in range(times):
            copy_spell(
                run,
                t,
                effect.may_choose_new_targets,
                effect.colors,
                by=by,
                legendary=effect.legendary,
            )


def _create_token_copy(run: Resolution, effect: CreateTokenCopy) -> None:
    """Tokens that copy the copiable values of a permanent or card (mtg:111.1, mtg:707.2),
    with any keyword the copying adds (mtg:707.9a); the controller of the effect controls
    them. A target gone by now gives no token (mtg:608.2b)."""
    game = run.game
    refuse_entering_attacking(effect)
    count = run.amount(effect.count)
    for target, _ in run.objects(effect.what):
        if not game.is_current(target):
            continue
        original = game.get(target)
        values = copy_with_exceptions(game.copiable_characteristics(target), effect)
        for _ in range(count):
            token = game.create(
                values,
                run.controller,
                "battlefield",
                kind="token",
                alias=f"token copy of {original.label}",
                controller=run.controller,
                copy_of=target,
                tapped=effect.tapped,  # mtg:110.5b (helper T6)
                counters=dict(effect.counters) or None,  # mtg:122.6 (helper T6)
            )
            words = exception_words(effect)
            extra = f", with {', '.join(words)}" if words else ""
            game.log(
                Event(
                    "token_created",
                    f"{run.controller} creates {game.describe(token)}, a copy of "
                    f"{original.label}{extra}",
                    exception_rule(effect),
                    token,
                )
            )


def granted_ability(grant: GrantAbility) -> Ability:
    """The ability a quoted text stands for, as an object would have it (mtg:113.1a)."""
    text = grant.text.strip().strip('"').strip()
    if grant.trigger is not None:
        return TriggeredAbility(grant.trigger, grant.requirements, grant.effects, text)
    if grant.cost is not None:
        return ActivatedAbility(grant.cost, grant.requirements, grant.effects, text)
    return StaticAbility(text, None, grant.requirements, grant.effects)


def _create_emblem(run: Resolution, effect: CreateEmblem) -> None:
    """An emblem with the quoted abilities goes to the command zone (mtg:114.1, 114.2);
    it has no other characteristics (mtg:114.3) and its abilities work there (114.4)."""
    game = run.game
    abilities = tuple(granted_ability(g) for g in effect.abilities)
    for who, _ in run.entities(effect.who):
        if not isinstance(who, PlayerRef):
            continue
        label = f"emblem of {run.obj.label}"
        ref = game.create(
            Characteristics(abilities=abilities),
            who.name,
            "command",
            kind="emblem",
            alias=label,
            controller=who.name,
        )
        said = "; ".join(f'"{a.text}"' for a in abilities)
        game.log(Event("emblem", f"{who.name} gets an emblem with {said}", rule("mtg:114.2"), ref))


def _draw(run: Resolution, effect: Draw) -> None:
    count = run.amount(effect.count)
    for t, _ in run.entities(effect.who):
        if isinstance(t, PlayerRef):
            draw(run.game, t.name, count)


#: Effect node type -> handler: what Magic's effects do (mtg:608.2c, in text order).
EFFECTS: Mapping[type, EffectHandler] = MappingProxyType(
    {
        DealDamage: _deal,
        Destroy: _destroy,
        Exile: _exile,
        ReturnToHand: _return_to_hand,
        ReturnToBattlefield: _return_to_battlefield,
        Tap: _tap_or_untap,
        PhaseOut: _phase_out,
        Untap: _tap_or_untap,
        ModifyPT: _modify_pt,
        GainAbility: _gain_ability,
        LoseAbility: _lose_ability,
        Counter: _counter,
        CounterUnlessPaid: _ward,
        ChangeTargets: _change_targets,
        GainLife: _life,
        LoseLife: _life,
        CopySpell: _copy,
        Fight: _fight,
        CantBeTargeted: _cant_be_targeted,
        Draw: _draw,
        CreateTokenCopy: _create_token_copy,
        CreateEmblem: _create_emblem,
        GrantAbility: _grant_ability,
        PutCounters: _put_counters,
        PutInLibrary: put_in_library,
        **STATS_EFFECTS,
        **DAMAGE_EFFECTS,
        **ZONE_EFFECTS,
        **M2_EFFECTS,
        **DURATION_EFFECTS,
        **TOKEN_EFFECTS,
        **GRANT_EFFECTS,
        **AMOUNT_EFFECTS,
        **CONDITION_EFFECTS,
        **CHANCE_EFFECTS,
        **CONDITION3_EFFECTS,
        **KICKER_EFFECTS,
        **Y4_EFFECTS,
        **COPIES2_EFFECTS,
        **U4_EFFECTS,
        **CHOICE_EFFECTS,
        **DAMAGE2_EFFECTS,
        **POWER_DAMAGE_EFFECTS,
        **COMBAT_EFFECTS,
        **COMPOUND_EFFECTS,
        **W1_EFFECTS,
        **W3_EFFECTS,
        **S5_EFFECTS,
        **COUNTED_EFFECTS,
        **COUNTERS4_EFFECTS,
        **LIFE_EFFECTS,
        **W7_EFFECTS,
        **S3_EFFECTS,
        **Q6_EFFECTS,
        **R5_EFFECTS,
        **S2_EFFECTS,
        **BECOMES_EFFECTS,
        **W8_EFFECTS,
        **Q5_EFFECTS,
        **Q4_EFFECTS,
        **Q7_EFFECTS,
        **R1_EFFECTS,
        **S4_EFFECTS,
        **UNTAP_EFFECTS,
        **PLAYER_ACTS_EFFECTS,
        **TARGETING_RULES_EFFECTS,
    }
)


# ------------------------------------------------------------------- the rules
def copy_spell(
    run: Resolution,
    target: ObjectRef,
    may_choose_new: bool,
    colors: tuple[str, ...] | None = None,
    *,
    by: str | None = None,
    targets: tuple[tuple[Entity, ...], ...] | None = None,
    targets_rule: str = "mtg:707.10e",
    legendary: bool | None = None,
) -> ObjectRef:
    """Copy a spell with its choices, then maybe choose new targets (mtg:707.10, 707.10c).
    ``colors``: the copy effect sets the copy's colors as it copies (mtg:707.9b). ``by``:
    the player who copies it (the resolving object's controller unless the text names
    another); the copy is theirs (mtg:707.10). ``targets``: the copy's targets the effect
    gives it, already judged legal by the caller, under ``targets_rule`` (mtg:707.10d,
    mtg:707.10e)."""
    game = run.game
    copier = by or run.controller
    spell = game.get(target)
    label = f"copy of {spell.label}"
    values = game.copiable_characteristics(target)
    if colors is not None:
        values = replace(values, colors=frozenset(colors))
    if legendary is False:
        # "except it isn't legendary" (mtg:707.9b)
        values = replace(values, supertypes=values.supertypes - {"legendary"})
    copy = game.create(
        values,
        copier,
        "stack",
        kind="copy",
        alias=label,
        controller=copier,
        stack=spell.stack,
        copy_of=target,
    )
    game.log(
        Event(
            "copied",
            f"{copier} copies {spell.label}, with its modes, targets and division",
            rule("mtg:707.10"),
            copy,
        )
    )
    if colors is not None:
        game.log(
            Event(
                "copy_exception",
                f"{label} is {' and '.join(colors)}, as its copy effect says",
                rule("mtg:707.9b"),
                copy,
            )
        )
    if legendary is False:
        game.log(
            Event(
                "copy_exception",
                f"{label} isn't legendary, as its copy effect says",
                rule("mtg:707.9b"),
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
    if targets is not None:
        _set_copy_targets(game, copy, targets, copier, rule(targets_rule))
        return copy
    wanted = run.choices.copy_targets
    if not (may_choose_new and wanted is not None):
        return copy
    if any(e.kind == "targets_changed" for e in game.events.since(run.began)):
        # several copies made by one effect ("copy it if ..., then copy it if ..."): one
        # ``copy_targets`` can't say each copy's own new targets (mtg:707.10c)
        raise NotSupportedError(
            "choosing new targets for each of several copies of a spell (mtg:707.10c)"
        )
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
    _set_copy_targets(game, copy, final, copier, rule("mtg:707.10c"))
    return copy


def _set_copy_targets(
    game: Game,
    copy: ObjectRef,
    final: tuple[tuple[Entity, ...], ...],
    copier: str,
    rule_applied: RuleRef,
) -> None:
    """The copy's targets become ``final``; each new one becomes a target (mtg:115.1)."""
    info = game.get(copy).stack
    assert info is not None
    game.set_stack_info(copy, replace(info, targets=final))
    names = "; ".join(", ".join(game.describe(t) for t in row) for row in final)
    game.log(
        Event(
            "targets_changed",
            f"new targets for {game.get(copy).label}: {names}",
            rule_applied,
            copy,
        )
    )
    for i, row in enumerate(final):
        for j, t in enumerate(row):
            if t != info.targets[i][j]:
                became_target(game, game.get(copy), t, copier)


def deal_damage(
    game: Game,
    source: Characteristics,
    source_label: str,
    recipient: Entity,
    amount: int,
    *,
    controller: str,
    source_ref: ObjectRef | None = None,
    combat: bool = False,
    applied: frozenset[int] = frozenset(),
) -> None:
    """Deal damage (mtg:120.3): players lose life, creatures are marked, planeswalkers and
    battles lose counters. Redirection and prevention shields apply first (mtg:120.4b,
    :func:`~tcgrules.games.magic.effects_damage.shield_damage`); protection prevents
    damage from a source with its quality (mtg:702.16e). Damage is never targeting
    (mtg:115.10a); 0 damage is not dealt at all (mtg:120.8). With no shield waiting in
    the game, none can apply: the damage is dealt as it is."""
    if amount <= 0:
        return
    if not game.shields():
        _dealt(
            game,
            source,
            source_label,
            recipient,
            amount,
            controller=controller,
            source_ref=source_ref,
        )
        return
    after: list[tuple[AfterPrevention, int]] = []
    parts = shield_damage(
        game,
        source_label,
        source_ref,
        recipient,
        amount,
        combat=combat,
        applied=applied,
        after=after,
    )
    for to, share, used in parts:
        if to != recipient or used != applied:
            deal_damage(
                game,
                source,
                source_label,
                to,
                share,
                controller=controller,
                source_ref=source_ref,
                combat=combat,
                applied=used,
            )
        else:
            _dealt(
                game, source, source_label, to, share, controller=controller, source_ref=source_ref
            )
    for then, prevented in after:
        deal_after_prevention(game, then, prevented)


def _dealt(
    game: Game,
    source: Characteristics,
    source_label: str,
    recipient: Entity,
    amount: int,
    *,
    controller: str,
    source_ref: ObjectRef | None = None,
) -> None:
    """The damage that is left after shields: its results (mtg:120.3). Damage to a
    player records its source object, which "that dealt damage to you this turn" asks
    about (:mod:`~tcgrules.games.magic.conditions`). The source's lifelink, wither,
    infect and deathtouch apply (:mod:`~tcgrules.games.magic.damage_keywords`); a source
    without keyword abilities has none of them, and a recipient without abilities has
    no protection."""
    keyworded = False
    for ability in source.abilities:  # a loop, not any(...): no generator made per damage
        if isinstance(ability, Keyword):
            keyworded = True
            break
    if isinstance(recipient, PlayerRef):
        if keyworded:
            refuse_infect_to_player(source, source_label)
        data: dict[str, object] = {"amount": amount}
        if source_ref is not None:
            data["source"] = source_ref
        # the cause, then its result: the damage is dealt, so the player loses life
        game.log(
            Event(
                "damage",
                f"{source_label} deals {amount} damage to {recipient.name}",
                rule("mtg:120.3a"),
                player=recipient.name,
                data=MappingProxyType(data),
            )
        )
        game.change_life(recipient.name, -amount, rule_applied=rule("mtg:120.3a"))
        if keyworded:
            lifelink(game, source, source_ref, amount, controller)
        return
    chars = game.characteristics(recipient)
    protections = chars.keyword_arguments("protection") if chars.abilities else ()
    if protections:
        pseudo = Targeter(controller, "spell", None, None, source)
        for quality in protections:
            if quality_matches(quality, pseudo, game):
                game.log(
                    Event(
                        "damage_prevented",
                        f"{amount} damage from {source_label} to {game.describe(recipient)} "
                        f"is prevented: protection from {quality}",
                        rule("mtg:702.16e"),
                        recipient,
                    )
                )
                return
    if damage_shielded(game, recipient, amount, source_label):
        return
    if "creature" in chars.types:
        if not (keyworded and counters_instead(game, source, recipient, amount)):
            game.mark_damage(
                recipient, amount, rule_applied=rule("mtg:120.3e"), source=source_label
            )
        if keyworded:
            mark_deathtouch(game, source, recipient)
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
    if keyworded:
        lifelink(game, source, source_ref, amount, controller)


def counter(game: Game, target: ObjectRef, *, number: str = "mtg:701.5a") -> None:
    """Counter a spell or ability: it leaves the stack without resolving (mtg:701.5a)."""
    obj = game.get(target)
    game.log(Event("countered", f"{obj.label} is countered", rule(number), target))
    if obj.kind in {"ability", "copy"}:
        # an ability or copy ceases to exist as it leaves the stack ("is countered" is
        # said once, above)
        game.remove(target, rule_applied=rule(number), reason="ceases to exist")
        game.log(
            Event(
                "removed_from_stack", f"{obj.label} is removed from the stack", rule(number), target
            )
        )
    else:
        game.move(target, "graveyard", rule_applied=rule(number), reason="countered")


def draw(game: Game, player: str, count: int) -> None:
    """Draw cards one at a time (mtg:121.1, mtg:121.2). Trying to draw from an empty
    library is noted; the player loses when state-based actions are next checked
    (mtg:121.4, mtg:704.5b)."""
    for _ in range(count):
        library = game.zone("library", player)
        if not library:
            game.set_failed_draw(
                player,
                True,
                rule_applied=rule("mtg:121.4"),
                text=f"{player} tries to draw from an empty library",
            )
            return
        game.move(library[-1], "hand", rule_applied=rule("mtg:121.1"), reason=f"{player} draws it")


def ward_triggers(game: Game, obj: GameObject, target: Entity, controller: str) -> None:
    """A permanent with ward that becomes the target of an opponent's spell or ability
    triggers: counter it unless its controller pays the cost (mtg:702.21a)."""
    if not (isinstance(target, ObjectRef) and game.is_current(target)):
        return
    target_controller = game.controller(target)
    if target_controller is None or target_controller == controller:
        return
    for cost in game.characteristics(target).keyword_arguments("ward"):
        # named like any other ability on the stack (mtg:113.1c)
        label = f"ability of {game.describe(target)}"
        ability = ability_on_stack(
            game,
            label,
            target_controller,
            StackInfo(
                source=target,
                ability_kind="triggered",
                effects=(CounterUnlessPaid(obj.ref, cost),),
            ),
        )
        game.log(
            Event(
                "triggered",
                f"{label} triggers (ward {cost}): {game.describe(obj.ref)} will be countered "
                f"unless its controller pays {cost}",
                rule("mtg:702.21a"),
                ability,
            )
        )


_BECOMES_TARGET = frozenset({"becomes_target", "becomes_target_by_opponent"})


def target_triggers(game: Game, obj: GameObject, target: Entity, controller: str) -> None:
    """ "Whenever ~ becomes the target of a spell or ability [an opponent controls]"
    triggers when it is chosen as a target, or a target is changed to it (mtg:603.2,
    mtg:115.7); the ability goes on the stack controlled by the permanent's controller
    (mtg:603.3a). It is put on the stack at once, as ward's is."""
    if not (isinstance(target, ObjectRef) and game.is_current(target)):
        return
    if game.get(target).zone.name != "battlefield":
        return
    target_controller = game.controller(target)
    if target_controller is None:
        return
    for ability in game.characteristics(target).abilities:
        if not (
            isinstance(ability, TriggeredAbility)
            and ability.trigger.event in _BECOMES_TARGET
            and isinstance(ability.trigger.subject, Self)
        ):
            continue
        if ability.trigger.event == "becomes_target_by_opponent" and (
            target_controller == controller
        ):
            continue
        if ability.requirements:
            raise NotSupportedError(
                f"the targets of the triggered ability “{ability.text}”",
                "abilities the rules put on the stack by themselves choose no targets yet",
            )
        label = f"ability of {game.describe(target)}"
        ref = ability_on_stack(
            game,
            label,
            target_controller,
            StackInfo(source=target, ability_kind="triggered", effects=ability.effects),
            ability,
        )
        game.log(
            Event(
                "triggered",
                f"{game.describe(target)} became the target of {obj.label}: "
                f"“{ability.trigger.text}” triggers",
                rule("mtg:603.2"),
                ref,
            )
        )


#: the types of permanent cards: a spell of one of them resolves onto the battlefield
PERMANENT_TYPES = frozenset(
    {"artifact", "creature", "enchantment", "planeswalker", "battle", "land"}
)


def leave_stack(game: Game, obj: GameObject, *, resolved: bool) -> bool:
    """Where a Magic spell goes after it resolves (mtg:608.3a, 608.3c) or a copy of one
    (mtg:707.10a); False if it is an instant or sorcery, which the base sends to the
    graveyard."""
    chars = game.characteristics(obj.ref)
    if obj.kind == "copy":
        if resolved and chars.types & PERMANENT_TYPES and obj.stack is not None:
            copy_becomes_token(game, obj)
            return True
        game.remove(
            obj.ref, rule_applied=rule("mtg:707.10a"), reason="ceases to exist off the stack"
        )
        return True
    if not resolved:
        return False
    if "aura" in chars.subtypes and obj.stack and obj.stack.targets:
        enchanted = next((t for row in obj.stack.targets for t in row), None)
        new = game.move(
            obj.ref,
            "battlefield",
            controller=game.controller(obj.ref),
            rule_applied=rule("mtg:608.3c"),
            reason="an Aura spell resolves",
        )
        game.attach(new, enchanted, rule_applied=rule("mtg:608.3c"))
        return True
    if not chars.types.isdisjoint(PERMANENT_TYPES):
        game.move(
            obj.ref,
            "battlefield",
            controller=game.controller(obj.ref),
            rule_applied=rule("mtg:608.3a"),
            reason="a permanent spell resolves",
        )
        return True
    return False
