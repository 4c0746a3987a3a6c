"""cardarcade: a terminal card-game arcade."""

__version__ = "0.1.0"
