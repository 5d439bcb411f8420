"""The new-table choices a player made last time, kept in a small JSON file.

The file lives in the user config dir (platformdirs). ``OKEY101_CONFIG_DIR``
points it elsewhere: tests use a temporary dir so a developer's own
settings are never read or written.
"""

from __future__ import annotations

import contextlib
import functools
import gettext
import json
import math
import os
import shutil
from collections.abc import Sequence
from dataclasses import asdict, dataclass, field, replace
from pathlib import Path

from okey_tui.engine.rules import MATCH_LENGTHS, GameType, RuleSet
from okey_tui.i18n import (
    DOMAIN,
    LANGUAGES,
    LOCALE_DIR,
    N_,
    _,
    lower,
    ngettext,
    os_problem,
    shortened,
)
from okey_tui.i18n import in_every_language as by_language
from okey_tui.storage import aside_path, atomic_write, set_aside

# Bot pace choices (the new-table screen's line, ``--bot-delay fast``): seconds between
# bot moves.
PACES = ((N_("instant"), 0.0), (N_("fast"), 0.3), (N_("normal"), 0.6), (N_("slow"), 1.2))

SETTINGS_VERSION = 1
ENV_DIR = "OKEY101_CONFIG_DIR"
BOT_LEVELS = ("easy", "normal", "hard", "expert")
# The table's look: "felt" is the green table, "dark" a plain dark one.
THEMES = ("felt", "dark")
# The name of a player who gave none. Saves and statistics keep this English word;
# screens and commands say it in their language (:func:`shown_name`).
# The table-option flags of ``play`` that only switch an option on, and the setting each
# one sets (``--finisher-zero`` is ``finisher_zero``).
RULE_FLAGS = {
    "finisher_zero": "finisher_scores_zero",
    "pairs_lay_off": "pairs_opener_lays_off",
    "finish_needs_floor": "finish_opening_needs_floor",
    "give_back_penalty": "give_back_penalty",
}


# The choices that describe a table (the new-table screen's, and the flags'): ``--defaults``
# puts them back to the built-in ones.
TABLE_CHOICES = (
    "game_type",
    "penalties",
    "partners",
    "hands",
    "bots",
    "practice",
    "tips",
    "humans",
    "human_names",
    "humans_partners",
    *RULE_FLAGS.values(),
)


def replay_command(
    seed: int,
    rules: RuleSet,
    people: Sequence[str] = (),
    side_by_side: bool = False,
    *,
    levels: Sequence[str] = ("normal", "normal", "normal"),
    practice: bool = False,
    tips: bool = True,
) -> str:
    """The command that deals a match of ``rules`` from ``seed`` again: the same tiles in
    every hand (the players' and bots' moves are theirs); at a shared terminal the same
    ``people`` (their names; "" for one who gave none) in the same seats; the same bots
    (``levels``, right, across, left) and a practice table again (its tips off, if they
    were).

    ``--defaults`` starts it from the built-in table choices, not from those remembered by
    whoever runs it (a player who had remembered hard bots got them for the same seed, and
    a friend's remembered choices would deal another table): the command is the table's
    whole description, the choices that are not the built-in ones said.

    >>> replay_command(762898, RuleSet(game_type=GameType.RISING, partners=True, hands=5))
    'okey101 play --seed 762898 --defaults --type rising --hands 5 --partners'
    >>> replay_command(7, RuleSet(penalties=False, finisher_scores_zero=True))
    'okey101 play --seed 7 --defaults --no-penalty --finisher-zero'
    >>> replay_command(7, RuleSet(), ["Ayşe", "Ali Can"], side_by_side=True)
    "okey101 play --seed 7 --defaults --humans 2 --names 'Ayşe,Ali Can' --side-by-side"
    >>> replay_command(7, RuleSet(), levels=("hard",) * 3, practice=True, tips=False)
    'okey101 play --seed 7 --defaults --bots hard --practice --no-tips'
    >>> replay_command(7, RuleSet(), levels=("easy", "hard", "hard"))
    'okey101 play --seed 7 --defaults --bots easy,hard,hard'
    """
    import shlex

    parts = ["okey101", "play", "--seed", str(seed), "--defaults"]
    if len(people) > 1:  # the hot-seat table: the same people in the same seats
        parts += ["--humans", str(len(people))]
        # (A name with a comma cannot be one of --names: the people are then called by
        # their seats, as where one gave no name.)
        if all(people) and not any("," in name for name in people):
            parts += ["--names", shlex.quote(",".join(people))]
        if side_by_side:
            parts += ["--side-by-side"]
    if rules.game_type is not GameType.CLASSIC:
        parts += ["--type", rules.game_type.value]
    if rules.hands != RuleSet().hands:
        parts += ["--hands", str(rules.hands)]
    if not rules.penalties:
        parts += ["--no-penalty"]
    if rules.partners:
        parts += ["--partners"]
    parts += [
        f"--{flag.replace('_', '-')}"
        for flag, field_name in RULE_FLAGS.items()
        if getattr(rules, field_name)
    ]
    if tuple(levels) != TableSettings().bots:
        parts += ["--bots", levels[0] if len(set(levels)) == 1 else ",".join(levels)]
    if practice:
        parts += ["--practice"] if tips else ["--practice", "--no-tips"]
    return " ".join(parts)


