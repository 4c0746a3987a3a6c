"""Machiavelli played by keys at 80x24: a meld, a rearrangement of the table that wins, undo, a
draw that asks before it throws the turn's moves away, the penalty for a table that is not all
melds, and a hot-seat game where each person sees what changed since their last turn."""

from __future__ import annotations


from cardarcade.cards import Card, cards, double_deck
from cardarcade.rules import GAMES
from cardarcade.rules.machiavelli import DRAW, END, arrange
from cardarcade.seating import GameSetup
from cardarcade.ui.games.machiavelli import MachiavelliScreen
from cardarcade.ui.games.turn import ChoiceScreen
from ui_helpers import pass_cover, prompt, screen_text, unreadable_suits, wait_for

SPEC = GAMES["machiavelli"]
C = Card.parse


def deck(*hands: str, stock: str = "") -> list[Card]:
    dealt = [cards(h) for h in hands]
    order = [dealt[p][i] for i in range(len(dealt[0])) for p in range(len(dealt))] + cards(stock)
    return order + [c for c in double_deck() if c not in set(order)]


def setup(*hands: str, humans: int = 1, stock: str = "") -> GameSetup:
    return GameSetup.solo(
        SPEC,
        len(hands),
        seed=1,
        level="medium",
        humans=humans,
        options={"hand_size": len(hands[0].split())},
        deck=deck(*hands, stock=stock),
    )


def hand_ranks(app) -> str:
    """The ranks along the top of the hand drawn as cards ('4 5 6'), read off the screen."""
    rows = screen_text(app).split("\n")
    top = next(n for n, row in enumerate(rows) if "╭" in row)
    return " ".join(rows[top + 1].replace("│", " ").split())


def groups(screen: MachiavelliScreen) -> list[list[str]]:
    return [[c.code for c in g] for g in screen.game.view(0).table]


async def test_a_meld_then_a_rearrangement_that_splits_the_run_and_wins(app_factory):
    app = app_factory(setup("4h 5h 6h 7h 8h 6h/1", "9s 9d 2c 3d Jc Qd", stock="Kd"))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        assert isinstance(screen, MachiavelliScreen)
        assert "The table is empty." in screen_text(app) and hand_ranks(app) == "4 5 6 6 7 8"
        # Turn 1: the run 4-8 of hearts, card by card (the cursor comes back to the hand after each drop).
        await pilot.press("n")
        assert groups(screen) == [["4h"]] and "1![4♥]" in screen_text(app)
        await pilot.press("space", "up", "space", "space", "up", "space")  # 5♥, 6♥
        await pilot.press("right", "space", "up", "space", "space", "up", "space")  # past the other 6♥: 7♥, 8♥
        assert groups(screen) == [["4h", "5h", "6h", "7h", "8h"]]
        assert " [4♥ 5♥ 6♥ 7♥ 8♥]" in screen_text(app) and "!" not in screen_text(app).split("\n")[2]
        await pilot.press("enter")
        await pilot.pause()
        text = screen_text(app)
        assert "You put down 5 cards" in text and "Bot 1 is thinking" in prompt(screen)
        screen.table.submit(1, DRAW)  # the bot's turn, made for it (bots never move at this pace)
        await pilot.pause()
        run = groups(screen)[0]
        assert len(run) == 5 and "6h/1" in [c.code for c in screen.game.s.hands[0]] + run
        # Turn 2: take 4♥ and 5♥ off the run into a new group, add the 6♥ from the hand.
        await pilot.press("up")  # from the hand to the run, on its first card
        app.settings.ascii_glyphs = True  # suit letters: the card held is named in letters
        await pilot.press("space")
        assert prompt(screen).startswith("Holding 4H: space drops it at the cursor —")
        await pilot.press("down", "space")  # a table card does not go into a hand
        assert prompt(screen).startswith("The 4H was on the table: it stays there")
        app.settings.ascii_glyphs = False
        await pilot.press("n")  # 4♥ onto a new group: the cursor goes back to the run
        assert "![4♥]" in screen_text(app)
        await pilot.press("space", "down", "space")  # 5♥ onto the new group
        await pilot.press("down", "down", "space", "up", "space")  # the hand's 6♥ onto it too
        assert sorted(map(len, groups(screen))) == [3, 3] and screen.view.valid == [True, True]
        await pilot.press("enter")
        await wait_for(pilot, lambda: screen.game.is_over)
        assert screen.game.result.winners == [0]


