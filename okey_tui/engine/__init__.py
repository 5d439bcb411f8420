"""The 101 Okey rules engine: standard library only.

The names below are the engine's public face; the modules hold the rest.

>>> from okey_tui import engine
>>> hand = engine.Match(engine.RuleSet(hands=1), seed=7).hand
>>> view = engine.PlayerView.of(hand, hand.turn)
>>> action = engine.legal_actions(view)[-1]
>>> action
<Discard F>
>>> events = hand.apply(action)
>>> engine.Hand.from_position(hand.position()) == hand
True
>>> try:
...     hand.apply(action)
... except engine.IllegalActionError as exc:
...     print(exc.code, exc.rule)
ErrorCode.DRAW_FIRST 6
"""

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
    parse_action,
)
from okey_tui.engine.errors import (
    RULE_SECTIONS,
    ErrorCode,
    HandOverError,
    IllegalActionError,
    MeldError,
    NotationError,
    NotYourTurnError,
    OkeyError,
    OpeningError,
    SetupError,
)
from okey_tui.engine.match import Match
from okey_tui.engine.melds import Meld, MeldKind, fits_table, parse_meld
from okey_tui.engine.notation import format_position, parse_position
from okey_tui.engine.rules import GameType, OpeningKind, RuleSet
from okey_tui.engine.scoring import HandResult, SeatScore, score_hand
from okey_tui.engine.solver import (
    Arrangement,
    FinishPlan,
    OpeningCheck,
    arrange,
    best_melds,
    best_pairs,
    finish_plan,
    opening_check,
)
from okey_tui.engine.state import (
    PENALTY,
    SEATS,
    EndKind,
    Event,
    Hand,
    Opening,
    Outcome,
    Penalty,
    PenaltyCost,
    PenaltyReason,
    Phase,
    TableMeld,
    penalty_for,
)
from okey_tui.engine.tiles import FALSE_OKEY, Colour, Tile, full_set, okey_for, parse_tiles
from okey_tui.engine.view import PlayerView, legal_actions, plan_adds

__all__ = [
    "FALSE_OKEY",
    "PENALTY",
    "RULE_SECTIONS",
    "SEATS",
    "Action",
    "AddTile",
    "Arrangement",
    "Colour",
    "DeclarePairs",
    "Discard",
    "DrawMiddle",
    "EndKind",
    "ErrorCode",
    "Event",
    "FinishPlan",
    "GameType",
    "GiveBack",
    "Hand",
    "HandOverError",
    "HandResult",
    "IllegalActionError",
    "Lay",
    "Match",
    "Meld",
    "MeldError",
    "MeldKind",
    "NotYourTurnError",
    "NotationError",
    "OkeyError",
    "Open",
    "Opening",
    "OpeningCheck",
    "OpeningError",
    "OpeningKind",
    "Outcome",
    "Penalty",
    "PenaltyCost",
    "PenaltyReason",
    "Phase",
    "PlayerView",
    "RuleSet",
    "SeatScore",
    "SetupError",
    "SwapOkey",
    "TableMeld",
    "TakeBack",
    "TakeDiscard",
    "Tile",
    "arrange",
    "best_melds",
    "best_pairs",
    "finish_plan",
    "fits_table",
    "format_position",
    "full_set",
    "legal_actions",
    "plan_adds",
    "okey_for",
    "opening_check",
    "parse_action",
    "parse_meld",
    "parse_position",
    "parse_tiles",
    "penalty_for",
    "score_hand",
]
