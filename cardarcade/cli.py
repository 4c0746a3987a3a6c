"""The ``cardarcade`` command: the menu, or play / list / rules / simulate.

Mistakes on the command line (an unknown game, a bad option) get one clear line on stderr
and exit code 2; never a traceback.
"""

from __future__ import annotations

import argparse
import json
import os
import signal
import sys
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any, NoReturn
from collections.abc import Callable, Iterator, Sequence

from cardarcade.catalog import CATALOG

if TYPE_CHECKING:  # the rules (and pydantic) load only for a command that needs a game
    from cardarcade.rules.base import GameSpec, Options

USAGE_ERROR = 2
CLOSED_PIPE = 128 + 13  # the status a program ended by SIGPIPE reports, as 'head' readers expect
# Characters: every house rule's value is a word or a small number, and a longer one could be
# nested or long enough to break the JSON reader.
MAX_OPTION_VALUE = 200
# A million games of War take about a day, of Schnapsen weeks: a bigger --games is a slip, not a plan.
MAX_SIMULATED_GAMES = 1_000_000
PROGRESS_AFTER = 2.0  # seconds: a run shorter than this shows no progress bar
# A COLUMNS or LINES outside these is no terminal's (MAX_PRINTED_COLUMNS: the app's own bound,
# ui.terminal.MAX_COLUMNS, not imported: printing needs no Textual).
MIN_PRINTED_COLUMNS, MAX_PRINTED_COLUMNS = 20, 1000


class CliError(Exception):
    """A mistake in what was typed; the message is shown as it is."""


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:  # one line, not usage + error
        raise CliError(f"{self.prog}: {message} (see {self.prog.split()[0]} --help)")


def _game_spec(game_id: str) -> GameSpec:
    from cardarcade.rules import BadSetup, get_spec

    try:
        return get_spec(game_id)
    except BadSetup as exc:
        raise CliError(str(exc)) from None


def _parse_options(spec: GameSpec, pairs: Sequence[str]) -> Options:
    from cardarcade.rules import BadSetup
    from cardarcade.rules.base import option_label

    raw: dict[str, Any] = {}
    fields = spec.Options.model_fields
    for pair in pairs:
        key, sep, value = pair.partition("=")
        key = key.strip().replace("-", "_")
        if not sep or not key:
            raise CliError(f"--option needs key=value, got {pair!r}")
        if key not in fields:
            known = ", ".join(fields) or "none"
            raise CliError(f"{spec.id} has no option {key!r}; its options: {known}")
        if len(value) > MAX_OPTION_VALUE:
            raise CliError(f"--option {key}: a value of {len(value)} characters is too long")
        try:
            raw[key] = json.loads(value)  # numbers and true/false
        except json.JSONDecodeError:
            raw[key] = value
        if isinstance(raw[key], str) and raw[key].lower() in ("yes", "no", "on", "off"):
            raw[key] = raw[key].lower() in ("yes", "on")
    try:
        return spec.parse_options(raw)
    except BadSetup as exc:
        # The message names the rule as the setup screen does; say which --option it was.
        culprit = next((key for key in raw if option_label(fields[key], key) in str(exc)), None)
        raise CliError(f"--option {culprit}: {exc}" if culprit else str(exc)) from None


def _bot_words(text: str | None) -> list[str] | None:
    """The levels ``--bots`` lists (None when it is not given). An empty one is a mistake to
    say: ``--bots ""`` was silently ignored, and ``--bots ,,,`` counted as five seats."""
    if text is None:
        return None
    words = [word.strip().lower() for word in text.split(",")]
    if not any(words):
        raise CliError("--bots needs a level (easy, medium, hard...), or one per bot seat such as easy,hard")
    if not all(words):
        raise CliError(
            f"--bots {_cut(text, 60)!r} has an empty level: give one level, or one per bot seat "
            "separated by commas, such as easy,hard"
        )
    return words


def _cut(text: str, most: int) -> str:
    return text if len(text) <= most else text[: most - 1] + "…"


def _levels(
    spec: GameSpec, words: list[str] | None, count: int, players: int, what: str = "bot seats", default: str = "medium"
) -> list[str]:
    """['hard'] -> that level for every seat; ['easy', 'hard'] -> one per seat (``_bot_words``).
    Only the levels the game offers at a table of ``players``: adaptive means nothing in a
    turn-based game, and only some turn-based games have an expert (some only heads-up)."""
    from cardarcade.bots import LEVEL_NAMES, levels_for

    if count <= 0:
        if words:
            raise CliError("--bots given but there are no bot seats")
        return []
    offered = levels_for(spec, players)
    levels = words if words is not None else [default]
    for level in levels:
        if level in LEVEL_NAMES and level not in offered:
            at = f" at {players} players" if level in levels_for(spec) else ""
            raise CliError(f"{spec.title}'s bots have no level {level!r}{at}; choose from {', '.join(offered)}")
        if level not in offered:
            raise CliError(f"unknown bot level {level!r}; choose from {', '.join(offered)}")
    if len(levels) == 1:
        return levels * count
    if len(levels) != count:
        raise CliError(f"--bots lists {len(levels)} levels for {count} {what}")
    return levels


def _players(spec: GameSpec, players: int | None, default: int) -> int:
    n = default if players is None else players
    if not spec.min_players <= n <= spec.max_players:
        raise CliError(f"{spec.title} takes {spec.player_range} players, not {n}")
    return n


# ---------------------------------------------------------------- commands


