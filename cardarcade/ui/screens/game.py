"""The game screen every game builds on: seats around, the centre, a log, a prompt, the keys.

A game's screen subclasses ``GameScreen`` and says how to draw a seat and the centre from the
game's view, and which verbs its keys map to. Everything else is here: the table and its
clock, key handling with press timestamps, pausing when covered, the countdown for reaction
games, the event log, reaction times, and the hand-over to the result screen.
"""

from __future__ import annotations

import time
from dataclasses import replace
from typing import TYPE_CHECKING, ClassVar, Iterable

from rich.align import Align
from rich.cells import cell_len
from rich.console import Group, RenderableType
from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Grid
from textual.screen import Screen
from textual.timer import Timer
from textual.widgets import Static

from cardarcade.cards import Card
from cardarcade.rules.base import Action, Event, IllegalAction
from cardarcade.seating import GameSetup, Reaction, is_fault, is_win
from cardarcade.table.clock import LoopClock
from cardarcade.table.table import Table
from cardarcade.table.thinking import live_thinker
from cardarcade.ui.keymaps import MAX_HOTSEAT_PLAYERS, Keymap, keymap_for
from cardarcade.ui.textual_compat import is_pruning, notifications, withdraw_notification
from cardarcade.ui.widgets.cards import TALL_LINES, CardBlock, ascii_suits, card_text
from cardarcade.ui.widgets.keybar import KeyBar
from cardarcade.ui.widgets.lines import LinePanel, Lines

if TYPE_CHECKING:
    from cardarcade.store.saves import SavedGame
    from cardarcade.table.shared import SharedTable, Watcher


FAST_PACE = 0.003  # seconds a bot takes per move once the people are out and ask the bots to finish (a long
# reaction game runs to a thousand cards and more: "fast" is then a few seconds, not a minute)
# A passing message (a key refused, and why) holds the prompt line this long against the others'
# moves: in a game with no turns a bot's card can land a few ms after the key, and its redraw
# would wipe the answer before it could be read. The person's own next move ends it sooner. Past
# the hold it stays until something changes: where nothing moves it is there to read at leisure.
SAID_HOLD = 1.5
COST_TITLE = "That cost you"  # the pop-up over a move that cost the person playing
# What someone watching a shared table may do: the menu, the rules, the log, leave.
WATCHING_ACTIONS = frozenset({"pause", "rules", "history", "leave"})


class SeatPanel(LinePanel):
    """One player's corner of the table."""


def same_drawing(a: RenderableType | None, b: RenderableType | None) -> bool:
    """Whether two renderables draw the same. Text, Group, Align and CardBlock (all a table is drawn with)
    are compared by content; any other kind counts as changed, so it is always redrawn."""
    if a is b:
        return True
    if type(a) is not type(b):
        return False
    if isinstance(a, str):
        return a == b
    if isinstance(a, Lines):
        return len(a) == len(b) and all(same_drawing(x, y) for x, y in zip(a, b))
    if isinstance(a, Text):
        return (a == b and a.style == b.style and a.justify == b.justify and a.overflow == b.overflow
                and a.no_wrap == b.no_wrap and a.end == b.end)
    if isinstance(a, Group):
        return (a.fit == b.fit and len(a.renderables) == len(b.renderables)
                and all(same_drawing(x, y) for x, y in zip(a.renderables, b.renderables)))
    if isinstance(a, CardBlock):
        return same_drawing(a.text, b.text)
    if isinstance(a, Align):
        return ((a.align, a.vertical, a.style, a.pad, a.width, a.height) == (b.align, b.vertical, b.style, b.pad,
                                                                            b.width, b.height)
                and same_drawing(a.renderable, b.renderable))
    return False


def line_count(renderable: RenderableType, width: int) -> int | None:
    """How many lines text takes at ``width`` when no line needs wrapping (cheap: no rendering);
    None when that takes a real rendering to tell."""
    if isinstance(renderable, Group):
        counts = [line_count(part, width) for part in renderable.renderables]
        return None if None in counts else sum(counts)  # type: ignore[arg-type]
    if isinstance(renderable, CardBlock):
        return renderable.text.plain.count("\n") + 1  # (never wrapped)
    if isinstance(renderable, Text):
        plain, no_wrap = renderable.plain, renderable.no_wrap
    elif isinstance(renderable, str):
        plain, no_wrap = renderable, False
    else:
        return None
    lines = plain.split("\n")
    if not no_wrap and any(cell_len(line) > width for line in lines):
        return None
    return len(lines)


