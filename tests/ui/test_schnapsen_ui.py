"""Schnapsen played by keys at 80x24: playing with the cursor, a marriage, the exchange,
closing and the strict rules explained, declaring 66, no running totals unless the house rule
asks, and a hot-seat hand played out behind covers."""

from __future__ import annotations

from ui_helpers import hot_seat_turns, play_first_playable, prompt, screen_text

from cardarcade.cards import Card, cards
from cardarcade.rules import GAMES
from cardarcade.rules._tricks import play
from cardarcade.rules.schnapsen import deck_for
from cardarcade.seating import GameSetup
from cardarcade.ui.games.schnapsen import SchnapsenScreen

SPEC = GAMES["schnapsen"]
C = Card.parse


def solo(
    h0: str = "Kh Qh Ah Jc Js",
    h1: str = "As 10s Ks Jh Qd",
    up: str = "Qc",
    stock: str = "Ac 10c Kc Qs Ad 10d Kd Jd 10h",
    **kw,
) -> GameSetup:
    return GameSetup.solo(SPEC, 2, seed=1, level="easy", deck=deck_for(h0, h1, up, stock), **kw)


async def test_a_marriage_by_m_then_the_exchange_and_no_running_totals(app_factory):
    app = app_factory(solo())
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        assert isinstance(screen, SchnapsenScreen)
        game = screen.game
        text = screen_text(app)
        assert "Hand 1 · trumps ♣ · match to 7" in text and "Stock open: any card may be played" in text
        assert "in hand" not in text  # nobody's points are totalled
        # spades, diamonds, clubs, hearts; low to high: J♠ J♣ Q♥ K♥ A♥
        assert screen.hand_cards() == cards("Js Jc Qh Kh Ah")
        await pilot.press("x")  # the J♣ in hand, but no trick won yet: the key says which rule waits
        assert prompt(screen).startswith("x exchange the trump jack: only on your lead after winning a trick")
        await pilot.press("o")
        assert prompt(screen).startswith("o declare 66: only right after you win a trick")
        assert len(game.s.log) == 0 and game.s.upcard == C("Qc")
        await pilot.press("right", "right", "right")  # the K♥
        assert "m marriage, lead the K♥" in prompt(screen)
        await pilot.press("m")
        await pilot.pause()
        assert game.s.log == cards("Kh") and game.s.marriages[0].points == 20
        assert "You show the marriage K♥ Q♥ (20)" in "\n".join(line.plain for line in screen.history)
        game.apply(1, play(C("Jh")))  # the bot plays (it never moves by itself here)
        screen.refresh_all()
        await pilot.pause()
        assert game.s.melds[0] == 20 and "K♥Q♥ 20" in screen_text(app)
        assert "x exchange for the Q♣" in prompt(screen)
        await pilot.press("x")
        await pilot.pause()
        assert game.s.upcard == C("Jc") and C("Qc") in game.s.hands[0]
        await pilot.press("o")  # 20 + 4 + 2: far short of 66, but declaring is the player's call
        await pilot.pause()
        assert game.s.scores == [0, 3]  # the bot won no trick: three game points for it
        assert "You declare 66" in "\n".join(line.plain for line in screen.history)


async def test_closing_then_the_strict_rules_refuse_a_card_with_the_reason(app_factory):
    app = app_factory(solo(h0="Kh Qs Ah Jc Js", h1="As 10s Ks Jh Qd", stock="Ac 10c Kc Qh Ad 10d Kd Jd 10h"))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        game = screen.game
        await pilot.press("c")
        await pilot.pause()
        assert game.s.closed_by == 0 and "CLOSED" in screen_text(app)
        assert "Strict: follow, beat it, else trump" in screen_text(app)
        await pilot.press("home", "enter")  # the J♠ (sorted first)
        await pilot.pause()
        game.apply(1, play(C("As")))
        game.apply(1, play(C("Jh")))  # the bot leads a heart
        screen.refresh_all()
        await pilot.pause()
        await pilot.press("home", "enter")  # the Q♠: not a heart
        await pilot.pause()
        assert "Strict rules: follow suit, and win the trick if you can" in prompt(screen)
        assert len(game.s.trick) == 1
        await pilot.press("end", "enter")  # the A♥
        await pilot.pause()
        assert game.s.last_winner == 0


async def test_the_house_rule_shows_the_running_points(app_factory):
    app = app_factory(solo(options={"show_points": True}))
    async with app.run_test(size=(80, 24)):
        assert "0 in hand" in screen_text(app)


async def test_hot_seat_plays_a_hand_out_behind_covers(app_factory):
    setup = GameSetup.solo(SPEC, 2, seed=4, humans=2, options={"target": 1})
    app = app_factory(setup)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = next(s for s in app.screen_stack if isinstance(s, SchnapsenScreen))
        async for _ in hot_seat_turns(pilot, screen, 40):
            if screen.view.final:
                await pilot.press("p")
                await pilot.pause()
            else:
                await play_first_playable(pilot, screen)
        assert screen.game.is_over and sum(screen.game.s.scores) >= 1


async def test_the_declaration_that_ends_the_match_leaves_no_move_in_the_footer(app_factory):
    app = app_factory(solo(options={"target": 1}))
    async with app.run_test(size=(80, 24)) as pilot:
        app.settings.result_delay = 1000  # (the result stays away while the board is read)
        screen = app.screen
        await pilot.press("right", "right", "right", "m")  # the marriage K♥ Q♥, leading the K♥
        await pilot.pause()
        screen.game.apply(1, play(C("Jh")))
        screen.refresh_all()
        await pilot.pause()
        assert "⏎ Play" in screen_text(app)
        await pilot.press("o")  # declare: the bot scores 3 and wins the match to 1
        await pilot.pause()
        assert screen.game.is_over and app.screen is screen
        footer = screen_text(app).split("\n")[-1]
        assert "Play" not in footer and "Move" not in footer and "Rules" in footer, footer
        assert prompt(screen) == "Game over."
