"""End of a hand: the winning melds, every seat's score with its arithmetic, every penalty
with its reason, and the score sheet; at the end of the match, the winners.

Every number is the engine's (:mod:`okey_tui.engine.scoring`): this screen only lays
the parts side by side.
"""

from __future__ import annotations

import time
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import replace

from rich.console import Group
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.geometry import Region
from textual.widgets import Static

from okey_tui.engine.melds import Meld, effective
from okey_tui.engine.scoring import NOT_OPENED, PenaltyNote, SeatScore
from okey_tui.engine.state import PENALTY, SEATS, OpeningKind, PenaltyReason, challenge_rate
from okey_tui.engine.tiles import Tile, okey_for
from okey_tui.i18n import N_, _, and_list, ngettext, pgettext, possessive
from okey_tui.messages import (
    counts_tiles_left,
    describe_outcome,
    finish_formula,
    penalty_label,
    writes_not_opened,
    writes_straight,
)
from okey_tui.settings import DEFAULT_NAME
from okey_tui.table import TEAMS, HandReport, SeatInfo, seconds_until, side_name
from okey_tui.ui.screens.dialogs import ChatScreen, ConfirmScreen, Dialog, KeyHint
from okey_tui.ui.tiles import around_tiles, chip, chips, meld_chip_list
from okey_tui.ui.widgets.board import Filled, scroll_note
from okey_tui.ui.widgets.steady import set_subtitle
from okey_tui.ui.widgets.swipe import SwipeScroll

# Colours that read on the dialog's background in every look (a contrast of at least 4.5
# on the felt's #13492f and the dark look's #202328): the plain "green" and "red" of a
# terminal fell to 1.6 and 2.5 on the felt.
WON = "bold #7ee787"
# Seconds the match's last summary lets pass before Enter or n deals a new match: a key
# typed as it came up was meant for the table.
TYPE_AHEAD = 0.5
PAID = "#ffb3a8"
ASIDE = "#9fc9b3"  # what is said in passing: the tiles left, the pairs opener's step


def winning_melds(
    report: HandReport, seats: Sequence[SeatInfo], you: int | None = None
) -> Filled | None:
    """The finisher's melds on the table and the discard that ended the hand, under the
    finisher's name ("Melds:" alone read as everybody's melds)."""
    finisher = report.result.outcome.finisher
    if finisher is None:
        return None
    okey = okey_for(report.indicator)
    pieces = [
        own_chips(tm.meld, okey, {meant for at, meant in report.others_added if at == i})
        for i, tm in enumerate(report.table)
        if tm.owner == finisher
    ]
    # Laid off on other seats' melds, or given there for an okey: every tile it held is
    # accounted for ("added to others' melds" named a tile given in a swap as laid off).
    meant = report.added_meant if len(report.added_meant) == len(report.added) else None
    swaps = report.added_swaps if len(report.added_swaps) == len(report.added) else None

    def shown(given: bool) -> Text:
        return Text(" ").join(
            chip(tile, okey, meant=None if meant is None else meant[i])
            for i, tile in enumerate(report.added)
            if bool(swaps and swaps[i]) == given
        )  # an okey as the table shows it: the tile it stands for there

    if any(not (swaps and swaps[i]) for i in range(len(report.added))):
        added = Text(_("added to others' melds") + " ", "bold")
        pieces.append(added.append_text(shown(False)))
    okeys = len({n for n in swaps or () if n})
    if okeys:
        said = ngettext("swapped {tiles} for an okey", "swapped {tiles} for {n} okeys", okeys)
        pieces.append(around_tiles(said.format(n=okeys, tiles="{tiles}"), shown(True), "bold"))
    if report.last_discard is not None:
        last = Text(_("last discard") + " ", "bold")
        pieces.append(last.append_text(chip(report.last_discard, okey)))
    if not pieces:
        return None
    if any(
        at < len(report.table) and report.table[at].owner == finisher
        for at, _meant in report.others_added
    ):
        pieces.append(Text(_("(in brackets: tiles other players added)"), "dim"))
    # "melds", not "finish": they are the hand's, laid over many turns ("Zeynep's finish"
    # with all four read as laid in one turn, a straight out, where she added one tile).
    if finisher == you:
        head = _("Your melds:")
    else:
        head = _("{owner} melds:").format(owner=possessive(seats[finisher].name))
    pieces[0] = Text(head + " ", "bold").append_text(pieces[0])
    return Filled(pieces, " · ")


