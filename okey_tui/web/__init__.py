"""``okey101 web``: the game in a browser, one table per visitor (see :mod:`okey_tui.web.server`)."""