def cmd_list(args: argparse.Namespace) -> int:
    rows = [
        {
            "id": g.id,
            "title": g.title,
            "family": g.family,
            "min_players": g.min_players,
            "max_players": g.max_players,
            "realtime": g.realtime,
        }
        for g in CATALOG.values()
    ]
    if args.json:
        print(json.dumps(rows))
        return 0
    from rich.table import Table
    from rich.text import Text

    table = Table(title="cardarcade games", box=None, title_justify="left", header_style="bold")
    # The id is what a player types: it is never cut or wrapped; the description gives way instead.
    table.add_column("id", no_wrap=True, min_width=max(len(g.id) for g in CATALOG.values()))
    table.add_column("players", no_wrap=True)
    table.add_column("kind", no_wrap=True)
    table.add_column("game", ratio=1)
    for info in CATALOG.values():
        table.add_row(info.id, info.player_range, info.family, Text.assemble((info.title, "bold"), " — ", info.summary))
    _console().print(table)
    return 0


def cmd_rules(args: argparse.Namespace) -> int:
    """``rules GAME [--book BOOK]``, ``rules export GAME BOOK``, ``rules import FILE [--replace]``."""
    words = [args.game, *args.more]
    if words[0] == "export":
        return _export_book(words[1:])
    if words[0] == "import":
        return _import_book(words[1:], args.replace)
    if len(words) > 1:
        raise CliError(f"cardarcade rules: one game, not {' '.join(words)!r} (see cardarcade rules --help)")
    if args.replace:
        raise CliError("cardarcade rules: --replace goes with rules import FILE")
    from rich.markdown import Markdown

    from cardarcade.ui.screens.rules import book_markdown, keys_before_play, rules_markdown

    spec = _game_spec(args.game)
    if args.book is None:
        _console().print(Markdown(rules_markdown(spec, None, keys_before_play(spec, None))))
        return 0
    book = _book_store().get(spec.id, args.book)
    if book is None:
        raise CliError(_no_book(spec, args.book))
    keys = keys_before_play(spec, book.options)
    _console().print(Markdown(rules_markdown(spec, book.options, keys) + book_markdown(book.name, book)))
    return 0


def _book_store():
    from cardarcade.store.user import UserStore

    return UserStore().books


def _no_book(spec: GameSpec, name: str) -> str:
    """Why there is no book of that name to use: its file is damaged (where, and why), or there is none."""
    store = _book_store()
    damaged = store.damaged(spec.id, name)
    if damaged is not None:
        why = (damaged.problem or "").removeprefix(f"{damaged.path.name}: ")
        return f"the book {name!r} for {spec.title} is damaged and cannot be used: {why} (the file is {damaged.path})"
    names = store.names(spec.id)
    return f"there is no book {name!r} for {spec.title}; " + (
        f"its books: {', '.join(repr(n) for n in names)}" if names else "none is saved yet"
    )


def _export_book(words: list[str]) -> int:
    from cardarcade.store.books import BookError

    if len(words) != 2:
        raise CliError("cardarcade rules export: give a game and a book: rules export GAME BOOK > FILE.toml")
    spec = _game_spec(words[0])
    try:
        text = _book_store().export_text(spec.id, words[1])
    except BookError:
        raise CliError(_no_book(spec, words[1])) from None
    sys.stdout.write(text)
    return 0


def _read_input(source: str, most: int, command: str) -> tuple[bytes, str]:
    """The bytes of the file ``source`` (- : standard input), one more than ``most`` at the most
    (so a larger one is told as larger), and the name to give it in messages."""
    try:
        if source == "-":
            raw = sys.stdin.buffer.read(most + 1)
        else:
            with open(source, "rb") as handle:
                raw = handle.read(most + 1)
    except OSError as exc:
        raise CliError(f"cardarcade {command}: cannot read {source} ({exc.strerror or exc})") from None
    return raw, "standard input" if source == "-" else Path(source).name


def _import_book(words: list[str], replace: bool) -> int:
    from cardarcade.store.books import MAX_BOOK_BYTES, BookError

    if len(words) != 1:
        raise CliError("cardarcade rules import: give one file: rules import FILE.toml (- reads standard input)")
    raw, name = _read_input(words[0], MAX_BOOK_BYTES, "rules import")
    if len(raw) > MAX_BOOK_BYTES:
        raise CliError(f"{name}: larger than {MAX_BOOK_BYTES // 1024} KiB: not a house-rule book")
    try:
        book = _book_store().import_text(raw.decode("utf-8"), name, replace=replace)
    except UnicodeDecodeError as exc:
        raise CliError(f"{name}: not UTF-8 text ({exc.reason})") from None
    except BookError as exc:
        raise CliError(str(exc)) from None
    print(f"The book {book.name!r} for {book.spec.title} is kept: choose it on the setup screen.")
    return 0


def cmd_simulate(args: argparse.Namespace) -> int:
    from cardarcade.table.simulate import simulate

    spec = _game_spec(args.game)
    if args.games < 1:
        raise CliError("--games must be at least 1")
    if args.games > MAX_SIMULATED_GAMES:
        raise CliError(
            f"--games: at most {MAX_SIMULATED_GAMES:,} in one run (several runs with different --seed give more)"
        )
    bots = _bot_words(args.bots)
    players = _players(spec, args.players, len(bots) if bots and len(bots) > 1 else spec.default_players)
    levels = _levels(spec, bots, players, players, "seats")
    options = _parse_options(spec, args.option or [])
    seed = args.seed if args.seed is not None else 0
    with _progress_shown(f"{spec.title}: {args.games:,} games", args.games) as progress:
        summary = simulate(spec, levels, args.games, seed=seed, options=options, progress=progress)
    if args.json:
        print(json.dumps(summary.to_json()))
        return 0
    from rich.table import Table

    console = _console()
    table = Table(title=f"{spec.title}: {summary.games} games, {players} bots (seed {seed})")
    table.add_column("Seat")
    table.add_column("Bot")
    table.add_column("Wins", justify="right")
    table.add_column("Win %", justify="right")
    reactions = summary.reaction_ms()
    if reactions is not None:
        table.add_column("Reaction median", justify="right")
        table.add_column("Reaction p90", justify="right")
    for seat, level in enumerate(levels):
        row = [str(seat + 1), level, str(summary.wins[seat]), f"{100 * summary.wins[seat] / summary.games:.1f}"]
        if reactions is not None:
            r = reactions[seat]
            row += [
                f"{r['median']:.0f} ms" if r["median"] is not None else "-",
                f"{r['p90']:.0f} ms" if r["p90"] is not None else "-",
            ]
        table.add_row(*row)
    console.print(table)
    console.print(
        f"Draws: {summary.draws}   mean actions per game: {summary.mean_actions:.1f}   "
        f"actions per second: {summary.actions_per_second:,.0f}"
    )
    return 0


