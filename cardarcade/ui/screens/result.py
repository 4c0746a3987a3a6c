"""The end of a game: who won and why, the standings, the player's reaction times, play again."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from statistics import median
from time import monotonic

from rich.console import RenderableType
from rich.table import Table as RichTable
from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Static

from cardarcade.rules.base import Game, Result
from cardarcade.seating import GameSetup
from cardarcade.store.ratings import Rating, change_words
from cardarcade.table.table import presses
from cardarcade.ui.keyguard import FreshPress
from cardarcade.ui.screens._dialog import only_on_top
from cardarcade.ui.widgets.keybar import KeyBar


def headline(setup: GameSetup, game: Game, people: list[int] | None = None) -> str:
    """Who won, as the terminal's ``people`` (default: every person's seat) should read it: "You
    win!" when the one person here won."""
    result = game.result
    if result is None:
        return "Game abandoned"
    people = setup.human_seats if people is None else people
    if result.is_draw and not (result.shared and result.winners):
        return "A draw"
    if result.only_losers:
        return losers_headline(setup, result.losers, people)
    if len(result.winners) > 1:  # partners, or those sharing the win (a tie, or another player forfeits)
        names = ["You" if len(people) == 1 and w == people[0] else setup.names[w] for w in result.winners]
        names.sort(key=lambda name: name != "You")
        if result.is_draw:  # tied, and the game's text says they share the win
            return " and ".join(names) + " share the win"
        return " and ".join(names) + (" win!" if "You" in names else " win")
    winner = result.winners[0]
    if len(people) == 1 and winner == people[0]:
        return "You win!"
    return f"{setup.names[winner]} wins"


def outcome_mark(result: Result | None, seat: int) -> str:
    """'winner' or 'lost' beside a seat in the standings (nothing in a draw)."""
    if result is None:
        return ""
    if seat in result.losers:
        return "lost"
    if seat in result.winners and (not result.is_draw or result.shared) and not result.only_losers:
        return "winner"
    return ""


def losers_headline(setup: GameSetup, losers: list[int], people: list[int]) -> str:
    """A game with a loser rather than a winner: who lost, and for the one person here who did
    not, that they have not lost."""
    alone = people[0] if len(people) == 1 else None
    names = sorted(("You" if seat == alone else setup.names[seat] for seat in losers), key=lambda name: name != "You")
    lost = " and ".join(names) + (" lose" if len(names) > 1 or names == ["You"] else " loses")
    return lost if alone is None or alone in losers else f"{lost} — you have not lost"


def score_heading(result: Result | None) -> str:
    """What the score column counts: 'Cards', 'Chips', 'Cards left (lower is better)'."""
    if result is None or result.scores is None:
        return "Cards"
    name = result.score_name.capitalize() or "Score"
    return f"{name} (lower is better)" if result.low_wins else name


def number(x: float) -> str:
    return str(int(x)) if float(x).is_integer() else f"{x:g}"


def standings(setup: GameSetup, game: Game) -> RichTable:
    """Every seat best first, with the game's own scores (or, if it gives none, the cards each holds)."""
    result = game.result
    table = RichTable(box=None, pad_edge=False, show_header=True, header_style="bold")
    players = game.players
    if result is not None and result.scores is not None:
        scores = list(result.scores)
    else:
        scores = [float(n) for n in (getattr(game.view(None), "counts", None) or [0] * players)]
    low_wins = result is not None and result.scores is not None and result.low_wins
    winners = set(result.winners) if result is not None else set()
    if result is not None and sorted(result.ranking) == list(range(players)):
        order = list(result.ranking)
    else:
        order = sorted(range(players), key=lambda s: (s not in winners, scores[s] if low_wins else -scores[s]))
    table.add_column("Player")
    table.add_column(score_heading(result), justify="right")
    table.add_column("")
    # one way of writing the whole column: "26.0" beside "77.9", not "26"
    shown = number if all(float(x).is_integer() for x in scores) else "{:.1f}".format
    for seat in order:
        # (a name as a str would be read as markup)
        table.add_row(Text(setup.names[seat]), shown(scores[seat]), outcome_mark(result, seat))
    return table


