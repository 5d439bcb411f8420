"""The words of every engine refusal, made from its code and parameters, in the current language.

The engine is language-free: its errors carry an :class:`ErrorCode`, the
parameters the message names (tiles, melds, points, floors) and a rule
section. This module holds one template per code, marked for translation,
and fills it in. Nothing here reads the engine's own message text, except to
show the detail of a notation error whose parameters do not carry it
(positions and action text, which only developers type).

>>> from okey_tui import i18n
>>> from okey_tui.engine.errors import ErrorCode, OpeningError
>>> exc = OpeningError("...", code=ErrorCode.OPENING_BELOW_FLOOR, value=87, floor=101)
>>> describe(exc)
'Your opening is 87 points; this table needs 101'
>>> _ = i18n.set_language("tr")
>>> describe(exc)
'Açılışın 87 puan; bu masada en az 101 gerekir'
>>> rule_title(8)
'Açılış'
>>> _ = i18n.set_language("en")
"""

from __future__ import annotations

import enum
import re
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from okey_tui.engine.errors import RULE_SECTIONS, ErrorCode, OkeyError
from okey_tui.engine.melds import effective
from okey_tui.engine.state import EndKind, OpeningKind
from okey_tui.engine.tiles import FALSE_OKEY
from okey_tui.i18n import N_, _, current_language, ngettext, pgettext, shortened

if TYPE_CHECKING:
    from collections.abc import Iterable

    from okey_tui.engine.melds import Meld, MeldKind
    from okey_tui.engine.rules import GameType, RuleSet
    from okey_tui.engine.scoring import SeatScore
    from okey_tui.engine.state import Event, Hand, Opening, Outcome, PenaltyReason
    from okey_tui.engine.tiles import Tile
    from okey_tui.engine.view import PlayerView

# The titles of the numbered sections of docs/rules.md (the engine's RULE_SECTIONS, marked).
RULE_TITLES: dict[int, str] = {
    1: N_("The tiles"),
    2: N_("Seats and direction"),
    3: N_("Dealing"),
    4: N_("The indicator, the okey and the false okey"),
    5: N_("Melds"),
    6: N_("A turn"),
    7: N_("Taking the left discard"),
    8: N_("Opening"),
    9: N_("After opening"),
    10: N_("Taking back"),
    11: N_("The end of a hand"),
    12: N_("Penalties during a hand"),
    13: N_("Game types"),
    14: N_("Partners"),
    15: N_("The match"),
    16: N_("Table options"),
}

# What the player tried to do, as the engine names it in the ``doing`` parameter.
DOING: dict[str, str] = {
    "add tiles to the table": N_("add tiles to the table"),
    "add to the table": N_("add to the table"),
    "discard": N_("discard"),
    "draw": N_("draw"),
    "give back": N_("give back"),
    "lay melds": N_("lay melds"),
    "open": N_("open"),
    "swap an okey": N_("swap an okey"),
    "take back": N_("take back"),
    "take okeys from the table": N_("take okeys from the table"),
    "take the left discard": N_("take the left discard"),
}

