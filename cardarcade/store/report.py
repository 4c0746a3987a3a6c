"""The statistics as figures: what the statistics screen shows, ``cardarcade stats`` prints
(``to_text``, or ``to_json``), and ``cardarcade stats --csv`` exports (``to_csv``).

``figures(stats, profile)`` is plain data (JSON-able)::

    {"profile": "ada",
     "games": [{"game": "war", "title": "War", "played": 8, "won": 6, "drawn": 0, "lost": 2,
                "streak": 1, "best_streak": 3, "seconds": 480.0, "hinted": 1,
                "against": {"easy": {"played": 5, "won": 4, "drawn": 0, "lost": 1}, ...}}, ...],
     "reactions": {"all": {...}, "slapjack": {...}, ...}}

(``hinted``: how many of them the coach was asked in, and so were not rated), where each
reactions entry (all reaction games together, then each game) is::

    {"title": "Slapjack", "count": 120, "median": 0.455, "p90": 0.615, "fastest": 0.231,
     "histogram": [[0.23, 1], [0.24, 3], ...],      # [bin start in seconds, reactions], 10 ms bins
     "trend": [{"session": "...", "started": "2026-11-22T18:00:00Z", "count": 40,
                "median": 0.465, "fastest": 0.231}, ...]}   # the last 60 sessions, oldest first

Medians and p90 come from the 10 ms bins the statistics file keeps (the middle of the bin they
fall in), so they cost the same after a hundred reactions or a hundred thousand; mistakes (a
false slap) are not reaction times and are left out of all of them.

The CSV export has one row per finished game the profile sat in and one per reaction (mistakes
included, marked), oldest first, with these columns:

    record     "game" or "reaction"
    time       when (UTC, ISO 8601): the game's end, or the reaction's batch
    profile    whose record it is
    game       the game's id (war, slapjack, ...)
    outcome    a game: won, drew or lost; a reaction: the table's word (slap_win, false_slap, ...)
    seconds    a game: how long it lasted; a reaction: the reaction time
    claim      reactions: slap, snap, salute, ...
    mistake    reactions: 1 for a mistake (not a reaction time), else 0
    session    reactions: the run of the arcade it was made in
    seat       games: the profile's seat (1 = first)
    players    games: how many sat at the table
    bots       games: the bots' levels, separated by spaces
    book       games: the house-rule book in force, if any
    seed       games: the deal's seed
    score      games: the profile's score, where the game keeps one
    hinted     games: 1 if the coach was asked in it (so it was not rated), else 0

A text cell that a spreadsheet would take for a formula (starting with = + - @, a tab or a
carriage return: a profile could be named "=HYPERLINK(...)") is written with a leading '.
"""

from __future__ import annotations

import csv
import functools
import io
import json
import sqlite3
import time
from dataclasses import dataclass
from typing import Any, ParamSpec, TypeVar
from collections.abc import Callable, Iterator

from cardarcade.bots import LEVEL_NAMES
from cardarcade.bots.anchors import anchors
from cardarcade.catalog import CATALOG
from cardarcade.store.ratings import PROVISIONAL_GAMES, shown
from cardarcade.store.stats import BIN_SECONDS, SessionTrend, StatsStore, StatsError

ALL = "all"  # the key of all reaction games together
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
CSV_COLUMNS = (
    "record",
    "time",
    "profile",
    "game",
    "outcome",
    "seconds",
    "claim",
    "mistake",
    "session",
    "seat",
    "players",
    "bots",
    "book",
    "seed",
    "score",
    "hinted",
)
TREND_SESSIONS = 60  # as many as a chart 80 columns wide shows
P = ParamSpec("P")
R = TypeVar("R")


def reading(fn: Callable[P, R]) -> Callable[P, R]:
    """A read of the statistics file that fails (a page damaged after it opened, a disk error)
    is a StatsError like any other unusable file: the screen and the command catch one thing."""

    @functools.wraps(fn)
    def guarded(*args: P.args, **kwargs: P.kwargs) -> R:
        try:
            return fn(*args, **kwargs)
        except sqlite3.Error as exc:
            raise StatsError(f"the statistics file cannot be read: {exc}") from None

    return guarded


