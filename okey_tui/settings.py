"""The new-table choices a player made last time, kept in a small JSON file.

The file lives in the user config dir (platformdirs). ``OKEY101_CONFIG_DIR``
points it elsewhere: tests use a temporary dir so a developer's own
settings are never read or written.
"""

from __future__ import annotations

import contextlib
import json
import os
from dataclasses import asdict, dataclass, field, replace
from pathlib import Path

from okey_tui.engine.rules import MATCH_LENGTHS, GameType, RuleSet
from okey_tui.i18n import LANGUAGES, N_, _
from okey_tui.storage import atomic_write, set_aside

SETTINGS_VERSION = 1
ENV_DIR = "OKEY101_CONFIG_DIR"
BOT_LEVELS = ("easy", "normal", "hard", "expert")
# The table's look: "felt" is the green table, "dark" a plain dark one.
THEMES = ("felt", "dark")
# The name of a player who gave none. Saves and statistics keep this English word;
# screens and commands say it in their language (:func:`shown_name`).
DEFAULT_NAME = N_("You")


def shown_name(name: str) -> str:
    """A stored player name as the screen says it: the default name in the current
    language, a name the player typed as typed.

    >>> shown_name(DEFAULT_NAME), shown_name("Ayşe")
    ('You', 'Ayşe')
    """
    return _(DEFAULT_NAME) if name == DEFAULT_NAME else name


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

    def with_changes(self, **changes: object) -> TableSettings:
        return replace(self, **changes)  # type: ignore[arg-type]  # the dataclass checks the fields; checked() the values

    def checked(self) -> TableSettings:
        """The same settings with anything out of range put back to its default."""
        default = TableSettings()
        game_type = self.game_type if self.game_type in {g.value for g in GameType} else "classic"
        hands = self.hands if self.hands in MATCH_LENGTHS else default.hands
        bots = tuple(b if b in BOT_LEVELS else "normal" for b in self.bots)
        bots = (bots + ("normal",) * 3)[:3]
        name = (self.name or "").strip()[:16] or default.name
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
            human_names=tuple(str(n).strip()[:16] for n in self.human_names)[:3],
            humans_partners=bool(self.humans_partners),
            finisher_scores_zero=bool(self.finisher_scores_zero),
            pairs_opener_lays_off=bool(self.pairs_opener_lays_off),
            finish_opening_needs_floor=bool(self.finish_opening_needs_floor),
            give_back_penalty=bool(self.give_back_penalty),
            language=self.language if self.language in LANGUAGES else "",
        )


def _delay(value: object) -> float:
    try:
        delay = float(value)  # type: ignore[arg-type]  # any JSON value: float() refuses what is not a number
    except (TypeError, ValueError):
        return TableSettings.bot_delay
    return min(max(delay, 0.0), 10.0)


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


def load_settings(keep_aside: bool = True) -> TableSettings:
    """The saved choices, or the defaults when there are none.

    A file that is not a settings document of this version (damaged, edited by hand,
    or written by another version) is renamed out of the way, never overwritten, and
    :func:`take_problems` says where it went; with ``keep_aside`` False (a reader that
    only peeks, and will not write) it is left where it is.
    """
    path = settings_path()
    try:
        raw = path.read_bytes()
    except OSError:
        return TableSettings()  # none yet, or not readable here: nothing to overwrite
    try:
        data = json.loads(raw.decode("utf-8"))  # not UTF-8: a UnicodeDecodeError, a ValueError
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
                    error=exc, file=moved.name
                )
            )
        return TableSettings()
    known = {k: v for k, v in table.items() if k in TableSettings.__dataclass_fields__}
    known.pop("extra", None)
    if "bots" in known:
        known["bots"] = tuple(known["bots"]) if isinstance(known["bots"], list) else ()
    if "human_names" in known:
        names = known["human_names"]
        known["human_names"] = tuple(names) if isinstance(names, list) else ()
    try:
        return TableSettings(**known).checked()
    except (TypeError, ValueError):
        return TableSettings()


def save_settings(settings: TableSettings) -> None:
    """Write the choices atomically; a read-only config dir is not an error."""
    path = settings_path()
    table = asdict(settings)
    table.pop("extra", None)
    table["bots"] = list(settings.bots)
    payload = json.dumps({"version": SETTINGS_VERSION, "table": table}, indent=2)
    with contextlib.suppress(OSError):
        atomic_write(path, payload)
