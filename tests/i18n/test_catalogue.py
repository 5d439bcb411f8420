"""The Turkish catalogue: complete, not fuzzy, placeholders kept, compiled, and up to date."""

from __future__ import annotations

import gettext
import io
import re
from pathlib import Path

import pytest
from babel.messages.extract import extract_from_dir
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

from okey_tui import i18n

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "okey_tui"
TRANSLATED = [lang for lang in i18n.LANGUAGES if lang != "en"]
KEYWORDS = {"_": None, "N_": None, "ngettext": (1, 2), "pgettext": ((1, "c"), 2)}
PLACEHOLDER = re.compile(r"\{[^{}]*\}|%\([a-z]+\)s")


def po_path(lang: str) -> Path:
    return i18n.LOCALE_DIR / lang / "LC_MESSAGES" / f"{i18n.DOMAIN}.po"


def catalogue(lang: str):  # type: ignore[no-untyped-def]
    with po_path(lang).open("rb") as handle:
        return read_po(handle, locale=lang)


def extracted() -> set[str | tuple[str, ...]]:
    """Every message marked in okey_tui/, as Babel extracts it (scripts/i18n.sh does the same)."""
    found: set[str | tuple[str, ...]] = set()
    for _file, _line, message, _comments, _context in extract_from_dir(
        str(PACKAGE), method_map=[("**.py", "python")], keywords=KEYWORDS
    ):
        found.add(message if isinstance(message, str) else tuple(message))
    return found


def key(message_id: object) -> str | tuple[str, ...]:
    return message_id if isinstance(message_id, str) else tuple(message_id)  # type: ignore[arg-type]


@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_message_is_translated_and_none_is_fuzzy(lang: str) -> None:
    cat = catalogue(lang)
    untranslated = [
        m.id
        for m in cat
        if m.id and not all(m.string if isinstance(m.string, tuple) else [m.string])
    ]
    fuzzy = [m.id for m in cat if m.id and m.fuzzy]
    assert not untranslated, f"untranslated in {lang}: {untranslated}"
    assert not fuzzy, f"fuzzy in {lang}: {fuzzy}"


@pytest.mark.parametrize("lang", TRANSLATED)
def test_the_catalogue_holds_exactly_the_marked_messages(lang: str) -> None:
    """A marked string missing from the .po (or an entry no code uses): run scripts/i18n.sh."""
    in_code = extracted()
    in_po = {key(m.id) for m in catalogue(lang) if m.id}
    assert sorted(map(str, in_code - in_po)) == [], "marked but not in the catalogue"
    assert sorted(map(str, in_po - in_code)) == [], "in the catalogue but no longer marked"


@pytest.mark.parametrize("lang", TRANSLATED)
def test_translations_keep_every_placeholder(lang: str) -> None:
    for message in catalogue(lang):
        if not message.id:
            continue
        ids = [message.id] if isinstance(message.id, str) else list(message.id)
        strings = [message.string] if isinstance(message.string, str) else list(message.string)
        wanted = set(PLACEHOLDER.findall(ids[-1])) | set(PLACEHOLDER.findall(ids[0]))
        for text in strings:
            got = set(PLACEHOLDER.findall(text))
            # A singular may leave out the count its plural names ("okey in hand").
            assert got <= wanted, (message.id, text)
            if len(ids) == 1:
                assert got == wanted, (message.id, text)


@pytest.mark.parametrize("lang", TRANSLATED)
def test_translations_keep_clicks_marks_of_lines_kept_as_written(lang: str) -> None:
    """A help text's "\b" line tells click to keep the paragraph after it as written; a
    translation that loses it has its lines wrapped again (the Turkish ``web --help``
    lost one when its text was last changed)."""
    for message in catalogue(lang):
        if not message.id or not message.string:
            continue
        ids = [message.id] if isinstance(message.id, str) else list(message.id)
        strings = [message.string] if isinstance(message.string, str) else list(message.string)
        for text in strings:
            assert text.count("\b\n") == ids[0].count("\b\n"), ids[0][:60]


@pytest.mark.parametrize("lang", TRANSLATED)
def test_the_compiled_catalogue_matches_its_source(lang: str) -> None:
    """The committed .mo is the .po compiled: scripts/i18n.sh compile rebuilds it."""
    cat = catalogue(lang)
    built = io.BytesIO()
    write_mo(built, cat)
    built.seek(0)
    fresh = gettext.GNUTranslations(built)
    mo = po_path(lang).with_suffix(".mo")
    with mo.open("rb") as handle:
        committed = gettext.GNUTranslations(handle)
    assert committed._catalog == fresh._catalog  # type: ignore[attr-defined]


def test_turkish_plural_forms_name_the_count_once() -> None:
    """Turkish counts with the singular noun: 1 taş, 3 taş; English: 1 tile, 3 tiles."""
    i18n.set_language("tr")
    assert i18n.ngettext("{n} tile", "{n} tiles", 1).format(n=1) == "1 taş"
    assert i18n.ngettext("{n} tile", "{n} tiles", 3).format(n=3) == "3 taş"
    i18n.set_language("en")
    assert i18n.ngettext("{n} tile", "{n} tiles", 1).format(n=1) == "1 tile"
    assert i18n.ngettext("{n} tile", "{n} tiles", 3).format(n=3) == "3 tiles"