@contextmanager
def _progress_shown(what: str, total: int) -> Iterator[Callable[[int], None]]:
    """A progress callback for a long run: a bar on stderr, shown only once the run has taken
    PROGRESS_AFTER seconds (a short run shows nothing) and only when stderr is a terminal (a
    log file or a pipe gets no bar). Standard output holds only the result."""
    if not _is_terminal(2):
        yield lambda done: None
        return
    import threading

    from rich.progress import Progress

    progress = Progress(console=_console(stderr=True), transient=True)
    task = progress.add_task(what, total=total)
    timer = threading.Timer(PROGRESS_AFTER, progress.start)
    timer.daemon = True
    timer.start()
    try:
        yield lambda done: progress.update(task, completed=done)
    finally:
        timer.cancel()
        timer.join()
        if progress.live.is_started:  # (stopping one never shown would still print a line on a dumb terminal)
            progress.stop()


def _console(stderr: bool = False) -> Any:
    """A Rich console for printed output. It ignores a COLUMNS or LINES no terminal has: with
    COLUMNS=0 Rich drew every table zero columns wide, and ``list`` printed nothing."""
    from rich.console import Console

    environ = {
        name: value for name, value in os.environ.items() if name not in ("COLUMNS", "LINES") or _usable_size(value)
    }
    return Console(stderr=stderr, _environ=environ)


def _usable_size(value: str) -> bool:
    number = _small_whole_number(value)
    return number is not None and MIN_PRINTED_COLUMNS <= number <= MAX_PRINTED_COLUMNS


def _small_whole_number(text: str) -> int | None:
    """``text`` as a whole number of at most six digits, or None: "²" is a digit int() refuses,
    and 5,000 digits are more than it reads."""
    text = text.strip()
    return int(text) if text.isascii() and text.isdigit() and len(text) <= 6 else None


def trusted_size_variables(environ: dict[str, str]) -> dict[str, str]:
    """``environ`` without a COLUMNS or LINES no terminal has (Textual takes them over the
    terminal's own size: COLUMNS=100000 LINES=100000 had it build a screen of gigabytes)."""
    from cardarcade.ui.terminal import MAX_COLUMNS, MAX_LINES

    out = dict(environ)
    for name, most in (("COLUMNS", MAX_COLUMNS), ("LINES", MAX_LINES)):
        value = out.get(name)
        number = None if value is None else _small_whole_number(value)
        if value is not None and not (number is not None and 0 < number <= most):
            del out[name]
    return out


def _run_app(start: Any, args: argparse.Namespace) -> int:
    from cardarcade.ui.app import ArcadeApp

    trusted = trusted_size_variables(dict(os.environ))
    for name in ("COLUMNS", "LINES"):
        if name not in trusted:
            os.environ.pop(name, None)  # this process runs one app: its environment is its own

    database = _open_database("cardarcade", getattr(args, "database", None))
    store = None
    if database is not None:
        from cardarcade.store.user import UserStore

        store = UserStore(database=database)
    app = ArcadeApp(start=start, handle_signals=True, store=store)  # the settings file's pace, theme and glyphs
    if getattr(args, "ascii", False):
        app.settings.ascii_glyphs = True
    theme = getattr(args, "theme", None)
    if theme:
        if theme not in app.looks.card_themes:
            raise CliError(f"unknown theme {theme!r}; themes: {', '.join(sorted(app.looks.card_themes))}")
        app.looks.use(theme)
    if not _is_terminal(0):
        # Without a terminal to read keys from, Textual would spin (stdin at end of file) or crash
        # (stdin closed).
        raise CliError(
            "cardarcade needs a terminal to play in, and its input is not one "
            "(run it in a terminal; 'cardarcade simulate' plays bots without one)"
        )
    app.run()
    if app.store_writer.finish():  # the game's last save, before a signal ends the process
        app.store.close()  # (the statistics copied from their WAL into their file: a copy of it is whole)
    if database is not None:
        database.close()  # (and the holds of its saves with it)
    if app.ending.ended_by_signal is not None:
        return _end_by(app.ending.ended_by_signal)
    return app.return_code or 0


def _end_by(signum: int) -> int:
    """End this process by the signal that ended the app, now that the terminal is restored:
    whoever sent it sees it took effect (a shell shows 128 + the signal's number)."""
    sys.stdout.flush()
    sys.stderr.flush()
    signal.signal(signum, signal.SIG_DFL)
    os.kill(os.getpid(), signum)
    return 128 + signum  # only if the signal did not end the process


def _is_terminal(fd: int) -> bool:
    try:
        return os.isatty(fd)
    except OSError:
        return False


def cmd_play(args: argparse.Namespace) -> int:
    from cardarcade.bots import newcomer_level
    from cardarcade.seating import GameSetup
    from cardarcade.ui.games import screen_class

    spec = _game_spec(args.game)
    humans = 1 if args.hotseat is None else args.hotseat
    if args.hotseat is not None and humans < 2:
        raise CliError(f"--hotseat takes how many people play (2 or more), not {humans}")
    most = screen_class(spec.id).MAX_PEOPLE
    if most is not None and humans > most:
        raise CliError(f"at most {most} people can share one keyboard in {spec.title}")
    bots = _bot_words(args.bots)
    bot_list = bots if bots and len(bots) > 1 else None
    players = _players(spec, args.players, humans + len(bot_list) if bot_list else max(humans, spec.default_players))
    if players < humans:
        raise CliError(f"--hotseat {humans} needs at least {humans} players, not {players}")
    levels = _levels(spec, bots, players - humans, players, default=newcomer_level(spec.realtime))
    options = _parse_options(spec, args.option or [])
    setup = GameSetup.solo(spec, players, seed=args.seed, options=options, humans=humans, levels=levels or None)
    if humans > 1:
        # Each person plays as a profile of their own, named as the setup screen names them
        # (Player 1, Player 2...): their results are recorded, and theirs. (One person plays as
        # this terminal's player.)
        from dataclasses import replace

        setup = replace(
            setup, seats=tuple(seat if seat.is_bot else replace(seat, profile=seat.name) for seat in setup.seats)
        )
    return _run_app(setup, args)


