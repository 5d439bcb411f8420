"""Practice-table help, computed from one seat's :class:`PlayerView` alone. No Textual here.

Everything here reads what the seat may see (its rack, the table, the
discards) and asks the solver; nothing looks at another rack or the middle.

* :func:`hint_for`: the hint panel's content (the expert bot's choice for the
  moment, best opening against the floor, the left discard, the safest
  discards, lay-offs, okey swaps, a finish);
* :func:`expert_hint`: the expert bot's choice in plain words, with what it
  expects each alternative to cost;
* :func:`penalty_warning`: what an action about to cost a penalty costs, and why;
* :func:`why`: an engine message with the rules section it refers to;
* :class:`TurnUndo`: the practice table's undo within the current turn.

>>> shortfall_text(94, 101)
'94 / 101: 7 points short'
>>> shortfall_text(108, 101)
'108 / 101: enough to open'
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING

from okey_tui.engine.actions import (
    Action,
    AddTile,
    DeclarePairs,
    Discard,
    DrawMiddle,
    GiveBack,
    Lay,
    Open,
    SwapOkey,
    TakeBack,
    TakeDiscard,
)
from okey_tui.engine.errors import (
    RULE_SECTIONS,
    OkeyError,
)
from okey_tui.engine.melds import (
    Meld,
    MeldKind,
    added_meaning,
    effective,
    extensions,
    fits_table,
    is_wild,
    melds_taking,
)
from okey_tui.engine.scoring import (
    GOING_PAIRS_NOT_OPENED,
    finish_points,
    left_sum,
    not_opened_score,
    opening_bonus,
    straight_out_scores,
)
from okey_tui.engine.solver import (
    Arrangement,
    FinishPlan,
    LayOff,
    OpeningCheck,
    Swap,
    best_melds,
    best_pairs,
    finish_plan,
    lay_offs,
    okey_swaps,
    opening_check,
)
from okey_tui.engine.state import (
    PENALTY,
    SEATS,
    EndKind,
    Hand,
    Opening,
    OpeningKind,
    Outcome,
    PenaltyReason,
    Phase,
    challenge_payment,
)
from okey_tui.engine.tiles import COLOURS, FALSE_OKEY, Tile
from okey_tui.engine.view import (
    PlayerView,
    exposed_add,
    exposed_okeys,
    guarded_melds,
    is_pairs_only,
    taken_opening,
)
from okey_tui.i18n import _, and_list, current_language, ngettext
from okey_tui.messages import describe, meld_text, okey_meant, rule_title, tile_text

if TYPE_CHECKING:
    from okey_tui.bots.expert import ExpertBot, Threat

__all__ = [
    "DiscardTip",
    "ExpertHint",
    "expert_hint",
    "Hint",
    "meld_words",
    "LeftDiscard",
    "TurnUndo",
    "hint_for",
    "penalty_warning",
    "rule_for",
    "safest_discards",
    "shortfall_text",
    "left_discard_advice",
    "why",
]

# -- the rules section an engine refusal enforces ---------------------------------------------

SECTIONS = RULE_SECTIONS


def rule_for(error: BaseException) -> str | None:
    """The rules section (``"§8 Opening"``) an engine error enforces, from its code.

    The message is never read: an error without a rule (or not from the
    engine) has none.

    >>> from okey_tui.engine.errors import ErrorCode, OpeningError
    >>> rule_for(OpeningError("...", code=ErrorCode.OPENING_BELOW_FLOOR, value=87, floor=101))
    '§8 Opening'
    """
    if not isinstance(error, OkeyError) or error.rule is None:
        return None
    return f"§{error.rule} {rule_title(error.rule)}"


def why(error: BaseException) -> str:
    """The refusal in words (from its code, :func:`okey_tui.messages.describe`) and its rule.

    >>> from okey_tui.engine.errors import ErrorCode, IllegalActionError
    >>> why(IllegalActionError("...", code=ErrorCode.KEEP_ONE_TILE))
    'You must keep one tile in hand to discard: leave one tile out (rules §6 A turn)'
    """
    message = describe(error)
    section = rule_for(error)
    if not section:
        return message
    # A template, not _("rules") inside an f-string: the extractor does not look in
    # f-strings, and the Turkish refusals said "(rules §6 …)".
    return _("{message} (rules {section})").format(message=message, section=section)


# -- the hint --------------------------------------------------------------------------------


@dataclass(frozen=True)
class LeftDiscard:
    """Whether the left discard is worth taking: it completes an opening or a lay-off."""

    tile: Tile
    worth: bool
    reason: str


@dataclass(frozen=True)
class DiscardTip:
    tile: Tile
    reason: str


@dataclass(frozen=True)
class Hint:
    """What the hint panel shows for one seat."""

    okey: Tile
    opening: Opening | None  # how the seat opened, or None
    check: OpeningCheck | None  # the best opening the rack holds (unopened seats only)
    pairs_only: bool
    left: LeftDiscard | None
    discards: tuple[DiscardTip, ...]
    no_safe_discard: str | None
    lay_offs: tuple[LayOff, ...]
    swaps: tuple[Swap, ...]
    finish: FinishPlan | None
    expert: ExpertHint | None = None
    over: bool = False  # the hand has ended: nothing to advise
    # The table's melds as they stand: a lay-off shows its meld before the tile goes on.
    table: tuple[Meld, ...] = ()
    # Opponents who have opened and are near going out: (seat, tiles held, places after
    # this seat: 1 on the right, to play next; 2 across; 3 on the left), fewest first.
    near_out: tuple[tuple[int, int, int], ...] = ()
    # What this seat writes if the hand ends before it opens (None: it has opened).
    not_opened: int | None = None
    # The okeys of the best opening another seat could swap out (+101 to this seat), each
    # as the melds write what it stands for ("Y6"), at a penalty table.
    swappable: tuple[str, ...] = ()
    partners: bool = False  # a partners table: a partner's swap costs nothing (rules §11)

    def opening_line(self) -> str:
        assert self.check is not None
        return shortfall_text(self.check.value, self.check.floor)

    def pairs_line(self) -> str:
        assert self.check is not None
        return pairs_text(self.check.pair_count, self.check.pairs_floor)


def shortfall_text(value: int, floor: int) -> str:
    """A melds total against its floor, with the shortfall in points."""
    if value >= floor:
        return _("{value} / {floor}: enough to open").format(value=value, floor=floor)
    short = floor - value
    return f"{value} / {floor}: " + ngettext("{n} point short", "{n} points short", short).format(
        n=short
    )


def pairs_text(count: int, floor: int) -> str:
    """A pairs count against the pairs floor.

    >>> pairs_text(3, 5)
    '3 / 5 pairs: 2 pairs short'
    """
    if count >= floor:
        return _("{count} / {floor} pairs: enough to open with pairs").format(
            count=count, floor=floor
        )
    short = floor - count
    return (
        _("{count} / {floor} pairs:").format(count=count, floor=floor)
        + " "
        + ngettext("{n} pair short", "{n} pairs short", short).format(n=short)
    )


def pairs_nearer(check: OpeningCheck) -> bool:
    """Whether the pairs are nearer their floor than the melds' points are to theirs, as
    the panel's two lines show them ("4 / 5 pairs" beside "40 / 101"), neither reached.

    >>> from okey_tui.engine.tiles import parse_tiles
    >>> pairs_nearer(opening_check(parse_tiles("R1 R1 Y1 Y1 B5 B5 K9 K9 R3"), Tile.parse("B8")))
    True
    """
    if check.can_open_melds or check.can_open_pairs:
        return False
    return check.pair_count * check.floor > check.value * check.pairs_floor


def hint_for(view: PlayerView, limit: int = 3) -> Hint:
    """The hint for the seat of ``view``, from that view only."""
    okey = view.okey
    if view.phase is Phase.OVER:  # a look at the table after the hand (it listed discards)
        return Hint(
            okey, view.opening, None, is_pairs_only(view), None, (), None, (), (), None, over=True
        )
    rack = list(view.rack)
    table = [tm.meld for tm in view.table]
    check = None
    if view.opening is None:
        check = opening_check(rack, okey, view.melds_floor, view.pairs_floor)
        # Its okeys where s puts them, nobody able to swap them when a reading allows it
        # (the panel showed R3 R4 ★R5 where the sorted rack read ★R2 R3 R4), a run giving
        # up tiles for it as s does (its leftover then holds them).
        guarded = guarded_melds(view, check.melds.melds, shorten=True)
        if guarded != check.melds.melds:
            given_up = Counter(t for m in check.melds.melds for t in m.tiles)
            given_up.subtract(t for m in guarded for t in m.tiles)
            leftover = (*check.melds.leftover, *given_up.elements())
            check = replace(check, melds=replace(check.melds, melds=guarded, leftover=leftover))
    # With the middle empty a draw ends the hand: nothing can be laid off, or discarded,
    # after it (the panel listed "Safest discards" under "Draw: the hand ends").
    ends_at_draw = view.phase is Phase.DRAW and not view.middle_count
    if ends_at_draw:
        safe: tuple[DiscardTip, ...] = ()
        none_reason: str | None = _("none: your draw ends the hand, with nothing to discard")
    else:
        safe, none_reason = safest_discards(view, limit)
    offs: tuple[LayOff, ...] = ()
    swaps: tuple[Swap, ...] = ()
    if view.can_touch_table() and table and not ends_at_draw:
        seen: set[tuple[Tile, int]] = set()
        unique = []
        for off in lay_offs(rack, okey, table):
            if (off.tile, off.index) not in seen:
                seen.add((off.tile, off.index))
                unique.append(off)
        offs = tuple(unique)
        swaps = tuple(okey_swaps(rack, okey, table))
    return Hint(
        okey=okey,
        opening=view.opening,
        check=check,
        pairs_only=is_pairs_only(view),
        left=left_discard_advice(view),
        discards=safe,
        no_safe_discard=none_reason,
        lay_offs=offs,
        swaps=swaps,
        finish=_finish(view),
        expert=expert_hint(view),
        table=tuple(table),
        near_out=near_going_out(view),
        swappable=_swappable(view, check),
        partners=view.rules.partners,
        not_opened=_stakes(view)["not_opened"] if view.opening is None else None,
    )


def _swappable(view: PlayerView, check: OpeningCheck | None) -> tuple[str, ...]:
    """The okeys of the rack's best opening of runs and sets that another seat could swap
    out once laid, costing this seat +101 (a penalty table): the staging line warned of
    them, the hints' best opening did not (a learner who laid it paid for it at once)."""
    if check is None or not view.rules.penalties or not check.can_open_melds:
        return ()
    found = exposed_okeys(view, check.melds.melds)
    return tuple(dict.fromkeys(okey_meant(meant, needed) for meant, needed in found))


