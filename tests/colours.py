"""WCAG 2 contrast between colours, for the tests that check what a person can read."""

from __future__ import annotations

from textual.color import Color


def luminance(colour: str) -> float:
    """Relative luminance of a ``#rrggbb`` colour."""

    def channel(c: int) -> float:
        s = c / 255
        return s / 12.92 if s <= 0.04045 else ((s + 0.055) / 1.055) ** 2.4

    r, g, b = Color.parse(colour).rgb
    return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b)


def contrast(a: str, b: str) -> float:
    """The contrast ratio of two colours, 1 (the same) to 21 (black on white)."""
    hi, lo = sorted((luminance(a), luminance(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)