def cmd_menu(args: argparse.Namespace) -> int:
    return _run_app(None, args)


def _at_least(least: int):
    """An argparse type: a whole number no smaller than ``least``."""

    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"a whole number, not {text!r}") from None
        if value < least:
            raise argparse.ArgumentTypeError(f"must be at least {least}, not {value}")
        return value

    return parse


def cmd_stats(args: argparse.Namespace) -> int:
    import sqlite3

    from cardarcade.store import report
    from cardarcade.store.look import login_name
    from cardarcade.store.stats import Stats, StatsError
    from cardarcade.store.user import UserStore
    from cardarcade.ui.plain import drop_controls

    database = _open_database("cardarcade stats", args.database)
    store = UserStore(database=database)
    settings, warning = store.settings_file.load()  # a value it cannot use: that one's default
    if warning is not None:
        print(f"cardarcade stats: {warning}", file=sys.stderr)  # (whose statistics these are may depend on it)
    profile = args.profile if args.profile is not None else login_name(settings.profile)
    path = store.data_dir / "stats.sqlite3"
    if database is None and not path.exists():
        # Reading the statistics must not leave an empty file behind.
        print(f"No statistics yet: nothing has been played and recorded in {store.data_dir}.", file=sys.stderr)
        return 0
    try:
        # Read only: never waits for an arcade that is writing, and reads a read-only disk.
        with store.stats if database is not None else Stats(path, read_only=True) as stats:
            if args.ratings:
                return _print_ratings(stats, profile, args)
            if args.csv:
                sys.stdout.write(report.to_csv(stats, profile))
                return 0
            figures = report.figures(stats, profile)
            if args.json:
                print(report.to_json(figures))
                return 0
            if not figures["games"] and not figures["reactions"]:
                others = [p for p in stats.profiles() if p != profile]
                also = f" Profiles with records: {', '.join(others)} (--profile NAME)." if others else ""
                print(drop_controls(f"Nothing recorded for {profile} yet.{also}"))
                return 0
            print(drop_controls(report.to_text(figures)), end="")  # (names from the file stay text)
    except (StatsError, sqlite3.Error) as exc:  # (a damaged page can fail any read)
        print(f"cardarcade stats: {exc}", file=sys.stderr)
        return 1
    finally:
        if database is not None:
            database.close()
    return 0


def cmd_migrate(args: argparse.Namespace) -> int:
    from cardarcade.store.migrate import migrate
    from cardarcade.store.saves import SaveFailed
    from cardarcade.store.stats import StatsError
    from cardarcade.store.user import UserStore

    database = _open_database("cardarcade migrate", args.database)
    files = UserStore()
    target = UserStore(database=database)
    if args.player is not None:
        files, target = files.for_player(args.player), target.for_player(args.player)
    try:
        copied = migrate(files, target)
    except (StatsError, SaveFailed, OSError) as exc:
        print(
            f"cardarcade migrate: {exc} (what was copied before stays; run it again to copy the rest)", file=sys.stderr
        )
        return 1
    finally:
        database.close()
    whose = f"{args.player}'s" if args.player is not None else "this arcade's"
    print(
        f"Copied {whose} statistics, saves, settings and books (from {files.data_dir} and {files.config_dir})"
        f" into {database.describe()}:"
    )
    for line in copied.lines():
        print(f"  {line}")
    return 0


def _print_ratings(stats: Any, profile: str, args: argparse.Namespace) -> int:
    """``cardarcade stats --ratings``: a line per game the profile is rated in."""
    from cardarcade.store import report
    from cardarcade.ui.plain import drop_controls

    if args.csv:
        raise CliError("--ratings and --csv: choose one (--csv exports every game; --ratings --json the ratings)")
    rows = report.rating_figures(stats, profile)
    if args.json:
        print(report.to_json({"profile": profile, "ratings": rows}))
    else:
        print(drop_controls(report.ratings_text(profile, rows)), end="")  # (a name from the file stays text)
    return 0


# ---------------------------------------------------------------- replays

REPLAY_USAGE = "cardarcade replay list | show ID | export ID > FILE | import FILE (see cardarcade replay --help)"


def cmd_replay(args: argparse.Namespace) -> int:
    """``replay list``, ``replay show ID``, ``replay export ID > FILE``, ``replay import FILE``."""
    from cardarcade.store.look import login_name
    from cardarcade.store.replays import BadReplay, ReplayStore
    from cardarcade.store.user import UserStore

    words = list(args.words)
    wanted = {"list": 0, "show": 1, "export": 1, "import": 1}
    if not words or words[0] not in wanted:
        raise CliError(
            REPLAY_USAGE if not words else f"cardarcade replay: no command {_cut(words[0], 40)!r}: {REPLAY_USAGE}"
        )
    what, rest = words[0], words[1:]
    if len(rest) != wanted[what]:
        needs = {"list": "nothing more", "show": "one replay id", "export": "one replay id", "import": "one file"}[what]
        raise CliError(f"cardarcade replay {what} takes {needs} ({REPLAY_USAGE})")
    user = UserStore()
    settings, warning = user.settings_file.load()
    if warning is not None:
        print(f"cardarcade replay: {warning}", file=sys.stderr)
    profile = args.profile if args.profile is not None else login_name(settings.profile)
    store = ReplayStore.of(user.data_dir, profile)
    try:
        if what == "list":
            return _list_replays(store, profile)
        if what == "import":
            return _import_replay(store, rest[0], settings.replays_kept)
        replay = store.load(rest[0])
    except BadReplay as exc:
        raise CliError(f"cardarcade replay {what}: {exc}") from None
    if what == "export":
        from cardarcade.store.replays import to_text

        sys.stdout.write(to_text(replay))
        return 0
    _print_plain(_replay_lines(replay))
    return 0


