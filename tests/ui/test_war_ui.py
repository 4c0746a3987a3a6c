"""War played through the screen: three players deep in a war still fit 80x24."""

from __future__ import annotations

from cardarcade.cards import cards
from cardarcade.rules import GAMES
from cardarcade.rules.war import FLIP
from cardarcade.seating import GameSetup
from test_reaction_layouts import check
from ui_helpers import screen_text, text_of, wait_for

WAR = GAMES["war"]


def three_way_ties() -> list:
    """A pack dealt so that all three players hold the same ranks in the same order (then spades)."""
    spades = cards("2s 3s 4s 5s 6s 7s 8s 9s Ts Js Qs Ks As")
    piles = [
        cards(" ".join(f"{r}{suit}" for r in "23456789TJQKA")) + spades[4 * i : 4 * i + 4]
        for i, suit in enumerate("cdh")
    ]
    return [piles[seat][i] for i in range(17) for seat in range(3)] + spades[12:]


async def test_three_players_in_a_double_war_and_the_next_fit_the_table(app_factory):
    setup = GameSetup.solo(WAR, 3, seed=1, humans=1, deck=three_way_ties())
    app = app_factory(setup)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        game = screen.game
        for step in range(2):  # a three-way tie, then the double war ties again
            for seat in list(game.actors()):
                screen._on_table(game.apply(seat, FLIP), seat)
            await pilot.pause()
            assert game.s.war_depth == step + 1 and game.s.double
            check(app, f"war {step + 1}")
        text = screen_text(app)
        assert "Double war in progress" in text and "You · " in text


async def test_a_round_shows_its_cards_together_war_cards_included_the_bot_turning_with_you(app_factory):
    from tests.rules.test_war import deal

    # 3♠ and 3♣ tie; the war: a card down each, then K♠ beats 2♦. Next round: 5♥ against Q♥.
    deck = deal("3s 4h Ks 5h", "3c 4d 2d Qh")
    app = app_factory(GameSetup.solo(WAR, 2, seed=1, deck=deck))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        game = screen.game

        def bot_panel() -> str:
            return text_of(screen.render_seat(1))

        await pilot.pause()
        assert "ready" not in bot_panel(), "the bot waits for you"
        await pilot.press("enter")  # the 3♠, and the bot's 3♣ with it: a war, both threes show
        await wait_for(pilot, lambda: game.s.war_depth == 1)
        assert "│3" in bot_panel() and "│3" in text_of(screen.render_seat(0))
        await pilot.press("enter")  # your war cards and the bot's: the K♠ takes six cards
        await wait_for(pilot, lambda: game.s.rounds == 1)
        panel = bot_panel()
        assert "You take 6 cards" in screen_text(app)
        # the round decided stays on the table, the bot's war cards with it; its next card waits for yours
        assert "│3" in panel and "│2" in panel and "1 down" in panel and "ready" not in panel
        assert "│Q" not in panel and "│K" in text_of(screen.render_seat(0))
        log = [line.plain for line in screen.history]
        assert log[-1] == "You take 6 cards: K♠ beats 2♦" and not any("ready" in line for line in log), log
        assert "Round 2" in screen_text(app) and "1000" not in screen_text(app)


async def test_a_war_names_the_tied_cards_in_the_log_the_bots_too(app_factory):
    from tests.rules.test_war import deal

    deck = deal("3s 4h Ks 5h", "3c 4d 2d Qh")  # 3♠ and 3♣ tie
    app = app_factory(GameSetup.solo(WAR, 2, seed=1, deck=deck))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        await pilot.pause()
        await pilot.press("enter")  # your 3♠ and the bot's 3♣
        await wait_for(pilot, lambda: screen.game.s.war_depth == 1)
        log = [line.plain for line in screen.history]
        assert any("War! Tied" in line and "3♣" in line and "3♠" in line for line in log), log
        await pilot.pause()
        footer = screen_text(app).splitlines()[-1]
        assert "Lay war cards" in footer and "Turn card" not in footer, footer  # as the prompt says


