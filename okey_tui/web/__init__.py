"""``okey101 web``: the game in a browser, one table per visitor (see :mod:`okey_tui.web.server`)."""

import os

# Set ("1") in the environment of every visitor's game (``okey101 web``, and a browser friend's
# ``okey101 join`` of ``okey101 host --web``): the game runs in a browser, where no command
# can be typed, so it says how to come back on the page (its "Back to the game" button).
WEB_ENV = "OKEY101_WEB"

# Set in the environment of a browser friend's ``okey101 join`` (``okey101 host --web``): the
# table's link as that friend's browser opened it (``http://…/?code=…&name=…``). The game
# then says how to come back in the browser rather than in a terminal.
WEB_LINK_ENV = "OKEY101_WEB_LINK"


def in_browser() -> bool:
    """Whether this game runs in a visitor's browser (the web page's), not in a terminal."""
    return os.environ.get(WEB_ENV) == "1"


def web_link() -> str | None:
    """The table's link when this game runs in a friend's browser, else None."""
    return os.environ.get(WEB_LINK_ENV) or None


def link_with_token(link: str, token: str) -> str:
    """``link`` with the seat's token added: opened in any browser, it takes the seat back.

    >>> link_with_token("http://h:8000/?code=K7M2QX&name=Ayse", "abcdefgh12")
    'http://h:8000/?code=K7M2QX&name=Ayse&token=abcdefgh12'
    """
    return f"{link}{'&' if '?' in link else '?'}token={token}"
