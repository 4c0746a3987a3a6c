"""``--database``: two machines (two data folders, nothing shared but PostgreSQL) see the same
statistics and saves; ``cardarcade migrate`` copies a real statistics file and saves once; a bad
URL or a database that is down is said in a line, through the CLI."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest
from records import finished_war, record_war

from cardarcade.cli import main
from cardarcade.rules import Outcome
from cardarcade.seating import Reaction
from cardarcade.store import report
from cardarcade.store.database import Database
from cardarcade.store.saves import SaveFailed, SaveInUse, SaveStore
from cardarcade.store.stats import DatabaseStats, Stats, StatsError
from cardarcade.store.user import UserStore

REPO = Path(__file__).resolve().parents[2]


def machine(home: Path, *argv: str) -> subprocess.CompletedProcess:
    """``cardarcade ARGV`` as another machine runs it: its own data and config folders."""
    env = {
        **os.environ,
        "XDG_DATA_HOME": str(home / "data"),
        "XDG_CONFIG_HOME": str(home / "config"),
        "PYTHONPATH": os.pathsep.join([str(REPO), str(Path(__file__).parent)]),
    }
    return subprocess.run(
        [sys.executable, "-m", "cardarcade", *argv], capture_output=True, text=True, env=env, timeout=120
    )


_OTHER_MACHINE_SAVES = textwrap.dedent("""
    import sys
    from cardarcade.store.database import Database
    from cardarcade.store.saves import SaveInUse
    from cardarcade.store.user import UserStore

    store = UserStore(database=Database(sys.argv[1])).for_player("ada")
    [entry] = store.saves.entries()
    print(entry.save_id, entry.title, "open elsewhere" if entry.open_elsewhere else "free")
    try:
        store.saves.open(entry.save_id)
        print("opened")
    except SaveInUse as exc:
        print("refused:", exc)
