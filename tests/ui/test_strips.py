"""Lines drawn leave no reference cycles behind (cardarcade.ui.strips)."""

from __future__ import annotations

import sys

import pytest
from rich.segment import Segment
from textual.strip import Strip


@pytest.fixture(autouse=True)
def an_app_made(app_factory):
    app_factory()  # (the first app made installs the fix, as running the arcade does)


def test_a_strip_cut_at_its_own_length_does_not_keep_itself():
    strip = Strip([Segment("hello "), Segment("world")])
    held = sys.getrefcount(strip)
    assert strip.divide([11]) == [strip]
    assert strip.crop_extend(0, 11, None) is strip
    # Cached inside the strip, it would hold itself: a cycle only the garbage collector frees
    # (on a server, most of its garbage, and pauses every session felt).
    assert sys.getrefcount(strip) == held


def test_other_cuts_are_textuals_own():
    strip = Strip([Segment("hello "), Segment("world")])
    assert [s.text for s in strip.divide([3, 11])] == ["hel", "lo world"]
    assert strip.crop_extend(6, 14, None).text == "world   "
    assert strip.crop_extend(0, 5, None).text == "hello"
