"""The table's footer: every key that applies now, on a second line rather than cut off."""

from __future__ import annotations

import itertools

from rich.text import Text
from textual import events
from textual.binding import Binding
from textual.screen import Screen

from okey_tui.i18n import _, current_language
from okey_tui.ui.widgets.steady import SteadyStatic


def key_lines(widths: list[int], width: int, gap: int) -> list[list[int]]:
    """The keys (by their labels' ``widths``, in order) on as few lines of ``width`` cells
    as hold them (a space before the first, ``gap`` between two), and those lines as even
    as can be: the longest as short as it can be, the lines before it as full as that
    allows. A last key alone on a line of its own ("q Quit") would waste the line's room.

    >>> key_lines([5, 5, 5], 20, 2)
    [[0, 1, 2]]
    >>> key_lines([5, 5, 5, 5, 5], 20, 2)  # not 3 + 2 ... + 1 alone: 3 and 2
    [[0, 1, 2], [3, 4]]
    >>> key_lines([8, 8, 8, 3], 30, 2)  # 30 cells hold the first three, and "q Çık" alone
    [[0, 1], [2, 3]]
    """

    def fill(room: int) -> list[list[int]]:
        lines: list[list[int]] = [[]]
        x = 1
        for i, w in enumerate(widths):
            if lines[-1] and x + gap + w > room:
                lines.append([])
                x = 1
            x += (gap if lines[-1] else 0) + w
            lines[-1].append(i)
        return lines

    fewest = fill(width)
    if len(fewest) < 2:
        return fewest
    # The narrowest lines that are no more: a key too wide for any line has one of its own.
    low, high = 1 + max(widths), max(width, 1 + max(widths))
    while low < high:
        mid = (low + high) // 2
        if len(fill(mid)) <= len(fewest):
            high = mid
        else:
            low = mid + 1
    return fill(low)


# From this width a bar may leave out two greyed keys to keep to one line, not only one.
LEAVE_TWO_OUT = 100

# What a bar of one line leaves out first when the keys usable now do not all fit: the log,
# sorting by pairs, the hints and sorting, each always on ? (and in the full bar).
SPARE_FIRST = ("l", "p", "h", "s")