def _print_plain(lines: Iterator[str] | list[str]) -> None:
    """Lines that hold what people and files chose (names), printed as they are, controls dropped."""
    from cardarcade.ui.plain import drop_controls

    for line in lines:
        print(drop_controls(line))


def _list_replays(store: Any, profile: str) -> int:
    entries = store.entries()
    if not entries:
        print(f"No replays kept for {profile} yet: every game finished from now on is kept.", file=sys.stderr)
        return 0
    lines = []
    for e in entries:
        if e.problem is not None:
            lines.append(f"{e.replay_id}  cannot be replayed: {e.problem}")
            continue
        when = e.finished_at.astimezone().strftime("%Y-%m-%d %H:%M") if e.finished_at else ""
        lines.append(f"{e.replay_id}  {when}  {e.title}, {e.moves} moves: {', '.join(e.players)}. {e.result}")
    _print_plain(lines)
    return 0


def _replay_lines(replay: Any) -> Iterator[str]:
    from cardarcade.replay import clock_text, move_lines

    setup = replay.setup
    seats = [f"{s.name} ({s.level} bot)" if s.is_bot else s.name for s in setup.seats]
    changed = [
        line for line, default in zip(setup.options.describe(), setup.spec.Options().describe()) if line != default
    ]
    yield f"{setup.spec.title}, seed {setup.seed}, finished {replay.finished_at.astimezone():%Y-%m-%d %H:%M} after {clock_text(replay.duration)} of play"
    yield "Seats: " + ", ".join(seats)
    if setup.book is not None or changed:
        yield "House rules: " + "; ".join(([f"book {setup.book}"] if setup.book else []) + changed)
    yield from move_lines(replay)
    yield replay.result


def _import_replay(store: Any, source: str, keep: int) -> int:
    from cardarcade.store.replays import MAX_FILE_BYTES

    raw, name = _read_input(source, MAX_FILE_BYTES, "replay import")
    try:
        replay = store.import_data(raw, name, keep)
    except OSError as exc:
        raise CliError(f"cardarcade replay import: the replay could not be kept ({exc.strerror or exc})") from None
    print(f"Replay {replay.replay_id} of {replay.title} kept: cardarcade replay show {replay.replay_id}")
    return 0


def cmd_serve(args: argparse.Namespace) -> int:
    raise CliError("cardarcade serve: say what to serve: ssh or web (see cardarcade serve --help)")


def _serve_setup(command: str, args: argparse.Namespace, ports: dict[str, int | None]) -> Any:
    """What serve ssh and serve web check first; returns their limits."""
    import logging

    from cardarcade.server.ssh import Limits, refuse_textual_variables  # (and asyncssh: only here)

    problem = refuse_textual_variables(os.environ)
    if problem:
        raise CliError(f"cardarcade serve {command}: {problem}")
    for option, port in ports.items():
        if port is not None and port > 65535:
            raise CliError(f"cardarcade serve {command}: {option} must be at most 65535, not {port}")
    logging.basicConfig(level=logging.WARNING, format="%(asctime)s %(message)s", stream=sys.stderr)
    logging.getLogger("cardarcade.server").setLevel(logging.INFO)
    return Limits(
        max_sessions=args.max_sessions,
        per_address=args.per_address,
        max_starting=args.max_starting,
        idle_timeout=60.0 * args.idle_timeout,
    )


def _serve_hub(command: str, args: argparse.Namespace) -> Any:
    """--redis URL: the hub every server process given that Redis shares (None: this one alone)."""
    if args.redis is None:
        return None
    from cardarcade.server.hub import HubUnavailable
    from cardarcade.server.redis_hub import RedisHub

    if not args.redis.startswith(("redis://", "rediss://", "unix://")):
        raise CliError(f"cardarcade serve {command}: --redis takes a URL: redis://HOST:PORT/DB, not {args.redis!r}")
    try:
        return RedisHub(args.redis)
    except HubUnavailable as exc:
        raise CliError(f"cardarcade serve {command}: --redis: {exc}") from None


def _serve_workers(command: str, args: argparse.Namespace) -> int:
    """--workers N above 1: this process listens and starts N workers serving one address, each
    accepting on the sockets made here (server/workers.py)."""
    if args.redis is None:
        raise CliError(f"cardarcade serve {command}: --workers above 1 needs --redis URL (what the workers share)")
    if args.port == 0 or getattr(args, "web_port", None) == 0:
        raise CliError(f"cardarcade serve {command}: --workers above 1 needs a port of its own, not 0")
    if command == "ssh":
        from cardarcade.server.keys import load_or_create_host_key

        load_or_create_host_key()  # (made once, here: every worker shows the same)
    # --database: reached once, here, so that a bad URL or a database that is down is said once,
    # not by each worker (its schema brought up to date once, too)
    database = _open_database(f"cardarcade serve {command}", args.database)
    if database is not None:
        database.close()
    given, child = list(args.argv), []
    while given:  # the same command line, less --workers, and each worker told it is one of many
        word = given.pop(0)
        if word == "--workers":
            given.pop(0)
        elif not word.startswith("--workers="):
            child.append(word)
    return _listen_for_workers(command, args, child)


