"""``?``: the rules this table plays, the keys, the mouse, and the rules page of ``okey101 rules``.

The keys come from the table's own bindings, so a key added there shows up here.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable

from rich.console import Console, ConsoleOptions, RenderableType, RenderResult
from rich.markdown import Markdown
from rich.segment import Segment
from rich.table import Table
from rich.text import Text
from rich.theme import Theme
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Footer, Static

from okey_tui.commands.rules import rules_text
from okey_tui.engine.rules import RuleSet
from okey_tui.i18n import N_, _
from okey_tui.messages import colour_name, meld_kind
from okey_tui.ui.screens.dialogs import Dialog, key_bar_under
from okey_tui.ui.screens.setup import rules_in_force
from okey_tui.ui.tiles import SHAPES
from okey_tui.ui.widgets.rack import short_label
from okey_tui.ui.widgets.swipe import SwipeScroll


def key_rows(bindings: Iterable[BindingType], display: dict[str, str]) -> list[tuple[str, str]]:
    """(keys, what they do) per action, in the bindings' order; one row for a family of keys."""
    rows: dict[str, list[str]] = {}
    for binding in bindings:
        if not isinstance(binding, Binding):
            continue
        what = _(binding.tooltip or binding.description)
        for key in binding.key.split(","):
            shown = display.get(key.strip(), key.strip())
            keys = rows.setdefault(what, [])
            if shown not in keys:
                keys.append(shown)
    return [(joined(keys), what) for what, keys in rows.items()]


def joined(keys: list[str]) -> str:
    """``shift+← shift+→`` reads better as ``shift+← →``, the ten digits as ``0-9``.

    >>> joined(["shift+←", "shift+→"]), joined(list("1234567890"))
    ('shift+← →', '0-9')
    """
    if len(keys) == 10 and sorted(keys) == list("0123456789"):
        return "0-9"
    prefix = "shift+"
    if len(keys) > 1 and all(k.startswith(prefix) for k in keys):
        return prefix + " ".join(k[len(prefix) :] for k in keys)
    return " ".join(keys)


def turn_in_keys(rules: RuleSet | None) -> Table:
    """A turn's keys first, as the README puts them: a newcomer found d, t, o and x on the
    help's second page, after the cursor's and the rack's keys."""
    table = Table(
        title=_("A turn in a few keys"),
        expand=True,
        title_style="bold",
        show_header=False,
        box=None,
    )
    table.add_column(no_wrap=True, style="bold cyan")
    table.add_column()
    if rules is not None and rules.pairs_floor_rises:
        # (A Rising table: the floor of 101 said alone read as the whole rule.)
        said = _(
            "your opening: {points} points or {pairs} pairs, or more: it must beat the best "
            "opening of its kind laid"
        )
    elif rules is not None and rules.melds_floor_rises:
        said = _(
            "your opening: {points} points or more (it must beat the best opening of runs and "
            "sets laid), or {pairs} pairs"
        )
    else:
        said = _("your opening: {points} points or {pairs} pairs")
    floor = said.format(
        points=rules.melds_floor if rules is not None else 101,
        pairs=rules.pairs_floor if rules is not None else 5,
    )
    for key, what in (
        (_("d or t"), _("draw from the middle, or take the tile your left neighbour discarded")),
        ("s", _("sort the rack: its best runs and sets side by side, a gap between groups")),
        (
            _("o, then Enter"),
            _("stage your groups as melds, then lay them down ({floor})").format(floor=floor),
        ),
        ("a", _("lay off the tiles that fit melds on the table")),
        (
            _("arrows or a number, x"),
            _("put the cursor on a tile (7: the next 7), and discard it"),
        ),
    ):
        table.add_row(key, what)
    return table


def this_table(rules: RuleSet) -> Table:
    """The rules this table was set up with: its game type and every table option."""
    table = Table(
        title=_("This table"), expand=True, title_style="bold", show_header=False, box=None
    )
    table.add_column(no_wrap=True, style="bold cyan")
    table.add_column()
    for line in rules_in_force(rules):
        table.add_row("•", line)
    return table


