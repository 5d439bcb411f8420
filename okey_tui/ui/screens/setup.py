"""The new-table screen: the unfinished matches to resume, then every table option. Enter starts."""

from __future__ import annotations

import time
from dataclasses import dataclass, replace
from datetime import date
from typing import cast

from babel.dates import format_date
from rich.cells import cell_len, set_cell_size
from rich.style import Style
from rich.table import Table
from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.geometry import Size
from textual.message import Message
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Footer, Input, Static

from okey_tui.engine.rules import MATCH_LENGTHS, PENALTY_OPTIONS, GameType, RuleSet
from okey_tui.engine.scoring import (
    BIG_OPENING_BONUS,
    BIG_OPENING_PAIRS,
    BIG_OPENING_POINTS,
    BIGGER_OPENING_PAIRS,
    BIGGER_OPENING_POINTS,
    GOING_PAIRS_NOT_OPENED,
)
from okey_tui.engine.state import PENALTY, challenge_rate
from okey_tui.hotseat import (
    empty_name,
    empty_name_text,
    human_seats,
    long_name,
    parse_names,
    repeated_name,
    repeated_name_text,
    screen_word_name,
    screen_word_text,
    too_long_text,
)
from okey_tui.i18n import (
    LANGUAGE_NAMES,
    LANGUAGES,
    N_,
    _,
    current_language,
    decimal,
    ngettext,
    pgettext,
    set_language,
)
from okey_tui.messages import bot_level, colour_name, game_type_label
from okey_tui.settings import (
    BOT_LEVELS,
    DEFAULT_NAME,
    PACES,
    THEMES,
    TableSettings,
    names_for_people_text,
    names_past_people,
    shown_name,
    stored_name,
)
from okey_tui.storage import SaveEntry
from okey_tui.table import TEAMS, side_name
from okey_tui.ui.session import HUMAN, Session, summarise_save, table_type
from okey_tui.ui.tiles import SHAPES
from okey_tui.ui.translate import translate_bindings
from okey_tui.ui.widgets.steady import set_subtitle, set_title

# Bot pace choices: seconds between bot moves.


def pace_choices(delay: float) -> list[tuple[str, object]]:
    """The bot pace line's choices: the named paces, and ``delay`` (``--bot-delay 0.2``,
    or a pace remembered from one) in its place among them when it is none of them, so
    the line shows the pace that is played (it showed the nearest named one)."""
    paces = [(_(label), pace) for label, pace in PACES]
    if all(abs(pace - delay) > 1e-9 for _label, pace in PACES):
        paces.append((_("{seconds} s").format(seconds=decimal(delay)), delay))
    # Slowest first: ▶ goes faster, as a player reads a speed (▶ from "normal" went to
    # "slow").
    return [(label, pace) for label, pace in sorted(paces, key=lambda choice: -choice[1])]


# The label column is this wide, and each value this wide, in every language.
LABEL_WIDTH = 20
VALUE_WIDTH = 14


class OptionRow(Widget, can_focus=True):
    """A label and a value that ← → step through."""

    BINDINGS = [
        # The footer names the arrows once ("← → Change"): the form's own line saying so
        # is below the fold at 80x24.
        Binding("left", "step(-1)", N_("Change"), key_display="← →"),
        Binding("right", "step(1)", N_("Next"), show=False),
    ]

    class Changed(Message):
        def __init__(self, row: OptionRow) -> None:
            super().__init__()
            self.row = row

    def __init__(
        self,
        label: str,
        values: list[tuple[str, object]],
        value: object,
        *,
        id: str,
        ordered: bool = False,
    ):
        super().__init__(id=id, classes="option-row")
        translate_bindings(self)
        self.label = label
        self.values = values
        # A scale (hands, bot levels, pace) stops at its ends, their arrow gone: going round
        # from "slow" to "instant", or from 13 hands to 1, took a player by surprise.
        self.ordered = ordered
        keys = [v for _label, v in values]
        self.position = keys.index(value) if value in keys else 0
        # Said after the choice when it has no effect at this table ("no penalties").
        self.not_in_force = ""

    @property
    def value(self) -> object:
        return self.values[self.position][1]

    def render(self) -> Text:
        text = Text(f"{self.label:<{LABEL_WIDTH}}", "bold")
        first = self.ordered and self.position == 0
        last = self.ordered and self.position == len(self.values) - 1
        text.append("   " if first else " ◀ ", "dim")
        shown = self.values[self.position][0]
        style = "reverse" if self.has_focus else "dim" if self.not_in_force else ""
        text.append(f"{shown:^{VALUE_WIDTH}}", style)
        text.append("  " if last else " ▶", "dim")
        if self.not_in_force:
            text.append(f"  ({self.not_in_force})", "italic")
        return text

    def set_not_in_force(self, why: str) -> None:
        if why != self.not_in_force:
            self.not_in_force = why
            self.refresh()

    def action_step(self, delta: int) -> None:
        if self.ordered and not 0 <= self.position + delta < len(self.values):
            return  # the end of a scale: nothing changes
        self.position = (self.position + delta) % len(self.values)
        self.refresh()
        self.post_message(self.Changed(self))

    def on_focus(self) -> None:
        self.refresh()

    def on_blur(self) -> None:
        self.refresh()

    def on_click(self, event: events.Click) -> None:
        """◀ steps back, the value and ▶ step on; the label and the empty line after ▶
        only take the focus (a click anywhere stepped on, so on a phone going back meant
        going round every value, and a click to bring the browser's page to the front
        changed a choice)."""
        offset = event.get_content_offset(self)
        if offset is None:
            return
        arrow = LABEL_WIDTH + 1  # the cell of ◀, after the label and a space
        if offset.x < arrow - 1 or offset.x > arrow + VALUE_WIDTH + 3:
            return  # the label, or past ▶: focused by the click, nothing changes
        self.action_step(-1 if offset.x <= arrow + 1 else 1)


def when_played(moment: float, now: float | None = None) -> str:
    """A moment as a person says it, seen from ``now``: ``today 11:01``, ``yesterday
    20:58``, ``30 Nov`` (the year too when it is not this year's)."""
    then = time.localtime(moment)
    today = time.localtime(time.time() if now is None else now)
    clock = time.strftime("%H:%M", then)
    day = (then.tm_year, then.tm_mon, then.tm_mday)
    if day == (today.tm_year, today.tm_mon, today.tm_mday):
        return _("today {time}").format(time=clock)
    # Noon of today less a day: a day of 23 or 25 hours (summer time) is still yesterday.
    noon = time.mktime((*today[:3], 12, 0, 0, 0, 0, -1))
    yesterday = time.localtime(noon - 24 * 3600)
    if day == (yesterday.tm_year, yesterday.tm_mon, yesterday.tm_mday):
        return _("yesterday {time}").format(time=clock)
    # The day and month in the language's own words and order (Babel's data: "30 Nov",
    # "30 Kas"), the year too when it is not this year's.
    pattern = "d MMM" if then.tm_year == today.tm_year else "d MMM y"
    return format_date(date(*then[:3]), pattern, locale=current_language())


