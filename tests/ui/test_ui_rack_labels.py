"""The line under a group on the rack: its value ("run 21", "set 27", "pair") and the
marks under its tiles (the cursor's ▲, the new tile's word, a selection's ▔▔▔) never
cover one another.

A 3-tile run whose middle tile was just drawn showed "21 ─▲new───" (the kind cut off),
and a pair with a new tile lost its "pair" altogether. Now the value is always there,
whole or as its points with the kind's letter ("r21", Turkish "s21"), and the new tile
keeps a mark under it, the word or a "+" where the word leaves the value no room.

Then "r15 ▲new" under R4 R5 R6 (R5 drawn, s pressed) read as a shortened value though
the slots beside the group were empty: beside the new tile's word the value now goes on
into them, whole; only a group with no room either side has it shortened."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from rack_test_helpers import (
    COLS,
    GROUPS,
    MORE_GROUPS,
    OKEY,
    check_framed,
    pieces,
    rack_of,
    subsets,
)
from ui_helpers import OPENING_SEED, at_position, goto, sorted_table, table_app, wait_for_human

from okey_tui import i18n
from okey_tui.engine.tiles import Tile
from okey_tui.ui.rack import RackLayout
from okey_tui.ui.widgets.rack import SLOT, RackWidget, group_label, short_label


def drawn(
    rack: RackLayout,
    cursor: int,
    fresh: set[int],
    selected: set[int],
    widget: RackWidget | None = None,
) -> list[str]:
    """The widget's upper row as plain text, from the first slot: top, bottom, marks.
    (``widget``: one that drew other arrangements before, as at the table.)"""
    widget = widget or RackWidget()
    widget.show(rack, OKEY, cursor, selected, False, fresh=fresh)
    lines = widget.render().plain.split("\n")
    return [line[widget.pad() - 1 :] for line in lines[:3]]


def readable(line: str, label: str) -> bool:
    """``label`` whole, or its points with the kind's letter, standing apart on ``line``."""
    kind, _space, points = label.rpartition(" ")
    forms = [label] + ([f"{kind[0]}{points}"] if kind else [])
    for form in forms:
        at = line.find(form)
        while at >= 0:
            before = line[at - 1] if at else " "
            after = line[at + len(form)] if at + len(form) < len(line) else " "
            if not before.isalnum() and not after.isalnum() and before not in "▲+":
                return True
            at = line.find(form, at + 1)
    return False


def cases() -> Iterator[tuple[str, int, int]]:
    for name, tiles in GROUPS.items():
        size = len(tiles.split())
        for fresh in range(size):
            for cursor in [*range(size), COLS + 3]:  # on a tile of the group, or elsewhere
                yield name, fresh, cursor


@pytest.mark.parametrize(("name", "fresh", "cursor"), list(cases()))
def test_the_value_the_new_mark_and_the_cursor_all_show(
    language: str, name: str, fresh: int, cursor: int
) -> None:
    """With no room beside the group (a row as wide as it): the value whole or short."""
    tiles = GROUPS[name]
    size = len(tiles.split())
    rack = rack_of(tiles, cols=size)
    cursor = min(cursor, size)  # away: on the lower row
    label, _meld = group_label([Tile.parse(t) for t in tiles.split()], OKEY)
    top, _bottom, marks = drawn(rack, cursor, {fresh}, set())
    line = marks[1 : 1 + size * SLOT]  # under the group and the gap after it
    assert readable(line, label), (label, line)
    # The new tile keeps its mark under it: the word, or a "+" beside the value.
    under = line[fresh * SLOT : (fresh + 1) * SLOT]
    word = i18n._("new")
    assert word in under or "+" in under, (under, line)
    assert f"{label}{word}" not in line and f"{label}+" not in line, line
    # The cursor: its ▐ ▌ either side of its tile, and a ▲ on the line only under it.
    if cursor < size:
        assert top[cursor * SLOT] == "▐" and top[cursor * SLOT + 4] == "▌", top
        at = line.find("▲")
        assert at < 0 or at // SLOT == cursor, line


