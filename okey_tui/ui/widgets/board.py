"""The table around the rack: players, discard piles, centre, melds, lay-down area, log."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any, Self

from rich.cells import cell_len
from rich.console import Console, ConsoleOptions, RenderableType, RenderResult
from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.containers import VerticalScroll
from textual.message import Message
from textual.widget import Widget
from textual.widgets import RichLog

from okey_tui.engine.melds import Meld, MeldKind
from okey_tui.engine.scoring import opening_bonus
from okey_tui.engine.state import PENALTY, Event, Hand, OpeningKind, Phase, TableMeld
from okey_tui.engine.tiles import Tile
from okey_tui.engine.view import PlayerView, exposed_okeys, is_pairs_only
from okey_tui.i18n import N_, _, capitalize, current_language, ngettext, pgettext, possessive
from okey_tui.messages import (
    added_tile_text,
    added_tiles_text,
    bot_level,
    event_text,
    game_type_label,
    meld_text,
    okey_meant,
    opened_with,
    penalty_label,
    swap_holders_text,
    tile_text,
)
from okey_tui.table import SeatInfo
from okey_tui.ui.staging import Staging
from okey_tui.ui.tiles import FACE, FACE_DIM, FACE_TOP, QUIET, chip, meld_chips, tile_style
from okey_tui.ui.widgets.steady import SteadyStatic, set_subtitle, set_title
from okey_tui.ui.widgets.swipe import DragScrolls

# A meld another seat has just laid or changed: its number stands out until that seat's next turn.
MARK_STYLE = "bold #101010 on #ffd24a"
TABLE_MOVES = ("open", "lay", "add", "swap")
# The rank on the status line of "Ayşe took your R11": it outlasts the openings and the
# penalties said with it when the line is too long (at 80x24 two openings left it out).
TAKEN_RANK = 2
# Further than any box scrolls: more melds staged, the lay-down box shows its last lines.
MORE_STAGED = 1 << 30

SEAT_WORDS = (N_("you"), N_("right"), N_("across"), N_("left"))


def opened_text(view: PlayerView, seat: int, own: bool = False, width: int = 0) -> str:
    """``opened 105`` for a seat's panel; ``own``: said to the player ("105 ile açtın").
    A pairs opening in a panel narrower than ``opened 5 pairs`` reads ``5 pairs``: broken
    over two lines, a short panel showed "opened 5" alone, which reads as points."""
    opening = view.openings[seat]
    if opening is None:
        return pgettext("you", "not opened") if own else _("not opened")
    if opening.kind is OpeningKind.PAIRS:
        full = (pgettext("you", "opened {n} pairs") if own else _("opened {n} pairs")).format(
            n=opening.value
        )
        if width and cell_len(full) > width:
            return ngettext("{n} pair", "{n} pairs", opening.value).format(n=opening.value)
        if own:
            return pgettext("you", "opened {n} pairs").format(n=opening.value)
        return _("opened {n} pairs").format(n=opening.value)
    if own:
        return pgettext("you", "opened {n}").format(n=opening.value)
    return _("opened {n}").format(n=opening.value)


class PlayerPanel(SteadyStatic):
    """One seat: name, bot level, tiles in hand, opened or not, match score, whose turn."""

    def __init__(self, seat: int, *, id: str | None = None) -> None:
        super().__init__(id=id, classes="player")
        self.seat = seat
        self._shown_for: tuple[Sequence[SeatInfo], PlayerView] | None = None
        # What the panel was last drawn from (see inputs): the same again draws nothing.
        self._drawn_from: tuple[object, ...] | None = None
        self._needed: tuple[tuple[object, ...], int] | None = None  # (inputs, rows needed)
        # The turn's time left ("42 s"), beside the name of the seat to play, at a
        # network table with a turn time.
        self.clock = ""
        # Seconds before a bot takes the seat of its person, who is away from a network
        # table (0: a bot plays it; None: not counted).
        self.away: int | None = None

    def on_resize(self, event: events.Resize) -> None:
        # The lines break by the panel's size, which a tip coming or going changes too.
        if self._shown_for is not None:
            self.show(*self._shown_for)

    def inputs(self, seats: Sequence[SeatInfo], view: PlayerView) -> tuple[object, ...]:
        """Everything the panel's title, subtitle, class and lines are made of."""
        return (
            self.seat,
            tuple(seats),
            view.seat,
            view.rules,
            view.turn,
            view.outcome,
            view.rack_counts,
            view.match_totals,
            view.openings,
            view.penalty_points,
            view.going_pairs,
            self.size,
            self.content_size,
            self.clock,
            self.away,
            current_language(),
        )

    def show(self, seats: Sequence[SeatInfo], view: PlayerView) -> None:
        self._shown_for = (seats, view)
        # Shown again after every key and move of the table: a panel whose seat did not
        # change (nor the panel's size) is left as it is.
        inputs = self.inputs(seats, view)
        if inputs == self._drawn_from:
            return
        self._drawn_from = inputs
        seat = self.seat
        info = seats[seat]
        turn = self.plays(view)
        self.set_class(turn, "-turn")
        self.show_title(info.name, turn)
        away = "" if info.connected else self.away_mark()
        # Where the border is too narrow for the count (a side panel at 80x24), it goes on
        # a line of its own inside the panel: "╰─ bağlantı … ─╯" hid the seconds.
        inside = [] if info.connected or info.level else self.away_inside(away)
        marks = [bot_level(info.level) if info.level else away]
        if seat == view.partner:  # partners: the seat across plays for the same side
            marks.append(_("partner"))
        set_subtitle(self, " · ".join(m for m in marks if m))
        width, height = self.content_size
        # The tile count and the score share a line only where every seat's would fit on
        # one, so two panels of one size never differ by their numbers (one seat's "21
        # tiles · score 124" on two lines beside another's "6 tiles · score 22" on one).
        # Line breaks fall between pieces ("not opened · +101"), never inside one. A panel
        # too short for all its lines (80x24; a tip above the table) shortens the match
        # score, then leaves it out: whether a seat has opened, and what it paid, matter
        # more in a hand, and a line pushed out of the panel would not show at all.
        everyone = range(len(seats))
        if height == 1:
            # A panel of one line (the seat across, on a short terminal): every piece on it,
            # "21 tiles · score 0 · not opened", in the longest form that fits.
            for form in SCORE_FORMS:
                if fits_line(one_line(view, seat, form, width), width):
                    break
            text, _lines = styled_fill([one_line(view, seat, form, width)], width)
            self.update(text)
            return
        for form in SCORE_FORMS:
            if not height:
                break
            groups = [*panel_lines(view, seat, form, width), *inside]
            alike = all(fits_line(panel_lines(view, s, form, width)[0], width) for s in everyone)
            if alike and styled_fill(groups, width)[1] <= height:
                break
        text, _lines = styled_fill([*panel_lines(view, seat, form, width), *inside], width)
        self.update(text)

    def needed_height(self) -> int:
        """Rows (the frame's included) for every line of the panel at its width, the score in
        its shortest form at least and a penalty in words (0 before it is shown): on a short
        terminal your own panel's row keeps two lines where they hold it all, and takes a
        third where they do not (a penalty paid, a seat going pairs)."""
        width = self.content_size.width
        if self._shown_for is None or not width:
            return 0
        seats, view = self._shown_for
        inputs = self.inputs(seats, view)
        if self._needed is None or self._needed[0] != inputs:
            everyone = range(len(seats))
            lines = [
                styled_fill(panel_lines(view, self.seat, form, width), width)[1]
                for form in SCORE_FORMS
                if form[0]
                and form[3]
                and all(fits_line(panel_lines(view, s, form, width)[0], width) for s in everyone)
            ]
            self._needed = (inputs, min(lines, default=1) + 2)
        return self._needed[1]

    def plays(self, view: PlayerView) -> bool:
        """Whether it is this seat's turn (none once the hand is over)."""
        return view.turn == self.seat and view.outcome is None

    def show_title(self, name: str, turn: bool) -> None:
        set_title(self, self.title_words(name, turn, self.size.width - 2))

    def title_words(self, name: str, turn: bool, room: int) -> str:
        """Whose seat, ▶ on its turn, and the turn's time left ("▶ Mehmet · 12 s"), in
        ``room`` columns (0: not laid out yet, the whole title). Too narrow (a side panel at
        80x24 has 10), the seconds lose their unit and the mark goes ("Mehmet 12": the
        panel's heavy frame marks the turn) before the name is shortened, and the seconds
        stay whole: the border cut the title to "▶ Mehmet · 12…", then it read "▶ M… 12 s"."""
        mark = "▶ " if turn else ""
        if not (turn and self.clock):
            return mark + name
        clock = self.clock
        # The name whole before the seconds lose their unit, then the mark (the panel's
        # heavy frame says whose turn it is): at 80x24 the name was cut to "M…" first.
        found = re.search(r"[0-9]+", clock)
        digits = found.group() if found else clock
        forms = [f"{mark}{name} · {clock}", f"{mark}{name} {clock}", f"{name} {clock}"]
        forms += [f"{mark}{name} {digits}", f"{name} {digits}"]
        for keep in range(len(name) - 1, 0, -1):  # the most of the name that fits
            cut = name[:keep].rstrip() + "…"
            forms += [f"{mark}{cut} · {clock}", f"{mark}{cut} {clock}", f"{cut} {clock}"]
            forms += [f"{cut} {digits}"]
        forms += [f"{mark}{clock}", clock]
        return fitting(forms, room)

    def away_mark(self) -> str:
        """An away person's mark: "away", with the seconds before a bot takes their seat or
        that a bot plays it, in the longest form that fits under the panel; "" where not even
        "away" fits (a side panel at 80x24 says the rest inside: :meth:`away_inside`)."""
        left = self.away
        if left is None:
            forms = [_("away")]
        elif left <= 0:
            forms = [_("away · a bot plays"), _("a bot plays"), _("away")]
        else:
            forms = [
                said.format(seconds=left)
                for said in (
                    _("away · a bot plays in {seconds} s"),
                    _("away · bot in {seconds} s"),
                    _("bot in {seconds} s"),
                )
            ]
            forms.append(_("away"))
        # The frame's corners, a line on each side and a space (as the lay-down area's).
        room = self.outer_size.width - 6
        said = fitting(forms, room)
        if room > 0 and cell_len(said) > room:
            return ""  # not even "away" fits whole: the panel says it inside
        return said

    def away_inside(self, under: str) -> list[list[tuple[str, str]]]:
        """What the border (saying ``under``) has no room for, on lines inside the panel:
        "away" (where even that does not fit under it), and the seconds before a bot takes
        the seat, or that a bot plays it."""
        left = self.away
        if left is None:
            counted = ""
        elif left <= 0:
            counted = _("a bot plays")
        else:
            forms = [_("bot in {seconds} s"), _("bot: {seconds} s"), _("{seconds} s")]
            counted = fitting([f.format(seconds=left) for f in forms], self.content_size.width)
        groups: list[list[tuple[str, str]]] = []
        if not under:
            groups.append([(_("away"), "yellow")])
        if counted and (not under or under == _("away")):
            groups.append([(counted, "bold yellow")])
        return groups

    def set_away(self, left: int | None) -> None:
        """The seconds before a bot takes the seat of its away person (see :attr:`away`),
        counted down under the panel."""
        if left == self.away:
            return
        self.away = left
        if self._shown_for is not None:
            self.show(*self._shown_for)

    def set_clock(self, clock: str) -> None:
        """The turn's time left, shown beside the name while the seat plays ("" for none)."""
        if clock == self.clock:
            return
        self.clock = clock
        if self._shown_for is not None:
            seats, view = self._shown_for
            self.show_title(seats[self.seat].name, self.plays(view))