def own_chips(meld: Meld, okey: Tile, others: set[Tile]) -> Text:
    """A finisher's meld, the tiles others added to it (each by what it stands for) in
    brackets and dim: "Ayşe's finish: B2 B3 B4 B5" counted B5, which another player had
    added, and with it left out "B9 B11 B12 B13" read as no run at all."""
    parts = []
    # Each tile as the table shows it (a set of three's okey by its number alone: ★7).
    for shown, meant in zip(meld_chip_list(meld, okey), meld.stands_for, strict=True):
        if meant in others:
            shown = Text("(", "dim").append_text(shown).append(")", "dim")
            shown.stylize("dim")
        parts.append(shown)
    return Text(" ").join(parts)


def penalty_line(
    report: HandReport, seats: Sequence[SeatInfo], note: PenaltyNote, you: int | None = None
) -> Text:
    """``+101 discarded an okey: R5``; ``you``: the seat the summary speaks to ("okey attın")."""
    okey = okey_for(report.indicator)
    text = Text(f"+{note.points} {penalty_label(note.reason, own=note.seat == you)}", PAID)
    if note.tile is not None and note.reason is PenaltyReason.OKEY_TAKEN:
        # The note's tile is the one given for the okey: the okey stood for it ("R11" read
        # as the okey itself).
        text.append(": ")
        text.append_text(chip(okey, okey, meant=effective(note.tile, okey)))
    elif note.tile is not None:
        text.append(": ")
        text.append_text(chip(note.tile, okey))
    if note.rate:
        # A Challenge payment: its value times the rate, twice that in a pair (an okey's
        # rate is twice a tile's).
        in_pair = note.rate == challenge_rate(okey=note.tile == okey, pair=True)
        times = _("({worth} × {rate}, in a pair)") if in_pair else _("({worth} × {rate})")
        text.append(" " + times.format(worth=note.worth, rate=note.rate), PAID)
    if note.by is not None and note.by != note.seat:
        by = _("by you") if note.by == you else _("by {name}").format(name=seats[note.by].name)
        text.append(" " + by, PAID)
    if note.turn:
        # The hand's turns, every player's: "turn 3" was read as the player's own third.
        text.append(" " + _("on turn {turn} of the hand").format(turn=note.turn), PAID)
    return text


def arithmetic(line: SeatScore, formula: str = "") -> Text:
    """``56 in hand × 2 + 202 for 2 okeys in hand + 101 penalties = 359``: the engine's parts
    and total."""
    text = Text(formula or line.formula or str(line.finish))
    if line.okey_points:
        n = line.okeys_in_hand
        okeys = ngettext("{points} for an okey in hand", "{points} for {n} okeys in hand", n)
        text.append(" + " + okeys.format(points=line.okey_points, n=n))
    if line.penalties:
        text.append(f" + {line.penalties} " + _("penalties"), PAID)
    if line.bonus:
        # The ASCII minus, as in every negative score here ("− 101 … = -90" mixed two).
        text.append(f" - {-line.bonus} " + _("big opening"))
        opened = line.opened
        if opened is not None:  # what made it big: 150+ points or 7+ pairs, 180+ or 9+
            pairs = opened.kind is OpeningKind.PAIRS
            said = _("({n} pairs)") if pairs else _("({n} points)")
            text.append(" " + said.format(n=opened.value))
    text.append(f" = {line.total}", "bold")
    return text


