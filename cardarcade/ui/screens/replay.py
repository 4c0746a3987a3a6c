"""The replay screen: a finished game again, move by move, drawn by the game's own table screen.

``ReplayScreen(replay, at_move=N)`` opens at move N (the coach opens a move it talks about). It is
the game's own screen (``ui/games``) made read-only: its seats, centre and log are drawn as in
play, from the game as it stood after the move shown (``replay.Positions``), and its table is
never started, so no bot plans, no save is written and nothing is recorded. Its keys are the
replay's own: step back and forth, play and pause at a speed (1x is the real pace), follow any
seat, jump to the start or the end, and jump to the moves that decided the game: ``d`` has the
strong bot weigh the followed seat's decisions off the loop the first time (``Decisive``, in the
bots' worker), then each press shows the next of the biggest swings in its figure for that seat.

Whose view is shown is said on the title line. The game is over, so no hand is secret any more:
any seat may be followed, and ``a`` shows every hand the game's views hold, under the table.

Held keys (autorepeat) only move the target: the table is drawn once per frame at most, at the
move reached, however many presses came in between.
"""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING, Any, ClassVar

from rich.text import Text
from textual import events, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from cardarcade.bots.coach import has_decisions, nothing_to_advise
from cardarcade.replay import Move, Positions, Replay, clock_text, move_said
from cardarcade.rules.base import Action, Event, IllegalAction
from cardarcade.seating import Seat
from cardarcade.store.replays import BadReplay, ReplayEntry, ReplayStore
from cardarcade.table.clock import VirtualClock
from cardarcade.table.coaching import Decisive, Swing
from cardarcade.table.thinking import InlineThinker, Thinker, live_thinker
from cardarcade.table.session import EventsListener, ReactionsListener, Watcher
from cardarcade.table.table import Table
from cardarcade.ui.widgets.cards import ascii_suits
from cardarcade.ui.widgets.keybar import KeyBar

if TYPE_CHECKING:
    from cardarcade.ui.games._log import LogHistory

SPEEDS = (1, 2, 4, 8, 16, 64)
LONGEST_WAIT = 10.0  # seconds: a longer pause between two moves is played in this (a person away)
NOTE_WIDTH = 78  # the status line's room at 80 columns
SHORTEST_WAIT = 0.02  # seconds: faster moves are drawn a frame apart at most
REPLAY_ACTIONS = frozenset(
    {"step", "jump", "play", "speed", "follow", "every_hand", "decisive", "leave", "rules", "history"}
)


class ReplaySurface:
    """The table a replay screen plays at: one never started (``TableSurface`` read-only)."""

    shared = False

    def __init__(self, replay: Replay, game: Any) -> None:
        people = [Seat(s.name) for s in replay.setup.seats]  # (no bot made: nobody is to move)
        self.table = Table(game, people, VirtualClock())

    def attach(self, seat: int | None, on_events: EventsListener, on_reactions: ReactionsListener) -> Watcher:
        return Watcher(seat, on_events, on_reactions)

    def detach(self, watcher: Watcher) -> None:
        pass

    def start(self, count_in: int) -> None:
        pass

    def starts_in(self) -> float:
        return 0.0

    def claim(self, seat: int, kind: str, t: float | None = None, target: int | None = None) -> None:
        pass

    def submit(self, seat: int, action: Action, t: float | None = None) -> object:
        raise IllegalAction("a replay is watched, not played")

    def pause(self) -> None:
        pass

    def resume(self) -> None:
        pass

    def hurry(self, pace: float) -> None:
        pass

    def log_so_far(self) -> list[str | Event]:
        return []

    hints_allowed = False  # (nobody is to move: REPLAY_ACTIONS keeps h out anyway)

    def note_hint(self, seat: int) -> None:
        pass

    def title_line(self) -> str:
        return ""

    def save_now(self, said: bool = True) -> None:
        pass

    def save_at_once(self) -> None:
        pass

    def discard(self) -> None:
        pass

    def save_for_later(self) -> None:
        pass

    def leave(self, lost: bool = False) -> None:
        self.table.close()

    def close(self) -> None:
        self.table.close()