# The rules page's headings, tables and quotes in the table's own yellow and sage: Rich draws
# them in magenta and cyan, 1.1:1 to 2.5:1 against the felt (the dark look reads them too).
HELP_MARKDOWN = Theme(
    {
        "markdown.h1": "bold #ffd24a",
        "markdown.h2": "bold underline #ffd24a",
        "markdown.h3": "bold #ffd24a",
        "markdown.h4": "italic #ffd24a",
        "markdown.block_quote": "#9fc9b3",
        "markdown.table.header": "bold #ffd24a",
        "markdown.table.border": "#9fc9b3",
        "markdown.list": "#9fc9b3",
        "markdown.item.number": "#9fc9b3",
        "markdown.link": "underline #a5d6ff",
    }
)


# The drawings of the rules page kept: the widths the help opened at last (with and without
# its scroll bar).
KEPT_DRAWINGS = 4


class Themed:
    """A renderable drawn with a theme of its own (see HELP_MARKDOWN), its drawing kept for
    each room it is drawn in: the rules page is the same each time ? opens the help, and
    Rich laid the whole page out anew each time (a tenth of a second on a slow computer,
    of the help's 0.15 s)."""

    def __init__(self, renderable: RenderableType, theme: Theme) -> None:
        self.renderable = renderable
        self.theme = theme
        self._drawn: dict[tuple[object, ...], list[Segment]] = {}
        self._lines: dict[int, list[str]] = {}  # its drawings' lines as text, by width

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        room = (
            options.max_width,
            options.min_width,
            options.height,
            options.justify,
            options.overflow,
            options.no_wrap,
            options.highlight,
            options.markup,
        )
        drawn = self._drawn.get(room)
        if drawn is None:
            with console.use_theme(self.theme):
                drawn = list(console.render(self.renderable, options))
            if len(self._drawn) >= KEPT_DRAWINGS:  # a window dragged through many widths
                del self._drawn[next(iter(self._drawn))]
            self._drawn[room] = drawn
        yield from drawn

    def lines_at(self, width: int) -> list[str] | None:
        """The lines of its drawing at ``width`` cells, as text (None: not drawn so)."""
        lines = self._lines.get(width)
        if lines is None:
            drawn = next((d for room, d in self._drawn.items() if room[0] == width), None)
            if drawn is None:
                return None
            lines = ["".join(part.text for part in line) for line in Segment.split_lines(drawn)]
            if len(self._lines) >= KEPT_DRAWINGS:
                del self._lines[next(iter(self._lines))]
            self._lines[width] = lines
        return lines


# A line that starts a list's item as Rich draws it (" • …", "  3 …"; the lines an item
# wraps onto stand further in): an item is a block of its own.
ITEM = re.compile(r" ?• | {1,2}\d+ ")


def page_blocks(lines: list[str]) -> list[tuple[int, int]]:
    """The blocks of a page of ``lines``, as (first line, lines): the paragraphs, headings
    and tables parted by blank lines, and each item of a list."""
    blocks: list[tuple[int, int]] = []
    blank = True
    for number, text in enumerate(lines):
        if not text.strip():
            blank = True
            continue
        if blank or ITEM.match(text):
            blocks.append((number, 0))
        first, length = blocks[-1]
        blocks[-1] = (first, length + 1)
        blank = False
    return blocks


def block_place(lines: list[str], line: int) -> tuple[int, float]:
    """Where ``line`` is on a page of ``lines``: in which block (page_blocks), and how far
    into it, as the share of the block's words before it (a block rewrapped has more or
    fewer lines; the share of its lines put a reader at 200 columns a line past the words
    read at 80).

    >>> page = ["# Rules", "", "One,", "wrapped.", "", "• Two", "• Three"]
    >>> block_place(page, 3), block_place(page, 6)
    ((1, 0.5), (3, 0.0))
    >>> block_line(["# Rules", "", "One, wrapped.", "", "• Two", "• Three"], (1, 0.5))
    2
    >>> wide = ["a b c d e f", "g h"]  # the words of ["a b c", "d e f", "g h"] at 3 and 6
    >>> block_line(wide, block_place(["a b c", "d e f", "g h"], 1)), block_line(wide, (0, 0.75))
    (0, 1)
    """
    place = (0, 0.0)
    for index, (first, length) in enumerate(page_blocks(lines)):
        if first > line:
            break
        words = [len(text.split()) for text in lines[first : first + length]]
        before = sum(words[: min(line - first, length - 1)])
        place = (index, before / max(1, sum(words)))
    return place