def test_a_run_with_its_middle_tile_new_reads_in_either_language(language: str) -> None:
    """The case seen at the table: "21 ─▲new───" under R6 R7 R8 drawn R7; with no room
    beside the group, the value short."""
    rack = rack_of("R6 R7 R8", cols=3)
    line = drawn(rack, 1, {1}, set())[2][1 : 1 + 3 * SLOT]
    expected = {"en": "r21 ▲new ──", "tr": "s21 yeni ──"}[language]
    assert line.rstrip() == expected, line


def test_a_pair_with_a_new_tile_keeps_its_name_and_shows_both_marks(language: str) -> None:
    rack = rack_of("K5 K5", cols=2)
    pair = i18n._("pair")
    assert drawn(rack, 1, {1}, set())[2][1 : 1 + 2 * SLOT] == f"{pair} ▲+ "
    assert drawn(rack, 0, {1}, set())[2][1 : 1 + 2 * SLOT].startswith(f"{pair} +")
    assert drawn(rack, 1, {0}, set())[2][1 : 1 + 2 * SLOT].startswith(f" + {pair}")


@pytest.mark.parametrize(("name", "fresh", "cursor"), list(cases()))
def test_with_room_beside_the_group_the_value_and_the_new_word_both_read_whole(
    language: str, name: str, fresh: int, cursor: int
) -> None:
    """ "r15 ▲new": with empty slots either side, the value goes on into them, whole, and
    the new tile keeps its word; the value still stands partly on the group's line, never
    wholly beside it. (The cursor's ▲ on another tile of the group, or a first tile's
    word too long to leave the value a cell of the group, may still shorten it.)"""
    tiles = GROUPS[name]
    size = len(tiles.split())
    label, meld = group_label([Tile.parse(t) for t in tiles.split()], OKEY)
    word = i18n._("new")
    if not meld or cursor not in (fresh, COLS + 3):
        return
    if fresh == 0 and max(len(word), 3) + 3 > size * SLOT - 2:
        return  # "yeni ─ çift": the value would stand wholly past the pair
    at = 4  # four empty slots before the group, and more after it
    rack = rack_of(tiles, at=at)
    marks = drawn(rack, at + cursor if cursor < size else cursor, {at + fresh}, set())[2]
    start = at * SLOT + 1  # the group's first cell on the line
    under = marks[start + fresh * SLOT : start + (fresh + 1) * SLOT]
    assert word in under, (under, marks)
    found = marks.find(f" {label} ")
    assert found >= 0, (label, marks)
    assert found + 1 < start + size * SLOT - 1 and found + 1 + len(label) > start, marks


@pytest.mark.parametrize("cursor", [0, 1, 2])
def test_a_whole_group_selected_still_shows_its_value_and_the_cursor(
    language: str, cursor: int
) -> None:
    """Every tile selected left no cell for the value: it now shows in the place of one
    selected tile's ▔▔▔, whole (its colour still shows it selected), never of the
    cursor's ▔▲▔."""
    rack = rack_of("Y9 B9 K9")
    line = drawn(rack, cursor, set(), {0, 1, 2})[2][1 : 1 + 3 * SLOT]
    assert readable(line, group_label(rack.tiles(), OKEY)[0]), line
    assert line[cursor * SLOT : cursor * SLOT + 3] == "▔▲▔", line
    assert line.count("▔") >= 5, line


# -- marks and the value stand apart, each whole ---------------------------------------
# Seen at the table: "▔▲▔ · ▔" under Y3 Y4 both selected (the "·" cut Y4's ▔▔▔ in two),
# "▔▔▔─▔ r38 ▔─▔▔▔" under a whole run selected, "new ─set 27" (the rule glued to the value,
# and "new" read with it as one phrase).


