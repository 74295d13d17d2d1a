"""Flesh and Blood's effects: one handler per effect node (the ruleset's effect table).

A handler receives the kernel's :class:`~tcgrules.kernel.resolution.Resolution`,
which has already dropped the targets that became illegal (fab:5.3.2a). Players
have no life in Flesh and Blood: an effect on "you" or on a player acts on that
player's hero, the living object that stands for them.

"Gets +N{p}" and "gains go again" are layer-continuous effects (fab:6.2.2): they start
as the layer resolves and last for the duration the text gives - "this turn" and
"until end of turn" until the turn ends (fab:4.4.4), "this chain link" while it is the
active chain link (fab:7.0.3d), "this combat chain" until it closes (fab:7.7.7) - and,
when the text gives none, for as long as they apply (fab:6.2.2a): on a card until it
leaves the arena and becomes a new object (fab:3.0.9); on the attack of a weapon, ally
or hero, whose attack-proxy the object stands for here, until the combat chain closes
(fab:1.4.3c). The game applies them in stage order (fab:6.3.2) through the ruleset's
``order_key``: a modified value in stage 8 (fab:6.3.3 substages 5 and 6), a gained
ability in stage 6.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from tcgrules.carddata.bundled import bundled_cards
from tcgrules.carddata.model import CardDefinition
from tcgrules.cardtext.nodes import (
    Ability,
    ArcaneDamage,
    ChangeTargets,
    CreateToken,
    DealDamage,
    Destroy,
    Exile,
    GainAbility,
    GainLife,
    GrantAbility,
    LoseLife,
    ModifyStat,
    ReturnToHand,
    StatDuration,
    StaticAbility,
    TargetSlot,
    TriggeredAbility,
)
from tcgrules.errors import ArgumentError, NotSupportedError
from tcgrules.games.flesh_and_blood.names import names_equal
from tcgrules.games.flesh_and_blood.play import is_living
from tcgrules.games.flesh_and_blood.vocabulary import parse_type_line
from tcgrules.kernel.characteristics import Keyword
from tcgrules.kernel.effects import Duration, GrantAbilities, Modify, Op
from tcgrules.kernel.events import Event
from tcgrules.kernel.game import Game
from tcgrules.kernel.objects import Entity, ObjectRef, PlayerRef
from tcgrules.kernel.resolution import Resolution
from tcgrules.kernel.ruleset import EffectHandler
from tcgrules.rules import RuleRef, rule


def _objects(run: Resolution, entities: list[tuple[Entity, int | None]]) -> list[ObjectRef]:
    """The objects an effect acts on: players stand for their heroes."""
    found: list[ObjectRef] = []
    for entity, _ in entities:
        if isinstance(entity, PlayerRef):
            found.extend(run.game.zone("hero", entity.name))
        elif run.game.is_current(entity):
            found.append(entity)
    return found


#: the three types of damage (fab:8.5.3b)
DAMAGE_TYPES: tuple[str, ...] = ("generic", "physical", "arcane")


def deal_damage(
    game: Game,
    target: ObjectRef,
    amount: int,
    source: str,
    *,
    rule_applied: RuleRef,
    kind: str = "generic",
    source_ref: ObjectRef | None = None,
) -> bool:
    """``source`` deals ``amount`` damage to ``target``: a living object loses that much
    life (fab:8.5.3), the event citing ``rule_applied``; damage to an object without
    life fails (fab:8.5.3c). ``kind`` is the type of damage: ``generic``, ``physical``
    or ``arcane`` (fab:8.5.3b), kept in the event's ``damage_type`` since what affects
    one type does not affect another (fab:8.5.3e, fab:8.5.3f); ``source_ref``, when
    known, is the object the damage comes from (fab:2.0.5). True if damage was dealt."""
    if kind not in DAMAGE_TYPES:
        raise ArgumentError("deal_damage()", "kind", kind, " or ".join(DAMAGE_TYPES))
    label = game.describe(target)
    if not is_living(game, target):
        game.log(
            Event(
                "effect_failed",
                f"{label} has no life, so the damage from {source} fails",
                rule("fab:8.5.3c"),
                target,
            )
        )
        return False
    if amount <= 0:
        return False
    # generic damage is damage of no stated type (fab:8.5.3b)
    what = "damage" if kind == "generic" else f"{kind} damage"
    # the cause, then its result: the damage is dealt, so the object loses life
    game.log(
        Event(
            "damage",
            f"{source} deals {amount} {what} to {label}",
            rule_applied,
            target,
            data=MappingProxyType(
                {"amount": amount, "damage_type": kind}
                if source_ref is None
                else {"amount": amount, "damage_type": kind, "source": source_ref}
            ),
        )
    )
    game.change_object_life(target, -amount, rule_applied=rule("fab:8.5.3"))
    return True


def _deal(run: Resolution, effect: DealDamage) -> None:
    """Damage makes a living object lose that much life (fab:8.5.3); damage to an
    object without life fails (fab:8.5.3c). The damage's source is the object whose
    ability made the effect (fab:1.8.1a): the card itself, or for a layer the source of
    its ability (fab:1.7.1a), the object that ability is a property of (fab:2.0.5)."""
    amount = run.amount(effect.amount)
    source = run.info.source if run.info.source is not None else run.obj.ref
    for target in _objects(run, run.entities(effect.to)):
        deal_damage(
            run.game,
            target,
            amount,
            run.obj.label,
            rule_applied=rule("fab:8.5.3"),
            kind="arcane" if isinstance(effect, ArcaneDamage) else "generic",
            source_ref=source,
        )


def _life(run: Resolution, effect: GainLife | LoseLife) -> None:
    """A living object gains or loses life (fab:8.5.7a, fab:8.5.12a)."""
    gain = isinstance(effect, GainLife)
    number = "fab:8.5.7a" if gain else "fab:8.5.12a"
    amount = run.amount(effect.amount)
    for target in _objects(run, run.entities(effect.who)):
        if is_living(run.game, target):
            run.game.change_object_life(
                target, amount if gain else -amount, rule_applied=rule(number)
            )
        else:
            run.game.log(
                Event(
                    "effect_failed",
                    f"{run.game.describe(target)} has no life to change",
                    rule(number),
                    target,
                )
            )


def destroy(game: Game, target: ObjectRef, *, rule_applied: RuleRef) -> None:
    """Destroy puts the object into its owner's graveyard (fab:8.5.4); a token that
    leaves the arena ceases to exist instead (fab:8.1.8a). ``rule_applied`` is the
    rule that destroys it, cited by the "destroyed" event."""
    label = game.describe(target)
    obj = game.get(target)
    if obj.kind == "token" or "token" in game.characteristics(target).types:
        game.remove(
            target, rule_applied=rule("fab:8.1.8a"), reason="leaves the arena and ceases to exist"
        )
        gone = target
    else:
        gone = game.move(target, "graveyard", rule_applied=rule("fab:8.5.4"), reason="destroyed")
    game.log(Event("destroyed", f"{label} is destroyed", rule_applied, gone))


def _destroy(run: Resolution, effect: Destroy) -> None:
    """Destroy puts the object into its owner's graveyard (fab:8.5.4)."""
    for target, _ in run.objects(effect.what):
        destroy(run.game, target, rule_applied=rule("fab:8.5.4"))


