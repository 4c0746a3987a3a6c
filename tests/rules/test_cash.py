"""Cash: one test per rule of the text (and per house clarification), on fixed deals."""

from __future__ import annotations

import pytest

from cardarcade.cards import Card, cards, standard_deck
from cardarcade.rules import GAMES, Action, BadSetup, IllegalAction
from cardarcade.rules.cash import Cash
from cardarcade.seating import Seat
from cardarcade.table.clock import VirtualClock
from cardarcade.table.table import ARBITRATION_WINDOW, Table

SPEC = GAMES["cash"]
CHOSEN = {"partners": "chosen", "partner": 3}  # Player 1 with Player 3: sides [0, 1, 0, 1], ring 0 1 2 3
FOURS = ["7c 7d 7h 7s", "2c 3d 4h 5s", "8c 9d 10h Js", "Qc Kd Ah 2s"]


def cash_deck(hands: list[str], board: str, stock: str = "") -> list[Card]:
    """A pack dealt as the text says, from the dealer's left one card at a time (Player 1 first
    with the chosen partners), then the board, then the stock (named cards on top)."""
    named = [cards(h) for h in hands]
    rest_named = cards(board) + cards(stock)
    used = [c for h in named for c in h] + rest_named
    assert len(set(used)) == len(used)
    filler = [c for c in standard_deck() if c not in used]
    hands_full = [h + [filler.pop() for _ in range(4 - len(h))] for h in named]
    deal = [hands_full[i % len(hands)][i // len(hands)] for i in range(4 * len(hands))]
    board_cards = cards(board)
    return deal + board_cards + cards(stock) + filler


def new(hands=FOURS, board="Kc Kh Qd 3c", stock="", players=4, **options) -> Cash:
    game = SPEC.new(players, seed=0, options={**CHOSEN, **options}, deck=cash_deck(hands, board, stock))
    assert isinstance(game, Cash)
    return game


def started(game: Cash) -> Cash:
    """Both sides pick a signal (tap for A, wink for B) and the board turns up."""
    game.apply(0, Action("signal", value="tap"))
    game.apply(1, Action("signal", value="wink"))
    seat, turn = game.counted_move()
    game.apply(seat, turn)
    return game


def swap(game: Cash, seat: int, mine: str, place: int, seen: int | None = None) -> list:
    there = game.s.board[place]
    return game.apply(seat, Action("swap", (Card.parse(mine), there), place, seen or game.stimulus))


def test_drawn_partners_never_sit_side_by_side():
    for players in (4, 6, 8):
        for seed in range(20):
            game = SPEC.new(players, seed=seed)
            ring, side = game.s.ring, game.s.side
            assert sorted(side) == sorted(list(range(players // 2)) * 2), "partnerships of two"
            assert all(side[ring[i]] != side[ring[(i + 1) % players]] for i in range(players))
            if players == 4:  # two red against two black
                colours = {side[p]: game.s.drawn[p].is_red for p in range(4)}
                assert all(game.s.drawn[p].is_red == colours[side[p]] for p in range(4))


def test_chosen_partners_sit_opposite_and_a_bad_choice_is_refused():
    game = new()
    assert game.s.side == [0, 1, 0, 1] and game.s.ring == [0, 1, 2, 3]
    with pytest.raises(BadSetup):
        SPEC.new(4, seed=0, options={"partners": "chosen", "partner": 6})


def test_odd_tables_have_one_player_alone_between_two_sides():
    game = SPEC.new(5, seed=3)
    side, ring = game.s.side, game.s.ring
    loner = next(p for p in range(5) if side.count(side[p]) == 1)
    assert ring[-1] == loner and all(side[ring[i]] != side[ring[(i + 1) % 5]] for i in range(5))
    assert loner not in game.actors(), "alone, there is nobody to agree a signal with"
    for seat in game.actors():
        game.apply(seat, Action("signal", value="tap"))
    assert game.s.phase == "play"


@pytest.mark.parametrize("players,together", [(4, (0, 1)), (4, (1, 3)), (6, (2, 5)), (8, (0, 7, 3, 4)), (5, (0, 1))])
def test_people_at_one_keyboard_are_partners_by_default_seated_apart(players, together):
    for seed in range(20):
        game = Cash.setup(players, seed, GAMES["cash"].parse_options(None), None, together=together)
        side, ring = game.s.side, game.s.ring
        for a, b in zip(together[::2], together[1::2]):
            assert side[a] == side[b], "each pair of people partners"
            apart = abs(ring.index(a) - ring.index(b))
            assert min(apart, players - apart) > 1, "partners never sit side by side"
            if players == 4:
                assert apart == 2, "at four, partners sit opposite"
        assert sorted(side.count(x) for x in set(side)) == ([1] if players % 2 else []) + [2] * (players // 2)


def test_people_may_be_drawn_apart_when_partners_are_drawn():
    drawn = GAMES["cash"].parse_options({"partners": "drawn"})
    sides = {tuple(Cash.setup(4, seed, drawn, None, together=(0, 1)).s.side) for seed in range(20)}
    assert any(s[0] != s[1] for s in sides), "the text's draw, not the keyboard, decides"
    assert Cash.setup(4, 3, drawn, None, together=(0, 1)).s.side == GAMES["cash"].new(4, 3, drawn).s.side


def test_each_side_picks_a_secret_signal_before_the_board_turns():
    game = new()
    assert game.actors() == [0, 1], "each side's first player picks"
    assert game.counted_move() is None and not game.legal_actions(2)
    with pytest.raises(IllegalAction):
        game.apply(2, Action("signal", value="sip"))  # Player 1 picks for that side
    game.apply(0, Action("signal", value="tap"))
    assert game.view(2).signal == "tap", "the partner knows it"
    assert game.view(1).signal is None and game.view(3).signal is None, "the other side does not"
    game.apply(1, Action("signal", value="wink"))
    assert game.view(0).board == [], "face down until the count"
    with pytest.raises(IllegalAction):
        game.apply(0, Action("cash", value=game.stimulus))
    seat, turn = game.counted_move()
    game.apply(seat, turn)
    assert [c.code for c in game.view(0).board] == ["Kc", "Kh", "Qd", "3c"]


def test_a_swap_exchanges_a_hand_card_for_a_board_card():
    game = started(new())
    swap(game, 1, "2c", 0)
    assert "Kc" in [c.code for c in game.view(1).hand] and "2c" not in [c.code for c in game.view(1).hand]
    assert game.s.board[0].code == "2c"


def test_a_swap_aimed_at_a_board_card_already_taken_is_late_and_changes_nothing():
    game = started(new())
    seen = game.stimulus
    swap(game, 1, "2c", 0, seen)
    hand = list(game.s.hands[3])
    events = game.apply(3, Action("swap", (Card.parse("Qc"), Card.parse("Kc")), 0, seen))
    assert events[0].kind == "play_late" and events[0].target == 1
    assert game.s.hands[3] == hand and game.s.board[0].code == "2c"


def test_the_earlier_press_on_a_board_card_wins_even_when_processed_second():
    game = started(new())
    clock = VirtualClock(start=100.0)
    table = Table(game, [Seat(n) for n in ("Ann", "Bob", "Cy", "Di")], clock)
    table.start()
    clock.advance(0.5)
    kc = game.s.board[0]
    table.submit(3, Action("swap", (Card.parse("Qc"), kc), 0), t=100.47)  # Di's press arrives first ...
    table.submit(1, Action("swap", (Card.parse("2c"), kc), 0), t=100.43)  # ... but Bob pressed 40 ms earlier
    clock.advance(ARBITRATION_WINDOW + 0.01)
    assert kc in game.s.hands[1] and kc not in game.s.hands[3]
    lost = next(r for r in table.stats.reactions if r.seat == 3)
    assert lost.kind == "play_late" and lost.beaten_by == 1 and lost.margin == pytest.approx(0.04)


def test_cash_by_the_partner_of_a_player_with_four_of_a_kind_wins_for_both():
    game = started(new())
    game.apply(0, Action("gesture", value="tap"))
    events = game.apply(2, Action("cash", value=game.stimulus))
    assert events[0].kind == "cash_win"
    assert game.result.winners == [0, 2] and game.result.sides == [0, 1, 0, 1] and game.result.partners_won
    assert game.result.scores == [4, 1, 1, 1] and game.result.score_name == "of a kind", "how close each came"


def test_cash_on_your_own_four_of_a_kind_is_wrong_and_loses():
    game = started(new())
    events = game.apply(0, Action("cash", value=game.stimulus))
    assert events[0].kind == "wrong_cash" and game.result.winners == [1, 3]


def test_counter_cash_wins_when_an_opponent_holds_four_and_loses_when_none_does():
    game = started(new())
    assert game.apply(1, Action("counter", value=game.stimulus))[0].kind == "counter_win"
    assert game.result.winners == [1, 3]
    game = started(new())
    assert game.apply(0, Action("counter", value=game.stimulus))[0].kind == "wrong_counter"
    assert game.result.winners == [1, 3]


def test_the_stock_holder_deals_a_new_board_and_passes_the_stock_left():
    game = started(new(stock="2h 2d 3h 3s"))
    assert game.s.holder == 0
    with pytest.raises(IllegalAction):
        game.apply(1, Action("refresh", value=game.stimulus))
    game.apply(0, Action("refresh", value=game.stimulus))
    assert game.s.holder == 1 and game.view(0).board == [] and len(game.s.discards) == 4
    assert game.actors() == [1], "nothing but the count while the board is face down"
    seat, turn = game.counted_move()
    game.apply(seat, turn)
    assert [c.code for c in game.s.board] == ["2h", "2d", "3h", "3s"]


def test_a_real_deal_when_the_stock_runs_out_is_a_draw():
    game = started(new())
    while game.result is None:
        holder = game.s.holder
        game.apply(holder, Action("refresh", value=game.stimulus))
        if game.result is None:
            game.apply(*game.counted_move())
    assert game.result.winners == [] and game.result.is_draw and "real deal" in game.result.reason


def test_letters_go_to_the_losing_side_and_spelling_the_name_loses_the_match():
    game = started(new(letters=True, name="kent"))
    game.apply(0, Action("counter", value=game.stimulus))  # wrong: side A takes K
    assert game.result is None and game.s.letters == [1, 0] and game.s.hand_no == 2
    assert game.s.phase == "signals" and game.s.signals == [None, None], "signals may change between hands"
    for _ in range(3):
        game.apply(0, Action("signal", value="sip"))
        game.apply(1, Action("signal", value="sip"))
        game.apply(*game.counted_move())
        game.apply(
            0,
            Action("counter", value=game.stimulus)
            if not any(len({c.rank for c in game.s.hands[p]}) == 1 for p in (1, 3))
            else Action("cash", value=game.stimulus),
        )
        if game.result is not None:
            break
    assert game.result is not None and game.result.winners == [1, 3] and game.s.letters[0] == 4


def test_gestures_are_seen_by_everyone_and_each_is_a_new_stimulus():
    game = started(new())
    before = game.stimulus
    game.apply(3, Action("gesture", value="whistle"))
    assert game.view(0).gestures[-1] == (3, "whistle", before + 1)
    with pytest.raises(IllegalAction):
        game.apply(3, Action("gesture", value="shrug"))


def test_a_save_carries_on_where_it_was():
    game = started(new())
    swap(game, 1, "2c", 0)
    game.apply(2, Action("gesture", value="sip"))
    again = SPEC.from_json(game.to_json())
    assert again.view(1).model_dump() == game.view(1).model_dump()
    assert again.legal_actions(0) == game.legal_actions(0)


def test_a_real_deal_gives_no_letters_and_the_hand_limit_ends_a_lettered_match():
    game = started(new(letters=True, hand_limit=2))
    while game.s.hand_no == 1:
        game.apply(game.s.holder, Action("refresh", value=game.stimulus))
        if game.s.hand_no == 1:
            game.apply(*game.counted_move())
    assert game.result is None and game.s.letters == [0, 0], "a real deal: nobody takes a letter"
    for seat in game.actors():
        game.apply(seat, Action("signal", value="sip"))
    game.apply(*game.counted_move())
    assert not any(len({c.rank for c in game.s.hands[p]}) == 1 for p in (1, 3)), "(a new deal without four)"
    game.apply(0, Action("counter", value=game.stimulus))  # wrong: side A takes a C
    assert game.result.winners == [1, 3] and "2-hand limit" in game.result.reason
    assert game.result.scores == [1, 0, 1, 0] and game.result.low_wins


def test_with_three_sides_a_wrong_call_loses_for_the_caller_alone_and_the_others_share_the_win():
    game = SPEC.new(6, seed=4)
    for seat in game.actors():
        game.apply(seat, Action("signal", value="wink"))
    game.apply(*game.counted_move())
    side = game.s.side
    assert not any(len({c.rank for c in game.s.hands[p]}) == 1 for p in range(6)), "(a deal without four of a kind)"
    events = game.apply(0, Action("counter", value=game.stimulus))
    assert events[0].kind == "wrong_counter"
    assert game.result.winners == [p for p in range(6) if side[p] != side[0]] and len(game.result.winners) == 4
