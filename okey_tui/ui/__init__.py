"""The Textual front end: ``okey101 play``."""
