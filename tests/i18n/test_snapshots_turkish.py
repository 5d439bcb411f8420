"""Pictures of the main screens in Turkish (pytest-textual-snapshot), at 120x40 and 80x24.

Turkish words are often longer than English ones: each picture must show every
label, panel title and footer key whole. Review diffs by eye before updating.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "ui"))

from test_ui_snapshots import mid_hand, to_summary  # noqa: E402
from ui_helpers import OPENING_SEED, late_app, table_app  # noqa: E402

from okey_tui import i18n  # noqa: E402
from okey_tui.settings import TableSettings  # noqa: E402
from okey_tui.ui.app import make_app  # noqa: E402


@pytest.fixture(autouse=True)
def turkish() -> None:
    i18n.set_language("tr")


def test_table_in_turkish(snap_compare):
    """Seed 125 after the first discard and the bots' replies: "Gösterge", "Orta:",
    "El 1/11 · Klasik", the player's panel "Sen", pile subtitles "yer · n", the log in
    Turkish ("ortadan çekti", "… attı"), and the key bar "d Çek  t Al  g Geri ver …"."""
    assert snap_compare(table_app(OPENING_SEED), terminal_size=(120, 40), run_before=mid_hand)


def test_table_in_turkish_at_80x24(snap_compare):
    """The same moment at 80x24: every panel title and pile subtitle whole, and the keys
    on two lines, none cut."""
    assert snap_compare(table_app(OPENING_SEED), terminal_size=(80, 24), run_before=mid_hand)


def test_hand_summary_in_turkish(snap_compare):
    """The end of hand 1 (seed 7; the middle runs out): "El 1/11", "ortadaki taşlar bitti",
    each seat's "202 (el açmadı)", the tiles left, the "Puan tablosu" and the footer
    "Sonraki el · Yeni oyun · Çık"."""
    assert snap_compare(late_app(7), terminal_size=(120, 40), run_before=to_summary)


def test_hand_summary_in_turkish_at_80x24(snap_compare):
    """The same summary at 80x24: all of it on one screen, nothing cut."""
    assert snap_compare(late_app(7), terminal_size=(80, 24), run_before=to_summary)


def test_help_in_turkish(snap_compare):
    """The help at 120x40: "Bu masa" (the table's rules: Klasik, 11 el, cezalı, tekli, the
    four options at the house rules), "Tuşlar", every table key with what it does in
    Turkish, then the Turkish rule book; the footer "Kapat"."""
    assert snap_compare(table_app(OPENING_SEED), terminal_size=(120, 40), press=["question_mark"])


def test_help_in_turkish_at_80x24(snap_compare):
    """The help at 80x24: "Bu masa" and the keys' lines wrap within the screen, none cut."""
    assert snap_compare(table_app(OPENING_SEED), terminal_size=(80, 24), press=["question_mark"])


def test_new_table_screen_in_turkish(snap_compare):
    """The new-table screen at 120x40: "101 Okey — yeni masa", every line's label
    ("Oyun türü", "Cezalar", "Geri verme cezası"…) and value whole, the language line
    "Dil: Türkçe", under the form what the focused line means ("Klasik: 101 puan ya da 5
    çiftle açılır…"), the footer "Başla  Çık"."""
    app = make_app(settings=TableSettings(), ask=True, seed=1, remember=False)
    assert snap_compare(app, terminal_size=(120, 40))


def test_new_table_screen_in_turkish_at_80x24(snap_compare):
    """The new-table screen at 80x24: the lines above the fold whole, the meaning of the
    focused line ("Klasik: …") above the footer, the footer whole."""
    app = make_app(settings=TableSettings(), ask=True, seed=1, remember=False)
    assert snap_compare(app, terminal_size=(80, 24))
