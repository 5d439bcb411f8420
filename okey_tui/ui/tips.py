"""First-hand tips at a practice table: a few short lines at the moments they matter (the
draw, the basics of the game on a first turn, an opening, a first lay-off).

Each tip shows once per player; the ``tips`` setting turns them off.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from okey_tui.engine.actions import AddTile, Discard, TakeDiscard
from okey_tui.engine.melds import is_wild
from okey_tui.engine.scoring import GOING_PAIRS_NOT_OPENED, NOT_OPENED
from okey_tui.engine.solver import opening_check
from okey_tui.engine.state import PENALTY, Phase
from okey_tui.engine.tiles import COLOURS, Tile
from okey_tui.engine.view import PlayerView, legal_actions
from okey_tui.i18n import N_, _
from okey_tui.messages import FALSE_OKEY_LABEL, tile_text
from okey_tui.practice import ExpertHint, expert_hint, left_discard_advice, shortfall_text

FIRST_DRAW = N_(
    "Your turn starts with a draw: d takes the next tile from the middle; t takes the tile "
    "your left neighbour just discarded, but only if you lay it down this turn. Then x "
    "discards the tile under the cursor to your right."
)
FIRST_START = N_(
    "You start with {n} tiles, so there is no draw this turn: arrange your rack (s sorts it), "
    "then x discards one tile."
)
GOING_PAIRS = N_(
    "A Challenge table: before you open you may declare Going Pairs with P (shift+p). You then "
    "open only with pairs, and your discards may be taken only for a pair; if the hand ends "
    "before you open, you score {points} instead of {single}."
)


# The basics, once on a player's first turn after the tip about the draw: what the okey
# is, what melds are, what an opening needs and what a hand never opened costs.
OKEY_AND_MELDS = N_(
    "{okey} is this hand's okey: a wild tile that stands for any tile in a meld. Melds are "
    "runs, three or more tiles of one colour in a row ({run}), and sets, one number in three or "
    "four colours ({set})."
)
FALSE_OKEY = N_("{false} (false okey) is not wild: it plays as {tile}.")
# The letters under the tiles' numbers and in every tile name: K for black read as kırmızı
# (red) to a Turkish player, and is no English colour's initial either.
COLOUR_LETTERS = N_("The letters: R red, Y yellow, B blue, K black.")
OPENING_FLOOR = N_(
    "To open, your first lay-down must reach the opening floor: {floor} points of runs and "
    "sets, or {pairs} pairs. If the hand ends before you open, you score {not_opened} "
    "(twice {penalty}). Points are bad: the lowest total wins."
)
FLOOR_RISES = N_(
    "At this table the floor rises: a first opening must beat the best one of its kind laid."
)
POINTS_FLOOR_RISES = N_(
    "At this table the points floor rises: an opening of runs and sets must beat the best one laid."
)
LAY_OFF = N_(
    "You can add {tile} to meld {n} on the table: once open, you may lay tiles off on any run "
    "or set, yours or another player's. Put the cursor on {tile} and press a."
)
LAY_OFF_PENALTY = N_(
    "Discarding a tile that could be added costs +{points} at this table (not the last tile, "
    "the one you finish with)."
)

# The same tips in fewer words, for a short terminal (80x24): there a tip of three or four
# lines left the table's melds one line. The key bar says n puts a tip away.
FIRST_DRAW_SHORT = N_(
    "A turn starts with a draw: d from the middle, or t your left neighbour's discard "
    "(lay it down this turn). Then x discards."
)
OKEY_AND_MELDS_SHORT = N_(
    "{okey} is the okey: wild, it stands for any tile. Melds: runs, one colour in a row "
    "({run}), and sets, one number in 3 or 4 colours ({set})."
)
OPENING_FLOOR_SHORT = N_(
    "To open, your first lay-down needs {floor} points of runs and sets, or {pairs} pairs. "
    "Never opened: {not_opened}. Points are bad: the lowest total wins."
)
FLOOR_RISES_SHORT = N_("Here a first opening must beat the best one of its kind laid.")
POINTS_FLOOR_RISES_SHORT = N_("Here an opening of runs and sets must beat the best one laid.")
LAY_OFF_SHORT = N_(
    "Once open, you may add tiles to any meld: {tile} fits meld {n}. Put the cursor on "
    "{tile} and press a."
)
LAY_OFF_PENALTY_SHORT = N_("Discarding it costs +{points} here.")
GOING_PAIRS_SHORT = N_(
    "Before you open, P (shift+p) declares Going Pairs: you open only with pairs, and a "
    "hand ended before you open scores {points}, not {single}."
)


def meld_examples(okey: Tile) -> tuple[str, str]:
    """A run and a set to show what melds are, without the okey in them (R3 R4 R5, K7 R7
    B7; other tiles where the okey is one of those)."""
    colour = next(c for c in COLOURS if c is not okey.colour)
    run = " ".join(str(Tile(colour, n)) for n in (3, 4, 5))
    number = 8 if okey.number == 7 else 7
    group = " ".join(str(Tile(c, number)) for c in (COLOURS[3], COLOURS[0], COLOURS[2]))
    return run, group


def _lay_off(view: PlayerView) -> AddTile | None:
    """A tile the seat can add to a table meld now (an okey is not offered as the lesson)."""
    for action in legal_actions(view):
        if isinstance(action, AddTile) and not is_wild(action.tile, view.okey):
            return action
    return None


def _expert_takes(view: PlayerView) -> bool:
    expert = expert_hint(view)
    return expert is not None and isinstance(expert.action, TakeDiscard)


def expert_waits(view: PlayerView, expert: ExpertHint | None) -> bool:
    """Whether ``expert`` (the hint shown) would not open now, in a turn the seat could."""
    return (
        expert is not None
        and view.opening is None
        and view.phase is Phase.PLAY
        and isinstance(expert.action, Discard)
    )


@dataclass(frozen=True, slots=True)
class Tip:
    """One tip and its moment: a tip about drawing (``draw_phase``) is past once the seat has
    drawn, one about the starter's first turn (``first_turn``) once that turn is over, one
    about opening (``opening``) or the basics (``basics``) once it has opened, one about a
    lay-off (``adds``) once that tile cannot be added, one about Going Pairs
    (``pairs_call``) once declared; each is put away, read or not, then."""

    text: str
    draw_phase: bool = False
    opening: bool = False
    first_turn: bool = False
    # An opening tip's way to open ("melds" or "pairs"): the tip is past once the rack
    # cannot open that way (the taken tile that made it was given back).
    opens_with: str = ""
    # An opening tip's words while the hint shown says the expert would not open now: the
    # tip said "Press s …, o …, then Enter" beside the hint's "Hold your opening back".
    waiting: str = ""
    # A tip of the basics (the okey and melds, the opening floor): past once the seat has
    # opened, or in a later hand (``okey``: the okey it names).
    basics: bool = False
    okey: Tile | None = None
    # The tile a lay-off tip says can be added: past once it cannot (added, or turn over).
    adds: Tile | None = None
    # The tip about declaring Going Pairs: past once declared.
    pairs_call: bool = False
    # The tip in fewer words, for a short terminal (and ``waiting`` in fewer words).
    brief: str = ""
    brief_waiting: str = ""
    # An opening tip's texts with ``{points}`` in them: the rack's melds against the floor,
    # as the tip was first shown; :meth:`words` says them as the rack holds them now (the
    # tip said "108 / 101" turns after the rack came to 123). A pairs opening's texts have
    # ``{count}``, its pairs (it said "5 pairs" of a rack come to 6).
    points: str = ""

    def words(self, expert_waits: bool, short: bool = False, view: PlayerView | None = None) -> str:
        """The tip's text, as it reads beside a hint whose expert waits or not; ``short``:
        in fewer words where it has them, for a short terminal, where a tip of three or
        four lines left the table's melds one line; ``view``: the seat's, for the points
        of an opening tip as they are now."""
        if short and self.brief:
            said = self.brief_waiting if expert_waits and self.brief_waiting else self.brief
        else:
            said = self.waiting if expert_waits and self.waiting else self.text
        if not self.points:
            return said
        points = self.points
        if view is not None and view.opening is None:
            check = opening_check(view.rack, view.okey, view.melds_floor, view.pairs_floor)
            if self.opens_with == "pairs":
                if check.can_open_pairs:
                    points = str(check.pair_count)
            elif check.can_open_melds:
                points = shortfall_text(check.value, check.floor)
        return said.replace(self.placeholder, points)

    @property
    def placeholder(self) -> str:
        """The field of ``points`` in the texts: a pairs opening's count of pairs."""
        return "{count}" if self.opens_with == "pairs" else "{points}"

    def past(self, view: PlayerView) -> bool:
        """Whether the moment this tip is about has gone by for the seat."""
        return (
            (self.draw_phase and view.phase is not Phase.DRAW)
            or (self.opening and view.opening is not None)
            or (self.first_turn and (view.phase is Phase.DRAW or bool(view.discards[view.seat])))
            or (self.opening and not self.still_opens(view))
            or (self.basics and (view.opening is not None or view.okey != self.okey))
            or (self.adds is not None and not _can_add(view, self.adds))
            or (self.pairs_call and view.going_pairs[view.seat])
        )

    def still_opens(self, view: PlayerView) -> bool:
        """Whether the rack can still open the way an opening tip said."""
        if not self.opens_with or view.opening is not None:
            return True
        check = opening_check(view.rack, view.okey, view.melds_floor, view.pairs_floor)
        return check.can_open_melds if self.opens_with == "melds" else check.can_open_pairs