def menu_order(games: list[str]) -> list[str]:
    """Game ids in the menu's order (ids this version does not know last, by name)."""
    order = {game: i for i, game in enumerate(CATALOG)}
    return sorted(games, key=lambda g: (order.get(g, len(order)), g))


def level_order(levels: list[str]) -> list[str]:
    """Bot levels from the easiest, as the setup screen lists them (unknown ones last)."""
    order = {level: i for i, level in enumerate(LEVEL_NAMES)}
    return sorted(levels, key=lambda lv: (order.get(lv, len(order)), lv))


def title(game: str) -> str:
    """A game's name as the menu shows it (its id if this version does not know it)."""
    info = CATALOG.get(game)
    return info.title if info else game


@dataclass(frozen=True)
class ReactionFigures:
    """Reaction times of one game (or of all): from the 10 ms bins, mistakes left out."""

    count: int
    median: float
    p90: float
    fastest: float
    histogram: list[tuple[float, int]]  # (bin start in seconds, reactions), fastest first


def binned_quantile(histogram: list[tuple[float, int]], q: float) -> float:
    """The ``q`` quantile of binned times: the middle of the bin it falls in (q = 0.5 gives
    the statistics file's own binned median)."""
    total = sum(n for _, n in histogram)
    seen = 0
    for start, n in histogram:
        seen += n
        if seen >= q * total:
            return round(start + BIN_SECONDS / 2, 6)
    raise ValueError("no reaction times")


@reading
def reaction_figures(stats: StatsStore, profile: str) -> dict[str, ReactionFigures]:
    """Per reaction game the profile played (by id, in menu order), and ``ALL`` of them
    together; empty when there are none. Two reads of the aggregated tables, whatever the
    number of reactions: this is what the statistics screen opens with."""
    by_game = stats.reaction_histograms(profile)
    fastest = stats.fastest_by_game(profile)
    if not by_game:
        return {}
    merged: dict[float, int] = {}
    for histogram in by_game.values():
        for start, n in histogram:
            merged[start] = merged.get(start, 0) + n
    figures = {ALL: _figures(sorted(merged.items()), min(fastest.values()))}
    for game in menu_order(list(by_game)):
        figures[game] = _figures(by_game[game], fastest.get(game, by_game[game][0][0]))
    return figures


def _figures(histogram: list[tuple[float, int]], fastest: float) -> ReactionFigures:
    return ReactionFigures(
        sum(n for _, n in histogram),
        binned_quantile(histogram, 0.5),
        binned_quantile(histogram, 0.9),
        fastest,
        histogram,
    )


@reading
def game_figures(stats: StatsStore, profile: str) -> list[dict[str, Any]]:
    """Per game the profile played (in menu order): the counts, the streaks, and results against
    each bot level (the easiest first)."""
    rows = []
    summaries = {s.game: s for s in stats.game_summaries(profile)}
    for s in (summaries[game] for game in menu_order(list(summaries))):
        rows.append(
            {
                "game": s.game,
                "title": title(s.game),
                "played": s.played,
                "won": s.won,
                "drawn": s.drew,
                "lost": s.lost,
                "streak": s.streak,
                "best_streak": s.best_streak,
                "seconds": round(s.seconds, 3),
                "hinted": s.hinted,
                "against": {
                    level: {"played": r.played, "won": r.won, "drawn": r.drew, "lost": r.played - r.won - r.drew}
                    for level, r in ((lv, s.against[lv]) for lv in level_order(list(s.against)))
                },
            }
        )
    return rows


def trend_rows(trend: list[SessionTrend]) -> list[dict[str, Any]]:
    return [
        {
            "session": t.session,
            "started": iso_time(t.started),
            "count": t.count,
            "median": t.median,
            "fastest": round(t.best, 6),
        }
        for t in trend
    ]