async def test_the_footer_keys_are_worked_out_again_only_when_a_war_begins_or_ends(app_factory, monkeypatch):
    from tests.rules.test_war import deal

    from cardarcade.ui.widgets.keybar import KeyBar

    deck = deal("5s 6s 3s 4h Ks 5h", "2c 3d 3c 4d 2d Qh")  # two rounds won, then 3♠ and 3♣ tie
    app = app_factory(GameSetup.solo(WAR, 2, seed=1, deck=deck))  # the bot never moves by itself
    worked_out = []
    changed = KeyBar._bindings_changed
    monkeypatch.setattr(KeyBar, "_bindings_changed", lambda bar, screen: worked_out.append(1) or changed(bar, screen))
    async with app.run_test(size=(80, 24)) as pilot:
        screen, game = app.screen, app.screen.game
        await pilot.pause()
        worked_out.clear()
        for _ in range(2):  # two plain rounds: the footer stays as it is
            for seat in list(game.actors()):
                screen._on_table(game.apply(seat, FLIP), seat)
            await pilot.pause()
        assert game.s.rounds == 2 and not worked_out
        for seat in list(game.actors()):  # the tie: enter now lays war cards
            screen._on_table(game.apply(seat, FLIP), seat)
        await pilot.pause()
        assert game.s.war_depth == 1 and worked_out
        footer = screen_text(app).splitlines()[-1]
        assert "Lay war cards" in footer and "Turn card" not in footer, footer
        for seat in list(game.actors()):  # the war cards and the K♠: the war ends
            screen._on_table(game.apply(seat, FLIP), seat)
        await pilot.pause()
        assert game.s.war_depth == 0
        footer = screen_text(app).splitlines()[-1]
        assert "Turn card" in footer and "Lay war cards" not in footer, footer


async def test_a_war_turn_draws_no_line_through_richs_console_and_only_new_log_lines_afresh(app_factory, monkeypatch):
    """What a turn changes on the table is drawn the cheap way (a headline, a seat's header, its
    row of cards: straight from Rich's wrap), and the prompts that come back each turn from the
    cache: what is rendered afresh is the log's new lines, and nothing else."""
    from textual.content import Content
    from textual.visual import RichVisual

    from tests.rules.test_war import deal

    deck = deal("5s 6s 7s 8s 9s Ts Js Qs", "2c 3d 4c 5d 6c 7d 8c 9d")  # eight rounds, no tie
    app = app_factory(GameSetup.solo(WAR, 2, seed=1, deck=deck))  # the bot never moves by itself
    rich_parts, rendered = [], []
    rich_render, content_render = RichVisual.render_strips, Content.render_strips
    monkeypatch.setattr(RichVisual, "render_strips", lambda v, *a: rich_parts.append(v) or rich_render(v, *a))
    monkeypatch.setattr(Content, "render_strips", lambda c, *a: rendered.append(c.plain) or content_render(c, *a))
    async with app.run_test(size=(80, 24)) as pilot:
        screen, game = app.screen, app.screen.game

        async def rounds(count: int) -> None:
            for _ in range(count):
                for seat in (0, 1):  # the person's card, a frame, the bot's, a frame
                    screen._on_table(game.apply(seat, FLIP), seat)
                    await pilot.pause()

        await pilot.pause()
        await rounds(2)  # every prompt and footer a plain round shows, drawn once
        rich_parts.clear()
        rendered.clear()
        logged = len(screen.history)
        await rounds(4)
        assert game.s.rounds == 6 and not game.s.war_depth
        assert not rich_parts
        new_lines = {line.plain for line in screen.history[logged:]}
        assert rendered and set(rendered) <= new_lines, set(rendered) - new_lines


def test_the_status_at_and_past_the_round_limit_never_counts_below_zero():
    # (at the end of a game stopped by the limit the round count stands one past it: it said
    # "Round 21: -1 more before the round limit")
    from cardarcade.ui.games.war import round_words

    assert round_words(19, 20) == "Round 19: 1 more before the round limit, then the most cards wins"
    assert round_words(20, 20) == "Round 20, the last: then the most cards wins"
    assert round_words(21, 20) == "Round 20, the last: then the most cards wins"