def _listen_for_workers(command: str, args: argparse.Namespace, child: list[str]) -> int:
    """The sockets the workers take turns at (SSH's or the page's, and --web-port's), made here
    once; then the workers, each given them."""
    from cardarcade.server.workers import listening_socket, run_workers

    places = [(args.host, args.port)]
    if getattr(args, "web_port", None) is not None:
        places.append((args.web_host or args.host, args.web_port))
    sockets = []
    try:
        for host, port in places:
            try:
                sockets.append(listening_socket(host, port))
            except OSError as exc:
                raise CliError(
                    f"cardarcade serve {command}: cannot listen on {host}:{port} ({exc.strerror or exc})"
                ) from None
        fds = ",".join(str(sock.fileno()) for sock in sockets)
        return run_workers(
            [sys.executable, "-m", "cardarcade.cli", *child, "--one-of-workers", fds], args.workers, sockets
        )
    finally:
        for sock in sockets:
            sock.close()


async def _reach_hub(command: str, server: Any) -> None:
    """Reach the shared Redis before listening, or stop saying why."""
    from cardarcade.server.hub import HubUnavailable

    try:
        await server.open_shared()
    except HubUnavailable as exc:
        await server.close()
        raise CliError(f"cardarcade serve {command}: {exc}") from None
    if getattr(server.hub, "url", None):  # (a RedisHub: --redis was given)
        print(
            f"cardarcade: sharing the lobby, names and limits through Redis at {server.hub.where} "
            f"as worker {server.hub.worker}",
            file=sys.stderr,
        )


def _given_sockets(args: argparse.Namespace) -> list[Any]:
    """A worker's listening sockets, made by its parent (None each: this process listens itself)."""
    if not args.one_of_workers:
        return [None, None]
    from cardarcade.server.workers import inherited_sockets

    return [*inherited_sockets(args.one_of_workers), None]


async def _start_web(command: str, server: Any, host: str, port: int, name_mark: str = "", sock: Any = None) -> Any:
    """Serve the browser page from ``server``'s process (on ``sock``, a worker's listening socket,
    if given); says where, or why it cannot."""
    from cardarcade.server.web import WebServer

    web = WebServer(server, name_mark=name_mark)
    try:
        port = await web.start(host, port, sock=sock)
    except OSError as exc:
        raise CliError(f"cardarcade serve {command}: cannot listen on {host}:{port} ({exc.strerror or exc})") from None
    shown = f"[{host}]" if ":" in host else host
    print(
        f"cardarcade: serving the browser page on http://{shown}:{port}/ (?name=NAME names the player; "
        f"without it, a guest)",
        file=sys.stderr,
    )
    return web


async def _until_signalled(server: Any) -> None:
    """Serve until Ctrl+C or SIGTERM, under the server's garbage-collection policy."""
    import asyncio

    from cardarcade.server.collector import Collector
    from cardarcade.server.watchdog import LoopWatchdog

    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for signum in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(signum, stop.set)
    # Gathering what an ended session left stops at what every session shares.
    collector = Collector(
        lambda: server.sessions_ended,
        sessions_live=lambda: len(server.sessions),
        keep_out=lambda: (server, server.lobby, server.themes, server.store),
    )
    collector.start()
    watchdog = LoopWatchdog(watched=lambda: bool(server.sessions))  # logs any pause of the loop everyone felt
    watchdog.start()
    try:
        await stop.wait()
    finally:
        watchdog.stop()
        collector.stop()
    print("cardarcade: stopping: every session is told and ended.", file=sys.stderr)


def cmd_serve_ssh(args: argparse.Namespace) -> int:
    import asyncio

    from cardarcade.server.keys import default_authorized_keys_path
    from cardarcade.server.names import BROWSER_MARK
    from cardarcade.server.ssh import ArcadeServer

    limits = _serve_setup("ssh", args, {"--port": args.port, "--web-port": args.web_port})
    if args.workers > 1:
        return _serve_workers("ssh", args)
    if args.web_host and args.web_port is None:
        raise CliError("cardarcade serve ssh: --web-host goes with --web-port")
    keys_file = None
    if args.auth == "keys":
        keys_file = Path(args.authorized_keys) if args.authorized_keys else default_authorized_keys_path()
        if not keys_file.is_file():
            raise CliError(
                f"cardarcade serve ssh: no authorized_keys file at {keys_file} (list the players' "
                "public keys there, give --authorized-keys FILE, or --auth open for anyone)"
            )
    elif args.authorized_keys:
        raise CliError("cardarcade serve ssh: --authorized-keys goes with --auth keys")
    store = _server_store("ssh", args)
    try:
        server = ArcadeServer(
            auth=args.auth, authorized_keys=keys_file, limits=limits, store=store, hub=_serve_hub("ssh", args)
        )
    except (OSError, ValueError) as exc:  # the host key's folder or file; the players' keys
        raise CliError(f"cardarcade serve ssh: {exc}") from None

    given = _given_sockets(args)

    async def serve() -> None:
        await _reach_hub("ssh", server)
        try:
            port = await server.start(args.host, args.port, sock=given[0])
        except OSError as exc:
            raise CliError(
                f"cardarcade serve ssh: cannot listen on {args.host}:{args.port} ({exc.strerror or exc})"
            ) from None
        print(
            f"cardarcade: serving SSH on {args.host}:{port}, host key "
            f"{server.host_key.get_fingerprint()}; Ctrl+C stops.",
            file=sys.stderr,
        )
        if args.auth == "open":
            print(
                "cardarcade: --auth open: anyone who can reach this address plays, under any name they give.",
                file=sys.stderr,
            )
        else:
            print(
                f"cardarcade: players' keys from {keys_file}; each name belongs to one key, as kept in "
                f"{server.names.kept_in}",
                file=sys.stderr,
            )
        web = None
        if args.web_port is not None:
            # A page proves no one's identity: its players' names are marked, never a key holder's.
            mark = BROWSER_MARK if args.auth == "keys" else ""
            try:
                web = await _start_web("ssh", server, args.web_host or args.host, args.web_port, mark, given[1])
            except CliError:
                await server.close()
                raise
            print(
                "cardarcade: the browser page asks for no key: anyone who can reach it plays"
                + (", their names ending in @web." if mark else "."),
                file=sys.stderr,
            )
        await _until_signalled(server)
        if web is not None:
            await web.close()
        await server.close()

    asyncio.run(serve())
    return 0


