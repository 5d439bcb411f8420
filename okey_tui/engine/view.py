"""What one seat may see, and the actions it can take from there.

A :class:`PlayerView` is built from a hand and holds no hidden tile: no other
rack, no order of the middle. Bots and the UI decide from it alone.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from itertools import combinations
from typing import TYPE_CHECKING

from okey_tui.engine.actions import (
    Action,
    AddTile,
    DeclarePairs,
    Discard,
    DrawMiddle,
    GiveBack,
    SwapOkey,
    TakeBack,
    TakeDiscard,
)
from okey_tui.engine.errors import IllegalActionError, MeldError
from okey_tui.engine.melds import (
    Meld,
    MeldKind,
    added_meaning,
    effective,
    extend,
    extensions,
    fits_table,
    is_wild,
    make_meld,
    readings,
)
from okey_tui.engine.rules import RuleSet
from okey_tui.engine.scoring import opening_bonus
from okey_tui.engine.state import (
    SEATS,
    Hand,
    Opening,
    OpeningKind,
    Outcome,
    PenaltyCost,
    Phase,
    TableMeld,
    Taken,
    check_lay_kind,
    finish_outcome,
    keeps_a_discard,
    penalty_for,
)
from okey_tui.engine.tiles import COLOURS, Tile, okey_for

if TYPE_CHECKING:
    from okey_tui.engine.solver import FinishPlan


@dataclass(frozen=True, slots=True)
class PlayerView:
    """One seat's view of a hand."""

    seat: int
    rules: RuleSet
    indicator: Tile
    rack: tuple[Tile, ...]
    table: tuple[TableMeld, ...]
    discards: tuple[tuple[Tile, ...], ...]
    middle_count: int
    rack_counts: tuple[int, ...]
    openings: tuple[Opening | None, ...]
    going_pairs: tuple[bool, ...]
    penalty_points: tuple[int, ...]
    turn: int
    phase: Phase
    outcome: Outcome | None
    # Only filled in on the viewer's own turn:
    taken: Taken | None
    okeys_owed: int
    laid_this_turn: bool
    melds_floor: int
    pairs_floor: int
    match_totals: tuple[int, ...] = (0, 0, 0, 0)
    # On the viewer's own turn: it opened in this turn, not before (a finish now is a
    # straight out); None where not known (a view from a table that does not send it).
    opened_this_turn: bool | None = False

    @classmethod
    def of(cls, hand: Hand, seat: int, match_totals: tuple[int, ...] = (0, 0, 0, 0)) -> PlayerView:
        mine = hand.turn == seat and hand.phase is Phase.PLAY
        return cls(
            seat=seat,
            rules=hand.rules,
            indicator=hand.indicator,
            rack=tuple(hand.racks[seat]),
            table=tuple(hand.table),
            discards=tuple(tuple(d) for d in hand.discards),
            middle_count=len(hand.middle),
            rack_counts=tuple(len(r) for r in hand.racks),
            openings=tuple(hand.openings),
            going_pairs=tuple(hand.going_pairs),
            penalty_points=tuple(hand.penalty_points(s) for s in range(SEATS)),
            turn=hand.turn,
            phase=hand.phase,
            outcome=hand.outcome,
            taken=hand.taken if mine and hand.taken_pending() else None,
            okeys_owed=hand.okeys_owed() if mine else 0,
            laid_this_turn=hand.laid_this_turn() if mine else False,
            melds_floor=hand.floor(seat, OpeningKind.MELDS),
            pairs_floor=hand.floor(seat, OpeningKind.PAIRS),
            match_totals=match_totals,
            opened_this_turn=hand.opened_this_turn() if mine else False,
        )

    @property
    def okey(self) -> Tile:
        return okey_for(self.indicator)

    @property
    def my_turn(self) -> bool:
        return self.turn == self.seat and self.phase is not Phase.OVER

    @property
    def opening(self) -> Opening | None:
        return self.openings[self.seat]

    @property
    def left(self) -> int:
        return (self.seat - 1) % SEATS

    @property
    def right(self) -> int:
        return (self.seat + 1) % SEATS

    @property
    def partner(self) -> int | None:
        return (self.seat + 2) % SEATS if self.rules.partners else None

    @property
    def later_draws(self) -> int:
        """The draws from the middle this seat has after this turn, if every seat draws:
        the others draw first each round (rules §6, §10: the hand ends when the middle is
        empty at a draw). 0: the middle runs out before this seat's next turn."""
        left = self.middle_count - (1 if self.phase is Phase.DRAW else 0)  # its draw now
        return max(0, left) // SEATS

    @property
    def left_discard(self) -> Tile | None:
        pile = self.discards[self.left]
        return pile[-1] if pile else None

    def seen_tiles(self) -> list[Tile]:
        """Every tile this seat has seen: own rack, the indicator, the table, all discards."""
        seen = list(self.rack) + [self.indicator]
        for tm in self.table:
            seen += tm.meld.tiles
        for pile in self.discards:
            seen += pile
        return seen

    def playable_on_table(self, tile: Tile) -> bool:
        """Whether a tile could be added to some run or set on the table."""
        return fits_table((tm.meld for tm in self.table), tile, self.okey) is not None

    def lay_kind_refusal(self, kind: MeldKind) -> IllegalActionError | None:
        """Why this seat, opened, may not lay a new meld of ``kind`` (rules §9: no pairs
        after a melds opening, only pairs after a pairs opening); None when it may or has
        not opened (the opening's own checks decide then)."""
        opening = self.opening
        if opening is not None:
            try:
                check_lay_kind(opening.kind, kind)
            except IllegalActionError as refused:
                return refused
        return None

    def penalty_for(self, action: Action) -> PenaltyCost | None:
        """What ``action`` by this seat would cost now, and why (the engine's one rule)."""
        return penalty_for(
            action,
            rules=self.rules,
            okey=self.okey,
            table=self.table,
            seat=self.seat,
            rack_size=len(self.rack),
        )

    def lay_keeps_a_discard(self, laying: int) -> bool:
        """Whether laying ``laying`` tiles of this seat's rack leaves one to discard (the
        engine refuses a lay-down that does not)."""
        return keeps_a_discard(len(self.rack), laying)

    def finish_by_discard(self) -> Outcome | None:
        """How the hand would end if this seat discarded its one tile now (rules §10), or
        None when a discard now would not end it (not its turn to discard, more tiles, a
        taken tile or an okey still to lay), or when the view cannot tell how."""
        if not self.my_turn or self.phase is not Phase.PLAY or len(self.rack) != 1:
            return None
        if self.taken is not None or self.okeys_owed or self.opened_this_turn is None:
            return None
        return finish_outcome(
            self.seat, self.rack[0], self.okey, self.opening, self.opened_this_turn
        )

    def finish_barred(self) -> frozenset[Tile]:
        """The tiles this seat cannot throw to go out this turn, whatever it lays first: an
        okey taken off the table this turn while every okey held is owed (it must go on the
        table again, rules §9), and the left discard taken this turn when the rack holds
        no other copy (it must be laid, rules §7).

        >>> from okey_tui.engine.match import Match
        >>> from okey_tui.engine.rules import RuleSet
        >>> PlayerView.of(Match(RuleSet(hands=1), 3).hand, 0).finish_barred()
        frozenset()
        """
        barred: set[Tile] = set()
        rack = self.rack
        if self.okeys_owed and rack.count(self.okey) <= self.okeys_owed:
            barred.add(self.okey)
        taken = self.taken
        if taken is not None and rack.count(taken.tile) < 2:
            barred.add(taken.tile)
        return frozenset(barred)

    def allows_finish(self, plan: FinishPlan) -> bool:
        """Whether ``plan`` (a way to go out this turn, as ``solver.finish_plan`` gives it)
        keeps the rules the finishing search does not know: an opening that finishes the
        hand reaches the floor at a table that asks it (rules §8, a table option); a seat that
        declared Going Pairs opens only with pairs (rules §13); the discard taken from the
        left goes down as the rules want it, taken before the opening in the opening's
        melds (rules §7: a plan that laid Y7 off on Y8-Y11 was refused, "it must be part
        of your opening"), thrown by a Going Pairs player in a pair (rules §13)."""
        if self.opening is None:
            if self.going_pairs[self.seat] and plan.kind is not OpeningKind.PAIRS:
                return False
            if self.rules.finish_opening_needs_floor and not (
                len(plan.melds) >= self.pairs_floor
                if plan.kind is OpeningKind.PAIRS
                else sum(m.value for m in plan.melds) >= self.melds_floor
            ):
                return False
        taken = self.taken
        if taken is None:
            return True
        if taken.from_going_pairs and not any(
            m.kind is MeldKind.PAIR and taken.tile in m.tiles for m in plan.melds
        ):
            return False
        if self.opening is None and not taken.opened:
            return any(taken.tile in m.tiles for m in plan.melds)
        return True

    def can_use_taken(self, tile: Tile) -> bool:
        """Whether ``tile``, taken from the left by this seat, could be laid this turn, as
        a taken discard must be (rules §7), with a tile kept for the discard. Once opened:
        added to a table meld the seat may add to (at once, or at the end of a run once
        tiles of its rack are added before it), given for an okey it may swap out of one
        (rules §8) when the freed okey then has a place, or in a new meld with two tiles of
        its rack (a pair with one, for a pairs opener), the okey of a swap of other tiles
        among them. Before the opening: the rack with it reaches an opening this seat may
        make (which melds then take it, the opening's own checks decide); without one
        nothing can be laid this turn."""
        opening = self.opening
        okey = self.okey
        # A Going Pairs player's discard only ever makes a pair (rules §13, Challenge).
        only_pairs = self.going_pairs[Hand.left_of(self.seat)]
        if opening is None:
            from okey_tui.engine.solver import best_pairs, could_meld, opening_check

            rack = list(self.rack)
            check = opening_check([*rack, tile], okey, self.melds_floor, self.pairs_floor)
            by_melds = (
                check.can_open_melds
                and not self.going_pairs[self.seat]
                and not only_pairs
                and could_meld(tile, rack, okey)  # (in some meld of it, not beside it)
            )
            if by_melds or not check.can_open_pairs:
                return by_melds
            # Pairs open with it: with it among them (six pairs without it opened, and the
            # tile, with no twin and no okey, could go nowhere).
            if is_wild(tile, okey) or tile in rack:
                return True  # a wild pairs with any tile; else with its twin
            wild = next((t for t in rack if is_wild(t, okey)), None)
            if wild is None:
                return False
            rest = list(rack)
            rest.remove(wild)
            pairs = 1 + len(best_pairs(rest, okey).melds)  # it, paired with the okey
            return min(pairs, len(rack) // 2) >= self.pairs_floor  # a tile kept to discard
        pairs = opening.kind is OpeningKind.PAIRS
        if only_pairs and not pairs:  # it only makes a pair, and only a pairs opener lays one
            return False
        rack = list(self.rack)
        if _in_a_new_meld(tile, rack, okey, pairs):
            return True
        if not self.can_touch_table():
            return False
        table = [tm.meld for tm in self.table]
        if not only_pairs and (fits_table(table, tile, okey) is not None or self.run_reached(tile)):
            return True
        from okey_tui.engine.solver import okey_swaps

        for swap in okey_swaps([*rack, tile], okey, table):
            rest = [*rack, tile]  # the hand once the swap gave its tiles for the okey
            for given in swap.given:
                rest.remove(given)
            if tile in swap.given:  # laid: the freed okey goes on the table too
                if only_pairs:  # given for no okey: it only makes a pair
                    continue
                after = list(table)
                after[swap.index] = swap.result
                if len(rest) >= 1 and fits_table(after, okey, okey) is not None:
                    return True
                if _in_a_new_meld(okey, rest, okey, pairs):
                    return True
            else:  # the freed okey laid with the taken tile: in one new meld, or before
                rest.remove(tile)  # it at the end of a run
                if _in_a_new_meld(tile, [*rest, okey], okey, pairs, needs=okey):
                    return True
                if not only_pairs and self.run_reached(tile, [*rest, okey]):
                    return True
        return False

    def run_reached(
        self, tile: Tile, rack: Sequence[Tile] | None = None
    ) -> tuple[int, tuple[Tile, ...]] | None:
        """The table run ``tile`` fits once tiles of ``rack`` (this seat's, when None;
        okeys for any) are added to it first, one by one, each a legal add, with a tile
        left for the discard: the run's index and those tiles, nearest the run first (K5
        with K6 in the rack beside the table's K7 K8 K9: K6). None when no run does, or
        ``tile`` fits one at once, or this seat may not add to the table."""
        okey = self.okey
        if is_wild(tile, okey) or not self.can_touch_table():  # an okey: at once or nowhere
            return None
        rack = self.rack if rack is None else rack
        played = effective(tile, okey)
        for index, table_meld in enumerate(self.table):
            meld = table_meld.meld
            if meld.kind is not MeldKind.RUN or meld.colour != played.colour:
                continue
            if played.number < meld.low - 1:
                between = range(meld.low - 1, played.number, -1)
            elif played.number > meld.high + 1:
                between = range(meld.high + 1, played.number)
            else:
                continue
            if len(between) >= len(rack):
                continue
            left = list(rack)
            laid: list[Tile] = []
            for number in between:
                real = next(
                    (
                        t
                        for t in left
                        if not is_wild(t, okey)
                        and effective(t, okey).number == number
                        and effective(t, okey).colour == played.colour
                    ),
                    None,
                )
                found = (
                    real if real is not None else next((t for t in left if is_wild(t, okey)), None)
                )
                if found is None:
                    break
                left.remove(found)
                laid.append(found)
            else:
                return index, tuple(laid)
        return None

    def swaps_with(self, tile: Tile) -> bool:
        """Whether ``tile``, with this seat's rack, could be given for an okey in a table
        run or set (rules §8: a set of three takes both missing colours, the other from
        the rack)."""
        from okey_tui.engine.solver import okey_swaps

        melds = [tm.meld for tm in self.table]
        return any(tile in swap.given for swap in okey_swaps([*self.rack, tile], self.okey, melds))

    def taken_still_usable(self) -> bool:
        """Whether the discard this seat took this turn (``taken``) could still be laid this
        turn, as :meth:`can_use_taken` says it of a tile on offer: with the rest of the
        rack (a pairs opener's taken tile made a pair with itself). True with none taken."""
        taken = self.taken
        return taken is None or self._without_taken().can_use_taken(taken.tile)

    def taken_swaps(self) -> bool:
        """Whether the discard this seat took this turn could be given for an okey on the
        table (:meth:`swaps_with`, with the rest of the rack). False with none taken."""
        taken = self.taken
        return taken is not None and self._without_taken().swaps_with(taken.tile)

    def taken_run_reached(self) -> tuple[int, tuple[Tile, ...]] | None:
        """:meth:`run_reached` for the discard this seat took this turn, with the rest of
        the rack. None with none taken."""
        taken = self.taken
        return None if taken is None else self._without_taken().run_reached(taken.tile)

    def _without_taken(self) -> PlayerView:
        """This view with one copy of the taken discard out of the rack."""
        rest = list(self.rack)
        if self.taken is not None and self.taken.tile in rest:
            rest.remove(self.taken.tile)
        return replace(self, rack=tuple(rest))

    def can_touch_table(self, seat: int | None = None) -> bool:
        """Whether this seat (or ``seat``) may add to the table's melds: opened, and not a
        pairs opener unless the table lets one lay off."""
        opening = self.openings[self.seat if seat is None else seat]
        return opening is not None and (
            opening.kind is OpeningKind.MELDS or self.rules.pairs_opener_lays_off
        )


def _in_a_new_meld(
    tile: Tile, rack: Sequence[Tile], okey: Tile, pairs: bool, needs: Tile | None = None
) -> bool:
    """Whether ``tile`` makes a new meld with tiles of ``rack`` (a pair with one, for a
    pairs opener; else a run or set with two), ``needs`` among them when given, and a
    tile of the rack is left for the discard."""
    if pairs:  # two tiles read only as a pair, three only as a run or a set
        return len(rack) >= 2 and any(
            readings([tile, t], okey) for t in set(rack) if needs in (None, t)
        )
    if len(rack) < 3:
        return False
    return any(
        readings([tile, rack[i], rack[j]], okey)
        for i in range(len(rack))
        for j in range(i + 1, len(rack))
        if needs is None or needs in (rack[i], rack[j])
    )


def legal_actions(view: PlayerView) -> list[Action]:
    """The single-step actions open to the viewer now.

    Openings and new melds (``Open``/``Lay``) are combinations of tiles: the
    solver proposes them and the hand checks them; they are not listed here.
    """
    if not view.my_turn:
        return []
    actions: list[Action] = []
    rules = view.rules
    if rules.challenge and view.opening is None and not view.going_pairs[view.seat]:
        actions.append(DeclarePairs())
    if view.phase is Phase.DRAW:
        actions.append(DrawMiddle())
        if view.left_discard is not None:
            actions.append(TakeDiscard())
        return actions
    okey = view.okey
    if view.taken is not None and not view.laid_this_turn:
        actions.append(GiveBack())
    if view.laid_this_turn:
        actions.append(TakeBack())
    distinct = sorted(set(view.rack), key=Tile.sort_key)
    if view.can_touch_table() and len(view.rack) > 1:
        for index, tm in enumerate(view.table):
            for tile in distinct:
                for new in extensions(tm.meld, tile, okey):
                    meant = added_meaning(tm.meld, new) if is_wild(tile, okey) else None
                    actions.append(AddTile(tile, index, meant))
            actions += _swaps(view, index, tm)
    taken = view.taken
    if taken is not None and taken.from_going_pairs:
        # A Going Pairs player's discard may only make a pair: not a lay-off or a swap.
        actions = [
            a
            for a in actions
            if not (isinstance(a, AddTile) and a.tile == taken.tile)
            and not (isinstance(a, SwapOkey) and taken.tile in a.tiles)
        ]
    if taken is None and view.okeys_owed == 0:
        actions += [Discard(t) for t in distinct]
    return actions


def _playing_as(rack: Sequence[Tile], meant: Tile, okey: Tile) -> list[Tile]:
    """The tiles of ``rack`` that play as ``meant`` (a false okey plays as the okey's tile)."""
    return [t for t in rack if not is_wild(t, okey) and (okey if t.is_false_okey else t) == meant]


def okeys_for_held_tiles(view: PlayerView) -> list[SwapOkey]:
    """Each table okey that stands for a tile the seat holds, as the swap of that one tile
    (legal or not: a 3-tile set wants both missing colours, the turn may not be the seat's);
    a table with none gives none."""
    found: list[SwapOkey] = []
    for index, laid in enumerate(view.table):
        meld = laid.meld
        for place in meld.wild_places(view.okey):
            holding = _playing_as(view.rack, meld.stands_for[place], view.okey)
            if holding:
                found.append(SwapOkey(index, (holding[0],)))
    return found


def _swaps(view: PlayerView, index: int, tm: TableMeld) -> list[Action]:
    okey = view.okey
    meld = tm.meld
    if meld.kind is MeldKind.PAIR:
        return []
    found: list[Action] = []
    rack = list(view.rack)
    for place in meld.wild_places(okey):
        meant = meld.stands_for[place]
        holding = _playing_as(rack, meant, okey)
        if not holding:
            continue
        if meld.kind is MeldKind.SET and len(meld.tiles) == 3:
            present = {t.colour for t in meld.stands_for}
            for colour in COLOURS:
                if colour in present:
                    continue
                other = Tile(colour, meant.number)
                rest = list(rack)
                rest.remove(holding[0])
                partner = [
                    t
                    for t in rest
                    if not is_wild(t, okey) and (okey if t.is_false_okey else t) == other
                ]
                if partner:
                    action = SwapOkey(index, (holding[0], partner[0]))
                    if action not in found:
                        found.append(action)
        else:
            action = SwapOkey(index, (holding[0],))
            if action not in found:
                found.append(action)
    return found


def swap_tiles(meld: Meld, place: int) -> tuple[Tile, ...]:
    """The real tiles that would swap out the okey at ``place`` of a table ``meld``
    (rules §8): the tile it stands for; for a 3-tile set, both missing colours at once;
    none from a pair."""
    if meld.kind is MeldKind.PAIR:
        return ()
    meant = meld.stands_for[place]
    if meld.any_colour:  # a set of three: its okey is either colour it misses
        present = {t.colour for i, t in enumerate(meld.stands_for) if i != place}
        return tuple(Tile(c, meant.number) for c in COLOURS if c not in present)
    return (meant,)


def exposed_okeys(view: PlayerView, melds: Sequence[Meld]) -> list[tuple[Tile, tuple[Tile, ...]]]:
    """The okeys in ``melds`` (this seat's, about to be laid) that another seat could swap
    out, costing this seat +101 (rules §11): each okey as the tile it stands for, with the
    tiles that swap it; an okey is exposed while every tile that swaps it has a copy this
    seat has not
    seen (its rack, with the tiles of ``melds``, the indicator, the table, the piles).
    None when laying ``melds`` leaves one tile, the finishing discard: the hand ends before
    anyone could swap."""
    if len(view.rack) - sum(len(meld.tiles) for meld in melds) <= 1:
        return []
    okey = view.okey
    seen = _seen_counts(view)
    found: list[tuple[Tile, tuple[Tile, ...]]] = []
    for meld in melds:
        for place in meld.wild_places(okey):
            needed = swap_tiles(meld, place)
            if needed and all(seen.get(tile, 0) < 2 for tile in needed):
                found.append((meld.stands_for[place], needed))
    return found


def guarded_melds(
    view: PlayerView, melds: Sequence[Meld], before: Sequence[Meld] = (), shorten: bool = False
) -> tuple[Meld, ...]:
    """``melds`` (this seat's, to be laid after the ``before`` ones, staged already) with
    each okey read where no other seat can swap it out (+101 to this seat, rules §11),
    where another reading of its meld's tiles, of the same kind, leaves fewer okeys
    exposed (:func:`exposed_okeys`): ``R3 R4 ★`` as ``R2 R3 R4`` once both R2 are in
    sight and an R5 is not. Of such readings the highest value. An unopened seat's melds
    open as they would have: a re-reading that takes them below its floor, or takes off
    the big opening bonus they earn, is not made (the cheapest re-readings first, those
    that add points before any); below the floor anyway, nothing is re-read, as more
    melds may be staged towards it. With ``shorten`` (the rack's sort, not melds the player
    chose) a run may also give up tiles at its ends, its okeys kept: ``R3 R4 ★ R6 R7 R8``,
    the okey an R5 anyone holding one could swap out, as ``R6 R7 R8 ★`` read as R9 once
    both R9 are in sight, R3 R4 left on the rack; or an okey still exposed may move to
    another run or set where nobody can swap it (:func:`_okeys_moved`)."""
    okey = view.okey
    chosen = list(melds)
    if len(view.rack) - sum(len(m.tiles) for m in (*before, *melds)) <= 1:
        return tuple(chosen)  # they finish: nobody swaps anything
    seen = _seen_counts(view)

    def exposed(meld: Meld) -> int:
        return len(
            [
                place
                for place in meld.wild_places(okey)
                if (needed := swap_tiles(meld, place)) and all(seen.get(t, 0) < 2 for t in needed)
            ]
        )

    changes: list[tuple[int, int, Meld]] = []
    for index, meld in enumerate(melds):
        now = exposed(meld)
        if not now:
            continue
        safer = [r for r in readings(meld.tiles, okey, [meld.kind]) if exposed(r) < now]
        if shorten and meld.kind is MeldKind.RUN:
            ordered = list(meld.tiles)  # in the run's order
            wild = sum(is_wild(t, okey) for t in ordered)
            size = len(ordered)
            for first in range(size):
                for end in range(first + 3, size + 1):
                    part = ordered[first:end]
                    if end - first == size or sum(is_wild(t, okey) for t in part) < wild:
                        continue  # the whole run, or an okey left out to be held
                    runs = readings(part, okey, [MeldKind.RUN])
                    safer += [r for r in runs if exposed(r) < now]
        if safer:
            best = min(safer, key=lambda r: (exposed(r), -r.value))
            changes.append((meld.value - best.value, index, best))
    total = sum(m.value for m in (*before, *melds) if m.kind is not MeldKind.PAIR)
    if view.opening is None and total < view.melds_floor:
        return tuple(chosen)
    bonus = opening_bonus(view.rules, OpeningKind.MELDS, total)
    for cost, index, reading in sorted(changes):  # by cost, then place: no two alike
        if view.opening is None and (
            total - cost < view.melds_floor
            # The bonus is taken off the hand's score: a greater one is a smaller bonus.
            or opening_bonus(view.rules, OpeningKind.MELDS, total - cost) > bonus
        ):
            continue
        chosen[index] = reading
        total -= cost
    if shorten:
        total = _okeys_moved(view, chosen, total, bonus, exposed)
    return tuple(chosen)


def _okeys_moved(
    view: PlayerView,
    chosen: list[Meld],
    total: int,
    bonus: int,
    exposed: Callable[[Meld], int],
) -> int:
    """An okey still exposed in one of ``chosen`` (changed in place) moved to another run
    or set where nobody can swap it, its own meld staying a meld without it: ``★ Y11 Y12
    Y13`` (the okey a Y10 anyone holding one could take) and ``R6 R7 R8`` as ``Y11 Y12
    Y13`` and ``R6 R7 R8 ★`` read as R9 once both R9 are in sight. Of such moves the one
    losing the fewest points, never below an unopened seat's floor or its big opening
    bonus. The melds' total after the moves."""
    okey = view.okey
    for index in range(len(chosen)):
        meld = chosen[index]
        places = meld.wild_places(okey)
        if meld.kind is MeldKind.PAIR or len(places) != 1 or not exposed(meld):
            continue
        wild = meld.tiles[places[0]]
        left = [t for k, t in enumerate(meld.tiles) if k != places[0]]
        donors = readings(left, okey, [meld.kind])
        if not donors:
            continue  # without the okey it is no meld
        donor = donors[0]
        best: tuple[int, int, Meld] | None = None
        for other, into in enumerate(chosen):
            if other == index or into.kind is MeldKind.PAIR or into.wild_places(okey):
                continue
            for reading in readings([*into.tiles, wild], okey, [into.kind]):
                if exposed(reading):
                    continue
                cost = meld.value + into.value - donor.value - reading.value
                if best is None or cost < best[0]:
                    best = (cost, other, reading)
        if best is None:
            continue
        cost, other, reading = best
        if view.opening is None and (
            total - cost < view.melds_floor
            or opening_bonus(view.rules, OpeningKind.MELDS, total - cost) > bonus
        ):
            continue
        chosen[index], chosen[other] = donor, reading
        total -= cost
    return total


def exposed_add(view: PlayerView, meld: Meld, okey_tile: Tile, meant: Tile) -> tuple[Tile, ...]:
    """The tiles with which another seat could swap out ``okey_tile`` (an okey) that this
    seat adds to the table ``meld`` as ``meant``, costing it +101 (rules §11), as
    :func:`exposed_okeys` says it for melds about to be laid; empty when nobody can (every
    tile that swaps it seen twice, or the add leaves only the finishing discard)."""
    if len(view.rack) - 1 <= 1:
        return ()
    try:
        after = make_meld([*meld.tiles, okey_tile], [*meld.stands_for, meant], view.okey)
    except MeldError:
        return ()  # not an okey standing in (the false okey, say, plays only as itself)
    place = next(
        (
            i
            for i in after.wild_places(view.okey)
            if after.tiles[i] == okey_tile and after.stands_for[i] == meant
        ),
        None,
    )
    if place is None:
        return ()
    needed = swap_tiles(after, place)
    seen = _seen_counts(view)
    return needed if needed and all(seen.get(tile, 0) < 2 for tile in needed) else ()


def okeys_left_open(
    view: PlayerView, steps: Sequence[AddTile]
) -> list[tuple[int, Tile, tuple[Tile, ...], int]]:
    """The okeys this seat (or its partner) placed on the table that the adds ``steps`` (in
    order) leave open to a swap they were not open to before (+101 to the seat that placed
    it, rules §11; a partner's is the team's): each as the table meld it is in, the tile
    it stands for then, the tiles that swap it and the seat that placed it. K11
    added to R11 ★ B11 makes the okey Y11 alone: one Y11 takes it, where Y11 and K11
    together did. Only okeys there before the adds (an okey added is weighed where its
    reading is chosen: :func:`exposed_add`); none at a table without penalties, nor when
    the adds leave one tile, the finishing discard."""
    if not view.rules.penalties or len(view.rack) - len(steps) <= 1:
        return []
    okey = view.okey
    after: dict[int, Meld] = {}
    for step in steps:
        if not 0 <= step.target < len(view.table):
            return []  # the table refuses it: nothing is laid
        meld = after.get(step.target, view.table[step.target].meld)
        try:
            after[step.target] = extend(meld, step.tile, step.meant, okey)
        except MeldError:
            return []
    seen = _seen_counts(view)

    ours = {view.seat, view.partner}

    def open_to(laid: TableMeld, meld: Meld) -> list[tuple[Tile, tuple[Tile, ...], int]]:
        found = []
        for place in meld.wild_places(okey):
            meant = meld.stands_for[place]
            needed = swap_tiles(meld, place)
            placer = laid.okey_owner(meant)
            if placer in ours and needed and all(seen.get(t, 0) < 2 for t in needed):
                found.append((meant, needed, placer))
        return found

    opened: list[tuple[int, Tile, tuple[Tile, ...], int]] = []
    for target, meld in after.items():
        laid = view.table[target]
        if any(step.target == target and is_wild(step.tile, okey) for step in steps):
            continue
        before = [needed for _meant, needed, _placer in open_to(laid, laid.meld)]
        for meant, needed, placer in open_to(laid, meld):
            if needed in before:
                before.remove(needed)
            else:
                opened.append((target, meant, needed, placer))
    return opened


def _seen_counts(view: PlayerView) -> dict[Tile, int]:
    """How many copies of each tile (by what it plays as) this seat has seen; okeys apart."""
    okey = view.okey
    seen: dict[Tile, int] = {}
    for tile in view.seen_tiles():
        if not is_wild(tile, okey):
            played = effective(tile, okey)
            seen[played] = seen.get(played, 0) + 1
    return seen


def is_pairs_only(view: PlayerView) -> bool:
    """Whether the viewer may only lay pairs (declared Going Pairs or opened with pairs)."""
    opening = view.opening
    if opening is not None:
        return opening.kind is OpeningKind.PAIRS
    return view.going_pairs[view.seat]


def taken_opening(view: PlayerView) -> tuple[Meld, ...] | None:
    """An opening of the seat's rack that lays the taken discard and reaches the floor, as
    the solver finds it, or None when there is none: runs and sets when they reach it (the
    most points), else pairs (the most): a pairs opener's tiles left count double and it
    lays only pairs, so a player told "5 pairs" where the rack opened with 109 points
    took the worse opening (a Going Pairs player, or a tile from one, opens by pairs).

    The meld that takes the tile is read by the meld rules; the rest of the rack is
    arranged by the solver (a practice hint says whether, and how, the taken tile opens:
    :meth:`PlayerView.can_use_taken` says only that the rack with it reaches an opening). A run of six or more tiles splits into two runs, so a
    meld of three to five tiles around the taken one covers every way to use it.
    """
    from okey_tui.engine.solver import best_melds, best_pairs

    taken = view.taken
    if taken is None or view.opening is not None:
        return None
    okey = view.okey
    tile = taken.tile
    rest = list(view.rack)
    rest.remove(tile)
    found: list[tuple[int, tuple[Meld, ...]]] = []
    for partner in sorted(set(rest), key=Tile.sort_key):
        pair = readings([tile, partner], okey, {MeldKind.PAIR})
        if not pair:
            continue
        others = list(rest)
        others.remove(partner)
        melds = (pair[0], *best_pairs(others, okey).melds)
        if 2 * len(melds) >= len(view.rack):  # one tile stays in hand to discard
            melds = melds[:-1]
        if len(melds) >= view.pairs_floor:
            found.append((len(melds), melds))
    by_pairs = max(found, key=lambda f: f[0])[1] if found else None
    if view.going_pairs[view.seat] or taken.from_going_pairs:
        return by_pairs  # pairs only
    found = []
    played = effective(tile, okey)

    def may_meld(t: Tile) -> bool:  # with the taken tile: a wild, its colour or its number
        if is_wild(tile, okey) or is_wild(t, okey):
            return True
        other = effective(t, okey)
        return other.colour == played.colour or other.number == played.number

    pool = [t for t in rest if may_meld(t)]
    tried: set[tuple[Tile, ...]] = set()
    for size in (2, 3, 4):
        for group in combinations(sorted(pool, key=Tile.sort_key), size):
            if group in tried:
                continue
            tried.add(group)
            read = readings([tile, *group], okey, {MeldKind.RUN, MeldKind.SET})
            if not read:
                continue
            others = list(rest)
            for t in group:
                others.remove(t)
            arranged = best_melds(others, okey)
            value = read[0].value + arranged.value
            if value >= view.melds_floor:
                found.append((value, (read[0], *arranged.melds)))
    if found:
        return max(found, key=lambda f: f[0])[1]
    return by_pairs


def plan_adds(
    hand: Hand, tiles: Sequence[Tile], target: int, okey_as: Tile | None = None
) -> tuple[list[AddTile], Tile | None]:
    """An order in which the seat to play can add every one of ``tiles`` to table meld ``target``.

    Tried on a copy of ``hand`` (the hand itself never changes): at each step
    the first tile the engine lets on, until none is left. Returns the
    additions in that order and the first tile that fits nowhere on the meld
    at that point (None when all of them go on). Applying the steps in order
    adds them all. With ``okey_as``, an okey among ``tiles`` goes on only as
    that tile (the other tiles first, where it must wait for them).
    """
    work = hand.copy()
    okey = work.okey
    steps: list[AddTile] = []
    rest = list(tiles)
    while rest:
        adds = [
            a
            for a in _adds_now(work, rest, target)
            if okey_as is None or a.tile != okey or a.meant == okey_as
        ]
        fit = next((a for t in rest for a in adds if a.tile == t), None)
        if fit is None:
            return steps, rest[0]
        work.apply(fit)
        steps.append(fit)
        rest.remove(fit.tile)
    return steps, None


def _adds_now(work: Hand, rest: Sequence[Tile], target: int) -> list[AddTile]:
    """The additions of tiles in ``rest`` to table meld ``target`` the seat to play may
    make now."""
    return [
        a
        for a in legal_actions(PlayerView.of(work, work.turn))
        if isinstance(a, AddTile) and a.target == target and a.tile in rest
    ]


def okey_readings(hand: Hand, tiles: Sequence[Tile], target: int) -> list[Tile]:
    """What an okey among ``tiles`` may stand for when all of them go on table meld
    ``target`` (each a complete :func:`plan_adds` with ``okey_as``), lowest first; empty
    when no okey is among them or they do not all fit. Two or more: the player chooses
    (an okey laid as B5 or as B11 is taken by whoever holds that tile)."""
    okey = hand.okey
    if okey not in tiles:
        return []
    # The okey's meanings at every step of a plan that lays it last (while another tile
    # fits), then each tried as the okey's only meaning.
    work = hand.copy()
    rest = list(tiles)
    seen: list[Tile] = []
    while rest:
        adds = _adds_now(work, rest, target)
        seen += [a.meant for a in adds if a.tile == okey and a.meant is not None]
        fit = next((a for a in adds if a.tile != okey), None) or next(iter(adds), None)
        if fit is None:
            break
        work.apply(fit)
        rest.remove(fit.tile)
    readings = []
    for meant in sorted(set(seen), key=Tile.sort_key):
        steps, bad = plan_adds(hand, tiles, target, okey_as=meant)
        if bad is None and any(s.tile == okey and s.meant == meant for s in steps):
            readings.append(meant)
    return readings