@reading
def figures(stats: StatsStore, profile: str) -> dict[str, Any]:
    """Everything the statistics screen shows for ``profile``, as plain data (see the module's
    docstring); the trends of every game included."""
    reactions: dict[str, Any] = {}
    for game, f in reaction_figures(stats, profile).items():
        trend = stats.reaction_trend(profile, None if game == ALL else game, last=TREND_SESSIONS)
        reactions[game] = {
            "title": "All reaction games" if game == ALL else title(game),
            "count": f.count,
            "median": f.median,
            "p90": f.p90,
            "fastest": round(f.fastest, 6),
            "histogram": [[start, n] for start, n in f.histogram],
            "trend": trend_rows(trend),
        }
    return {"profile": profile, "games": game_figures(stats, profile), "reactions": reactions}


def to_json(fig: dict[str, Any]) -> str:
    return json.dumps(fig, indent=2, ensure_ascii=False)


def iso_time(unix: float) -> str:
    return time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(unix))


# ---- text (what ``cardarcade stats`` prints), 80 columns at most

GAME_HEADER = f"{'Game':<20}{'Played':>7}{'Won':>6}{'Drawn':>6}{'Lost':>6}{'Streak':>8}{'Best':>6}{'Hinted':>8}"
REACTION_HEADER = f"{'Reaction times':<24}{'Count':>9}{'Median':>10}{'p90':>10}{'Fastest':>10}"


def game_lines(games: list[dict[str, Any]]) -> list[str]:
    """The per-game table, a line per game and one per bot level it was played against; a note
    under it says what Hinted counts when any game was."""
    lines = [GAME_HEADER]
    for g in games:
        lines.append(
            f"{_cut(g['title'], 19):<20}{g['played']:>7}{g['won']:>6}{g['drawn']:>6}{g['lost']:>6}"
            f"{g['streak']:>8}{g['best_streak']:>6}{g['hinted']:>8}"
        )
        for level, r in g["against"].items():
            lines.append(
                f"{_cut('  against ' + level, 19):<20}{r['played']:>7}{r['won']:>6}{r['drawn']:>6}{r['lost']:>6}"
            )
    if any(g["hinted"] for g in games):
        lines += ["", "Hinted: games where the coach was asked (h); they are not rated."]
    return lines


def reaction_line(name: str, count: int, median: float, p90: float, fastest: float) -> str:
    return f"{_cut(name, 23):<24}{count:>9,}{median:>9.3f}s{p90:>9.3f}s{fastest:>9.3f}s"


def to_text(fig: dict[str, Any]) -> str:
    """The figures for a terminal: the games table, the reaction times per game, and the trend
    over the latest sessions of all reaction games (a line each)."""
    out = [f"Statistics for {fig['profile']}", ""]
    if fig["games"]:
        out += game_lines(fig["games"])
    else:
        out.append("No games recorded yet.")
    out.append("")
    reactions = fig["reactions"]
    if not reactions:
        out.append("No reaction times recorded yet.")
        return "\n".join(out) + "\n"
    out.append(REACTION_HEADER)
    for r in reactions.values():
        out.append(reaction_line(r["title"], r["count"], r["median"], r["p90"], r["fastest"]))
    trend = reactions[ALL]["trend"]
    out += [
        "",
        f"Trend, all reaction games (the last {len(trend)} sessions, oldest first):",
        f"{'Session started (UTC)':<24}{'Count':>9}{'Median':>10}{'Fastest':>10}",
    ]
    for t in trend:
        out.append(
            f"{t['started'][:16].replace('T', ' '):<24}{t['count']:>9,}{t['median']:>9.3f}s{t['fastest']:>9.3f}s"
        )
    return "\n".join(out) + "\n"


def _cut(text: str, width: int) -> str:
    return text if len(text) <= width else text[: width - 1] + "…"


# ---- CSV export


@reading
def to_csv(stats: StatsStore, profile: str) -> str:
    """Every finished game ``profile`` sat in and every reaction it made, a row each (the
    columns are listed in the module's docstring), oldest first."""
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\r\n")
    writer.writerow(CSV_COLUMNS)
    rows = sorted([*_game_rows(stats, profile), *_reaction_rows(stats, profile)], key=lambda r: r[0])
    for _, row in rows:
        writer.writerow([_cell(row.get(column)) for column in CSV_COLUMNS])
    return buffer.getvalue()


