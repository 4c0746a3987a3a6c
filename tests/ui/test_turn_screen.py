"""The turn-based screen base: the hand cursor, marking, choices, commands and the hot-seat cover.

A tiny game defined here (not registered) keeps these tests independent of any real game:
each player holds three cards; on a turn they lay one card or a pair of equal rank on the
table, or pass; the game ends when the hands are empty or everyone passes in a row.
"""

from __future__ import annotations

from contextlib import asynccontextmanager

from pydantic import BaseModel
from rich.align import Align
from rich.console import Group
from rich.table import Table as RichTable
from rich.text import Text
from textual.widgets import Static

from cardarcade.bots import BotBase, Plan, register
from cardarcade.cards import Card, cards
from cardarcade.rules.base import Action, Event, Game, GameSpec, Options, State
from cardarcade.seating import GameSetup, Seat
from cardarcade.ui.games._drawing import line_count, same_drawing
from cardarcade.ui.games._turn_keys import MARK
from cardarcade.ui.games.turn import ChoiceScreen, CoverScreen, TurnScreen
from cardarcade.ui.keymaps import Verb, command
from cardarcade.ui.textual_compat import notifications

PASS = Action("pass")


class LayState(State):
    options: Options
    hands: list[list[Card]]
    table: list[Card] = []
    turn: int = 0
    passes: int = 0


class LayView(BaseModel):
    hand: list[Card]
    counts: list[int]
    table: list[Card]
    turn: int


class Lay(Game[LayState]):
    State = LayState
    Options = Options

    @classmethod
    def setup(cls, players, seed, options, deck):
        order = deck or cards("2c 2d 3h 4s 5s 5h 7c 8c 9c")
        return cls(
            LayState(
                players=players,
                seed=seed,
                options=options,
                hands=[list(order[i * 3 : i * 3 + 3]) for i in range(players)],
            )
        )

    def actors(self):
        return [] if self.s.result else [self.s.turn]

    def legal_actions(self, seat):
        if seat != self.s.turn or self.s.result:
            return []
        hand = self.s.hands[seat]
        moves = [Action("lay", (c,)) for c in hand]
        moves += [Action("lay", (a, b)) for i, a in enumerate(hand) for b in hand[i + 1 :] if a.rank == b.rank]
        moves += [Action("lay", (c,), value="face down") for c in hand if c.rank.value == 7]
        return moves + [PASS]

    def _apply(self, seat, action):
        s = self.s
        s.passes = s.passes + 1 if action == PASS else 0
        for c in action.cards:
            s.hands[seat].remove(c)
            s.table.append(c)
        s.turn = (s.turn + 1) % s.players
        events = [Event("lay", seat, "{seat} lays " + (" ".join(map(str, action.cards)) or "nothing"))]
        if not any(s.hands) or s.passes >= s.players:
            events.append(self.finish([0], "{seat} wins"))
        return events

    def view(self, seat):
        s = self.s
        return LayView(
            hand=s.hands[seat] if seat is not None else [], counts=[len(h) for h in s.hands], table=s.table, turn=s.turn
        )

    def cards(self):
        return [c for h in self.s.hands for c in h] + self.s.table

    def is_out(self, seat):
        return not self.s.hands[seat]


Lay.spec = SPEC = GameSpec(
    id="lay", title="Lay", family="test", min_players=2, max_players=3, realtime=False, summary="", rules="", game=Lay
)


@register("lay")
class LayBot(BotBase):
    def plans(self, view, moment):
        if view.turn != self.seat:
            return []
        return [Plan(PASS, moment.now + self.move_delay(moment.pace), ("pass", sum(view.counts), len(view.table)))]


class LayScreen(TurnScreen):
    KEYS = TurnScreen.KEYS.with_(MARK, command("pass", "p", "pass"))

    def render_seat(self, seat):
        return f"{self.names[seat]}: {self.view.counts[seat]}"

    def render_center(self):
        return " ".join(map(str, self.view.table)) or "empty table"

    def describe_action(self, action):
        return f"lay {' '.join(map(str, action.cards))} {action.value or 'face up'}"

    def commands(self):
        # Passing is offered once the cursor has left the first card: a command that only
        # exists after an earlier key, as "draw" exists only after a card is played.
        return [self.command("pass", PASS)] if self.cursor > 0 else []

    def turn_prompt(self):
        return "your move" if self.actor is not None else "waiting"


