"""The ``tcgrules`` command line: run, explain, targets, parse, rules."""

from __future__ import annotations

import click


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="tcgrules")
def main() -> None:
    """tcgrules: objects, properties and targeting for MTG, FaB and GA, citing the rules."""


def _register() -> None:
    # Subcommands live next to what they drive; each module adds itself to `main`.
    from tcgrules import cli_commands  # noqa: F401, PLC0415  (import after `main` exists)


_register()