@dataclass(frozen=True)
class Part:
    """A piece of a line of the list of saves, in the forms it may take, longest first
    ("" leaves the piece out). A line too wide has its pieces give way one step at a time,
    the piece with the highest ``gives_way`` first: a shorter form, or for a ``squeeze``
    piece past its last form, being cut short (…) to the room the others leave it.
    ``gives_way`` may say it for each step of the piece (the last for every step after)."""

    forms: tuple[str, ...]
    gives_way: int | tuple[int, ...] = 0
    squeeze: bool = False

    def priority(self, step: int) -> int:
        """How soon the piece's ``step``-th step (0: its first) gives way."""
        if isinstance(self.gives_way, int):
            return self.gives_way
        return self.gives_way[min(step, len(self.gives_way) - 1)]


SEPARATOR = " · "
# A piece is never squeezed shorter than this (and its …), the length of the longest game
# type ("Challenge"): the line's end is cut instead.
SQUEEZED_AT_LEAST = 9


def fit_line(parts: list[Part], width: int) -> str:
    """``parts`` joined on one line at most ``width`` cells wide: the pieces that give way
    first shorten, leave or are squeezed first (and the last squeezed has the room left
    back first); if even that is too wide, the line's end is cut."""
    chosen = [0] * len(parts)
    squeezed: list[int] = []

    def cells(k: int) -> int:
        text = parts[k].forms[chosen[k]]
        if k in squeezed:
            return min(cell_len(text), SQUEEZED_AT_LEAST + 1)
        return cell_len(text)

    def needed() -> int:
        shown = [k for k in range(len(parts)) if parts[k].forms[chosen[k]]]
        return sum(cells(k) for k in shown) + cell_len(SEPARATOR) * max(0, len(shown) - 1)

    while needed() > width:
        can = [
            k
            for k, part in enumerate(parts)
            if chosen[k] < len(part.forms) - 1 or (part.squeeze and k not in squeezed)
        ]
        if not can:
            break
        k = max(can, key=lambda k: (parts[k].priority(chosen[k]), k))
        if chosen[k] < len(parts[k].forms) - 1:
            chosen[k] += 1
        else:
            squeezed.append(k)
    room = width - needed()
    texts = [part.forms[chosen[k]] for k, part in enumerate(parts)]
    for k in reversed(squeezed):
        short = cells(k)
        if cell_len(texts[k]) > short + max(0, room):
            # As much of it as the others leave room for (room < 0: the end is cut below).
            texts[k] = cut(texts[k], short + max(0, room) - 1)
        room -= cell_len(texts[k]) - short
    line = SEPARATOR.join(text for text in texts if text)
    if cell_len(line) <= width:
        return line
    return cut(line, width - 1) if width > 0 else ""


def cut(text: str, cells: int) -> str:
    """``text`` cut to ``cells`` cells, and "…" (no comma or dot left hanging before it)."""
    return set_cell_size(text, max(0, cells)).rstrip(" ,·…") + "…"


def side_forms(session: Session, sides: tuple[tuple[str, int], ...]) -> tuple[str, ...]:
    """A partners table's two sides with their scores, in the forms a row of the list of
    saves gives them, longest first, each shorter than the one before: as the end-of-hand
    summary names them ("Ali & Mehmet 505 · Veli & Zeynep 232"), then without the bots'
    names, which are the same at every table: a side of bots alone by its score ("Ali &
    Mehmet 505 vs 232"), a side with a person by its people ("Ali 505 · Veli 232"); then
    seat 0's side alone by its people ("Ali & Veli 505 vs 232")."""
    (our_side, ours), (their_side, theirs) = sides
    against = pgettext(
        "a partners table's side and its score, then the other side's score",
        "{side} {score} vs {other}",
    )
    people = [[session.seat_name(s) for s in side if s in session.humans] for side in TEAMS]
    if not people[1]:
        forms = [against.format(side=our_side, score=ours, other=theirs)]
    else:
        named = [side_name(names, (0, 1)) if len(names) == 2 else names[0] for names in people]
        forms = [f"{named[0]} {ours}{SEPARATOR}{named[1]} {theirs}"]
        if len(people[0]) == 2:
            forms.append(against.format(side=named[0], score=ours, other=theirs))
    kept = [SEPARATOR.join(f"{name} {score}" for name, score in sides)]
    for form in forms:
        if cell_len(form) < cell_len(kept[-1]):
            kept.append(form)
    return tuple(kept)


def save_lines(entry: SaveEntry, now: float | None = None) -> tuple[list[Part], list[Part]]:
    """What tells an unfinished match from the others, in two lines of pieces: the table,
    how far the match and its hand are and the score (or each person's); then who plays
    (the bots' levels) and when it was last played."""
    summary = summarise_save(entry)
    session = Session.resume(entry.saved, None)
    match = session.match
    hand, hands = match.hand_number + 1, match.rules.hands
    if match.hand.is_over:  # saved between two hands: this one is scored, the next not dealt
        progress: tuple[str, ...] = (
            _("hand {hand}/{hands} done").format(hand=hand, hands=hands),
            _("hand {hand}/{hands}").format(hand=hand, hands=hands),
        )
        # "done" goes only where the table kind would be cut short: without it a row
        # reads as if hand 1 were being played, and "Rising, p…" as nothing at all.
        progress_gives_way: int | tuple[int, ...] = 2
    else:
        progress = (
            _("hand {hand}/{hands}, {n} tiles in the middle").format(
                hand=hand, hands=hands, n=len(match.hand.middle)
            ),
            _("hand {hand}/{hands}").format(hand=hand, hands=hands),
        )
        progress_gives_way = 3
    kind: tuple[str, ...] = (summary.table_text or summary.table,)
    if summary.sides:
        # Each side with its score, as the end-of-hand summary names them ("Ali & Veli
        # 505 · Ayşe & Zeynep 232"), not each person with their side's score.
        scores: tuple[str, ...] = side_forms(session, summary.sides)
        if not set(TEAMS[1]) & set(session.humans):
            # Every form of the sides names seat 0's two partners: the table kind need not
            # say "partners" again where the room is short.
            kind = (*kind, table_type(replace(match.rules, partners=False), session.practice)[1])
    elif summary.people_scores:
        names = ", ".join(name for _seat, name, _score in summary.people_scores)
        # The people are what tells a hot-seat match apart: cut short, never left out.
        scores = (summary.scores_text(), names)
    elif session.name != DEFAULT_NAME:
        # Named: the name tells two matches otherwise alike apart (two lines of "Classic ·
        # hand 1/11 · score 0" could not be told apart).
        scores = (
            _("{name}, score {score}").format(name=session.seat_name(HUMAN), score=summary.score),
            _("score {score}").format(score=summary.score),
            "",
        )
    else:
        scores = (_("score {score}").format(score=summary.score), "")
    levels = [session.levels[seat - 1] for seat in (1, 2, 3) if seat not in session.humans]
    if not levels:
        bots = ""
    elif len(set(levels)) == 1:
        bots = ngettext("{n} {level} bot", "{n} {level} bots", len(levels)).format(
            n=len(levels), level=bot_level(levels[0])
        )
    else:
        bots = _("bots: {levels}").format(levels=", ".join(bot_level(lv) for lv in levels))
    if entry.saved_at:
        when = when_played(entry.saved_at, now)
        played: tuple[str, ...] = (_("played {time}").format(time=when), when)
    else:
        played = (entry.started,)
    return (
        [
            # The table kind is cut short before the score goes: its first word (the game
            # type) stays, and so do the people of a hot-seat match. At a partners table
            # "partners" goes first, then the bots' names; a side's score is never cut.
            Part(kind, gives_way=(5, 2) if len(kind) > 1 else 2, squeeze=True),
            Part(progress, gives_way=progress_gives_way),
            Part(
                scores,
                # The bots' names go before the tiles in the middle; the other side's
                # people last of all.
                gives_way=(4, -1) if summary.sides else 1,
                squeeze=bool(summary.people_scores) and not summary.sides,
            ),
        ],
        [Part((bots, ""), gives_way=1), Part(played, gives_way=2)],
    )