def cmd_serve_web(args: argparse.Namespace) -> int:
    import asyncio

    import asyncssh

    from cardarcade.server.ssh import ArcadeServer

    limits = _serve_setup("web", args, {"--port": args.port})
    if args.workers > 1:
        return _serve_workers("web", args)
    # The sessions' and the lobby's keeper; it never listens for SSH here, so its host key is one
    # made for the occasion and never written.
    store = _server_store("web", args)
    server = ArcadeServer(
        auth="open",
        host_key=asyncssh.generate_private_key("ssh-ed25519"),
        limits=limits,
        store=store,
        hub=_serve_hub("web", args),
    )

    async def serve() -> None:
        await _reach_hub("web", server)
        web = await _start_web("web", server, args.host, args.port, sock=_given_sockets(args)[0])
        print(
            "cardarcade: no key is asked for: anyone who can reach this address plays, under any name they give; "
            "Ctrl+C stops.",
            file=sys.stderr,
        )
        await _until_signalled(server)
        await web.close()
        await server.close()

    asyncio.run(serve())
    return 0


# ---- --database: PostgreSQL instead of this machine's files (store/database.py)


def _open_database(command: str, url: str | None) -> Any:
    """The process's Database for ``--database URL``, reached once now so that a bad URL or a
    database that is down is said before anything starts; None without the option."""
    if url is None:
        return None
    from cardarcade.store.database import Database, DatabaseError

    try:
        database = Database(url)
        database.check()
    except DatabaseError as exc:
        raise CliError(f"{command}: {exc}") from None
    except ImportError:
        raise CliError(f'{command}: --database needs psycopg: python -m pip install "cardarcade[postgres]"') from None
    return database


def _server_store(command: str, args: argparse.Namespace) -> Any:
    """A server's store: the default folders, with ``--database`` what its processes share."""
    database = _open_database(f"cardarcade serve {command}", args.database)
    if database is None:
        return None
    from cardarcade.store.user import UserStore

    print(f"cardarcade: statistics, saves, settings and books in {database.describe()}", file=sys.stderr)
    return UserStore(database=database)


def _add_database_option(parser: argparse.ArgumentParser, **more: Any) -> None:
    parser.add_argument(
        "--database",
        metavar="URL",
        help="keep statistics, saves, settings and books in PostgreSQL (postgresql://user@host/db), "
        "shared by every arcade given it",
        **more,
    )


def _add_limit_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--max-sessions",
        type=_at_least(1),
        default=100,
        help="sessions at once, SSH and browser together (default 100)",
    )
    parser.add_argument("--per-address", type=_at_least(1), default=8, help="sessions from one address (default 8)")
    parser.add_argument(
        "--max-starting",
        type=_at_least(1),
        default=1,
        help="sessions drawing their first screen at once, each when the loop is free (default 1)",
    )
    parser.add_argument(
        "--idle-timeout",
        type=_at_least(2),
        default=30,
        metavar="MINUTES",
        help="minutes without a key press before a session ends (default 30)",
    )
    _add_sharing_options(parser)


