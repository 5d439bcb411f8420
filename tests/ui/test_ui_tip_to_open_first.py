"""The tip that says the player can open goes before the tips still waiting: queued behind
the draw's and the okey's, a learner met "You can open" two turns after the hint panel
said 102 / 101."""

from __future__ import annotations

from ui_helpers import table_app, wait_for_human

from okey_tui.ui.tips import Tip


async def test_the_tip_to_open_goes_before_the_tips_waiting(monkeypatch) -> None:
    app = table_app(practice=True, tips=True)
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_for_human(pilot, app)
        practice = app.screen.practice
        shown = Tip("Your turn starts with a draw …")
        practice.tip = shown  # the tip up now stays: the player is reading it
        okey = Tip("The okey this hand is …")
        later = Tip("Runs and sets …")
        can_open = Tip("You can open: …", opening=True, opens_with="melds")
        practice.tips_waiting = [okey]
        monkeypatch.setattr(practice.walkthrough, "due", lambda view: [later, can_open])
        practice.show_tips()
        assert practice.tip is shown
        assert practice.tips_waiting == [can_open, okey, later]
