""" "Floor" was never defined: the new-table screen said "the floors never rise" and "Finish
needs floor", and `okey101 rules` first used the word in passing in §8. The rule book says
what the opening floor is where it is first met, in English and in Turkish, and every
description on the new-table screen that speaks of the floor says what it is."""

from __future__ import annotations

from okey_tui.commands.rules import rules_text
from okey_tui.engine.rules import GameType, RuleSet
from okey_tui.ui.screens.setup import GAME_TYPE_MEANING, OPTION_MEANING, option_meaning


def section(text: str, number: int) -> str:
    start = text.index(f"\n## {number}. ")
    return text[start : text.index("\n## ", start + 1)]


def first_use_is_in(text: str, word: str, definition: str) -> bool:
    """Whether ``word`` is first met inside ``definition`` in ``text``."""
    start = text.index(definition)
    return start <= text.index(word) < start + len(definition)


def test_the_rule_book_defines_the_floor_where_it_is_first_met() -> None:
    text = rules_text("en")
    # At a glance: the numbers an opening needs are given the name.
    assert first_use_is_in(text, "floor", "at least **5 pairs**: the **opening floor**.")
    # §8 Opening: what it is, before every other use of the word there.
    opening = section(text, 8)
    definition = (
        "The least an opening must be worth is the **opening floor** (the *floor* for\n"
        "short): at Classic, **101** points of runs and sets, or **5 pairs**."
    )
    assert first_use_is_in(opening, "floor", definition)


def test_the_turkish_rule_book_defines_the_baraj_in_step() -> None:
    text = rules_text("tr")
    assert first_use_is_in(text, "baraj", "**5 çiftten** oluşmalı: bu, **açılış barajıdır**.")
    opening = section(text, 8)
    definition = (
        "Bir açılışın değeri en az **açılış sınırı** kadar olmalı; buna kısaca\n"
        "**baraj** denir: Klasik'te **101** puanlık seri ve gruplar ya da **5 çift**."
    )
    assert first_use_is_in(opening, "baraj", definition)
    assert first_use_is_in(opening, "sınır", definition)


def test_every_new_table_description_that_speaks_of_the_floor_says_what_it_is() -> None:
    texts = [option_meaning("game_type", game_type, RuleSet()) for game_type in GameType] + [
        option_meaning(name, value, RuleSet()) for name in OPTION_MEANING for value in (False, True)
    ]
    # Partners speak of the floor where openings raise it (not at Classic).
    texts.append(option_meaning("partners", True, RuleSet(game_type=GameType.RISING)))
    about_floor = [text for text in texts if "floor" in text]
    assert len(about_floor) >= 4, about_floor  # Classic, partners, the finish option twice
    for text in about_floor:
        assert "opening floor" in text, text
        assert "least an opening must be worth" in text or "101 points or 5 pairs" in text, text
    assert option_meaning("game_type", GameType.CLASSIC).startswith(
        "Classic: open with 101 points or 5 pairs, the opening floor (the least an opening "
        "must be worth)"
    )
    assert "floor" not in GAME_TYPE_MEANING["rising"]  # nothing to define there


def test_partners_say_who_raises_the_floor_only_where_openings_raise_it() -> None:
    """The rules of a Classic partners table said "the floor never rises" and then "only
    the other side's openings raise the opening floor". Each game type's partners line
    speaks of raising the floor exactly where an opening raises it."""
    from okey_tui.ui.screens.setup import rules_in_force

    for game_type in GameType:
        rules = RuleSet(game_type=game_type, partners=True)
        (partners,) = [line for line in rules_in_force(rules) if line.startswith("Partners")]
        assert ("raise" in partners) is rules.melds_floor_rises, (game_type, partners)
        assert "finisher's partner scores 0" in partners, partners
