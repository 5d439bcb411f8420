"""Textual's words in the current language: binding descriptions and tooltips.

Bindings are declared once per class with their English words marked
``N_("Start")``; each widget or screen calls :func:`translate_bindings` in its
``__init__`` so its own copy of the bindings (the footer and the help read
them) speaks the language chosen when it was made.
"""

from __future__ import annotations

from dataclasses import replace

from textual.dom import DOMNode

from okey_tui.i18n import _


def translate_bindings(node: DOMNode) -> None:
    """Translate the descriptions and tooltips of ``node``'s own copy of its bindings.

    The copy is made afresh from the class's (English) bindings, so calling it
    again after a change of language translates from the English words.
    """
    merged = type(node)._merged_bindings
    if merged is not None:
        node._bindings = merged.copy()
    for key, bindings in node._bindings.key_to_bindings.items():
        node._bindings.key_to_bindings[key] = [
            replace(
                b,
                description=_(b.description) if b.description else b.description,
                tooltip=_(b.tooltip) if b.tooltip else b.tooltip,
            )
            for b in bindings
        ]