def explain_hand(report: HandReport, seats: Sequence[SeatInfo], you: int | None = None) -> Group:
    """The whole hand in a few lines per seat.

    The seats sit in a grid: a name on the left, its lines on the right, so a long line
    (a full rack left in hand, at 80 columns) wraps under the lines and not under the
    names. ``you``: the seat of the person the summary is shown to, whose lines are said
    to them ("You finished", "202 el açmadın"); None when it is shown to several people.
    """
    okey = okey_for(report.indicator)
    result = report.result
    outcome = result.outcome
    text = Text()
    head = _("Hand {number}/{hands}:").format(number=report.number, hands=report.hands) + " "
    if outcome.finisher is not None and outcome.finisher == you:
        head += _("You finished, {how}").format(how=describe_outcome(outcome))
    elif outcome.finisher is not None:
        head += _("{name} finished, {how}").format(
            name=seats[outcome.finisher].name, how=describe_outcome(outcome)
        )
    else:  # the middle ran out: said with who was to draw
        head += describe_outcome(outcome, [seat.name for seat in seats], you)
    if outcome.multiplier > 1:
        head += f" (×{outcome.multiplier})"
    text.append(head, "bold")
    if outcome.straight:
        # Said once, where the doubling is: a newcomer read "straight out (×2)" as jargon.
        text.append(
            "\n" + _("A straight out: every tile laid in one turn, without having opened before."),
            ASIDE,
        )
    if report.scores_only:
        text.append(
            "\n"
            + _(
                "The table's report of this hand could not be read: here are its scores, "
                "without the racks or the penalties' story."
            ),
            ASIDE,
        )
    melds = winning_melds(report, seats, you)
    grid = Table.grid(padding=(0, 2, 0, 0))
    grid.add_column(no_wrap=True)
    grid.add_column()
    notes = report.notes
    partners = report.rules.partners
    straight_said = False  # what a straight out makes each opponent write: said once
    for line in result.seats:
        finisher = outcome.finisher == line.seat
        own = line.seat == you
        name = Text(seats[line.seat].name, WON if finisher else "bold")
        if you is None and seats[line.seat].level is not None:
            # Several people share the screen: a bot's name reads like a friend's ("who
            # is Zeynep?" at a table of three people and a bot).
            name.append(" " + _("(bot)"), ASIDE)
        formula = finish_formula(
            line,
            outcome,
            partners=report.rules.partners,
            going_pairs=report.going_pairs[line.seat],
            finisher_zero=report.rules.finisher_scores_zero,
            own=own,
            straight_said=straight_said,
        )
        straight_said = straight_said or writes_straight(line, outcome, partners=partners)
        lines = arithmetic(line, formula)
        # Whether the tiles left made the finish points (not a flat 202 or 404, not 0).
        counted = counts_tiles_left(line, outcome, partners=report.rules.partners)
        if line.opened is not None and line.opened.kind is OpeningKind.PAIRS and counted:
            step = (
                pgettext("you", "(doubled: you opened with pairs)")
                if own
                else _("(doubled: opened with pairs)")
            )
            lines.append("  " + step, ASIDE)
        if line.tiles_left:
            count = len(line.tiles_left)
            lines.append(
                "\n" + ngettext("{n} tile left:", "{n} tiles left:", count).format(n=count) + " ",
                ASIDE,
            )
            # In order (colour, then number), as a player reads a rack, not as it was held.
            lines.append_text(chips(sorted(line.tiles_left, key=Tile.sort_key), okey))
            if counted and any(t.is_false_okey for t in line.tiles_left):
                # What the sum counted it as: the okey's own tile (rules §3); said only
                # where the tiles count ("(F✦ counts as K13)" beside a flat 202 misled).
                lines.append(" " + _("(F✦ counts as {tile})").format(tile=okey), ASIDE)
        for note in notes:
            if note.seat == line.seat:
                lines.append("\n")
                lines.append_text(penalty_line(report, seats, note, you))
        grid.add_row(name, lines)
    parts = [text, grid] if melds is None else [text, melds, grid]
    if partners:
        parts.append(side_sums(report, seats))
    if any(writes_not_opened(line, outcome, partners=partners) for line in result.seats):
        # Where 202 comes from, said once under the scores for every seat that writes it (a
        # newcomer did not know): "(202: twice 101)" beside the first such row read as a part
        # of that row's sum, and the next row wrote 202 without it.
        said = _("{points}: a hand never opened scores twice {penalty}")
        parts.append(Text(said.format(points=NOT_OPENED, penalty=PENALTY), ASIDE))
    return Group(*parts)