async def test_undo_puts_the_table_back_and_a_bad_table_costs_three_cards(app_factory):
    app = app_factory(setup("4h 5h 6h 9c 2d", "9s 9d 2c 3d Jc", stock="As Ks Qs"))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        await pilot.press("right", "right", "right", "n")  # 9♣ onto a new group
        assert groups(screen) == [["9c"]]
        await pilot.press("enter")
        assert isinstance(app.screen, ChoiceScreen)  # ending with a group not a meld asks first
        await pilot.press("escape")
        await pilot.press("d")  # drawing would put the 9♣ back: it asks, and escape keeps the work
        assert isinstance(app.screen, ChoiceScreen) and "Draw anyway?" in app.screen.title_text
        await pilot.press("escape")
        assert groups(screen) == [["9c"]] and screen.game.s.turn == 0
        await pilot.press("u")
        assert groups(screen) == [] and len(screen.game.s.hands[0]) == 5
        await pilot.press("u")
        assert "Nothing to undo" in prompt(screen)
        await pilot.press("enter")
        assert "Put down at least one card" in prompt(screen)
        await pilot.press("n", "enter")
        assert isinstance(app.screen, ChoiceScreen)
        await pilot.press("1")
        await wait_for(pilot, lambda: screen.game.s.turn == 1)
        assert groups(screen) == [] and len(screen.game.s.hands[0]) == 8
        assert "You draw 3 penalty cards: a group was not a meld, so the table goes back" in screen_text(app)


async def test_hot_seat_each_person_sees_what_changed_since_their_last_turn(app_factory):
    app = app_factory(setup("4h 5h 6h 9c 2d", "7h 9s 9d 2c 3d", humans=2, stock="As Ks Qs"))
    async with app.run_test(size=(80, 24)) as pilot:
        await pass_cover(app, pilot, "Player 1")
        await pilot.press("n", "space", "up", "space", "space", "up", "space", "enter")
        await pass_cover(app, pilot, "Player 2")
        text = screen_text(app)
        assert "*[4♥ 5♥ 6♥]" in text and "*1 new since your turn" in text
        assert hand_ranks(app) == "9 7 2 3 9"
        # Player 2 adds the 7♥ to the run.
        await pilot.press("right", "space", "up", "space", "enter")
        await pass_cover(app, pilot, "Player 1")
        text = screen_text(app)
        assert "*[4♥ 5♥ 6♥ 7♥]" in text and "Player 2 puts down 1 card (7♥)" in text
        await pilot.press("d")
        await pass_cover(app, pilot, "Player 2")
        text = screen_text(app)
        assert "new since your turn" not in text and " [4♥ 5♥ 6♥ 7♥]" in text


async def test_a_table_taller_than_the_centre_shows_the_rows_around_the_cursor(app_factory, monkeypatch):
    from test_machiavelli_snapshots import HAND_SIZE, bots_lay_down, crowded_deck

    app = app_factory(GameSetup.solo(SPEC, 5, seed=3, options={"hand_size": HAND_SIZE}, deck=crowded_deck()))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        await bots_lay_down(pilot)
        monkeypatch.setattr(screen.drawing, "center_height", lambda: 4)  # room for the heading and three lines
        await pilot.press("up")  # the last group, on the last row
        text = screen_text(app)
        assert "↑ 3 more rows" in text
        assert "[K♣ K♦ K♠]" in text and "[2♣ 2♦ 2♥]" not in text
        await pilot.press("down", "down")  # round to the first group
        text = screen_text(app)
        assert "[2♣ 2♦ 2♥]" in text and "↓ 3 more rows" in text and "[K♣ K♦ K♠]" not in text


async def test_f_puts_a_card_on_the_group_it_fits_and_says_when_none_does(app_factory):
    app = app_factory(setup("4h 5h 6h 7h 9c 9d Ks", "9s 2d 2c 3d Jc Qd 4c"))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        await pilot.press("n")  # the hand in order: K♠ 4♥ 5♥ 6♥ 7♥ 9♣ 9♦; the K♠ onto a new group
        await pilot.press("u", "right", "n")  # put back; the 4♥ onto a new group instead
        await pilot.press("f")  # the 5♥: a run still short of a meld
        await pilot.press("f")  # the 6♥ makes it a meld
        assert groups(screen) == [["4h", "5h", "6h"]] and screen.view.valid == [True]
        await pilot.press("right", "n", "left", "f")  # the 9♣ onto a group of its own; the 7♥ extends the run
        assert groups(screen) == [["4h", "5h", "6h", "7h"], ["9c"]]
        await pilot.press("f")  # the 9♦ goes with the 9♣, not on the run
        assert groups(screen) == [["4h", "5h", "6h", "7h"], ["9c", "9d"]]
        await pilot.press("home", "f")  # the K♠ fits nowhere: it stays in the hand
        assert "The K♠ fits no group here — n starts a new one" in prompt(screen)
        assert screen.view.held is None and [c.code for c in screen.view.hand] == ["Ks"]
        await pilot.press("1", "right", "f")  # a card off a group goes to another group, never back to its own
        assert "The 5♥ fits no group here" in prompt(screen)
        await pilot.press("right", "right", "space", "f")  # the 7♥ picked up off the run: likewise
        assert "The 7♥ fits no group here" in prompt(screen) and screen.view.held == C("7h")


