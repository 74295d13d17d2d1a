"""Grand Archive's rules for objects and zones that no effect asks for: where regalia
and champion cards go instead, cards printed as tokens, the wake up phase, durability
and buff/debuff counters, and the state-based checks (a unit dies, a player whose
champion died loses, the unique rule).

- A regalia card sent to a graveyard is banished instead
  (ga:card-types-supertypes/regalia-4); sent to a hand, main deck or memory it goes to
  its owner's material deck (regalia-5). A champion card sent to a graveyard is
  banished (ga:card-types-champion/general-rules-8).
- A pool card with Token on its typeline stands for a token
  (ga:tokens/general-rules-1.2): it is put into the game as a token, and Token is not
  one of its types (1.2.1); it stays a token whatever changes (6).
- The turn player's rested objects wake up as their turn begins
  (ga:turn-order-wake-up-phase/general-rules-1).
- An object with a durability stat enters the field with that many durability
  counters (ga:counters/durability-1, ga:parts-of-a-card-stats/durability-3); its
  durability is the number of them (ga:parts-of-a-card-stats/durability-1); with no
  durability stat the counters give none (ga:counters/durability-4).
- Buff and debuff counters cancel in pairs as they are placed (ga:counters/buff-4,
  ga:counters/debuff-4).
- State-based checks: a unit whose damage reaches its life, or with 0 or less life,
  dies (ga:state-based-checks-and-effects/types-of-checks-2,
  ga:game-terms/destruction-5); a player whose champion dies, leaving them no champion
  on the field, loses the game (ga:general-rules-ending-the-game/5,
  ga:counters/damage-3; tcgrules ends nothing else: their cards stay where they are);
  a token off the field ceases to exist (ga:tokens/general-rules-3); a player with two or more
  unique objects of one name keeps one and sacrifices the rest
  (ga:card-types-supertypes/unique-1, ga:state-based-checks-and-effects/types-of-checks-4).
  The rules let the player choose which one to keep; tcgrules asks no one, so the one
  that has been on the field longest is kept and the newer ones are sacrificed.

Levelling up (a champion materialized onto a champion, ga:card-types-champion/
general-rules-9, general-rules-12) is not modelled: it is refused as not supported
(:func:`refuse_levelling_up`) rather than put a second champion on the field.
"""

from __future__ import annotations

from collections import defaultdict

from tcgrules.carddata.model import CardDefinition
from tcgrules.errors import NotSupportedError
from tcgrules.games.grand_archive.effects import champions_of, leave_field
from tcgrules.games.grand_archive.vocabulary import parse_type_line
from tcgrules.kernel.characteristics import Value
from tcgrules.kernel.events import Event
from tcgrules.kernel.game import Game
from tcgrules.kernel.objects import GameObject, ObjectRef
from tcgrules.kernel.zones import ZoneSpec
from tcgrules.rules import RuleRef, rule

#: the zones regalia-5 sends back to the material deck
_REGALIA_RETURNS = frozenset({"hand", "main_deck", "memory"})


def replace_move(game: Game, obj: GameObject, destination: ZoneSpec) -> tuple[str, RuleRef] | None:
    """Where a regalia or champion card goes instead of ``destination`` (see the module
    docstring); None: where it was sent."""
    if obj.kind != "card":
        return None
    chars = game.characteristics(obj.ref)
    regalia = "regalia" in chars.supertypes
    if destination.name == "graveyard":
        if regalia:
            return "banishment", rule("ga:card-types-supertypes/regalia-4")
        if "champion" in chars.types:
            return "banishment", rule("ga:card-types-champion/general-rules-8")
    if regalia and destination.name in _REGALIA_RETURNS:
        return "material_deck", rule("ga:card-types-supertypes/regalia-5")
    return None


def printed_token(card: CardDefinition) -> bool:
    """A card printed with Token on its typeline stands for a token
    (ga:tokens/general-rules-1.2)."""
    return parse_type_line(card.type_line).token


def wake_up_phase(game: Game) -> None:
    """Each rested object on the field that the turn player controls wakes up
    (ga:turn-order-wake-up-phase/general-rules-1)."""
    active = game.active_player
    for ref in list(game.zone("field")):
        if game.get(ref).tapped and game.controller(ref) == active:
            game.set_tapped(
                ref, False, rule_applied=rule("ga:turn-order-wake-up-phase/general-rules-1")
            )


def entered(game: Game, ref: ObjectRef) -> None:
    """An object with a durability stat gets that many durability counters as it enters
    (ga:counters/durability-1); counters it was given already (a scenario's setup) stay."""
    durability = game.characteristics(ref).value("durability")
    counters = game.get(ref).counters
    if isinstance(durability, int) and durability > 0 and "durability" not in counters:
        game.add_counters(
            ref, "durability", durability, rule_applied=rule("ga:counters/durability-1")
        )


def durability(game: Game, ref: ObjectRef, printed: Value) -> Value:
    """An object's durability on the field is its number of durability counters
    (ga:parts-of-a-card-stats/durability-1); with no durability stat it has none
    (ga:counters/durability-4)."""
    obj = game.get(ref)
    if printed is None or not game.ruleset.zone_spec(obj.zone.name).objects_are_permanents:
        return printed
    return obj.counters.get("durability", 0)


#: counter kind -> (the kind it cancels with, the rule)
_CANCELS = {"buff": ("debuff", "ga:counters/buff-4"), "debuff": ("buff", "ga:counters/debuff-4")}


