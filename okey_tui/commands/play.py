"""``okey101 play``: sit down at a table with three bots."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import click

from okey_tui.cli import IntBetween, Named, Pace, both_names, named_word
from okey_tui.commands.ids import LATEST, given_id
from okey_tui.i18n import N_, _, decimal
from okey_tui.messages import BOT_LEVELS, GAME_TYPES
from okey_tui.settings import RULE_FLAGS

if TYPE_CHECKING:
    from okey_tui.ui.app import OkeyApp

TYPES = tuple(GAME_TYPES)
LEVELS = tuple(BOT_LEVELS)
# --type, here and at simulate: the English word or the new-table screen's name (klasik).
GAME_TYPE = Named(GAME_TYPES, N_("no game type is called {value}: the game types are {names}"))
# The help of the options simulate shares with play (and host), said one way.
TYPE_HELP = N_("Game type: classic, rising, challenge or 51.")
HANDS_HELP = N_("Hands in the match: 1-13, odd.")
PARTNERS_HELP = N_("Play in teams: seats across are partners.")
NO_PENALTY_HELP = N_("Play without penalties.")
SEED_HELP = N_("Seed of the deals: the same seed gives the same deals.")


class DelayOption(click.Option):
    """``--bot-delay``, whose help names the default pace as the language writes its
    numbers: "else 0.6", "o da yoksa 0,6" (``{seconds}`` in the help text)."""

    def get_help_record(self, ctx: click.Context) -> tuple[str, str] | None:
        from okey_tui.settings import TableSettings

        said = self.help
        if said:
            self.help = said.format(seconds=decimal(TableSettings.bot_delay))
        try:
            return super().get_help_record(ctx)
        finally:
            self.help = said


class HandCount(IntBetween):
    """``--hands``: an odd number from 1 to 13, refused in one message whatever is wrong."""

    def __init__(self) -> None:
        super().__init__(1, 13)

    def accepts(self, number: Any) -> bool:
        return bool(super().accepts(number) and number % 2 == 1)

    def refusal(self, given: str) -> str:
        return _("a match is 1, 3, 5, 7, 9, 11 or 13 hands, not {hands}").format(hands=given)


def table_changes(
    game_type: str | None,
    hands: int | None,
    no_penalty: bool | None,
    partners: bool | None,
    **rule_flags: bool | None,
) -> dict[str, object]:
    """The table settings the table flags ask for (shared by ``play`` and ``host``)."""
    changes: dict[str, object] = {}
    if game_type is not None:
        changes["game_type"] = game_type.lower()
    if hands is not None:
        changes["hands"] = hands
    # Each on/off flag, given either way, sets its choice (--penalty and --no-partners
    # turn off a remembered one); not given, it leaves the choice as it was.
    if no_penalty is not None:
        changes["penalties"] = not no_penalty
    if partners is not None:
        changes["partners"] = partners
    for flag, setting in RULE_FLAGS.items():
        if rule_flags.get(flag) is not None:
            changes[setting] = rule_flags[flag]
    return changes


def _people(
    practice: bool | None,
    no_tips: bool | None,
    humans: int | None,
    names: str | None,
    side_by_side: bool | None,
    name: str | None,
) -> dict[str, object]:
    """The practice and hot-seat flags as settings changes (none when none are given)."""
    from okey_tui.hotseat import (
        MAX_HUMANS,
        empty_name,
        empty_name_text,
        long_name,
        parse_names,
        repeated_name,
        repeated_name_text,
        screen_word_name,
        screen_word_text,
    )
    from okey_tui.settings import names_for_people_text, names_past_people

    changes: dict[str, object] = {}
    if practice:
        changes["practice"] = True
        changes["tips"] = not no_tips
    elif practice is not None:  # --no-practice: a table without hints, whatever remembered
        changes["practice"] = False
    elif no_tips:  # for a remembered practice table; refused below at any other
        changes["tips"] = False
    if names is not None:
        check_printable_name(names, "--names")
    listed = parse_names(names) if names is not None else ()
    empty = empty_name(names) if names is not None else None
    if empty is not None:
        raise click.BadParameter(empty_name_text(empty), param_hint="'--names'")
    too_long = long_name(names) if names is not None else None
    if too_long is not None:
        raise _long_name(too_long, "--names")
    if names is not None and not listed:
        raise click.BadParameter(
            _("give at least one name, like Ayşe,Mehmet"), param_hint="'--names'"
        )
    if humans is not None and names_past_people(humans, listed):
        # Fewer: "Player 2" would sit in the place of a person the names left out. The
        # new-table screen says the same of its People here.
        raise click.BadParameter(
            names_for_people_text(len(listed), humans, f"--humans {humans}"),
            param_hint="'--names'",
        )
    if humans is None and listed:
        if len(listed) > MAX_HUMANS:
            raise click.BadParameter(
                _("{names} names, but at most {most} people sit at a table").format(
                    names=len(listed), most=MAX_HUMANS
                ),
                param_hint="'--names'",
            )
        if len(listed) == 1:  # one person is no hot-seat table
            raise click.BadParameter(
                _(
                    "a hot-seat table is 2 to 4 people: give every person's name, "
                    "like Ayşe,Mehmet (--name gives only yours)"
                ),
                param_hint="'--names'",
            )
        humans = len(listed)
    twice = repeated_name(listed)
    if twice is not None:
        raise click.BadParameter(repeated_name_text(twice), param_hint="'--names'")
    you = screen_word_name(listed)
    if you is not None:
        raise click.BadParameter(screen_word_text(you), param_hint="'--names'")
    if listed and name is not None:
        raise click.UsageError(_("give --names (every person's name) or --name, not both"))
    if humans is not None:
        changes["humans"] = humans
        changes["humans_partners"] = not side_by_side
        if listed:
            changes["name"] = listed[0]
        changes["human_names"] = listed[1:humans]
    elif side_by_side:
        raise click.UsageError(_("--side-by-side is for hot-seat tables: give --humans 2"))
    if side_by_side and humans != 2:
        raise click.UsageError(
            _("--side-by-side is for two people, not {humans}").format(humans=humans)
        )
    return changes


def check_own_name(name: str) -> None:
    """Refuse ``--name You`` (or Sen) at a table with other people: every screen calls its
    own player so, and the others would read "You discarded R2" of this one."""
    from okey_tui.hotseat import own_name_text, screen_word_name

    if screen_word_name([name]) is not None:
        raise click.BadParameter(own_name_text(name), param_hint="'--name'")


def check_printable_name(name: str, option: str) -> None:
    """Refuse a name with a character a table cannot show: a control character (an escape
    sequence would reach the terminal), a line break, a bidi override or a zero-width
    character (the same test as the tables on the network clean names by)."""
    at, char = next(((i, ch) for i, ch in enumerate(name, 1) if not ch.isprintable()), (0, ""))
    if not char:
        return
    raise click.BadParameter(
        _(
            "character {n} ({code}) is a control or invisible character, which a table "
            "cannot show: give names of letters, digits, spaces and punctuation"
        ).format(n=at, code=f"U+{ord(char):04X}"),
        param_hint=f"'{option}'",
    )


def check_seat_name(name: str, option: str = "--name") -> None:
    """Refuse a name a seat cannot take, in the same words at every command (host and join
    said "a name is 1-16 characters" where play said what was wrong with it): none given,
    a character a table cannot show, or too long."""
    from okey_tui.hotseat import MAX_NAME

    if not name.strip():
        raise click.BadParameter(_("give a name, like Ayşe"), param_hint=f"'{option}'")
    check_printable_name(name, option)
    if len(name.strip()) > MAX_NAME:
        raise _long_name(name.strip(), option)


def _long_name(name: str, option: str) -> click.BadParameter:
    """A name longer than a table takes (host and join refuse it too), refused, not cut."""
    from okey_tui.hotseat import too_long_text

    return click.BadParameter(too_long_text(name), param_hint=f"'{option}'")


def _bots(value: str | None) -> tuple[str, str, str] | None:
    if value is None:
        return None
    # The English words, or the levels as the new-table screen names them ("kolay", "uzman").
    levels = [named_word(v, BOT_LEVELS) for v in value.split(",")]
    if any(not level.strip() for level in levels):  # "easy," was easy, "easy,,hard" vague
        raise click.BadParameter(
            _(
                "a bot level is missing: give one level (easy, normal, hard, expert) or three "
                "separated by commas, like easy,normal,hard"
            ),
            param_hint="'--bots'",
        )
    if len(levels) == 1:
        levels *= 3
    unknown = [lv for lv in levels if lv not in LEVELS]
    if unknown:
        # Which word is wrong (it said only what a right value looks like).
        raise click.BadParameter(
            _(
                "no bot level is called {level}: the levels are {levels}; give one for every "
                "seat, or three separated by commas, like easy,normal,hard"
            ).format(level=unknown[0], levels=both_names(BOT_LEVELS)),
            param_hint="'--bots'",
        )
    if len(levels) != 3:
        raise click.BadParameter(
            _(
                "give one level (easy, normal, hard, expert) or three separated by commas, "
                "like easy,normal,hard"
            ),
            param_hint="'--bots'",
        )
    return (levels[0], levels[1], levels[2])


@click.command(
    name="play",
    help=N_(
        "Sit down at a table with three bots, or with friends at this terminal (--humans).\n\n"
        "\b\n"
        "Without flags the new-table screen asks, and remembers what you choose\n"
        "there. These flags skip it and start a match at once:\n"
        "  --type --hands --no-penalty --partners --finisher-zero --pairs-lay-off\n"
        "  --finish-needs-floor --give-back-penalty --bots --seed --name\n"
        "  --practice --no-tips --humans --names --side-by-side --defaults\n"
        "What they do not set comes from your remembered choices (with --defaults,\n"
        "the built-in ones); the other form of an on/off flag (--penalty,\n"
        "--no-partners, --no-practice, --humans 1) turns a remembered choice off.\n"
        "They apply to this match only (--remember keeps them for next time).\n"
        "--bot-delay and --remember alone do not skip the screen; --resume goes\n"
        "straight to the unfinished match."
    ),
)
@click.option(
    "--type",
    "game_type",
    type=GAME_TYPE,
    help=TYPE_HELP,
)
@click.option("--hands", type=HandCount(), help=HANDS_HELP)
@click.option("--no-penalty/--penalty", default=None, help=NO_PENALTY_HELP)
@click.option("--partners/--no-partners", default=None, help=PARTNERS_HELP)
@click.option(
    "--bots",
    "bots",
    metavar="LEVEL[,LEVEL,LEVEL]",
    help=N_(
        "Bot level for all seats, or one per seat (right, across, left): easy, normal, hard, expert."
    ),
)
@click.option("--seed", type=int, help=SEED_HELP)
@click.option(
    "--bot-delay",
    cls=DelayOption,
    type=Pace(),
    default=None,
    metavar="SECONDS|PACE",
    help=N_(
        "Seconds between bot moves, or a pace: instant, fast, normal, slow "
        "(default: your last choice, else {seconds})."
    ),
)
@click.option(
    "--finisher-zero/--no-finisher-zero",
    default=None,
    help=N_("Table option: the finisher scores 0 instead of -101."),
)
@click.option(
    "--pairs-lay-off/--no-pairs-lay-off",
    default=None,
    help=N_("Table option: a pairs opener may add tiles to runs and sets."),
)
@click.option(
    "--finish-needs-floor/--no-finish-needs-floor",
    default=None,
    help=N_("Table option: an opening that finishes the hand must reach the floor."),
)
@click.option(
    "--give-back-penalty/--no-give-back-penalty",
    default=None,
    help=N_("Table option: giving back an unused left discard costs +101."),
)
@click.option(
    "--resume",
    metavar="[ID]",
    is_flag=False,
    flag_value=LATEST,
    callback=given_id,
    default=None,
    help=N_(
        "Continue an unfinished match where it stopped: the latest, or the one with this ID "
        "(okey101 saves lists them)."
    ),
)
@click.option("--name", help=N_("Your name at the table (at most 16 characters)."))
@click.option(
    "--practice/--no-practice",
    default=None,
    help=N_("Practice table: h shows hints, u undoes a step this turn, tips for a first hand."),
)
@click.option(
    "--no-tips",
    is_flag=True,
    default=None,
    help=N_("At a practice table (--practice, or your remembered choice): no first-hand tips."),
)
@click.option(
    "--humans",
    type=IntBetween(1, 4),
    help=N_(
        "Hot-seat: how many people share this terminal (2-4; 1: you alone); bots take the "
        "other seats."
    ),
)
@click.option(
    "--names",
    metavar="NAME,NAME,...",
    help=N_(
        "Hot-seat: every person's name in seat order, like Ayşe,Mehmet; without --humans, "
        "2-4 names seat as many people."
    ),
)
@click.option(
    "--side-by-side",
    is_flag=True,
    default=None,
    help=N_(
        "Hot-seat with two people: sit side by side (opponents at a partners table), not across."
    ),
)
@click.option(
    "--defaults",
    is_flag=True,
    help=N_(
        "Start from the built-in table choices, not your remembered ones: what the other "
        "flags do not set is the default (your name, the bots' pace and the look stay yours)."
    ),
)
@click.option(
    "--remember",
    is_flag=True,
    help=N_("Also keep this table's flags as your choices for next time (flags alone never do)."),
)
def play(
    game_type: str | None,
    hands: int | None,
    no_penalty: bool | None,
    partners: bool | None,
    bots: str | None,
    seed: int | None,
    bot_delay: float | None,
    name: str | None,
    resume: str | None,
    practice: bool | None = None,
    no_tips: bool | None = None,
    humans: int | None = None,
    names: str | None = None,
    side_by_side: bool | None = None,
    finisher_zero: bool | None = None,
    pairs_lay_off: bool | None = None,
    finish_needs_floor: bool | None = None,
    give_back_penalty: bool | None = None,
    remember: bool = False,
    defaults: bool = False,
) -> None:
    if name is not None:
        check_seat_name(name)
    levels = _bots(bots)

    from okey_tui.commands.terminal import run_app
    from okey_tui.settings import (
        load_settings,
        put_settings_back,
        save_settings,
        settings_file,
        take_problems,
    )
    from okey_tui.ui.app import make_app

    changes = table_changes(
        game_type,
        hands,
        no_penalty,
        partners,
        finisher_zero=finisher_zero,
        pairs_lay_off=pairs_lay_off,
        finish_needs_floor=finish_needs_floor,
        give_back_penalty=give_back_penalty,
    )
    if levels is not None:
        changes["bots"] = levels
    if name is not None:
        changes["name"] = name.strip()
    changes.update(_people(practice, no_tips, humans, names, side_by_side, name))
    # Every argument is checked before the settings file is touched (a damaged one is set
    # aside, one with values that cannot be used rewritten): a refused command changes
    # nothing. The checks that need the remembered choices peek at them.
    if resume is not None:
        if changes or seed is not None or remember or defaults:
            raise click.UsageError(
                _("--resume continues the saved match as it was: give no table flags")
            )
        _resume(resume, bot_delay)
        return
    peeked = load_settings(keep_aside=False)
    if defaults:  # the built-in table choices under the flags, not the remembered ones
        peeked = peeked.table_defaults()
    peeked = peeked.with_changes(**changes).checked()
    if no_tips and practice is False:
        raise click.UsageError(_("--no-tips is for practice tables: leave out --no-practice"))
    if no_tips and not peeked.practice:  # it went unsaid, and started a table without tips
        raise click.UsageError(_("--no-tips is for practice tables: give --practice too"))
    settings = load_settings()
    if defaults:
        settings = settings.table_defaults()
    settings = settings.with_changes(**changes).checked()
    unsaved = ""
    kept_before = settings_file() if remember else None
    if remember:  # the flags, the pace of --bot-delay with them, kept for next time
        paced = settings if bot_delay is None else settings.with_changes(bot_delay=bot_delay)
        unsaved = save_settings(paced.checked())
    ask = not changes and seed is None and not defaults
    message = ""
    if unsaved:  # asked for, and not done: said, never silently dropped
        unsaved = _("Your choices were not remembered: {why}").format(why=unsaved)
        click.echo(f"okey101: {unsaved}", err=True)
        message = unsaved
    if not ask:  # no new-table screen: said on the table, and left above the game's screen
        problems = take_problems()
        for problem in problems:
            click.echo(problem, err=True)
        message = "\n".join([*problems, message] if message else problems)
    app = make_app(settings=settings, ask=ask, seed=seed, bot_delay=bot_delay, message=message)
    try:
        run_app(app)
    except click.ClickException:
        # No terminal to play in: no table opened, so none of its choices is remembered
        # (the next start found them kept).
        if remember:
            put_settings_back(kept_before)
        raise
    _left(app)


def _left(app: OkeyApp) -> None:
    """The screen is gone: how to go on with the match, if one was left unfinished, stays
    on the terminal (the quit question said it, and went with the screen)."""
    note = app.leave_note()
    if note:
        click.echo(note)


def _resume(match_id: str, bot_delay: float | None) -> None:
    """``--resume [ID]``: the chosen (or latest) unfinished match, if no other okey101 has it.

    What this run found wrong (a save set aside, the settings) is said on the table when
    it opens, and stays on the terminal once the game closes."""
    from okey_tui import storage
    from okey_tui.commands.terminal import run_app
    from okey_tui.settings import load_settings, take_problems
    from okey_tui.ui.app import make_app

    saves = storage.list_saves()
    problems = [str(p) for p in saves.problems]
    entry = saves.find(match_id) if match_id else next(iter(saves.entries), None)
    newer = saves.find_newer(match_id) if entry is None and match_id else None
    ids = [e.id for e in saves.entries] + [n.id for n in saves.newer]
    starts = [i for i in ids if match_id and i.startswith(match_id)]
    if match_id not in ids and len(starts) > 1:
        # A start of several ids, one a newer okey101's: "update okey101" was said.
        entry = newer = None
    if newer is not None:  # not damaged, not missing: kept, for a newer okey101
        for problem in problems:
            click.echo(f"okey101: {problem}", err=True)
        said = _(
            "the match {id} was saved by a newer okey101 (save version {found}; "
            "this one reads {version}): update okey101 to continue it"
        ).format(id=newer.id, found=newer.version, version=storage.VERSION)
        raise click.BadParameter(said, param_hint="'--resume'")
    if entry is None and match_id:
        from okey_tui.commands.saves import not_one_match

        for problem in problems:  # the match asked for may be the one set aside
            click.echo(f"okey101: {problem}", err=True)
        said = not_one_match(saves, match_id, _("okey101 saves lists them"))
        raise click.BadParameter(said, param_hint="'--resume'")
    if entry is None:
        # The saves set aside now are said here; those left where they are, unreadable,
        # the new-table screen says as it lists the saves (they were said twice). A save
        # or a folder that could not be read may hold one: "no saved match" is not said.
        moved = [str(p) for p in saves.problems if p.moved_to is not None]
        unread = saves.unreadable or any(p.moved_to is None for p in saves.problems)
        missing = [] if unread else [_("There is no saved match to resume: start a new one.")]
        message = "\n".join([*moved, *missing])
        # A new table, as okey101 play starts one: no terminal said in a line, and how to
        # go on with the match left unfinished kept on the terminal.
        app = make_app(ask=True, bot_delay=bot_delay, message=message)
        run_app(app)
        _left(app)
        return
    try:
        lock = storage.MatchLock(entry.path)
    except (storage.SaveInUseError, OSError) as exc:
        for problem in problems:
            click.echo(f"okey101: {problem}", err=True)
        click.echo(f"okey101: {exc}", err=True)
        if isinstance(exc, storage.SaveInUseError) and not match_id and len(saves.entries) > 1:
            # The latest match is played elsewhere: the others are still there to resume.
            click.echo(
                "okey101: "
                + _(
                    "To resume another unfinished match: okey101 play --resume ID "
                    "(okey101 saves lists them)."
                ),
                err=True,
            )
        raise SystemExit(1) from None
    # The settings are read (a damaged file set aside) once the match is ours to play.
    settings = load_settings()
    problems = [*take_problems(), *problems]
    message = "\n".join(problems)  # said on the table as it opens
    app = make_app(
        settings=settings,
        ask=True,
        bot_delay=bot_delay,
        resume=entry.id,
        lock=lock,
        message=message,
    )
    try:
        run_app(app)
    finally:
        lock.release()
    _left(app)
    for problem in problems:
        click.echo(f"okey101: {problem}", err=True)
