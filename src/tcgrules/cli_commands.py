"""Import the modules that register CLI subcommands (one line each)."""

from tcgrules import inspect_cli as _inspect_cli  # noqa: F401
from tcgrules.cardtext import cli as _cardtext_cli  # noqa: F401
from tcgrules.catalogs import cli as _catalogs_cli  # noqa: F401
from tcgrules.scenario import cli as _scenario_cli  # noqa: F401
from tcgrules.web import cli as _web_cli  # noqa: F401
