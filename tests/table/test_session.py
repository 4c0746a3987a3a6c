"""A game at this terminal as a session: the count-in, the time played, the autosave, the
statistics and the reaction times, on a clock the test drives."""

from __future__ import annotations

import pytest

from cardarcade.cards import cards, standard_deck
from cardarcade.rules import GAMES
from cardarcade.rules.base import Action, Outcome
from cardarcade.table.clock import VirtualClock
from cardarcade.table.session import LocalSession, Snapshot
from cardarcade.seating import GameSetup
from cardarcade.table.table import ARBITRATION_WINDOW

FLIP = Action("flip")
AUTOSAVE = 1.0
START = 100.0


class Kept:
    """What a session wrote: its saves (a file per save id) and its statistics."""

    def __init__(self) -> None:
        self.saves: dict[str, Snapshot] = {}
        self.writes = 0
        self.games: list[tuple[float, dict[int, str]]] = []
        self.reactions: list[tuple[str, str, list]] = []
        self.seen: list[tuple[str, float]] = []  # this run's figures: (who, seconds)
        self.replays: list[tuple] = []  # (setup, the final state, the moves)
        self.replays_hinted: list[bool] = []  # (what a server's list of last games is told)

    def new_save_id(self, game_id: str) -> str:
        return f"{game_id}-{len(self.saves) + 1}"

    def write(self, snapshot: Snapshot, *, leaving: bool = False, said: bool = False) -> None:
        self.writes += 1
        self.saves[snapshot.save_id] = snapshot

    write_at_once = write

    def let_go(self, save_id: str) -> None:
        pass

    def remove(self, save_id: str) -> None:
        self.saves.pop(save_id, None)

    def record_game(self, setup, game, duration: float, profiles, hinted: bool = False, adaptive_as=None) -> None:
        self.games.append((duration, dict(profiles)))

    def record_reactions(self, game_id: str, profile: str, reactions: list) -> None:
        self.reactions.append((game_id, profile, list(reactions)))

    def keep_replay(self, setup, game, moves, duration: float, profiles, hinted: bool = False) -> None:
        self.replays.append((setup, game.to_json(), tuple(moves)))
        self.replays_hinted.append(hinted)

    def reacted(self, game_id: str, who: str, reaction) -> None:
        self.seen.append((who, reaction.seconds))


def session_of(
    game: str = "slapjack",
    deck: str | None = None,
    humans: int = 1,
    pace: float = 1000.0,
) -> tuple[LocalSession, VirtualClock, Kept]:
    """A session at a slow pace (the bots wait unless a test says otherwise)."""
    first = cards(deck) if deck else []
    setup = GameSetup.solo(
        GAMES[game],
        2,
        seed=1,
        humans=humans,
        deck=first + [c for c in standard_deck() if c not in first] if deck else None,
    )
    clock, kept = VirtualClock(start=START), Kept()
    session = LocalSession(
        setup,
        setup.new_game(),
        clock,
        kept,
        people=setup.human_seats,
        profiles={0: "ada"},
        transcript=lambda: (["a line"], {}),
        pace=pace,
        autosave_delay=AUTOSAVE,
        medians={},
    )
    return session, clock, kept


def test_the_count_in_shows_each_second_and_play_begins_when_it_ends() -> None:
    session, clock, _ = session_of()
    beats: list[float] = []
    session.attach(0, lambda events, seat: beats.append(session.starts_in()), lambda batch: None)
    session.start(3)
    assert session.starts_in() == 3 and not session.table.started
    clock.advance(2.5)
    assert beats == [2.0, 1.0] and not session.table.started  # "Get ready… 2", "… 1"
    clock.advance(0.5)
    assert session.table.started and beats[-1] == 0.0  # and GO