def block_line(lines: list[str], place: tuple[int, float]) -> int | None:
    """The line at ``place`` (see block_place) on a page of ``lines``: the line holding the
    first word after that share of the block's words; None if it has fewer blocks."""
    blocks = page_blocks(lines)
    index, share = place
    if index >= len(blocks):
        return None
    first, length = blocks[index]
    words = [len(text.split()) for text in lines[first : first + length]]
    target = share * sum(words)
    seen = 0
    for offset, count in enumerate(words):
        if seen + count > target:
            return first + offset
        seen += count
    return first + length - 1


@functools.cache
def rules_page(text: str) -> Themed:
    """The rules page (``okey101 rules``) for the help, the same one each time ? opens it in
    this language: its drawing for the terminal's width is kept (see Themed)."""
    return Themed(Markdown(text), HELP_MARKDOWN)


def first_word() -> Text:
    """The help of the new-table screen opens with the game in a few words and what the
    screen is for: a newcomer met a form of table options and no word of okey."""
    text = Text()
    text.append(_("101 Okey") + "\n", style="bold")
    text.append(
        _(
            "Four players draw and discard tiles to lay down runs and sets; after the last "
            "hand, the lowest total wins. The rules come after the keys below (PgDn)."
        )
        + "\n\n"
    )
    text.append(_("This screen") + "\n", style="bold")
    text.append(
        _(
            "It sets up the table. New to the game? Turn Practice on "
            "(the first line): at the table h then shows the best move and why, and the first "
            "hand has tips. At the table, ? shows its keys and these rules again."
        )
    )
    return text


def rack_legend() -> Table:
    """What the marks on the rack and the table mean (the labels as the rack writes them)."""
    table = Table(
        title=_("Reading the rack"), expand=True, title_style="bold", show_header=False, box=None
    )
    table.add_column(no_wrap=True, style="bold cyan")
    table.add_column()
    values = f"{meld_kind('run')} 18 · {meld_kind('set')} 27 · {meld_kind('pair')}"
    rows = [
        (values, _("under a group of tiles side by side: the meld it makes, and its points")),
        (
            f"{short_label(meld_kind('run') + ' 18')} · {short_label(meld_kind('set') + ' 27')}",
            _("the same, shorter, where the marks under the tiles leave no room"),
        ),
        ("·", _("under a group: its tiles make no meld (yet)")),
        (_("· in a slot"), _("an empty slot on the rack: a gap between tiles ends a group")),
        ("▲", _("the cursor: x discards the tile above it")),
        ("▔▔▔", _("a selected tile (space selects): the keys act on the selection")),
        ("▔▲▔", _("the cursor on a selected tile")),
        (
            " ".join(colour.letter for colour in SHAPES),
            # In Turkish K reads as kırmızı (red): the letters are said in every language.
            _("the tiles' colours: {colours}").format(
                colours=", ".join(
                    f"{colour.letter} {colour_name(colour.value)}" for colour in SHAPES
                )
            ),
        ),
        (_("new"), _("the tile you just drew or took")),
        ("+", _("the tile you just drew or took, where the word leaves no room")),
        (
            "★",
            _(
                "an okey: wild; at the end of a run on the rack, the tile its place needs "
                "(★ R3 R4: R2 R3 R4); on the table, ★R12 is an okey standing for R12, and ★12 "
                "in a set of three one standing for either colour the set misses"
            ),
        ),
        ("F✦", _("the false okey: not wild, it plays as the okey's own tile")),
        (
            " ".join(SHAPES.values()),
            _(
                "colour-blind tiles (c turns them on or off): {shapes}, beside the letter on "
                "your rack (elsewhere the letter, R Y B K, says the colour)"
            ).format(
                shapes=", ".join(
                    f"{shape} {colour_name(colour.value)}" for colour, shape in SHAPES.items()
                )
            ),
        ),
        (
            "R3–R7 ★R5",
            _(
                "on the table, where the melds do not all fit: the run R3 to R7, an okey "
                "in it standing for R5"
            ),
        ),
    ]
    for mark, what in rows:
        table.add_row(mark, what)
    return table


