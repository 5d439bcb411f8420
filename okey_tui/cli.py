"""The ``okey101`` command line.

Each command lives in its own module under :mod:`okey_tui.commands` and is
imported only when it runs, so ``okey101 --help`` starts fast.

``--lang tr|en`` (or ``OKEY101_LANG``) picks the language before any
command is looked up, given before the command or after it (``okey101 play
--lang tr``); help texts are marked with ``N_`` and translated when the
command is looked up, so one process can print help in either language.

A number a flag takes is checked by :class:`IntBetween` or :class:`FloatBetween`,
which say what the number must be and what was given, as okey101's own checks do
(click's ranges said "15 is not in the range 1<=x<=13."), and any other whole number
(``type=int``) by :class:`WholeNumber` ("a whole number, not abc").
"""

from __future__ import annotations

import contextlib
import copy
import importlib
import io
import os
import re
import sys
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

import click

from okey_tui import __version__, i18n
from okey_tui.i18n import N_, _

# command name -> (module, attribute, one-line help)
COMMANDS: dict[str, tuple[str, str, str]] = {
    "rules": (
        "okey_tui.commands.rules",
        "rules",
        N_("Print the rules of 101 Okey as this game plays them."),
    ),
    "stats": (
        "okey_tui.commands.stats",
        "stats",
        N_("Your statistics: matches, hands, openings, finishes."),
    ),
    "hint": (
        "okey_tui.commands.hint",
        "hint",
        N_("Show the best arrangement of a hand: melds, pairs, what is left."),
    ),
    "play": (
        "okey_tui.commands.play",
        "play",
        N_("Sit down at a table with three bots, or with friends at this terminal."),
    ),
    "saves": (
        "okey_tui.commands.saves",
        "saves",
        N_("Your unfinished matches: list them, or delete one."),
    ),
    "host": (
        "okey_tui.commands.host",
        "host",
        N_("Open a table friends join from their computers."),
    ),
    "join": (
        "okey_tui.commands.join",
        "join",
        N_("Take a seat at a friend's table (okey101 host opens one)."),
    ),
    "simulate": (
        "okey_tui.commands.simulate",
        "simulate",
        N_("Play bot-only matches and report how each seat did."),
    ),
    "web": (
        "okey_tui.commands.web",
        "web",
        N_("Serve the game as a web page: each visitor plays their own table."),
    ),
}

# click's own words (usage lines, errors) go through click's module-level ``_``.
_CLICK_MODULES = ("core", "decorators", "exceptions", "formatting", "parser", "termui", "types")


def use_our_catalogue_for_click() -> None:
    """Have click's own messages ("Usage:", "Show this message and exit.") speak our language."""
    for name in _CLICK_MODULES:
        module = importlib.import_module(f"click.{name}")
        if hasattr(module, "_"):
            module._ = i18n.gettext  # type: ignore[attr-defined]  # click's modules declare no _ for mypy; we replace theirs
        if hasattr(module, "ngettext"):
            module.ngettext = i18n.ngettext  # type: ignore[attr-defined]  # as above, for plurals


# The usage line's words: click's "[OPTIONS]", and the arguments the help texts name.
OPTIONS_METAVAR = N_("[OPTIONS]")
SUBCOMMAND_METAVAR = N_("COMMAND [ARGS]...")
ARGUMENT_METAVARS = {"tiles": N_("TILES"), "code": N_("CODE")}
# click.Path names what it takes in its errors ("File 'x' does not exist.") and metavar (FILE).
PATH_NAMES = {"file": N_("file"), "directory": N_("directory"), "path": N_("path")}
# Option metavars that name what the output shows: a match's ID is its column in
# ``okey101 saves`` ("Kimlik"), so ``--resume [KİMLİK]`` in Turkish; a FILE as click.Path's.
# Each upper-case word of a metavar is translated (``LEVEL[,LEVEL,LEVEL]``).
OPTION_METAVARS = {
    "ID": N_("ID"),
    "FILE": PATH_NAMES["file"],
    "LEVEL": N_("level"),
    "NAME": N_("name"),
    "TILE": N_("tile"),
    "SECONDS": N_("seconds"),
    "PACE": N_("pace"),
}
# click's number types by their class, most specific first: click names the type in its
# errors ("'abc' is not a valid integer range") and in the help's metavars (INTEGER RANGE).
TYPE_NAMES: dict[type, str] = {
    click.IntRange: N_("integer range"),
    click.FloatRange: N_("float range"),
    click.types.IntParamType: N_("integer"),
    click.types.FloatParamType: N_("float"),
    click.types.StringParamType: N_("text"),
}


