"""Spoons and Pig: one test per rule of the text (and per house clarification), on fixed deals."""

from __future__ import annotations

import pytest

from cardarcade.cards import Card, cards, double_deck, standard_deck
from cardarcade.rules import GAMES, Action, BadSetup, IllegalAction
from cardarcade.rules.spoons import DEAL, TAKE, Spoons
from cardarcade.seating import Seat
from cardarcade.table.clock import VirtualClock
from cardarcade.table.table import ARBITRATION_WINDOW, Table

SPEC = GAMES["spoons"]


def spoons_deck(*hands: str, stock: str = "", packs: int = 1) -> list[Card]:
    """A whole pack dealt as the text says: four cards each round robin (seat 0 first), then the
    stock, top first. Unnamed places take the other cards in pack order."""
    named = [cards(h) for h in hands]
    top = cards(stock)
    used = [c for cs in named for c in cs] + top
    assert len(set(used)) == len(used)
    full = standard_deck() if packs == 1 else double_deck()
    filler = iter([c for c in full if c not in used])
    filled = [h + [next(filler) for _ in range(4 - len(h))] for h in named]
    n = len(hands)
    return [filled[i % n][i // n] for i in range(4 * n)] + top + list(filler)


def new(*hands: str, stock: str = "", options=None) -> Spoons:
    game = SPEC.new(len(hands), seed=0, options=options, deck=spoons_deck(*hands, stock=stock))
    assert isinstance(game, Spoons)
    return game


def grab(game: Spoons, seat: int, seen: int | None = None) -> list:
    return game.apply(seat, Action("grab", value=game.stimulus if seen is None else seen))


def passes(game: Spoons, seat: int, card: str) -> None:
    game.apply(seat, Action("pass", tuple(cards(card))))


def codes(cs) -> list[str]:
    return [c.code for c in cs]


def test_four_cards_each_the_rest_is_the_stock_and_one_spoon_fewer_than_players():
    game = new("2c 3c 4c 5c", "2d 3d 4d 5d", "2h 3h 4h 5h", "2s 3s 4s 5s", stock="Kc Kd")
    view = game.view(0)
    assert view.hand_sizes == [4, 4, 4, 4] and view.stock_size == 52 - 16 and view.spoons == 3
    assert codes(view.hand) == ["2c", "3c", "4c", "5c"]


def test_the_dealer_draws_from_the_stock_and_passes_to_the_next_player():
    game = new("2c 3c 4c 5c", "2d 3d 4d 5d", "2h 3h 4h 5h", stock="Kc Kd")
    game.apply(0, TAKE)
    assert codes(game.view(0).hand)[-1] == "Kc"
    passes(game, 0, "2c")
    assert game.view(None).backlog_sizes == [0, 1, 0]
    game.apply(1, TAKE)
    assert codes(game.view(1).hand)[-1] == "2c"


def test_no_turns_and_a_backlog_piles_up_at_a_slow_players_left():
    game = new("2c 3c 4c 5c", "2d 3d 4d 5d", "2h 3h 4h 5h", stock="Kc Kd Qc")
    for card in ("2c", "3c", "4c"):  # the dealer goes on at once, again and again
        game.apply(0, TAKE)
        passes(game, 0, card)
    assert game.view(None).backlog_sizes == [0, 3, 0]
    game.apply(1, TAKE)  # the backlog is taken in the order it came
    assert codes(game.view(1).hand)[-1] == "2c"


def test_never_more_than_five_cards_in_hand():
    game = new("2c 3c 4c 5c", "2d 3d 4d 5d", "2h 3h 4h 5h")
    with pytest.raises(IllegalAction):
        passes(game, 0, "2c")  # four in hand: take first
    game.apply(0, TAKE)
    with pytest.raises(IllegalAction):
        game.apply(0, TAKE)  # five in hand: pass first
    with pytest.raises(IllegalAction):
        game.apply(1, TAKE)  # nothing passed to seat 1 yet


def test_the_last_player_before_the_dealer_discards_and_the_discards_become_the_stock():
    game = new("2c 3c 4c 5c", "2d 3d 4d 5d", "2h 3h 4h 5h")
    s = game.s
    rest = [c for c in s.stock[1:] if c.code not in ("9s", "10s")]
    s.stock, s.discards = s.stock[:1], rest + cards("9s 10s")  # one card left in the stock
    game.apply(0, TAKE)
    passes(game, 0, "2c")
    game.apply(1, TAKE)
    passes(game, 1, "2c")
    game.apply(2, TAKE)
    passes(game, 2, "2c")
    assert codes(game.s.discards)[-3:] == ["9s", "10s", "2c"]
    events = game.apply(0, TAKE)  # the stock is empty: the discard pile turned over, the last discarded on top
    assert events[0].kind == "restock"
    assert codes(game.view(0).hand)[-1] == "2c" and codes(game.s.stock)[:2] == ["10s", "9s"]
    assert events[0].text == f"The discard pile is turned over as the stock ({len(rest) + 3} cards)"
    game.s.stock, game.s.discards = [], game.s.stock[-1:]  # a single card to turn over
    passes(game, 0, "3c")
    assert game.apply(0, TAKE)[0].text == "The discard pile is turned over as the stock (1 card)"


def test_four_of_a_kind_passes_the_fifth_card_and_grabs_then_everyone_may_grab():
    game = new("7c 7d 7h 5c", "2d 3d 4d 5d", "2h 3h 4h 5h", stock="7s")
    game.apply(0, TAKE)
    events = grab(game, 0)
    assert events[0].kind == "grab_win" and "four sevens" in events[0].text
    assert codes(game.view(0).hand) == ["7c", "7d", "7h", "7s"] and game.view(None).backlog_sizes[1] == 1
    assert grab(game, 2)[0].kind == "grab_win"  # no four of a kind needed once a spoon has gone
    view = game.view(None)
    assert view.over and view.loser == 1 and view.letters == [0, 1, 0]
    assert game.counted_move() == (1, DEAL), "made by the next dealer"


def test_a_wrong_grab_costs_a_letter_and_the_round_goes_on():
    game = new("2c 3c 4c 5c", "2d 3d 4d 5d", "2h 3h 4h 5h")
    events = grab(game, 1)
    assert events[0].kind == "wrong_grab" and events[0].data["penalty"]
    assert game.view(None).letters == [0, 1, 0] and not game.view(None).over
    game.apply(0, TAKE)  # play goes on


def test_a_wrong_grab_for_the_last_letter_ends_the_round_and_puts_the_player_out():
    game = new("2c 3c 4c 5c", "2d 3d 4d 5d", "2h 3h 4h 5h", "2s 3s 4s 5s", options={"letters": 1})
    events = grab(game, 3)
    assert [e.kind for e in events] == ["wrong_grab", "round_over", "out"]
    game.apply(0, DEAL)
    view = game.view(None)
    assert view.out == [False, False, False, True] and view.spoons == 2 and view.hand_sizes[3] == 0


def test_the_grab_is_judged_by_what_the_player_saw():
    game = new("7c 7d 7h 7s", "2d 3d 4d 5d", "2h 3h 4h 5h", "2s 3s 4s 5s")
    before = game.stimulus
    grab(game, 0)
    # pressed before the spoon was gone (it saw nothing), without four of a kind: wrong
    assert grab(game, 1, seen=before)[0].kind == "wrong_grab"
    # pressed on seeing it: a spoon
    assert grab(game, 2)[0].kind == "grab_win"


def test_the_player_left_without_a_spoon_takes_a_letter_and_a_late_grab_is_told_who_was_first():
    game = new("7c 7d 7h 7s", "2d 3d 4d 5d", "2h 3h 4h 5h")
    grab(game, 0)
    seen = game.stimulus
    events = grab(game, 2)
    assert [e.kind for e in events] == ["grab_win", "round_over"]
    assert "Bob is left without a spoon: S" == events[1].describe(["Ann", "Bob", "Cy"])
    late = grab(game, 1, seen=seen)[0]
    assert late.kind == "grab_late" and late.target == 2 and late.data["beaten"] == game.s.grab_k[-1]
    assert game.view(None).letters == [0, 1, 0], "a late grab costs no second letter"


def test_spelling_spoon_puts_a_player_out_and_a_spoon_goes_with_them():
    game = new("7c 7d 7h 7s", "2d 3d 4d 5d", "2h 3h 4h 5h", "2s 3s 4s 5s")
    game.s.letters[1] = 4
    grab(game, 0)
    grab(game, 2)
    events = grab(game, 3)
    assert [e.kind for e in events][-2:] == ["round_over", "out"]
    assert "S-P-O-O-N" in events[-1].text
    game.apply(0, DEAL)
    view = game.view(None)
    assert view.out[1] and view.spoons == 2 and view.dealer == 2 and view.round == 2
    assert sorted(view.hand_sizes) == [0, 4, 4, 4]


def test_the_last_player_in_wins():
    game = new("7c 7d 7h 7s", "2d 3d 4d 5d", "2h 3h 4h 5h", options={"letters": 1})
    game.s.letters[2], game.s.out_order = 1, [2]
    game.s.hands[2], game.s.backlogs[2] = [], []
    game.s.stock += cards("2h 3h 4h 5h")
    grab(game, 0)
    assert game.is_over and game.result.winners == [0] and game.result.ranking == [0, 1, 2]
    assert game.result.score_name == "letters" and game.result.low_wins


def test_above_six_players_two_packs_are_used():
    game = SPEC.new(7, seed=1)
    assert len(game.cards()) == 104 and game.view(None).spoons == 6
    assert len(SPEC.new(6, seed=1).cards()) == 52


def test_pig_a_finger_on_the_nose_is_quiet_and_the_blind_pass_cards_straight_on():
    game = new("7c 7d 7h 7s", "2d 3d 4d 5d", "2h 3h 4h 5h", stock="Kc", options={"pig": True})
    events = grab(game, 0)
    assert events[0].kind == "grab_win" and events[0].text == "", "nobody is told: they have to notice"
    assert game.view(None).grabbed == [0]
    game.apply(0, TAKE)  # blind: the card taken goes straight on
    assert codes(game.view(0).hand) == ["7c", "7d", "7h", "7s"] and codes(game.s.backlogs[1]) == ["Kc"]
    events = grab(game, 1)
    assert events[-1].describe(["Ann", "Bob", "Cy"]) == "Cy is the last to notice: S"


def test_the_letters_to_go_out_house_rule_and_pig_excludes_spoons_far_away():
    with pytest.raises(BadSetup, match="Pig has no spoons"):
        SPEC.new(3, seed=0, options={"pig": True, "spoons_far": True})
    with pytest.raises(BadSetup, match="Letters to go out"):
        SPEC.new(3, seed=0, options={"letters": 6})
    assert SPEC.new(3, seed=0, options={"spoons_far": True}).view(None).delay > 0


def test_a_round_closes_with_a_count_and_a_new_deal_moves_the_deal_on():
    game = new("7c 7d 7h 7s", "2d 3d 4d 5d", "2h 3h 4h 5h")
    grab(game, 0)
    grab(game, 1)
    assert game.actors() == [0, 1, 2] and all(game.legal_actions(p) == [DEAL] for p in range(3))
    events = game.apply(0, DEAL)
    assert events[0].kind == "deal" and game.view(None).dealer == 1 and not game.view(None).over
    assert sorted(game.cards(), key=lambda c: c.code) == sorted(standard_deck(), key=lambda c: c.code)


def test_every_new_deal_is_shuffled_from_the_seed():
    def second_deal(seed: int) -> list[list[str]]:
        deck = spoons_deck("7c 7d 7h 7s", "2d 3d 4d 5d", "2h 3h 4h 5h")
        game = SPEC.new(3, seed=seed, deck=deck)
        grab(game, 0)
        grab(game, 1)
        game.apply(0, DEAL)
        return [codes(game.s.hands[p]) for p in range(3)]

    assert second_deal(5) == second_deal(5)  # a save replays the same deal
    deals = {str(second_deal(seed)) for seed in range(20)}
    assert len(deals) == 20  # nobody can foresee a deal from the last one


def test_a_save_round_trips_mid_round():
    game = new("2c 3c 4c 5c", "2d 3d 4d 5d", "2h 3h 4h 5h")
    game.apply(0, TAKE)
    passes(game, 0, "2c")
    copy = SPEC.from_json(game.to_json())
    assert copy.to_json() == game.to_json()


def test_at_the_table_the_earlier_press_takes_the_last_spoon_even_when_processed_later():
    game = new("7c 7d 7h 7s", "2d 3d 4d 5d", "2h 3h 4h 5h")
    clock = VirtualClock(start=100.0)
    table = Table(game, [Seat("Ann"), Seat("Bob"), Seat("Cy")], clock)
    table.start()
    clock.advance(0.1)
    table.submit(0, Action("grab"), t=100.1)  # four sevens: the first spoon
    clock.advance(0.6)
    table.submit(2, Action("grab"), t=100.66)  # Cy's press arrives first ...
    table.submit(1, Action("grab"), t=100.62)  # ... but Bob pressed 40 ms before him
    clock.advance(ARBITRATION_WINDOW + 0.01)
    assert game.view(None).grabbed == [0, 1] and game.view(None).loser == 2
    lost = next(r for r in table.stats.reactions if r.seat == 2)
    assert lost.kind == "grab_late" and lost.beaten_by == 1 and lost.margin == pytest.approx(0.04)


def test_when_the_dealer_goes_out_the_next_player_deals():
    game = new("2c 3c 4c 5c", "2d 3d 4d 5d", "2h 3h 4h 5h", options={"letters": 1})
    grab(game, 0)  # a wrong grab for the dealer's last letter
    seat, action = game.counted_move()
    assert seat == 1 and game.is_legal(seat, action)
    game.apply(seat, action)
    assert game.view(None).dealer == 1 and game.view(None).hand_sizes == [0, 4, 4]


def test_a_card_that_makes_four_of_a_kind_is_something_to_react_to():
    game = new("7c 7d 7h 5c", "2d 3d 4d 5d", "2h 3h 4h 5h", stock="7s 9c")
    before = game.stimulus
    game.apply(0, TAKE)
    assert game.stimulus == before + 1, "a grab's reaction time counts from the fourth seven"
    passes(game, 0, "5c")
    game.apply(0, TAKE)  # the 9♣ makes nothing new
    assert game.stimulus == before + 1


def test_a_spoon_holder_pressing_grab_after_the_round_ends_is_no_late_grab():
    game = new("7c 7d 7h 7s", "2d 3d 4d 5d", "2h 3h 4h 5h")
    grab(game, 0)
    grab(game, 2)  # the last spoon: the round is over
    assert not game.is_legal(0, Action("grab", value=game.stimulus)), "Ann holds a spoon: no race to be late for"
    assert game.is_legal(1, Action("grab", value=game.stimulus)), "Bob's press is late, and told who was first"
