"""The okey101 subcommands, one module each, imported lazily by okey_tui.cli."""