def _add_sharing_options(parser: argparse.ArgumentParser) -> None:
    """serve's options for several processes: what they share, and how many on one address."""
    parser.add_argument(
        "--redis",
        metavar="URL",
        help="share the lobby (who is online, tables, chat), the names bound to keys and these limits "
        "with every server process given the same Redis, e.g. redis://127.0.0.1:6379/0",
    )
    parser.add_argument(
        "--workers",
        type=_at_least(1),
        default=1,
        metavar="N",
        help="N processes serving one address, connections spread among them (above 1 needs --redis)",
    )
    # (set by --workers: the listening sockets its parent made, the SSH or web port's, then --web-port's)
    parser.add_argument("--one-of-workers", metavar="FDS", help=argparse.SUPPRESS)


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="cardarcade", description="A terminal card-game arcade.")
    parser.add_argument("--theme", help="colour theme (felt, high-contrast, four-colour, ...)")
    parser.add_argument("--ascii", action="store_true", help="suit letters S H D C instead of symbols")
    _add_database_option(parser)
    parser.set_defaults(func=cmd_menu)
    sub = parser.add_subparsers(dest="command", parser_class=_Parser)

    play = sub.add_parser("play", help="play a game against bots (or hot-seat)")
    play.add_argument("game")
    play.add_argument("--players", type=int)
    play.add_argument(
        "--bots",
        help="bot level for every bot seat, or one per seat: easy, medium, hard; "
        "reaction games also expert and adaptive",
    )
    play.add_argument("--seed", type=int)
    play.add_argument("--option", action="append", metavar="KEY=VALUE", help="a house rule (repeatable)")
    play.add_argument(
        "--hotseat",
        type=int,
        nargs="?",
        const=2,
        metavar="PEOPLE",
        help="people sharing this keyboard (2 if no number is given); the other seats are bots",
    )
    # Also after the game's name; SUPPRESS keeps a value given before "play" from being reset.
    play.add_argument("--theme", help="colour theme", default=argparse.SUPPRESS)
    play.add_argument("--ascii", action="store_true", help="suit letters instead of symbols", default=argparse.SUPPRESS)
    _add_database_option(play, default=argparse.SUPPRESS)
    play.set_defaults(func=cmd_play)

    lst = sub.add_parser("list", help="list the games")
    lst.add_argument("--json", action="store_true")
    lst.set_defaults(func=cmd_list)

    rules = sub.add_parser(
        "rules",
        help="show a game's rules; share house-rule books",
        usage="cardarcade rules GAME [--book BOOK]\n"
        "       cardarcade rules export GAME BOOK > FILE.toml\n"
        "       cardarcade rules import FILE.toml [--replace]",
        description="Show a game's rules, or share a house-rule book (a named set of house rules with the "
        "group's rulings, saved from the setup screen) as a TOML file. An import refuses a "
        "file that is not a usable book, giving the line and the reason, and a book whose "
        "name is already kept for that game unless --replace is given (its history then "
        "says it was replaced by the import).",
    )
    rules.add_argument("game", metavar="GAME", help="a game id (see cardarcade list), or export, or import")
    rules.add_argument("more", nargs="*", help=argparse.SUPPRESS)
    rules.add_argument("--book", help="show the rules as this house-rule book has them, with its rulings and history")
    rules.add_argument(
        "--replace", action="store_true", help="import: replace the book of the same name kept for that game"
    )
    rules.set_defaults(func=cmd_rules)

    sim = sub.add_parser("simulate", help="bots only, headless, as fast as the engine goes")
    sim.add_argument("game")
    sim.add_argument("--games", type=int, required=True)
    sim.add_argument("--players", type=int)
    sim.add_argument("--bots", help="one level for all seats or one per seat")
    sim.add_argument("--seed", type=int)
    sim.add_argument("--option", action="append", metavar="KEY=VALUE")
    sim.add_argument("--json", action="store_true")
    sim.set_defaults(func=cmd_simulate)

    stats = sub.add_parser("stats", help="your statistics: games, streaks, reaction times")
    stats.add_argument("--profile", metavar="NAME", help="whose (default: yours, as the settings say, else your login)")
    _add_database_option(stats)
    output = stats.add_mutually_exclusive_group()
    output.add_argument("--json", action="store_true", help="the same figures as JSON")
    output.add_argument("--csv", action="store_true", help="every recorded game and reaction, as CSV")
    stats.add_argument("--ratings", action="store_true", help="your rating in each game (with --json: as JSON)")
    stats.set_defaults(func=cmd_stats)

    replay = sub.add_parser(
        "replay",
        help="finished games, move by move: list, show, export, import",
        usage="cardarcade replay list\n"
        "       cardarcade replay show ID\n"
        "       cardarcade replay export ID > FILE.jsonl\n"
        "       cardarcade replay import FILE.jsonl",
        description="Every finished game is kept as a replay (the newest 500 per profile; a setting). "
        "show prints it move by move; export writes it as a file to share; import keeps a shared file "
        "once it replays to the end it gives, else names the line and the reason.",
    )
    replay.add_argument(
        "words", nargs="*", metavar="list|show|export|import", help="what to do, and its replay id or file"
    )
    replay.add_argument(
        "--profile", metavar="NAME", help="whose replays (default: yours, as the settings say, else your login)"
    )
    replay.set_defaults(func=cmd_replay)

    mig = sub.add_parser(
        "migrate",
        help="copy your statistics and saves into a PostgreSQL database (for --database); run twice, copies once",
    )
    mig.add_argument("--database", metavar="URL", required=True, help="the database: postgresql://user@host/db")
    mig.add_argument("--player", metavar="NAME", help="a server's player's saves (default: this arcade's own)")
    mig.set_defaults(func=cmd_migrate)

    serve = sub.add_parser("serve", help="serve the arcade to players elsewhere")
    serve.set_defaults(func=cmd_serve)
    servers = serve.add_subparsers(dest="server", parser_class=_Parser)
    ssh = servers.add_parser("ssh", help="over SSH: people play from their own ssh client")
    ssh.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1; 0.0.0.0 for all)")
    ssh.add_argument("--port", type=_at_least(0), default=2222)
    ssh.add_argument(
        "--auth",
        choices=("keys", "open"),
        default="keys",
        help="keys: the public keys in an authorized_keys file (default); open: anyone, any name",
    )
    ssh.add_argument(
        "--authorized-keys",
        metavar="FILE",
        help="players' public keys (default: authorized_keys in the user config folder)",
    )
    ssh.add_argument(
        "--web-port",
        type=_at_least(0),
        metavar="PORT",
        help="also serve the browser page on this port, from this process: browser and SSH "
        "players share the lobby, the tables and the limits",
    )
    ssh.add_argument("--web-host", metavar="ADDRESS", help="address for the browser page (default: --host)")
    _add_limit_options(ssh)
    _add_database_option(ssh)
    ssh.set_defaults(func=cmd_serve_ssh)
    web = servers.add_parser("web", help="in a web browser: the arcade's page, one game per browser tab")
    web.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1; 0.0.0.0 for all)")
    web.add_argument("--port", type=_at_least(0), default=8080, help="port (default 8080)")
    _add_limit_options(web)
    _add_database_option(web)
    web.set_defaults(func=cmd_serve_web)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    # A terminal that cannot show ♠ gets '?' rather than a traceback.
    for stream in (sys.stdout, sys.stderr):
        if stream is not None and hasattr(stream, "reconfigure"):
            stream.reconfigure(errors="replace")
    try:
        args = build_parser().parse_args(argv)
        args.argv = list(sys.argv[1:] if argv is None else argv)  # (serve --workers starts its workers with it)
        status = args.func(args)
        sys.stdout.flush()  # here, where a reader that went away is caught, not at exit
        return status
    except CliError as exc:
        print(str(exc), file=sys.stderr)
        return USAGE_ERROR
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:  # the reader went away (`cardarcade list | head -1`): not an error of ours
        _silence_stdout()
        return CLOSED_PIPE
    except OSError as exc:  # output that cannot be written: a full disk, /dev/full
        _silence_stdout()
        print(f"cardarcade: cannot write the output ({exc.strerror or exc})", file=sys.stderr)
        return USAGE_ERROR


def _silence_stdout() -> None:
    """Point stdout at /dev/null, so the interpreter's final flush of what could not be
    written does not raise again on the way out."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError, AttributeError):
        pass


if __name__ == "__main__":
    sys.exit(main())
