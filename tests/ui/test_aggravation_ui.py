"""Aggravation played through the keys a person would press, solo and hot-seat."""

from __future__ import annotations

from ui_helpers import key_event, prompt, text_of, wait_for

from cardarcade.rules import GAMES
from cardarcade.seating import GameSetup
from cardarcade.ui.games.aggravation import AggravationScreen
from cardarcade.ui.screens.result import ResultScreen
from cardarcade.ui.textual_compat import driver_of
from tests.rules.test_aggravation import hold
from tests.rules.test_california_speed import packs_deck

AGGRAVATION = GAMES["aggravation"]
TWOS = packs_deck("2c Kc 7c", "2d 5d 7d")  # the first cards turned are a pair of twos, one in each row


def tops(screen) -> list[str]:
    return [c.code for c in screen.game.tops()]


async def test_solo_a_line_key_and_a_column_key_cover_a_card_and_a_wrong_address_is_told(app_factory):
    app = app_factory(GameSetup.solo(AGGRAVATION, 2, seed=1, level="easy", deck=TWOS))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        assert isinstance(screen, AggravationScreen)
        assert "line w (upper) or s (lower), then column 1-6" in prompt(screen)
        await pilot.press("w", "2")  # a column of the upper row with no card in it
        assert "no card there; that row holds 1" in prompt(screen) and tops(screen) == ["2c", "2d"]
        await pilot.press("1")  # a column first: the line comes second
        assert "Now its line" in prompt(screen)
        await pilot.press("s")  # ... the 2♦ in Bot 1's row
        await wait_for(pilot, lambda: tops(screen)[1] == "Kc")
        assert "•" in text_of(screen.render_center()), "the other two is marked as still open"
        assert any("You cover the 2♦ with the K♣" in line.plain for line in screen.log_lines)


async def test_hotseat_the_later_press_on_one_card_goes_back_onto_its_pack(app_factory):
    app = app_factory(GameSetup.solo(AGGRAVATION, 2, seed=1, humans=2, deck=TWOS))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        assert prompt(screen) == "Player 1: w/s + 1-6 cover, z call · Player 2: u/j + 7-= cover, m call"
        # Both go for the 2♦ (lower row, first column): each types the line, then the columns come
        # together, player 2's first.
        await pilot.press("s", "j")
        # On a busy machine the later key is handled after the first cover has landed: judged
        # by its press, it lost a race.
        first, second = key_event(app, "7"), key_event(app, "1")
        driver_of(app).send_message(first)
        await wait_for(pilot, lambda: tops(screen)[1] != "2d")
        driver_of(app).send_message(second)
        await wait_for(pilot, lambda: bool(screen.headline))
        assert tops(screen)[1] == "5d" and screen.game.view(None).pack_sizes == [25, 24]
        assert "Player 2 was" in screen.headline and "earlier than Player 1" in screen.headline


async def test_out_of_cards_space_calls_aggravation_at_the_next_match_and_wins(app_factory):
    # The bot goes for the two in its own row (the 2♦) and covers it with its 5♦, then turns the
    # K♦ alone. The person covers the 2♣, so the outcome does not hang on who is quicker.
    deck = packs_deck("2c Kc", "2d 5d Kd")
    app = app_factory(GameSetup.solo(AGGRAVATION, 2, seed=1, level="expert", deck=deck))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        hold(screen.game, 0, keep=1)  # the person's last card is the K♣
        await pilot.press("w", "1")  # on the 2♣: out of cards
        await wait_for(pilot, lambda: tops(screen)[0] == "Kc")
        assert "space calls Aggravation!" in prompt(screen)
        assert "out of cards · calls at a match" in text_of(screen.render_seat(0))
        await wait_for(pilot, lambda: screen.game.view(0).showing, tries=400)  # the two kings
        await pilot.press("space")
        await wait_for(pilot, lambda: isinstance(app.screen, ResultScreen))
        assert screen.game.result.winners == [0]
        assert any("You call Aggravation! on the kings" in line.plain for line in screen.history)


def test_a_row_longer_than_six_goes_on_in_a_second_line_with_its_own_key():
    from cardarcade.ui.games.aggravation import LINE_VERBS, address

    assert address(LINE_VERBS.index("line0"), 0) == (0, 0)  # w 1: the upper row's first card
    assert address(LINE_VERBS.index("line1"), 0) == (0, 6)  # e 1: its seventh, on the second line
    assert address(LINE_VERBS.index("line3"), 5) == (1, 5)  # s 6: the lower row's sixth
    assert address(LINE_VERBS.index("line5"), 0) == (1, 12)  # f 1: its thirteenth, on the third line
