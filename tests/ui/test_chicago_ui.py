"""Chicago played by keys at 80x24: marking and discarding, standing pat, declaring through the
list of types, playing a trick; and a hot-seat game played to the end behind covers."""

from __future__ import annotations

from ui_helpers import hot_seat_turns, play_first_playable, prompt, screen_text, text_of, wait_for

from cardarcade.cards import Card
from cardarcade.rules import GAMES
from cardarcade.rules.base import Action
from cardarcade.rules.chicago import PASS, deck_for
from cardarcade.seating import GameSetup
from cardarcade.ui.games.chicago import ChicagoScreen
from cardarcade.ui.screens.result import ResultScreen
from cardarcade.ui.games.turn import ChoiceScreen

SPEC = GAMES["chicago"]
C = Card.parse
STAND = Action("draw", ())


def history(screen) -> str:
    return "\n".join(line.plain for line in screen.history)


async def test_discard_by_marking_declare_from_the_list_and_play_a_card(app_factory):
    deck = deck_for("7s 7h 7d Ac 3s", "Kh Qd 9s 6c 2h")
    setup = GameSetup.solo(SPEC, 2, seed=1, level="easy", deck=deck)
    app = app_factory(setup)  # the bots never move by themselves: the test moves for them
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        game = screen.game
        assert isinstance(screen, ChicagoScreen)
        assert "Draw 1 of 3" in prompt(screen) and "s stand pat" in prompt(screen)
        await pilot.press("enter")  # nothing marked: says how
        await pilot.pause()
        assert len(game.s.hands[0]) == 5 and game.s.asking == 0
        hand = screen.hand_cards()  # sorted spades, diamonds, clubs, hearts
        target = hand.index(C("3s"))
        await pilot.press("home", *(["right"] * target), "space", "enter")
        await pilot.pause()
        assert C("3s") not in game.s.hands[0] and len(game.s.hands[0]) == 5
        assert "You draw 1 card" in history(screen)
        game.apply(1, STAND)
        screen.refresh_all()
        await pilot.pause()
        assert "Showdown" in prompt(screen) and "d declare" in prompt(screen)
        await pilot.press("d")
        await pilot.pause()
        assert isinstance(app.screen, ChoiceScreen)
        await pilot.press("3")  # the third type in the list: three of a kind
        await wait_for(pilot, lambda: game.s.declarations)
        assert game.s.declarations[0].kind == 3
        game.apply(1, PASS)
        screen.refresh_all()
        await pilot.pause()
        assert game.s.scores[0] == 3 and "3 pts" in screen_text(app)
        while game.s.phase != "play":  # the rest of the draws and the showdown, quickly
            seat = game.actors()[0]
            game.apply(seat, STAND if game.s.phase == "draw" else PASS)
        screen.refresh_all()
        await pilot.pause()
        assert "Your lead" in prompt(screen)
        await pilot.press("enter")
        await pilot.pause()
        assert len(game.s.log) == 1


async def test_hot_seat_two_players_play_the_game_out_behind_covers(app_factory):
    setup = GameSetup.solo(SPEC, 2, seed=3, humans=2, options={"target": 10})
    app = app_factory(setup)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = next(s for s in app.screen_stack if isinstance(s, ChicagoScreen))
        async for seat in hot_seat_turns(pilot, screen, 200):
            game = screen.game
            assert screen.view.hand == game.s.hands[seat] and game.actors()[0] == seat
            moves = game.s.actions
            if game.s.phase == "draw":
                await pilot.press("s")
            elif game.s.phase == "declare":
                await pilot.press("p")
            else:
                await play_first_playable(pilot, screen)
            await pilot.pause()
            assert game.s.actions == moves + 1 or game.is_over
        assert screen.game.is_over and "points" in screen.game.result.reason


async def test_discard_marks_end_with_the_discard(app_factory):
    # Issue 26.8: the marks stayed under the cards drawn into their places while the bots drew.
    setup = GameSetup.solo(SPEC, 2, seed=1, level="easy", deck=deck_for("7s 7h 7d Ac 3s", "Kh Qd 9s 6c 2h"))
    app = app_factory(setup)  # the bot does not draw by itself: the marks would still be showing
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        game = screen.game
        await pilot.press("home", "space", "right", "space", "enter")  # the first two cards
        await pilot.pause()
        assert len(game.s.hands[0]) == 5 and game.s.asking == 1
        shown = text_of(screen._shown["hand"])
        assert "●" not in shown and not {"1", "2"} & set(shown.split()), shown


