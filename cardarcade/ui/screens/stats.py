"""The statistics screen: per game played, won, drawn, lost, streaks and results against each bot
level; reaction times as a histogram and as a trend over sessions (charts by textual-plotext).

It reads only the statistics file's aggregated tables (the per-session 10 ms bins), never the
reactions one by one, so it opens as fast after 100,000 reactions as after a hundred. The
figures are ``cardarcade.store.report``'s, the ones ``cardarcade stats`` prints.

Every read is made in the app's store worker (``StoreWriter.read``), never on the event loop:
with ``--database`` each is a round trip or more, and on a server the loop is every session's.
A profile's figures come in one read; a view waiting for its figures says it is loading.
"""

from __future__ import annotations

import math
import sqlite3
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, TypeVar

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.widgets import Static
from textual_plotext import PlotextPlot

from cardarcade.store import report
from cardarcade.store import ratings as rating_words
from cardarcade.store.report import ALL, ReactionFigures
from cardarcade.store.database import DatabaseError
from cardarcade.store.stats import BIN_SECONDS, SessionTrend, StatsStore, StatsError
from cardarcade.ui.screens._dialog import only_on_top
from cardarcade.ui.screens._kept import KeptScreen, scroll_home, update_changed
from cardarcade.ui.widgets.keybar import KeyBar

BAR_WIDTHS = (0.01, 0.02, 0.05, 0.1, 0.2, 0.25, 0.5, 1.0)  # seconds: the histogram's bars, finest that fit
MAX_BARS = 32  # bars of two columns or more in the chart's ~70 columns
SLOWEST_SHOWN = 0.99  # the slowest 1% would squeeze the rest into a few bars; they are counted instead


def histogram_bars(histogram: list[tuple[float, int]]) -> tuple[list[float], list[int], float, int]:
    """The 10 ms bins as at most MAX_BARS bars: (bar starts, counts, bar width, reactions slower
    than the last bar, left out). Empty bars between are kept: a gap is part of the shape."""
    slowest = report.binned_quantile(histogram, SLOWEST_SHOWN) - BIN_SECONDS / 2
    kept = [(start, n) for start, n in histogram if start <= slowest + 1e-9]
    left_out = sum(n for _, n in histogram) - sum(n for _, n in kept)
    low, high = kept[0][0], kept[-1][0]
    width = next((w for w in BAR_WIDTHS if (high - low) / w < MAX_BARS), BAR_WIDTHS[-1])
    counts: dict[int, int] = {}
    for start, n in kept:
        bar = int(start / width + 1e-9)
        counts[bar] = counts.get(bar, 0) + n
    bars = range(min(counts), max(counts) + 1)
    return [round(b * width, 6) for b in bars], [counts.get(b, 0) for b in bars], width, left_out


