"""Import the modules that register CLI subcommands (one line each)."""