# An opponent who has opened and holds this many tiles or fewer is near going out: the
# hints say so first (a learner was told nothing while the player on their right held 1).
NEAR_OUT = 5


def opened_opponents(view: PlayerView) -> tuple[tuple[int, int, int], ...]:
    """The opponents (a partner is not one) who have opened, as (seat, tiles held, places
    after this seat: 1 on the right, to play next), fewest tiles first, then in the order
    they play after this seat."""
    opened = [
        (seat, view.rack_counts[seat], step)
        for step in range(1, SEATS)
        if (seat := (view.seat + step) % SEATS) != view.partner and view.openings[seat] is not None
    ]
    return tuple(sorted(opened, key=lambda each: (each[1], each[2])))


def near_going_out(view: PlayerView) -> tuple[tuple[int, int, int], ...]:
    """The opponents who have opened and hold :data:`NEAR_OUT` tiles or fewer, as
    :func:`opened_opponents` gives them.

    >>> from okey_tui.engine.match import Match
    >>> from okey_tui.engine.rules import RuleSet
    >>> near_going_out(PlayerView.of(Match(RuleSet(hands=1), 3).hand, 0))
    ()
    """
    return tuple(each for each in opened_opponents(view) if each[1] <= NEAR_OUT)


# -- the expert's choice -------------------------------------------------------------------

# Worlds the hint samples: fewer than the bot at the table, so that the panel
# answers at once; the choice is the same kind of search.
HINT_SAMPLES = 8
# The hint's time (the expert's default): on a slow or busy machine it rests on fewer deals.
HINT_BUDGET_MS = 300.0


@dataclass(frozen=True)
class ExpertHint:
    """The expert bot's choice for this moment, as a headline and a few plain lines."""

    action: Action
    headline: str
    lines: tuple[str, ...]
    # The lines say why to take or leave the left discard: the panel does not repeat it.
    covers_left: bool = False
    # Discards the lines call clearly worse (beyond the expert's margin): the panel's list
    # of safest discards, judging each tile alone, says so beside such a tile (it called
    # Y10 safe under "Discarding Y10 instead: about 17 points worse").
    worse_discards: tuple[Tile, ...] = ()
    # The choice holds an opening back for a straight out: a gamble, which the panel's
    # rule of thumb about the left discard (take it and open) is the safe side of.
    gamble: bool = False


def _trust() -> float:
    """The expert's margin for its own discard: other discards within it are a toss-up."""
    from okey_tui.bots.expert import TRUST

    return TRUST


def _points(diff: float) -> str:
    whole = round(abs(diff))
    if whole == 0:
        return _("about the same")
    if diff < 0:
        return ngettext("about {n} point worse", "about {n} points worse", whole).format(n=whole)
    return ngettext("about {n} point better", "about {n} points better", whole).format(n=whole)


def _count(rate: float, tried: int) -> int:
    """How many of the ``tried`` guesses at the hidden tiles a share of them is.

    >>> _count(5 / 8, 8), _count(0.0, 8)
    (5, 0)
    """
    return round(rate * tried)


def _stakes(view: PlayerView) -> dict[str, int]:
    """The figures the hints' words on holding and opening name, as the engine scores them
    at this table: what each opponent writes for a straight out (``straight``; a partner
    writes 0), what the seat going out writes (``finisher``: 0 where the finisher writes
    0), and what this seat writes if it never opens (``not_opened``: doubled after
    declaring Going Pairs). A hint said 202 to a player who had declared Going Pairs (the
    summary then wrote 404), and "every other player scores 404" at a partners table."""
    finisher, straight = straight_out_scores(view.rules)
    return {
        "straight": straight,
        "finisher": finisher,
        "not_opened": not_opened_score(view.going_pairs[view.seat]),
    }


def _safer_line(view: PlayerView, tile: str | None = None, held: bool = False) -> str:
    """Opening now, said as the alternative to the expert's hold and what it trades: a
    hint that said "Opening now is the safe choice" after "Hold your opening back" left a
    learner two answers. ``tile``: the left discard whose take opens (a hold at the draw);
    ``held``: the rack holds an opening without it, which can also go down after a draw.
    Then the opponents who have opened, with their tiles: the risk the hold runs, in
    figures (a learner read "an opponent goes out" with no word of who could)."""
    if tile is not None and held:
        said = _(
            "Opening this turn instead is safer (after the draw, or by taking {tile}): if "
            "an opponent goes out before you open, you score {not_opened}, as a hand never "
            "opened."
        ).format(tile=tile, **_stakes(view))
    elif tile is not None:
        said = _(
            "Taking {tile} and opening now instead is safer: if an opponent goes out "
            "before you open, you score {not_opened}, as a hand never opened."
        ).format(tile=tile, **_stakes(view))
    else:
        said = _(
            "Opening now instead is safer: if an opponent goes out before you open, you "
            "score {not_opened}, as a hand never opened."
        ).format(**_stakes(view))
    opened = _opened_opponents(view)
    return f"{said} {opened}" if opened else said


def _opened_opponents(view: PlayerView) -> str:
    """The opponents who have opened, each with its place and the tiles it holds, fewest
    first ("The player across from you has opened and holds 11 tiles."); "" for none."""
    places = {
        1: _("The player on your right"),
        2: _("The player across from you"),
        3: _("The player on your left"),
    }
    said = [
        ngettext(
            "{who} has opened and holds {n} tile.",
            "{who} has opened and holds {n} tiles.",
            tiles,
        ).format(who=places[step], n=tiles)
        for _seat, tiles, step in opened_opponents(view)
    ]
    return " ".join(said)


def _held_opening_lines(view: PlayerView, kept: list[Tile]) -> list[str]:
    """What else a hold puts at stake at this table, for the opening in ``kept`` (the rack
    once the hold's discard is made): the big opening bonus it would take now (Rising,
    Challenge), lost too if someone goes out first; and, where each opening raises the
    floor, that an opening of the same points or more by another player first leaves it
    short of the new floor."""
    check = opening_check(kept, view.okey, view.melds_floor, view.pairs_floor)
    if not check.can_open_melds:
        return []
    lines = []
    bonus = opening_bonus(view.rules, OpeningKind.MELDS, check.value)
    if bonus:
        lines.append(
            _(
                "Opened now, your {points} points also take {bonus} off your score for this "
                "hand (a big opening); if someone goes out before you open, you lose that too."
            ).format(points=check.value, bonus=-bonus)
        )
    if view.rules.melds_floor_rises:
        # At a partners table only the other side's openings raise it (rules §13).
        lines.append(
            (
                _(
                    "At this table each opening of the other side raises the floor: if an "
                    "opponent opens with {points} points or more before you, your {points} "
                    "points are no longer enough to open."
                )
                if view.rules.partners
                else _(
                    "At this table each opening raises the floor: if another player opens with "
                    "{points} points or more before you, your {points} points are no longer "
                    "enough to open."
                )
            ).format(points=check.value)
        )
    return lines


# Points behind the best other side before a hold's hint names the match as a reason: 2
# points behind ("You are behind in the match: a straight out is your way back") sent a
# learner after a gamble an ordinary finish, or one good hand, makes up.
WAY_BACK_GAP = 50


def _behind_by(view: PlayerView) -> int:
    """How many points the seat's side is behind the best other side (0: not behind)."""
    mine = view.match_totals[view.seat]
    others = [t for s, t in enumerate(view.match_totals) if s not in (view.seat, view.partner)]
    return max(0, mine - min(others)) if others else 0


def _threat_line(threat: Threat | None) -> str | None:
    """Why a hold goes on although an opponent is near going out. Past the plain risk only
    a seat really behind in the match holds on (the hints' expert, ``gamble_level`` off: a
    learner is not taught to gamble a level match, every first hand, on a straight out)."""
    if threat is None:
        return None
    if threat.behind:
        return ngettext(
            "An opponent who has opened is down to {n} tile and goes out on the next turn "
            "in {share} guesses the expert made at the tiles you cannot see; the expert holds on all "
            "the same: you are behind in the match, and a straight out is your way back.",
            "An opponent who has opened is down to {n} tiles and goes out on the next turn "
            "in {share} guesses the expert made at the tiles you cannot see; the expert holds on all "
            "the same: you are behind in the match, and a straight out is your way back.",
            threat.tiles,
        ).format(n=threat.tiles, share=_risk_share(threat))
    if not _count(threat.risk, threat.worlds):
        return ngettext(
            "An opponent who has opened is down to {n} tile, but goes out on the next turn "
            "in none of the {worlds} guesses the expert made at the tiles you cannot see.",
            "An opponent who has opened is down to {n} tiles, but goes out on the next turn "
            "in none of the {worlds} guesses the expert made at the tiles you cannot see.",
            threat.tiles,
        ).format(n=threat.tiles, worlds=threat.worlds)
    return ngettext(
        "An opponent who has opened is down to {n} tile, but goes out on the next turn "
        "in only {share} guesses the expert made at the tiles you cannot see.",
        "An opponent who has opened is down to {n} tiles, but goes out on the next turn "
        "in only {share} guesses the expert made at the tiles you cannot see.",
        threat.tiles,
    ).format(n=threat.tiles, share=_risk_share(threat))


def _risk_share(threat: Threat) -> str:
    """How often an opponent went out on its next turn: "in 1 of 16 guesses", not "6%" (a
    share of a few guesses is not a precise figure)."""
    return _("{k} of {n}").format(k=_count(threat.risk, threat.worlds), n=threat.worlds)


def _open_for_threat_line(view: PlayerView, threat: Threat) -> str:
    """Why the hint opens rather than holds the opening back for a straight out: an
    opponent who has opened may go out first, and a hand never opened scores the most."""
    said = ngettext(
        "An opponent who has opened is down to {n} tile and goes out on the next turn in "
        "{share} guesses the expert made at the tiles you cannot see: open now rather than "
        "hold the opening back for a straight out, or you may score {not_opened}, as a hand "
        "never opened.",
        "An opponent who has opened is down to {n} tiles and goes out on the next turn in "
        "{share} guesses the expert made at the tiles you cannot see: open now rather than "
        "hold the opening back for a straight out, or you may score {not_opened}, as a hand "
        "never opened.",
        threat.tiles,
    ).format(n=threat.tiles, share=_risk_share(threat), **_stakes(view))
    opened = _opened_opponents(view)  # who could go out first (as a hold's hint says)
    return f"{said} {opened}" if opened else said