def _game_rows(stats: StatsStore, profile: str) -> Iterator[tuple[float, dict[str, Any]]]:
    for game in stats.finished_games():
        seats = game["seats"]
        for seat in seats:
            if seat["profile"] != profile:
                continue
            yield (
                game["finished_at"],
                {
                    "record": "game",
                    "time": iso_time(game["finished_at"]),
                    "profile": profile,
                    "game": game["game"],
                    "outcome": seat["outcome"],
                    "seconds": game["duration"],
                    "seat": seat["seat"] + 1,
                    "players": len(seats),
                    "bots": " ".join(s["level"] for s in seats if s["kind"] == "bot" and s["level"]),
                    "book": game["book"],
                    "seed": game["seed"],
                    "score": seat["score"],
                    "hinted": int(game["hinted"]),
                },
            )


def _reaction_rows(stats: StatsStore, profile: str) -> Iterator[tuple[float, dict[str, Any]]]:
    for at, session, game, claim, outcome, fault, seconds in stats.reactions(profile):
        yield (
            at,
            {
                "record": "reaction",
                "time": iso_time(at),
                "profile": profile,
                "game": game,
                "outcome": outcome,
                "seconds": seconds,
                "claim": claim,
                "mistake": fault,
                "session": session,
            },
        )


def _cell(value: Any) -> Any:
    """A value as a CSV cell; text a spreadsheet would run as a formula is quoted with '."""
    if value is None:
        return ""
    if isinstance(value, str) and value.startswith(FORMULA_STARTS):
        return "'" + value
    return value


# ---- ratings (``cardarcade stats --ratings``, and the statistics screen)


@reading
def rating_figures(stats: StatsStore, profile: str) -> list[dict[str, Any]]:
    """The profile's rating in each game it is rated in (in menu order), with how many games
    made it, whether it is still provisional, its history (the latest ``HISTORY_GAMES`` games,
    oldest first) and the fixed ratings of that game's bot levels::

        [{"game": "war", "title": "War", "rating": 1538.2, "sigma": 310.4, "games": 3,
          "provisional": true, "history": [{"time": "...", "rating": 1620.0}, ...],
          "bots": {"easy": 1665.0, "medium": 1500.0, "hard": 1468.0}}, ...]
    """
    now = {r.game: r for r in stats.current_ratings(profile)}
    rows = []
    for game in menu_order(list(now)):
        r = now[game]
        bots = anchors().levels.get(game, {})
        rows.append(
            {
                "game": game,
                "title": title(game),
                "rating": round(r.mu, 1),
                "sigma": round(r.sigma, 1),
                "games": r.rated,
                "provisional": r.provisional,
                "history": [
                    {"time": iso_time(h.at), "rating": round(h.mu, 1)} for h in stats.rating_history(profile, game)
                ],
                "bots": {level: round(bots[level].mu, 1) for level in level_order(list(bots))},
            }
        )
    return rows


RATING_HEADER = f"{'Game':<20}{'Rating':>8}{'±':>6}{'Games':>7}"


def ratings_text(profile: str, rows: list[dict[str, Any]]) -> str:
    """The ratings for a terminal: a line per game, and the bots' fixed ratings there under it."""
    out = [f"Ratings for {profile}", ""]
    if not rows:
        out.append("No rated games yet: finish a game against bots of a fixed level, or against people.")
        return "\n".join(out) + "\n"
    out.append(RATING_HEADER)
    for r in rows:
        note = f"  provisional ({r['games']} of the first {PROVISIONAL_GAMES})" if r["provisional"] else ""
        out.append(f"{_cut(r['title'], 19):<20}{shown(r['rating']):>8}{round(r['sigma']):>6}{r['games']:>7}{note}")
        if r["bots"]:
            out.append(_cut("  bots: " + ", ".join(f"{lv} {shown(mu)}" for lv, mu in r["bots"].items()), 79))
    out += [
        "",
        f"A rating is provisional for its first {PROVISIONAL_GAMES} games; ± is how unsure it still is.",
        "Bots' ratings are fixed, measured by bot-against-bot play (medium is 1,500).",
    ]
    return "\n".join(out) + "\n"