def counters_placed(game: Game, ref: ObjectRef, kind: str, amount: int) -> None:
    """Each buff counter placed on an object with debuff counters removes itself and one
    debuff counter, and the other way round (ga:counters/buff-4, ga:counters/debuff-4)."""
    found = _CANCELS.get(kind.lower())
    if found is None or amount <= 0:
        return
    other, number = found
    counts = game.get(ref).counters
    pairs = min(amount, counts.get(other, 0))
    if pairs:
        game.add_counters(ref, kind, -pairs, rule_applied=rule(number))
        game.add_counters(ref, other, -pairs, rule_applied=rule(number))


def counter_kind_rule(kind: str) -> RuleRef | None:
    """The rule that says what counters of ``kind`` do (None: the game's default)."""
    number = _KIND_RULES.get(kind.lower())
    return rule(number) if number else None


_KIND_RULES = {
    "buff": "ga:counters/buff-1",
    "debuff": "ga:counters/debuff-1",
    "durability": "ga:parts-of-a-card-stats/durability-1",
}


def refuse_levelling_up(game: Game, obj: GameObject, controller: str) -> None:
    """A champion card resolving while its controller controls a champion would level
    that champion up (ga:card-types-champion/general-rules-9, general-rules-12): the
    lineage is not modelled, so this is refused rather than make a second champion."""
    if "champion" not in game.characteristics(obj.ref).types:
        return
    for ref in game.zone("field"):
        if game.controller(ref) == controller and "champion" in game.characteristics(ref).types:
            raise NotSupportedError(
                f"levelling up {game.describe(ref)} with {obj.label}",
                "the lineage (ga:card-types-champion/general-rules-9, general-rules-12) "
                "is not modelled",
            )


def _unit_deaths(game: Game) -> bool:
    """Units whose damage reaches their life, or with 0 or less life, die; a player
    whose champion died and who controls no champion now loses the game."""
    acted = False
    losers: list[str] = []
    for ref in list(game.zone("field")):
        chars = game.characteristics(ref)
        life = chars.value("life")
        if not {"ally", "champion"} & chars.types or not isinstance(life, int):
            continue
        damage = game.get(ref).damage
        if life > 0 and damage < life:
            continue
        label = game.describe(ref)
        controller = game.controller(ref)
        why = (
            f"has {damage} damage, at least its life {life},"
            if damage >= life and damage > 0
            else f"has {life} life"
        )
        gone = leave_field(
            game,
            ref,
            "graveyard",
            rule_applied=rule("ga:game-terms/destruction-5"),
            reason="destroyed by the state-based check",
        )
        game.log(
            Event(
                "destroyed",
                f"{label} {why} and dies",
                rule("ga:state-based-checks-and-effects/types-of-checks-2"),
                gone,
            )
        )
        if "champion" in chars.types and controller is not None:
            losers.append(controller)
        acted = True
    for player in losers:
        if champions_of(game, player):
            continue  # another champion of theirs is still on the field
        game.set_lost(
            player,
            rule_applied=rule("ga:general-rules-ending-the-game/5"),
            reason="their champion died (ga:counters/damage-3)",
        )
    return acted


def _unique(game: Game) -> bool:
    """A player controlling two or more unique objects of one name sacrifices all but
    one (ga:card-types-supertypes/unique-1): the oldest is kept (see the module)."""
    groups: dict[tuple[str, str], list[ObjectRef]] = defaultdict(list)
    for ref in game.zone("field"):
        chars = game.characteristics(ref)
        controller = game.controller(ref)
        if "unique" in chars.supertypes and controller is not None and chars.name:
            groups[(controller, chars.name)].append(ref)
    acted = False
    for (player, name), refs in groups.items():
        if len(refs) < 2:
            continue
        refs.sort(key=lambda r: game.get(r).timestamp)
        kept = game.describe(refs[0])
        for ref in refs[1:]:
            label = game.describe(ref)
            gone = leave_field(
                game,
                ref,
                "graveyard",
                rule_applied=rule("ga:card-types-supertypes/unique-1"),
                reason=f"sacrificed: {player} controls another unique {name}",
            )
            game.log(
                Event(
                    "destroyed",
                    f"{player} controls two or more unique objects named {name}: keeps "
                    f"{kept}, the one on the field longest, and sacrifices {label}",
                    rule("ga:state-based-checks-and-effects/types-of-checks-4"),
                    gone,
                )
            )
            acted = True
    return acted


def _tokens_off_the_field(game: Game) -> bool:
    """A token moved to any zone but the field ceases to exist
    (ga:tokens/general-rules-3); effects move tokens off the field through
    :func:`~tcgrules.games.grand_archive.effects.leave_field`, this catches other moves
    (a scenario's ``move:``)."""
    gone = [o for o in game.objects() if o.kind == "token" and o.zone.name != "field"]
    for obj in gone:
        game.remove(
            obj.ref,
            rule_applied=rule("ga:tokens/general-rules-3"),
            reason=f"is a token in {obj.zone.name}, so it ceases to exist",
        )
    return bool(gone)


def state_based_checks(game: Game) -> bool:
    """One pass of the state-based checks this module models; True if anything happened."""
    tokens = _tokens_off_the_field(game)
    died = _unit_deaths(game)
    return _unique(game) or died or tokens