def check_line(
    line: str,
    tiles: str,
    cursor: int,
    fresh: set[int],
    selected: set[int],
    okey: Tile = OKEY,
    value: tuple[str, bool] | None = None,
) -> None:
    """The line under a group reads cleanly: each piece a whole mark under its tile, the
    value whole, or the meld's rule; the value never right after the new tile's word.
    (``value``: the group's label and whether it is a meld, when the caller has it.)"""
    label, meld = value or group_label([Tile.parse(t) for t in tiles.split()], okey)
    kind, _space, points = label.rpartition(" ")
    forms = [label] + ([f"{kind[0]}{points}"] if kind else [])
    found, start = pieces(line, forms)
    word = i18n._("new")
    shown_fresh = {i for i in fresh if i not in selected}
    for at, piece in found:
        tile, cell = divmod(at, SLOT)
        if piece == "§" or (meld and set(piece) == {"─"}):
            continue
        if piece in ("▔▔▔", "▔▲▔"):
            assert cell == 0 and tile in selected, (piece, tile, line)
            assert (piece == "▔▲▔") == (tile == cursor), line
        elif piece in ("▲", "▲+", "+"):
            assert cell == 1, (piece, line)
            assert ("▲" in piece) <= (tile == cursor), line
            assert ("+" in piece) <= (tile in shown_fresh), line
        elif piece in (word[:4], f"▲{word}"):
            assert cell == 0 and tile in shown_fresh, (piece, line)
        else:
            raise AssertionError(f"{piece!r} is no whole mark nor the value: {line!r}")
    if meld:
        assert start >= 0, (label, line)
    if start >= 0:  # "new ─ run 34": not "new run 34", one phrase
        before = line[:start]
        assert not any(before.endswith(w + " " * k) for w in (word[:4], word) for k in (0, 1, 2))
    for tile in selected - {cursor}:  # a selected tile: its ▔▔▔ whole, or the value there
        under = line[tile * SLOT : tile * SLOT + 3]
        assert under == "▔▔▔" or "▔" not in under, (tile, line)


@pytest.mark.parametrize("name", list(MORE_GROUPS))
def test_marks_and_the_value_stand_apart_each_whole(language: str, name: str) -> None:
    """Any tiles of a group selected, the cursor on any of them or away, any one new: the
    line under it is whole marks, the value whole, and the rule, apart; and a meld's value
    is framed by its rule on both sides or on neither (test_ui_rack_label_rule.py)."""
    tiles = MORE_GROUPS[name]
    size = len(tiles.split())
    rack = rack_of(tiles)
    value = group_label([Tile.parse(t) for t in tiles.split()], OKEY)
    widget = RackWidget()
    for selected in subsets(size):
        for cursor in [*range(size), COLS + 3]:
            for fresh in [set(), *({i} for i in range(size))]:
                # Under the group and on: its value may go on into the empty slots after it.
                line = drawn(rack, cursor, fresh, selected, widget)[2][1:]
                check_line(line.rstrip(), tiles, cursor, fresh, selected, value=value)
                check_framed(line, tiles, 0, size * SLOT - 1, value)


def test_two_tiles_both_selected_keep_both_marks_whole(language: str) -> None:
    """Y3 Y4 both selected, the cursor on Y3: "▔▲▔ · ▔" cut Y4's mark in two. The "·" of
    a group that makes no meld gives way to the selection's marks."""
    rack = rack_of("Y3 Y4")
    line = drawn(rack, 0, set(), {0, 1})[2][1 : 1 + 2 * SLOT]
    assert line.split() == ["▔▲▔", "▔▔▔"], line


def test_a_whole_run_selected_shows_its_value_in_place_of_one_mark(language: str) -> None:
    """K8 K9 K10 K11 all selected showed "▔▔▔─▔ r38 ▔─▔▔▔": the value now takes the place
    of one tile's ▔▔▔, and the other three keep theirs whole."""
    rack = rack_of("K8 K9 K10 K11")
    line = drawn(rack, COLS + 3, set(), {0, 1, 2, 3})[2][1 : 1 + 4 * SLOT]
    label = group_label(rack.tiles(), OKEY)[0]
    words = line.split()
    assert words.count("▔▔▔") == 3 and short_label(label) in words, line
    assert "─" not in line, line


