"""The language okey101 speaks: gettext catalogues, the choice of language, Turkish casing.

Mark every string a person reads:

* ``_("Draw a tile")`` translates now, in the current language;
* ``ngettext("{n} tile", "{n} tiles", n).format(n=n)`` picks the plural form
  the language needs (Turkish has one form: "1 taş", "3 taş");
* ``N_("Draw a tile")`` only marks a string (for tables built at import time)
  and ``_()`` of the same text translates it where it is shown;
* ``pgettext("you", "discarded {tile}")`` is the same English said of the
  player (Turkish verbs change with the person: "attın", not "attı").

The catalogues are ``okey_tui/locale/<lang>/LC_MESSAGES/okey101.po`` (the
sources) and the ``.mo`` beside each, compiled from it (``scripts/i18n.sh``
extracts, updates and compiles; a test checks the ``.mo`` matches its ``.po``).

The language is, in this order: ``--lang`` (or ``OKEY101_LANG``), the one
chosen on the new-table screen (kept in the settings), the environment
(``LANGUAGE``, ``LC_ALL``, ``LC_MESSAGES``, ``LANG``, read as gettext reads
them), and English when none of these names a language okey101 speaks.

>>> set_language("tr")
'tr'
>>> upper("indikatör değil gösterge"), lower("ISTAKA İKİ")
('İNDİKATÖR DEĞİL GÖSTERGE', 'ıstaka iki')
>>> set_language("en")
'en'
>>> upper("indicator")
'INDICATOR'
"""

from __future__ import annotations

import functools
import gettext as _gettext
import os
from collections.abc import Mapping
from pathlib import Path

DOMAIN = "okey101"
LOCALE_DIR = Path(__file__).parent / "locale"
# The languages okey101 speaks, the first being the fallback.
LANGUAGES: tuple[str, ...] = ("en", "tr")
LANGUAGE_NAMES: dict[str, str] = {"en": "English", "tr": "Türkçe"}
ENV_LANG = "OKEY101_LANG"
# The variables gettext reads, in its order; LANGUAGE may list several (``tr:en``).
LOCALE_VARS = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")

_translation: _gettext.NullTranslations = _gettext.NullTranslations()
_language = "en"


def normalise(code: str | None) -> str | None:
    """``tr_TR.UTF-8`` -> ``tr``; ``None`` for a language okey101 does not speak.

    >>> normalise("tr_TR.UTF-8"), normalise("EN"), normalise("de_DE"), normalise("C")
    ('tr', 'en', None, None)
    """
    if not code:
        return None
    base = code.split(".")[0].split("@")[0].replace("-", "_").split("_")[0].lower()
    return base if base in LANGUAGES else None


def language_from_environment(environ: Mapping[str, str] | None = None) -> str | None:
    """The language the locale variables ask for, as gettext reads them, or None.

    >>> language_from_environment({"LANG": "tr_TR.UTF-8"})
    'tr'
    >>> language_from_environment({"LANGUAGE": "de:tr", "LANG": "en_US.UTF-8"})
    'tr'
    >>> language_from_environment({"LC_ALL": "C", "LANG": "tr_TR.UTF-8"}) is None
    True
    """
    env = os.environ if environ is None else environ
    for var in LOCALE_VARS:
        value = env.get(var)
        if value:
            for item in value.split(":"):
                found = normalise(item)
                if found:
                    return found
            return None
    return None


def resolve_language(
    requested: str | None = None,
    remembered: str | None = None,
    environ: Mapping[str, str] | None = None,
) -> str:
    """The language to speak: asked for, else ``OKEY101_LANG``, remembered, the locale, English.

    >>> resolve_language("tr"), resolve_language(None, "tr", {}), resolve_language(environ={})
    ('tr', 'tr', 'en')
    """
    env = os.environ if environ is None else environ
    for choice in (requested, env.get(ENV_LANG), remembered):
        found = normalise(choice)
        if found:
            return found
    return language_from_environment(env) or LANGUAGES[0]