def _banish(run: Resolution, effect: Exile) -> None:
    """Banish moves the object to its owner's banished zone (fab:8.5.1)."""
    for target, _ in run.objects(effect.what):
        run.game.move(target, "banished", rule_applied=rule("fab:8.5.1"), reason="banished")


def _return_to_hand(run: Resolution, effect: ReturnToHand) -> None:
    """Return moves the object to its owner's hand (fab:8.5.15)."""
    for target, _ in run.objects(effect.what):
        run.game.move(
            target, "hand", rule_applied=rule("fab:8.5.15"), reason="returned to its owner's hand"
        )


def _change_targets(run: Resolution, effect: ChangeTargets) -> None:
    """New targets for a layer: only legal targets of its targeted effect may be chosen,
    and with no other legal target the target stays as it is (fab:1.8.5f)."""
    for target, _ in run.objects(effect.what):
        run.change_targets(target, effect.how, effect.to)


#: the subtypes of tokens that are created as permanents in a permanent zone of the arena
#: (auras, items, allies, landmarks and figments are permanents, fab:8.2)
_PERMANENT_TOKEN_SUBTYPES = frozenset({"aura", "item", "ally", "landmark", "figment"})


def token_definition(name: str) -> CardDefinition | None:
    """The token a token keyword names (fab:8.0.7, fab:8.6), from the bundled token cards
    (a token-card has the type token, fab:1.3.2b); None if tcgrules has none by that name."""
    for card in bundled_cards("fab").values():
        box = parse_type_line(card.type_line)
        if "token" in box.types and names_equal(card.name, name):
            return card
    return None


