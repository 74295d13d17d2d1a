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
from typing import NamedTuple

from tcgrules.errors import ArgumentError, NotSupportedError
from tcgrules.games.magic import Magic
from tcgrules.kernel import play
from tcgrules.kernel.checks import expect_int, expect_player, expect_ref, int_list, target_rows
from tcgrules.kernel.game import Game
from tcgrules.kernel.objects import Entity, ObjectRef
from tcgrules.kernel.resolution import ResolveChoices, resolve_top


def _check(game: Game) -> None:
    if not isinstance(game, Game):
        raise ArgumentError("tcgrules.mtg", "game", game, "a Game (tcgrules.new_game('mtg', ...))")
    if not isinstance(game.ruleset, Magic):
        raise NotSupportedError(f"Magic actions in a {game.ruleset.title} game")


class _Choices(NamedTuple):
    targets: tuple[tuple[Entity, ...], ...]
    modes: tuple[int, ...]
    division: tuple[int, ...] | None
    x: int | None


def _choices(
    game: Game,
    where: str,
    *,
    targets: object,
    modes: object,
    division: object = None,
    x: object = None,
) -> _Choices:
    """The choices announced with an action, checked: targets one list per instance of
    "target" (a flat list for a single instance; players by name), modes from 1, a
    division of whole numbers, X at least 0."""
    _check(game)
    return _Choices(
        target_rows(game, where, targets),
        int_list(where, "modes", modes, minimum=1),
        None if division is None else int_list(where, "division", division),
        None if x is None else expect_int(where, "x", x, minimum=0),
    )


def cast(
    game: Game,
    card: ObjectRef,
    by: str,
    *,
    targets: Sequence[Sequence[Entity | str]] | Sequence[Entity | str] = (),
    modes: Sequence[int] = (),
    division: Sequence[int] | None = None,
    x: int | None = None,
) -> ObjectRef:
    """Cast a card from its owner's hand; returns the spell (mtg:601.2). ``targets``:
    one list per instance of "target" in its text, in order (players by name or
    ``PlayerRef``)."""
    c = _choices(game, "mtg.cast()", targets=targets, modes=modes, division=division, x=x)
    expect_ref("mtg.cast()", "card", card)
    by = expect_player(game, "mtg.cast()", "by", by)
    with game.transaction():
        ref = play.cast(
            game, card, by, targets=c.targets, modes=c.modes, division=c.division, x=c.x
        )
        game.check_state()
    return ref


def activate(
    game: Game,
    source: ObjectRef,
    by: str,
    *,
    ability: int = 1,
    targets: Sequence[Sequence[Entity | str]] | Sequence[Entity | str] = (),
    modes: Sequence[int] = (),
    division: Sequence[int] | None = None,
    x: int | None = None,
) -> ObjectRef:
    """Activate the ``ability``-th activated ability of ``source`` (mtg:602.2)."""
    c = _choices(game, "mtg.activate()", targets=targets, modes=modes, division=division, x=x)
    expect_ref("mtg.activate()", "source", source)
    by = expect_player(game, "mtg.activate()", "by", by)
    expect_int("mtg.activate()", "ability", ability, minimum=1)
    with game.transaction():
        ref = play.activate(
            game,
            source,
            by,
            ability=ability,
            targets=c.targets,
            modes=c.modes,
            division=c.division,
            x=c.x,
        )
        game.check_state()
    return ref


def trigger(
    game: Game,
    source: ObjectRef,
    *,
    ability: int = 1,
    targets: Sequence[Sequence[Entity | str]] | Sequence[Entity | str] = (),
    modes: Sequence[int] = (),
) -> ObjectRef | None:
    """Put the ``ability``-th triggered ability of ``source`` on the stack; None if it
    had no legal target and was removed (mtg:603.3d)."""
    c = _choices(game, "mtg.trigger()", targets=targets, modes=modes)
    expect_ref("mtg.trigger()", "source", source)
    expect_int("mtg.trigger()", "ability", ability, minimum=1)
    with game.transaction():
        ref = play.trigger(game, source, ability=ability, targets=c.targets, modes=c.modes)
        game.check_state()
    return ref


def resolve(game: Game, choices: ResolveChoices | None = None) -> None:
    """Resolve the top of the stack (mtg:608), with the choices made as it resolves."""
    _check(game)
    with game.transaction():
        resolve_top(game, choices)
        game.check_state()


__all__ = ["ResolveChoices", "activate", "cast", "resolve", "trigger"]
