"""Egyptian Ratscrew played through the keys a person would press."""

from __future__ import annotations

from cardarcade.cards import cards
from cardarcade.rules import GAMES
from cardarcade.seating import GameSetup
from cardarcade.ui.games.egyptian_ratscrew import EgyptianRatscrewScreen
from ui_helpers import advance_until, deck_starting, make_clocked_app, text_of, wait_for

SPEC = GAMES["egyptian-ratscrew"]


# Number cards after the named ones, spread over the ranks, so no stray face card or pattern turns up.
SPREAD = [2, 5, 8, 3, 6, 9, 4, 7, 10, 11, 12, 13, 14]


def stacked(text: str) -> list:
    """A full pack whose first cards are ``text`` (dealt round robin from seat 0), then number cards."""
    return deck_starting(text, rest_key=lambda c: (c.rank > 10, c.suit.value, SPREAD.index(c.rank)))


def screen_text(screen) -> str:
    """The centre and the seat panels as plain text, drawn from the screen's current view."""
    seats = [screen.render_seat(seat) for seat in range(screen.game.players)]
    return "".join(text_of(r) for r in [screen.render_center(), *seats])


async def test_play_by_keys_against_bots(app_factory):
    setup = GameSetup.solo(SPEC, 3, seed=4, level="expert", deck=stacked("2c 5d 8h 3c 6d 9h 4c 7d 10h"))
    app = app_factory(setup, pace=0.03)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        assert isinstance(screen, EgyptianRatscrewScreen)
        assert "Your turn: enter turns your card" in str(screen.query_one("#prompt").render())
        for turn in range(3):
            await wait_for(pilot, lambda: screen.game.s.turn == 0)
            await pilot.press("enter")
            await wait_for(pilot, lambda: screen.game.stimulus >= 3 * turn + 1)
        await wait_for(pilot, lambda: screen.game.stimulus >= 9)
        assert screen.game.s.pile_by[:9] == [0, 1, 2] * 3 and not any(screen.game.s.pile_dead)
        assert sum("You turn up" in line.plain for line in screen.log_lines) >= 1
        assert "9 in the pile" in screen_text(screen)


async def test_pair_slap_wins_the_pile(app_factory):
    setup = GameSetup.solo(SPEC, 2, seed=1, level="easy", deck=stacked("5s 5h"))
    app = app_factory(setup, pace=0.05)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        await pilot.press("enter")
        await wait_for(pilot, lambda: screen.game.stimulus == 2)
        await pilot.press("space")
        await wait_for(pilot, lambda: screen.game.view(0).pile_size == 0)
        assert screen.game.view(0).counts == [27, 25]
        assert any("You slap the pair of 5s and take 2 cards" in line.plain for line in screen.log_lines)
        assert app.memory.reactions(SPEC.id), "the slap's reaction time is recorded"


async def test_false_slap_pays_a_penalty_card(app_factory):
    setup = GameSetup.solo(SPEC, 2, seed=1, level="easy", deck=stacked("5s 2h"))
    app = app_factory(setup)  # the bot never moves
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        await pilot.press("enter")
        await pilot.pause(0.05)
        await pilot.press("space")
        await wait_for(pilot, lambda: screen.game.view(0).counts[0] == 24)
        view = screen.game.view(0)
        assert view.pile_size == 2 and view.recent == cards("5s")  # the penalty lies face down under the pile
        assert any("pay a card under the pile" in line.plain for line in screen.log_lines)


def _choice_setup() -> GameSetup:
    # You turn the 3♣, Bot 1 a king at Bot 2, who holds one card: then it is your choice.
    return GameSetup.solo(SPEC, 3, seed=1, level="expert", deck=stacked("3c Kd 2h"))


async def _reach_the_choice(pilot, screen) -> None:
    s = screen.game.s
    s.stacks[0].extend(s.stacks[2][1:])  # Bot 2 is down to one card
    del s.stacks[2][1:]
    await pilot.press("enter")
    # (on a clock the test moves: the bots wait while the test looks, however busy the machine)
    await advance_until(pilot, lambda: s.choice and s.turn == 0)


async def test_the_continue_or_decline_choice_declined():
    app = make_clocked_app(_choice_setup(), pace=0.05)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        await _reach_the_choice(pilot, screen)
        await wait_for(
            pilot,
            lambda: (
                "enter goes on with the challenge (2 cards) · n declines" in str(screen.query_one("#prompt").render())
            ),
        )
        assert "You: go on with the challenge (2 cards for Bot 1's king) or decline it?" in screen_text(screen)
        await pilot.press("n")
        await advance_until(
            pilot, lambda: any("Bot 1 takes the pile: 3 cards" in line.plain for line in screen.log_lines)
        )
        assert any("You decline the challenge" in line.plain for line in screen.log_lines)
        assert screen.game.s.stacks[1][-3:] == cards("3c Kd 2h")