class SaveRow(Widget, can_focus=True):
    """One unfinished match: Enter or a click resumes it."""

    class Chosen(Message):
        def __init__(self, match_id: str) -> None:
            super().__init__()
            self.match_id = match_id

    def __init__(self, entry: SaveEntry) -> None:
        super().__init__(classes="save-row")
        self.match_id = entry.id
        self.parts: tuple[list[Part], ...] = ()
        try:
            self.parts = save_lines(entry)
        except Exception:  # a save that loads but cannot be described still resumes
            self.text = entry.id
        else:
            # The whole of it, on one line (each piece in its longest form).
            self.text = SEPARATOR.join(
                part.forms[0] for line in self.parts for part in line if part.forms[0]
            )

    def lines(self, width: int) -> list[str]:
        """The row's lines beside "resume" when they may be ``width`` cells wide."""
        if not self.parts:
            return [fit_line([Part((self.text,))], width)]
        return [fit_line(parts, width) for parts in self.parts]

    def render(self) -> Table:
        # Two columns: the match's lines stand beside "resume", never under it.
        grid = Table.grid(padding=(0, 2))
        grid.add_column(no_wrap=True)
        grid.add_column(no_wrap=True)
        said = _("resume")
        mark = Text(said, "reverse bold" if self.has_focus else "bold")
        # Before the first layout the width is not known yet: the lines are as long as
        # they come (each stays one line, so the row's height is the same).
        width = self.size.width - cell_len(said) - 2 if self.size.width else 1000
        # The players' names: text, never markup.
        grid.add_row(mark, Text("\n".join(self.lines(width)), no_wrap=True))
        return grid

    def on_focus(self) -> None:
        self.refresh()

    def on_blur(self) -> None:
        self.refresh()

    def on_click(self) -> None:
        self.post_message(self.Chosen(self.match_id))


# The table options of docs/rules.md section 16 beyond type, penalties, partners and hands:
# (settings field, label, the two choices).
RULE_OPTIONS: tuple[tuple[str, str, tuple[str, str]], ...] = (
    ("finisher_scores_zero", N_("Finisher scores"), (f"-{PENALTY}", "0")),
    # What the option allows, said whole in the label column ("Pairs opener adds" left
    # "adds what?"; "Give-back of left" read as a typo).
    ("pairs_opener_lays_off", N_("Lay off after pairs"), (N_("no"), N_("yes"))),
    ("finish_opening_needs_floor", N_("Finish needs floor"), (N_("no"), N_("yes"))),
    ("give_back_penalty", N_("Give back a discard"), (N_("free"), f"+{PENALTY}")),
)
OPTION_FIELDS = tuple(field_name for field_name, _label, _choices in RULE_OPTIONS)
# The line of the form that sets each rule (the others set no rule of the game).
ROW_FIELDS = {
    "opt-type": "game_type",
    "opt-pen": "penalties",
    "opt-partners": "partners",
    "opt-hands": "hands",
    **{f"opt-{name.replace('_', '-')}": name for name in OPTION_FIELDS},
}


# What each game type and table option means, said under the new-table form for the line
# being changed, and on the help page (?) for the table being played. Every number in them
# is the engine's (:func:`rule_numbers`).
GAME_TYPE_MEANING = {
    "classic": N_(
        "Classic: open with {floor} points or {pairs} pairs, the opening floor (the least "
        "an opening must be worth); the floor never rises."
    ),
    "rising": N_(
        "Rising: a first opening must beat the highest one of its kind on the table by 1 "
        "point or 1 pair; opening with {big}+ points or {big_pairs}+ pairs takes {bonus} off "
        "your hand score ({bigger}+ or {bigger_pairs}+ pairs: {bigger_bonus})."
    ),
    "challenge": N_(
        "Challenge: Rising, and when the player on your right takes your discard and uses "
        "it, you pay its value × {rate} (× {pair_rate} in a pair; an okey twice that; only "
        "with penalties on). Before "
        "opening you may declare Going Pairs (P): pairs only, {going_pairs} if you never open, "
        "and your discards may be taken only for a pair."
    ),
    "51": N_(
        "51: {tiles} tiles (the starter {starter}); open with {floor} points or {pairs} pairs; "
        "a first melds opening must beat the highest one on the table by 1 point."
    ),
}
# Partners at a table where no opening raises the floor.
PARTNERS_FLOOR_STAYS = N_(
    "Partners: the seats across are a team and their scores are added; the finisher's "
    "partner scores 0."
)
# (settings field, its meaning when off, when on).
OPTION_MEANING: dict[str, tuple[str, str]] = {
    "penalties": (
        N_(
            "No penalties: nothing is charged for discarding an okey or a playable tile, "
            "taking back, or okeys left in hand."
        ),
        N_(
            "Penalties: +{penalty} for discarding an okey or a playable tile, for taking back, "
            "when another player takes an okey you placed, and for each okey left in hand."
        ),
    ),
    "partners": (
        N_("Individual: every player scores for themselves."),
        N_(
            "Partners: the seats across are a team and their scores are added; the "
            "finisher's partner scores 0, and only the other side's openings raise the "
            "opening floor (the least an opening must be worth)."
        ),
    ),
    "finisher_scores_zero": (
        N_("The finisher scores -{penalty} (doubled for an okey, straight out or pairs)."),
        N_("The finisher scores 0; everyone else scores as usual."),
    ),
    "pairs_opener_lays_off": (
        N_("A pairs opener lays only pairs and adds nothing to runs and sets."),
        N_("A pairs opener may add tiles to runs and sets on the table."),
    ),
    "finish_opening_needs_floor": (
        N_(
            "An opening that finishes the hand (straight out) needs no floor: it may be worth "
            "less than the {floor} points or {pairs} pairs (the opening floor) any other "
            "opening needs."
        ),
        N_(
            "An opening that finishes the hand must reach the floor like any other: the "
            "{floor} points or {pairs} pairs (the opening floor) an opening needs."
        ),
    ),
    "give_back_penalty": (
        N_("Giving back a left discard you could not use is free."),
        N_("Giving back a left discard you could not use costs +{penalty} (penalty tables)."),
    ),
}
# A penalty option chosen at a table without penalties: what it means there instead.
# Challenge at a table without penalties: nothing is paid for a taken discard.
CHALLENGE_WITHOUT_PENALTIES = N_(
    "Challenge: Rising, with Going Pairs: before opening you may declare it (P): pairs "
    "only, {going_pairs} if you never open, and your discards may be taken only for a pair. "
    "Nothing is paid for a discard taken from you: that needs penalties on."
)
WITHOUT_PENALTIES = {
    "give_back_penalty": N_(
        "Giving back a left discard you could not use is free at this table: +{penalty} "
        "applies only with penalties on."
    ),
}


