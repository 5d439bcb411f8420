"""Table settings: the game type and the options of RULES.md section 14."""

from __future__ import annotations

import enum
from dataclasses import dataclass, replace

from okey_tui.engine.errors import ErrorCode, NotationError, SetupError


class GameType(enum.Enum):
    CLASSIC = "classic"
    RISING = "rising"
    CHALLENGE = "challenge"
    FIFTY_ONE = "51"

    @property
    def label(self) -> str:
        return {"classic": "Classic", "rising": "Rising", "challenge": "Challenge", "51": "51"}[
            self.value
        ]


class OpeningKind(enum.Enum):
    """The two ways to open (RULES.md section 7): runs and sets, or pairs."""

    MELDS = "m"
    PAIRS = "p"


MATCH_LENGTHS = (1, 3, 5, 7, 9, 11, 13)

# Table options that charge a penalty, so change nothing at a table without penalties.
PENALTY_OPTIONS = frozenset({"give_back_penalty"})


@dataclass(frozen=True, slots=True)
class RuleSet:
    """Everything a table can choose. The defaults are the house rules."""

    game_type: GameType = GameType.CLASSIC
    penalties: bool = True
    partners: bool = False
    hands: int = 11
    finisher_scores_zero: bool = False
    pairs_opener_lays_off: bool = False
    finish_opening_needs_floor: bool = False
    give_back_penalty: bool = False

    def __post_init__(self) -> None:
        if self.hands not in MATCH_LENGTHS:
            raise SetupError(
                f"A match is 1, 3, 5, 7, 9, 11 or 13 hands, not {self.hands}",
                code=ErrorCode.MATCH_LENGTH,
                hands=self.hands,
            )

    # -- what the game type implies (RULES.md section 12) -----------------
    @property
    def deal_size(self) -> int:
        """Tiles dealt to each non-starter; the starter gets one more."""
        return 14 if self.game_type is GameType.FIFTY_ONE else 21

    @property
    def starter_deal_size(self) -> int:
        """Tiles dealt to the starter, who plays first without drawing."""
        return self.deal_size + 1

    @property
    def melds_floor(self) -> int:
        return 51 if self.game_type is GameType.FIFTY_ONE else 101

    @property
    def pairs_floor(self) -> int:
        return 4 if self.game_type is GameType.FIFTY_ONE else 5

    @property
    def melds_floor_rises(self) -> bool:
        return self.game_type is not GameType.CLASSIC

    @property
    def pairs_floor_rises(self) -> bool:
        return self.game_type in (GameType.RISING, GameType.CHALLENGE)

    @property
    def big_opening_bonus(self) -> bool:
        return self.game_type in (GameType.RISING, GameType.CHALLENGE)

    @property
    def challenge(self) -> bool:
        return self.game_type is GameType.CHALLENGE

    def in_effect(self, option: str) -> bool:
        """Whether the table option named ``option`` (a field that is off by default) is on
        and counts at this table: one that charges a penalty counts only with penalties.

        >>> RuleSet(give_back_penalty=True, penalties=False).in_effect("give_back_penalty")
        False
        """
        return bool(getattr(self, option)) and (self.penalties or option not in PENALTY_OPTIONS)

    def with_options(self, **changes: object) -> RuleSet:
        return replace(self, **changes)  # type: ignore[arg-type]  # field names and types checked by the dataclass at run time

    # -- text form, used in the position notation ----------------------------
    def floor_waived(self, left: int) -> bool:
        """Whether an opening that leaves ``left`` tiles in the rack need not reach the
        floor: a finish-hand opening (a straight out: one tile left, the finishing discard)
        needs none, unless the table asks it of one (RULES.md section 7, a table option).

        >>> RuleSet().floor_waived(1), RuleSet().floor_waived(2)
        (True, False)
        >>> RuleSet(finish_opening_needs_floor=True).floor_waived(1)
        False
        """
        return left == 1 and not self.finish_opening_needs_floor

    def code(self) -> str:
        """A short code: type, then option letters. ``classic`` / ``rising+pn``."""
        flags = ""
        if not self.penalties:
            flags += "n"
        if self.partners:
            flags += "p"
        if self.finisher_scores_zero:
            flags += "z"
        if self.pairs_opener_lays_off:
            flags += "l"
        if self.finish_opening_needs_floor:
            flags += "f"
        if self.give_back_penalty:
            flags += "g"
        return f"{self.game_type.value}/{self.hands}" + (f"+{flags}" if flags else "")

    @classmethod
    def from_code(cls, code: str) -> RuleSet:
        head, _, flags = code.partition("+")
        type_text, _, hands_text = head.partition("/")
        try:
            game_type = GameType(type_text)
            hands = int(hands_text) if hands_text else 11
        except ValueError:
            raise NotationError(
                f"'{code}' is not a table code (like classic/11+n)",
                code=ErrorCode.NOT_A_TABLE_CODE,
                text=code,
            ) from None
        unknown = set(flags) - set("npzlfg")
        if unknown:
            raise NotationError(
                f"'{code}': unknown table option letters {''.join(sorted(unknown))}",
                code=ErrorCode.NOT_A_TABLE_CODE,
                text=code,
            )
        try:
            return cls(
                game_type=game_type,
                hands=hands,
                penalties="n" not in flags,
                partners="p" in flags,
                finisher_scores_zero="z" in flags,
                pairs_opener_lays_off="l" in flags,
                finish_opening_needs_floor="f" in flags,
                give_back_penalty="g" in flags,
            )
        except SetupError as exc:
            raise NotationError(str(exc), code=exc.code, **exc.params) from None
