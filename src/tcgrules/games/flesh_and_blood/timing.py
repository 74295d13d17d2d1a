"""When a card may be played or an ability activated in Flesh and Blood (under
``enforce: [timing]``), by the type of the card or of the ability (fab:8.1).

How the rules' states map onto what tcgrules models:

- A scenario's turn is in the turn player's action phase, the only phase with priority
  (fab:1.11.3); the start and end phases are not modelled. A player named by a step is
  taken to have priority (fab:1.11.1): who holds it is not tracked.
- The combat chain is open while there is an attack (``game.attack``, fab:7.0.2). The
  ``attack:`` step plays or activates an attack and resolves it at once, so the Layer
  and Attack Steps pass within the step. Until the damage step the chain link is taken
  to be in its Reaction Step once the stack is empty again: the defend step ends with
  the cards declared so far (tcgrules can't tell a defend step in which nothing is
  declared yet from a reaction step). After the damage step, with the stack empty, it
  is in its Resolution Step (fab:7.6).

The checks: an instant any time the player has priority (fab:8.1.6a); an action only
with an empty stack (fab:8.1.1a) and a closed combat chain, except an attack in the
Resolution Step (fab:7.0.1a, fab:8.1.1b); an attack reaction only by the player
controlling the attacking hero in the Reaction Step (fab:8.1.2a), a defense reaction only
by one controlling a defending hero then (fab:8.1.3a); a resource or block card is never
played (fab:8.1.7a, fab:8.1.12a). Playing an action "as an instant" (fab:5.1.3d,
fab:8.1.1d) is not supported.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from tcgrules.errors import NotSupportedError
from tcgrules.games.flesh_and_blood import costs
from tcgrules.rules import rule
from tcgrules.verdict import Verdict

if TYPE_CHECKING:
    from tcgrules.cardtext.nodes import ActivatedAbility
    from tcgrules.kernel.game import Game
    from tcgrules.kernel.objects import ObjectRef

__all__ = ["attack_ability", "attack_refusal", "combat_step", "timing_refusal"]

#: an activated ability whose effect is "Attack", as printed (fab:8.3.1)
_ATTACK_TEXT = re.compile(r":\s*\**\s*attack\b", re.IGNORECASE)

#: the types whose timing is checked, in the order looked at
_TIMED = ("resource", "block", "instant", "attack reaction", "defense reaction", "action")


def combat_step(game: Game) -> str | None:
    """The combat step the model is in (see the module text): None with the combat chain
    closed, ``"reaction"`` or ``"resolution"`` with it open, or ``"layer"`` while layers
    wait on the stack."""
    state = game.attack
    if state is None:
        return None
    if game.stack:
        return "layer"
    return "resolution" if state.damage_dealt else "reaction"


def timing_refusal(
    game: Game,
    obj: ObjectRef,
    by: str,
    *,
    method: str,
    ability: ActivatedAbility | None = None,
) -> Verdict | None:
    """Why ``by`` may not play the card ``obj`` (or activate ``ability`` of it) now."""
    if ability is not None:
        types = frozenset(costs.ability_header(ability.cost).types)
        what = f"the {' '.join(sorted(types)) or 'untyped'} ability of {game.describe(obj)}"
        if not types:
            raise NotSupportedError(
                f"the timing of {what}: its TYPE (fab:5.2.1b) was not read from "
                f"“{ability.cost.text}”"
            )
    else:
        types = game.characteristics(obj).types
        what = game.describe(obj)
        card = game.get(obj).card
        if card is not None and "as though it were an instant" in (card.text or "").lower():
            raise NotSupportedError(
                f"playing {what} as though it were an instant (fab:5.1.3d, fab:8.1.1d)"
            )
    attack = "attack" in game.characteristics(obj).subtypes if ability is None else False
    return _refusal(game, by, types, what, attack=attack, played=ability is None)


def attack_refusal(game: Game, attacker: ObjectRef, by: str) -> Verdict | None:
    """Why ``by`` may not attack with ``attacker`` now: an attack action card played, or
    an action ability with the attack effect activated (an ``attack:`` step)."""
    ability = attack_ability(game, attacker)
    if ability is not None:
        types = frozenset(costs.ability_header(ability.cost).types)
        what = f"the attack ability of {game.describe(attacker)}"
        return _refusal(game, by, types, what, attack=True, played=False)
    chars = game.characteristics(attacker)
    if "attack" not in chars.subtypes:
        card = game.get(attacker).card
        if card is None or not _ATTACK_TEXT.search(card.text or ""):
            return Verdict.refuse(
                rule("fab:1.4.1"),
                f"{game.describe(attacker)} is not an attack: neither a card with the subtype "
                "attack nor an object with an attack ability",
            )
        raise NotSupportedError(
            f"the timing of an attack with {game.describe(attacker)}: it is not an attack-card "
            "and no activated ability with the attack effect was read from its text (fab:8.3.1)"
        )
    return _refusal(game, by, chars.types, game.describe(attacker), attack=True, played=True)


def attack_ability(game: Game, ref: ObjectRef) -> ActivatedAbility | None:
    """The activated ability with the attack effect (fab:8.3.1) that an ``attack:`` step
    with ``ref`` activates (a weapon's, an ally's); None for an attack-card (a card with
    the subtype attack, fab:1.4.2), which is played instead."""
    from tcgrules.cardtext.nodes import ActivatedAbility  # noqa: PLC0415

    obj = game.get(ref)
    if obj.card is None or "attack" in game.characteristics(ref).subtypes:
        return None
    rs = game.ruleset
    for node in rs.ability_nodes(rs.card_text(obj.card)):
        if isinstance(node, ActivatedAbility) and _attacks(node):
            return node
    return None


def _attacks(node: ActivatedAbility) -> bool:
    """Whether the ability's effect is "Attack" (fab:8.3.1)."""
    return node.text.split(":", 1)[-1].strip(" .*").lower() == "attack"