@asynccontextmanager
async def lay_table(app_factory, humans: int = 1, deck: str = "2c 2d 3h 4s 5s 5h 7c 8c 9c", screen_class=LayScreen):
    """The app running a Lay screen at 80x24, with ``humans`` people (the rest bots that never move)."""
    setup = GameSetup.solo(SPEC, 2 if humans < 3 else 3, seed=1, humans=humans, deck=cards(deck))
    app = app_factory()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = screen_class(setup)
        app.push_screen(screen)
        await pilot.pause()
        yield app, pilot, screen


async def test_enter_plays_the_card_under_the_cursor(app_factory):
    async with lay_table(app_factory) as (app, pilot, screen):
        await pilot.press("right", "right", "enter")  # 2c 2d [3h]
        await pilot.pause()
        assert app.screen.game.s.table == cards("3h")
        assert app.screen.hand_cards() == cards("2c 2d")


async def test_marked_cards_are_played_together(app_factory):
    async with lay_table(app_factory) as (app, pilot, screen):
        await pilot.press("space", "right", "space", "enter")
        await pilot.pause()
        assert set(app.screen.game.s.table) == set(cards("2c 2d"))


async def test_a_card_that_cannot_be_played_gives_a_message_and_changes_nothing(app_factory):
    async with lay_table(app_factory) as (app, pilot, screen):
        await pilot.press("space", "right", "right", "space", "enter")  # 2c and 3h are no pair
        await pilot.pause()
        assert screen.game.s.table == []
        assert "cannot be played" in str(screen.query_one("#prompt").render())


async def test_several_moves_for_one_card_open_a_choice(app_factory):
    async with lay_table(app_factory, 1, deck="7c 2d 3h 4s 5s 5h 2c 8c 9c") as (app, pilot, screen):
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, ChoiceScreen)
        assert app.screen.labels == ["lay 7♣ face up", "lay 7♣ face down"]
        await pilot.press("2")
        await pilot.pause()
        assert app.screen is screen
        assert screen.game.s.table == cards("7c")


async def test_escape_backs_out_of_a_choice(app_factory):
    async with lay_table(app_factory, 1, deck="7c 2d 3h 4s 5s 5h 2c 8c 9c") as (app, pilot, screen):
        await pilot.press("enter", "escape")
        await pilot.pause()
        assert app.screen is screen and screen.game.s.table == []


async def test_a_command_key_plays_its_move(app_factory):
    async with lay_table(app_factory) as (app, pilot, screen):
        await pilot.press("right")
        await pilot.pause()
        screen.refresh_all()
        assert "p pass" in str(screen.query_one("#prompt").render())
        await pilot.press("p")
        await pilot.pause()
        assert screen.game.s.turn == 1 and screen.game.s.passes == 1


async def test_hot_seat_hides_the_next_hand_until_enter(app_factory):
    async with lay_table(app_factory, 2) as (app, pilot, screen):
        # The first person is asked for the keyboard before any hand shows.
        assert isinstance(app.screen, CoverScreen) and app.screen.player == "Player 1"
        assert screen.hand_cards() == []
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen is screen and screen.hand_cards() == cards("2c 2d 3h")
        await pilot.press("enter")  # Player 1 lays 2c
        await pilot.pause()
        cover = app.screen
        assert isinstance(cover, CoverScreen) and cover.player == "Player 2"
        assert "Player 1 lays 2♣" in cover.since
        # Nothing of either hand is on the game screen under the cover.
        assert screen.hand_cards() == []
        assert "2♦" not in str(screen.query_one("#hand").render())
        await pilot.press("enter")
        await pilot.pause()
        assert screen.hand_cards() == cards("4s 5s 5h")


async def test_keys_do_nothing_while_the_cover_is_up(app_factory):
    async with lay_table(app_factory, 2) as (app, pilot, screen):
        await pilot.press("p", "right", "space")
        await pilot.pause()
        assert screen.game.s.actions == 0