DEFAULT_NAME = N_("You")


# The name of a person at a shared terminal who gave none (the first of them too).
PLAYER_N = N_("Player {n}")


def shown_name(name: str) -> str:
    """A stored player name as the screen says it: the default names in the current
    language, a name the player typed as typed.

    >>> shown_name(DEFAULT_NAME), shown_name("Player 2"), shown_name("Ayşe")
    ('You', 'Player 2', 'Ayşe')
    """
    if name == DEFAULT_NAME:
        return _(DEFAULT_NAME)
    number = player_number(name)
    return name if number is None else _(PLAYER_N).format(n=number)


def player_number(name: str) -> int | None:
    """The n of a hot-seat player's default name ("Player 2", "Oyuncu 2": 2), said in any
    language okey101 speaks; None for any other name.

    >>> player_number("Oyuncu 3"), player_number("Player 1"), player_number("Player 9")
    (3, 1, None)
    """
    for said in in_every_language(PLAYER_N):
        before, _n, after = said.partition("{n}")
        if name.startswith(before) and name.endswith(after):
            middle = name[len(before) : len(name) - len(after)]
            if middle in ("1", "2", "3", "4"):
                return int(middle)
    return None


@functools.cache
def in_every_language(message: str) -> frozenset[str]:
    """``message`` as every language okey101 speaks says it, the English among them.

    >>> sorted(in_every_language(DEFAULT_NAME))
    ['Sen', 'You']
    """
    return frozenset(
        gettext.translation(DOMAIN, LOCALE_DIR, languages=[code], fallback=True).gettext(message)
        for code in LANGUAGES
    ) | {message}


def default_names() -> frozenset[str]:
    """The default name as every language okey101 speaks says it ("You", "Sen")."""
    return in_every_language(DEFAULT_NAME)


def stored_name(name: str) -> str:
    """A player's name as settings, saves and statistics keep it: the default names, said
    in any language, in English (:data:`DEFAULT_NAME`, "Player 2": one player, shown in
    the language of the day); any other name as typed.

    >>> stored_name("Sen"), stored_name("You"), stored_name("Oyuncu 2"), stored_name("Ayşe")
    ('You', 'You', 'Player 2', 'Ayşe')
    """
    if name in default_names():
        return DEFAULT_NAME
    number = player_number(name)
    return name if number is None else PLAYER_N.format(n=number)


def names_past_people(humans: int, names: Sequence[str]) -> int:
    """How many names more (> 0) or fewer (< 0) than the ``humans`` people sharing the
    terminal ``names`` gives; 0 when every person has one, or when none is given (each is
    then called by their seat, "Player 2"). Fewer would seat a "Player 3" in the place of a
    person the names left out, more would leave a name out: both are refused.

    >>> names_past_people(3, ["Ali", "Veli"]), names_past_people(2, ["Ali", "Veli", "Cem"])
    (-1, 1)
    >>> names_past_people(3, []), names_past_people(2, ["Ali", "Veli"])
    (0, 0)
    """
    return len(names) - humans if names else 0