def test_a_pause_in_the_count_in_holds_it_where_it_was() -> None:
    session, clock, _ = session_of()
    session.start(3)
    clock.advance(1.0)
    session.pause()
    clock.advance(60.0)
    assert session.starts_in() == 2 and not session.table.started
    session.resume()
    clock.advance(1.9)
    assert not session.table.started
    clock.advance(0.1)
    assert session.table.started


def test_the_time_played_leaves_out_the_count_in_and_every_pause() -> None:
    session, clock, _ = session_of()
    session.start(3)
    clock.advance(3.0 + 10.0)
    session.pause()
    clock.advance(100.0)
    session.resume()
    clock.advance(5.0)
    assert session.elapsed == pytest.approx(15.0)


def test_a_burst_of_moves_is_saved_once_as_it_stands_after_the_last() -> None:
    session, clock, kept = session_of(humans=2)
    session.start(0)
    for _ in range(3):  # both people turn cards, quicker than the autosave's delay
        session.submit(0, FLIP)
        session.submit(1, FLIP)
        clock.advance(0.2)
    assert kept.writes == 0
    clock.advance(AUTOSAVE)
    assert kept.writes == 1
    [saved] = kept.saves.values()
    assert saved.game.view(None).pile_size == 6 and saved.log == ["a line"]
    clock.advance(10 * AUTOSAVE)
    assert kept.writes == 1  # nothing moved since: nothing to write


def test_a_finished_game_is_recorded_once_its_save_goes_and_nothing_is_saved_after() -> None:
    session, clock, kept = session_of(humans=2)
    session.start(0)
    session.submit(0, FLIP)
    clock.advance(AUTOSAVE)
    assert len(kept.saves) == 1
    session.submit(1, FLIP)  # a move, its autosave due in a moment...
    clock.advance(0.5)
    session.game.finish([0], "{seat} wins")
    session.table.listener([], None)  # ...and the table's word that the game is over
    session.table.listener([], None)  # (told again: a late claim settled)
    clock.advance(10 * AUTOSAVE)
    session.leave()
    assert kept.saves == {} and kept.writes == 1
    [(duration, profiles)] = kept.games
    assert duration == pytest.approx(AUTOSAVE + 0.5) and profiles == {0: "ada"}


@pytest.mark.parametrize("hinted", [True, False])
def test_a_game_finished_after_a_hint_has_its_replay_marked_for_the_servers_last_games(hinted: bool) -> None:
    session, clock, kept = session_of(humans=2)
    session.start(0)
    session.submit(0, FLIP)
    if hinted:
        session.note_hint(0)
    session.game.finish([0], "{seat} wins")
    session.table.listener([], None)
    assert kept.replays_hinted == [hinted]


def test_leaving_saves_the_game_as_it_stands() -> None:
    session, clock, kept = session_of(humans=2)
    session.start(0)
    session.submit(0, FLIP)
    clock.advance(0.3)
    session.leave()
    [saved] = kept.saves.values()
    assert saved.game.view(None).pile_size == 1 and saved.elapsed == pytest.approx(0.3)
    clock.advance(10 * AUTOSAVE)
    assert kept.writes == 1  # the autosave due is not written after the game was left


def test_a_persons_slap_goes_into_the_statistics_under_their_profile_with_its_time() -> None:
    session, clock, kept = session_of(deck="Js 2h 3c")
    session.start(0)
    session.submit(0, FLIP)  # the jack
    clock.advance(0.3)
    session.claim(0, "slap")
    clock.advance(ARBITRATION_WINDOW + 0.01)
    assert kept.seen == [("You", pytest.approx(0.3))]  # this run's figures, at once
    assert kept.reactions == []  # the statistics are written at the end, or on leaving
    session.leave()
    [(game_id, profile, [reaction])] = kept.reactions
    assert (game_id, profile, reaction.kind, reaction.outcome) == ("slapjack", "ada", "slap_win", Outcome.WON)
    assert reaction.seconds == pytest.approx(0.3)
    session.leave()
    assert len(kept.reactions) == 1  # once