C = ErrorCode
TEMPLATES: dict[ErrorCode, str] = {
    C.NOT_A_TILE: N_(
        "'{text}' is not a tile: write a colour letter (R Y B K) and a number 1-13, "
        "like R7 or K13, or F for a false okey"
    ),
    C.NOT_A_TILE_LIST: N_("'{text}' is not a list of tiles"),
    C.NOT_A_MELD: N_("'{text}' is not a meld"),
    C.NOT_AN_ACTION: N_(
        "That is not an action (draw, take, giveback, open M.., lay M.., add T>N, swap N TT, "
        "takeback, pairs, discard T)"
    ),
    C.NOT_A_TABLE_CODE: N_("'{text}' is not a table code (like classic/11+n)"),
    C.NOT_A_POSITION: N_("That is not a position"),
    C.FALSE_OKEY_HAS_NO_NUMBER: N_("A false okey has no number"),
    C.TILE_NUMBER_OUT_OF_RANGE: N_("Tile numbers run from 1 to 13, not {number}"),
    C.FALSE_OKEY_INDICATOR: N_("A false okey cannot be the indicator"),
    C.READING_MISMATCH: N_("Each tile needs one reading"),
    C.STANDS_FOR_FALSE_OKEY: N_("A tile cannot stand for a false okey"),
    C.TILE_CANNOT_COUNT_AS: N_("{tile} can only count as {counts_as}, not {meant}"),
    C.ONLY_OKEYS: N_("A meld needs at least one tile that is not an okey"),
    C.NOT_A_PAIR: N_("{tiles} are not a pair: a pair is two identical tiles"),
    C.TWO_TILES_NO_MELD: N_(
        "{tiles} make no meld: a pair is two identical tiles, a run or set at least three"
    ),
    C.TOO_FEW_TILES: N_("{tiles}: a run or set needs at least three tiles"),
    C.NOT_A_RUN: N_(
        "{tiles} is not a run: a run is consecutive numbers of one colour, "
        "and 1 only comes before 2"
    ),
    C.NOT_A_SET: N_(
        "{tiles} is not a set: a set is 3 or 4 tiles of one number, each a different colour"
    ),
    C.NOT_A_RUN_OR_SET: N_(
        "{tiles} is neither a run (one colour, consecutive numbers) "
        "nor a set (one number, different colours)"
    ),
    C.FIRST_TURN_NO_DRAW: N_(
        "You cannot {doing}: the starter's first turn has no draw (you were dealt "
        "the extra tile); play or discard"
    ),
    C.ALREADY_DRAWN: N_("You cannot {doing} now: you have already drawn or taken a tile this turn"),
    C.DRAW_FIRST: N_("You cannot {doing} yet: draw a tile first"),
    C.NOT_YOUR_TURN: N_("It is not your turn: wait for the others to play"),
    C.TILE_NOT_HELD: N_("You do not hold {tile}"),
    C.KEEP_ONE_TILE: N_("You must keep one tile in hand to discard: leave one tile out"),
    C.KEEP_ONE_BESIDE_OKEY: N_(
        "You must keep a tile to discard besides the okey you took off the table, which goes "
        "back on the table this turn: leave another tile out"
    ),
    C.NO_LEFT_DISCARD: N_("There is no discard on your left to take"),
    C.NOTHING_TO_GIVE_BACK: N_("You have no taken discard to give back"),
    C.TAKE_BACK_BEFORE_GIVING_BACK: N_(
        "Take back what you laid this turn before giving the tile back"
    ),
    C.TAKEN_NOT_IN_OPENING: N_("You took {tile} from the left: it must be part of your opening"),
    C.TAKEN_ONLY_FOR_OPENING: N_(
        "You took {tile} before opening: it may only be used in your opening"
    ),
    C.TAKEN_MUST_BE_USED: N_(
        "No discard yet: {tile}, taken from the left, must be used this turn or given back"
    ),
    C.ALREADY_OPENED: N_("You have already opened; lay new melds instead"),
    C.EMPTY_OPENING: N_("An opening needs at least one meld"),
    C.PAIRS_MIXED_WITH_MELDS: N_("Runs and sets are never mixed with pairs in one opening"),
    C.OPENING_BELOW_FLOOR: N_("Your opening is {value} points; this table needs {floor}"),
    C.OPEN_FIRST: N_("Open first: your first lay-down is your opening"),
    C.EMPTY_LAY: N_("Lay at least one meld"),
    C.PAIRS_OPENER_LAYS_PAIRS: N_("You opened with pairs: you may lay only pairs"),
    C.MELDS_OPENER_LAYS_NO_PAIRS: N_(
        "You opened with runs and sets: pairs are only for pairs openers"
    ),
    C.NOT_OPENED: N_("Only a player who has opened may {doing}"),
    # An add; a swap has its own words (PAIRS_OPENER_NO_SWAP). Nothing is ever added to a
    # pair, so it is the runs and sets a pairs opener may not touch (rules §8).
    C.PAIRS_OPENER_NO_TABLE: N_(
        "You opened with pairs: at this table you may not add tiles to runs and sets "
        "(only lay new pairs)"
    ),
    C.NO_SUCH_TABLE_MELD: N_("There is no table meld number {index}"),
    C.NOTHING_ADDS_TO_A_PAIR: N_("Nothing can be added to a pair"),
    C.TILE_DOES_NOT_FIT: N_("{tile} does not fit {meld}"),
    C.SET_IS_FULL: N_("The set {meld} already has all four colours"),
    C.NO_SWAP_FROM_A_PAIR: N_("Okeys are never taken from pairs"),
    C.NO_OKEY_TO_SWAP: N_("There is no okey in {meld} to swap"),
    C.SWAP_WITH_AN_OKEY: N_("Swap an okey with a real tile, not with the other okey"),
    C.SWAP_NEEDS_BOTH_COLOURS: N_(
        "To take the okey from the 3-tile set {meld}, give both missing colours at once: {wanted}"
    ),
    C.SWAP_ONE_FOR_ONE: N_("Swap one okey with one tile"),
    C.SWAP_NEEDS_THE_TILE: N_(
        "The okey in {meld} stands for {wanted}: you need that tile to take it"
    ),
    C.OKEY_OWED: N_("You took an okey from the table this turn: lay it on the table again first"),
    C.NOTHING_TO_TAKE_BACK: N_("You have laid nothing this turn to take back"),
    C.HAND_OVER: N_("The hand is over"),
    C.HAND_NOT_ENDED: N_("The hand has not ended"),
    C.GOING_PAIRS_NOT_CHALLENGE: N_("Going Pairs is a Challenge rule; this table is not Challenge"),
    C.GOING_PAIRS_ALREADY_DECLARED: N_("You have already declared Going Pairs"),
    C.GOING_PAIRS_AFTER_OPENING: N_("Going Pairs is declared before opening; you have opened"),
    C.GOING_PAIRS_OPENS_PAIRS: N_("You declared Going Pairs: you can open only with pairs"),
    C.GOING_PAIRS_TILE_MAKES_PAIRS: N_(
        "{tile} was discarded by a Going Pairs player: it may only make a pair; "
        "use it in one or give it back"
    ),
    C.MATCH_LENGTH: N_("A match is 1, 3, 5, 7, 9, 11 or 13 hands, not {hands}"),
    C.HAND_ALREADY_SCORED: N_("This hand is already scored"),
    C.MATCH_OVER: N_("The match is over"),
    C.SCORE_HAND_FIRST: N_("Finish and score the current hand first"),
    C.BAD_ARGUMENT: N_("An engine call with a wrong argument"),
    C.NOT_A_MATCH: N_("its parts do not fit together: {part}"),
}
# What of a match's saved parts does not fit (``NOT_A_MATCH``'s ``part``).
MATCH_PARTS: dict[str, str] = {
    "rules": N_("a hand is played by other rules than the match"),
    "starters": N_("the hands and their starters do not match"),
    "hands": N_("more hands than the match has"),
}