def _refusal(
    game: Game, by: str, types: frozenset[str], what: str, *, attack: bool, played: bool
) -> Verdict | None:
    verb = "played" if played else "activated"
    step = combat_step(game)
    state = game.attack
    if "resource" in types and played:
        return Verdict.refuse(rule("fab:8.1.7a"), f"{what} is a resource card: it can't be played")
    if "block" in types and played:
        return Verdict.refuse(rule("fab:8.1.12a"), f"{what} is a block card: it can't be played")
    if "instant" in types:
        return None  # any time the player has priority (fab:8.1.6a)
    if "attack reaction" in types:
        if state is None or step == "resolution" or state.damage_dealt:
            return Verdict.refuse(
                rule("fab:8.1.2a"),
                f"{what} is an attack reaction: {verb} only in the Reaction Step of combat, "
                "and no chain link is in it",
            )
        heroes = _heroes(game, by)
        if not heroes & state.attacking:
            return Verdict.refuse(
                rule("fab:8.1.2a"),
                f"{what} is an attack reaction: {verb} only by the player controlling the "
                f"attacking hero, and {by} does not",
            )
        return None
    if "defense reaction" in types:
        if state is None or state.damage_dealt:
            return Verdict.refuse(
                rule("fab:8.1.3a"),
                f"{what} is a defense reaction: {verb} only in the Reaction Step of combat, "
                "and no chain link is in it",
            )
        if not _heroes(game, by) & state.defending:
            return Verdict.refuse(
                rule("fab:8.1.3a"),
                f"{what} is a defense reaction: {verb} only by a player controlling a "
                f"defending hero, and {by} does not",
            )
        return None
    if "action" in types:
        if game.stack:
            return Verdict.refuse(
                rule("fab:8.1.1a"), f"{what} is an action: {verb} only with an empty stack"
            )
        if state is not None and not (attack and step == "resolution"):
            why = (
                "only an attack, and only in the Resolution Step"
                if step == "resolution"
                else f"not before the Resolution Step, and then only an attack ({step} step now)"
            )
            return Verdict.refuse(
                rule("fab:7.0.1a"),
                f"{what} is an action and the combat chain is open: {why} (fab:8.1.1b)",
            )
        return None
    named = ", ".join(sorted(types)) or "no type"
    raise NotSupportedError(f"the timing of {what} ({named}): only {', '.join(_TIMED)} are checked")


def _heroes(game: Game, by: str) -> frozenset[int]:
    """The ids of the heroes ``by`` controls."""
    return frozenset(
        ref.id
        for ref in game.zone("hero", by)
        if "hero" in game.characteristics(ref).types and game.controller(ref) == by
    )