# How a seat's panel shows the match score, longest first: the words ("score 24"), then
# short ("24 pts"), then none; on the tile count's line or on a line of its own. A penalty
# paid this hand goes after the opening ("opened 141 · +101 penalty"), else after the
# score ("0 pts · +101 penalty"), else after the tile count ("4 taş · +101 ceza"),
# whichever keeps every line in the panel, before the score is shortened or left out; the
# word "penalty" goes only where no form with it keeps every line.
SCORE_FORMS = tuple(
    (size, together, paid, worded)
    for worded in (True, False)
    for size, together in (("long", True), ("long", False), ("short", True), ("short", False))
    for paid in ("state", "score", "tiles")
) + tuple(("", True, paid, worded) for worded in (True, False) for paid in ("state", "tiles"))


def panel_lines(
    view: PlayerView, seat: int, form: tuple[str, bool, str, bool], width: int = 0
) -> list[list[tuple[str, str]]]:
    """A seat's panel as groups of (text, style) pieces, each group on lines of its own."""
    count = view.rack_counts[seat]
    tiles = (ngettext("{n} tile", "{n} tiles", count).format(n=count), "bold")
    score = view.match_totals[seat]
    size, together, paid_at, worded = form
    if view.partner is not None:
        # At a partners table the match total is the team's: both partners show it, and
        # say so ("team 0" alone read as a team's number).
        said = _("team score {score}") if size == "long" else _("team {score}")
    else:
        said = _("score {score}") if size == "long" else _("{score} pts")
    scored = [(said.format(score=score), "")] if size else []
    own = seat == view.seat  # the player's own panel speaks to them: "105 ile açtın"
    state = [(opened_text(view, seat, own, width), "bold green" if view.openings[seat] else QUIET)]
    penalty = view.penalty_points[seat]
    said_paid = _("+{points} penalty") if worded else "+{points}"
    paid = [(said_paid.format(points=penalty), "bold red")] if penalty else []
    opening = view.openings[seat]
    bonus = opening_bonus(view.rules, opening.kind, opening.value) if opening else 0
    if bonus:
        # Taken off the hand's score at its end, as the summary writes it: said while the
        # hand goes on, as a penalty paid is (Rising's -101 showed only on the summary).
        state.append((f"{bonus} " + _("big opening"), "bold green"))
    if view.going_pairs[seat]:
        state.append((_("going pairs"), "magenta"))
    if paid_at == "tiles":
        first = [tiles, *paid]
    elif paid_at == "score" and scored:
        first, scored = [tiles], [*scored, *paid]
    else:
        first, state = [tiles], [*state[:1], *paid, *state[1:]]
    if together or not scored:
        return [[*first, *scored], state]
    return [first, scored, state]


def one_line(
    view: PlayerView, seat: int, form: tuple[str, bool, str, bool], width: int = 0
) -> list[tuple[str, str]]:
    """A seat's panel (:func:`panel_lines`) as the pieces of one line."""
    return [piece for group in panel_lines(view, seat, form, width) for piece in group]


def fits_line(pieces: list[tuple[str, str]], width: int) -> bool:
    """Whether (text, style) pieces joined by " · " fit on one line of ``width``."""
    return cell_len(" · ".join(piece for piece, _style in pieces)) <= width


def fitting(forms: Sequence[str], room: int) -> str:
    """The first of ``forms`` (longest first) that fits ``room`` columns whole; the last,
    the shortest, where none does (cut by the border); the first while ``room`` is 0."""
    if room <= 0:
        return forms[0]
    return next((form for form in forms if cell_len(form) <= room), forms[-1])


def initials(name: str) -> str:
    """A name of several words as its initials, a number whole: "Player 2" -> "P2".

    >>> initials("Player 2"), initials("Ayşe Nur Kaya"), initials("Bot 12")
    ('P2', 'ANK', 'B12')
    """
    return "".join(word if word.isdigit() else word[0] for word in name.split())


def short_possessives(name: str, seats: Sequence[SeatInfo], room: int) -> list[str]:
    """A pile's titles shorter than "Mehmet's pile", longest first, each saying whose it is
    ("Mehmet's" over the subtitle "pile"), and told apart from the other seats' titles:

    * the whole name's: "Zeynep bot's", "Player 2's";
    * its first word's, when no other seat's name starts with it: "Zeynep's"
      ("Zeynep bot's" was cut to "Zeynep b…");
    * its initials', when no other seat's are the same: "P2's" (the first words of
      "Player 1" and "Player 2" are the same);
    * the name cut short, where ``room`` has no place for these: "Mehm…'in".
    """
    forms = [possessive(name)]
    words = name.split()
    if len(words) > 1:
        first = words[0]
        if sum(s.name.split()[:1] == [first] for s in seats) == 1:
            forms.append(possessive(first))
        multi = [initials(s.name) for s in seats if len(s.name.split()) > 1]
        if multi.count(initials(name)) == 1 and initials(name) not in (s.name for s in seats):
            forms.append(possessive(initials(name)))
    whole = forms[0]
    if room > 0 and all(cell_len(form) > room for form in forms) and name in whole:
        # The name's possessive with the name cut short ("Mehm…'in"), the ending kept: the
        # ending (Turkish inflects the name by its sound) is the whole name's.
        cut = name
        while cut and cell_len(whole.replace(name, cut.rstrip() + "…", 1)) > room:
            cut = cut[:-1]
        if len(cut.rstrip()) >= 2:
            forms.append(whole.replace(name, cut.rstrip() + "…", 1))
    return forms