def _never_line(view: PlayerView, tried: int, threat: Threat | None, safer: str | None) -> str:
    """Why the expert holds its opening back when none of its guesses went out in one turn:
    the real reason, not a straight out to wait for that came in none of them. With no
    opponent near going out it holds whatever the match score, as holding has paid over
    many hands (docs/bots.md, "Holding for a straight out"); a seat really behind is told
    that a straight out is its way back too (a level match, every first hand, is not
    behind: "you are not ahead in the match … your way back" read as nonsense at 0-0-0-0).
    Then ``safer``: opening now, as the safer alternative (None: there is none)."""
    why = [
        ngettext(
            "In the {n} guess the expert made at the tiles you cannot see, you do not go out in one "
            "turn before the middle runs out, but the expert holds anyway while a draw is "
            "left: over many hands, its straight outs (every tile laid in one turn, none "
            "before: each opponent scores {straight}, you {finisher}) gain more than opening "
            "at once saves.",
            "In none of the {n} guesses the expert made at the tiles you cannot see do you go out in "
            "one turn before the middle runs out, but the expert holds anyway while a draw "
            "is left: over many hands, its straight outs (every tile laid in one turn, none "
            "before: each opponent scores {straight}, you {finisher}) gain more than opening "
            "at once saves.",
            tried,
        ).format(n=tried, **_stakes(view))
    ]
    # Held past an opponent near going out, the line about it gives the match as the reason.
    from okey_tui.bots.expert import behind_in_match

    gap = _behind_by(view)
    if gap >= WAY_BACK_GAP and behind_in_match(view) and not (threat is not None and threat.behind):
        why.append(
            _("You are {n} points behind in the match: a straight out is your way back.").format(
                n=gap
            )
        )
    if safer is not None:
        why.append(safer)
    return " ".join(why)


def tile_words(tile: Tile, okey: Tile) -> str:
    """A tile for a learner: a false okey or an okey says what it is.

    >>> tile_words(Tile.parse("F"), Tile.parse("Y6")), tile_words(Tile.parse("R3"), Tile.parse("Y6"))
    ('F✦ (the false okey: it plays as Y6)', 'R3')
    """
    shown = tile_text(tile, okey)  # as the rack shows it: F✦, Y6★
    if tile.is_false_okey:
        return _("{tile} (the false okey: it plays as {okey})").format(tile=shown, okey=okey)
    if tile == okey:
        return _("{tile} (an okey)").format(tile=shown)
    return shown


def meld_words(meld: Meld, okey: Tile) -> str:
    """A meld as the hint panel shows it: an okey as a star and the tile it stands for.

    >>> from okey_tui.engine.melds import parse_meld
    >>> meld_words(parse_meld("R3*R4R5", Tile.parse("B8")), Tile.parse("B8"))
    'R3 ★R4 R5'
    """
    return meld_text(meld, okey)


def _left_after(view: PlayerView, thrown: Tile) -> int:
    """The points the rack keeps in hand once ``thrown`` is discarded, as the engine scores
    them if the middle runs out (rules §11): doubled for a seat that opened with pairs (a
    hint said "8 more points in hand" where the summary then counted 16)."""
    rest = list(view.rack)
    rest.remove(thrown)
    points, _note = finish_points(
        Outcome(EndKind.EMPTY_MIDDLE),
        view.seat,
        view.opening,
        left_sum(rest, view.okey),
        view.going_pairs[view.seat],
        view.rules.finisher_scores_zero,
    )
    return points


# The last hints worked out, by what they were worked out from: the panel is drawn again at
# every key (a cursor move), and the expert's search took up to its whole budget each time.
_HINTS_KEPT = 16
_expert_hints: dict[tuple[str, str, int, float], ExpertHint | None] = {}


def forget_hints() -> None:
    """Drop the hints worked out so far (the tests give the expert a made-up search)."""
    _expert_hints.clear()


def expert_hint(view: PlayerView, samples: int = HINT_SAMPLES) -> ExpertHint | None:
    """What the expert bot would do now in this seat, and why, or None off turn.

    The expert deals the tiles this seat cannot see many times over and
    scores each choice in every deal; the lines give its reasons and how
    much worse (in hand points, on average) the alternatives came out.
    The same view (in the same language) gets the hint already worked out.
    """
    if not view.my_turn:
        return None
    key = (current_language(), repr(view), samples, HINT_BUDGET_MS)
    if key not in _expert_hints:
        if len(_expert_hints) >= _HINTS_KEPT:
            del _expert_hints[next(iter(_expert_hints))]  # the oldest
        _expert_hints[key] = _expert_hint(view, samples)
    return _expert_hints[key]


