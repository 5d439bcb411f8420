"""Small modal screens: a chooser, the quit question, the discard piles, too small."""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import replace
from typing import Any, Generic, TypeVar

from rich.cells import cell_len
from rich.style import Style
from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen, Screen
from textual.widget import Widget
from textual.widgets import Input, OptionList, Static
from textual.widgets.option_list import Option

from okey_tui.engine.view import PlayerView
from okey_tui.i18n import N_, _, answer_keys
from okey_tui.table import SeatInfo
from okey_tui.ui.tiles import QUIET, chips
from okey_tui.ui.translate import translate_bindings
from okey_tui.ui.widgets.keybar import KeyBar
from okey_tui.web import in_browser

Choice = TypeVar("Choice")
Answer = TypeVar("Answer")

# Seconds within which a digit typed after another makes one number with it (1 then 2: a
# 12, not a 1 and a 2): the rack's cursor by number and a chooser's melds by number.
SECOND_DIGIT = 0.8
# The same in a chooser, where a number is read before it is typed (1 then 2 a second
# apart put a tile on meld 2, not 12); its line says a number waits for a second digit.
CHOOSER_SECOND_DIGIT = 1.5
# Seconds a chooser's line says "No meld 7 here" before its usual words come back.
SAID_FOR = 3.0

# A line of a dialog's text indented by this is kept whole: a command to copy ("  okey101
# join 127.0.0.1:8101 --token …"), which wrapped in a narrow box split the token in two.
WHOLE_LINE = "  "


def widest_whole_line(text: str) -> int:
    """The width of the widest line of ``text`` kept whole (0: none is).

    >>> widest_whole_line("Quit the game?\\nTo take it back, run:\\n  okey101 join h:1 --token t")
    28
    """
    return max(
        (cell_len(line) for line in text.splitlines() if line.startswith(WHOLE_LINE)), default=0
    )


def fit_whole_lines(box: Widget, text: str, room: int) -> bool:
    """Make ``box`` (a dialog, border and padding included) at least as wide as the widest
    line of ``text`` kept whole, within ``room`` columns (the screen's): the line fits on
    one line unless the screen is narrower. Whether a line is kept whole."""
    whole = widest_whole_line(text)
    box.styles.min_width = min(whole + box.styles.gutter.width, room) if whole else None
    return bool(whole)


class KeyHint(Static):
    """A dialog's line of keys ("y: yes · n: no"): a click on a key's words does what the
    key does. Each part is (the key, its words); a part without a key ("↑ ↓ scroll") is
    only read."""

    def __init__(self, parts: Sequence[tuple[str | None, str]], *, id: str | None = None) -> None:
        super().__init__(classes="dialog-hint", id=id, markup=False)
        self.show_keys(parts)

    def show_keys(self, parts: Sequence[tuple[str | None, str]]) -> None:
        text = Text()
        for n, (key, words) in enumerate(parts):
            if n:
                text.append(" · ")
            # The screen presses the key (Dialog.action_press_key): the same as the key.
            click = None if key is None else Style(meta={"@click": ("screen.press_key", (key,))})
            text.append(words, click)
        self.update(text)


def key_bar_under(screen: Screen[Any]) -> KeyBar | None:
    """The table's key bar below ``screen``, when it shows ``screen``'s keys."""
    for below in reversed(screen.app.screen_stack[:-1]):
        for bar in below.query(KeyBar).results(KeyBar):
            return bar if bar.keys_screen() is screen else None
    return None


class Dialog(ModalScreen[Answer]):
    """A box over the screen below, every way out of it a click away as well as a key: its
    line of keys (:class:`KeyHint`) acts on a click; the table's key bar below shows its
    keys (``KEYS_IN_KEY_BAR``) and a click there presses them; a click outside the box
    presses ``OUTSIDE`` (Esc: no, cancel, close), or nothing when that is None.

    In the browser with the mouse only, a question, the piles or a chooser could be left by
    no click at all: the key bar's keys were the table's, which the dialog keeps from it.
    """

    KEYS_IN_KEY_BAR = True
    OUTSIDE: str | None = "escape"

    def __init__(self) -> None:
        super().__init__(classes="dialog-screen")
        translate_bindings(self)
        # The moment a question about a move was asked of (the table screen's turn stamp):
        # gone, the question closes unanswered. None: a question of no moment (quit, help).
        self.asked_of: object = None

    def action_press_key(self, key: str) -> None:
        # From the app: a key sent from this screen would stop at it, never reaching the
        # bindings (Textual stops a message at the node that sent it).
        self.app.call_later(self.app.simulate_key, key)

    def on_click(self, event: events.Click) -> None:
        if event.widget is not self:
            return  # in the box
        event.stop()
        bar = key_bar_under(self)
        x, y = int(event.screen_x), int(event.screen_y)
        if bar is not None and bar.region.contains(x, y):
            key = bar.key_at(x - bar.region.x, y - bar.region.y)
            if key is not None:
                self.action_press_key(key)
        elif self.OUTSIDE is not None:
            self.action_press_key(self.OUTSIDE)


