"""Salute the King played through the keys a person would press."""

from __future__ import annotations

from cardarcade.cards import Card
from cardarcade.rules import GAMES
from cardarcade.seating import GameSetup, Seat
from cardarcade.ui.games.salute_the_king import SaluteTheKingScreen, TriggerPicker
from ui_helpers import deck_starting, screen_text, wait_for

SPEC = GAMES["salute-the-king"]
QUIET = ("4", "6", "8", "9", "10")


def stacked(text: str) -> list[Card]:
    """A full pack whose first cards are ``text``: with nothing collected, the cards are turned in
    this order (seat 0 first). Quiet cards follow, so no stray trigger turns up."""
    return deck_starting(text, rest_key=lambda c: c.rank.label not in QUIET)


async def test_enter_turns_a_card_and_the_screen_shows_the_trigger_table(app_factory):
    setup = GameSetup.solo(SPEC, 4, seed=1, deck=stacked("4c 6c"), level="easy")
    app = app_factory(setup)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        assert isinstance(screen, SaluteTheKingScreen)
        await pilot.press("enter")
        await wait_for(pilot, lambda: screen.game.stimulus == 1)
        text = screen_text(app)
        assert "1 stand up ← A" in text and "2 salute ← K" in text and "4 applaud ← J" in text
        assert "You turn up 4♣" in text and "Bot 1 turns next" in text
        before = screen.game.to_json()
        await pilot.press("enter")  # not your turn: nothing happens, a short note
        assert screen.game.to_json() == before
        assert "not now" in str(screen.query_one("#prompt").render())


async def test_a_gesture_before_any_card_is_refused(app_factory):
    app = app_factory(GameSetup.solo(SPEC, 3, seed=1))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        before = screen.game.to_json()
        await pilot.press("2", "x", "space")
        await pilot.pause(0.1)
        assert screen.game.to_json() == before and not screen.flash


async def test_a_right_gesture_in_time_leaves_someone_else_to_take_the_pile(app_factory):
    # Two people and two bots: Player 1 turns a king and salutes; Player 2 does nothing, so once
    # the bots have saluted too, Player 2 is the last (however slowly the keys arrive).
    setup = GameSetup.solo(SPEC, 4, seed=1, humans=2, deck=stacked("Kd 4c"), level="easy")
    app = app_factory(setup)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        await pilot.press("w", "x")
        await wait_for(pilot, lambda: screen.game.view(0).last is not None)
        last = screen.game.view(0).last
        assert 0 in last.done and last.collector == 1
        assert screen.game.view(0).counts[:2] == [12, 14]
        assert "✓" in screen_text(app).splitlines()[3].split("│")[1]  # on Player 1's panel
        assert app.memory.reactions(SPEC.id), "the gesture's reaction time is recorded"


async def test_the_last_player_to_gesture_collects_the_pile(app_factory):
    setup = GameSetup.solo(SPEC, 4, seed=1, deck=stacked("Jd 4c"), level="expert")
    app = app_factory(setup)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        await pilot.press("enter")  # you turn a jack and do not applaud: the bots all do
        await wait_for(pilot, lambda: screen.game.view(0).last is not None)
        assert screen.game.view(0).last.collector == 0 and screen.game.view(0).counts[0] == 13
        text = screen_text(app)
        assert "You are the last to applaud and take 1 card" in text
        assert "takes 1" in text and "✓ 1st" in text


async def test_a_wrong_gesture_counts_as_not_acting(app_factory):
    # Player 1 turns a queen and salutes (wrong), then tries the right key: too late, it is final.
    # Player 2 and the bot bow: Player 1 counts as not having acted and takes the pile.
    setup = GameSetup.solo(SPEC, 3, seed=1, humans=2, deck=stacked("Qd 4c"), level="expert")
    app = app_factory(setup)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        await pilot.press("w", "x")
        await wait_for(pilot, lambda: screen.game.s.open is not None and 0 in screen.game.s.open.failed)
        assert "✗ wrong" in screen_text(app)
        await pilot.press("c", "full_stop")
        await wait_for(pilot, lambda: screen.game.view(0).last is not None)
        last = screen.game.view(0).last
        assert last.failed == [0] and last.collector == 0 and 0 not in last.done
        assert screen.game.view(0).counts == [18, 17, 17]


async def test_hotseat_second_players_key_wins_the_race(app_factory):
    # Player 1 turns a king; the bot salutes; then both people salute within one arbitration
    # window, Player 2 (right hand, ",") pressing first: Player 1 is last and takes the pile.
    setup = GameSetup.solo(SPEC, 3, seed=1, humans=2, deck=stacked("Kd 4c"), level="expert")
    app = app_factory(setup)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        assert screen.keymap.lookup("x") == (0, "gesture2") and screen.keymap.lookup("comma") == (1, "gesture2")
        prompt = str(screen.query_one("#prompt").render())
        assert "Player 1: w turn · z x c v gestures" in prompt and "Player 2: o turn · m , . / gestures" in prompt
        assert "z|m stand up" in screen_text(app)
        await pilot.press("w")
        await wait_for(pilot, lambda: screen.game.s.open is not None and screen.game.s.open.done == [2])
        await pilot.press("comma", "x")
        await wait_for(pilot, lambda: screen.game.view(None).last is not None)
        last = screen.game.view(None).last
        assert last.done == [2, 1] and last.collector == 0
        assert screen.game.view(None).counts == [18, 17, 17]