def mouse_legend() -> Table:
    """What the mouse does at the table: each click and drop the table answers."""
    table = Table(title=_("Mouse"), expand=True, title_style="bold", show_header=False, box=None)
    table.add_column(no_wrap=True, style="bold cyan")
    table.add_column()
    rows = [
        (_("click a tile"), _("select or unselect it")),
        (_("click a group's value"), _("select the whole group")),
        (
            _("drag a tile"),
            _("move it on the rack (a selected tile takes the selection along)"),
        ),
        (_("drop it on your pile"), _("discard it")),
        (_("drop the taken tile on the left pile"), _("give it back, as g does")),
        (_("drop it on the lay-down box"), _("stage it (the selection, if it is selected)")),
        (_("drop it on a table meld"), _("add it to that meld")),
        (_("click the middle"), _("draw, at your draw")),
        (
            _("click a pile"),
            _(
                "at your draw, the left pile: take its tile; your own pile with one tile "
                "selected: discard it; else every pile, newest first"
            ),
        ),
        (_("click a key in the key bar"), _("the same as pressing it")),
        (
            _("c, k and B"),
            _(
                "not in the key bar, keys only (listed above): c the colour-blind shapes, k "
                "the okeys marked on the rack, B the bell as your turn comes after a long "
                "wait; colour-blind tiles are also an option of a new table"
            ),
        ),
        (
            _("click a key's words"),
            _(
                'in a question or dialog ("y: yes", "Esc: close", "Enter: next hand") or on '
                'the lay-down box ("⏎ lay down", "Esc back"): the same as pressing it'
            ),
        ),
        (_("the wheel"), _("scroll the table melds, the staged melds or the log")),
    ]
    for mouse, what in rows:
        table.add_row(mouse, what)
    return table