class PilePanel(SteadyStatic):
    """A discard pile: filled by ``seat``, taken from by the next seat. Click to open."""

    class Opened(Message):
        """The pile was clicked: ``seat`` is whose it is."""

        def __init__(self, seat: int) -> None:
            super().__init__()
            self.seat = seat

    def __init__(self, seat: int, *, id: str | None = None) -> None:
        super().__init__(id=id, classes="pile")
        self.seat = seat
        self._shown_for: tuple[Sequence[SeatInfo], PlayerView] | None = None
        self._drawn_from: tuple[object, ...] | None = None  # (see PlayerPanel)

    def words(self, seats: Sequence[SeatInfo], view: PlayerView, room: int) -> tuple[str, str]:
        """The title and subtitle in ``room`` columns (0: not laid out yet, the long ones):
        whose pile and how many tiles, each in the longest form that fits whole. Narrowed
        beside the hints (14 columns), "Mehmet'in" was cut to "Mehmet'…" and "yerin · 1"
        to "yerin ·…", the count lost."""
        pile = view.discards[self.seat]
        mine = self.seat == view.seat
        # Titled by whose pile it is, over the subtitle "pile" ("Mehmet's" / "pile"). Never
        # the name alone: at a hot-seat table at 80x24 "Player 2" over the pile read as a
        # second panel of Player 2, beside the panel titled so.
        name = seats[self.seat].name
        if mine:
            titles = [_("Your pile"), _("Yours")]
        else:
            titles = [_("{name}'s pile").format(name=name), *short_possessives(name, seats, room)]
        # Read with the short title ("Mehmet'in" over "attıkları · 2"): Turkish says whose.
        # Where the words do not fit, the count alone ("· 4" read as a stray mark).
        # Then the words and the count without the dot: at 80x24 your own pile's box said
        # "1" alone under "Senin" ("yerin · 1" did not fit, "yerin 1" does).
        if mine:
            counted = pgettext("you", "pile · {n}").format(n=len(pile))
            closer = pgettext("you", "pile {n}").format(n=len(pile))
            subtitles = [counted, closer, str(len(pile))] if pile else [pgettext("you", "pile")]
        else:
            counted = _("pile · {n}").format(n=len(pile))
            closer = _("pile {n}").format(n=len(pile))
            subtitles = [counted, closer, str(len(pile))] if pile else [_("pile")]
        return fitting(titles, room), fitting(subtitles, room)

    def on_resize(self) -> None:
        # The hints shown or hidden narrow or widen the piles: the words for the new width.
        if self._shown_for is not None:
            title, subtitle = self.words(*self._shown_for, self.size.width - 2)
            set_title(self, title)
            set_subtitle(self, subtitle)

    def show(self, seats: Sequence[SeatInfo], view: PlayerView) -> None:
        self._shown_for = (seats, view)
        pile = view.discards[self.seat]
        # Everything the pile's box is made of: the same again draws nothing.
        inputs = (
            self.seat,
            tuple(seats),
            view.seat,
            pile,
            view.indicator,
            view.turn,
            view.phase,
            self.size,
            current_language(),
        )
        if inputs == self._drawn_from:
            return
        self._drawn_from = inputs
        for_me = self.seat == view.left
        self.set_class(for_me, "-for-me")
        title, subtitle = self.words(seats, view, self.size.width - 2)
        set_title(self, title)
        set_subtitle(self, subtitle)
        text = Text()
        # The key where it works: at this seat's draw (never from an empty pile, and not
        # once the turn's tile is drawn or taken, or during the others' turns).
        can_take = for_me and pile and view.my_turn and view.phase is Phase.DRAW
        if pile:
            # The top tile (the one that can be taken) is bright; the ones under it are
            # dimmed, newest first, as many as the box holds (it showed three, with lines
            # to spare: players read the whole pile).
            width, height = self.content_size
            lines = max(1, height - (1 if can_take else 0)) if width else 1
            text.append_text(chip(pile[-1], view.okey, face=FACE_TOP))
            used, line = text.cell_len, 1
            for n, tile in enumerate(reversed(pile[:-1])):
                shown = chip(tile, view.okey, face=FACE_DIM)
                if not width:
                    if n == 2:
                        break  # not laid out yet: three tiles, as on any box
                elif used + 1 + shown.cell_len > width:
                    if line == lines:
                        break
                    text.append("\n")
                    used, line = 0, line + 1
                if used:
                    text.append(" ")
                    used += 1
                text.append_text(shown)
                used += shown.cell_len
        else:
            text.append(_("empty"), QUIET)
        if can_take:
            text.append("\n" + _("t take"), "dim")
        self.update(text)

    def on_click(self, event: events.Click) -> None:
        self.post_message(self.Opened(self.seat))


class CentreInfo(SteadyStatic):
    """The indicator, the okey it names, the middle count, the hand number. A click on it
    draws from the middle (at this seat's draw), as on a real table."""

    class Clicked(Message):
        pass

    def on_click(self, event: events.Click) -> None:
        self.post_message(self.Clicked())

    _drawn_from: tuple[object, ...] | None = None  # (see PlayerPanel)

    def show(self, hand_number: int, view: PlayerView) -> None:
        inputs = (
            hand_number,
            view.indicator,
            view.middle_count,
            view.rules,
            isinstance(self.parent, Widget),  # its box, titled below
            current_language(),
        )
        if inputs == self._drawn_from:
            return
        self._drawn_from = inputs
        text = Text()
        text.append(_("Indicator") + " ", "bold")
        text.append_text(chip(view.indicator))
        text.append("  " + _("okey") + " ", "bold")
        text.append_text(chip(view.okey, view.okey))
        text.append("   " + _("Middle: {n}").format(n=view.middle_count), "bold")
        rules = view.rules
        # The hand and the table's kind go in the box's title: one more line for melds.
        if isinstance(self.parent, Widget):
            set_title(
                self.parent,
                _("Hand {number}/{hands}").format(number=hand_number + 1, hands=rules.hands)
                + f" · {game_type_label(rules.game_type)}"
                + (" · " + _("partners") if rules.partners else "")
                + ("" if rules.penalties else " · " + _("no penalties")),
            )
        self.update(text)


class MeldsText(SteadyStatic):
    """The melds' text in their box: its height changing changes what lies out of sight."""

    def on_resize(self) -> None:
        # Laid out again at its real width (14 lines of a narrow first layout became 7 on a
        # busy machine after the box had counted them): the box counts again.
        box = self.parent
        if isinstance(box, MeldsView):
            box.call_after_refresh(box.say_if_more)


class MeldsView(VerticalScroll):
    """Table melds, grouped by the player who laid them, numbered for ``a`` and ``w``."""

    can_focus = False

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        # Made here, not in compose: the table may be shown before this box is mounted.
        self.melds_text = MeldsText(id="melds-text")
        self.meld_line: dict[int, int] = {}
        self._to_reveal: int | None = None  # a meld to bring into sight once measured
        # Where each meld is in the text: (line, first column, column past it), for a
        # tile dropped on it (meld_at).
        self.meld_spans: dict[int, tuple[int, int, int]] = {}
        self._lines = 0  # the lines of the melds text last shown
        self._drawn_from: tuple[object, ...] | None = None  # (see PlayerPanel)
        self._shown_for: tuple[Sequence[SeatInfo], PlayerView, dict[int, int]] | None = None

    def compose(self) -> ComposeResult:
        yield self.melds_text

    def text_width(self) -> int:
        """The columns the melds are laid out in: the box's, less the column kept between
        them and the scroll bar ("10:Y4 Y4▁" ran into its thumb; ``#melds-text`` has that
        column as its right margin)."""
        return max(20, self.scrollable_content_region.width - 1)

    def show(
        self, seats: Sequence[SeatInfo], view: PlayerView, marks: dict[int, int] | None = None
    ) -> None:
        marks = marks or {}
        self._shown_for = (seats, view, marks)
        short = self.app.has_class("-short")
        # The melds again as they are, in a box of the same size: nothing to draw anew. A
        # short terminal's melds are laid out for the box's height too (short_text).
        inputs = (
            tuple(seats),
            view,
            tuple(marks.items()),
            short,
            self.scrollable_content_region.width,
            self.scrollable_content_region.height if short else 0,
            current_language(),
        )
        if inputs == self._drawn_from:
            self.call_after_refresh(self.say_if_more)
            return
        self._drawn_from = inputs
        text = Text()
        self.meld_line = {}  # the line each meld is on, for reveal()
        self.meld_spans = {}
        if not view.table:
            text.append(_("No melds on the table yet."), QUIET)
        elif short:
            text = self.short_text(seats, view, marks)
        else:
            text = self.tall_text(seats, view, marks)
        self.melds_text.update(text)
        lines = len(text.plain.split("\n"))
        if lines != self._lines:
            self._lines = lines
            self.call_after_refresh(self.fit_text)
        self.call_after_refresh(self.say_if_more)

    def tall_text(self, seats: Sequence[SeatInfo], view: PlayerView, marks: dict[int, int]) -> Text:
        """Each seat's melds under a line of its own ("Ayşe — opened with 102 points"), each
        meld with its value ("3:R9 Y9 B9 =27"), three spaces apart."""
        text = Text()
        line = 0
        for seat in range(4):
            owned = [(i, tm) for i, tm in enumerate(view.table) if tm.owner == seat]
            if not owned:
                continue
            if text:
                text.append("\n")
            opening = view.openings[seat]
            if seat == view.seat:  # said to the player, as the log does: "Sen — açtın"
                head = _("You") + " — "
                if opening is None:
                    head += pgettext("you", "took back")
                else:
                    head += opened_with(opening, own=True)
            else:
                head = f"{seats[seat].name} — "
                head += _("took back") if opening is None else opened_with(opening)
            text.append(head + "\n", "bold")
            line += 1
            # A meld never breaks over two lines: a new line starts instead.
            width = self.text_width()
            pieces = self.meld_pieces(view, owned, marks)
            sep = "   "
            rows = lines_of([p.plain for p in pieces], max(10, width), sep)
            for row in rows:
                x = 0
                for k, i in enumerate(row):
                    x += len(sep) if k else 0
                    self.meld_line[owned[i][0]] = line
                    self.meld_spans[owned[i][0]] = (line, x, x + pieces[i].cell_len)
                    x += pieces[i].cell_len
                line += 1
            text.append_text(
                Text("\n").join(Text(sep).join(pieces[i] for i in row) for row in rows)
            )
        return text

    def short_text(
        self, seats: Sequence[SeatInfo], view: PlayerView, marks: dict[int, int]
    ) -> Text:
        """The melds of a short terminal, which has a few lines for them: each line names
        its owner ("Zeynep: 1:B5 B6 B7 ...") instead of a line of its own over them, so
        every line shown is melds, and a line scrolled to (PgDn) still says whose they
        are (the openings are on the seats' panels). The values are left out (what a meld
        is worth matters for an opening, and the lay-down box counts that) and the melds
        are two spaces apart.

        Where they do not all fit the box, a seat's melds follow another's on its line
        ("Ayşe: 4:R12 Y12 K12  Mehmet: 7:K1 K2 K3"); where that is not enough, runs of
        four tiles or more are written by their ends, their okeys after them ("8:R5–R8
        ★R6"), each seat's melds on lines of their own again if they fit so, else packed:
        at 80x24 with every seat opened the melds took eight lines for five, and a player
        planning a lay-off paged through them every turn. Melds that fit in full stay so."""
        owners = [seat for seat in range(4) if any(tm.owner == seat for tm in view.table)]
        owned = {
            seat: [(i, tm) for i, tm in enumerate(view.table) if tm.owner == seat]
            for seat in owners
        }
        labels = [(_("You") if seat == view.seat else seats[seat].name) + ": " for seat in owners]
        width = self.text_width()
        height = self.scrollable_content_region.height
        sep = "  "
        for packed, ends in ((False, False), (True, False), (False, True), (True, True)):
            pieces = [self.meld_pieces(view, owned[seat], marks, False, ends) for seat in owners]
            rows = owner_lines(
                [
                    (cell_len(label), [p.cell_len for p in group])
                    for label, group in zip(labels, pieces, strict=True)
                ],
                width,
                sep,
                packed,
            )
            # A box not laid out yet (no height) shows the melds in full.
            if not height or len(rows) <= height:
                break
        text = Text()
        for line, row in enumerate(rows):
            if line:
                text.append("\n")
            x = 0
            for n, (group, first, last) in enumerate(row):
                if n:
                    text.append(sep)
                    x += cell_len(sep)
                text.append(labels[group], "bold")
                x += cell_len(labels[group])
                for k in range(first, last):
                    if k > first:
                        text.append(sep)
                        x += cell_len(sep)
                    piece = pieces[group][k]
                    index = owned[owners[group]][k][0]
                    self.meld_line[index] = line
                    self.meld_spans[index] = (line, x, x + piece.cell_len)
                    text.append_text(piece)
                    x += piece.cell_len
        return text

    def fit_text(self) -> None:
        """Lay the melds out again at as many lines as they have now. Shown before the
        box's first layout (a resumed match, a browser reload), they were broken for a
        box 20 cells wide, and the next show at the box's real width came while that
        first layout was still pending: Textual kept the height of the narrow text (14
        lines for 7), and PgDn scrolled through empty rows ("PgDn: 9 more lines" for 2).
        A layout asked for once the pending one is done measures the text shown."""
        self.melds_text.refresh(layout=True)
        self.call_after_refresh(self.say_if_more)

    def meld_at(self, screen_x: int, screen_y: int) -> int | None:
        """The meld shown at a point of the screen (a tile dropped there), or None: a
        point between melds, past a line's last meld, or on an owner's line."""
        region = self.melds_text.content_region  # where the text is, scrolled as shown
        line, x = screen_y - region.y, screen_x - region.x
        for index, (at, start, end) in self.meld_spans.items():
            if at == line and start <= x < end:
                return index
        return None

    def reveal(self, index: int) -> None:
        """Scroll so that meld ``index`` is in sight (the player just changed it); a meld
        under its owner's line, on a tall terminal, brings that line along. Asked for
        while the box's new text is not yet measured (on a busy machine the melds laid
        out again after a draw were still one screen long), the scroll could not reach the
        meld's line and stayed at the top: the meld waits and is brought into sight when
        the box has its new size (on_resize)."""
        self._to_reveal = index
        self.reveal_waiting()

    def reveal_waiting(self) -> None:
        index = self._to_reveal
        line = None if index is None else self.meld_line.get(index)
        height = self.scrollable_content_region.height
        if line is None or not height:
            return
        if line < self.scroll_y:
            self.scroll_to(y=line, animate=False)
        elif line >= self.scroll_y + height:
            if line - height + 1 > self.max_scroll_y:
                return  # not measured yet: kept for on_resize
            self.scroll_to(y=line - height + 1, animate=False)
        self._to_reveal = None

    def meld_pieces(
        self,
        view: PlayerView,
        owned: Sequence[tuple[int, TableMeld]],
        marks: dict[int, int],
        values: bool = True,
        ends: bool = False,
    ) -> list[Text]:
        """Each meld as "3:R9 Y9 B9 =27" (without its value: "3:R9 Y9 B9"), its number
        marked when it changed lately; with ``ends``, a run of four tiles or more by its
        ends ("8:R5–R8 ★R6", see run_by_ends)."""
        pieces: list[Text] = []
        for index, tm in owned:
            piece = Text()
            piece.append(f"{index + 1}:", MARK_STYLE if index in marks else "dim")
            if ends and tm.meld.kind is MeldKind.RUN and len(tm.meld.tiles) >= 4:
                piece.append_text(run_by_ends(tm.meld, view.okey))
            else:
                piece.append_text(meld_chips(tm.meld, view.okey))
            if values and tm.meld.kind is not MeldKind.PAIR:
                piece.append(f" ={tm.meld.value}", "dim")
            pieces.append(piece)
        return pieces

    def watch_scroll_y(self, old_value: float, new_value: float) -> None:
        super().watch_scroll_y(old_value, new_value)
        if round(old_value) != round(new_value):
            self.say_if_more()

    def on_resize(self) -> None:
        # The box or its melds grew or shrank (at 80x24 the row below takes a line back
        # as a selection comes and goes): the count is made again for the new sizes, not
        # left as it was ("PgDn: 8 more lines" with one line below, on a busy machine).
        # A short terminal's melds are laid out again for the lines the box has now (a
        # tip coming takes three of them).
        if self._shown_for is not None:
            self.show(*self._shown_for)
        self.reveal_waiting()
        self.call_after_refresh(self.say_if_more)

    def say_if_more(self) -> None:
        """When the melds do not all fit, the box says which keys scroll them and how many
        lines lie above and below what shows ("PgUp PgDn: 2 lines above, 1 below")."""
        if self.parent is None or not isinstance(self.parent, Widget):
            return
        set_subtitle(self.parent, scroll_note(self.scroll_y, self.max_scroll_y))


