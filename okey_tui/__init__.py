"""okey101: 101 Okey (yüzbir okey), the Turkish tile game, in a terminal."""

__version__ = "0.1.0"
