"""The ``pos`` fixture: hand positions from a few racks, in the position notation.

The builders live in ``tests/positions.py`` so tests outside ``tests/engine``
build the same real 106-tile positions.
"""

from __future__ import annotations

import os
from collections.abc import Iterator, Sequence

import pytest
from positions import names, position, position_text

from okey_tui.engine import solver
from okey_tui.engine.state import Hand
from okey_tui.engine.tiles import Tile


class Positions:
    """What the ``pos`` fixture hands a test: the builders above, by name."""

    text = staticmethod(position_text)
    hand = staticmethod(position)
    names = staticmethod(names)

    def __call__(self, racks: Sequence[str], **kwargs: object) -> Hand:
        return position(racks, **kwargs)


@pytest.fixture
def pos() -> Positions:
    """``pos(racks, **fields)`` builds a hand; ``pos.text`` its notation; ``pos.names``."""
    return Positions()


@pytest.fixture
def okey_b8() -> Tile:
    """The okey when the indicator is B7 (the helpers' default)."""
    return Tile.parse("B8")


@pytest.fixture(autouse=True, scope="session")
def solver_tables_per_mutant() -> Iterator[None]:
    """Under mutation testing, the solver fills its option tables again for each mutant.

    mutmut runs each mutant in a process forked from one that has already run the
    tests, so the tables the solver keeps (set and colour options) would still hold
    what the unmutated code computed, and a mutant of the code that fills them could
    never show. A normal run keeps its tables.
    """
    if "__mutmut_" in os.environ.get("MUTANT_UNDER_TEST", ""):
        solver._SET_OPTIONS.clear()
        solver._OPTIONS.clear()
    yield
