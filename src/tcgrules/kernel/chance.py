"""A reproducible random source held in the game state (game-neutral).

Games need chance: a die rolled, a coin flipped, a card picked at random. tcgrules
keeps the source of those results in the game itself, as an immutable
:class:`RandomSource` (a seed and how many results were drawn from it). A result is a
pure function of the seed and the draw number, so:

* a copy of a game (:meth:`Game.copy`) draws the same results as the original from
  the point where it was copied, and a rolled-back transaction draws them again;
* two games with the same seed, played the same way, get the same results.

A scenario (or a caller) may instead fix the results an effect gets (the resolve step's
``choose: {rolls: [...], flips: [...]}``); that is a ruleset's business (it decides
what a die or a coin is). This module knows no game.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import TYPE_CHECKING

from tcgrules.errors import InputError
from tcgrules.kernel.events import Event, EventLog

if TYPE_CHECKING:
    from tcgrules.kernel.game import Game
    from tcgrules.kernel.objects import ObjectRef
    from tcgrules.rules import RuleRef


@dataclass(frozen=True, slots=True)
class RandomSource:
    """A seed and how many results have been drawn from it (immutable: a draw makes a
    new source, so a game's copies and rollbacks need no care)."""

    seed: int = 0
    draws: int = 0

    def draw(self, outcomes: int) -> tuple[int, RandomSource]:
        """One of ``outcomes`` equally likely results, ``0 .. outcomes - 1``, and the
        source after drawing it."""
        if outcomes < 1:
            raise InputError(
                f"a random result needs at least one outcome, not {outcomes}",
                expected="a positive number of outcomes",
            )
        result = random.Random(f"{self.seed}:{self.draws}").randrange(outcomes)
        return result, RandomSource(self.seed, self.draws + 1)


# ----------------------------------------------------------- dice and coins, logged
#: the event kinds of a die rolled and a coin flipped (``data``: ``sides``/``result``;
#: ``won`` or ``heads``)
ROLLED = "die_rolled"
FLIPPED = "coin_flipped"


def roll_die(
    game: Game,
    player: str,
    sides: int,
    fixed: int | None,
    *,
    cited: RuleRef | None,
    source: ObjectRef | None = None,
) -> int:
    """``player`` rolls a die of ``sides`` sides: a result from 1 to ``sides``, ``fixed``
    if given (a scenario's choice), else drawn from the game's seeded source; logged."""
    if fixed is not None and not 1 <= fixed <= sides:
        raise InputError(
            f"a {sides}-sided die can't come up {fixed}",
            path="$.choose.rolls",
            expected=f"a result from 1 to {sides}",
        )
    result = fixed if fixed is not None else game.random(sides) + 1
    game.log(
        Event(
            ROLLED,
            f"{player} rolls a {sides}-sided die: {result}",
            cited,
            source,
            player=player,
            data={"sides": sides, "result": result},
        )
    )
    return result


def flip_coin(
    game: Game,
    player: str,
    fixed: bool | None,
    *,
    cited: RuleRef | None,
    source: ObjectRef | None = None,
) -> bool:
    """``player`` flips a coin and calls it: whether they win the flip, ``fixed`` if given
    (a scenario's choice), else drawn from the game's seeded source; logged."""
    won = fixed if fixed is not None else game.random(2) == 0
    game.log(
        Event(
            FLIPPED,
            f"{player} flips a coin and {'wins' if won else 'loses'} the flip",
            cited,
            source,
            player=player,
            data={"won": won},
        )
    )
    return won


def last_result(game: Game, kind: str, player: str) -> Event | None:
    """The last die rolled (``ROLLED``) or coin flipped (``FLIPPED``) by ``player``."""
    node: EventLog | None = game.events
    while node is not None and node.event is not None:  # newest first
        if node.event.kind == kind and node.event.player == player:
            return node.event
        node = node.previous
    return None


__all__ = ["FLIPPED", "ROLLED", "RandomSource", "flip_coin", "last_result", "roll_die"]