def side_sums(report: HandReport, seats: Sequence[SeatInfo]) -> Text:
    """A partners table: each side's points for this hand, its two seats added up
    (``This hand: You & Mehmet 12 + 202 = 214 · …``)."""
    totals = report.result.totals()
    text = Text(_("This hand:") + " ", "bold")
    pieces = []
    for name, (a, b) in sides(report, seats):
        # One minus sign, the ASCII one of the sum and the score sheet ("0 − 101 = -101").
        second = f"+ {totals[b]}" if totals[b] >= 0 else f"- {-totals[b]}"
        pieces.append(f"{name} {totals[a]} {second} = {totals[a] + totals[b]}")
    text.append(" · ".join(pieces))
    return text


def sides(report: HandReport, seats: Sequence[SeatInfo]) -> list[tuple[str, tuple[int, ...]]]:
    """Who the match is scored for, first seat first: each seat, or at a partners table
    the two sides ("You & Mehmet") with their seats."""
    if report.rules.partners:
        names = [seat.name for seat in seats]
        return [(side_name(names, side), side) for side in TEAMS]
    return [(seats[s].name, (s,)) for s in range(SEATS)]


def match_line(report: HandReport, seats: Sequence[SeatInfo]) -> Text:
    """``Match totals: You 120 · Ayşe 80 · … · ahead: Ayşe (the lowest total wins)``:
    between hands the line also says who is ahead, and that the lowest total is ahead
    (only the match's last summary said so, and a newcomer read 343 as leading 336)."""
    totals = report.totals  # a partners table gives each seat its side's total
    columns = sides(report, seats)
    text = Text(_("Match totals:") + " ", "bold")
    text.append(" · ".join(f"{name} {totals[side[0]]}" for name, side in columns))
    if report.match_over:
        return text  # the winners' line says who won, and how
    low = min(totals[side[0]] for _name, side in columns)
    ahead = [name for name, side in columns if totals[side[0]] == low]
    if len(ahead) == len(columns):
        said = _("all level (the lowest total wins)")
    else:
        said = _("ahead: {names} (the lowest total wins)").format(names=and_list(ahead))
    text.append(" · " + said, ASIDE)
    return text


def score_sheet(report: HandReport, seats: Sequence[SeatInfo]) -> Table:
    table = Table(title=_("Score sheet"), title_style="bold")
    table.add_column(_("Hand"), justify="right")
    columns = sides(report, seats)
    for name, _side in columns:
        table.add_column(Text(name), justify="right")  # a name is text, never markup
    for n, hand_totals in enumerate(report.sheet, start=1):
        # A partners table scores each hand by side: every seat shows its side's points.
        table.add_row(str(n), *[str(hand_totals[side[0]]) for _n, side in columns])
    totals = report.totals
    table.add_row(
        Text(_("Total"), "bold"), *[Text(str(totals[side[0]]), "bold") for _n, side in columns]
    )
    return table


def winners_line(report: HandReport, seats: Sequence[SeatInfo], you: int | None = None) -> str:
    """Who won the match, said to ``you`` when they are among the winners; at a partners
    table each winning side as the sums and the score sheet name it ("You & Mehmet")."""
    total = min(report.totals)
    if report.rules.partners:
        # "You and Mehmet won" above "then Ayşe & Zeynep 16" named the sides two ways.
        won = [name for name, side in sides(report, seats) if side[0] in report.winners]
        winners = and_list(won)
        if you is not None and you in report.winners:
            said = pgettext("your side", "The match is over. {winners} won with {total}.")
            return said.format(winners=winners, total=total)
        return _("The match is over. {winners} won with {total}.").format(
            winners=winners, total=total
        )
    if you is not None and you in report.winners:
        others = [seats[s].name for s in report.winners if s != you]
        if not others:
            return _("The match is over. You won with {total}.").format(total=total)
        if len(others) > 1:  # "You and Mehmet and Can won"
            return _("The match is over. You, {others} won with {total}.").format(
                others=and_list(others), total=total
            )
        return _("The match is over. You and {others} won with {total}.").format(
            others=others[0], total=total
        )
    winners = and_list([seats[s].name for s in report.winners])
    return _("The match is over. {winners} won with {total}.").format(winners=winners, total=total)