def _expert_hint(view: PlayerView, samples: int) -> ExpertHint | None:
    from okey_tui.bots.expert import ExpertBot

    # A level match (every first hand) is not gambled on a straight out past an opponent
    # near going out, as the expert bot at a table does: the hint opens there.
    expert = ExpertBot(samples=samples, budget_ms=HINT_BUDGET_MS, gamble_level=False)
    advice = expert.advise(view)
    if (
        advice.kind == "discard"
        and view.opening is None
        and not view.going_pairs[view.seat]
        and opening_check(
            list(view.rack), view.okey, view.melds_floor, view.pairs_floor
        ).can_open_melds
    ):
        # A throw with an opening in hand holds that opening back (the hard bot's own hold,
        # which the expert keeps to): said as a hold. "You could open within 3 draws" beside
        # "140 / 101: enough to open" read as no opening yet.
        advice = replace(advice, kind="hold")
    action = advice.action
    okey = view.okey
    tried = advice.samples  # the guesses at the hidden tiles that the expert tried
    horizon = expert.horizon_for(view)  # fewer draws near the end of the middle
    draws = ngettext("{n} draw", "{n} draws", horizon).format(n=horizon)
    lines: list[str] = []
    if isinstance(action, (DrawMiddle, TakeDiscard)):
        left = left_discard_advice(view)
        # The rule of thumb about the left discard is said here when it agrees with the
        # choice; otherwise the panel's own section gives it, beside the expert's word.
        covers_left = False
        tile = view.left_discard
        shown = tile_text(tile, okey) if tile is not None else ""  # F✦, B8★: as the rack
        if isinstance(action, TakeDiscard) and tile is not None:
            headline = _("Take {tile} from the left").format(tile=shown)
            if left is not None and left.worth:
                lines.append(_("It {reason}.").format(reason=left.reason))
                covers_left = True
        elif not view.middle_count:  # rules §10: the hand ends, nothing more is played
            headline = _("Draw: the middle is empty, so the hand ends")
        else:
            headline = _("Draw from the middle")
            if advice.kind == "hold" and tile is not None:
                rack = list(view.rack)
                opening_floors = (view.melds_floor, view.pairs_floor)
                without = opening_check(rack, okey, *opening_floors)
                with_tile = opening_check([*rack, tile], okey, *opening_floors)
                if without.can_open_pairs and not without.can_open_melds:
                    # Pairs are the opening in hand, and a pairs opening never goes out in
                    # one turn: nothing is held back. The draw is a chance at runs and sets
                    # to hold; the pairs can still go down after it.
                    lines.append(
                        _(
                            "Taking {tile} would make an opening of runs and sets and force "
                            "it down now (a taken tile is laid this turn)."
                        ).format(tile=shown)
                        if with_tile.can_open_melds
                        else _(
                            "Taking {tile} would force you to open with pairs now (a taken "
                            "tile is laid this turn)."
                        ).format(tile=shown)
                    )
                    lines.append(
                        _(
                            "Your runs and sets come to {value} of {floor}: if your draw brings "
                            "them to {floor}, hold that opening back to go out in "
                            "one turn later (a straight out): each opponent then scores "
                            "{straight}, twice what a hand never opened costs. If not, you can "
                            "still open with pairs after the draw (laid before you can finish, "
                            "an opening of pairs gives up going out in one turn)."
                        ).format(value=without.value, floor=without.floor, **_stakes(view))
                    )
                elif without.can_open_melds:
                    lines.append(
                        _(
                            "Taking {tile} would force you to open now (a taken tile is laid "
                            "this turn). Hold the opening back to go out in one turn later (a "
                            "straight out): each opponent then scores {straight}, twice what a "
                            "hand never opened costs."
                        ).format(tile=shown, **_stakes(view))
                    )
                else:
                    # The take makes the only opening: nothing is held yet, and what the
                    # seat waits for is an opening of its own drawing.
                    lines.append(
                        _(
                            "Taking {tile} would make your only opening and force it down now "
                            "(a taken tile is laid this turn). With {n} tiles still in the "
                            "middle, wait for an opening you draw yourself and hold it back, to "
                            "go out in one turn later (a straight out): each opponent then "
                            "scores {straight}, twice what a hand never opened costs."
                        ).format(tile=shown, n=view.middle_count, **_stakes(view))
                    )
                    if with_tile.can_open_pairs and not with_tile.can_open_melds:
                        lines.append(
                            _(
                                "The opening {tile} makes is pairs: laid now, the hand can no "
                                "longer go out in one turn, and its tiles left count double."
                            ).format(tile=shown)
                        )
                # The odds, as a hold's discard gives them: a learner passing up a sure
                # opening is told how often the straight out came, and the take that opens
                # as the safer alternative (none with pairs in hand: they can still go down
                # after the draw).
                pairs_in_hand = without.can_open_pairs and not without.can_open_melds
                safer = None if pairs_in_hand else _safer_line(view, shown, without.can_open_melds)
                drawing = next((o for o in advice.options if o.action == action), None)
                k = _count(drawing.finish_rate, tried) if drawing is not None else 0
                if drawing is not None and k:
                    odds = ngettext(
                        "Drawing, you go out in one turn before the middle runs out in "
                        "{k} of the {n} guess the expert made at the tiles you cannot see.",
                        "Drawing, you go out in one turn before the middle runs out in "
                        "{k} of the {n} guesses the expert made at the tiles you cannot see.",
                        tried,
                    ).format(k=k, n=tried)
                    lines.append(odds if safer is None else f"{odds} {safer}")
                elif drawing is not None:
                    lines.append(_never_line(view, tried, advice.threat, safer))
                elif safer is not None:
                    lines.append(safer)
                threat = _threat_line(advice.threat)
                if threat is not None:
                    lines.append(threat)
                if without.can_open_melds:  # an opening held back: what else it risks
                    lines.extend(_held_opening_lines(view, rack))
            elif left is not None and not left.worth:
                lines.append(f"{tile_text(left.tile, okey)} — {left.reason}.")
                covers_left = True
        if len(advice.options) == 2:
            best, other = advice.options
            cost = _points(other.score - best.score)
            if isinstance(other.action, TakeDiscard):
                against = ngettext(
                    "Taking it instead: {points} on average over the {n} guess the expert made at "
                    "the tiles you cannot see.",
                    "Taking it instead: {points} on average over the {n} guesses the expert made at "
                    "the tiles you cannot see.",
                    tried,
                )
            else:
                against = ngettext(
                    "Drawing instead: {points} on average over the {n} guess the expert made at the "
                    "tiles you cannot see.",
                    "Drawing instead: {points} on average over the {n} guesses the expert made at the "
                    "tiles you cannot see.",
                    tried,
                )
            lines.append(against.format(points=cost, n=tried))
        return ExpertHint(action, headline, tuple(lines), covers_left, gamble=advice.kind == "hold")
    if advice.kind == "finish":
        if isinstance(action, Open):
            as_pairs = any(m.kind is MeldKind.PAIR for m in action.melds)
            value = (
                ngettext("{n} pair", "{n} pairs", len(action.melds)).format(n=len(action.melds))
                if as_pairs
                else str(sum(m.value for m in action.melds))
            )
            return ExpertHint(
                action,
                _("Go out this turn: open now"),
                (
                    _(
                        "Lay {melds} ({value}), then put every other tile on the table "
                        "and discard the last one."
                    ).format(
                        melds=", ".join(meld_words(m, okey) for m in action.melds), value=value
                    ),
                    _("Going out with your first lay-down counts double."),
                ),
            )
        return ExpertHint(
            action, _("Go out this turn"), (_("Follow the finish below, one step at a time."),)
        )
    if isinstance(action, Discard):
        thrown = tile_words(action.tile, okey)
        headline = _("Discard {tile}").format(tile=thrown)
        first = len(lines)  # where the reason about the tile itself goes
        # How often holding went out in one turn. Never: the first line says why the expert
        # holds all the same (what holding paid over many hands), not a straight out to wait
        # for that came in none of its guesses (a learner read "hold" beside "none of the
        # guesses" as a contradiction). Every hold then gives opening now as the safer
        # alternative: a learner was given none beside the gamble, then read "Opening now
        # is the safe choice" under "Hold your opening back" as a second answer.
        holding = next((o for o in advice.options if o.action == action), None)
        never = (
            advice.kind == "hold"
            and bool(advice.options)
            and not _count((holding or advice.options[0]).finish_rate, tried)
        )
        if advice.kind == "hold":
            headline = _("Hold your opening back: discard {tile}").format(tile=thrown)
            lines.append(
                _never_line(view, tried, advice.threat, _safer_line(view))
                if never
                else " ".join(
                    (
                        _(
                            "The expert holds the opening back to go out in one turn later (a "
                            "straight out): each opponent then scores {straight}, twice what a "
                            "hand never opened costs, and you {finisher}."
                        ).format(**_stakes(view)),
                        _safer_line(view),
                    )
                )
            )
            threat = _threat_line(advice.threat)
            if threat is not None:
                lines.append(threat)
            after = list(view.rack)
            after.remove(action.tile)
            lines.extend(_held_opening_lines(view, after))
        if view.rack.count(action.tile) > 1:  # the other may be in the melds shown below
            lines.append(
                _("You hold two {tile}: discard one, keep the other.").format(
                    tile=tile_text(action.tile, okey)
                )
            )
            broken = _broken_pair_line(view)
            if broken is not None:
                lines.append(broken)
        swap = _swap_keep_line(view, action.tile)
        if swap is not None:
            lines.append(swap)
        worse_tiles: list[Tile] = []  # discards said to be worse beyond the margin
        if advice.options:
            best = advice.options[0]
            chosen = next((o for o in advice.options if o.action == action), best)
            if advice.kind == "hold":
                k = _count(chosen.finish_rate, tried)
                if k:  # with none, the first line said why it holds all the same
                    lines.append(
                        ngettext(
                            "Keeping the rest, you go out in one turn before the middle runs "
                            "out in {k} of the {n} guess the expert made at the tiles you cannot see.",
                            "Keeping the rest, you go out in one turn before the middle runs "
                            "out in {k} of the {n} guesses the expert made at the tiles you cannot see.",
                            tried,
                        ).format(k=k, n=tried)
                    )
                ties = [
                    o
                    for o in advice.options
                    if o.action != action and round(o.score) == round(chosen.score)
                ]
                further = [o for o in ties if round(o.short) > round(chosen.short)]
                nearest = all(round(o.short) >= round(chosen.short) for o in ties)
                if nearest and further and isinstance(further[0].action, Discard):
                    short = round(chosen.short)
                    lines.append(
                        ngettext(
                            "Of the discards as good, it keeps you nearest to a straight out: "
                            "about {n} tile short on average ({m} if you discard {tile}).",
                            "Of the discards as good, it keeps you nearest to a straight out: "
                            "about {n} tiles short on average ({m} if you discard {tile}).",
                            short,
                        ).format(
                            n=short,
                            m=round(further[0].short),
                            tile=tile_text(further[0].action.tile, okey),
                        )
                    )
            elif not view.later_draws:
                # The three others draw first: no draw of this seat's is left, unless some
                # of them take a discard instead of drawing (then the middle lasts longer).
                # "whatever you discard" held at a penalty table only for the tiles that
                # cost nothing: a playable tile or the okey adds +101 to it.
                costly = any(view.penalty_for(Discard(t)) is not None for t in set(view.rack))
                if not view.middle_count:
                    # Run out already: "if the others all draw, it runs out" said of an
                    # empty middle read as a turn or two left.
                    if view.opening is not None:
                        said = _(
                            "The middle is empty: unless each of the others takes a discard "
                            "instead of drawing, the hand ends before your next turn, with "
                            "what you hold."
                        )
                    elif costly:
                        said = _(
                            "The middle is empty: unless each of the others takes a discard "
                            "instead of drawing, the hand ends before your next turn, and you "
                            "have not opened: you score {not_opened}, and +{penalty} more for a "
                            "discard that costs a penalty (a tile that fits a table meld, or "
                            "the okey). Discard what helps the others least."
                        ).format(penalty=PENALTY, **_stakes(view))
                    else:
                        said = _(
                            "The middle is empty: unless each of the others takes a discard "
                            "instead of drawing, the hand ends before your next turn, and you "
                            "have not opened: you score {not_opened} whatever you discard. "
                            "Discard what helps the others least."
                        ).format(**_stakes(view))
                elif view.opening is not None:
                    said = _(
                        "If the others all draw from the middle, it runs out before your next "
                        "turn: the hand ends with what you hold."
                    )
                elif costly:
                    said = _(
                        "If the others all draw from the middle, it runs out before your next "
                        "turn, and you have not opened: you score {not_opened}, and +{penalty} "
                        "more for a discard that costs a penalty (a tile that fits a table "
                        "meld, or the okey). Discard what helps the others least."
                    ).format(penalty=PENALTY, **_stakes(view))
                else:
                    said = _(
                        "If the others all draw from the middle, it runs out before your next "
                        "turn, and you have not opened: you score {not_opened} whatever you "
                        "discard. Discard what helps the others least."
                    ).format(**_stakes(view))
                lines.append(said)
            elif view.opening is None:
                k = _count(chosen.open_rate, tried)
                pairs_floor = view.pairs_floor
                # After declaring Going Pairs only pairs open: "(106 points or 5 pairs)" was
                # said to a player who may no longer open with runs and sets.
                opening = (
                    ngettext("{pairs} pair: pairs only", "{pairs} pairs: pairs only", pairs_floor)
                    if view.going_pairs[view.seat]
                    else _("{floor} points or {pairs} pairs")
                ).format(floor=view.melds_floor, pairs=pairs_floor)
                lines.append(
                    ngettext(
                        "Keeping the rest, you could open ({opening}) within {draws} in {k} of "
                        "the {n} guess the expert made at the tiles you cannot see.",
                        "Keeping the rest, you could open ({opening}) within {draws} in {k} of "
                        "the {n} guesses the expert made at the tiles you cannot see.",
                        tried,
                    ).format(k=k, n=tried, opening=opening, draws=draws)
                    if k
                    else ngettext(
                        "Opening ({opening}) within {draws} is unlikely: it came in none of the "
                        "{n} guess the expert made at the tiles you cannot see.",
                        "Opening ({opening}) within {draws} is unlikely: it came in none of the "
                        "{n} guesses the expert made at the tiles you cannot see.",
                        tried,
                    ).format(n=tried, opening=opening, draws=draws)
                )
            else:
                k = _count(chosen.finish_rate, tried)
                lines.append(
                    ngettext(
                        "Keeping the rest, you could go out within {draws} "
                        "in {k} of the {n} guess the expert made at the tiles you cannot see.",
                        "Keeping the rest, you could go out within {draws} "
                        "in {k} of the {n} guesses the expert made at the tiles you cannot see.",
                        tried,
                    ).format(draws=draws, k=k, n=tried)
                    if k
                    else ngettext(
                        "Going out within {draws} is unlikely: it came in none of the {n} "
                        "guess the expert made at the tiles you cannot see.",
                        "Going out within {draws} is unlikely: it came in none of the {n} "
                        "guesses the expert made at the tiles you cannot see.",
                        tried,
                    ).format(draws=draws, n=tried)
                )
            if chosen.feed_rate >= 0.1:
                lines.append(
                    ngettext(
                        "It would help the player on your right in {k} of the {n} racks it "
                        "guessed they could hold.",
                        "It would help the player on your right in {k} of the {n} racks it "
                        "guessed they could hold.",
                        tried,
                    ).format(k=_count(chosen.feed_rate, tried), n=tried)
                )
            alike: list[str] = []
            # Discards that came out a little better: the expert keeps its own unless
            # the deals beat it clearly, so say so rather than call them better.
            close: list[str] = []
            gain = 0
            more = 0  # (a hold) in how many more guesses those went straight out
            worse: list[str] = []
            # Unopened with no draw left, the throws differ only in what they give away:
            # the rest of a score (how near the floor the rack stays) no longer counts.
            hopeless = not view.later_draws and view.opening is None
            # Opened with no draw left, a throw's cost is the points it keeps in hand, and
            # what it gives the player on the right: "R3 instead: about 11 points worse"
            # beside a K13 kept read as wrong arithmetic (10 more in hand).
            ending = not view.later_draws and view.opening is not None
            kept = _left_after(view, action.tile)
            for other in [o for o in advice.options if o.action != action][:4]:
                assert isinstance(other.action, Discard)
                diff = other.score - chosen.score
                if -diff >= _trust() and not hopeless:
                    worse_tiles.append(other.action.tile)
                feeds_more = other.feed_rate - chosen.feed_rate >= 0.1
                if hopeless and not feeds_more:
                    alike.append(tile_text(other.action.tile, okey))
                elif round(abs(diff)) == 0:
                    if round(other.short) == round(chosen.short):
                        alike.append(tile_text(other.action.tile, okey))
                elif diff > 0:
                    close.append(tile_text(other.action.tile, okey))
                    gain = max(gain, round(diff))
                    more = max(more, _count(other.finish_rate - chosen.finish_rate, tried))
                elif close and -diff < _trust():
                    # As near as the ones above it, within the margin: said so, not as a
                    # loss ("5 points better: too little to trust" beside "5 points worse").
                    worse.append(
                        _(
                            "Discarding {tile} instead: {points}, a gap as small: about as "
                            "good too."
                        ).format(tile=tile_text(other.action.tile, okey), points=_points(diff))
                    )
                elif ending and 0 < (held := _left_after(view, other.action.tile) - kept) < round(
                    -diff
                ):
                    paired = view.opening is not None and view.opening.kind is OpeningKind.PAIRS
                    worse.append(
                        ngettext(
                            "Discarding {tile} instead: {points}: {n} more point in hand (a "
                            "pairs opener's count double), the rest for what it would give the "
                            "player on your right.",
                            "Discarding {tile} instead: {points}: {n} more points in hand (a "
                            "pairs opener's count double), the rest for what it would give the "
                            "player on your right.",
                            held,
                        ).format(
                            tile=tile_text(other.action.tile, okey), points=_points(diff), n=held
                        )
                        if paired
                        else ngettext(
                            "Discarding {tile} instead: {points}: {n} more point in hand, "
                            "the rest for what it would give the player on your right.",
                            "Discarding {tile} instead: {points}: {n} more points in hand, "
                            "the rest for what it would give the player on your right.",
                            held,
                        ).format(
                            tile=tile_text(other.action.tile, okey), points=_points(diff), n=held
                        )
                    )
                elif advice.kind == "hold":
                    # A hold's score is its straight outs (404 each over the guesses, so
                    # one guess of 8 is about 50 points): said in guesses, not in points
                    # ("about 101 points worse" read as a penalty).
                    k = _count(other.finish_rate, tried)
                    worse.append(
                        (
                            ngettext(
                                "Discarding {tile} instead: you go out in one turn in {k} of "
                                "the {n} guess.",
                                "Discarding {tile} instead: you go out in one turn in {k} of "
                                "the {n} guesses.",
                                tried,
                            )
                            if k
                            else ngettext(  # "in 0 of the 8 guesses" read badly
                                "Discarding {tile} instead: you go out in one turn in none of "
                                "the {n} guess.",
                                "Discarding {tile} instead: you go out in one turn in none of "
                                "the {n} guesses.",
                                tried,
                            )
                        ).format(tile=tile_text(other.action.tile, okey), k=k, n=tried)
                        if k != _count(chosen.finish_rate, tried)
                        else _(
                            "Discarding {tile} instead: as many straight outs, but the rest "
                            "stays further from one."
                        ).format(tile=tile_text(other.action.tile, okey))
                    )
                elif feeds_more:
                    # Why it is worse when the rack alone does not say it (B1 kept, Y3 "14
                    # points worse" though Y3 leaves fewer points in hand).
                    worse.append(
                        ngettext(
                            "Discarding {tile} instead: {points}: it would help the player "
                            "on your right in {k} of the {n} racks the expert guessed they could hold.",
                            "Discarding {tile} instead: {points}: it would help the player "
                            "on your right in {k} of the {n} racks the expert guessed they could hold.",
                            tried,
                        ).format(
                            tile=tile_text(other.action.tile, okey),
                            points=_points(diff),
                            k=_count(other.feed_rate, tried),
                            n=tried,
                        )
                    )
                else:
                    worse.append(
                        _("Discarding {tile} instead: {points}.").format(
                            tile=tile_text(other.action.tile, okey), points=_points(diff)
                        )
                    )
            if close and advice.kind == "hold" and more <= 0:
                lines.append(
                    _(
                        "Discarding {tiles} came out about as well, but leaves the rest "
                        "further from a straight out on average."
                    ).format(tiles=_(" or ").join(close))
                )
            elif close and advice.kind == "hold":
                # A hold ranks its throws by the straight outs and by how near the rest
                # stays to one: a throw with more straight outs can leave it further.
                lines.append(
                    ngettext(
                        "Discarding {tiles} went straight out a little more often (in {n} "
                        "more guess), but leaves the rest further from a straight out on "
                        "average.",
                        "Discarding {tiles} went straight out a little more often (in {n} "
                        "more guesses), but leaves the rest further from a straight out on "
                        "average.",
                        more,
                    ).format(tiles=_(" or ").join(close), n=more)
                )
            elif close:
                # The choice first, then why a tile that scored a little better is not it
                # ("Discard B5" above "Y12 came out 1 point better" read as a contradiction).
                lines.append(
                    ngettext(
                        "{tile} is the tile your rack needs least, and the expert keeps to it "
                        "unless another discard scores more than {trust} points better over its "
                        "guesses at the tiles you cannot see: {tiles} came out only about {n} "
                        "point better, a gap so few guesses cannot tell from luck: they are "
                        "about equally good.",
                        "{tile} is the tile your rack needs least, and the expert keeps to it "
                        "unless another discard scores more than {trust} points better over its "
                        "guesses at the tiles you cannot see: {tiles} came out only about {n} "
                        "points better, a gap so few guesses cannot tell from luck: they are "
                        "about equally good.",
                        gain,
                    ).format(
                        tile=tile_text(action.tile, okey),
                        trust=round(_trust()),
                        tiles=_(" or ").join(close),
                        n=gain,
                    )
                )
            lines.extend(worse)
            if alike:  # with the other choices, before the note on what their points are
                lines.append(
                    _("{tiles} would do about as well.").format(tiles=_(" or ").join(alike))
                )
            if advice.kind != "hold" and (close or worse):
                lines.append(
                    _(
                        # Said every turn there are other discards to weigh: short (a learner
                        # read the long form as the same paragraph over and over).
                        "(Points: what each choice adds to your score this hand, on the "
                        "expert's average; lower is better.)"
                    )
                )
            why = None if close or advice.kind == "hold" else _why_this_discard(view, action.tile)
            if why is not None:  # first: the forecasts after it are no reason for the tile
                lines.insert(first, why)
        else:
            lines.append(_("It is the tile your rack needs least."))
        if view.opening is not None and okey in view.rack and view.can_touch_table():
            lines.append(_("Hold your okey: kept to the end, it can be your last discard (x2)."))
        return ExpertHint(
            action,
            headline,
            tuple(lines),
            worse_discards=tuple(worse_tiles),
            gamble=advice.kind == "hold",
        )
    if isinstance(action, Open):
        pairs = len(action.melds)
        points = sum(m.value for m in action.melds)
        worth = (
            ngettext("{n} pair", "{n} pairs", pairs).format(n=pairs)
            if any(m.kind is MeldKind.PAIR for m in action.melds)
            else ngettext("{n} point", "{n} points", points).format(n=points)
        )
        if not any(m.kind is MeldKind.PAIR for m in action.melds):
            why = _(
                "Once open, you can add to the table and your tiles count less if someone goes out."
            )
        elif view.rules.pairs_opener_lays_off:
            why = _(
                "Once open, you lay more pairs as you make them and may add to the table; "
                "your tiles left count double, but a hand never opened scores {not_opened}."
            ).format(**_stakes(view))
        else:
            why = _(
                "Once open, you lay more pairs as you make them (pairs add nothing to runs "
                "and sets); your tiles left count double, but a hand never opened scores "
                "{not_opened}."
            ).format(**_stakes(view))
        feared = () if advice.threat is None else (_open_for_threat_line(view, advice.threat),)
        # The melds themselves: the panel's best opening below is of runs and sets, so an
        # opening with pairs was never named before e staged it.
        laid = _("The opening: {melds}.").format(
            melds=", ".join(meld_words(m, okey) for m in action.melds)
        )
        return ExpertHint(
            action,
            _("Open now with {worth}").format(worth=worth),
            (*feared, laid, why, *_okey_place_lines(view, action)),
        )
    if isinstance(action, AddTile):
        n = action.target + 1
        headline = (
            _("Lay off {tile} on meld {n} as {meant} now").format(
                tile=tile_words(action.tile, okey), n=n, meant=action.meant
            )
            if action.meant is not None and is_wild(action.tile, okey)
            else _("Lay off {tile} on meld {n} now").format(tile=tile_text(action.tile, okey), n=n)
        )
        return ExpertHint(
            action,
            headline,
            (
                _("A tile on the table no longer counts against you when the hand ends."),
                *_okey_place_lines(view, action),
            ),
        )
    if isinstance(action, Lay):
        return ExpertHint(
            action,
            _("Lay {melds} now").format(melds=", ".join(meld_words(m, okey) for m in action.melds)),
            (
                _("Tiles in melds on the table no longer count against you."),
                *_okey_place_lines(view, action),
            ),
        )
    if isinstance(action, SwapOkey):
        # What the swap brings before it is made (a learner was told of the +101 to the
        # okey's owner and of the swap risk only after w).
        swap_lines = [_("Give the real tile for it; the okey must go back on the table this turn.")]
        owner_pays = view.penalty_for(action)
        if owner_pays is not None:
            step = (owner_pays.seat - view.seat) % SEATS
            swap_lines.append(
                {
                    1: _("The player on your right laid that okey: they write +{points}."),
                    2: _("The player across from you laid that okey: they write +{points}."),
                    3: _("The player on your left laid that okey: they write +{points}."),
                }[step].format(points=owner_pays.points)
            )
        if view.rules.penalties:
            swap_lines.append(
                _(
                    "Lay it again where no player can swap it out, or it may cost you "
                    "+{points}: the line names the tile that could take it."
                ).format(points=PENALTY)
            )
        return ExpertHint(
            action, _("Take the okey from meld {n}").format(n=action.target + 1), tuple(swap_lines)
        )
    if isinstance(action, GiveBack):
        return ExpertHint(action, _("Give the taken tile back"), _give_back_lines(view, expert))
    if isinstance(action, TakeBack):
        return ExpertHint(action, _("Take your melds back"), (_("The taken tile cannot be used."),))
    if isinstance(action, DeclarePairs):
        check = opening_check(list(view.rack), okey, view.melds_floor, view.pairs_floor)
        return ExpertHint(
            action,
            _("Declare Going Pairs (P), then draw"),
            (
                pairs_text(len(check.pairs.melds), view.pairs_floor),
                shortfall_text(check.melds.value, view.melds_floor),
                _(
                    "Declared, your discards are safe: the player on your right may take one "
                    "only for a pair. If the hand ends before you open, you score {points}."
                ).format(points=GOING_PAIRS_NOT_OPENED),
            ),
        )
    return ExpertHint(action, str(action), ())


