"""The coach's hints: for every game with choices, a hint from seeded bot play is always a move
the player may make, never changes the game, and gives its reason in the search's own figures or
its rule in words; a table's hint is dropped once the game has moved on."""

from __future__ import annotations

import random

import pytest

from cardarcade.bots.coach import RULES, Advice, advise, has_decisions, strongest_level
from cardarcade.bots.search import Tally
from cardarcade.rules import GAMES
from cardarcade.rules.base import Action
from cardarcade.table.clock import VirtualClock
from cardarcade.table.coaching import HINT_SECONDS, HintAsker, allowed

DECIDING = sorted(g for g, spec in GAMES.items() if has_decisions(spec))
POSITIONS = 2  # positions asked about in each game (each is a whole search of the strongest bot)


def positions(game_id: str, seed: int, wanted: int):
    """(game, seat) at ``wanted`` moments of seeded random play where a seat chooses among
    several moves (the game left standing there each time, for the caller)."""
    spec = GAMES[game_id]
    game = spec.new(players=spec.default_players, seed=seed)
    rng = random.Random(seed)
    found = 0
    for _ in range(5000):
        if game.is_over or found >= wanted:
            return
        seat = game.actors()[0]
        legal = game.legal_actions(seat)
        if len(legal) > 1 and rng.random() < 0.25:
            found += 1
            yield game, seat
        game.apply(seat, rng.choice(game.legal_actions(seat)))


def test_every_game_with_choices_has_its_rule_in_words():
    assert set(DECIDING) <= set(RULES) | {"war"}
    assert "war" not in DECIDING and "slapjack" not in DECIDING and "schnapsen" in DECIDING


@pytest.mark.parametrize("game_id", DECIDING)
def test_a_hint_is_a_legal_move_and_changes_nothing(game_id):
    spec = GAMES[game_id]
    asked = 0
    for game, seat in positions(game_id, seed=11, wanted=POSITIONS):
        before, view = game.to_json(), game.view(seat)
        legal = tuple(game.legal_actions(seat))
        level = strongest_level(spec, game.players)
        advice = advise(game_id, view, seat, level, asked, legal)
        asked += 1
        assert advice.action is not None and allowed(game, seat, advice.action), (advice, legal)
        assert game.to_json() == before and game.view(seat) == view  # nothing moved
        line = advice.line(str, 78)
        assert line.startswith(f"{level.capitalize()} bot: {advice.action} — ") and len(line) <= 78
        assert advice.why
    assert asked == POSITIONS


def test_the_figures_are_the_searchs_own():
    """A search that samples deals reports each move's rate: the hint says it, and the next best."""
    ten, king = Action("play", value="10"), Action("play", value="K")
    tally = Tally("sampled deals", 400, {ten: 0.62, king: 0.48}, "wins", share=True)
    from cardarcade.bots.coach import _worded

    advice = _worded(ten, tally, None, "hard")
    assert advice.line(lambda a: f"play {a.value}") == (
        "Hard bot: play 10 — wins in 62% of 400 sampled deals (play K 48%)"
    )
    assert dict(advice.values) == {ten: 0.62, king: 0.48}
    # too long for the line: the runners-up go first
    assert advice.line(lambda a: f"play {a.value}", 52) == "Hard bot: play 10 — wins in 62% of 400 sampled deals"


class HeldThinker:
    """A thinker whose answers come when the test says (a worker process, slowed down)."""

    def __init__(self) -> None:
        self.asked: list = []

    def think(self, work, args, done):
        self.asked.append((work, args, done))
        return self

    def cancel(self) -> None:
        pass

    def answer(self) -> None:
        work, args, done = self.asked.pop(0)
        done(work(*args))


def test_a_second_ask_while_thinking_starts_nothing_and_a_stale_answer_is_dropped():
    spec = GAMES["go-fish"]
    game = spec.new(players=3, seed=4)
    thinker = HeldThinker()
    clock = VirtualClock()
    asker = HintAsker(game, thinker, game.players, clock)
    heard: list = []
    seat = game.actors()[0]
    assert asker.ask(seat, heard.append)
    assert not asker.ask(seat, heard.append)  # one at a time
    assert len(thinker.asked) == 1
    thinker.answer()
    assert len(heard) == 1 and isinstance(heard[0], Advice) and heard[0].action in game.legal_actions(seat)

    assert asker.ask(seat, heard.append)
    game.apply(seat, game.legal_actions(seat)[0])  # the player moves before the answer comes
    thinker.answer()
    assert len(heard) == 1  # the answer for the position gone is not shown
    assert not asker.thinking


def test_a_hint_at_a_live_table_runs_in_the_thinker_not_at_once():
    spec = GAMES["schnapsen"]
    game = spec.new(players=2, seed=2)
    clock = VirtualClock()
    from cardarcade.table.thinking import InlineThinker

    asker = HintAsker(game, InlineThinker(clock), 2, clock)
    heard: list = []
    seat = game.actors()[0]
    asker.ask(seat, heard.append)
    assert heard == [] and asker.thinking  # (delivered through the clock, never during the call)
    clock.advance(0.0)
    assert len(heard) == 1 and heard[0].action in game.legal_actions(seat)


def test_a_hint_not_answered_in_time_is_given_up_and_said():
    spec = GAMES["go-fish"]
    game = spec.new(players=3, seed=4)
    clock, thinker = VirtualClock(), HeldThinker()
    asker = HintAsker(game, thinker, game.players, clock)
    heard: list = []
    seat = game.actors()[0]
    asker.ask(seat, heard.append)
    clock.advance(HINT_SECONDS + 0.1)  # the worker never answered
    assert len(heard) == 1 and isinstance(heard[0], TimeoutError) and not asker.thinking
    thinker.answer()  # a late answer is not shown
    assert len(heard) == 1
    assert asker.ask(seat, heard.append)  # and h asks afresh