class KeyBar(SteadyStatic):
    """Shows the screen's active bindings (``show=True``), greyed when they do nothing now.

    Keys that :meth:`check_action` hides (returns ``False``) are left out; when the
    keys do not fit the width two spaces apart, one line holds them one space apart (or
    without one greyed key, which ``?`` lists, see :meth:`one_line`) if it can; else they
    wrap to as few more lines as hold them, the lines as even as can be (no key alone on
    a line of its own): a binding is never cut. Below ``LEAVE_TWO_OUT`` columns, where
    the keys never all fit on one line, the bar shows only the keys usable now (with
    ``?`` and ``q``), the same whatever the status line above takes, and keeps the lines
    every key would take.
    Keys the screen leaves out for a while and will show again soon (``keys_kept_room``:
    d, t and g on the starter's first turn, which has no draw) keep their room: the bar
    takes the lines it takes with them, and the table does not move a row when they
    come back.
    While a question is asked over the screen (a screen whose ``KEYS_IN_KEY_BAR`` is
    true), the bar shows the question's keys: the table's keys do nothing meanwhile, and
    one of them may answer it (``h`` is the hint key, and "hayır"); a click on the bar
    reaches the question (see ``Dialog``), which passes it on here (:meth:`key_at`).
    """

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self._spans: list[tuple[int, int, int, str]] = []  # line, start, end, key
        # The most lines the bar took at this width: keys that come and go (u after a
        # move at a practice table) would otherwise make it grow and shrink, moving the
        # whole table a row each time. It shrinks again when the width changes.
        self._lines_at: tuple[int, int] = (0, 1)
        # A line lent to the status line (a message on two lines, on a short terminal):
        # the bar keeps one line, with the keys usable now and help and quit.
        self._one_line = False
        # The bar is drawn again whenever the screen's keys may have changed (many times
        # a key): its labels are made again only when the keys shown or their state
        # changed, and it is drawn again only when those or its room did.
        self._entries: tuple[object, list[tuple[str, Text, bool]]] | None = None
        # The labels of the keys left out whose room the bar keeps (see keys_kept_room).
        self._kept_room: list[tuple[str, Text, bool]] = []
        self._made = 0  # how many times the labels were made
        self._drawn_from: tuple[object, ...] | None = None

    def on_mount(self) -> None:
        self.screen.bindings_updated_signal.subscribe(self, self.bindings_changed)
        self.app.screen_change_signal.subscribe(self, self.screen_changed)
        self.call_after_refresh(self.draw)

    def on_unmount(self) -> None:
        self.screen.bindings_updated_signal.unsubscribe(self)
        self.app.screen_change_signal.unsubscribe(self)

    def screen_changed(self, _screen: Screen[object]) -> None:
        # A question opened over this screen, or closed: its keys come and go.
        if self.screen in self.app.screen_stack:
            self.draw()

    def keys_screen(self) -> Screen[object]:
        """The screen whose keys the bar shows: its own, or a question asked over it."""
        top = self.app.screen
        if top is not self.screen and getattr(top, "KEYS_IN_KEY_BAR", False):
            return top
        return self.screen

    def bindings_changed(self, _screen: Screen[object]) -> None:
        # Under a dialog the screen answers for keys it cannot take now: keep the last bar.
        if self.screen.is_current:
            self.draw()

    def on_resize(self, event: events.Resize) -> None:
        self.draw()

    def lend_a_line(self, lend: bool) -> None:
        """Keep to one line (or no longer), so that the status line above may take two."""
        if lend != self._one_line:
            self._one_line = lend
            self.draw()

    def items(self) -> list[tuple[str, Text]]:
        """(key, label) for each binding to show, in the screen's order."""
        return [(key, label) for key, label, _enabled in self.entries()]

    def entries(self) -> list[tuple[str, Text, bool]]:
        """(key, label, usable now) for each binding to show, in the screen's order."""
        chosen: list[tuple[str, Binding, bool]] = []
        actions: set[str] = set()
        for key, (_node, binding, enabled, _tip) in self.keys_screen().active_bindings.items():
            if not binding.show or binding.action in actions:
                continue
            actions.add(binding.action)
            chosen.append((key, binding, enabled))
        room = self.room_kept()
        # A word the screen adds to a key's label now (n's "Got it (2 more)"), if any.
        noted = getattr(self.keys_screen(), "key_note", None)
        notes = tuple(noted(binding.action) if noted else "" for _key, binding, _on in chosen)
        made_from = (chosen, room, current_language(), notes)
        if self._entries is None or self._entries[0] != made_from:
            self._entries = (made_from, self.labels(chosen, notes))
            self._kept_room = self.labels([(b.key, b, False) for b in room])
            self._made += 1
        return list(self._entries[1])

    def room_kept(self) -> list[Binding]:
        """The bindings left out of the bar now whose room it keeps: the screen's own
        (``keys_kept_room``), never under a question asked over it."""
        screen = self.keys_screen()
        kept = getattr(screen, "keys_kept_room", None)
        if screen is not self.screen or kept is None:
            return []
        return list(kept())

    def labels(
        self, chosen: list[tuple[str, Binding, bool]], notes: tuple[str, ...] = ()
    ) -> list[tuple[str, Text, bool]]:
        """(key, label, usable now) for each of the ``chosen`` bindings, each with its note
        of ``notes`` (in the same order) after its words."""
        shown: list[tuple[str, Text, bool]] = []
        for number, (key, binding, enabled) in enumerate(chosen):
            label = Text()
            label.append(self.app.get_key_display(binding), "bold #ffd24a" if enabled else "dim")
            label.append(" ")
            label.append(_(binding.description), "#e6e6e6" if enabled else "dim")
            note = notes[number] if number < len(notes) else ""
            if note:
                label.append(" " + note, "#e6e6e6" if enabled else "dim")
            shown.append((key, label, enabled))
        return shown

    def draw(self) -> None:
        if not self.is_attached:
            return  # its screen was replaced before it was shown (a quick reconnection)
        width = self.size.width or self.app.size.width
        entries = self.entries()
        drawn_from = (self._made, width, self._one_line, self._lines_at)
        if drawn_from == self._drawn_from:
            return  # the same keys in the same room: the bar as it is
        self._drawn_from = drawn_from
        # Below LEAVE_TWO_OUT columns the keys never all fit on one line: the bar leaves
        # out every greyed key (? lists them), whatever the moment and whatever the status
        # line above takes. It showed them after a draw and left them out while a message
        # took two lines, and the bar changed under the player's eyes after a or e.
        narrow = width < LEAVE_TWO_OUT
        # A few keys that all fit on one line show greyed too (the pass screen's Enter, for
        # its first second: "q Quit" alone read as no way on).
        fit = sum(label.cell_len for _k, label, _on in entries) + 2 * len(entries) <= width
        shown = [entry for entry in entries if entry[2]] if narrow and not fit else entries
        if self._one_line:
            one = self.one_line(shown, width)
            if one is None:
                self._draw_one_line(entries, width)  # the keys usable now, as many as fit
            else:
                self._draw_lines([one[0]], one[1], shown, 1)
            return
        widths = [label.cell_len for _key, label, _on in shown]
        # The table's keys on one line whenever they fit on it, also after the bar took two
        # at this width (e and u came and went, or a resize): it stayed on two, two spaces
        # apart, for good. A question's keys (the help's, the summary's) keep the lines the
        # table's took: the table does not move a row as it opens and closes.
        kept_two = (
            self.keys_screen() is not self.screen
            and self._lines_at[0] == width
            and self._lines_at[1] > 1
        )
        # The lines the keys would take with those whose room is kept.
        with_kept = entries + self._kept_room
        room_lines = 1
        if narrow or (self._kept_room and self.one_line(with_kept, width) is None):
            # A narrow bar keeps the lines every key would take: as keys turn usable or
            # greyed, the bar does not grow and shrink, and the table does not move a row.
            room_lines = len(key_lines([label.cell_len for _k, label, _on in with_kept], width, 2))
        one = None if kept_two or (room_lines > 1 and not narrow) else self.one_line(shown, width)
        # Else as few lines as hold the keys, two spaces apart.
        rows, gaps = ([one[0]], one[1]) if one else (key_lines(widths, width, 2), [2] * len(shown))
        kept_width, kept_lines = self._lines_at
        # Lines that do not fit one keep the most they took at this width: a key that comes
        # and goes does not move the whole table a row each time.
        lines = max(len(rows), kept_lines if kept_width == width else 1, room_lines)
        if one and not narrow:
            lines = 1
        self._lines_at = (width, lines)
        self._draw_lines(rows, gaps, shown, lines)

    def _draw_lines(
        self,
        rows: list[list[int]],
        gaps: list[int],
        shown: list[tuple[str, Text, bool]],
        lines: int,
    ) -> None:
        """The keys ``shown`` on their ``rows`` (places in ``shown``), ``gaps`` apart, the
        bar ``lines`` high."""
        text = Text()
        self._spans = []
        line = 0
        text.append(" ")
        for row, keys in enumerate(rows):
            if row:
                text.append("\n ")
                line = row
            x = 1
            for n, i in enumerate(keys):
                key, label, _on = shown[i]
                if n:
                    gap = gaps[n - 1]
                    text.append(" " * gap)
                    x += gap
                self._spans.append((line, x, x + label.cell_len, key))
                text.append_text(label)
                x += label.cell_len
        text.append("\n" * (lines - line - 1))
        self.update(text)

    @staticmethod
    def one_line(
        entries: list[tuple[str, Text, bool]], width: int
    ) -> tuple[list[int], list[int]] | None:
        """The keys (their places in ``entries``) and the gaps between them that keep the
        bar to one line of ``width`` cells, or None. Two spaces between keys; else one (the
        keys stand out by their colour), but two either side of a greyed label of two
        words ("g Geri ver a İşle w Okey al", all grey, ran together); else the same with
        one greyed key left out, the widest, else two: keys that do nothing now, and ``?``
        lists them (the Turkish bar at 120 columns with "e İzle" and "u Adım geri" needs
        two). Never more than two, and one below ``LEAVE_TWO_OUT`` columns, where the bar
        does not offer greyed keys at all: at 80 columns it shows only the keys usable now,
        ``?`` and ``q``, on one line or two as they need (see :meth:`draw`).

        >>> on, off = Text("x At"), Text("g Geri ver")
        >>> keys = [("x", on, True), ("s", on, True), ("g", off, False)]
        >>> KeyBar.one_line(keys, 23)
        ([0, 1, 2], [2, 2])
        >>> KeyBar.one_line(keys, 22)  # one space, but two before "g Geri ver"
        ([0, 1, 2], [1, 2])
        >>> KeyBar.one_line(keys, 21)  # the greyed key left out
        ([0, 1], [2])
        >>> many = [("x", Text("x" * 90), True), ("g", off, False), ("h", off, False)]
        >>> KeyBar.one_line(many, 100)  # two greyed keys left out, on a wide bar only
        ([0], [])
        >>> KeyBar.one_line(many, 99) is None  # the same keys at 99 columns: one at most
        True
        >>> KeyBar.one_line([("x", on, True)] * 3, 14) is None
        True
        """
        widths = [label.cell_len for _key, label, _on in entries]
        wide = [label.plain.count(" ") > 1 and not on for _key, label, on in entries]
        greyed = sorted(
            (i for i, (_key, _label, on) in enumerate(entries) if not on),
            key=lambda i: -widths[i],
        )
        # None left out, then each one (the widest first), then on a wide bar each two (the
        # widest first): at 80 columns the keys keep to two lines, every one of them.
        leaves: list[tuple[int, ...]] = [(), *((i,) for i in greyed)]
        if width >= LEAVE_TWO_OUT:
            leaves += sorted(
                itertools.combinations(greyed, 2),
                key=lambda two: -(widths[two[0]] + widths[two[1]]),
            )
        for leave in leaves:
            keys = [i for i in range(len(entries)) if i not in leave]
            for tight in (False, True):
                gaps = [
                    1 if tight and not (wide[a] or wide[b]) else 2
                    for a, b in zip(keys, keys[1:], strict=False)
                ]
                if 1 + sum(widths[i] for i in keys) + sum(gaps) <= width:
                    return keys, gaps
        return None

    def _draw_one_line(self, entries: list[tuple[str, Text, bool]], width: int) -> None:
        """The keys usable now, as many as one line holds, and help and quit always."""
        always_keys = ("question_mark", "q")
        always = [(k, label) for k, label, _usable in entries if k in always_keys]
        room = width - sum(1 + label.cell_len for _k, label in always)
        usable = [(k, label) for k, label, on in entries if on and k not in always_keys]
        # When they do not all fit, the keys that can wait go first (? lists them): the
        # Turkish bar at 80 columns lost n, the tip's "got it", and u, cut off at the end.
        for spare in SPARE_FIRST:
            if 1 + sum(label.cell_len for _k, label in usable) + len(usable) - 1 <= room:
                break
            usable = [(k, label) for k, label in usable if k != spare]
        kept: list[tuple[str, Text]] = []
        x = 1
        for key, label in usable:
            if x + (1 if kept else 0) + label.cell_len > room:
                break
            x += (1 if kept else 0) + label.cell_len
            kept.append((key, label))
        text = Text(" ")
        self._spans = []
        x = 1
        for key, label in kept + always:
            gap = 1 if x > 1 else 0
            if x + gap + label.cell_len > width:
                break
            text.append(" " * gap)
            x += gap
            self._spans.append((0, x, x + label.cell_len, key))
            text.append_text(label)
            x += label.cell_len
        self.update(text)

    def on_click(self, event: events.Click) -> None:
        key = self.key_at(event.x, event.y)
        if key is not None:
            self.app.simulate_key(key)

    def key_at(self, x: int, y: int) -> str | None:
        """The key shown at (``x``, ``y``) in the bar, if any: the table's, or the keys of a
        question asked over it (which passes its clicks on here)."""
        for line, start, end, key in self._spans:
            if y == line and start <= x < end:
                return key
        return None