def _broken_pair_line(view: PlayerView) -> str | None:
    """Why a discard that breaks a pair is still the choice, before the opening, when the
    rack's pairs are a plan a learner may be on (3 or more, the runs and sets no further
    from their floor): the expert plays the runs and sets (a learner was told "discard one, keep the other" and
    broke one of their pairs with no word why). None when no such word is due."""
    if view.opening is not None or is_pairs_only(view):
        return None
    check = opening_check(list(view.rack), view.okey, view.melds_floor, view.pairs_floor)
    if check.pair_count < 3 or check.can_open_pairs or pairs_nearer(check):
        return None
    # The runs and sets as the panel's best opening reads them (the okey where nobody can
    # swap it): "113 / 101" here stood beside "103 / 101" there.
    value = sum(m.value for m in guarded_melds(view, check.melds.melds, shorten=True))
    return _(
        "That breaks one of your {pairs} pairs: the expert plays for runs and sets here "
        "({melds}); a pairs opening needs {needed} pairs."
    ).format(
        pairs=check.pair_count,
        melds=shortfall_text(value, check.floor),
        needed=check.pairs_floor,
    )


def _why_this_discard(view: PlayerView, tile: Tile) -> str | None:
    """What the rack itself says for discarding ``tile``, when it says something plain: it
    is in none of the melds the rack holds best, and (opened) the highest such tile, which
    would count against the seat if someone went out. None when every copy of it is in
    those melds (the expert's reasons are then its guesses', said after this)."""
    okey = view.okey
    if tile == okey or is_pairs_only(view) or view.rack.count(tile) > 1:
        return None  # pairs are the melds there; a copy kept may make one
    best = best_melds(list(view.rack), okey)
    if Counter(best.leftover)[tile] == 0:
        return None
    word = tile_text(tile, okey)
    if view.opening is None:
        return _("{tile} is in none of the runs and sets your rack holds now.").format(tile=word)
    points = left_sum([tile], okey)
    highest = max(left_sum([t], okey) for t in best.leftover)
    if points == highest and points >= 7:
        return _(
            "{tile} is in none of your melds and the highest tile outside them: it would count "
            "{n} against you if someone went out."
        ).format(tile=word, n=points)
    return _("{tile} is in none of your melds.").format(tile=word)


