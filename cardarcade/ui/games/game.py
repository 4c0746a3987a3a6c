"""The game screen every game builds on: seats around, the centre, a log, a prompt, the keys.

A game's screen subclasses ``GameScreen`` and says how to draw a seat and the centre from the
game's view, and which verbs its keys map to. The screen draws and maps keys; the game itself is
played through a ``TableSurface`` (``table/session.py``): a ``LocalSession`` for solo and
hot-seat play, or this terminal's ``SharedSeat`` at a table shared over the network. The
surface owns the table, its clock, the count-in, saving and the statistics.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from rich.console import RenderableType
from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Grid
from textual.widgets import Static

from cardarcade.rules.base import Action, Event, IllegalAction, Options
from cardarcade.table.session import TableSurface
from cardarcade.seating import GameSetup, Reaction
from cardarcade.table.table import Table
from cardarcade.ui.keymaps import HALVES, PAUSE, Keymap, Keys
from cardarcade.ui.games._coach import HintSide
from cardarcade.ui.games._drawing import DrawnScreen
from cardarcade.ui.games._log import GameLog
from cardarcade.ui.games._prompt import PromptLine
from cardarcade.ui.games._session import SessionSide
from cardarcade.ui.textual_compat import is_pruning
from cardarcade.ui.widgets.cards import TALL_LINES
from cardarcade.ui.widgets.keybar import HINT_KEY, KeyBar
from cardarcade.ui.widgets.lines import LinePanel, Lines

if TYPE_CHECKING:
    from cardarcade.store.saves import SavedGame
    from cardarcade.table.shared import SharedTable


# What someone watching a shared table may do: the menu, the rules, the log, leave.
WATCHING_ACTIONS = frozenset({"pause", "rules", "history", "leave"})


class SeatPanel(LinePanel):
    """One player's corner of the table."""


