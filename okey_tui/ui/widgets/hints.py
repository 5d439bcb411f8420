"""The practice table's hint panel: what the solver sees in the player's own view."""

from __future__ import annotations

import re
from collections.abc import Callable

from rich.text import Text
from textual.app import ComposeResult

from okey_tui.engine.actions import AddTile, Discard, DrawMiddle, Lay, Open, TakeDiscard
from okey_tui.engine.melds import Meld
from okey_tui.engine.solver import LayOff
from okey_tui.engine.state import PENALTY
from okey_tui.engine.tiles import Tile
from okey_tui.i18n import _, ngettext
from okey_tui.messages import you_opened_with
from okey_tui.practice import ExpertHint, Hint, pairs_nearer
from okey_tui.ui.tiles import around_tiles, chip, chips, meld_chips
from okey_tui.ui.widgets.board import filled_text
from okey_tui.ui.widgets.steady import SteadyStatic, set_subtitle, set_title
from okey_tui.ui.widgets.swipe import SwipeScroll


def _filled(said: str, **parts: Text) -> Text:
    """``said``, a translated line with ``{name}`` fields, with each field's chips in its
    place: the words go round the tiles in the language's own order (Turkish puts the
    verb last: "R3 Y3 B3 indir", where the panel wrote "indir R3 Y3 B3")."""
    text = Text()
    for piece in re.split(r"(\{\w+\})", said):
        part = parts.get(piece[1:-1]) if piece.startswith("{") else None
        if part is not None:
            text.append_text(part)
        elif piece:
            text.append(piece)
    return text


def _melds_line(melds: tuple[Meld, ...] | list[Meld], okey: Tile, width: int = 0) -> Text:
    """The melds two spaces apart, a line break between two melds wherever the next
    would pass ``width`` (0: no limit), so that no meld wraps in two."""
    return filled_text([meld_chips(m, okey) for m in melds], width, "  ")


def _lay_off_line(off: LayOff, hint: Hint, width: int = 0) -> Text:
    """A lay-off: the tile, the meld as it stands on the table now, then what it becomes
    ("Y7 → meld 11 (F✦ Y5 Y6): F✦ Y5 Y6 Y7"; the meld after the add alone read as if it
    held the tile already). A line break comes only between these pieces, the lines after
    the first indented."""
    okey = hint.okey
    head = chip(off.tile, okey)
    head.append(" → " + _("meld {n}").format(n=off.index + 1))
    pieces = [head]
    if off.index < len(hint.table):
        now = Text("(")
        now.append_text(meld_chips(hint.table[off.index], okey))
        now.append("):")
        pieces.append(now)
    else:
        head.append(":")
    pieces.append(meld_chips(off.result, okey))
    lines = filled_text(pieces, max(1, width - 2) if width else 0, " ")
    return Text("\n  ").join(lines.split("\n"))


def near_out_line(
    seat: int,
    tiles: int,
    step: int,
    not_opened: int | None,
    table_name: Callable[[int], str] | None = None,
) -> str:
    """An opponent who has opened and is near going out, by name and place (``step``
    seats after this one: 1 on the right, to play next), and what it means for this seat:
    ``not_opened``, what it writes if the hand ends before it opens (None: it has opened)."""
    place = {
        1: _("on your right, next to play"),
        2: _("across from you"),
        3: _("on your left"),
    }[step]
    who = (
        _("{name} ({place})").format(name=table_name(seat), place=place)
        if table_name is not None
        else {
            1: _("The player on your right, next to play,"),
            2: _("The player across from you"),
            3: _("The player on your left"),
        }[step]
    )
    if not_opened is not None:
        said = ngettext(
            "{who} has opened and holds {n} tile: if they go out before you open, you "
            "score {points}.",
            "{who} has opened and holds {n} tiles: if they go out before you open, you "
            "score {points}.",
            tiles,
        )
    else:
        said = ngettext(
            "{who} has opened and holds {n} tile: if they go out, the tiles left on your "
            "rack count against you.",
            "{who} has opened and holds {n} tiles: if they go out, the tiles left on your "
            "rack count against you.",
            tiles,
        )
    return said.format(who=who, n=tiles, points=not_opened)


