"""The common questions in one call: what can this card target, and why not that one.

:meth:`Game.legal_targets` and :meth:`Game.explain_target` use these; they work for
every game, for a card in hand (as a spell) or on the field (as its abilities), and
take players by name.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from tcgrules.errors import ArgumentError
from tcgrules.kernel.checks import entity, expect_int, expect_player, expect_ref, target_rows
from tcgrules.kernel.objects import Entity, ObjectRef, PlayerRef
from tcgrules.kernel.play import prospective
from tcgrules.kernel.targeting import Chosen, LegalTargets, legal_targets
from tcgrules.verdict import Verdict

if TYPE_CHECKING:
    from tcgrules.kernel.game import Game


def card_targets(
    game: Game,
    card: ObjectRef,
    *,
    by: str | PlayerRef | None,
    instance: int,
    chosen: Sequence[Sequence[Entity | str]],
    where: str,
) -> LegalTargets:
    """The view of legal choices for ``instance`` (1-based) of "target" in ``card``'s
    text, if ``by`` (default: its controller, else its owner) put it on the stack now;
    ``chosen`` holds the choices made for earlier instances."""
    ref = expect_ref(where, "card", card)
    obj = game.get(ref)
    player = (
        expect_player(game, where, "by", by)
        if by is not None
        else game.controller(ref) or obj.owner
    )
    number = expect_int(where, "instance", instance, minimum=1)
    requirements, targeter = prospective(game, ref, player)
    if not requirements:
        raise ArgumentError(
            where, "card", card, f"a card whose text says “target” ({obj.label}'s does not)"
        )
    if number > len(requirements):
        raise ArgumentError(
            where,
            "instance",
            instance,
            f"1 to {len(requirements)}: the instances of “target” in {obj.label}'s text",
        )
    rows = target_rows(game, where, chosen, "chosen") if chosen else ()
    return legal_targets(game, requirements, number - 1, targeter, Chosen(rows))


def why(
    game: Game,
    card: ObjectRef,
    candidate: Entity | str,
    *,
    by: str | PlayerRef | None,
    instance: int,
    chosen: Sequence[Sequence[Entity | str]],
) -> Verdict:
    """Whether ``candidate`` is a legal choice for that instance, with every reason and
    its rule."""
    where = "game.explain_target()"
    view = card_targets(game, card, by=by, instance=instance, chosen=chosen, where=where)
    return view.explain(entity(game, where, "candidate", candidate))
