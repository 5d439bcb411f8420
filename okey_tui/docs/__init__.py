"""Documentation shipped with okey101 (the rules page, read with importlib.resources)."""