def lay_when(view: PlayerView) -> str:
    """When Enter lays staged melds: "now" on this seat's turn once it has drawn; "draw"
    before the draw (the table refuses it: "draw a tile first"); "later" on another's
    turn, where it does nothing."""
    if view.my_turn and view.phase is Phase.PLAY:
        return "now"
    return "draw" if view.my_turn and view.phase is Phase.DRAW else "later"


def run_by_ends(meld: Meld, okey: Tile) -> Text:
    """A run by its first and last tiles, then each okey in it as the table marks it:
    ``R5–R8 ★R6`` (an okey standing for R6), ``B6–B9 ★B8`` (the okey laid as itself:
    "B6–B9 B8★" read as a fifth tile). The tiles between are the numbers between: the ends
    say what can be added to it."""
    low, high = meld.stands_for[0], meld.stands_for[-1]
    text = chip(low)
    text.append("–", tile_style(low, FACE))
    text.append_text(chip(high))
    for laid, meant in zip(meld.tiles, meld.stands_for, strict=True):
        if laid == okey:
            text.append(" ")
            text.append_text(chip(laid, okey, meant=meant, standing=True))
    return text


def owner_lines(
    groups: Sequence[tuple[int, Sequence[int]]], width: int, sep: str, packed: bool
) -> list[list[tuple[int, int, int]]]:
    """The lines of the seats' melds, each line starting with its owner's label: ``groups``
    is each seat's (label width, its melds' widths). A line is a list of (group, first
    meld, past its last meld); a meld never breaks, and a seat's melds that do not fit go
    on a line of their own that names the seat again. ``packed``: a seat's melds start on
    the line of the seat before them when its label and first meld fit there.

    >>> owner_lines([(6, [5, 5]), (4, [3])], 20, "  ", False)
    [[(0, 0, 2)], [(1, 0, 1)]]
    >>> owner_lines([(6, [5, 5]), (4, [3])], 20, "  ", True)
    [[(0, 0, 2)], [(1, 0, 1)]]
    >>> owner_lines([(6, [5, 5]), (4, [3])], 27, "  ", True)
    [[(0, 0, 2), (1, 0, 1)]]
    >>> owner_lines([(6, [5, 5, 5, 5]), (4, [3])], 27, "  ", True)
    [[(0, 0, 3)], [(0, 3, 4), (1, 0, 1)]]
    """
    gap = cell_len(sep)
    lines: list[list[tuple[int, int, int]]] = []
    used = 0
    for group, (label, widths) in enumerate(groups):
        for k, piece in enumerate(widths):
            if k and used + gap + piece <= width:  # on after the seat's meld before
                first = lines[-1][-1][1]
                lines[-1][-1] = (group, first, k + 1)
                used += gap + piece
            elif not k and packed and lines and used + gap + label + piece <= width:
                lines[-1].append((group, k, k + 1))
                used += gap + label + piece
            else:
                lines.append([(group, k, k + 1)])
                used = label + piece
    return lines


def scroll_note(scroll_y: float, max_scroll_y: float) -> str:
    """How many lines of a box that scrolls lie above and below what shows, and the keys
    that bring them ("PgUp PgDn: 2 lines above, 1 below"); empty when all show."""
    above = round(scroll_y)
    below = round(max_scroll_y) - above
    if not max_scroll_y:
        return ""
    if not above:
        return ngettext("PgDn: {n} more line", "PgDn: {n} more lines", below).format(n=below)
    if not below:
        return ngettext("PgUp: {n} line above", "PgUp: {n} lines above", above).format(n=above)
    return ngettext(
        "PgUp PgDn: {above} line above, {below} below",
        "PgUp PgDn: {above} lines above, {below} below",
        above,
    ).format(above=above, below=below)


