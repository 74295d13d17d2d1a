"""The ``--cards GAME=FILE`` option shared by the commands that load scenarios: a real
card pool per game, in which scenario card names are looked up after the file's own
``cards:`` and the bundled cards (see :mod:`tcgrules.carddata.pool`)."""

from __future__ import annotations

from pathlib import Path

import click

from tcgrules.carddata.bundled import canonical_game
from tcgrules.carddata.pool import use_pool
from tcgrules.errors import UnknownGameError

__all__ = ["pool_option", "use_pools"]


def pool_files(pools: tuple[str, ...]) -> dict[str, Path]:
    """``--cards GAME=FILE`` values by canonical game; a usage error names a bad one."""
    chosen: dict[str, Path] = {}
    for value in pools:
        game, sep, file = value.partition("=")
        if not sep or not file.strip():
            raise click.BadParameter(
                f"{value!r}: expected GAME=FILE, e.g. mtg=oracle-cards.json.gz",
                param_hint="--cards",
            )
        try:
            short = canonical_game(game)
        except UnknownGameError as exc:
            raise click.BadParameter(str(exc), param_hint="--cards") from None
        if short in chosen:
            raise click.BadParameter(f"two pool files for {short}", param_hint="--cards")
        path = Path(file.strip()).expanduser()
        if not path.is_file():
            raise click.BadParameter(f"{value!r}: no such file", param_hint="--cards")
        chosen[short] = path
    return chosen


#: the ``--cards GAME=FILE`` option of the commands that load scenarios
pool_option = click.option(
    "--cards",
    "pools",
    multiple=True,
    metavar="GAME=FILE",
    help="A card pool file for a game (mtg, fab, ga), e.g. --cards mtg=oracle-cards.json.gz;"
    " repeatable, one per game. Overrides TCGRULES_<GAME>_CARDS.",
)


def use_pools(pools: tuple[str, ...]) -> None:
    """Make the ``--cards`` files the pools scenario card names are looked up in."""
    for game, file in pool_files(pools).items():
        use_pool(game, file)