async def test_the_continue_or_decline_choice_continued():
    app = make_clocked_app(_choice_setup(), pace=0.05)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        await _reach_the_choice(pilot, screen)
        held = screen.game.view(0).counts[0]
        await pilot.press("enter")  # go on: turn a card for the king
        await advance_until(pilot, lambda: screen.game.stimulus == 4)
        s = screen.game.s
        assert not s.choice and s.need == 1 and s.turn == 0 and s.pile_by[-1] == 0 and not s.pile_dead[-1]
        assert screen.game.view(0).counts[0] == held - 1
        assert "You must turn 1 more card for Bot 1's king" in screen_text(screen)


async def test_hotseat_second_players_key_wins_the_race(app_factory):
    setup = GameSetup.solo(SPEC, 2, seed=1, humans=2, deck=stacked("5s 5h"))
    app = app_factory(setup)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        assert screen.keymap.lookup("w") == (0, "flip") and screen.keymap.lookup("o") == (1, "flip")
        assert screen.keymap.lookup("s") == (0, "react") and screen.keymap.lookup("l") == (1, "react")
        assert screen.keymap.lookup("d") == (0, "decline") and screen.keymap.lookup("j") == (1, "decline")
        prompt = str(screen.query_one("#prompt").render())
        assert "Player 1: w turn · s slap · d decline" in prompt and "Player 2: o turn · l slap · j decline" in prompt
        await pilot.press("w", "o")
        await pilot.press("l", "s")
        await wait_for(pilot, lambda: screen.game.view(None).pile_size == 0)
        assert screen.game.view(None).counts == [25, 27]
        assert any("Player 2 slaps the pair of 5s" in line.plain for line in screen.log_lines)


async def test_hotseat_takes_a_won_pile_with_the_turn_key(app_factory):
    setup = GameSetup.solo(SPEC, 2, seed=1, humans=2, deck=stacked("Js 2h"))
    app = app_factory(setup)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        await pilot.press("w", "o")
        await wait_for(pilot, lambda: screen.game.s.award == 0)
        assert "Player 1 won the challenge" in screen_text(screen)
        await pilot.press("w")
        await wait_for(pilot, lambda: screen.game.view(None).pile_size == 0)
        assert screen.game.view(None).counts == [27, 25] and screen.game.s.turn == 0


async def test_wrong_keys_change_nothing(app_factory):
    app = app_factory(GameSetup.solo(SPEC, 3, seed=1))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        before = screen.game.to_json()
        await pilot.press("x", "z", "7", "n", "left", "tab")
        assert screen.game.to_json() == before
        assert "not now" in str(screen.query_one("#prompt").render())


async def test_a_card_turned_out_of_turn_is_marked_dead(app_factory):
    setup = GameSetup.solo(SPEC, 2, seed=1, humans=2, deck=stacked("Kh 5c 9d"))
    app = app_factory(setup)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        await pilot.press("w", "o", "w")  # Player 1's king; Player 2 answers; Player 1 turns out of turn
        await wait_for(pilot, lambda: screen.game.stimulus == 3)
        text = screen_text(screen)
        assert "dead" in text and "top card from Player 1 (dead)" in text
        assert "Player 2 must turn 2 more cards for Player 1's king" in text
        assert screen.game.s.need == 2 and screen.game.s.turn == 1


async def test_out_of_cards_but_free_to_slap_in_a_person_may_let_the_bots_finish_fast(app_factory):
    from cardarcade.ui.games._prompt import FAST_PACE
    from ui_helpers import prompt
    from ui_helpers import screen_text as whole_screen

    app = app_factory(GameSetup.solo(SPEC, 3, seed=4))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        s = screen.game.s
        assert "Turn / take" in whole_screen(app).splitlines()[-1], "your turn: the footer offers the key"
        s.stacks[1].extend(s.stacks[0])  # you have lost your cards; the two bots play on
        s.stacks[0].clear()
        s.turn = 1
        screen.refresh_all()
        await pilot.pause()
        assert screen.game.may_slap(0) and not screen.game.is_out(0), "out: may slap in"
        assert prompt(screen) == "You are out: space slaps in · > lets the bots finish fast"
        footer = whole_screen(app).splitlines()[-1]
        assert "Bots finish fast" in footer and "Turn / take" not in footer
        await pilot.press("greater_than_sign")
        assert screen.table.pace == FAST_PACE
        assert prompt(screen) == "You are out: space slaps in · the bots are finishing fast"
        s.stacks[0].append(s.stacks[1].pop())  # slapped back in: play at the person's pace again
        screen.refresh_all()
        assert screen.table.pace == app.settings.pace
