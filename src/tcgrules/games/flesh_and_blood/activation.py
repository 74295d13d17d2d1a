"""Who may activate a Flesh and Blood activated ability, and how often (always checked).

- Only the player who controls the ability's source may activate it; a source with no
  controller (a card in its owner's hand, say) is its owner's to activate
  (fab:5.2.2, fab:5.2.4a).
- A LIMIT ("Once per Turn", "Twice per Turn") caps the activations of that ability of
  that object in a turn (fab:5.2.1a), counted from the turn's ``activated`` events.
  Effects that allow extra activations (fab:5.2.3) are not modelled.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tcgrules.cardtext.nodes import ActivatedAbility
from tcgrules.games.flesh_and_blood import costs
from tcgrules.kernel.play import times_used
from tcgrules.rules import rule
from tcgrules.verdict import Verdict

if TYPE_CHECKING:
    from tcgrules.cardtext.nodes import TriggeredAbility
    from tcgrules.kernel.game import Game
    from tcgrules.kernel.objects import ObjectRef

__all__ = ["controller_refusal", "use_refusal"]


def controller_refusal(game: Game, source: ObjectRef, by: str) -> Verdict | None:
    """Why ``by`` may not activate abilities of ``source``: it is another player's, or it
    has no controller and another player owns it (fab:5.2.2, fab:5.2.4a)."""
    name = game.describe(source)
    controller = game.controller(source)
    if controller is None:
        owner = game.get(source).owner
        if owner != by:
            return Verdict.refuse(
                rule("fab:5.2.4a"),
                f"{name} has no controller, so only its owner {owner} may activate its "
                f"abilities, not {by}",
            )
    elif controller != by:
        return Verdict.refuse(
            rule("fab:5.2.2"),
            f"{name} is controlled by {controller}: only they may activate its abilities, not {by}",
        )
    return None


def use_refusal(
    game: Game,
    source: ObjectRef,
    ability: ActivatedAbility | TriggeredAbility,
    by: str,
    index: int,
) -> Verdict | None:
    """Why ``by`` can't activate ``ability`` (the ``index``-th) of ``source`` now."""
    if not isinstance(ability, ActivatedAbility):
        return None
    refused = controller_refusal(game, source, by)
    if refused is not None:
        return refused
    name = game.describe(source)
    limit = costs.ability_header(ability.cost).limit
    if limit is not None:
        done = times_used(game, source, index)
        if done >= limit:
            return Verdict.refuse(
                rule("fab:5.2.1a"),
                f"the ability of {name} may be activated {limit} time(s) per turn and has "
                f"been activated {done} time(s) this turn",
            )
    return None
