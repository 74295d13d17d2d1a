"""Grand Archive ruleset: zones, typeline, layers A-E, stats that stay through type changes."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from types import MappingProxyType
from typing import TYPE_CHECKING

from tcgrules.carddata.grand_archive import ELEMENT_NOT_IN_DATA, load_ga_cards
from tcgrules.carddata.model import CardDefinition
from tcgrules.cardtext.nodes import StaticAbility
from tcgrules.games.grand_archive import (
    activation_costs,
    as_spell,
    combat,
    conditions,
    costs,
    defenders,
    keywords,
    object_rules,
    redirect,
    static_grants,
    timing,
    vocabulary,
)
from tcgrules.games.grand_archive import effects as ga_effects
from tcgrules.games.grand_archive.text import parse_cached, parse_ga
from tcgrules.games.keywords import abilities_from_text
from tcgrules.kernel.characteristics import Characteristics, UnreadValue, Value
from tcgrules.kernel.concepts import Concept
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
from tcgrules.kernel.ruleset import Ruleset, named_counter, printed_value
from tcgrules.rules import RuleRef, aliases_of, rule

if TYPE_CHECKING:
    from collections.abc import Sequence
    from pathlib import Path

    from tcgrules.cardtext.nodes import ActivatedAbility, CardText, TriggeredAbility
    from tcgrules.kernel.describe import Context
    from tcgrules.kernel.descriptors import TargetRequirement
    from tcgrules.kernel.game import AttackState, Game, Seen
    from tcgrules.kernel.objects import Entity, GameObject, ObjectRef
    from tcgrules.kernel.targeting import Targeter
    from tcgrules.kernel.zones import ZoneSpec
    from tcgrules.verdict import Reason, Verdict


class GrandArchive(Ruleset):
    """Grand Archive (rulebook source as of 2026-08-21)."""

    name = "ga"
    aliases = aliases_of("ga")
    title = "Grand Archive"
    zones = vocabulary.ZONES
    battlefield = "field"
    stack_zone = "effects_stack"
    numeric_floor_zero = False
    #: costs can't be reduced below 0 (ga:parts-of-a-card-cost/8)
    floored_properties = frozenset({"cost"})
    removal_spares_granted = False
    cost_is_modifiable = True
    #: "target player" / "target opponent": a target is what an effect is directed
    #: at (objects-and-targeting/target-1); the rules' own example of Link Shield
    #: names "Target player"
    players_are_targetable = True
    starting_life = None
    numeric_properties = frozenset({"cost", "level", "power", "life", "durability"})
    #: the rules of the kernel's concepts that Grand Archive has: its objects and
    #: targeting page, playing cards (activation, materialization, resolution) and
    #: activated and triggered abilities; players may be targeted ("target opponent").
    #: Concepts left out (modes, dividing) are not supported yet.
    concepts = MappingProxyType(
        {
            Concept.NEW_OBJECT: "objects-and-targeting/objects-1",
            Concept.CLEANUP: "turn-order-end-phase/general-rules-3",
            Concept.DAMAGE_TO_PLAYER: None,
            Concept.TARGET_PLAYER: "objects-and-targeting/target-1",
            Concept.PLAYER_LEFT: None,
            Concept.PHASED_OUT: None,
            Concept.PHASING: None,
            Concept.DESCRIPTION_ZONE: "objects-and-targeting/objects-4",
            Concept.DESCRIPTION_CARD_ZONE: "objects-and-targeting/target-2.2",
            Concept.TARGET_FITS: "objects-and-targeting/target-2",
            Concept.TARGET_REPEAT: "objects-and-targeting/target-1.1",
            Concept.CHANGE_TARGETS: "objects-and-targeting/redirect-1",
            # attacks (games/grand_archive/combat.py)
            Concept.ATTACK: "combat-phase-attack-declaration/general-rules-1",
            Concept.ATTACKABLE: "combat-phase-attacking-and-the-combat-phase/general-rules-1",
            Concept.ATTACK_TARGETS_DISTINCT: "objects-and-targeting/target-1.1",
            Concept.ATTACKING: "combat-phase-attacking-and-the-combat-phase/general-rules-4",
            Concept.TARGET_ZONE: "objects-and-targeting/target-2.2",
            Concept.TARGET_EXCLUDED: "objects-and-targeting/target-2.1",
            Concept.TARGET_ITSELF: None,
            Concept.ANY_TARGET: None,
            Concept.BECAME_TARGET: "objects-and-targeting/target-1",
            Concept.CHOSEN_ON_RESOLUTION: "objects-and-targeting/target-4",
            Concept.CAST: "playing-cards/general-rules-6",
            Concept.CAST_FROM: "playing-cards-card-activation/general-rules-14",
            Concept.CAST_DONE: "playing-cards/general-rules-1",
            Concept.ON_STACK: "game-zones-effects-stack/general-rules-2",
            Concept.ANNOUNCE_X: "playing-cards-card-activation/general-rules-3",
            Concept.CHOOSE_TARGETS: "playing-cards-card-activation/general-rules-1",
            Concept.ILLEGAL_PLAY_REVERSED: "playing-cards/general-rules-3",
            Concept.ACTIVATE: "abilities-activated-abilities/general-rules-1",
            Concept.ACTIVATED_ABILITY: "abilities-activated-abilities/general-rules-5",
            Concept.ACTIVATE_TARGETS: "abilities-activated-abilities/general-rules-1",
            Concept.RESOLVE: "playing-cards-resolution/general-rules-2",
            Concept.EMPTY_STACK: "game-zones-effects-stack/general-rules-2",
            Concept.RECHECK: "playing-cards-resolution/checking-resolution-1",
            Concept.REQUIRED_TARGET_FIZZLES: (
                "playing-cards-resolution/checking-resolution-1.4.1.1"
            ),
            Concept.TARGET_PART_FAILS: "playing-cards-resolution/checking-resolution-1.3",
            Concept.OPTIONAL_NO_TARGET: "playing-cards-resolution/checking-resolution-1.3",
            Concept.OPTIONAL: "playing-cards-resolution/general-rules-5",
            Concept.EFFECT_ORDER: "playing-cards-resolution/general-rules-2",
            Concept.LEAVE_STACK: "playing-cards/general-rules-7",
            # triggered abilities: put on the stack by a ``trigger:`` step, not by the
            # kernel when their event happens (games/grand_archive/text.py reads them)
            Concept.TRIGGER: "abilities-triggered-abilities/general-rules-1",
            Concept.TRIGGERED_ABILITY: "abilities-triggered-abilities/general-rules-4",
            Concept.TRIGGER_NO_TARGET: "abilities-triggered-abilities/general-rules-5.1",
        }
    )
    #: ``activate: CARD`` plays a card (its activation); with ``ability: N`` it
    #: activates an object's ability; ``materialize: CARD`` materializes a card;
    #: ``trigger: CARD`` puts an object's triggered ability on the Effects Stack
    stack_verbs = MappingProxyType(
        {"activate": "card_or_ability", "materialize": "materialize", "trigger": "trigger"}
    )
    effects = ga_effects.EFFECTS
    cast_verb = "activates"
    #: objects are rested or awake (ga:properties-and-states/orientation-1)
    orientation_words = ("rested", "awake")
    #: cards are activated from hand unless an effect says otherwise
    #: (ga:playing-cards-card-activation/general-rules-14)
    castable_zones = frozenset({"hand"})
    #: a player materializes from their material deck
    #: (ga:turn-order-materialize-phase/general-rules-3)
    play_methods = MappingProxyType(
        {
            "materialize": (
                frozenset({"material_deck"}),
                "turn-order-materialize-phase/general-rules-3",
            )
        }
    )
    #: one illegal required target and nothing resolves
    #: (ga:playing-cards-resolution/checking-resolution-1.4.1.1)
    required_target_fizzles = True

    def leave_stack(self, game: Game, obj: GameObject, *, resolved: bool) -> None:
        """A resolved object card enters the field; other cards go to the graveyard, or
        to banishment with a memory cost or as regalia (ga:playing-cards/general-rules-7.1,
        ga:playing-cards-resolution/checking-resolution-1.4.1.1)."""
        if resolved:
            object_rules.refuse_levelling_up(game, obj, game.controller(obj.ref) or obj.owner)
        ga_effects.card_leaves_stack(game, obj, resolved=resolved)

    # ------------------------------------------ costs and timing (costs.py, timing.py)
    def payment(self, game: Game, ref: ObjectRef) -> int | None:
        """The total cost of a card just played, with its own cost modifiers
        (ga:parts-of-a-card-cost/6, 8), logged as a ``payment`` event; None for an
        ability, a card with no cost, or one whose modifier's condition is not evaluated
        (then paying it, where costs are enforced, says so)."""
        obj = game.get(ref)
        if obj.stack is None or obj.stack.ability_kind not in {"spell", "materialize"}:
            return None
        by = game.controller(ref) or obj.owner
        cost = costs.card_cost(game, ref, by, strict=False)
        if cost is None:
            return None
        costs.log_payment(game, ref, cost)
        return cost.amount

    def timing_refusal(
        self,
        game: Game,
        obj: ObjectRef,
        by: str,
        *,
        method: str,
        ability: ActivatedAbility | None = None,
    ) -> Verdict | None:
        """Slow and fast speed, materializing, and who activates an ability
        (games/grand_archive/timing.py)."""
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
        """Reserve and memory costs (games/grand_archive/costs.py)."""
        costs.pay_total_cost(game, ref, by, pay_with=pay_with, ability=ability)

    def pay_activation_cost(
        self,
        game: Game,
        source: ObjectRef,
        ability: ActivatedAbility,
        controller: str,
        x: int | None,
        *,
        paid_with: set[str],
    ) -> None:
        """Rest, sacrifice, banish, counters... (games/grand_archive/activation_costs.py)."""
        activation_costs.pay(game, source, ability, controller)

    def state_based_actions(self, game: Game) -> bool:
        """A unit with damage equal to or greater than its life, or with 0 or less life,
        dies (ga:state-based-checks-and-effects/types-of-checks-2,
        ga:game-terms/destruction-5); a player whose champion dies loses
        (ga:general-rules-ending-the-game/5); the unique rule
        (ga:card-types-supertypes/unique-1). See games/grand_archive/object_rules.py. A
        defender that is no longer a legal attack target stops defending
        (games/grand_archive/defenders.py)."""
        acted = object_rules.state_based_checks(game)
        return defenders.stop_illegal_defenders(game) or acted

    #: setting the card type takes the supertypes away
    #: (ga:general-rules-card-characteristics/type-overwriting-and-type-setting-2)
    type_setting_clears_supertypes = True

    def replace_move(
        self, game: Game, obj: GameObject, destination: ZoneSpec
    ) -> tuple[str, RuleRef] | None:
        """Regalia to banishment or the material deck (ga:card-types-supertypes/regalia-4,
        regalia-5); champion cards to banishment (ga:card-types-champion/general-rules-8)."""
        return object_rules.replace_move(game, obj, destination)

    def printed_token(self, card: CardDefinition) -> bool:
        return object_rules.printed_token(card)

    def entered(self, game: Game, ref: ObjectRef) -> None:
        """Durability counters as it enters (ga:counters/durability-1)."""
        object_rules.entered(game, ref)

    def turn_begins(self, game: Game) -> None:
        """The wake up phase (ga:turn-order-wake-up-phase/general-rules-1)."""
        object_rules.wake_up_phase(game)

    def counters_placed(self, game: Game, ref: ObjectRef, kind: str, amount: int) -> None:
        """Buff and debuff counters cancel (ga:counters/buff-4, ga:counters/debuff-4)."""
        object_rules.counters_placed(game, ref, kind, amount)

    def counter_kind_rule(self, kind: str) -> RuleRef:
        return object_rules.counter_kind_rule(kind) or self.counter_rule()

    def object_property(
        self, game: Game, ref: ObjectRef, chars: Characteristics, prop: str
    ) -> Value | frozenset[str]:
        """Durability on the field is the number of durability counters
        (ga:parts-of-a-card-stats/durability-1)."""
        found = super().object_property(game, ref, chars, prop)
        if prop == "durability" and not isinstance(found, frozenset):
            return object_rules.durability(game, ref, found)
        return found

    def object_facts(self, game: Game, obj: GameObject, chars: Characteristics) -> dict[str, bool]:
        """Objects are the cards instanced on the field (ga:objects-and-targeting/objects-1);
        units are allies and champions there (objects-2); activations, materializations
        and intents are not objects (non-objects-1)."""
        spec = self.zone_spec(obj.zone.name)
        on_field, on_stack = spec.objects_are_permanents, spec.is_stack
        kind = obj.stack.ability_kind if obj.stack else None
        return {
            "is_object": on_field,
            "is_card": obj.kind == "card" and not on_field,
            "is_unit": on_field and bool({"ally", "champion"} & chars.types),
            # activated cards and activated abilities; a triggered ability is not one
            # (non-objects-1.1)
            "is_activation": on_stack and kind in {"spell", "activated"},
            "is_materialization": on_stack and kind == "materialize",
            "is_intent": spec.name == "intent",
            # anything with the Spell subtype (spellshroud-1), in any zone
            "is_spell": as_spell.is_spell(chars),
            # orientation (properties-and-states/orientation-1) and the combat role
            # (combat-phase-attacking-and-the-combat-phase/general-rules-4)
            "rested": obj.tapped,
            "defending": obj.id in game.defending_ids(),
        }

    def layer_characteristics(
        self,
        game: Game,
        source: ObjectRef | None,
        label: str,
        ability: ActivatedAbility | TriggeredAbility | None = None,
    ) -> Characteristics:
        """An ability on the Effects Stack used As a Spell has the Spell subtype
        (ga:abilities/general-rules-17)."""
        return as_spell.ability_characteristics(label, ability)

    def parse_text(
        self, text: str, *, name: str | None = None, type_line: str | None = None
    ) -> CardText:
        """Card text read by the lark grammar: target phrases
        (ga:objects-and-targeting/target-1) and the common effects."""
        return parse_ga(text, name, type_line)

    def card_text(self, card: CardDefinition) -> CardText:
        """The card's text, read once per (name, typeline, text) (cached)."""
        return parse_cached(card.name, card.type_line, card.text or "")

    def card_file(self, path: Path) -> list[CardDefinition]:
        """A Grand Archive index JSON file (plain or gzipped) as card definitions."""
        return load_ga_cards(path)

    def characteristics_of(self, card: CardDefinition) -> Characteristics:
        """Printed characteristics: typeline, element, cost (reserve or memory), stats."""
        line = vocabulary.parse_type_line(card.type_line)
        values: dict[str, Value] = {}
        for prop in ("level", "power", "life", "durability"):
            if prop in card.values:
                values[prop] = printed_value(card.values[prop])
        for kind in ("reserve", "memory"):
            if kind in card.values:
                values["cost"] = printed_value(card.values[kind])
                values["cost_kind"] = kind
        if "cost" in card.values and "cost" not in values:
            values["cost"] = printed_value(card.values["cost"])
        if "cost" not in values and "regalia" in {t.lower() for t in line.supertypes}:
            # every regalia has a memory cost (ga:card-types-supertypes/regalia-3); one
            # the data leaves out is not known, never 0
            values["cost_kind"] = "memory"
            values["cost"] = UnreadValue(
                "?",
                f"the memory cost of the regalia {card.name}",
                "every regalia has one (ga:card-types-supertypes/regalia-3), "
                "but the card data gives none",
            )
        # a card with no element given is Norm (ga:parts-of-a-card-element/1.1); a pool
        # entry that leaves the element out gives none (ELEMENT_NOT_IN_DATA: unknown)
        element = card.values.get("element", "norm")
        if element != ELEMENT_NOT_IN_DATA:
            values["element"] = str(element).lower()
        if "speed" in card.values:
            values["speed"] = str(card.values["speed"]).lower()
        return Characteristics(
            name=card.name,
            types=frozenset(t.lower() for t in line.types),
            supertypes=frozenset(t.lower() for t in line.supertypes),
            subtypes=frozenset(t.lower() for t in line.subtypes),
            abilities=(*abilities_from_text(self.name, card), *self._printed_statics(card)),
            values=MappingProxyType(values),
        )

    def _printed_statics(self, card: CardDefinition) -> tuple[StaticAbility, ...]:
        """The static abilities of the card's text that reach other objects (a keyword
        given to a group: games/grand_archive/static_grants.py)."""
        if not card.text:
            return ()
        return tuple(
            a
            for a in self.card_text(card).abilities
            if isinstance(a, StaticAbility)
            and static_grants.reaches_board(Characteristics(abilities=(a,)))
        )

    def reaches_board(self, chars: Characteristics) -> bool:
        """A keyword given to a group ("Champions you control have spellshroud.")."""
        return static_grants.reaches_board(chars)

    def board_ops(
        self, game: Game, obj: GameObject, partial: Callable[[], tuple[Characteristics, str | None]]
    ) -> list[tuple[tuple[int, ...], int, Op]]:
        """What the group grants on the field give ``obj`` now (layer D)."""
        return static_grants.board_ops(game, obj, partial)

    def order_key(self, op: Op) -> tuple[int, ...]:
        """GA continuous-effect layers: A base values, B types, C element, D abilities,
        E modifications (power/life: changes, then counters, then swaps)."""
        if isinstance(op, CopyOf | ChangeControl):
            return (0,)
        if isinstance(op, SetBase):
            return (3,) if op.prop == "element" else (1,)
        if isinstance(op, ChangeSet):
            return (3,) if op.field == "colors" else (2,)
        if isinstance(op, GrantAbilities | RemoveAbilities):
            return (4,)
        if isinstance(op, Modify):
            return (5, 1)
        if isinstance(op, SwitchPT):
            return (5, 3)
        raise TypeError(f"unknown op {op!r}")

    def counter_ops(self, counters: Mapping[str, int]) -> list[tuple[tuple[int, ...], Op]]:
        """Buff/debuff style counters modify stats after other changes (layer E)."""
        ops: list[tuple[tuple[int, ...], Op]] = []
        for kind, n in counters.items():
            low = kind.lower()
            if low == "buff":
                # +1 POWER and +1 LIFE each (ga:counters/buff-1)
                ops.append(((5, 2), Modify("power", n)))
                ops.append(((5, 2), Modify("life", n)))
            elif low == "+1 power":
                ops.append(((5, 2), Modify("power", n)))
            elif low == "debuff":
                # -1 POWER and -1 LIFE each (ga:counters/debuff-1)
                ops.append(((5, 2), Modify("power", -n)))
                ops.append(((5, 2), Modify("life", -n)))
            elif low == "-1 power":
                ops.append(((5, 2), Modify("power", -n)))
        return ops

    def counter_rule(self) -> RuleRef:
        return rule("ga:types-of-effects-continuous-effects/layers-2.6")

    def counter_kind_refusal(self, kind: str) -> str | None:
        """Buff, debuff and other counters are named by words; +1 power / -1 power
        counters name what they change (ga:counters/buff-1)."""
        if kind.lower() in {"+1 power", "-1 power"} or named_counter(kind):
            return None
        return "buff, debuff, +1 power, -1 power, or a counter named by a word"

    def end_of_turn(self, game: Game) -> list[str]:
        """Clean-up (ga:turn-order-end-phase/general-rules-3): the temporary damage on
        allies is removed (ga:damage/general-rules-12); a champion's damage counters stay
        (ga:damage/general-rules-13)."""
        healed = [
            obj.ref
            for obj in game.objects()
            if obj.damage and "ally" in game.characteristics(obj.ref).types
        ]
        for ref in healed:
            game.set_damage(ref, 0, rule_applied=rule("ga:damage/general-rules-12"))
        kept = "champions keep their damage"
        return [f"damage on allies is removed ({len(healed)})", kept] if healed else [kept]

    # ---------------------------------------- targeting keywords and attacks
    def target_restrictions(
        self, game: Game, targeter: Targeter, candidate: ObjectRef, chars: Characteristics
    ) -> list[Reason]:
        """Spellshroud and Omnishroud (games/grand_archive/keywords.py)."""
        return keywords.target_restrictions(game, targeter, candidate, chars)

    def target_allowed(self, game: Game, targeter: Targeter, entry: Seen) -> bool:
        return keywords.target_allowed(game, targeter, entry)

    def has_status(self, game: Game, obj: GameObject, chars: Characteristics, name: str) -> bool:
        """Damaged, loaded, ephemeral (games/grand_archive/conditions.py)."""
        test = conditions.STATUSES.get(name)
        if test is None:
            return super().has_status(game, obj, chars, name)
        return test(game, obj, chars)

    @classmethod
    def condition_test(cls, name: str) -> Callable[[Context, Seen], bool] | None:
        """Counters on an object, entering the field this turn
        (games/grand_archive/conditions.py)."""
        return conditions.condition_test(name)

    def targeter_for_requirement(
        self, game: Game, targeter: Targeter, requirement: TargetRequirement
    ) -> Targeter:
        """An ability used As a Spell has the Spell subtype (games/grand_archive/as_spell.py)."""
        return as_spell.targeter_for_requirement(game, targeter, requirement)

    def attack_reasons(
        self, game: Game, attacker: ObjectRef, by: str, targets: tuple[Entity, ...]
    ) -> list[Reason]:
        """The attacker, Multistrike and Taunt (games/grand_archive/combat.py); where
        timing is enforced, an attack is a slow player action
        (ga:turn-order-main-phase/general-rules-2.2, games/grand_archive/timing.py)."""
        reasons = combat.attack_reasons(game, attacker, by, targets)
        if "timing" in game.enforced:
            refused = timing.slow_refusal(game, by, "declaring an attack")
            if refused is not None:
                reasons = [*reasons, *refused.reasons]
        return reasons

    def attack_target_reasons(
        self, game: Game, attacker: ObjectRef, by: str, target: Entity
    ) -> list[Reason]:
        """A unit an opponent controls, not hidden by Stealth (combat.py)."""
        return combat.attack_target_reasons(game, attacker, by, target)

    def attack_declared(self, game: Game, state: AttackState) -> None:
        combat.attack_declared(game, state)

    def redirect_attack_reasons(
        self,
        game: Game,
        state: AttackState | None,
        by: str,
        old: Entity,
        new: Entity,
        *,
        keyword: str | None,
    ) -> list[Reason]:
        """Redirect (ga:objects-and-targeting/redirect-1..3) and Intercept (combat.py)."""
        return combat.redirect_attack_reasons(game, state, by, old, new, keyword=keyword)

    def redirect_target_reasons(
        self, game: Game, obj: GameObject, by: str, old: Entity, new: Entity
    ) -> list[Reason]:
        """Redirect of a card's or ability's target (ga:objects-and-targeting/redirect-1,
        redirect-2; chosen things can't be redirected, ga:game-terms/redirect-2)."""
        return redirect.redirect_target_reasons(game, obj, by, old, new)

    def property(self, chars: Characteristics, prop: str) -> Value | frozenset[str]:
        if prop == "classes":
            return frozenset(s for s in chars.subtypes if s in vocabulary.CLASS_WORDS)
        if prop == "reserve_cost":
            return conditions.reserve_cost(chars)
        return super().property(chars, prop)

    def known_properties(self) -> frozenset[str]:
        return super().known_properties() | {"element", "speed", "classes", "reserve_cost"}
