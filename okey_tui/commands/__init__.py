"""The okey101 subcommands, one module each, imported lazily by okey_tui.cli (and ``ask``,
the yes/no question some of them ask)."""