class ReplayScreen(Screen):
    """A replay, on its game's own screen: ``ReplayScreen(replay, at_move=N)`` makes the screen of
    the replay's game (a class made once per game: ``_replay_class``)."""

    # A short visit, from the replays' list: the menu under it keeps its widgets and drawn lines
    # (a game's table lets them go: ``ArcadeApp._let_go_of_hidden_lines``).
    is_table = False
    BINDINGS: ClassVar[list[Binding]] = [
        Binding("left,h,comma", "step(-1)", "Prev", key_display="←"),
        Binding("right,l,full_stop", "step(1)", "Next", key_display="→"),
        Binding("space", "play", "Play"),
        Binding("plus,equals_sign", "speed(1)", "Faster", key_display="+"),
        Binding("minus", "speed(-1)", "Slower", show=False),
        Binding("tab,f", "follow", "Follow"),
        Binding("a", "every_hand", "All hands", show=False),
        Binding("d", "decisive", "Decisive"),
        Binding("home", "jump(0)", "Start", show=False),
        Binding("end", "jump(-1)", "End", show=False),
        Binding("pageup", "step(-20)", show=False),
        Binding("pagedown", "step(20)", show=False),
        Binding("escape,q", "leave", "Leave"),
        # (the game screen's, off the bar: the replay's own keys need its room at 80 columns)
        Binding("f1,question_mark", "rules", "Rules", show=False),
        Binding("f2", "history", "Log", show=False),
    ]

    # (the game's screen supplies these: the mixin only reads them)
    game: Any
    viewer: int | None
    names: list[str]
    people: list[int]
    keymap: Any
    keys: Any
    history: LogHistory
    surface: Any

    def __new__(
        cls,
        replay: Replay,
        at_move: int | None = None,
        positions: Positions | None = None,
        thinker: Thinker | None = None,
    ) -> ReplayScreen:
        if cls is ReplayScreen:
            cls = _replay_class(replay.setup.spec.id)
        return super().__new__(cls)

    def __init__(
        self,
        replay: Replay,
        at_move: int | None = None,
        positions: Positions | None = None,
        thinker: Thinker | None = None,
    ) -> None:
        """``at_move``: the move to open at (0: before the first; None: the end, the game over).
        ``positions``: the replay's moves worked through already (off the event loop: ``opened``).
        ``thinker``: where the decisive moves are weighed (default: the bots' worker, as in play)."""
        self.replay = replay
        self.positions = positions if positions is not None else Positions(replay)
        total = len(self.positions)
        self.shown = total if at_move is None else max(0, min(at_move, total))
        # (the game screen deals a game of its own; the replay's, after ``shown`` moves, replaces it)
        super().__init__(replay.setup)  # type: ignore[call-arg]
        self.people = []  # nobody plays here: no hot-seat cover, no prompt to play
        humans = replay.setup.human_seats
        self._follow(humans[0] if humans else 0)
        self.every_hand = False
        self.speed = 0  # index into SPEEDS
        self.playing = False
        self._target = self.shown
        self._draw_due = False
        self._timer: Any = None
        self._thinker = thinker
        # followed seat -> the moves that decided the game, and what was not weighed in time
        self._decisive: dict[int, tuple[list[Swing], str]] = {}
        self._weighing: Decisive | None = None  # the weighing under way
        self._weighing_said = "Weighing"  # (a second press while it works: "Still weighing")
        self.note: str | None = None  # a line in place of the keys' help, until the next move shown

    # ---- the game screen's session, read-only

    def open_surface(self) -> ReplaySurface:
        return ReplaySurface(self.replay, self.game)

    def count_in(self) -> int:
        return 0

    def cursor_mark(self, active: bool) -> str:
        """No hand cursor: nobody picks a card here."""
        return ""

    def _tick(self) -> None:
        """(No count-in: the game is not played here.)"""

    def on_mount(self) -> None:
        super().on_mount()  # type: ignore[misc]
        self._show(self.shown, rebuild_log=True)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return action in REPLAY_ACTIONS

    async def on_key(self, event: events.Key) -> None:
        # Before the game's own key handlers (first in the order Textual calls them), which would
        # take arrows, letters and digits for play: every key is the replay's, or nothing.
        event.stop()
        event.prevent_default()
        for binding in self._bindings.key_to_bindings.get(event.key, []):
            if binding.action.partition("(")[0] in REPLAY_ACTIONS:
                await self.run_action(binding.action)
                return

    # ---- drawing

    def title_text(self) -> Text:
        total = len(self.positions)
        at = self.replay.moves[self.shown - 1].at if self.shown else 0.0
        whose = "every hand" if self.every_hand else self._whose_view()
        state = f"playing {SPEEDS[self.speed]}x" if self.playing else "paused"
        return Text.assemble(
            (f" Replay: {self.replay.title} ", "bold reverse"),
            f"  move {self.shown}/{total} · {clock_text(at)} · {state} · showing {whose}",
        )

    def _whose_view(self) -> str:
        if self.viewer is None:
            return ""
        name = self.names[self.viewer]
        return "your view" if name == "You" else f"{name}'s view"

    def refresh_all(self) -> None:
        super().refresh_all()  # type: ignore[misc]
        self.show("prompt", self._status())  # type: ignore[attr-defined]

    def _status(self) -> Text:
        if self.note is not None:
            return Text(ascii_suits(self.note) if self.app.ascii_glyphs else self.note, style="italic")  # type: ignore[attr-defined]
        if self.shown == len(self.positions):
            said = self.replay.result or "The game is over."
            if self.every_hand:
                said += "  " + self._hands()
            return Text(said, style="bold")
        if self.every_hand:
            return Text(self._hands())
        return Text("← → step · space play · + − speed · tab follow · a all hands · home/end", style="dim")

    def _hands(self) -> str:
        """Every seat's hand as its own view holds it (the game is over: none is secret now)."""
        game, parts = self.game, []
        for seat, name in enumerate(self.names):
            hand = getattr(game.view(seat), "hand", None)
            if isinstance(hand, list):
                parts.append(f"{name}: {' '.join(str(c) for c in hand) or '-'}")
        return " | ".join(parts) if parts else "The game's views hold no hands."

    # ---- moving through the game

    def _show(self, n: int, rebuild_log: bool = False) -> None:
        """Draw the game after its first ``n`` moves (stepping one forward adds its line to the
        log; any other move shows the lines of the moves before it)."""
        one_on = n == self.shown + 1 and not rebuild_log
        if n != self.shown:
            self.note = None
        self.shown = self._target = n
        game = self.positions.at(n)
        self.game = game
        if self.surface is not None:
            self.surface.table.game = game
        if one_on:
            move = self.replay.moves[n - 1]
            for line in move_said(move, self.positions.events, self.names):  # (one event a line, as in play)
                self.add_log(line)  # type: ignore[attr-defined]
            self.on_game_events(self.positions.events)  # type: ignore[attr-defined]
        else:
            self._log_before(n)
        self.refresh_all()

    def _log_before(self, n: int) -> None:
        """The log as it stood at move ``n``: the lines of the few moves before it."""
        self.history[:] = [Text(line) for line in self.positions.lines_before(n)]
        self.game = self.positions.at(n)

    def _aim(self, n: int) -> None:
        """Move the target; the table is drawn once the keys held down have been read."""
        self._target = max(0, min(n, len(self.positions)))
        if not self._draw_due:
            self._draw_due = True
            self.call_after_refresh(self._draw_target)

    def _draw_target(self) -> None:
        self._draw_due = False
        if self._target != self.shown and self.is_attached:
            self._show(self._target)

    def action_step(self, by: int) -> None:
        self._stop()
        self._aim(self._target + by)

    def action_jump(self, to: int) -> None:
        self._stop()
        self._aim(len(self.positions) if to < 0 else to)

    def action_follow(self) -> None:
        self._follow(0 if self.viewer is None else (self.viewer + 1) % len(self.names))
        self.refresh_all()

    def _follow(self, seat: int) -> None:
        """Show the table as ``seat`` saw it: its hand, its keys under its cards as in play (the
        keys do nothing here: ``on_key``), its box in a game of typed words."""
        self.viewer = seat
        self.keymap = self.keys.keymap([seat])
        boxes = getattr(self, "boxes", None)
        if isinstance(boxes, dict):
            boxes.setdefault(seat, "")

    def action_every_hand(self) -> None:
        self.every_hand = not self.every_hand
        self.refresh_all()

    def action_speed(self, by: int) -> None:
        self.speed = max(0, min(len(SPEEDS) - 1, self.speed + by))
        self.refresh_all()

    def action_play(self) -> None:
        if self.playing:
            self._stop()
        else:
            if self._target != self.shown:  # (a step or jump not drawn yet: play from where it aims)
                self._show(self._target)
            if self.shown == len(self.positions):
                self._show(0, rebuild_log=True)
            self.playing = True
            self._next()
        self.refresh_all()

    def _stop(self) -> None:
        self.playing = False
        if self._timer is not None:
            self._timer.stop()
            self._timer = None

    def _next(self) -> None:
        """Wait as long as the game did before the next move (at the speed chosen), then show it."""
        if not self.playing or self.shown >= len(self.positions):
            self._stop()
            self.refresh_all()
            return
        moves: tuple[Move, ...] = self.replay.moves
        before = moves[self.shown - 1].at if self.shown else 0.0
        wait = min(LONGEST_WAIT, moves[self.shown].at - before) / SPEEDS[self.speed]
        self._timer = self.set_timer(max(SHORTEST_WAIT, wait), self._play_one)

    def _play_one(self) -> None:
        self._timer = None
        if self.playing and self.is_attached:
            self._show(self.shown + 1)
            self._next()

    # ---- the moves that decided the game

    def action_decisive(self) -> None:
        spec = self.replay.setup.spec
        if not has_decisions(spec):
            self._note(nothing_to_advise(spec.title, spec.realtime, "weigh"))
            return
        seat = self.viewer if self.viewer is not None else 0
        weighed = self._decisive.get(seat)
        if weighed is not None:
            self._jump_to_next(seat, *weighed)
        elif self._weighing is not None:
            self._weighing_said = "Still weighing"
            self._weighing_progress(self._weighing.judged, self._weighing.total)
        else:
            self._weigh(seat)

    def _weigh(self, seat: int) -> None:
        """Start the strong bot on ``seat``'s decisions, in the worker (the screen keeps stepping)."""
        thinker = self._thinker
        if thinker is None:
            thinker = live_thinker(self.app.settings.hard_bot_seconds) or InlineThinker(self.app.table_clock())  # type: ignore[attr-defined]
        weighing = Decisive(self.replay, [seat], thinker, self._weighing_progress, partial(self._weighed_all, seat))
        self._weighing, self._weighing_said = weighing, "Weighing"
        self._weighing_progress(0, weighing.total)
        weighing.start()

    def _weighing_progress(self, done: int, total: int) -> None:
        weighing = self._weighing
        if self.is_attached and weighing is not None:
            whose = self._whose(weighing.seats[0])
            self._note(f"{self._weighing_said} {whose} moves with the {weighing.level} bot… {done} of {total}")

    def _weighed_all(self, seat: int, swings: list[Swing], judged: int, total: int) -> None:
        self._weighing = None
        left = f" ({total - judged} not weighed in time)" if judged < total else ""
        self._decisive[seat] = (swings, left)
        if self.is_attached:
            self._jump_to_next(seat, swings, left)

    def _jump_to_next(self, seat: int, swings: list[Swing], left: str) -> None:
        """Show the game just after the next decisive move (wrapping), and say what it did."""
        if not swings:
            self._note(f"No move swung the bot's figure for {self._whose(seat)} chances{left}.")
            return
        index = next((i for i, s in enumerate(swings) if s.at + 1 > self.shown), 0)
        swing = swings[index]
        self._stop()
        self._show(swing.at + 1, rebuild_log=True)
        whose = "their" if swing.seat == seat and self.names[seat] != "You" else self._whose(seat)
        measure = "chances" if swing.share else "outlook"
        head = f"Decisive move {index + 1} of {len(swings)}: {self.names[swing.seat]}: {self.describe_action(swing.action)}"  # type: ignore[attr-defined]
        tail = f" — {whose} {measure} {swing.figure(swing.before)} → {swing.figure(swing.after)}{left}"
        room = NOTE_WIDTH - len(tail)  # (the figures kept whole on the one line: the move's words cut first)
        self._note(head + tail if len(head) <= room else head[: max(0, room - 1)] + "…" + tail)

    def _whose(self, seat: int) -> str:
        name = self.names[seat]
        return "your" if name == "You" else f"{name}'s"

    def _note(self, text: str) -> None:
        self.note = text
        self.show("prompt", self._status(), answer=True)  # type: ignore[attr-defined]

    def on_unmount(self) -> None:
        if self._weighing is not None:
            self._weighing.stop()
            self._weighing = None

    def action_leave(self) -> None:
        self._stop()
        self.app.pop_screen()

    # ---- never the game's own end: a replay shows no result screen

    def _show_result(self) -> None:
        pass