def _shown(number: float) -> str:
    """A bound as a person writes it: 10, not 10.0; 0.1 as the language writes it (0,1)."""
    return str(int(number)) if float(number).is_integer() else i18n.decimal(number)


class _Between:
    """What :class:`IntBetween` and :class:`FloatBetween` share: a number within bounds (either
    may be None), refused as okey101 refuses a bad value: what it must be, not what was
    given, a value that is no number at all too (click said "'x' is not a valid integer
    range.")."""

    min: Any
    max: Any

    def accepts(self, number: Any) -> bool:
        """The number may be given (within the bounds)."""
        low, high = self.min, self.max
        return (low is None or number >= low) and (high is None or number <= high)

    def _describe_range(self) -> str:
        """The bounds as ``--help`` shows them, as :meth:`refusal` writes them: ``[0<=x<=10]``
        (click wrote ``10.0``), ``[0,1<=x<=1440]`` in Turkish."""
        if self.min is None:
            return f"x<={_shown(self.max)}"
        if self.max is None:
            return f"x>={_shown(self.min)}"
        return f"{_shown(self.min)}<=x<={_shown(self.max)}"

    def refusal(self, given: str) -> str:
        """What the value must be, and what was given (``given`` as it was typed)."""
        low, high = self.min, self.max
        if low is not None and high is not None:
            said = _("a number from {low} to {high}, not {value}")
        elif low is not None:
            said = _("a number of {low} or more, not {value}")
        else:
            said = _("a number of {high} or less, not {value}")
        return said.format(
            value=given,
            low="" if low is None else _shown(low),
            high="" if high is None else _shown(high),
        )

    def checked(
        self, number: Any, value: Any, param: click.Parameter | None, ctx: click.Context | None
    ) -> Any:
        """``number`` (``value`` read as a number) if it may be given, else refused."""
        if not self.accepts(number):
            given = value.strip() if isinstance(value, str) else _shown(value)
            raise click.BadParameter(self.refusal(given), ctx=ctx, param=param)
        return number


def not_plain(value: object) -> bool:
    """A number typed in other than the digits 0-9 and its signs: Python's ``int`` and
    ``float`` read "٣" (an Arabic-Indic 3) as 3 and "1_0" as 10."""
    return isinstance(value, str) and (not value.isascii() or "_" in value)


class IntBetween(_Between, click.IntRange):
    """click's IntRange (the help still shows ``[1<=x<=13]``), refused in okey101's words:
    "a number from 2 to 4, not 5"."""

    def __init__(self, min: int | None = None, max: int | None = None) -> None:
        click.IntRange.__init__(self, min, max)

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        try:
            if not_plain(value):
                raise ValueError(value)
            number = int(value)
        except (TypeError, ValueError):
            raise click.BadParameter(
                self.refusal(str(value).strip()), ctx=ctx, param=param
            ) from None
        return self.checked(number, value, param, ctx)


class FloatBetween(_Between, click.FloatRange):
    """click's FloatRange, refused in okey101's words: "a number from 0 to 10, not -1"."""

    def __init__(self, min: float | None = None, max: float | None = None) -> None:
        click.FloatRange.__init__(self, min, max)

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        # "0,5" as Turkish (and most of Europe) writes it is 0.5.
        text = value.strip().replace(",", ".") if isinstance(value, str) else value
        named = self.named(str(text)) if isinstance(value, str) else None
        if named is not None:
            return named
        try:
            if not_plain(text):
                raise ValueError(text)
            number = float(text)  # "nan" compares within no bounds: refused
        except (TypeError, ValueError):
            raise click.BadParameter(
                self.refusal(str(value).strip()), ctx=ctx, param=param
            ) from None
        return self.checked(number, value, param, ctx)

    def named(self, word: str) -> float | None:
        """A number given by name (none here; :class:`Pace` has the paces' names)."""
        return None


