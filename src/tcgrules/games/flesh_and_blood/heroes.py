"""A player and their hero (fab:1.1.2b), and what a player's zones may hold.

Card text makes no difference between a player and their hero (fab:1.1.2b): the
player's life is the hero's, and a player named as a target names their hero. A
player who controls no hero has lost (fab:4.5.3a). The hero zone holds one hero card
(fab:3.11.2); each equipment zone only an object of its subtype (fab:3.2.2a, 3.5.2a,
3.10.2a, 3.12.2a), and the weapon zones only weapons, off-hands and quivers
(fab:3.16.2a), one object per zone (a 2H object fills both weapon zones). The deck,
hand and pitch zones hold deck-cards only, and the arsenal one of them (fab:3.7.2,
3.9.2, 3.14.2, 3.3.2).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tcgrules.rules import RuleRef, rule

if TYPE_CHECKING:
    from tcgrules.kernel.characteristics import Characteristics
    from tcgrules.kernel.game import Game
    from tcgrules.kernel.objects import ObjectRef

__all__ = ["hero_of", "lose_without_hero", "placement_problem"]

#: equipment zones: the subtype an object needs there, its rule, and how many it holds
_EQUIPMENT: dict[str, tuple[str, str, str]] = {
    "head": ("head", "fab:3.10.2a", "fab:3.10.2"),
    "chest": ("chest", "fab:3.5.2a", "fab:3.5.2"),
    "arms": ("arms", "fab:3.2.2a", "fab:3.2.2"),
    "legs": ("legs", "fab:3.12.2a", "fab:3.12.2"),
}
#: a player's weapon zones (fab:3.16: two per player)
_WEAPON_ZONES = 2
#: the types that make a card a deck-card (fab:1.3.2c)
_DECK_CARD_TYPES = frozenset(
    {"action", "attack reaction", "block", "defense reaction", "instant", "mentor", "resource"}
)
#: zones that hold only deck-cards, and their rules
_DECK_CARD_ZONES: dict[str, str] = {
    "deck": "fab:3.7.2",
    "hand": "fab:3.9.2",
    "pitch": "fab:3.14.2",
    "arsenal": "fab:3.3.2",
}


def hero_of(game: Game, player: str) -> ObjectRef | None:
    """``player``'s hero: the hero card in their hero zone that they control (fab:1.1.2)."""
    for ref in game.zone("hero", player):
        if "hero" in game.characteristics(ref).types and game.controller(ref) in (None, player):
            return ref
    return None


def lose_without_hero(game: Game) -> None:
    """Each player who controls no hero loses (fab:4.5.3a)."""
    for player in game.players:
        if not game.player(player).lost and hero_of(game, player) is None:
            game.set_lost(player, rule_applied=rule("fab:4.5.3a"), reason="they control no hero")


def _hands(chars: Characteristics) -> int:
    return 2 if "(2h)" in chars.subtypes else 1


def placement_problem(
    game: Game, player: str, zone: str, chars: Characteristics
) -> tuple[RuleRef, str] | None:
    """Why an object with ``chars`` can't be put into ``player``'s ``zone``, or None."""
    name = chars.name or "this object"
    if zone in _DECK_CARD_ZONES:
        cited = rule(_DECK_CARD_ZONES[zone])
        if not chars.types & _DECK_CARD_TYPES:
            return cited, f"{name} is no deck-card (fab:1.3.2c), so it can't be in a {zone}"
        if zone == "arsenal" and game.zone("arsenal", player):
            return cited, f"{player}'s arsenal already holds a card"
        return None
    if zone == "hero":
        if "hero" not in chars.types:
            return rule("fab:3.11.2"), f"{name} is no hero card; only a hero goes in a hero zone"
        if game.zone("hero", player):
            return rule("fab:3.11.2"), f"{player}'s hero zone already holds a hero"
        return None
    if zone in _EQUIPMENT:
        subtype, kind_rule, count_rule = _EQUIPMENT[zone]
        if subtype not in chars.subtypes:
            return rule(
                kind_rule
            ), f"{name} has no subtype {subtype}, so it can't be in a {zone} zone"
        if game.zone(zone, player):
            return rule(count_rule), f"{player}'s {zone} zone already holds an object"
        return None
    if zone == "weapon":
        if "weapon" not in chars.types and not chars.subtypes & {"off-hand", "quiver"}:
            return rule("fab:3.16.2a"), (
                f"{name} is no weapon, off-hand or quiver, so it can't be in a weapon zone"
            )
        used = sum(_hands(game.characteristics(ref)) for ref in game.zone("weapon", player))
        if used + _hands(chars) > _WEAPON_ZONES:
            return rule("fab:3.16.2"), (
                f"{player}'s two weapon zones can't hold {name} too (a 2H object fills both)"
            )
    return None
