"""Replays: every game replays to its exact end, a file travels between profiles, and a file that
does not replay (tampered, garbage, huge) is refused with its line and reason."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cardarcade.cli import main
from cardarcade.replay import Positions, state_digest
from cardarcade.rules import GAMES
from cardarcade.seating import GameSetup
from cardarcade.store import saves
from cardarcade.store.replays import BadReplay, ReplayStore, check, parse, to_text
from cardarcade.table.clock import VirtualClock
from cardarcade.table.moves import MoveLog
from cardarcade.table.session import LocalSession
from cardarcade.rules.base import Action
from tests.replay_helpers import played
from tests.table.test_session import Kept


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_a_game_played_at_a_table_replays_to_its_exact_end(game_id):
    """Bots (claims, counted moves, searches: every move passes the table) play to the end; the
    moves the table noted, written out and read back, give the very same final state."""
    replay, final = played(game_id)
    again = parse(to_text(replay))
    assert again == replay
    check(again)
    assert Positions(again).at(len(again.moves)).to_json() == final
    times = [m.at for m in replay.moves]
    assert times == sorted(times) and times[-1] > 0  # each move at its time of play, in order


def test_the_move_log_times_a_claim_at_its_press_and_leaves_pauses_out():
    played_for = [10.0]
    clock = VirtualClock(start=500.0)
    log = MoveLog(lambda: played_for[0], clock.now)
    log.note(0, Action("flip"), None)
    played_for[0] = 12.0
    clock.advance(5.0)  # (of which 3 s paused: the time played moved 2)
    log.note(1, Action("slap", value=3), clock.now() - 0.25)  # pressed 250 ms before it was settled
    assert [m.at for m in log.moves] == [10.0, 11.75]


def test_an_exported_replay_imported_in_another_profile_shows_the_same_game(capsys, tmp_path):
    replay, _ = played("schnapsen", names=("Ada",))
    ReplayStore.of(Path(saves.user_data_dir()), "ada").add(replay)
    code, listed, _ = run(capsys, "replay", "list", "--profile", "ada")
    assert code == 0 and replay.replay_id in listed and "Schnapsen" in listed
    code, shown, _ = run(capsys, "replay", "show", replay.replay_id, "--profile", "ada")
    assert code == 0 and f"{len(replay.moves)}  " in shown and replay.result in shown
    code, exported, _ = run(capsys, "replay", "export", replay.replay_id, "--profile", "ada")
    shared = tmp_path / "game.jsonl"
    shared.write_text(exported)
    code, out, err = run(capsys, "replay", "import", str(shared), "--profile", "bea")
    assert code == 0, err
    assert replay.replay_id in out
    code, shown_there, _ = run(capsys, "replay", "show", replay.replay_id, "--profile", "bea")
    assert shown_there == shown
    code, out, _ = run(capsys, "replay", "import", str(shared), "--profile", "bea")  # again: kept once
    assert code == 0 and len(ReplayStore.of(Path(saves.user_data_dir()), "bea").entries()) == 1


def lines_of(replay) -> list[str]:
    return to_text(replay).splitlines()


def refusal(capsys, tmp_path, lines: list[str] | bytes) -> str:
    path = tmp_path / "tampered.jsonl"
    path.write_bytes(lines if isinstance(lines, bytes) else ("\n".join(lines) + "\n").encode())
    code, _, err = run(capsys, "replay", "import", str(path))
    assert code == 2
    assert "Traceback" not in err and err.count("\n") == 1
    assert not ReplayStore.of(Path(saves.user_data_dir()), "nobody").entries()
    return err


def test_a_tampered_replay_is_refused_with_the_line_and_the_reason(capsys, tmp_path):
    replay, _ = played("war")
    lines = lines_of(replay)
    # A move no rule has: refused at that line, as not legal there.
    move = json.loads(lines[5])
    move["kind"] = "peek"
    err = refusal(capsys, tmp_path, [*lines[:5], json.dumps(move), *lines[6:]])
    assert f"tampered.jsonl: line 6: peek by seat {move['seat']} is not a legal move there" in err
    # A move left out: line 1 counts the moves.
    err = refusal(capsys, tmp_path, [*lines[:5], *lines[6:]])
    assert "says 2002 moves" in err or "line 1 says" in err
    # The end changed: the moves lead elsewhere.
    end = len(lines)
    err = refusal(capsys, tmp_path, [*lines[:-1], json.dumps({"end": "0" * 64})])
    assert f"line {end}: the moves lead to another end than the file says" in err
    # A house rule that does not exist.
    head = json.loads(lines[0])
    head["options"]["cheat"] = True
    err = refusal(capsys, tmp_path, [json.dumps(head), *lines[1:]])
    assert "line 1:" in err and "cheat" in err
    # A card that is no card.
    move = json.loads(lines[3])
    move["cards"] = ["Zz"]
    err = refusal(capsys, tmp_path, [*lines[:3], json.dumps(move), *lines[4:]])
    assert "line 4:" in err and "not a card" in err


@pytest.mark.parametrize(
    ("data", "said"),
    [
        (b"", "line 1: empty"),
        (b"\x00\xff\xfe garbage", "not UTF-8"),
        (b"[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[" * 40, "line 1"),
        (b'{"format": "cardarcade-replay", "version": 99}', "format 99"),
        (b'{"format": "cardarcade-replay", "version": 1, "game": "poker"}', "does not have: 'poker'"),
        (b"x" * (9 << 20), "larger than 8 MB"),
        (b'{"format":"cardarcade-replay"}\n' + b"1e999999\n" * 3, "line 1"),
    ],
)
def test_garbage_and_huge_files_are_refused_in_a_line(capsys, tmp_path, data, said):
    assert said in refusal(capsys, tmp_path, data)


def test_names_full_of_markup_are_shown_as_typed(capsys, tmp_path):
    replay, _ = played("go-fish", names=("[bold red]Ada[/]", "[/]", "\x1b[2Jx"))
    path = tmp_path / "marked.jsonl"
    path.write_text(to_text(replay))
    code, _, err = run(capsys, "replay", "import", str(path))
    assert code == 0, err
    code, shown, _ = run(capsys, "replay", "show", replay.replay_id)
    assert "Seats: [bold red]Ada[/], [/] (easy bot), [2Jx (easy bot)" in shown and "\x1b" not in shown
    code, listed, _ = run(capsys, "replay", "list")
    assert "[bold red]Ada[/]" in listed


def test_the_store_keeps_the_newest_and_lists_a_broken_file_with_its_reason(tmp_path):
    store = ReplayStore(tmp_path / "r")
    replay, _ = played("snap")
    from dataclasses import replace

    for i in range(5):
        store.add(replace(replay, replay_id=f"2026112{i}-000000-snap-aaaaaa"), keep=3)
    (store.folder / "20261130-000000-snap-bbbbbb.jsonl").write_text('{"format": "cardarcade-replay", "version": 1}\n')
    entries = store.entries()
    assert [e.replay_id for e in entries][1:] == [f"2026112{i}-000000-snap-aaaaaa" for i in (4, 3, 2)]
    assert entries[0].problem is not None and entries[0].problem.startswith("line 1: ")
    with pytest.raises(BadReplay, match="line 1"):
        store.load("20261130-000000-snap-bbbbbb")
    with pytest.raises(BadReplay, match="not a replay id"):
        store.path("../../etc/passwd")


def test_command_line_slips_get_one_line(capsys):
    for argv, said in [
        (("replay",), "replay list | show ID"),
        (("replay", "frob"), "no command 'frob'"),
        (("replay", "show"), "takes one replay id"),
        (("replay", "show", "nope-1"), "no replay nope-1"),
        (("replay", "import", "/no/such/file"), "cannot read /no/such/file"),
    ]:
        code, _, err = run(capsys, *argv)
        assert code == 2 and said in err and err.count("\n") == 1, err


def test_a_game_carried_on_from_its_save_keeps_its_replay_whole():
    """Bots play part of a game, it is saved (version 4: the moves so far) and read back, and a
    new session carries it on to the end: the replay holds every move, and replays to that end."""
    spec = GAMES["war"]
    setup = GameSetup.solo(spec, 2, humans=0, seed=11)
    clock, kept = VirtualClock(start=100.0), Kept()

    def session(game, **saved) -> LocalSession:
        return LocalSession(
            setup, game, clock, kept, people=[], profiles={}, transcript=lambda: ([], {}),
            pace=0.5, autosave_delay=1.0, medians={}, **saved,
        )  # fmt: skip

    first = session(setup.new_game())
    first.start(0)
    while len(first.moves.moves) < 40:
        clock.advance(0.25)
    first.pause()
    snap = first.snapshot()
    first.close()
    saved = saves.decode(saves.encode("war-1", setup, snap.game, snap.elapsed, moves=snap.moves))
    assert saved.moves is not None and len(saved.moves) >= 40
    assert [(m.seat, m.action, round(m.at, 3)) for m in snap.moves] == [(m.seat, m.action, m.at) for m in saved.moves]
    second = session(saved.game, save_id="war-1", elapsed=saved.elapsed, moves=saved.moves)
    second.start(0)
    while not saved.game.is_over:
        clock.advance(5.0)
    [(_, final, moves)] = kept.replays
    assert moves[: len(saved.moves)] == saved.moves and len(moves) > len(saved.moves)
    assert moves[len(saved.moves)].at >= saved.moves[-1].at  # timed on from where it was saved
    from cardarcade.replay import replay_of
    from datetime import datetime, UTC

    replay = replay_of("20261129-000000-war-cccccc", setup, saved.game, moves, 1.0, datetime.now(UTC))
    check(replay)
    assert Positions(replay).at(len(moves)).to_json() == final
    assert state_digest(saved.game) == replay.end


def test_a_version_3_save_carries_on_and_keeps_no_replay():
    spec = GAMES["war"]
    setup = GameSetup.solo(spec, 2, humans=0, seed=11)
    env = json.loads(saves.encode("war-1", setup, setup.new_game(), 3.0))
    old = {**{k: v for k, v in env.items() if k != "moves"}, "version": 3}
    saved = saves.decode(json.dumps(old).encode())
    assert saved.moves is None
    log = MoveLog(lambda: 0.0, lambda: 0.0, saved.moves)
    log.note(0, Action("flip"), None)
    assert not log.whole and log.moves == []
