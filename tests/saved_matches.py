"""Unfinished matches saved as a test needs them (a few steps in, then edited at will)."""

from __future__ import annotations

import json
import random
from pathlib import Path

from okey_tui import storage
from okey_tui.engine.match import Match
from okey_tui.engine.rules import RuleSet
from okey_tui.engine.view import PlayerView, legal_actions


def unfinished(match_id: str, seed: int = 3, **changes: object) -> Path:
    """An unfinished match saved as ``match_id``, a few steps in, with ``changes`` made to
    its document (NaN and Infinity written as Python writes them)."""
    match = Match(RuleSet(hands=3), seed=seed)
    rng = random.Random(seed)
    for _ in range(3):
        hand = match.hand
        hand.apply(rng.choice(legal_actions(PlayerView.of(hand, hand.turn))))
    path = storage.save_path_for(match_id)
    path.parent.mkdir(parents=True, exist_ok=True)
    storage.save(match, {"name": "Ayşe", "levels": ["easy", "easy", "easy"]}, path)
    if changes:
        document = json.loads(path.read_text("utf-8"))
        document.update(changes)
        path.write_text(json.dumps(document), "utf-8")
    return path
