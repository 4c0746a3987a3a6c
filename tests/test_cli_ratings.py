"""`cardarcade stats --ratings`: each game's rating for a profile, as text or JSON, from the
real statistics file, whatever its age or state."""

from __future__ import annotations

import itertools
import json
import sqlite3

import pytest
from records import finished_war

from cardarcade.cli import main
from cardarcade.store import stats as stats_module
from cardarcade.store.stats import Stats
from cardarcade.store.user import UserStore

MARKUP_NAME = "[bold red]ada[/] \x1b[2J"


def person_won_wars(stats: Stats, profile: str, count: int) -> None:
    # (the first ``count`` such seeds: played until found, not all 200)
    seeds = list(itertools.islice((seed for seed in range(200) if finished_war(seed)[1].result.winners == [0]), count))
    for seed in seeds:
        setup, game = finished_war(seed, "hard")
        stats.record_game(setup, game, 60.0, {0: profile})


def test_the_ratings_are_printed_per_game_with_the_bots_fixed_ones(capsys) -> None:
    with UserStore().stats as stats:
        person_won_wars(stats, MARKUP_NAME, 3)
    assert main(["stats", "--ratings", "--profile", MARKUP_NAME]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Ratings for [bold red]ada[/] [2J\n") and "\x1b" not in out  # text; the escape dropped
    [war] = [line for line in out.splitlines() if line.startswith("War")]
    words = war.split()
    assert words[:1] == ["War"] and int(words[1].replace(",", "")) > 1500 and words[3] == "3"
    assert war.endswith("provisional (3 of the first 10)")
    assert "bots: easy " in out and max(len(line) for line in out.splitlines()) <= 80
    assert main(["stats", "--ratings", "--json", "--profile", MARKUP_NAME]) == 0
    [row] = json.loads(capsys.readouterr().out)["ratings"]
    assert (row["game"], row["games"], row["provisional"], len(row["history"])) == ("war", 3, True, 3)
    assert row["history"][-1]["rating"] == row["rating"] > row["history"][0]["rating"] > 1500


def test_ratings_and_csv_together_are_refused_in_one_line(capsys) -> None:
    with UserStore().stats as stats:
        person_won_wars(stats, "ada", 1)
    assert main(["stats", "--ratings", "--csv"]) == 2
    assert "choose one" in capsys.readouterr().err


def test_a_statistics_file_from_the_last_release_prints_no_ratings_yet(capsys, monkeypatch) -> None:
    store = UserStore()
    with monkeypatch.context() as m:
        m.setattr(stats_module, "MIGRATIONS", stats_module.MIGRATIONS[:1])
        Stats(store.data_dir / "stats.sqlite3").close()
    assert main(["stats", "--ratings", "--profile", "ada"]) == 0
    assert "No rated games yet" in capsys.readouterr().out
    db = sqlite3.connect(store.data_dir / "stats.sqlite3")
    assert db.execute("SELECT version FROM schema_version").fetchall() == [(1,)]  # read, not changed
    db.close()


@pytest.mark.parametrize("damage", [b"not a database at all" * 50, None])
def test_a_damaged_statistics_file_is_one_line_not_a_traceback(capsys, damage) -> None:
    store = UserStore()
    path = store.data_dir / "stats.sqlite3"
    with store.stats as stats:
        person_won_wars(stats, "ada", 1)
    if damage is not None:
        path.write_bytes(damage)
    else:  # a file whose ratings table went missing under a current schema
        db = sqlite3.connect(path)
        db.execute("DROP TABLE ratings")
        db.commit()
        db.close()
    assert main(["stats", "--ratings", "--profile", "ada"]) == 1
    err = capsys.readouterr().err
    assert err.startswith("cardarcade stats: ") and len(err.splitlines()) == 1