class ChooserList(OptionList, inherit_bindings=False):
    """The chooser's options, their keys but Enter: Enter is the chooser screen's key, so
    that the key bar shows it (the list's own Enter, never shown, hid it there)."""

    BINDINGS = [b for b in OptionList.BINDINGS if not (isinstance(b, Binding) and b.key == "enter")]


class ChooserScreen(Dialog[Choice | None], Generic[Choice]):
    """Pick one of a few options (an okey reading, a table meld); Esc cancels. It opens on
    the option ``highlighted`` (the first unless the caller knows a better one), which
    Enter chooses.

    A chooser of table melds is given each option's meld number (``numbers``, as its line
    shows it): typing a number picks that meld at once when no other option's number
    starts with it (2 among melds 2 and 5), else goes to its first option, Enter choosing
    (1 among 1 and 12: a 2 typed at once makes 12; the same number again: the next
    option of it, a meld offered with two readings of its okey)."""

    # Enter in the key bar (it said Esc alone under "Enter: choose · Esc: cancel"), which
    # chooses from a click there too.
    BINDINGS = [
        Binding("enter", "choose", N_("Choose")),
        Binding("escape", "cancel", N_("Cancel")),
    ]

    def __init__(
        self,
        title: str,
        options: list[tuple[Text | str, Choice]],
        highlighted: int = 0,
        numbers: Sequence[int] | None = None,
    ) -> None:
        super().__init__()
        self.title_text = title
        self.options = options
        self.start = highlighted if 0 <= highlighted < len(options) else 0
        self.numbers = list(numbers) if numbers is not None else None
        self._typed: tuple[str, float] | None = None  # the number typed so far, and when
        # The number and row a number last went to, and that as it was when the number
        # being typed began: typed whole again, a number goes on to its next row (12 then
        # 12: the second line of meld 12; its first digit had gone to meld 1 meanwhile).
        self._went: tuple[str, int] | None = None
        self._went_before: tuple[str, int] | None = None
        # A number no option has ("No meld 6 here"), and when: an Enter soon after is not
        # taken for the marked line (6 then Enter added the tile to meld 11).
        self._missing: tuple[str, float] | None = None

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static(self.title_text, classes="dialog-title", markup=False)
            yield ChooserList(
                *[Option(label, id=str(i)) for i, (label, _value) in enumerate(self.options)],
                id="chooser",
            )
            yield KeyHint(self.hint_parts(), id="chooser-keys")

    def hint_parts(self, said: str | None = None) -> list[tuple[str | None, str]]:
        parts: list[tuple[str | None, str]] = [] if said is None else [(None, said)]
        if self.numbers is not None and said is None:
            parts.append((None, _("a meld's number: that meld")))
        return [*parts, ("enter", _("Enter: choose")), ("escape", _("Esc: cancel"))]

    def on_mount(self) -> None:
        self.query_one("#chooser", OptionList).highlighted = self.start

    def on_key(self, event: events.Key) -> None:
        if self.numbers is None or event.character is None or not event.character.isdigit():
            self._typed = None  # another key ends a number being typed
            return
        event.stop()
        event.prevent_default()
        self.number_typed(event.character)

    def number_typed(self, digit: str) -> None:
        """A digit: on to the meld of the number typed so far (:class:`ChooserScreen`)."""
        numbers = self.numbers or []
        now = time.monotonic()
        before = self._typed
        self._missing = None
        typed = digit
        if before is not None and now - before[1] <= CHOOSER_SECOND_DIGIT:
            longer = before[0] + digit
            if any(str(n).startswith(longer) for n in numbers):
                typed = longer
        if typed == digit:  # a number begins
            self._went_before = self._went
        starting = [i for i, n in enumerate(numbers) if str(n).startswith(typed)]
        self._typed = (typed, now)
        keys = self.query_one("#chooser-keys", KeyHint)
        if not starting:
            keys.show_keys(self.hint_parts(_("No meld {n} here").format(n=typed)))
            said = self._typed
            self._missing = said
            self.set_timer(SAID_FOR, lambda: self.number_over(said))
            return
        exact = [i for i in starting if str(numbers[i]) == typed]
        if exact and len(starting) == 1:
            self.dismiss(self.options[exact[0]][1])
            return
        if len(starting) > len(exact):  # a longer number may follow: said, with the number
            waits = (
                _("{n}: Enter picks meld {n}, a second digit another").format(n=typed)
                if exact
                else _("{n}: type its second digit").format(n=typed)
            )
            keys.show_keys(self.hint_parts(waits))
            # The wait over with no second digit: the line says so no more ("a second digit
            # another" stayed, and a 2 typed later was a number of its own).
            waiting = self._typed
            self.set_timer(CHOOSER_SECOND_DIGIT, lambda: self.number_over(waiting))
        else:
            keys.show_keys(self.hint_parts())
        chooser = self.query_one("#chooser", OptionList)
        ring = exact or starting
        again = self._went_before
        if again is not None and again[0] == typed and again[1] in ring:
            row = ring[(ring.index(again[1]) + 1) % len(ring)]  # the next line of it
        else:
            row = ring[0]
        chooser.highlighted = row
        self._went = (typed, row)

    def number_over(self, typed: tuple[str, float] | None) -> None:
        """The number ``typed`` is over, unless another key came since: the line's usual
        words back."""
        if typed is not None and self._typed is typed and self.is_attached:
            self._typed = None
            self.query_one("#chooser-keys", KeyHint).show_keys(self.hint_parts())

    def on_option_list_option_highlighted(self) -> None:
        """Moved along the lines by another key (an arrow): "No meld 7 here" or the number
        typed is said no more (a number's own move keeps what it says)."""
        if self._typed is not None:
            return
        self._missing = None  # a line chosen by hand since
        for hint in self.query(KeyHint).results(KeyHint):
            hint.show_keys(self.hint_parts())

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        index = int(event.option.id or 0)
        self.dismiss(self.options[index][1])

    def action_choose(self) -> None:
        highlighted = self.query_one("#chooser", OptionList).highlighted
        missing, self._missing = self._missing, None
        if missing is not None and time.monotonic() - missing[1] <= SAID_FOR:
            # Enter just after a number no line has: meant for that number, not the line
            # marked; said, and the next Enter chooses the marked line.
            said = _("No meld {n} here: Enter again chooses the marked line").format(n=missing[0])
            self.query_one("#chooser-keys", KeyHint).show_keys(self.hint_parts(said))
            return
        if highlighted is not None:
            self.dismiss(self.options[highlighted][1])

    def action_cancel(self) -> None:
        self.dismiss(None)


