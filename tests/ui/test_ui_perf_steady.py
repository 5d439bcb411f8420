"""A box whose size its text cannot change is drawn again for a new text, without
laying the screen out again; a box sized by its text still grows and shrinks with it,
and one whose height alone follows its text is laid out only for a new height."""

from __future__ import annotations

from rich.text import Text
from textual.app import App, ComposeResult
from textual.containers import Horizontal, Vertical

from okey_tui.ui.widgets.steady import SteadyStatic
from tests.ui.rendered import screen_text


class Boxes(App[None]):
    CSS = """
    #row { height: 4; }
    #fixed { width: 20; height: 100%; }
    #share { width: 1fr; height: 100%; }
    #auto { height: auto; }
    #column { height: auto; }
    #in-auto { width: 20; height: 1fr; }
    """

    def compose(self) -> ComposeResult:
        with Horizontal(id="row"):
            yield SteadyStatic(id="fixed")
            yield SteadyStatic(id="share")
        yield SteadyStatic(id="auto")
        with Vertical(id="column"):
            yield SteadyStatic(id="in-auto")


def box(app: App[None], name: str) -> SteadyStatic:
    return app.query_one(f"#{name}", SteadyStatic)


async def test_a_box_of_a_fixed_size_shows_its_new_text_without_a_layout() -> None:
    app = Boxes()
    async with app.run_test(size=(60, 20)) as pilot:
        for name in ("fixed", "share"):
            widget = box(app, name)
            widget.update(Text(f"{name} one"))
            await pilot.pause()
            layouts = widget._layout_updates
            widget.update(Text(f"{name} two"))
            await pilot.pause()
            assert widget._layout_updates == layouts, name  # no layout for the new text
            assert f"{name} two" in screen_text(app)  # yet drawn again with it
            assert f"{name} one" not in screen_text(app)


async def test_a_box_sized_by_its_text_grows_and_shrinks_with_it() -> None:
    app = Boxes()
    async with app.run_test(size=(60, 20)) as pilot:
        auto = box(app, "auto")
        auto.update(Text("one line"))
        await pilot.pause()
        assert auto.size.height == 1
        auto.update(Text("one\ntwo\nthree"))
        await pilot.pause()
        assert auto.size.height == 3
        assert "three" in screen_text(app)
        auto.update(Text("one"))
        await pilot.pause()
        assert auto.size.height == 1
        # A share of a container sized by what it holds is sized by its text too.
        assert box(app, "in-auto").sized_by_text()
        assert not box(app, "fixed").sized_by_text()
        assert not box(app, "share").sized_by_text()


async def test_a_box_as_high_as_its_lines_is_laid_out_only_for_a_new_height() -> None:
    app = Boxes()
    async with app.run_test(size=(60, 20)) as pilot:
        auto = box(app, "auto")
        assert auto.height_alone_follows()
        auto.update(Text("one\ntwo"))
        await pilot.pause()
        layouts = auto._layout_updates
        auto.update(Text("three\nfour"))  # as many lines: drawn, not laid out
        await pilot.pause()
        assert auto._layout_updates == layouts
        assert "four" in screen_text(app)
        assert auto.size.height == 2
        auto.update(Text("a line as long as the box is wide and then some more " * 2))
        await pilot.pause()  # wrapped to two lines at 60 columns: no layout either
        assert auto._layout_updates == layouts
        auto.update(Text("a line as long as the box is wide and then some more " * 3))
        await pilot.pause()  # three lines: laid out again, and taller
        assert auto._layout_updates > layouts
        assert auto.size.height == 3
        app.query_one("#auto").styles.width = 30  # another width: laid out for its lines
        await pilot.pause()
        auto.update(Text("one\ntwo"))
        await pilot.pause()
        assert auto.size.height == 2
        assert "two" in screen_text(app)
