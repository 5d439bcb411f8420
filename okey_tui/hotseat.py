"""Hot-seat tables: which seats people play, and their names. No Textual here.

>>> human_seats(2, together=True)
(0, 2)
>>> human_seats(2, together=False)
(0, 1)
>>> human_seats(3, together=False)
(0, 1, 2)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from okey_tui.i18n import _
from okey_tui.settings import stored_name

if TYPE_CHECKING:  # the types only: a session module imports this one
    from okey_tui.engine.state import Event
    from okey_tui.settings import TableSettings
    from okey_tui.ui.session import Session

MAX_HUMANS = 4
# The longest name a person gives (what a table on the network takes too).
MAX_NAME = 16


def human_seats(count: int, together: bool = True) -> tuple[int, ...]:
    """The seats of ``count`` people; seat 0 is always one of them.

    Two people sit across (seats 0 and 2: partners at a partners table) unless
    they sit side by side (seats 0 and 1: opponents at a partners table; at any
    table the second takes the first one's discards).
    """
    count = max(1, min(MAX_HUMANS, count))
    if count == 2:
        return (0, 2) if together else (0, 1)
    return tuple(range(count))


def parse_names(text: str) -> tuple[str, ...]:
    """Names separated by commas, trimmed, at most 16 characters each.

    >>> parse_names(" Ayşe, Mehmet ,, ")
    ('Ayşe', 'Mehmet')
    """
    return tuple(n.strip()[:MAX_NAME] for n in text.split(",") if n.strip())


def long_name(text: str) -> str | None:
    """The first name longer than :data:`MAX_NAME` characters in a list of names separated
    by commas (trimmed); None when every name fits.

    >>> long_name("Ayşe, Mehmet"), long_name("Ayşe, Abdurrahmangazi Yılmaz")
    (None, 'Abdurrahmangazi Yılmaz')
    """
    return next((n.strip() for n in text.split(",") if len(n.strip()) > MAX_NAME), None)


def too_long_text(name: str) -> str:
    """What a name longer than a table takes is told (the CLI and the new-table screen)."""
    said = _("{name} is {length} characters: give a name of at most {most}")
    # A name of thousands of characters is not printed back whole: its start says which.
    shown = name if len(name) <= 2 * MAX_NAME else name[: MAX_NAME + 4] + "…"
    return said.format(name=shown, length=len(name), most=MAX_NAME)


def empty_name(text: str) -> int | None:
    """The position (from 1) of the first empty or all-space name in a list of names
    separated by commas; None when every name is given, or none at all (the caller says
    what it needs then). ",Veli" would seat Veli first and leave someone unnamed.

    >>> empty_name(",Veli"), empty_name("Ayşe, ,Mehmet"), empty_name("Ayşe,"), empty_name("Ayşe")
    (1, 2, 2, None)
    >>> empty_name(""), empty_name("  ")
    (None, None)
    """
    if not text.strip():
        return None
    return next((i for i, name in enumerate(text.split(","), start=1) if not name.strip()), None)


def empty_name_text(position: int) -> str:
    """What a names list with name ``position`` (:func:`empty_name`) empty is told."""
    return _("name {n} is empty: give every person a name, like Ayşe,Mehmet").format(n=position)


def repeated_name_text(name: str) -> str:
    """What a names list giving ``name`` twice (:func:`repeated_name`) is told."""
    return _("{name} is given twice: give every person their own name").format(name=name)


def repeated_name(names: Sequence[str]) -> str | None:
    """The first name given twice (capitals and accents aside, as the bots' names are
    kept apart from the people's): at a shared terminal "Pass to Ayşe" must name one
    person.

    >>> repeated_name(["Ayşe", "Mehmet", "ayşe"]), repeated_name(["Ayşe", "Mehmet"])
    ('ayşe', None)
    >>> repeated_name(["Ali", "ALİ"]), repeated_name(["Işıl", "Isil"])
    ('ALİ', 'Isil')
    """
    from okey_tui.table import folded_name

    seen: set[str] = set()
    for name in names:
        if folded_name(name) in seen:
            return name
        seen.add(folded_name(name))
    return None


def screen_word_name(names: Sequence[str]) -> str | None:
    """The first name that is the table's word for the person at the screen ("You", "Sen",
    capitals and accents aside) among the names of several people: a person named "You"
    was announced "Pass to You", and to everyone else their moves read "You discarded R2",
    their pile "You's" beside the player's own "Yours".

    >>> screen_word_name(["Ayşe", "you"]), screen_word_name(["SEN", "Ali"])
    ('you', 'SEN')
    >>> screen_word_name(["Ayşe", "Younes"])
    """
    from okey_tui.settings import default_names
    from okey_tui.table import folded_name

    words = {folded_name(word) for word in default_names()}
    return next((name for name in names if folded_name(name) in words), None)


def screen_word_text(name: str) -> str:
    """What a names list with ``name`` (:func:`screen_word_name`) in it is told."""
    return _(
        "{name} is what the table calls the person at the screen: give every person a name "
        "of their own"
    ).format(name=name)


def own_name_text(name: str) -> str:
    """What a player asking to be called ``name`` (:func:`screen_word_name`) at a table
    with others is told (``--name``, a rename in the lobby)."""
    return _("{name} is what each player's own screen calls them: give a name of your own").format(
        name=name
    )


def configure(session: Session, settings: TableSettings) -> None:
    """Give a new session the table's humans, their names and the practice flag."""
    session.humans = human_seats(settings.humans, settings.humans_partners)
    session.human_names = tuple(settings.human_names)
    session.practice = bool(settings.practice)
    session.viewer = 0
    if len(session.humans) > 1:
        # A name left as it was is kept as the default name, in English: the first person
        # is then called "Player 1" in the language of the screen (:meth:`Session.seat_name`),
        # as the others are "Player 2", "Player 3".
        session.name = stored_name(session.name)


# Events that are not a seat's own move, though they name a seat: the deal names the starter,
# a penalty the seat that pays (perhaps for another's move), the end of a hand its finisher.
NOT_A_MOVE = {"deal", "penalty", "finish", "end"}


def turn_so_far(events: Sequence[Event], seat: int) -> int | None:
    """Where ``seat``'s turn still being played begins in a hand's ``events``: its first move
    of a turn it has not ended (no discard yet; the match was left mid-turn and resumed).
    None when the seat is not in the middle of a turn. Penalties in the turn (anyone's: an
    okey taken from the table costs the seat that placed it) belong to it.

    >>> from okey_tui.engine.state import Event
    >>> def e(kind, seat): return Event(kind, seat, "")
    >>> hand = [e("deal", 0), e("discard", 0), e("draw", 1), e("discard", 1), e("take", 2)]
    >>> turn_so_far(hand, 2), turn_so_far(hand, 1), turn_so_far(hand, 0)
    (4, None, None)
    >>> turn_so_far([*hand, e("penalty", 1), e("lay", 2)], 2), turn_so_far(hand[:1], 0)
    (4, None)
    """
    start = None
    for i in range(len(events) - 1, -1, -1):
        event = events[i]
        if event.kind == "penalty":
            continue
        if event.seat != seat or event.kind in NOT_A_MOVE or event.kind == "discard":
            break
        start = i
    return start


def since_last_turn(events: Sequence[Event], seat: int) -> int | None:
    """Where what happened since ``seat``'s last turn begins in a hand's ``events``: just after
    the seat's last move (and the penalties that move cost it). None when the seat has not
    played a turn in this hand yet. A turn still being played (:func:`turn_so_far`) is not
    the last one: a match resumed after the seat drew tells what the others did before.

    What the others did right after that turn counts, whoever had the terminal then: the
    person looked away once they threw.

    >>> from okey_tui.engine.state import Event
    >>> def e(kind, seat): return Event(kind, seat, "")
    >>> hand = [e("deal", 0), e("discard", 0), e("penalty", 0), e("draw", 1), e("discard", 1)]
    >>> since_last_turn(hand, 0), since_last_turn(hand, 1), since_last_turn(hand, 2)
    (3, 5, None)
    >>> since_last_turn([*hand, e("draw", 2), e("discard", 2), e("draw", 0)], 0)
    3
    >>> since_last_turn([*hand, e("draw", 2)], 2)
    """
    now = turn_so_far(events, seat)
    if now is not None:
        events = events[:now]
    last = next(
        (
            i
            for i in range(len(events) - 1, -1, -1)
            if events[i].seat == seat and events[i].kind not in NOT_A_MOVE
        ),
        None,
    )
    if last is None:
        return None
    start = last + 1
    while start < len(events) and events[start].seat == seat and events[start].kind == "penalty":
        start += 1
    return start


def next_human(humans: tuple[int, ...], turn: int) -> int:
    """The first human seat to play from ``turn`` on, in turn order.

    >>> next_human((0, 2), 3)
    0
    """
    for step in range(4):
        seat = (turn + step) % 4
        if seat in humans:
            return seat
    return humans[0]