def rule_numbers(rules: RuleSet) -> dict[str, int]:
    """The numbers the meaning texts name, as the engine has them for ``rules``."""
    return {
        "floor": rules.melds_floor,
        "pairs": rules.pairs_floor,
        "tiles": rules.deal_size,
        "starter": rules.starter_deal_size,
        "penalty": PENALTY,
        "big": BIG_OPENING_POINTS,
        "big_pairs": BIG_OPENING_PAIRS,
        "bigger": BIGGER_OPENING_POINTS,
        "bigger_pairs": BIGGER_OPENING_PAIRS,
        "bonus": BIG_OPENING_BONUS,
        "bigger_bonus": 2 * BIG_OPENING_BONUS,
        "rate": challenge_rate(okey=False, pair=False),
        "pair_rate": challenge_rate(okey=False, pair=True),
        "going_pairs": GOING_PAIRS_NOT_OPENED,
    }


def option_meaning(field_name: str, value: object, rules: RuleSet | None = None) -> str:
    """What one table choice means, in the current language ("" for a line with no rule).

    ``rules``: the rest of the table's choices, for a choice that depends on them (a
    penalty option at a table without penalties does nothing).
    """
    rules = rules or RuleSet()
    if field_name == "game_type":
        game_type = GameType(str(getattr(value, "value", value)))
        meaning = GAME_TYPE_MEANING.get(game_type.value)
        if game_type is GameType.CHALLENGE and not rules.penalties:
            meaning = CHALLENGE_WITHOUT_PENALTIES
        numbers = rule_numbers(rules.with_options(game_type=game_type))
        return _(meaning).format(**numbers) if meaning else ""
    if field_name == "hands":
        hands = int(str(value))
        return ngettext(
            "A match of {n} hand: the lowest total at the end wins.",
            "A match of {n} hands: the lowest total at the end wins.",
            hands,
        ).format(n=hands)
    numbers = rule_numbers(rules)
    if field_name == "partners" and value and not rules.melds_floor_rises:
        # Where no opening raises the floor (Classic), nothing is said of who raises it:
        # the help said "the floor never rises" and "only the other side's openings raise".
        return _(PARTNERS_FLOOR_STAYS)
    if value and not rules.penalties and field_name in WITHOUT_PENALTIES:
        return _(WITHOUT_PENALTIES[field_name]).format(**numbers)
    if field_name in OPTION_MEANING:
        return _(OPTION_MEANING[field_name][bool(value)]).format(**numbers)
    return ""


def rules_in_force(rules: RuleSet) -> list[str]:
    """Every rule a table was set up with, one line each, in the current language."""
    return [
        option_meaning("game_type", rules.game_type, rules),
        option_meaning("hands", rules.hands, rules),
        *(
            option_meaning(name, getattr(rules, name), rules)
            for name in ("penalties", "partners", *OPTION_FIELDS)
        ),
    ]


# Practice: (practice, tips). People: (how many share the terminal, two sit across).
PRACTICE: list[tuple[str, object]] = [
    (N_("off"), (False, True)),
    (N_("hints + tips"), (True, True)),
    (N_("hints only"), (True, False)),
]
PEOPLE: list[tuple[str, object]] = [
    (N_("1 (you)"), (1, True)),
    (N_("2 across"), (2, True)),
    (N_("2 side by side"), (2, False)),
    ("3", (3, True)),
    ("4", (4, True)),
]
THEME_NAMES = {"felt": N_("felt"), "dark": N_("dark")}


BOT_MEANING = {
    "easy": N_("Easy: opens as soon as it can and discards its least useful tile."),
    "normal": N_(
        "Normal: keeps half-made runs and sets, swaps okeys, lays off, and never discards "
        "an okey or a tile that fits the table."
    ),
    "hard": N_(
        "Hard: also counts every tile it has seen, looks a draw ahead, avoids feeding the "
        "next player and may hold its opening back to go out in one turn."
    ),
    "expert": N_(
        "Expert: also compares its choices over many guesses at the tiles it cannot see "
        "(it never looks at them)."
    ),
}
PRACTICE_MEANING = {
    (False, True): N_("No hints: an ordinary table."),
    (True, True): N_(
        "h shows hints, u undoes a step of your turn, and tips come in the first hand."
    ),
    (True, False): N_("h shows hints and u undoes a step of your turn; no tips."),
}