def names_for_people_text(names: int, humans: int, where: str) -> str:
    """What ``names`` names for ``humans`` people (:func:`names_past_people` not 0) is told;
    ``where`` names the choice of how many people: "People here", "--humans 3".

    >>> names_for_people_text(2, 3, "People here")
    '2 names for 3 people (People here): give every person a name, like Ayşe,Mehmet'
    >>> names_for_people_text(2, 1, "People here")
    '2 names for 1 person (People here): give one name'
    >>> names_for_people_text(4, 3, "--humans 3")
    '4 names for 3 people (--humans 3): give 3 names, one for each person'
    """
    if names < humans:
        said = ngettext(
            "{names} name for {humans} people ({where}): "
            "give every person a name, like Ayşe,Mehmet",
            "{names} names for {humans} people ({where}): "
            "give every person a name, like Ayşe,Mehmet",
            names,
        )
    else:  # "give at most 3 names" read as if fewer would do: they are refused too
        said = ngettext(
            "{names} names for {humans} person ({where}): give one name",
            "{names} names for {humans} people ({where}): give {humans} names, one for each person",
            humans,
        )
    return said.format(names=names, humans=humans, where=where)


@dataclass(frozen=True)
class TableSettings:
    """What the new-table screen asks for."""

    game_type: str = GameType.CLASSIC.value
    penalties: bool = True
    partners: bool = False
    hands: int = 11
    bots: tuple[str, str, str] = ("normal", "normal", "normal")
    name: str = DEFAULT_NAME
    colour_blind: bool = False
    extra: dict[str, object] = field(default_factory=dict, compare=False)
    bot_delay: float = 0.6
    # The expert bot's thinking time per decision, in milliseconds.
    expert_budget_ms: int = 300
    theme: str = "felt"
    # Practice table: hints (h), penalty confirms, undo, first-hand tips.
    practice: bool = False
    tips: bool = True
    mark_okeys: bool = False
    # Hot-seat: how many people share the terminal, the names of all but the
    # first (who is ``name``), and whether two humans sit across (partners at a
    # partners table) or side by side (opponents there).
    humans: int = 1
    human_names: tuple[str, ...] = ()
    humans_partners: bool = True
    # The other table options of docs/rules.md section 16 (all off: the house rules).
    finisher_scores_zero: bool = False
    pairs_opener_lays_off: bool = False
    finish_opening_needs_floor: bool = False
    give_back_penalty: bool = False
    # The language chosen on the new-table screen ("en", "tr"); "" follows the environment.
    language: str = ""
    # The terminal's bell when this seat's turn comes after a long wait for the others.
    bell: bool = True
    # The log column hidden with l on a terminal wide enough to show it beside the table
    # (on a small one the log is hidden anyway, and l shows it over the table for a look).
    log_hidden: bool = False

    def rules(self) -> RuleSet:
        return RuleSet(
            game_type=GameType(self.game_type),
            penalties=self.penalties,
            partners=self.partners,
            hands=self.hands,
            finisher_scores_zero=self.finisher_scores_zero,
            pairs_opener_lays_off=self.pairs_opener_lays_off,
            finish_opening_needs_floor=self.finish_opening_needs_floor,
            give_back_penalty=self.give_back_penalty,
        )

    def table_defaults(self) -> TableSettings:
        """The built-in choices of a table (``--defaults``), the player's own kept: their
        name, the bots' pace and the expert's time, the table's look, language and bell."""
        default = TableSettings()
        return replace(self, **{name: getattr(default, name) for name in TABLE_CHOICES})

    def own_choices(self) -> TableSettings:
        """The player's own choices of how the game looks and sounds, on the defaults of
        everything else: for a seat at another's table, whose rules and bots are the host's."""
        return TableSettings(
            theme=self.theme,
            colour_blind=self.colour_blind,
            bell=self.bell,
            log_hidden=self.log_hidden,
        )

    def with_changes(self, **changes: object) -> TableSettings:
        return replace(self, **changes)  # type: ignore[arg-type]  # the dataclass checks the fields; checked() the values

    def checked(self) -> TableSettings:
        """The same settings with anything out of range put back to its default."""
        # Names as a table on the network cleans them: one line of printable text.
        from okey_tui.net.protocol import MAX_NAME, clean_text

        default = TableSettings()
        game_type = self.game_type if self.game_type in {g.value for g in GameType} else "classic"
        hands = self.hands if self.hands in MATCH_LENGTHS else default.hands
        bots = tuple(b if b in BOT_LEVELS else "normal" for b in self.bots)
        bots = (bots + ("normal",) * 3)[:3]
        # The default name in another language (a table set up in Turkish keeps "Sen")
        # is the default name: it follows the language.
        name = stored_name(clean_text(self.name or "", MAX_NAME) or default.name)
        return replace(
            self,
            game_type=game_type,
            hands=hands,
            bots=bots,  # type: ignore[arg-type]  # a 3-tuple of levels, checked just above
            name=name,
            penalties=bool(self.penalties),
            partners=bool(self.partners),
            colour_blind=bool(self.colour_blind),
            bot_delay=_delay(self.bot_delay),
            expert_budget_ms=_budget(self.expert_budget_ms),
            theme=self.theme if self.theme in THEMES else default.theme,
            practice=bool(self.practice),
            tips=bool(self.tips),
            mark_okeys=bool(self.mark_okeys),
            humans=self.humans if self.humans in (1, 2, 3, 4) else default.humans,
            human_names=tuple(clean_text(str(n), MAX_NAME) for n in self.human_names)[:3],
            humans_partners=bool(self.humans_partners),
            finisher_scores_zero=bool(self.finisher_scores_zero),
            pairs_opener_lays_off=bool(self.pairs_opener_lays_off),
            finish_opening_needs_floor=bool(self.finish_opening_needs_floor),
            give_back_penalty=bool(self.give_back_penalty),
            language=self.language if self.language in LANGUAGES else "",
            bell=bool(self.bell),
            log_hidden=bool(self.log_hidden),
        )