def ranking_line(report: HandReport, seats: Sequence[SeatInfo], you: int | None = None) -> str:
    """Why the winners won, and where the others ended: "The lowest total wins; then
    Mehmet 249, Zeynep 493, Ayşe 518." (sides at a partners table). A player who kept
    the default name is "you" there, not "You" mid-sentence (Turkish: "…, sen 505")."""
    if you is not None and seats[you].name == _(DEFAULT_NAME):
        you_word = pgettext("after 'then', in a list of totals", "you")
        seats = [replace(s, name=you_word) if s.seat == you else s for s in seats]
    totals = report.totals
    others = sorted(
        (
            (totals[side[0]], name)
            for name, side in sides(report, seats)
            if side[0] not in report.winners
        ),
        key=lambda pair: pair[0],
    )
    if not others:
        return _("The lowest total wins.")
    # Equal totals share a place, said so ("Ali and Veli 303 (tied)" read as an order).
    places: list[tuple[int, list[str]]] = []
    for total, name in others:
        if places and places[-1][0] == total:
            places[-1][1].append(name)
        else:
            places.append((total, [name]))
    then = ", ".join(
        f"{names[0]} {total}"
        if len(names) == 1
        else _("{names} {total} (tied)").format(
            names=", ".join(names[:-1]) + _(" and ") + names[-1], total=total
        )
        for total, names in places
    )
    return _("The lowest total wins; then {others}.").format(others=then)


def command_lines(command: str, width: int) -> list[str]:
    """``command`` on lines of at most ``width`` cells, as a shell takes it when pasted: a
    line that goes on ends with `` \\`` and the next is indented, a flag kept with its
    value. (Wrapped by the window, its second line began at the margin, and a paste of the
    first line alone dealt another table.)

    >>> command_lines("okey101 play --seed 8 --defaults --hands 1", 80)
    ['okey101 play --seed 8 --defaults --hands 1']
    >>> for line in command_lines("okey101 play --seed 8 --defaults --hands 1 --bots hard", 30):
    ...     print(line)
    okey101 play --seed 8 \\
      --defaults --hands 1 \\
      --bots hard
    >>> for line in command_lines("okey101 play --humans 2 --names 'Ali Can,Ayşe'", 26):
    ...     print(line)
    okey101 play --humans 2 \\
      --names 'Ali Can,Ayşe'
    >>> for line in command_lines("okey101 play --seed -5 --names 'Abcdefghijklmnop'", 20):
    ...     print(line)
    okey101 play \\
      --seed -5 \\
      --names \\
      Abcdefghijklmnop
    """
    import shlex

    from rich.cells import cell_len

    pieces: list[str] = []
    for word in shlex.split(command):
        value = not word.startswith("-") or word.lstrip("-").isdigit()  # --seed -5
        quoted = shlex.quote(word)
        flag = pieces[-1] if pieces else ""
        if value and flag.startswith("--") and " " not in flag:
            joined = f"{flag} {quoted}"
            if cell_len(joined) + 4 <= width:  # a flag's value stays beside it, if it fits
                pieces[-1] = joined
                continue
        pieces.append(quoted)
    lines: list[str] = []
    line = ""
    for piece in pieces:
        if line and cell_len(line) + 1 + cell_len(piece) + 2 > width:
            lines.append(line + " \\")
            line = "  " + piece
        else:
            line = f"{line} {piece}" if line else piece
    lines.append(line)
    return lines


