"""Statistics: one JSON line per finished hand, summed up per player and game type."""

from __future__ import annotations

import json
import os
import time
from collections.abc import Collection, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from okey_tui.engine.match import Match
from okey_tui.engine.scoring import HandResult
from okey_tui.engine.state import EndKind, OpeningKind
from okey_tui.i18n import os_problem
from okey_tui.settings import stored_name
from okey_tui.storage import JSONObject, data_dir


def stats_path() -> Path:
    return data_dir() / "hands.jsonl"


# What ``play`` says in a record of a hand played at a table with friends over the
# network (a record without it is of a hand played on this computer).
NETWORK = "network"
# The kind of a seat another person played at a network table: their own install counts
# the hand for them (only "human" seats are counted here).
FRIEND = "friend"
# On a person's line: a bot playing their seat while they were away at a network table
# opened, or finished, the hand for them. The hand and its score are theirs; that opening
# or finish is not counted among theirs.
BOT_OPENED = "bot_opened"
BOT_FINISHED = "bot_finished"


def hand_record(
    match: Match, result: HandResult, names: Sequence[str], kinds: Sequence[str]
) -> JSONObject:
    """The line written for a scored hand (the last one carries the match result)."""
    return record_of(
        result,
        match=f"{match.seed}-{match.rules.code()}",
        game_type=match.rules.game_type.value,
        hand=len(match.results),
        hands=match.rules.hands,
        names=names,
        kinds=kinds,
        result_of_match=(match.winners(), match.totals()) if match.is_over else None,
    )


def record_of(
    result: HandResult,
    *,
    match: str,
    game_type: str,
    hand: int,
    hands: int,
    names: Sequence[str],
    kinds: Sequence[str],
    result_of_match: tuple[Sequence[int], Sequence[int]] | None = None,
    play: str | None = None,
    stand_in: Collection[str] = (),
) -> JSONObject:
    """The line written for a scored hand: ``hand`` (from 1) of ``hands`` of the match
    ``match``, each seat's name and kind ("human" for a person counted here, else a bot's
    level or :data:`FRIEND`); the last hand carries the match's winners and totals.
    ``play`` says where it was played (:data:`NETWORK`; None: on this computer).
    ``stand_in``: what a bot did for the "human" seat while its person was away at a
    network table (:data:`BOT_OPENED`, :data:`BOT_FINISHED`): not counted as theirs."""
    outcome = result.outcome
    seats = []
    for line in result.seats:
        opened = line.opened
        seats.append(
            {
                "name": names[line.seat],
                "kind": kinds[line.seat],
                "score": line.total,
                "opened": None
                if opened is None
                else {
                    "kind": "pairs" if opened.kind is OpeningKind.PAIRS else "melds",
                    "value": opened.value,
                },
            }
        )
    for done in sorted(set(stand_in) & {BOT_OPENED, BOT_FINISHED}):
        for seat in seats:
            if seat["kind"] == "human":
                seat[done] = True
    record: JSONObject = {
        "time": time.strftime("%Y-%m-%dT%H:%M:%S"),
        "match": match,
        "type": game_type,
        "hand": hand,
        "hands": hands,
        "seats": seats,
        "finisher": outcome.finisher,
        "straight": outcome.straight,
        "okey": outcome.okey,
        "empty": outcome.kind is EndKind.EMPTY_MIDDLE,
    }
    if play is not None:
        record["play"] = play
    if result_of_match is not None:
        record["winners"] = list(result_of_match[0])
        record["totals"] = list(result_of_match[1])
    return record


def append(record: JSONObject, path: Path | None = None) -> None:
    """Add ``record`` as a line of its own: after a last line with no end (a write cut
    short, a file edited by hand) the record starts a new line, so neither is lost."""
    path = path or stats_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    line = (json.dumps(record, ensure_ascii=False) + "\n").encode("utf-8")
    with open(path, "a+b") as handle:  # reads anywhere, writes at the end
        if handle.seek(0, os.SEEK_END) > 0:
            handle.seek(-1, os.SEEK_END)
            if handle.read(1) != b"\n":
                line = b"\n" + line
        handle.write(line)
        handle.flush()
        os.fsync(handle.fileno())


def append_once(record: JSONObject, path: Path | None = None) -> bool:
    """Append ``record`` unless the file has a record of the same hand of the same match
    already (a network table sends a hand's result again to a seat back after a rejoin or
    a resume); whether it was written. Only for matches whose id is their own (a network
    seat's): a local match's id is its seed and rules, alike for every match so dealt."""
    for kept in read(path):
        if kept.get("match") == record["match"] and kept.get("hand") == record["hand"]:
            return False
    append(record, path)
    return True