async def test_keys_typed_fast_are_taken_in_order(app_factory):
    async with lay_table(app_factory) as (app, pilot, screen):
        await pilot.press("right", "p")  # no pause: "p" exists only once "right" has been handled
        await pilot.pause()
        assert screen.game.s.passes == 1


async def test_a_game_that_plays_one_card_at_a_time_neither_marks_nor_offers_marking(app_factory):
    class OneAtATime(LayScreen):
        KEYS = LayScreen.KEYS.with_(without=["mark"])

    async with lay_table(app_factory, screen_class=OneAtATime) as (app, pilot, screen):
        await pilot.press("space", "right", "space")
        assert screen.marked == []
        assert not screen.check_action("mark", ())  # so the footer leaves "space Mark" out


async def test_a_choice_can_be_numbered_as_the_table_numbers_players(app_factory):
    app = app_factory()
    async with app.run_test(size=(80, 24)) as pilot:
        picked = []
        app.push_screen(ChoiceScreen("Ask whom?", ["Bot 1", "Bot 2"], numbers=[2, 3]), picked.append)
        await pilot.pause()
        await pilot.press("1")  # not on offer: nothing happens
        await pilot.press("3")
        await pilot.pause()
        assert picked == [1]


# ---- redrawing only what changed (GameScreen.show)


def test_same_drawing_compares_what_a_renderable_shows():
    assert same_drawing(Text("7♣", style="bold"), Text("7♣", style="bold"))
    assert not same_drawing(Text("7♣", style="bold"), Text("7♣", style="italic"))
    assert not same_drawing(Text("7♣", justify="center"), Text("7♣"))
    assert not same_drawing(Text.assemble(("7", "red"), "♣"), Text.assemble(("7", "blue"), "♣"))
    assert same_drawing(Group(Text("a"), Align.center(Text("b"))), Group(Text("a"), Align.center(Text("b"))))
    assert not same_drawing(Group(Text("a"), Align.center(Text("b"))), Group(Text("a"), Align.right(Text("b"))))
    assert not same_drawing(Group(Text("a")), Group(Text("a"), Text("")))
    assert not same_drawing("a", Text("a"))
    table = RichTable()
    assert same_drawing(table, table) and not same_drawing(table, RichTable())  # unknown kinds: redrawn


def record_updates(screen) -> list[str]:
    """Collect the id of every table part the screen redraws from now on."""
    drawn: list[str] = []
    for widget in screen.query(Static):
        if widget.id:

            def update(content, *, layout=True, _widget=widget, _update=widget.update):
                drawn.append(_widget.id)
                _update(content, layout=layout)

            widget.update = update
    return drawn


async def test_a_refresh_redraws_only_the_parts_that_changed(app_factory):
    async with lay_table(app_factory) as (app, pilot, screen):
        drawn = record_updates(screen)
        screen.refresh_all()
        assert drawn == []  # nothing changed: nothing is drawn again
        await pilot.press("enter")  # lay 2c: your count, the table, the log, the hand and the prompt change
        await pilot.pause()
        assert "seat-0" in drawn and "center" in drawn and "log" in drawn and "hand" in drawn
        assert "seat-1" not in drawn and "title" not in drawn  # the bot's count is as it was


async def test_a_key_press_is_answered_on_screen_even_when_nothing_changed(app_factory):
    async with lay_table(app_factory) as (app, pilot, screen):
        drawn = record_updates(screen)
        screen.say("No card to play")
        screen.say("No card to play")  # the same words again: still drawn, so the press is seen to land
        assert drawn == ["prompt", "prompt"]