class LayDownArea(SteadyStatic):
    """Staged melds and their running total against the floor.

    The total and any okey warning stay at the top and the selection at the foot; the
    melds between scroll (PgUp/PgDn, the mouse wheel) when the box is too short for
    them, with the border saying how many lines are out of sight."""

    class Dropped(Message):
        pass

    class Widened(Message):
        """The box changed width (the hints opened or closed): its lines break anew."""

    staged = False
    keys_on_frame = False  # a short terminal: the keys line is on the box's frame
    # When Enter lays the staged melds: "now", after a "draw", or "later"; "full": never, as
    # every tile is staged and one must stay for the discard.
    when = "now"
    _width = 0
    hidden_lines = 0  # lines out of sight below (many melds on a small terminal)
    lines_above = 0  # lines of melds scrolled past, out of sight above
    rows = 0  # the lines the box has inside its frame (0: not fitted yet, all shown)
    scroll_top = 0  # the first line of the melds in sight
    _staged_count = 0
    # The keys on the frame's foot: (from, to, key), cells from the start of its words.
    frame_keys: list[tuple[int, int, str]] = []
    _room = 1  # the lines the melds have in sight, when the box is too short for them
    _head = Text()  # the total and the warnings: always in sight
    _body = Text()  # the melds (or the prompt): scrolled
    _foot = Text()  # the selection
    # The staged melds, each as its chips (None: none staged), and the width their lines
    # were broken for: drawn at another width, they are broken again between melds.
    _chips: list[Text] | None = None
    _made_width = 0
    # What the box's texts were last made from, and what it was last drawn from (the same
    # again makes or draws nothing); the texts' number, counted up each time they are made.
    _made_from: tuple[object, ...] | None = None
    _drawn_from: tuple[object, ...] | None = None
    _texts = 0
    _needed: tuple[int, int, int] | None = None  # (texts, width, rows needed)

    def fit(self, rows: int) -> None:
        """Fits the box to ``rows`` lines inside its frame: at 80x24 with many melds staged
        the lines past its height (melds, the okey warning) were out of sight with no way to
        see them. (A tip over the table gives way to staged melds: it never cuts them.)"""
        self.rows = rows
        self.draw()

    def pick_subtitle(self) -> None:
        """The keys under staged melds, shortened when the box is narrow (the hints are open);
        lines out of sight, and how to see them, before them."""
        self.frame_keys = []
        above, below = self.lines_above, self.hidden_lines
        if above or below:
            # The melds box's words, with an arrow to catch the eye.
            arrows = ("▲" if above else "") + ("▼" if below else "")
            said = f"{arrows} {scroll_note(above, above + below)}"
            # The frame's corners and a line and a space either side.
            if 0 < self.outer_size.width - 6 < cell_len(said):  # beside the hints: arrows alone
                counts = ([f"▲ {above}"] if above else []) + ([f"▼ {below}"] if below else [])
                said = " ".join(counts)
            set_subtitle(self, said)
            return
        if not self.staged:
            # The keys on the frame, in the room between its corners (the key bar names o).
            keys = [_("o stages your groups · space selects"), _("space selects"), ""]
            room = self.outer_size.width - 6
            set_subtitle(self, fitting(keys, room) if self.keys_on_frame else "")
            return
        room = self.outer_size.width - 6  # the frame's corners, a line and a space each side
        full: list[tuple[str | None, str]]
        short: list[tuple[str | None, str]]
        if self.when == "now":
            full = [("enter", _("⏎ lay down")), ("escape", _("Esc back"))]
            short = [("enter", "⏎"), ("escape", "Esc")]
        elif self.when == "draw":
            full, short = (
                [("d", _("d draw first")), ("escape", "Esc")],
                [("d", "d"), ("escape", "Esc")],
            )
        elif self.when == "full":  # every tile staged: one must stay to discard
            full = [(None, _("keep a tile to discard")), ("escape", _("Esc back"))]
            short = [("escape", _("Esc back"))]
        else:
            full = [(None, _("on your turn")), ("escape", _("Esc back"))]
            short = [("escape", _("Esc back"))]
        said = " · ".join(words for _key, words in full)
        parts = full if room <= 0 or room >= cell_len(said) else short
        self.frame_keys = []
        x = 0
        for key, words in parts:
            if key is not None:
                self.frame_keys.append((x, x + cell_len(words), key))
            x += cell_len(words) + cell_len(" · ")
        set_subtitle(self, " · ".join(words for _key, words in parts))

    def frame_key_at(self, x: int, y: int) -> str | None:
        """The key whose words are at (``x``, ``y``) on the box's foot ("⏎ lay down · Esc
        back"), if any: a click there does what the key does."""
        width, said = self.outer_size.width, self.border_subtitle
        if y != self.outer_size.height - 1 or not said or cell_len(said) > width - 4:
            return None
        start = width - 3 - cell_len(said)  # at the right, a space and a line before the corner
        for begin, end, key in self.frame_keys:
            if start + begin <= x < start + end:
                return key
        return None

    def on_click(self, event: events.Click) -> None:
        # The frame's keys do what they say; anywhere else the box stages, as o does (it
        # says "o stages your groups"): a click on it with tiles selected did nothing.
        key = self.frame_key_at(event.x, event.y) or "o"
        event.stop()
        self.app.simulate_key(key)

    def on_resize(self, event: events.Resize) -> None:
        self.pick_subtitle()
        # Also when the box comes back at its old width after a time hidden (the log shown
        # in its place at 80x24): its texts were made at no width then.
        if event.size.width != self._width or self.content_size.width != self._made_width:
            self._width = event.size.width
            self.post_message(self.Widened())

    def show(self, view: PlayerView, staging: Staging, selection_text: Text | None) -> None:
        width = self.content_size.width
        compact = self.app.has_class("-compact")
        short_terminal = self.app.has_class("-short")
        inputs = (
            view,
            tuple(staging.melds),
            selection_text,
            None if selection_text is None else selection_text.style,
            width,
            compact,
            short_terminal,
            current_language(),
        )
        if inputs == self._made_from:
            # The same texts: only what showing them again does to the scrolling.
            if not staging.melds:
                self.scroll_top = 0
            self.draw()
            return
        self._made_from = inputs
        self._texts += 1
        self._made_width = width
        self._chips = None
        self.keys_on_frame = False
        okey = view.okey
        head, text = Text(), Text()
        verb = _("Lay down") if view.opening is not None else _("Opening")
        self.staged = bool(staging.melds)
        self.when = lay_when(view)
        if self.when == "now" and not view.lay_keeps_a_discard(len(staging.tiles())):
            self.when = "full"  # Enter would be refused: a tile must stay for the discard
        count = len(staging.melds)
        if not count:
            self.scroll_top = 0
        elif count > self._staged_count > 0:
            self.scroll_top = MORE_STAGED  # more melds staged: down to the new ones
        self._staged_count = count
        if staging.melds:
            # The running total and what laying would cost come first: they stay in sight
            # however many melds there are below.
            style = "bold green" if staging.reached(view) else "bold yellow"
            head.append(f"{verb}: {staging.progress(view)}", style)
            if view.rules.penalties:
                # An okey another seat could swap out costs +101 (rules §11): said before
                # Enter lays it, with the tile that takes it.
                for meant, needed in exposed_okeys(view, staging.melds):
                    head.append("\n")
                    said = (
                        _(
                            "★{tile}: +{points} to you if an opponent holding {tiles} takes "
                            "this okey"
                        )
                        if view.rules.partners  # a partner's swap costs nothing (§11)
                        else _(
                            "★{tile}: +{points} to you if a player holding {tiles} takes this okey"
                        )
                    )
                    holding = swap_holders_text(needed, okey)
                    meant_text = okey_meant(meant, needed)
                    warning = said.format(tile=meant_text, tiles=holding, points=PENALTY)
                    # A small terminal (or a box narrowed by the hints) says it shorter,
                    # leaving its rows to the melds.
                    lines = 2 if self.app.has_class("-compact") else 3
                    if width and len(Text(warning).wrap(self.app.console, width)) > lines:
                        short = (
                            _("★{tile}: +{points} to you if an opponent swaps it out")
                            if view.rules.partners
                            else _("★{tile}: +{points} to you if it is swapped out")
                        )
                        warning = short.format(tile=meant_text, points=PENALTY)
                    head.append(warning, "bold yellow")
            self._chips = chips = [meld_chips(meld, okey) for meld in staging.melds]
            text.append_text(melds_text(chips, width))
        elif view.phase is Phase.OVER:  # a look at the table after the hand
            text.append(_("The hand is over"), "bold")
        else:
            if view.opening is None and view.going_pairs[view.seat]:
                text.append(
                    _("Going Pairs: open with {pairs} pairs").format(pairs=view.pairs_floor) + "\n",
                    "bold magenta",
                )
            elif view.opening is None:
                pieces = [_("Open:"), _("{points} pts").format(points=view.melds_floor)]
                # A floor risen over an opening names it (one more is needed), where
                # there is room (a small terminal keeps its rows for the melds: the status
                # line has named the opening, and a refusal names the rule).
                risen = _("(over {highest})")
                roomy = not self.app.has_class("-compact")
                if roomy and view.melds_floor > view.rules.melds_floor:
                    pieces.append(risen.format(highest=view.melds_floor - 1))
                pieces.append(_("or {pairs} pairs").format(pairs=view.pairs_floor))
                if roomy and view.pairs_floor > view.rules.pairs_floor:
                    pieces.append(risen.format(highest=view.pairs_floor - 1))
                # A narrow box breaks the line between pieces, never inside a floor.
                text.append(fill(pieces, width) + "\n", "bold")
            else:
                # A pairs opener lays only pairs from here on (rules: pairs only).
                more = (
                    # At a table where a pairs opener lays off too, said (only the pairs
                    # were named, and adding to runs and sets went unsaid).
                    _("You {opened}: lay more pairs, or add to runs and sets")
                    if is_pairs_only(view) and view.rules.pairs_opener_lays_off
                    else _("You {opened}: lay more pairs")
                    if is_pairs_only(view)
                    else _("You {opened}: lay more melds")
                )
                text.append(
                    more.format(opened=opened_text(view, view.seat, own=True)) + "\n", "bold"
                )
            keys = _("o stages your groups · space selects")
            # Beside the hints the box is narrow: the footer shows the keys, and a short
            # box leaves the table its rows. A short terminal says them on the box's frame.
            if not short_terminal and (not width or len(keys) <= 2 * width):
                text.append(keys, "dim")
            else:
                text.rstrip()
            self.keys_on_frame = short_terminal
            if short_terminal and selection_text is not None:
                # The selection takes the line's place (the panel beside says whether you
                # opened): the box keeps its rows and the table's melds stay in sight as
                # tiles are chosen to add to them.
                text = Text()
        self._head, self._body = head, text
        self._foot = selection_text or Text()
        self.text = Text("\n").join(part for part in (head, text, self._foot) if part)
        self.draw()

    def wrapped(self, text: Text) -> list[Text]:
        """The lines ``text`` takes at the box's width."""
        if not text:
            return []
        return list(text.wrap(self.app.console, max(1, self.content_size.width)))

    def draw(self) -> None:
        """Everything, when it fits; else the total and the warnings, the melds in sight
        under them and the selection at the foot, saying on the border what is out of
        sight. A box too short for all of those keeps the total and the warnings: the
        selection scrolls with the melds (and in a box of two lines, the warnings too)."""
        # Drawn after every key (the lay-down row is fitted to the board each time): the
        # same texts in the same box, scrolled the same, are left as they are drawn.
        if self.drawn_from() == self._drawn_from:
            return
        self._draw()
        self._drawn_from = self.drawn_from()

    def drawn_from(self) -> tuple[object, ...]:
        """Everything :meth:`draw` draws from: drawn once more from the same, the box
        would not change (the scroll is as the last draw left it)."""
        return (
            self._texts,
            self.rows,
            self.scroll_top,
            self.content_size,
            self.size,
            self.outer_size,
            self.staged,
            self.when,
        )

    def _draw(self) -> None:
        width = self.content_size.width
        if self._chips is not None and width and width != self._made_width:
            # Staged while the box had another width (none, hidden behind the log at
            # 80x24): a line broken anywhere but between melds split a meld in two ("R9
            # R10 R11  Y9 Y10 Y11" and "Y12" under it). Broken again at this width.
            self._body = melds_text(self._chips, width)
            self._made_width = width
            self._texts += 1
            self.text = Text("\n").join(p for p in (self._head, self._body, self._foot) if p)
        head, body, foot = (self.wrapped(t) for t in (self._head, self._body, self._foot))
        rows = self.rows
        if not rows or not self.content_size.width or len(head) + len(body) + len(foot) <= rows:
            self.scroll_top = self.hidden_lines = self.lines_above = 0
            self.pick_subtitle()
            self.update(self.text)
            return
        if len(head) + len(foot) >= rows:
            body, foot = body + foot, []
        if len(head) >= rows:
            head, body = head[:1], head[1:] + body
        self._room = room = max(1, rows - len(head) - len(foot))
        top = max(0, min(self.scroll_top, len(body) - room))
        shown = head + body[top : top + room] + foot
        self.scroll_top, self.lines_above = top, top
        self.hidden_lines = len(head) + len(body) + len(foot) - len(shown) - top
        self.pick_subtitle()
        self.update(Text("\n").join(shown))

    @property
    def cut(self) -> bool:
        """Lines of the box are out of sight: PgUp/PgDn scroll it."""
        return bool(self.hidden_lines or self.lines_above)

    def page(self, pages: int) -> None:
        """Scrolls the melds by ``pages`` of what the box shows of them, less a line kept in
        sight to read on from (all of them when three lines or fewer)."""
        room = self._room
        self.scroll_lines(pages * (room if room <= 3 else room - 1))

    def scroll_lines(self, lines: int) -> None:
        self.scroll_top = max(0, self.scroll_top + lines)
        self.draw()

    def on_mouse_scroll_down(self, event: events.MouseScrollDown) -> None:
        if self.hidden_lines:
            event.stop()
            self.scroll_lines(1)

    def on_mouse_scroll_up(self, event: events.MouseScrollUp) -> None:
        if self.lines_above:
            event.stop()
            self.scroll_lines(-1)

    def needed_height(self) -> int:
        """Rows (borders included) to show everything at the current width: never cut."""
        width = self.content_size.width
        text = getattr(self, "text", None)
        if not width or text is None:
            return 0
        if self._needed is None or self._needed[:2] != (self._texts, width):
            self._needed = (self._texts, width, len(text.wrap(self.app.console, width)) + 2)
        return self._needed[2]