def hint_text(hint: Hint, table_name: Callable[[int], str] | None = None, width: int = 0) -> Text:
    """The panel's text: each section a bold heading and a few short lines; melds are
    laid out for ``width`` columns (0: no limit)."""
    okey = hint.okey
    if hint.over:
        return Text(_("The hand is over: nothing to decide until the next one."), "dim")
    text = Text()

    def heading(title: str) -> None:
        if text:
            text.append("\n\n")
        text.append(title, "bold #ffd24a")

    # First, an opponent near going out: what a coach says first at that moment (the
    # hints said nothing while the player on the right held one tile).
    for seat, tiles, step in hint.near_out:
        text.append("\n" if text else "")
        text.append(near_out_line(seat, tiles, step, hint.not_opened, table_name), "bold yellow")
    expert = hint.expert
    if expert is not None:
        # A heading of its own line, as the panel's other parts have: "The expert
        # would: Discard R5" put a capital after the colon, and a hold's headline has a
        # colon of its own.
        heading(_("The expert's choice"))
        text.append("\n")
        text.append(expert.headline, "bold green")
        for line in expert.lines:
            text.append("\n")
            text.append(line)
        # What e does with the hint, for each kind it acts on (a learner reads the way
        # to follow it where the hint is).
        follow = None
        if isinstance(expert.action, Discard):
            follow = _("e puts the cursor on it; x discards it")
        elif isinstance(expert.action, AddTile):
            follow = _("e puts the cursor on it; a adds it there")
        elif isinstance(expert.action, Open | Lay):
            follow = _("e stages them; Enter lays them down")
        if follow is not None:
            text.append("\n")
            text.append(follow, "dim")
    check = hint.check
    if check is not None:
        heading(_("Best opening on your rack"))
        if check.melds.melds and not hint.pairs_only:
            text.append("\n")
            text.append_text(_melds_line(check.melds.melds, okey, width))
        text.append("\n")
        if not hint.pairs_only:
            text.append(hint.opening_line(), "bold green" if check.can_open_melds else "yellow")
            text.append("\n")
            for meant in hint.swappable:  # as the staging line says it
                said = (
                    _("★{tile}: +{points} to you if an opponent swaps it out")
                    if hint.partners
                    else _("★{tile}: +{points} to you if it is swapped out")
                )
                text.append(said.format(tile=meant, points=PENALTY) + "\n", "yellow")
        # The pairs line stands out beside the points when the pairs are the nearer
        # opening (the safest discards then keep them): "4 / 5 pairs" read as an aside.
        pairs_style = "dim"
        if check.can_open_pairs:
            pairs_style = "bold green"
        elif not hint.pairs_only and pairs_nearer(check):
            pairs_style = "yellow"
        text.append(hint.pairs_line(), pairs_style)
    elif hint.opening is not None:
        heading(you_opened_with(hint.opening))
    # At the draw the expert's lines (above, read first) usually say why to take or leave
    # the left discard; this section is for when they do not.
    if hint.left is not None and not (expert is not None and expert.covers_left):
        heading(_("Left discard") + " ")
        text.append_text(chip(hint.left.tile, okey))
        text.append("\n")
        # The rule of thumb below judges the tile alone; when the expert (above) chose
        # otherwise, it does not say "take it" against the expert's draw.
        overruled = (
            expert is not None
            and isinstance(expert.action, (DrawMiddle, TakeDiscard))
            and isinstance(expert.action, TakeDiscard) != hint.left.worth
        )
        if hint.left.worth and not overruled:
            text.append(_("Take it:") + " ", "bold green")
        text.append(hint.left.reason, "" if hint.left.worth else "dim")
        if overruled and expert is not None and expert.gamble and hint.left.worth:
            # "Looks further ahead" under a hold read as two answers: the hold is the
            # gamble, taking the tile and opening the safe play.
            text.append(
                "\n"
                + _(
                    "The expert's choice above gambles on a straight out; taking it and "
                    "opening now is the safer play."
                ),
                "dim",
            )
        elif overruled:
            text.append("\n" + _("The expert's choice above looks further ahead."), "dim")
    if hint.finish is not None:
        plan = hint.finish
        heading(_("You can finish now"))
        lay = _("lay {melds}")

        def lay_line(melds: tuple[Meld, ...]) -> None:
            if melds:
                room = max(0, width - len(lay.replace("{melds}", "")))
                text.append("\n")
                text.append_text(_filled(lay, melds=_melds_line(melds, okey, room)))

        # Only an opened seat swaps an okey (rules §9): a seat that opens this turn lays
        # its opening first, then swaps, then lays the melds the swapped okeys go into.
        if hint.opening is None:
            lay_line(plan.melds)
        for swap in plan.swaps:
            said = _("swap okey from meld {n}, giving {tiles}")
            text.append("\n")
            text.append_text(
                _filled(said, n=Text(str(swap.index + 1)), tiles=chips(swap.given, okey))
            )
        lay_line(plan.later if hint.opening is None else plan.melds)
        for off in plan.lay_offs:
            said = _("add {tile} to meld {n}")
            text.append("\n")
            text.append_text(_filled(said, tile=chip(off.tile, okey), n=Text(str(off.index + 1))))
        text.append("\n")
        text.append_text(_filled(_("then discard {tile}"), tile=chip(plan.discard, okey)))
        if plan.with_okey:
            text.append(" " + _("(an okey: the hand counts double)"), "green")
    if hint.lay_offs:
        heading(_("Lay-offs"))
        # Every one (the panel scrolls): the first six alone left out the tile the
        # expert's choice above lays off; that one comes first.
        chosen = hint.expert.action if hint.expert is not None else None
        named = [
            off
            for off in hint.lay_offs
            if isinstance(chosen, AddTile) and (off.tile, off.index) == (chosen.tile, chosen.target)
        ]
        for off in [*named, *(off for off in hint.lay_offs if off not in named)]:
            text.append("\n")
            text.append_text(_lay_off_line(off, hint, width))
    if hint.swaps:
        heading(_("Okey swaps"))
        for swap in hint.swaps[:4]:
            # The tiles go where the language puts them ("8 numaralı per: K11 ver, okeyi
            # al", not "ver K11"): the line is one sentence, cut round its tiles.
            said = _("meld {n}: give {tiles}, take the okey").format(
                n=swap.index + 1, tiles="{tiles}"
            )
            text.append("\n")
            text.append_text(around_tiles(said, chips(swap.given, okey)))
    heading(_("Safest discards"))
    if hint.discards:
        worse = expert.worse_discards if expert is not None else ()
        for tip in hint.discards:
            text.append("\n")
            text.append_text(chip(tip.tile, okey))
            text.append(f" — {tip.reason}")  # the reason may begin with a tile or a name
            if tip.tile in worse:
                # Judged alone it is safe; over the expert's guesses it came out clearly
                # worse (said above): the two readings side by side, not left to clash.
                text.append(" · " + _("the expert's guesses found it worse (above)"), "dim")
        # These judge each tile alone, by the rule of thumb; a learner who reads another
        # tile in the expert's choice above is told why the two differ.
        if (
            expert is not None
            and isinstance(expert.action, Discard)
            and expert.action.tile not in {tip.tile for tip in hint.discards}
        ):
            text.append(
                "\n"
                + _("These judge each tile alone; the expert's choice above looks further ahead."),
                "dim",
            )
    else:
        text.append("\n")
        text.append(hint.no_safe_discard or _("none to discard now"), "dim")
    return text