_CLASSES: dict[str, type[ReplayScreen]] = {}


def _replay_class(game_id: str) -> type[ReplayScreen]:
    """The replay screen of one game: the replay's keys over that game's own screen."""
    made = _CLASSES.get(game_id)
    if made is None:
        from cardarcade.ui.games import screen_class

        base = screen_class(game_id)
        made = _CLASSES[game_id] = type(f"Replay{base.__name__}", (ReplayScreen, base), {})
    return made


def opened(replay: Replay, at_move: int | None = None) -> Positions:
    """The replay's moves worked through up to the move a screen opens at (and the lines before
    it), for a worker thread: a long game's thousands of moves never hold the event loop."""
    positions = Positions(replay)
    n = len(positions) if at_move is None else max(0, min(at_move, len(positions)))
    positions.lines_before(n)
    return positions


class ReplaysScreen(Screen):
    """The replays kept for this terminal's player, newest first: enter watches one. The files
    are read, and a replay worked through, in a worker thread (500 files, or a game of thousands
    of moves, never hold the event loop); one that cannot be read is listed with the reason."""

    BINDINGS: ClassVar[list[Binding]] = [
        Binding("enter", "watch", "Watch"),
        Binding("escape", "back", "Back"),
        Binding("q", "back", "Back", show=False),
    ]
    DEFAULT_CSS = """
    ReplaysScreen #replays-title { height: 2; padding: 0 1; }
    ReplaysScreen #replays { height: 1fr; }
    ReplaysScreen #replays-message { height: auto; padding: 0 1; }
    """
    AUTO_FOCUS = "#replays"

    def __init__(self, profile: str | None = None) -> None:
        """``profile``: whose replays (default: this terminal's player's)."""
        super().__init__()
        self.profile = profile
        self.entries: list[ReplayEntry] = []
        self._opening = False

    def compose(self) -> ComposeResult:
        yield Static(Text("Replays", style="bold"), id="replays-title")
        yield OptionList(id="replays")
        yield Static(id="replays-message")
        yield KeyBar()

    def _store(self) -> ReplayStore:
        return ReplayStore.of(self.app.store.data_dir, self.profile or self.app.player)  # type: ignore[attr-defined]

    def on_mount(self) -> None:
        self.list_replays()

    def on_screen_resume(self) -> None:
        if self.is_mounted:
            self.list_replays()

    @work(thread=True, exclusive=True, group="replays-list")
    def list_replays(self) -> None:
        entries = self._store().entries()
        self.app.call_from_thread(self._listed, entries)

    def _listed(self, entries: list[ReplayEntry]) -> None:
        self.entries = entries
        options = self.query_one("#replays", OptionList)
        options.clear_options()
        options.add_options([Option(replay_entry_text(e), id=e.replay_id) for e in entries])
        if entries:
            options.highlighted = 0
        broken = sum(e.problem is not None for e in entries)
        title = Text(f"Replays of {self.profile or self.app.player}", style="bold")  # type: ignore[attr-defined]
        if not entries:
            title.append("\nNone yet: every game you finish is kept here.", style="")
        else:
            title.append(f"\n{len(entries) - broken} kept" + (f", {broken} cannot be read" if broken else ""), style="")
            title.append(" · enter watches one", style="")
        self.query_one("#replays-title", Static).update(title)

    def say(self, text: str) -> None:
        self.query_one("#replays-message", Static).update(Text(text, style="bold"))

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.action_watch()

    def action_watch(self) -> None:
        index = self.query_one("#replays", OptionList).highlighted
        if index is None or index >= len(self.entries) or self._opening:
            return
        entry = self.entries[index]
        if entry.problem is not None:
            self.say(f"{entry.path.name} cannot be replayed: {entry.problem}")
            return
        self._opening = True
        self.say(f"Opening the {entry.title}…")
        self._open(entry.replay_id)

    @work(thread=True, exclusive=True, group="replays-open")
    def _open(self, replay_id: str) -> None:
        try:
            replay = self._store().load(replay_id)
            positions = opened(replay, 0)
        except BadReplay as exc:
            self.app.call_from_thread(self._not_opened, str(exc))
            return
        self.app.call_from_thread(self._watch, replay, positions)

    def _not_opened(self, why: str) -> None:
        self._opening = False
        self.say(f"It cannot be replayed: {why}")

    def _watch(self, replay: Replay, positions: Positions) -> None:
        self._opening = False
        self.say("")
        if self.is_current:
            # At the start: a replay is watched from the deal (space plays it; end jumps to the
            # result, which the list already says in words).
            self.app.push_screen(ReplayScreen(replay, at_move=0, positions=positions))

    def action_back(self) -> None:
        self.app.pop_screen()


def replay_entry_text(entry: ReplayEntry) -> Text:
    """Two lines: the game and when; who played, the moves and how it ended (or why it cannot be read)."""
    if entry.problem is not None:
        return Text.assemble((entry.title, "bold"), "\n", (f"  cannot be replayed: {entry.problem}", "italic"))
    from cardarcade.ui.screens.saves import when

    return Text.assemble(
        (entry.title, "bold"),
        f"  {when(entry.finished_at)}",
        "\n",
        (f"  {', '.join(entry.players)} · {entry.moves} moves · {entry.result}", "dim"),
    )
