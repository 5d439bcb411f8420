"""A match of N hands: deals from one seed, totals, starters and winners."""

from __future__ import annotations

import random
from dataclasses import dataclass, field, replace

from okey_tui.engine.errors import ErrorCode, SetupError
from okey_tui.engine.rules import RuleSet
from okey_tui.engine.scoring import HandResult, score_hand
from okey_tui.engine.state import SEATS, Hand


def hand_rng(seed: int, number: int) -> random.Random:
    """The random stream of hand ``number`` (0-based) of the match with ``seed``."""
    return random.Random(f"okey101:{seed}:{number}")


def first_starter(seed: int) -> int:
    return random.Random(f"okey101:{seed}:starter").randrange(SEATS)


@dataclass
class Match:
    """Hands played one after another; lowest total wins, ties share the win."""

    rules: RuleSet
    seed: int
    results: list[HandResult] = field(default_factory=list)
    starters: list[int] = field(default_factory=list)
    finished_hands: list[Hand] = field(default_factory=list)
    hand: Hand = field(init=False)

    def __post_init__(self) -> None:
        if not self.starters:
            self.starters.append(first_starter(self.seed))
        self.hand = Hand.deal(
            self.rules, hand_rng(self.seed, len(self.starters) - 1), self.starters[-1]
        )

    @property
    def hand_number(self) -> int:
        """The 0-based number of the current hand."""
        return len(self.starters) - 1

    @property
    def is_over(self) -> bool:
        return len(self.results) >= self.rules.hands

    @property
    def hand_scored(self) -> bool:
        return len(self.results) > self.hand_number

    def next_starter(self) -> int:
        """The previous finisher, or the seat after the previous starter if nobody finished."""
        outcome = self.hand.outcome
        if outcome is not None and outcome.finisher is not None:
            return outcome.finisher
        return (self.starters[-1] + 1) % SEATS

    def finish_hand(self) -> HandResult:
        """Score the ended current hand and add it to the sheet."""
        if not self.hand.is_over:
            raise SetupError("The current hand has not ended", code=ErrorCode.HAND_NOT_ENDED)
        if self.hand_scored:
            raise SetupError("This hand is already scored", code=ErrorCode.HAND_ALREADY_SCORED)
        result = score_hand(self.hand)
        self.results.append(result)
        self.finished_hands.append(self.hand)
        return result

    @classmethod
    def restore(
        cls,
        rules: RuleSet,
        seed: int,
        starters: list[int],
        results: list[HandResult],
        finished_hands: list[Hand],
        hand: Hand,
    ) -> Match:
        """A match rebuilt from saved parts (no new deal). Parts that do not fit together
        raise :class:`SetupError` (``NOT_A_MATCH``, its ``part`` saying which): a hand of
        other rules than the match's (``rules``), no starter or not one a hand
        (``starters``), more hands than the match has (``hands``)."""
        part = None
        if len(finished_hands) > rules.hands:
            part = "hands"
        elif not starters or len(starters) not in (len(finished_hands), len(finished_hands) + 1):
            part = "starters"  # one a hand dealt: the current one's too, unless it is scored
        elif any(replace(h.rules, hands=rules.hands) != rules for h in [*finished_hands, hand]):
            part = "rules"  # the match's length aside: no hand plays by it
        if part is not None:
            raise SetupError(
                f"The parts of the match do not fit together ({part})",
                code=ErrorCode.NOT_A_MATCH,
                part=part,
            )
        match = cls.__new__(cls)
        match.rules = rules
        match.seed = seed
        match.starters = list(starters)
        match.results = list(results)
        match.finished_hands = list(finished_hands)
        match.hand = hand
        return match

    def next_hand(self) -> Hand:
        """Deal the next hand of the match."""
        if self.is_over:
            raise SetupError("The match is over", code=ErrorCode.MATCH_OVER)
        if not self.hand_scored:
            raise SetupError(
                "Finish and score the current hand first", code=ErrorCode.SCORE_HAND_FIRST
            )
        self.starters.append(self.next_starter())
        self.hand = Hand.deal(self.rules, hand_rng(self.seed, self.hand_number), self.starters[-1])
        return self.hand

    def sheet(self) -> list[list[int]]:
        """Each scored hand's points by seat (partners: each seat shows its team's)."""
        return side_rows([result.totals() for result in self.results], self.rules.partners)

    def totals(self) -> list[int]:
        """Each seat's match total (partners: each seat shows its team's total)."""
        return [sum(row[seat] for row in self.sheet()) for seat in range(SEATS)]

    def winners(self) -> list[int]:
        """The seats with the lowest total (all of a team at a partners table)."""
        totals = self.totals()
        best = min(totals)
        return [s for s in range(SEATS) if totals[s] == best]


def side_rows(rows: list[list[int]], partners: bool) -> list[list[int]]:
    """Hands' points by seat as the score sheet writes them: at a partners table each
    seat shows its team's."""
    if partners:
        return [[row[s] + row[(s + 2) % SEATS] for s in range(SEATS)] for row in rows]
    return rows
