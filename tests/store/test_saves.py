"""Saved games: round trips, atomic writes, and saves this version cannot open."""

from __future__ import annotations

import json
from dataclasses import replace
import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest
from hypothesis import given, settings, strategies as st

from cardarcade.rules import GAMES
from cardarcade.rules.base import BadSave
from cardarcade.seating import GameSetup
from cardarcade.store import saves
from cardarcade.store.saves import SaveFailed, SaveStore, decode, encode


def _played(game_id: str, moves: int, seed: int = 5):
    """A setup and its game after ``moves`` legal moves (the first legal move of the first actor)."""
    setup = GameSetup.solo(GAMES[game_id], seed=seed, level="easy")
    game = setup.new_game()
    for _ in range(moves):
        if game.is_over:
            break
        seat = game.actors()[0]
        game.apply(seat, game.legal_actions(seat)[0])
    return setup, game


def test_a_saved_game_comes_back_as_it_was(backend) -> None:
    setup, game = _played("go-fish", 12)
    setup = GameSetup.solo(
        GAMES["go-fish"], players=3, seed=setup.seed, humans=2, levels=["hard"], options={"answer": "one"}
    )
    game = setup.new_game()
    store = backend.saves()
    setup = replace(setup, book="Friday night", seats=(replace(setup.seats[0], profile="ada"), *setup.seats[1:]))
    store.save("go-fish-1", setup, game, elapsed=93.25)
    loaded = store.load("go-fish-1")
    assert loaded.setup == setup and loaded.setup.book == "Friday night" and loaded.setup.seats[0].profile == "ada"
    assert loaded.game.to_json() == game.to_json()
    assert loaded.elapsed == 93.25
    [entry] = store.entries()
    assert entry.can_resume and entry.title == "Go Fish" and entry.players == ("Player 1", "Player 2", "Bot 1")


@pytest.mark.parametrize("game_id", ["thirteen", "toepen"])
def test_a_save_with_an_expert_no_longer_offered_there_still_opens(tmp_path: Path, game_id: str) -> None:
    # Thirteen's expert is offered heads-up only now, and Toepen's not at all; a four-player game
    # an earlier version saved with expert bots is the player's, and carries on as it was.
    setup = GameSetup.solo(GAMES[game_id], players=4, seed=3, levels=["expert"])
    store = SaveStore(tmp_path)
    store.save(f"{game_id}-1", setup, setup.new_game(), elapsed=5.0)
    assert [seat.level for seat in store.load(f"{game_id}-1").setup.seats[1:]] == ["expert"] * 3


def test_saving_again_replaces_the_save(backend) -> None:
    store = backend.saves()
    setup, game = _played("war", 3)
    store.save("war-1", setup, game, 1.0)
    seat = game.actors()[0]
    game.apply(seat, game.legal_actions(seat)[0])
    store.save("war-1", setup, game, 2.0)
    assert store.load("war-1").game.s.actions == game.s.actions
    assert [e.save_id for e in store.entries()] == ["war-1"]
    assert store.leftovers() == []


_KILLED_WRITER = textwrap.dedent("""
    import io, os, sys, time
    from pathlib import Path
    from cardarcade.rules import GAMES
    from cardarcade.seating import GameSetup
    from cardarcade.store.saves import SaveStore

    def stall():
        print("writing", flush=True)
        time.sleep(120)

    class HalfWay(io.FileIO):  # writes half the save to the temporary file, then stalls
        def write(self, data):
            super().write(data[: len(data) // 2])
            self.flush()
            stall()

    setup = GameSetup.solo(GAMES["war"], seed=9)
    game = setup.new_game()
    for _ in range(40):
        seat = game.actors()[0]
        game.apply(seat, game.legal_actions(seat)[0])
    if sys.argv[2] == "half-written":
        os.fdopen = lambda fd, mode: HalfWay(fd, "wb")
    else:  # written whole, not yet on disk nor renamed
        os.fsync = lambda fd: stall()
    SaveStore(Path(sys.argv[1])).save("war-1", setup, game, 500.0)
""")