class ReplayCommand(Static):
    """ "The same deals again:" and the command, on lines that fit the summary's width."""

    def __init__(self, command: str, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.command = command
        self._width = 0

    def on_mount(self) -> None:
        self.fit(self.app.size.width)

    def on_resize(self) -> None:
        self.fit(self.content_region.width)

    def fit(self, width: int) -> None:
        width = max(width - 2, 20)  # the command is indented two cells
        if width == self._width:
            return
        self._width = width
        said = Text(_("The same deals again:"), ASIDE)
        for line in command_lines(self.command, width):
            said.append("\n  ")
            said.append(line, "bold")
        self.update(said)


class HandSummaryScreen(Dialog[str]):
    """Dismisses with ``"next"`` (next hand), ``"new"`` (new match), ``"setup"`` (the
    new-table screen, at a match's end at this terminal), ``"quit"``, or ``"table"`` (a
    look at the table as the hand left it; Enter there brings it back).

    ``you``: the seat of the person it is shown to, whose lines speak to them; None at a
    table of several people sharing the screen, where every seat goes by its name.
    ``same_table``: the new match the end of the match offers is played by the same
    people at this table (a network table's, dealt once all want it).
    """

    BINDINGS = [
        Binding("escape", "see_table", N_("See the table")),
        Binding("enter", "next", N_("Next hand")),
        # At the end of the match Enter starts a new one, as it dealt each next hand (it
        # did nothing there, and said nothing).
        Binding("enter", "new", N_("New match"), show=False),
        # The key bar names Enter beside n, as the summary does ("Enter or n: new match").
        Binding("n", "new", N_("New match"), key_display="enter/n"),
        # At the match's end at this terminal: the new-table screen, to change the bots or
        # the rules (Enter and n deal the same table again; quitting was the only way). Named
        # in the key bar (the box's own line of keys, one line at 80 columns, stays so).
        Binding("t", "new_table", N_("Choose a table")),
        Binding("q", "quit_game", N_("Quit")),
        # At a table with friends: a line to the table, as at the table (between hands and
        # matches is when people talk).
        Binding("slash", "chat", N_("Chat")),
        # The host's: deal the next hand (or match) without waiting for those not ready.
        Binding("D", "deal_now", N_("Deal now")),
    ]
    # The table's key bar shows these keys (a footer of its own would cover only the bar's
    # last line when the table's keys take two, at 80 columns), and a click there presses
    # them. A click beside the box does nothing: only a key leaves the summary.
    OUTSIDE = None

    def __init__(
        self,
        report: HandReport,
        seats: Sequence[SeatInfo],
        you: int | None = None,
        *,
        same_table: bool = False,
        say: Callable[[str], Awaitable[None]] | None = None,
        deal: tuple[Callable[[], object], Callable[[], bool]] | None = None,
        quit_question: str | None = None,
        dealt_at: float | None = None,
        replay: str | None = None,
    ) -> None:
        super().__init__()
        self.report = report
        # At the match's end, the command that deals it again (a player could not share
        # or replay a deal: its seed was shown nowhere).
        self.replay = replay if report.match_over else None
        self.seats = seats
        self.you = you
        # The new match is played by the same people at this table (a network table's).
        self.same_table = same_table
        self.say = say  # a line of chat to the table (None: nobody to talk to)
        self.deal = deal  # the host's D: what deals, and whether it would now
        # A network table with a turn time deals the next hand by itself then
        # (``time.monotonic``): the keys count it down.
        self.dealt_at = None if report.match_over else dealt_at
        # Asked before q quits (a host's quitting closes the table for everyone).
        self.quit_question = quit_question
        self._shown_at = time.monotonic()  # when the summary came up (reset as it mounts)

    def compose(self) -> ComposeResult:
        report, seats = self.report, self.seats
        with Vertical(classes="dialog wide", id="summary"):
            with SwipeScroll(id="summary-body"):
                # On a small terminal the sheet lies below the fold, the frame saying how
                # much is below: the hand by hand of the match is nowhere else. After the
                # first hand of a match still on it says no more than the match line, and
                # the summary keeps to one screen.
                sheet = Static(score_sheet(report, seats), id="score-sheet")
                sheet.set_class(len(report.sheet) <= 1 and not report.match_over, "-one-hand")
                # A match of several hands over: its sheet first, the match's story, then
                # the last hand (under the hand's details, the sheet was below the fold at
                # 80x24, and at 120x40 after 13 hands, the winners' line above the keys
                # naming totals the player could not see).
                sheet_first = report.match_over and len(report.sheet) > 1
                sheet.set_class(sheet_first, "-first")
                if sheet_first:
                    yield sheet
                explained = Static(explain_hand(report, seats, self.you), id="hand-explained")
                explained.set_class(sheet_first, "-after-sheet")
                yield explained
                yield Static(match_line(report, seats), id="match-line")
                if not sheet_first:
                    yield sheet
                if self.replay is not None:
                    yield ReplayCommand(self.replay, id="replay")
            # The winners and the keys stay below the part that scrolls: an 11-hand score
            # sheet makes the summary taller than a 120x40 screen.
            with Vertical(id="summary-end"):
                if report.match_over:
                    yield Static(Text(winners_line(report, seats, self.you), WON), id="winners")
                    yield Static(Text(ranking_line(report, seats, self.you), ASIDE), id="ranking")
                yield KeyHint(self.hint_parts())

    def hint(self, scrolls: bool = False) -> str:
        """The keys, with the arrows' when the summary is longer than its box."""
        return " · ".join(words for _key, words in self.hint_parts(scrolls))

    def hint_parts(self, scrolls: bool = False) -> list[tuple[str | None, str]]:
        """The keys as (key, words), each a click away (the arrows only read)."""
        parts: list[tuple[str | None, str]] = []
        if scrolls:
            parts.append((None, _("↑ ↓ scroll")))
        parts.append(("escape", _("Esc: see the table")))
        if self.dealt_at is not None:
            left = seconds_until(self.dealt_at)
            parts.append(
                ("enter", _("Enter: next hand (dealt in {seconds} s)").format(seconds=left))
            )
        elif not self.report.match_over:
            parts.append(("enter", _("Enter: next hand")))
        elif self.same_table:
            parts.append(("enter", _("Enter or n: another match at this table")))
        else:
            parts.append(("enter", _("Enter or n: new match")))
        parts.append(("q", _("q: quit")))
        return parts

    def on_mount(self) -> None:
        self._shown_at = time.monotonic()
        if not self.app.is_running:
            return  # the app closing as the screen is built: its widgets are gone
        self.call_after_refresh(self.fit_above_line)
        self.call_after_refresh(self.fit_above_rack)
        body = self.query_one("#summary-body", VerticalScroll)
        self.watch(body, "scroll_y", self.say_if_more, init=False)
        # Its lines wrapped again at another size (back from the notice of a terminal too
        # small): what lies below said as the box is now, not as it was at the small size.
        # (Said once the box has its new size too: that comes after its lines'.)
        self.watch(body, "virtual_size", self._said_later, init=False)
        # The summary opens at its top, the hand's head line and the first seat in sight,
        # at the match's end too (the score sheet first there when there are several
        # hands): opened on the score sheet's totals, a one-hand match at 80x24 hid the
        # hand itself above the fold. The totals are said below the part that scrolls
        # (the winners, then the others' totals), and PgDn brings the rest.
        self.call_after_refresh(self.show_hint)
        if self.dealt_at is not None:
            self.set_interval(1.0, self.show_hint)

    def on_resize(self) -> None:
        self.call_after_refresh(self.show_hint)
        self.call_after_refresh(self.fit_above_line)
        self.call_after_refresh(self.fit_above_rack)

    def fit_above_rack(self) -> None:
        """On a tall terminal, a box that fits above the rack stands there, the rack in
        sight under it; a box too tall for that covers the rack to its last row. Centred
        on the screen, its foot covered the rack's first rows and left its last ones
        showing under it (at 200x50 a row of colour letters and a dot; at 120x40 a dot).
        The box is moved (an offset), not laid out again: its size stays as it is."""
        if not self.is_attached:
            return
        box = self.query_one("#summary")
        shift = 0
        rack = self.rack_region()
        height = box.outer_size.height
        if rack is not None and height and not self.app.has_class("-compact"):
            centred = (self.outer_size.height - height) // 2
            if height <= rack.y:
                shift = min(0, rack.y - height - centred)
            else:
                shift = max(0, rack.bottom - height - centred)
        if box.styles.offset.y.value != shift:
            box.styles.offset = (0, shift)

    def rack_region(self) -> Region | None:
        """Where the rack of the table under this summary is, if there is one in sight."""
        from okey_tui.ui.widgets.rack import RackWidget

        for screen in reversed(self.app.screen_stack[:-1]):
            racks = screen.query(RackWidget)
            if racks:
                region = racks.first().region
                return region if region else None
        return None

    def fit_above_line(self) -> None:
        """At a table with friends on a small terminal the box fills the screen above the
        table's status line and key bar, whatever rows they take now: a line of two rows
        ("… want another match at this table: Enter if you do too") had its first row
        under the box. (At home the line only says again how the hand ended: the box
        keeps its rows.)"""
        if not self.is_attached or not self.app.has_class("-compact") or self.say is None:
            return
        below = 0
        for screen in reversed(self.app.screen_stack[:-1]):
            parts = [*screen.query("#status"), *screen.query("#keys")]
            if parts:
                below = sum(part.outer_size.height for part in parts if part.display)
                break
        box = self.query_one("#summary")
        if below and box.styles.margin.bottom != below:
            box.styles.margin = (0, 0, below, 0)

    def show_hint(self) -> None:
        # Called after a refresh: the summary may have been dismissed by then.
        body = next(iter(self.query("#summary-body").results(VerticalScroll)), None)
        hint = next(iter(self.query(KeyHint).results(KeyHint)), None)
        if body is not None and hint is not None:
            hint.show_keys(self.hint_parts(body.max_scroll_y > 0))
            self.say_if_more()
            # The keys' line may take another row: the box placed again once laid out.
            self.call_after_refresh(self.fit_above_rack)

    def _said_later(self) -> None:
        self.call_after_refresh(self.say_if_more)
        self.call_after_refresh(self.fit_above_rack)  # its height may have changed too

    def say_if_more(self) -> None:
        """When the summary is longer than its box (a small terminal, a long score sheet)
        the frame's foot says how many lines lie above and below what shows, and the keys
        that bring them: at 80x24 the score sheet lay below the match line, unseen."""
        body = next(iter(self.query("#summary-body").results(VerticalScroll)), None)
        if body is None:
            return
        note = scroll_note(body.scroll_y, body.max_scroll_y)
        below = round(body.max_scroll_y) - round(body.scroll_y)
        set_subtitle(self.query_one("#summary"), f"▼ {note}" if note and below else note)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        over = self.report.match_over
        if action == "next":
            return not over
        if action == "new":
            return over
        if action == "new_table":
            return over and not self.same_table
        if action == "chat":
            return self.say is not None
        if action == "deal_now":
            return self.deal is not None and self.deal[1]()
        return True

    def action_new_table(self) -> None:
        if self.report.match_over and not self.same_table:
            self.dismiss("setup")

    def action_deal_now(self) -> None:
        if self.deal is not None and self.deal[1]():
            self.deal[0]()

    def action_chat(self) -> None:
        say = self.say
        if say is None:
            return

        async def send(line: str | None) -> None:
            if line:
                await say(line)

        self.app.push_screen(ChatScreen(), send)

    def action_see_table(self) -> None:
        self.dismiss("table")

    def action_next(self) -> None:
        self.dismiss("next")

    def action_new(self) -> None:
        # A key typed before the match's last summary came up (Enter laying down melds as
        # the hand ended) dealt a new match, and the final standings were gone unseen.
        if time.monotonic() - self._shown_at < TYPE_AHEAD:
            return
        self.dismiss("new")

    def action_quit_game(self) -> None:
        if self.quit_question is None:
            self.dismiss("quit")
            return

        def answer(yes: bool | None) -> None:
            if yes:
                self.dismiss("quit")

        self.app.push_screen(ConfirmScreen(self.quit_question, quits=True), answer)