# Templates chosen by a parameter rather than by the code alone.
RISEN_MELDS = N_(" (one more than the highest opening)")
RISEN_PAIRS = N_(" (one more than the highest pairs opening)")
RISEN_MELDS_SIDE = N_(" (one more than the highest opening of the other side)")
RISEN_PAIRS_SIDE = N_(" (one more than the highest pairs opening of the other side)")
FINISHING_FLOOR = N_(" (at this table an opening that finishes the hand must reach it too)")
TILE_NUMBER_RANGE = N_("'{text}' is not a tile: numbers run from 1 to 13")
FIT_RUN = N_(
    "{tile} does not fit the run {meld}: a run takes the next tile of its colour at either end"
)
FIT_SET = N_("{tile} does not fit the set {meld}: a set takes its missing colour")
# A pairs opener's refusal by what the engine says was tried (its ``doing``): a swap has
# words of its own, an add those of the code's template.
PAIRS_OPENER_NO_TABLE_DOING: dict[str, str] = {
    "take okeys from the table": N_(
        "You opened with pairs: at this table you may not take okeys from runs and sets "
        "(only lay new pairs)"
    ),
}
TILE_HELD_TOO_FEW = N_("You hold {held} {tile}, not {needed}")
# A meld-shape refusal names the meld it found wrong first.
MELD_PREFIX = N_("{meld}: {message}")
_MELD_SHAPE = frozenset(
    {
        C.READING_MISMATCH,
        C.STANDS_FOR_FALSE_OKEY,
        C.TILE_CANNOT_COUNT_AS,
        C.ONLY_OKEYS,
        C.NOT_A_PAIR,
        C.TWO_TILES_NO_MELD,
        C.TOO_FEW_TILES,
        C.NOT_A_RUN,
        C.NOT_A_SET,
        C.NOT_A_RUN_OR_SET,
    }
)
# Codes whose parameters do not carry the detail: in English the engine's text says it all.
_DETAIL_IN_TEXT = frozenset({C.NOT_AN_ACTION, C.NOT_A_POSITION, C.BAD_ARGUMENT})


# The most characters of one parameter a refusal says (a table's meld, a rack's tiles are
# far shorter).
LONGEST_PARAM = 200


class _Missing(dict[str, object]):
    """Parameters for a template; one the error did not carry reads as ``?``."""

    def __missing__(self, key: str) -> str:
        return "?"


def rule_title(section: int) -> str:
    """The title of a rules section, like ``Opening`` / ``Açılış``."""
    title = RULE_TITLES.get(section) or RULE_SECTIONS.get(section, "")
    return _(title) if title else ""


def _text(value: object) -> str:
    """A parameter in words; a false okey as the rack writes it, ``F✦`` (it read "F")."""
    from okey_tui.engine.tiles import Tile

    def one(item: object) -> str:
        return FALSE_OKEY_LABEL if isinstance(item, Tile) and item.is_false_okey else str(item)

    if isinstance(value, list | tuple):
        return " ".join(one(item) for item in value)
    return one(value)


def _marked(value: object, okey: Tile) -> str:
    """A parameter in words, melds and tiles written as the table shows them."""
    from okey_tui.engine.melds import Meld
    from okey_tui.engine.tiles import Tile

    if isinstance(value, Meld):
        return meld_text(value, okey)
    if isinstance(value, Tile):
        return _refused_tile_text(value, okey)
    if isinstance(value, list | tuple) and all(isinstance(v, Tile) for v in value):
        return " ".join(_refused_tile_text(t, okey) for t in value)
    return _text(value)


def _refused_tile_text(tile: Tile, okey: Tile) -> str:
    """A tile a refusal names, as the rack shows it; a false okey with what it plays as,
    ``F✦ (K6)``: why F✦ Y11 make no pair is in the K6.

    >>> from okey_tui.engine.tiles import Tile
    >>> _refused_tile_text(Tile.parse("F"), Tile.parse("K6")), _refused_tile_text(Tile.parse("K6"), Tile.parse("K6"))
    ('F✦ (K6)', 'K6★')
    """
    shown = tile_text(tile, okey)
    return f"{shown} ({effective(tile, okey)})" if tile.is_false_okey else shown


def pairs_kind(kind: object) -> bool:
    """Whether a refusal's ``kind`` is the pairs opening: an OpeningKind, or its plain
    form (its value, or its str) from a refusal passed on as text or from another table.

    >>> pairs_kind(OpeningKind.PAIRS), pairs_kind("OpeningKind.PAIRS"), pairs_kind("m")
    (True, True, False)
    """
    return kind in (OpeningKind.PAIRS, OpeningKind.PAIRS.value, str(OpeningKind.PAIRS))