class GameScreen(SessionSide, HintSide, PromptLine, GameLog, DrawnScreen):
    """Base for game screens. Subclasses declare their keys (``KEYS``) and implement the render hooks."""

    # The game's keys, declared once (ui/keymaps.py): its bindings, keymap, hot-seat key line and
    # the rules' keys section all come from here. ``BINDINGS`` keep the table's own keys.
    KEYS: ClassVar[Keys] = Keys()
    # verb -> the claim it sends: an action kind, or (kind, target seat). Claims are stamped
    # with the press time and arbitrated by the table.
    CLAIM_VERBS: ClassVar[dict[str, str | tuple[str, int]]] = {}
    # "-tall" on a terminal with room for larger cards and a longer log (arcade.tcss)
    VERTICAL_BREAKPOINTS = [(0, "-short"), (TALL_LINES, "-tall")]
    # People at one keyboard: each owns half of it here. None: any number, taking turns.
    MAX_PEOPLE: ClassVar[int | None] = len(HALVES)
    BINDINGS = [
        # The menu: escape on every table; a game's KEYS add p where it leaves p free (``with_pause``).
        PAUSE.worded(solo="escape").binding(),
        Binding("f1", "rules", "Rules"),
        Binding("question_mark", "rules", "Rules", show=False),
        Binding("q", "leave", "Leave"),
        Binding("f2", "history", "Log"),
        Binding("greater_than_sign", "fast_forward", "Bots finish fast", key_display=">"),
    ]

    surface: TableSurface | None = None  # what the game is played through, once the screen is up

    def __init_subclass__(cls, **kwargs) -> None:
        if "KEYS" in cls.__dict__:  # (before Textual merges the classes' bindings)
            cls.KEYS = cls.KEYS.with_pause()  # (the table's menu on the keys this game leaves free)
            cls.BINDINGS = [*cls.key_bindings(), *cls.__dict__.get("BINDINGS", [])]
        super().__init_subclass__(**kwargs)

    @classmethod
    def key_bindings(cls) -> list[Binding]:
        """The bindings of the keys declared (the footer's entries and what a click does)."""
        return cls.KEYS.bindings()

    @classmethod
    def table_keys(cls, options: Options) -> Keys:
        """The keys at a table with these house rules (one may word a key: a gesture's name)."""
        return cls.KEYS

    def __init__(
        self,
        setup: GameSetup,
        saved: SavedGame | None = None,
        shared: SharedTable | None = None,
        seat: int | None = None,
    ) -> None:
        """A new game from ``setup``, or the game ``saved`` carried on, or this terminal's ``seat``
        at a ``shared`` table (people at other terminals; None: watching it)."""
        super().__init__()
        self.setup = setup
        self.spec = setup.spec
        self.shared_table = shared
        if shared is not None:
            assert shared.table is not None, "a shared table is joined once dealt"
            self.game = shared.table.game
        else:
            self.game = saved.game if saved is not None else setup.new_game()
        self.saved = saved
        self.resumed = saved is not None
        self.names = setup.names
        # The seats played at this keyboard: every person's, or at a shared table this terminal's own.
        self.people: list[int] = setup.human_seats if shared is None else [seat] if seat is not None else []
        humans = self.people
        self.viewer: int | None = humans[0] if len(humans) == 1 else None
        self.view = self.game.view(self.viewer)
        self.keys = self.table_keys(setup.options)
        self.keymap: Keymap = self.keys.keymap(humans)
        self._seen_when_saved = dict(saved.seen) if saved is not None else {}  # hot-seat: lines each person had seen
        self.flash: dict[int, str] = {}  # seat -> short note shown on its panel ("SLAP!")
        self._finished = False
        self._result_waiting = False  # the game is over, but the player has a screen of theirs open
        self._out = False  # every person here is out (the footer then offers ">")

    @property
    def shared(self) -> bool:
        """Whether people at other terminals play at this table (it plays on while this screen is away)."""
        return self.shared_table is not None

    @property
    def table(self) -> Table | None:
        return self.surface.table if self.surface is not None else None

    # ---- hooks for subclasses

    def render_seat(self, seat: int) -> RenderableType:
        raise NotImplementedError

    def render_center(self) -> RenderableType:
        raise NotImplementedError

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
        yield LinePanel(id="prompt")  # (two or three prompts come back turn after turn: their lines kept)
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
        surface = self.surface = self.open_surface()
        # The log starts with what happened before this screen came: a saved game's lines, or
        # what went on at a shared table before a player (back from away) sat down again.
        for entry in surface.log_so_far():
            self.add_log(entry if isinstance(entry, str) else self.words(entry))
        if self.resumed:
            self.add_log(Text("The game carries on from where it was saved.", style="italic"))
        surface.attach(self.viewer, self._on_table, self._on_reactions)
        self.refresh_all()
        surface.start(self.count_in())
        self._tick()

    # ---- refresh

    def game_title(self) -> str:
        """The game's name on its title line (a house rule may rename it)."""
        return self.spec.title

    def title_text(self) -> Text:
        line = self.surface.title_line() if self.surface is not None else ""
        return Text.assemble((f" {self.game_title()} ", "bold reverse"), "  ", line)

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

    def thinking(self, seat: int) -> bool:
        """Whether the bot in ``seat`` is working out its move (a seat shows "thinking…")."""
        return self.table is not None and seat in self.table.thinking

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
            if self.surface is not None:
                self.surface.close()
            return True
        return False

    def _on_table(self, events_: list[Event], seat: int | None) -> None:
        if self._taken_down():
            return
        if self._counting:  # a beat of the count-in, or play begun
            self._tick()
            if not events_:
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
            self._finished = True  # (the table's surface records the game and lets its save go)
            self.refresh_bindings()  # the footer drops the game's keys
            self.set_timer(self.app.settings.result_delay, self._show_result)

    def _on_reactions(self, batch: list[Reaction]) -> None:
        """After a claim is settled: the winner's time next to every other claimant's, so a
        person sees how close they were (or that they did not react at all)."""
        if self._taken_down():
            return
        for r in batch:
            self.flash.pop(r.seat, None)
        note = self.reaction_note(batch)
        if note is not None:
            self.add_log(note)
        self.refresh_all()

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
            self.app.key_intake.let_go()
            return
        await super().on_event(event)

    async def on_key(self, event: events.Key) -> None:
        mapped = self.keymap.lookup(event.key)
        if mapped is None:
            if event.key == HINT_KEY and not self.keys.letters_typed:  # (a reaction game: nothing to advise)
                event.stop()
                self.action_hint()
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
            self.surface.claim(seat, kind, t, target)
            self.flash[seat] = self.claim_flash(kind, target)
            self.show(f"seat-{seat}", self.render_seat(seat), answer=True)
            return
        action = self.action_for(seat, verb)
        if action is None:
            self.notify_not_now(seat, verb)
            return
        try:
            self.surface.submit(seat, action, t)
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

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        # The solo keys (enter, space...) mean nothing at a hot-seat table, where each person has
        # a half of the keyboard shown on the prompt line: the footer leaves them out.
        if action == "verb" and self.viewer is None:
            return False
        if self.shared and self.viewer is None and action not in WATCHING_ACTIONS:
            return False  # a spectator has no hand to move along nor a move to make
        if self.game.is_over and action not in WATCHING_ACTIONS:
            return False  # the result is on its way: the footer offers no move
        if action == "fast_forward":
            return self._out and not self.shared  # the others at a shared table play on at their pace
        return True

    def action_verb(self, verb: str) -> None:
        """Footer clicks and solo keys not caught by the keymap: the solo player's verb, timed now."""
        if self.viewer is not None:
            self.do_verb(self.viewer, verb)

    # ---- helpers for subclasses

    def seat_header(self, seat: int, active: bool) -> Text:
        name = self.names[seat]
        marker = "▶ " if active else "  "
        style = "bold reverse" if active else "bold"
        text = Text.assemble((marker + name, style))
        if seat in self.flash:
            text.append(f"  {self.flash[seat]}", style="bold blink")
        return text

    def seat_level(self, seat: int) -> str:
        """'medium' for a bot seat, '' for a person."""
        info = self.setup.seats[seat]
        return (info.level or "") if info.is_bot else ""
