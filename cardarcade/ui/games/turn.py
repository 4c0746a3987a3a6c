"""The base for turn-based games with a hand: a card cursor, marking, choosing, and privacy.

A game's screen subclasses ``TurnScreen`` and draws its seats and centre (as any
``GameScreen``); the hand row, the numbered choice dialog and the hot-seat cover are here, the
keys that pick and play cards in ``TurnKeys`` (``_turn_keys.py``). A grid game overrides
``move_cursor``.

Hot-seat privacy: with two or more people at a game with hidden hands, the screen never shows a
hand to the wrong person. As soon as a person's turn ends, everything private is taken off the
screen and a cover comes up; bots play on under it. When a person is to move, the cover asks to
pass them the keyboard and lists everything that happened since they last saw the table.
"""

from __future__ import annotations

from time import monotonic
from typing import ClassVar
from collections.abc import Callable, Sequence

from rich.console import Group, RenderableType
from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.widgets import OptionList, Static

from cardarcade.cards import Card
from cardarcade.rules.base import Action, Event, IllegalAction
from cardarcade.ui.keyguard import FreshPress
from cardarcade.ui.keymaps import Keymap
from cardarcade.ui.screens._dialog import Dialog
from cardarcade.ui.screens._kept import KeptScreen, kept_or_made, open_kept, update_changed
from cardarcade.ui.games._panels import panel_width
from cardarcade.ui.games._turn_keys import TURN_KEYS, Command, TurnKeys
from cardarcade.ui.games.game import GameScreen
from cardarcade.ui.widgets.cards import (
    CARD_WIDTH,
    MIN_VISIBLE,
    MORE_MARK,
    CardBlock,
    CardSize,
    Slot,
    card_size_for,
    centred_row,
)
from cardarcade.ui.widgets.keybar import KeyBar

HAND_WIDTH = 76  # columns the hand row may use at 80x24
# Keys for a choice: digits first, then letters (a choice list may be long: an eight naming a rank).
CHOICE_KEYS = "123456789abcdefghijklmnoprstuvwxyz"  # no q: it means "leave" everywhere else


THINKING = " thinking…"  # on a seat whose bot is searching for its move
THINKING_SHORT = " …"  # the same where the seat's line has no room for the word


def with_thinking(line: Text, width: int, level: str) -> Text:
    """A seat's line marked as its bot searching, within ``width`` columns: the word after what
    the line shows where that fits; else in place of the bot's level tag (" (hard)") and the
    padding after it, the one part a seat that is searching does not need; else the short mark,
    the line cut for it if need be."""
    marked = line.copy()
    marked.rstrip()
    if marked.cell_len + len(THINKING) <= width:
        marked.append(THINKING, style="italic")
        return marked
    plain = marked.plain
    tag = f" ({level})" if level else ""
    start = plain.find(tag) if tag else -1
    if start >= 0:
        end = start + len(tag)
        while end < len(plain) and plain[end] == " ":
            end += 1
        room = end - start - (end < len(plain))  # a space left before whatever comes next
        if room >= len(THINKING):
            return marked[:start] + Text(THINKING.ljust(room), style="italic") + marked[start + room :]
    if marked.cell_len + len(THINKING_SHORT) > width:
        marked.truncate(width - len(THINKING_SHORT))
    marked.append(THINKING_SHORT, style="italic")
    return marked


def fits_unfanned(count: int, width: int = HAND_WIDTH, card_width: int = CARD_WIDTH) -> bool:
    return count * (card_width + 1) - 1 <= width


def fan_overlap(count: int, width: int = HAND_WIDTH, card_width: int = CARD_WIDTH) -> int:
    """How far each card covers the one before so ``count`` cards fill ``width`` (0: side by side)."""
    if fits_unfanned(count, width, card_width):
        return 0
    step = (width - card_width) // max(count - 1, 1)
    return max(card_width - step, 1)