def _can_add(view: PlayerView, tile: Tile) -> bool:
    return any(isinstance(a, AddTile) and a.tile == tile for a in legal_actions(view))


@dataclass
class Walkthrough:
    enabled: bool = True
    shown: set[tuple[int, str]] = field(default_factory=set)

    def _once(self, seat: int, key: str) -> bool:
        if (seat, key) in self.shown:
            return False
        self.shown.add((seat, key))
        return True

    def due(self, view: PlayerView) -> list[Tip]:
        """The tips that fit this moment of the seat's own turn (each only once)."""
        if not self.enabled or not view.my_turn:
            return []
        seat = view.seat
        tips: list[Tip] = []
        # Going Pairs comes after the basics: a newcomer reads what opening is first.
        later: list[Tip] = []
        if (
            view.rules.challenge
            and view.opening is None
            and not view.going_pairs[seat]
            and (seat, "pairs") not in self.shown
            and self._once(seat, "pairs")
        ):
            points = {"points": GOING_PAIRS_NOT_OPENED, "single": NOT_OPENED}
            text = _(GOING_PAIRS).format(**points)
            later.append(Tip(text, pairs_call=True, brief=_(GOING_PAIRS_SHORT).format(**points)))
        if view.phase is Phase.DRAW:
            if (seat, "draw") not in self.shown and self._once(seat, "draw"):
                tips.append(Tip(_(FIRST_DRAW), draw_phase=True, brief=_(FIRST_DRAW_SHORT)))
            if (seat, "take") not in self.shown:
                advice = left_discard_advice(view)
                # The rule of thumb judges the tile alone: say "take it" only when the
                # expert, whose choice heads the hint panel, would take it too.
                if (
                    advice is not None
                    and advice.worth
                    and _expert_takes(view)
                    and self._once(seat, "take")
                ):
                    text = _(
                        "The tile on your left, {tile}, is worth taking: it "
                        "{reason}. Press t, then lay it down this turn."
                    ).format(tile=advice.tile, reason=advice.reason)
                    tips.append(Tip(text, draw_phase=True))
            return tips + self.basics(view) + later
        if (
            view.phase is Phase.PLAY
            and view.opening is None
            and (seat, "open") not in self.shown
            and not view.discards[seat]
            and (seat, "draw") not in self.shown
        ):
            self._once(seat, "draw")
            # The starter's deal: 15 in the 51 type, where the tip said 22.
            dealt = _(FIRST_START).format(n=view.rules.starter_deal_size)
            tips.append(Tip(dealt, first_turn=True))
        tips += self.basics(view)
        if view.phase is Phase.PLAY and view.opening is None and (seat, "open") not in self.shown:
            check = opening_check(view.rack, view.okey, view.melds_floor, view.pairs_floor)
            if check.can_open_melds and self._once(seat, "open"):
                text = _(
                    "You can open: your rack holds {points}. "
                    "Press s to sort it into groups, o to stage every meld, "
                    "then Enter to lay them down (h: whether the expert would open now "
                    "or hold it back)."
                )
                waiting = _(
                    "You can open: your rack holds {points}. To open, s sorts it into groups, "
                    "o stages every meld and Enter lays them down; the hint says why the expert "
                    "would wait instead, a gamble on going out in one turn later. Opening now "
                    "is the safe choice."
                )
                brief = _(
                    "You can open: your rack holds {points}. s sorts, o stages every meld, "
                    "Enter lays them down (h: would the expert open now?)."
                )
                brief_waiting = _(
                    "You can open: your rack holds {points} (s, o, then Enter). The hint "
                    "says why the expert would wait; opening now is the safe choice."
                )
                tip = Tip(text, opening=True, opens_with="melds", waiting=waiting, brief=brief)
                holds = shortfall_text(check.value, check.floor)
                tips.append(replace(tip, brief_waiting=brief_waiting, points=holds))
            elif check.can_open_pairs and self._once(seat, "open"):
                text = _(
                    "You can open with {count} pairs: press p to sort by pairs, "
                    "o to stage them, then Enter (h: whether the expert would open now). "
                    "A pairs opener's tiles left count double when the hand ends."
                )
                waiting = _(
                    "You can open with {count} pairs. To open, p sorts by pairs, o stages them "
                    "and Enter lays them down; the hint says why the expert would wait instead. "
                    "A pairs opener's tiles left count double when the hand ends."
                )
                brief = _(
                    "You can open with {count} pairs: p sorts by pairs, o stages them, Enter "
                    "lays them down. A pairs opener's tiles left count double."
                )
                brief_waiting = _(
                    "You can open with {count} pairs (p, o, then Enter); the hint says why "
                    "the expert would wait. A pairs opener's tiles left count double."
                )
                tip = Tip(text, opening=True, opens_with="pairs", waiting=waiting, brief=brief)
                count = str(check.pair_count)
                tips.append(replace(tip, brief_waiting=brief_waiting, points=count))
        if (
            view.phase is Phase.PLAY
            and (seat, "add") not in self.shown
            and view.can_touch_table()
            and (add := _lay_off(view)) is not None
            and self._once(seat, "add")
        ):
            tile = tile_text(add.tile, view.okey)
            words = [_(LAY_OFF).format(tile=tile, n=add.target + 1)]
            in_brief = [_(LAY_OFF_SHORT).format(tile=tile, n=add.target + 1)]
            if view.rules.penalties:
                words.append(_(LAY_OFF_PENALTY).format(points=PENALTY))
                in_brief.append(_(LAY_OFF_PENALTY_SHORT).format(points=PENALTY))
            tips.append(Tip(" ".join(words), adds=add.tile, brief=" ".join(in_brief)))
        return tips + later

    def basics(self, view: PlayerView) -> list[Tip]:
        """The okey and melds, then the opening floor: once, on the seat's first turn."""
        if not self._once(view.seat, "basics"):
            return []
        okey = view.okey
        run, group = meld_examples(okey)
        melds = {"okey": tile_text(okey, okey), "run": run, "set": group}
        words = [_(OKEY_AND_MELDS).format(**melds), _(COLOUR_LETTERS)]
        brief = [_(OKEY_AND_MELDS_SHORT).format(**melds)]
        if any(tile.is_false_okey for tile in view.rack):
            words.append(_(FALSE_OKEY).format(false=FALSE_OKEY_LABEL, tile=okey))
            brief.append(words[-1])
        rules = view.rules
        floors = {
            "floor": rules.melds_floor,
            "pairs": rules.pairs_floor,
            "not_opened": NOT_OPENED,
            "penalty": PENALTY,
        }
        floor = [_(OPENING_FLOOR).format(**floors)]
        floor_brief = [_(OPENING_FLOOR_SHORT).format(**floors)]
        if rules.pairs_floor_rises:
            floor.append(_(FLOOR_RISES))
            floor_brief.append(_(FLOOR_RISES_SHORT))
        elif rules.melds_floor_rises:
            floor.append(_(POINTS_FLOOR_RISES))
            floor_brief.append(_(POINTS_FLOOR_RISES_SHORT))
        return [
            Tip(" ".join(words), basics=True, okey=okey, brief=" ".join(brief)),
            Tip(" ".join(floor), basics=True, okey=okey, brief=" ".join(floor_brief)),
        ]