async def test_digits_jump_to_a_group_by_its_number(app_factory):
    from test_machiavelli_snapshots import HAND_SIZE, bots_lay_down, crowded_deck

    app = app_factory(GameSetup.solo(SPEC, 5, seed=3, options={"hand_size": HAND_SIZE}, deck=crowded_deck()))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        await bots_lay_down(pilot)
        assert len(screen.view.table) == 17
        text = screen_text(app)
        assert "1*[2♣ 2♦ 2♥]" in text and "17*[K♣ K♦ K♠]" in text  # each group shows its number
        await pilot.press("3")
        assert screen.group == 2 and screen.under_cursor() == C("4c")
        await pilot.press("1", "2")  # two digits in a row: group 12
        assert screen.group == 11
        await pilot.press("0")  # 0 alone: group 10
        assert screen.group == 9
        await pilot.press("1", "8")  # there is no group 18: the 8 starts again, group 8
        assert screen.group == 7
        await pilot.press("1", "space", "2")  # a key between the digits: group 2
        assert screen.group == 1 and screen.view.held is not None
        await pilot.press("9", "9")  # 9 cannot begin a number here: each is group 9
        assert screen.group == 8 and "not a key" not in prompt(screen)


async def test_the_hand_is_drawn_as_cards_with_the_cursor_under_one(app_factory):
    app = app_factory(setup("4h 5h 6h 9c 2d", "9s 9d 2c 3d Jc"))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        await pilot.press("n", "right")  # a group on the table; the cursor on the second card left
        rows = screen_text(app).split("\n")
        top = next(n for n, row in enumerate(rows) if "╭" in row)
        assert hand_ranks(app) == "5 6 9 2" and rows[top + 4].count("╰") == 4
        assert rows[top + 5].index("▲") > rows[top + 1].index("5")  # under the second card, the 6♥
        await pilot.press("up")
        assert "▲" not in screen_text(app).split("\n")[top + 5]  # on the table: no mark in the hand
        await pilot.press("down")  # back where it left the hand
        assert screen.group == -1 and screen.under_cursor() == C("6h")


def lit(screen: MachiavelliScreen) -> list[str]:
    """The cards underlined on the table (new since your last turn), as they read."""
    center = screen.render_center()
    return [center.plain[s.start : s.end] for s in center.spans if str(s.style) == "underline"]


async def test_the_cards_a_bot_moved_are_lit_until_you_move_one_and_every_card_reads(app_factory):
    app = app_factory(setup("4h 5h 6h 7h 8h 2c", "9h 3c 4c Js Qs Ks", stock="Kd Qd"))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        screen.table.submit(0, arrange([cards("4h 5h 6h 7h 8h")]))
        screen.table.submit(0, END)
        await pilot.pause()
        assert lit(screen) == []  # your own move is not lit
        # The bot splits the run: 7♥ 8♥ and its 9♥ make a new run; its J♠ Q♠ K♠ a new one.
        screen.table.submit(1, arrange([cards("4h 5h 6h"), cards("7h 8h 9h"), cards("Js Qs Ks")]))
        screen.table.submit(1, END)
        await pilot.pause()
        assert "3 groups new or changed" in screen_text(app)
        assert lit(screen) == ["7♥", "8♥", "9♥", "J♠", "Q♠", "K♠"]
        # Every card reads on its face colour: on the green felt a black suit all but vanished.
        assert unreadable_suits(app) == []
        await pilot.press("1", "space")  # your first move of the turn: the light goes
        assert lit(screen) == []


async def test_a_bots_level_stays_on_its_seat_line_with_a_two_digit_card_count(app_factory):
    for players in (3, 4):
        app = app_factory(GameSetup.solo(SPEC, players, seed=1, level="medium"))
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            screen = app.screen
            screen.refresh_all()  # (drawn again now the seats are laid out)
            await pilot.pause()
            assert all(count >= 10 for count in screen.view.hand_counts)
            seats = screen_text(app).split("\n")[1]
            assert seats.count("(medium)") == players - 1, seats


async def test_a_wide_terminal_lays_the_table_in_fewer_longer_rows(app_factory):
    from test_machiavelli_snapshots import HAND_SIZE, bots_lay_down, crowded_deck

    rows = {}
    for size in ((80, 24), (160, 50)):
        setup = GameSetup.solo(SPEC, 5, seed=3, level="hard", options={"hand_size": HAND_SIZE}, deck=crowded_deck())
        app = app_factory(setup)
        async with app.run_test(size=size) as pilot:
            await bots_lay_down(pilot)
            screen = app.screen
            rows[size] = len(screen.drawing.rows())
            assert all(line.cell_len <= size[0] - 4 for _, line in screen.drawing.rows())
            assert len(screen.view.table) >= 16  # (a crowded table)
    assert rows[(160, 50)] < rows[(80, 24)]


async def test_five_players_at_80_columns_keep_every_bots_level_in_one_format(app_factory):
    """Five seats at 80 columns: the level goes on a second line rather than being dropped, and
    every seat shows its count the same way, at the start and after a turn."""
    app = app_factory(GameSetup.solo(SPEC, 5, seed=1, level="easy"))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen

        def header() -> str:
            return "\n".join(screen_text(app).split("\n")[1:3])

        at_start = header()
        assert at_start.count("(easy)") == 4, at_start
        await pilot.press("d")  # your turn: draw
        screen.table.submit(1, DRAW)
        await pilot.pause()
        after = header()
        assert after.count("(easy)") == 4, after
        assert "cards" not in after and "(1" not in after, after  # one format: 'Bot 1 13'
        assert "You 14" in after and "Bot 1 14" in after, after
