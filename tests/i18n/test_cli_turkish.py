"""The command line in Turkish: --lang, the environment, the remembered choice; errors and help."""

from __future__ import annotations

import asyncio
from pathlib import Path

import click
import pytest
from click.testing import CliRunner

from okey_tui import i18n
from okey_tui.cli import main
from okey_tui.net.server import TableServer
from okey_tui.settings import TableSettings, save_settings


def run(
    *args: str, env: dict[str, str] | None = None, answers: str | None = None
) -> tuple[int, str]:
    result = CliRunner().invoke(main, list(args), input=answers, env=env, catch_exceptions=False)
    return result.exit_code, result.output


def test_a_bad_token_is_explained_in_turkish_with_exit_status_2() -> None:
    code, out = run("--lang", "tr", "hint", "--indicator", "B7", "R1", "R2", "X9")
    assert code == 2
    assert "'X9' bir taş değil" in out
    assert "renk harfi (R Y B K)" in out and "sahte okey için F" in out
    assert "Hata:" in out and "hint [SEÇENEKLER] [TAŞLAR]..." in out
    assert "is not a tile" not in out and "[OPTIONS]" not in out


def test_the_same_command_in_english_by_default() -> None:
    code, out = run("hint", "--indicator", "B7", "R1", "R2", "X9")
    assert code == 2
    assert "'X9' is not a tile" in out
    assert "hint [OPTIONS] [TILES]..." in out


def test_hint_prints_its_table_in_turkish() -> None:
    code, out = run("--lang", "tr", "hint", "-i", "B7", "R1", "R2", "R3", "K9", "Y9", "B9", "F")
    assert code == 0
    for words in ("Gösterge", "sahte okey", "seri", "grup", "Perler: 33 / 101", "68 puan eksik"):
        assert words in out, words
    assert "5 çift eksik" in out  # one form for every count, as Turkish counts


def test_help_texts_are_turkish() -> None:
    code, out = run("--lang", "tr", "--help")
    assert code == 0
    assert "Komutlar" in out and "Seçenekler" in out
    assert "Üç botla ya da bu terminalde arkadaşlarınla bir masaya otur." in out
    code, out = run("--lang", "tr", "play", "--help")
    assert "Cezasız oyna." in out and "Bu yardımı göster ve çık." in out
    # Flags and tile letters stay as they are.
    assert "--no-penalty" in out


def test_help_switches_back_to_english_in_the_same_process() -> None:
    run("--lang", "tr", "hint", "--help")
    code, out = run("--lang", "en", "hint", "--help")
    assert "Show the best arrangement" in out and "Bir elin" not in out