async def test_the_screen_is_laid_out_again_only_when_a_seat_needs_more_lines(app_factory):
    class Tall(LayScreen):
        def render_seat(self, seat):
            count = self.view.counts[seat]
            return Text("\n".join([f"{count} cards", *["▚"] * (count // 2)]))

    async with lay_table(app_factory, screen_class=Tall) as (app, pilot, screen):
        panel = screen.query_one("#seat-0")
        layouts = []
        refresh = panel.refresh

        def recorded(*regions, layout=False, **kw):
            layouts.append(layout)
            return refresh(*regions, layout=layout, **kw)

        panel.refresh = recorded
        hand = screen.game.s.hands[0]
        hand.append(Card.parse("Kc"))  # 4 cards: three lines instead of two
        screen.refresh_all()
        assert layouts.count(True) == 1
        layouts.clear()
        hand.append(Card.parse("Qc"))  # 5 cards: other words, still three lines
        screen.refresh_all()
        assert layouts == [False]  # drawn, without a new layout
        await pilot.pause()
        assert panel.content_size.height == 3


def test_line_count_counts_text_that_fits_and_leaves_wrapping_to_a_real_rendering():
    assert line_count(Group(Text("▶ You  SLAP!"), Text("▚ 12 cards"), Text("")), 20) == 3
    assert line_count("one\ntwo", 5) == 2
    assert line_count(Text("x" * 30, no_wrap=True), 20) == 1
    assert line_count(Group(Text("x" * 30)), 20) is None  # it would wrap: Textual measures it
    assert line_count(RichTable(), 20) is None


# ---- hot-seat privacy: the cover


@asynccontextmanager
async def two_people_and_a_bot(app_factory, deck: str = "2c 2d 3h 7c 5s 5h 4s 8c 9c"):
    """Player 1, Bot 1, Player 2 in that order; the bot moves only when a test makes it."""
    seats = (Seat("Player 1"), Seat("Bot 1", "bot", "medium"), Seat("Player 2"))
    setup = GameSetup(SPEC, seats, SPEC.parse_options(None), 1, tuple(cards(deck)))
    app = app_factory()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = LayScreen(setup)
        app.push_screen(screen)
        await pilot.pause()
        yield app, pilot, screen


async def test_the_cover_comes_up_as_soon_as_a_persons_turn_ends_and_bots_play_under_it(app_factory):
    async with two_people_and_a_bot(app_factory) as (app, pilot, screen):
        await pilot.press("enter")  # past Player 1's cover
        await pilot.press("enter")  # Player 1 lays 2c: the bot is next
        await pilot.pause()
        cover = app.screen
        assert isinstance(cover, CoverScreen) and cover.player is None  # nobody to pass to yet
        assert screen.hand_cards() == [] and "2♦" not in str(screen.query_one("#hand").render())
        await pilot.press("enter")  # nobody is asked yet: it does not lift
        assert app.screen is cover
        screen.table.submit(1, PASS)  # the bot moves while the cover is up
        await pilot.pause()
        assert app.screen is cover and cover.player == "Player 2"
        assert cover.since[-2:] == ["Player 1 lays 2♣", "Bot 1 lays nothing"]
        await pilot.press("enter")
        await pilot.pause()
        assert screen.hand_cards() == cards("4s 8c 9c")


async def test_since_your_last_turn_holds_everything_since_you_last_saw_the_table(app_factory):
    async with two_people_and_a_bot(app_factory) as (app, pilot, screen):
        await pilot.press("enter")  # Player 1 sees the table
        for n in range(12):
            screen.add_log(f"note {n}")
        screen.refresh_all()
        await pilot.press("enter")  # Player 1 lays 2c
        screen.table.submit(1, PASS)
        await pilot.pause()
        cover = app.screen
        assert cover.player == "Player 2"
        notes = [line for line in cover.since if line.startswith("note")]
        assert len(notes) == 12  # all of it, not only the last few lines
        assert len(str(cover.query_one("#cover-news").render()).splitlines()) >= 14
        await pilot.press("enter", "enter")  # Player 2 lays 4s; Player 1 is next
        await pilot.pause()
        cover = app.screen
        assert cover.player == "Player 1"
        # Player 1 saw the notes and their own move, but not what it led to once the cover came up.
        assert cover.since == ["Bot 1 lays nothing", "Player 2 lays 4♠"]


async def test_escape_q_and_f1_work_on_the_cover_without_showing_a_hand(app_factory):
    from cardarcade.ui.screens.pause import ConfirmScreen, PauseScreen
    from cardarcade.ui.screens.rules import RulesScreen

    async with two_people_and_a_bot(app_factory) as (app, pilot, screen):
        cover = app.screen
        assert isinstance(cover, CoverScreen)
        for key, opened in (("escape", PauseScreen), ("f1", RulesScreen), ("q", ConfirmScreen)):
            await pilot.press(key)
            await pilot.pause()
            assert isinstance(app.screen, opened), key
            assert screen.hand_cards() == []
            await pilot.press("escape")
            await pilot.pause()
            assert app.screen is cover, key
        assert screen.hand_cards() == []
        await pilot.press("q", "y")
        await pilot.pause()
        assert not any(isinstance(s, (LayScreen, CoverScreen)) for s in app.screen_stack)


# ---- keys


async def test_home_and_end_move_the_cursor_to_the_ends_of_the_hand(app_factory):
    async with lay_table(app_factory) as (app, pilot, screen):
        await pilot.press("end")
        assert screen.cursor == 2
        await pilot.press("home")
        assert screen.cursor == 0


async def test_every_choice_of_a_long_list_has_a_key_shown_and_working(app_factory):
    app = app_factory()
    async with app.run_test(size=(80, 24)) as pilot:
        picked = []
        labels = [f"name the {rank}" for rank in "A 2 3 4 5 6 7 8 9 10 J Q K".split()]
        app.push_screen(ChoiceScreen("Name a rank", labels), picked.append)
        await pilot.pause()
        shown = [str(option.prompt) for option in app.screen.query_one("#choices").options]
        keys = [line.split(".")[0] for line in shown]
        assert len(set(keys)) == 13 and all(len(k) == 1 for k in keys)
        await pilot.press(keys[12])
        await pilot.pause()
        assert picked == [12]


async def test_a_command_key_that_is_not_open_now_says_why(app_factory):
    async with lay_table(app_factory) as (app, pilot, screen):
        await pilot.press("p")  # passing opens only once the cursor has moved
        await pilot.pause()
        assert "p pass: not possible now" in str(screen.query_one("#prompt").render())
        assert screen.game.s.actions == 0


async def test_a_game_can_explain_a_command_key_in_its_own_words(app_factory):
    class Explained(LayScreen):
        def why_not(self, key):
            return "p: you must lay a card while the cursor is on the first one"

    async with lay_table(app_factory, screen_class=Explained) as (app, pilot, screen):
        await pilot.press("p")
        await pilot.pause()
        assert "you must lay a card" in str(screen.query_one("#prompt").render())


async def test_a_key_the_game_does_not_use_says_so_and_changes_nothing(app_factory):
    class Digits(LayScreen):
        KEYS = LayScreen.KEYS.with_(
            Verb("one", "1", help="a key the game's own screen reads before TurnScreen sees it")
        )

    async with lay_table(app_factory, screen_class=Digits) as (app, pilot, screen):
        await pilot.press("1")
        await pilot.pause()
        assert "not a key" not in str(screen.query_one("#prompt").render())
        await pilot.press("x")
        await pilot.pause()
        assert "x: not a key in Lay" in str(screen.query_one("#prompt").render())
        assert screen.game.s.actions == 0 and app.screen is screen


# ---- big hands


def hand_lines(screen) -> list[str]:
    from ui_helpers import text_of

    return text_of(screen._shown["hand"]).splitlines()


async def test_a_big_hand_fans_with_every_rank_and_suit_in_view(app_factory):
    from cardarcade.cards import standard_deck

    async with lay_table(app_factory) as (app, pilot, screen):
        hand = [c for c in standard_deck() if c.rank.label == "10"][:3] + standard_deck()[:16]  # 19 cards
        tens = sum(c.rank.label == "10" for c in hand)
        screen.game.s.hands[0] = hand
        screen.refresh_all()
        await pilot.pause()
        top, suits = hand_lines(screen)[1], hand_lines(screen)[2]
        assert top.count("10") == tens and "│1│" not in top and "1 " not in top.replace("10", "")
        assert sum(suits.count(glyph) for glyph in "♠♥♦♣") == 19


async def test_a_hand_too_long_for_the_row_shows_the_cards_around_the_cursor(app_factory):
    from cardarcade.cards import standard_deck

    async with lay_table(app_factory) as (app, pilot, screen):
        screen.game.s.hands[0] = standard_deck()[:40]
        screen.refresh_all()
        await pilot.pause()
        lines = hand_lines(screen)
        assert "›" in lines[2] and "‹" not in lines[2]  # more cards to the right only
        assert sum(lines[2].count(glyph) for glyph in "♠♥♦♣") < 40
        await pilot.press("end")
        await pilot.pause()
        lines = hand_lines(screen)
        assert "‹" in lines[2] and "›" not in lines[2]
        assert "▲" in lines[-1]  # the cursor, on the last card, is in view


async def test_while_a_bot_moves_the_cursor_shows_hollow_and_can_be_moved_ahead(app_factory):
    async with lay_table(app_factory) as (_app, pilot, screen):  # the bot never moves by itself
        await pilot.press("enter")  # the 2♣ is laid: the bot's turn
        await pilot.pause()
        assert screen.actor is None
        caret = hand_lines(screen)[-1]
        assert "△" in caret and "▲" not in caret
        await pilot.press("right")
        moved = hand_lines(screen)[-1]
        assert moved.index("△") > caret.index("△") and screen.cursor == 1
        screen.table.submit(1, PASS)
        await pilot.pause()  # your turn: the cursor is where you put it
        assert screen.actor == 0 and screen.cursor == 1
        assert hand_lines(screen)[-1].index("▲") == moved.index("△")


async def test_a_message_names_suits_in_letters_when_the_player_chose_letters(app_factory):
    from ui_helpers import prompt

    async with lay_table(app_factory) as (app, _pilot, screen):
        app.settings.ascii_glyphs = True
        screen.say("the J♠ does not go on the 10♥")
        assert prompt(screen) == "the JS does not go on the 10H"


# ---- out of the game


async def test_a_person_who_is_out_can_let_the_bots_finish_fast(app_factory):
    from ui_helpers import wait_for

    async with lay_table(app_factory) as (app, pilot, screen):  # the bot's pace: it never moves by itself
        screen.game.s.hands[0] = []
        screen.game.s.turn = 1
        screen.table._replan()
        screen.refresh_all()
        await pilot.pause()
        assert "> lets the bots finish fast" in str(screen.query_one("#prompt").render())
        await pilot.press("greater_than_sign")
        await wait_for(pilot, lambda: screen.game.s.actions > 0)


async def test_a_move_that_costs_a_person_is_called_out(app_factory):
    async with lay_table(app_factory) as (app, pilot, screen):
        screen._on_table(
            [
                Event("lay", 0, "{seat} [lays|lay] 2♣ out of turn: dead, lost to the pile", data={"penalty": True}),
                Event("lay", 1, "{seat} [lays|lay] 3♣ out of turn: dead", data={"penalty": True}),
            ],
            0,
        )
        await pilot.pause()
        said = [n.message for n in notifications(app)]
        assert said == ["You lay 2♣ out of turn: dead, lost to the pile"]  # the bot's own loss is only logged


async def test_what_a_persons_own_move_cost_them_heads_their_next_cover(app_factory):
    """Issue 26.21/22: their own move is not news to them, but what it cost is (the cover came
    up at once, and at a hot-seat keyboard no pop-up says it)."""
    async with two_people_and_a_bot(app_factory) as (app, pilot, screen):
        game = screen.game
        plain = game._apply
        game._apply = lambda seat, action: [
            *plain(seat, action),
            Event("fine", seat, "{seat} pays a chip for it", data={"penalty": True}),
        ]
        await pilot.press("enter")  # past Player 1's cover
        await pilot.press("enter")  # Player 1 lays 2c and pays for it
        screen.table.submit(1, PASS)
        await pilot.pause()
        assert not list(notifications(app))  # nobody in particular is at the cover to be told "you"
        await pilot.press("enter", "enter")  # Player 2 lays 4s; Player 1 is next
        await pilot.pause()
        cover = app.screen
        assert cover.player == "Player 1"
        assert cover.since[:3] == ["Player 1 pays a chip for it", "Bot 1 lays nothing", "Bot 1 pays a chip for it"]