class HelpScreen(Dialog[None]):
    """The help over the table. Its keys are in the table's key bar, as a dialog's are (a
    footer of its own covered only the bar's last line: at 110 columns the table's keys,
    which do nothing here, showed above it); the box leaves the bar in sight. A click on
    the bar's keys presses them, a click beside the box closes it."""

    BINDINGS = [
        Binding("escape,question_mark,f1,q", "close", N_("Close")),
        # The page is longer than a screen (this table, the keys, the mouse, the rack, then
        # the rules): the key bar says there is more, and whether the rules are still to come.
        Binding("pagedown", "more", N_("More, then the rules"), priority=True),
        Binding("pagedown", "more_rules", N_("More of the rules"), priority=True),
    ]

    def __init__(
        self,
        bindings: Iterable[BindingType] = (),
        rules: RuleSet | None = None,
        *,
        before_the_table: bool = False,
    ) -> None:
        super().__init__()
        self.table_bindings = list(bindings)
        self.rules = rules
        # Opened from the new-table screen: a word on the game and on that screen first,
        # its keys, then the rules (the table's mouse and rack marks come at the table).
        self.before_the_table = before_the_table
        # Where the reader is: the part of the page at the top, the share of it above, and
        # in the rules, the paragraph and the lines into it (see _note_place).
        self._place: tuple[int, float, tuple[int, float] | None] = (0, 0.0, None)
        self._rewrapping = False

    def compose(self) -> ComposeResult:
        keys = Table(title=_("Keys"), expand=True, title_style="bold", show_header=False, box=None)
        keys.add_column(_("Key"), style="bold cyan", no_wrap=True)
        keys.add_column(_("What it does"))
        display = {
            key.strip(): self.app.get_key_display(Binding(key.strip(), ""))
            for b in self.table_bindings
            if isinstance(b, Binding)
            for key in b.key.split(",")
        }
        for key, what in key_rows(self.table_bindings, display):
            keys.add_row(key, what)
        with SwipeScroll(id="help", classes="dialog wide"):
            if self.before_the_table:
                yield Static(first_word(), id="first-word")
            if self.rules is not None:
                yield Static(this_table(self.rules), id="this-table")
            if not self.before_the_table:
                yield Static(turn_in_keys(self.rules), id="turn-keys")
            yield Static(keys, id="help-keys")
            if not self.before_the_table:
                yield Static(mouse_legend(), id="mouse-legend")
                yield Static(rack_legend(), id="rack-legend")
            # Rich draws the rules page as one renderable: a Markdown widget builds a widget
            # per block, and the page took seconds to appear.
            yield Static(rules_page(rules_text()), id="rules")
        if self.before_the_table:  # no table's key bar below to show the help's keys
            yield Footer()

    def on_mount(self) -> None:
        if not self.app.is_running:
            return  # the app closing as the screen is built: its widgets are gone
        # At the end of the page PgDn has nothing more to show: its key in the bar greys.
        box = self.query_one("#help", VerticalScroll)
        self.watch(box, "scroll_y", self.refresh_bindings)
        self.watch(box, "scroll_y", self._note_place, init=False)
        self.watch(box, "virtual_size", self._rewrapped, init=False)
        self.bindings_updated_signal.subscribe(self, self.keys_changed)
        self.fit_above_keys()

    def on_resize(self, event: events.Resize) -> None:
        self.call_after_refresh(self.fit_above_keys)

    def _note_place(self) -> None:
        """Where the reader is: the part of the page at the box's top (the keys, a legend,
        the rules), how far into it as a share of its height, and in the rules, which
        paragraph and how many lines into it."""
        box = self.query_one("#help", VerticalScroll)
        if self._rewrapping:
            return  # the page is being wrapped again: the place is as it was noted
        for index, part in enumerate(box.children):
            region = part.virtual_region
            if region.y <= box.scroll_y < region.bottom:
                into = box.scroll_y - region.y
                page = part.content if isinstance(part, Static) else None
                lines = page.lines_at(part.content_size.width) if isinstance(page, Themed) else None
                block = block_place(lines, round(into)) if lines is not None else None
                self._place = (index, into / max(1, region.height), block)
                return

    def _rewrapped(self) -> None:
        """The page wrapped again at another width: the reader kept at the same place
        (kept at as many lines from the top, a wider page showed a passage further on,
        four sections on at 200 columns from section 1 at 80). The box has its new size
        only after its lines: the scroll waits for it."""
        self._rewrapping = True
        self.call_after_refresh(self._back_to_place)

    def _back_to_place(self) -> None:
        if not self.is_attached:
            self._rewrapping = False
            return  # the help closed before the refresh
        box = self.query_one("#help", VerticalScroll)
        index, share, block = self._place
        if index < len(box.children):
            part = box.children[index]
            region = part.virtual_region
            y = region.y + round(share * region.height)
            # In the rules, the same paragraph: a share of the page's height drifted by a
            # screen or more where its paragraphs wrapped unevenly.
            page = part.content if isinstance(part, Static) else None
            lines = page.lines_at(part.content_size.width) if isinstance(page, Themed) else None
            line = block_line(lines, block) if lines is not None and block is not None else None
            if line is not None:
                y = region.y + line
            box.scroll_to(y=y, animate=False, immediate=True)
        self._rewrapping = False

    def keys_changed(self, _screen: Screen[object]) -> None:
        """PgDn's words changed (the rules came in sight) or it greyed: the bar says so."""
        bar = key_bar_under(self)
        if bar is not None:
            bar.draw()

    def fit_above_keys(self) -> None:
        """The box above the table's key bar, which shows the help's keys."""
        bar = key_bar_under(self)
        below = bar.outer_size.height if bar is not None else 0
        box = self.query_one("#help", VerticalScroll)
        if box.styles.margin.bottom != below:
            box.styles.margin = (0, 0, below, 0)
            box.styles.max_height = max(1, self.size.height - below)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ("more", "more_rules"):
            if not self.query("#rules"):  # asked by the key bar before the page is built
                return action == "more"
            box = self.query_one("#help", VerticalScroll)
            # The rules in sight: PgDn shows more of them (greyed at their end).
            rules_in_sight = (
                self.query_one("#rules").virtual_region.y < box.scroll_y + box.size.height
            )
            if rules_in_sight != (action == "more_rules"):
                return False  # the other of the two says it
            return True if box.scroll_y < box.max_scroll_y else None
        return True

    def action_close(self) -> None:
        self.dismiss(None)

    def action_more(self) -> None:
        self.query_one("#help", VerticalScroll).scroll_page_down()

    def action_more_rules(self) -> None:
        self.action_more()
