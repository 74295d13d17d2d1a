"""Magic: The Gathering ruleset: zones, types, layers (mtg:613) and property policy."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from functools import lru_cache
from types import MappingProxyType
from typing import TYPE_CHECKING

from tcgrules.carddata.magic import load_cards
from tcgrules.carddata.model import CardDefinition
from tcgrules.cardtext.nodes import (
    Ability,
    ActivatedAbility,
    Attach,
    Attached,
    AttachedGets,
    AttachedHas,
    CardText,
    CommanderCasts,
    Cost,
    GrantAbility,
    KeywordAbility,
    Self,
    StaticAbility,
    TargetSlot,
    TriggeredAbility,
    Unsupported,
)
from tcgrules.cardtext.render import render_requirement
from tcgrules.errors import InputError, NotSupportedError
from tcgrules.games.magic import (
    activation_costs,
    bounds,
    cast_options,
    combat,
    conditions,
    designations,
    enforce,
    history,
    limits,
    paid_costs,
    target_conditions,
    vocabulary,
)
from tcgrules.games.magic import costs as magic_costs
from tcgrules.games.magic import effects as magic_effects
from tcgrules.games.magic.attachments import Problem, attachment_problems
from tcgrules.games.magic.attachments import phase as magic_phase
from tcgrules.games.magic.damage_keywords import deathtouch_markers
from tcgrules.games.magic.effects_durations import end_lapsed_durations
from tcgrules.games.magic.effects_grants import extra_roles, group_grant_ops, reaches_board
from tcgrules.games.magic.effects_m2 import end_lapsed_control, regenerated
from tcgrules.games.magic.effects_statics import conditional_ops
from tcgrules.games.magic.effects_statics import rechecks as static_rechecks
from tcgrules.games.magic.effects_zones import return_linked
from tcgrules.games.magic.mana import colors_of_cost, mana_value
from tcgrules.games.magic.restrictions import (
    allowed,
    effect_restrictions,
    effects_allow,
    player_restrictions,
    restrictions,
    targeting_effects_active,
)
from tcgrules.games.magic.text import parse_magic
from tcgrules.games.magic.text_build import KEYWORD_COUNTERS
from tcgrules.games.magic.text_lexer import subtypes
from tcgrules.games.magic.that_player import each_players_step_player
from tcgrules.games.magic.untap_step import untap_step
from tcgrules.kernel.characteristics import AbilityLike, Characteristics, Keyword, Value
from tcgrules.kernel.concepts import Concept
from tcgrules.kernel.descriptors import AnyOf, Descriptor, HasType, IsPlayer, TargetRequirement
from tcgrules.kernel.effects import (
    ChangeControl,
    ChangeSet,
    ContinuousEffect,
    CopyOf,
    GrantAbilities,
    Modify,
    Op,
    RemoveAbilities,
    SetBase,
    SwitchPT,
)
from tcgrules.kernel.events import NO_DATA, Event, new_event
from tcgrules.kernel.objects import Entity, GameObject, ObjectRef
from tcgrules.kernel.ruleset import Ruleset, named_counter, printed_value
from tcgrules.kernel.zones import ZoneSpec
from tcgrules.rules import RuleRef, aliases_of, rule

if TYPE_CHECKING:
    from pathlib import Path

    from tcgrules.kernel.describe import Context
    from tcgrules.kernel.game import AttackState, Game, Seen
    from tcgrules.kernel.targeting import Targeter
    from tcgrules.verdict import Reason, Verdict

_PT = ("power", "toughness")


@lru_cache(maxsize=8192)
def _parse(name: str, type_line: str, text: str) -> CardText:
    return parse_magic(text, name, type_line)


def card_text(card: CardDefinition) -> CardText:
    """The card's text read by the Magic grammar (cached per card)."""
    return _parse(card.name, card.type_line, card.text or "")


def _keywords(node: KeywordAbility) -> list[Keyword]:
    """Kernel keywords for a parsed keyword ability; "protection from A and from B" is two
    protections (mtg:702.16g), likewise "hexproof from A and from B" (mtg:702.11f)."""
    name = node.name.lower()
    arg = node.argument
    if name in {"protection", "hexproof"} and arg:
        text = arg.strip().lower().removeprefix("from ").replace(" and from ", ", from ")
        pieces = [p.strip().removeprefix("from ").strip() for p in text.split(",")]
        return [Keyword(name, p) for p in pieces if p]
    return [Keyword(name, arg.strip() if arg else None)]


def abilities_of(card: CardDefinition) -> tuple[AbilityLike, ...]:
    """A card's printed abilities: keywords as :class:`Keyword`, the rest as parsed nodes."""
    found: list[AbilityLike] = []
    for node in card_text(card).abilities:
        if isinstance(node, KeywordAbility):
            found.extend(_keywords(node))
        elif not isinstance(node, Unsupported):
            found.append(node)
    return tuple(found)