""")


def test_two_machines_see_the_same_statistics_and_saves(postgres_url: str, tmp_path: Path) -> None:
    database = Database(postgres_url)
    here = UserStore(tmp_path / "a" / "data", tmp_path / "a" / "config", database=database)
    record_war(here.stats, "ada", "won", "easy", at=1000.0)
    setup, _ = finished_war(3)
    game = setup.new_game()
    ada = here.for_player("ada")
    ada.saves.save("war-1", setup, game, 12.0)
    ada.saves.open("war-1")  # played on this machine now

    shown = machine(tmp_path / "b", "stats", "--database", postgres_url, "--profile", "ada")
    assert shown.returncode == 0, shown.stderr
    assert "War" in shown.stdout and "1" in shown.stdout

    other = [sys.executable, "-c", _OTHER_MACHINE_SAVES, postgres_url]
    env = {**os.environ, "XDG_DATA_HOME": str(tmp_path / "b" / "data")}
    seen = subprocess.run(other, capture_output=True, text=True, env=env, timeout=60)
    assert seen.stdout.splitlines() == ["war-1 War open elsewhere", "refused: war-1 is open in another window"]
    ada.saves.let_go("war-1")
    seen = subprocess.run(other, capture_output=True, text=True, env=env, timeout=60)
    assert seen.stdout.splitlines() == ["war-1 War free", "opened"], seen.stderr
    assert not list((tmp_path / "a").rglob("*.json")) and not list((tmp_path / "a").rglob("*.sqlite3"))
    database.close()


def test_a_players_saves_are_theirs_alone(postgres_url: str, tmp_path: Path) -> None:
    database = Database(postgres_url)
    server = UserStore(tmp_path / "data", tmp_path / "config", database=database)
    setup, _ = finished_war(3)
    server.for_player("ada").saves.save("war-1", setup, setup.new_game(), 1.0)
    assert [e.save_id for e in server.for_player("ada").saves.entries()] == ["war-1"]
    assert server.for_player("bea").saves.entries() == [] and server.saves.entries() == []
    server.for_player("ada").saves.open("war-1")
    with pytest.raises(SaveInUse):  # (another window of this process: a second session of ada's)
        UserStore(database=database).for_player("ada").saves.open("war-1")
    database.close()


def test_two_machines_share_settings_and_house_rule_books(postgres_url: str, tmp_path: Path) -> None:
    from cardarcade.rules import GAMES

    database = Database(postgres_url)
    a = UserStore(tmp_path / "a" / "data", tmp_path / "a" / "config", database=database)
    b = UserStore(tmp_path / "b" / "data", tmp_path / "b" / "config", database=Database(postgres_url))
    a.settings_file.update({("pace",): 1.5})
    b.settings_file.update({("countdown",): 0})  # another machine's change to another setting: both stay
    assert (a.settings_file.load()[0].pace, a.settings_file.load()[0].countdown) == (1.5, 0)
    assert b.settings_file.load() == a.settings_file.load()
    a.for_player("ada").settings_file.update({("theme",): "midnight"})
    assert b.for_player("ada").settings_file.load()[0].theme == "midnight"
    assert b.for_player("bea").settings_file.load()[0].theme is None and b.settings_file.load()[0].theme is None

    slapjack = GAMES["slapjack"]
    a.books.save_book("slapjack", "Friday night", slapjack.Options(decks=2), notes="Jokers are out.")
    b.for_player("bea").books.save_book("slapjack", "Friday night", slapjack.Options(decks=2, slap_in=False))
    book = a.for_player("ada").books.get("slapjack", "friday night")
    assert book is not None and book.notes == "Jokers are out." and book.options.slap_in is False
    assert [line.split(" ", 2)[2] for line in book.history] == ["created", "Slapping in: yes -> no"]
    database.close()
    b.database.close()


def _a_statistics_file(path: Path) -> Stats:
    stats = Stats(path, session="monday")
    for t, outcome in enumerate(["won", "lost", "won"]):
        record_war(stats, "ada", outcome, "easy", at=100.0 + t)
    stats.record_reactions(
        "slapjack",
        "ada",
        [Reaction(0, s, "slap_win", 1, "slap", outcome=Outcome.WON) for s in (0.31, 0.42, 0.42)]
        + [Reaction(0, 0.05, "false_slap", 1, "slap", outcome=Outcome.FAULT)],
        at=150.0,
    )
    return stats


def test_migrate_copies_a_statistics_file_and_saves_once(postgres_url: str, user_folders: Path, capsys) -> None:
    files = UserStore()
    with _a_statistics_file(files.data_dir / "stats.sqlite3") as stats:
        figures = (stats.game_summaries("ada"), stats.reaction_trend("ada"), stats.reaction_histograms("ada"))
        exported = (report.to_csv(stats, "ada"), report.to_json(report.figures(stats, "ada")))
        rated = (stats.current_ratings("ada"), stats.rating_history("ada", "war"))
    assert [r.rated for r in rated[1]] == [1, 2, 3]
    assert main(["stats", "--ratings", "--json"]) == 0
    rated_file = capsys.readouterr().out
    setup, _ = finished_war(3)
    files.saves.save("war-1", setup, setup.new_game(), 5.0)
    (files.data_dir / "saves" / "broken-1.json").write_text("{")
    files.settings_file.update({("pace",): 2.0})
    from cardarcade.rules import GAMES

    files.books.save_book("war", "Long wars", GAMES["war"].Options())

    assert main(["migrate", "--database", postgres_url]) == 0
    said = capsys.readouterr().out
    assert "games: 3 copied, 0 there already" in said
    assert "ratings: 3 copied\n" in said
    assert "reaction times: 4 copied, 0 there already" in said
    assert "saves: 1 copied, 0 there already, 1 that cannot be read left behind" in said
    assert "settings and house-rule books: 2 copied, 0 there already" in said

    assert main(["migrate", "--database", postgres_url]) == 0
    said = capsys.readouterr().out
    assert "games: 0 copied, 3 there already" in said and "reaction times: 0 copied, 4 there already" in said
    assert "ratings: 0 copied\n" in said
    assert "saves: 0 copied, 1 there already" in said
    assert "settings and house-rule books: 0 copied, 2 there already" in said

    database = Database(postgres_url)
    copied = DatabaseStats(database)
    assert (copied.game_summaries("ada"), copied.reaction_trend("ada"), copied.reaction_histograms("ada")) == figures
    # (the export and cardarcade stats read either back end the same way)
    assert (report.to_csv(copied, "ada"), report.to_json(report.figures(copied, "ada"))) == exported
    assert (copied.current_ratings("ada"), copied.rating_history("ada", "war")) == rated
    assert main(["stats", "--ratings", "--json", "--database", postgres_url]) == 0
    assert capsys.readouterr().out == rated_file  # (the ratings view and stats --ratings read either alike)
    [top] = copied.top_ratings("war")
    assert top == rated[0][0]
    # The next game played against the database goes on from the file's chain.
    record_war(copied, "ada", "won", "easy", at=200.0)
    assert [(r.rated, r.before) for r in copied.rating_history("ada", "war")][-1] == (4, rated[1][-1].mu)
    elsewhere = UserStore(user_folders / "b" / "data", user_folders / "b" / "config", database=database)
    assert [e.save_id for e in elsewhere.saves.entries()] == ["war-1"]
    assert elsewhere.settings_file.load()[0].pace == 2.0 and elsewhere.books.names("war") == ["Long wars"]
    database.close()
    assert SaveStore(files.data_dir / "saves").load("war-1").elapsed == 5.0  # the files are left as they were


@pytest.mark.parametrize(
    "url, said",
    [
        ("sqlite:///stats.db", "not a PostgreSQL URL: 'sqlite:///stats.db'"),
        ("postgresql://nobody@127.0.0.1:{port}/cardarcade", "cannot be reached: connection failed"),
    ],
)
@pytest.mark.parametrize("command", [["stats"], ["migrate"], ["serve", "ssh", "--auth", "open"], ["serve", "web"], []])
def test_a_bad_url_or_a_database_that_is_down_is_said_in_a_line(command, url, said, capsys) -> None:
    import socket

    with socket.socket() as s:  # a port nothing listens on: a database that is down
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    status = main([*command, "--database", url.format(port=port)])
    err = capsys.readouterr().err
    assert status == 2 and said in err and "Traceback" not in err
    assert len(err.strip().splitlines()) == 1


def test_a_database_stopped_under_a_running_arcade_loses_no_record(postgres_server, tmp_path: Path) -> None:
    """A finished game while the database is down is kept in a file beside the data folder and
    sent when it answers again, once; a game saved meanwhile is saved in this machine's saves
    folder instead, and each is said."""
    from services.postgres_server import PrivateServer

    own = PrivateServer(postgres_server.bindir, postgres_server.user)
    own.start()
    try:
        url = own.new_database()
        database = Database(url)
        database.retry_every = 0.05  # (while it is down, a thread of its own tries again this often)
        store = UserStore(tmp_path / "data", tmp_path / "config", database=database)
        record_war(store.stats, "ada", "won", "easy", at=1.0)
        own.stop()
        with pytest.raises(StatsError, match="it is kept in .*stats-waiting.jsonl and recorded when the database"):
            record_war(store.stats, "ada", "lost", "easy", at=2.0)
        assert (tmp_path / "data" / "stats-waiting.jsonl").exists()
        setup, _ = finished_war(3)
        with pytest.raises(SaveFailed, match=r"cannot be reached.*saved on this machine instead.*migrate copies it"):
            store.saves.save("war-1", setup, setup.new_game(), 7.0)
        assert SaveStore(tmp_path / "data" / "saves").load("war-1").elapsed == 7.0
        port = own.port
        own.start_again(port)
        deadline = time.monotonic() + 10
        while database._down is not None:  # (every use fails at once until that thread reconnects)
            assert time.monotonic() < deadline
            time.sleep(0.05)
        record_war(store.stats, "ada", "won", "easy", at=3.0)  # sends what waited first
        [war] = store.stats.game_summaries("ada")
        assert (war.played, war.won, war.best_streak) == (3, 2, 1)
        # the game that waited was rated when it was sent, between the other two
        history = store.stats.rating_history("ada", "war")
        assert [r.rated for r in history] == [1, 2, 3]
        assert [r.before for r in history[1:]] == [r.mu for r in history[:-1]]
        assert history[1].mu < history[0].mu  # (the one that waited was a loss)
        assert not (tmp_path / "data" / "stats-waiting.jsonl").exists()
        database.close()
    finally:
        own.remove()


_MACHINE_SAVING_SETTINGS = textwrap.dedent("""
    import sys
    from pathlib import Path
    from cardarcade.store.database import Database
    from cardarcade.store.user import UserStore

    url, folder, name, count = sys.argv[1], Path(sys.argv[2]), sys.argv[3], int(sys.argv[4])
    settings = UserStore(folder / "data", folder / "config", database=Database(url)).settings_file
    for i in range(count):
        settings.update({("profiles", name, "bot_levels", f"g{i}"): "hard"})