class HintPanel(SwipeScroll):
    """Shown beside the board with ``h`` at a practice table; the table screen fills it."""

    can_focus = False
    _hint: Hint | None = None
    _names: Callable[[int], str] | None = None

    def compose(self) -> ComposeResult:
        yield SteadyStatic(id="hints-text")

    def show(self, hint: Hint, table_name: Callable[[int], str] | None = None) -> None:
        # New advice (the next decision) is read from its top: the panel kept where { }
        # had scrolled it last turn, with "The expert's choice" out of sight.
        fresh = self._hint is not None and hint.expert != self._hint.expert
        self._hint = hint
        set_title(self, _("Hints · h hides"))
        text = self.query_one("#hints-text", SteadyStatic)
        width = self.scrollable_content_region.width - text.styles.margin.width
        self._names = table_name
        text.update(hint_text(hint, table_name, width=width))
        if fresh:
            self.scroll_home(animate=False, immediate=True)
        self.call_after_refresh(self.say_keys)

    def shown_expert(self) -> ExpertHint | None:
        """The expert's choice the panel shows, if it shows one."""
        return None if self._hint is None else self._hint.expert

    def say_keys(self) -> None:
        """ "{ } scroll" under the panel only when there is more to see than it shows."""
        set_subtitle(self, _("{keys} scroll").format(keys="{ }") if self.max_scroll_y else "")

    def on_resize(self) -> None:
        # Shown before its first layout, or narrowed (80 columns): lay the melds out again.
        if self._hint is not None:
            self.show(self._hint, self._names)