def _give_back_lines(view: PlayerView, expert: ExpertBot) -> tuple[str, ...]:
    """Why the expert gives the taken discard back: the tile fits no opening, or, when it
    does, the opening the expert would make leaves it out (a taken tile must be in it)."""
    okey = view.okey
    taken = view.taken
    if taken is None or view.opening is not None:
        # Opened: the expert found no lay with it worth making (not that none exists).
        return (
            _(
                "The expert lays nothing with it this turn, and a taken tile must be laid "
                "the turn it is taken or given back."
            ),
        )
    tile = tile_text(taken.tile, okey)
    fits = taken_opening(view)
    if fits is None:
        # It may well sit in the best opening shown below, short of the floor: "does not
        # fit an opening" read as a contradiction there.
        floor = view.pairs_floor if view.going_pairs[view.seat] else view.melds_floor
        return (
            _("No opening with {tile} reaches the floor ({floor}) this turn.").format(
                tile=tile, floor=floor
            ),
        )
    as_pairs = fits[0].kind is MeldKind.PAIR
    worth = (
        ngettext("{n} pair", "{n} pairs", len(fits)).format(n=len(fits))
        if as_pairs
        else ngettext("{n} point", "{n} points", sum(m.value for m in fits)).format(
            n=sum(m.value for m in fits)
        )
    )
    home = next(m for m in fits if taken.tile in m.tiles)
    lines = [
        _("{tile} fits an opening: {meld} makes {worth}; you may open with it.").format(
            tile=tile, meld=meld_words(home, okey), worth=worth
        )
    ]
    plan = expert.brain._opening(view, list(view.rack))
    if plan is not None and not any(taken.tile in m.tiles for m in plan.melds):
        lines.append(
            _(
                "The expert's opening is {melds}, without {tile}; a taken tile must be in "
                "the opening, so it gives {tile} back and draws from the middle."
            ).format(melds=", ".join(meld_words(m, okey) for m in plan.melds), tile=tile)
        )
    return tuple(lines)


def _okey_place_lines(view: PlayerView, action: Open | Lay | AddTile) -> list[str]:
    """Whether an okey that ``action`` lays can be swapped out by another seat (+101 to
    this seat, rules §12), as the engine judges it: the tile that would take it, or why
    nobody can."""
    if not view.rules.penalties:
        return []
    okey = view.okey

    def holding(tiles: tuple[Tile, ...]) -> str:
        # The tile that plays as the okey's own value is the false okey.
        return _(" and ").join(tile_text(FALSE_OKEY if t == okey else t, okey) for t in tiles)

    def exposed(meant: Tile, needed: tuple[Tile, ...]) -> str:
        return _(
            "★{tile} can be swapped out: a player who has opened and holds {tiles} can take "
            "this okey, and you would pay +{points} (rules §12 Penalties during a hand)."
        ).format(tile=okey_meant(meant, needed), tiles=holding(needed), points=PENALTY)

    if isinstance(action, AddTile):
        if action.meant is None or not is_wild(action.tile, okey):
            return []
        meld = view.table[action.target].meld
        needed = exposed_add(view, meld, action.tile, action.meant)
        if needed and _finish(view) is not None:
            return [_("You can go out this turn: the hand ends before anyone could swap the okey.")]
        if needed:
            return [exposed(action.meant, needed)]
        if len(view.rack) - 1 <= 1:
            return []  # the finishing discard comes next: nobody has a turn to swap it
        return [
            _(
                "There it stands for {tile}, and both {swap} are in sight: nobody can swap it out."
            ).format(tile=action.meant, swap=holding((action.meant,)))
        ]
    lines = [exposed(meant, needed) for meant, needed in exposed_okeys(view, action.melds)]
    if lines and view.opening is not None and _finish(view) is not None:
        # The finish below lays the rest and throws the last tile this turn.
        return [_("You can go out this turn: the hand ends before anyone could swap the okey.")]
    if lines and isinstance(action, Lay):
        safe = _safe_okey_place(view)
        if safe is not None:
            lines.append(
                _(
                    "Meld {n} would take the okey as {tile}, where nobody can swap it out, but "
                    "the expert lays it here: more of your tiles go down with it."
                ).format(n=safe[0] + 1, tile=safe[1])
            )
        else:
            lines.append(_("No meld on the table would take the okey where it is safe."))
    return lines


def _safe_okey_place(view: PlayerView) -> tuple[int, Tile] | None:
    """A table meld (its index) and what an okey added to it would stand for, where no
    other seat could swap it out; None if there is no such place."""
    okey = view.okey
    for index, tm in enumerate(view.table):
        for new in extensions(tm.meld, okey, okey):
            meant = added_meaning(tm.meld, new)
            if not exposed_add(view, tm.meld, okey, meant):
                return index, meant
    return None


def _swap_keep_line(view: PlayerView, thrown: Tile) -> str | None:
    """Unopened, the tiles that could take an okey off a table meld once the seat opens:
    the expert keeps them (a straight out often goes down with such a swap)."""
    from okey_tui.bots.expert import swap_tiles

    kept = sorted(swap_tiles(view, view.rack) - {thrown}, key=Tile.sort_key)
    if not kept:
        return None
    return ngettext(
        "Keep {tiles}: once you open, it can take an okey off the table (a swap), a wild "
        "tile for your melds or for going out in one turn.",
        "Keep {tiles}: once you open, they can take an okey off the table (a swap), a wild "
        "tile for your melds or for going out in one turn.",
        len(kept),
    ).format(tiles=", ".join(tile_text(t, view.okey) for t in kept))


def _finish(view: PlayerView) -> FinishPlan | None:
    """A way to finish this turn, once the seat has drawn (from where it stands: after an
    okey swap, the okey taken goes on the table again and another tile is thrown)."""
    if not view.my_turn or view.phase is not Phase.PLAY:
        return None
    okey = view.okey
    opening = view.opening
    rack = list(view.rack)
    plan = finish_plan(
        rack,
        okey,
        [tm.meld for tm in view.table],
        None if opening is None else opening.kind,
        view.rules.pairs_opener_lays_off,
        floor=view.melds_floor if opening is None else None,
        barred=view.finish_barred(),
    )
    if plan is None or not view.allows_finish(plan):
        return None
    return plan


def _uses(arrangement: Arrangement, tile: Tile, held: int) -> bool:
    """Whether the arrangement puts a copy of ``tile`` into a meld (of ``held`` copies)."""
    return arrangement.leftover.count(tile) < held