def count_ticks(highest: int, most: int = 4) -> list[int]:
    """Whole-number ticks from 0 for a count axis (plotext would label counts 16.5, 33.0...)."""
    step = max(1, highest // most)
    magnitude = 10 ** int(math.log10(step))
    step = next(m * magnitude for m in (1, 2, 5, 10) if m * magnitude >= step)
    return list(range(0, highest + 1, step))


def rating_ticks(low: float, high: float, most: int = 5) -> list[int]:
    """Round ratings from ``low`` to ``high`` for the chart's axis (1,500 and 1,600, not 1,524.5)."""
    step = next((s for s in (10, 20, 50, 100, 200, 500, 1000) if (high - low) / s <= most), 2000)
    first = math.floor(low / step) * step
    return list(range(first, math.ceil(high / step) * step + 1, step))


def day(unix: float) -> str:
    return time.strftime("%d %b", time.localtime(unix)).lstrip("0")


LOADING = "Loading…"
# What a statistics store may raise that is said on the screen in a line (anything else is a bug).
STORE_FAILURES = (StatsError, sqlite3.Error, DatabaseError, OSError)
T = TypeVar("T")


@dataclass(frozen=True)
class ProfileFigures:
    """What the other views show for one profile, read in one go off the loop (after the games
    table, which shows first)."""

    reactions: dict[str, ReactionFigures]
    trend: list[SessionTrend]  # all reaction games together
    ratings: list[dict[str, Any]]


def read_profile(stats: StatsStore, profile: str) -> ProfileFigures:
    with stats.one_snapshot() as view:  # (a database's round trips: one transaction, not one a figure)
        return ProfileFigures(
            report.reaction_figures(view, profile),
            view.reaction_trend(profile, None, last=report.TREND_SESSIONS),
            report.rating_figures(view, profile),
        )


TABS = {"games": "Games", "reactions": "Reaction times", "trend": "Trend", "ratings": "Ratings"}


class TabBar(Static):
    """The screen's three views in one line, the one shown highlighted; a click picks one. (A
    TabbedContent costs a widget per tab and pane, and doubled the time to open the screen.)"""

    DEFAULT_CSS = "TabBar { height: 1; background: $panel; }"

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self._spans: list[tuple[int, int, str]] = []  # (first column, end column, view)

    def show(self, active: str) -> None:
        text, self._spans = Text(no_wrap=True), []
        for number, (view, label) in enumerate(TABS.items(), 1):
            start = text.cell_len
            text.append(f" {number} {label} ", style="bold reverse" if view == active else "")
            self._spans.append((start, text.cell_len, view))
            text.append(" ")
        update_changed(self, text)

    def on_click(self, event: events.Click) -> None:
        view = next((v for first, end, v in self._spans if first <= event.x < end), None)
        if view is not None:
            self.screen.show_tab(view)  # type: ignore[attr-defined]


class ReactionTable(Static):
    """The reaction figures per game; a click on a game's line shows it in the charts."""

    def on_click(self, event: events.Click) -> None:
        screen = self.screen
        if 0 < event.y <= len(screen.reactions or ()):  # type: ignore[attr-defined]  (line 0: the header)
            screen.show_game(event.y - 1)  # type: ignore[attr-defined]


class StatsScreen(KeptScreen):
    """Kept once shown (``_kept.py``), and read afresh each time it shows: a game finished
    meanwhile is counted."""

    DEFAULT_CSS = """
    StatsScreen #stats-title { height: 1; padding: 0 1; }
    StatsScreen #stats-error { display: none; height: auto; padding: 1 2; color: $error; }
    StatsScreen .view { height: 1fr; padding: 0 1; }
    StatsScreen #games-scroll { background: $surface; }
    StatsScreen #reactions-box, StatsScreen #trend-box, StatsScreen #reactions-none { display: none; }
    StatsScreen #ratings-box { display: none; }
    StatsScreen #ratings-table { height: auto; max-height: 50%; margin-bottom: 1; }
    StatsScreen .reaction-game { height: 1; }
    StatsScreen #reaction-table { height: auto; margin-bottom: 1; }
    StatsScreen #reactions-none { height: auto; padding: 1 2; }
    StatsScreen PlotextPlot { height: 1fr; min-height: 8; }
    """
    BINDINGS = [
        Binding("escape", "back", "Back"),
        Binding("q", "back", "Back", show=False),
        Binding("p", "next_profile", "Profile"),
        Binding("v", "replays", "Replays"),
        Binding("r", "next_game", "Reaction game"),
        Binding("1", "tab('games')", "Games"),
        Binding("2", "tab('reactions')", "Times"),
        Binding("3", "tab('trend')", "Trend"),
        Binding("4", "tab('ratings')", "Ratings"),
        Binding("g", "next_rated", "Rated game", show=False),
        Binding("right", "step_tab(1)", show=False),
        Binding("left", "step_tab(-1)", show=False),
    ]
    AUTO_FOCUS = "#games-scroll"

    def __init__(self) -> None:
        super().__init__()
        self._start()
        self.broken = False  # the statistics file could not be read

    def _start(self) -> None:
        """As the screen opens: the games view of the player's own figures, nothing read yet."""
        self.profiles: list[str] = []
        self.profile = ""
        self.tab = "games"
        self.reactions: dict[str, ReactionFigures] | None = None  # read when a reaction view is first shown
        self.game = ALL  # the reaction game the charts show
        self._trends: dict[str, list[SessionTrend]] = {}  # per game, read when first shown
        self.ratings: list[dict] | None = None
        self.rated = 0  # the rated game whose history is charted
        self.reading = True  # the profile's figures are being read
        self._asked = 0  # the profiles asked for: an answer for an older one is dropped
        self._trends_asked: set[str] = set()

    def compose(self) -> ComposeResult:
        yield Static(id="stats-title")
        yield TabBar(id="stats-tabs")
        yield Static(id="stats-error")
        with VerticalScroll(id="games-scroll", classes="view"):
            yield Static(id="games-table")
        with Vertical(id="reactions-box", classes="view"):
            yield ReactionTable(id="reaction-table")
            yield Static(classes="reaction-game", id="histogram-game")
            yield PlotextPlot(id="histogram")
        with Vertical(id="trend-box", classes="view"):
            yield Static(classes="reaction-game", id="trend-game")
            yield PlotextPlot(id="trend-plot")
        with Vertical(id="ratings-box", classes="view"):
            yield Static(id="ratings-table")
            yield Static(classes="reaction-game", id="rating-game")
            yield PlotextPlot(id="rating-plot")
        yield Static(id="reactions-none")
        yield KeyBar()

    def on_mount(self) -> None:
        self._show_from_start()

    def fits(self) -> bool:
        return not self.broken  # (a file that failed is tried afresh)

    def reopen(self) -> None:
        self._start()
        scroll_home(self.query_one("#games-scroll"))
        self._show_from_start()

    def _show_from_start(self) -> None:
        self.query_one(TabBar).show(self.tab)
        self.show_profile(self.app.player)

    def _read(self, work: Callable[[StatsStore], T], done: Callable[[T], None]) -> None:
        """``work`` on the statistics in the store's worker (opening them too: a file's schema
        may be brought up to date); ``done`` with its answer on the loop, unless the screen has
        moved on since (another profile, or closed). A store that fails is said in place."""
        store = self.app.store
        asked = self._asked

        def answered(value: T) -> None:
            if asked == self._asked and self.is_attached:
                done(value)

        def failed(exc: Exception) -> None:
            if not isinstance(exc, STORE_FAILURES):
                self.log.error(f"the statistics could not be read: {exc!r}")
            if asked == self._asked and self.is_attached:
                self.show_error(exc)

        self.app.store_writer.read(lambda: work(store.stats), answered, failed, on=self)

    def show_error(self, exc: Exception) -> None:
        """The statistics file cannot be used: say why, and offer nothing that would read it."""
        self.broken = True
        for view in self.query(".view, #reactions-none, TabBar"):
            view.display = False
        error = self.query_one("#stats-error", Static)
        error.update(
            Text(
                f"The statistics cannot be shown.\n\n{exc}\n\n"
                "Games still play; the file is left as it is. Escape goes back."
            )
        )
        error.display = True
        self.query_one("#stats-title", Static).update(Text(" Statistics ", style="bold reverse"))

    def show_profile(self, profile: str) -> None:
        """The profile's figures: asked for now, shown when they come (meanwhile: loading)."""
        self.profile, self.reactions, self._trends, self.ratings = profile, None, {}, None
        self.reading, self._trends_asked = True, set()
        self._asked += 1
        title = Text.assemble((" Statistics ", "bold reverse"), " ", (profile, "bold"))
        if profile in self.profiles and len(self.profiles) > 1:
            title.append(f"   profile {self.profiles.index(profile) + 1} of {len(self.profiles)}")
        update_changed(self.query_one("#stats-title", Static), title)
        update_changed(self.query_one("#games-table", Static), Text(LOADING))
        self.show_tab(self.tab)
        self._read(lambda stats: report.game_figures(stats, profile), self._games_read)

    def _games_read(self, games: list[dict[str, Any]]) -> None:
        profile = self.profile
        self._read(lambda stats: read_profile(stats, profile), self._profile_read)
        table = self.query_one("#games-table", Static)
        if games:
            lines = report.game_lines(games)
            update_changed(table, Text.assemble((lines[0], "bold"), "\n" + "\n".join(lines[1:]), no_wrap=True))
        else:
            update_changed(
                table,
                Text(
                    f"No games recorded yet for {self.profile}.\n\nEvery game played to the end "
                    "from this arcade is counted here."
                ),
            )

    def _profile_read(self, figures: ProfileFigures) -> None:
        self.reading = False
        self.reactions, self.ratings = figures.reactions, figures.ratings
        self._trends[ALL] = figures.trend
        if self.game not in self.reactions:
            self.game = ALL
        self.show_tab(self.tab)

    def show_tab(self, tab: str) -> None:
        """Show one view (while the profile's figures are read, a view other than the games says so)."""
        if self.broken:
            return
        self.tab = tab
        self.query_one(TabBar).show(tab)
        self.query_one("#games-scroll").display = tab == "games"
        self.query_one("#ratings-box").display = tab == "ratings"
        if tab == "ratings":
            for view in ("#reactions-box", "#trend-box", "#reactions-none"):
                self.query_one(view).display = False
            self._draw_ratings()
            return
        reactions = self.reactions
        if self.reading and tab != "games":
            for view in ("#reactions-box", "#trend-box"):
                self.query_one(view).display = False
            waiting = self.query_one("#reactions-none", Static)
            waiting.update(Text(LOADING))
            waiting.display = True
            return
        for view, shown in (
            ("#reactions-box", tab == "reactions" and bool(reactions)),
            ("#trend-box", tab == "trend" and bool(reactions)),
            ("#reactions-none", tab != "games" and not reactions),
        ):
            self.query_one(view).display = shown
        if tab == "games":
            self.query_one("#games-scroll").focus()
        elif not reactions:
            self.query_one("#reactions-none", Static).update(
                Text(
                    f"No reaction times recorded yet for {self.profile}.\n\n"
                    "Play a reaction game (Slapjack, Snap, Egyptian Ratscrew...) and your times show up here."
                )
            )
        elif tab == "reactions":
            self._draw_table()
            self._draw_histogram()
        else:
            self._draw_trend()

    def _game_name(self, game: str) -> str:
        return "All reaction games" if game == ALL else report.title(game)

    def _draw_table(self) -> None:
        text = Text(report.REACTION_HEADER, style="bold", no_wrap=True)
        for game, f in (self.reactions or {}).items():
            line = report.reaction_line(self._game_name(game), f.count, f.median, f.p90, f.fastest)
            text.append("\n")
            text.append(line, style="reverse" if game == self.game else "")
        self.query_one("#reaction-table", Static).update(text)

    def _draw_histogram(self) -> None:
        figures = (self.reactions or {})[self.game]
        starts, counts, width, left_out = histogram_bars(figures.histogram)
        note = f" ({left_out:,} slower than {starts[-1] + width:.2f} s not shown)" if left_out else ""
        self.query_one("#histogram-game", Static).update(
            Text.assemble((self._game_name(self.game), "bold"), f": reactions per {width * 1000:.0f} ms{note}")
        )
        plot = self.query_one("#histogram", PlotextPlot)
        plt = plot.plt
        plt.clear_data()
        plt.bar([s + width / 2 for s in starts], counts, width=0.85, marker="hd")
        ticks = count_ticks(max(counts))
        plt.yticks(ticks, [f"{t:,}" for t in ticks])
        edges = starts[:: math.ceil(len(starts) / 7)]
        plt.xticks(edges, [f"{e:.2f}" for e in edges])
        plt.xlabel("seconds")
        plot.refresh()

    def _trend_of(self, game: str) -> list[SessionTrend] | None:
        """The game's sessions (read once per profile); None while they are read."""
        if game not in self._trends and game not in self._trends_asked:
            self._trends_asked.add(game)
            profile = self.profile

            def arrived(trend: list[SessionTrend]) -> None:
                self._trends[game] = trend
                if self.tab == "trend" and self.game == game:
                    self._draw_trend()

            self._read(
                lambda stats: stats.reaction_trend(profile, None if game == ALL else game, last=report.TREND_SESSIONS),
                arrived,
            )
        return self._trends.get(game)

    def _draw_trend(self) -> None:
        trend = self._trend_of(self.game)
        if trend is None:
            self.query_one("#trend-game", Static).update(
                Text.assemble((self._game_name(self.game), "bold"), f": {LOADING}")
            )
            self.query_one("#trend-plot", PlotextPlot).plt.clear_data()
            self.query_one("#trend-plot", PlotextPlot).refresh()
            return
        if not trend:
            return
        first, last = trend[0].started, trend[-1].started
        span = day(first) if day(first) == day(last) else f"{day(first)} to {day(last)}"
        sessions = f"{len(trend)} session{'s' if len(trend) != 1 else ''}"
        self.query_one("#trend-game", Static).update(
            Text.assemble((self._game_name(self.game), "bold"), f": seconds, median and fastest; {sessions}, {span}")
        )
        plot = self.query_one("#trend-plot", PlotextPlot)
        plt = plot.plt
        plt.clear_data()
        xs = list(range(1, len(trend) + 1))
        marker = "braille" if len(trend) > 1 else "dot"
        plt.plot(xs, [t.median for t in trend], label="median", marker=marker)
        plt.plot(xs, [t.best for t in trend], label="fastest", marker=marker)
        plt.xticks(xs if len(xs) <= 10 else xs[:: max(1, len(xs) // 8)])
        plt.xlabel("session, oldest to newest")
        plot.refresh()

    def _draw_ratings(self) -> None:
        """The profile's rating per game, and the chosen game's rating after each rated game."""
        table = self.query_one("#ratings-table", Static)
        if self.ratings is None:  # (read with the rest of the profile's figures)
            for view in ("#rating-game", "#rating-plot"):
                self.query_one(view).display = False
            table.update(Text(LOADING))
            return
        rows = self.ratings
        for view in ("#rating-game", "#rating-plot"):
            self.query_one(view).display = bool(rows)
        if not rows:
            table.update(
                Text(
                    f"No rated games yet for {self.profile}.\n\nEvery game finished against bots of a fixed "
                    "level (not adaptive) or against people moves a rating per game, shown here.\n"
                    f"A rating is provisional for its first {rating_words.PROVISIONAL_GAMES} games."
                )
            )
            return
        self.rated %= len(rows)
        text = Text(report.RATING_HEADER, style="bold", no_wrap=True)
        for i, r in enumerate(rows):
            note = f"  provisional ({r['games']} of {rating_words.PROVISIONAL_GAMES})" if r["provisional"] else ""
            line = (
                f"{r['title'][:19]:<20}{rating_words.shown(r['rating']):>8}{round(r['sigma']):>6}{r['games']:>7}{note}"
            )
            text.append("\n")
            text.append(line, style="reverse" if i == self.rated else "")
        table.update(text)
        row = rows[self.rated]
        history = row["history"]
        bots = " ".join(f"{level} {rating_words.shown(mu)}" for level, mu in row["bots"].items())
        self.query_one("#rating-game", Static).update(
            Text.assemble((row["title"], "bold"), f"  the bots: {bots}", no_wrap=True, overflow="ellipsis")
        )
        plot = self.query_one("#rating-plot", PlotextPlot)
        plt = plot.plt
        plt.clear_data()
        ys = [h["rating"] for h in history]
        if len(history) == row["games"]:
            ys.insert(0, rating_words.MU)  # from the start: where every newcomer begins
        xs = list(range(len(history) + 1 - len(ys), len(history) + 1))
        plt.plot(xs, ys, marker="braille" if len(xs) > 1 else "dot")
        ticks = rating_ticks(min(ys), max(ys))
        plt.yticks(ticks, [rating_words.shown(t) for t in ticks])  # (plotext would say 1672.3)
        plt.ylim(ticks[0], ticks[-1])  # (a tick outside the data's range is drawn below the chart)
        plt.xticks(xs if len(xs) <= 10 else xs[:: max(1, len(xs) // 8)])
        plt.xlabel("your rating after each rated game" + ("  (g: the next game)" if len(rows) > 1 else ""))
        plot.refresh()

    # ---- keys

    def action_next_rated(self) -> None:
        if self.tab == "ratings" and self.ratings:
            self.rated += 1
            self._draw_ratings()

    @only_on_top
    def action_back(self) -> None:
        self.app.pop_screen()

    def action_replays(self) -> None:
        from cardarcade.ui.screens.replay import ReplaysScreen

        self.app.push_screen(ReplaysScreen(self.profile or None))

    def action_next_profile(self) -> None:
        if self.broken:
            return
        if not self.profiles:
            # Read when first asked, not on opening: listing them goes through every reaction.
            def arrived(others: list[str]) -> None:
                self.profiles = [self.app.player] + [p for p in others if p != self.app.player]
                self.action_next_profile()

            self._read(lambda stats: stats.profiles(), arrived)
            return
        if len(self.profiles) < 2:
            self.app.notify(f"No other profile has records here; only {self.profile}.", timeout=3)
            return
        i = self.profiles.index(self.profile) if self.profile in self.profiles else -1
        self.show_profile(self.profiles[(i + 1) % len(self.profiles)])

    def action_next_game(self) -> None:
        """The next reaction game in the charts (from the games table: the reaction times)."""
        if self.tab == "games":
            self.show_tab("reactions")
        elif self.reactions:
            self.show_game(list(self.reactions).index(self.game) + 1)

    def show_game(self, index: int) -> None:
        """The charts for the ``index``-th line of the reaction table (all games first)."""
        games = list(self.reactions or ())
        if games:
            self.game = games[index % len(games)]
            self.show_tab(self.tab)

    def action_tab(self, tab: str) -> None:
        self.show_tab(tab)

    def action_step_tab(self, step: int) -> None:
        tabs = list(TABS)
        self.show_tab(tabs[(tabs.index(self.tab) + step) % len(tabs)])
