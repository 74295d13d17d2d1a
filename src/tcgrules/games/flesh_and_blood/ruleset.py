"""Flesh and Blood ruleset: zones, type box, staging (fab:6.3), floor at zero (fab:2.0.3c)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from types import MappingProxyType
from typing import TYPE_CHECKING, ClassVar

from tcgrules.carddata.flesh_and_blood import load_fab_cards
from tcgrules.carddata.model import CardDefinition
from tcgrules.cardtext.nodes import ActivatedAbility
from tcgrules.errors import CardDataError
from tcgrules.games.flesh_and_blood import (
    activation,
    assets,
    attacks,
    card_checks,
    combat,
    conditions,
    costs,
    defense,
    defined,
    end_phase_triggers,
    hand_effects,
    heroes,
    play,
    split_cards,
    timing,
    turn,
    vocabulary,
)
from tcgrules.games.flesh_and_blood import effects as fab_effects
from tcgrules.games.flesh_and_blood.names import moniker, names_equal
from tcgrules.games.flesh_and_blood.text import parse_cached, parse_fab
from tcgrules.games.flesh_and_blood.text_build import ANY_TARGET
from tcgrules.games.keywords import abilities_from_text
from tcgrules.kernel.characteristics import Characteristics, Value
from tcgrules.kernel.concepts import Concept
from tcgrules.kernel.descriptors import AllOf, Descriptor
from tcgrules.kernel.effects import (
    ChangeControl,
    ChangeSet,
    CopyOf,
    GrantAbilities,
    Modify,
    Op,
    RemoveAbilities,
    SetBase,
    SwitchPT,
)
from tcgrules.kernel.events import Event
from tcgrules.kernel.ruleset import Ruleset, named_counter, printed_value
from tcgrules.kernel.zones import ZoneSpec
from tcgrules.rules import RuleRef, aliases_of, rule
from tcgrules.verdict import Verdict

if TYPE_CHECKING:
    from pathlib import Path

    from tcgrules.cardtext.nodes import CardText, TriggeredAbility
    from tcgrules.kernel.describe import Context
    from tcgrules.kernel.game import AttackState, Game, Seen
    from tcgrules.kernel.objects import Entity, GameObject, ObjectRef
    from tcgrules.verdict import Reason

#: fab:2.1.2: the printed pitch decides the color strip
PITCH_COLORS = {1: "red", 2: "yellow", 3: "blue"}


class FleshAndBlood(Ruleset):
    """Flesh and Blood (Comprehensive Rules 2.10.1, 2025-05-19)."""

    name = "fab"
    aliases = aliases_of("fab")
    title = "Flesh and Blood"
    zones = vocabulary.ZONES
    battlefield = "arena"
    stack_zone = "stack"
    numeric_floor_zero = True
    removal_spares_granted = True
    #: an object can't gain or lose metatypes (fab:2.6.5), so a copy keeps its own; it
    #: takes the traits it copies (fab:2.13.2, fab:8.5.25)
    kept_by_copy = frozenset({"metatypes"})
    cost_is_modifiable = False
    players_are_targetable = False
    starting_life = None
    numeric_properties = frozenset(
        {"cost", "pitch", "power", "defense", "life", "intellect", "arcane"}
    )
    #: a power or defense printed as "(c)" is defined by the card's text (fab:2.3.2a, 2.9.2a)
    text_defined = frozenset({"power", "defense"})
    #: the rules of the kernel's concepts that Flesh and Blood has (1.8.5: targets come
    #: from the arena and the stack, once per phrase); a player named as a target names
    #: their hero (1.1.2b), and nothing phases. Concepts left out (playing cards,
    #: resolving) are not supported yet.
    concepts = MappingProxyType(
        {
            Concept.NEW_OBJECT: "3.0.9",
            Concept.CLEANUP: "4.4.4",
            Concept.DAMAGE_TO_PLAYER: None,
            Concept.TARGET_PLAYER: "1.1.2b",
            Concept.PLAYER_LEFT: None,
            Concept.PHASED_OUT: None,
            Concept.PHASING: None,
            Concept.DESCRIPTION_ZONE: "1.8.5a",
            Concept.DESCRIPTION_CARD_ZONE: "1.8.5a",
            Concept.TARGET_FITS: "1.8.5",
            Concept.TARGET_ZONE: "1.8.5a",
            Concept.TARGET_REPEAT: "1.8.5b",
            Concept.ANY_TARGET: "1.8.5d",
            Concept.TARGET_ITSELF: None,
            Concept.BECAME_TARGET: "1.8.5",
            Concept.CHANGE_TARGETS: "1.8.5f",
            Concept.CHANGE_THE_TARGET: "1.8.5f",
            Concept.CHANGE_A_TARGET: "1.8.5f",
            Concept.CHANGE_ANY: "1.8.5f",
            Concept.CHOOSE_NEW: "1.8.5f",
            Concept.CHANGE_KEEPS_COUNT: "1.8.5f",
            Concept.CHANGE_FINAL_SET: None,
            Concept.NOT_A_TARGET: "1.8.5c",
            Concept.OPTIONAL_NO_TARGET: "1.8.5e",
            Concept.TARGET_PART_FAILS: "1.8.9",
            Concept.CAST: "5.1.2",
            Concept.CAST_FROM: "5.1.1a",
            Concept.CAST_DONE: "5.1.10",
            Concept.ON_STACK: "5.1.2",
            Concept.ANNOUNCE_X: "5.1.3a",
            Concept.CHOOSE_TARGETS: "5.1.4a",
            Concept.ILLEGAL_PLAY_REVERSED: "5.1.5",
            Concept.MODES: "1.7.5",
            Concept.MODES_CHOSEN: "1.7.5a",
            Concept.MODE_REPEAT: "1.7.5b",
            Concept.ACTIVATE: "5.2.2",
            Concept.ACTIVATED_ABILITY: "5.2.1",
            Concept.ACTIVATE_TARGETS: "5.2.2b",
            Concept.RESOLVE: "5.3.1",
            Concept.EMPTY_STACK: "5.3.1",
            Concept.RECHECK: "5.3.2a",
            Concept.EFFECT_ORDER: "5.3.4",
            Concept.LEAVE_STACK: "5.3.7",
            Concept.ATTACK: "1.4.5",
            Concept.ATTACKABLE: "1.4.5a",
            Concept.ATTACK_TARGETS_DISTINCT: "1.4.5c",
            Concept.ATTACKING: "7.2.4a",
            Concept.OPTIONAL: "1.8.3",
            Concept.CONDITION: "1.8.4",
        }
    )
    stack_verbs = MappingProxyType({"play": "cast", "activate": "activate"})
    effects = MappingProxyType({**fab_effects.EFFECTS, **combat.EFFECTS, **hand_effects.EFFECTS})
    cast_verb = "plays"
    #: a "card" with no zone is looked for in the arena and on the stack (fab:1.8.5a)
    card_zone = "arena_or_stack"
    #: cards are played from the hand or the arsenal (fab:5.1.1a)
    castable_zones = frozenset({"hand", "arsenal"})

    @classmethod
    def zones_of(cls, word: str) -> tuple[ZoneSpec, ...]:
        """The arena is every arena zone (fab:3.0.5); other words are one zone."""
        if word in {"battlefield", "arena"}:
            return tuple(cls.zone_spec(z) for z in play.ARENA)
        if word == "arena_or_stack":
            return (*cls.zones_of("arena"), cls.zone_spec(cls.stack_zone))
        return super().zones_of(word)

    def zone_matches(self, actual: str, expected: str) -> bool:
        """An object in any arena zone is "in the arena" (fab:3.0.5)."""
        if expected in {"battlefield", "arena"}:
            return self.zone_spec(actual).name in play.ARENA
        if expected == "arena_or_stack":
            spec = self.zone_spec(actual)
            return spec.name in play.ARENA or spec.is_stack
        return super().zone_matches(actual, expected)

    def attack_target_reasons(
        self, game: Game, attacker: ObjectRef, by: str, target: Entity
    ) -> list[Reason]:
        """An attackable object an opponent controls (fab:1.4.5, 1.4.5a, 8.3.14a)."""
        return play.attack_target_reasons(game, attacker, by, target)

    def attack_reasons(
        self, game: Game, attacker: ObjectRef, by: str, targets: tuple[Entity, ...]
    ) -> list[Reason]:
        """Only attacks attack (fab:1.4.1-1.4.4), an attack ability's source is the
        player's own (fab:5.2.2), one attack-target unless the text allows more
        (fab:1.4.5, 1.4.5c), a Once per Turn attack ability once a turn (fab:5.2.1a).
        Under ``enforce: [timing]``, an attack is played or activated only when an
        action may be, or in the Resolution Step (fab:7.0.1a, fab:8.1.1a-b); see
        :mod:`tcgrules.games.flesh_and_blood.timing`."""
        reasons = attacks.attack_reasons(game, attacker, by, targets)
        if all(r.passed for r in reasons) and "timing" in game.enforced:
            refused = timing.attack_refusal(game, attacker, by)
            if refused is not None:
                reasons.extend(refused.reasons)
        return reasons

    def place_attack(self, game: Game, attacker: ObjectRef, by: str) -> ObjectRef:
        """An attack card moves onto the combat chain as a chain link (fab:7.2.3a); a
        weapon or ally's attack-proxy and the weapon or ally itself do (fab:7.2.3b)."""
        return attacks.place_attack(game, attacker, by)

    def attacking_said(self, game: Game, attacker: ObjectRef, oid: int) -> tuple[str, RuleRef]:
        """The attack is attacking (fab:7.2.4); a living attack-source is attacking
        itself, else the attack's controller's hero is the attacking hero (fab:7.2.4a)."""
        return play.attacking_said(game, attacker, oid)

    def attack_participants(
        self, game: Game, attacker: ObjectRef, by: str, targets: tuple[Entity, ...]
    ) -> tuple[frozenset[int], frozenset[int]]:
        """Attacking and defending heroes and objects (fab:7.2.4a, 7.2.4b)."""
        return play.attack_participants(game, attacker, by, targets)

    def attack_declared(self, game: Game, state: AttackState) -> None:
        """Under ``enforce: [costs]`` the attack's asset-costs are paid
        (:func:`assets.pay_attack`); an attack-target with spectra triggers (fab:8.3.14b)."""
        if "costs" in game.enforced:
            assets.pay_attack(game, state.attacker, state.controller)
        combat.spectra_triggers(game, state)

    def defend_reasons(
        self,
        game: Game,
        state: AttackState | None,
        by: str,
        cards: tuple[ObjectRef, ...],
        target: Entity | None,
    ) -> list[Reason]:
        """Cards from hand (not defense reactions) and public equipment, declared by the
        defending hero's controller (fab:7.3.2a, 7.3.2b; an ally: fab:8.2.8d)."""
        return combat.defend_reasons(game, state, by, cards, target)

    def declare_defenders(
        self,
        game: Game,
        state: AttackState,
        by: str,
        cards: tuple[ObjectRef, ...],
        target: Entity,
    ) -> AttackState:
        """The cards go onto the active chain link as defending cards (fab:7.3.2d)."""
        return combat.declare_defenders(game, state, by, cards, target)

    def damage_step_reasons(self, game: Game, state: AttackState | None) -> list[Reason]:
        """Once per chain link, with the stack empty (fab:7.4.3, 7.5.1)."""
        return combat.damage_step_reasons(game, state)

    def combat_damage(self, game: Game, state: AttackState, target: Entity) -> None:
        """Power against the defending cards' total defense (fab:2.3.1, 7.5.2). After the
        last target the Resolution Step begins: an attack with go again gives its
        controller an action point (fab:7.6.2, fab:8.3.5b)."""
        combat.combat_damage(game, state, target)
        if target == state.targets[-1] and game.attack is not None:
            assets.go_again(game, state.attacker, state.controller, rule("fab:7.6.2"))

    def layer_characteristics(
        self,
        game: Game,
        source: ObjectRef | None,
        label: str,
        ability: ActivatedAbility | TriggeredAbility | None = None,
    ) -> Characteristics:
        """An activated or triggered layer has its source's metatypes (fab:2.6.4), subtypes
        (fab:2.10.4), supertypes (fab:2.11.4) and types (fab:2.15.4). An activated layer
        also has the types its ability's TYPE gives (fab:2.15.4a, fab:5.2.1b) and the
        ability's cost, the number of its resource symbols (fab:2.0.1a, fab:2.2.3)."""
        types: frozenset[str] = frozenset()
        values: dict[str, Value] = {}
        if isinstance(ability, ActivatedAbility):
            header = costs.ability_header(ability.cost)
            types = frozenset(header.types)
            values["cost"] = header.cost
        if source is None:
            return Characteristics(name=label, types=types, values=MappingProxyType(values))
        of = game.last_known(source).characteristics
        return Characteristics(
            name=label,
            types=of.types | types,
            supertypes=of.supertypes,
            subtypes=of.subtypes,
            values=MappingProxyType(values),
            sets=MappingProxyType({"metatypes": of.sets.get("metatypes", frozenset())}),
        )

    def damage_object(
        self, game: Game, ref: ObjectRef, amount: int, *, rule_applied: RuleRef | None, source: str
    ) -> None:
        """Only a living object can be dealt damage; damage to any other fails
        (fab:8.5.3c) and changes nothing."""
        if not play.is_living(game, ref):
            game.log(
                Event(
                    "effect_failed",
                    f"{game.get(ref).label} has no life, so the damage fails",
                    rule("fab:8.5.3c"),
                    ref,
                )
            )
            return
        # damage of no stated type is generic damage (fab:8.5.3b)
        game.mark_damage(
            ref,
            amount,
            rule_applied=rule_applied,
            source=source,
            detail={"damage_type": "generic"},
        )

    #: the payment is calculated as a card is played or an ability activated (fab:5.1.6)
    calculates_payment = True

    def payment(self, game: Game, ref: ObjectRef) -> int | None:
        """The resource cost to pay (fab:5.1.6a, fab:5.2.2b): from the base cost of the
        card, or of the activated ability (fab:5.1.6c, fab:2.2.3), through the effects
        that make it cost more or less - on the card itself, or on the ability's
        source for an activation. The cost property stays as printed (fab:2.2.4a)."""
        obj = game.get(ref)
        info = obj.stack
        if info is None or info.ability_kind == "triggered":
            return None
        base = self.object_property(game, ref, game.characteristics(ref), "cost")
        start = base if isinstance(base, int) else 0
        if info.ability_kind != "activated":
            paid = costs.payment(game, ref, start, "play")
        elif info.source is not None and game.is_current(info.source):
            paid = costs.payment(game, info.source, start, "activate")
        else:
            paid = start
        changed = "" if paid == start else f" (its cost is {start}; effects make it {paid})"
        game.log(
            Event(
                "payment",
                f"{obj.label}: resource cost to pay is {paid}{changed}",
                rule("fab:5.1.6a"),
                ref,
                data=MappingProxyType({"amount": paid, "cost": start}),
            )
        )
        return paid

    def fails_to_resolve(self, game: Game, obj: GameObject) -> tuple[str, RuleRef] | None:
        """A defense reaction that can't become a defending card (fab:5.3.2c)."""
        return defense.fails_to_resolve(game, obj)

    def leave_stack(self, game: Game, obj: GameObject, *, resolved: bool) -> None:
        """A resolved non-attack layer with go again gives its controller an action point
        first (fab:5.3.5, fab:8.3.5a); a defense reaction becomes a defending card
        (fab:5.3.6b, 8.1.3b); auras, items and landmarks enter the arena (fab:5.3.6a); the
        rest is cleared (fab:5.3.7)."""
        # an attack's go again waits for the Resolution Step (fab:8.3.5a, fab:8.3.5b)
        if resolved and "attack" not in game.characteristics(obj.ref).subtypes:
            controller = game.controller(obj.ref) or obj.owner
            assets.go_again(game, obj.ref, controller, rule("fab:5.3.5"))
        if resolved and defense.becomes_defending(game, obj):
            return
        if not play.leave_stack(game, obj, resolved=resolved):
            super().leave_stack(game, obj, resolved=resolved)

    #: zones whose objects have a controller (fab:1.3.1b: the arena and the stack)
    controlled_zones: ClassVar[frozenset[str]] = frozenset(
        {"arena", "combat_chain", "stack", "permanent"}
    )

    def parse_text(
        self, text: str, *, name: str | None = None, type_line: str | None = None
    ) -> CardText:
        """Functional text (fab:2.12.3) read by the lark grammar: target phrases
        (fab:1.8.5) and the common effects."""
        return parse_fab(text, name, type_line)

    def card_text(self, card: CardDefinition) -> CardText:
        """The card's text, read once per (name, type line, text) (cached)."""
        return parse_cached(card.name, card.type_line, card.text or "")

    def card_file(self, path: Path) -> list[CardDefinition]:
        """A ``@flesh-and-blood/cards`` JSON file (plain or gzipped) as card definitions."""
        return load_fab_cards(path)

    def new_object_on_move(self, origin: ZoneSpec, destination: ZoneSpec) -> bool:
        """An object resets into a new object only when it enters a zone outside the arena
        that is not the stack (fab:3.0.9); entering the arena (any of its zones, fab:3.0.5)
        or the stack keeps it."""
        return not (destination.name in play.ARENA or destination.is_stack)

    def has_controller_in(self, zone: ZoneSpec) -> bool:
        """Only cards in the arena or on the stack have a controller (fab:1.3.1b)."""
        return zone.name in self.controlled_zones or zone.objects_are_permanents or zone.is_stack

    def object_facts(self, game: Game, obj: GameObject, chars: Characteristics) -> dict[str, bool]:
        """Every card, layer and attack is an object (fab:1.2.1); permanents are the
        objects in the arena outside the combat chain (fab:1.3.3)."""
        spec = self.zone_spec(obj.zone.name)
        return {
            "is_object": True,
            "is_unit": False,
            "is_permanent": spec.objects_are_permanents and spec.name != "combat_chain",
        }

    def characteristics_of(self, card: CardDefinition) -> Characteristics:
        """Printed properties (fab:2.0.1); an unprinted number is absent, not 0 (fab:2.3.2).
        A type box with unknown words or an impossible printed value is a CardDataError
        (fab:2.14.1, fab:2.0.3c, fab:2.8.2)."""
        problems = card_checks.definition_problems(
            card.type_line, tuple(sorted(card.values.items()))
        )
        if problems:
            where, problem = problems[0]
            raise CardDataError(
                f"card {card.name!r}: {problem}", path=where, expected="a card the game can print"
            )
        box = vocabulary.parse_type_line(card.type_line)
        values: dict[str, Value] = {}
        for prop in self.numeric_properties:
            if prop in card.values:
                # symbols and numbers are the same value (fab:2.2.5, fab:2.8.4)
                values[prop] = costs.printed_symbols(printed_value(card.values[prop]), prop)
        pitch = values.get("pitch")
        colors = (
            frozenset({PITCH_COLORS[pitch]})
            if isinstance(pitch, int) and pitch in PITCH_COLORS
            else frozenset()
        )
        sets = {
            "metatypes": frozenset(m.lower() for m in box.metatypes),
            "traits": frozenset(str(t).lower() for t in _tuple(card.values.get("traits"))),
        }
        return Characteristics(
            name=card.name,
            types=frozenset(t.lower() for t in box.types),
            supertypes=frozenset(t.lower() for t in box.supertypes),
            subtypes=frozenset(t.lower() for t in box.subtypes),
            colors=colors,
            abilities=abilities_from_text(self.name, card),
            values=MappingProxyType(values),
            sets=MappingProxyType(sets),
        )

    def defined_values(self, game: Game, obj: GameObject) -> Mapping[str, Value]:
        """A "(c)" power or defense as the card's own ability defines it now, its base
        value (fab:2.3.2a, fab:2.9.2a); see :mod:`tcgrules.games.flesh_and_blood.defined`."""
        text = self.card_text(obj.card) if obj.card is not None else None
        return defined.defined_values(game, obj, text, self.text_defined)

    @classmethod
    def condition_test(cls, name: str) -> Callable[[Context, Seen], bool] | None:
        """The conditions of FaB descriptions ("with greater {h} than you", "with Arcanite
        in their name"); see :mod:`tcgrules.games.flesh_and_blood.conditions`."""
        return conditions.condition_test(name)

    def order_key(self, op: Op) -> tuple[int, ...]:
        """Stage (fab:6.3.2) and substage (fab:6.3.3) of an op.

        Stage 8 substages: setting (2) before adding (5) before subtracting (6),
        so power 2 given -5 then +1 is 2+1-5 = -2, floored to 0 (fab:2.0.3c).
        """
        if isinstance(op, CopyOf):
            return (1,)
        if isinstance(op, ChangeControl):
            return (2,)
        if isinstance(op, ChangeSet):
            if op.field == "colors":
                return (3,)
            return (5,) if op.field == "supertypes" else (4,)
        if isinstance(op, GrantAbilities | RemoveAbilities):
            return (6,)
        if isinstance(op, SetBase):
            return (3,) if op.prop == "name" else (7, 2)
        if isinstance(op, Modify):
            return (8, 5) if op.delta >= 0 else (8, 6)
        if isinstance(op, SwitchPT):
            return (8, 7)
        raise TypeError(f"unknown op {op!r}")

    def counter_ops(self, counters: Mapping[str, int]) -> list[tuple[tuple[int, ...], Op]]:
        """+1{p} / -1{d} style counters modify the value, not the base (fab:2.0.3d), in stage 8."""
        ops: list[tuple[tuple[int, ...], Op]] = []
        for kind, n in counters.items():
            parsed = _counter(kind)
            if parsed is None or n == 0:
                continue
            prop, step = parsed
            delta = step * n
            ops.append(((8, 5) if delta >= 0 else (8, 6), Modify(prop, delta)))
        return ops

    def counter_rule(self) -> RuleRef:
        return rule("fab:2.0.3d")

    def counter_kind_refusal(self, kind: str) -> str | None:
        """A counter that changes a numeric property is written +N or -N with the
        property's symbol or name (+1{p}, -1{d}, +1 power: fab:2.0.3d); others are named."""
        if kind[:1] in "+-":
            return None if _counter(kind) is not None else _FAB_KINDS_SAID
        return None if named_counter(kind) else _FAB_KINDS_SAID

    def player_object(self, game: Game, player: str) -> ObjectRef | None:
        """A player's hero stands for them (fab:1.1.2b)."""
        return heroes.hero_of(game, player)

    def placement_problem(
        self, game: Game, player: str, zone: str, chars: Characteristics
    ) -> tuple[RuleRef, str] | None:
        """The hero zone holds a hero; equipment and weapon zones what fits them (fab:3.11.2,
        3.2.2a, 3.5.2a, 3.10.2a, 3.12.2a, 3.16.2a)."""
        return heroes.placement_problem(game, player, zone, chars)

    def played_side(self, card: CardDefinition, side: int | str | None) -> CardDefinition:
        """A split card is played as the side its player declares (fab:5.1.2c, 9.2.3)."""
        return split_cards.played_side(card, side)

    def setup_complete(self, game: Game) -> None:
        """A player who controls no hero has lost (fab:4.5.3a)."""
        heroes.lose_without_hero(game)

    def refuse_effect(self, op: Op) -> Verdict | None:
        """The cost property can't be modified (fab:2.2.4); cost changes apply only while
        paying (fab:2.2.4a). Metatypes can't be gained or lost (fab:2.6.5)."""
        if isinstance(op, Modify | SetBase) and op.prop == "cost":
            return Verdict.refuse(
                rule("fab:2.2.4"), "the cost property of an object can't be modified"
            )
        if isinstance(op, ChangeSet) and op.field == "metatypes":
            return Verdict.refuse(rule("fab:2.6.5"), "an object can't gain or lose metatypes")
        return None

    def state_based_actions(self, game: Game) -> bool:
        """The game state actions on life totals (fab:1.10.2, fab:2.5.3f): a hero at zero
        makes its player lose; every other living object in the arena at zero is cleared,
        all of them in one event (fab:1.10.2b) - a card to its owner's graveyard
        (fab:3.0.12), a token ceasing to exist (fab:3.0.12a) - and each has died
        (fab:2.5.3g; an ally, fab:8.2.8a)."""
        acted = False
        cleared: list[GameObject] = []
        for obj in game.touched():
            spec = self.zone_spec(obj.zone.name)
            if not spec.objects_are_permanents or obj.phased_out:
                continue
            total = game.life_total(obj.ref)
            if total is None or total > 0:
                continue
            if "hero" in game.characteristics(obj.ref).types:
                if not game.player(obj.owner).lost:
                    game.set_lost(
                        obj.owner, rule_applied=rule("fab:2.5.3f"), reason=f"{obj.label} has 0 life"
                    )
                    acted = True
            else:
                cleared.append(obj)
        for obj in cleared:
            if obj.kind == "token" or "token" in game.characteristics(obj.ref).types:
                game.remove(
                    obj.ref,
                    rule_applied=rule("fab:3.0.12a"),
                    reason="has 0 life: cleared, and a cleared token ceases to exist",
                )
                dead = obj.ref
            else:
                dead = game.move(
                    obj.ref, "graveyard", rule_applied=rule("fab:1.10.2b"), reason="0 life: cleared"
                )
            game.log(
                Event(
                    "died",
                    f"{obj.label} dies: a living object that ceased to exist",
                    rule("fab:2.5.3g"),
                    dead,
                )
            )
            acted = True
        return acted

    def end_of_turn(self, game: Game) -> list[str]:
        """Refused while layers are on the stack (fab:4.3.4). An open combat chain closes
        first (fab:4.3.4, fab:7.7). Then the end-of-turn procedure (fab:4.4.3): each
        ally's life total goes back to its base life as its counters modify it
        (fab:4.4.3a, fab:8.2.8b) - nothing else heals: life lost, to damage or otherwise,
        stays lost (fab:2.5.3b) - and the steps :func:`turn.end_phase` carries out (pitch
        zones, assets, drawing up). The kernel then ends the "until end of turn" effects
        (fab:4.4.4)."""
        turn.refuse_end_with_stack(game)
        closed = combat.close_combat_chain(
            game, rule("fab:4.3.4"), "the action phase ends only once the combat chain is closed"
        )
        said = ["the combat chain closes"] if closed else []
        said += end_phase_triggers.fire(game)  # the end phase begins (fab:4.4.2)
        allies = [
            obj.ref
            for obj in game.objects()
            if self.zone_spec(obj.zone.name).objects_are_permanents
            and (obj.life_change or obj.damage)
            and "ally" in game.characteristics(obj.ref).subtypes
        ]
        for ref in allies:
            game.reset_life_total(ref, rule_applied=rule("fab:4.4.3a"))
        said += [f"{len(allies)} ally life total(s) reset"] if allies else []
        return [*said, "life lost stays lost", *turn.end_phase(game)]

    def all_pass(self, game: Game) -> None:
        """The top layer resolves, or the Resolution Step ends (fab:1.11.4a, fab:5.3.1,
        fab:7.7.2a); see :mod:`tcgrules.games.flesh_and_blood.turn`."""
        turn.all_pass(game)

    def use_refusal(
        self,
        game: Game,
        source: ObjectRef,
        ability: ActivatedAbility | TriggeredAbility,
        controller: str,
        index: int,
    ) -> Verdict | None:
        """The source's controller only (fab:5.2.2), within the LIMIT (fab:5.2.1a)."""
        return activation.use_refusal(game, source, ability, controller, index)

    def timing_refusal(
        self,
        game: Game,
        obj: ObjectRef,
        by: str,
        *,
        method: str,
        ability: ActivatedAbility | None = None,
    ) -> Verdict | None:
        """By the card's or ability's type (fab:8.1); see
        :mod:`tcgrules.games.flesh_and_blood.timing`."""
        return timing.timing_refusal(game, obj, by, method=method, ability=ability)

    def pay_total_cost(
        self,
        game: Game,
        ref: ObjectRef,
        by: str,
        *,
        pay_with: Sequence[ObjectRef],
        ability: ActivatedAbility | None = None,
    ) -> None:
        """Resource points by pitching, then the action point (fab:1.14.2, fab:5.1.7);
        see :mod:`tcgrules.games.flesh_and_blood.assets`."""
        assets.pay_total_cost(game, ref, by, pay_with=pay_with, ability=ability)

    def object_property(
        self, game: Game, ref: ObjectRef, chars: Characteristics, prop: str
    ) -> Value | frozenset[str]:
        """An object's life is its modified value, its life total (fab:2.5.3, fab:2.5.3a):
        base life with effects and counters, plus life gained, less life lost."""
        if prop == "life":
            total = game.life_total(ref)
            if total is not None:
                return total
        if prop == "payment":
            # what was calculated to be paid, not the cost property (fab:2.2.4b)
            info = game.get(ref).stack
            return info.payment if info is not None else None
        if prop in {"cost", "pitch"}:
            # printed symbols and X added up with the X declared, else 0 (fab:2.2.2a)
            info = game.get(ref).stack
            printed = chars.values.get(prop)
            return costs.evaluate(printed, info.x if info else None)
        return self.property(chars, prop)

    def property(self, chars: Characteristics, prop: str) -> Value | frozenset[str]:
        if prop == "color":
            return next(iter(chars.colors), None)
        if prop in {"metatypes", "traits"}:
            return chars.sets.get(prop, frozenset())
        if prop == "classes":
            return frozenset(s for s in chars.supertypes if s in vocabulary.CLASS_WORDS)
        if prop == "talents":
            return frozenset(s for s in chars.supertypes if s in vocabulary.TALENT_WORDS)
        if prop == "moniker":
            return _moniker(chars)
        return super().property(chars, prop)

    def is_named(self, chars: Characteristics, name: str, *, moniker: bool = False) -> bool:
        """Names are equal when every whole word matches in order, ignoring case
        (fab:2.7.5); a name in card text also means the objects with that moniker
        (fab:2.12.3b, fab:2.7.3b), "a card named X" the name only (fab:2.7.3c)."""
        if chars.name is not None and names_equal(chars.name, name):
            return True
        if not moniker:
            return False
        found = _moniker(chars)
        return found is not None and names_equal(found, name)

    @classmethod
    def any_target(cls, descriptor: Descriptor) -> tuple[Descriptor, str] | None:
        """ "Any target" (fab:1.8.5d) is what the effect can affect: the grammar reads it
        only with damage, which needs a living object (fab:8.5.3c, fab:2.5.1)."""
        parts = descriptor.parts if isinstance(descriptor, AllOf) else (descriptor,)
        if ANY_TARGET in parts:
            return ANY_TARGET, "a living object (one with life), which damage can affect"
        return None

    def known_properties(self) -> frozenset[str]:
        extra = {"color", "metatypes", "traits", "classes", "talents", "moniker", "payment"}
        return super().known_properties() | extra


def _moniker(chars: Characteristics) -> str | None:
    """An object's moniker (fab:2.7.3): a hero's name or a name with a comma title is a
    personal name."""
    personal = "hero" in chars.types or "," in (chars.name or "")
    return moniker(chars.name or "", personal=personal)


_COUNTER_PROPS = {"{p}": "power", "{d}": "defense", "{i}": "intellect", "{h}": "life"}


_FAB_KINDS_SAID = (
    "+N or -N counters of a property ({} or its name: +1{{p}}, -1{{d}}, +1 power: "
    "fab:2.0.3d), or a counter named by a word".format(", ".join(f"{{{s}}}" for s in "pdh"))
)


def _counter(kind: str) -> tuple[str, int] | None:
    """Read "+1{p}", "-1{d}", "+1 power"."""
    text = kind.strip().lower()
    for symbol, prop in _COUNTER_PROPS.items():
        for suffix in (symbol, " " + prop, prop):
            if text.endswith(suffix):
                number = text[: -len(suffix)].strip()
                try:
                    return prop, int(number)
                except ValueError:
                    return None
    return None


def _tuple(v: object) -> tuple[object, ...]:
    if v is None:
        return ()
    if isinstance(v, tuple | list):
        return tuple(v)
    return (v,)
