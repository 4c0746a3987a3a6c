"""Old Man's Bundle played by keys: captures on enter, the choice of captures, trailing, the
hot-seat cover, and a whole game against a bot."""

from __future__ import annotations

from rich.console import Console

from cardarcade.cards import Card, cards, standard_deck
from cardarcade.rules import GAMES
from cardarcade.rules.old_mans_bundle import trail
from cardarcade.seating import GameSetup
from cardarcade.ui.games.old_mans_bundle import TABLE_WIDTH, OldMansBundleScreen
from cardarcade.ui.screens.result import ResultScreen
from cardarcade.ui.games.turn import ChoiceScreen, CoverScreen
from cardarcade.ui.widgets.cards import CARD_HEIGHT
from ui_helpers import pass_cover, screen_text, wait_for

SPEC = GAMES["old-mans-bundle"]


def deal(hand0: str, hand1: str, table: str) -> list[Card]:
    named = cards(hand0) + cards(hand1) + cards(table)
    rest = [c for c in standard_deck() if c not in set(named)]
    return [c for pair in zip(cards(hand0), cards(hand1)) for c in pair] + cards(table) + rest


def solo(deck: list[Card]) -> GameSetup:
    return GameSetup.solo(SPEC, 2, seed=1, deck=deck)  # the bot never moves at the test pace


async def test_enter_takes_the_one_match(app_factory):
    app = app_factory(solo(deal("2c 6c 4c 5c", "2d 3d 4d 5d", "6h 7h 8h 9h")))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, OldMansBundleScreen)
        await pilot.press("right", "enter")
        await pilot.pause()
        assert screen.game.s.bundles[0] == cards("6h 6c")
        assert screen.game.s.table == cards("7h 8h 9h")


async def test_a_card_without_a_match_is_trailed(app_factory):
    app = app_factory(solo(deal("2c 6c 4c 5c", "2d 3d 4d 5d", "6h 7h 8h 9h")))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        await pilot.press("enter")
        await pilot.pause()
        assert screen.game.s.table == cards("6h 7h 8h 9h 2c")


async def test_x_trails_a_card_that_could_take(app_factory):
    app = app_factory(solo(deal("2c 6c 4c 5c", "2d 3d 4d 5d", "6h 7h 8h 9h")))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert "x trail" in str(screen.query_one("#prompt").render())
        await pilot.press("right", "x")
        await pilot.pause()
        assert screen.game.s.table[-1] == Card.parse("6c") and screen.game.s.bundles[0] == []


async def test_several_captures_open_a_choice_with_trailing_too(app_factory):
    app = app_factory(solo(deal("6c 3c 4c 5c", "2d 3d 4d 5d", "6h 6s 8h 9h")))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, ChoiceScreen)
        assert app.screen.labels == ["Take 6♥ with 6♣", "Take 6♠ with 6♣", "Trail 6♣ to the table"]
        await pilot.press("2")
        await pilot.pause()
        assert app.screen is screen
        await wait_for(pilot, lambda: screen.game.s.bundles[0] == cards("6s 6c"))


async def test_hot_seat_covers_the_hand_between_people(app_factory):
    setup = GameSetup.solo(SPEC, 2, seed=1, humans=2, deck=deal("6c 3c 4c 5c", "6d 3d 4d 5d", "6h 7h 8h 9h"))
    app = app_factory(setup)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await pass_cover(app, pilot, "Player 1")
        assert screen.hand_cards() == cards("6c 3c 4c 5c")
        await pilot.press("enter")  # Player 1 takes the 6♥
        await pilot.pause()
        assert isinstance(app.screen, CoverScreen) and app.screen.player == "Player 2"
        assert "Player 1 takes 6♥ with 6♣" in app.screen.since
        assert screen.hand_cards() == [] and "3♣" not in str(screen.query_one("#hand").render())
        await pilot.press("enter")
        await pilot.pause()
        assert screen.hand_cards() == cards("6d 3d 4d 5d")
        await pilot.press("enter")  # 6♦ steals Player 1's bundle: the one capture there is
        await pilot.pause()
        assert screen.game.s.bundles == [[], cards("6h 6c 6d")]


async def test_a_whole_game_against_a_bot_ends_on_the_result_screen(app_factory):
    setup = GameSetup.solo(SPEC, 2, seed=3, level="hard")
    app = app_factory(setup, pace=0.01)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        for _ in range(600):
            if screen.game.is_over:
                break
            if isinstance(app.screen, ChoiceScreen):
                await pilot.press("1")
            elif screen.actor is not None:
                await pilot.press("enter")
            else:
                await pilot.pause(0.02)
        assert screen.game.is_over
        await wait_for(pilot, lambda: isinstance(app.screen, ResultScreen))


async def test_a_crowded_table_shows_every_card_as_a_label_sorted_by_rank(app_factory):
    app = app_factory(solo(deal("2c 6c 4c 5c", "2d 3d 4d 5d", "6h 7h 8h 9h")))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        game = screen.game
        while len(game.s.table) < 20:  # both trail (straight into the engine: only the drawing is tested)
            seat = game.actors()[0]
            game.apply(seat, trail(game.s.hands[seat][-1]))
        screen.refresh_all()
        console = Console(width=80, record=True, color_system=None)
        console.print(screen.render_center())
        text = console.export_text()
        assert len(text.splitlines()) <= 7  # the centre's height at 80x24
        labels = [c.label() for c in sorted(game.s.table, key=lambda c: (c.rank, c.suit.value))]
        flat = " ".join(text.split())
        assert " ".join(labels[:5]) in flat and all(label in flat for label in labels)


async def test_every_count_of_table_cards_fits_between_the_bundles(app_factory):
    # Eight cards once came out unfanned with a column between them: 63 columns in 56, wrapped.
    app = app_factory(solo(deal("2c 6c 4c 5c", "2d 3d 4d 5d", "6h 7h 8h 9h")))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        game = screen.game
        for count in range(4, 25):
            while len(game.s.table) < count:  # straight into the engine: only the drawing is tested
                seat = game.actors()[0]
                game.apply(seat, trail(game.s.hands[seat][-1]))
            screen.refresh_all()
            console = Console(width=TABLE_WIDTH, record=True, color_system=None)
            console.print(screen._table_cards())
            lines = console.export_text().splitlines()
            assert len(lines) <= CARD_HEIGHT, (count, lines)  # one row of cards, nothing wrapped
            flat = " ".join(lines)
            assert all(c.rank.label in flat for c in game.s.table), count


async def test_the_footer_offers_x_trail_on_your_turn(app_factory):
    app = app_factory(solo(deal("2c 6c 4c 5c", "2d 3d 4d 5d", "6h 7h 8h 9h")))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        footer = screen_text(app).split("\n")[-1]
        assert "x Trail" in footer, footer