@pytest.mark.parametrize("moment", ["half-written", "before-fsync"])
def test_a_process_killed_while_saving_leaves_the_previous_save(tmp_path: Path, moment: str) -> None:
    store = SaveStore(tmp_path)
    setup, game = _played("war", 2, seed=9)
    store.save("war-1", setup, game, 10.0)
    before = (tmp_path / "war-1.json").read_bytes()
    child = subprocess.Popen(
        [sys.executable, "-c", _KILLED_WRITER, str(tmp_path), moment], stdout=subprocess.PIPE, text=True
    )
    try:
        assert child.stdout.readline().strip() == "writing"
        [temp] = store.leftovers()
        assert temp.stat().st_size > 0  # killed with the new save on its way to its place
        os.kill(child.pid, signal.SIGKILL)
    finally:
        child.kill()
        child.wait()
    assert (tmp_path / "war-1.json").read_bytes() == before
    loaded = store.load("war-1")
    assert loaded.elapsed == 10.0 and loaded.game.to_json() == game.to_json()
    assert [(e.save_id, e.problem) for e in store.entries()] == [("war-1", None)]


def test_old_leftovers_of_killed_writes_are_cleared_and_young_ones_kept(tmp_path: Path) -> None:
    store = SaveStore(tmp_path)
    setup, game = _played("war", 2)
    store.save("war-1", setup, game, 1.0)
    old, young = tmp_path / ".war-1.json.abc.tmp", tmp_path / ".war-1.json.def.tmp"
    old.write_text("{")
    young.write_text("{")
    os.utime(old, (0, 0))
    assert store.clear_leftovers() == 1
    assert store.leftovers() == [young] and store.load("war-1").elapsed == 1.0


