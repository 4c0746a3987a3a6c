"""The end of a game: who won and why, the standings, the player's reaction times, play again."""

from __future__ import annotations

from statistics import median

from rich.table import Table as RichTable
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Footer, Sparkline, Static

from cardarcade.rules.base import Game
from cardarcade.ui.setup import GameSetup


def headline(setup: GameSetup, game: Game) -> str:
    result = game.result
    if result is None:
        return "Game abandoned"
    if result.is_draw:
        return "A draw"
    winner = result.winners[0]
    if not setup.seats[winner].is_bot and len(setup.human_seats) == 1:
        return "You win!"
    return f"{setup.names[winner]} wins"


def standings(setup: GameSetup, game: Game) -> RichTable:
    result = game.result
    table = RichTable(box=None, pad_edge=False, show_header=True, header_style="bold")
    counts = getattr(game.view(None), "counts", None)
    label, order = "Cards", None
    if counts is None and result is not None and result.scores is not None:
        # A game without card counts (e.g. chips in Cuckoo): its own scores, in its own ranking.
        counts, label = [int(x) for x in result.scores], "Score"
        order = result.ranking if sorted(result.ranking) == list(range(game.players)) else None
    counts = counts or [0] * game.players
    order = order or sorted(range(game.players), key=lambda s: -counts[s])
    table.add_column("Player")
    table.add_column(label, justify="right")
    table.add_column("")
    for seat in order:
        mark = "winner" if result and seat in result.winners and not result.is_draw else ""
        table.add_row(setup.names[seat], str(counts[seat]), mark)
    return table


class ResultScreen(Screen):
    BINDINGS = [
        Binding("enter", "again", "Play again"),
        Binding("escape", "menu", "Menu"),
        Binding("m", "menu", "Menu", show=False),
        Binding("q", "app.quit", "Quit"),
    ]

    def __init__(self, setup: GameSetup, game: Game, reactions: list[float]) -> None:
        super().__init__()
        self.setup = setup
        self.game = game
        self.reactions = reactions

    def compose(self) -> ComposeResult:
        result = self.game.result
        with Vertical(id="result-box"):
            yield Static(Text(headline(self.setup, self.game), style="bold", justify="center"), id="result-title")
            reason = result.describe(self.setup.names) if result else ""
            yield Static(Text(reason, justify="center"), id="result-reason")
            yield Static(standings(self.setup, self.game), id="standings")
            if self.reactions:
                ms = [r * 1000 for r in self.reactions]
                yield Static(Text(
                    f"Your reaction times this session: median {median(ms):.0f} ms, best {min(ms):.0f} ms "
                    f"({len(ms)} slaps)"), id="reaction-summary")
                yield Sparkline(ms, id="reaction-chart")
            yield Static(Text("enter: play again with a new deal · escape: menu", style="dim", justify="center"))
        yield Footer()

    def on_mount(self) -> None:
        # Keys still being hammered from the last moves must not skip past the result.
        guard = self.app.settings.result_guard
        self.ready = guard <= 0
        if not self.ready:
            self.set_timer(guard, self._get_ready)

    def _get_ready(self) -> None:
        self.ready = True

    def action_again(self) -> None:
        from cardarcade.ui.screens import screen_for

        if not self.ready:
            return
        self.app.switch_screen(screen_for(self.setup.again()))

    def action_menu(self) -> None:
        self.app.leave_game()