CHART_FROM = 3  # presses: fewer make no chart worth the room
CHART_BARS = 60  # the latest presses charted
BARS = " ▁▂▃▄▅▆▇█"  # eighths of a row
ASCII_BARS = " ...:::##"


CHART_TOP_MS = 3000  # a press slower than this (someone looked away) is not drawn: it would flatten the rest


def reaction_chart(ms: list[float], ascii_only: bool = False) -> Text:
    """The latest presses as bars two rows high, oldest first, on an axis from 0 ms to the
    slowest (rounded up to 100 ms), with what a bar is. Presses over ``CHART_TOP_MS`` are left
    out, and said to be."""
    latest = ms[-CHART_BARS:]
    shown = [v for v in latest if v <= CHART_TOP_MS]
    top = max(100.0, -(-max(shown, default=0) // 100) * 100)
    bars = ASCII_BARS if ascii_only else BARS
    levels = [min(max(round(v / top * 16), 1), 16) for v in shown]
    upper = "".join(bars[max(level - 8, 0)] for level in levels)
    lower = "".join(bars[min(level, 8)] for level in levels)
    label = f"{top:.0f} ms"
    axis = "|" if ascii_only else "┤"
    what = f"one bar a press, oldest first{f' (the latest {CHART_BARS})' if len(ms) > CHART_BARS else ''}"
    left_out = len(latest) - len(shown)
    notes = [what] + ([f"{presses(left_out)} over {CHART_TOP_MS // 1000} s not drawn"] if left_out else [])
    width = max(
        len(label) + 2 + len(shown), *(len(label) + 2 + len(n) for n in notes)
    )  # (lines as wide: centred, they line up)
    return Text.assemble(
        (f"{label} {axis}", "dim"),
        upper.ljust(width - len(label) - 2),
        "\n",
        (f"{'0 ms':>{len(label)}} {axis}", "dim"),
        lower.ljust(width - len(label) - 2),
        *(("\n" + f"{'':>{len(label)}}  {note}".ljust(width), "dim") for note in notes),
    )


class ResultScreen(Screen):
    BINDINGS = [
        Binding("enter", "again", "Play again"),
        Binding("escape", "menu", "Menu"),
        Binding("m", "menu", "Menu", show=False),
        Binding("q", "menu", "Menu", show=False),
        Binding("r", "review", "Review your moves"),
    ]

    def __init__(
        self,
        setup: GameSetup,
        game: Game,
        reactions: dict[str, list[float]],
        final: RenderableType | None = None,
        tuning: str | None = None,
        again: bool = True,
        people: list[int] | None = None,
        unrated: str | None = None,
        review: Callable[[], Screen] | None = None,
    ) -> None:
        """``reactions``: each person's reaction times this session (seconds), by name.
        ``again``: enter deals the next game at this table (False: a shared table's result,
        after which enter goes back, as escape does). ``people``: the seats played from this
        terminal (by default every person's). ``unrated``: why the game is not rated (None:
        the ratings it moved are shown once recorded, ``ratings_arrived``). ``review``: makes the
        review of the people's moves (None: none is offered)."""
        super().__init__()
        self.unrated = unrated
        self.review = review
        self.moved: list[Rating] = []  # how the game moved the ratings of the people here, once recorded
        self.again = again
        self.people = people
        self.setup = setup
        self.game = game
        self.reactions = reactions
        self.final = final  # the game's own last word (GameScreen.render_final): the hands at a showdown
        self.tuning = tuning  # how adaptive bots tuned themselves ("The adaptive bots matched you: ...")

    def compose(self) -> ComposeResult:
        result = self.game.result
        with Vertical(id="result-box"):
            yield Static(
                Text(headline(self.setup, self.game, self.people), style="bold", justify="center"), id="result-title"
            )
            reason = result.describe(self.setup.names) if result else ""
            yield Static(Text(reason, justify="center"), id="result-reason")
            yield Static(standings(self.setup, self.game), id="standings")
            if self.final is not None:
                yield Static(self.final, id="result-final", markup=False)  # (it names the players)
            yield Static(self.ratings_text(), id="ratings")
            yield from self.reaction_summaries()
            if self.tuning:
                yield Static(Text(self.tuning, justify="center"), id="bot-tuning")
            hint = "enter: play again with a new deal · escape: menu" if self.again else "enter or escape: back"
            if self.review is not None:
                hint += " · r: review your moves"
            yield Static(Text(hint, style="dim", justify="center"), id="result-hint")
        yield KeyBar()

    def reaction_summaries(self) -> Iterator[Static]:
        """Each person's reaction times this session, by name at a hot-seat keyboard ("your"
        would not say whose); a lone person's drawn as a chart too, where there is room."""
        timed = {name: [r * 1000 for r in times] for name, times in self.reactions.items() if times}
        for name, ms in timed.items():
            whose = "Your" if len(self.reactions) == 1 else f"{name}'s"
            yield Static(
                Text(
                    f"{whose} reaction times this session: median {median(ms):.0f} ms, "
                    f"best {min(ms):.0f} ms ({presses(len(ms))})"
                ),
                classes="reaction-summary",
            )
        if len(timed) == 1 and len(self.reactions) == 1:
            [ms] = timed.values()
            if len(ms) >= CHART_FROM:
                yield Static(reaction_chart(ms, self.app.ascii_glyphs), id="reaction-chart")

    def on_mount(self) -> None:
        self._presses = FreshPress(monotonic())  # (the result's appearance counts as the press before the first)

    def ratings_text(self) -> Text | str:
        """Why the game is not rated, or how it moved the ratings if it is recorded already (drawn
        in the screen's first frame: filled in a frame later, the line cost a second layout)."""
        if self.unrated:
            return Text(f"Not rated: {self.unrated}.", style="dim", justify="center")
        rated = self.app.memory.rated
        if rated is not None and rated[0] is self.game:
            self.moved = self._ours(rated[1])
        return self._rating_lines()

    def ratings_arrived(self, game: object, moved: list[Rating]) -> None:
        """The ratings a game moved, once it is recorded after this screen came: shown if it is
        this screen's game (once its lines are up: the recording may finish while they are being
        made)."""
        moved = self._ours(moved)
        if game is self.game and moved and not self.unrated and not self.moved:
            self.moved = moved
            self.call_after_refresh(self._show_ratings)

    def _ours(self, moved: list[Rating]) -> list[Rating]:
        """The ratings of the people who played from this terminal (a shared table's record
        rates everyone at it)."""
        if self.people is None:
            return moved
        ours = {self.setup.seats[seat].profile for seat in self.people}
        return [r for r in moved if r.profile in ours]

    def _rating_lines(self) -> Text | str:
        if not self.moved:
            return ""
        arrow = "->" if self.app.ascii_glyphs else "→"
        names = {s.profile: s.name for s in self.setup.seats if s.profile}
        lines = [
            f"Rating {change_words(r, arrow)}"
            if len(self.moved) == 1
            else f"{names.get(r.profile, r.profile)}: rating {change_words(r, arrow)}"
            for r in self.moved
        ]
        return Text("\n".join(lines), justify="center")

    def _show_ratings(self) -> None:
        for line in self.query("#ratings").results(Static):
            line.update(self._rating_lines())

    def on_key(self, event: events.Key) -> None:
        # Enter is the move key of many games, pressed at play pace: one still coming in that
        # rhythm was meant for the game, and would deal again before the result was read.
        if event.key != "enter":
            return
        event.stop()
        event.prevent_default()
        if self._presses.fresh(event.time, self.app.settings.result_guard):
            self.action_again()
        else:
            again = "play again" if self.again else "go back"
            self.query_one("#result-hint", Static).update(
                Text(f"That enter came in the game's rhythm: press it again to {again}", style="dim", justify="center")
            )

    @only_on_top
    def action_again(self) -> None:
        from cardarcade.ui.games import screen_for

        if not self.again:
            self.action_menu()
            return
        self.app.switch_screen(screen_for(self.setup.again()))

    def action_menu(self) -> None:
        self.app.leave_game()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return self.review is not None if action == "review" else True

    @only_on_top
    def action_review(self) -> None:
        if self.review is not None:
            self.app.push_screen(self.review())