def _create_token(run: Resolution, effect: CreateToken) -> None:
    """Create the token in the arena under the control of the player told to create it
    (fab:8.5.2, fab:8.5.2c), with the properties its token keyword defines (fab:8.5.2a)."""
    card = token_definition(effect.name)
    if card is None:
        raise NotSupportedError(
            f"creating a {effect.name} token", "tcgrules has no definition of that token (fab:8.6)"
        )
    subtypes = {s.lower() for s in parse_type_line(card.type_line).subtypes}
    if not subtypes & _PERMANENT_TOKEN_SUBTYPES:
        raise NotSupportedError(
            f"creating a {effect.name} token", "only aura, item, ally, landmark and figment tokens"
        )
    game = run.game
    count = run.amount(effect.count)
    for who, _ in run.entities(effect.who):
        player = who.name if isinstance(who, PlayerRef) else game.controller(who)
        if player is None:
            continue
        for _ in range(count):
            token = game.create(card, player, "permanent", kind="token", controller=player)
            game.log(
                Event(
                    "created",
                    f"{player} creates a {card.name} token in the arena",
                    rule("fab:8.5.2"),
                    token,
                )
            )


_SYMBOLS = {"power": "{p}", "defense": "{d}", "intellect": "{i}"}
#: a duration the text gives: the kernel's duration, the rule, and how narration says it
_DURATIONS: dict[StatDuration, tuple[Duration, str, str]] = {
    "end_of_turn": ("end_of_turn", "fab:4.4.4", "until end of turn"),
    "chain_link": ("end_of_attack", "fab:7.0.3d", "this chain link"),
    "combat_chain": ("end_of_combat", "fab:7.7.7", "this combat chain"),
}


def _duration(
    run: Resolution, reference: object, target: ObjectRef, duration: StatDuration
) -> tuple[Duration, RuleRef, str]:
    """How long an effect on ``target`` lasts: the duration the text gives, else as long as
    it applies (fab:6.2.2a) - which, on an attack that is not an attack card, is the life of
    the attack-proxy the object stands for: until the combat chain closes (fab:1.4.3c)."""
    given = _DURATIONS.get(duration)
    if given is not None:
        return given[0], rule(given[1]), given[2]
    if duration != "permanent":
        raise NotSupportedError(f"effects that last {duration.replace('_', ' ')}")
    game = run.game
    chosen_as_attack = isinstance(reference, TargetSlot) and any(
        "attack" in r.kinds for r in run.info.requirements[reference.index : reference.index + 1]
    )
    if (
        chosen_as_attack
        and game.attacker_id() == target.id
        and "attack" not in game.characteristics(target).subtypes
    ):
        return "end_of_combat", rule("fab:1.4.3c"), "while its attack lasts"
    return None, rule("fab:6.2.2a"), ""