def describe(error: BaseException) -> str:
    """What a person reads about a refusal, in the current language, from its code and params."""
    if not isinstance(error, OkeyError) or error.code is None:
        return str(error)
    from okey_tui.engine.tiles import Tile

    code = error.code
    okey = error.params.get("okey")
    if isinstance(okey, Tile):
        # A refusal that names table melds carries the okey: they read as the table shows them.
        params = {k: _marked(v, okey) for k, v in error.params.items() if k != "okey"}
    else:
        params = {k: _text(v) for k, v in error.params.items()}
    # Words a person typed are quoted, never at any length (a line of 20 MB with no
    # spaces was said back whole, in each refusal).
    params = {k: shortened(v, LONGEST_PARAM) for k, v in params.items()}
    if "doing" in params:
        params["doing"] = _(DOING.get(params["doing"], params["doing"]))
    if code is C.NOT_A_MATCH and "part" in params:
        params["part"] = _(MATCH_PARTS.get(params["part"], params["part"]))
    if code in _DETAIL_IN_TEXT and current_language() == "en":
        return str(error)  # the engine's English text has the detail the params lack
    template = TEMPLATES.get(code)
    if template is None:
        return str(error)
    if code is C.OPENING_BELOW_FLOOR:
        kind = error.params.get("kind")
        pairs = pairs_kind(kind)
        value = error.params.get("value")
        count = value if isinstance(value, int) else 2
        text = (
            ngettext(
                "Your opening is {value} pair; this table needs {floor}",
                "Your opening is {value} pairs; this table needs {floor}",
                count,
            )
            if pairs
            else _(template)
        )
        if error.params.get("risen"):
            if error.params.get("partners"):
                text += _(RISEN_PAIRS_SIDE if pairs else RISEN_MELDS_SIDE)
            else:
                text += _(RISEN_PAIRS if pairs else RISEN_MELDS)
        if error.params.get("finishing"):
            text += _(FINISHING_FLOOR)
        template_text = text
    elif code is C.NOT_A_TILE and re.fullmatch(r"[RYBK][0-9]+", params.get("text", "").upper()):
        template_text = _(TILE_NUMBER_RANGE)
    elif code is C.TILE_DOES_NOT_FIT:
        kind = getattr(getattr(error.params.get("meld"), "kind", None), "value", "")
        # A meld from another table is plain text: its kind unknown, the plain template.
        template_text = _({"set": FIT_SET, "run": FIT_RUN}.get(str(kind), template))
    elif code is C.PAIRS_OPENER_NO_TABLE and str(error.params.get("doing")) in (
        PAIRS_OPENER_NO_TABLE_DOING
    ):
        template_text = _(PAIRS_OPENER_NO_TABLE_DOING[str(error.params.get("doing"))])
    elif code is C.TILE_NOT_HELD and error.params.get("held"):
        template_text = _(TILE_HELD_TOO_FEW)
    else:
        template_text = _(template)
    message = template_text.format_map(_Missing(params))
    if code in _MELD_SHAPE and "meld" in params:
        message = _(MELD_PREFIX).format(meld=params["meld"], message=message)
    return message


def describe_refusal(code: str | None, params: Mapping[str, object], message: str) -> str:
    """A refusal that came as data (a code and plain parameters, from a table on another
    computer) in the current language; ``message`` when the code is not the engine's.

    >>> from okey_tui import i18n
    >>> _ = i18n.set_language("tr")
    >>> describe_refusal("opening-below-floor", {"value": 87, "floor": 101}, "Your opening…")
    'Açılışın 87 puan; bu masada en az 101 gerekir'
    >>> _ = i18n.set_language("en")
    """
    if current_language() == "en":
        return message  # the engine's own words, which the other table sent
    try:
        error_code = ErrorCode(code)
    except ValueError:
        return message
    error = OkeyError(message, code=error_code)
    error.params = dict(params)
    return describe(error)


def rule_section(number: int) -> str:
    """A section of okey101's rules as a line names it: ``rules §8 Opening``."""
    return _("rules §{number} {title}").format(number=number, title=rule_title(number))


def describe_with_rule(error: BaseException) -> str:
    """The refusal followed by the rule it enforces: ``… (rules §8 Opening)``."""
    message = describe(error)
    if isinstance(error, OkeyError) and error.rule is not None:
        return f"{message} ({rule_section(error.rule)})"
    return message


# -- tiles and melds as the table shows them ------------------------------------------------------

OKEY_MARK = "★"
FALSE_OKEY_LABEL = "F✦"


def tile_text(tile: Tile, okey: Tile, meant: Tile | None = None) -> str:
    """A tile in words as the rack and the table show it: the okey marked with a star,
    ``★R8`` where it stands for another tile (``meant``), a false okey ``F✦``.

    >>> from okey_tui.engine.tiles import Tile
    >>> okey = Tile.parse("B8")
    >>> tile_text(okey, okey), tile_text(okey, okey, Tile.parse("R4")), tile_text(Tile.parse("R4"), okey)
    ('B8★', '★R4', 'R4')
    """
    if tile == okey:
        return (
            f"{OKEY_MARK}{meant}" if meant is not None and meant != tile else f"{tile}{OKEY_MARK}"
        )
    return FALSE_OKEY_LABEL if tile.is_false_okey else str(tile)


