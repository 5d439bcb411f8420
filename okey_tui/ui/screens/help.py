"""``?``: the keys, and the rules page of ``okey101 rules``."""

from __future__ import annotations

from rich.table import Table
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Footer, Markdown, Static

from okey_tui.commands.rules import rules_text

KEYS = (
    ("← → ↑ ↓", "move the cursor on the rack"),
    ("space / click", "select or unselect the tile under the cursor"),
    ("shift + arrows / drag", "move the selected tiles (or the cursor tile) on the rack"),
    ("d", "draw from the middle"),
    ("t", "take the left discard (only to use it this turn)"),
    ("g", "give the taken discard back and draw instead"),
    ("o", "stage the selection in the lay-down area; with nothing selected, lay down"),
    ("Enter", "lay down the staged melds (your opening, or new melds)"),
    ("Esc", "put the staged tiles back on the rack"),
    ("a", "add the selection to a table meld"),
    ("w", "swap an okey off the table for the tile it stands for"),
    ("b", "take back what you laid this turn"),
    ("x", "discard the tile under the cursor"),
    ("s / p", "arrange the rack by runs and sets / by pairs"),
    ("v / click a pile", "see every discard pile"),
    ("c", "colour-blind shapes on the tiles"),
    ("?", "this help"),
    ("q", "quit (asks y/n)"),
)


class HelpScreen(ModalScreen[None]):
    BINDINGS = [Binding("escape,question_mark,q", "close", "Close")]

    def __init__(self) -> None:
        super().__init__(classes="dialog-screen")

    def compose(self) -> ComposeResult:
        keys = Table(title="Keys", expand=True, title_style="bold", show_header=False)
        keys.add_column("Key", style="bold cyan", no_wrap=True)
        keys.add_column("What it does")
        for key, what in KEYS:
            keys.add_row(key, what)
        with VerticalScroll(id="help", classes="dialog wide"):
            yield Static(keys)
            yield Markdown(rules_text(), id="rules")
        yield Footer()

    def action_close(self) -> None:
        self.dismiss(None)