def _start(
    run: Resolution,
    reference: object,
    target: ObjectRef,
    *,
    duration: StatDuration,
    op: Op,
    number: str,
    says: str,
) -> None:
    """Start ``op`` on ``target`` (named by ``reference``) for its duration, citing ``number``."""
    until, why, words = _duration(run, reference, target, duration)
    tail = f" {words}" if words else ""
    run.game.add_effect(
        target,
        op,
        until=until,
        source=run.info.source or run.obj.ref,
        rule_applied=rule(number),
        describe=f"{says}{tail} (from {run.obj.label}; it ends as {why} says)",
    )


def _modify_stat(run: Resolution, effect: ModifyStat) -> None:
    """ "Gets +N{p}" modifies the value, not the base (fab:8.5.8, fab:2.0.3a); an object
    without the property does not get it (fab:8.5.8a). X is fixed as the effect starts
    (fab:6.2.2b)."""
    raw = effect.amount
    if isinstance(raw, str) and raw.startswith("-"):
        amount = -run.amount(raw[1:])
    else:
        amount = run.amount(raw)
    symbol = _SYMBOLS.get(effect.prop, f" {effect.prop}")
    game = run.game
    for target, _ in run.objects(effect.what):
        if game.characteristics(target).value(effect.prop) is None:
            game.log(
                Event(
                    "effect_failed",
                    f"{game.describe(target)} has no {effect.prop}, so it does not get one",
                    rule("fab:8.5.8a"),
                    target,
                )
            )
            continue
        op = Modify(effect.prop, amount)
        says = f"gets {amount:+d}{symbol}"
        _start(
            run, effect.what, target, duration=effect.duration, op=op, number="fab:8.5.8", says=says
        )


def _gain_ability(run: Resolution, effect: GainAbility) -> None:
    """ "Gains go again": the object gains the ability besides those it has
    (fab:8.5.9, fab:8.5.9a)."""
    words = effect.keyword if effect.argument is None else f"{effect.keyword} {effect.argument}"
    keyword = Keyword.parse(words)  # as the card data's keyword lines are read
    for target, _ in run.objects(effect.what):
        op = GrantAbilities((keyword,))
        _start(
            run,
            effect.what,
            target,
            duration=effect.duration,
            op=op,
            number="fab:8.5.9",
            says=f"gains {words}",
        )


def _grant_ability(run: Resolution, effect: GrantAbility) -> None:
    """ "Gets "When this hits, ..."": the object gains the quoted ability (fab:8.5.9,
    fab:8.5.9a), whose targets are chosen when it is used (fab:1.8.5)."""
    if effect.what is None:
        raise NotSupportedError(f"the object that gains the ability {effect.text}")
    text = effect.text.strip().strip('"').strip()
    ability: Ability
    if effect.trigger is not None:
        ability = TriggeredAbility(effect.trigger, effect.requirements, effect.effects, text)
    else:
        ability = StaticAbility(text, None, effect.requirements, effect.effects)
    for target, _ in run.objects(effect.what):
        op = GrantAbilities((ability,))
        _start(
            run,
            effect.what,
            target,
            duration=effect.duration,
            op=op,
            number="fab:8.5.9",
            says=f'gains "{text}"',
        )


#: Effect node type -> handler: what Flesh and Blood's effects do, in order (fab:5.3.4).
EFFECTS: Mapping[type, EffectHandler] = MappingProxyType(
    {
        DealDamage: _deal,
        GainLife: _life,
        LoseLife: _life,
        Destroy: _destroy,
        Exile: _banish,
        ReturnToHand: _return_to_hand,
        ChangeTargets: _change_targets,
        CreateToken: _create_token,
        ModifyStat: _modify_stat,
        GainAbility: _gain_ability,
        GrantAbility: _grant_ability,
    }
)
