"""Playing Magic from Python: cast, activate, trigger and resolve, all-or-nothing.

A thin convenience over the kernel's game-neutral actions (:mod:`tcgrules.kernel.play`,
:mod:`tcgrules.kernel.resolution`) for Magic games.

Each action runs in a transaction: if the rules refuse it, it raises
:class:`~tcgrules.errors.RulesViolation` (or :class:`IllegalTargetError`) carrying
the verdict, and the game is exactly as it was. After each action the game's
state-based actions are performed (mtg:704.3).

>>> import tcgrules
>>> from tcgrules import mtg
>>> game = tcgrules.new_game("mtg", ["Alice", "Bob"])
>>> bolt = game.create(tcgrules.bundled_card("mtg", "Lightning Bolt"), "Alice", "hand")
>>> bear = game.create(tcgrules.bundled_card("mtg", "Runeclaw Bear"), "Bob", "battlefield")
>>> spell = mtg.cast(game, bolt, "Alice", targets=[[bear]])
>>> _ = game.move(bear, "hand")          # Bob saves his bear: it is a new object now
>>> mtg.resolve(game)                     # the only target is gone (mtg:608.2b)
>>> [e.kind for e in game.events][-3:]
['target_illegal', 'did_not_resolve', 'moved']
"""

from __future__ import annotations

from collections.abc import Sequence

from tcgrules.errors import NotSupportedError
from tcgrules.games.magic import Magic
from tcgrules.kernel import play
from tcgrules.kernel.game import Game
from tcgrules.kernel.objects import Entity, ObjectRef
from tcgrules.kernel.resolution import ResolveChoices, resolve_top


def _check(game: Game) -> None:
    if not isinstance(game.ruleset, Magic):
        raise NotSupportedError(f"Magic actions in a {game.ruleset.title} game")


def cast(
    game: Game,
    card: ObjectRef,
    by: str,
    *,
    targets: Sequence[Sequence[Entity]] = (),
    modes: Sequence[int] = (),
    division: Sequence[int] | None = None,
    x: int | None = None,
) -> ObjectRef:
    """Cast a card from its owner's hand; returns the spell (mtg:601.2)."""
    _check(game)
    with game.transaction():
        ref = play.cast(game, card, by, targets=targets, modes=modes, division=division, x=x)
        game.check_state()
    return ref


def activate(
    game: Game,
    source: ObjectRef,
    by: str,
    *,
    ability: int = 1,
    targets: Sequence[Sequence[Entity]] = (),
    modes: Sequence[int] = (),
    division: Sequence[int] | None = None,
    x: int | None = None,
) -> ObjectRef:
    """Activate the ``ability``-th activated ability of ``source`` (mtg:602.2)."""
    _check(game)
    with game.transaction():
        ref = play.activate(
            game,
            source,
            by,
            ability=ability,
            targets=targets,
            modes=modes,
            division=division,
            x=x,
        )
        game.check_state()
    return ref


def trigger(
    game: Game,
    source: ObjectRef,
    *,
    ability: int = 1,
    targets: Sequence[Sequence[Entity]] = (),
    modes: Sequence[int] = (),
) -> ObjectRef | None:
    """Put the ``ability``-th triggered ability of ``source`` on the stack; None if it
    had no legal target and was removed (mtg:603.3d)."""
    _check(game)
    with game.transaction():
        ref = play.trigger(game, source, ability=ability, targets=targets, modes=modes)
        game.check_state()
    return ref


def resolve(game: Game, choices: ResolveChoices | None = None) -> None:
    """Resolve the top of the stack (mtg:608), with the choices made as it resolves."""
    _check(game)
    with game.transaction():
        resolve_top(game, choices)
        game.check_state()


__all__ = ["ResolveChoices", "activate", "cast", "resolve", "trigger"]