def cancelled_lines(
    seats: Sequence[SeatInfo], events: Sequence[Event], at: int, you: int | None
) -> list[Text]:
    """The payments a take-back (``events[at]``) cancelled, each a log line: what the turn
    charged the other seats before it (a Challenge payment for a discard taken and used,
    an okey swapped out), which the log had said and never unsaid ("Zeynep +130" stayed,
    her panel back to 0). ``you``: the seat the log is read from (None: by name)."""
    taker = events[at].seat
    start = 0
    for i in range(at - 1, -1, -1):
        # The turn from its draw or take (the discard before it is followed by its own
        # penalty, the last player's: "Ali's +101 no longer counts" was said of it), or
        # from the deal (a starter's first turn), or from a take-back earlier in it.
        event = events[i]
        if event.seat == taker and event.kind in ("draw", "take"):
            start = i
            break
        if event.kind in ("deal", "takeback"):
            start = i + 1
            break
    lines: list[Text] = []
    for event in events[start:at]:
        if event.kind != "penalty" or event.seat is None or event.seat == taker:
            continue
        if event.seat == you:
            said = _("Your +{points} no longer counts: the move that cost it was taken back")
        else:
            said = _("{owner} +{points} no longer counts: the move that cost it was taken back")
        owner = possessive(seats[event.seat].name)
        lines.append(Text(said.format(owner=owner, points=event.value), "dim"))
    return lines


def event_line(
    seats: Sequence[SeatInfo], event: Event, okey_view: PlayerView, *, named: bool = False
) -> Text:
    """One log line; the human never sees what another seat drew from the middle.

    ``named``: every seat by its name, the one the table is seen from too, for a terminal
    several people share (hot-seat): "You" there was whoever played last."""
    text = Text()
    # The player's own moves are said to them: "You discarded R8" ("Sen R8 attın").
    mine = event.seat is not None and event.seat == okey_view.seat
    # A bot played the seat while its person was away (a network table): not their move.
    own = mine and not event.bot and not named
    if event.seat is None or event.kind == "empty":
        who = ""  # the middle ran out: a line of the table's, not of the seat to draw
    elif event.bot:
        name = seats[event.seat].name
        who = _("A bot for you") if mine and not named else _("A bot for {name}").format(name=name)
    else:
        who = _("You") if own else seats[event.seat].name
    names = [seat.name for seat in seats]
    you = None if named else okey_view.seat
    said = event_text(event, okey_view, own=own, names=names, you=you)
    if event.kind == "deal":
        text.append(said, "bold")
        return text
    if event.kind == "draw":
        said = pgettext("you", "drew from the middle") if own else _("drew from the middle")
    # One's own move: "You discarded R8"; a language whose verb says who ("R8 attın") may
    # leave the subject out.
    before, after = own_move_form() if own and who else (f"{who} ", "")
    if own and not before.strip():
        said = capitalize(said)
    if event.kind == "penalty":
        text.append(f"{before}{said}{after}", "red")
        return text
    if event.kind in ("finish", "end", "empty"):
        # Light enough to read on the felt (ANSI magenta was 2.5:1 in the browser).
        text.append(f"{before}{said}{after}".strip(), "bold #f5a3ff")
        return text
    if before.strip():
        text.append(before, "bold")
    text.append(said)
    if event.kind == "open" and event.melds:
        # What the opening laid: "opened with 149 points" alone, the opener's melds grown
        # and swapped since, left the first lay-down to guess.
        text.append(": " + ", ".join(meld_text(m, okey_view.okey) for m in event.melds))
    if event.kind == "draw" and mine and event.tiles:
        text.append(": ")
        text.append_text(chip(event.tiles[0], okey_view.okey))
    text.append(after)
    return text


def own_move_form() -> tuple[str, str]:
    """What comes before and after one's own move in the log: ("You ", "") in English."""
    form = pgettext("the log: your own move ({move}: what you did)", "You {move}")
    before, _sep, after = form.partition("{move}")
    return before, after


def fill(pieces: Sequence[str], width: int, sep: str = " ") -> str:
    """``pieces`` joined by ``sep``, a line break wherever the next would pass ``width``.

    >>> fill(["Open:", "101 pts", "or 5 pairs"], 12)
    'Open:\\n101 pts\\nor 5 pairs'
    >>> fill(["Open:", "101 pts", "or 5 pairs"], 30)
    'Open: 101 pts or 5 pairs'
    """
    return "\n".join(sep.join(pieces[i] for i in line) for line in lines_of(pieces, width, sep))


def lines_of(pieces: Sequence[str], width: int, sep: str) -> list[list[int]]:
    """Which pieces go on each line when they are filled into ``width`` (0: no limit)."""
    lines: list[list[int]] = []
    used = 0
    for i, piece in enumerate(pieces):
        if lines and (not width or used + cell_len(sep) + cell_len(piece) <= width):
            lines[-1].append(i)
            used += cell_len(sep) + cell_len(piece)
        else:
            lines.append([i])
            used = cell_len(piece)
    return lines


def filled_text(pieces: Sequence[Text], width: int, sep: str) -> Text:
    """Styled ``pieces`` joined by ``sep``, a line break wherever the next would pass
    ``width`` (0: no limit): a piece (a meld) never wraps in two."""
    return Text("\n").join(
        Text(sep).join(pieces[i] for i in line)
        for line in lines_of([p.plain for p in pieces], width, sep)
    )