#: mtg:110.4
_PERMANENT_TYPES = frozenset(
    {"artifact", "battle", "creature", "enchantment", "land", "planeswalker"}
)


class Magic(Ruleset):
    """Magic: The Gathering (Comprehensive Rules effective 2025-02-07)."""

    name = "mtg"
    aliases = aliases_of("mtg")
    title = "Magic: The Gathering"
    zones = vocabulary.ZONES
    battlefield = "battlefield"
    stack_zone = "stack"
    numeric_floor_zero = False
    removal_spares_granted = False
    #: losing hexproof loses every "hexproof from [quality]" too (mtg:702.11e)
    removal_covers_qualified = frozenset({"hexproof"})
    cost_is_modifiable = True
    players_are_targetable = True
    #: mtg:103.4
    starting_life = 20
    numeric_properties = frozenset({"power", "toughness", "loyalty", "defense", "mana_value"})
    #: keywords targeting phrases ask for (flying, mtg:702.9; reach, mtg:702.17) and
    #: that limit targeting (hexproof, mtg:702.11; shroud, mtg:702.18)
    indexed_keywords = ("flying", "reach", "hexproof", "shroud", "defender", "trample")
    concepts = MappingProxyType(
        {
            Concept.NEW_OBJECT: "400.7",
            Concept.ATTACK: "508.1",
            Concept.ATTACKABLE: "508.1b",
            Concept.ATTACK_TARGETS_DISTINCT: "508.1b",
            Concept.ATTACKING: "508.1a",
            Concept.CLEANUP: "514.2",
            Concept.UNTIL_NEXT_TURN: "611.2a",
            Concept.DAMAGE_TO_PLAYER: "120.3a",
            Concept.DESCRIPTION_ZONE: "109.2",
            Concept.DESCRIPTION_CARD_ZONE: "109.2a",
            Concept.DESCRIPTION_SPELL: "109.2b",
            Concept.DESCRIPTION_SOURCE: "109.2c",
            Concept.TARGET_PLAYER: "115.1",
            Concept.TARGET_ZONE: "115.2",
            Concept.ANY_TARGET: "115.4",
            Concept.TARGET_FITS: "601.2c",
            Concept.PLAYER_LEFT: "800.4a",
            Concept.PHASED_OUT: "702.26b",
            Concept.PHASING: "702.26",
            Concept.TARGET_ITSELF: "115.5",
            Concept.ILLEGAL_PLAY_REVERSED: "601.2e",
            Concept.TARGET_REPEAT: "115.3",
            Concept.BECAME_TARGET: "115.1",
            Concept.TARGET_COUNT: "115.9a",
            Concept.TARGETS_NOW: "115.9b",
            Concept.TARGETS_ONLY: "115.9c",
            Concept.NOT_A_TARGET: "115.10",
            Concept.OPTIONAL_NO_TARGET: "115.6",
            Concept.TARGET_PART_FAILS: "608.2b",
            Concept.REQUIRED_TARGET_FIZZLES: None,
            Concept.TARGET_EXCLUDED: None,
            Concept.CHOSEN_ON_RESOLUTION: "115.10",
            Concept.CAST: "601.2a",
            Concept.CAST_FROM: "601.3",
            Concept.CAST_DONE: "601.2i",
            Concept.ON_STACK: "405.1",
            Concept.ANNOUNCE_X: "601.2b",
            Concept.CHOOSE_TARGETS: "601.2c",
            Concept.DIVIDE: "601.2d",
            Concept.MODES: "700.2",
            Concept.MODES_CHOSEN: "700.2a",
            Concept.MODE_REPEAT: "700.2d",
            Concept.ACTIVATE: "602.2",
            Concept.ACTIVATED_ABILITY: "602.2a",
            Concept.ACTIVATE_TARGETS: "602.2b",
            Concept.TRIGGER: "603.3a",
            Concept.TRIGGERED_ABILITY: "603.2",
            Concept.TRIGGER_NO_TARGET: "603.3d",
            Concept.RESOLVE: "608.2",
            Concept.EMPTY_STACK: "608.1",
            Concept.RECHECK: "608.2b",
            Concept.EFFECT_ORDER: "608.2c",
            Concept.CONDITION: "608.2c",
            Concept.OPTIONAL: "608.2d",
            Concept.REFLEXIVE_TRIGGER: "603.12",
            Concept.DELAYED_TRIGGER: "603.7a",
            Concept.INTERVENING_IF: "603.4",
            Concept.LEAVE_STACK: "608.2n",
            Concept.CHANGE_TARGETS: "115.7",
            Concept.CHANGE_THE_TARGET: "115.7a",
            Concept.CHANGE_A_TARGET: "115.7b",
            Concept.CHANGE_ANY: "115.7c",
            Concept.CHOOSE_NEW: "115.7d",
            Concept.CHANGE_FINAL_SET: "115.7e",
            Concept.CHANGE_KEEPS_COUNT: "115.7f",
        }
    )
    effects = magic_effects.EFFECTS
    stack_verbs = MappingProxyType({"cast": "cast", "activate": "activate", "trigger": "trigger"})

    def parse_text(
        self, text: str, *, name: str | None = None, type_line: str | None = None
    ) -> CardText:
        """Magic rules text (mtg:207.1) read by the lark grammar."""
        return parse_magic(text, name, type_line)

    def render_requirement(self, requirement: TargetRequirement) -> str | None:
        """The canonical Magic wording of a target phrase (mtg:115.1; round-trips)."""
        return render_requirement(requirement)

    def card_text(self, card: CardDefinition) -> CardText:
        """The card's text, read once per card (cached)."""
        return card_text(card)

    def card_file(self, path: Path) -> list[CardDefinition]:
        """A Scryfall or MTGJSON AtomicCards file (.json or .json.gz) as card definitions."""
        return load_cards(path)

    def spell_requirements(
        self, game: Game, card: ObjectRef, text: CardText
    ) -> tuple[TargetRequirement, ...]:
        """An Aura spell targets what its enchant ability names (mtg:115.1b, mtg:303.4a)."""
        if "aura" not in game.characteristics(card).subtypes:
            return ()
        found: tuple[TargetRequirement, ...] = ()
        for ability in text.abilities:
            if isinstance(ability, KeywordAbility) and ability.name == "enchant":
                found = ability.requirements + found
        return found

    def ability_nodes(self, text: CardText) -> tuple[Ability, ...]:
        """Equip [cost] is the activated ability "[cost]: attach this to target creature
        you control" (mtg:702.6a); its target comes from the keyword's rule (mtg:115.1e)."""
        return tuple(_equip_as_activated(a) for a in text.abilities)

    @classmethod
    def any_target(cls, descriptor: Descriptor) -> tuple[Descriptor, str] | None:
        """ "Any target" is a creature, player, planeswalker or battle (mtg:115.4)."""
        if not isinstance(descriptor, AnyOf):
            return None
        kinds = {p.name for p in descriptor.parts if isinstance(p, HasType)}
        if kinds == {"creature", "planeswalker", "battle"} and any(
            isinstance(p, IsPlayer) for p in descriptor.parts
        ):
            return descriptor, "a creature, planeswalker or battle"
        return None

    def became_target(self, game: Game, obj: GameObject, target: Entity, controller: str) -> None:
        """Ward triggers when a permanent becomes an opponent's target (mtg:702.21a), and
        so do abilities that say "whenever ~ becomes the target of ..." (mtg:603.2). Both
        are abilities of a current object: a player, an object gone, or one with no
        abilities triggers nothing."""
        if not (
            isinstance(target, ObjectRef)
            and game.is_current(target)
            and game.characteristics(target).abilities
        ):
            return
        magic_effects.ward_triggers(game, obj, target, controller)
        magic_effects.target_triggers(game, obj, target, controller)

    def leave_stack(self, game: Game, obj: GameObject, *, resolved: bool) -> None:
        """Permanent spells enter the battlefield (mtg:608.3a), Aura spells attached
        (mtg:608.3c); copies cease to exist (mtg:707.10a); the rest go to the graveyard."""
        if not magic_effects.leave_stack(game, obj, resolved=resolved):
            super().leave_stack(game, obj, resolved=resolved)

    def may_replace_move(self, origin: ZoneSpec, destination: ZoneSpec) -> bool:
        """Only a move from the battlefield to a graveyard may be replaced (mtg:122.1h)."""
        return origin.name == "battlefield" and destination.name == "graveyard"

    def replace_move(
        self, game: Game, obj: GameObject, destination: ZoneSpec
    ) -> tuple[str, RuleRef] | None:
        """A permanent with a finality counter that would go to a graveyard from the
        battlefield is exiled instead (mtg:122.1h)."""
        if (
            destination.name == "graveyard"
            and obj.zone.name == "battlefield"
            and obj.counters.get("finality", 0) > 0
        ):
            return "exile", rule("mtg:122.1h")
        return None

    def property(self, chars: Characteristics, prop: str) -> Value | frozenset[str]:
        """Besides the base properties: ``creature_types`` (the subtypes that are
        creature types, mtg:205.3m) and ``permanent_types`` (its card types that are
        permanent types, mtg:110.4), which targets may be asked to share."""
        if prop == "creature_types":
            table = subtypes()
            return frozenset(s for s in chars.subtypes if table.get(s.lower()) == "creature")
        if prop == "permanent_types":
            return frozenset(t for t in chars.types if t.lower() in _PERMANENT_TYPES)
        return super().property(chars, prop)

    def known_properties(self) -> frozenset[str]:
        return super().known_properties() | {"creature_types", "permanent_types"}

    def object_facts(self, game: Game, obj: GameObject, chars: Characteristics) -> dict[str, bool]:
        """mtg:109.1: cards in every zone, tokens, copies, spells, abilities on the stack and
        emblems are all objects; Magic has no units. ``has_no_abilities``: "with no
        abilities" (mtg:113.1)."""
        return {"is_object": True, "is_unit": False, "has_no_abilities": not chars.abilities}

    def characteristics_of(self, card: CardDefinition) -> Characteristics:
        """Printed characteristics (mtg:109.3); colors from the cost unless given (mtg:202.2)."""
        line = vocabulary.parse_type_line(card.type_line)
        values: dict[str, Value] = {}
        cost = card.values.get("cost")
        if isinstance(cost, str) and cost:
            values["cost"] = cost
            values["mana_value"] = mana_value(cost)
        elif cost is not None:
            values["cost"] = str(cost)
        for prop in ("power", "toughness", "loyalty", "defense"):
            if prop in card.values:
                values[prop] = printed_value(card.values[prop])
        given = card.values.get("colors")
        if isinstance(given, tuple):
            colors = frozenset(c.lower() for c in given)
        elif isinstance(given, str):
            colors = frozenset(c.strip().lower() for c in given.split(",") if c.strip())
        else:
            printed = values.get("cost")
            colors = colors_of_cost(printed if isinstance(printed, str) else "")
        return Characteristics(
            name=card.name,
            types=frozenset(t.lower() for t in line.types),
            supertypes=frozenset(t.lower() for t in line.supertypes),
            subtypes=frozenset(t.lower() for t in line.subtypes),
            colors=colors,
            abilities=abilities_of(card),
            values=MappingProxyType(values),
        )

    def order_key(self, op: Op) -> tuple[int, ...]:
        """The layer (mtg:613.1) and sublayer (mtg:613.4) an op applies in."""
        if isinstance(op, CopyOf):
            return (1,)
        if isinstance(op, ChangeControl):
            return (2,)
        if isinstance(op, ChangeSet):
            return (5,) if op.field == "colors" else (4,)
        if isinstance(op, GrantAbilities | RemoveAbilities):
            return (6,)
        if isinstance(op, SetBase):
            return (7, 2) if op.prop in _PT else (7, 0)
        if isinstance(op, Modify):
            return (7, 3)
        if isinstance(op, SwitchPT):
            return (7, 4)
        raise TypeError(f"unknown op {op!r}")

    def counter_ops(self, counters: Mapping[str, int]) -> list[tuple[tuple[int, ...], Op]]:
        """+N/+M counters modify power and toughness in layer 7c (mtg:613.4c, mtg:122.1a);
        a keyword counter gives its keyword, in layer 6 (mtg:122.1b, mtg:613.1f)."""
        ops: list[tuple[tuple[int, ...], Op]] = []
        for kind, n in counters.items():
            if kind in KEYWORD_COUNTERS and n > 0:
                ops.append(((6,), GrantAbilities((Keyword(kind),))))
                continue
            parsed = _pt_counter(kind)
            if parsed is None or n == 0:
                continue
            p, t = parsed
            ops.append(((7, 3), Modify("power", p * n)))
            ops.append(((7, 3), Modify("toughness", t * n)))
        return ops

    def counter_rule(self) -> RuleRef:
        return rule("mtg:613.4c")

    def attached_ops(self, game: Game, source: GameObject) -> list[tuple[tuple[int, ...], Op]]:
        """ "Equipped/Enchanted creature gets +N/+M" from an attached Equipment or Aura on
        the battlefield, in layer 7c (mtg:613.4c, mtg:604.1), and "... has "[ability]""
        in layer 6 (mtg:613.1f)."""
        if source.zone.name != "battlefield":
            return []
        ops: list[tuple[tuple[int, ...], Op]] = []
        for ability in game.characteristics(source.ref).abilities:
            if not isinstance(ability, StaticAbility):
                continue
            for effect in ability.effects:
                if isinstance(effect, GrantAbility) and isinstance(effect.what, Attached):
                    # "Enchanted creature has "..."": layer 6 (mtg:613.1f)
                    ops.append(((6,), GrantAbilities((magic_effects.granted_ability(effect),))))
                if isinstance(effect, AttachedHas):
                    # "Equipped creature has reach": layer 6 (mtg:613.1f)
                    kws = tuple(Keyword(name, arg) for name, arg in effect.keywords)
                    ops.append(((6,), GrantAbilities(kws)))
                if isinstance(effect, AttachedGets):
                    if isinstance(effect.power, int) and effect.power:
                        ops.append(((7, 3), Modify("power", effect.power)))
                    if isinstance(effect.toughness, int) and effect.toughness:
                        ops.append(((7, 3), Modify("toughness", effect.toughness)))
        return ops

    def reaches_board(self, chars: Characteristics) -> bool:
        """ "All Slivers have "..."": a static ability giving a group a quoted ability
        (mtg:604.1)."""
        return reaches_board(chars)

    def board_ops(
        self, game: Game, obj: GameObject, partial: Callable[[], tuple[Characteristics, str | None]]
    ) -> list[tuple[tuple[int, ...], int, Op]]:
        """The quoted abilities static abilities on the battlefield give ``obj`` now, in
        layer 6 (mtg:611.3a, mtg:613.1f), and what its own "as long as" static abilities
        change while their conditions hold (mtg:611.3b)."""
        ops = group_grant_ops(game, obj, partial, type(self))
        return ops + conditional_ops(game, obj, partial)

    def rechecks(self, chars: Characteristics) -> bool:
        """ "As long as seven or more cards are in your graveyard, ~ gets +3/+3": checked
        at every moment (mtg:611.3a)."""
        return static_rechecks(chars)

    def entered(self, game: Game, ref: ObjectRef) -> None:
        """A planeswalker enters with its printed loyalty in loyalty counters (mtg:306.5b),
        a battle with its printed defense in defense counters (mtg:310.4b)."""
        obj = game.get(ref)
        chars = game.characteristics(ref)
        for kind, prop, number in (
            ("planeswalker", "loyalty", "mtg:306.5b"),
            ("battle", "defense", "mtg:310.4b"),
        ):
            if kind not in chars.types or prop in obj.counters:
                continue
            printed = chars.number(prop)
            if printed is None:
                # a card file without the field (the shared Scryfall extract has no
                # loyalty): entering with none would send it to the graveyard at once
                # (mtg:704.5i), which is the data's gap, not the game's rule
                raise InputError(
                    f"{obj.label} is a {kind} but its card data has no {prop} "
                    f"(mtg:{number.removeprefix('mtg:')}): give it `counters: {{{prop}: N}}`"
                )
            if printed:
                game.add_counters(ref, prop, printed, rule_applied=rule(number))

    def left(self, game: Game, old: ObjectRef, new: ObjectRef) -> None:
        """A permanent left the battlefield: what its effects exiled "until" then
        returns (mtg:610.3), and it is removed from combat (mtg:506.4)."""
        if game.linked(old):
            return_linked(game, old)
        if game.attack is not None:  # no attack declared this turn: no combat to leave
            combat.left_battlefield(game, old)

    def target_restrictions(
        self,
        game: Game,
        targeter: Targeter,
        candidate: ObjectRef,
        chars: Characteristics,
    ) -> list[Reason]:
        """Hexproof, shroud and protection (mtg:702.11, mtg:702.18, mtg:702.16) and
        effects that say it can't be the target of spells or abilities (mtg:601.2c)."""
        return restrictions(game, targeter, candidate, chars) + effect_restrictions(
            game, targeter, candidate, chars
        )

    def player_target_restrictions(
        self, game: Game, targeter: Targeter, player: str
    ) -> list[Reason]:
        """Hexproof, shroud and protection on players (mtg:702.11c, 702.18a, 702.16b)."""
        return player_restrictions(game, targeter, player)

    def targeting_limited_by_effects(self, game: Game) -> bool:
        """A permanent's static ability says other objects can't be targeted (mtg:604.1):
        none where no object prints a static ability (asked first: this is asked on
        every target check of an object with no abilities)."""
        return game.may_print_statics() and targeting_effects_active(game)

    def target_allowed(self, game: Game, targeter: Targeter, entry: Seen) -> bool:
        if entry.chars.abilities and not allowed(game, targeter, entry):
            return False
        return effects_allow(game, targeter, entry)

    def counter_kind_refusal(self, kind: str) -> str | None:
        """A power/toughness counter is written +N/+M (mtg:122.1a); a keyword counter
        names its keyword (mtg:122.1b); other counters are named by words."""
        if kind[:1] in "+-" or "/" in kind:
            return None if _pt_counter(kind) is not None else _KINDS_SAID
        if kind.lower() in KEYWORD_COUNTERS or named_counter(kind):
            return None
        return _KINDS_SAID

    def state_based_actions(self, game: Game) -> bool:
        """The state-based actions tcgrules needs so far, all checked at once (mtg:704.3):
        a player at 0 or less life (mtg:704.5a) or who tried to draw from an empty
        library since the last check (mtg:704.5b, mtg:121.4) loses; a creature with
        toughness 0 or less (mtg:704.5f), with lethal damage (mtg:704.5g) or dealt damage
        by a source with deathtouch since the last check (mtg:704.5h) goes to its
        owner's graveyard, as does an illegally attached Aura (mtg:704.5m); an illegally
        attached Equipment, Fortification or other permanent becomes unattached
        (mtg:704.5n, mtg:704.5p); a token outside the battlefield (mtg:704.5d) and a copy
        of a spell off the stack (mtg:704.5e) cease to exist; +1/+1 and -1/-1 counters on
        one permanent cancel out in pairs (mtg:704.5q, mtg:122.3).

        A check that can't apply is skipped on a cheap guard: with no continuous effect
        in the game, no "for as long as" duration can lapse (mtg:611.2b) and no creature
        has a deathtouch marker (mtg:704.5h) or a regeneration shield (mtg:701.15a); with
        nothing attached and no unattached Aura among the changed objects, no attachment
        is illegal (mtg:704.5m-p) and no Role is extra (mtg:704.5y)."""
        lapsed = False
        effects = bool(game.all_effects())  # any deathtouch marker is one of them
        if effects:
            lapsed = end_lapsed_control(game)  # "for as long as" control (mtg:611.2b)
            lapsed = end_lapsed_durations(game) or lapsed  # other "for as long as" effects
            effects = bool(game.all_effects())  # those that lapsed have ended
        losers: list[tuple[str, str, str]] = []
        drew: list[str] = []
        for state in game.player_states():
            if state.failed_draw:
                drew.append(state.name)
            if state.lost:
                continue
            if (state.life or 0) <= 0:
                losers.append((state.name, "mtg:704.5a", "0 or less life"))
            elif state.failed_draw:
                losers.append((state.name, "mtg:704.5b", "tried to draw from an empty library"))
        doomed: list[tuple[ObjectRef, str, str]] = []
        gone: list[tuple[ObjectRef, str, str]] = []
        paired: list[tuple[ObjectRef, int]] = []
        markers: list[ContinuousEffect] = []  # deathtouch since the last check (mtg:704.5h)
        unattached_auras: list[GameObject] = []  # changed, so maybe newly unattached
        for obj in game.touched():
            ref = obj.ref
            if obj.zone.name == "battlefield" and not obj.phased_out:
                counters = obj.counters
                if counters:  # most permanents have none
                    pairs = min(counters.get("+1/+1", 0), counters.get("-1/-1", 0))
                    if pairs:
                        paired.append((ref, pairs))
                chars = game.characteristics(ref)
                types = chars.types
                if "creature" in types:
                    toughness = chars.toughness
                    if toughness is not None and toughness <= 0:
                        doomed.append((ref, "mtg:704.5f", "has toughness 0 or less"))
                    elif (
                        toughness is not None
                        and obj.damage >= toughness > 0
                        and not chars.has_keyword("indestructible")
                    ):
                        doomed.append((ref, "mtg:704.5g", "has lethal damage"))
                    if effects:
                        deathtouched = deathtouch_markers(game, ref)
                        markers.extend(deathtouched)
                        if (
                            deathtouched
                            and (toughness or 0) > 0
                            and not chars.has_keyword("indestructible")
                            and all(r != ref for r, _, _ in doomed)
                        ):
                            doomed.append((ref, "mtg:704.5h", "was dealt damage by deathtouch"))
                if "planeswalker" in types and counters.get("loyalty", 0) <= 0:
                    doomed.append((ref, "mtg:704.5i", "has no loyalty left"))
                elif "battle" in types and counters.get("defense", 0) <= 0:
                    doomed.append((ref, "mtg:704.5v", "has no defense left"))
                if obj.attached_to is None and "aura" in chars.subtypes:
                    unattached_auras.append(obj)
            elif obj.kind == "token" and obj.zone.name != "battlefield":
                gone.append((ref, "mtg:704.5d", "ceases to exist outside the battlefield"))
            elif obj.kind == "copy" and obj.zone.name != "stack":
                gone.append((ref, "mtg:704.5e", "ceases to exist off the stack"))
        attached = game.attached()
        loose: list[tuple[ObjectRef, Problem]] = []
        if attached or unattached_auras:
            auras, loose = attachment_problems(game, [*attached, *unattached_auras])
            dying = {ref for ref, _, _ in doomed}
            for ref, problem in auras:
                if ref not in dying:
                    game.log(
                        Event(
                            "illegal_attachment",
                            f"{game.describe(ref)} can't stay attached: {problem.why}",
                            rule(problem.number),
                            ref,
                        )
                    )
                    doomed.append((ref, "mtg:704.5m", "an illegally attached Aura"))
            if attached:  # a player's older Roles on one permanent (mtg:704.5y)
                doomed.extend(
                    (ref, "mtg:704.5y", "a newer Role of its controller is on the same permanent")
                    for ref in extra_roles(game)
                    if ref not in dying
                )
        if not (drew or losers or loose or paired or markers or doomed or gone):
            return lapsed  # nothing applies (most checks): nothing to perform
        for name in drew:
            game.set_failed_draw(name, False, rule_applied=rule("mtg:704.5b"))
        for name, number, why in losers:
            game.set_lost(name, rule_applied=rule(number), reason=why)
        for ref, problem in loose:
            game.log(
                Event(
                    "illegal_attachment",
                    f"{game.describe(ref)} can't stay attached: {problem.why}; it becomes "
                    "unattached and stays on the battlefield",
                    rule(problem.number),
                    ref,
                )
            )
            sba = "mtg:704.5p" if problem.number == "mtg:704.5p" else "mtg:704.5n"
            game.attach(ref, None, rule_applied=rule(sba))
        for ref, pairs in paired:
            for kind in ("+1/+1", "-1/-1"):
                game.add_counters(ref, kind, -pairs, rule_applied=rule("mtg:704.5q"))
        if markers:
            game.remove_effects(e.id for e in markers)
        for ref, number, why in doomed:
            if (
                number in {"mtg:704.5g", "mtg:704.5h"}
                and game.all_effects()  # a regeneration shield is an effect
                and regenerated(game, ref)
            ):
                continue  # lethal damage destroys, so a regeneration shield applies
            label = game.describe(ref)
            creature = "creature" in game.characteristics(ref).types
            cited = rule(number)
            new = game.move(ref, "graveyard", rule_applied=cited, reason=why)
            if creature:
                game.log(new_event("died", "{0} dies", cited, new, None, NO_DATA, (label,)))
        for ref, number, why in gone:
            game.remove(ref, rule_applied=rule(number), reason=why)
        return bool(lapsed or losers or doomed or gone or loose or paired or markers)

    def phase(self, game: Game, ref: ObjectRef, phased_out: bool) -> None:
        """Attachments phase out and in with their permanent (mtg:702.26g)."""
        magic_phase(game, ref, phased_out)

    @classmethod
    def condition_test(cls, name: str) -> Callable[[Context, Seen], bool] | None:
        return (
            combat.COMBAT_CONDITIONS.get(name)
            or conditions.condition_test(name)
            or target_conditions.condition_test(name)
        )

    def payment(self, game: Game, ref: ObjectRef) -> int | None:
        """Magic pays no resources in tcgrules; the total cost a spell's targets change
        is announced (mtg:601.2f)."""
        magic_costs.announce_total_cost(game, ref)
        return None

    def use_refusal(
        self,
        game: Game,
        source: ObjectRef,
        ability: ActivatedAbility | TriggeredAbility,
        controller: str,
        index: int,
    ) -> Verdict | None:
        if isinstance(ability, ActivatedAbility) and activation_costs.loyalty_cost(ability):
            refused = activation_costs.loyalty_refusal(game, source, controller)
            if refused is not None:
                return refused
        return limits.use_refusal(game, source, ability, controller, index)

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
        activation_costs.pay(game, source, ability, controller, x, paid_with=paid_with)

    def timing_refusal(
        self,
        game: Game,
        obj: ObjectRef,
        by: str,
        *,
        method: str,
        ability: ActivatedAbility | None = None,
    ) -> Verdict | None:
        return enforce.timing_refusal(game, obj, by, method=method, ability=ability)

    def pay_total_cost(
        self,
        game: Game,
        ref: ObjectRef,
        by: str,
        *,
        pay_with: Sequence[ObjectRef],
        ability: ActivatedAbility | None = None,
    ) -> None:
        enforce.pay_total_cost(game, ref, by, pay_with=pay_with, ability=ability)

    def cast_option_refusal(
        self, game: Game, card: ObjectRef, options: Mapping[str, int]
    ) -> Verdict | None:
        return cast_options.cast_option_refusal(game, card, options)

    def cast_option_times(self, game: Game, ref: ObjectRef, option: str) -> int | None:
        return cast_options.times_chosen(game, ref, option)

    def cost_object_refusal(
        self, game: Game, player: str, verb: str, ref: ObjectRef
    ) -> Verdict | None:
        return paid_costs.cost_object_refusal(game, player, verb, ref)

    def pay_with_object(self, game: Game, player: str, verb: str, ref: ObjectRef) -> ObjectRef:
        return paid_costs.pay_with_object(game, player, verb, ref)

    def resolution_condition(
        self, game: Game, controller: str, source: ObjectRef | None, condition: str
    ) -> bool | None:
        return conditions.resolution_condition(game, controller, condition, source)

    def turn_history(self, game: Game, player: str, what: str) -> int | None:
        return history.turn_history(game, player, what)

    def amount_now(
        self,
        game: Game,
        you: str,
        source: ObjectRef | None,
        amount: object,
        *,
        stack: ObjectRef | None = None,
    ) -> int | None:
        if isinstance(amount, CommanderCasts):
            raise NotSupportedError(
                "“each time you've cast your commander from the command zone”: tcgrules "
                "designates no commander (mtg:903.3, mtg:903.8)"
            )
        return bounds.amount_now(game, you, source, amount, stack)

    def turn_begins(self, game: Game) -> None:
        """The untap step: first phasing (mtg:502.1, mtg:702.26a): the permanents that
        phased out directly under the new active player's control phase in, and what
        phased out with them comes back attached (mtg:702.26g); then the active player's
        permanents untap (mtg:502.3, :func:`untap_step`)."""
        active = game.active_player
        for obj in list(game.objects()):
            if (
                obj.zone.name == "battlefield"
                and obj.phased_out
                and not obj.phased_indirectly
                and (obj.controller or obj.owner) == active
            ):
                magic_phase(game, obj.ref, False)
        untap_step(game)

    # ------------------------------------------------------------------ combat
    def attack_reasons(
        self, game: Game, attacker: ObjectRef, by: str, targets: tuple[Entity, ...]
    ) -> list[Reason]:
        """An untapped creature of the active player's, able to attack (mtg:508.1a)."""
        return combat.attack_reasons(game, attacker, by, targets)

    def attack_target_reasons(
        self, game: Game, attacker: ObjectRef, by: str, target: Entity
    ) -> list[Reason]:
        """An opponent or an opponent's planeswalker (mtg:508.1b)."""
        return combat.attack_target_reasons(game, attacker, by, target)

    def join_attack(
        self, game: Game, current: AttackState | None, declared: AttackState
    ) -> AttackState:
        """Several creatures attack in the same combat (mtg:508.1a)."""
        return combat.join_attack(game, current, declared)

    def attack_declared(self, game: Game, state: AttackState) -> None:
        """The attacker taps unless it has vigilance (mtg:508.1f, 702.20b)."""
        combat.attack_declared(game, state)

    def defend_reasons(
        self,
        game: Game,
        state: AttackState | None,
        by: str,
        cards: tuple[ObjectRef, ...],
        target: Entity | None,
    ) -> list[Reason]:
        """Blockers of the defending player (mtg:509.1a)."""
        return combat.defend_reasons(game, state, by, cards, target)

    def declare_defenders(
        self,
        game: Game,
        state: AttackState,
        by: str,
        cards: tuple[ObjectRef, ...],
        target: Entity,
    ) -> AttackState:
        """The creatures block the attacker (mtg:509.1a, 509.1h)."""
        return combat.declare_defenders(game, state, by, cards, target)

    def named_player(self, game: Game, you: str, source: ObjectRef | None, who: str) -> str | None:
        """ "defending player" (mtg:506.2); "that player" of a trigger at the beginning of
        each player's step: the active player (mtg:102.1, mtg:503.1a)."""
        if who == "defending_player":
            return combat.defending_player(game, source)
        if who == "that_player" and source is not None:
            found = each_players_step_player(game, source)
            if found is not None:
                return found
        return super().named_player(game, you, source, who)

    def has_status(self, game: Game, obj: GameObject, chars: Characteristics, name: str) -> bool:
        """ "Blocking", "blocked", "unblocked" (mtg:509.1a, 509.1h); "suspected",
        "goaded" (mtg:701.58b, mtg:701.38b); "suspended": a card in exile with suspend
        and a time counter on it (mtg:702.62b)."""
        if name == "suspended":
            return (
                obj.zone.name == "exile"
                and chars.has_keyword("suspend")
                and obj.counters.get("time", 0) > 0
            )
        if name in designations.STATUSES:
            return designations.has_designation(game, obj, name)
        return combat.has_status(game, obj, name)

    def end_of_turn(self, game: Game) -> list[str]:
        """Cleanup: marked damage is removed from every permanent (mtg:514.2)."""
        damaged = [obj.ref for obj in game.objects() if obj.damage]
        for ref in damaged:
            game.set_damage(ref, 0, rule_applied=rule("mtg:514.2"))
        return [f"marked damage wears off ({len(damaged)} permanent(s))"] if damaged else []


_KINDS_SAID = (
    "+N/+M or -N/-M counters (+1/+1, -1/-1, +2/+0: mtg:122.1a), keyword counters ("
    + ", ".join(sorted(KEYWORD_COUNTERS))
    + ": mtg:122.1b), or a counter named by a word (charge, loyalty, stun, shield)"
)


def _pt_counter(kind: str) -> tuple[int, int] | None:
    """Read a "+1/+1" or "-1/-1" style counter kind."""
    left, sep, right = kind.partition("/")
    if not sep:
        return None
    try:
        return int(left), int(right)
    except ValueError:
        return None


def _equip_as_activated(node: Ability) -> Ability:
    """Equip as the activated ability it stands for (mtg:702.6a, mtg:115.1e)."""
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