def swap_holders_text(needed: Sequence[Tile], okey: Tile) -> str:
    """Who could swap out an okey on the table: the tiles that take it off, joined by "and";
    the tile that plays as the okey's own value is the false okey.

    >>> from okey_tui.engine.tiles import Tile, parse_tiles
    >>> okey = Tile.parse("B8")
    >>> swap_holders_text(parse_tiles("R5"), okey), swap_holders_text([okey, Tile.parse("K8")], okey)
    ('R5', 'F✦ and K8')
    """
    return _(" and ").join(tile_text(FALSE_OKEY if t == okey else t, okey) for t in needed)


def okey_meant(meant: Tile, swapped_by: Sequence[Tile]) -> str:
    """What an okey stands for, written after its star as the melds show it: the tile, or
    its number alone for a set's okey that only the set's missing colours together take
    off (``Meld.any_colour``: it stands for any of them).

    >>> from okey_tui.engine.tiles import Tile, parse_tiles
    >>> okey_meant(Tile.parse("R4"), parse_tiles("R4")), okey_meant(Tile.parse("R13"), parse_tiles("R13 K13"))
    ('R4', '13')
    """
    return str(meant.number) if len(swapped_by) > 1 else str(meant)


def tiles_text(tiles: Iterable[Tile], okey: Tile) -> str:
    """Tiles in words, each as :func:`tile_text` writes it, a space between them."""
    return " ".join(tile_text(t, okey) for t in tiles)


def meld_text(meld: Meld, okey: Tile) -> str:
    """A meld in words as the table panel shows it: each okey as a star and what it stands
    for (the log, the status line and the hints write melds this way).

    >>> from okey_tui.engine.melds import parse_meld
    >>> from okey_tui.engine.tiles import Tile
    >>> okey = Tile.parse("B8")
    >>> meld_text(parse_meld("R3*R4R5", okey), okey), meld_text(parse_meld("R8Y8F", okey), okey)
    ('R3 ★R4 R5', 'R8 Y8 F✦')
    >>> meld_text(parse_meld("*R13Y13B13", okey), okey)  # any colour the set misses
    '★13 Y13 B13'
    >>> meld_text(parse_meld("R13Y13B13*K13", okey), okey)  # only black is missing
    'R13 Y13 B13 ★K13'
    """
    return " ".join(
        placed_text(meld, laid, meant, okey)
        for laid, meant in zip(meld.tiles, meld.stands_for, strict=True)
    )


def any_colour_okey(meld: Meld, laid: Tile, meant: Tile, okey: Tile) -> bool:
    """Whether ``laid`` in ``meld``, standing for ``meant``, is a set of three's okey, which
    stands for any colour the set misses: written by its number alone (``★13``)."""
    return meld.any_colour and laid == okey and meant != laid


def placed_text(meld: Meld, laid: Tile, meant: Tile, okey: Tile) -> str:
    """One tile of ``meld`` as :func:`meld_text` writes it: an okey as a star and what it
    stands for there, a set of three's by its number alone."""
    if any_colour_okey(meld, laid, meant, okey):
        return f"{OKEY_MARK}{meant.number}"
    return tile_text(laid, okey, meant)


# -- the engine's other names: game types, penalty reasons, colours ------------------------------

GAME_TYPES: dict[str, str] = {
    "classic": N_("Classic"),
    "rising": N_("Rising"),
    "challenge": N_("Challenge"),
    "51": N_("51"),
}

PENALTY_REASONS: dict[str, str] = {
    "okey-discard": N_("discarded an okey"),
    "playable-discard": N_("discarded a playable tile"),
    "take-back": N_("took back their moves on the table"),
    "okey-taken": N_("an okey they placed was taken"),
    "give-back": N_("gave back the left discard"),
    "challenge-discard": N_("their discard was taken and used"),
}

COLOURS: dict[str, str] = {"R": N_("red"), "Y": N_("yellow"), "B": N_("blue"), "K": N_("black")}

MELD_KINDS: dict[str, str] = {"run": N_("run"), "set": N_("set"), "pair": N_("pair")}

BOT_LEVELS: dict[str, str] = {
    "easy": N_("easy"),
    "normal": N_("normal"),
    "hard": N_("hard"),
    "expert": N_("expert"),
}


def game_type_label(game_type: GameType | str) -> str:
    """``Classic`` / ``Klasik`` for a GameType or its value."""
    value = getattr(game_type, "value", game_type)
    return _(GAME_TYPES.get(str(value), str(value)))


def own_penalty_reasons() -> dict[str, str]:
    """What the player did, said to them (:data:`PENALTY_REASONS` for the others): "your
    discard was taken", and in a language whose verbs follow the person "okey attın", not
    "attı"."""
    return {
        "okey-discard": pgettext("you", "discarded an okey"),
        "playable-discard": pgettext("you", "discarded a playable tile"),
        "take-back": pgettext("you", "took back your moves on the table"),
        "okey-taken": pgettext("you", "an okey you placed was taken"),
        "give-back": pgettext("you", "gave back the left discard"),
        "challenge-discard": pgettext("you", "your discard was taken and used"),
    }


