"""The Textual front end: ``okey101 play``."""

from okey_tui.ui import textual_fixes as _textual_fixes  # noqa: F401  (a fix Textual needs)
