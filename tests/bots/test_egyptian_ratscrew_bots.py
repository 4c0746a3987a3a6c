"""Egyptian Ratscrew bots: they finish games at every level, the stronger win, slaps follow Hick's
law (more patterns and deeper patterns are slower), and challenges are carried on or declined."""

from __future__ import annotations

import random
import statistics
from collections import Counter
from types import SimpleNamespace

from cardarcade.bots import LEVEL_NAMES, Moment, make_bot
from cardarcade.bots.egyptian_ratscrew import EgyptianRatscrewBot, alternatives
from cardarcade.cards import cards, standard_deck
from cardarcade.rules import GAMES, Action
from cardarcade.table.clock import VirtualClock
from cardarcade.table.simulate import bot_seats, simulate
from cardarcade.table.table import Table

SPEC = GAMES["egyptian-ratscrew"]
ALL_SLAPS = {"sandwiches": True, "sequences": True, "jokers": 2}


def test_a_mixed_table_of_every_level_finishes() -> None:
    summary = simulate(SPEC, list(LEVEL_NAMES), games=3, seed=1, options={"jokers": "even", "max_flips": 800})
    assert sum(summary.wins) + summary.draws == 3


def test_hard_beats_easy() -> None:
    summary = simulate(SPEC, ["hard", "easy"], games=20, seed=100, options={"max_flips": 1500})
    assert summary.wins[0] >= 15, summary.wins


def test_expert_beats_medium_at_a_table_of_four() -> None:
    summary = simulate(SPEC, ["expert", "medium", "medium", "medium"], games=12, seed=7, options={"max_flips": 1500})
    assert summary.wins[0] >= 7, summary.wins  # an even share would be 3


def _delays(pattern: str | None, patterns: list[str], level: str = "medium", n: int = 600) -> list[float]:
    bot = EgyptianRatscrewBot(0, level, random.Random(3))
    view = SimpleNamespace(slappable=pattern, patterns=patterns)
    out = []
    while len(out) < n:
        d = bot._slap_delay(view)
        if d is not None:
            out.append(d)
    return out


def test_hicks_law_more_patterns_and_deeper_patterns_are_slower() -> None:
    pairs_only = statistics.median(_delays("pair", ["pair"]))
    everything = ["pair", "sandwich", "sequence", "joker"]
    pair_all = statistics.median(_delays("pair", everything))
    sandwich_all = statistics.median(_delays("sandwich", everything))
    sandwich_two = statistics.median(_delays("sandwich", ["pair", "sandwich"]))
    pair_two = statistics.median(_delays("pair", ["pair", "sandwich"]))
    assert pairs_only + 0.06 < pair_all < sandwich_all - 0.03
    assert pair_two + 0.03 < sandwich_two
    assert alternatives("pair", ["pair"]) == 2 and alternatives("sandwich", everything) == 9


def test_misses_and_false_slaps_depend_on_the_level() -> None:
    def rates(level: str) -> tuple[float, float]:
        bot = EgyptianRatscrewBot(0, level, random.Random(9))
        hit = SimpleNamespace(slappable="pair", patterns=["pair"], recent=cards("5c 5d"))
        nothing = SimpleNamespace(slappable=None, patterns=["pair"], recent=cards("5c 9d"))
        misses = sum(bot._slap_delay(hit) is None for _ in range(4000)) / 4000
        false = sum(bot._slap_delay(nothing) is not None for _ in range(4000)) / 4000
        return misses, false

    easy, expert = rates("easy"), rates("expert")
    assert easy[0] > 0.1 > 0.02 > expert[0]
    assert easy[1] > 0.03 > 0.01 > expert[1]


def test_look_alikes_tempt_more_wrong_slaps() -> None:
    bot = EgyptianRatscrewBot(0, "easy", random.Random(2))
    plain = SimpleNamespace(slappable=None, patterns=["pair"], recent=cards("5c 9d"))
    lookalike = SimpleNamespace(slappable=None, patterns=["pair"], recent=cards("5c 9d 5h"))  # no sandwiches here
    wrong = [sum(bot._slap_delay(v) is not None for _ in range(4000)) for v in (plain, lookalike)]
    assert wrong[1] > 2 * wrong[0] > 0


def test_carry_on_or_decline_by_skill() -> None:
    def view(pile: int, need: int, held: int) -> SimpleNamespace:
        return SimpleNamespace(need=need, pile_size=pile, counts=[held, 5])

    hard = EgyptianRatscrewBot(0, "hard", random.Random(1))
    assert hard.carry_on(view(20, 3, 10))  # a big pile is worth the cards
    assert not hard.carry_on(view(2, 3, 1))  # two cards for one's last card: not worth it
    medium = EgyptianRatscrewBot(0, "medium", random.Random(1))
    assert medium.carry_on(view(2, 2, 1)) and not medium.carry_on(view(30, 3, 10))
    easy = EgyptianRatscrewBot(0, "easy", random.Random(1))
    tosses = Counter(easy.carry_on(view(10, 2, 5)) for _ in range(200))
    assert tosses[True] > 50 and tosses[False] > 50


