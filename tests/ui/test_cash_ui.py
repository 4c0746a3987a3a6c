"""Cash played through the keys a person would press, solo and hot-seat."""

from __future__ import annotations

from ui_helpers import prompt, screen_text, wait_for

from cardarcade.rules import GAMES, Action
from cardarcade.seating import GameSetup
from cardarcade.ui.games.cash import CashScreen
from cardarcade.ui.screens.result import ResultScreen
from cardarcade.ui.games.turn import ChoiceScreen
from cardarcade.ui.textual_compat import notifications
from tests.rules.test_cash import CHOSEN, FOURS, cash_deck

CASH = GAMES["cash"]


def codes(cards) -> list[str]:
    return [c.code for c in cards]


async def test_solo_pick_a_signal_swap_with_two_keys_and_a_wrong_counter_cash_loses(
    app_factory, monkeypatch, still_bots
):
    # (still bots: a gesture straight after one's own swap looks like a signal, and a bot that
    # saw the tap below called Counter cash! first whenever the machine was slow to press enter)
    monkeypatch.setattr("cardarcade.ui.games.cash.STALE_BOARD", 0.3)  # (six seconds at a real table)
    setup = GameSetup.solo(CASH, 4, seed=1, options=CHOSEN, deck=cash_deck(FOURS, "Kc Kh Qd 3c"))
    app = app_factory(setup)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        assert isinstance(screen, CashScreen)
        await wait_for(pilot, lambda: "pick your side's secret signal" in screen_text(app))
        assert "z tap · x sip · c whistle · v wink" in screen_text(app)
        await pilot.press("1")  # not a gesture: nothing happens but a word on what to do
        assert "first pick a secret signal: z to v" in prompt(screen)
        await pilot.press("v")  # wink
        await wait_for(pilot, lambda: screen.game.view(0).signal == "wink")
        assert "your signal: wink" in screen_text(app), "alone, you see your own side's signal"
        screen.table.submit(1, Action("signal", value="tap"))  # the bots' side
        await wait_for(pilot, lambda: screen.game.view(0).board_up, tries=1000)
        await pilot.press("a")  # a board card first ...
        assert "Now a card of yours" in prompt(screen)
        await pilot.press("2")  # ... then the hand's second card: the K♣ for the 7♦
        await wait_for(pilot, lambda: "Kc" in codes(screen.game.view(0).hand))
        assert codes(screen.game.view(None).board)[0] == "7d"
        await pilot.press("z")  # a gesture (tap) shows on the player's own line for everyone to see
        await wait_for(pilot, lambda: "You A ✋ taps" in screen_text(app))
        # the board stands unchanged: the stock holder is told plainly that play waits for them
        await wait_for(pilot, lambda: "Nobody is swapping: You, ⏎ enter deals a new board" in screen_text(app))
        timed = len(app.memory.reactions("cash"))
        await pilot.press("enter")  # a new board: the stock passes on, and dealing is no reaction time
        await wait_for(pilot, lambda: screen.game.view(0).holder == 1)
        assert len(app.memory.reactions("cash")) == timed
        # nor anything the table times or adaptive bots learn from
        assert all(r.claim != "refresh" for r in screen.table.stats.reactions)
        await wait_for(pilot, lambda: screen.game.view(0).board_up, tries=1000)
        await pilot.press("backspace")  # Counter cash!, but no opponent holds four of a kind
        await wait_for(pilot, lambda: isinstance(app.screen, ResultScreen))
        assert screen.game.result.winners == [1, 3]