def setting_meaning(row_id: str, value: object) -> str:
    """What the choice on a line that is not a rule means (said under the form)."""
    if row_id.startswith("opt-bot-") and isinstance(value, str) and value in BOT_MEANING:
        return _(BOT_MEANING[value])
    if row_id == "opt-pace" and isinstance(value, float):
        if not value:
            return _("The bots move at once.")
        return _("{seconds} s between the bots' moves, to follow what they do.").format(
            seconds=decimal(value)
        )
    if row_id == "opt-cb":
        if value:
            shapes = ", ".join(f"{shape} {colour_name(c.value)}" for c, shape in SHAPES.items())
            return _(
                "Each colour has a shape too on your rack: {shapes} (elsewhere the letter, "
                "R Y B K, says the colour)."
            ).format(shapes=shapes)
        return _("Colours alone tell the tiles apart (on: a shape for each colour too).")
    if row_id == "opt-theme":
        if value == "dark":
            return _("A dark grey table, for a dim room or a terminal with a dark theme.")
        return _("A green card table with cream tiles.")
    if row_id == "opt-lang":
        return _("The game's words, its help and its rules page; remembered for next time.")
    if row_id == "opt-practice" and isinstance(value, tuple) and value in PRACTICE_MEANING:
        return _(PRACTICE_MEANING[value])
    if row_id == "opt-people" and isinstance(value, tuple):
        humans, across = value
        if humans == 1:
            return _("You and three bots.")
        if humans == 2 and across:
            return _("Two people share this screen, sitting across; each rack stays hidden.")
        if humans == 2:
            return _("Two people share this screen, side by side; each rack stays hidden.")
        return _("{n} people share this screen; each rack stays hidden between turns.").format(
            n=humans
        )
    return ""


def practice_choice(value: object) -> dict[str, object]:
    practice, tips = cast(tuple[bool, bool], value)
    return {"practice": practice, "tips": tips}


def bot_label(seat: int, partners: bool) -> str:
    """The label of the line of the bot in ``seat`` (1 on your right, 2 across, 3 on your
    left); at a partners table the bot across is your partner, and its line says so."""
    if seat == 2:
        return _("Bot across (partner)") if partners else _("Bot across from you")
    return _("Bot on your right") if seat == 1 else _("Bot on your left")


def bot_seats(people: object) -> tuple[int, ...]:
    """The seats bots take (1 on your right, 2 across, 3 on your left) with the People
    here line's choice: two people sit across or side by side (the second on your right),
    three leave the seat on your left to a bot.

    >>> bot_seats((1, True)), bot_seats((2, True)), bot_seats((2, False)), bot_seats((3, True))
    ((1, 2, 3), (1, 3), (2, 3), (3,))
    """
    humans, across = cast(tuple[int, bool], people)
    return tuple(seat for seat in (1, 2, 3) if seat not in human_seats(humans, across))


def names_given(names_text: str) -> tuple[str, ...]:
    """The names on the names line; none when it holds only the default name (a line left
    as it was: every person is then called by their seat, as ``play --humans 3`` calls them).

    >>> names_given("Ali, Veli"), names_given("You"), names_given("")
    (('Ali', 'Veli'), (), ())
    """
    names = parse_names(names_text)
    if len(names) == 1 and stored_name(names[0]) == DEFAULT_NAME:
        return ()
    return names


def people_choice(value: object, names_text: str) -> dict[str, object]:
    humans, across = cast(tuple[int, bool], value)
    names = parse_names(names_text) or (DEFAULT_NAME,)
    # The default name is kept in English and shown in the language of the day: read in
    # any language, as the box still says it in the old one just after the language
    # changed ("Sen" on a table turned English kept "Sen" as a name of its own).
    names = (stored_name(names[0]), *names[1:])
    return {
        "humans": humans,
        "humans_partners": across,
        "name": names[0],
        "human_names": names[1:] if humans > 1 else (),
    }


class SteadyFooter(Footer):
    """Textual's footer, its keys built again only when the keys it shows changed. Textual
    builds every key of it again whenever the screen's keys may have changed: at each
    move of the focus from one line of the form to the next, the same keys (25 ms of
    processor time a move on a slow computer)."""

    _composed_from: tuple[object, ...] | None = None

    def keys_shown(self) -> tuple[object, ...]:
        """Everything the footer's keys are built from (see ``Footer.compose``)."""
        app = self.app
        return tuple(
            (
                binding.key,
                app.get_key_display(binding),
                binding.action,
                binding.description,
                binding.group,
                enabled,
                tooltip,
            )
            for _node, binding, enabled, tooltip in self.screen.active_bindings.values()
            if binding.show
        ) + (self.show_command_palette and app.ENABLE_COMMAND_PALETTE,)

    def compose(self) -> ComposeResult:
        self._composed_from = self.keys_shown() if self._bindings_ready else None
        yield from super().compose()

    def bindings_changed(self, screen: Screen[object]) -> None:
        if (
            self._composed_from is not None
            and screen is self.screen
            and self.is_attached
            and self.keys_shown() == self._composed_from
        ):
            return  # the same keys: the footer as it is
        super().bindings_changed(screen)


class Form(VerticalScroll, inherit_bindings=False, can_focus=False):
    """The screen's lines, scrolled to the focused one: ↑ ↓ are the screen's keys (to the
    line before or after), never the scrolling container's. The box itself takes no
    focus: ↑ on the first line stopped on it, nothing highlighted and nothing scrolled,
    before going round to the last line.

    Its frame names the lines below what shows ("▼ below: People here, Your name"): at
    80x24 with unfinished matches listed, the name field was out of sight with nothing
    to say it was there."""

    def watch_scroll_y(self, old_value: float, new_value: float) -> None:
        super().watch_scroll_y(old_value, new_value)
        self.say_below()

    def on_resize(self, event: events.Resize) -> None:
        # Back at 80x24 from a wide window (and the notice of a small one), the form was
        # left scrolled to its top, the focused line below the fold.
        self.call_after_refresh(self.keep_focus_in_sight)

    def watch_virtual_size(self, size: Size) -> None:
        self.call_after_refresh(self.keep_focus_in_sight)

    def keep_focus_in_sight(self) -> None:
        """The focused line stays in sight when lines come or go above it (the bot lines
        back when People here changes pushed it below the fold at 80x24), and the frame
        names the lines below."""
        focused = self.screen.focused
        if isinstance(focused, SaveRow) and self.fits_from_top(focused):
            # A match's line, with the notice and the list's title above it: all in sight
            # from the form's top (at 80x24 a refusal's notice was scrolled away above).
            self.scroll_home(animate=False)
        elif focused is not None and self in focused.ancestors:
            self.scroll_to_widget(focused, animate=False)
        self.say_below()

    def fits_from_top(self, line: Widget) -> bool:
        """Whether ``line`` is wholly in sight with the form scrolled to its top."""
        bottom = line.virtual_region.bottom
        node: object = line.parent
        while isinstance(node, Widget) and node is not self:  # into the box's lines
            bottom += node.virtual_region.y
            node = node.parent
        return bottom <= self.scrollable_content_region.height

    def lines_below(self) -> list[str]:
        """The names of the lines (a choice, the name box, a match to resume) wholly or
        partly below what the box shows."""
        bottom = self.scroll_y + self.scrollable_content_region.height
        names: list[str] = []
        for line in self.query("OptionRow, NameBox, SaveRow"):
            if not line.display or not (line.parent and line.parent.display):
                continue
            top = line.virtual_region.y
            node: object = line.parent
            while isinstance(node, Widget) and node is not self:  # into the box's lines
                top += node.virtual_region.y
                node = node.parent
            if top + line.outer_size.height > bottom:
                if isinstance(line, OptionRow):
                    names.append(line.label)
                elif isinstance(line, NameBox):
                    names.append(_("Your name"))
                elif _("resume") not in names:
                    names.append(_("resume"))
        return names

    def say_below(self) -> None:
        """Every line below, or where they do not fit the frame the first and the last."""
        below = self.lines_below() if self.scrollable_content_region.height else []
        said = _("▼ below: {lines}")
        forms = [said.format(lines=", ".join(below))] if below else [""]
        if len(below) > 2:
            forms.append(said.format(lines=f"{below[0]} … {below[-1]}"))
        room = self.outer_size.width - 6  # between the frame's corners
        set_subtitle(self, next((f for f in forms if cell_len(f) <= room), forms[-1]))


