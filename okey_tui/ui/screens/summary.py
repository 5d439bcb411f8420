"""End of a hand: the winning melds, every seat's score with its arithmetic, every penalty
with its reason, and the score sheet; at the end of the match, the winners.

Every number is the engine's (:mod:`okey_tui.engine.scoring`): this screen only lays
the parts side by side.
"""

from __future__ import annotations

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Footer, Static

from okey_tui.engine.scoring import HandResult, PenaltyNote, SeatScore, penalty_notes
from okey_tui.engine.state import SEATS, OpeningKind
from okey_tui.i18n import N_, _, ngettext
from okey_tui.messages import describe_outcome, finish_formula, penalty_label
from okey_tui.ui.session import Session
from okey_tui.ui.tiles import chip, chips, meld_chips
from okey_tui.ui.translate import translate_bindings


def winning_melds(session: Session, result: HandResult) -> Text | None:
    """The finisher's melds on the table and the discard that ended the hand."""
    finisher = result.outcome.finisher
    if finisher is None:
        return None
    hand = session.hand
    okey = hand.okey
    text = Text(_("Melds:") + " ", "bold")
    owned = [tm.meld for tm in hand.table if tm.owner == finisher]
    text.append_text(Text(" · ", "dim").join(meld_chips(m, okey) for m in owned))
    if hand.discards[finisher]:
        text.append("  " + _("last discard") + " ", "bold")
        text.append_text(chip(hand.discards[finisher][-1], okey))
    return text


def penalty_line(session: Session, note: PenaltyNote) -> Text:
    text = Text(f"+{note.points} {penalty_label(note.reason)}", "red")
    if note.tile is not None:
        text.append(": ")
        text.append_text(chip(note.tile, session.hand.okey))
    if note.by is not None and note.by != note.seat:
        text.append(" " + _("by {name}").format(name=session.seat_name(note.by)), "red")
    if note.turn:
        text.append(" " + _("on turn {turn}").format(turn=note.turn), "red")
    return text


def arithmetic(line: SeatScore, formula: str = "") -> Text:
    """``56 left × 2 + 101 okey + 101 penalties = 258``: the engine's parts and total."""
    text = Text(formula or line.formula or str(line.finish))
    if line.okey_points:
        okeys = ngettext("okey in hand", "{n} okeys in hand", line.okeys_in_hand).format(
            n=line.okeys_in_hand
        )
        text.append(f" + {line.okey_points} {okeys}")
    if line.penalties:
        text.append(f" + {line.penalties} " + _("penalties"), "red")
    if line.bonus:
        text.append(f" − {-line.bonus} " + _("big opening"))
    text.append(f" = {line.total}", "bold")
    return text


def explain_hand(session: Session, result: HandResult) -> Text:
    """The whole hand in a few lines per seat."""
    okey = session.hand.okey
    outcome = result.outcome
    text = Text()
    hand_no = len(session.match.results)
    head = _("Hand {number}/{hands}:").format(number=hand_no, hands=session.rules.hands) + " "
    if outcome.finisher is not None:
        head += _("{name} finished, {how}").format(
            name=session.seat_name(outcome.finisher), how=describe_outcome(outcome)
        )
    else:
        head += describe_outcome(outcome)
    if outcome.multiplier > 1:
        head += f" (×{outcome.multiplier})"
    text.append(head, "bold")
    melds = winning_melds(session, result)
    if melds is not None:
        text.append("\n")
        text.append_text(melds)
    notes = penalty_notes(session.hand)
    width = max(len(session.seat_name(s)) for s in range(SEATS)) + 2
    for line in result.seats:
        text.append("\n")
        finisher = outcome.finisher == line.seat
        name = session.seat_name(line.seat).ljust(width)
        text.append(name, "bold green" if finisher else "bold")
        formula = finish_formula(
            line,
            outcome,
            partners=session.rules.partners,
            going_pairs=session.hand.going_pairs[line.seat],
            finisher_zero=session.rules.finisher_scores_zero,
        )
        text.append_text(arithmetic(line, formula))
        if line.opened is not None and line.opened.kind is OpeningKind.PAIRS and not finisher:
            text.append("  " + _("(pairs opener: one step up)"), "dim")
        if line.tiles_left:
            text.append("\n" + " " * width)
            count = len(line.tiles_left)
            text.append(ngettext("{n} left:", "{n} left:", count).format(n=count) + " ", "dim")
            text.append_text(chips(line.tiles_left, okey))
        for note in notes:
            if note.seat == line.seat:
                text.append("\n" + " " * width)
                text.append_text(penalty_line(session, note))
    return text


def match_line(session: Session) -> Text:
    totals = session.match.totals()
    text = Text(_("Match:") + " ", "bold")
    text.append(" · ".join(f"{session.seat_name(s)} {totals[s]}" for s in range(SEATS)))
    return text


def score_sheet(session: Session) -> Table:
    match = session.match
    table = Table(title=_("Score sheet"), title_style="bold")
    table.add_column(_("Hand"), justify="right")
    for seat in range(SEATS):
        table.add_column(session.seat_name(seat), justify="right")
    for n, result in enumerate(match.results, start=1):
        table.add_row(str(n), *[str(t) for t in result.totals()])
    totals = match.totals()
    table.add_row(Text(_("Total"), "bold"), *[Text(str(t), "bold") for t in totals])
    return table


class HandSummaryScreen(ModalScreen[str]):
    """Dismisses with ``"next"`` (next hand), ``"new"`` (new match) or ``"quit"``."""

    BINDINGS = [
        Binding("enter", "next", N_("Next hand")),
        Binding("n", "new", N_("New match")),
        Binding("q", "quit_game", N_("Quit")),
    ]

    def __init__(self, session: Session, result: HandResult) -> None:
        super().__init__(classes="dialog-screen")
        translate_bindings(self)
        self.session = session
        self.result = result

    def compose(self) -> ComposeResult:
        session = self.session
        match = session.match
        with Vertical(classes="dialog wide", id="summary"):
            with VerticalScroll():
                yield Static(explain_hand(session, self.result), id="hand-explained")
                yield Static(match_line(session), id="match-line")
                yield Static(score_sheet(session), id="score-sheet")
                if match.is_over:
                    winners = _(" and ").join(session.seat_name(s) for s in match.winners())
                    yield Static(
                        Text(
                            _("The match is over. {winners} won with {total}.").format(
                                winners=winners, total=min(match.totals())
                            ),
                            "bold green",
                        ),
                        id="winners",
                    )
            hint = _("n: new match · q: quit") if match.is_over else _("Enter: next hand · q: quit")
            yield Static(hint, classes="dialog-hint")
        yield Footer()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        over = self.session.match.is_over
        if action == "next":
            return not over
        if action == "new":
            return over
        return True

    def action_next(self) -> None:
        self.dismiss("next")

    def action_new(self) -> None:
        self.dismiss("new")

    def action_quit_game(self) -> None:
        self.dismiss("quit")