async def test_hotseat_opponents_pick_signals_in_turn_and_each_swaps_with_their_half(app_factory):
    setup = GameSetup.solo(CASH, 4, seed=1, humans=2, options=CHOSEN, deck=cash_deck(FOURS, "Kc Kh Qd 3c"))
    app = app_factory(setup)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = next(s for s in app.screen_stack if isinstance(s, CashScreen))
        # Each picks on a dialog over the table, which the other looks away from.
        await wait_for(pilot, lambda: isinstance(app.screen, ChoiceScreen))
        assert app.screen.title_text == "Player 1: pick your side's secret signal — Player 2, look away!"
        assert app.screen.labels[0] == "tap: taps the table (key z in play)"
        await pilot.press("1")
        await wait_for(
            pilot, lambda: isinstance(app.screen, ChoiceScreen) and app.screen.title_text.startswith("Player 2: pick")
        )
        assert app.screen.labels[1] == "sip: takes a sip (key , in play)"
        await pilot.press("escape")  # closed: the gesture keys still pick
        await wait_for(pilot, lambda: app.screen is screen)
        assert "Player 2: pick your side's secret signal — Player 1, look away!" in screen_text(app)
        await pilot.press("z")  # Player 1 has picked: their keys wait
        assert "Player 2 is picking a signal" in prompt(screen)
        assert "signal:" not in screen_text(app), "what Player 1 picked is never shown"
        await pilot.press("comma")
        await wait_for(pilot, lambda: screen.game.view(1).signal is not None)
        assert [screen.game.view(p).signal for p in (0, 1)] == ["tap", "sip"]
        await wait_for(pilot, lambda: screen.game.view(0).board_up, tries=1000)
        await pilot.press("s", "1")  # left half: hand card 2, board card 1
        await pilot.press("8", "j")  # right half: board card 2, hand card 2
        await wait_for(
            pilot, lambda: "Kc" in codes(screen.game.view(0).hand) and "Kh" in codes(screen.game.view(1).hand)
        )
        assert "g cash" in prompt(screen) and "; cash" in prompt(screen)
        now = screen.table.clock.now()
        screen.do_verb(1, "cash", now)  # the right player's Cash! arrives first ...
        screen.do_verb(0, "cash", now - 0.02)  # ... but the left player pressed 20 ms before
        await wait_for(pilot, lambda: screen.game.is_over)
        assert screen.game.result.winners == [1, 3], "Player 1's partner has no four of a kind"
        await wait_for(
            pilot, lambda: any("Player 1 called 20 ms before Player 2" in n.message for n in notifications(app))
        )


async def test_two_people_at_one_keyboard_are_partners_sitting_opposite(app_factory):
    app = app_factory(GameSetup.solo(CASH, 4, seed=2, humans=2))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = next(s for s in app.screen_stack if isinstance(s, CashScreen))
        await wait_for(pilot, lambda: isinstance(app.screen, ChoiceScreen))
        # partners pick their signal together: nobody at the keyboard is asked to look away
        assert app.screen.title_text == "Player 1: pick your side's secret signal"
        assert "Player 1 & Player 2 (A) v Bot 1 & Bot 2 (B)" in screen.partners_line()
        # the panels go round the table: the partners are first and third, opposite each other
        assert [w.id for w in screen.query_one("#seats").children] == ["seat-0", "seat-2", "seat-1", "seat-3"]


async def test_the_setup_says_whose_hands_the_people_at_one_keyboard_see(app_factory):
    from cardarcade.ui.widgets.dropdown import DropDown

    from cardarcade.ui.screens.setup import SetupScreen

    for game, said in (("speed", ""), ("spoons", ""), ("cash", "So the people here are partners")):
        app = app_factory()
        async with app.run_test(size=(80, 24)) as pilot:
            app.push_screen(SetupScreen(GAMES[game]))
            await pilot.pause()
            screen = app.screen
            note = screen.query_one("#keyboard-note")
            assert not note.display, "alone at the keyboard: nothing to say"
            screen.query_one("#seat-1", DropDown).value = "human"
            await pilot.pause()
            assert note.display and "every person's hand shows on the screen" in str(note.render())
            assert said in str(note.render())
            if game == "cash":
                screen.query_one("#opt-partners", DropDown).value = "drawn"
                await pilot.pause()
                assert "may be opponents who see each other's cards" in str(note.render())


async def test_the_title_says_the_name_chosen_for_the_game(app_factory):
    for name, title in (("kemps", "Kemps"), ("kent", "Kent"), ("cash", "Cash")):
        setup = GameSetup.solo(CASH, 4, seed=1, options={**CHOSEN, "name": name}, deck=cash_deck(FOURS, "Kc Kh Qd 3c"))
        app = app_factory(setup)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            first = screen_text(app).split("\n")[0]
            assert first.startswith(f" {title}  ") and "(Kemps)" not in first, first


async def test_the_revealed_hands_show_whole_in_the_log_at_80_columns(app_factory):
    from cardarcade.cards import cards
    from cardarcade.rules.base import Event

    app = app_factory(GameSetup.solo(CASH, 8, seed=1))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = next(s for s in app.screen_stack if isinstance(s, CashScreen))
        screen.add_log(screen.words(Event("reveal", None, "", data={"hands": [cards("10c 10d 10h 10s")] * 8})))
        screen.refresh_all()
        shown = [line.plain for line in screen.log_lines]
        assert shown[0].startswith("Hands: You 10♣") and not [line for line in shown if "…" in line]
        for name in screen.names:
            assert any(f"{name} 10♣ 10♦ 10♥ 10♠" in line for line in shown), name
