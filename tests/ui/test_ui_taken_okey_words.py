"""The line after a take writes an okey in the group the taken tile joins by what it stands
for there, as the melds do (``★Y10``): "run 46 with Y11 B8★ Y13" read as if B8 were in the
run."""

from __future__ import annotations

from test_ui_taken_beside import arranged_and_taken


async def test_the_okey_of_the_group_a_taken_tile_goes_with_is_what_it_stands_for():
    # The slot after Y13 touches R5 Y5: the line says which group Y12 goes with.
    _after, status = await arranged_and_taken("Y11 B8 Y13 _ R5 Y5 _ _ K1", "Y12")
    assert status.startswith("You took Y12: run 46 with Y11 ★Y10 Y13 · lay it down"), status
    assert "B8★" not in status, status


async def test_the_okey_beside_a_taken_tile_in_a_set_stands_for_its_number():
    _after, status = await arranged_and_taken("R5 B8 _ _ K1 K2 K3", "Y5")
    assert status.startswith("You took Y5, now beside R5 ★5: set 15 · lay it down"), status
