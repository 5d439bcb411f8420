"""The new-table screen's list of unfinished matches: each row tells its match from the
others (the bots' levels or the people at the table, how far the match and its hand
are, when it was last played as a person says it) and keeps to its width at 80x24."""

from __future__ import annotations

import json
import random
import time
from pathlib import Path

from rendered import screen_text
from rich.cells import cell_len

from okey_tui import i18n, storage
from okey_tui.engine.match import Match
from okey_tui.engine.rules import GameType, RuleSet
from okey_tui.engine.view import PlayerView, legal_actions
from okey_tui.storage import JSONObject
from okey_tui.ui.app import OkeyApp, make_app
from okey_tui.ui.screens.setup import NewTableScreen, Part, SaveRow, fit_line, when_played

NOW = time.time()
DAY = 24 * 3600
# Noon of the day before (a day of 23 or 25 hours, summer time, cannot make it another day).
YESTERDAY = time.mktime((*time.localtime(NOW)[:3], 12, 0, 0, 0, 0, -1)) - DAY


def played(match: Match, steps: int, seed: int) -> Match:
    """``match`` with ``steps`` random legal moves played in its hand."""
    rng = random.Random(seed)
    for _ in range(steps):
        hand = match.hand
        hand.apply(rng.choice(legal_actions(PlayerView.of(hand, hand.turn))))
    return match


def played_out(match: Match, seed: int) -> Match:
    """``match`` with its hand played to its end and scored: saved between two hands."""
    rng = random.Random(seed)
    while not match.hand.is_over:
        hand = match.hand
        hand.apply(rng.choice(legal_actions(PlayerView.of(hand, hand.turn))))
    match.finish_hand()
    return match


def saved(match_id: str, match: Match, extra: JSONObject, saved_at: float = NOW) -> Path:
    """``match`` saved as ``match_id``, last played at ``saved_at``."""
    path = storage.save_path_for(match_id)
    path.parent.mkdir(parents=True, exist_ok=True)
    storage.save(match, extra, path)
    document = json.loads(path.read_text("utf-8"))
    document["saved_at"] = saved_at
    path.write_text(json.dumps(document), "utf-8")
    return path


def clock(moment: float) -> str:
    return time.strftime("%H:%M", time.localtime(moment))


async def save_rows(app: OkeyApp) -> tuple[list[SaveRow], str]:
    """The rows of the new-table screen's list, and the screen as a person reads it."""
    screen = app.screen
    assert isinstance(screen, NewTableScreen)
    return list(screen.query(SaveRow)), screen_text(app)