def test_bots_plan_take_flip_and_choice_from_the_view() -> None:
    first = cards("Kh 2c")
    game = SPEC.new(3, seed=2, deck=first + [c for c in standard_deck() if c not in first])
    s = game.s
    s.stacks[0].extend(s.stacks[1][1:])  # seat 1 is down to its 2c
    del s.stacks[1][1:]
    moment = Moment(now=10.0, stimulus_time=10.0, pace=0.5)
    flipper = make_bot(SPEC.id, 0, "medium", random.Random(4))
    assert [p.action.kind for p in flipper.plans(game.view(0), moment)] == ["flip"]
    game.apply(0, Action("flip"))  # the king
    game.apply(1, Action("flip"))  # seat 1's last card: seat 2 may go on or decline
    assert s.choice and s.turn == 2 and s.need == 2
    # two cards in the pile: not worth two of its own to a hard bot; a medium one goes on (2 owed)
    for level, expect in (("hard", "decline"), ("medium", "flip")):
        bot = make_bot(SPEC.id, 2, level, random.Random(4))
        plans = [p for p in bot.plans(game.view(2), moment) if p.action.kind != "slap"]
        assert [p.action.kind for p in plans] == [expect] and plans[0].key[0] == "choice"
        assert bot.plans(game.view(2), moment) == bot.plans(game.view(2), moment)  # decided once
    game.apply(2, Action("decline"))
    taker = make_bot(SPEC.id, 0, "easy", random.Random(4))
    plans = [p for p in taker.plans(game.view(0), moment) if p.action.kind != "slap"]
    assert [p.action.kind for p in plans] == ["take"] and 10.0 < plans[0].at < 11.0
    assert [
        p.action.kind
        for p in make_bot(SPEC.id, 2, "hard", random.Random(4)).plans(game.view(2), moment)
        if p.action.kind != "slap"
    ] == []


def test_a_live_table_of_six_bots_meets_the_choice_and_gets_past_it() -> None:
    seen: Counter = Counter()
    for seed in range(8):
        game = SPEC.new(6, seed=seed, options={"max_flips": 1500})
        clock = VirtualClock()
        table = Table(
            game,
            bot_seats(["hard", "easy", "medium", "expert", "adaptive", "hard"]),
            clock,
            pace=0.5,
            seed=seed,
            listener=lambda events, _seat: seen.update(e.kind for e in events),
        )
        table.start()
        while not game.is_over and clock.now() < 3 * 3600:
            clock.run(until=clock.now() + 60)
        assert game.is_over
    assert seen["choice"] >= 1 and seen["decline"] + seen["choice"] >= 1
    assert seen["take"] > 10 and seen["slap_win"] > 10 and seen["false_slap"] > 0


def test_a_pair_takes_longer_to_see_than_slapjacks_jack() -> None:
    """The same reflexes and the same dice: comparing the top card with the one under it costs
    time that spotting a jack does not."""
    jack = make_bot("slapjack", 0, "medium", random.Random(3))
    view = SimpleNamespace(top=SimpleNamespace(rank=cards("Jc")[0].rank), top_dead=False)
    slapjack = [jack._slap_delay(view) for _ in range(600)]
    pairs = _delays("pair", ["pair"], n=600)
    assert statistics.median(pairs) > statistics.median([d for d in slapjack if d is not None]) + 0.04


def test_a_slap_on_its_way_still_lands_once_the_pile_is_won() -> None:
    """A slower bot's slap is not called off when a quicker one wins the pile: it lands too late
    (no penalty), so its time counts among the level's reactions, not only the winners'."""
    deck = cards("5c 5d 2h 3s") + [c for c in standard_deck() if c not in cards("5c 5d 2h 3s")]
    game = SPEC.new(2, seed=0, deck=deck)
    game.apply(0, Action("flip"))
    game.apply(1, Action("flip"))
    assert game.view(0).slappable == "pair"
    bot = make_bot("egyptian-ratscrew", 1, "easy", random.Random(4))
    moment = Moment(now=0.0, stimulus_time=0.0, pace=1.0)
    (slap,) = [p for p in bot.plans(game.view(1), moment) if p.action.kind == "slap"]
    game.apply(0, Action("slap", value=game.s.stimulus))  # seat 0 wins the pile first
    assert game.view(1).top is None
    assert slap in bot.plans(game.view(1), moment)
    assert [e.kind for e in game.apply(1, slap.action)] == ["late_slap"]
