"""The ``tcgrules`` command line: run, explain, targets, parse, rules."""

from __future__ import annotations

import click


class InputProblem(click.ClickException):
    """Malformed input a command was given (a card file, card text, a scenario): its
    located error, and exit status 2, as ``tcgrules run`` uses for malformed files."""

    exit_code = 2


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="tcgrules")
def main() -> None:
    """tcgrules: objects, properties and targeting for MTG, FaB and GA, citing the rules."""


def _register() -> None:
    # Subcommands live next to what they drive; each module adds itself to `main`.
    from tcgrules import cli_commands  # noqa: F401, PLC0415  (import after `main` exists)


_register()