# The example the names line shows, emptied for several people.
NAMES_EXAMPLE = ("Ayşe", "Mehmet")


def name_label(humans: int) -> str:
    """The names line's label: the player's name, or every person's at a shared terminal."""
    if humans > 1:
        return _("Names: every person's, with commas")
    return _("Your name")


class NameBox(Input):
    """The names line: Enter starts the table there too (and the key bar says so)."""

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "submit":
            return False  # not this box's: the key goes on to the screen's Start
        return super().check_action(action, parameters)


# This screen's keys as its help lists them: the lines' own (← →) too, each family on one
# row and in words of what it does here.
NEW_TABLE_KEYS = [
    Binding("up,down", "", N_("Line"), tooltip=N_("Go to the line above or below")),
    Binding("left,right", "", N_("Change"), tooltip=N_("Change the line's choice")),
    Binding(
        "enter",
        "",
        N_("Start"),
        tooltip=N_("Start the match (on an unfinished match's line: resume it)"),
    ),
    Binding(
        "r", "", N_("Resume match"), tooltip=N_("Resume the match on the line, else the latest")
    ),
    Binding("question_mark,f1", "", N_("Help"), tooltip=N_("This help")),
    Binding(
        "escape",
        "",
        N_("Quit"),
        tooltip=N_(
            "Quit; your remembered choices stay as they were (a language chosen here is kept)"
        ),
    ),
]


