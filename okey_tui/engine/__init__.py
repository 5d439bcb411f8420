"""The 101 Okey rules engine: standard library only."""
