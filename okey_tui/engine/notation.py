"""A one-line text for a whole hand position, like chess's FEN, and back.

Fields, separated by single spaces::

    classic/11 B7 2p R1R2../../../.. middle discards/../../.. table openings penalties state end | actions

1. table code (:meth:`RuleSet.code`), 2. indicator, 3. seat to play and
phase (``d`` draw, ``p`` play, ``x`` over), 4. the four racks, 5. the
middle in drawing order, 6. the four discard piles (bottom first), 7. the
table melds ``owner:meld`` joined by commas (a wild okey is ``*`` + what it
stands for, ``@s`` when seat ``s`` rather than the owner placed it),
8. the openings (``m105``, ``p5``, ``-``; ``!`` marks Going Pairs),
9. penalties ``seat:points:reason``, 10. the turn's locks (``take:R5:2:og``,
``okeys:1``), 11. the ending (``finish:2:osp`` for okey/straight/pairs,
``empty``), and in the play phase, after ``|``, the actions taken since the
turn's draw, joined by ``;``. Empty fields are ``-``. See docs/notation.md.
"""

from __future__ import annotations

import re
from collections import Counter

from okey_tui.engine.actions import parse_action
from okey_tui.engine.errors import ErrorCode, IllegalActionError, NotationError
from okey_tui.engine.melds import parse_meld
from okey_tui.engine.rules import RuleSet
from okey_tui.engine.state import (
    SEATS,
    EndKind,
    Hand,
    Opening,
    OpeningKind,
    Outcome,
    Penalty,
    PenaltyReason,
    Phase,
    TableMeld,
    Taken,
)
from okey_tui.engine.tiles import (
    Tile,
    format_compact,
    full_set,
    is_number,
    okey_for,
    parse_compact,
)

_OWNER_RE = re.compile(r"\*([RYBK][0-9]{1,2})@([0-9])")


def _split4(text: str, what: str) -> list[str]:
    parts = text.split("/")
    if len(parts) != SEATS:
        raise NotationError(
            f"'{text}': {what} needs four parts separated by '/'", code=ErrorCode.NOT_A_POSITION
        )
    return parts


def _format_base(hand: Hand) -> str:
    okey = hand.okey
    table = ",".join(_format_table_meld(tm, okey) for tm in hand.table) or "-"
    openings = "/".join(
        (f"{o.kind.value}{o.value}" if o else "-") + ("!" if gp else "")
        for o, gp in zip(hand.openings, hand.going_pairs, strict=True)
    )
    penalties = ",".join(f"{p.seat}:{p.points}:{p.reason.value}" for p in hand.penalties) or "-"
    locks = []
    if hand.taken is not None:
        t = hand.taken
        flags = ("o" if t.opened else "") + ("g" if t.from_going_pairs else "")
        locks.append(f"take:{t.tile}:{t.count}:{flags or '-'}")
    if hand.okey_limit is not None:
        locks.append(f"okeys:{hand.okey_limit}")
    outcome = hand.outcome
    if outcome is None:
        end = "-"
    elif outcome.kind is EndKind.EMPTY_MIDDLE:
        end = "empty"
    else:
        flags = ("o" if outcome.okey else "") + ("s" if outcome.straight else "")
        flags += "p" if outcome.pairs else ""
        end = f"finish:{outcome.finisher}:{flags or '-'}"
    return " ".join(
        [
            hand.rules.code(),
            str(hand.indicator),
            f"{hand.turn}{hand.phase.value}",
            "/".join(format_compact(r) for r in hand.racks),
            format_compact(hand.middle),
            "/".join(format_compact(d) for d in hand.discards),
            table,
            openings,
            penalties,
            ";".join(locks) or "-",
            end,
        ]
    )


def _format_table_meld(tm: TableMeld, okey: Tile) -> str:
    text = tm.meld.text(okey)
    for meant, seat in tm.okey_owners:
        if seat != tm.owner:
            text = text.replace(f"*{meant}", f"*{meant}@{seat}", 1)
    return f"{tm.owner}:{text}"


def format_position(hand: Hand) -> str:
    """The position's one-line text."""
    if hand.phase is Phase.PLAY and hand.turn_start is not None:
        base = _format_base(hand.turn_start)
        if hand.turn_actions:
            okey = hand.okey
            return base + " | " + ";".join(a.text(okey) for a in hand.turn_actions)
        return base
    return _format_base(hand)


def _check_tile_set(hand: Hand) -> None:
    """Every tile of the 106-tile set exactly once per copy: two of each, two F."""
    held: Counter[Tile] = Counter([hand.indicator])
    for rack in hand.racks:
        held.update(rack)
    held.update(hand.middle)
    for pile in hand.discards:
        held.update(pile)
    for tm in hand.table:
        held.update(tm.meld.tiles)
    want = Counter(full_set())
    extra = sorted((held - want).elements(), key=Tile.sort_key)
    missing = sorted((want - held).elements(), key=Tile.sort_key)
    if extra or missing:
        raise NotationError(
            "A position holds each tile of the 106-tile set exactly (two of each, two F): "
            f"too many {format_compact(extra)}, missing {format_compact(missing)}",
            code=ErrorCode.NOT_A_POSITION,
        )