def penalty_label(reason: PenaltyReason | str, own: bool = False) -> str:
    """What a penalised player did, for a PenaltyReason or its value (``own``: said to the
    player who did it)."""
    value = str(getattr(reason, "value", reason))
    if own and value in PENALTY_REASONS:
        return own_penalty_reasons()[value]
    return _(PENALTY_REASONS[value]) if value in PENALTY_REASONS else value


def colour_name(letter: str) -> str:
    """``red`` / ``kırmızı`` for a colour letter (the letters themselves never change)."""
    return _(COLOURS[letter]) if letter in COLOURS else letter


def meld_kind(kind: MeldKind | str) -> str:
    """``run`` / ``seri`` for a MeldKind or its value."""
    value = str(getattr(kind, "value", kind))
    return _(MELD_KINDS[value]) if value in MELD_KINDS else value


def bot_level(level: str) -> str:
    """``easy`` / ``kolay``: a bot level as the player reads it (the CLI keeps the English word)."""
    return _(BOT_LEVELS[level]) if level in BOT_LEVELS else level


# -- the end of a hand: how it ended and each seat's arithmetic ----------------------------------


def describe_outcome(outcome: Outcome, names: Sequence[str] = (), you: int | None = None) -> str:
    """``normal finish``, ``straight out, with an okey``, ``the middle ran out``; given the
    seats' ``names``, ``the middle ran out as Ayşe was to draw`` (``you``: the seat of the
    person it is said to, told ``as you were to draw``)."""
    if outcome.kind is EndKind.EMPTY_MIDDLE or outcome.finisher is None:
        seat = outcome.to_draw
        if seat is None or not 0 <= seat < len(names):  # not known (an older table's)
            return _("the middle ran out")
        if seat == you:
            return _("the middle ran out as you were to draw")
        return _("the middle ran out as {name} was to draw").format(name=names[seat])
    parts = []
    if outcome.straight:
        parts.append(_("straight out"))
    if outcome.pairs:
        parts.append(_("with pairs"))
    if outcome.okey:
        parts.append(_("with an okey"))
    return ", ".join(parts) or _("normal finish")


class _FinishCase(enum.Enum):
    """Which line of the finish table wrote a seat's finish points."""

    FINISHER = enum.auto()
    PARTNER = enum.auto()  # the finisher's partner writes 0
    NOT_OPENED = enum.auto()
    STRAIGHT = enum.auto()  # a flat 404 for everyone else
    LEFT = enum.auto()  # the tiles left, S, times any steps


def _finish_case(line: SeatScore, outcome: Outcome, *, partners: bool) -> _FinishCase:
    finisher = outcome.finisher
    if finisher is not None and finisher == line.seat:
        return _FinishCase.FINISHER
    if partners and finisher is not None and (finisher + 2) % 4 == line.seat:
        return _FinishCase.PARTNER
    if line.opened is None:
        return _FinishCase.NOT_OPENED
    if outcome.straight:
        return _FinishCase.STRAIGHT
    return _FinishCase.LEFT


def finish_formula(
    line: SeatScore,
    outcome: Outcome,
    *,
    partners: bool,
    going_pairs: bool,
    finisher_zero: bool,
    own: bool = False,
    straight_said: bool = False,
) -> str:
    """How a seat's finish points were reached (``23 in hand × 2``), from the engine's numbers
    (``own``: the player's own seat, said to them: "202 el açmadın"; ``straight_said``: a
    line above said what a straight out makes each opponent write, so this one gives the
    figure alone, ``404 (202 × 2)``)."""
    from okey_tui.engine.scoring import GOING_PAIRS_FACTOR, NOT_OPENED
    from okey_tui.engine.state import PENALTY

    m = outcome.multiplier
    times = f" × {m}" if m > 1 else ""
    case = _finish_case(line, outcome, partners=partners)
    if case is _FinishCase.FINISHER:
        if finisher_zero:
            return _("0 (finisher)")
        # "-101" alone did not say it is the finisher's reward (rules §10).
        finished = pgettext("you", "{points} for finishing") if own else _("{points} for finishing")
        return finished.format(points=f"-{PENALTY}{times}")
    if case is _FinishCase.PARTNER:
        return pgettext("you", "0 (partner finished)") if own else _("0 (partner finished)")
    if case is _FinishCase.NOT_OPENED:
        not_opened = pgettext("you", "{points} not opened") if own else _("{points} not opened")
        text = not_opened.format(points=NOT_OPENED) + times
        return text + (f" × {GOING_PAIRS_FACTOR} " + _("(Going Pairs)") if going_pairs else "")
    if case is _FinishCase.STRAIGHT and straight_said:
        # Said once (three lines of "for a straight out: each opponent writes it, opened
        # or not" took the summary's room at 80x24).
        return f"{NOT_OPENED * m} ({NOT_OPENED} × {m})"
    if case is _FinishCase.STRAIGHT:
        # The flat figure every other seat writes, said whole: "202 straight out × 2" read
        # like the never-opened figure, though an opened seat writes it too (rules §11).
        # The figure worked out too ("404 (202 × 2 …)"): "404 (a straight out: each
        # opponent scores it…)" left a learner asking where 404 came from.
        if own:
            straight = pgettext(
                "you",
                "{points} ({base} × {times} for a straight out: each opponent writes it, "
                "opened or not)",
            )
        else:
            straight = _(
                "{points} ({base} × {times} for a straight out: each opponent writes it, "
                "opened or not)"
            )
        return straight.format(points=NOT_OPENED * m, base=NOT_OPENED, times=m)
    steps = line.finish // line.left_sum if line.left_sum else 1
    return _("{total} in hand").format(total=line.left_sum) + (f" × {steps}" if steps > 1 else "")