class NewTableScreen(Screen[TableSettings]):
    """Dismisses with the chosen :class:`TableSettings`."""

    # The practice line takes the focus (on_mount), with the title in sight above it:
    # Textual's own first focus centred that line before the form was laid out.
    AUTO_FOCUS = ""

    # No key here is a priority binding: a priority key acts the moment it arrives, ahead
    # of keys typed before it that are still on their way to the focused line, so "→ ↓"
    # in one burst would change the next line. Form has no keys of its own to stop these
    # on the way, and the name box leaves Enter to the screen.
    BINDINGS = [
        Binding("up", "app.focus_previous", N_("Line"), key_display="↑ ↓"),
        Binding("down", "app.focus_next", N_("Down"), show=False),
        Binding("enter", "start", N_("Start")),
        # On an unfinished match's line Enter resumes it: the key bar says so.
        Binding("enter", "resume_here", N_("Resume")),
        # r on a match's line resumes it, as Enter does (the bar read "⏎ Resume  r Resume
        # match" there, two names for one thing); elsewhere it resumes the latest.
        Binding("r", "resume_latest", N_("Resume latest")),
        Binding("r", "resume_here", N_("Resume"), show=False),
        # The name box types a "?" of its own: there the bar says F1 opens the help.
        Binding("question_mark", "help", N_("Help"), key_display="?"),
        Binding("f1", "help_from_box", N_("Help"), key_display="F1"),
        Binding("f1", "help", N_("Help"), show=False),
        Binding("escape", "quit_game", N_("Quit")),
    ]

    def __init__(
        self, settings: TableSettings, saves: list[SaveEntry] | None = None, message: str = ""
    ) -> None:
        super().__init__()
        translate_bindings(self)
        self.settings = settings
        # The choices remembered when the screen opened: Esc keeps them (but the language).
        self.remembered = settings
        # Why Enter refused the names line, said under the form until the line changes.
        self.refused = ""
        self.saves = list(saves or [])
        self.message = message
        self.language_chosen = False

    def show_message(self, message: str) -> None:
        """A notice above the choices (a save that could not be used, say)."""
        self.message = message
        notice = self.query_one("#new-table-notice", Static)
        notice.update(message)
        notice.display = bool(message)

    def show_saves(self, saves: list[SaveEntry]) -> None:
        """List the unfinished matches again (one may have been set aside or finished). A
        match's line that had the cursor keeps it, the notice above in sight: Enter on a
        match open in another okey101 left the cursor in the name box at the foot, the
        notice saying why scrolled away and Enter ready to start a new match."""
        focused = self.focused.match_id if isinstance(self.focused, SaveRow) else None
        self.saves = list(saves)
        self.call_later(self._relist, focused)

    async def _relist(self, focused: str | None) -> None:
        """The lines of the matches made again, then the cursor back on its match's line:
        refocused after a refresh, the new lines were not all mounted yet on a busy machine,
        and the removal of the old ones sent the cursor on to the name box."""
        box = self.query_one("#new-table-saves", Vertical)
        await box.remove_children()
        await box.mount_all(self.save_rows())
        box.display = bool(self.saves)
        if focused is not None:
            self.refocus_save(focused)

    def refocus_save(self, match_id: str) -> None:
        """The cursor back on the line of ``match_id`` (else the first match's, else the
        first option's), the form scrolled to its top, where the notice is."""
        rows = list(self.query(SaveRow))
        row = next((r for r in rows if r.match_id == match_id), rows[0] if rows else None)
        (row or self.query_one("#opt-practice")).focus(scroll_visible=False)
        self.query_one(Form).scroll_home(animate=False)
        self.refresh_bindings()

    def save_rows(self) -> list[Widget]:
        if not self.saves:
            return []
        count = len(self.saves)
        title = ngettext(
            "An unfinished match (Enter or r resumes it):",
            "{n} unfinished matches (Enter or r resumes the one marked):",
            count,
        ).format(n=count)
        rows: list[Widget] = [Static(title, classes="field-label")]
        rows.extend(SaveRow(entry) for entry in self.saves)
        return rows

    def compose(self) -> ComposeResult:
        s = self.settings
        with Form(id="new-table"):
            yield Static(_("101 Okey — a new table"), id="new-table-title")
            notice = Static(self.message, id="new-table-notice", markup=False)
            notice.display = bool(self.message)
            yield notice
            saves = Vertical(*self.save_rows(), id="new-table-saves")
            saves.display = bool(self.saves)
            yield saves
            # A newcomer's two choices first, in sight at 80x24: practice (hints and tips)
            # and the language.
            yield OptionRow(
                _("Practice"),
                [(_(label), value) for label, value in PRACTICE],
                (s.practice, s.tips or not s.practice),
                id="opt-practice",
            )
            yield OptionRow(
                _("Language"),
                [(LANGUAGE_NAMES[code], code) for code in LANGUAGES],
                current_language(),
                id="opt-lang",
            )
            yield OptionRow(
                _("Game type"),
                [(game_type_label(g), g.value) for g in GameType],
                s.game_type,
                id="opt-type",
            )
            yield OptionRow(
                _("Penalties"), [(_("on"), True), (_("off"), False)], s.penalties, id="opt-pen"
            )
            yield OptionRow(
                _("Play"),
                [(_("individual"), False), (_("partners"), True)],
                s.partners,
                id="opt-partners",
            )
            yield OptionRow(
                _("Hands"),
                [(str(n), n) for n in MATCH_LENGTHS],
                s.hands,
                id="opt-hands",
                ordered=True,
            )
            # Only the seats bots take have their line (a person's seat has none); the
            # levels of the others are kept for when bots sit there again.
            bots = bot_seats((s.humans, s.humans_partners))
            for n in range(3):
                row = OptionRow(
                    bot_label(n + 1, s.partners),
                    [(bot_level(lv), lv) for lv in BOT_LEVELS],
                    s.bots[n],
                    id=f"opt-bot-{n + 1}",
                    ordered=True,
                )
                row.display = n + 1 in bots
                yield row
            for field_name, label, (off, on) in RULE_OPTIONS:
                yield OptionRow(
                    _(label),
                    [(_(off), False), (_(on), True)],
                    getattr(s, field_name),
                    id=f"opt-{field_name.replace('_', '-')}",
                )
            yield OptionRow(
                _("Bot pace"), pace_choices(s.bot_delay), s.bot_delay, id="opt-pace", ordered=True
            )
            yield OptionRow(
                _("Look"), [(_(THEME_NAMES[t]), t) for t in THEMES], s.theme, id="opt-theme"
            )
            yield OptionRow(
                _("Colour-blind tiles"),
                [(_("off"), False), (_("on"), True)],
                s.colour_blind,
                id="opt-cb",
            )
            yield OptionRow(
                _("People here"),
                [(_(label), value) for label, value in PEOPLE],
                (s.humans, s.humans_partners),
                id="opt-people",
            )
            name = shown_name(s.name)
            names = (name, *s.human_names[: s.humans - 1]) if s.humans > 1 else (name,)
            # Its label over it; on a short terminal beside it (a line less).
            with Horizontal(id="name-row"):
                yield Static(name_label(s.humans), classes="field-label", id="name-label")
                yield NameBox(value=", ".join(names), max_length=70, id="opt-name")
            # "Enter: sit down" a click away too, as every key said in a dialog's line is.
            hint = Text(_("↑ ↓ choose a line · ← → change it") + " · ")
            hint.append(_("Enter: sit down"), Style(meta={"@click": "screen.start"}))
            yield Static(hint, id="new-table-hint")
        # What the line being changed means, below the form: in sight at any size.
        yield Static("", id="new-table-about", markup=False)
        yield SteadyFooter()

    def on_resize(self, event: events.Resize) -> None:
        self.call_after_refresh(self.fit_title)

    def fit_title(self) -> None:
        """A short terminal (80x24) has the title on the form's frame, not on a line of its
        own: with the name's label beside its box, every line of the form is in sight."""
        short = self.app.has_class("-short")
        set_title(self.query_one("#new-table"), _("101 Okey — a new table") if short else "")

    def on_mount(self) -> None:
        if not self.app.is_running:
            return  # the app closing as the screen is built: its widgets are gone
        self.fit_title()
        self.fit_names()
        # With an unfinished match, its line: Enter goes on with it, as a player back at
        # the game expects (Enter dealt a new match, the other kept but not resumed).
        first: Widget = self.query_one("#opt-practice")
        rows = self.query(SaveRow)
        if rows:
            first = rows.first()
        first.focus()
        self.explain(first)
        self.show_in_force()

    def explain(self, row: Widget | None) -> None:
        """Say what the focused line's choice means: a rule by the engine's numbers, the
        other lines (the bots, their pace, practice, people...) in words of their own."""
        said = ""
        if isinstance(row, OptionRow) and (field_name := ROW_FIELDS.get(row.id or "")):
            said = option_meaning(field_name, row.value, self.chosen().rules())
        elif isinstance(row, OptionRow):
            said = setting_meaning(row.id or "", row.value)
        elif isinstance(row, SaveRow) and len(self.saves) > 1:
            # ↓ goes to the next match's line first ("↓ goes to the lines of a new table"
            # was said on each of them).
            said = _(
                "Enter resumes this match where it was left; ↑ ↓ go to the other matches "
                "and, below them, the lines of a new table (every unfinished match stays kept)."
            )
        elif isinstance(row, SaveRow):
            said = _(
                "Enter resumes this match where it was left; ↓ goes to the lines of a new "
                "table (the unfinished match stays kept)."
            )
        elif isinstance(row, NameBox):
            said = self.refused or _(
                "Your name at the table, at most 16 characters; with several people here, "
                "every name, separated by commas."
            )
        self.query_one("#new-table-about", Static).update(said)

    def show_in_force(self) -> None:
        """Mark a penalty option chosen while penalties are off: it does nothing then. Show
        the line of each seat a bot takes, and only those (a person sits at the others);
        with no bot at all the pace is marked as doing nothing."""
        penalties = bool(self.query_one("#opt-pen", OptionRow).value)
        for field_name in PENALTY_OPTIONS:
            row = self.query_one(f"#opt-{field_name.replace('_', '-')}", OptionRow)
            off = bool(row.value) and not penalties
            row.set_not_in_force(_("no penalties") if off else "")
        bots = bot_seats(self.query_one("#opt-people", OptionRow).value)
        partners = bool(self.query_one("#opt-partners", OptionRow).value)
        for seat in (1, 2, 3):
            row = self.query_one(f"#opt-bot-{seat}", OptionRow)
            row.display = seat in bots
            if row.label != bot_label(seat, partners):
                row.label = bot_label(seat, partners)
                row.refresh()
        self.query_one("#opt-pace", OptionRow).set_not_in_force("" if bots else _("no bots"))

    def fit_names(self) -> None:
        """The names line as the People here line's choice needs it. With several people it
        is every name, and holding only the default name it is emptied, an example in its
        place: "You" stayed in it, typed names went after it ("YouAyşe"), and the box said
        "Your name" to two people. Left empty, each person is called by their seat."""
        humans = cast(tuple[int, bool], self.query_one("#opt-people", OptionRow).value)[0]
        box = self.query_one("#opt-name", NameBox)
        self.query_one("#name-label", Static).update(name_label(humans))
        example = ", ".join(NAMES_EXAMPLE)  # two: more were cut at the box's edge
        box.placeholder = _("like {names}").format(names=example) if humans > 1 else ""
        if humans > 1 and box.value.strip() and not names_given(box.value):
            box.value = ""
        elif humans == 1 and not box.value.strip():
            box.value = shown_name(DEFAULT_NAME)

    def on_input_changed(self, event: Input.Changed) -> None:
        if self.refused:  # said of the line as it was
            self.refused = ""
            self.explain(event.input)

    def on_descendant_focus(self, event: events.DescendantFocus) -> None:
        if isinstance(event.widget, NameBox):
            # Clicked on its edge, its line of text stayed out of sight below the form.
            self.query_one("#name-row").scroll_visible()
        self.explain(event.widget)
        self.refresh_bindings()  # Enter: "Start", or "Resume" on a match's line

    def on_save_row_chosen(self, message: SaveRow.Chosen) -> None:
        self.app.action_resume(message.match_id)  # type: ignore[attr-defined]  # the OkeyApp's action, not every App's

    def chosen(self) -> TableSettings:
        def row(id_: str) -> object:
            return self.query_one(f"#{id_}", OptionRow).value

        return self.settings.with_changes(
            game_type=row("opt-type"),
            penalties=row("opt-pen"),
            partners=row("opt-partners"),
            hands=row("opt-hands"),
            **{
                field_name: row(f"opt-{field_name.replace('_', '-')}")
                for field_name, _label, _choices in RULE_OPTIONS
            },
            bots=tuple(str(row(f"opt-bot-{n}")) for n in (1, 2, 3)),
            **people_choice(row("opt-people"), self.query_one("#opt-name", Input).value),
            **practice_choice(row("opt-practice")),
            bot_delay=row("opt-pace"),
            theme=row("opt-theme"),
            colour_blind=row("opt-cb"),
            # The language is remembered once chosen here; until then it follows the environment.
            language=row("opt-lang") if self.language_chosen else self.settings.language,
        ).checked()

    async def on_option_row_changed(self, message: OptionRow.Changed) -> None:
        """A new language: every word on the screen again in it, the choices kept."""
        if message.row.id != "opt-lang":
            self.refused = ""  # said of the people as they were
            if message.row.id == "opt-people":
                self.fit_names()
            self.explain(message.row)
            self.show_in_force()
            return
        # A names line Enter refuses is kept as typed (made anew from the settings, a name
        # past the people was gone), for Enter to say what is wrong with it.
        typed = self.query_one("#opt-name", Input).value if self.names_refused() else None
        set_language(str(message.row.value))
        self.language_chosen = True
        self.settings = self.chosen()
        translate_bindings(self)
        await self.recompose()
        if typed is not None:
            self.query_one("#opt-name", Input).value = typed
        self.fit_names()
        self.fit_title()  # on the new form's frame
        self.show_in_force()
        self.query_one("#opt-lang").focus()
        self.app.refresh_bindings()

    def action_start(self) -> None:
        if isinstance(self.focused, SaveRow):
            self.app.action_resume(self.focused.match_id)  # type: ignore[attr-defined]  # as above
            return
        refused = self.names_refused()
        if refused:
            # Seen wherever the form is scrolled to; the names line takes the cursor, and
            # under the form it is said where its meaning is, until the line changes.
            self.notify(refused, severity="error", markup=False)
            self.refused = refused
            box = self.query_one("#opt-name")
            box.focus()
            self.explain(box)
            return
        self.dismiss(self.chosen())

    def names_refused(self) -> str:
        """Why Enter refuses the names line as it is with the People here line's choice
        ("" when it takes it), as ``play --names`` says it."""
        text = self.query_one("#opt-name", Input).value
        empty = empty_name(text)
        if empty is not None:
            return empty_name_text(empty)
        too_long = long_name(text)
        if too_long is not None:
            return too_long_text(too_long)  # refused, not cut
        people = self.query_one("#opt-people", OptionRow).value
        humans = cast(tuple[int, bool], people)[0]
        given = names_given(text)
        if names_past_people(humans, given):
            # A "Player 3" seated for a person the names left out, or a name left out.
            return names_for_people_text(len(given), humans, _("People here"))
        choice = people_choice(people, text)
        twice = repeated_name([str(choice["name"]), *cast(tuple[str, ...], choice["human_names"])])
        if humans > 1 and twice is not None:
            return repeated_name_text(twice)
        you = screen_word_name(given)
        if humans > 1 and you is not None:
            return screen_word_text(you)
        return ""

    def action_quit_game(self) -> None:
        """Esc (and Ctrl+C, Ctrl+Q): the game quits and the remembered choices stay as they
        were: the key bar says "Quit", and a player who looked through the lines and left
        expects nothing changed (a partners hot-seat match of 13 hands, cycled to and left,
        was the next ``play --practice``). Enter remembers the choices of a match it starts.
        Only a language chosen here is kept: its line says it is remembered for next time."""
        remember = getattr(self.app, "remember_choices", None)
        if self.language_chosen and remember is not None:
            language = str(self.query_one("#opt-lang", OptionRow).value)
            remember(self.remembered.with_changes(language=language))
        self.app.exit()

    def action_help(self) -> None:
        """? (or F1): the game in a few words, this screen's keys, then the rules."""
        from okey_tui.ui.screens.help import HelpScreen

        self.app.push_screen(HelpScreen(NEW_TABLE_KEYS, before_the_table=True))

    def action_resume_latest(self) -> None:
        """r off a match's line: the most recently played match (on one: that match)."""
        self.app.action_resume("")  # type: ignore[attr-defined]  # as above

    def action_resume_here(self) -> None:
        self.action_start()

    def action_help_from_box(self) -> None:
        self.action_help()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "resume_latest":
            # Not in the name box, where r is a letter typed (the bar offered it there).
            return bool(self.saves) and not isinstance(self.focused, SaveRow | Input)
        if action in ("help", "help_from_box"):
            # One Help in the bar: F1's in the name box, where ? is typed; ?'s elsewhere.
            return isinstance(self.focused, Input) == (action == "help_from_box")
        on_a_match = isinstance(self.focused, SaveRow)
        if action == "start":
            return not on_a_match
        if action == "resume_here":
            return on_a_match
        return True