def left_discard_advice(view: PlayerView) -> LeftDiscard | None:
    """On the seat's draw: is the left discard worth taking, and why (or why not)."""
    tile = view.left_discard
    if tile is None or not view.my_turn or view.phase is not Phase.DRAW:
        return None
    okey = view.okey
    rack = list(view.rack) + [tile]
    held = rack.count(tile)
    opening = view.opening
    pairs_only = is_pairs_only(view)
    if view.going_pairs[view.left] and not pairs_only and opening is None:
        # A Going Pairs player's discard may only make a pair.
        pairs_only = True
    if opening is None:
        check = opening_check(rack, okey, view.melds_floor, view.pairs_floor)
        # It completes an opening only if the rack has none without it (a second K3 beside
        # the one an opening of 111 used was said to complete it).
        before = opening_check(list(view.rack), okey, view.melds_floor, view.pairs_floor)
        if (
            not pairs_only
            and check.can_open_melds
            and not before.can_open_melds
            and _uses(check.melds, tile, held)
        ):
            return LeftDiscard(
                tile,
                True,
                _("completes an opening ({points})").format(
                    points=shortfall_text(check.value, check.floor)
                ),
            )
        if check.can_open_pairs and not before.can_open_pairs and _uses(check.pairs, tile, held):
            return LeftDiscard(
                tile,
                True,
                ngettext(
                    "completes a pairs opening: {n} pair",
                    "completes a pairs opening: {n} pairs",
                    check.pair_count,
                ).format(n=check.pair_count),
            )
        if (check.can_open_melds and not pairs_only) or check.can_open_pairs:
            return LeftDiscard(
                tile,
                False,
                _(
                    "leave it: you can open without it, and a taken tile must go down in "
                    "your opening this turn"
                ),
            )
        best = (
            pairs_text(check.pair_count, check.pairs_floor)
            if pairs_only
            else shortfall_text(check.value, check.floor)
        )
        adds = check.pair_count > before.pair_count if pairs_only else check.value > before.value
        if not adds:
            # "with it 85 / 101" read as if the tile brought the rack nearer: it is 85
            # without it too.
            return LeftDiscard(
                tile,
                False,
                _(
                    "leave it: it adds nothing to your best opening ({best}), and before "
                    "opening a taken tile must go into an opening this turn"
                ).format(best=best),
            )
        return LeftDiscard(
            tile,
            False,
            _(
                "leave it: before opening it must go into an opening this turn (with it {best})"
            ).format(best=best),
        )
    if opening.kind is OpeningKind.PAIRS:
        if rack.count(tile) >= 2 or (okey in view.rack and not is_wild(tile, okey)):
            return LeftDiscard(tile, True, _("makes a pair you can lay this turn"))
    else:
        index = fits_table((tm.meld for tm in view.table), tile, okey)
        if index is not None and view.can_touch_table():
            return LeftDiscard(tile, True, _("adds to meld {n} on the table").format(n=index + 1))
        reached = view.run_reached(tile)
        if reached is not None:  # once tiles of the rack go on the run before it
            return LeftDiscard(
                tile,
                True,
                _("adds to meld {n} on the table after your {tiles}").format(
                    n=reached[0] + 1, tiles=" ".join(tile_text(t, okey) for t in reached[1])
                ),
            )
        melds = best_melds(rack, okey)
        if _uses(melds, tile, held):
            meld = next(m for m in melds.melds if tile in m.tiles)
            return LeftDiscard(
                tile, True, _("makes a new meld: {meld}").format(meld=meld_words(meld, okey))
            )
        if view.can_touch_table():
            table = [tm.meld for tm in view.table]
            swap = next((w for w in okey_swaps(rack, okey, table) if tile in w.given), None)
            if swap is not None:
                return LeftDiscard(
                    tile,
                    True,
                    _(
                        "takes the okey off meld {n} (a swap): a wild tile to lay again this "
                        "turn, where it helps you"
                    ).format(n=swap.index + 1),
                )
    return LeftDiscard(tile, False, _("leave it: it adds to no meld and makes none"))


def _neighbours(tile: Tile) -> tuple[list[Tile], list[Tile]]:
    """Tiles that would meld with ``tile``: (next to it, two away in its colour)."""
    assert tile.colour is not None
    near = [Tile(c, tile.number) for c in COLOURS if c is not tile.colour]
    far: list[Tile] = []
    for step in (-1, 1):
        n = tile.number + step
        if 1 <= n <= 13:
            near.append(Tile(tile.colour, n))
        n2 = tile.number + 2 * step
        if 1 <= n2 <= 13:
            far.append(Tile(tile.colour, n2))
    return near, far


def safest_discards(view: PlayerView, limit: int = 3) -> tuple[tuple[DiscardTip, ...], str | None]:
    """The tiles safest to throw now, each with a reason, and why there are none if so.

    A safe tile is not playable on the table (+101), not an okey (+101), and
    the least useful to the seat on the right: few of the tiles it would meld
    with are still unseen, or that seat has thrown them already.
    """
    okey = view.okey
    rack = list(view.rack)
    taken = view.taken.tile if view.taken is not None else None
    if len(rack) <= 1:
        return (), None
    # Tiles that can take an okey off a table meld (at once, or once the seat opens): the
    # hint says to keep them, so they are not called safe to discard (R12 was, beside
    # "meld 2: give R12, take the okey").
    swapping: set[Tile] = set()
    # The runs and sets the panel shows as the best opening when the reasons come from the
    # pairs (the pairs are the only opening): a tile of them is not "in none of your melds".
    shown: tuple[Meld, ...] = ()
    # The pairs counted towards the pairs floor while the melds are the reasons (neither
    # opening in hand), and whether they are nearer their floor than the melds are to theirs.
    pairs: Arrangement | None = None
    pairs_first = False
    by_pairs = is_pairs_only(view)
    if by_pairs:
        mine = best_pairs(rack, okey)
    else:
        table = [tm.meld for tm in view.table]
        swapping = {t for swap in okey_swaps(rack, okey, table) for t in swap.given}
        # Unopened, with pairs the only opening in hand: no discard breaks one of them
        # (K11 was "not in your melds" while K11 K11 made one of the five pairs).
        can = opening_check(rack, okey, view.melds_floor, view.pairs_floor)
        by_pairs = view.opening is None and can.can_open_pairs and not can.can_open_melds
        mine = can.pairs if by_pairs else can.melds
        if by_pairs:
            shown = can.melds.melds
        elif view.opening is None and not can.can_open_melds:
            # Neither opening in hand: the panel counts the pairs towards the pairs floor
            # beside the melds' points (R1 was "in none of your melds" while R1 R1 was one
            # of "4 / 5 pairs"). A tile whose discard leaves fewer pairs says which pair it
            # breaks, and goes after the loose tiles when the pairs are the nearer opening.
            pairs = can.pairs
            pairs_first = pairs_nearer(can)
    used: Counter[Tile] = Counter(t for m in mine.melds for t in m.tiles)
    in_shown: Counter[Tile] = Counter(t for m in shown for t in m.tiles)
    held = Counter(rack)
    # What the seat has seen, by the tile each plays as (an okey's copies are wild).
    seen: Counter[Tile] = Counter()
    okeys_seen = 0
    for t in view.seen_tiles():
        if is_wild(t, okey):
            okeys_seen += 1
        else:
            seen[effective(t, okey)] += 1
    # An okey pairs with any tile: while one is unseen, a tile the player on the right may
    # take for a pair is not dead (R5 was "dead" after Going Pairs, both R5s in sight and
    # an okey in that player's hand).
    okeys_unseen = max(0, 2 - okeys_seen)
    # What each discard of the player on the right stood for, and how the pile shows it
    # (a false okey stands for the okey's tile: "F✦", not "K11", which is not in the pile).
    right_threw = {effective(t, okey): t for t in view.discards[view.right]}
    # The player on the right may take a discard for a pair while it has not opened (a
    # pairs opening) or once it has opened with pairs.
    right_opening = view.openings[view.right]
    pairs_right = right_opening is None or right_opening.kind is OpeningKind.PAIRS
    # A Going Pairs player's discard may be taken only for a pair (rules §13): its twin is
    # the one tile that makes it of use, and none once the player on the right has opened
    # with runs and sets (the hints spoke of runs and sets it could make, and their price).
    going_pairs = view.going_pairs[view.seat]
    # At a Challenge table with penalties, the player on the right who lays this seat's
    # discard makes it pay (rules §12): that risk has a price, said with it, and it weighs
    # the more, the higher the tile (as the hard bot weighs it).
    pays = view.rules.challenge and view.rules.penalties
    ranked: list[tuple[tuple[int, int, float, int], DiscardTip]] = []
    skipped = []
    for tile in sorted(held, key=Tile.sort_key):
        if tile == taken:
            continue
        # An okey or a playable tile is never a safe throw; what it costs is the engine's call.
        cost = view.penalty_for(Discard(tile))
        price = f" (+{cost.points})" if cost is not None else ""
        if is_wild(tile, okey):
            skipped.append(_("{tile} is an okey").format(tile=tile_text(tile, okey)) + price)
            continue
        if view.playable_on_table(tile):
            skipped.append(
                _("{tile} is playable on the table").format(tile=tile_text(tile, okey)) + price
            )
            continue
        plays = effective(tile, okey)
        near, far = ([], []) if going_pairs else _neighbours(plays)
        if pairs_right:
            near.append(plays)  # its twin makes them a pair
        hidden_near = sum(max(0, 2 - seen[t]) for t in near)
        if pairs_right:
            hidden_near += okeys_unseen  # its pair could be an okey
        hidden_far = sum(max(0, 2 - seen[t]) for t in far)
        danger = hidden_near + hidden_far / 2
        thrown = [t for t in near + [plays] if t in right_threw]
        in_melds = used[tile] >= held[tile]
        keep = in_melds or tile in swapping
        # Outside the pairs but in the runs and sets shown: free, after the tiles in neither.
        breaks_shown = not used[tile] and in_shown[tile] >= held[tile]
        # The pair this discard breaks: with it gone the solver finds fewer pairs (an okey
        # pairing it pairs another tile instead).
        pair = None
        if pairs is not None and not in_melds:
            rest = list(rack)
            rest.remove(tile)
            if best_pairs(rest, okey).pairs < pairs.pairs:
                pair = next((m for m in pairs.melds if tile in m.tiles), None)
        if thrown:
            danger /= 2
        if pays:
            danger *= plays.number / 7
        if in_melds:
            meld = next(m for m in mine.melds if tile in m.tiles)
            reason = _("breaks your {meld}: discard it only if nothing else is free").format(
                meld=meld_words(meld, okey)
            )
        elif tile in swapping:
            reason = _("keep it: it can take an okey off the table (a swap)")
        elif breaks_shown:
            meld = next(m for m in shown if tile in m.tiles)
            reason = _(
                "in none of your pairs, but it breaks your {meld}, shown above; no penalty"
            ).format(meld=meld_words(meld, okey))
        elif pair is not None and used[tile] and pairs_first:
            reason = _(
                "spare for your melds (your other {tile} stays in them), but it breaks one of "
                "your pairs ({pair}), and your pairs are nearer an opening than your melds; "
                "no penalty"
            ).format(tile=tile_text(tile, okey), pair=meld_words(pair, okey))
        elif pair is not None and used[tile]:
            reason = ngettext(
                "spare (your other {tile} stays in your melds), no penalty, though it breaks "
                "one of your pairs ({pair}): your melds are nearer an opening; the one risk: "
                "the player on your right may use it ({n} unseen tile melds with it)",
                "spare (your other {tile} stays in your melds), no penalty, though it breaks "
                "one of your pairs ({pair}): your melds are nearer an opening; the one risk: "
                "the player on your right may use it ({n} unseen tiles meld with it)",
                hidden_near,
            ).format(tile=tile_text(tile, okey), pair=meld_words(pair, okey), n=hidden_near)
        elif pair is not None and pairs_first:
            reason = _(
                "in none of your melds, but it breaks one of your pairs ({pair}), and your "
                "pairs are nearer an opening than your melds; no penalty"
            ).format(pair=meld_words(pair, okey))
        elif pair is not None:
            reason = ngettext(
                "in none of your melds, no penalty, though it breaks one of your pairs "
                "({pair}): your melds are nearer an opening; the one risk: the player on your "
                "right may use it ({n} unseen tile melds with it)",
                "in none of your melds, no penalty, though it breaks one of your pairs "
                "({pair}): your melds are nearer an opening; the one risk: the player on your "
                "right may use it ({n} unseen tiles meld with it)",
                hidden_near,
            ).format(pair=meld_words(pair, okey), n=hidden_near)
        elif going_pairs and not pairs_right:
            reason = _(
                "no penalty and no risk: you go pairs, so it may be taken only for a pair, and "
                "the player on your right opened with runs and sets"
            )
        elif hidden_near == 0:
            reason = _("dead: every tile it melds with is already in sight")
        elif thrown:
            reason = _(
                "the player on your right discarded {tile}: they may not be collecting around it"
            ).format(tile=tile_text(right_threw[thrown[0]], okey))
        elif used[tile] and by_pairs:
            reason = ngettext(
                "spare (your other {tile} stays in your pairs), no penalty; the one risk: "
                "the player on your right may use it ({n} unseen tile melds with it)",
                "spare (your other {tile} stays in your pairs), no penalty; the one risk: "
                "the player on your right may use it ({n} unseen tiles meld with it)",
                hidden_near,
            ).format(tile=tile_text(tile, okey), n=hidden_near)
        elif used[tile]:
            # Two alike, one in the best melds shown above: "not in your melds" read as
            # wrong beside a best opening that uses it. What makes it safe comes first, then
            # the risk left ("5 unseen tiles meld with it" alone read as a reason not to).
            reason = ngettext(
                "spare (your other {tile} stays in your melds), no penalty; the one risk: "
                "the player on your right may use it ({n} unseen tile melds with it)",
                "spare (your other {tile} stays in your melds), no penalty; the one risk: "
                "the player on your right may use it ({n} unseen tiles meld with it)",
                hidden_near,
            ).format(tile=tile_text(tile, okey), n=hidden_near)
        elif shown:
            reason = ngettext(
                "in none of your pairs or melds, no penalty; the one risk: the player on your "
                "right may use it ({n} unseen tile melds with it)",
                "in none of your pairs or melds, no penalty; the one risk: the player on your "
                "right may use it ({n} unseen tiles meld with it)",
                hidden_near,
            ).format(n=hidden_near)
        elif by_pairs:
            reason = ngettext(
                "in none of your pairs, no penalty; the one risk: the player on your right "
                "may use it ({n} unseen tile melds with it)",
                "in none of your pairs, no penalty; the one risk: the player on your right "
                "may use it ({n} unseen tiles meld with it)",
                hidden_near,
            ).format(n=hidden_near)
        else:
            reason = ngettext(
                "in none of your melds, no penalty; the one risk: the player on your right "
                "may use it ({n} unseen tile melds with it)",
                "in none of your melds, no penalty; the one risk: the player on your right "
                "may use it ({n} unseen tiles meld with it)",
                hidden_near,
            ).format(n=hidden_near)
        if pays and hidden_near and not keep:
            single = challenge_payment(tile, plays, okey, pair=False)
            paired = challenge_payment(tile, plays, okey, pair=True)
            if going_pairs:  # only ever laid in a pair
                price_of_use = _(
                    "if they lay it in a pair, you pay {points} at this Challenge table"
                ).format(points=paired)
            else:
                price_of_use = (
                    _("if they lay it, you pay {points} at this Challenge table ({pair} in a pair)")
                    if pairs_right
                    else _("if they lay it, you pay {points} at this Challenge table")
                ).format(points=single, pair=paired)
            reason = f"{reason}; {price_of_use}"
        # Free tiles first, then those that break what the panel shows as the nearer plan.
        later = breaks_shown or (pair is not None and pairs_first)
        key = (int(keep), int(later), danger, -plays.number)
        ranked.append((key, DiscardTip(tile, reason)))
    ranked.sort(key=lambda item: item[0])
    tips = tuple(tip for _key, tip in ranked[:limit])
    none_reason = None
    if not tips and skipped:
        none_reason = _("no safe discard:") + " " + "; ".join(skipped)
    return tips, none_reason


