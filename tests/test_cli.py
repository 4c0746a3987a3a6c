"""The command line: listings, rules, simulation, and one clear line for every mistake."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from cardarcade.cli import main
from cardarcade.rules import GAMES


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_list_json_describes_every_registered_game(capsys):
    code, out, _ = run(capsys, "list", "--json")
    rows = json.loads(out)
    assert code == 0
    assert {r["id"] for r in rows} == set(GAMES)
    war = next(r for r in rows if r["id"] == "war")
    assert war == {
        "id": "war",
        "title": "War",
        "family": "turn-based",
        "min_players": 2,
        "max_players": 3,
        "realtime": False,
    }


def test_rules_prints_the_rules_and_house_rules(capsys):
    code, out, _ = run(capsys, "rules", "slapjack")
    assert code == 0
    assert "Slapjack" in out and "House rules" in out


@pytest.mark.parametrize(
    "argv,needle",
    [
        (["play", "poker-night"], "unknown game 'poker-night'"),
        (["rules", "nope"], "unknown game"),
        (["play", "war", "--option", "war_style=sideways"], "war_style"),
        (["play", "war", "--option", "colour=blue"], "no option 'colour'"),
        (["play", "war", "--option", "nonsense"], "key=value"),
        (["play", "war", "--players", "9"], "2-3 players"),
        (["play", "war", "--bots", "godlike"], "unknown bot level"),
        (["play", "war", "--bots", "expert"], "War's bots have no level 'expert'; choose from easy, medium, hard"),
        (
            ["play", "knock-poker", "--bots", "expert"],
            "Knock Poker's bots have no level 'expert'; choose from easy, medium, hard",
        ),
        (
            ["play", "toepen", "--bots", "expert"],
            "Toepen's bots have no level 'expert'; choose from easy, medium, hard",
        ),
        # Thirteen's expert searches heads-up only: at four it would play exactly as hard
        (
            ["play", "thirteen", "--players", "4", "--bots", "expert"],
            "Thirteen's bots have no level 'expert' at 4 players; choose from easy, medium, hard",
        ),
        (["play", "go-fish", "--bots", "easy,adaptive", "--players", "3"], "Go Fish's bots have no level 'adaptive'"),
        (["simulate", "dig", "--games", "1", "--bots", "expert"], "choose from easy, medium, hard"),
        (["play", "slapjack", "--hotseat", "3"], "at most 2 people can share one keyboard in Slapjack"),
        (["play", "go-fish", "--hotseat", "0"], "2 or more"),
        (["play", "go-fish", "--hotseat", "5", "--players", "4"], "needs at least 5 players"),
        (["simulate", "war", "--games", "0"], "at least 1"),
        (["simulate", "war"], "--games"),
        (["simulate", "war", "--games", "x"], "invalid int"),
        (["play", "slapjack", "--players", "3", "--bots", "easy,hard,expert"], "3 levels for 2 bot seats"),
        # an empty --bots was silently ignored, and ",,," was taken for five seats ("War takes 2-3 players, not 5")
        (["play", "war", "--bots", ""], "--bots needs a level"),
        (["simulate", "war", "--games", "1", "--bots", ",,,"], "--bots needs a level"),
        (["simulate", "go-fish", "--games", "1", "--bots", "easy,,hard"], "--bots 'easy,,hard' has an empty level"),
        (["simulate", "war", "--games", "99999999999999999999"], "--games: at most 1,000,000"),  # it ran for ever
    ],
)
def test_mistakes_get_one_clear_line_and_exit_2(capsys, argv, needle):
    code, out, err = run(capsys, *argv)
    assert code == 2
    assert needle in err
    assert len(err.strip().splitlines()) == 1, err
    assert "Traceback" not in err


def test_simulate_json_has_the_documented_shape(capsys):
    code, out, _ = run(
        capsys,
        "simulate",
        "slapjack",
        "--games",
        "3",
        "--players",
        "3",
        "--bots",
        "easy,medium,expert",
        "--seed",
        "4",
        "--json",
    )
    data = json.loads(out)
    assert code == 0
    assert set(data) == {
        "game",
        "games",
        "players",
        "bots",
        "wins",
        "draws",
        "mean_actions",
        "actions_per_second",
        "reaction_ms",
    }
    assert data["bots"] == ["easy", "medium", "expert"]
    assert sum(data["wins"]) + data["draws"] == 3
    assert len(data["reaction_ms"]) == 3 and set(data["reaction_ms"][0]) == {"median", "p90"}


def test_simulate_turn_based_has_no_reaction_times(capsys):
    code, out, _ = run(capsys, "simulate", "war", "--games", "2", "--bots", "hard", "--json")
    data = json.loads(out)
    assert data["reaction_ms"] is None and data["players"] == 2


def test_simulate_with_the_same_seed_gives_the_same_outcome(capsys):
    first = json.loads(run(capsys, "simulate", "war", "--games", "4", "--seed", "9", "--json")[1])
    second = json.loads(run(capsys, "simulate", "war", "--games", "4", "--seed", "9", "--json")[1])
    assert first["wins"] == second["wins"] and first["mean_actions"] == second["mean_actions"]


def test_simulate_table_output(capsys):
    code, out, _ = run(capsys, "simulate", "war", "--games", "2")
    assert code == 0 and "Wins" in out and "actions per second" in out


@pytest.fixture
def started(monkeypatch):
    """The GameSetup `play` would open the app with (the app itself is not run)."""
    seen = []
    monkeypatch.setattr("cardarcade.cli._run_app", lambda setup, args: seen.append(setup) or 0)
    return seen


@pytest.mark.parametrize(
    "argv,people,players",
    [
        (["play", "go-fish", "--hotseat", "4"], 4, 4),
        (["play", "go-fish", "--hotseat", "--players", "4"], 2, 4),
        (["play", "slapjack", "--hotseat"], 2, 4),
        (["play", "cuckoo", "--hotseat", "7"], 7, 7),
    ],
)
def test_hotseat_takes_the_number_of_people(capsys, started, argv, people, players):
    code, _, err = run(capsys, *argv)
    assert code == 0, err
    setup = started[0]
    assert len(setup.human_seats) == people and len(setup.seats) == players


def test_hotseat_people_play_as_profiles_of_their_own_as_the_setup_screen_names_them(capsys, started):
    """Their results are recorded for someone: Player 1, Player 2 (the setup screen's names)."""
    assert run(capsys, "play", "go-fish", "--hotseat", "3", "--players", "4")[0] == 0
    assert [(s.name, s.profile) for s in started[0].seats] == [
        ("Player 1", "Player 1"),
        ("Player 2", "Player 2"),
        ("Player 3", "Player 3"),
        ("Bot 1", None),
    ]


def test_a_newcomers_bots_keep_races_close_or_are_easy_unless_asked(capsys, started):
    run(capsys, "play", "slapjack")
    run(capsys, "play", "slapjack", "--bots", "hard")
    run(capsys, "play", "go-fish")
    assert {s.level for s in started[0].seats if s.is_bot} == {"adaptive"}
    assert {s.level for s in started[1].seats if s.is_bot} == {"hard"}
    assert {s.level for s in started[2].seats if s.is_bot} == {"easy"}


def test_list_shows_whole_ids_on_an_80_column_terminal(capsys, monkeypatch):
    monkeypatch.setenv("COLUMNS", "80")
    code, out, _ = run(capsys, "list")
    assert code == 0
    assert max(len(line) for line in out.splitlines()) <= 80
    first_words = {line.strip("│┃ ").split(" ")[0] for line in out.splitlines()}
    assert set(GAMES) <= first_words


@pytest.mark.parametrize(
    "columns", ["0", "3", "100000", "²", "9" * 5000], ids=lambda v: v if len(v) < 9 else "5000-digits"
)
def test_list_prints_every_game_whatever_columns_says(capsys, monkeypatch, columns):
    monkeypatch.setenv("COLUMNS", columns)  # COLUMNS=0 printed nothing, with status 0
    code, out, _ = run(capsys, "list")
    first_words = {line.strip().split(" ")[0] for line in out.splitlines() if line.strip()}
    assert code == 0 and set(GAMES) <= first_words
    assert max(len(line) for line in out.splitlines()) <= 80  # (not a terminal: Rich's own 80 columns)


def run_with_stderr_on_a_terminal(*argv: str) -> tuple[int, str, str]:
    """``cardarcade simulate ...`` with its standard error on a terminal (a pty) and its output
    in a pipe, the progress bar shown from the first second: (status, output, what the terminal got)."""
    import pty
    import select

    program = f"import sys\nimport cardarcade.cli as cli\ncli.PROGRESS_AFTER = 0.0\nsys.exit(cli.main({list(argv)!r}))"
    terminal, child_end = pty.openpty()
    child = subprocess.Popen(
        [sys.executable, "-c", program],
        stdout=subprocess.PIPE,
        stderr=child_end,
        stdin=subprocess.DEVNULL,
        env={**os.environ, "TERM": "xterm-256color", "COLUMNS": "100"},
    )
    os.close(child_end)
    shown = b""
    while True:  # the terminal must be read as it is written to, or the child waits on a full pty
        ready, _, _ = select.select([terminal], [], [], 60)
        if not ready:
            break
        try:
            chunk = os.read(terminal, 65536)
        except OSError:  # the child's end closed (EIO on Linux)
            break
        if not chunk:
            break
        shown += chunk
    out = child.stdout.read().decode()
    os.close(terminal)
    return child.wait(timeout=60), out, shown.decode(errors="replace")


def test_a_long_simulation_shows_its_progress_on_the_terminal_and_leaves_the_output_alone():
    # (20 games of War take a few seconds: the bar, shown from the start here, is drawn several times)
    code, out, shown = run_with_stderr_on_a_terminal("simulate", "war", "--games", "20", "--json")
    assert code == 0 and json.loads(out)["games"] == 20  # the output holds the result alone
    assert "War: 20 games" in shown and "%" in shown  # the bar, on the terminal


def test_no_progress_bar_where_standard_error_is_not_a_terminal():
    run = cardarcade("simulate", "war", "--games", "3")
    assert run.returncode == 0 and run.stderr == "" and "Wins" in run.stdout


def cardarcade(*argv: str, **kwargs) -> subprocess.CompletedProcess:
    """The command as a user starts it, in its own process."""
    env = {**os.environ, **kwargs.pop("env", {})}
    kwargs.setdefault("stdout", subprocess.PIPE)
    kwargs.setdefault("stderr", subprocess.PIPE)
    return subprocess.run([sys.executable, "-m", "cardarcade", *argv], text=True, env=env, timeout=60, **kwargs)


@pytest.mark.parametrize("stdin", ["devnull", "closed"])
def test_without_a_terminal_to_read_from_it_says_so_and_stops(stdin):
    if stdin == "devnull":
        run = cardarcade("play", "war", stdin=subprocess.DEVNULL)
    else:
        run = cardarcade("play", "war", stdin=subprocess.DEVNULL, preexec_fn=lambda: os.close(0))
    assert run.returncode == 2
    assert run.stderr.strip().splitlines() == [
        "cardarcade needs a terminal to play in, and its input is not one "
        "(run it in a terminal; 'cardarcade simulate' plays bots without one)"
    ]


def test_options_before_the_command_are_not_lost():
    run = cardarcade("--theme", "nosuch", "play", "war", stdin=subprocess.DEVNULL)
    assert run.returncode == 2 and run.stderr.startswith("unknown theme 'nosuch'")


@pytest.mark.parametrize("value", ["[" * 2000, "7" * 5000], ids=["nested", "digits"])
def test_an_overlong_option_value_is_one_line(capsys, value):
    code, _, err = run(capsys, "play", "war", "--option", f"max_rounds={value}")
    assert code == 2 and err.strip() == f"--option max_rounds: a value of {len(value)} characters is too long"


def test_output_nobody_can_take_is_not_a_traceback(tmp_path):
    with open("/dev/full", "w") as device_full:
        full = cardarcade("simulate", "war", "--games", "2", "--json", stdout=device_full)
    assert (
        full.returncode == 2 and full.stderr.strip() == "cardarcade: cannot write the output (No space left on device)"
    )
    for argv in (["list"], ["list", "--json"]):  # printed by Rich, and by print
        reader = subprocess.Popen(
            [sys.executable, "-m", "cardarcade", *argv], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
        )
        reader.stdout.close()  # the reader goes away before anything is printed
        err = reader.stderr.read()
        # Rich ends with 1 for a closed pipe; our own printing with 141, as if SIGPIPE had ended it
        assert reader.wait(timeout=60) in (1, 141) and err == "", err
    ascii_only = cardarcade("list", env={"PYTHONIOENCODING": "ascii"})
    assert ascii_only.returncode == 0 and "Authors ? Go Fish" in ascii_only.stdout


def test_a_terminal_size_no_terminal_has_is_not_trusted():
    from cardarcade.cli import trusted_size_variables

    assert trusted_size_variables({"COLUMNS": "100000", "LINES": "100000", "TERM": "xterm"}) == {"TERM": "xterm"}
    assert trusted_size_variables({"COLUMNS": "-3", "LINES": "x"}) == {}
    assert trusted_size_variables({"COLUMNS": "²", "LINES": "9" * 5000}) == {}  # (int() refused both: a traceback)
    assert trusted_size_variables({"COLUMNS": "120", "LINES": "40"}) == {"COLUMNS": "120", "LINES": "40"}


def test_the_app_ignores_a_huge_columns_and_lines(monkeypatch):
    import cardarcade.ui.app

    sizes = []

    def run(self):
        import shutil

        sizes.append(tuple(shutil.get_terminal_size()))

    monkeypatch.setattr(cardarcade.ui.app.ArcadeApp, "run", run)
    monkeypatch.setattr("cardarcade.cli._is_terminal", lambda fd: True)
    monkeypatch.setenv("COLUMNS", "100000")
    monkeypatch.setenv("LINES", "100000")
    assert main([]) == 0
    assert sizes and sizes[0][0] < 100000 and sizes[0][1] < 100000
