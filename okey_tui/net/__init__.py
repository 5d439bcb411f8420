"""Remote tables: one host's engine decides, players join over a WebSocket.

:mod:`~okey_tui.net.protocol` checks messages both ways, :mod:`~okey_tui.net.server`
runs a table, :mod:`~okey_tui.net.client` is a seat's end
(:class:`~okey_tui.net.client.RemoteTable`, a :class:`~okey_tui.table.TableInterface`).
No Textual here. See docs/protocol.md.
"""
