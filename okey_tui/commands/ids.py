"""The match and table IDs the commands take (``--resume [ID]``, ``--delete ID``)."""

from __future__ import annotations

import click

from okey_tui.i18n import _

# What ``--resume`` alone gives: no ID, the latest. A blank ID typed out (``--resume ''``,
# an empty shell variable) is not "the latest": it is refused.
LATEST = "\x00latest"


def given_id(ctx: click.Context, param: click.Parameter, value: str | None) -> str | None:
    """A click callback: ``value`` as given, ``""`` for ``--resume`` alone (the latest);
    a blank ID is a usage error (exit 2) saying what to give."""
    if value is None:
        return None
    if value == LATEST:
        return ""
    if not value.strip():
        said = _("the ID is empty: give one that okey101 saves lists")
        if param.name == "resume":
            said = _(
                "the ID is empty: give one that okey101 saves lists, or --resume alone for the latest"
            )
        raise click.BadParameter(said, ctx=ctx, param=param)
    return value
