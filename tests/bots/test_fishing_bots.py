"""Go Fish and Authors bots: they finish at every level, remember the table talk as their skill
allows, act on it, and a hard bot clearly beats easy ones."""

from __future__ import annotations

import random

import pytest

from cardarcade.bots import Moment, Thinking, make_bot
from cardarcade.bots._fishing import HORIZON, TableMemory
from cardarcade.cards import Card, Rank, cards
from cardarcade.rules import GAMES
from cardarcade.rules.authors import ask_for_card
from cardarcade.rules.go_fish import ask_for
from cardarcade.table.simulate import play_headless, simulate

GAME_IDS = ("go-fish", "authors")
MOMENT = Moment(now=0.0, stimulus_time=0.0, pace=0.5)


def position(game_id: str, hands: list[str], stock: str = "", turn: int = 0):
    return GAMES[game_id].game.arranged([cards(h) for h in hands], cards(stock), turn=turn)


def decide(game, seat: int, level: str, seed: int = 0):
    """What a bot of ``level`` asks here (a hard bot's search worked out at once, as under simulate)."""
    bot = make_bot(game.spec.id, seat, level, random.Random(seed))
    plans = bot.plans(game.view(seat), MOMENT)
    assert len(plans) == 1
    plan = plans[0]
    return plan.work(*plan.args) if isinstance(plan, Thinking) else plan.action


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_bots_finish_with_the_house_rules(game_id):
    options = {"lucky_draw": True, "answer": "one"} if game_id == "go-fish" else {"lucky_draw": True, "deal": "all"}
    result, _ = play_headless(GAMES[game_id], ["hard", "easy", "medium", "hard"], seed=3, options=options)
    assert result is not None


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_a_hard_bot_clearly_beats_easy_bots_from_any_seat(game_id):
    spec = GAMES[game_id]
    hard_wins = easy_best = 0
    for hard_seat in (0, 2):
        levels = ["easy"] * 3
        levels[hard_seat] = "hard"
        summary = simulate(
            spec, levels, games=20, seed=100 * hard_seat
        )  # (hard searches: the suite's slowest test at 40)
        hard_wins += summary.wins[hard_seat]
        easy_best = max(easy_best, max(w for i, w in enumerate(summary.wins) if i != hard_seat))
    # A fair share would be a third of 40 games; the hard bot wins far more than any easy seat.
    assert hard_wins >= 18, hard_wins
    assert hard_wins >= 2 * easy_best, (hard_wins, easy_best)


# ---------------------------------------------------------------- memory


def record_game():
    """Seat 1 asks seat 2 for kings (gets one), then asks seat 0 for fives and is told Go fish."""
    game = position("go-fish", ["7s 2s", "Ks 5h", "Kd 2d"], stock="Qc")
    game.s.turn = 1
    game.apply(1, ask_for(2, Rank.KING))
    game.apply(1, ask_for(0, Rank.FIVE))
    return game


def test_memory_learns_who_holds_and_who_lacks_a_rank():
    game = record_game()
    memory = TableMemory(0, None)
    memory.update(game.view(0))
    assert memory.held(1, Rank.KING) == 2  # asked for kings and got one: at least two now
    assert memory.lacks(2, Rank.KING)  # gave every king it had
    assert memory.held(1, Rank.FIVE) == 1  # asked for fives: holds one
    assert memory.lacks(0, Rank.FIVE)


def test_easy_memory_forgets_quickly_and_hard_never():
    game = record_game()
    easy, hard = TableMemory(0, HORIZON[0]), TableMemory(0, HORIZON[2])
    for memory in (easy, hard):
        memory.update(game.view(0))
    assert easy.held(1, Rank.KING) == 2
    for memory in (easy, hard):
        memory.last += 20  # twenty more things said at the table
    assert easy.held(1, Rank.KING) == 0 and hard.held(1, Rank.KING) == 2
    assert HORIZON[0] < HORIZON[1] and HORIZON[2] is None


def test_a_book_clears_what_was_known_of_its_rank():
    game = position("go-fish", ["Ks Kh Kc 2s", "Kd 5h", "2d 5d"], stock="Qc")
    memory = TableMemory(2, None)
    game.apply(0, ask_for(1, Rank.KING))
    memory.update(game.view(2))
    assert memory.held(0, Rank.KING) == 0 and not memory.lacks(1, Rank.KING)