def test_turkish_seat_lines_put_the_seat_before_a_name_that_may_end_in_a_number() -> None:
    """A second "Alice" sits as "Alice 2": "{name} {seat}. koltuğa oturdu" read as "Alice
    2. koltuğa oturdu" (Alice, seat 2) and "Alice 2 4. koltuğa oturdu"."""
    i18n.set_language("tr")
    try:
        for said in ("{name} sat down at seat {seat}", "{name} is back at seat {seat}"):
            line = i18n._(said).format(name="Alice 2", seat=4)
            assert line.startswith("4. koltuğa Alice 2 "), line
    finally:
        i18n.set_language("en")


def test_glossary_terms_are_used_and_the_wrong_ones_are_not() -> None:
    """The glossary's words: gösterge (never indikatör), ıstaka, per, seri, çift, ceza, and
    the seats beside you "sağdaki / soldaki oyuncu" (the hints said "sağındaki" too)."""
    with po_path("tr").open("rb") as f:
        catalogue = read_po(f)
    said = [m.string for m in catalogue if m.id]
    flat = [s for x in said for s in (x if isinstance(x, tuple) else (x,))]
    # Lower-cased the Turkish way: str.lower() would make "Istaka" "istaka".
    strings = i18n.lower(" ".join(flat), "tr")
    for word in ("gösterge", "ıstaka", "per", "seri", "grup", "çift", "ceza", "işle", "elden bit"):
        assert word in strings, word
    for word in ("sağdaki oyuncu", "soldaki oyuncu"):
        assert word in strings, word
    # The expert bot is "uzman" (its level's name), never "usta".
    for wrong in ("indikatör", "istaka", "joker taş", "sağındaki", "solundaki", "usta "):
        assert wrong not in strings, wrong


THROW = re.compile(r"\b(throw|throws|throwing|threw|thrown)\b", re.IGNORECASE)


def test_the_x_key_s_action_is_called_discard_everywhere() -> None:
    """The key bar calls what x does "Discard": hints, tips, warnings, help and the README
    say discard too, never throw (two words for one action read as two actions)."""
    said = [
        text
        for message in extracted()
        for text in ([message] if isinstance(message, str) else message)
        if THROW.search(text)
    ]
    assert not said, said
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert not THROW.findall(readme)


# The formal imperative (siz) of the verbs the game's messages use: the game speaks to the
# player informally (sen) everywhere, as its other lines do ("yaz", "seç", "dene", "bas").
# The --bots error said "… üç seviye verin" after click's "… yaz". Plural "you" to several
# people at one terminal ("rakip olursunuz", "Sen ve Ayşe kazandınız") is not formal, and
# many words ending in -in/-ın are genitives ("perin", "okeyin"): hence a list of words.
FORMAL = (
    "verin", "yazın", "seçin", "deneyin", "basın", "girin", "edin", "bekleyin", "yapın",
    "kullanın", "bırakın", "çıkın", "başlatın", "açın", "tıklayın", "bakın", "silin",
    "oturun", "çekin", "indirin", "işleyin", "verebilirsiniz", "yazınız", "seçiniz",
    "deneyiniz", "lütfen", "siz", "size", "sizin", "sizi",
)  # fmt: skip


def test_turkish_speaks_to_the_player_informally() -> None:
    formal = re.compile(r"(?<![\w'])(" + "|".join(FORMAL) + r")(?![\w'])")
    found = [
        (message.id, hit.group(0))
        for message in catalogue("tr")
        if message.id
        for text in (message.string if isinstance(message.string, tuple) else (message.string,))
        for hit in formal.finditer(i18n.lower(text, "tr"))
    ]
    assert not found, found


def test_the_turkish_rule_book_speaks_as_the_game_does() -> None:
    """The rule book (okey101 rules, the help) said "… bölümüne bakın" (formal) and
    "solundaki / sağındaki oyuncu", where the game says "bak" and the glossary's
    "soldaki / sağdaki oyuncu"."""
    from okey_tui.commands.rules import rules_text

    text = i18n.lower(rules_text("tr"), "tr")
    formal = re.compile(r"(?<![\w'])(" + "|".join(FORMAL) + r")(?![\w'])")
    assert [hit.group(0) for hit in formal.finditer(text)] == []
    for wrong in ("solundaki", "sağındaki"):
        assert wrong not in text, wrong
    assert "soldaki oyuncu" in text and "sağdaki oyuncu" in text


def test_no_obsolete_entry_repeats_a_live_one() -> None:
    """An obsolete entry (#~) with the msgid of a live one makes the catalogue one that
    GNU msgfmt -c refuses ("duplicate message definition")."""
    with po_path("tr").open("rb") as f:
        catalogue = read_po(f)
    live = {m.id for m in catalogue if m.id}
    assert not live & set(catalogue.obsolete), sorted(live & set(catalogue.obsolete))