@dataclass
class Read:
    """What the statistics file holds: the hands it records, how many of its lines are
    no hand's (damaged, or edited by hand) and were left out, and why it could not be
    read at all ("" when it could, or there is none yet)."""

    records: list[JSONObject] = field(default_factory=list)
    skipped: int = 0
    problem: str = ""


def read_file(path: Path | None = None) -> Read:
    """Every readable record of the statistics file; a line that is no hand's record is
    left out and counted, and a file that cannot be read is said, never raised."""
    path = path or stats_path()
    found = Read()
    try:
        lines = path.read_text(encoding="utf-8-sig", errors="replace").splitlines()
    except FileNotFoundError:
        return found
    except OSError as exc:  # a folder in its place, not readable here
        found.problem = os_problem(exc)
        return found
    for line in lines:
        if not line.strip():
            continue
        try:
            record = json.loads(line)
        except (ValueError, RecursionError):  # not JSON, or a number past Python's digits
            found.skipped += 1
            continue
        if _is_hand_record(record):
            found.records.append(record)
        else:
            found.skipped += 1
    return found


def read(path: Path | None = None) -> list[JSONObject]:
    """Every readable record; a damaged line is skipped (:func:`read_file` counts them)."""
    return read_file(path).records


# The largest figure a line may hold (a score, an opening's value): far past any hand's,
# and sums of them stay numbers a float and a table can show.
LARGEST = 10**9


def _figure(value: object) -> bool:
    return type(value) is int and -LARGEST <= value <= LARGEST


def _is_hand_record(record: object) -> bool:
    """Whether a line that reads as JSON holds what :class:`Tally` adds up, of the types
    :func:`hand_record` writes (a hand-edited line may not), in the range of a hand's."""
    if not isinstance(record, dict) or not isinstance(record.get("seats"), list):
        return False
    finisher = record.get("finisher")
    if finisher is not None and not _figure(finisher):
        return False
    if not isinstance(record.get("winners", []), list):
        return False
    for line in record["seats"]:
        if not isinstance(line, dict):
            continue  # no one's line: summarise passes it by
        if not _figure(line.get("score", 0)):
            return False
        opened = line.get("opened")
        if opened and not (isinstance(opened, dict) and _figure(opened.get("value", 0))):
            return False
    return True


@dataclass
class Tally:
    """One player's figures over the records."""

    hands: int = 0
    hands_won: int = 0
    matches: int = 0
    matches_won: int = 0
    score_sum: int = 0
    opened: int = 0
    best_opening: int = 0
    best_pairs: int = 0
    straight_outs: int = 0
    okey_finishes: int = 0
    by_type: dict[str, Tally] = field(default_factory=dict)

    def add(self, record: JSONObject, seat: int) -> None:
        line = record["seats"][seat]
        self.hands += 1
        self.score_sum += int(line.get("score", 0))
        finisher = record.get("finisher")
        if finisher == seat and line.get(BOT_FINISHED) is not True:
            self.hands_won += 1
            self.straight_outs += bool(record.get("straight"))
            self.okey_finishes += bool(record.get("okey"))
        opened = line.get("opened")
        if opened and line.get(BOT_OPENED) is not True:
            self.opened += 1
            if opened.get("kind") == "pairs":
                self.best_pairs = max(self.best_pairs, int(opened.get("value", 0)))
            else:
                self.best_opening = max(self.best_opening, int(opened.get("value", 0)))
        if "winners" in record:
            self.matches += 1
            self.matches_won += seat in record["winners"]

    def as_dict(self) -> JSONObject:
        return {
            "matches": self.matches,
            "matches_won": self.matches_won,
            "hands": self.hands,
            "hands_won": self.hands_won,
            "mean_hand_score": round(self.score_sum / self.hands, 1) if self.hands else None,
            "open_rate": round(self.opened / self.hands, 3) if self.hands else None,
            "best_opening": self.best_opening,
            "best_pairs": self.best_pairs,
            "straight_outs": self.straight_outs,
            "okey_finishes": self.okey_finishes,
        }


def summarise(records: list[JSONObject]) -> dict[str, Tally]:
    """Figures per human player name, each with a break-down per game type."""
    players: dict[str, Tally] = {}
    for record in records:
        for seat, line in enumerate(record["seats"]):
            if not isinstance(line, dict) or line.get("kind") != "human":
                continue
            # The default name is one player in every language: a hand written under
            # its translation ("Sen") counts with the rest ("You").
            name = stored_name(str(line.get("name", "?")))
            tally = players.setdefault(name, Tally())
            tally.add(record, seat)
            tally.by_type.setdefault(str(record.get("type", "?")), Tally()).add(record, seat)
    return players


def reset(path: Path | None = None) -> bool:
    """Delete the statistics; whether there were any. A file that cannot be deleted (a
    folder in its place) raises ``OSError``: nothing that is not ours is deleted."""
    path = path or stats_path()
    try:
        path.unlink()
    except FileNotFoundError:
        return False
    return True