def test_a_hard_go_fish_bot_asks_the_player_known_to_hold_the_rank():
    game = position("go-fish", ["Qs 4s 3h 7d", "Qh 4c 4h 9d", "2d 2h 8c 8d"], stock="Ac Ad", turn=1)
    game.apply(1, ask_for(0, Rank.QUEEN))  # seat 1 holds queens; seat 0 hands over its queen
    game.apply(1, ask_for(2, Rank.FOUR))  # seat 1 holds fours; seat 2 has none: Go fish
    game.apply(2, ask_for(0, Rank.TWO))  # Go fish: seat 0's turn
    assert game.actors() == [0]
    assert decide(game, 0, "hard") == ask_for(1, Rank.FOUR)


def test_a_hard_bot_prefers_the_rank_it_holds_most_when_nothing_is_known():
    game = position("go-fish", ["7s 7h 7d 2s", "3c", "4c"])
    assert Rank(decide(game, 0, "hard").value) is Rank.SEVEN


def test_a_hard_authors_bot_asks_for_the_exact_card_it_saw_change_hands():
    # Seat 1 asks seat 2 for the Q♦ and gets it; the bot at seat 0, holding a queen, asks seat 1 for it.
    game = position("authors", ["Qs 3s", "Qh 4c", "Qd 2d"], stock="Ac Ad", turn=1)
    game.apply(1, ask_for_card(2, Card.parse("Qd")))
    game.apply(1, ask_for_card(2, Card.parse("4d")))  # no: seat 2's turn
    game.apply(2, ask_for_card(0, Card.parse("2s")))  # no: seat 0's turn
    assert game.actors() == [0]
    assert decide(game, 0, "hard") == ask_for_card(1, Card.parse("Qd"))


def test_bots_only_plan_on_their_turn():
    game = position("go-fish", ["7s", "7h", "2d"])
    bot = make_bot("go-fish", 1, "hard", random.Random(0))
    assert bot.plans(game.view(1), MOMENT) == []


def test_a_none_said_before_an_unseen_draw_counts_for_little():
    from cardarcade.rules._fishing import FishRecord

    records = [
        FishRecord(n=0, kind="ask", seat=1, target=0, rank=Rank.FIVE),  # seat 0: no fives
        FishRecord(n=1, kind="fish", seat=1),
        FishRecord(n=2, kind="draw", seat=0),  # seat 0 draws unseen: it may hold a five now
        FishRecord(n=3, kind="ask", seat=1, target=2, rank=Rank.FIVE),  # seat 2: no fives
    ]
    view = GAMES["go-fish"].new(3, seed=0).view(1).model_copy(update={"history": records})
    memory = TableMemory(1, None)
    memory.update(view)
    assert memory.lacks(2, Rank.FIVE) == 1.0
    assert 0 < memory.lacks(0, Rank.FIVE) < 1.0


def test_hard_bots_do_not_ask_the_same_no_over_and_over_when_the_stock_is_gone():
    # The end of a game: seat 1 holds three fives, seat 2 three twos, seat 0 the last five and
    # two. Seat 0 said it had no fives long ago but has drawn since; seat 2 just said so.
    from cardarcade.rules._fishing import FishRecord

    game = position("go-fish", ["5c 2s", "5s 5h 5d", "2c 2d 2h"], turn=1)
    game.s.stock = []
    others = [r for r in Rank if r not in (Rank.JOKER, Rank.FIVE, Rank.TWO)]
    game.s.books = [others[:3], others[3:8], others[8:]]
    game.s.history = [
        FishRecord(n=0, kind="ask", seat=1, target=0, rank=Rank.FIVE),
        FishRecord(n=1, kind="draw", seat=0),
        FishRecord(n=2, kind="ask", seat=1, target=2, rank=Rank.FIVE),
        FishRecord(n=3, kind="ask", seat=2, target=1, rank=Rank.TWO),
    ]
    game.s.logged = 4
    game.check_loaded()
    assert decide(game, 1, "hard") == ask_for(0, Rank.FIVE)


# ---------------------------------------------------------------- hard: putting the facts together


