"""Nothing lost, no surprises: every unfinished match keeps its own save, flags apply to
one match, a resumed match shows its log, status and tips as they were."""

from __future__ import annotations

import shutil

import pytest
from click.testing import CliRunner
from rendered import screen_text
from textual.pilot import Pilot
from textual.widgets import RichLog, Static
from ui_helpers import wait_and_arrange, wait_for_human

from okey_tui import storage
from okey_tui.cli import main
from okey_tui.engine.notation import format_position
from okey_tui.settings import TableSettings, load_settings, save_settings, settings_path
from okey_tui.ui.app import OkeyApp, make_app
from okey_tui.ui.screens.dialogs import ConfirmScreen
from okey_tui.ui.screens.setup import RULE_OPTIONS, NewTableScreen, OptionRow, SaveRow
from okey_tui.ui.screens.table import TableScreen

SETTINGS = TableSettings(bots=("easy", "easy", "easy"), hands=3)


def cli_app(monkeypatch: pytest.MonkeyPatch, *args: str) -> OkeyApp:
    """The app ``okey101 play ARGS`` would run (built by the real command, not run)."""
    built: list[OkeyApp] = []
    monkeypatch.setattr(OkeyApp, "run", lambda self, **_: built.append(self))
    result = CliRunner().invoke(main, ["play", *args])
    assert result.exit_code == 0, result.output
    assert len(built) == 1
    return built[0]


async def play_a_move(pilot, app: OkeyApp) -> None:  # type: ignore[no-untyped-def]
    """The human's next step: draw, or (holding 22) throw the tile under the cursor."""
    await wait_for_human(pilot, app)
    assert app.session is not None
    await pilot.press("d" if app.session.hand.phase.value == "d" else "x")
    await pilot.pause()


def status_text(app: OkeyApp) -> str:
    return str(app.screen.query_one("#status", Static).render())


async def resumed_status(pilot: Pilot[None], app: OkeyApp) -> str:
    """The status line once the resumed table has said so: it does after its first
    refresh, which one pause of the pilot may not reach, and the table's own turn line
    comes first. Waits at most a second."""
    for _ in range(100):
        if (text := status_text(app)).startswith("Match resumed."):
            return text
        await pilot.pause(0.01)
    return status_text(app)


async def test_a_new_match_with_flags_never_touches_the_unfinished_one() -> None:
    """Match A unfinished; match B started with flags, a move played, quit: both resume exactly."""
    save_settings(SETTINGS)
    remembered = settings_path().read_text("utf-8")

    first = make_app(settings=SETTINGS, ask=False, seed=9, bot_delay=0)
    async with first.run_test(size=(120, 40)) as pilot:
        await play_a_move(pilot, first)
        await wait_for_human(pilot, first)
        a_id = first.save_path.stem  # type: ignore[union-attr]
        a_position = format_position(first.session.hand)  # type: ignore[union-attr]
        a_events = list(first.session.events)  # type: ignore[union-attr]
        a_slots = list(first.screen.rack.slots)  # type: ignore[attr-defined]
    a_text = storage.save_path_for(a_id).read_text("utf-8")
    assert a_events

    with pytest.MonkeyPatch.context() as mp:
        second = cli_app(
            mp, "--hands", "1", "--seed", "5", "--practice", "--name", "Ayşe", "--bot-delay", "0"
        )
    assert not second.ask
    async with second.run_test(size=(120, 40)) as pilot:
        await play_a_move(pilot, second)
        await wait_for_human(pilot, second)
        session = second.session
        assert session is not None and session.practice and session.rules.hands == 1
        b_id = second.save_path.stem  # type: ignore[union-attr]
        b_position = format_position(session.hand)
        b_events = list(session.events)
    assert b_id != a_id
    assert storage.save_path_for(a_id).read_text("utf-8") == a_text  # A untouched
    assert settings_path().read_text("utf-8") == remembered  # flags are not remembered
    assert {e.id for e in storage.list_saves().entries} == {a_id, b_id}

    again = make_app(bot_delay=0, resume=a_id)
    async with again.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert isinstance(again.screen, TableScreen)
        session = again.session
        assert session is not None and session.seed == 9 and not session.practice
        assert format_position(session.hand) == a_position
        assert again.screen.rack.slots == a_slots
        assert session.events == a_events  # the hand's log so far, restored
        assert len(again.screen.query_one("#log", RichLog).lines) >= len(a_events)
        assert (await resumed_status(pilot, again)).startswith("Match resumed. Your turn")

    latest = make_app(bot_delay=0, resume=True)
    async with latest.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        session = latest.session
        assert session is not None and latest.save_path.stem == b_id  # type: ignore[union-attr]
        assert format_position(session.hand) == b_position
        assert session.events == b_events
        assert session.practice and session.name == "Ayşe"
        assert "Ayşe" not in [session.seat_name(s) for s in (1, 2, 3)]
    assert load_settings() == SETTINGS.checked()