@pytest.mark.parametrize(
    ("env", "expected"),
    [
        ({"LANG": "tr_TR.UTF-8"}, "tr"),
        ({"LC_ALL": "tr_TR.UTF-8", "LANG": "en_US.UTF-8"}, "tr"),
        ({"LANGUAGE": "de:tr", "LANG": "en_US.UTF-8"}, "tr"),
        ({"LANG": "de_DE.UTF-8"}, "en"),
        ({"LANG": "C"}, "en"),
        ({}, "en"),
    ],
)
def test_the_language_follows_the_environment_as_gettext_reads_it(
    env: dict[str, str], expected: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    for var in (i18n.ENV_LANG, *i18n.LOCALE_VARS):
        monkeypatch.delenv(var, raising=False)
    for var, value in env.items():
        monkeypatch.setenv(var, value)
    code, out = run("stats")
    assert code == 0
    assert ("Henüz hiç el oynanmadı" in out) == (expected == "tr")
    assert i18n.current_language() == expected


@pytest.mark.parametrize(
    ("value", "expected", "said"),
    [("tr_TR.UTF-8", "tr", False), ("TR", "tr", False), ("xx", "en", True)],
)
def test_okey101_lang_is_read_as_the_locale_is_and_a_wrong_one_is_said(
    value: str, expected: str, said: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    """OKEY101_LANG=tr_TR.UTF-8 (a locale's form) refused every command (exit 2, "Invalid
    value for '--lang'"), --version and --help too; a language okey101 does not speak was
    refused without naming the variable. Read as the locale is; a wrong one said, passed
    over."""
    for var in i18n.LOCALE_VARS:
        monkeypatch.delenv(var, raising=False)
    monkeypatch.setenv(i18n.ENV_LANG, value)
    result = CliRunner().invoke(main, ["stats"])
    assert result.exit_code == 0, result.output
    assert ("Henüz hiç el oynanmadı" in result.stdout) == (expected == "tr")
    warning = "okey101: OKEY101_LANG=xx is not a language okey101 speaks (en, tr): ignored"
    assert (warning in result.stderr) == said, result.stderr


def test_the_flag_beats_the_environment_and_the_remembered_choice(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.delenv(i18n.ENV_LANG)
    monkeypatch.setenv("LANG", "tr_TR.UTF-8")
    save_settings(TableSettings(language="tr"))
    assert "No hands played yet" in run("--lang", "en", "stats")[1]


def test_the_remembered_choice_beats_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(i18n.ENV_LANG)
    monkeypatch.setenv("LANG", "en_US.UTF-8")
    save_settings(TableSettings(language="tr"))
    assert "Henüz hiç el oynanmadı" in run("stats")[1]


def test_an_unknown_language_is_refused_by_the_flag() -> None:
    code, out = run("--lang", "de", "stats")
    assert code == 2 and "--lang" in out


def test_the_rule_book_is_turkish_in_turkish() -> None:
    code, out = run("--lang", "tr", "rules", "--plain")
    assert code == 0
    assert "Gösterge" in out and "ıstaka" in out
    assert "indikatör" not in i18n.lower(out, "tr")
    code, out = run("rules", "--plain")
    assert "The indicator" in out


def test_saves_and_stats_speak_turkish() -> None:
    assert "Yarım kalan oyun yok" in run("--lang", "tr", "saves")[1]
    code, out = run("--lang", "tr", "saves", "--yes")
    assert code == 2 and "-y/--yes yalnızca --delete sorusunu atlar" in out


def test_the_command_line_questions_take_e_and_h_in_turkish() -> None:
    """A yes/no question on the command line names the Turkish answer keys ([e/H], no
    by default); e/h and the words evet/hayır answer it, y/n still do, and anything else
    is refused in Turkish and asked again."""
    from okey_tui import storage
    from okey_tui.engine.match import Match
    from okey_tui.engine.rules import RuleSet

    path = storage.new_save_path()
    storage.save(Match(RuleSet(hands=3), seed=1), {"name": "You"}, path)
    for answer in ("h\n", "\n", "HAYIR\n", "n\n"):
        code, out = run("--lang", "tr", "saves", "--delete", path.stem, answers=answer)
        assert code == 0 and "Geri alınamaz [e/H]: " in out, out
        assert "Hiçbir şey silinmedi." in out and path.exists()
        assert "[y/N]" not in out
    code, out = run("--lang", "tr", "saves", "--delete", path.stem, answers="olur\ne\n")
    assert code == 0 and path.exists() is False, out
    assert "Hata: 'olur' bir cevap değil: evet için e, hayır için h yaz." in out, out
    assert "invalid input" not in out and "Error" not in out
    assert out.count("[e/H]: ") == 2 and "silindi." in out

    for answer, said in (("x\nevet\n", "İstatistikler silindi."), ("y\n", "silindi."), ("\n", "")):
        kept_statistics()  # with none, nothing is asked
        code, out = run("--lang", "tr", "stats", "--reset", answers=answer)
        assert code == 0 and "silinsin mi? [e/H]: " in out, out
        assert said in out and ("silinmedi" in out) == (answer == "\n"), out


def kept_statistics() -> None:
    """A statistics file (one line: what it says matters not to ``stats --reset``)."""
    from okey_tui import stats

    stats.stats_path().parent.mkdir(parents=True, exist_ok=True)
    stats.stats_path().write_text("{}\n", encoding="utf-8")


def test_the_command_line_questions_in_english_take_y_and_n() -> None:
    kept_statistics()
    code, out = run("stats", "--reset", answers="e\nyes\n")
    assert code == 0 and "Delete all okey101 statistics? [y/N]: " in out, out
    assert "Error: 'e' is not an answer: type y for yes, n for no." in out, out
    assert "Statistics deleted." in out
    kept_statistics()
    code, out = run("stats", "--reset", answers="\n")
    assert code == 0 and "Nothing deleted." in out
    code, out = run("stats", "--reset", answers="")  # no answer at all: asked, nothing done
    assert code == 0 and "Nothing deleted." in out and "Aborted" not in out


def test_turkish_casing() -> None:
    assert i18n.upper("gösterge ıstaka iki", "tr") == "GÖSTERGE ISTAKA İKİ"
    assert i18n.lower("IRMAK İZMİR", "tr") == "ırmak izmir"
    assert i18n.upper("indicator", "en") == "INDICATOR"
    assert i18n.capitalize("ıstaka", "tr") == "Istaka"


def test_the_turkish_rule_book_has_every_section_of_the_english_one() -> None:
    from okey_tui.commands.rules import rules_text

    def numbered(text: str) -> list[str]:
        return [
            line.split(".")[0]
            for line in text.splitlines()
            if line.startswith("## ") and line[3].isdigit()
        ]

    english, turkish = rules_text("en"), rules_text("tr")
    assert numbered(turkish) == numbered(english)
    assert turkish.count("**Bu oyunda:**") == english.count("**Decision:**")
    assert turkish.count("|") == english.count("|")  # every table, row for row


def test_the_turkish_rule_book_in_docs_is_the_packaged_one() -> None:
    from pathlib import Path

    from okey_tui.commands.rules import rules_text

    docs = Path(__file__).resolve().parents[2] / "docs" / "rules.tr.md"
    assert docs.read_text(encoding="utf-8") == rules_text("tr")


def test_simulate_in_turkish_fits_80_columns_whole() -> None:
    code, out = run("--lang", "tr", "simulate", "--matches", "1", "--hands", "1", "--seed", "2")
    assert code == 0
    assert "1 oyun (1 el), dağıtım numarası 2, Klasik" in out
    assert max(len(line) for line in out.splitlines()) <= 80
    assert "…" not in out
    for word in ("Koltuk", "Seviye", "Galibiyet", "Cezalar", "Elden", "Okeyle", "bitiş", "oranı"):
        assert word in out.split(), word


def test_simulate_writes_its_percentages_as_the_language_does() -> None:
    """Turkish puts the sign first (%100), as ``okey101 stats`` does; English after."""
    import re

    code, out = run("--lang", "tr", "simulate", "--matches", "1", "--hands", "1", "--seed", "2")
    assert code == 0 and re.search(r"\(%100\)", out) and re.search(r"\(%0\)", out), out
    assert not re.search(r"\d%", out), out
    code, out = run("--lang", "en", "simulate", "--matches", "1", "--hands", "1", "--seed", "2")
    assert code == 0 and "(100%)" in out and "(0%)" in out and not re.search(r"%\d", out), out


def test_saves_in_turkish_and_the_json_in_the_saved_words() -> None:
    """The list says the table and the bots in Turkish and fits 80 columns; the JSON keeps
    the language-free words a script reads."""
    import json

    from okey_tui import storage
    from okey_tui.engine.match import Match
    from okey_tui.engine.rules import RuleSet

    path = storage.new_save_path()
    storage.save(
        Match(RuleSet(hands=3, partners=True), seed=1),
        {"name": "You", "levels": ["easy", "expert", "hard"], "practice": True},
        path,
    )
    code, out = run("--lang", "tr", "saves")
    assert code == 0
    for words in ("Klasik,", "eşli,", "alıştırma", "1/3", "Sen", "Ayşe (kolay)", "(uzman)"):
        assert words in out, words
    assert max(len(line) for line in out.splitlines()) <= 80
    code, out = run("--lang", "tr", "saves", "--json")
    first = json.loads(out)["saves"][0]
    assert first["type"] == "Classic, partners, practice"
    assert first["seats"][0] == "You" and first["seats"][1] == "Ayşe (easy)"


def test_saves_names_the_id_as_its_column_does() -> None:
    """The column is "Kimlik"; the line under the list and the help say KİMLİK, not ID
    (an English word left in a Turkish instruction). English keeps ID everywhere."""
    from okey_tui import storage
    from okey_tui.engine.match import Match
    from okey_tui.engine.rules import RuleSet

    storage.save(Match(RuleSet(hands=3), seed=1), {"name": "You"}, storage.new_save_path())
    code, out = run("--lang", "tr", "saves")
    assert code == 0 and "Kimlik" in out
    assert "okey101 play --resume KİMLİK" in out and "--resume ID" not in out
    code, out = run("--lang", "tr", "saves", "--help")
    assert "--delete KİMLİK" in out and "--resume KİMLİK" in out and " ID" not in out
    code, out = run("--lang", "tr", "play", "--help")
    assert "--resume [KİMLİK]" in out
    code, out = run("saves")
    assert "ID" in out.split() and "okey101 play --resume ID." in out
    assert "--delete ID" in run("saves", "--help")[1]
    assert "--resume [ID]" in run("play", "--help")[1]


@pytest.mark.parametrize(
    ("args", "turkish", "english"),
    [
        (
            ["host", "--port", "abc"],
            "0 ile 65535 arasında bir sayı, abc değil",
            "a number from 0 to 65535, not abc",
        ),
        (
            ["play", "--hands", "x"],
            "bir oyun 1, 3, 5, 7, 9, 11 ya da 13 el sürer, x değil",
            "a match is 1, 3, 5, 7, 9, 11 or 13 hands, not x",
        ),
        (["play", "--seed", "y"], "bir tam sayı, y değil", "a whole number, not y"),
        (
            ["simulate", "--matches", "0"],
            "en az bir oyun oynat, 0 değil",
            "play at least one match, not 0",
        ),
        (
            ["play", "--bot-delay", "z"],
            "0 ile 10 arasında bir sayı, z değil",
            "a number from 0 to 10, not z",
        ),
    ],
)
def test_a_bad_number_is_refused_in_the_language_spoken(
    args: list[str], turkish: str, english: str
) -> None:
    """A bad number is refused with exit status 2, in the language spoken and in
    okey101's words, bounds or none (click said "'x' is not a valid integer
    range.", naming a type, not what to give); the same process then speaks English again."""
    code, out = run("--lang", "tr", *args)
    assert code == 2 and turkish in out, out
    assert "integer" not in out and "float" not in out and "Traceback" not in out
    code, out = run("--lang", "en", *args)
    assert code == 2 and english in out, out
    assert "range" not in out
    assert click.INT.name == "integer" and click.FLOAT.name == "float"  # click's own, untouched


def test_a_decimal_comma_is_read_as_a_point() -> None:
    """okey101 --lang tr play --bot-delay 0,5 was refused: Turkish writes 0,5."""
    from okey_tui.cli import FloatBetween

    assert FloatBetween(0, 10).convert("0,5", None, None) == 0.5


def test_the_help_names_number_types_in_turkish() -> None:
    code, out = run("--lang", "tr", "play", "--help")
    assert "--hands TAM SAYI" in out and "--seed TAM SAYI" in out
    assert "INTEGER" not in out and "FLOAT" not in out
    code, out = run("play", "--help")
    assert "--hands INTEGER RANGE" in out and "--seed INTEGER" in out


def test_the_help_writes_every_metavar_in_turkish() -> None:
    """LEVEL, NAME, TEXT and TILE were left in English in the Turkish help."""
    code, out = run("--lang", "tr", "play", "--help")
    assert "--bots SEVİYE[,SEVİYE,SEVİYE]" in out and "--names AD,AD,..." in out
    assert "--name METİN" in out  # the Turkish capital İ, not click's METIN
    code, out = run("--lang", "tr", "hint", "--help")
    assert "--indicator TAŞ" in out
    code, out = run("--lang", "tr", "join", "--help")
    assert "HOST[:PORT] [KOD]" in out
    code, out = run("play", "--help")
    assert "--bots LEVEL[,LEVEL,LEVEL]" in out and "--name TEXT" in out


def test_the_help_says_a_pace_may_be_given_for_the_bots_delay() -> None:
    """``--bot-delay fast`` is taken, but the help said FLOAT RANGE and only seconds."""
    for args, metavar, paces in (
        (("play", "--help"), "--bot-delay SECONDS|PACE", ("instant", "fast", "slow")),
        (("--lang", "tr", "play", "--help"), "--bot-delay SANİYE|HIZ", ("anında", "hızlı")),
        (("--lang", "tr", "host", "--help"), "--bot-delay SANİYE|HIZ", ("anında", "hızlı")),
        (("web", "--help"), "--bot-delay SECONDS|PACE", ("instant", "fast", "slow")),
    ):
        code, out = run(*args)
        flat = " ".join(out.split())
        assert code == 0 and metavar in out, out
        assert all(pace in flat for pace in paces), out


def test_saves_says_the_default_name_of_a_hosted_table_in_turkish() -> None:
    """A person who gave no name sat at the hosted table as "You": the list says "Sen",
    a typed name stays as typed, and the JSON keeps the names as saved."""
    import json

    from okey_tui import storage
    from okey_tui.engine.rules import RuleSet
    from okey_tui.net.server import TableServer
    from okey_tui.settings import DEFAULT_NAME

    path = storage.new_save_path(storage.hosted_dir())
    server = TableServer(RuleSet(hands=3), 7, ("easy", "hard", "easy", "normal"), save_path=path)
    server.seats[0].name, server.seats[0].token = DEFAULT_NAME, "t0"
    server.seats[2].name, server.seats[2].token = "Deniz", "t2"
    started(server)
    code, out = run("--lang", "tr", "saves")
    assert code == 0
    assert "Sen" in out and "Deniz" in out
    assert "You" not in out
    code, out = run("--lang", "tr", "saves", "--json")
    assert json.loads(out)["hosted"][0]["seats"][0] == "You"


def test_the_version_is_said_in_the_language_spoken() -> None:
    """``okey101 --version`` says "sürüm" in Turkish (click words it once, at import, in
    the language of that moment: it stayed "version"), and English again after."""
    from okey_tui import __version__

    code, out = run("--lang", "tr", "--version")
    assert code == 0 and out == f"okey101, sürüm {__version__}\n", out
    code, out = run("--lang", "en", "--version")
    assert code == 0 and out == f"okey101, version {__version__}\n", out


def test_a_missing_certificate_file_is_refused_in_turkish(tmp_path: Path) -> None:
    """A missing certificate is refused in Turkish with what to give (click's own "File …
    does not exist" said no more), click's own words about a folder are in the catalogue
    ("Dosya … bir dizin."), and the help says DOSYA where English says FILE; English again
    in the same process."""
    missing = str(tmp_path / "yok.pem")
    code, out = run("--lang", "tr", "host", "--cert", missing, "--key", missing)
    assert code == 2 and f"{missing} diye bir dosya yok: var olan bir PEM dosyasının" in out, out
    assert "does not exist" not in out and "File" not in out
    code, out = run("--lang", "tr", "host", "--cert", str(tmp_path), "--key", str(tmp_path))
    assert code == 2 and f"Dosya '{tmp_path}' bir dizin." in out, out
    code, out = run("--lang", "en", "host", "--cert", missing, "--key", missing)
    assert code == 2 and f"there is no file {missing}: give a PEM file" in out, out
    assert "--cert DOSYA" in run("--lang", "tr", "host", "--help")[1]
    assert "--batch DOSYA" in run("--lang", "tr", "hint", "--help")[1]
    assert "--cert FILE" in run("--lang", "en", "host", "--help")[1]


def test_bots_take_the_levels_as_the_new_table_screen_names_them() -> None:
    """The new-table screen says kolay / normal / zor / uzman; --bots took only the English
    words."""
    from okey_tui import i18n
    from okey_tui.commands.play import _bots

    i18n.set_language("tr")
    try:
        assert _bots("uzman") == ("expert",) * 3
        assert _bots("Kolay,zor,UZMAN") == ("easy", "hard", "expert")
        assert _bots("easy,hard,expert") == ("easy", "hard", "expert")  # English still works
    finally:
        i18n.set_language("en")
    assert _bots("Expert") == ("expert",) * 3


def started(server: TableServer) -> None:
    """Start the match as the host's table does, in its event loop: a person seated with no
    connection is a seat held from the lobby, whose grace period is timed by the loop."""

    async def start() -> None:
        server.start_match()

    asyncio.run(start())