def no_stock_position(game_id: str, hands: list[str], books: list[list[Rank]], history: list) -> object:
    """A position with the stock gone, ``history`` as the table talk so far, seat 0 to ask."""
    game = GAMES[game_id].game.arranged([cards(h) for h in hands], None, books=books)
    game.s.history = history
    game.s.logged = len(history)
    game.check_loaded()
    return game


def booked_except(*kept: Rank) -> list[list[Rank]]:
    """Every other rank laid down, shared between seats 1 and 2."""
    others = [r for r in Rank if r is not Rank.JOKER and r not in kept]
    return [[], others[: len(others) // 2], others[len(others) // 2 :]]


def test_a_hard_go_fish_bot_asks_where_the_facts_leave_a_rank_nowhere_else():
    # Seat 0 holds three kings and a seven. Seat 1 said it had no sevens and the stock is gone,
    # so the three other sevens can only be in seat 2's hand; where the last king is, nothing says.
    from cardarcade.rules._fishing import FishRecord

    history = [
        FishRecord(n=0, kind="ask", seat=0, target=1, rank=Rank.SEVEN),
        FishRecord(n=1, kind="ask", seat=1, target=0, rank=Rank.QUEEN),
    ]
    game = no_stock_position(
        "go-fish",
        ["Ks Kh Kd 7s", "Qs Qh Kc", "7h 7d 7c Qd Qc"],
        booked_except(Rank.KING, Rank.SEVEN, Rank.QUEEN),
        history,
    )
    assert decide(game, 0, "medium", seed=1) != ask_for(2, Rank.SEVEN)  # the rule of thumb: kings
    assert decide(game, 0, "hard") == ask_for(2, Rank.SEVEN)


def test_a_hard_authors_bot_asks_for_the_card_the_facts_place():
    # Seat 1 said it had no J♦ and the stock is gone: the J♦ can only be in seat 2's hand.
    from cardarcade.rules._fishing import FishRecord

    history = [
        FishRecord(n=0, kind="ask", seat=0, target=1, rank=Rank.JACK, card=Card.parse("Jd")),
        FishRecord(n=1, kind="ask", seat=1, target=0, rank=Rank.QUEEN, card=Card.parse("Qd")),
    ]
    game = no_stock_position(
        "authors",
        ["Ks Kh Kd Js", "Qs Qh Kc Jh", "Jd Jc Qd Qc"],
        booked_except(Rank.KING, Rank.JACK, Rank.QUEEN),
        history,
    )
    assert decide(game, 0, "medium", seed=1) != ask_for_card(2, Card.parse("Jd"))
    assert decide(game, 0, "hard") == ask_for_card(2, Card.parse("Jd"))


def test_a_hard_bot_works_its_ask_out_off_the_event_loop():
    game = position("authors", ["Qs 3s", "Qh 4c", "Qd 2d"], stock="Ac Ad")
    plans = make_bot("authors", 0, "hard", random.Random(0)).plans(game.view(0), MOMENT)
    assert len(plans) == 1 and isinstance(plans[0], Thinking)


def test_dealt_hands_honour_everything_remembered():
    from cardarcade.bots._fishing_search import Facts, card_id, deal, rank_id

    game = position("authors", ["Qs 3s 5h", "Qh 4c 9d 9s", "Qd 2d 8h 8c"], stock="Ac Ad")
    view = game.view(0)
    jd, nine, _eight = card_id(Card.parse("Jd")), rank_id(Rank.NINE), rank_id(Rank.EIGHT)
    facts = Facts(
        3,
        at_least=[{}, {nine: 2}, {}],
        no_rank=[set(), set(), {nine}],
        holds=[set(), set(), {jd}],
        no_card=[set(), {card_id(Card.parse("8h"))}, set()],
    )
    for seed in range(30):
        hands = deal(view, facts, random.Random(seed))
        assert hands[0] == {card_id(c) for c in view.hand}
        assert [len(h) for h in hands] == view.hand_sizes
        assert sum(1 for c in hands[1] if c // 4 == nine) >= 2
        assert not any(c // 4 == nine for c in hands[2])
        assert jd in hands[2] and card_id(Card.parse("8h")) not in hands[1]