class ReadFile(click.File):
    """A file to read ('-' for stdin), refused in the player's language: click said
    "'nofile.txt': No such file or directory" in English on a Turkish screen."""

    def __init__(self) -> None:
        super().__init__("rb")

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        if isinstance(value, str) and value != "-":
            try:
                with open(value, "rb"):
                    pass
            except OSError as exc:
                from okey_tui.i18n import os_problem

                self.fail(os_problem(exc), param, ctx)
        return super().convert(value, param, ctx)


class WholeNumber(click.types.IntParamType):
    """A whole number (a seed), refused as okey101 refuses a bad value: "a whole number, not
    abc" (click said "'abc' is not a valid integer."). ``accepts`` and ``refusal`` make one
    that takes fewer numbers (``simulate --matches``: at least one)."""

    def accepts(self, number: int) -> bool:
        """The number may be given."""
        return True

    def refusal(self, given: str) -> str:
        """What the value must be, and what was given (``given`` as it was typed)."""
        return _("a whole number, not {value}").format(value=given)

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        given = value.strip() if isinstance(value, str) else str(value)
        try:
            if not_plain(value):
                raise ValueError(value)
            number = int(value)
        except (TypeError, ValueError):
            # No whole number at all: said so ("--matches x" was told to play at least one).
            said = WholeNumber.refusal(self, given)
            raise click.BadParameter(said, ctx=ctx, param=param) from None
        if not self.accepts(number):
            raise click.BadParameter(self.refusal(given), ctx=ctx, param=param)
        return number


class Pace(FloatBetween):
    """Seconds between bot moves, or a pace by the name the new-table screen gives it
    (``fast``, ``hızlı``): ``--bot-delay fast`` was refused as no number."""

    def __init__(self) -> None:
        from okey_tui.settings import MAX_BOT_DELAY

        super().__init__(0, MAX_BOT_DELAY)

    def named(self, word: str) -> float | None:
        from okey_tui.settings import pace_named

        return pace_named(word)

    def refusal(self, given: str) -> str:
        from okey_tui.settings import PACES

        names = ", ".join(_(label) for label, _seconds in PACES)
        return super().refusal(given) + " " + _("(or a pace: {names})").format(names=names)


def named_word(typed: str, names: Mapping[str, str]) -> str:
    """The word of ``names`` (each English word and its name, marked with ``N_``) a player
    typed: the word itself, or its name as the new-table screen says it in any of the
    game's languages (``klasik`` is ``classic``, ``kolay`` is ``easy``, whatever language
    the game speaks: the README's ``--type klasik`` was refused in English), in any case,
    Turkish ``İ`` and ``I`` as Turkish writes them. Another word comes back as typed
    (trimmed, in lower case), for the caller to refuse by name."""
    said = i18n.lower(typed.strip())
    for word, name in names.items():
        spoken = i18n.in_every_language(name)
        if said == i18n.lower(word) or any(
            said == i18n.lower(text, code) for code, text in spoken.items()
        ):
            return word
    return said


def both_names(names: Mapping[str, str]) -> str:
    """The words of ``names`` as a refusal lists them: each English word, and its name in
    the player's language where that is another word ("classic (klasik), rising (yükselen),
    challenge (düello) and 51"; in English "classic, rising, challenge and 51")."""
    listed = []
    for word, name in names.items():
        own = i18n.lower(_(name))
        listed.append(word if own == word else f"{word} ({own})")
    return i18n.and_list(listed)


if TYPE_CHECKING:
    _WordChoice = click.Choice[str]
else:  # click before 8.4 has no Choice[str]
    _WordChoice = click.Choice