def melds_text(melds: Sequence[Text], width: int) -> Text:
    """Melds two spaces apart, the lines breaking between melds (``filled_text``). A meld
    wider than ``width`` (the hints are open) breaks between its tiles with the rest
    indented, on lines of its own: no part of it reads as a meld."""
    blocks: list[Text] = []
    fitting: list[Text] = []
    for meld in melds:
        if not width or meld.cell_len <= width:
            fitting.append(meld)
            continue
        if fitting:
            blocks.append(filled_text(fitting, width, "  "))
            fitting = []
        tiles = filled_text(list(meld.split(" ")), max(1, width - 2), " ")
        blocks.append(Text("\n  ").join(tiles.split("\n")))
    if fitting:
        blocks.append(filled_text(fitting, width, "  "))
    return Text("\n").join(blocks)


class Filled:
    """:func:`filled_text` for the width the pieces are given when drawn (a Rich
    renderable): for text whose width is only known then, as in the end-of-hand summary."""

    def __init__(self, pieces: Sequence[Text], sep: str) -> None:
        self.pieces = pieces
        self.sep = sep

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        # A line broken between pieces ends with the separator (" ·"): without it the
        # melds at the end of one line and the start of the next read as one run.
        mark = self.sep.rstrip()
        room = max(1, options.max_width - cell_len(mark))
        lines = lines_of([p.plain for p in self.pieces], room, self.sep)
        rows = [Text(self.sep).join(self.pieces[i] for i in line) for line in lines]
        yield Text(mark + "\n").join(rows)


def styled_fill(groups: Sequence[Sequence[tuple[str, str]]], width: int) -> tuple[Text, int]:
    """Each group of (text, style) pieces on lines of its own, the pieces of a group joined
    by " · " and broken between pieces where ``width`` is passed; and the number of lines."""
    text = Text()
    count = 0
    for group in groups:
        for line in lines_of([piece for piece, _style in group], width, " · "):
            if count:
                text.append("\n")
            count += 1
            for n, i in enumerate(line):
                if n:
                    text.append(" · ")
                text.append(group[i][0], group[i][1])
    return text, count


def meld_numbers(indices: Sequence[int]) -> str:
    """Table meld numbers as said in the status line, a run of three or more as a range.

    >>> meld_numbers([5, 6, 7, 8, 9]), meld_numbers([0, 1]), meld_numbers([0, 2, 3, 4, 7])
    ('6-10', '1, 2', '1, 3-5, 8')
    """
    parts: list[str] = []
    start = 0
    while start < len(indices):
        end = start
        while end + 1 < len(indices) and indices[end + 1] == indices[end] + 1:
            end += 1
        if end - start >= 2:
            parts.append(f"{indices[start] + 1}-{indices[end] + 1}")
        else:
            parts.extend(str(i + 1) for i in indices[start : end + 1])
        start = end + 1
    return ", ".join(parts)


class TableMarks:
    """The melds other seats laid or changed, each kept until that seat's next turn.

    :meth:`update` also names each such move for the status line
    ("Mehmet added R9 to meld 4"), from the hand's events and the table.
    """

    def __init__(self) -> None:
        self.reset()

    def reset(self, events: Sequence[Event] = (), table: Sequence[TableMeld] = ()) -> None:
        """Start over; what ``events`` and ``table`` show already is not news."""
        self.marks: dict[int, int] = {}  # table meld index -> the seat that changed it
        self.seen: list[TableMeld] = list(table)
        self.logged = len(events)
        self.turn: int | None = None
        # For each line the last update returned, its rank: said whatever moves came after
        # it (above 0): the viewer's discard taken (2: the pile went empty under their
        # eyes), a move that cost the viewer points, an okey swapped out of any meld or an
        # opening (1); else 0, said among the last two moves.
        self.kept: list[int] = []
        # For each line the last update returned, the seat whose move it tells.
        self.movers: list[int] = []
        # The last meld another seat laid or changed in the last update, to bring into sight.
        self.newest: int | None = None
        # The adds of one seat said so far in one line, while nothing else came after them:
        # (seat, its adds meld by meld). Adds that follow from that seat join that line,
        # in this update or a later one (at a bot's pace each move comes in its own).
        self.adding: tuple[int, list[tuple[int, list[Event]]]] | None = None
        # Whether the first line of the last update says again, longer, the last line of
        # the one before it (the seat's adds so far and one more): it replaces that line.
        self.replaces_last = False

    def update(
        self,
        seats: Sequence[SeatInfo],
        events: Sequence[Event],
        view: PlayerView,
        viewer: int | None,
    ) -> list[str]:
        """Note the table's changes since the last call; ``viewer``'s own are not marked."""
        news = list(events[self.logged :])
        self.logged = len(events)
        if view.turn != self.turn:
            self.turn = view.turn
            self.marks = {i: s for i, s in self.marks.items() if s != view.turn}
        table = view.table
        if len(table) < len(self.seen):  # a take-back: its melds are gone
            self.marks = {i: s for i, s in self.marks.items() if i < len(table)}
        old = self.seen
        changed = [i for i, tm in enumerate(table) if i >= len(old) or old[i] != tm]
        self.seen = list(table)
        # Melds laid since the last call, by the seat that owns them, in the order laid: at
        # full bot speed several seats' moves come in one call, and each names only its own.
        laid: dict[int, list[int]] = {}
        for i in range(len(old), len(table)):
            laid.setdefault(table[i].owner, []).append(i)
        lines: list[str] = []
        self.kept = []
        self.movers = []
        self.newest = None
        took_at: int | None = None  # the line of this seat's discard taken, in this batch
        self.replaces_last = False
        # The copies of each tile the adds of this update have put on each meld so far: both
        # R4 added (one to a run, one to a set) were both said to go on the first.
        credited: Counter[tuple[int, Tile]] = Counter()

        def say(line: str, rank: int, seat: int | None) -> None:
            """A line for the status line, its rank (``kept``) and the seat it tells of."""
            lines.append(line)
            self.kept.append(rank)
            self.movers.append(-1 if seat is None else seat)

        for n, event in enumerate(news):
            # One line for a seat's adds in a row (the line keeps the last two moves: a
            # bot's third add went unsaid), until any other move.
            if self.adding is not None and (
                event.seat != self.adding[0] or event.kind not in ("add", "penalty")
            ):
                self.adding = None
            if event.kind == "take" and event.seat is not None and event.tiles:
                # The player on this seat's right took its discard: the pile just went
                # empty, and only the log said why. Said whatever came after it.
                owner = self.discarder(seats, event.seat, view, viewer)
                if owner is not None:
                    said = self.pile_words(
                        seats,
                        event,
                        view,
                        owner if viewer is None else None,
                        _("{who} took your {tile}"),
                        _("{who} took {owner} {tile}"),
                    )
                    say(said, TAKEN_RANK, event.seat)
                    took_at = len(lines) - 1
                continue
            if event.kind == "giveback" and event.seat is not None and event.tiles:
                # The tile came back to this seat's pile: "took your R11" stayed on the
                # line for turns after it. Taken in this same batch, the take goes unsaid;
                # said earlier, the line says it came back (the later news wins for room).
                owner = self.discarder(seats, event.seat, view, viewer)
                if owner is not None:
                    if took_at is not None:
                        del lines[took_at], self.kept[took_at], self.movers[took_at]
                        took_at = None
                    else:
                        said = self.pile_words(
                            seats,
                            event,
                            view,
                            owner if viewer is None else None,
                            _("{who} gave back your {tile}"),
                            _("{who} gave back {owner} {tile}"),
                        )
                        say(said, TAKEN_RANK, event.seat)
                continue
            if event.kind not in TABLE_MOVES or event.seat is None:
                continue
            touched = self.touched(event, table, changed, laid, old, credited)
            if event.seat == viewer:
                continue
            for i in touched:
                self.marks[i] = event.seat
                self.newest = i
            said = self.describe(seats, view, event, news[n + 1 :], touched, viewer)
            paid = next((e for e in news[n + 1 : n + 2] if e.kind == "penalty"), None)
            charged = paid is not None and paid.seat is not None and paid.seat == viewer
            if event.kind == "add" and touched and not charged and event.seat is not None:
                if self.adding is not None and self.adding[0] == event.seat:
                    parts = self.adding[1]
                    # A meld the seat added to before in the line takes the tile there.
                    part = next((p for p in parts if p[0] == touched[0]), None)
                    if part is None:
                        parts.append((touched[0], [event]))
                    else:
                        part[1].append(event)
                    merged = self.adds_text(seats[event.seat].name, parts, view.okey)
                    # Kept whatever came after it when a tile went on the viewer's own
                    # meld (their meld 1 grew from K6-K8 to K5-K10, and the line said
                    # only a later swap and lay).
                    mine = int(any(table[meld].owner == view.seat for meld, _e in parts))
                    if lines:
                        lines[-1] = merged
                        self.kept[-1] = mine
                    else:  # the line of an update before this one, said again longer
                        say(merged, mine, event.seat)
                        self.replaces_last = True
                    continue
                say(said, int(table[touched[0]].owner == view.seat), event.seat)
                self.adding = (event.seat, [(touched[0], [event])])
                continue
            self.adding = None
            if charged and paid is not None and event.kind != "swap" and paid.code:
                # A discard taken and used at a Challenge table: the +60 on the panel was
                # said only in the log ("Ayşe laid meld 11", nothing of what it cost you).
                said += " · " + _("+{points} to you").format(points=paid.value)
                said += ": " + penalty_label(paid.code, own=True)
            # Said whatever came after it: a move that cost the viewer, an opening (the
            # adds that followed it in one bot's turn pushed it out of the line), or an
            # okey swapped out of a meld (+101 to its layer: the round's costliest move
            # went unsaid behind two adds).
            say(said, int(charged or event.kind in ("open", "swap")), event.seat)
        return lines

    @staticmethod
    def adds_text(who: str, parts: Sequence[tuple[int, Sequence[Event]]], okey: Tile) -> str:
        """One seat's adds in one line: "Ayşe added Y13 to meld 4, R10 R11 to meld 1"."""
        if len(parts) == 1:
            meld, events = parts[0]
            return _("{who} added {tile} to meld {n}").format(
                who=who, tile=added_tiles_text(events, okey), n=meld + 1
            )
        each = ", ".join(
            _("{tiles} to meld {n}").format(tiles=added_tiles_text(events, okey), n=meld + 1)
            for meld, events in parts
        )
        return _("{who} added {adds}").format(who=who, adds=each)

    @staticmethod
    def touched(
        event: Event,
        table: Sequence[TableMeld],
        changed: list[int],
        laid: dict[int, list[int]],
        old: Sequence[TableMeld] = (),
        credited: Counter[tuple[int, Tile]] | None = None,
    ) -> list[int]:
        """The table melds ``event`` laid or changed (``laid`` loses the ones it laid). An
        add goes to a changed meld that gained a copy of its tile not yet ``credited`` to
        another add (``old``: the table before)."""
        if event.kind in ("open", "lay"):
            own = laid.get(event.seat if event.seat is not None else -1, [])
            melds: list[int] = []
            covered = 0  # the event's tiles, meld by meld (a later add may have grown one)
            while own and covered < len(event.tiles):
                melds.append(own.pop(0))
                covered += len(table[melds[-1]].meld.tiles)
            return melds
        tile = event.tiles[0] if event.tiles else None
        if tile is None:
            return []
        for i in changed:
            now = table[i].meld.tiles.count(tile)
            before = old[i].meld.tiles.count(tile) if i < len(old) else 0
            done = credited[(i, tile)] if credited is not None else 0
            if now - before > done:
                if credited is not None:
                    credited[(i, tile)] += 1
                return [i]
        # No copy gained that is not credited (a meld laid and added to in one update):
        # the first meld holding the tile, as before.
        return [i for i in changed if tile in table[i].meld.tiles][:1]

    @staticmethod
    def pile_words(
        seats: Sequence[SeatInfo],
        event: Event,
        view: PlayerView,
        named: int | None,
        yours: str,
        theirs: str,
    ) -> str:
        """A take or give-back of a discard said to its owner (``yours``: "took your R11"),
        or, at a shared terminal, with the owner at seat ``named`` by name (``theirs``)."""
        assert event.seat is not None
        tile = tile_text(event.tiles[0], view.okey)
        who = seats[event.seat].name
        if named is None:
            return yours.format(who=who, tile=tile)
        return theirs.format(who=who, owner=possessive(seats[named].name), tile=tile)

    @staticmethod
    def discarder(
        seats: Sequence[SeatInfo], taker: int, view: PlayerView, viewer: int | None
    ) -> int | None:
        """The seat whose discard ``taker`` took, when the line tells of it: the player's
        own; at a terminal several people share (``viewer`` None), any person's, said by
        name (each person reads the line: "took your R11" went to the wrong one)."""
        owner = Hand.left_of(taker)
        if viewer is None:
            return owner if seats[owner].level is None else None
        return owner if owner == view.seat else None

    @staticmethod
    def describe(
        seats: Sequence[SeatInfo],
        view: PlayerView,
        event: Event,
        after: list[Event],
        touched: list[int],
        viewer: int | None,
    ) -> str:
        who = seats[event.seat].name if event.seat is not None else ""
        tile = event.tiles[0] if event.tiles else None
        numbers = meld_numbers(touched)
        if event.kind == "open":
            said = event_text(event, view)
            return f"{who} {said} " + _("(melds {numbers})").format(numbers=numbers)
        if event.kind == "lay":
            return ngettext(
                "{who} laid meld {numbers}", "{who} laid melds {numbers}", len(touched)
            ).format(who=who, numbers=numbers)
        if event.kind == "add":
            # The tile as the table shows it: an okey laid off reads "★R9", not "B9".
            added = added_tile_text(event, view.okey) if tile is not None else ""
            if touched:  # the meld's number in the sentence, so each language orders it
                return _("{who} added {tile} to meld {n}").format(
                    who=who, tile=added, n=touched[0] + 1
                )
            return _("{who} added {tile} to a table meld").format(who=who, tile=added)
        if touched:
            text = _("{who} swapped the okey out of meld {n}").format(who=who, n=touched[0] + 1)
        else:
            text = _("{who} swapped the okey out of a table meld").format(who=who)
        paid = next((e for e in after[:1] if e.kind == "penalty"), None)
        if paid is not None and paid.seat is not None:
            if paid.seat == viewer:  # said to the player who pays: "sen +101 yazarsın"
                paid_text = _("+{points} to you").format(points=paid.value)
            else:
                paid_text = _("+{points} to {payer}").format(
                    points=paid.value, payer=seats[paid.seat].name
                )
            text += ": " + paid_text
        return text