class ConfirmScreen(Dialog[bool]):
    """A yes/no question answered with ``y`` or ``n``, or with the language's own answer
    keys (:func:`answer_keys`; the hint names those); Esc is no.

    ``y`` and ``n`` answer in every language, so a player used to them is never stuck.
    The question is modal: a key it answers (``h`` is hayır, and the table's hint key)
    never reaches the table behind it.
    """

    BINDINGS = [
        Binding("y", "answer(True)", N_("Yes")),
        Binding("n", "answer(False)", N_("No")),
        Binding("escape", "answer(False)", N_("No"), show=False),
    ]

    def __init__(self, question: str, *, quits: bool = False) -> None:
        super().__init__()
        self.question = question
        self.quits = quits  # the question whether to quit: Ctrl+C or Ctrl+Q again says yes
        self.yes_key, self.no_key = answer_keys()
        for key, own in (("y", self.yes_key), ("n", self.no_key)):
            if own != key:  # the language's own key answers and is the one shown
                english = self._bindings.key_to_bindings[key]
                self._bindings.key_to_bindings[key] = [replace(b, show=False) for b in english]
                self._bindings.key_to_bindings[own] = [replace(b, key=own) for b in english]

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog", id="confirm"):
            yield Static(self.question, classes="dialog-title", markup=False)
            yes, no = self.yes_key, self.no_key
            yield KeyHint(
                [(yes, _("{key}: yes").format(key=yes)), (no, _("{key}: no").format(key=no))]
            )

    def on_mount(self) -> None:
        self.fit()

    def on_resize(self) -> None:
        self.fit()

    def fit(self) -> None:
        """A command in the question, on a line of its own (the seat's rejoin command when
        quitting a table on another computer), is kept on one line where the screen is
        wide enough: the box widens for it, past its usual 90% of the screen."""
        box = self.query_one("#confirm", Vertical)
        whole = fit_whole_lines(box, self.question, self.size.width)
        box.styles.max_width = "100%" if whole else None

    def action_answer(self, yes: bool) -> None:
        self.dismiss(yes)