class Named(_WordChoice):
    """click's Choice of English words (the help still shows ``[classic|rising|...]``) that
    also takes each one's name in the player's language (``--type klasik``), as
    :func:`named_word` reads it, and refuses another word with ``refusal`` (``{value}``:
    the word given, ``{names}``: :func:`both_names`)."""

    def __init__(self, names: Mapping[str, str], refusal: str) -> None:
        super().__init__(tuple(names), case_sensitive=False)
        self.names = dict(names)
        self.refusal = refusal

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> str:
        word = named_word(str(value), self.names)
        if not str(value).strip():  # "no game type is called : …", a blank named
            said = _("nothing given: choose one of {names}").format(names=both_names(self.names))
            self.fail(said, param=param, ctx=ctx)
        if word not in self.names:
            said = _(self.refusal).format(value=str(value).strip(), names=both_names(self.names))
            self.fail(said, param=param, ctx=ctx)
        return word


def _type_name(param_type: object) -> str | None:
    """The English name of one of click's number or path types, None for another type."""
    if isinstance(param_type, click.Path):
        if param_type.file_okay != param_type.dir_okay:  # as click.Path chooses its name
            return PATH_NAMES["file" if param_type.file_okay else "directory"]
        return PATH_NAMES["path"]
    return next((TYPE_NAMES[c] for c in type(param_type).__mro__ if c in TYPE_NAMES), None)


def _argument_metavar(param: click.Argument, name: str) -> str:
    """``[TAŞLAR]...``: as click writes an argument's metavar, in the current language."""
    shown = name if param.required else f"[{name}]"
    return shown + ("..." if param.nargs != 1 else "")


def localize(command: click.Command) -> click.Command:
    """Translate a command's help texts into the current language (the English kept aside)."""
    english: dict[str, str | None] = command.__dict__.setdefault(
        "_okey101_english",
        {"help": command.help, "short_help": command.short_help, "epilog": command.epilog},
    )
    for attr, text in english.items():
        setattr(command, attr, _(text) if text else text)
    command.options_metavar = _(OPTIONS_METAVAR)
    if isinstance(command, click.Group):
        command.subcommand_metavar = _(SUBCOMMAND_METAVAR)
    for param in command.params:
        original = param.__dict__.setdefault("_okey101_english", getattr(param, "help", None))
        if original:
            param.help = _(original)
        if isinstance(param, click.Argument) and param.name in ARGUMENT_METAVARS:
            param.metavar = _argument_metavar(param, _(ARGUMENT_METAVARS[param.name]))
        if type(param.type) is click.types.IntParamType:
            # A plain ``type=int`` (--seed) refuses "abc" in okey101's words too.
            param.type = WholeNumber()
        type_name = _type_name(param.type)
        if type_name is not None:
            # A copy: click shares one INT among every option declared ``type=int``.
            param.type = copy.copy(param.type)
            param.type.name = _(type_name)
        if isinstance(param, click.Option):
            metavar = param.__dict__.setdefault("_okey101_metavar", param.metavar)
            if metavar is None and type_name is not None and not param.is_flag:
                # click writes a type's name in upper case with str.upper: "METIN", not
                # "METİN" in Turkish; the language's own upper case here.
                param.metavar = i18n.upper(_(type_name))
            if metavar:
                param.metavar = re.sub(
                    r"[A-Z]+",
                    lambda word: (
                        i18n.upper(_(OPTION_METAVARS[word.group()]))
                        if word.group() in OPTION_METAVARS
                        else word.group()
                    ),
                    metavar,
                )
    command._help_option = None  # click caches its --help option with the words of the day
    return command


def _lang_in(args: list[str]) -> str | None:
    """The value of ``--lang`` in ``args`` (the group's or the command's, the last one given),
    read before anything else: the one place the language is chosen from."""
    found = None
    for i, arg in enumerate(args):
        if arg == "--":
            break
        if arg.startswith("--lang="):
            found = arg.partition("=")[2]
        elif arg == "--lang" and i + 1 < len(args):
            found = args[i + 1]
    return found


LANG_HELP = N_("Language: tr (Türkçe) or en (English); default: your choice, else the locale.")


def lang_option() -> click.Option:
    """``--lang`` after a command (``okey101 play --lang tr``) as before it: click checks the
    value; the group has chosen the language from it already (:func:`_lang_in`)."""
    return click.Option(
        ["--lang"],
        type=click.Choice(i18n.LANGUAGES, case_sensitive=False),
        expose_value=False,
        help=LANG_HELP,
    )


