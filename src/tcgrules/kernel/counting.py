"""Numbers a description compares with, counted outside a resolution.

"Counter target spell with mana value X or less, where X is the number of Faeries you
control" defines X from the game (mtg:107.3c); the target phrase is checked as targets
are chosen (mtg:601.2c, mtg:603.3d) and again on resolution (mtg:608.2b), each time with
X counted then. The count is the one an effect of the same source would make
(:meth:`Resolution.amount <tcgrules.kernel.resolution.Resolution.amount>`), for the
player asking and the object the text is on; the readers only put amounts that need no
target, no event and no announced value into descriptions.
"""

from __future__ import annotations

from typing import cast

from tcgrules.cardtext.nodes import Amount
from tcgrules.errors import NotSupportedError, UnknownObjectError
from tcgrules.kernel.game import Game
from tcgrules.kernel.objects import GameObject, ObjectRef
from tcgrules.kernel.resolution import Resolution, ResolveChoices
from tcgrules.kernel.targeting import Targeter


def count_for(game: Game, you: str, source: ObjectRef | None, amount: object) -> int:
    """``amount`` counted now for ``you``, with ``source`` as the object the text is on
    (its last-known information if it has left its zone)."""
    if source is None:
        raise NotSupportedError("a number in a description with no object it is on")
    try:
        known = game.last_known(source)
    except UnknownObjectError:
        raise NotSupportedError(f"a number in a description of {source}, which is gone") from None
    obj: GameObject = known.object
    targeter = Targeter(you, "ability", None, source, known.characteristics)
    return Resolution(game, obj, targeter, None, ResolveChoices()).amount(cast(Amount, amount))
