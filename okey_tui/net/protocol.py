"""The remote-table protocol: JSON messages over a WebSocket, checked both ways.

Every message is one JSON object with a ``type``. A client's first message
(``hello`` or ``rejoin``) names the protocol version ``v``; a client of
another version is told the server's version and closed. docs/protocol.md
lists every message and error code.

Nothing here runs a table: this module only turns bytes into checked
messages and table values (views, events, scores) into JSON and back.
Nothing is ever loaded with pickle or eval: ``json.loads`` and explicit
field checks only.
"""

from __future__ import annotations

import enum
import functools
import json
import re
from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any, NoReturn, TypeAlias

from okey_tui.engine.errors import NotationError, OkeyError
from okey_tui.engine.melds import Meld, MeldKind
from okey_tui.engine.rules import RuleSet
from okey_tui.engine.scoring import HandResult, PenaltyNote, SeatScore
from okey_tui.engine.state import (
    SEATS,
    EndKind,
    Event,
    Opening,
    OpeningKind,
    Outcome,
    PenaltyReason,
    Phase,
    TableMeld,
    Taken,
)
from okey_tui.engine.tiles import Tile
from okey_tui.engine.view import PlayerView
from okey_tui.i18n import N_, _, ngettext
from okey_tui.net.tries import BRIDGE_ENV, VISITOR_ENV
from okey_tui.storage import JSONObject
from okey_tui.table import (
    MAX_DEPARTURES,
    RACK_SLOTS,
    ChatLine,
    Departures,
    HandReport,
    HandSummary,
    SeatInfo,
    SeatLine,
)

# A JSON array as json.loads gives it. Any: its items are whatever JSON holds; each reader
# below takes an item as ``object`` and checks it before use (see storage.JSONObject).
JSONList: TypeAlias = list[Any]

PROTOCOL_VERSION = 3
# The largest message a client may send; a bigger one closes the connection (1009).
MAX_CLIENT_BYTES = 4096
# The largest message a server sends (a view with a full table stays far below).
MAX_SERVER_BYTES = 1 << 20
MAX_NAME = 16
MAX_CHAT = 200
MAX_ACTION = 300
MAX_CODE = 32
MAX_TOKEN = 64
# A seat's token as the table hands it out (URL-safe base64): what ``okey101 join --token``
# and a browser link's ``&token=`` accept.
_TOKEN = re.compile(rf"[A-Za-z0-9_-]{{8,{MAX_TOKEN}}}")


MAX_ADDRESS = 64  # a browser visitor's address (IPv6 with a zone fits)


@dataclass(frozen=True, slots=True)
class Bridge:
    """A connection of the host's own web page: the table's bridge key, and the address of
    the browser the page serves (as the page's server saw it).

    The host's web page (``okey101 host --web``) joins its table over loopback for each
    browser visitor, from the host's computer like a friend typing ``okey101 join`` there:
    its connections say so with the table's bridge key, and name the visitor's own address,
    so that wrong codes are counted per visitor, never shared with the terminals on that
    computer. The page gives both to each visitor's ``okey101 join`` in the environment
    (:data:`~okey_tui.net.tries.BRIDGE_ENV`, :data:`~okey_tui.net.tries.VISITOR_ENV`)."""

    key: str
    visitor: str

    def fields(self) -> JSONObject:
        """What a ``hello`` or ``rejoin`` carries of it."""
        return {"bridge": self.key, "visitor": self.visitor}

    @classmethod
    def from_environment(cls, environ: Mapping[str, str]) -> Bridge | None:
        """The bridge the web page gave this process, or None (a terminal's ``okey101 join``).

        >>> Bridge.from_environment({BRIDGE_ENV: "k" * 32, VISITOR_ENV: "10.0.0.7"})
        Bridge(key='kkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkk', visitor='10.0.0.7')
        >>> Bridge.from_environment({}) is None
        True
        """
        key, visitor = environ.get(BRIDGE_ENV, ""), environ.get(VISITOR_ENV, "")
        if not key or len(key) > MAX_TOKEN:
            return None
        return cls(key, visitor[:MAX_ADDRESS] or "?")


def looks_like_token(text: str | None) -> bool:
    """Whether ``text`` has the form of a seat's token.

    >>> looks_like_token("ekrC5mtuvWL3D2AK7MPtlxghw-2Vnwul"), looks_like_token("a b;rm")
    (True, False)
    """
    return text is not None and _TOKEN.fullmatch(text) is not None


# A rack order: tile texts and "." for a gap, separated by spaces.
MAX_LAYOUT = 400
# act_all: the actions of one message, one per line.
MAX_ACTIONS = 14


class ErrorCode(enum.Enum):
    """Why the server refused a message (the ``code`` of an ``error`` message)."""

    BAD_JSON = "bad-json"  # not UTF-8 JSON
    NOT_OBJECT = "not-object"  # JSON, but not an object with a string "type"
    UNKNOWN_TYPE = "unknown-type"
    BAD_FIELD = "bad-field"  # a field missing, of the wrong type, too long or unexpected
    VERSION = "version"  # another protocol version: the connection is closed
    RATE_LIMIT = "rate-limit"  # too many messages: this one was dropped
    BAD_CODE = "bad-code"  # wrong join code
    TOO_MANY_TRIES = "too-many-tries"  # too many wrong join codes from this address
    TABLE_FULL = "table-full"
    BAD_TOKEN = "bad-token"  # no seat has this token
    TOKEN_IN_USE = "token-in-use"  # the seat of this token is connected already
    NOT_SEATED = "not-seated"  # join or rejoin first
    ALREADY_SEATED = "already-seated"
    NOT_LEAD = "not-lead"  # only the lead player starts the match
    STARTED = "started"  # the match has started already
    NOT_STARTED = "not-started"
    NOT_YOUR_SEAT = "not-your-seat"  # an action for another seat
    HAND_NOT_OVER = "hand-not-over"
    MATCH_OVER = "match-over"
    MATCH_NOT_OVER = "match-not-over"  # ``again`` while the match is played
    TIMEOUT = "timeout"  # no hello in time
    BUSY = "busy"  # too many connections at once: closed


