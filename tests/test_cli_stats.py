"""`cardarcade stats`: the player's figures as text, JSON or CSV, from the real statistics file."""

from __future__ import annotations

import csv
import io
import json

import pytest
from records import record_war

from cardarcade.cli import main
from cardarcade.rules import Outcome
from cardarcade.seating import Reaction
from cardarcade.store.user import UserStore

T0 = 1_790_000_000.0  # 2026-09-21T14:13:20Z


@pytest.fixture
def recorded() -> UserStore:
    store = UserStore()
    with store.stats as stats:
        record_war(stats, "ada", "won", "easy", T0)
        record_war(stats, "ada", "lost", "hard", T0 + 60)
        stats.record_reactions(
            "slapjack",
            "ada",
            [
                Reaction(0, 0.41, "slap_win", 1, "slap", outcome=Outcome.WON),
                Reaction(0, 0.2, "false_slap", 2, "slap", outcome=Outcome.FAULT),
            ],
            at=T0,
        )
    return store


def test_stats_prints_the_players_games_and_reaction_times(recorded, capsys) -> None:
    (recorded.config_dir).mkdir(parents=True, exist_ok=True)
    (recorded.config_dir / "settings.toml").write_text('profile = "ada"\n')
    assert main(["stats"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Statistics for ada")
    war = next(line for line in out.splitlines() if line.startswith("War"))
    assert war.split() == ["War", "2", "1", "0", "1", "0", "1", "0"]
    assert "Slapjack" in out and "0.415s" in out  # the one reaction time, the middle of its 10 ms bin
    assert max(len(line) for line in out.splitlines()) <= 80


def test_stats_json_and_csv_hold_the_same_records(recorded, capsys) -> None:
    assert main(["stats", "--profile", "ada", "--json"]) == 0
    figures = json.loads(capsys.readouterr().out)
    assert [(g["game"], g["played"], g["won"]) for g in figures["games"]] == [("war", 2, 1)]
    assert figures["reactions"]["slapjack"]["count"] == 1  # the false slap is a mistake, not a time
    assert main(["stats", "--profile", "ada", "--csv"]) == 0
    rows = list(csv.DictReader(io.StringIO(capsys.readouterr().out)))
    assert sorted(r["record"] for r in rows) == ["game", "game", "reaction", "reaction"]


def test_stats_for_someone_with_no_records_names_who_has_some(recorded, capsys) -> None:
    assert main(["stats", "--profile", "bea"]) == 0
    assert capsys.readouterr().out == "Nothing recorded for bea yet. Profiles with records: ada (--profile NAME).\n"


def test_a_profile_name_holding_control_characters_is_printed_as_text(recorded, capsys) -> None:
    """A statistics file is something a file supplies: a name in it that holds an escape
    sequence or a bell must not act on the terminal that prints it."""
    hostile = "\x1b[2J\x1b]0;owned\x07eve\x9b31m"
    with UserStore().stats as stats:
        record_war(stats, hostile, "won", "easy", T0)
    for argv in (["stats", "--profile", "nobody"], ["stats", "--profile", hostile]):
        assert main(argv) == 0
        out = capsys.readouterr().out
        assert "eve" in out
        assert not any(ord(c) < 32 and c not in "\n\t" or 0x7F <= ord(c) <= 0x9F for c in out), repr(out)


def test_stats_before_anything_was_played_creates_no_file(capsys) -> None:
    assert main(["stats", "--profile", "ada"]) == 0
    assert "No statistics yet" in capsys.readouterr().err
    assert not (UserStore().data_dir / "stats.sqlite3").exists()


def test_a_damaged_statistics_file_is_one_line_not_a_traceback(capsys) -> None:
    store = UserStore()
    store.data_dir.mkdir(parents=True)
    (store.data_dir / "stats.sqlite3").write_bytes(b"not a database at all" * 100)
    assert main(["stats"]) == 1
    err = capsys.readouterr().err
    assert err.startswith("cardarcade stats: ") and "is not a statistics file" in err and len(err.splitlines()) == 1


def test_stats_answers_while_another_arcade_is_recording(recorded, capsys, monkeypatch) -> None:
    # It took the write lock on opening: it waited out the writer's busy timeout (30 s; here
    # shortened so that failing is quick) and then failed.
    import sqlite3

    from cardarcade.store import stats as stats_module

    monkeypatch.setattr(stats_module, "BUSY_TIMEOUT_MS", 200)
    writer = sqlite3.connect(recorded.data_dir / "stats.sqlite3", isolation_level=None)
    writer.execute("BEGIN IMMEDIATE")
    writer.execute("DELETE FROM seats")  # not committed: a reader still sees every game
    try:
        assert main(["stats", "--profile", "ada", "--json"]) == 0
    finally:
        writer.close()
    assert [g["played"] for g in json.loads(capsys.readouterr().out)["games"]] == [2]


def test_stats_csv_gives_a_game_whose_house_rules_are_not_json(recorded, capsys) -> None:
    import sqlite3

    db = sqlite3.connect(recorded.data_dir / "stats.sqlite3")
    db.execute("UPDATE games SET options = 'not {json' WHERE id = (SELECT MIN(id) FROM games)")
    db.commit()
    db.close()
    assert main(["stats", "--profile", "ada", "--csv"]) == 0
    rows = list(csv.DictReader(io.StringIO(capsys.readouterr().out)))
    assert [r["outcome"] for r in rows if r["record"] == "game"] == ["won", "lost"]


_READ_ONLY_STATS = """
mount --bind "$1" "$1" && mount -o remount,ro,bind "$1" "$1" || exit 77
touch "$1/probe" 2>/dev/null && exit 77
exec "$2" -m cardarcade stats --profile ada
"""


def test_stats_are_read_from_a_read_only_disk(recorded, user_folders) -> None:
    import shutil
    import subprocess
    import sys

    unshare = shutil.which("unshare")
    if unshare is None:
        pytest.skip("no unshare to mount a read-only file system with")
    folder = str(user_folders / "data")
    for how in (["-m"], ["-Urm"]):  # as root; else in a user namespace of its own
        run = subprocess.run(
            [unshare, *how, "sh", "-c", _READ_ONLY_STATS, "sh", folder, sys.executable],
            capture_output=True,
            text=True,
            timeout=60,
        )
        if run.returncode != 77 and "unshare:" not in run.stderr:
            break
    else:
        pytest.skip("cannot mount a read-only file system here")
    assert run.returncode == 0, run.stderr
    assert run.stdout.startswith("Statistics for ada") and "War" in run.stdout


def test_stats_names_a_setting_it_cannot_use_and_keeps_the_profile(recorded, capsys) -> None:
    recorded.config_dir.mkdir(parents=True, exist_ok=True)
    (recorded.config_dir / "settings.toml").write_text('profile = "ada"\npace = 99\n')
    assert main(["stats"]) == 0
    out, err = capsys.readouterr()
    assert out.startswith("Statistics for ada")  # not the login name's: the profile holds
    assert err.startswith("cardarcade stats: ") and "Pace must be at most 5.0" in err and len(err.splitlines()) == 1
