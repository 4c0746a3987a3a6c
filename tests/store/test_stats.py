"""Statistics: what is recorded, the figures the statistics screen shows, migrations, and
several processes writing at once."""

from __future__ import annotations

import sqlite3
import subprocess
import sys
import textwrap
import threading
import time
from pathlib import Path

import pytest
from records import finished_war, record_war

from cardarcade.cards import Card
from cardarcade.rules import GAMES, Outcome
from cardarcade.seating import GameSetup, Reaction
from cardarcade.store import stats as stats_module
from cardarcade.store.stats import LevelRecord, Stats, StatsError


def claim(kind: str, event: str, seconds: float, outcome: Outcome = Outcome.WON) -> Reaction:
    """A person's claim as the table reports it (seat 0, on the first card): the engine answered
    with an ``event`` of that kind, judging the claim ``outcome``."""
    return Reaction(0, seconds, event, 1, kind, outcome=outcome)


def test_played_won_streaks_and_results_against_each_bot_level(open_stats) -> None:
    with open_stats() as stats:
        history = [
            ("won", "easy"),
            ("won", "easy"),
            ("lost", "hard"),
            ("won", "hard"),
            ("won", "easy"),
            ("won", "hard"),
            ("lost", "easy"),
            ("won", "easy"),
        ]
        for t, (outcome, level) in enumerate(history):
            record_war(stats, "ada", outcome, level, at=1000.0 + t, duration=60.0)
        [war] = stats.game_summaries("ada")
        assert (war.game, war.played, war.won, war.lost, war.drew) == ("war", 8, 6, 2, 0)
        assert (war.streak, war.best_streak) == (1, 3)
        assert war.seconds == 480.0
        assert war.against == {"easy": LevelRecord(5, 4, 0), "hard": LevelRecord(3, 2, 0)}
        assert stats.game_summaries("nobody") == []
        assert stats.profiles() == ["ada"]
        [record] = stats.finished_games()[:1]
        assert record["game"] == "war" and record["options"]["war_style"] == "standard"
        assert [s["profile"] for s in record["seats"]].count("ada") == 1


def test_a_shared_win_is_a_draw_and_ends_a_streak(open_stats) -> None:
    seed = 0
    while True:
        setup, game = finished_war(seed)
        if game.result.is_draw and game.result.winners:
            break
        seed += 1
    with open_stats() as stats:
        record_war(stats, "ada", "won", "easy", at=1.0, duration=60.0)
        stats.record_game(setup, game, 10.0, profiles={game.result.winners[0]: "ada"}, finished_at=2.0)
        [war] = stats.game_summaries("ada")
        assert (war.won, war.drew, war.streak, war.best_streak) == (1, 1, 0, 1)


def test_an_unfinished_game_is_not_recorded(open_stats) -> None:
    setup = GameSetup.solo(GAMES["war"], seed=1)
    with open_stats() as stats, pytest.raises(ValueError):
        stats.record_game(setup, setup.new_game(), 1.0)


def test_reaction_times_for_the_histogram_and_the_trend_over_sessions(open_stats) -> None:
    with open_stats(session="monday") as stats:
        stats.record_reactions(
            "slapjack",
            "ada",
            [
                claim("slap", "slap_win", 0.40),
                claim("slap", "late_slap", 0.50, Outcome.LATE),
                claim("slap", "false_slap", 0.05, Outcome.FAULT),
            ],
            at=100.0,
        )
        stats.record_reactions("snap", "ada", [claim("snap", "snap_win", 0.60)], at=101.0)
        stats.record_reactions("snap", "bob", [claim("snap", "snap_win", 0.90)], at=101.0)
    with open_stats(session="tuesday") as stats:
        stats.record_reactions("slapjack", "ada", [claim("slap", "slap_win", 0.30)], at=200.0)
        assert sorted(stats.reaction_seconds("ada")) == [0.30, 0.40, 0.50, 0.60]  # the false slap is no reaction
        assert sorted(stats.reaction_seconds("ada", "slapjack")) == [0.30, 0.40, 0.50]
        assert stats.reaction_histogram("ada") == [(0.30, 1), (0.40, 1), (0.50, 1), (0.60, 1)]
        assert stats.reaction_histogram("ada", "snap") == [(0.60, 1)]
        trend = stats.reaction_trend("ada")  # medians to the middle of their 10 ms bin
        assert [(t.session, t.count, t.median, t.best) for t in trend] == [
            ("monday", 3, 0.505, 0.40),
            ("tuesday", 1, 0.305, 0.30),
        ]
        assert [t.session for t in stats.reaction_trend("ada", last=1)] == ["tuesday"]
        assert [t.session for t in stats.reaction_trend("ada", "snap")] == ["monday"]