async def test_the_new_table_screen_lists_every_unfinished_match_and_resumes_the_chosen_one() -> (
    None
):
    positions = {}
    for seed in (21, 22):
        app = make_app(settings=SETTINGS, ask=False, seed=seed, bot_delay=0)
        async with app.run_test(size=(120, 40)) as pilot:
            await wait_and_arrange(pilot, app)
            positions[seed] = format_position(app.session.hand)  # type: ignore[union-attr]
    app = make_app(bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, NewTableScreen)
        rows = list(app.screen.query(SaveRow))
        assert len(rows) == 2
        lines = screen_text(app).splitlines()
        for row in rows:
            start = row.text.split(" · ")[0]
            assert any(f"resume  {start}" in line for line in lines), start
        # The newest match's line has the cursor: Enter goes on with it (it dealt a new
        # match). The key bar says what Enter does on each line: resume, or start.
        assert app.focused is rows[0]
        assert "⏎ Resume" in screen_text(app) and "⏎ Start" not in screen_text(app)
        assert "Enter resumes this match" in screen_text(app)
        assert "↑ ↓ go to the other matches" in " ".join(screen_text(app).split())
        await pilot.press("down", "down")  # past the older match: the first option's line
        assert isinstance(app.focused, OptionRow) and app.focused.id == "opt-practice"
        for _ in range(50):  # the footer follows the focus on its next refresh
            if "⏎ Start" in screen_text(app):
                break
            await pilot.pause(0.01)
        assert "⏎ Start" in screen_text(app) and "⏎ Resume" not in screen_text(app)
        await pilot.press("up")  # the older match: seed 21
        assert app.focused is rows[1]
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)
        assert format_position(app.session.hand) == positions[21]  # type: ignore[union-attr]


async def test_a_match_open_elsewhere_is_refused_on_the_new_table_screen() -> None:
    first = make_app(settings=SETTINGS, ask=False, seed=4, bot_delay=0)
    async with first.run_test(size=(120, 40)) as pilot:
        await wait_and_arrange(pilot, first)
    (entry,) = storage.list_saves().entries
    with storage.exclusive(entry.path):
        app = make_app(bot_delay=0)
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            await pilot.press("r")
            await pilot.pause()
            assert isinstance(app.screen, NewTableScreen)
            notice = str(app.screen.query_one("#new-table-notice").render())
            assert "Another okey101 is playing this match" in notice


async def test_enter_on_a_match_open_elsewhere_keeps_the_cursor_and_the_notice_in_sight() -> None:
    """Enter on the line of a match another okey101 plays wrote the refusal at the top of
    the form, and the cursor went to the name box at its foot: the notice scrolled away,
    and the key bar said "⏎ Start" (a second Enter began a new match). The cursor stays on
    the match's line, the notice in sight above it."""
    first = make_app(settings=SETTINGS, ask=False, seed=4, bot_delay=0)
    async with first.run_test(size=(120, 40)) as pilot:
        await wait_and_arrange(pilot, first)
    (entry,) = storage.list_saves().entries
    with storage.exclusive(entry.path):
        app = make_app(bot_delay=0)
        async with app.run_test(size=(80, 24)) as pilot:
            for _ in range(200):  # bounded: the screen and its focus on a busy machine
                if isinstance(app.screen, NewTableScreen) and isinstance(app.focused, SaveRow):
                    break
                await pilot.pause(0.01)
            screen = app.screen
            assert isinstance(screen, NewTableScreen)
            assert isinstance(app.focused, SaveRow)
            await pilot.press("enter")
            notice = screen.query_one("#new-table-notice")
            form = screen.query_one("#new-table")
            for _ in range(200):  # bounded: the lines are made again, then the form scrolls
                seen = form.scrollable_content_region
                in_sight = seen.y <= notice.region.y and notice.region.bottom <= seen.bottom
                if in_sight and isinstance(app.focused, SaveRow):
                    break
                await pilot.pause(0.01)
            assert isinstance(app.screen, NewTableScreen)
            assert isinstance(app.focused, SaveRow), app.focused
            assert "Another okey101 is playing this match" in str(notice.render())
            seen = form.scrollable_content_region
            assert seen.y <= notice.region.y and notice.region.bottom <= seen.bottom, (
                notice.region,
                seen,
            )
            for _ in range(200):  # bounded: the key bar follows the focus at its refresh
                if "⏎ Resume" in screen_text(app):
                    break
                await pilot.pause(0.01)
            assert "⏎ Resume" in screen_text(app) and "⏎ Start" not in screen_text(app)