# A turn that comes after this many seconds of waiting for the others rings the bell (when
# the player's choices ask for it): long for a table of bots, usual for friends' turns.
BELL_AFTER = 10.0

# The slowest pace, in seconds between bot moves (--bot-delay takes 0 to this).
MAX_BOT_DELAY = 10.0


def _delay(value: object) -> float:
    try:
        delay = float(value)  # type: ignore[arg-type]  # any JSON value: float() refuses what is not a number
    except (TypeError, ValueError, OverflowError):  # OverflowError: an integer of 310 digits
        return TableSettings.bot_delay
    if math.isnan(delay):  # NaN (JSON as Python reads it) compares within no bounds
        return TableSettings.bot_delay
    return min(max(delay, 0.0), MAX_BOT_DELAY)


def _budget(value: object) -> int:
    try:
        budget = int(str(value))
    except (TypeError, ValueError):
        return TableSettings.expert_budget_ms
    return min(max(budget, 50), 5000)


def config_dir() -> Path:
    override = os.environ.get(ENV_DIR)
    if override:
        return Path(override)
    from platformdirs import user_config_dir

    return Path(user_config_dir("okey101", appauthor=False))


def settings_path() -> Path:
    return config_dir() / "settings.json"


# What load_settings had to set aside, said once by whoever shows it (take_problems).
_problems: list[str] = []


def take_problems() -> list[str]:
    """The notices of settings files set aside since the last call (then forgotten)."""
    problems = list(_problems)
    _problems.clear()
    return problems


# The settings files of a newer okey101, and those that could not be read, said already in
# this run (said once, not at each load).
_said_newer: set[Path] = set()
_said_unreadable: set[Path] = set()


def newer_version(data: object) -> int | None:
    """The version of a settings document written by a newer okey101, else None."""
    if not isinstance(data, dict):
        return None
    version = data.get("version")
    if type(version) is int and version > SETTINGS_VERSION:
        return version
    return None


def newer_text(found: int) -> str:
    return _(
        "Your settings were written by a newer okey101 (settings version {found}; this one "
        "reads {version}): they are left as they are, and this okey101 plays with its own "
        "defaults and does not remember choices"
    ).format(found=found, version=SETTINGS_VERSION)


