"""Rows of cards drawn centred: where they sit, what a too-narrow width does, the 'more' marks."""

from __future__ import annotations

import io

from rich.align import Align
from rich.console import Console

from cardarcade.cards import cards
from cardarcade.themes import MONOCHROME
from cardarcade.ui.widgets.cards import Slot, centred_row, render_row

HAND = [Slot(c, caption="▲" if i == 1 else "") for i, c in enumerate(cards("As Kh 10d 7c"))]


def drawn(renderable, width: int) -> list[str]:
    console = Console(width=width, file=io.StringIO(), color_system=None)
    with console.capture() as capture:
        console.print(renderable)
    return capture.get().split("\n")[:-1]


def test_a_centred_row_sits_where_rich_would_centre_it_and_draws_the_same_twice():
    palette = MONOCHROME.palette
    block = centred_row(HAND, palette)
    expected = drawn(Align.center(render_row(HAND, palette)), 60)
    assert drawn(block, 60) == expected
    assert drawn(block, 60) == expected  # (the second time from the segments kept)
    assert expected[1].index("│A") == (60 - 31) // 2  # four cards of 7 and three gaps of 1


def test_a_row_wider_than_the_space_is_cut_at_the_right_never_broken_onto_more_lines():
    lines = drawn(centred_row(HAND, MONOCHROME.palette), 20)
    assert len(lines) == 6  # five lines of cards and the caption line, as at any width
    assert lines[1].startswith("│A    │ │K")


def test_a_hand_too_long_to_show_whole_is_marked_with_the_cards_beyond_each_end():
    lines = drawn(centred_row(HAND, MONOCHROME.palette, ascii_only=True, more=(3, 12)), 80)
    assert "‹3" in lines[2] and "12›" in lines[2]
    middle = lines[2]  # the line of the suit pips, in the middle of the cards' height
    assert middle.index("‹3") < middle.index("│") and middle.index("12›") > middle.rindex("│")
    assert "‹3" not in lines[1]


def test_suit_letters_change_the_suits_only_not_the_cards_drawing():
    # (the README's g: suit symbols or letters; a terminal that cannot show the boxes is sent
    # their nearest by its driver, ui/terminal.py)
    symbols = render_row(HAND + [Slot(None, back=True), Slot()], MONOCHROME.palette).plain
    letters = render_row(HAND + [Slot(None, back=True), Slot()], MONOCHROME.palette, ascii_only=True).plain
    assert letters == symbols.translate(str.maketrans("♠♥♦♣", "SHDC"))


def test_the_same_cards_give_the_same_kept_block_and_other_captions_another():
    palette = MONOCHROME.palette
    assert centred_row(HAND, palette) is centred_row(list(HAND), palette)
    moved = [Slot(s.card, caption="▲" if i == 2 else "") for i, s in enumerate(HAND)]
    assert centred_row(moved, palette) is not centred_row(HAND, palette)


def test_without_colour_red_suits_are_reversed_so_they_differ_from_black_ones_by_more_than_a_letter():
    from rich.style import Style

    from cardarcade.ui.widgets.cards import card_text

    def reversed_words(slot_card: str) -> list[str]:
        row = render_row([Slot(cards(slot_card)[0])], MONOCHROME.palette, ascii_only=True)
        return [row.plain[span.start : span.end] for span in row.spans if Style.parse(str(span.style)).reverse]

    assert reversed_words("10h") == ["10", "H", "10"] and reversed_words("Qd") == ["Q", "D", "Q"]
    assert reversed_words("10s") == [] and reversed_words("Kc") == []
    assert card_text(cards("Qd")[0], MONOCHROME.palette, True).style.reverse
    assert not card_text(cards("Qs")[0], MONOCHROME.palette, True).style.reverse