def _bad_saves(good: bytes) -> dict[str, bytes]:
    env = json.loads(good)
    newer = {**env, "version": saves.ENVELOPE_VERSION + 1, "seats": "a shape we do not know yet"}
    unknown = {**env, "game": "spoons-deluxe"}
    not_a_name = {**env, "game": env["seats"]}  # (a list where the game's id belongs: found by the fuzz test)
    wrong_seats = {**env, "seats": env["seats"][:1]}
    return {
        "cut": good[: len(good) // 2],
        "newer": json.dumps(newer).encode(),
        "unknown": json.dumps(unknown).encode(),
        "not a name": json.dumps(not_a_name).encode(),
        "seats": json.dumps(wrong_seats).encode(),
        "binary": b"\x00\xff" * 50,
    }


@pytest.mark.parametrize(
    "case, reason",
    [
        ("cut", "invalid JSON"),
        ("newer", "newer cardarcade"),
        ("unknown", "does not have: 'spoons-deluxe'"),
        ("not a name", "a game this version of cardarcade does not have"),
        ("seats", "1 seats for a 2-player game"),
        ("binary", "not UTF-8"),
    ],
)
def test_a_save_this_version_cannot_open_is_listed_with_why_and_left_alone(
    tmp_path: Path, case: str, reason: str
) -> None:
    store = SaveStore(tmp_path)
    setup, game = _played("war", 4)
    data = _bad_saves(encode("war-1", setup, game, 3.0))[case]
    (tmp_path / "war-1.json").write_bytes(data)
    [entry] = store.entries()
    assert not entry.can_resume and reason in entry.problem
    with pytest.raises(BadSave, match=reason):
        store.load("war-1")
    with pytest.raises(SaveFailed, match="kept as it is"):
        store.save("war-1", setup, game, 4.0)
    with pytest.raises(BadSave):
        store.remove("war-1")
    assert (tmp_path / "war-1.json").read_bytes() == data
    moved = store.set_aside("war-1")
    assert moved.read_bytes() == data and store.entries() == []


def test_a_save_replaced_by_a_newer_cardarcade_is_not_overwritten(tmp_path: Path) -> None:
    """Two terminals, the other one running a newer version, carry on the same saved game."""
    store = SaveStore(tmp_path)
    setup, game = _played("war", 4)
    store.save("war-1", setup, game, 3.0)
    newer = _bad_saves(encode("war-1", setup, game, 3.0))["newer"]
    (tmp_path / "war-1.json.new").write_bytes(newer)
    os.replace(tmp_path / "war-1.json.new", tmp_path / "war-1.json")
    with pytest.raises(SaveFailed, match="newer cardarcade"):
        store.save("war-1", setup, game, 4.0)
    assert (tmp_path / "war-1.json").read_bytes() == newer


def _as_version_1(env: dict) -> dict:
    """A save as version 1 wrote it: copies of the house rules and seed, no profiles."""
    state = env["engine"]["state"]
    return {
        **env,
        "version": 1,
        "options": state["options"],
        "seed": state["seed"],
        "seats": [{k: v for k, v in seat.items() if k != "profile"} for seat in env["seats"]],
    }


def test_a_version_1_save_opens_as_it_was(tmp_path: Path) -> None:
    setup, game = _played("go-fish", 9)
    (tmp_path / "go-fish-1.json").write_text(
        json.dumps(_as_version_1(json.loads(encode("go-fish-1", setup, game, 2.0))))
    )
    loaded = SaveStore(tmp_path).load("go-fish-1")
    assert loaded.setup == setup and loaded.game.to_json() == game.to_json()


def test_a_version_1_save_whose_copies_disagree_with_the_game_is_refused(tmp_path: Path) -> None:
    setup, game = _played("war", 3)
    env = _as_version_1(json.loads(encode("war-1", setup, game, 2.0)))
    (tmp_path / "war-1.json").write_text(json.dumps({**env, "seed": env["seed"] + 1}))
    [entry] = SaveStore(tmp_path).entries()
    assert entry.problem == "the saved house rules or seed differ from the game's own"


def test_every_envelope_version_is_migrated_step_by_step(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A made-up version 0 named the seats "players"; its step renames the field."""
    setup, game = _played("snap", 6)
    env = _as_version_1(json.loads(encode("snap-1", setup, game, 7.0)))
    old = {**env, "version": 0, "players": env.pop("seats")}
    del old["seats"]
    (tmp_path / "snap-1.json").write_text(json.dumps(old))
    store = SaveStore(tmp_path)
    with pytest.raises(BadSave, match="too old"):
        store.load("snap-1")
    monkeypatch.setitem(
        saves.MIGRATIONS, 0, lambda e: {**{k: v for k, v in e.items() if k != "players"}, "seats": e["players"]}
    )
    loaded = store.load("snap-1")
    assert loaded.setup == setup and loaded.game.to_json() == game.to_json()


def test_removing_a_finished_games_save(tmp_path: Path) -> None:
    store = SaveStore(tmp_path)
    setup, game = _played("dig", 5)
    store.save("dig-1", setup, game, 1.0)
    store.remove("dig-1")
    assert store.entries() == []


@pytest.mark.parametrize("bad_id", ["../escape", "", "UPPER", "a/b", "x" * 81])
def test_a_save_id_is_a_plain_file_name(tmp_path: Path, bad_id: str) -> None:
    setup, game = _played("war", 1)
    with pytest.raises(ValueError):
        SaveStore(tmp_path).save(bad_id, setup, game, 0.0)


def test_a_folder_that_cannot_be_written_is_a_failed_save(tmp_path: Path) -> None:
    (tmp_path / "a file").write_text("not a folder")
    setup, game = _played("war", 1)
    with pytest.raises(SaveFailed, match="could not be saved"):
        SaveStore(tmp_path / "a file" / "saves").save("war-1", setup, game, 0.0)


def test_the_list_reads_a_missing_folder_as_no_saves(tmp_path: Path) -> None:
    assert SaveStore(tmp_path / "nothing-yet").entries() == []


def test_a_seed_of_any_size_survives_a_save(tmp_path: Path) -> None:
    setup = GameSetup.solo(GAMES["war"], seed=10**40)
    game = setup.new_game()
    assert decode(encode("war-big", setup, game, 0.0)).setup.seed == 10**40


def test_an_old_save_its_migration_cannot_read_is_a_bad_save(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    setup, game = _played("snap", 2)
    old = {**_as_version_1(json.loads(encode("snap-1", setup, game, 7.0))), "version": 0}
    del old["seats"]
    (tmp_path / "snap-1.json").write_text(json.dumps(old))
    monkeypatch.setitem(saves.MIGRATIONS, 0, lambda e: {**e, "seats": e["players"]})
    [entry] = SaveStore(tmp_path).entries()
    assert "format version 0 could not be brought up to date (KeyError" in entry.problem


_GOOD = encode("war-1", *_played("war", 30), 5.0)


@settings(max_examples=200, deadline=None)
@given(st.data())
def test_a_damaged_save_is_a_bad_save_and_nothing_else(data: st.DataObject) -> None:
    """Bytes changed, cut or inserted anywhere: the save opens whole or is refused with a reason."""
    raw = bytearray(_GOOD)
    for _ in range(data.draw(st.integers(1, 4))):
        at = data.draw(st.integers(0, len(raw) - 1))
        how = data.draw(st.sampled_from(["flip", "cut", "insert"]))
        if how == "flip":
            raw[at] = data.draw(st.sampled_from(b'0123456789{}[]",:-.etnaflsux\\ \x00\xff'))
        elif how == "cut":
            del raw[at : at + data.draw(st.integers(1, 50))]
        else:
            raw[at:at] = data.draw(st.sampled_from([b"1e999", b"[" * 3000, b'"x":1,', b"null", b"-1", b"9" * 5000]))
    try:
        decode(bytes(raw))
    except BadSave as exc:
        assert str(exc)


# ---------------------------------------------------------------- a save held by its window

_OTHER_WINDOW = textwrap.dedent("""
    import sys, time
    from conftest import saves_at

    saves_at(sys.argv[1]).open(sys.argv[2])  # carried on in this window, never let go
    print("playing", flush=True)
    time.sleep(120)
""")


def test_a_save_another_process_plays_is_listed_as_open_there_until_that_process_dies(backend) -> None:
    """Two arcades on one data folder (or one database): the second can neither carry on, save
    over nor delete the game the first is playing; once the first is gone (killed: it let go of
    nothing), it can."""
    store = backend.saves()
    setup, game = _played("thirteen", 6)
    store.save("thirteen-1", setup, game, 10.0)
    child = subprocess.Popen(
        [sys.executable, "-c", _OTHER_WINDOW, backend.where, "thirteen-1"],
        stdout=subprocess.PIPE,
        text=True,
        env={**os.environ, "PYTHONPATH": os.pathsep.join([str(Path(__file__).parent), *sys.path])},
    )
    try:
        assert child.stdout.readline().strip() == "playing"
        [entry] = store.entries()
        assert entry.open_elsewhere and not entry.can_resume and entry.problem is None
        assert store.counts() == (1, 0)  # still a saved game
        with pytest.raises(saves.SaveInUse, match="open in another window"):
            store.open("thirteen-1")
        with pytest.raises(SaveFailed, match="open in another window"):
            store.save("thirteen-1", setup, game, 99.0)
        with pytest.raises(saves.SaveInUse):
            store.remove("thirteen-1")
        assert store.load("thirteen-1").elapsed == 10.0  # what the first window saved, untouched
        os.kill(child.pid, signal.SIGKILL)
    finally:
        child.kill()
        child.wait()
    if backend.database is not None:  # (the server sees the connection gone a moment later)
        _wait_for(lambda: not store.held_elsewhere("thirteen-1"))
    [entry] = store.entries()
    assert not entry.open_elsewhere and entry.can_resume
    assert store.open("thirteen-1").elapsed == 10.0


def _wait_for(condition, patience: float = 10.0) -> None:
    deadline = time.monotonic() + patience
    while not condition():
        assert time.monotonic() < deadline
        time.sleep(0.02)


def test_two_windows_of_one_process_hold_a_save_apart(backend) -> None:
    """A server's sessions: two stores of one folder in one process exclude each other as two
    processes do; the one holding it may hold it again, and it is held until let go as often."""
    first, second = backend.saves(), backend.saves()
    tmp_path = backend.folder / "saves"
    setup, game = _played("war", 3)
    first.write("war-1", encode("war-1", setup, game, 1.0), hold=True)  # a new game: held from its first write
    first.write("war-1", encode("war-1", setup, game, 2.0), hold=True)  # (held once, however often saved)
    assert [e.open_elsewhere for e in second.entries()] == [True]
    assert [e.open_elsewhere for e in first.entries()] == [False]
    with pytest.raises(saves.SaveInUse):
        second.open("war-1")
    with pytest.raises(SaveFailed):
        second.write("war-1", encode("war-1", setup, game, 3.0))
    first.open("war-1")  # left and carried on again at once: its last write's let-go still to come
    first.let_go("war-1")
    assert second.held_elsewhere("war-1")
    first.let_go("war-1")
    assert not second.held_elsewhere("war-1") and not list(tmp_path.glob(".*.lock"))
    assert second.open("war-1").elapsed == 2.0
    assert first.held_elsewhere("war-1")
    second.remove("war-1")  # a finished game: gone, and let go
    assert not first.held_elsewhere("war-1") and first.entries() == []


def test_a_lock_file_left_by_a_window_that_crashed_is_cleared(tmp_path: Path) -> None:
    store = SaveStore(tmp_path)
    setup, game = _played("war", 3)
    store.save("war-1", setup, game, 1.0)
    (tmp_path / ".war-1.lock").write_text("")
    SaveStore(tmp_path).clear_leftovers()
    assert not (tmp_path / ".war-1.lock").exists() and store.open("war-1").elapsed == 1.0
    SaveStore(tmp_path).clear_leftovers()  # a held one stays
    assert (tmp_path / ".war-1.lock").exists() and SaveStore(tmp_path).held_elsewhere("war-1")


# ---------------------------------------------------------------- the log, kept with the game


def test_the_log_is_saved_with_the_game_its_newest_lines_and_what_each_person_had_seen(tmp_path: Path) -> None:
    setup = GameSetup.solo(GAMES["go-fish"], players=3, seed=4, humans=2)
    game = setup.new_game()
    log = [f"line {n}: Player 1 asks for 7♠" for n in range(saves.MAX_LOG_LINES + 20)]
    store = SaveStore(tmp_path)
    store.write("go-fish-1", encode("go-fish-1", setup, game, 1.0, log=log, seen={0: len(log), 1: 10}))
    loaded = store.load("go-fish-1")
    assert loaded.log == tuple(log[-saves.MAX_LOG_LINES :])  # the newest, in order
    assert loaded.seen == {0: saves.MAX_LOG_LINES, 1: 0}  # (person 1 had not seen any line still kept)


def test_a_save_without_a_log_still_opens(tmp_path: Path) -> None:
    setup, game = _played("war", 4)
    env = json.loads(encode("war-1", setup, game, 3.0, log=["You turn 7♠."]))
    old = {**{k: v for k, v in env.items() if k not in ("log", "seen")}, "version": 2}
    (tmp_path / "war-1.json").write_text(json.dumps(old))
    loaded = SaveStore(tmp_path).load("war-1")
    assert loaded.log == () and loaded.seen == {} and loaded.game.to_json() == game.to_json()


@pytest.mark.parametrize(
    "change",
    [
        {"seen": {"1": 0}},
        {"seen": {"0": 2}},
        {"log": ["x" * 5000]},
        {"log": ["x"] * 501},
        {"passes": 10**9},
        {"elapsed": 1e12},
    ],
)
def test_a_log_or_number_out_of_its_bounds_is_a_bad_save(tmp_path: Path, change: dict) -> None:
    setup, game = _played("war", 4)  # one person, in seat 0; a log of one line
    env = {**json.loads(encode("war-1", setup, game, 3.0, log=["You turn 7♠."])), **change}
    with pytest.raises(BadSave):
        decode(json.dumps(env).encode())


def test_a_log_of_long_lines_is_kept_within_the_files_bound(tmp_path: Path) -> None:
    setup, game = _played("war", 4)
    log = [f"{n} " + "♠" * 2000 for n in range(saves.MAX_LOG_LINES)]  # lines far longer than a log's
    store = SaveStore(tmp_path)
    store.write("war-1", encode("war-1", setup, game, 1.0, log=log))
    assert (tmp_path / "war-1.json").stat().st_size <= saves.MAX_FILE_SIZE
    kept = store.load("war-1").log
    assert 0 < len(kept) < len(log) and kept[-1] == log[-1][: saves.MAX_LOG_LINE]  # the newest, cut short


def test_a_hinted_game_is_still_hinted_when_carried_on_and_a_version_4_save_was_not(tmp_path: Path) -> None:
    """The coach's flag is kept in the save: a game with a hint asked is not rated however often
    it is saved and carried on; a save from before the coach (version 4) had none asked."""
    setup, game = _played("go-fish", 5)
    store = SaveStore(tmp_path)
    store.write("go-fish-1", encode("go-fish-1", setup, game, 1.0, hinted=True))
    assert store.load("go-fish-1").hinted
    env = json.loads(encode("go-fish-2", setup, game, 1.0, hinted=True))
    old = {**{k: v for k, v in env.items() if k != "hinted"}, "version": 4}
    (tmp_path / "go-fish-2.json").write_text(json.dumps(old))
    loaded = store.load("go-fish-2")
    assert not loaded.hinted and loaded.game.to_json() == game.to_json()