def with_lang_option(command: click.Command) -> click.Command:
    """Give a command its own ``--lang`` once (commands are imported once, looked up often)."""
    if not any(param.name == "lang" for param in command.params):
        command.params.append(lang_option())
    return command


# The language the command line asked for (--lang), if it did: ``okey101 web --lang tr``
# gives it to every visitor's table.
_requested: str | None = None


def requested_language() -> str | None:
    """The language ``--lang`` asked for (normalised), None when the command line named none."""
    return _requested


def choose_language(requested: str | None) -> str:
    """Speak the language asked for, else the remembered one, else the environment's."""
    global _requested
    _requested = i18n.normalise(requested)
    remembered = None
    if requested is None:
        from okey_tui.settings import load_settings

        # Only a peek: the command that uses the settings sets a damaged file aside, and says so.
        remembered = load_settings(keep_aside=False).language or None
    return i18n.set_language(i18n.resolve_language(requested, remembered))


class LazyGroup(click.Group):
    """A group whose commands are imported on first use, speaking the chosen language."""

    def main(self, *args: Any, **kwargs: Any) -> Any:
        """Run the command line. Output a terminal cannot write (a name with "ş" where the
        output is Latin-1, ASCII) is written with a stand-in character, not ended in a
        traceback."""
        for stream in (sys.stdout, sys.stderr):
            if isinstance(stream, io.TextIOWrapper) and stream.errors == "strict":
                with contextlib.suppress(ValueError, OSError):  # closed, or not a file
                    stream.reconfigure(errors="replace")
        return super().main(*args, **kwargs)

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        choose_language(_lang_in(args))
        localize(self)
        # OKEY101_LANG is read as the locale is (tr_TR.UTF-8 is tr): one okey101 does not
        # speak is said and passed over (as a value of --lang it refused every command).
        wanted = os.environ.get(i18n.ENV_LANG, "")
        if wanted and i18n.normalise(wanted) is None:
            said = _("{var}={value} is not a language okey101 speaks ({languages}): ignored")
            languages = ", ".join(i18n.LANGUAGES)
            click.echo(
                "okey101: "
                + said.format(
                    var=i18n.ENV_LANG, value=i18n.shortened(wanted, 40), languages=languages
                ),
                err=True,
            )
        return super().parse_args(ctx, args)

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted(set(super().list_commands(ctx)) | set(COMMANDS))

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        if cmd_name in COMMANDS:
            module_name, attr, _help = COMMANDS[cmd_name]
            command: click.Command = getattr(importlib.import_module(module_name), attr)
            return localize(with_lang_option(command))
        return super().get_command(ctx, cmd_name)

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        rows = [(name, _(COMMANDS[name][2])) for name in sorted(COMMANDS)]
        if rows:
            with formatter.section(_("Commands")):
                formatter.write_dl(rows)


use_our_catalogue_for_click()

# click's version_option words its line once, at import, before --lang is read: said here.
VERSION_LINE = N_("%(prog)s, version %(version)s")


def _print_version(ctx: click.Context, _param: click.Parameter, value: bool) -> None:
    if not value or ctx.resilient_parsing:
        return
    click.echo(_(VERSION_LINE) % {"prog": "okey101", "version": __version__}, color=ctx.color)
    ctx.exit()


@click.group(
    cls=LazyGroup,
    # okey101 alone: the help, and exit 0 (click's own said it as a usage error, exit 2).
    invoke_without_command=True,
    context_settings={"help_option_names": ["-h", "--help"]},
    help=N_("okey101: 101 Okey (yüzbir okey), the Turkish tile game, in your terminal."),
)
@click.option(
    "--lang",
    type=click.Choice(i18n.LANGUAGES, case_sensitive=False),
    expose_value=False,
    help=LANG_HELP,
)
@click.option(
    "--version",
    is_flag=True,
    expose_value=False,
    is_eager=True,
    callback=_print_version,
    help=N_("Show the version and exit."),
)
@click.pass_context
def main(ctx: click.Context) -> None:
    if ctx.invoked_subcommand is None:
        click.echo(ctx.get_help(), color=ctx.color)
