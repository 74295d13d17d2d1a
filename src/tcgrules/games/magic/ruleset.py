"""Magic: The Gathering ruleset: zones, types, layers (mtg:613) and property policy."""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from types import MappingProxyType
from typing import TYPE_CHECKING, ClassVar

from tcgrules.carddata.model import CardDefinition
from tcgrules.cardtext.nodes import (
    AttachedGets,
    CardText,
    KeywordAbility,
    StaticAbility,
    Unsupported,
)
from tcgrules.games.base import Ruleset, printed_value
from tcgrules.games.magic import vocabulary
from tcgrules.games.magic.mana import colors_of_cost, mana_value
from tcgrules.kernel.characteristics import AbilityLike, Characteristics, Keyword, Value
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
from tcgrules.kernel.objects import GameObject, ObjectRef
from tcgrules.rules import RuleRef, aliases_of, rule

if TYPE_CHECKING:
    from tcgrules.kernel.game import Game, Seen
    from tcgrules.kernel.targeting import Targeter
    from tcgrules.verdict import Reason

_PT = ("power", "toughness")


@lru_cache(maxsize=8192)
def _parse(name: str, type_line: str, text: str) -> CardText:
    from tcgrules.cardtext import parse_card  # noqa: PLC0415  (the grammar loads lazily)

    return parse_card("mtg", text, name=name, type_line=type_line)


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
    cost_is_modifiable = True
    players_are_targetable = True
    #: mtg:103.4
    starting_life = 20
    numeric_properties = frozenset({"power", "toughness", "loyalty", "defense", "mana_value"})
    new_object_rule = "mtg:400.7"
    cleanup_rule: ClassVar[str] = "mtg:514.2"

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
        """+N/+M counters modify power and toughness in layer 7c (mtg:613.4c, mtg:122.1a)."""
        ops: list[tuple[tuple[int, ...], Op]] = []
        for kind, n in counters.items():
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
        the battlefield, in layer 7c (mtg:613.4c, mtg:604.1)."""
        if source.zone.name != "battlefield":
            return []
        ops: list[tuple[tuple[int, ...], Op]] = []
        for ability in game.characteristics(source.ref).abilities:
            if not isinstance(ability, StaticAbility):
                continue
            for effect in ability.effects:
                if isinstance(effect, AttachedGets):
                    if isinstance(effect.power, int) and effect.power:
                        ops.append(((7, 3), Modify("power", effect.power)))
                    if isinstance(effect.toughness, int) and effect.toughness:
                        ops.append(((7, 3), Modify("toughness", effect.toughness)))
        return ops

    def entered(self, game: Game, ref: ObjectRef) -> None:
        """A planeswalker enters with its printed loyalty in loyalty counters (mtg:306.5b),
        a battle with its printed defense in defense counters (mtg:310.4b)."""
        obj = game.get(ref)
        chars = game.characteristics(ref)
        for kind, prop, number in (
            ("planeswalker", "loyalty", "mtg:306.5b"),
            ("battle", "defense", "mtg:310.4b"),
        ):
            printed = chars.number(prop)
            if kind in chars.types and printed and prop not in obj.counters:
                game.add_counters(ref, prop, printed, rule_applied=rule(number))

    def target_restrictions(
        self,
        game: Game,
        targeter: Targeter,
        candidate: ObjectRef,
        chars: Characteristics,
    ) -> list[Reason]:
        """Hexproof, shroud and protection (mtg:702.11, mtg:702.18, mtg:702.16)."""
        from tcgrules.games.magic.restrictions import restrictions  # noqa: PLC0415

        return restrictions(game, targeter, candidate, chars)

    def player_target_restrictions(
        self, game: Game, targeter: Targeter, player: str
    ) -> list[Reason]:
        """Hexproof, shroud and protection on players (mtg:702.11c, 702.18a, 702.16b)."""
        from tcgrules.games.magic.restrictions import player_restrictions  # noqa: PLC0415

        return player_restrictions(game, targeter, player)

    def target_allowed(self, game: Game, targeter: Targeter, entry: Seen) -> bool:
        return not entry.chars.abilities or _allowed(game, targeter, entry)

    def state_based_actions(self, game: Game) -> bool:
        """The state-based actions tcgrules needs so far, all checked at once (mtg:704.3):
        a player at 0 or less life loses (mtg:704.5a); a creature with toughness 0 or
        less (mtg:704.5f) or with lethal damage (mtg:704.5g) goes to its owner's
        graveyard; a token outside the battlefield (mtg:704.5d) and a copy of a spell
        off the stack (mtg:704.5e) cease to exist."""
        losers = [
            p for p in game.players if not game.player(p).lost and (game.player(p).life or 0) <= 0
        ]
        doomed: list[tuple[ObjectRef, str, str]] = []
        gone: list[tuple[ObjectRef, str, str]] = []
        for obj in game.touched():
            ref = obj.ref
            if obj.zone.name == "battlefield" and not obj.phased_out:
                chars = game.characteristics(ref)
                if "creature" in chars.types:
                    toughness = chars.toughness
                    if toughness is not None and toughness <= 0:
                        doomed.append((ref, "mtg:704.5f", "has toughness 0 or less"))
                    elif (
                        toughness is not None
                        and obj.damage >= toughness > 0
                        and not chars.has_keyword("indestructible")
                    ):
                        doomed.append((ref, "mtg:704.5g", "has lethal damage"))
            if obj.zone.name == "battlefield" and not obj.phased_out:
                chars = game.characteristics(ref)
                if "planeswalker" in chars.types and obj.counters.get("loyalty", 0) <= 0:
                    doomed.append((ref, "mtg:704.5i", "has no loyalty left"))
                elif "battle" in chars.types and obj.counters.get("defense", 0) <= 0:
                    doomed.append((ref, "mtg:704.5v", "has no defense left"))
            if (
                obj.zone.name == "battlefield"
                and isinstance(obj.attached_to, ObjectRef)
                and "aura" in game.characteristics(ref).subtypes
                and not game.is_current(obj.attached_to)
            ):
                doomed.append((ref, "mtg:704.5m", "is attached to an object that is gone"))
            elif obj.kind == "token" and obj.zone.name != "battlefield":
                gone.append((ref, "mtg:704.5d", "ceases to exist outside the battlefield"))
            elif obj.kind == "copy" and obj.zone.name != "stack":
                gone.append((ref, "mtg:704.5e", "ceases to exist off the stack"))
        for name in losers:
            game.set_lost(name, rule_applied=rule("mtg:704.5a"), reason="0 or less life")
        for ref, number, why in doomed:
            label = game.describe(ref)
            new = game.move(ref, "graveyard", rule_applied=rule(number), reason=why)
            game.log(Event("died", f"{label} dies", rule(number), new))
        for ref, number, why in gone:
            game.remove(ref, rule_applied=rule(number), reason=why)
        return bool(losers or doomed or gone)


def _pt_counter(kind: str) -> tuple[int, int] | None:
    """Read a "+1/+1" or "-1/-1" style counter kind."""
    left, sep, right = kind.partition("/")
    if not sep:
        return None
    try:
        return int(left), int(right)
    except ValueError:
        return None


def _allowed(game: Game, targeter: Targeter, entry: Seen) -> bool:
    from tcgrules.games.magic.restrictions import allowed  # noqa: PLC0415  (import cycle)

    global _allowed  # noqa: PLW0603  (bind the real function once, on first use)
    _allowed = allowed
    return allowed(game, targeter, entry)
