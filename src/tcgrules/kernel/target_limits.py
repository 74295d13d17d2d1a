"""How many targets an instance allows when the text defines the number (helper Q3).

"Up to X target creatures, where X is the number of Zombies you control", "up to X
target cards" with X announced, "up to that many target permanents": the number is
counted once, as the spell or ability goes on the stack, before its targets are
announced, and it does not change afterwards even if what it counted does (mtg:601.2c,
and for abilities mtg:602.2b, 603.3d). The count is read with the same vocabulary as the
numbers of effects (:meth:`Resolution.amount`), over the object as it stands on the
stack: its X, its optional costs, its source and the number its trigger event was about.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import TYPE_CHECKING

from tcgrules.kernel.objects import ObjectRef
from tcgrules.kernel.resolution import announcing

if TYPE_CHECKING:
    from tcgrules.cardtext.nodes import Amount
    from tcgrules.kernel.descriptors import TargetRequirement
    from tcgrules.kernel.game import Game
    from tcgrules.kernel.targeting import Targeter


def with_limits(
    game: Game,
    ref: ObjectRef,
    requirements: Sequence[TargetRequirement],
    targeter: Targeter,
    *,
    x: int | None,
    options: tuple[tuple[str, int], ...],
) -> tuple[TargetRequirement, ...]:
    """``requirements`` with each ``limit`` counted now and made the instance's ``max``
    (mtg:601.2c): the same count for the announcement check and for what is recorded."""
    run = announcing(game, game.get(ref), targeter, x=x, cast_options=options)
    out: list[TargetRequirement] = []
    for req in requirements:
        if req.limit is None or req.max == 0 or (req.limit == "X" and x is None):
            # an X nobody announced (an ability with no X to announce) keeps the phrase
            # as printed, with no upper limit
            out.append(req)
            continue
        limit: Amount = req.limit  # type: ignore[assignment]
        most = max(0, run.amount(limit))
        out.append(replace(req, min=min(req.min, most), max=most))
    return tuple(out)