def hand_window(total: int, cursor: int, width: int = HAND_WIDTH, card_width: int = CARD_WIDTH) -> tuple[int, int]:
    """(first, count): the run of cards shown. A hand too long to fan with every card whole shows
    the run around the cursor, with marks for the cards beyond either end."""
    if fits_unfanned(total, width, card_width) or (width - card_width) // max(total - 1, 1) >= MIN_VISIBLE:
        return 0, total
    count = (width - 2 * MORE_MARK - card_width) // MIN_VISIBLE + 1
    first = min(max(cursor - count // 2, 0), total - count)
    return first, count


class ChoiceScreen(Dialog[int | None], KeptScreen):
    """Pick one of several moves: its key, or arrows and enter; escape backs out.

    Choices are keyed 1-9, then a, b, c...; ``numbers`` gives them other digits when the table
    already shows numbers for them (players' seat numbers), so a digit always means the same thing.
    A game asks with ``ask``: one dialog kept for the game, shown again with each new question.
    """

    AUTO_FOCUS = "#choices"
    BINDINGS = [Binding("escape", "cancel", "Back")]
    CLOSES_WITH_THE_GAME = True

    def __init__(self, title: str, labels: Sequence[str], numbers: Sequence[int] | None = None) -> None:
        super().__init__()
        self._ask(title, labels, numbers)

    def _ask(self, title: str, labels: Sequence[str], numbers: Sequence[int] | None) -> None:
        self.title_text = title
        self.labels = list(labels)
        self.keys = [str(n) for n in numbers] if numbers is not None else list(CHOICE_KEYS[: len(self.labels)])

    @classmethod
    def ask(
        cls,
        game: GameScreen,
        title: str,
        labels: Sequence[str],
        answered: Callable[[int | None], object],
        numbers: Sequence[int] | None = None,
    ) -> None:
        """Put the question over ``game``, whose choice dialog is kept from one question to the
        next (made once, shown again: a choice comes up as fast as any page)."""
        open_kept(
            game.app,
            cls,
            lambda: cls(title, labels, numbers),
            reopen_with=(title, labels, numbers),
            callback=answered,
            owner=game,
        )

    @property
    def numbers(self) -> list[int]:
        return [int(k) for k in self.keys if k.isdigit()]

    def _keyed(self) -> list[str]:
        return [
            f"{key}. {label}" if key else f"   {label}"
            for key, label in zip(self.keys + [""] * len(self.labels), self.labels)
        ]

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog choice-dialog"):
            # Plain text: a title or a choice may name players ("Ask [/]x for...").
            yield Static(Text(self.title_text), classes="dialog-title")
            yield OptionList(*self._keyed(), id="choices", markup=False)
        yield KeyBar()

    def reopen(self, title: str, labels: Sequence[str], numbers: Sequence[int] | None = None) -> None:  # type: ignore[override]
        """The next question, in the dialog kept from the last one, as a new dialog would ask it."""
        self._ask(title, labels, numbers)
        update_changed(self.query_one(".dialog-title", Static), Text(title))
        choices = self.query_one("#choices", OptionList)
        choices.set_options(self._keyed())
        choices.highlighted = 0 if labels else None

    def on_key(self, event: events.Key) -> None:
        if event.character and event.character in self.keys:
            event.stop()
            self.dismiss(self.keys.index(event.character))

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.dismiss(event.option_index)

    def action_cancel(self) -> None:
        self.dismiss(None)


class CoverScreen(Dialog[None], KeptScreen):
    """The hand-over between two people: nothing private shows until the next one presses enter.

    It comes up as soon as a person's turn ends. While bots play on under it (the table keeps
    running), it tells what they do; once a person is to move, it asks for them (``player``) and
    lists everything since they last saw the table (``since``). The game's menu, rules, log and
    leave keys work here without lifting it.
    """

    BINDINGS = [
        Binding("enter", "ready", "Ready"),
        Binding("space", "ready", "Ready", show=False),
        *GameScreen.BINDINGS,  # the game's own keys, which work under the cover
    ]
    CLOSES_WITH_THE_GAME = True

    def __init__(self, owner: TurnScreen, after: str | None) -> None:
        super().__init__()
        self.owner = owner
        self._cover(after)

    def _cover(self, after: str | None) -> None:
        self.after = after  # whose turn just ended ('' or None at the start)
        self.player: str | None = None  # the person asked for, once one is to move
        self.since: list[str] = []
        self.keys: dict[str, str] = {}  # the owner's keys that act from the cover: key -> what it does
        self._presses = FreshPress(monotonic())  # an enter in the game's rhythm does not lift the cover

    def reopen(self, after: str | None) -> None:  # type: ignore[override]
        """Kept by its game (``TurnScreen._put_up_cover``), up again after ``after``'s turn."""
        self._cover(after)
        self._draw()

    def compose(self) -> ComposeResult:
        with Vertical(id="cover-box"):
            yield Static(id="cover-title")
            yield Static(id="cover-heading")
            with VerticalScroll(id="cover-scroll"):
                yield Static(id="cover-news")
        yield KeyBar()

    def on_mount(self) -> None:
        self._draw()

    def ask_for(self, player: str | None, since: Sequence[str]) -> None:
        """Ask for ``player`` (None: nobody yet, bots are playing) and show ``since``."""
        keys = self.owner.cover_keys()
        changed = (player, list(since), keys) != (self.player, self.since, self.keys)
        if player is not None and player != self.player:
            self._presses.asked(monotonic())  # (an enter landing as "Pass to" appears was not for it)
        self.player, self.since, self.keys = player, list(since), keys
        if changed and self.is_mounted:
            self._draw()

    def on_key(self, event: events.Key) -> None:
        # Only a fresh press lifts the cover: one in the rhythm of play (or held) was meant for
        # the game, and would show the next person's hand to whoever is still at the keyboard.
        if event.key in ("enter", "space") and not self._presses.fresh(event.time, self.app.settings.result_guard):
            event.stop()
            event.prevent_default()
            return
        # A move open to anyone here at any moment (Toepen's knock) is made from the cover too:
        # whoever sits at the keyboard while it is up may not be the only one who wants it.
        if event.key in self.owner.cover_keys():
            event.stop()
            event.prevent_default()
            self.owner.cover_key(event.key)

    def _draw(self) -> None:
        # Not all there if the game ended, or the app began to end, before the cover was up (Dialog).
        if not all(self.query(part) for part in ("#cover-title", "#cover-heading", "#cover-scroll", "#cover-news")):
            return
        if self.player is not None:
            title, heading = f"Pass to {self.player} — press enter", "Since your last turn:"
        else:
            ended = f"{self.after}'s turn is over. " if self.after else ""
            hurry = " (> lets them finish fast)" if self.owner.people_out() else ""
            title, heading = f"{ended}The bots are playing…{hurry}", "Since then:"
        keys = "   ".join(f"{key}: {what}" for key, what in self.keys.items())
        if keys:  # (both lines as wide, so the centred block centres each)
            width = max(len(title), len(keys))
            title = f"{title.center(width)}\n{keys.center(width)}"
        self.query_one("#cover-title", Static).update(Text(title, style="bold"))
        heading_widget = self.query_one("#cover-heading", Static)
        heading_widget.update(Text(heading, style="italic"))
        heading_widget.display = bool(self.since)
        self.query_one("#cover-news", Static).update(Text("\n".join(self.since)))
        scroll = self.query_one("#cover-scroll", VerticalScroll)
        scroll.display = bool(self.since)
        scroll.scroll_end(animate=False)
        self.refresh_bindings()

    def action_ready(self) -> None:
        if self.player is not None:
            self.dismiss(None)

    # The game's own keys, on top of the cover: nothing lifts it but enter.
    def action_pause(self) -> None:
        self.owner.action_pause()

    def action_rules(self) -> None:
        self.owner.action_rules()

    def action_history(self) -> None:
        self.owner.action_history()

    def action_leave(self) -> None:
        self.owner.action_leave()

    def action_fast_forward(self) -> None:
        self.owner.action_fast_forward()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return self.owner.people_out() if action == "fast_forward" else True

    # The table plays on under the cover, but holds while anything covers the cover itself.
    def on_screen_suspend(self) -> None:
        table = self.owner.table
        if table is not None and self in self.app.screen_stack:
            table.pause()

    def on_screen_resume(self) -> None:
        table = self.owner.table
        if table is not None and table.started:
            table.resume()


class TurnScreen(TurnKeys, GameScreen):
    """Base for turn-based games where each person holds a hand."""

    # The whole keyboard for whoever is to move (``TurnKeys``): the cursor, enter, and each game's
    # commands; a game that plays several cards at once adds ``MARK``.
    KEYS = TURN_KEYS.with_(without=["mark"])
    HIDDEN_HANDS: ClassVar[bool] = True
    HAND_ROW: ClassVar[bool] = True  # False: the game is drawn wholly in the centre (a grid)
    MAX_PEOPLE: ClassVar[int | None] = None  # the keyboard is passed from person to person

    @classmethod
    def key_bindings(cls) -> list[Binding]:
        # In the order of every turn game's keys (space before enter), a game's own words in place.
        return TURN_KEYS.with_(*cls.KEYS).bindings()

    LOG_LINES: ClassVar[int] = 3  # the hand row needs the room (arcade.tcss)

    def __init__(self, setup, **where) -> None:
        super().__init__(setup, **where)
        humans = self.people
        self.private = self.HIDDEN_HANDS and len(humans) > 1
        if len(humans) > 1:
            self.viewer = None if self.private else humans[0]
            self.view = self.game.view(self.viewer)
        self.cursor = 0
        self.marked: list[int] = []  # hand positions in the order they were marked
        self._marked_in: list[Card] = []  # the hand those positions are in (marks follow their cards)
        self.cover: CoverScreen | None = None  # the hot-seat cover while it is up
        # Every command key and what it does, so a key pressed when its move is not open says so
        # ("d draw: not now") instead of nothing; the words of the commands offered replace them.
        self.command_keys: dict[str, str] = self.keys.commands
        self.keymap = Keymap({}, self.keys)  # no seat owns a key: they act for whoever is to move (TurnKeys)
        self._commands_in_footer = any(v.command and v.footer for v in self.keys)
        # hot-seat: how many lines of the history each person had seen when they last saw the table
        # (a saved game: as it was saved; the log is saved with it)
        self._seen: dict[int, int] = (
            {seat: self._seen_when_saved.get(seat, 0) for seat in humans} if self.private else {}
        )

    # ---- hooks

    def hand_cards(self) -> list[Card]:
        """The viewer's hand, drawn at the bottom with the cursor."""
        return list(getattr(self.view, "hand", None) or [])

    def describe_action(self, action: Action) -> str:
        return str(action)

    def waiting_prompt(self, seat: int | None, verb: str = "play") -> str:
        """The prompt while nobody at the keyboard may move: 'Bot 2 is thinking…', 'Ann to play.'"""
        if self.game.is_over:
            return "Game over."
        if seat is None:
            return ""
        if self.setup.seats[seat].is_bot:
            return f"{self.names[seat]} is thinking…"
        return f"{self.names[seat]} to {verb}."

    def commands(self) -> list[Command]:
        """Card-less moves open to ``self.actor`` now."""
        return []

    def cover_keys(self) -> dict[str, str]:
        """Keys the hot-seat cover takes now for a move anyone here may make at any moment
        (key -> what it does; ``cover_key`` does it): none in most games."""
        return {}

    def cover_key(self, key: str) -> None:
        """A key of ``cover_keys`` pressed at the cover."""

    def actions_for_selection(self, selected: list[Card]) -> list[Action]:
        """The actor's legal moves that play exactly ``selected``, else those using all of them."""
        actor = self.actor
        if actor is None or not selected:
            return []
        legal = [a for a in self.game.legal_actions(actor) if a.cards]
        wanted = sorted(c.code for c in selected)
        exact = [a for a in legal if sorted(c.code for c in a.cards) == wanted]
        if exact:
            return exact
        return [a for a in legal if all(c in a.cards for c in selected)]

    # ---- who acts, who sees

    @property
    def actor(self) -> int | None:
        """The person whose move it is (keys act for them), or None while bots or nobody move."""
        if self.game.is_over:
            return None
        humans = self.people
        actors = self.game.actors()
        seat = next((s for s in actors if s in humans), None)
        if seat is None or (self.private and seat != self.viewer):
            return None  # a cover is up or about to be: nobody may act blind
        return seat

    def _next_person(self) -> int | None:
        if self.game.is_over:
            return None
        humans = self.people
        return next((s for s in self.game.actors() if s in humans), None)

    # ---- layout and drawing

    def compose_below_center(self) -> ComposeResult:
        if self.HAND_ROW:
            yield Static(id="hand", markup=False)

    def seat_drawing(self, seat: int) -> RenderableType:
        # The mark is drawn here for every turn-based game, for exactly as long as the table says
        # the search runs (not the pause after it: the table then waits out its pace).
        drawing = super().seat_drawing(seat)
        if not self.thinking(seat):
            return drawing
        level = self.seat_level(seat)
        if isinstance(drawing, Text):
            return with_thinking(drawing, panel_width(self, seat), level)
        if isinstance(drawing, Group) and drawing.renderables and isinstance(drawing.renderables[0], Text):
            # a framed panel: the mark goes on its first line, the seat's name
            first, *rest = drawing.renderables
            return Group(with_thinking(first, panel_width(self, seat), level), *rest)
        return drawing

    def seat_style(self) -> str:
        # Two rows of framed panels leave the hand row no room at 80x24.
        return "frameless" if self.HAND_ROW and self.seat_grid()[1] > 1 else ""

    def refresh_all(self) -> None:
        if self.private:
            self._guard_privacy()
        super().refresh_all()
        hand = self.hand_cards()
        self.cursor = min(self.cursor, max(len(hand) - 1, 0))
        self.marked = self._marks_follow(hand)
        if self.HAND_ROW:
            self.show("hand", self.render_hand(hand))
        if self.private and self.viewer is not None:
            self._seen[self.viewer] = len(self.history)
        if self._commands_in_footer:
            self.refresh_bindings()  # the commands open change with every move

    def _marks_follow(self, hand: list[Card]) -> list[int]:
        """The marks moved to where their cards now are: a mark belongs to a card, not a place,
        so a card drawn into a marked place is not marked."""
        before, self._marked_in = self._marked_in, hand
        if before == hand:
            return self.marked
        free = list(range(len(hand)))
        moved = []
        for i in self.marked:
            j = next((j for j in free if i < len(before) and hand[j] == before[i]), None)
            if j is not None:
                free.remove(j)
                moved.append(j)
        return moved

    def log_seen(self) -> dict[int, int]:
        return dict(self._seen)

    def _on_table(self, events_: list[Event], seat: int | None) -> None:
        # The person who just moved saw their own move as they made it: their next cover's
        # "since your last turn" starts after it, with what the others did (and with what the
        # move cost them, which they never saw: the cover came up at once).
        mover = seat if self.private and seat is not None and seat == self.viewer else None
        own_from = len(self.history)
        super()._on_table(events_, seat)
        if mover is not None:
            said = [e for e in events_ if e.text]  # (a line of the log each)
            own = next((i for i, e in enumerate(said) if e.seat != mover or e.data.get("penalty")), len(said))
            self._seen[mover] = max(self._seen.get(mover, 0), own_from + own)

    def render_hand(self, hand: list[Card]) -> RenderableType:
        if not hand:
            return Text("")
        active = self.actor is not None

        def slot(i: int) -> Slot:
            caption = ""
            if i in self.marked:
                caption = str(self.marked.index(i) + 1) if len(self.marked) > 1 else "●"
            if i == self.cursor:
                caption += self.cursor_mark(active)
            return Slot(hand[i], highlight=i in self.marked, caption=caption)

        return self.hand_row(len(hand), slot)

    def hand_size(self) -> CardSize:
        """The hand's cards: larger on a tall terminal."""
        return card_size_for(self.app.size.height)

    def hand_row(self, total: int, slot: Callable[[int], Slot]) -> CardBlock:
        """The hand's row across the terminal's width: whole where it fits, else fanned, else the
        run around the cursor with marks for the cards beyond. ``slot(i)``: card i's slot."""
        width, size = max(HAND_WIDTH, self.app.size.width - 4), self.hand_size()  # (the hand's padding and margin)
        first, count = hand_window(total, self.cursor, width, size.width)
        more = None if count == total else (first, total - first - count)
        return centred_row(
            [slot(i) for i in range(first, first + count)],
            self.app.palette,
            ascii_only=self.app.ascii_glyphs,
            overlap=fan_overlap(count, width, size.width),
            more=more,
            size=size,
        )

    def cursor_mark(self, active: bool) -> str:
        """The mark under the card at the cursor: solid on your turn, hollow while you wait (the
        cursor moves all the same, so the next card can be picked before the turn comes)."""
        return "▲" if active else "△"

    def prompt(self) -> str:
        if self.game.is_over:
            return "Game over."
        text = self.turn_prompt()
        if self.actor is not None:
            commands = self.commands()
            self.command_keys.update((c.key, c.label) for c in commands)
            keys = " · ".join(f"{c.key} {c.label}" for c in commands)
            if keys:
                text = f"{text} — {keys}" if text else keys
        return text

    # ---- the hand-over

    def _guard_privacy(self) -> None:
        """Cover the table the moment the person on screen may no longer move, and ask for the
        next person once one is to move."""
        if self.game.is_over:
            return
        person = self._next_person()
        if self.cover is None:
            if person == self.viewer or (self.viewer is None and person is None):
                return  # the same person plays on, or bots play and no hand is showing
            self._put_up_cover()
        assert self.cover is not None
        if person is None:
            self.cover.ask_for(None, [line.plain for line in self.history[self._cover_from :]])
        else:
            self.cover.ask_for(self.names[person], [line.plain for line in self.history[self._seen[person] :]])

    def _put_up_cover(self) -> None:
        """Take the hand off the screen and cover the table until the next person is ready."""
        after = self.names[self.viewer] if self.viewer is not None else None
        # (kept for the game: up again at once, where a new one was made and laid out every turn)
        cover = self.cover = kept_or_made(
            self.app, CoverScreen, lambda: CoverScreen(self, after), reopen_with=(after,), owner=self
        )
        self._cover_from = len(self.history)
        self.viewer = None
        self.cursor, self.marked = 0, []

        def uncovered(_: None) -> None:
            person = self._next_person()
            self.cover = None
            self.viewer = person
            self.refresh_all()

        def push() -> None:
            # Once this screen is up (a cover pushed while it mounts would go under it), and only
            # if the game is still on: a cover over the result or the menu would never lift.
            if self.cover is cover and self in self.app.screen_stack:
                self.app.push_screen(cover, uncovered)

        self.call_after_refresh(push)

    def on_screen_suspend(self, event: events.ScreenSuspend) -> None:
        if self.cover is not None and self.app.screen is self.cover:
            event.prevent_default()  # GameScreen's handler would hold the table: bots play on under the cover

    def move_cursor(self, dx: int, dy: int) -> None:
        hand = self.hand_cards()
        if hand and dx:
            self.cursor = (self.cursor + dx) % len(hand)
            self.show("hand", self.render_hand(hand))

    def move_cursor_to(self, end: int) -> None:
        """Home (0) or End (-1): the cursor to the first or the last card, as far as the arrows go."""
        hand = self.hand_cards()
        if hand:
            target = end % len(hand)
            self.move_cursor(target - self.cursor, 0)

    def hint_seat(self) -> int | None:
        return self.actor

    def point_at(self, action: Action) -> None:
        """The hand cursor on the advised move's first card (the person still chooses)."""
        hand = self.hand_cards()
        if action.cards and action.cards[0] in hand:
            self.move_cursor(hand.index(action.cards[0]) - self.cursor, 0)

    def toggle_mark(self) -> None:
        hand = self.hand_cards()
        if not self.marking or not hand or self.actor is None:
            return
        if self.cursor in self.marked:
            self.marked.remove(self.cursor)
        else:
            self.marked.append(self.cursor)
        self.show("hand", self.render_hand(hand))

    def confirm(self) -> None:
        if self.actor is None:
            self.say(self.turn_prompt() or "Not your turn.")
            return
        hand = self.hand_cards()
        if not hand:
            self.say("No card to play — " + self.prompt())
            return
        picked = [hand[i] for i in (self.marked or [self.cursor])]
        actions = self.actions_for_selection(picked)
        if not actions:
            what = " ".join(c.label(self.app.ascii_glyphs) for c in picked)
            self.say(f"{what} cannot be played now — {self.prompt()}")
        elif len(actions) == 1:
            self.submit(actions[0])
        else:
            self.choose(actions, "Which move?")

    # ---- playing

    def submit(self, action: Action) -> None:
        actor, table = self.actor, self.table
        if actor is None or table is None or not table.started or table.paused:
            return
        marked, self.marked = self.marked, []  # the move uses the marks up (before the table redraws the hand)
        try:
            table.submit(actor, action)
        except IllegalAction:
            self.marked = marked
            self.say(f"That move is not allowed now — {self.prompt()}")
            return

    def choose(self, actions: Sequence[Action], title: str, numbers: Sequence[int] | None = None) -> None:
        """Let the actor pick one of ``actions`` (see ``ChoiceScreen`` for ``numbers``)."""
        actions = list(actions)

        def chosen(index: int | None) -> None:
            if index is not None:
                # The table resumes once this screen is back on top, just after this callback.
                self.call_after_refresh(self.submit, actions[index])

        ChoiceScreen.ask(self, title, [self.describe_action(a) for a in actions], chosen, numbers)
