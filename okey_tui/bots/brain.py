"""The decision logic shared by the bot levels, switched by a :class:`Style`.

A bot turn is a series of :meth:`PlannerBot.choose` calls, each answering one
action from the current :class:`~okey_tui.engine.view.PlayerView`: draw or
take, then open or lay, add, swap, and finally discard. Every call plans
afresh from the view, so a bot keeps no hidden memory between calls.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from okey_tui.bots.planner import (
    Arrangement,
    OutOfTime,
    arrange,
    finish,
    leftover_sum,
    pairs,
    search,
    with_melds,
)
from okey_tui.engine import solver
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
from okey_tui.engine.budget import Deadline
from okey_tui.engine.melds import (
    Meld,
    MeldKind,
    added_meaning,
    extensions,
    is_wild,
    readings,
    swap_okey,
    wild_changes,
)
from okey_tui.engine.rules import OpeningKind
from okey_tui.engine.solver import FinishPlan
from okey_tui.engine.state import SEATS, Phase
from okey_tui.engine.tiles import Tile
from okey_tui.engine.view import PlayerView, exposed_add, exposed_okeys, legal_actions

# The hard bot's look-ahead: how many throws it compares, how far (in keep
# score) below the best they may be, and how many draws it tries for each
# (bounded so that no decision takes long).
LOOKAHEAD_THROWS = 6
LOOKAHEAD_MARGIN = 12.0
LOOKAHEAD_DRAWS = 14
# How many of its own draws the look-ahead expects at most before the hand ends.
LOOKAHEAD_HORIZON = 8.0
# What the look-ahead counts reaching the melds floor as, in points of value.
OPEN_WEIGHT = 60.0
# What an okey laid where others could swap it out is taken to cost, per unseen copy of the
# tile that swaps it (the +101 it costs, weighed by the chance that an opened player holds it).
SWAP_RISK = 40.0


@dataclass(frozen=True, slots=True)
class Style:
    """What a level does. Each flag turns on one piece of play."""

    level: str
    take_for_layoffs: bool = False  # take the left discard to lay it off / lay a meld
    avoid_playable: bool = False  # never throw a tile the table could take (+101)
    keep_okey_for_finish: bool = False  # finish by throwing an okey when possible
    swap_okeys: bool = False
    pairs_plan: bool = False  # weigh a pairs plan against a melds plan
    partials: bool = False  # value half-made runs and sets when discarding
    count_tiles: bool = False  # judge which tiles are still live from what was seen
    guard_right: bool = False  # avoid feeding the player on the right
    hold_for_straight: bool = False
    going_pairs: bool = False  # Challenge: declare Going Pairs with a pairs hand
    guard_okeys: bool = False  # lay okeys where nobody can swap them out (+101)
    plan_finish: bool = False  # search every way to go out this turn
    lookahead: bool = False  # before opening, weigh what the next draws could bring
    aim_floor: bool = False  # the look-ahead weighs the chance of reaching the floor
    hunt_okeys: bool = False  # swap out others' okeys (+101 to them) whenever it is safe


@dataclass(frozen=True, slots=True)
class OpeningPlan:
    kind: OpeningKind
    melds: tuple[Meld, ...]
    value: int
    left: int  # tiles in hand after the opening


def _effective_slot(tile: Tile, okey: Tile) -> int:
    return okey.index if tile.is_false_okey else tile.index


def _remove(tiles: Sequence[Tile], gone: Sequence[Tile]) -> list[Tile]:
    rest = list(tiles)
    for tile in gone:
        rest.remove(tile)
    return rest


def _uses(melds: Sequence[Meld], tile: Tile) -> bool:
    return any(tile in m.tiles for m in melds)


class PlannerBot:
    """A bot of one level: plans with :mod:`okey_tui.bots.planner`, acts on a view."""

    def __init__(self, style: Style) -> None:
        self.style = style
        self.level = style.level
        # The deadline of the decision under way (None: no limit); set only during choose().
        self._deadline: Deadline | None = None

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.level!r})"

    # -- the entry point -------------------------------------------------------

    def choose(self, view: PlayerView, deadline: Deadline | None = None) -> Action:
        """The next action for the seat of ``view``; it is that seat's turn.

        With a ``deadline`` the expensive planning (the finishing search, the
        look-ahead over throws) stops when it passes and the cheaper choice
        stands: no finish this turn, the best throw weighed so far.
        """
        self._deadline = deadline
        try:
            if view.phase is Phase.DRAW:
                return self._draw_phase(view)
            return self._play_phase(view)
        finally:
            self._deadline = None

    # -- what the seat has seen ------------------------------------------------

    def _seen(self, view: PlayerView) -> list[int]:
        """How many copies of each colour-number slot this seat has seen (of 2)."""
        okey = view.okey
        seen = [0] * 52
        for tile in view.seen_tiles():
            if not is_wild(tile, okey):
                seen[_effective_slot(tile, okey)] += 1
        return seen

    # -- openings ------------------------------------------------------------

    def _melds_opening(self, view: PlayerView, rack: Sequence[Tile]) -> OpeningPlan | None:
        return _opening(view, rack, OpeningKind.MELDS, self._deadline)

    def _pairs_opening(self, view: PlayerView, rack: Sequence[Tile]) -> OpeningPlan | None:
        return _opening(view, rack, OpeningKind.PAIRS, self._deadline)

    def _opening(self, view: PlayerView, rack: Sequence[Tile]) -> OpeningPlan | None:
        """The opening this seat would make with ``rack``, melds first, or None."""
        options: list[OpeningPlan] = []
        if not view.going_pairs[view.seat]:
            melds = self._melds_opening(view, rack)
            if melds is not None:
                options.append(melds)
        pair_plan = self._pairs_opening(view, rack)
        if pair_plan is not None:
            options.append(pair_plan)
        if not options:
            return None
        # A straight-out finish beats anything; otherwise melds (pairs double S).
        for option in options:
            if option.left == 1:
                return option
        return options[0]

    def _opening_with(self, view: PlayerView, rack: Sequence[Tile], tile: Tile) -> bool:
        """Whether an opening from ``rack`` exists and puts ``tile`` on the table."""
        plan = self._opening(view, rack)
        if plan is None:
            return False
        if view.going_pairs[view.left] and plan.kind is not OpeningKind.PAIRS:
            return False
        return _uses(plan.melds, tile)

    # -- the draw ------------------------------------------------------------

    def _draw_phase(self, view: PlayerView) -> Action:
        style = self.style
        if (
            style.going_pairs
            and view.rules.challenge
            and view.opening is None
            and not view.going_pairs[view.seat]
            and self._wants_going_pairs(view)
        ):
            return DeclarePairs()
        tile = view.left_discard
        if tile is not None and self._wants_left(view, tile):
            return TakeDiscard()
        return DrawMiddle()

    def _wants_going_pairs(self, view: PlayerView) -> bool:
        okey = view.okey
        rack = view.rack
        n_pairs = len(pairs(rack, okey).melds)
        return n_pairs >= view.pairs_floor and arrange(rack, okey).value < view.melds_floor * 0.6

    def _wants_left(self, view: PlayerView, tile: Tile) -> bool:
        okey = view.okey
        rack = list(view.rack) + [tile]
        opening = view.opening
        protected = view.going_pairs[view.left]
        if opening is None:
            if not self._opening_with(view, rack, tile):
                return False
            return not (self.style.hold_for_straight and self._hold_for_straight(view, rack))
        if not self.style.take_for_layoffs:
            return False
        if opening.kind is OpeningKind.PAIRS:
            if tile == okey:
                return False
            # Only when the pairs it would lay take the tile: holding its twin or an okey
            # is not enough when the okey pairs better with another tile (the take would
            # end in giving the lay back).
            pair_plan = _keep_one(pairs(rack, okey), rack, okey, pairs_kind=True, protect=tile)
            return _uses(pair_plan.melds, tile)
        if protected:
            return False
        plan = _keep_one(
            arrange(rack, okey),
            rack,
            okey,
            pairs_kind=False,
            protect=tile,
            deadline=self._deadline,
        )
        if _uses(plan.melds, tile):
            return True
        if tile == okey:
            return False
        if self.swap_with_left(view) is not None:
            return True
        return len(view.rack) >= 1 and view.playable_on_table(tile)

    def swap_with_left(self, view: PlayerView) -> Action | None:
        """The okey swap the left discard would make, taken (another seat's okey off the
        table: +101 to them; this seat's own, out where others could swap it), when this
        bot hunts okeys and the okey could go back safely: worth taking for that alone."""
        tile = view.left_discard
        opening = view.opening
        if (
            tile is None
            or not self.style.hunt_okeys
            or opening is None
            or opening.kind is OpeningKind.PAIRS
            or not view.can_touch_table()
        ):
            return None
        okey = view.okey
        rack = list(view.rack) + [tile]
        table = [tm.meld for tm in view.table]
        swaps = [
            SwapOkey(swap.index, swap.given)
            for swap in solver.okey_swaps(rack, okey, table)
            if tile in swap.given
        ]
        return self._hunt(view, rack, okey, swaps)

    def _hold_for_straight(self, view: PlayerView, rack: Sequence[Tile]) -> bool:
        """Hard: with nearly everything melded early, wait to go out in one turn."""
        plan = self._opening(view, rack)
        if plan is None or plan.left <= 1:
            return False
        if view.rules.melds_floor_rises or view.rules.pairs_floor_rises:
            return False  # rising floors reward opening first
        others_open = any(o is not None for s, o in enumerate(view.openings) if s != view.seat)
        return plan.left == 2 and view.middle_count >= 10 and not others_open

    # -- the play phase -------------------------------------------------------

    def _play_phase(self, view: PlayerView) -> Action:
        okey = view.okey
        rack = list(view.rack)
        taken = view.taken
        if view.opening is None:
            plan = self._opening(view, rack)
            if taken is not None:
                if plan is not None and self._opening_with(view, rack, taken.tile):
                    return Open(self._guarded(view, plan.melds, plan))
                return self._release(view)
            if plan is not None and not (
                self.style.hold_for_straight and self._hold_for_straight(view, rack)
            ):
                return Open(self._guarded(view, plan.melds, plan))
            return self._discard(view)
        action = self._after_opening(view, rack, okey)
        if action is not None:
            return action
        if taken is not None or view.okeys_owed:
            return self._release(view)
        return self._discard(view)

    def _release(self, view: PlayerView) -> Action:
        """Out of the taken-discard or okey lock without breaking a rule."""
        if view.taken is not None and not view.laid_this_turn:
            return GiveBack()
        if view.laid_this_turn:
            return TakeBack()
        return self._discard(view)

    def _after_opening(self, view: PlayerView, rack: list[Tile], okey: Tile) -> Action | None:
        opening = view.opening
        assert opening is not None
        pairs_opener = opening.kind is OpeningKind.PAIRS
        owed = view.okeys_owed > 0
        style = self.style
        if len(rack) <= 1:
            return None
        if style.plan_finish and len(rack) <= 7:
            act = self._finish_step(view, rack, okey)
            if act is not None:
                return act
        if style.hunt_okeys and not owed and not pairs_opener:
            act = self._hunt(view, rack, okey)
            if act is not None:
                return act
        # Finish by throwing an okey: lay everything else, keep the okey.
        if style.keep_okey_for_finish and okey in rack and not owed and not pairs_opener:
            rest = _remove(rack, [okey])
            plan = arrange(rest, okey)
            if not plan.leftover and plan.melds:
                return Lay(plan.melds)
            if len(rest) == 1 and view.can_touch_table():
                act = self._add_action(view, rest[0])
                if act is not None:
                    return act
        protect = view.taken.tile if view.taken is not None else None
        if pairs_opener:
            plan = _keep_one(pairs(rack, okey), rack, okey, pairs_kind=True, protect=protect)
            if (
                protect is not None
                and not view.can_touch_table()
                and not _uses(plan.melds, protect)
            ):
                # The taken tile can go nowhere: give it back before laying anything,
                # rather than lay pairs that must then be taken back (+101 each time).
                return self._release(view)
        else:
            plan = _keep_one(
                arrange(rack, okey),
                rack,
                okey,
                pairs_kind=False,
                keep_wild=not owed,
                protect=protect,
                deadline=self._deadline,
            )
        if plan.melds:
            melds = self._guarded(view, plan.melds, None)
            if not pairs_opener:
                home = self._okey_home(view, rack, melds, plan, protect)
                if home is not None:
                    return home
            return Lay(melds)
        if view.can_touch_table():
            # Lay off what fits, the taken tile first, then okeys we owe, then the highest
            # (tiles of one number by colour: a set's order depends on string hashing,
            # which changes from process to process).
            order = sorted(
                set(plan.leftover),
                key=lambda t: (
                    view.taken is None or t != view.taken.tile,
                    not (owed and t == okey),
                    t == okey,
                    -t.number,
                    t.sort_key(),
                ),
            )
            only_okeys = all(t == okey for t in rack)
            for tile in order:
                if (
                    tile == okey
                    and not owed
                    and not only_okeys
                    and (style.keep_okey_for_finish or len(rack) > 2)
                    and not _last_turn(view)
                ):
                    continue
                act = self._add_action(view, tile)
                if act is not None:
                    return act
            if style.swap_okeys and not owed and view.taken is None:
                swap = self._good_swap(view, rack, okey, plan)
                if swap is not None:
                    return swap
        return None

    def _finish_plan(self, view: PlayerView, rack: list[Tile], okey: Tile) -> FinishPlan | None:
        """A way to go out this turn, if there is one (:class:`OutOfTime` past the deadline)."""
        opening = view.opening
        assert opening is not None
        table = [tm.meld for tm in view.table]
        plan = finish(
            rack,
            okey,
            table,
            opening.kind,
            view.can_touch_table(),
            deadline=self._deadline,
            barred=view.finish_barred(),
        )
        return plan if plan is None or view.allows_finish(plan) else None

    def _finish_step(
        self,
        view: PlayerView,
        rack: list[Tile],
        okey: Tile,
        plan: FinishPlan | None = None,
    ) -> Action | None:
        """The next step of a way to go out this turn (``plan``, when already searched),
        if there is one."""
        if plan is None:
            try:
                plan = self._finish_plan(view, rack, okey)
            except OutOfTime:
                return None  # out of time: play on as if no finish were found
        if plan is None:
            return None
        if plan.swaps:
            # Another okey may come off the table while one is owed: the plan lays both.
            swap = plan.swaps[0]
            return SwapOkey(swap.index, swap.given)
        if plan.melds:
            return Lay(plan.melds)
        if plan.lay_offs:
            lay_off = plan.lay_offs[0]
            meant = None
            if is_wild(lay_off.tile, okey):
                added = Counter(lay_off.result.stands_for) - Counter(
                    view.table[lay_off.index].meld.stands_for
                )
                meant = next(iter(added))
            return AddTile(lay_off.tile, lay_off.index, meant)
        return Discard(plan.discard)

    def _guarded(
        self, view: PlayerView, melds: tuple[Meld, ...], opening: OpeningPlan | None
    ) -> tuple[Meld, ...]:
        """Melds re-read so that their okeys stand for tiles nobody else can hold.

        Someone who swaps out an okey we laid costs us +101; an okey standing
        for a tile whose two copies are both in sight cannot be swapped.
        """
        if not self.style.guard_okeys:
            return melds
        okey = view.okey
        if not any(okey in m.tiles for m in melds):
            return melds
        seen = self._seen(view)

        def risk(meld: Meld) -> int:
            return sum(
                max(0, 2 - seen[_effective_slot(meld.stands_for[i], okey)])
                for i in meld.wild_places(okey)
            )

        chosen: list[Meld] = []
        for meld in melds:
            if okey not in meld.tiles or meld.kind is MeldKind.PAIR:
                chosen.append(meld)
                continue
            options = readings(meld.tiles, okey, [meld.kind])
            best = min(options, key=lambda m: (risk(m), -m.value)) if options else meld
            chosen.append(best if risk(best) < risk(meld) else meld)
        if opening is not None and opening.kind is OpeningKind.MELDS:
            value = sum(m.value for m in chosen)
            finishes = view.rules.floor_waived(opening.left)
            if value < view.melds_floor and not finishes:
                return melds
        return tuple(chosen)

    def _okey_home(
        self,
        view: PlayerView,
        rack: list[Tile],
        melds: tuple[Meld, ...],
        plan: Arrangement,
        protect: Tile | None,
    ) -> Action | None:
        """The okey laid off where nobody can swap it, rather than in ``melds`` where
        another seat could (+101 to us): when the tiles it would have melded with, kept in
        hand instead, cost less than that risk. Not on a turn the seat can go out: the
        hand ends before anyone could swap it, and the tiles kept back would stop the finish
        (the next step of that finish, for a level that searches for one)."""
        okey = view.okey
        if not self.style.guard_okeys or not view.rules.penalties or not view.can_touch_table():
            return None
        if not exposed_okeys(view, melds):
            return None
        seen = self._seen(view)
        risk = sum(self._okey_risk(view, m, seen) for m in melds if okey in m.tiles)
        safe: tuple[int, AddTile] | None = None
        for index, tm in enumerate(view.table):
            for new in extensions(tm.meld, okey, okey):
                meant = added_meaning(tm.meld, new)
                if exposed_add(view, tm.meld, okey, meant):
                    continue
                if safe is None or new.value > safe[0]:
                    safe = (new.value, AddTile(okey, index, meant))
        if safe is None:
            return None
        try:
            out = self._finish_plan(view, rack, okey)
        except OutOfTime:
            return None  # out of time: lay as planned
        if out is not None:
            return self._finish_step(view, rack, okey, out) if self.style.plan_finish else None
        rest = _remove(rack, [okey])
        after = _keep_one(
            arrange(rest, okey),
            rest,
            okey,
            pairs_kind=False,
            keep_wild=False,
            protect=protect,
            deadline=self._deadline,
        )
        if protect is not None and not _uses(after.melds, protect):
            return None  # the taken tile must go down this turn
        stranded = leftover_sum(after.leftover, okey) - leftover_sum(plan.leftover, okey)
        return safe[1] if stranded < SWAP_RISK * risk else None

    def _add_action(self, view: PlayerView, tile: Tile) -> Action | None:
        okey = view.okey
        if len(view.rack) < 2 or not view.can_touch_table():
            return None
        taken = view.taken
        if taken is not None and taken.from_going_pairs and tile == taken.tile:
            return None
        seen = self._seen(view) if self.style.guard_okeys and is_wild(tile, okey) else None
        best: tuple[int, AddTile] | None = None
        for index, tm in enumerate(view.table):
            for new in extensions(tm.meld, tile, okey):
                meant = None
                score = new.value
                if is_wild(tile, okey):
                    meant = added_meaning(tm.meld, new)
                    if seen is not None:
                        score -= 1000 * self._okey_risk(view, new, seen)
                if best is None or score > best[0]:
                    best = (score, AddTile(tile, index, meant))
        return None if best is None else best[1]

    def _exposed(self, view: PlayerView) -> set[int]:
        """The slots of the tiles that okeys we laid stand for."""
        okey = view.okey
        slots: set[int] = set()
        for tm in view.table:
            for i in tm.meld.wild_places(okey):
                meant = tm.meld.stands_for[i]
                if tm.meld.kind is not MeldKind.PAIR and tm.okey_owner(meant) == view.seat:
                    slots.add(_effective_slot(meant, okey))
        return slots

    def _okey_risk(
        self, view: PlayerView, meld: Meld, seen: list[int], meant: Tile | None = None
    ) -> int:
        """How many unseen tiles could swap an okey out of ``meld`` (only the okey that
        stands for ``meant``, when given: another okey of the meld is no risk to it)."""
        okey = view.okey
        if meld.kind is MeldKind.PAIR:
            return 0
        places = meld.wild_places(okey)
        if meld.kind is MeldKind.SET and len(meld.tiles) == 3 and len(places) == 1:
            # Both missing colours are needed at once; a fourth tile would pin it.
            if meant is not None and meld.stands_for[places[0]] != meant:
                return 0
            return 1 if seen[_effective_slot(meld.stands_for[places[0]], okey)] < 2 else 0
        return sum(
            max(0, 2 - seen[_effective_slot(meld.stands_for[i], okey)])
            for i in places
            if meant is None or meld.stands_for[i] == meant
        )

    def _hunt(
        self,
        view: PlayerView,
        rack: list[Tile],
        okey: Tile,
        swaps: Sequence[SwapOkey] | None = None,
    ) -> Action | None:
        """Swap an okey off the table when the okey can go back safely this turn.

        Another seat's okey costs them +101; our own okey comes home when its
        tile is still live (someone else could swap it). The real tiles leave
        the hand either way. ``swaps``: the ones to weigh, when not those open now (a
        left discard not yet taken, with ``rack`` holding it); a taken discard is
        swapped in only, as it must be used this turn.
        """
        seen = self._seen(view)
        best: tuple[float, SwapOkey] | None = None
        taken = view.taken.tile if view.taken is not None else None
        for action in legal_actions(view) if swaps is None else swaps:
            if not isinstance(action, SwapOkey):
                continue
            if taken is not None and taken not in action.tiles:
                continue
            if len(rack) - len(action.tiles) < 1:
                continue
            tm = view.table[action.target]
            new = swap_okey(tm.meld, action.tiles, okey)
            freed = wild_changes(tm.meld, new, okey)[0][0]
            placer = tm.okey_owner(freed)
            # Where the okey goes back: a meld from the hand, or a lay-off.
            new_rack = _remove(rack, action.tiles) + [okey]
            table = [t.meld for t in view.table]
            table[action.target] = new
            gain = 0.0
            if placer == view.seat:
                # Our own okey comes home when its meld could lose an okey to a swap. Not
                # when that is another seat's okey and ours is safe, while the tiles given
                # for it go down anyway: swapped in tile by tile, ours went round the table
                # (★K5 laid, taken home for K5, laid as ★K4...), unless it goes out.
                if self._okey_risk(view, tm.meld, seen) == 0:
                    continue
                if (
                    self._okey_risk(view, tm.meld, seen, freed) == 0
                    and all(view.playable_on_table(t) for t in action.tiles)
                    and not self._out_with(view, new_rack, table)
                ):
                    continue
                gain = 30.0
            elif placer == view.partner:
                continue
            else:
                gain = 101.0
            plan = arrange(new_rack, okey)
            risk: int | None = None
            if okey in [t for m in plan.melds for t in m.tiles] and plan.tiles_used < len(new_rack):
                risk = min(self._okey_risk(view, m, seen) for m in plan.melds if okey in m.tiles)
            if len(new_rack) >= 2:
                for meld in table:
                    for ext in extensions(meld, okey, okey):
                        r = self._okey_risk(view, ext, seen)
                        risk = r if risk is None else min(risk, r)
            if risk is None:
                continue
            score = gain - SWAP_RISK * risk + sum(t.number for t in action.tiles)
            if score > 0 and (best is None or score > best[0]):
                best = (score, action)
        return None if best is None else best[1]

    def _out_with(self, view: PlayerView, rack: list[Tile], table: list[Meld]) -> bool:
        """Whether ``rack`` goes out this turn on ``table`` (after a swap), the okey not
        the last discard (one taken off the table goes back on it)."""
        opening = view.opening
        if opening is None:
            return False
        try:
            plan = finish(
                rack,
                view.okey,
                table,
                opening.kind,
                view.can_touch_table(),
                deadline=self._deadline,
            )
        except OutOfTime:
            return False
        return plan is not None and plan.discard != view.okey

    def _good_swap(
        self, view: PlayerView, rack: list[Tile], okey: Tile, plan: Arrangement
    ) -> Action | None:
        """Swap an okey off the table when it lets more of the hand go down."""
        before = leftover_sum(plan.leftover, okey)
        seen: list[int] | None = None
        for action in legal_actions(view):
            if not isinstance(action, SwapOkey):
                continue
            tm = view.table[action.target]
            freed = wild_changes(tm.meld, swap_okey(tm.meld, action.tiles, okey), okey)[0][0]
            if tm.okey_owner(freed) == view.seat:
                # Our own okey where nobody can swap it out stays there: taken home to
                # lay more, it went down again where someone could (★ laid off as K8 with
                # K8 in hand, swapped home for K8, laid again in R6 ★R7 R8).
                seen = self._seen(view) if seen is None else seen
                if self._okey_risk(view, tm.meld, seen) == 0:
                    continue
            new_rack = _remove(rack, action.tiles) + [okey]
            if not new_rack:
                continue
            after_plan = _keep_one(
                arrange(new_rack, okey),
                new_rack,
                okey,
                pairs_kind=False,
                keep_wild=False,
                deadline=self._deadline,
            )
            if okey in after_plan.leftover:
                continue
            if leftover_sum(after_plan.leftover, okey) < before - 1:
                return action
        return None

    # -- the discard ----------------------------------------------------------

    def _discard(self, view: PlayerView) -> Action:
        okey = view.okey
        rack = list(view.rack)
        if len(rack) == 1:
            return Discard(rack[0])
        style = self.style
        opened = view.opening is not None
        pairs_mode = self._pairs_mode(view, rack)
        plan = pairs(rack, okey) if pairs_mode else arrange(rack, okey)
        in_melds = Counter(t for m in plan.melds for t in m.tiles)
        seen = self._seen(view) if style.count_tiles else None
        counts = Counter(_effective_slot(t, okey) for t in rack if not is_wild(t, okey))
        exposed = self._exposed(view) if style.hunt_okeys else set()
        scored: list[tuple[float, int, Tile]] = []
        for tile in sorted(set(rack), key=Tile.sort_key):
            if tile == okey:
                continue
            score = 0.0
            if in_melds[tile] >= rack.count(tile):
                score += 100.0
            score += self._keep_score(view, tile, counts, seen, pairs_mode, opened)
            if style.avoid_playable and view.playable_on_table(tile):
                score += 1000.0
            if style.hunt_okeys and _effective_slot(tile, okey) in exposed:
                score += 500.0  # it would let someone swap out an okey we laid
            scored.append((score, tile.sort_key()[0] * 13 + tile.number, tile))
        if not scored:
            return Discard(rack[0])
        scored.sort(key=lambda item: (item[0], -item[1]))
        if style.lookahead and not opened and not pairs_mode and seen is not None:
            shortlist = [
                item
                for item in scored[:LOOKAHEAD_THROWS]
                if item[0] < scored[0][0] + LOOKAHEAD_MARGIN
            ]
            if len(shortlist) > 1:
                return Discard(self._look_ahead(view, rack, shortlist, seen))
        return Discard(scored[0][2])

    def _look_ahead(
        self,
        view: PlayerView,
        rack: list[Tile],
        shortlist: list[tuple[float, int, Tile]],
        seen: list[int],
    ) -> Tile:
        """The throw that keeps the best melds plus what live draws could add."""
        okey = view.okey
        unseen_total = max(1, sum(max(0, 2 - c) for c in seen))
        draws = min(LOOKAHEAD_HORIZON, view.middle_count / 4 + 0.5)
        floor = view.melds_floor
        best: tuple[float, Tile] | None = None
        deadline = self._deadline
        for rank, (_, _, tile) in enumerate(shortlist):
            if deadline is not None and deadline.expired():
                # Out of time: the best throw weighed so far.
                return shortlist[0][2] if best is None else best[1]
            rest = _remove(rack, [tile])
            plan = arrange(rest, okey)
            base = plan.value
            # The draws that could join the leftovers, nearest first, a bounded
            # number of them (each is one solver call).
            near: list[int] = []
            for step in (1, 0, 2):
                for left in plan.leftover:
                    if is_wild(left, okey):
                        continue
                    colour, number0 = divmod(_effective_slot(left, okey), 13)
                    if step == 0:
                        slots = [c * 13 + number0 for c in range(4) if c != colour]
                    else:
                        slots = [
                            colour * 13 + n
                            for n in (number0 - step, number0 + step)
                            if 0 <= n <= 12
                        ]
                    for slot in slots:
                        if slot not in near and seen[slot] < 2 and slot != okey.index:
                            near.append(slot)
            gain = 0.0
            hits = 0
            for slot in near[:LOOKAHEAD_DRAWS]:
                if deadline is not None and deadline.expired():
                    # Out of time: the best throw weighed in full so far.
                    return shortlist[0][2] if best is None else best[1]
                live = 2 - seen[slot]
                drawn = Tile.from_index(slot)
                value = search(rest, okey).variant(more=[drawn])[0]
                gain += live * max(0, value - base)
                if value >= floor:
                    hits += live
            score = base + draws * gain / unseen_total - 0.01 * rank
            if self.style.aim_floor:
                # What matters before opening is reaching the floor at all.
                score += OPEN_WEIGHT * (1 - (1 - min(1.0, hits / unseen_total)) ** draws)
            if best is None or score > best[0]:
                best = (score, tile)
        assert best is not None
        return best[1]

    def _pairs_mode(self, view: PlayerView, rack: Sequence[Tile]) -> bool:
        opening = view.opening
        if opening is not None:
            return opening.kind is OpeningKind.PAIRS
        if view.going_pairs[view.seat]:
            return True
        if not self.style.pairs_plan:
            return False
        okey = view.okey
        n_pairs = len(pairs(rack, okey).melds)
        value = arrange(rack, okey).value
        return n_pairs >= view.pairs_floor - 1 and value < view.melds_floor - 25

    def _keep_score(
        self,
        view: PlayerView,
        tile: Tile,
        counts: Counter[int],
        seen: list[int] | None,
        pairs_mode: bool,
        opened: bool,
    ) -> float:
        okey = view.okey
        slot = _effective_slot(tile, okey)
        colour, number0 = divmod(slot, 13)
        number = number0 + 1
        style = self.style

        def live(s: int) -> float:
            if seen is None:
                return 1.0
            return max(0.0, 2 - seen[s]) / 2

        score = 0.0
        if pairs_mode:
            if counts[slot] >= 2:
                score += 30.0
            else:
                score += 3.0 * live(slot)
            if opened:
                score -= number * 0.5
            return score
        if style.partials:
            # Hard, before opening: what counts is reaching the floor, so a
            # half-made meld of high tiles is worth more than one of low tiles.
            lift = 1.0
            if style.aim_floor and not opened:
                lift = 0.4 + 1.2 * number / 13
            for d, weight in ((1, 4.0 * lift), (2, 2.0 * lift)):
                for n in (number - d, number + d):
                    if 1 <= n <= 13:
                        s = colour * 13 + n - 1
                        if counts[s]:
                            # the run needs the tile between or beyond: is it still live?
                            gap = colour * 13 + (number + n) // 2 - 1 if d == 2 else -1
                            factor = live(gap) if gap >= 0 else 1.0
                            score += weight * (0.3 + 0.7 * factor)
            for c in range(4):
                if c == colour:
                    continue
                s = c * 13 + number0
                if counts[s]:
                    others_live = sum(
                        live(c2 * 13 + number0) for c2 in range(4) if c2 not in (c, colour)
                    )
                    score += 3.0 * lift * (0.4 + 0.3 * others_live)
            if counts[slot] >= 2:
                score += 0.5
        else:
            # A beginner keeps tiles next to others, without weighing them.
            for n in (number - 1, number + 1):
                if 1 <= n <= 13 and counts[colour * 13 + n - 1]:
                    score += 2.0
        if opened:
            score -= number * 0.35
        else:
            score += number * (0.25 if style.aim_floor else 0.08)
        if style.guard_right:
            score += self._danger(view, tile, seen)
        return score

    def _danger(self, view: PlayerView, tile: Tile, seen: list[int] | None) -> float:
        """How much the player on the right could use this tile (hard)."""
        right = view.right
        if view.partner == right:
            return 0.0
        okey = view.okey
        slot = _effective_slot(tile, okey)
        colour, number0 = divmod(slot, 13)

        def unseen(s: int) -> int:
            return 2 if seen is None else max(0, 2 - seen[s])

        links = 0.0
        for n in (number0 - 1, number0 + 1):
            if 0 <= n <= 12:
                links += unseen(colour * 13 + n)
        for n in (number0 - 2, number0 + 2):
            if 0 <= n <= 12:
                links += 0.5 * unseen(colour * 13 + n)
        for c in range(4):
            if c != colour:
                links += 0.7 * unseen(c * 13 + number0)
        # What the right player threw away, they are not collecting.
        for thrown in view.discards[right][-6:]:
            if is_wild(thrown, okey):
                continue
            t_slot = _effective_slot(thrown, okey)
            t_colour, t_number0 = divmod(t_slot, 13)
            if t_slot == slot or (t_colour == colour and abs(t_number0 - number0) <= 1):
                links -= 1.5
            elif t_number0 == number0:
                links -= 1.0
        weight = 0.6 if view.openings[right] is not None else 0.25
        if view.rules.challenge and view.rules.penalties:
            weight *= 2 * (number0 + 1) / 7
        return max(0.0, links) * weight


def _last_turn(view: PlayerView) -> bool:
    """Whether the seat, having drawn, most likely plays no turn after this one: the other
    seats' draws leave no tile in the middle for its next draw (only a discard taken
    instead would). An okey kept then for a finishing throw is never thrown: it stays in
    hand, +101 at a penalty table (the bots kept R1 with R4 R6, 0 tiles left, and paid)."""
    return view.middle_count < SEATS


def _keep_one(
    plan: Arrangement,
    rack: Sequence[Tile],
    okey: Tile,
    pairs_kind: bool,
    keep_wild: bool = True,
    protect: Tile | None = None,
    deadline: Deadline | None = None,
) -> Arrangement:
    """An arrangement that leaves at least one tile in hand to discard.

    ``protect`` is a tile that must stay in the melds (the taken discard).
    Past ``deadline`` it stops trying tiles to keep out and answers the best so far.
    """
    if plan.tiles_used < len(rack) or not plan.melds:
        return plan
    if pairs_kind:
        melds = sorted(
            plan.melds, key=lambda m: (protect is not None and protect in m.tiles, m.value)
        )
        kept = melds[1:]
        held = melds[0].tiles
        return with_melds(kept, tuple(plan.leftover) + held, okey)
    best: Arrangement | None = None
    candidates = sorted(set(rack), key=lambda t: (t != okey, t.sort_key()))
    if protect is not None and rack.count(protect) < 2:
        candidates = [t for t in candidates if t != protect] or candidates
    if not keep_wild:
        candidates = [t for t in candidates if t != okey] or candidates
    for tile in candidates:
        if deadline is not None and deadline.expired():
            break
        rest = _remove(rack, [tile])
        sub = arrange(rest, okey)
        if sub.tiles_used == len(rest) and (best is None or sub.value > best.value):
            best = with_melds(sub.melds, sub.leftover + (tile,), okey)
            if tile == okey and keep_wild:
                break
    if best is None:
        for tile in candidates:
            if best is not None and deadline is not None and deadline.expired():
                break
            rest = _remove(rack, [tile])
            sub = arrange(rest, okey)
            if best is None or sub.value > best.value:
                best = with_melds(sub.melds, sub.leftover + (tile,), okey)
    assert best is not None
    return best


def _opening(
    view: PlayerView, rack: Sequence[Tile], kind: OpeningKind, deadline: Deadline | None = None
) -> OpeningPlan | None:
    """The best opening of one kind the rack holds, if it reaches the floor (or finishes)."""
    okey = view.okey
    as_pairs = kind is OpeningKind.PAIRS
    found = pairs(rack, okey) if as_pairs else arrange(rack, okey)
    plan = _keep_one(found, rack, okey, pairs_kind=as_pairs, deadline=deadline)
    if not plan.melds:
        return None
    left = len(rack) - plan.tiles_used
    value = len(plan.melds) if as_pairs else plan.value
    finishes = view.rules.floor_waived(left)
    if value < (view.pairs_floor if as_pairs else view.melds_floor) and not finishes:
        return None
    return OpeningPlan(kind, plan.melds, value, left)
