"""Cuckoo bots: they finish games at every level, decide sensibly, hard reads where the cards
went, expert reads strong players, and hard beats easy."""

from __future__ import annotations

import random

import pytest

from cardarcade.bots import Moment, Thinking, make_bot
from cardarcade.cards import Card, standard_deck
from cardarcade.rules import GAMES
from cardarcade.rules.cuckoo import CHANGE, STAND, SWAP, Cuckoo
from cardarcade.table.simulate import play_headless

SPEC = GAMES["cuckoo"]
C = Card.parse
NOW = Moment(now=10.0, stimulus_time=10.0, pace=0.8)


def new(hands: str, top: str = "", **options) -> Cuckoo:
    fixed = [C(t) for t in (hands + " " + top).split()]
    deck = fixed + [c for c in standard_deck() if c not in set(fixed)]
    return SPEC.new(len(hands.split()), seed=0, deck=deck, options=options or None)


def played(hands: str, moves: list) -> Cuckoo:
    """The deal ``hands`` with ``moves`` made in turn by whoever is to act."""
    game = new(hands)
    for move in moves:
        game.apply(game.actors()[0], move)
    return game


def decision(game: Cuckoo, level: str, seed: int = 0):
    """The move a bot of ``level`` makes in turn (a searching level's worked out as the table would)."""
    seat = game.actors()[0]
    (plan,) = make_bot("cuckoo", seat, level, random.Random(seed)).plans(game.view(seat), NOW)
    if isinstance(plan, Thinking):
        return plan.work(*plan.args)
    assert plan.at > NOW.now
    return plan.action


def heads_up(theirs: str, mine: str) -> Cuckoo:
    """Seats 0 and 1 the last two in (seat 1 deals), holding ``theirs`` and ``mine``."""
    game = new(f"{theirs} {mine} 2c 2d 2h 2s", chips=1)
    s = game.s
    for p in (2, 3, 4, 5):
        s.chips[p], s.out_at[p] = 0, 1
    s.pot, s.dealer, s.turn = 4, 1, 0
    s.stock += s.held[2:]
    s.held = s.held[:2] + [None] * 4
    game.check_loaded()
    return game


def test_a_full_table_of_twenty_with_aces_high_finishes() -> None:
    levels = ["easy", "medium", "hard"] * 6 + ["expert", "hard"]
    result, table = play_headless(SPEC, levels, seed=3, options={"aces": "high"})
    assert result is not None and table.game.s.hand > 19


def test_bots_wait_for_their_turn() -> None:
    game = new("Qs 9h 7c Jd 5s 8d")
    bot = make_bot("cuckoo", 3, "hard", random.Random(0))
    assert bot.plans(game.view(3), NOW) == []


def test_a_decision_is_made_once_per_turn() -> None:
    game = new("4s 9h 7c Jd 5s 8d")
    bot = make_bot("cuckoo", 0, "easy", random.Random(0))
    first = bot.plans(game.view(0), NOW)
    assert all(bot.plans(game.view(0), NOW) == first for _ in range(10))


def medium_moves(game: Cuckoo) -> set:
    """Every move medium bots of twenty seeds make in turn here."""
    return {decision(game, "medium", seed) for seed in range(20)}


def test_medium_lets_an_ace_go_keeps_a_ten_and_goes_by_feel_in_between() -> None:
    assert medium_moves(new("As 9h 7c Jd 5s 8d")) == {CHANGE}
    assert medium_moves(new("10s 9h 7c Jd 5s 8d")) == {STAND}
    assert medium_moves(new("6s 9h 7c Jd 5s 8d")) == {CHANGE, STAND}


def test_medium_now_and_then_hopes_a_two_will_do() -> None:
    # The ordinary player's costly habit that lets hard pull clear of medium: mostly it lets a
    # 2 go, but on some hands it keeps one (one in nine), as a person feeling lucky would.
    game = new("2s 9h 7c Jd 5s 8d")
    moves = [decision(game, "medium", seed) for seed in range(45)]
    assert 0 < moves.count(STAND) <= 10 and moves.count(CHANGE) >= 35


def test_easy_guesses_fairly_often() -> None:
    # Easy ignores its card on about one move in three (a coin toss then): it gives a king away
    # or keeps an ace about one time in six.
    odd = 0
    for seed in range(300):
        odd += decision(new("As 9h 7c Jd 5s 8d"), "easy", seed) == STAND
        odd += decision(new("Ks 9h 7c Jd 5s 8d"), "easy", seed) == CHANGE
    assert 0.15 < odd / 600 < 0.22


@pytest.mark.parametrize("level", ["medium", "hard"])
def test_nobody_sensible_gives_up_a_king_or_keeps_an_ace(level: str) -> None:
    assert decision(new("Ks 9h 7c Jd 5s 8d"), level) == STAND
    assert decision(new("As 9h 7c Jd 5s 8d"), level) == CHANGE
    dealer_king = played("Qs 9h 7c Jd 5s Kd", [STAND] * 5)
    assert decision(dealer_king, level) == STAND
    dealer_ace = played("Qs 9h 7c Jd 5s Ad", [STAND] * 5)
    assert decision(dealer_ace, level) == SWAP