def _load(language: str) -> _gettext.NullTranslations:
    if language == "en":
        return _gettext.NullTranslations()
    return _gettext.translation(DOMAIN, LOCALE_DIR, languages=[language], fallback=True)


def in_every_language(message: str) -> dict[str, str]:
    """``message`` as each language of the game says it, by language code.

    >>> in_every_language("Classic")["tr"]
    'Klasik'
    """
    return {code: _loaded(code).gettext(message) for code in LANGUAGES}


@functools.cache
def _loaded(language: str) -> _gettext.NullTranslations:
    return _load(language)


def set_language(language: str | None) -> str:
    """Speak ``language`` (``tr``, ``tr_TR.UTF-8``, ``en``…; English when unknown) from now on."""
    global _translation, _language
    code = normalise(language) or LANGUAGES[0]
    if code != _language or language is None:
        _translation = _load(code)
        _language = code
    return code


def current_language() -> str:
    """``en`` or ``tr``: the language okey101 speaks now."""
    return _language


def _(message: str) -> str:
    """``message`` in the current language."""
    return _translation.gettext(message)


gettext = _


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form of a counted message ``n`` needs in the current language."""
    return _translation.ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    """``message`` in the current language, where ``context`` tells two uses of the same
    English words apart (``pgettext("you", "discarded {tile}")``: "attın", not "attı")."""
    return _translation.pgettext(context, message)


def N_(message: str) -> str:
    """Mark ``message`` for the catalogue without translating it (translate it where shown)."""
    return message


# -- answering a question -----------------------------------------------------------------------


def answer_keys() -> tuple[str, str]:
    """The keys that answer yes and no in the current language: ``y`` and ``n``, and in
    Turkish ``e`` (evet) and ``h`` (hayır). A translation that is not one lower-case
    letter, or that would take ``y`` or ``n`` for the other answer, is not used.

    The table's questions and the command line's (:mod:`okey_tui.commands.ask`) name these.
    """
    yes = pgettext("the key that answers yes", "y")
    no = pgettext("the key that answers no", "n")
    letters = all(len(k) == 1 and k.isalpha() and k.islower() for k in (yes, no))
    if not letters or yes in (no, "n") or no == "y":
        return "y", "n"
    return yes, no


def answer(text: str) -> bool | None:
    """What ``text`` answers to a yes/no question: True for yes, False for no, None for
    neither. The language's own keys and words answer (``e``, ``evet``, ``h``, ``hayır``
    in Turkish), and so do ``y``, ``yes``, ``n`` and ``no`` in every language.

    >>> set_language("tr")
    'tr'
    >>> [answer(t) for t in ("e", "EVET", " h ", "Hayır", "y", "NO", "olur", "")]
    [True, True, False, False, True, False, None, None]
    >>> set_language("en")
    'en'
    >>> [answer(t) for t in ("Y", "yes", "n", "e", "evet")]
    [True, True, False, None, None]
    """
    said = lower(text.strip())
    yes_key, no_key = answer_keys()
    yes = {"y", "yes", yes_key, lower(pgettext("the word that answers yes", "yes"))}
    no = {"n", "no", no_key, lower(pgettext("the word that answers no", "no"))}
    if said in yes - no:  # a word both ways (a slip in a catalogue) answers neither
        return True
    if said in no - yes:
        return False
    return None


# -- casing --------------------------------------------------------------------------------------

_TR_UPPER = str.maketrans({"i": "İ", "ı": "I"})
_TR_LOWER = str.maketrans({"I": "ı", "İ": "i"})


def shortened(text: str, most: int) -> str:
    r"""``text`` as a message quotes it: at most ``most`` characters, the cut marked "…"
    (what a person typed is never said back at any length), a character that shows
    nothing written as its code ("'R7\u200b' is not a tile" read "'R7' is not a tile").

    >>> shortened("B7 R1", 60), shortened("x" * 70, 5), shortened("R7\u200b", 60)
    ('B7 R1', 'xxxx…', 'R7\\u200b')
    """
    if not text.isprintable():
        text = "".join(ch if ch.isprintable() else f"\\u{ord(ch):04x}" for ch in text)
    return text if len(text) <= most else text[: most - 1] + "…"


# What the operating system refused, by its code, in a player's words (its own words are
# English, "[Errno 28] No space left on device", whatever the language of the screen).
OS_PROBLEMS = {
    "EACCES": N_("permission denied"),
    "EPERM": N_("permission denied"),
    "ENOSPC": N_("the disk is full"),
    "EDQUOT": N_("the disk quota is used up"),
    "EROFS": N_("the disk is read-only"),
    "ENOENT": N_("no such file or folder"),
    "EISDIR": N_("a folder is in the way"),
    "ENOTDIR": N_("a file is in the way of a folder"),
    "EEXIST": N_("something of that name is already there"),
    "ENAMETOOLONG": N_("the name is too long"),
    "EIO": N_("the disk could not be read or written"),
    "EMFILE": N_("too many files are open"),
    "EADDRINUSE": N_("the port is in use"),
    "EADDRNOTAVAIL": N_("this computer has no such address"),
}


def os_problem(error: OSError) -> str:
    """An error of the operating system as a player reads it: what went wrong, in the
    language of the screen, and the file or folder it concerns.

    >>> os_problem(OSError(28, "No space left on device", "/home/a/saves/m.json"))
    'the disk is full: /home/a/saves/m.json'
    >>> os_problem(OSError(95, "Operation not supported"))
    'Operation not supported'
    """
    import errno

    said = OS_PROBLEMS.get(errno.errorcode.get(error.errno or -1, ""))
    text = _(said) if said is not None else (error.strerror or str(error))
    # A rename's second name is where it went: the save, not the temporary file beside it.
    concerned = error.filename2 or error.filename
    if concerned:
        return _("{problem}: {file}").format(problem=text, file=concerned)
    return text


def upper(text: str, language: str | None = None) -> str:
    """Upper case as the language writes it: Turkish ``i`` is ``İ`` and ``ı`` is ``I``."""
    if (language or _language) == "tr":
        return text.translate(_TR_UPPER).upper()
    return text.upper()


def lower(text: str, language: str | None = None) -> str:
    """Lower case as the language writes it: Turkish ``I`` is ``ı`` and ``İ`` is ``i``."""
    if (language or _language) == "tr":
        return text.translate(_TR_LOWER).lower()
    return text.lower()


def capitalize(text: str, language: str | None = None) -> str:
    """The first letter upper-cased (Turkish-aware), the rest left as it is.

    >>> capitalize("ıstaka", "tr"), capitalize("istaka", "tr"), capitalize("okey", "en")
    ('Istaka', 'İstaka', 'Okey')
    """
    return upper(text[:1], language) + text[1:] if text else text


_TR_VOWELS = "aeıioöuü"
# The genitive's vowel follows the name's last vowel (Turkish vowel harmony).
_TR_GENITIVE_VOWEL = dict(zip("aıoueiöü", "ııuuiiüü", strict=True))
# A name that ends in a number takes its suffix from the number read aloud, whose last
# word is its last place that is not 0: 2 is "iki" (2'nin), 3 "üç" (3'ün), 10 "on" (10'un),
# 20 "yirmi" (20'nin), 100 "yüz" (100'ün).
_TR_DIGIT_WORDS = ("sıfır", "bir", "iki", "üç", "dört", "beş", "altı", "yedi", "sekiz", "dokuz")
_TR_TENS_WORDS = ("", "on", "yirmi", "otuz", "kırk", "elli", "altmış", "yetmiş", "seksen", "doksan")
# The words of 1000, 1000², …: a number that ends in three 0s or more ends in one of them
# ("yirmi bin", "on milyon").
_TR_THOUSANDS_WORDS = ("bin", "milyon", "milyar", "trilyon", "katrilyon", "kentilyon")


def _spoken_end(word: str) -> str:
    """``word`` (lower case) with a number at its end replaced by the number's last word
    read aloud, whose sound the suffix follows.

    >>> [_spoken_end(w) for w in ("bot 2", "oyuncu 10", "50", "100", "2000", "0", "ali")]
    ['bot iki', 'oyuncu on', 'elli', 'yüz', 'bin', 'sıfır', 'ali']
    >>> [_spoken_end(str(n)) for n in (10_000, 100_000, 10**7, 3 * 10**9, 10**15, 10**20)]
    ['bin', 'bin', 'milyon', 'milyar', 'katrilyon', 'kentilyon']
    """
    digits = len(word) - len(word.rstrip("0123456789"))
    if not digits:
        return word
    number = int(word[-digits:])
    if number % 10 or not number:
        spoken = _TR_DIGIT_WORDS[number % 10]
    elif number % 100:
        spoken = _TR_TENS_WORDS[number % 100 // 10]
    elif number % 1000:
        spoken = "yüz"
    else:  # read in groups of three: the last group that is not 000 ends in its word
        group = 0
        while number % 1000 == 0 and group < len(_TR_THOUSANDS_WORDS):
            number //= 1000
            group += 1
        spoken = _TR_THOUSANDS_WORDS[group - 1]
    return word[:-digits] + spoken


def turkish_genitive(name: str) -> str:
    """The suffix that makes a name an owner in Turkish, written after an apostrophe.

    >>> [turkish_genitive(n) for n in ("Zeynep", "Ayşe", "Oya", "Umut", "Gül", "ALİ", "Bot 2")]
    ['in', 'nin', 'nın', 'un', 'ün', 'nin', 'nin']
    >>> [turkish_genitive(f"Oyuncu {n}") for n in (10, 20, 40, 50, 60, 90, 100, 1000)]
    ['un', 'nin', 'ın', 'nin', 'ın', 'ın', 'ün', 'in']
    """
    word = _spoken_end(lower(name.strip(), "tr"))
    vowels = [c for c in word if c in _TR_VOWELS]
    vowel = _TR_GENITIVE_VOWEL[vowels[-1]] if vowels else "i"
    buffer = "n" if word and word[-1] in _TR_VOWELS else ""  # Ayşe'nin, after a vowel
    return buffer + vowel + "n"


def _apostrophe(name: str) -> str:
    """What comes between a name and its Turkish suffix: an apostrophe after a proper name
    ("Zeynep'in"), none after the game's own word for a person who gave no name, a common
    noun ("Misafirin", "Kurucuya"; "Ev'in" and "Misafir'in" read wrong to a Turkish
    player). A number after it is a proper name's ("Misafir 2'nin").

    >>> set_language("tr")
    'tr'
    >>> possessive("Misafir"), to_name("Kurucu"), at_name("Oyuncu"), possessive("Misafir 2")
    ('Misafirin', 'Kurucuya', 'Oyuncuda', "Misafir 2'nin")
    >>> set_language("en")
    'en'
    """
    common = {_(word) for word in (N_("Host"), N_("Guest"), N_("Player"))}
    return "" if name.strip() in common else "'"


def possessive(name: str) -> str:
    """A name as the owner of something, for a short title: "Zeynep's", "Zeynep'in".

    Turkish inflects the name itself, by its sound, so no catalogue line can say it.
    """
    if _language == "tr":
        return f"{name}{_apostrophe(name)}{turkish_genitive(name)}"
    return _("{name}'s").format(name=name)


# The dative's and the locative's vowel: a back last vowel takes a, a front one e.
_TR_BACK = "aıou"
# A name that ends in a number is read aloud (_spoken_end): 2'ye, 3'te, 20'ye, 40'ta.
_TR_HARD = "fstkçşhp"  # after these the locative's d is t: Mehmet'te, Zeynep'te


def _turkish_case(name: str, *, locative: bool) -> str:
    """The dative (``'ye``, ``'a``) or locative (``'de``, ``'ta``) suffix of a name.

    >>> [_turkish_case(n, locative=False) for n in ("Ayşe", "Mehmet", "Can", "Oya", "Bot 2")]
    ['ye', 'e', 'a', 'ya', 'ye']
    >>> [_turkish_case(n, locative=True) for n in ("Ayşe", "Mehmet", "Can", "Zeynep", "Bot 3")]
    ['de', 'te', 'da', 'te', 'te']
    >>> [_turkish_case(f"Bot {n}", locative=False) for n in (10, 20, 50, 100)]
    ['a', 'ye', 'ye', 'e']
    >>> [_turkish_case(f"Bot {n}", locative=True) for n in (40, 60, 70, 1000)]
    ['ta', 'ta', 'te', 'de']
    """
    word = _spoken_end(lower(name.strip(), "tr"))
    vowels = [c for c in word if c in _TR_VOWELS]
    back = bool(vowels) and vowels[-1] in _TR_BACK
    vowel = "a" if back else "e"
    last = word[-1:]
    if locative:
        return ("t" if last and last in _TR_HARD else "d") + vowel
    return ("y" if last and last in _TR_VOWELS else "") + vowel


def to_name(name: str) -> str:
    """A name as whom something goes to: "Ayşe" in English, "Ayşe'ye" in Turkish, whose
    catalogue lines then say "Ekranı {name} ver" (Turkish inflects the name itself)."""
    if _language == "tr":
        return f"{name}{_apostrophe(name)}{_turkish_case(name, locative=False)}"
    return name


def at_name(name: str) -> str:
    """A name as where something is: "Mehmet" in English, "Mehmet'te" in Turkish ("Sıra
    {who}": the turn is Mehmet's)."""
    if _language == "tr":
        return f"{name}{_apostrophe(name)}{_turkish_case(name, locative=True)}"
    return name


def and_list(items: list[str]) -> str:
    """Items said as a list: "Mehmet", "Mehmet and Can", "Mehmet, Zeynep and Can".

    >>> and_list(["Mehmet", "Zeynep", "Can"])
    'Mehmet, Zeynep and Can'
    >>> and_list(["Can"])
    'Can'
    """
    if len(items) < 2:
        return "".join(items)
    return _("{items} and {last}").format(items=", ".join(items[:-1]), last=items[-1])


def or_list(items: list[str]) -> str:
    """Items said as choices, as the language lists them (Babel's lists): "K4 or K7",
    "R5, B5 or K5"; "K4 veya K7" in Turkish.

    >>> or_list(["K4", "K7"]), or_list(["R5", "B5", "K5"]), or_list(["K4"])
    ('K4 or K7', 'R5, B5, or K5', 'K4')
    """
    from babel.lists import format_list  # on first use: ``okey101 --help`` starts fast

    return format_list(items, style="or", locale=_language) if items else ""


def decimal(value: float, places: int | None = None) -> str:
    """A number as the language writes it (Babel's numbers of the current language):
    "0.6" in English, "0,6" in Turkish; the shortest form, as ``:g`` gives, or with
    ``places`` digits after the separator, as ``:.2f`` gives. Thousands are grouped as the
    language groups them ("1,234.5"; "1.234,5" in Turkish).

    >>> decimal(0.6), decimal(37.8), decimal(2.0), decimal(0.42, places=2), decimal(58.1, 2)
    ('0.6', '37.8', '2', '0.42', '58.10')
    >>> set_language("tr")
    'tr'
    >>> decimal(0.6), decimal(154.5), decimal(2.0), decimal(0.421, places=2), decimal(1234.5)
    ('0,6', '154,5', '2', '0,42', '1.234,5')
    >>> set_language("en")
    'en'
    """
    from babel.numbers import format_decimal  # on first use: ``okey101 --help`` starts fast

    pattern = "#,##0." + ("0" * places if places is not None else "#" * 6)
    return format_decimal(value, format=pattern.rstrip("."), locale=_language)