def writes_straight(line: SeatScore, outcome: Outcome, *, partners: bool) -> bool:
    """Whether a seat's finish points are the straight out's figure (202 times the steps)."""
    return _finish_case(line, outcome, partners=partners) is _FinishCase.STRAIGHT


def writes_not_opened(line: SeatScore, outcome: Outcome, *, partners: bool) -> bool:
    """Whether a seat's finish points are the never-opened figure (202, times any steps)."""
    return _finish_case(line, outcome, partners=partners) is _FinishCase.NOT_OPENED


def counts_tiles_left(line: SeatScore, outcome: Outcome, *, partners: bool) -> bool:
    """Whether a seat's finish points are its tiles left (S, times any steps), the only
    case in which a pairs opener's step shows in the sum."""
    return _finish_case(line, outcome, partners=partners) is _FinishCase.LEFT


def opened_with(opening: Opening, own: bool = False) -> str:
    """``opened with 105 points`` or ``opened with 5 pairs``: what an opening was worth, in
    the one wording the log, the table and the summary share (``own``: said to the player
    who opened, "105 ile açtın")."""
    return _opened_with(getattr(opening.kind, "value", "") == "p", opening.value, own)


def _opened_with(pairs: bool, n: int, own: bool) -> str:
    if pairs:
        if own:
            return pgettext("you", "opened with {n} pairs").format(n=n)
        return _("opened with {n} pairs").format(n=n)
    if own:
        return pgettext("you", "opened with {n} points").format(n=n)
    return _("opened with {n} points").format(n=n)


def you_opened_with(opening: Opening, rules: RuleSet | None = None) -> str:
    """``You opened with 105 points`` / ``5 pairs``: a status line said to the player; with
    the table's ``rules``, the big opening bonus it earned (``…: -101 (big opening)``)."""
    n = opening.value
    if getattr(opening.kind, "value", "") == "p":
        said = _("You opened with {n} pairs").format(n=n)
    else:
        said = _("You opened with {n} points").format(n=n)
    return said if rules is None else with_opening_bonus(said, rules, opening.kind, n)


def with_opening_bonus(said: str, rules: RuleSet, kind: OpeningKind, value: int) -> str:
    """``said`` (an opening in words) with what the opening takes off the opener's hand
    score at this table, when the engine says it earns the big opening bonus (Rising and
    Challenge, rules §12): ``opened with 7 pairs: -101 (big opening)``."""
    from okey_tui.engine.scoring import opening_bonus

    points = opening_bonus(rules, kind, value)
    if not points:
        return said
    # The ASCII minus, as every score the summary and the score sheet write (-101).
    return _("{opened}: -{points} (big opening)").format(opened=said, points=-points)


# -- the game log: the engine's events in words --------------------------------------------------

EVENT_TEMPLATES: dict[str, str] = {
    "deal": N_("Indicator {tile}: the okey is {okey}"),
    "empty": N_("The middle is empty: the hand ends"),
    "draw": N_("drew from the middle"),
    "take": N_("took {tile} from the left"),
    "giveback": N_("gave back {tile}"),
    "pairs": N_("declared Going Pairs"),
    "open": N_("opened with {n} points"),  # or with pairs: :func:`opened_with`
    "lay": N_("laid {tiles}"),
    "add": N_("added {tile} to the table"),
    "swap": N_("took an okey from the table for {tiles}"),
    "takeback": N_("took back this turn's moves on the table"),
    "discard": N_("discarded {tile}"),
    "penalty": N_("+{points}: penalty"),
    "finish": N_("finished: {how}"),
    "end": N_("The hand is over ({how})"),
}


def own_event_templates() -> dict[str, str]:
    """The player's own moves, said to them after "You": the same English as
    :data:`EVENT_TEMPLATES`, but a language whose verbs follow the person says
    them otherwise ("Sen ortadan çektin", not "çekti")."""
    return {
        "draw": pgettext("you", "drew from the middle"),
        "take": pgettext("you", "took {tile} from the left"),
        "giveback": pgettext("you", "gave back {tile}"),
        "pairs": pgettext("you", "declared Going Pairs"),
        "open": pgettext("you", "opened with {n} points"),
        "lay": pgettext("you", "laid {tiles}"),
        "add": pgettext("you", "added {tile} to the table"),
        "swap": pgettext("you", "took an okey from the table for {tiles}"),
        "takeback": pgettext("you", "took back this turn's moves on the table"),
        "discard": pgettext("you", "discarded {tile}"),
        "finish": pgettext("you", "finished: {how}"),
    }