async def test_a_forfeit_says_who_forfeited_and_who_won(app_factory):
    # Issue 26.5: a forfeit with the others level at 0 was shown as "A draw", the forfeiter first at 5
    deck = deck_for("Kh Kd 9s 6c 2h", "7s 7h 7d Ac 3s", "Qh Jd 8s 5c 4h")
    app = app_factory(GameSetup.solo(SPEC, 3, seed=1, level="easy", deck=deck))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        game = screen.game
        for seat in (0, 1, 2):
            game.apply(seat, STAND)
        game.apply(0, Action("declare", value=5))  # a flush: a bluff
        game.apply(1, PASS)
        game.apply(2, PASS)
        screen.refresh_all()
        await pilot.pause()
        target = screen.hand_cards().index(C("2h"))
        await pilot.press("home", *(["right"] * target), "space", "enter")  # breaking the "flush" shows it
        await wait_for(pilot, lambda: isinstance(app.screen, ResultScreen))
        text = screen_text(app)
        assert "A draw" not in text and "Bot 1 and Bot 2 win" in text
        assert "you declared a flush, could not prove it, and so forfeited the game" in " ".join(text.split())
        row = next(line for line in text.splitlines() if line.strip().startswith("You "))
        assert row.split()[-1] == "lost"


# a pair for you against nothing, at the first showdown
PAIR_AGAINST_NOTHING = deck_for("Kh Kd 9s 6c 2h", "7s 8h 10d Ac 3s")


async def at_the_first_showdown(app, pilot):
    """Both stand pat in the first draw: your declaration is asked for."""
    screen = app.screen
    for seat in (0, 1):
        screen.game.apply(seat, STAND)
    screen.refresh_all()
    await pilot.pause()
    return screen, screen.game


async def test_the_declare_list_shows_the_hand_and_asks_once_before_a_claim_it_does_not_hold(app_factory):
    # Issue 26.7: pressing 9 while holding a pair forfeited the game at the next discard
    app = app_factory(GameSetup.solo(SPEC, 2, seed=1, level="easy", deck=PAIR_AGAINST_NOTHING))
    async with app.run_test(size=(80, 24)) as pilot:
        screen, game = await at_the_first_showdown(app, pilot)
        await pilot.press("d")
        await wait_for(pilot, lambda: isinstance(app.screen, ChoiceScreen))
        text = screen_text(app)
        assert "Yours holds one pair now" in text and "One pair (1 point) — in your hand" in text
        assert "9. A royal flush (52 points)" in text and "royal flush (52 points) — in your hand" not in text
        await pilot.press("9")  # a royal flush: not in the hand
        await wait_for(pilot, lambda: isinstance(app.screen, ChoiceScreen) and "does not hold" in screen_text(app))
        assert not game.s.declarations
        assert "A claim you cannot prove when the hand is shown forfeits the game" in app.screen.title_text
        await pilot.press("2")  # back to the list, and the pair this time: no question
        await wait_for(pilot, lambda: isinstance(app.screen, ChoiceScreen) and "Yours holds" in screen_text(app))
        await pilot.press("1")
        await wait_for(pilot, lambda: game.s.declarations)
        assert game.s.declarations[0].kind == 1 and isinstance(app.screen, ChicagoScreen)


async def test_a_bluff_is_declared_after_saying_so_once(app_factory):
    app = app_factory(GameSetup.solo(SPEC, 2, seed=1, level="easy", deck=PAIR_AGAINST_NOTHING))
    async with app.run_test(size=(80, 24)) as pilot:
        screen, game = await at_the_first_showdown(app, pilot)
        await pilot.press("d", "5")  # a flush
        await wait_for(pilot, lambda: isinstance(app.screen, ChoiceScreen) and "does not hold" in screen_text(app))
        await pilot.press("1")  # declare it all the same
        await wait_for(pilot, lambda: game.s.declarations)
        assert game.s.declarations[0].kind == 5