async def test_each_row_says_the_bots_levels_and_when_it_was_last_played() -> None:
    """Two matches at the same table read "Classic · hand 1/3 · score 0 · played
    2026-12-05 11:08" and "… 11:09": no bots, and a date to decode. Each row now says the
    bots' levels (three alike in a word) and when it was last played as a person says it."""
    saved(
        "20261201-100000-aaaa",
        played(Match(RuleSet(hands=3), seed=3), 3, seed=3),
        {"levels": ["easy", "easy", "easy"]},
        saved_at=YESTERDAY,
    )
    saved(
        "20261201-110000-bbbb",
        played(Match(RuleSet(hands=3), seed=4), 5, seed=4),
        {"levels": ["hard", "normal", "expert"]},
    )
    app = make_app(bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        rows, text = await save_rows(app)
        assert len(rows) == 2
        # The latest first; the bots right, across, left.
        assert "bots: hard, normal, expert" in rows[0].text, rows[0].text
        assert f"played today {clock(NOW)}" in rows[0].text
        assert "3 easy bots" in rows[1].text, rows[1].text
        assert f"played yesterday {clock(YESTERDAY)}" in rows[1].text
        # Shown whole at 80x24, each row on its two lines.
        for said in ("bots: hard, normal, expert", "3 easy bots", "played yesterday"):
            assert said in text, text


async def test_a_match_saved_between_hands_reads_as_between_hands() -> None:
    """Quit at the first hand's summary, a match read "hand 1/3 · score 202": hand 1 done,
    or not? It reads "hand 1/3 done" now; a match saved in the middle of a hand says how
    far the hand is by the tiles left in the middle, as the table does."""
    between = played_out(Match(RuleSet(hands=3), seed=4), seed=4)
    saved("20261201-100000-aaaa", between, {"levels": ["easy"] * 3}, saved_at=NOW - 60)
    during = played(Match(RuleSet(hands=3), seed=5), 9, seed=5)
    saved("20261201-110000-bbbb", during, {"levels": ["easy"] * 3})
    left = len(during.hand.middle)
    app = make_app(bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        rows, text = await save_rows(app)
        score = between.totals()[0]
        assert f"Classic · hand 1/3 done · score {score}" in rows[1].text, rows[1].text
        assert f"Classic · hand 1/3, {left} tiles in the middle · score 0" in rows[0].text
        assert f"resume  Classic · hand 1/3 done · score {score}" in text, text


async def test_a_hot_seat_row_names_its_people_and_its_bots() -> None:
    """Ayşe and Mehmet at one terminal, bots on the other two seats: the row names both
    people with their scores, and the bots' level."""
    saved(
        "20261201-100000-aaaa",
        played(Match(RuleSet(hands=3), seed=3), 3, seed=3),
        {"name": "Ayşe", "humans": [0, 2], "human_names": ["Mehmet"], "levels": ["hard"] * 3},
    )
    app = make_app(bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        (row,), text = await save_rows(app)
        assert "Ayşe 0, Mehmet 0" in row.text and "2 hard bots" in row.text, row.text
        assert "2 hard bots · played today" in text, text


async def test_at_80x24_every_row_keeps_to_its_width() -> None:
    """A long table kind and two people's names wrapped a row onto a third line at 80x24.
    Each row keeps to two lines now, the less useful pieces giving way: the tiles left in
    the middle first, then the table kind is cut short; the hand and the people stay."""
    rules = RuleSet(hands=5, game_type=GameType.CHALLENGE, partners=True, penalties=False)
    saved(
        "20261201-100000-aaaa",
        played(Match(rules, seed=3), 3, seed=3),
        {
            "name": "Ayşe Kaya",
            "humans": [0, 2],
            "human_names": ["Mehmet Ali"],
            "levels": ["expert", "hard", "normal"],
            "practice": True,
        },
    )
    saved("20261201-110000-bbbb", played(Match(RuleSet(), seed=4), 3, seed=4), {})
    app = make_app(bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        rows, text = await save_rows(app)
        assert len(rows) == 2
        for row in rows:
            assert row.region.height == 2, row.text
            width = row.size.width - len("resume  ")
            assert all(cell_len(line) <= width for line in row.lines(width)), row.text
        long_row = next(r for r in rows if "Challenge" in r.text)
        first, second = long_row.lines(long_row.size.width - len("resume  "))
        assert first.startswith("Challenge") and "…" in first, first
        assert "hand 1/5 ·" in first and "(middle" not in first, first
        # A partners table's sides, the bots' side by its score alone ("partners" went
        # from the kind first: the sides say it).
        assert first.endswith(" · hand 1/5 · Ayşe Kaya & Mehmet Ali 0 vs 0"), first
        assert second.startswith("bots: expert, normal · played today"), second
        assert first in text and second in text, text


def test_a_line_too_wide_gives_way_piece_by_piece() -> None:
    kind = Part(("Challenge, partners, practice",), gives_way=2, squeeze=True)
    hand = Part(("hand 2/11 (middle 14)", "hand 2/11"), gives_way=3)
    score = Part(("score 45", ""), gives_way=1)
    parts = [kind, hand, score]
    assert fit_line(parts, 80) == "Challenge, partners, practice · hand 2/11 (middle 14) · score 45"
    assert fit_line(parts, 52) == "Challenge, partners, practice · hand 2/11 · score 45"
    # The kind cut short, to the room the others leave it.
    assert fit_line(parts, 40) == "Challenge, partn… · hand 2/11 · score 45"
    # Shorter than its game type it never goes: the score leaves first, the room is its.
    assert fit_line(parts, 30) == "Challenge, partne… · hand 2/11"
    assert fit_line(parts, 22) == "Challenge… · hand 2/11"
    # Narrower still, the line's end is cut.
    assert fit_line(parts, 12) == "Challenge…"
    for width in range(0, 90):
        assert cell_len(fit_line(parts, width)) <= width


def test_when_a_match_was_played_is_said_as_a_person_says_it() -> None:
    now = time.mktime((2026, 12, 5, 11, 30, 0, 0, 0, -1))
    at = lambda *moment: time.mktime((*moment, 0, 0, 0, -1))  # noqa: E731
    assert when_played(at(2026, 12, 5, 9, 5), now) == "today 09:05"
    assert when_played(at(2026, 12, 4, 23, 59), now) == "yesterday 23:59"
    assert when_played(at(2026, 11, 30, 20, 58), now) == "30 Nov"
    assert when_played(at(2025, 12, 31, 8, 0), now) == "31 Dec 2025"
    new_year = time.mktime((2027, 1, 1, 0, 10, 0, 0, 0, -1))
    assert when_played(at(2026, 12, 31, 23, 50), new_year) == "yesterday 23:50"
    i18n.set_language("tr")
    assert when_played(at(2026, 11, 30, 20, 58), now) == "30 Kas"
    assert when_played(at(2026, 12, 5, 9, 5), now) == "bugün 09:05"
    i18n.set_language("en")


async def test_a_named_players_row_says_the_name_beside_the_score() -> None:
    """Two matches alike read "Classic · hand 1/11, 18 tiles in the middle · score 0" on both
    rows though one was Ayşe's: a player who gave a name is named beside the score; one
    who gave none ("You") is not."""
    saved(
        "20261201-100000-aaaa",
        played(Match(RuleSet(hands=3), seed=3), 3, seed=3),
        {"levels": ["easy", "easy", "easy"], "name": "Ayşe"},
    )
    saved(
        "20261201-090000-bbbb",
        played(Match(RuleSet(hands=3), seed=3), 3, seed=3),
        {"levels": ["easy", "easy", "easy"]},
        saved_at=YESTERDAY,
    )
    app = make_app(bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        rows, _text = await save_rows(app)
        assert "Ayşe, score 0" in rows[0].text, rows[0].text
        assert "score 0" in rows[1].text and "," not in rows[1].text.split("·")[2], rows[1].text