def load_settings(keep_aside: bool = True) -> TableSettings:
    """The saved choices, or the defaults when there are none.

    A file that is not a settings document of this version (damaged, edited by hand,
    or written by another version) is renamed out of the way, never overwritten, and
    :func:`take_problems` says where it went; with ``keep_aside`` False (a reader that
    only peeks, and will not write) it is left where it is. A document whose values
    cannot all be used (edited by hand: ``"hands": 4``, ``"theme": "neon"``) gives the
    ones it can; with ``keep_aside`` the file as it was is kept beside it (a copy) and the
    settings in use written in its place, and :func:`take_problems` says which key, what
    value and what is used instead.
    """
    path = settings_path()
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        return TableSettings()  # none yet
    except IsADirectoryError:
        # A folder in its place: said as a damaged file is (the new-table screen said
        # nothing, then a choice made at the table was "not remembered" in a passing note).
        if keep_aside and path not in _said_unreadable:
            _said_unreadable.add(path)
            _problems.append(
                _(
                    "Your settings could not be read (a folder is where the file should "
                    "be: {file}): this okey101 plays with its defaults and cannot remember "
                    "choices until that folder is moved"
                ).format(file=path)
            )
        return TableSettings()
    except OSError as exc:
        # Not readable here (root's file after a sudo okey101): the defaults, said once a
        # run, and the file never written over (save_settings).
        if keep_aside and path not in _said_unreadable:
            _said_unreadable.add(path)
            _problems.append(
                _(
                    "Your settings could not be read ({error}): this okey101 plays with its "
                    "defaults, and the file is left as it is"
                ).format(error=os_problem(exc))
            )
        return TableSettings()
    try:
        # Not UTF-8: a UnicodeDecodeError, a ValueError. The mark some editors (Notepad)
        # put before UTF-8 text is read past.
        data = json.loads(raw.decode("utf-8-sig"))
        found = newer_version(data)
        if found is not None:  # kept for the okey101 that wrote it, as its saves are
            if keep_aside and path not in _said_newer:
                _said_newer.add(path)
                _problems.append(newer_text(found))
            return TableSettings()
        if not isinstance(data, dict) or data.get("version") != SETTINGS_VERSION:
            raise ValueError(
                _("not a settings file of version {version}").format(version=SETTINGS_VERSION)
            )
        table = data.get("table", {})
        if not isinstance(table, dict):
            raise ValueError(_("its table is not an object"))
    except (ValueError, RecursionError) as exc:  # RecursionError: nested past what Python reads
        if not keep_aside:
            return TableSettings()
        with contextlib.suppress(OSError):
            moved = set_aside(path)
            _problems.append(
                _("Your settings could not be read ({error}); kept as {file}").format(
                    error=damage_text(exc),
                    file=moved,  # the whole path: which folder, said
                )
            )
        return TableSettings()
    settings, unused = _usable(table)
    if unused and keep_aside:
        _keep_as_written(path, settings, unused)
    return settings


def damage_text(error: Exception) -> str:
    r"""What is wrong with a settings file that cannot be read, in the player's language
    (Python's own words were quoted: "Expecting ',' delimiter: line 2 column 1 (char 54)").

    >>> damage_text(json.JSONDecodeError("Expecting ',' delimiter", '{"a": 1\n', 8))
    'its text is broken at line 2, column 1'
    """
    if isinstance(error, json.JSONDecodeError):
        return _("its text is broken at line {line}, column {column}").format(
            line=error.lineno, column=error.colno
        )
    if isinstance(error, UnicodeDecodeError):
        return _("it is not text (UTF-8)")
    if isinstance(error, RecursionError):
        return _("it nests deeper than a settings file does")
    return str(error)  # the reasons of its own, in the player's language


def _usable(table: dict[str, object]) -> tuple[TableSettings, list[str]]:
    """The settings of a file's ``table``, each value that cannot be used replaced (by the
    nearest it can: a delay past the longest is the longest, else the default), and what
    was replaced or ignored, one line per key."""
    fields = TableSettings.__dataclass_fields__
    changes: dict[str, object] = {}
    unused: list[str] = []
    for key, value in table.items():
        if key == "extra":  # the front end's own, never written to the file
            continue
        if key not in fields:
            unused.append(
                _("{key}: not a setting of okey101; ignored").format(key=shortened(key, QUOTED))
            )
            continue
        used = _usable_value(key, value)
        changes[key] = used
        written = list(used) if isinstance(used, tuple) else used
        if not _same(written, value):
            unused.append(
                _("{key}: {value} cannot be used; {used} is used instead").format(
                    key=key,
                    value=shortened(_json(value), QUOTED),
                    # No language chosen is the system's: "" said nothing to a player.
                    used=_("the system's language")
                    if key == "language" and written == ""
                    else shortened(_json(written), QUOTED),
                )
            )
    return TableSettings().with_changes(**changes), unused


def _usable_value(key: str, value: object) -> object:
    """``value`` for the setting ``key`` if it can be used, else what is used instead."""
    default = getattr(TableSettings(), key)
    if key == "bot_delay" and isinstance(value, str) and pace_named(value) is not None:
        return pace_named(value)  # a pace by name, as --bot-delay takes it ("fast")
    if isinstance(default, tuple):  # bots, human_names: a list of texts in the file
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            return default
        value = tuple(value)
    elif isinstance(default, bool):
        if not isinstance(value, bool):
            return default
    elif isinstance(default, float):
        if isinstance(value, bool) or not isinstance(value, int | float):
            return default
    elif type(value) is not type(default):  # an int, a text
        return default
    try:
        return getattr(TableSettings().with_changes(**{key: value}).checked(), key)
    except (TypeError, ValueError, AttributeError):
        return default


