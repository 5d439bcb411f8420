"""A yes/no question on the command line, answered in the language spoken.

``Delete all okey101 statistics? [y/N]``; in Turkish ``… silinsin mi? [e/H]``,
where ``e`` (evet) and ``h`` (hayır) answer, and ``y`` and ``n`` still do.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import click

from okey_tui import i18n
from okey_tui.i18n import _

# click 8.5 names the type a ParamType gives; the older clicks okey101 runs on cannot.
if TYPE_CHECKING:
    _BoolType = click.ParamType[bool]
else:
    _BoolType = click.ParamType


class Answer(_BoolType):
    """An answer to a yes/no question (:func:`okey_tui.i18n.answer`), read as a bool."""

    name = "answer"

    def convert(
        self, value: object, param: click.Parameter | None, ctx: click.Context | None
    ) -> bool:
        if isinstance(value, bool):  # the default, for an empty answer
            return value
        found = i18n.answer(str(value))
        if found is None:
            yes, no = i18n.answer_keys()
            self.fail(
                _("'{answer}' is not an answer: type {yes} for yes, {no} for no.").format(
                    answer=value, yes=yes, no=no
                ),
                param,
                ctx,
            )
        return found


def confirm(question: str) -> bool:
    """Ask ``question`` and wait for yes or no; no when the answer is empty. The keys
    stand after it as click writes them, the default in capitals: ``[y/N]``, ``[e/H]``.
    Anything else is refused in the language spoken and the question asked again. No
    answer at all (the input ends, Ctrl+C) is no: nothing is done, as for ``n`` (click
    ended with "Aborted!" and status 1)."""
    yes, no = i18n.answer_keys()
    keys = f"{yes}/{i18n.upper(no)}"
    try:
        said: bool = click.prompt(
            f"{question} [{keys}]", default=False, type=Answer(), show_default=False
        )
    except click.Abort:
        click.echo()
        return False
    return said