class ChatScreen(Dialog[str | None]):
    """One line of chat for the table, in a box in the middle of the screen as every
    question is, with the table dimmed behind it."""

    BINDINGS = [Binding("escape", "cancel", N_("Cancel"))]

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog", id="chat"):
            yield Static(_("Say to the table (Enter sends, Esc cancels)"), classes="dialog-title")
            yield Input(max_length=200, id="chat-line")

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self.dismiss(event.value.strip() or None)

    def action_cancel(self) -> None:
        self.dismiss(None)


class PilesScreen(Dialog[None]):
    """Every discard pile in full, oldest tile first. It follows the table while open
    (:meth:`show`): the bots played on behind it and it showed the piles of before."""

    BINDINGS = [Binding("escape,v,q", "close", N_("Close"))]

    def __init__(self, seats: Sequence[SeatInfo], view: PlayerView) -> None:
        super().__init__()
        self.seats = seats
        self.view = view

    def piles_text(self) -> Text:
        text = Text()
        for seat in range(4):
            pile = self.view.discards[seat]
            nxt = self.seats[(seat + 1) % 4].name
            text.append(f"{self.seats[seat].name} → {nxt} ({len(pile)})\n", "bold")
            # The newest first, as the piles on the table show them: the one a player may take.
            newest = list(reversed(pile))
            text.append_text(chips(newest, self.view.okey) if pile else Text(_("empty"), QUIET))
            text.append("\n\n")
        text.rstrip()
        return text

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog wide"):
            yield Static(_("Discard piles (newest first)"), classes="dialog-title")
            with VerticalScroll():
                yield Static(self.piles_text(), id="piles")
            yield KeyHint([("escape", _("Esc: close"))])

    def show(self, seats: Sequence[SeatInfo], view: PlayerView) -> None:
        """The piles as the table has them now; the list keeps its scroll."""
        if (tuple(seats), view.discards, view.okey) == (
            tuple(self.seats),
            self.view.discards,
            self.view.okey,
        ):
            return
        self.seats, self.view = seats, view
        if self.is_mounted:
            self.query_one("#piles", Static).update(self.piles_text())

    def action_close(self) -> None:
        self.dismiss(None)


MIN_WIDTH, MIN_HEIGHT = 80, 24


class TooSmallScreen(Screen[None]):
    """Shown instead of the game while the terminal is below the minimum size."""

    # q quits as it does where the notice stands (at the table it asks first; the match
    # is saved either way): the notice took no key but Ctrl+Q and Ctrl+C.
    BINDINGS = [Binding("q", "app.quit_here", N_("Quit"))]

    def __init__(self) -> None:
        super().__init__()
        translate_bindings(self)

    def on_screen_resume(self) -> None:
        # Back from the quit question: the terminal may have grown meanwhile.
        check_size = getattr(self.app, "check_size", None)
        if check_size is not None:
            self.call_after_refresh(check_size)

    def compose(self) -> ComposeResult:
        yield Static(id="too-small")
        # The table's key bar: under the quit question q asks, it says the question's keys
        # (a footer said "q Quit" under "y: yes · n: no").
        yield KeyBar(id="keys")

    def on_mount(self) -> None:
        if not self.app.is_running:
            return  # the app closing as the screen is built: its widgets are gone
        self.describe()

    def on_resize(self, event: events.Resize) -> None:
        self.describe(event.size.width, event.size.height)

    def describe(self, w: int | None = None, h: int | None = None) -> None:
        if w is None or h is None:
            w, h = self.app.size
        if in_browser():  # the page made its font as small as still reads first
            said = _(
                "The page has room for {w}×{h} characters.\nokey101 needs at least "
                "{min_w}×{min_h}.\nMake the browser window bigger to go on playing; q quits."
            )
        else:
            said = _(
                "The terminal is {w}×{h}.\nokey101 needs at least {min_w}×{min_h}.\n"
                "Make the window bigger to go on playing; q quits."
            )
        self.query_one("#too-small", Static).update(
            said.format(w=w, h=h, min_w=MIN_WIDTH, min_h=MIN_HEIGHT)
        )
