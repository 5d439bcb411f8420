"""End of a hand: every seat's line and the score sheet; at the end of the match, the winners."""

from __future__ import annotations

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Footer, Static

from okey_tui.engine.scoring import HandResult
from okey_tui.engine.state import SEATS
from okey_tui.ui.session import Session
from okey_tui.ui.tiles import chips


def hand_table(session: Session, result: HandResult) -> Table:
    okey = session.hand.okey
    table = Table(
        title=f"Hand {len(session.match.results)}: {result.outcome.describe()}",
        expand=True,
        title_style="bold",
    )
    table.add_column("Player", no_wrap=True)
    table.add_column("Finish")
    table.add_column("×", justify="right")
    table.add_column("Left", justify="right")
    table.add_column("Okeys", justify="right")
    table.add_column("Penalties", justify="right")
    bonus = session.rules.big_opening_bonus
    if bonus:
        table.add_column("Bonus", justify="right")
    table.add_column("Hand", justify="right", style="bold")
    for line in result.seats:
        finisher = result.outcome.finisher == line.seat
        row = [
            Text(session.seat_name(line.seat), "bold green" if finisher else ""),
            line.note,
            f"×{result.outcome.multiplier}",
            f"{len(line.tiles_left)} tiles ({line.left_sum})",
            f"+{line.okey_points}" if line.okey_points else "0",
            f"+{line.penalties}" if line.penalties else "0",
        ]
        if bonus:
            row.append(str(line.bonus))
        row.append(str(line.total))
        table.add_row(*row)
    del okey
    return table


def score_sheet(session: Session) -> Table:
    match = session.match
    table = Table(title="Score sheet", title_style="bold")
    table.add_column("Hand", justify="right")
    for seat in range(SEATS):
        table.add_column(session.seat_name(seat), justify="right")
    running = [0] * SEATS
    for n, result in enumerate(match.results, start=1):
        totals = result.totals()
        running = [a + b for a, b in zip(running, totals, strict=True)]
        table.add_row(str(n), *[str(t) for t in totals])
    totals = match.totals()
    table.add_row(Text("Total", "bold"), *[Text(str(t), "bold") for t in totals])
    return table


class HandSummaryScreen(ModalScreen[str]):
    """Dismisses with ``"next"`` (next hand), ``"new"`` (new match) or ``"quit"``."""

    BINDINGS = [
        Binding("enter", "next", "Next hand"),
        Binding("n", "new", "New match"),
        Binding("q", "quit_game", "Quit"),
    ]

    def __init__(self, session: Session, result: HandResult) -> None:
        super().__init__(classes="dialog-screen")
        self.session = session
        self.result = result

    def compose(self) -> ComposeResult:
        session = self.session
        match = session.match
        with Vertical(classes="dialog wide", id="summary"):
            with VerticalScroll():
                yield Static(hand_table(session, self.result))
                left = Text()
                for line in self.result.seats:
                    if line.tiles_left:
                        left.append(f"{session.seat_name(line.seat)}: ", "bold")
                        left.append_text(chips(line.tiles_left, session.hand.okey))
                        left.append("\n")
                left.rstrip()
                yield Static(left, id="tiles-left")
                yield Static(score_sheet(session))
                if match.is_over:
                    winners = " and ".join(session.seat_name(s) for s in match.winners())
                    yield Static(
                        Text(
                            f"The match is over. {winners} won with {min(match.totals())}.",
                            "bold green",
                        ),
                        id="winners",
                    )
            hint = "n: new match · q: quit" if match.is_over else "Enter: next hand · q: quit"
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
