"""Screens of the okey101 app."""