async def test_a_match_that_cannot_be_locked_is_refused_on_the_new_table_screen() -> None:
    """A file where the locks folder goes (or a read-only data folder): r ended the app in
    a traceback. The screen says why and what to do; the match is untouched."""
    first = make_app(settings=SETTINGS, ask=False, seed=4, bot_delay=0)
    async with first.run_test(size=(120, 40)) as pilot:
        await wait_and_arrange(pilot, first)
    (entry,) = storage.list_saves().entries
    before = entry.path.read_bytes()
    locks = storage.data_dir() / storage.LOCKS
    shutil.rmtree(locks)
    locks.write_text("not a folder\n", "utf-8")
    app = make_app(bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("r")
        await pilot.pause()
        assert isinstance(app.screen, NewTableScreen) and app.is_running
        notice = " ".join(str(app.screen.query_one("#new-table-notice").render()).split())
        assert "cannot be locked against a second okey101" in notice, notice
        assert "OKEY101_DATA_DIR" in notice
    assert entry.path.read_bytes() == before


async def test_every_table_option_can_be_chosen_on_the_new_table_screen() -> None:
    app = make_app(seed=3, bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        for field_name, _, _ in RULE_OPTIONS:
            app.screen.query_one(f"#opt-{field_name.replace('_', '-')}").focus()
            await pilot.press("right")
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)
        rules = app.session.rules  # type: ignore[union-attr]
        assert rules.finisher_scores_zero and rules.pairs_opener_lays_off
        assert rules.finish_opening_needs_floor and rules.give_back_penalty
    remembered = load_settings()  # chosen on the screen: remembered
    assert remembered.rules() == rules


def test_every_table_option_has_a_flag_and_flags_are_not_remembered(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    app = cli_app(
        monkeypatch,
        "--finisher-zero",
        "--pairs-lay-off",
        "--finish-needs-floor",
        "--give-back-penalty",
        "--type",
        "rising",
        "--partners",
        "--no-penalty",
        "--hands",
        "3",
    )
    rules = app.settings.rules()
    assert rules.code() == "rising/3+npzlfg"
    assert not settings_path().exists()
    app = cli_app(monkeypatch, "--give-back-penalty", "--remember")
    assert load_settings().give_back_penalty


def test_practice_and_hot_seat_flags_do_not_follow_into_the_next_match(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    hot = cli_app(monkeypatch, "--practice", "--humans", "2", "--seed", "1")
    assert hot.settings.practice and hot.settings.humans == 2
    plain = cli_app(monkeypatch, "--seed", "5")
    assert not plain.settings.practice and plain.settings.humans == 1


@pytest.mark.parametrize(
    "flag",
    [
        ["--type", "rising"],
        ["--hands", "3"],
        ["--no-penalty"],
        ["--partners"],
        ["--finisher-zero"],
        ["--pairs-lay-off"],
        ["--finish-needs-floor"],
        ["--give-back-penalty"],
        ["--bots", "easy"],
        ["--seed", "3"],
        ["--name", "Deniz"],
        ["--practice"],
        ["--practice", "--no-tips"],  # --no-tips alone needs a remembered practice table
        ["--humans", "2"],
        ["--names", "A,B"],
        ["--humans", "2", "--side-by-side"],
    ],
)
def test_play_help_names_exactly_the_flags_that_skip_the_new_table_screen(
    monkeypatch: pytest.MonkeyPatch, flag: list[str]
) -> None:
    help_text = " ".join(CliRunner().invoke(main, ["play", "--help"]).output.split())
    listed = help_text.split("start a match at once:")[1].split("What they")[0].split()
    assert flag[-1] in listed or flag[0] in listed
    assert not cli_app(monkeypatch, *flag).ask
    for quiet in (["--bot-delay", "0"], ["--remember"]):
        assert quiet[0] not in listed
        assert cli_app(monkeypatch, *quiet).ask


async def test_a_resumed_practice_match_gives_no_tip_for_a_moment_long_past() -> None:
    """Stopped after the first draw: on resume no 'you start with 22 tiles' tip, no repeats."""
    practice = SETTINGS.with_changes(practice=True, tips=True)
    first = make_app(settings=practice, ask=False, seed=9, bot_delay=0)
    async with first.run_test(size=(120, 40)) as pilot:
        await wait_for_human(pilot, first)
        assert first.session.hand.phase.value == "d"  # type: ignore[union-attr]
        await pilot.press("d")
        await pilot.pause()
        shown = set(first.session.tips_shown)  # type: ignore[union-attr]
    assert (0, "draw") in shown
    again = make_app(bot_delay=0, resume=True)
    async with again.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        tips = [n.message for n in again._notifications]
        assert not any("You start with 22 tiles" in t for t in tips)
        assert not any("Your turn starts with a draw" in t for t in tips)
        assert (await resumed_status(pilot, again)).startswith(
            "Match resumed. Your turn: open if you can (o)"
        )


async def test_a_match_stays_locked_while_it_is_played_and_is_freed_after() -> None:
    """However it was resumed (by the command's lock or from the screen), no second okey101 may
    play the match until this one leaves it."""
    first = make_app(settings=SETTINGS, ask=False, seed=6, bot_delay=0)
    async with first.run_test(size=(120, 40)) as pilot:
        await wait_and_arrange(pilot, first)
        path = first.save_path
        assert path is not None and storage.in_use(path)
    assert not storage.in_use(path)
    lock = storage.MatchLock(path)  # as okey101 play --resume takes it
    app = make_app(bot_delay=0, resume=path.stem, lock=lock)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)
        assert storage.in_use(path)
    assert not storage.in_use(path)
    app = make_app(bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("r")
        await pilot.pause()
        assert isinstance(app.screen, TableScreen) and storage.in_use(path)
    assert not storage.in_use(path)


async def test_at_80_columns_a_long_save_line_wraps_under_itself() -> None:
    """The time a practice match started wraps under the match's line, not under "resume"."""
    app = make_app(settings=SETTINGS.with_changes(practice=True), ask=False, seed=21, bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_and_arrange(pilot, app)
    app = make_app(bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        (row,) = app.screen.query(SaveRow)
        lines = screen_text(app).splitlines()
        first = next(i for i, line in enumerate(lines) if "resume  " in line)
        column = lines[first].index("resume  ") + len("resume  ")
        wrapped = lines[first + 1]
        assert row.region.height == 2, "the line is meant to wrap at 80 columns"
        assert wrapped[:column].strip(" ┃") == ""
        assert wrapped[column:].strip(" ┃") and wrapped[column] != " "


async def test_a_settings_file_that_cannot_be_read_is_kept_aside_and_said() -> None:
    """Damaged settings are never overwritten: the file is renamed out of the way, the
    new-table screen says where it went, and choosing a table writes a new one."""
    path = settings_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    damaged = '{"version": 1, "table": {"hands": 5,'
    path.write_text(damaged, "utf-8")
    # A command that only reads the language peeks and leaves the file for play to say.
    from click.testing import CliRunner

    from okey_tui.cli import main

    assert CliRunner().invoke(main, ["saves"]).exit_code == 0
    assert [p.name for p in path.parent.iterdir()] == ["settings.json"]
    app = make_app(bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, NewTableScreen)
        [kept] = [p for p in path.parent.iterdir() if p.name.startswith("settings.json.corrupt-")]
        assert kept.read_text("utf-8") == damaged
        notice = str(app.screen.query_one("#new-table-notice", Static).render())
        assert "Your settings could not be read" in notice and kept.name in notice
        await pilot.press("enter")
        await pilot.pause()
    assert load_settings() == TableSettings().checked()  # the defaults, chosen and written
    assert kept.read_text("utf-8") == damaged


@pytest.mark.parametrize("humans", [[0, [1]], [0, 0], [0, True], [0, 7], "0,2"])
def test_a_save_with_odd_people_in_it_is_listed_with_one_person(humans: object) -> None:
    """A hand-edited save whose list of people's seats holds a list, a seat twice, a
    non-number or a seat off the table: ``saves`` lists it (a list in it was a traceback)
    with the first person alone, as a save from before hot-seat tables."""
    import json

    from okey_tui.engine.rules import RuleSet
    from okey_tui.ui.session import Session

    path = storage.save_path_for("20260101-120000-abcd")
    path.parent.mkdir(parents=True, exist_ok=True)
    Session(RuleSet(), 5, humans=(0, 2), save_path=path).autosave()
    document = json.loads(path.read_text("utf-8"))
    document["extra"]["humans"] = humans
    path.write_text(json.dumps(document), "utf-8")
    for args in (["saves"], ["saves", "--json"]):
        result = CliRunner().invoke(main, args)
        assert result.exit_code == 0, result.output
        assert result.exception is None
    listed = json.loads(CliRunner().invoke(main, ["saves", "--json"]).output)
    assert [entry["id"] for entry in listed["saves"]] == ["20260101-120000-abcd"]
    assert not listed["saves"][0].get("people") and not listed["set_aside"]


async def test_a_match_quit_unfinished_leaves_its_resume_command_on_the_terminal(capsys):
    """The quit question said how to go on with the match, and went with the screen: the
    shell showed nothing. okey101 play now prints it once the screen is gone."""
    from okey_tui.commands.play import _left

    app = make_app(settings=TableSettings(bots=("easy",) * 3), ask=False, seed=5, bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_and_arrange(pilot, app)  # the player's own: the match is kept
        await pilot.press("q", "y")
    saved = storage.list_saves().entries
    assert len(saved) == 1
    _left(app)
    said = capsys.readouterr().out
    assert f"This continues it:\n  okey101 play --resume {saved[0].id}\n" in said, said

    new_table = make_app(ask=True, bot_delay=0)  # left at the new-table screen: no match
    async with new_table.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
    _left(new_table)
    assert capsys.readouterr().out == ""


@pytest.mark.parametrize("quit_by_keys", [True, False])
@pytest.mark.parametrize("seed", [1, 5], ids=["bots-first", "player-starts"])
async def test_a_match_nobody_has_played_is_not_kept(quit_by_keys: bool, seed: int) -> None:
    """Every start of okey101 play wrote a match at once, so starting and quitting left an
    unfinished match behind each time, and the new-table screen's list filled with deals
    nobody played. Seed 1: the bots play first; their moves are not the player's. Seed 5:
    the player starts with 22 tiles, and the deal, which names its starter, was counted
    as their move ("The match is saved: …"). The quit question says the match is not
    kept, and nothing is left behind, whether the player quits by q y or the game is
    closed."""
    app = make_app(settings=SETTINGS, ask=False, seed=seed, bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_for_human(pilot, app)
        assert app.session is not None
        hand = app.session.hand
        if seed == 5:
            assert hand.turn == 0 and len(hand.racks[0]) == 22, "the player starts"
        else:
            assert any(e.kind != "deal" for e in app.session.events), "the bots played first"
        assert len(storage.list_saves().entries) == 1  # kept while it is played (a crash)
        if quit_by_keys:
            await pilot.press("q")
            await pilot.pause()
            assert isinstance(app.screen, ConfirmScreen)
            assert "You have not made a move yet: the match is not kept." in app.screen.question
            await pilot.press("y")
    assert storage.list_saves().entries == []
    assert app.leave_note() is None  # nothing to resume is said on the terminal


@pytest.mark.parametrize("keys", [("s",), ("x",)], ids=["sorted", "discarded"])
async def test_a_sorted_rack_or_a_move_keeps_the_match(keys: tuple[str, ...]) -> None:
    """Anything of the player's own, a rack arranged or a move, and the match is kept."""
    app = make_app(settings=SETTINGS, ask=False, seed=5, bot_delay=0)  # 22 tiles: x first
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_for_human(pilot, app)
        await pilot.press(*keys)
        await pilot.pause()
    (entry,) = storage.list_saves().entries
    assert app.save_path is not None and entry.path == app.save_path
    assert f"--resume {entry.id}" in (app.leave_note() or "")


def test_a_finished_match_is_never_written_again() -> None:
    """A rack kept after the last hand was scored (at a table of several people) wrote the
    finished match's file again: n then started a new match and left it behind, listed
    nowhere and deleted by nothing."""
    from ui_helpers import _play_first_hand, _session

    one_hand = SETTINGS.with_changes(hands=1, humans=2, human_names=("Dede", "Nine"))
    session = _session(one_hand, 11)
    session.save_path = storage.new_save_path()
    session.autosave()
    assert session.save_path.exists()
    _play_first_hand(one_hand, 11, session)
    session.finish_hand()
    assert session.match.is_over and not session.save_path.exists()
    session.autosave()  # as keeping a rack does
    assert not session.save_path.exists()
