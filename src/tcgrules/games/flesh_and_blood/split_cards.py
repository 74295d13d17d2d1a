"""Split cards (fab:9.2): one card with two sides, each with its name, type box and text.

The card is both sides at once (fab:9.2.2) except on the stack: the player who puts it
there declares one side (fab:5.1.2c, fab:9.2.3), and until it becomes a new object it
has only that side's name, type box and text. Playing it with both sides (meld) is not
supported yet.
"""

from __future__ import annotations

from dataclasses import replace

from tcgrules.carddata.model import CardDefinition
from tcgrules.errors import InputError, NotSupportedError

__all__ = ["played_side"]


def played_side(card: CardDefinition, side: int | str | None) -> CardDefinition:
    """``card`` as played with ``side`` (1, 2, or a side's name), or the card itself when
    it has no sides and none is named."""
    if not card.faces:
        if side is not None:
            raise InputError(
                f"{card.name} is not a split card, so it has no side to choose (fab:9.2.1)",
                expected="`side:` only when playing a split card",
            )
        return card
    names = [face.name for face in card.faces]
    if side is None:
        raise InputError(
            f"{card.name} is a split card: the player declares the side it is played with "
            "(fab:5.1.2c, fab:9.2.3)",
            expected="`side: 1`, `side: 2` or a side's name: " + " or ".join(names),
        )
    if isinstance(side, str) and side.strip().lower() == "both":
        raise NotSupportedError("playing a split card with both sides (meld)")
    index: int | None = None
    if isinstance(side, int) and not isinstance(side, bool) and 1 <= side <= len(card.faces):
        index = side - 1
    elif isinstance(side, str):
        lowered = [n.lower() for n in names]
        if side.strip().lower() in lowered:
            index = lowered.index(side.strip().lower())
    if index is None:
        raise InputError(
            f"{card.name} has no side {side!r}",
            expected="1, 2 or a side's name: " + " or ".join(names),
        )
    return replace(card.faces[index], side_of=card)