# The moves a log writes from the melds they carry (the engine's own line does not mark an
# okey): an add or a swap names the table meld as it was.
MELD_EVENT_TEMPLATES: dict[str, str] = {
    "add": N_("added {tile} to {meld}"),
    "swap": N_("took the okey from {meld} for {tiles}"),
}
# The moves about one tile, written from it in every language: an okey shows its star.
TILE_EVENTS = frozenset({"take", "giveback", "discard"})


def own_meld_event_templates() -> dict[str, str]:
    """:data:`MELD_EVENT_TEMPLATES` said to the player who moved (as
    :func:`own_event_templates`)."""
    return {
        "add": pgettext("you", "added {tile} to {meld}"),
        "swap": pgettext("you", "took the okey from {meld} for {tiles}"),
    }


def added_tile_text(event: Event, okey: Tile) -> str:
    """The tile an add event laid off, as the table shows it: an okey as ``★R9``, the tile
    it stands for in the meld it joined (``B9★`` as itself, or when the event carries no
    melds, as in a log saved before they were kept)."""
    from okey_tui.engine.melds import added_meaning

    tile = event.tiles[0]
    if tile == okey and len(event.melds) == 2:
        return tile_text(tile, okey, added_meaning(*event.melds))
    return tile_text(tile, okey)


def added_tiles_text(events: Sequence[Event], okey: Tile) -> str:
    """The tiles of several add events onto one meld (one key's adds), as the table shows
    them and in the order they stand in the meld: laid R8 then R7 (the order the rules
    need, onto R9 R10 R11), they read "R7 R8", not "R8 R7"."""
    from okey_tui.engine.melds import added_meaning

    final = events[-1].melds[1] if events and len(events[-1].melds) == 2 else None

    def place(event: Event) -> int:
        if final is None or len(event.melds) != 2:
            return 0
        meant = added_meaning(*event.melds)
        return final.stands_for.index(meant) if meant in final.stands_for else 0

    return " ".join(added_tile_text(e, okey) for e in sorted(events, key=place))


def event_text(
    event: Event,
    hand: Hand | PlayerView,
    own: bool = False,
    names: Sequence[str] = (),
    you: int | None = None,
) -> str:
    """One event of the hand in words: in English the engine's own line, else the template's
    (``own``: the move of the player it is said to, :func:`own_event_templates`). Tiles and
    melds are written as the table shows them, an okey with its star, in every language.
    Given the seats' ``names`` (and ``you``, the seat it is said to), the end of a hand whose
    middle ran out says who was to draw (:func:`describe_outcome`)."""
    if event.kind == "penalty" and event.code in PENALTY_REASONS:
        # Why, in every language ("+101: işler taş attı", not just "ceza"), and to the payer
        # as theirs ("+30: your discard was taken and used").
        return f"+{event.value}: {penalty_label(event.code, own=own)}"
    okey = hand.okey
    if event.kind in MELD_EVENT_TEMPLATES and len(event.melds) == 2 and event.tiles:
        template = (own_meld_event_templates() if own else {}).get(event.kind) or _(
            MELD_EVENT_TEMPLATES[event.kind]
        )
        return template.format(
            tile=added_tile_text(event, okey),
            tiles=tiles_text(event.tiles, okey),
            meld=meld_text(event.melds[0], okey),
        )
    outcome = hand.outcome
    marked = (
        (event.kind == "lay" and bool(event.melds))
        or (event.kind in TILE_EVENTS and bool(event.tiles))
        # The engine's line cannot name the seat that was to draw: the template does.
        or (
            event.kind == "end"
            and outcome is not None
            and bool(names)
            and outcome.to_draw is not None
        )
    )
    if event.kind == "open":
        return _opening_event_text(event, hand, own)
    if (current_language() == "en" and not marked) or event.kind not in EVENT_TEMPLATES:
        return str(event.text)
    if event.kind == "lay" and event.melds:
        tiles = ", ".join(meld_text(m, okey) for m in event.melds)
    else:
        tiles = tiles_text(event.tiles, okey)
    params: dict[str, object] = {
        "tile": tile_text(event.tiles[0], okey) if event.tiles else "",
        "tiles": tiles,
        "okey": okey,
        "points": event.value,
        "how": describe_outcome(outcome, names, you) if outcome is not None else "",
    }
    own_templates = own_event_templates() if own else {}
    template = own_templates.get(event.kind) or _(EVENT_TEMPLATES[event.kind])
    return template.format_map(_Missing(params))


def _opening_event_text(event: Event, hand: Hand | PlayerView, own: bool) -> str:
    """An opening in the log: ``opened with 7 pairs``, and at a table with the big opening
    bonus what it earned (``opened with 7 pairs: -101 (big opening)``)."""
    if event.tiles:
        # Each pair is two tiles; a melds opening is worth at least a point a tile. So the
        # tiles say the kind even of an opening since taken back.
        pairs = len(event.tiles) == 2 * event.value
    else:
        opening = hand.openings[event.seat] if event.seat is not None else None
        pairs = opening is not None and getattr(opening.kind, "value", "") == "p"
    said = _opened_with(pairs, event.value, own)
    kind = OpeningKind.PAIRS if pairs else OpeningKind.MELDS
    return with_opening_bonus(said, hand.rules, kind, event.value)
