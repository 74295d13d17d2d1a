"""Import the modules that register CLI subcommands (one line each)."""

from tcgrules.catalogs import cli as _catalogs_cli  # noqa: F401
from tcgrules.scenario import cli as _scenario_cli  # noqa: F401
