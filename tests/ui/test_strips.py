"""Lines drawn leave no reference cycles behind (cardarcade.ui.strips)."""

from __future__ import annotations

import sys

import pytest
from rich.segment import Segment
from rich.style import Style
from textual.strip import Strip

from cardarcade.ui import strips
from cardarcade.ui import textual_compat as compat
from cardarcade.ui.textual_compat import replace_strip_making


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


def _caches_made(strip: Strip) -> list[str]:
    made = []
    for name in compat.STRIP_CACHE_SIZES:
        slot = getattr(Strip.__dict__[name], "_slot", Strip.__dict__[name])  # (where the cache is kept)
        try:
            slot.__get__(strip, Strip)
        except AttributeError:
            continue
        made.append(name)
    return made


def test_a_strip_makes_a_cache_only_when_it_first_looks_in_it():
    strip = Strip([Segment("hello "), Segment("world", Style(bold=True))])
    assert _caches_made(strip) == []  # (seven empty caches were two thirds of every line kept)
    cropped = strip.crop(2, 8)
    assert _caches_made(strip) == ["_crop_cache"]
    assert strip.crop(2, 8) is cropped  # (the second cut of the same cells comes from the cache)
    assert cropped.text == "llo wo"


def test_strips_cut_and_styled_as_textuals_own_would():
    segments = [Segment("hello "), Segment("world", Style(bold=True)), Segment("!")]
    ours = Strip(segments)
    replace_strip_making(*strips.TEXTUALS_MAKING)
    try:
        theirs = Strip(segments)
    finally:
        replace_strip_making(*compat.strips_with_caches_on_first_use())
    for cut in (
        lambda s: s.crop(3, 9),
        lambda s: s.apply_style(Style(italic=True)),
        lambda s: s.adjust_cell_length(20),
    ):
        assert list(cut(ours)) == list(cut(theirs))
        assert list(cut(ours)) == list(cut(ours))  # (again: from the cache)
    assert ours.divide([4, 12]) == theirs.divide([4, 12])