def test_the_new_word_and_the_value_never_read_as_one(language: str) -> None:
    """ "new ─set 27": the rule glued to the value, and "new" before it read with it. Now a
    blank stands either side of the value and a rule cell between it and the word, or
    three blanks where the value can have no rule after it (it goes on past the group)."""
    rack = rack_of("Y9 B9 K9")
    line = drawn(rack, COLS + 3, {0}, set())[2][1:]  # the value may go on past the group
    word = i18n._("new")
    label = group_label(rack.tiles(), OKEY)[0]
    shown = next(form for form in (label, short_label(label)) if form in line)
    assert line.startswith(word), line
    between = line[len(word) : line.index(shown)]
    assert between in (" ─ ", "   "), line


@pytest.mark.parametrize("size", [(120, 40), (80, 24)])
async def test_at_the_table_every_groups_line_reads_cleanly(size: tuple[int, int]) -> None:
    """At the table, a whole group selected with the cursor on it, then a tile drawn: the
    line under every group is whole marks, the value whole, and the rule, apart."""
    app = table_app(bots=("normal",) * 3)
    async with app.run_test(size=size) as pilot:
        screen = await sorted_table(pilot, app)
        await pilot.press("x")  # the starter's first turn: no draw
        await wait_for_human(pilot, app)
        rack = screen.rack
        group = max(rack.groups(), key=len)
        for slot in group:
            await goto(pilot, screen, slot)
            await pilot.press("space")
        widget = screen.query_one(RackWidget)
        okey = screen.view.okey

        def check_all() -> int:
            lines = widget.render().plain.split("\n")
            seen = 0
            for g in rack.groups():
                if len(g) < 2:
                    continue
                row, col = rack.place(g[0])
                x = widget.pad() + col * SLOT
                line = lines[3 * row + 2][x : x + len(g) * SLOT].ljust(len(g) * SLOT)
                tiles = " ".join(str(t) for i in g if (t := rack.slots[i]) is not None)
                places = {i: k for k, i in enumerate(g)}
                check_line(
                    line,
                    tiles,
                    places.get(screen.cursor, -1),
                    {places[i] for i in screen.fresh if i in places},
                    {places[i] for i in screen.selected if i in places},
                    okey,
                )
                seen += 1
            return seen

        assert check_all() > 0
        await pilot.press("escape", "d")
        assert screen.fresh
        assert check_all() > 0


@pytest.mark.parametrize("size", [(120, 40), (80, 24)])
async def test_at_the_table_a_drawn_tile_sorted_into_a_run_keeps_the_runs_value_whole(
    size: tuple[int, int],
) -> None:
    """R5 drawn, then s: R4 R5 R6 first on the rack, R5 new under the cursor. The line
    under it said "r15 ▲new ──" though the wood before the rack was empty; now
    "run 15 ▲new", and a click on the value where it went on selects the run."""
    from textual.geometry import Offset

    from tests.positions import position

    app = table_app(OPENING_SEED)
    async with app.run_test(size=size) as pilot:
        rack = "R4 R6 B5 Y5 K9 K10 K11 K12 Y1 Y2 Y3 B11 B12 B13 R13 K13 Y13 B2 R8 K3 Y7"
        hand = position([rack, "", "", ""], phase="d", middle="R5")
        screen = await at_position(pilot, app, hand)
        await pilot.press("d", "s")
        await pilot.pause()
        layout = screen.rack
        run = next(g for g in layout.groups() if layout.slots[g[0]] == Tile.parse("R4"))
        assert [layout.slots[i] for i in run] == [Tile.parse(t) for t in ("R4", "R5", "R6")]
        assert screen.fresh == {run[1]} and screen.cursor == run[1]
        widget = screen.query_one(RackWidget)
        row, col = layout.place(run[0])
        x = widget.pad() + col * SLOT
        line = widget.render().plain.split("\n")[3 * row + 2]
        assert line[x - 3 : x + 3 * SLOT].split() == ["run", "15", "▲new", "──"], line
        # The value's first cell, left of the run: a click there selects the run.
        where = Offset(x - 3, 3 * row + 2) + widget.content_region.offset - widget.region.offset
        assert widget.value_at(x - 3, 3 * row + 2) == run[0]
        await pilot.click(RackWidget, offset=where)
        await pilot.pause()
        assert screen.selected == set(run), (screen.selected, run)