class GameLog(DragScrolls, RichLog, can_focus=False):
    """What happened this hand, from the hand's events.

    A RichLog wraps each line once, at the width it has when the line is written; while
    hidden (``l``; a window too small for the log column) it has no width, and lines
    written then came out wrapped at its narrowest (16 cells) for good. The log keeps what
    was written and writes it all again at its width whenever a line was wrapped at
    another (when it is shown again, or its width changes).
    """

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._written: list[RenderableType | object] = []
        self._wrapped_at = 0  # the width every line is wrapped at (0: not all the same)
        self._at_newest = True  # the newest line in sight, as last scrolled (watch_scroll_y)
        self._key_words = (0, 0)  # where l's words are in the title
        # A line kept at the top of the log, written again as the log is written anew (a
        # take-back, the next person at a shared terminal) for as long as its test holds.
        self._pinned: tuple[Text, Callable[[], bool]] | None = None

    def on_mount(self) -> None:
        self.retitle()

    def pin(self, line: Text, holds: Callable[[], bool]) -> None:
        """Write ``line``, and write it first again whenever the log is cleared, for as
        long as ``holds()`` (a note about the match's start: for its first hand; the
        table's screen writes its log again after it, so that it comes first)."""
        self._pinned = (line, holds)
        self.write(line)

    def retitle(self, over_hints: bool = False) -> None:
        """Titled like the hints that take its place: what it is, and what l does (in the
        hints' place, l gives the place back to them). A click on l's words presses l."""
        name = _("Log")
        words = _("l shows the hints") if over_hints else _("l hides")
        begin = cell_len(f"{name} · ")
        self._key_words = (begin, begin + cell_len(words))
        set_title(self, f"{name} · {words}")

    def title_key_at(self, x: int, y: int) -> str | None:
        """The key whose words are at (``x``, ``y``) on the box's title ("Log · l hides"),
        if any, as the lay-down box's foot has its keys (:meth:`LayDownArea.frame_key_at`)."""
        said = str(self.border_title or "")
        if y != 0 or not said or cell_len(said) > self.outer_size.width - 4:
            return None  # not on the title, or the title cut short
        start = 3  # at the left, after the corner, a line and a space
        begin, end = self._key_words
        return "l" if start + begin <= x < start + end else None

    def on_click(self, event: events.Click) -> None:
        if self.swiped:  # the release of a swipe that scrolled the log, not a click
            return
        key = self.title_key_at(event.x, event.y)
        if key is not None:
            event.stop()
            self.app.simulate_key(key)

    def write(
        self,
        content: RenderableType | object,
        width: int | None = None,
        expand: bool = False,
        shrink: bool = True,
        scroll_end: bool | None = None,
        animate: bool = False,
    ) -> Self:
        """Write a line (as RichLog does), kept to be wrapped again at another width.
        (Before the log has a size, RichLog writes it later, through here again.)"""
        if self._size_known:
            self._written.append(content)
            if self.scrollable_content_region.width != self._wrapped_at:
                self._wrapped_at = 0
        return super().write(content, width, expand, shrink, scroll_end, animate)

    def clear(self) -> Self:
        self._written = []
        self._wrapped_at = 0
        super().clear()
        if self._pinned is not None:
            line, holds = self._pinned
            if holds():
                self.write(line)
            else:
                self._pinned = None
        return self

    def watch_scroll_y(self, old_value: float, new_value: float) -> None:
        super().watch_scroll_y(old_value, new_value)
        # Whether the newest line is in sight, as the player (or a line written) left it: a
        # resize keeps it so. (Worked out from the sizes at the resize, it was lost when
        # the lines were wrapped again before the box had its new height.)
        self._at_newest = new_value >= self.max_scroll_y - 0.5

    def on_resize(self, event: events.Resize) -> None:
        # At the newest line before the resize: at the newest line after it too. A lower
        # log kept its top line, and the newest went out of sight.
        newest = self._at_newest
        if self._size_known:  # (its first size: RichLog writes what waited, at that width)
            self.rewrap()
            if newest:
                self.call_after_refresh(self.scroll_end, animate=False, immediate=True)

    def on_show(self, event: events.Show) -> None:
        # Hidden, it could not be scrolled: shown again at the newest line, as a line
        # written would show it.
        self.call_after_refresh(self.rewrap)
        self.call_after_refresh(self.scroll_end, animate=False, immediate=True)

    def rewrap(self) -> None:
        """Every line again at the log's width, unless that is how they are wrapped."""
        width = self.scrollable_content_region.width
        if not width or not self.display or width == self._wrapped_at:
            return
        lines = self._written
        super().clear()
        for line in lines:
            super().write(line, scroll_end=False)
        self._wrapped_at = width
        self.scroll_end(animate=False, immediate=True)
