"""click's own messages that okey101's commands can show, marked so they reach the catalogue.

click words its usage lines and errors through gettext (``okey_tui.cli``
points that at okey101's catalogue); this list is how Babel finds them. A
message must match click's text exactly.
"""

from __future__ import annotations

from okey_tui.i18n import N_, ngettext

CLICK_MESSAGES = (
    N_("%(prog)s, version %(version)s"),
    N_("Aborted!"),
    N_("Commands"),
    N_("Error: {message}"),
    N_("Invalid value for {param_hint}: {message}"),
    N_("Invalid value: {message}"),
    N_("Missing argument"),
    N_("Missing command."),
    N_("Missing option"),
    N_("Missing parameter"),
    N_("No such command {name!r}."),
    N_("No such option {name!r}."),
    N_("Option {name!r} does not take a value."),
    N_("Options"),
    N_("Positional arguments"),
    N_("Show the version and exit."),
    N_("Show this message and exit."),
    N_("Try '{command} {option}' for help."),
    N_("Usage:"),
    N_("default: {default}"),
    N_("env var: {var}"),
    N_("Could not open file {filename!r}: {message}"),
    N_("{value!r} is not a valid {number_type}."),
    N_("{value} is not in the range {range}."),
    N_("Choose from:\n\t{choices}"),
    N_("{name} {filename!r} does not exist."),
    N_("{name} {filename!r} is a directory."),
    N_("{name} {filename!r} is not readable."),
)


def _counted() -> None:
    """click's counted messages (never called: Babel reads them from here)."""
    ngettext("Got unexpected extra argument ({args})", "Got unexpected extra arguments ({args})", 2)
    ngettext("Did you mean {possibility}?", "(Did you mean one of: {possibilities}?)", 2)
    ngettext(
        "Option {name!r} requires an argument.", "Option {name!r} requires {nargs} arguments.", 2
    )
    ngettext("{value!r} is not {choice}.", "{value!r} is not one of {choices}.", 2)