class GameScreen(Screen):
    """Base for game screens. Subclasses set VERBS and implement the render hooks."""

    VERBS: ClassVar[list[str]] = ["flip"]
    # verb -> the claim it sends: an action kind, or (kind, target seat). Claims are stamped
    # with the press time and arbitrated by the table.
    CLAIM_VERBS: ClassVar[dict[str, str | tuple[str, int]]] = {}
    VERB_HELP: ClassVar[dict[str, str]] = {}  # this game's words for its verbs (keymaps.VERB_HELP)
    LOG_LINES: ClassVar[int] = 4  # the height of #log in arcade.tcss (a tall terminal's log grows)
    # "-tall" on a terminal with room for larger cards and a longer log (arcade.tcss)
    VERTICAL_BREAKPOINTS = [(0, "-short"), (TALL_LINES, "-tall")]
    # People at one keyboard: each owns half of it here. None: any number, taking turns.
    MAX_PEOPLE: ClassVar[int | None] = MAX_HOTSEAT_PLAYERS
    BINDINGS = [
        Binding("escape", "pause", "Menu"),
        Binding("f1", "rules", "Rules"),
        Binding("question_mark", "rules", "Rules", show=False),
        Binding("q", "leave", "Leave"),
        Binding("f2", "history", "Log"),
        Binding("greater_than_sign", "fast_forward", "Bots finish fast", key_display=">"),
    ]

    def __init__(self, setup: GameSetup, saved: SavedGame | None = None, shared: SharedTable | None = None,
                 seat: int | None = None) -> None:
        """A new game from ``setup``, or the game ``saved`` carried on, or this terminal's ``seat``
        at a ``shared`` table (people at other terminals; None: watching it)."""
        super().__init__()
        self.setup = setup
        self.spec = setup.spec
        self.shared = shared
        if shared is not None:
            assert shared.table is not None, "a shared table is joined once dealt"
            self.game = shared.table.game
        else:
            self.game = saved.game if saved is not None else setup.new_game()
        self.resumed = saved is not None
        # The file this game is saved in (chosen at its first save); None once nothing is to be
        # kept: the game finished, was given up or dealt again (a shared table is the server's).
        self.save_id: str | None = saved.save_id if saved is not None else None
        self._keep = shared is None
        self._watcher: Watcher | None = None
        self._autosave: Timer | None = None
        self._played = saved.elapsed if saved is not None else 0.0  # seconds of play before _playing_since
        self._playing_since: float | None = None
        self._claims: dict[int, list[Reaction]] = {}  # person's seat -> claims not yet in the statistics
        self.names = setup.names
        # The seats played at this keyboard: every person's, or at a shared table this terminal's own.
        self.people: list[int] = setup.human_seats if shared is None else [seat] if seat is not None else []
        humans = self.people
        self.viewer: int | None = humans[0] if len(humans) == 1 else None
        self.view = self.game.view(self.viewer)
        self.keymap: Keymap = keymap_for(humans, self.VERBS)
        self.table: Table | None = None
        # every line of the log since the deal (the log shows the last few); a saved game's as it was saved
        self.history: list[Text] = [Text(line) for line in saved.log] if saved is not None else []
        self._seen_when_saved = dict(saved.seen) if saved is not None else {}  # hot-seat: lines each person had seen
        self.flash: dict[int, str] = {}  # seat -> short note shown on its panel ("SLAP!")
        self._countdown: Timer | None = None
        self._count = 0
        self._finished = False
        self._result_waiting = False  # the game is over, but the player has a screen of theirs open
        self._shown: dict[str, RenderableType] = {}  # widget id -> what it shows now
        self._lines: dict[str, int] = {}  # auto-height widget id -> its content's line count
        self._out = False  # every person here is out (the footer then offers ">")
        self._said: Timer | None = None  # a passing message holds the prompt line until this fires
        self._said_stale = False  # the table moved while the message held: its prompt is due at the end

    # ---- hooks for subclasses

    def render_seat(self, seat: int) -> RenderableType:
        raise NotImplementedError

    def render_center(self) -> RenderableType:
        raise NotImplementedError

    def prompt(self) -> str:
        """One line telling the viewer what to do now; in hot-seat, each player's keys."""
        if self.game.is_over:
            return "Game over."
        humans = self.people
        if len(humans) > 1:
            return "   ".join(f"{self.names[s]}: {self.keymap.describe(s, self.VERBS, self.VERB_HELP)}"
                              for s in humans)
        return self.turn_prompt()

    def turn_prompt(self) -> str:
        """The prompt for a solo player (or a spectator of bots)."""
        return ""

    def render_final(self) -> RenderableType | None:
        """What the result screen shows under the standings once the game is over (the hands at
        a showdown); None: nothing more."""
        return None

    def on_game_events(self, events_: list[Event]) -> None:
        """Extra reactions to events (sounds, highlights); the log is handled already."""

    # ---- layout

    def compose(self) -> ComposeResult:
        yield Static(id="title")
        with Grid(id="seats"):
            classes = f"seat {self.seat_style()}".strip()
            for seat in self.panel_order():
                yield SeatPanel(id=f"seat-{seat}", classes=classes)
        yield LinePanel(id="center")
        yield from self.compose_below_center()
        yield LinePanel(id="log")
        yield Static(id="prompt")
        yield KeyBar()

    def panel_order(self) -> list[int]:
        """The seats in the order their panels are laid out: as the players first sat down. Each
        "play again" passes the deal to the left and so numbers the seats one on, but nobody
        moves: a panel stays where its person (and their half of the keyboard) is."""
        players, passes = self.game.players, self.setup.passes
        return [(place - passes) % players for place in range(players)]

    def compose_below_center(self) -> ComposeResult:
        """Widgets between the centre and the log (a turn-based game's hand row)."""
        return iter(())

    def seat_grid(self) -> tuple[int, int]:
        """(columns, rows) of the seat panels: one row up to four players, else two."""
        players = self.game.players
        columns = players if players <= 4 else (players + 1) // 2
        return columns, 1 if players <= columns else 2

    def seat_drawing(self, seat: int) -> RenderableType:
        """What seat ``seat``'s panel shows: the game's ``render_seat``, and whatever a family of
        screens adds to every seat (a turn-based game: the "thinking…" of a searching bot)."""
        return self.render_seat(seat)

    def seat_style(self) -> str:
        """An extra class for every seat panel (arcade.tcss): "line" for one-line rows without a
        frame, "frameless" for panels without a frame; "" for framed panels."""
        return ""

    def on_mount(self) -> None:
        grid = self.query_one("#seats", Grid)
        grid.styles.grid_size_columns, grid.styles.grid_size_rows = self.seat_grid()
        if self.shared is not None:
            self._join_shared(self.shared)
            return
        if len(self.people) == 1 and self.setup.seats[self.people[0]].profile is None:
            # One person with no profile named (``play`` from the command line) plays as this
            # terminal's player: their save says so, and is credited so when it is carried on.
            seat = self.people[0]
            seats = list(self.setup.seats)
            seats[seat] = replace(seats[seat], profile=self.app.player)
            self.setup = replace(self.setup, seats=tuple(seats))
        self.table = Table(
            self.game, self.setup.seats, LoopClock(), pace=self.app.settings.pace, seed=self.setup.seed,
            listener=self._on_table, on_reactions=self._on_reactions,
            person_median=self.app.adaptive_medians.get(self.spec.id),
            thinker=live_thinker(self.app.settings.hard_bot_seconds), think_seconds=self.app.settings.hard_bot_seconds,
        )
        if self.resumed:
            self.add_log(Text("The game carries on from where it was saved.", style="italic"))
        self.refresh_all()
        countdown = self.count_in()
        if countdown > 0:
            self._count = countdown
            self._tick()
            self._countdown = self.set_interval(1.0, self._tick)
        else:
            self._start_play()
            self.refresh_all()

    def _start_play(self) -> None:
        assert self.table is not None
        if self.shared is None:  # a shared table starts itself, for everyone at once
            self.table.start()
        self._playing_since = time.monotonic()

    def _join_shared(self, shared: SharedTable) -> None:
        """Show the shared table from this seat and follow it; its countdown, if it is still on.
        The log starts with what happened before this screen came (a player back from away
        reads what went on meanwhile)."""
        self.table = shared.table
        for event in shared.log:
            self.add_log(self.words(event))
        # The table is told of moves from any session's app: each screen takes the news from its
        # own queue, in its own app.
        self._watcher = shared.attach(self.viewer, lambda events, seat: self.call_later(self._on_table, events, seat),
                                      lambda batch: self.call_later(self._on_reactions, batch))
        self.refresh_all()
        waiting = shared.starts_in()
        if waiting > 0:
            self._count = int(waiting + 0.999)
            self._tick()
            self._countdown = self.set_interval(1.0, self._tick)
        else:
            self._start_play()
            self.refresh_all()

    def count_in(self) -> int:
        """Seconds of "Get ready" before play: a reaction game's countdown; always one when a saved
        game goes on (nobody is caught cold by a card turned at once); none for a new game whose
        first move is the table's own counted move, whose "3, 2, 1" is count enough."""
        if not self.spec.realtime:
            return 0
        if self.resumed:
            return self.app.settings.countdown or self.app.settings.resume_countdown
        if self.game.counted_move() is not None:
            return 0
        return self.app.settings.countdown

    def _tick(self) -> None:
        if self._count > 0:
            if self._said is None:  # (a key answered in the count is read first: the next beat shows)
                self.show("prompt", Text(f"Get ready… {self._count}", style="bold"))
            self._count -= 1
            return
        if self._countdown is not None:
            self._countdown.stop()
            self._countdown = None
        self._start_play()
        self._end_said()  # ("wait for GO" is answered: running out later, it would take GO! down)
        self.show("prompt", Text.assemble(("GO! ", "bold reverse"), " ", self.prompt_line()))

    # ---- refresh

    def game_title(self) -> str:
        """The game's name on its title line (a house rule may rename it)."""
        return self.spec.title

    def title_text(self) -> Text:
        if self.shared is not None:
            return Text.assemble((f" {self.game_title()} ", "bold reverse"), "  ", self.shared_line())
        if self.setup.book is not None:
            rules = f" · {self.setup.book}"
        else:
            rules = " · house rules" if self.setup.options != self.spec.Options() else ""
        return Text.assemble((f" {self.game_title()} ", "bold reverse"), f"  seed {self.setup.seed}{rules}")

    def shared_line(self) -> str:
        """Who watches from here, and each player's measured round trip (their keys' head start
        against the others is half of it; a house rule gives it back)."""
        assert self.shared is not None
        who = "watching" if self.viewer is None else f"you are {self.names[self.viewer]}"
        present = self.shared.people_present  # (someone away has no round trip worth showing)
        trips = [f"{name} {self.shared.round_trips[name] * 1000:.0f} ms" for name in self.names
                 if name in self.shared.round_trips and name in present]
        rule = " (half allowed for)" if self.shared.compensate_rtt else ""
        return f"{who}" + (f" · round trips {', '.join(trips)}{rule}" if trips else "")

    def refresh_all(self) -> None:
        # One view per refresh: every render hook reads ``self.view`` instead of rebuilding it.
        self.view = self.game.view(self.viewer)
        self.show("title", self.title_text())
        for seat in range(self.game.players):
            self.show(f"seat-{seat}", self.seat_drawing(seat))
        self.show("center", self.render_center())
        self.show("log", Lines(self.log_lines))
        if self.table is not None and self.table.started:
            if self._said is None:
                self.show("prompt", Text(self.prompt_line()))
            else:
                self._said_stale = True
        out = self.people_out()
        if out != self._out:
            self._out = out
            self.refresh_bindings()  # the footer offers ">" only now

    def prompt_line(self) -> str:
        """The prompt, and once every person here is out, how to let the bots finish fast."""
        if not self.people_out():
            return self.prompt()
        # Nobody here has a move left, so their keys are not worth the room.
        who = "You are out" if len(self.people) == 1 else "Everyone at this keyboard is out"
        if self.table is not None and self.table.pace > FAST_PACE:
            return f"{who} — > lets the bots finish fast"
        return f"{who}; the bots are finishing fast"

    def people_out(self) -> bool:
        """Whether every person at this table is out of the game while bots play on."""
        humans = self.people
        return bool(humans) and not self.game.is_over and all(self.sitting_out(s) for s in humans)

    def sitting_out(self, seat: int) -> bool:
        """Whether a person has no move of their own left, so may let the bots finish fast (a
        game where one out may still win their way back in says so here)."""
        return self.game.is_out(seat)

    def action_fast_forward(self) -> None:
        if self.table is not None and self.people_out():
            self.table.hurry(FAST_PACE)
            self.show("prompt", Text(self.prompt_line()), answer=True)

    def show(self, widget_id: str, renderable: RenderableType, *, answer: bool = False) -> None:
        """Draw ``renderable`` on ``#widget_id``, unless the widget shows that already (``answer``:
        draw it anyway, as the answer to a key press, so a repeated press is seen to land).

        Only a seat panel (the one auto-height part) can change the layout, and only when its
        number of lines changes: re-laying the whole table after every card was the main cost a
        key press could queue behind. Every update of the table's parts goes through here, so
        the record of what each one shows stays true.
        """
        if not answer and widget_id in self._shown and same_drawing(self._shown[widget_id], renderable):
            return
        self._shown[widget_id] = renderable
        widget = self.query_one(f"#{widget_id}", Static)
        if isinstance(widget, LinePanel):
            widget.update(renderable, layout=False)  # it repaints what changed, and lays out if its height did
            return
        widget.update(renderable, layout=False)
        height = widget.styles.height
        if height is not None and not height.is_auto:
            return
        width = widget.content_size.width
        lines = (line_count(renderable, width) or widget.get_content_height(widget.size, self.app.size, width)
                 if width else None)
        if lines is None or lines != self._lines.get(widget_id):
            if lines is not None:
                self._lines[widget_id] = lines
            widget.refresh(layout=True)

    def thinking(self, seat: int) -> bool:
        """Whether the bot in ``seat`` is working out its move (a seat shows "thinking…")."""
        return self.table is not None and seat in self.table.thinking

    def words(self, event: Event) -> str:
        """An event as a sentence for this table: names filled in, suits as letters in ascii mode."""
        text = event.describe(self.names)
        return ascii_suits(text) if self.app.ascii_glyphs else text

    def add_log(self, text: str | Text) -> None:
        self.history.append(text if isinstance(text, Text) else Text(text))

    @property
    def log_lines(self) -> list[Text]:
        """The lines the log shows: the newest few of the history, a row each (a line that wrapped
        would push the newest out of the log's rows; the whole log, f2, keeps them in full)."""
        width = max(20, self.app.size.width - 2)
        lines = []
        for line in self.history[-self.log_rows():]:
            if line.cell_len > width:
                line = line.copy()
                line.truncate(width, overflow="ellipsis")
            lines.append(line)
        return lines

    def log_rows(self) -> int:
        """The log's height: a tall terminal gives it more rows than ``LOG_LINES``."""
        if self._log_panel is None:  # (looked up once: the log is drawn after every move)
            found = self.query("#log")
            self._log_panel = found.first() if found else None
        return max(self.LOG_LINES, self._log_panel.size.height if self._log_panel is not None else 0)

    _log_panel: LinePanel | None = None

    _sized_for: tuple[int, int] | None = None  # the terminal's size when the screen was last resized

    def on_resize(self, event: events.Resize) -> None:
        # the log's height and the hand's room follow the terminal: drawn again once laid out
        if self._sized_for not in (None, tuple(event.size)):
            self.call_after_refresh(self._redraw_for_size)
        self._sized_for = tuple(event.size)

    def _redraw_for_size(self) -> None:
        if self.table is not None and self.is_mounted and not self._taken_down():
            self.refresh_all()

    def _taken_down(self) -> bool:
        """Whether Textual has begun to take this screen down (quitting, leaving): its widgets
        are going, but a bot's timer may still fire. The table stops there."""
        if is_pruning(self) or not self.is_running:
            if self.table is not None and self.shared is None:  # a shared table plays on for the others
                self.table.close()
            return True
        return False

    def _on_table(self, events_: list[Event], seat: int | None) -> None:
        if self._taken_down():
            return
        for event in events_:
            if event.text:
                self.add_log(self.words(event))
                if event.data.get("penalty") and event.seat in self.people:
                    self.call_out_cost(self.words(event))
        if seat in self.people:
            self._end_said()  # the person's own move: its prompt replaces the message
        self.on_game_events(events_)
        if any(e.kind == "flip" for e in events_):
            self.flash.clear()  # a new card: earlier presses are settled or moot
        if self.game.is_over:
            self._end_said()  # the last frame says the game is over, not an answer from play
        self.refresh_all()
        if self.game.is_over and not self._finished:
            self._finished = True
            self.refresh_bindings()  # the footer drops the game's keys
            self._game_finished()
            self.set_timer(self.app.settings.result_delay, self._show_result)
        elif self._keep and self._autosave is None and not self.game.is_over:
            # A game is never more than this behind on disk, and quick moves write once, not each.
            self._autosave = self.set_timer(self.app.settings.autosave_delay, self._save_in_background)

    def call_out_cost(self, said: str) -> None:
        """A move that cost the one person here, said where it cannot be missed: a pop-up (the
        latest only; they came three deep). At a hot-seat keyboard nobody in particular is
        looking, and "you" would speak to whoever is: the log line names them (and so does a
        hand-over cover's list)."""
        if len(self.people) != 1:
            return
        for note in [n for n in notifications(self.app) if n.title == COST_TITLE]:
            withdraw_notification(self.app, note)
        self.app.notify(said, title=COST_TITLE, severity="warning", timeout=4)

    def _on_reactions(self, batch: list[Reaction]) -> None:
        """After a claim is settled: the winner's time next to every other claimant's, so a
        person sees how close they were (or that they did not react at all)."""
        if self._taken_down():
            return
        stand_ins = self.table.stand_ins if self.table is not None else {}
        for r in batch:
            self.flash.pop(r.seat, None)
            # This keyboard's people only: a shared table tells every screen every claim, and a
            # bot standing in for someone away is not them.
            if r.seat in self.people and r.seat not in stand_ins:
                self.app.record_reaction(self.spec.id, self.names[r.seat], r.seconds, r.outcome)
                self._claims.setdefault(r.seat, []).append(r)
        note = self.reaction_note(batch)
        if note is not None:
            self.add_log(note)
        self.refresh_all()

    def reaction_note(self, batch: list[Reaction]) -> Text | None:
        """The log's line on claims just settled (None: none): every claimant's time, the
        winner's first."""
        ordered = sorted(batch, key=lambda r: (not is_win(r.outcome), r.seconds))
        parts = []
        for r in ordered:
            note = (" wins" if is_win(r.outcome) else " (wrong)" if is_fault(r.outcome)
                    else " (late)" if r.outcome.startswith("late_") else "")
            parts.append(f"{self.names[r.seat]} {r.seconds * 1000:.0f} ms{note}")
        humans = [s for s in self.people if self.raced(s)]
        if humans and not any(r.seat in humans for r in batch) and any(is_win(r.outcome) for r in batch):
            # (said as of now: a press still on its way is settled next, and logged as late)
            parts.append("you had not pressed yet" if len(humans) == 1 else "no one at the keyboard had pressed yet")
        return Text("⏱ " + " · ".join(parts), style="italic")

    def raced(self, seat: int) -> bool:
        """Whether ``seat`` could have won the claim just settled (in most games anyone could)."""
        return True

    def _show_result(self, _: object = None) -> None:
        """The result takes this screen's place, closing the turn's own prompts over it. A screen
        the player opened (the menu, the rules, the log) stays: the result waits until it closes."""
        from cardarcade.ui.screens.result import ResultScreen

        stack = self.app.screen_stack
        if self not in stack:
            return  # the player left or restarted first
        if any(not getattr(s, "CLOSES_WITH_THE_GAME", False) for s in stack[stack.index(self) + 1:]):
            if not self._result_waiting:
                self._result_waiting = True
                self.app.screen_change_signal.subscribe(self, self._show_result)
            return
        if self._result_waiting:
            self.app.screen_change_signal.unsubscribe(self)
        self._keep_adaptive_median()  # before the next game of the session is set up
        tuning = self.table.adaptive_summary() if self.table is not None else None
        reactions = {self.names[seat]: self.app.session_reactions(self.spec.id, self.names[seat]) for seat in self.people}
        self.replace_with(ResultScreen(self.setup, self.game, reactions, self.render_final(), tuning,
                                       again=self.shared is None, people=self.people))

    def replace_with(self, screen: Screen) -> None:
        """Put ``screen`` in this one's place, closing whatever is open on top of it (a hot-seat
        cover, a dialog) without acting on it. Nothing, if this screen has gone already."""
        stack = self.app.screen_stack
        if self not in stack:
            return
        for _ in stack[stack.index(self) + 1:]:
            self.app.pop_screen()
        self.app.switch_screen(screen)

    # ---- input

    async def on_event(self, event: events.Event) -> None:
        # A key is queued for the screen on top when it arrives, and acted on when this screen
        # comes to it: in a burst, after the keys before it have acted, and one of those may have
        # put something over this screen (enter asking Go Fish's "ask whom?", the too-small
        # notice). A game's own key handlers acted on the keys behind it underneath: each enter
        # asked the question again, a stack of questions that ignored F1 and took an escape
        # apiece; a card played under the notice put the next hot-seat cover over it. Such a
        # key was made before anyone saw the new screen: it is let go (and said, with a storm's
        # others). Here, before any game's on_key: they all act on keys directly.
        if isinstance(event, events.Key) and not self.is_active:
            event.stop()
            event.prevent_default()
            self.app.let_key_go()
            return
        await super().on_event(event)

    async def on_key(self, event: events.Key) -> None:
        mapped = self.keymap.lookup(event.key)
        if mapped is None:
            return
        event.stop()
        event.prevent_default()
        seat, verb = mapped
        self._end_said()  # a person's next key: its answer replaces the message
        self.do_verb(seat, verb, event.time)

    def do_verb(self, seat: int, verb: str, t: float | None = None) -> None:
        table = self.table
        if table is None or not table.started or table.paused or self.game.is_over:
            return
        claim = self.claim_for(seat, verb)
        if claim is not None:
            kind, target = claim
            # (a shared table's house rule may allow for the player's round trip)
            (self.shared or table).claim(seat, kind, t, target)
            self.flash[seat] = self.claim_flash(kind, target)
            self.show(f"seat-{seat}", self.render_seat(seat), answer=True)
            return
        action = self.action_for(seat, verb)
        if action is None:
            self.notify_not_now(seat, verb)
            return
        try:
            table.submit(seat, action, t)
        except IllegalAction:
            self.notify_not_now(seat, verb)

    def claim_for(self, seat: int, verb: str) -> tuple[str, int | None] | None:
        """The claim a verb makes, as (action kind, target seat), or None if it is not a claim."""
        claim = self.CLAIM_VERBS.get(verb)
        if claim is None:
            return None
        return (claim, None) if isinstance(claim, str) else claim

    def claim_flash(self, kind: str, target: int | None) -> str:
        """The note shown on the claimant's panel until the claim is settled: 'SLAP!'."""
        return kind.replace("_", " ").upper() + "!"

    def action_for(self, seat: int, verb: str) -> Action | None:
        """The action a verb means for this seat now (None: nothing sensible to do)."""
        legal = self.game.legal_actions(seat)
        return next((a for a in legal if a.kind == verb), None)

    def notify_not_now(self, seat: int, verb: str) -> None:
        self.say(f"{self.names[seat]}: not now — {self.prompt()}")

    def say(self, text: str) -> None:
        """A passing message on the prompt line (until the next refresh), in the player's glyphs."""
        if self.app.ascii_glyphs:
            text = ascii_suits(text)
        self.show("prompt", Text(text, style="italic"), answer=True)
        self._end_said()
        self._said_stale = False
        self._said = self.set_timer(SAID_HOLD, self._said_over)

    def _end_said(self) -> None:
        if self._said is not None:
            self._said.stop()
            self._said = None

    def _said_over(self) -> None:
        self._said = None
        # at a hot-seat keyboard the prompt is the players' key line: it comes back even if nothing moved
        due = self._said_stale or len(self.people) > 1
        if due and not self._taken_down() and self.table is not None and self.table.started:
            self.show("prompt", Text(self.prompt_line()))

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        # The solo keys (enter, space...) mean nothing at a hot-seat table, where each person has
        # a half of the keyboard shown on the prompt line: the footer leaves them out.
        if action == "verb" and self.viewer is None:
            return False
        if self.shared is not None and self.viewer is None and action not in WATCHING_ACTIONS:
            return False  # a spectator has no hand to move along nor a move to make
        if self.game.is_over and action not in WATCHING_ACTIONS:
            return False  # the result is on its way: the footer offers no move
        if action == "fast_forward":
            return self._out and self.shared is None  # the others at a shared table play on at their pace
        return True

    def action_verb(self, verb: str) -> None:
        """Footer clicks and solo keys not caught by the keymap: the solo player's verb, timed now."""
        if self.viewer is not None:
            self.do_verb(self.viewer, verb)

    # ---- pausing, menus

    def on_screen_suspend(self) -> None:
        if self.table is not None and self.shared is None:  # a shared table plays on for the others
            self.table.pause()
        if self._countdown is not None:
            self._countdown.pause()
        if self._playing_since is not None:
            self._played += time.monotonic() - self._playing_since
            self._playing_since = None

    def on_screen_resume(self) -> None:
        if self.table is not None and self.table.started:
            if self.shared is None:
                self.table.resume()
            if self._playing_since is None:
                self._playing_since = time.monotonic()
        if self._countdown is not None:
            self._countdown.resume()

    def on_unmount(self) -> None:
        # However the game is left (the menu, q, the terminal closing, SIGTERM), it is saved; a
        # shared table's seat is kept for its player and a bot plays it meanwhile.
        if self.shared is not None:
            if self._watcher is not None:
                self.shared.detach(self._watcher)
            if self.viewer is not None:
                why = "lost the connection" if self.app.is_ending else "left the table"
                self.shared.stand(self.setup.seats[self.viewer].name, self.app.seat_holder, why)
        elif self.table is not None:
            self.table.close()
            self._keep_adaptive_median()
        self._record_claims()
        if self._keep and not self.game.is_over and self.table is not None:
            self.save_now(said=False)
        if self.shared is None and self.save_id is not None:
            # Let go once its last write is on disk (the same queue, in order): another window
            # may carry it on from then.
            save_id, saves = self.save_id, self.app.store.saves
            self.app.store_in_background(lambda: saves.let_go(save_id), "The saved game could not be let go")

    # ---- saving, and the statistics

    @property
    def elapsed(self) -> float:
        """Seconds this game has been played (paused time left out), saved sessions included."""
        running = time.monotonic() - self._playing_since if self._playing_since is not None else 0.0
        return self._played + running

    def _encoded(self) -> tuple[str, bytes]:
        from cardarcade.store.saves import encode, new_save_id

        if self.save_id is None:
            self.save_id = new_save_id(self.spec.id)
        return self.save_id, encode(self.save_id, self.setup, self.game, self.elapsed,
                                    log=[line.plain for line in self.history], seen=self.log_seen())

    def log_seen(self) -> dict[int, int]:
        """How many lines of the log each person had seen, where the table hides it from them
        between turns (a hot-seat cover); kept with the save."""
        return {}

    def _save_in_background(self) -> None:
        """The autosave: the game encoded here, as it stands, and written by a worker thread."""
        self._autosave = None
        if self._keep and not self.game.is_over and not self._taken_down():
            save_id, data = self._encoded()
            saves = self.app.store.saves  # (made here, on the app's thread: holds are kept by it)
            # held from its first write: another window lists it as open here
            self.app.store_in_background(lambda: saves.write(save_id, data, hold=True), "The game could not be saved")

    def save_at_once(self) -> None:
        """Write the game now, in the calling thread: the terminal is gone and the process is
        about to end (ArcadeApp.terminal_lost); a failure is only logged, there is no one to tell."""
        if not self._keep or self.game.is_over or self.table is None:
            return
        from cardarcade.store.saves import SaveFailed

        save_id, data = self._encoded()
        try:
            self.app.store.saves.write(save_id, data, hold=True)
        except (OSError, SaveFailed) as exc:
            self.log.error(f"the game could not be saved as the terminal went: {exc}")

    def save_now(self, said: bool = True) -> None:
        """Save the game as it stands now (it is being left), after any save already under way;
        ``said``: tell the player once it is written."""
        if self._autosave is not None:
            self._autosave.stop()
            self._autosave = None
        save_id, data = self._encoded()
        app = self.app

        def saved() -> None:
            app.redraw()  # the menu counts the saves
            if said:
                app.notify("Game saved: c on the menu continues it.", timeout=4)

        saves = app.store.saves
        app.store_in_background(lambda: saves.write(save_id, data, hold=True), "The game could not be saved", saved)

    def discard(self) -> None:
        """Nothing of this game is to be kept: it was given up, or dealt again."""
        self._keep = False
        if self._autosave is not None:
            self._autosave.stop()
            self._autosave = None
        if self.save_id is not None:
            save_id, self.save_id, store = self.save_id, None, self.app.store
            self.app.store_in_background(lambda: store.saves.remove(save_id), "An old save could not be removed",
                                         self.app.redraw)

    def profile_of(self, seat: int) -> str | None:
        """The profile a person's seat plays as: the one chosen for it, else this terminal's
        player when one person plays; None for a bot or an unnamed hot-seat player."""
        info = self.setup.seats[seat]
        if info.is_bot:
            return None
        if info.profile is not None:
            return info.profile
        return self.app.player if len(self.people) == 1 else None

    def _game_finished(self) -> None:
        """The game is over: its save goes, and it goes into the statistics."""
        duration = self.elapsed
        self.discard()
        self._record_claims()
        if self.shared is not None:
            return  # the server records a shared table's game, once
        profiles = {s: p for s in self.people if (p := self.profile_of(s)) is not None}
        setup, game, book, store = self.setup, self.game, self.setup.book, self.app.store
        self.app.store_in_background(lambda: store.stats.record_game(setup, game, duration, profiles, book),
                                     "The statistics could not be recorded")

    def _record_claims(self) -> None:
        """The people's reaction times so far go into the statistics (at the end, or on leaving)."""
        claims, self._claims = self._claims, {}
        store, game_id = self.app.store, self.spec.id
        for seat, reactions in claims.items():
            profile = self.profile_of(seat)
            if profile is not None and reactions:
                self.app.store_in_background(
                    lambda p=profile, r=reactions: store.stats.record_reactions(game_id, p, r),
                    "The statistics could not be recorded")

    def _keep_adaptive_median(self) -> None:
        median = self.table.adaptive_median() if self.table is not None else None
        if median is not None:
            self.app.adaptive_medians[self.spec.id] = median

    def action_pause(self) -> None:
        from cardarcade.ui.screens.pause import PauseScreen

        self.app.push_screen(PauseScreen(self.setup, self.history, shared=self.shared is not None), self._after_pause)

    def _after_pause(self, choice: str | None) -> None:
        if choice == "restart":
            self.discard()
            self.replace_with(type(self)(self.setup.redeal()))
        elif choice == "leave":
            self.save_and_leave()
        elif choice == "give_up":
            self.discard()
            self.app.leave_game()

    def save_and_leave(self) -> None:
        """Back to the menu with the game saved, saying so (or why it could not be)."""
        if self._keep and not self.game.is_over:
            self.save_now()
            self._keep = False  # saved just now: leaving does not save it again
        self.app.leave_game()

    def action_rules(self) -> None:
        from cardarcade.ui.screens.rules import RulesScreen

        self.app.push_screen(RulesScreen(self.spec, self.setup.options, book=self.setup.book))

    def action_history(self) -> None:
        from cardarcade.ui.screens.pause import HistoryScreen

        self.app.push_screen(HistoryScreen(self.game_title(), self.history))

    def action_leave(self) -> None:
        from cardarcade.ui.screens.pause import ConfirmScreen

        if self.game.is_over:
            self.app.leave_game()
            return
        if self.shared is not None:
            question = ("Stop watching?" if self.viewer is None else
                        "Leave the table? A bot plays your seat, kept for you for a few minutes: "
                        "sit down again from the lobby.")
            self.app.push_screen(ConfirmScreen(question), lambda yes: self.app.leave_game() if yes else None)
            return
        self.app.push_screen(ConfirmScreen("Leave this game? It is saved: c on the menu continues it."),
                             lambda yes: self.save_and_leave() if yes else None)

    # ---- helpers for subclasses

    def seat_header(self, seat: int, active: bool) -> Text:
        name = self.names[seat]
        marker = "▶ " if active else "  "
        style = "bold reverse" if active else "bold"
        text = Text.assemble((marker + name, style))
        if seat in self.flash:
            text.append(f"  {self.flash[seat]}", style="bold blink")
        return text

    def stack_text(self, words: str) -> Text:
        """A face-down stack and what it holds: '▚ 12 cards'."""
        return Text.assemble(("▚ ", "bold"), words)

    def card_label(self, card: Card) -> Text:
        """A card inline, coloured by suit in this app's palette and glyphs, on a chip of its face
        colour: the suits' colours are chosen for the face, and a black or red suit can all but
        vanish on a dark felt."""
        return card_text(card, self.app.palette, self.app.ascii_glyphs, chip=True)

    def cards_after(self, label: str, cards: Iterable[Card]) -> Text:
        """``label`` and then the cards inline, each followed by a space ('Ann took the last trick: 9♠ K♠ ')."""
        line = Text(label)
        for card in cards:
            line.append_text(self.card_label(card))
            line.append(" ")
        return line

    def seat_level(self, seat: int) -> str:
        """'medium' for a bot seat, '' for a person."""
        info = self.setup.seats[seat]
        return (info.level or "") if info.is_bot else ""