async def test_hotseat_both_halves_reach_every_gesture(app_factory):
    setup = GameSetup.solo(SPEC, 3, seed=1, humans=2)
    app = app_factory(setup)
    async with app.run_test(size=(80, 24)):
        keymap = app.screen.keymap
        for seat, keys in ((0, "w z x c v"), (1, "o m comma full_stop slash")):
            verbs = [keymap.lookup(k) for k in keys.split()]
            assert verbs == [(seat, v) for v in ("flip", "gesture1", "gesture2", "gesture3", "gesture4")]


async def test_a_human_dealer_picks_the_triggers_from_a_list(app_factory):
    seats = (Seat("Bot 1", "bot", "medium"), Seat("Bot 2", "bot", "medium"), Seat("You"))
    options = {"dealer_chooses": True, "pip_target": 21, "prime_gesture": 2}
    setup = GameSetup(SPEC, seats, SPEC.parse_options(options), 4)
    app = app_factory(setup)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = next(s for s in app.screen_stack if isinstance(s, SaluteTheKingScreen))
        await wait_for(pilot, lambda: isinstance(app.screen, TriggerPicker))
        await wait_for(pilot, lambda: "which card calls for “stand up”" in screen_text(app))
        await pilot.press("down", "enter")  # the king for standing up
        await wait_for(pilot, lambda: screen.game.s.triggers[0] == "K")
        for gesture in ("salute", "hand on heart", "applaud"):
            await wait_for(pilot, lambda: isinstance(app.screen, TriggerPicker))
            await wait_for(pilot, lambda: f"which card calls for “{gesture}”" in screen_text(app))
            await pilot.press("enter")  # the first card left each time
        await wait_for(pilot, lambda: not screen.game.s.choosing)
        assert screen.game.s.triggers == ["K", "A", "Q", "J"]
        await wait_for(pilot, lambda: app.screen is screen)
        assert "1 stand up ← K" in screen_text(app)


async def test_the_dealer_may_put_the_picker_away_and_come_back_to_it(app_factory):
    seats = (Seat("Bot 1", "bot", "medium"), Seat("Bot 2", "bot", "medium"), Seat("You"))
    setup = GameSetup(SPEC, seats, SPEC.parse_options({"dealer_chooses": True}), 4)
    app = app_factory(setup)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = next(s for s in app.screen_stack if isinstance(s, SaluteTheKingScreen))
        await wait_for(pilot, lambda: isinstance(app.screen, TriggerPicker))
        await pilot.press("escape")
        await wait_for(pilot, lambda: app.screen is screen)
        assert "press ⏎ enter to pick the trigger cards" in str(screen.query_one("#prompt").render())
        await wait_for(pilot, lambda: "You deal and pick the four trigger cards" in screen_text(app))
        assert screen.game.s.choosing
        await pilot.press("enter")
        await wait_for(pilot, lambda: isinstance(app.screen, TriggerPicker))
        await pilot.press("enter")
        await wait_for(pilot, lambda: screen.game.s.triggers[0] == "A")


async def test_you_answer_before_you_turn_the_next_card(app_factory):
    setup = GameSetup.solo(SPEC, 3, seed=1, humans=2, deck=stacked("Kd 6c"), level="expert")
    app = app_factory(setup)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        await pilot.press("w")  # Player 1 turns the king; it is Player 2's turn next
        await wait_for(pilot, lambda: screen.game.s.open is not None and screen.game.s.open.done == [2])
        await pilot.press("o")
        await wait_for(pilot, lambda: "Player 2: make your gesture first" in str(screen.query_one("#prompt").render()))
        assert screen.game.stimulus == 1
        await pilot.press("comma")  # Player 2 salutes
        await wait_for(pilot, lambda: screen.game.view(0).last is not None)  # after the bot: Player 1 is last
        assert screen.game.view(0).last.collector == 0
        await pilot.press("o")
        await wait_for(pilot, lambda: screen.game.stimulus == 2)


async def test_a_player_yet_to_answer_a_trigger_is_marked_not_yet_in_words(app_factory):
    app = app_factory(GameSetup.solo(SPEC, 3, seed=1, humans=3, deck=stacked("Kd 4c")))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        await pilot.press("w")  # Player 1's king: everyone has to salute
        await wait_for(pilot, lambda: screen.game.stimulus == 1)
        await pilot.pause()
        panels = screen_text(app).splitlines()[2:5]
        assert "not yet" in "".join(panels) and "…" not in "".join(panels), panels
