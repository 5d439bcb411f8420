"""First-hand tips at a practice table: a few short lines at the moments they matter.

Each tip shows once per player; the ``tips`` setting turns them off.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from okey_tui.engine.actions import Discard, TakeDiscard
from okey_tui.engine.scoring import GOING_PAIRS_NOT_OPENED, NOT_OPENED
from okey_tui.engine.solver import opening_check
from okey_tui.engine.state import Phase
from okey_tui.engine.view import PlayerView
from okey_tui.i18n import N_, _
from okey_tui.practice import ExpertHint, expert_hint, left_discard_advice, shortfall_text

FIRST_DRAW = N_(
    "Your turn starts with a draw: d takes the next tile from the middle; t takes the tile "
    "your left neighbour just discarded, but only if you lay it down this turn. Then x "
    "discards the tile under the cursor to your right."
)
FIRST_START = N_(
    "You start with 22 tiles, so there is no draw this turn: arrange your rack (s sorts it), "
    "then x discards one tile."
)
GOING_PAIRS = N_(
    "A Challenge table: before you open you may declare Going Pairs with P (shift+p). You then "
    "open only with pairs, and your discards may be taken only for a pair; if the hand ends "
    "before you open, you write {points} instead of {single}."
)


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
    about opening (``opening``) once it has opened; each is put away, read or not, then."""

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

    def words(self, expert_waits: bool) -> str:
        """The tip's text, as it reads beside a hint whose expert waits or not."""
        return self.waiting if expert_waits and self.waiting else self.text

    def past(self, view: PlayerView) -> bool:
        """Whether the moment this tip is about has gone by for the seat."""
        return (
            (self.draw_phase and view.phase is not Phase.DRAW)
            or (self.opening and view.opening is not None)
            or (self.first_turn and (view.phase is Phase.DRAW or bool(view.discards[view.seat])))
            or (self.opening and not self.still_opens(view))
        )

    def still_opens(self, view: PlayerView) -> bool:
        """Whether the rack can still open the way an opening tip said."""
        if not self.opens_with or view.opening is not None:
            return True
        check = opening_check(view.rack, view.okey, view.melds_floor, view.pairs_floor)
        return check.can_open_melds if self.opens_with == "melds" else check.can_open_pairs


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
        if (
            view.rules.challenge
            and view.opening is None
            and not view.going_pairs[seat]
            and (seat, "pairs") not in self.shown
            and self._once(seat, "pairs")
        ):
            text = _(GOING_PAIRS).format(points=GOING_PAIRS_NOT_OPENED, single=NOT_OPENED)
            tips.append(Tip(text))
        if view.phase is Phase.DRAW:
            if (seat, "draw") not in self.shown and self._once(seat, "draw"):
                tips.append(Tip(_(FIRST_DRAW), draw_phase=True))
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
            return tips
        if view.phase is Phase.PLAY and view.opening is None and (seat, "open") not in self.shown:
            if not view.discards[seat] and (seat, "draw") not in self.shown:
                self._once(seat, "draw")
                tips.append(Tip(_(FIRST_START), first_turn=True))
            check = opening_check(view.rack, view.okey, view.melds_floor, view.pairs_floor)
            if check.can_open_melds and self._once(seat, "open"):
                text = _(
                    "You can open: your rack holds {points}. "
                    "Press s to sort it into groups, o to stage every meld, "
                    "then Enter to lay them down (h: whether the expert would open now "
                    "or hold it back)."
                ).format(points=shortfall_text(check.value, check.floor))
                waiting = _(
                    "You can open: your rack holds {points}. To open, s sorts it into groups, "
                    "o stages every meld and Enter lays them down; the hint says why the expert "
                    "would wait instead, a gamble on going out in one turn later. Opening now "
                    "is the safe choice."
                ).format(points=shortfall_text(check.value, check.floor))
                tips.append(Tip(text, opening=True, opens_with="melds", waiting=waiting))
            elif check.can_open_pairs and self._once(seat, "open"):
                text = _(
                    "You can open with {count} pairs: press p to sort by pairs, "
                    "o to stage them, then Enter (h: whether the expert would open now). "
                    "A pairs opener's tiles left count double when the hand ends."
                ).format(count=check.pair_count)
                waiting = _(
                    "You can open with {count} pairs. To open, p sorts by pairs, o stages them "
                    "and Enter lays them down; the hint says why the expert would wait instead. "
                    "A pairs opener's tiles left count double when the hand ends."
                ).format(count=check.pair_count)
                tips.append(Tip(text, opening=True, opens_with="pairs", waiting=waiting))
        return tips