def parse_position(text: str) -> Hand:
    """Rebuild a hand from its one-line text (actions after ``|`` are replayed)."""
    base, _, journal = text.partition("|")
    fields = base.split()
    if len(fields) != 11:
        raise NotationError(
            f"A position has 11 fields before any '|', not {len(fields)}",
            code=ErrorCode.NOT_A_POSITION,
        )
    (rules_f, ind_f, turn_f, racks_f, middle_f, disc_f, table_f, open_f, pen_f, lock_f, end_f) = (
        fields
    )
    rules = RuleSet.from_code(rules_f)
    indicator = Tile.parse(ind_f)
    okey = okey_for(indicator)
    if len(turn_f) != 2 or turn_f[0] not in "0123" or turn_f[1] not in "dpx":
        raise NotationError(
            f"'{turn_f}' is not a seat and phase (like 2p)", code=ErrorCode.NOT_A_POSITION
        )
    hand = Hand(
        rules=rules,
        indicator=indicator,
        racks=[parse_compact(r) for r in _split4(racks_f, "the racks")],
        middle=parse_compact(middle_f),
        discards=[parse_compact(d) for d in _split4(disc_f, "the discard piles")],
        turn=int(turn_f[0]),
        phase=Phase(turn_f[1]),
    )
    if table_f != "-":
        for item in table_f.split(","):
            owner_text, _, meld_text = item.partition(":")
            if owner_text not in ("0", "1", "2", "3"):
                raise NotationError(
                    f"'{item}' is not a table meld (like 0:R1R2R3)", code=ErrorCode.NOT_A_POSITION
                )
            owner = int(owner_text)
            owners = [
                (Tile.parse(m.group(1)), int(m.group(2))) for m in _OWNER_RE.finditer(meld_text)
            ]
            meld = parse_meld(_OWNER_RE.sub(r"*\1", meld_text), okey)
            wild_meant = {meld.stands_for[i] for i in meld.wild_places(okey)}
            if any(t not in wild_meant or s >= SEATS for t, s in owners):
                raise NotationError(
                    f"'{item}': an okey owner names no okey of the meld",
                    code=ErrorCode.NOT_A_POSITION,
                )
            hand.table.append(TableMeld(owner, meld, tuple(owners)))
    for seat, item in enumerate(_split4(open_f, "the openings")):
        if item.endswith("!"):
            hand.going_pairs[seat] = True
            item = item[:-1]
        if item != "-":
            if len(item) < 2 or item[0] not in "mp" or not is_number(item[1:]):
                raise NotationError(
                    f"'{item}' is not an opening (m105, p5 or -)", code=ErrorCode.NOT_A_POSITION
                )
            hand.openings[seat] = Opening(OpeningKind(item[0]), int(item[1:]))
    if pen_f != "-":
        for item in pen_f.split(","):
            parts = item.split(":")
            try:
                seat, points, reason = int(parts[0]), int(parts[1]), PenaltyReason(parts[2])
            except (ValueError, IndexError):
                raise NotationError(
                    f"'{item}' is not a penalty (seat:points:reason)", code=ErrorCode.NOT_A_POSITION
                ) from None
            if not 0 <= seat < SEATS:
                raise NotationError(f"'{item}': no seat {seat}", code=ErrorCode.NOT_A_POSITION)
            hand.penalties.append(Penalty(seat, points, reason))
    if lock_f != "-":
        for item in lock_f.split(";"):
            parts = item.split(":")
            if parts[0] == "take" and len(parts) == 4 and is_number(parts[2]):
                hand.taken = Taken(
                    Tile.parse(parts[1]), int(parts[2]), "o" in parts[3], "g" in parts[3]
                )
            elif parts[0] == "okeys" and len(parts) == 2 and is_number(parts[1]):
                hand.okey_limit = int(parts[1])
            else:
                raise NotationError(
                    f"'{item}' is not a turn lock (take:T:N:flags or okeys:N)",
                    code=ErrorCode.NOT_A_POSITION,
                )
    if end_f == "empty":
        # The hand ended at the turn of the seat that was to draw: the position's turn.
        hand.outcome = Outcome(EndKind.EMPTY_MIDDLE, to_draw=hand.turn)
    elif end_f != "-":
        parts = end_f.split(":")
        if len(parts) != 3 or parts[0] != "finish" or parts[1] not in ("0", "1", "2", "3"):
            raise NotationError(
                f"'{end_f}' is not an ending (finish:S:flags or empty)",
                code=ErrorCode.NOT_A_POSITION,
            )
        flags = parts[2]
        hand.outcome = Outcome(
            EndKind.FINISH, int(parts[1]), "o" in flags, "s" in flags, "p" in flags
        )
    if (hand.outcome is None) != (hand.phase is not Phase.OVER):
        raise NotationError(
            "A position is over exactly when it records an ending", code=ErrorCode.NOT_A_POSITION
        )
    count = hand.tile_count()
    if count != 106:
        raise NotationError(
            f"A position holds 106 tiles, this one {count}", code=ErrorCode.NOT_A_POSITION
        )
    _check_tile_set(hand)
    if hand.phase is Phase.PLAY:
        hand.turn_start = hand.snapshot()
    if journal.strip():
        if hand.phase is not Phase.PLAY:
            raise NotationError(
                "Actions after '|' are only for the play phase", code=ErrorCode.NOT_A_POSITION
            )
        for action_text in journal.split(";"):
            try:
                hand.apply(parse_action(action_text, okey))
            except IllegalActionError as exc:
                raise NotationError(
                    f"'{action_text.strip()}' cannot be replayed: {exc}",
                    code=ErrorCode.NOT_A_POSITION,
                    action=action_text.strip(),
                    cause=exc.code,
                ) from None
    return hand