def test_a_newer_database_is_refused_and_left_as_it_is(tmp_path: Path) -> None:
    path = tmp_path / "s.db"
    Stats(path).close()
    db = sqlite3.connect(path)
    db.execute("UPDATE schema_version SET version = 99")
    db.commit()
    db.close()
    with pytest.raises(StatsError, match="newer cardarcade"):
        Stats(path)
    db = sqlite3.connect(path)
    assert db.execute("SELECT version FROM schema_version").fetchone() == (99,)
    db.close()


def test_a_file_that_is_not_a_database_is_refused_and_kept(tmp_path: Path) -> None:
    path = tmp_path / "s.db"
    path.write_bytes(b"my notes, not a database" * 100)
    with pytest.raises(StatsError, match="not a statistics file"):
        Stats(path)
    assert path.read_bytes() == b"my notes, not a database" * 100


def test_a_folder_that_cannot_hold_the_file_is_a_stats_error(tmp_path: Path) -> None:
    (tmp_path / "a file").write_text("not a folder")
    with pytest.raises(StatsError, match="cannot be opened"):
        Stats(tmp_path / "a file" / "stats.sqlite3")


def test_an_older_database_is_migrated_with_its_records(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "s.db"
    with Stats(path, session="old") as stats:
        stats.record_reactions("snap", "ada", [claim("snap", "snap_win", 0.5)], at=1.0)

    def add_hand(db: sqlite3.Connection) -> None:  # a made-up version 2: which hand pressed
        db.execute("ALTER TABLE reactions ADD COLUMN hand TEXT NOT NULL DEFAULT 'right'")

    monkeypatch.setattr(stats_module, "MIGRATIONS", [*stats_module.MIGRATIONS, add_hand])
    with Stats(path) as stats:
        assert stats.db.execute("SELECT version FROM schema_version").fetchall() == [(len(stats_module.MIGRATIONS),)]
        assert stats.db.execute("SELECT seconds, hand FROM reactions").fetchall() == [(0.5, "right")]
        assert stats.reaction_seconds("ada") == [0.5]


def test_reactions_saved_before_outcomes_were_explicit_count_as_they_did(tmp_path: Path) -> None:
    """A claim is stored as it always was (the event's kind, a fault flag), so rows an older
    version wrote and rows written now read the same."""
    path = tmp_path / "s.db"
    old_rows = [
        (100.0, "monday", "slapjack", "slap", "slap_win", 0, 0.40, "ada"),
        (100.0, "monday", "slapjack", "slap", "late_slap", 0, 0.50, "ada"),
        (100.0, "monday", "slapjack", "slap", "false_slap", 1, 0.05, "ada"),
    ]
    Stats(path).close()
    with sqlite3.connect(path) as db:
        db.executemany(
            "INSERT INTO reactions (at, session, game, claim, outcome, fault, seconds, profile)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
            old_rows,
        )
    db.close()
    with Stats(path, session="monday") as stats:
        assert sorted(stats.reaction_seconds("ada")) == [0.40, 0.50]  # the old false slap is still no reaction
        stats.record_reactions(
            "snap",
            "bob",
            [
                claim("snap", "snap_win", 0.40),
                claim("snap", "late_snap", 0.50, Outcome.LATE),
                claim("snap", "false_snap", 0.05, Outcome.FAULT),
            ],
            at=100.0,
        )
        rows = stats.db.execute("SELECT claim, outcome, fault, seconds FROM reactions WHERE profile = 'bob'").fetchall()
        assert rows == [("snap", "snap_win", 0, 0.40), ("snap", "late_snap", 0, 0.50), ("snap", "false_snap", 1, 0.05)]
        assert sorted(stats.reaction_seconds("bob")) == [0.40, 0.50]


_WRITER = textwrap.dedent("""
    import random, sys, time
    from pathlib import Path
    from cardarcade.rules import GAMES
    from cardarcade.table.simulate import play_randomly
    from cardarcade.store.stats import Stats
    from cardarcade.seating import GameSetup, Reaction

    path, name, go, count = Path(sys.argv[1]), sys.argv[2], Path(sys.argv[3]), int(sys.argv[4])
    setup = GameSetup.solo(GAMES["war"], seed=3, level="easy")
    game = setup.new_game()
    play_randomly(game, random.Random(3))
    Path(f"{go}.{name}").touch()  # ready
    while not go.exists():
        time.sleep(0.005)
    stats = Stats(path, session=name)  # opening races too: the first one creates the tables
    for i in range(count):
        stats.record_game(setup, game, float(i), profiles={0: name})
        stats.record_reactions("slapjack", name, [Reaction(0, i + k / 10, "slap_win", 1, "slap") for k in range(5)])
    stats.close()
""")


def test_processes_writing_at_once_lose_nothing(tmp_path: Path) -> None:
    path, go, count = tmp_path / "stats.sqlite3", tmp_path / "go", 150
    names = [f"writer{i}" for i in range(3)]
    children = [
        subprocess.Popen([sys.executable, "-c", _WRITER, str(path), name, str(go), str(count)]) for name in names
    ]
    while not all(Path(f"{go}.{name}").exists() for name in names):  # every child waits at the line
        assert all(child.poll() is None for child in children)
        time.sleep(0.01)
    go.touch()
    assert [child.wait(timeout=120) for child in children] == [0, 0, 0]
    with Stats(path) as stats:
        for name in names:
            [war] = stats.game_summaries(name)
            assert war.played == count
            assert sorted(stats.reaction_seconds(name)) == sorted(i + k / 10 for i in range(count) for k in range(5))
        assert len(stats.finished_games()) == 3 * count


def hold_the_write_lock(path: Path) -> sqlite3.Connection:
    """Another arcade in the middle of recording: its write transaction open, not committed."""
    writer = sqlite3.connect(path, isolation_level=None)
    writer.execute("BEGIN IMMEDIATE")
    writer.execute("INSERT INTO schema_version VALUES (1)")
    return writer


@pytest.mark.parametrize("read_only", [False, True], ids=["the app", "cardarcade stats"])
def test_opening_the_statistics_does_not_wait_for_a_writer(tmp_path: Path, monkeypatch, read_only: bool) -> None:
    # Every open took the write lock to look at the schema: a reader waited out a writer's busy
    # timeout (30 s) and then failed. (A short timeout here, so that failing is quick.)
    path = tmp_path / "stats.sqlite3"
    with Stats(path) as stats:
        record_war(stats, "ada", "won", "easy", at=1.0)
    monkeypatch.setattr(stats_module, "BUSY_TIMEOUT_MS", 200)
    writer = hold_the_write_lock(path)
    try:
        with Stats(path, read_only=read_only) as stats:
            assert stats.profiles() == ["ada"]
    finally:
        writer.close()


def test_a_reader_changes_nothing(tmp_path: Path) -> None:
    path = tmp_path / "stats.sqlite3"
    with Stats(path) as stats:
        record_war(stats, "ada", "won", "easy", at=1.0)
    before = path.read_bytes()
    with Stats(path, read_only=True) as stats:
        assert [s.played for s in stats.game_summaries("ada")] == [1]
        with pytest.raises(StatsError, match="cannot be written"):
            record_war(stats, "ada", "won", "easy", at=2.0)
    assert path.read_bytes() == before


def test_the_statistics_are_the_owners_alone_as_every_other_file(tmp_path: Path) -> None:
    path = tmp_path / "stats.sqlite3"
    other = Stats(path)  # another arcade keeps the WAL and its index there
    with Stats(path) as stats:
        record_war(stats, "ada", "won", "easy", at=1.0)
        for name in ("stats.sqlite3", "stats.sqlite3-wal", "stats.sqlite3-shm"):
            assert (tmp_path / name).stat().st_mode & 0o777 == 0o600, name
    other.close()
    path.chmod(0o644)  # a file an older version made
    Stats(path).close()
    assert path.stat().st_mode & 0o777 == 0o600


def test_closing_leaves_every_record_in_the_file_itself(tmp_path: Path) -> None:
    # While another arcade has the file open, SQLite leaves what was written in the WAL: a copy
    # of stats.sqlite3 alone (a backup, a new computer) had none of it.
    path, copy = tmp_path / "stats.sqlite3", tmp_path / "copy" / "stats.sqlite3"
    other = Stats(path)
    try:
        with Stats(path) as stats:
            record_war(stats, "ada", "won", "easy", at=1.0)
        copy.parent.mkdir()
        copy.write_bytes(path.read_bytes())
    finally:
        other.close()
    with Stats(copy) as stats:
        assert [s.played for s in stats.game_summaries("ada")] == [1]


def test_a_full_disk_is_said_to_be_full_not_busy(tmp_path: Path) -> None:
    with Stats(tmp_path / "stats.sqlite3") as stats:
        pages = stats._writer.execute("PRAGMA page_count").fetchone()[0]
        stats._writer.execute(f"PRAGMA max_page_count = {pages}")  # SQLite's own "disk is full"
        with pytest.raises(StatsError) as failed:
            for t in range(200):
                record_war(stats, "ada", "won", "easy", at=float(t))
    assert str(failed.value) == "the statistics could not be written: the disk is full"


_READER = textwrap.dedent("""
    import sys
    from pathlib import Path
    from cardarcade.store.stats import Stats

    path, stop = Path(sys.argv[1]), Path(sys.argv[2])
    reads = 0
    while not stop.exists() or reads == 0:
        with Stats(path, read_only=True) as stats:  # as cardarcade stats opens it
            stats.profiles()
        with Stats(path) as stats:  # as an arcade opens it
            stats.game_summaries("writer0")
        reads += 1
    print(reads)
""")


def test_processes_reading_while_others_write_are_never_refused(tmp_path: Path) -> None:
    path, go, count = tmp_path / "stats.sqlite3", tmp_path / "go", 100
    Stats(path).close()
    names = [f"writer{i}" for i in range(2)]
    writers = [
        subprocess.Popen([sys.executable, "-c", _WRITER, str(path), name, str(go), str(count)]) for name in names
    ]
    readers = [
        subprocess.Popen(
            [sys.executable, "-c", _READER, str(path), str(tmp_path / "stop")],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for _ in range(2)
    ]
    while not all(Path(f"{go}.{name}").exists() for name in names):
        assert all(child.poll() is None for child in writers)
        time.sleep(0.01)
    go.touch()
    assert [child.wait(timeout=120) for child in writers] == [0, 0]
    (tmp_path / "stop").touch()
    for reader in readers:
        out, err = reader.communicate(timeout=120)
        assert reader.returncode == 0 and err == "", err
        print("reads:", out.strip())
    with Stats(path, read_only=True) as stats:
        assert sorted(stats.profiles()) == names
        assert len(stats.finished_games()) == 2 * count


def test_a_game_recorded_between_two_reads_of_the_figures_breaks_nothing(tmp_path: Path) -> None:
    # The figures take two reads; another arcade's first game of War landing between them gave a
    # KeyError (found by the readers' test above).
    path = tmp_path / "stats.sqlite3"
    Stats(path).close()

    class AnotherArcadeWritesAfterTheFirstRead:
        def __init__(self, db: sqlite3.Connection) -> None:
            self.db, self.written = db, False

        def execute(self, *args):
            rows = self.db.execute(*args)
            if args[0].startswith("SELECT") and not self.written:
                self.written = True
                with Stats(path) as other:
                    record_war(other, "ada", "won", "easy", at=1.0)
            return rows

    with Stats(path, read_only=True) as stats:
        db, stats.db = stats.db, AnotherArcadeWritesAfterTheFirstRead(stats.db)
        try:
            assert stats.game_summaries("ada") == []  # as it was at the first read
        finally:
            stats.db = db


def test_a_game_being_recorded_is_never_read_half_written(tmp_path: Path) -> None:
    # The app records on a worker thread while a screen reads on the loop. On one shared
    # connection the read saw the game's row before its seats (CI: a game with no seats).
    seats_next, read_done = threading.Event(), threading.Event()

    class PausesBeforeTheSeats:
        def __init__(self, db: sqlite3.Connection) -> None:
            self.db = db

        def __getattr__(self, name: str):
            return getattr(self.db, name)

        def executemany(self, sql: str, rows):
            if "INTO seats" in sql:
                seats_next.set()
                read_done.wait(10)
            return self.db.executemany(sql, rows)

    with Stats(tmp_path / "stats.sqlite3") as stats:
        stats._writer = PausesBeforeTheSeats(stats._writer)
        writer = threading.Thread(target=record_war, args=(stats, "ada", "won", "easy"), kwargs={"at": 1.0})
        writer.start()
        assert seats_next.wait(10)
        try:
            assert stats.finished_games() == [] and stats.game_summaries("ada") == []
        finally:
            read_done.set()
            writer.join()
        [record] = stats.finished_games()
        assert [seat["profile"] for seat in record["seats"]].count("ada") == 1 and len(record["seats"]) == 2
        assert [s.played for s in stats.game_summaries("ada")] == [1]


def test_a_game_with_one_loser_records_only_that_player_as_lost(open_stats) -> None:
    # Issue 26.3: Toepen ends when one player runs out of chips; the others have not lost
    from cardarcade.rules._tricks import play
    from cardarcade.rules.toepen import deck_for

    hands = ("10s 7d 8d 9h", "As 7c 8c 10h", "Ks 7s 8s 9c")
    setup = GameSetup.solo(GAMES["toepen"], 3, seed=1, deck=deck_for(*hands), options={"redraw": False, "chips": 2})
    game = setup.new_game()
    game.s.chips = [1, 2, 2]
    for seat, card in zip([0, 1, 2] * 4, "10s As Ks 7d 7c 7s 8d 8c 8s 9h 10h 9c".split()):
        game.apply(seat, play(Card.parse(card)))
    with open_stats() as stats:
        stats.record_game(setup, game, 10.0, profiles={0: "ada", 2: "bea"}, finished_at=2.0)
        [ada], [bea] = stats.game_summaries("ada"), stats.game_summaries("bea")
        assert (ada.won, ada.lost, ada.drew) == (0, 1, 0)
        assert (bea.won, bea.lost, bea.drew) == (1, 0, 0)


def test_figures_read_in_one_snapshot_agree_though_a_game_lands_between_them(backend) -> None:
    """The statistics screen reads a profile's figures as one: a game another window records
    meanwhile shows next time, not in half of them."""
    with backend.stats() as stats, backend.stats(session="the other window") as other:
        record_war(stats, "ada", "won", "easy", at=1.0)
        with stats.one_snapshot() as view:
            first = [s.played for s in view.game_summaries("ada")]
            record_war(other, "ada", "won", "easy", at=2.0)
            assert [s.played for s in view.game_summaries("ada")] == first == [1]
            assert [r.rated for r in view.rating_history("ada", "war")] == [1]
        assert [s.played for s in stats.game_summaries("ada")] == [2]
        assert [r.rated for r in stats.rating_history("ada", "war")] == [1, 2]


def test_hinted_games_are_counted_per_game_and_marked_in_the_record(open_stats) -> None:
    with open_stats() as stats:
        for t, hinted in enumerate([False, True, False, True, True]):
            record_war(stats, "ada", "won", "easy", at=1000.0 + t, hinted=hinted)
        record_war(stats, "bob", "won", "easy", at=2000.0)
        [war] = stats.game_summaries("ada")
        assert (war.played, war.hinted, war.won, war.streak) == (5, 3, 5, 5)  # (hinted games still count)
        assert stats.game_summaries("bob")[0].hinted == 0
        assert [g["hinted"] for g in stats.finished_games()] == [False, True, False, True, True, False]
        # a hinted game moved no rating: ada's rating stands on her two games without hints
        [rating] = stats.current_ratings("ada")
        assert rating.rated == 2