def test_hard_stands_when_it_knows_a_lower_card_is_already_final() -> None:
    # P0 changes its 4 for P1's 2: P1 now knows P0 holds the 2 for good, so the 4 is safe.
    game = new("4s 2h 7c Jd 9s 8d")
    game.apply(0, CHANGE)
    assert game.view(1).known[0] == C("2h") and game.view(1).card == C("4s")
    assert decision(game, "hard") == STAND
    assert decision(game, "medium") == STAND


def test_medium_dealer_keeps_a_low_card_it_knows_is_safe() -> None:
    # P4 changes its 3 for the dealer's ace: the dealer's 3 cannot be the lowest card now.
    game = played("Qs 9h 10c Jd 3c Ad", [STAND] * 4 + [CHANGE])
    assert game.view(5).card == C("3c") and game.view(5).known[4] == C("Ad")
    assert medium_moves(game) == {STAND}
    unknown = played("Qs 9h 10c Jd Ac 3d", [STAND] * 5)  # the same 3, nothing known lower: mostly swapped
    assert SWAP in medium_moves(unknown)


def test_hard_dealer_weighs_the_chance_of_drawing_a_king() -> None:
    # Everyone else has stood on a high card: a dealer with a 3 is surely lowest and swaps;
    # the dealer who knows the player on the right holds an ace keeps even a 3.
    stood = played("Qs 9h 10c Jd 9s 3d", [STAND] * 5)
    assert decision(stood, "hard") == SWAP
    knows = played("Qs 9h 10c Jd Ac 3d", [STAND] * 4 + [CHANGE])
    assert knows.view(5).card == C("Ac") and knows.view(5).known[4] == C("3d")
    assert decision(knows, "hard") == SWAP
    safe = played("Qs 9h 10c Jd 5c 3d", [STAND] * 4 + [CHANGE])
    assert safe.view(5).card == C("5c") and safe.view(5).known[4] == C("3d")
    assert decision(safe, "hard") == STAND


def test_hard_dealer_reads_a_chain_of_changes() -> None:
    # Bot 1's 5 was passed on by each player after it down to the dealer, who gave its 6 to
    # Bot 4. Each who passed the 5 on knew its own card, now held on its right, was no lower:
    # the 5 is the lowest card at the table. The hard of old stood on it and paid.
    game = played("Ks 5h Js Jc 8h 6c", [STAND] + [CHANGE] * 4)
    assert game.view(5).card == C("5h") and game.view(5).known[4] == C("6c")
    assert decision(game, "hard") == SWAP


def test_hard_knows_a_medium_stands_on_a_middling_card_now_and_then() -> None:
    # Four mediums have stood: each may hold a 4 or a 5 as well as a high card, so a 6 is as
    # likely as not to be safe, and letting it go may bring back something lower. The hard of
    # old took a stand for "a 6 or better" and changed it.
    game = played("Qs 9h 10c Jd 6s 8d", [STAND] * 4)
    assert game.actors() == [4]
    assert {decision(game, "hard", seed) for seed in range(5)} == {STAND}


def test_expert_dealer_knows_a_strong_player_at_two_stands_only_on_an_eight_or_better() -> None:
    # Heads up, a strong player changes a 7 or lower: after a stand the dealer's 8 can at best
    # tie, so expert swaps it; hard, taking the other for a medium player who keeps a 6, stands.
    game = heads_up("9c", "8h")
    game.apply(0, STAND)
    assert game.actors() == [1] and game.view(1).card == C("8h")
    assert decision(game, "expert") == SWAP
    assert decision(game, "hard") == STAND


def pay_rates(levels: list[str], games: int) -> list[float]:
    """Chips paid per hand played, by seat, with the bots deciding straight from their views."""
    n = len(levels)
    paid, played = [0] * n, [0] * n
    for g in range(games):
        game = SPEC.new(n, seed=100 + g, options={"chips": 10})
        bots = [make_bot("cuckoo", i, level, random.Random(g * 31 + i)) for i, level in enumerate(levels)]
        while not game.is_over:
            seat = game.actors()[0]
            (plan,) = bots[seat].plans(game.view(seat), NOW)
            action = plan.work(*plan.args) if isinstance(plan, Thinking) else plan.action
            for event in game.apply(seat, action):
                if event.kind == "show":
                    for p in event.data["seats"]:
                        played[p] += 1
                elif event.kind == "pay":
                    paid[event.seat] += 1
    return [p / h for p, h in zip(paid, played)]


def test_hard_pays_fewer_chips_than_easy_in_any_seat() -> None:
    rates = pay_rates(["easy", "easy", "hard", "easy", "easy", "hard"], games=15)
    hard = (rates[2] + rates[5]) / 2
    easy = (rates[0] + rates[1] + rates[3] + rates[4]) / 4
    assert hard < 0.85 * easy, rates