""")


def test_two_machines_saving_settings_at_once_lose_nothing(postgres_url: str, tmp_path: Path) -> None:
    """Each machine reads, changes and writes its copy of the settings: one at a time across
    machines, so neither undoes the other's changes."""
    count = 15
    machines = [
        subprocess.Popen(
            [sys.executable, "-c", _MACHINE_SAVING_SETTINGS, postgres_url, str(tmp_path / n), n, str(count)]
        )
        for n in ("ada", "bob")
    ]
    assert [m.wait(timeout=120) for m in machines] == [0, 0]
    database = Database(postgres_url)
    settings, warning = UserStore(
        tmp_path / "c" / "data", tmp_path / "c" / "config", database=database
    ).settings_file.load()
    assert warning is None
    for name in ("ada", "bob"):
        assert settings.profile_of(name).bot_levels == {f"g{i}": "hard" for i in range(count)}
    database.close()


def test_migrate_copies_a_server_players_saves_and_settings_to_that_player(
    postgres_url: str, user_folders: Path, capsys
) -> None:
    ada = UserStore().for_player("ada")
    setup, _ = finished_war(3)
    ada.saves.save("war-1", setup, setup.new_game(), 5.0)
    ada.settings_file.update({("pace",): 0.5})
    assert main(["migrate", "--database", postgres_url, "--player", "ada"]) == 0
    assert "ada's" in capsys.readouterr().out
    database = Database(postgres_url)
    there = UserStore(user_folders / "b" / "data", user_folders / "b" / "config", database=database)
    assert [e.save_id for e in there.for_player("ada").saves.entries()] == ["war-1"]
    assert there.for_player("ada").settings_file.load()[0].pace == 0.5
    assert there.saves.entries() == [] and there.settings_file.load()[0].pace == 0.8  # not the arcade's own
    database.close()