# -- penalties before they happen --------------------------------------------------------------


def penalty_warning(view: PlayerView, action: Action) -> str | None:
    """What ``action`` would cost at this table and the rule behind it, or None if nothing.

    The engine decides the cost (:meth:`PlayerView.penalty_for`); this only words it.
    """
    cost = view.penalty_for(action)
    if cost is None or cost.seat != view.seat:
        return None
    if cost.reason is PenaltyReason.OKEY_DISCARD:
        assert cost.tile is not None  # a discard's cost names its tile
        return _(
            "{tile} is an okey: discarding it costs +{points} (rules §12 Penalties "
            "during a hand). An okey is wild: keep it for a meld, or discard it last "
            "to finish with an okey (the hand counts double)."
        ).format(tile=tile_text(cost.tile, view.okey), points=cost.points)
    if cost.reason is PenaltyReason.PLAYABLE_DISCARD:
        assert cost.target is not None and cost.tile is not None
        meld = view.table[cost.target].meld
        warning = _(
            "{tile} can be added to meld {n} on the table ({meld}): "
            "discarding a playable tile costs +{points}, opened or not "
            "(rules §12 Penalties during a hand)."
        ).format(
            tile=tile_text(cost.tile, view.okey),  # as the rack shows it: F✦, not F
            n=cost.target + 1,
            meld=meld_words(meld, view.okey),
            points=cost.points,
        )
        others = [
            i + 1
            for i in melds_taking((tm.meld for tm in view.table), cost.tile, view.okey)
            if i != cost.target
        ]
        if others:
            # The others too (K10 fitted meld 19 as well, and only meld 11 was named).
            warning += " " + ngettext(
                "It fits meld {numbers} too.", "It fits melds {numbers} too.", len(others)
            ).format(numbers=and_list([str(n) for n in others]))
        if view.can_touch_table():
            # The way to keep the points: lay it off (a player asked, "what do I do then?").
            return warning + " " + _("a adds it to that meld instead, at no cost.")
        # The tile costs as much though this seat may not lay it off: say so, or the
        # player goes looking for an add the engine refuses.
        if view.opening is None:
            return warning + " " + _("You cannot add it before you open: keep it, or pay.")
        return (
            warning
            + " "
            + _(
                "You opened with pairs, and at this table a pairs opener may not add it "
                "either: keep it, or pay."
            )
        )
    if cost.reason is PenaltyReason.TAKE_BACK:
        said = _(
            "Taking back this turn's moves on the table (what you laid, added or swapped) "
            "costs +{points} at a penalty table "
            "(rules §10 Taking back and §12)."
        ).format(points=cost.points)
        if view.taken is not None:
            # The taken tile stays, still to be laid or given back (it said "your draw").
            return (
                said
                + " "
                + _(
                    "{tile}, taken from the left, stays in your hand: lay it or give it back (g)."
                ).format(tile=tile_text(view.taken.tile, view.okey))
            )
        # A tile taken from the left and laid since is not in the view: the line says
        # both ways (after a take it read "Your draw stays", and the player had drawn none).
        return (
            said
            + " "
            + _(
                "The tile you drew or took this turn stays in your hand (a taken one is "
                "laid again this turn, or given back)."
            )
        )
    if cost.reason is PenaltyReason.GIVE_BACK:
        return _(
            "Giving back the left discard costs +{points} at this table "
            "(rules §7 Taking the left discard, a table option)."
        ).format(points=cost.points)
    return None


def penalty_question(view: PlayerView, action: Action) -> str:
    """The question after :func:`penalty_warning`, naming what would be done."""
    cost = view.penalty_for(action)
    reason = None if cost is None else cost.reason
    if reason in (PenaltyReason.OKEY_DISCARD, PenaltyReason.PLAYABLE_DISCARD):
        return _("Discard it anyway?")
    if reason is PenaltyReason.TAKE_BACK:
        return _("Take them back anyway?")
    if reason is PenaltyReason.GIVE_BACK:
        return _("Give it back anyway?")
    return _("Do it anyway?")


# -- undo within the turn (practice tables only) -------------------------------------------------

UNDOABLE = (TakeDiscard, Open, Lay, AddTile, SwapOkey, TakeBack, DeclarePairs)


def describe_step(action: Action, okey: Tile) -> str:
    """A few words for an undone step.

    >>> describe_step(TakeBack(), Tile.parse("B8"))
    'the take-back'
    """
    if isinstance(action, TakeDiscard):
        return _("taking the left discard")
    if isinstance(action, Open):
        return _("the opening")
    if isinstance(action, Lay):
        return _("the melds laid")
    if isinstance(action, AddTile):
        return _("adding {tile}").format(tile=tile_text(action.tile, okey))
    if isinstance(action, SwapOkey):
        return _("the okey swap")
    if isinstance(action, TakeBack):
        return _("the take-back")
    if isinstance(action, DeclarePairs):
        return _("declaring Going Pairs")
    return action.text(okey)


@dataclass
class TurnUndo:
    """The seat's own steps this turn, newest last, each with the position before it.

    Only steps that reveal nothing hidden can be undone: drawing from the
    middle (or giving back, which draws) shows a tile, and the discard ends the
    turn, so those clear the stack instead.
    """

    steps: list[tuple[str, Hand]] = field(default_factory=list)
    seat: int | None = None

    def before(self, hand: Hand, action: Action) -> None:
        """Call just before the seat to play tries ``action``."""
        if self.seat != hand.turn:
            self.clear()
        if isinstance(action, UNDOABLE):
            self.seat = hand.turn
            self.steps.append((describe_step(action, hand.okey), hand.copy()))

    def after(self, hand: Hand, action: Action, applied: bool) -> None:
        """Call after the try: a refused step leaves nothing to undo."""
        if not applied:
            if isinstance(action, UNDOABLE) and self.steps:
                self.steps.pop()
            return
        if not isinstance(action, UNDOABLE):
            self.clear()

    def clear(self) -> None:
        self.steps.clear()
        self.seat = None

    def can_undo(self, hand: Hand) -> bool:
        return bool(self.steps) and self.seat == hand.turn and not hand.is_over

    def undo(self, hand: Hand) -> str | None:
        """Put ``hand`` back to before the last step; returns what was undone."""
        if not self.can_undo(hand):
            return None
        label, saved = self.steps.pop()
        hand.restore(saved)
        return label


def tiles_of(melds: tuple[Meld, ...] | list[Meld]) -> list[Tile]:
    return [t for m in melds for t in m.tiles]