class Closing(enum.Enum):
    """Why the server closes a connection that did nothing wrong (a ``closing`` message's
    ``code``): the client says it in its own words and does not try to reconnect."""

    HOST_CLOSED = "host-closed"  # the host closed the table (okey101 host --resume opens it)
    REPLACED = "replaced"  # the seat's token sat down on a newer connection
    # The other way: the reason of the close a client sends when its player quits on
    # purpose. A connection that ends without it (killed, the network down, a browser tab
    # closed) is a lost one: the others read "lost the connection", not "left the table".
    LEFT = "left"


class ProtocolError(Exception):
    """A message that breaks the protocol; ``code`` says how. ``message`` defaults to the
    code's own words (:func:`error_words`); ``extra``: the fields those words are made of."""

    def __init__(self, code: ErrorCode, message: str | None = None, **extra: object) -> None:
        words = message if message is not None else error_words(code.value, extra)
        super().__init__(words)
        self.code = code
        self.message = words or code.value
        self.extra = extra


def error_words(code: str, extra: Mapping[str, object]) -> str:
    """What an ``error`` message's code means, in the reader's language, made from the
    message's own fields (``tries_left``, ``retry_after``...): a client says it in its
    player's language, not the host's. Empty for a code whose words depend on the
    message refused (a field that is wrong, a type unknown): the server's words stand."""

    def number(key: str) -> int:
        value = extra.get(key)
        return value if isinstance(value, int) and not isinstance(value, bool) else 0

    try:
        known = ErrorCode(code)
    except ValueError:
        return ""
    if known is ErrorCode.BAD_CODE:
        left = number("tries_left")
        return ngettext(
            "Wrong join code ({left} try left)", "Wrong join code ({left} tries left)", left
        ).format(left=left)
    if known is ErrorCode.BAD_TOKEN and "tries_left" in extra:
        left = number("tries_left")
        return ngettext(
            "No seat has this token ({left} try left)",
            "No seat has this token ({left} tries left)",
            left,
        ).format(left=left)
    if known is ErrorCode.TOO_MANY_TRIES:
        minutes = max(1, -(-number("retry_after") // 60))
        return ngettext(
            "This address is blocked after too many wrong codes: try again in "
            "{n} minute (a player's own seat can still be taken back)",
            "This address is blocked after too many wrong codes: try again in "
            "{n} minutes (a player's own seat can still be taken back)",
            minutes,
        ).format(n=minutes)
    if known is ErrorCode.VERSION:
        return _(
            "This table speaks protocol version {server}, not {client}:"
            " use the same okey101 version as the host"
        ).format(server=number("server_version"), client=number("client_version"))
    if known is ErrorCode.RATE_LIMIT:
        rate = extra.get("rate")
        return _("Too many messages: at most {rate} a second; this one was dropped").format(
            rate=f"{rate:g}" if isinstance(rate, int | float) else "?"
        )
    if known is ErrorCode.STARTED and extra.get("joining"):
        # Said to a late joiner: who may still sit down, and how (a seated player's own
        # okey101 join keeps the seat's token; --token is printed when they leave). In a
        # browser (``browser``: the host's web page asked), no command can be typed: the
        # browser played in keeps the seat, and the page shown on leaving has its link.
        if extra.get("browser"):
            return _(
                "The match has started: only the players at the table can come back (by "
                "opening the table's link again in the browser they played in, or the link "
                "with &token=… they were shown when they left)"
            )
        return _(
            "The match has started: only the players at the table can come back (with the "
            "same okey101 join on their own computer, or with the --token they were given "
            "when they left)"
        )
    fixed = _FIXED_ERROR_WORDS.get(known)
    return _(fixed) if fixed is not None else ""


# The codes whose words never change (the others: error_words).
_FIXED_ERROR_WORDS = {
    ErrorCode.BUSY: N_("Too many connections: try later"),
    ErrorCode.TIMEOUT: N_("Say hello or rejoin first"),
    ErrorCode.TABLE_FULL: N_("Every seat is taken"),
    ErrorCode.BAD_TOKEN: N_("No seat has this token"),
    ErrorCode.TOKEN_IN_USE: N_("This seat is connected already, and its connection answers"),
    ErrorCode.NOT_SEATED: N_("Join the table first (hello or rejoin)"),
    ErrorCode.ALREADY_SEATED: N_("This connection has a seat"),
    ErrorCode.NOT_LEAD: N_("Only the player who joined first starts"),
    ErrorCode.STARTED: N_("The match has started"),
    ErrorCode.NOT_STARTED: N_("The match has not started"),
    ErrorCode.NOT_YOUR_SEAT: N_("You can act only for your own seat"),
    ErrorCode.HAND_NOT_OVER: N_("The hand is still being played"),
    ErrorCode.MATCH_OVER: N_("The match is over"),
    ErrorCode.MATCH_NOT_OVER: N_("The match is still being played"),
}


# -- client messages ------------------------------------------------------------

# type -> {field: (python type, required, max length for str)}
_FieldSpec = tuple[type, bool, int]
CLIENT_MESSAGES: dict[str, dict[str, _FieldSpec]] = {
    # ``bridge`` and ``visitor``: a connection of the host's own web page (see Bridge).
    "hello": {
        "v": (int, True, 0),
        "code": (str, True, MAX_CODE),
        "name": (str, True, MAX_NAME),
        "bridge": (str, False, MAX_TOKEN),
        "visitor": (str, False, MAX_ADDRESS),
    },
    "rejoin": {
        "v": (int, True, 0),
        "token": (str, True, MAX_TOKEN),
        "bridge": (str, False, MAX_TOKEN),
        "visitor": (str, False, MAX_ADDRESS),
    },
    "start": {},
    "act": {"action": (str, True, MAX_ACTION), "id": (int, False, 0), "seat": (int, False, 0)},
    "act_all": {"actions": (str, True, MAX_ACTION * 4), "id": (int, False, 0)},
    "check": {"action": (str, True, MAX_ACTION), "id": (int, True, 0)},
    "plan": {
        "tiles": (str, True, MAX_ACTION),
        "target": (int, True, 0),
        "id": (int, True, 0),
        "okey_as": (str, False, 8),
    },
    # With the rack order, optionally, the hand it was arranged in (``hand``: an order of
    # another hand is not kept) and its memory of the turn under way (see
    # departures_to_fields): turn, left and back with the hand, or none of them.
    "layout": {
        "slots": (str, True, MAX_LAYOUT),
        "hand": (int, False, 0),
        "match": (int, False, 0),
        "turn": (int, False, 0),
        "left": (str, False, MAX_LAYOUT),
        "back": (str, False, MAX_LAYOUT),
    },
    "chat": {"text": (str, True, MAX_CHAT)},
    # Another name for the sender's seat, before the match starts.
    "rename": {"name": (str, True, MAX_NAME)},
    "next": {"hand": (int, False, 0)},
    # Another match at the same table, once the match is over (``match``: the one its
    # sender is done with).
    "again": {"match": (int, False, 0)},
    "ping": {"id": (int, False, 0)},
}


@dataclass(frozen=True, slots=True)
class ClientMessage:
    """A checked client message: its type and its fields (only those of the spec)."""

    type: str
    fields: JSONObject

    def str_field(self, name: str) -> str:
        value = self.fields.get(name, "")
        return value if isinstance(value, str) else ""

    def int_field(self, name: str) -> int | None:
        value = self.fields.get(name)
        return value if isinstance(value, int) else None


def decode_client(raw: str | bytes) -> ClientMessage:
    """Check one client message; raises :class:`ProtocolError` saying what is wrong."""
    if isinstance(raw, bytes):
        if len(raw) > MAX_CLIENT_BYTES:
            raise ProtocolError(
                ErrorCode.BAD_FIELD,
                _("A message is at most {limit} bytes").format(limit=MAX_CLIENT_BYTES),
            )
        try:
            raw = raw.decode("utf-8")
        except UnicodeDecodeError:
            raise ProtocolError(ErrorCode.BAD_JSON, _("A message is UTF-8 JSON text")) from None
    if len(raw.encode("utf-8", "surrogatepass")) > MAX_CLIENT_BYTES:
        raise ProtocolError(
            ErrorCode.BAD_FIELD,
            _("A message is at most {limit} bytes").format(limit=MAX_CLIENT_BYTES),
        )
    try:
        data = json.loads(raw, parse_constant=_no_constant)
    except (ValueError, RecursionError):
        raise ProtocolError(ErrorCode.BAD_JSON, _("A message is one JSON object")) from None
    if not isinstance(data, dict) or not isinstance(data.get("type"), str):
        raise ProtocolError(ErrorCode.NOT_OBJECT, _('A message is a JSON object with a "type"'))
    kind = data["type"]
    spec = CLIENT_MESSAGES.get(kind)
    if spec is None:
        raise ProtocolError(
            ErrorCode.UNKNOWN_TYPE,
            _("Unknown message type (known: {types})").format(
                types=", ".join(sorted(CLIENT_MESSAGES))
            ),
        )
    fields: JSONObject = {}
    for name in data:
        if name == "type":
            continue
        if name not in spec:
            raise ProtocolError(
                ErrorCode.BAD_FIELD,
                _("A {kind} message has no field {name}").format(kind=kind, name=repr(name)[:40]),
            )
    for name, (want, required, limit) in spec.items():
        if name not in data:
            if required:
                raise ProtocolError(
                    ErrorCode.BAD_FIELD,
                    _("A {kind} message needs {name}").format(kind=kind, name=repr(name)),
                )
            continue
        value = data[name]
        # bool is an int in Python; the protocol keeps them apart.
        if not isinstance(value, want) or isinstance(value, bool):
            # In words ("must be a int" named Python's type).
            said = _("{field} must be an integer") if want is int else _("{field} must be a string")
            raise ProtocolError(ErrorCode.BAD_FIELD, said.format(field=f"{kind}.{name}"))
        if isinstance(value, str) and len(value) > limit:
            raise ProtocolError(
                ErrorCode.BAD_FIELD,
                _("{field} is at most {limit} characters").format(
                    field=f"{kind}.{name}", limit=limit
                ),
            )
        if isinstance(value, int) and not -(2**53) <= value <= 2**53:
            raise ProtocolError(
                ErrorCode.BAD_FIELD, _("{field} is out of range").format(field=f"{kind}.{name}")
            )
        fields[name] = value
    return ClientMessage(kind, fields)


def _no_constant(name: str) -> NoReturn:
    raise ValueError(_("{name} is not JSON").format(name=name))


def encode(message: JSONObject) -> str:
    """One message as compact JSON text."""
    return json.dumps(message, ensure_ascii=False, separators=(",", ":"), allow_nan=False)


def error_message(code: ErrorCode, message: str | None = None, **extra: object) -> JSONObject:
    """An ``error`` message: its code, the fields its words are made of, and those words
    in the server's language (the code's own, :func:`error_words`, unless given)."""
    words = message if message is not None else error_words(code.value, extra)
    return {"type": "error", "code": code.value, "message": words, **extra}


def said_error(data: Mapping[str, object]) -> str:
    """An ``error`` message's words in this side's language, made from its code and
    fields; the words it carries where the code has none of its own."""
    return error_words(str(data.get("code")), data) or str(data.get("message", ""))


def closing_message(code: Closing, message: str) -> JSONObject:
    """The last message before the server closes a connection for ``code``."""
    return {"type": "closing", "code": code.value, "message": message}


def refusal(exc: OkeyError, action_id: int | None) -> JSONObject:
    """The ``refused`` message for an engine error: its class, its code if any, its message."""
    code = exc.code
    return {
        "type": "refused",
        "id": action_id,
        "error": type(exc).__name__,
        "code": None if code is None else code.value,
        "rule": exc.rule,
        "params": {str(k): _plain(v) for k, v in exc.params.items()},
        "message": str(exc),
    }


def _plain(value: object) -> object:
    """A parameter as JSON: numbers, text and flags as they are, anything else as its text."""
    if value is None or isinstance(value, bool | int | str):
        return value
    if isinstance(value, list | tuple):
        return [_plain(v) for v in value]
    return str(value)


def clean_text(text: str, limit: int) -> str:
    """One line of printable text, at most ``limit`` characters (names, chat)."""
    line = "".join(ch if ch.isprintable() else " " for ch in text)
    return " ".join(line.split())[:limit]


# -- what a seat may see: events ---------------------------------------------------

# Events whose tiles every seat saw on the table. Any other kind (a draw from
# the middle, or a kind the engine adds later) reaches the other seats
# without its tiles and with a neutral text: deny by default.
PUBLIC_EVENT_KINDS = frozenset(
    {
        "deal",
        "take",
        "giveback",
        "open",
        "lay",
        "add",
        "swap",
        "takeback",
        "pairs",
        "discard",
        "penalty",
        "empty",
        "finish",
        "end",
    }
)
_PRIVATE_TEXT = {"draw": N_("drew from the middle")}


def event_for(event: Event, viewer: int) -> Event:
    """The event as ``viewer`` may see it: another seat's private tiles removed."""
    if event.kind in PUBLIC_EVENT_KINDS or event.seat == viewer:
        return event
    private = _PRIVATE_TEXT.get(event.kind, event.kind)
    return Event(event.kind, event.seat, private, (), 0, bot=event.bot)


def event_to_json(event: Event) -> JSONObject:
    data: JSONObject = {
        "kind": event.kind,
        "seat": event.seat,
        "text": event.text,
        "tiles": [str(t) for t in event.tiles],
        "value": event.value,
    }
    if event.bot:  # only then: a client that does not know the field reads the rest alike
        data["bot"] = True
    if event.code:  # a penalty's reason; likewise only when there is one
        data["code"] = event.code
    if event.melds:  # the melds a lay, an add or a swap is about (the log marks the okey)
        data["melds"] = [meld_to_json(m) for m in event.melds]
    return data


def event_from_json(data: object) -> Event:
    d = _obj(data, "event")
    return Event(
        _str(d, "kind"),
        _opt_int(d, "seat"),
        _str(d, "text"),
        tuple(_tiles(d.get("tiles"), "event.tiles")),
        _int(d, "value"),
        bot=d.get("bot") is True,
        code=code if isinstance(code := d.get("code"), str) else "",
        melds=tuple(meld_from_json(m) for m in _list(d.get("melds", []), "event.melds")),
    )


# -- what a seat may see: the view -----------------------------------------------------


# The fields of a view that differ from seat to seat; every other field is the same for
# every seat at one moment (the server encodes those once for all four).
PRIVATE_VIEW_FIELDS = (
    "seat",
    "rack",
    "taken",
    "okeys_owed",
    "laid_this_turn",
    "melds_floor",
    "pairs_floor",
    "opened_this_turn",
)


def view_to_json(view: PlayerView) -> JSONObject:
    """A :class:`PlayerView` as JSON: exactly its fields, nothing more."""
    return {**view_private_json(view), **view_public_json(view)}


def view_private_json(view: PlayerView) -> JSONObject:
    """The seat's own part of its view (:data:`PRIVATE_VIEW_FIELDS`)."""
    taken = view.taken
    return {
        "seat": view.seat,
        "rack": [str(t) for t in view.rack],
        "taken": None
        if taken is None
        else {
            "tile": str(taken.tile),
            "count": taken.count,
            "opened": taken.opened,
            "from_going_pairs": taken.from_going_pairs,
        },
        "okeys_owed": view.okeys_owed,
        "laid_this_turn": view.laid_this_turn,
        "melds_floor": view.melds_floor,
        "pairs_floor": view.pairs_floor,
        "opened_this_turn": view.opened_this_turn,
    }


def view_public_json(view: PlayerView) -> JSONObject:
    """The part of a view that every seat sees alike at the same moment."""
    outcome = view.outcome
    return {
        "rules": view.rules.code(),
        "indicator": str(view.indicator),
        "table": [table_meld_to_json(tm) for tm in view.table],
        "discards": [[str(t) for t in pile] for pile in view.discards],
        "middle_count": view.middle_count,
        "rack_counts": list(view.rack_counts),
        "openings": [
            None if o is None else {"kind": o.kind.value, "value": o.value} for o in view.openings
        ],
        "going_pairs": list(view.going_pairs),
        "penalty_points": list(view.penalty_points),
        "turn": view.turn,
        "phase": view.phase.value,
        "outcome": None if outcome is None else outcome_to_json(outcome),
        "match_totals": list(view.match_totals),
    }


def encode_with(message: JSONObject, key: str, fields: JSONObject, shared: str) -> str:
    """``message`` as JSON with ``key`` holding ``fields`` joined with ``shared`` (the JSON
    text of an object encoded once for several messages): the same text as encoding it all.

    >>> encode_with({"type": "state"}, "view", {"seat": 1}, encode({"turn": 2}))
    '{"type":"state","view":{"seat":1,"turn":2}}'
    """
    inner = encode(fields)
    if shared != "{}":
        inner = inner[:-1] + ("," if fields else "") + shared[1:]
    head = encode(message)
    return head[:-1] + ("," if message else "") + f'"{key}":' + inner + "}"


class ViewReader:
    """Reads one seat's views one after another: the table melds, which seldom change
    between two views, are read again only when their JSON differs from the last view's."""

    def __init__(self) -> None:
        self._raw_table: JSONList | None = None
        self._table: tuple[TableMeld, ...] = ()

    def read(self, data: object) -> PlayerView:
        d = _obj(data, "view")
        raw = _list(d.get("table"), "view.table")
        if raw != self._raw_table:
            try:
                table = tuple(table_meld_from_json(m) for m in raw)
            except (NotationError, ValueError, TypeError) as exc:
                raise ProtocolError(
                    ErrorCode.BAD_FIELD, _("Malformed view: {error}").format(error=exc)
                ) from None
            self._raw_table, self._table = raw, table
        return view_from_json(data, self._table)


def view_from_json(data: object, table: tuple[TableMeld, ...] | None = None) -> PlayerView:
    """Read a view sent by :func:`view_to_json`; raises :class:`ProtocolError` if malformed.

    ``table``: the view's table melds, already read (see :class:`ViewReader`)."""
    d = _obj(data, "view")
    try:
        rules = _rules(_str(d, "rules"))
        if table is None:
            table = tuple(table_meld_from_json(raw) for raw in _list(d.get("table"), "view.table"))
        openings = [opening_from_json(raw) for raw in _list(d.get("openings"), "view.openings")]
        raw_taken = d.get("taken")
        taken = None
        if raw_taken is not None:
            t = _obj(raw_taken, "taken")
            taken = Taken(
                _tile(t.get("tile")),
                _int(t, "count"),
                _bool(t, "opened"),
                _bool(t, "from_going_pairs"),
            )
        raw_outcome = d.get("outcome")
        view = PlayerView(
            seat=_int(d, "seat"),
            rules=rules,
            indicator=_tile(d.get("indicator")),
            rack=tuple(_tiles(d.get("rack"), "view.rack")),
            table=table,
            discards=tuple(
                tuple(_tiles(p, "view.discards")) for p in _list(d.get("discards"), "discards")
            ),
            middle_count=_int(d, "middle_count"),
            rack_counts=_ints(d, "rack_counts"),
            openings=tuple(openings),
            going_pairs=tuple(_bools(d, "going_pairs")),
            penalty_points=_ints(d, "penalty_points"),
            turn=_int(d, "turn"),
            phase=Phase(_str(d, "phase")),
            outcome=None if raw_outcome is None else outcome_from_json(raw_outcome),
            taken=taken,
            okeys_owed=_int(d, "okeys_owed"),
            laid_this_turn=_bool(d, "laid_this_turn"),
            melds_floor=_int(d, "melds_floor"),
            pairs_floor=_int(d, "pairs_floor"),
            match_totals=_ints(d, "match_totals"),
            # Not sent by an okey101 before it (the same protocol version): not known, and
            # no finish is foretold (a straight out would be said as a plain finish).
            opened_this_turn=None if "opened_this_turn" not in d else _bool(d, "opened_this_turn"),
        )
    except (NotationError, ValueError, TypeError) as exc:
        raise ProtocolError(
            ErrorCode.BAD_FIELD, _("Malformed view: {error}").format(error=exc)
        ) from None
    _check_view_shape(view)
    return view


def _check_view_shape(view: PlayerView) -> None:
    """A view the screens can show: four seats in every per-seat field, every seat named
    one of them, a rack no bigger than a starter's. A table never sends another; a
    message that does is refused whole, and the seat keeps the last good view."""
    per_seat: list[tuple[str, tuple[object, ...]]] = [
        ("discards", view.discards),
        ("rack_counts", view.rack_counts),
        ("openings", view.openings),
        ("going_pairs", view.going_pairs),
        ("penalty_points", view.penalty_points),
        ("match_totals", view.match_totals),
    ]
    seats = [("seat", view.seat), ("turn", view.turn), *_seats_named(view.table, view.outcome)]
    bad = _out_of_range(per_seat, seats)
    sizes = {"rack": (len(view.rack), view.rules.starter_deal_size)}
    bad += [field for field, (size, most) in sizes.items() if size > most]
    if bad:
        raise ProtocolError(
            ErrorCode.BAD_FIELD, _("{field} is out of range").format(field="view." + bad[0])
        )


def _seats_named(table: tuple[TableMeld, ...], outcome: Outcome | None) -> list[tuple[str, int]]:
    """The seats a table's melds (their owners, their okeys' owners) and a hand's end name,
    each with the field that names it."""
    named = [("table.owner", tm.owner) for tm in table]
    named += [("okey_owners", seat) for tm in table for _, seat in tm.okey_owners]
    if outcome is not None and outcome.finisher is not None:
        named.append(("outcome.finisher", outcome.finisher))
    return named


def _out_of_range(
    per_seat: list[tuple[str, tuple[object, ...]]], seats: list[tuple[str, int]]
) -> list[str]:
    """The fields of ``per_seat`` that do not hold four entries and of ``seats`` that name
    no seat of the four."""
    bad = [field for field, values in per_seat if len(values) != SEATS]
    return bad + [field for field, seat in seats if not 0 <= seat < SEATS]


@functools.lru_cache(maxsize=32)
def _rules(code: str) -> RuleSet:
    return RuleSet.from_code(code)


def meld_to_json(meld: Meld) -> JSONObject:
    return {
        "kind": meld.kind.value,
        "tiles": [str(t) for t in meld.tiles],
        "stands_for": [str(t) for t in meld.stands_for],
    }


def meld_from_json(raw: object) -> Meld:
    m = _obj(raw, "meld")
    tiles = tuple(_tiles(m.get("tiles"), "meld.tiles"))
    stands_for = tuple(_tiles(m.get("stands_for"), "meld.stands_for"))
    kinds = {k.value: k for k in MeldKind}
    if len(tiles) != len(stands_for) or m.get("kind") not in kinds:
        # Each laid tile needs the tile it stands for: the log writes them side by side.
        raise ProtocolError(
            ErrorCode.BAD_FIELD, _("{field} is out of range").format(field="meld.stands_for")
        )
    return Meld(kinds[str(m.get("kind"))], tiles, stands_for)


def table_meld_to_json(tm: TableMeld) -> JSONObject:
    return {
        "owner": tm.owner,
        **meld_to_json(tm.meld),
        "okey_owners": [[str(t), s] for t, s in tm.okey_owners],
    }


def table_meld_from_json(raw: object) -> TableMeld:
    m = _obj(raw, "table_meld")
    owners = []
    for pair in _list(m.get("okey_owners"), "okey_owners"):
        if not (isinstance(pair, list) and len(pair) == 2 and _is_int(pair[1])):
            raise ProtocolError(ErrorCode.BAD_FIELD, _("okey_owners holds [tile, seat]"))
        owners.append((_tile(pair[0]), int(pair[1])))
    meld = Meld(
        MeldKind(_str(m, "kind")),
        tuple(_tiles(m.get("tiles"), "meld.tiles")),
        tuple(_tiles(m.get("stands_for"), "meld.stands_for")),
    )
    return TableMeld(_int(m, "owner"), meld, tuple(owners))


def opening_from_json(raw: object) -> Opening | None:
    if raw is None:
        return None
    o = _obj(raw, "opening")
    return Opening(OpeningKind(_str(o, "kind")), _int(o, "value"))


def outcome_to_json(outcome: Outcome) -> JSONObject:
    data: JSONObject = {
        "kind": outcome.kind.value,
        "finisher": outcome.finisher,
        "okey": outcome.okey,
        "straight": outcome.straight,
        "pairs": outcome.pairs,
    }
    if outcome.to_draw is not None:  # left out otherwise, as a table before the field sent it
        data["to_draw"] = outcome.to_draw
    return data


def outcome_from_json(data: object) -> Outcome:
    d = _obj(data, "outcome")
    try:
        kind = EndKind(_str(d, "kind"))
    except ValueError:
        raise ProtocolError(ErrorCode.BAD_FIELD, _("Unknown outcome kind")) from None
    # The seat that was to draw when the middle ran out: absent from a table before the
    # field, and read as not known when it names no seat.
    to_draw = d.get("to_draw")
    if type(to_draw) is not int or not 0 <= to_draw < SEATS:
        to_draw = None
    return Outcome(
        kind,
        _opt_int(d, "finisher"),
        _bool(d, "okey"),
        _bool(d, "straight"),
        _bool(d, "pairs"),
        to_draw=to_draw,
    )


# -- scores, seats, chat ----------------------------------------------------------------


def summary_of(number: int, result: HandResult) -> HandSummary:
    """A scored hand's score lines, as every seat is sent them (its tiles left are in the
    hand's report: :func:`report_to_json`)."""
    return HandSummary(
        number,
        result.outcome,
        tuple(
            SeatLine(
                s.seat, s.finish, s.left_sum, s.okeys_in_hand, s.penalties, s.bonus, s.total, s.note
            )
            for s in result.seats
        ),
    )


def summary_to_json(summary: HandSummary) -> JSONObject:
    return {
        "number": summary.number,
        "outcome": outcome_to_json(summary.outcome),
        "seats": [
            {
                "seat": s.seat,
                "finish": s.finish,
                "left_sum": s.left_sum,
                "okeys_in_hand": s.okeys_in_hand,
                "penalties": s.penalties,
                "bonus": s.bonus,
                "total": s.total,
                "note": s.note,
            }
            for s in summary.seats
        ],
    }


def summary_from_json(data: object) -> HandSummary:
    d = _obj(data, "result")
    lines = []
    for raw in _list(d.get("seats"), "result.seats"):
        s = _obj(raw, "seat_line")
        lines.append(
            SeatLine(
                _int(s, "seat"),
                _int(s, "finish"),
                _int(s, "left_sum"),
                _int(s, "okeys_in_hand"),
                _int(s, "penalties"),
                _int(s, "bonus"),
                _int(s, "total"),
                _str(s, "note"),
            )
        )
    outcome = outcome_from_json(d.get("outcome"))
    if not _each_seat_once(line.seat for line in lines) or _out_of_range(
        [], _seats_named((), outcome)
    ):
        raise ProtocolError(
            ErrorCode.BAD_FIELD, _("{field} is out of range").format(field="result.seats")
        )
    return HandSummary(_int(d, "number"), outcome, tuple(lines))


def report_to_json(report: HandReport) -> JSONObject:
    """A scored hand's report, as every seat is sent it: every seat's tiles left (the
    racks are turned over once the hand is over, as at a real table)."""
    return {
        "number": report.number,
        "hands": report.hands,
        "outcome": outcome_to_json(report.result.outcome),
        "seats": [
            {
                "seat": s.seat,
                "finish": s.finish,
                "tiles_left": [str(t) for t in s.tiles_left],
                "left_sum": s.left_sum,
                "okeys_in_hand": s.okeys_in_hand,
                "penalties": s.penalties,
                "bonus": s.bonus,
                "opened": None
                if s.opened is None
                else {"kind": s.opened.kind.value, "value": s.opened.value},
                "total": s.total,
                "note": s.note,
                "formula": s.formula,
            }
            for s in report.result.seats
        ],
        "indicator": str(report.indicator),
        "table": [table_meld_to_json(tm) for tm in report.table],
        "last_discard": None if report.last_discard is None else str(report.last_discard),
        "notes": [
            {
                "seat": n.seat,
                "points": n.points,
                "reason": n.reason.value,
                "turn": n.turn,
                "tile": None if n.tile is None else str(n.tile),
                "by": n.by,
                "rate": n.rate,
            }
            for n in report.notes
        ],
        "sheet": [list(row) for row in report.sheet],
        "totals": list(report.totals),
        "match_over": report.match_over,
        "winners": list(report.winners),
        "rules": report.rules.code(),
        "going_pairs": list(report.going_pairs),
        "added": [str(t) for t in report.added],
        "added_meant": [str(t) for t in report.added_meant],
        "added_swaps": list(report.added_swaps),
        "others_added_at": [index for index, _meant in report.others_added],
        "others_added_meant": [str(meant) for _index, meant in report.others_added],
    }


def report_from_json(data: object) -> HandReport:
    """Read a report sent by :func:`report_to_json`; :class:`ProtocolError` if malformed."""
    d = _obj(data, "report")
    try:
        seats = []
        for raw in _list(d.get("seats"), "report.seats"):
            s = _obj(raw, "report.seat")
            seats.append(
                SeatScore(
                    seat=_int(s, "seat"),
                    finish=_int(s, "finish"),
                    tiles_left=_tiles_left(s),
                    left_sum=_int(s, "left_sum"),
                    okeys_in_hand=_int(s, "okeys_in_hand"),
                    penalties=_int(s, "penalties"),
                    bonus=_int(s, "bonus"),
                    opened=opening_from_json(s.get("opened")),
                    total=_int(s, "total"),
                    note=_str(s, "note"),
                    formula=_str(s, "formula"),
                )
            )
        notes = []
        for raw in _list(d.get("notes"), "report.notes"):
            n = _obj(raw, "penalty_note")
            tile = n.get("tile")
            notes.append(
                PenaltyNote(
                    seat=_int(n, "seat"),
                    points=_int(n, "points"),
                    reason=PenaltyReason(_str(n, "reason")),
                    turn=_int(n, "turn"),
                    tile=None if tile is None else _tile(tile),
                    by=_opt_int(n, "by"),
                    rate=r if isinstance(r := n.get("rate"), int) else 0,
                )
            )
        last = d.get("last_discard")
        report = HandReport(
            number=_int(d, "number"),
            hands=_int(d, "hands"),
            result=HandResult(outcome_from_json(d.get("outcome")), tuple(seats)),
            indicator=_tile(d.get("indicator")),
            table=tuple(table_meld_from_json(t) for t in _list(d.get("table"), "report.table")),
            last_discard=None if last is None else _tile(last),
            notes=tuple(notes),
            sheet=tuple(
                _ints({"row": row}, "row") for row in _list(d.get("sheet"), "report.sheet")
            ),
            totals=_ints(d, "totals"),
            match_over=_bool(d, "match_over"),
            winners=_ints(d, "winners"),
            rules=RuleSet.from_code(_str(d, "rules")),
            going_pairs=_bools(d, "going_pairs"),
            added=tuple(_tiles(d.get("added", []), "report.added")),
            added_meant=tuple(_tiles(d.get("added_meant", []), "report.added_meant")),
            # A table from before the field sends none: every tile said as laid off.
            added_swaps=_ints({"added_swaps": d.get("added_swaps", [])}, "added_swaps"),
            others_added=_others_added(d),
        )
    except (NotationError, ValueError, TypeError) as exc:
        raise ProtocolError(
            ErrorCode.BAD_FIELD, _("Malformed report: {error}").format(error=exc)
        ) from None
    _check_report_shape(report)
    return report


def _check_report_shape(report: HandReport) -> None:
    """A report the end-of-hand screen can show: a line for each of the four seats, four
    entries in every per-seat field and score sheet row, every seat named one of the four
    (as :func:`_check_view_shape` for a view)."""
    per_seat: list[tuple[str, tuple[object, ...]]] = [
        ("totals", report.totals),
        ("going_pairs", report.going_pairs),
        *(("sheet", row) for row in report.sheet),
    ]
    seats = [("winners", seat) for seat in report.winners]
    seats += [("notes.seat", note.seat) for note in report.notes]
    seats += [("notes.by", note.by) for note in report.notes if note.by is not None]
    seats += _seats_named(report.table, report.result.outcome)
    bad = [] if _each_seat_once(s.seat for s in report.result.seats) else ["seats"]
    bad += _out_of_range(per_seat, seats)
    if bad:
        raise ProtocolError(
            ErrorCode.BAD_FIELD, _("{field} is out of range").format(field="report." + bad[0])
        )


def _each_seat_once(seats: Iterable[int]) -> bool:
    """Whether ``seats`` are the four seats, each once, in any order."""
    return sorted(seats) == list(range(SEATS))


def _others_added(report: JSONObject) -> tuple[tuple[int, Tile], ...]:
    """The tiles others added to the finisher's melds (none from a table before the field)."""
    at = _ints({"at": report.get("others_added_at", [])}, "at")
    meant = _tiles(report.get("others_added_meant", []), "report.others_added_meant")
    if len(at) != len(meant):
        raise ProtocolError(ErrorCode.BAD_FIELD, _("others_added_at and others_added_meant differ"))
    return tuple(zip(at, meant, strict=True))


def _tiles_left(seat: JSONObject) -> tuple[Tile, ...]:
    """A report's seat line's tiles left. A table from before every rack was turned over
    sent another seat's as ``[]``; one that leaves them out, or sends something that is
    not a list of tiles, shows that seat's scores without its tiles (the sums and scores
    are read and checked on their own)."""
    raw = seat.get("tiles_left")
    if not isinstance(raw, list) or not all(isinstance(t, str) for t in raw):
        return ()
    try:
        return tuple(_tile(t) for t in raw)
    except ProtocolError:
        return ()


def layout_to_text(slots: list[str | None]) -> str:
    """A rack order for the wire: ``R1 R2 . K5`` (``.`` a gap)."""
    return " ".join("." if t is None else t for t in slots)


def layout_from_text(text: str) -> list[str | None]:
    """Read a rack order back; :class:`ProtocolError` if a slot is not a tile or a gap."""
    slots: list[str | None] = []
    for part in text.split():
        if part == ".":
            slots.append(None)
        else:
            slots.append(str(_tile(part)))
    # (A client drew a longer order it was given as rows of that length: at 80 columns
    # they ran into each other and over the status line.)
    if len(slots) % 2 or len(slots) > RACK_SLOTS:
        raise ProtocolError(
            ErrorCode.BAD_FIELD,
            _("A rack has two rows of equal length, of {n} slots at most").format(
                n=RACK_SLOTS // 2
            ),
        )
    for tile, count in Counter(t for t in slots if t is not None).items():
        if count > 2:  # every tile is in the game twice
            raise ProtocolError(
                ErrorCode.BAD_FIELD,
                _("A rack holds a tile twice at most, not {tile} {count} times").format(
                    tile=tile, count=count
                ),
            )
    return slots


def departures_to_fields(memory: Departures) -> JSONObject:
    """A rack's memory of the turn for a layout message: ``left`` and ``back`` as
    ``3:R1 4:R2`` (slot, colon, tile).

    >>> departures_to_fields(Departures(0, 5, ((3, "R1"), (4, "R2"))))
    {'hand': 0, 'turn': 5, 'left': '3:R1 4:R2', 'back': ''}
    """
    return {
        "hand": memory.hand,
        "turn": memory.turn,
        "left": " ".join(f"{i}:{t}" for i, t in memory.left),
        "back": " ".join(f"{i}:{t}" for i, t in memory.back),
    }


def departures_from_fields(fields: JSONObject, slots: int) -> Departures | None:
    """The memory a layout message of ``slots`` slots carries; None when it carries none.
    :class:`ProtocolError` when it is not whole, or names a slot off the rack or no tile.

    >>> sent = {"hand": 0, "turn": 5, "left": "3:R1 4:R2", "back": ""}
    >>> departures_from_fields(sent, 30)
    Departures(hand=0, turn=5, left=((3, 'R1'), (4, 'R2')), back=())
    >>> departures_from_fields({"slots": ". R1"}, 2) is None
    True
    >>> departures_from_fields({"slots": ". R1", "hand": 0}, 2) is None  # the hand alone
    True
    >>> for bad in ({"turn": 0}, {**sent, "left": "30:R1"}, {**sent, "back": "1:X"}):
    ...     try:
    ...         departures_from_fields(bad, 30)
    ...     except ProtocolError as exc:
    ...         print(exc.code.value)
    bad-field
    bad-field
    bad-field
    """
    if not any(name in fields for name in ("turn", "left", "back")):
        return None
    hand, turn = fields.get("hand"), fields.get("turn")
    left, back = fields.get("left"), fields.get("back")
    if not (
        isinstance(hand, int)
        and isinstance(turn, int)
        and hand >= 0
        and turn >= 0
        and isinstance(left, str)
        and isinstance(back, str)
    ):
        raise ProtocolError(
            ErrorCode.BAD_FIELD,
            _("A layout's memory of the turn needs hand, turn, left and back, none negative"),
        )
    return Departures(hand, turn, _slot_tiles(left, slots), _slot_tiles(back, slots))


def layout_hand_from_fields(fields: JSONObject) -> int | None:
    """The hand a layout message's rack order was arranged in; None when it does not say
    (a client from before it was sent). :class:`ProtocolError` for a negative one.

    >>> layout_hand_from_fields({"slots": "R1 .", "hand": 2}), layout_hand_from_fields({})
    (2, None)
    """
    hand = fields.get("hand")
    if hand is None:
        return None
    if not isinstance(hand, int) or isinstance(hand, bool) or hand < 0:
        raise ProtocolError(ErrorCode.BAD_FIELD, _("A layout's hand is a number, not negative"))
    return hand


def _slot_tiles(text: str, slots: int) -> tuple[tuple[int, str], ...]:
    found: list[tuple[int, str]] = []
    for part in text.split():
        index, colon, tile = part.partition(":")
        if not (colon and index.isascii() and index.isdigit() and int(index) < slots):
            raise ProtocolError(
                ErrorCode.BAD_FIELD,
                _("A layout's memory of the turn names slots of its rack, as 3:R1"),
            )
        found.append((int(index), str(_tile(tile))))
    if len(found) > MAX_DEPARTURES:
        raise ProtocolError(ErrorCode.BAD_FIELD, _("A layout's memory of the turn is too long"))
    return tuple(found)


def seat_to_json(info: SeatInfo) -> JSONObject:
    return {
        "seat": info.seat,
        "name": info.name,
        "level": info.level,
        "connected": info.connected,
        "ready": info.ready,
        "dropped": info.dropped,
    }


def seat_from_json(data: object) -> SeatInfo:
    d = _obj(data, "seat")
    level = d.get("level")
    if level is not None and not isinstance(level, str):
        raise ProtocolError(
            ErrorCode.BAD_FIELD, _("{field} must be a string or null").format(field="seat.level")
        )
    # "ready" came with version 0.x of the table: a table without it says nobody is ready.
    ready = _bool(d, "ready") if "ready" in d else False
    # "dropped" came later: an older table does not tell a lost connection from a quit.
    dropped = _bool(d, "dropped") if "dropped" in d else False
    return SeatInfo(_int(d, "seat"), _str(d, "name"), level, _bool(d, "connected"), ready, dropped)


def lobby_seats_from_json(data: object) -> list[SeatInfo]:
    """A lobby's seats: the four, each once (the screens look a seat up by its number)."""
    seats = [seat_from_json(raw) for raw in _list(data, "seats")]
    if not _each_seat_once(seat.seat for seat in seats):
        raise ProtocolError(
            ErrorCode.BAD_FIELD, _("{field} is out of range").format(field="lobby.seats")
        )
    return seats


def chat_from_json(data: object) -> ChatLine:
    d = _obj(data, "chat")
    return ChatLine(_opt_int(d, "seat"), _str(d, "name"), _str(d, "text"))


# -- small checked readers (server messages are checked too) -------------------------


def _obj(value: object, what: str) -> JSONObject:
    if not isinstance(value, dict):
        raise ProtocolError(ErrorCode.BAD_FIELD, _("{field} must be an object").format(field=what))
    return value


def _list(value: object, what: str) -> JSONList:
    if not isinstance(value, list):
        raise ProtocolError(ErrorCode.BAD_FIELD, _("{field} must be a list").format(field=what))
    return value


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _int(d: JSONObject, key: str) -> int:
    value = d.get(key)
    if not isinstance(value, int) or isinstance(value, bool):
        raise ProtocolError(ErrorCode.BAD_FIELD, _("{field} must be an integer").format(field=key))
    return value


def _opt_int(d: JSONObject, key: str) -> int | None:
    return None if d.get(key) is None else _int(d, key)


def _bool(d: JSONObject, key: str) -> bool:
    value = d.get(key)
    if not isinstance(value, bool):
        raise ProtocolError(
            ErrorCode.BAD_FIELD, _("{field} must be true or false").format(field=key)
        )
    return value


def _str(d: JSONObject, key: str) -> str:
    value = d.get(key)
    if not isinstance(value, str):
        raise ProtocolError(ErrorCode.BAD_FIELD, _("{field} must be a string").format(field=key))
    return value


def _ints(d: JSONObject, key: str) -> tuple[int, ...]:
    values = _list(d.get(key), key)
    if not all(_is_int(v) for v in values):
        raise ProtocolError(ErrorCode.BAD_FIELD, _("{field} must hold integers").format(field=key))
    return tuple(int(v) for v in values)


def _bools(d: JSONObject, key: str) -> tuple[bool, ...]:
    values = _list(d.get(key), key)
    if not all(isinstance(v, bool) for v in values):
        raise ProtocolError(
            ErrorCode.BAD_FIELD, _("{field} must hold true/false").format(field=key)
        )
    return tuple(bool(v) for v in values)


def tile_from_text(value: object) -> Tile:
    """A tile sent as text (``R7``); :class:`ProtocolError` if it is not one."""
    return _tile(value)


# Every tile by its text as the server writes it: reading a view looks each tile up here.
_TILES: dict[str, Tile] = {str(t): t for t in map(Tile.from_index, range(53))}


def _tile(value: object) -> Tile:
    if not isinstance(value, str):
        raise ProtocolError(ErrorCode.BAD_FIELD, _("a tile is a string like R7"))
    known = _TILES.get(value)
    if known is not None:
        return known
    try:
        return Tile.parse(value)
    except NotationError as exc:
        raise ProtocolError(ErrorCode.BAD_FIELD, str(exc)) from None


def _tiles(value: object, what: str) -> list[Tile]:
    return [_tile(v) for v in _list(value, what)]