def pace_named(name: str) -> float | None:
    """The seconds of a pace named in any of the game's languages ("fast", "Instant",
    "hızlı": whatever language the player reads now), as --bot-delay and the settings
    file take it; None for another word.

    >>> pace_named("Instant"), pace_named("HIZLI"), pace_named("turbo")
    (0.0, 0.3, None)
    """
    for label, seconds in PACES:
        for code, word in by_language(label).items():
            if lower(name.strip(), code) == lower(word, code):
                return seconds
    return None


def _same(used: object, value: object) -> bool:
    """The value used is the one written: 1 written for a delay of 1.0 is, and "fast"
    for a delay of 0.3."""
    if isinstance(used, float) and type(value) is int:
        return used == value
    if isinstance(used, float) and isinstance(value, str):
        return pace_named(value) == used
    return type(used) is type(value) and used == value


# A message quotes a key or a value of the file at most this long (a hand-edited file may
# hold a text of any length), and says at most this many of its problems.
QUOTED = 40
PROBLEMS_SAID = 4


def _json(value: object) -> str:
    """A value as the settings file writes it: "neon" with its quotes, 4 without."""
    try:
        return json.dumps(value, ensure_ascii=False)
    except (TypeError, ValueError):
        return repr(value)


def _keep_as_written(path: Path, settings: TableSettings, unused: list[str]) -> None:
    """Keep the file as the player wrote it beside it (a copy), then write the settings in
    use in its place: said once, and the player's own file never lost."""
    said = "; ".join(unused[:PROBLEMS_SAID])
    if len(unused) > PROBLEMS_SAID:
        more = len(unused) - PROBLEMS_SAID
        said += "; " + ngettext("and {n} more", "and {n} more", more).format(n=more)
    try:
        kept = aside_path(path)
        shutil.copy2(path, kept)
    except OSError:  # a read-only config dir: nothing is written either
        _problems.append(
            _("Some of your settings cannot be used ({problems})").format(problems=said)
        )
        return
    _problems.append(
        _("Some of your settings cannot be used ({problems}); your file is kept as {file}").format(
            problems=said,
            file=kept,  # the whole path: which folder, said
        )
    )
    save_settings(settings)


def settings_file() -> bytes | None | OSError:
    """The settings file as it is now, for :func:`put_settings_back`: its bytes, None when
    there is none, the error when it cannot be read (then it is left as it is)."""
    try:
        return settings_path().read_bytes()
    except FileNotFoundError:
        return None
    except OSError as exc:
        return exc


def put_settings_back(content: bytes | None | OSError) -> None:
    """The settings file as :func:`settings_file` found it: those bytes, or none (a file
    that could not be read then is not touched: save_settings never wrote over it)."""
    if isinstance(content, OSError):
        return
    path = settings_path()
    with contextlib.suppress(OSError):
        if content is None:
            path.unlink(missing_ok=True)
        else:
            atomic_write(path, content)


def save_settings(settings: TableSettings) -> str:
    """Write the choices atomically: "" when they were, else why not (a read-only config
    dir, a folder in the file's place, a file a newer okey101 wrote: never written over),
    which only a player who asked to remember (``--remember``) is told."""
    path = settings_path()
    table = asdict(settings)
    table.pop("extra", None)
    table["bots"] = list(settings.bots)
    payload = json.dumps({"version": SETTINGS_VERSION, "table": table}, indent=2)
    try:
        found = newer_version(json.loads(path.read_bytes().decode("utf-8-sig")))
    except (FileNotFoundError, IsADirectoryError, ValueError, RecursionError):
        # None yet, or not a settings file of any version: written over (a folder in its
        # place is not, and the writing says so)
        found = None
    except OSError as exc:  # there, and not readable here: what it holds is not known
        return _("{file} could not be read ({error}), so it is not written over").format(
            file=path, error=os_problem(exc)
        )
    if found is not None:
        return newer_text(found)
    try:
        atomic_write(path, payload)
    except OSError as exc:
        return _("{file} could not be written ({error})").format(file=path, error=os_problem(exc))
    return ""
