"""Go Fish: one test per rule of the text and per house rule, on fixed deals."""

from __future__ import annotations

import pytest

from cardarcade.cards import RANKS, Card, Rank, cards, standard_deck
from cardarcade.rules import GAMES, IllegalAction
from cardarcade.rules._fishing import counted, stacked_deck
from cardarcade.rules.go_fish import RULES, GoFish, ask_for

SPEC = GAMES["go-fish"]
SEVEN, FIVE, KING = Rank.SEVEN, Rank.FIVE, Rank.KING


def dealt(players: int, hands: dict[int, str], stock: str = "", **options) -> GoFish:
    """A game from a fixed deck that deals these cards first."""
    deck = stacked_deck(players, {s: cards(t) for s, t in hands.items()}, cards(stock))
    game = SPEC.new(players, seed=0, options=options or None, deck=deck)
    assert isinstance(game, GoFish)
    return game


def position(
    hands: list[str], stock: str | None = "", books: list[list[Rank]] | None = None, turn: int = 0, **options
) -> GoFish:
    """A game at a position: these hands and books, ``stock`` on top of the rest of the pack
    (``stock=None``: no stock)."""
    return GoFish.arranged(
        [cards(h) for h in hands], None if stock is None else cards(stock), books, turn, options or None
    )


def every_book_but(*ranks: Rank) -> list[Rank]:
    return [r for r in RANKS if r not in ranks]


def count(game: GoFish, seat: int, rank: Rank) -> int:
    return sum(1 for c in game.s.hands[seat] if c.rank is rank)


def kinds(events) -> list[str]:
    return [e.kind for e in events]


# ---------------------------------------------------------------- the deal


@pytest.mark.parametrize("players, each, stock", [(3, 13, 13), (4, 10, 12), (5, 8, 12), (6, 7, 10)])
def test_the_deal_pretends_one_more_player(players, each, stock):
    game = SPEC.new(players, seed=5)
    assert [len(h) for h in game.s.hands] == [each] * players
    assert len(game.s.stock) == stock
    assert sorted(c.code for c in game.cards()) == sorted(c.code for c in standard_deck())


def test_cards_go_out_one_at_a_time_with_the_pretend_hand_last_and_leftovers_to_the_stock():
    deck = standard_deck()
    game = SPEC.new(4, seed=0, deck=deck)
    assert game.s.hands[0][:2] == [deck[0], deck[5]]
    assert game.s.hands[3][:2] == [deck[3], deck[8]]
    assert game.s.stock[:2] == [deck[4], deck[9]]  # the pretend fifth hand
    assert game.s.stock[-2:] == deck[50:]  # the two left over join it


def test_fewer_than_three_players_is_not_go_fish():
    assert SPEC.min_players == 3
    with pytest.raises(ValueError):
        SPEC.new(2, seed=1)


def test_the_player_left_of_the_dealer_asks_first():
    game = SPEC.new(3, seed=4)
    assert game.actors() == [0]
    assert game.legal_actions(0) and game.legal_actions(1) == [] and game.legal_actions(2) == []


# ---------------------------------------------------------------- asking


def test_you_may_only_ask_for_a_rank_you_hold():
    game = position(["7s 5h", "Kd 7h", "2c"])
    assert {(a.target, a.value) for a in game.legal_actions(0)} == {(1, 7), (2, 7), (1, 5), (2, 5)}
    before = game.to_json()
    with pytest.raises(IllegalAction):
        game.apply(0, ask_for(1, KING))
    assert game.to_json() == before


def test_you_ask_another_player_who_holds_cards_never_yourself():
    game = position(["7s", "", "2c"])
    assert {a.target for a in game.legal_actions(0)} == {2}
    for target in (0, 1):
        with pytest.raises(IllegalAction):
            game.apply(0, ask_for(target, SEVEN))


def test_a_yes_hands_over_every_card_of_the_rank_and_the_turn_goes_on():
    game = position(["7s", "7h 7d 2c", "2d"])
    events = game.apply(0, ask_for(1, SEVEN))
    assert kinds(events) == ["ask", "give"]
    assert count(game, 0, SEVEN) == 3 and count(game, 1, SEVEN) == 0
    assert events[1].data["count"] == 2
    assert game.actors() == [0]


def test_after_a_yes_you_may_ask_the_same_player_or_another():
    game = position(["7s 2h", "7h 2c", "2d"])
    game.apply(0, ask_for(1, SEVEN))
    assert {a.target for a in game.legal_actions(0)} == {1, 2}


def test_a_completed_book_is_laid_down_at_once_and_the_turn_goes_on():
    game = position(["7s 7h 2h", "7d 2c", "7c 2d"])
    game.apply(0, ask_for(1, SEVEN))
    events = game.apply(0, ask_for(2, SEVEN))
    assert kinds(events) == ["ask", "give", "book"]
    assert game.s.books[0] == [SEVEN] and count(game, 0, SEVEN) == 0
    assert game.actors() == [0]


def test_go_fish_draws_the_top_of_the_stock_and_the_turn_goes_to_whoever_said_it():
    game = position(["7s", "7h", "2d"], stock="Ac")
    events = game.apply(0, ask_for(2, SEVEN))
    assert kinds(events) == ["ask", "deny", "fish"]
    assert game.s.hands[0] == cards("7s Ac")
    assert game.actors() == [2]  # not seat 1, who sits next


def test_the_turn_ends_even_when_the_fished_card_is_the_rank_asked_for():
    game = position(["7s", "2h", "2d"], stock="7h")
    game.apply(0, ask_for(1, SEVEN))
    assert game.actors() == [1] and count(game, 0, SEVEN) == 2


def test_a_book_completed_from_the_stock_waits_for_your_next_turn():
    game = position(["7s 7h 7d 4s", "2h 3h", "2d 3d"], stock="7c")
    game.apply(0, ask_for(1, SEVEN))
    assert count(game, 0, SEVEN) == 4 and game.s.books[0] == []
    assert game.actors() == [1]
    game.apply(1, ask_for(2, Rank.TWO))  # seat 1 goes on: still no book for seat 0
    assert game.s.books[0] == [] and game.actors() == [1]
    events = game.apply(1, ask_for(0, Rank.THREE))  # seat 0 says Go fish: its turn, the book goes down
    assert game.actors() == [0] and game.s.books[0] == [SEVEN]
    assert [e.seat for e in events if e.kind == "book"] == [0]


def test_books_dealt_are_laid_down_when_their_owners_turn_starts():
    game = dealt(3, {0: "7s 7h 7d 7c", 1: "5s 5h 5d 5c"})
    assert game.s.books[0] == [SEVEN]  # seat 0 starts: down at once
    assert game.s.books[1] == [] and count(game, 1, FIVE) == 4  # seat 1 waits for its turn


# ---------------------------------------------------------------- the end


def test_when_every_book_is_down_the_most_books_wins():
    others = every_book_but(SEVEN)
    game = position(["7s 7h", "7d", "7c"], stock=None, books=[others[:6], others[6:9], others[9:]])
    game.apply(0, ask_for(1, SEVEN))
    events = game.apply(0, ask_for(2, SEVEN))
    assert game.is_over and game.result.winners == [0] and game.actors() == []
    assert game.result.scores == [7.0, 3.0, 3.0] and game.result.ranking == [0, 1, 2]
    assert game.result.score_name == "books"
    assert events[-1].kind == "game_over" and "every book is down" in events[-1].text


def test_equal_books_share_the_win():
    others = every_book_but(SEVEN)
    game = position(["7s 7h", "7d", "7c"], stock=None, books=[others[:5], others[5:6], others[6:]])
    game.apply(0, ask_for(1, SEVEN))
    game.apply(0, ask_for(2, SEVEN))
    assert game.result.winners == [0, 2] and game.result.is_draw


def test_going_out_before_the_stock_is_used_up_wins():
    game = position(["7s 7h 7d", "7c 5s", "5h"])
    events = game.apply(0, ask_for(1, SEVEN))
    assert game.is_over and game.result.winners == [0]
    assert "went out" in events[-1].text
    assert game.result.ranking[0] == 0 and game.result.score_name == "books"


def test_going_out_when_the_stock_is_gone_does_not_end_the_game():
    others = every_book_but(SEVEN, FIVE)
    game = position(["7s 7h 7d", "7c 5s 5h", "5d 5c"], stock=None, books=[others, [], []])
    game.apply(0, ask_for(1, SEVEN))
    assert not game.is_over and game.s.hands[0] == []
    assert game.actors() == [1]  # an empty hand with no stock sits out


def test_a_player_whose_last_card_is_taken_draws_from_the_stock():
    game = position(["7s", "7h", "2d"], stock="Kc Qc")
    events = game.apply(0, ask_for(1, SEVEN))
    assert kinds(events) == ["ask", "give", "draw"]
    assert game.s.hands[1] == cards("Kc") and game.view(0).history[-1].kind == "draw"
    assert game.actors() == [0]


def test_with_an_empty_hand_and_no_stock_you_sit_out():
    others = every_book_but(SEVEN, FIVE)
    game = position(["7s 5s", "7h", "7d 7c 5h 5d 5c"], stock=None, books=[others, [], []])
    game.apply(0, ask_for(1, SEVEN))
    assert game.s.hands[1] == []
    game.apply(0, ask_for(2, FIVE))  # four fives: a book; seat 0 still holds the sevens
    events = game.apply(0, ask_for(2, SEVEN))
    assert game.is_over and game.result.winners == [0]
    del events


def test_without_a_stock_a_denial_just_passes_the_turn():
    others = every_book_but(SEVEN, FIVE)
    game = position(["7s 7h 5s", "7d 5h 5d", "7c 5c"], stock=None, books=[others, [], []])
    events = game.apply(0, ask_for(1, SEVEN))
    events = game.apply(0, ask_for(1, SEVEN))
    assert kinds(events) == ["ask", "deny", "no_stock"]
    assert game.actors() == [1] and len(game.cards()) == 52


def test_the_ask_limit_ends_the_game_on_books():
    game = position(["7s 7h", "7d", "2d"], max_asks=50)
    game.s.asks = 49
    events = game.apply(0, ask_for(1, SEVEN))
    assert game.is_over and "50-question limit" in events[-1].text and game.actors() == []


# ---------------------------------------------------------------- house rules


def test_house_rule_one_card_per_answer():
    game = position(["7s", "7h 7d", "2d"], answer="one")
    events = game.apply(0, ask_for(1, SEVEN))
    assert count(game, 0, SEVEN) == 2 and count(game, 1, SEVEN) == 1
    assert events[1].text == "{seat} [hands|hand] over a seven"
    assert game.actors() == [0] and game.view(2).one_per_answer
    game.apply(0, ask_for(1, SEVEN))  # ask again for the other one
    assert count(game, 0, SEVEN) == 3 and count(game, 1, SEVEN) == 0


def test_house_rule_lucky_draw_of_the_rank_asked_for_goes_on_and_shows_the_card():
    game = position(["7s", "2h", "2d"], stock="7h", lucky_draw=True)
    events = game.apply(0, ask_for(1, SEVEN))
    assert game.actors() == [0]
    fish = events[-1]
    assert fish.kind == "fish" and fish.cards == (Card.parse("7h"),) and fish.data["lucky"]
    assert game.view(1).history[-1].cards == (Card.parse("7h"),)


def test_house_rule_lucky_draw_completing_another_book_lays_it_down_and_goes_on():
    game = position(["5s 5h 5d 7s", "2h", "2d"], stock="5c", lucky_draw=True)
    events = game.apply(0, ask_for(1, SEVEN))
    assert kinds(events) == ["ask", "deny", "fish", "book"]
    assert game.s.books[0] == [FIVE] and game.actors() == [0]


def test_without_the_house_rule_a_fished_card_stays_hidden():
    game = position(["7s", "2h", "2d"], stock="7h")
    events = game.apply(0, ask_for(1, SEVEN))
    assert events[-1].cards == () and game.view(1).history[-1].cards == ()


def test_the_fisher_alone_is_told_the_card_until_asking_again():
    game = position(["7s", "2h", "2d 7d"], stock="7h")
    game.apply(0, ask_for(1, SEVEN))  # Go fish: the 7♥
    assert game.view(0).drawn == Card.parse("7h")
    assert game.view(1).drawn is None and game.view(2).drawn is None and game.view(None).drawn is None
    game.apply(1, ask_for(2, Rank.TWO))  # a yes: Bot 1 goes on
    game.apply(1, ask_for(0, Rank.TWO))  # Go fish: the turn comes back to seat 0
    assert game.view(0).drawn == Card.parse("7h")  # still told, on its next turn
    game.apply(0, ask_for(2, SEVEN))
    assert game.view(0).drawn is None  # asked again: the news is old


def test_a_plain_fish_under_the_house_rule_ends_the_turn():
    game = position(["7s", "2h", "2d"], stock="Kc", lucky_draw=True)
    game.apply(0, ask_for(1, SEVEN))
    assert game.actors() == [1]


# ---------------------------------------------------------------- what players see and hear


def test_the_view_hides_other_hands_and_keeps_the_public_record():
    game = position(["7s 3s", "7h 7d", "Kd"], stock="Ac Kc")
    game.apply(0, ask_for(1, SEVEN))
    game.apply(0, ask_for(2, Rank.THREE))
    view = game.view(2)
    assert view.hand == cards("Kd") and view.hand_sizes == [5, 1, 1] and view.stock == 52 - 7
    assert '"Ac"' not in view.model_dump_json() and '"7s"' not in view.model_dump_json()
    ask, draw, denial, fish = view.history
    assert (ask.kind, ask.seat, ask.target, ask.rank, ask.cards) == ("ask", 0, 1, SEVEN, tuple(cards("7h 7d")))
    assert (draw.kind, draw.seat, draw.cards) == ("draw", 1, ())
    assert (denial.kind, denial.seat, denial.target, denial.rank, denial.cards) == ("ask", 0, 2, Rank.THREE, ())
    assert (fish.kind, fish.seat, fish.cards) == ("fish", 0, ())
    assert [r.n for r in view.history] == [0, 1, 2, 3]
    assert game.view(None).hand == []


def test_books_are_in_the_public_record():
    game = position(["7s 7h 2h", "7d 2c", "7c 2d"])
    game.apply(0, ask_for(1, SEVEN))
    game.apply(0, ask_for(2, SEVEN))
    record = game.view(1).history[-1]
    assert (record.kind, record.seat, record.rank) == ("book", 0, SEVEN)
    assert game.view(1).books[0] == [SEVEN]


def test_event_sentences_read_right_for_you():
    game = position(["7s", "7h 7d", "2d"], stock="Kc")
    events = game.apply(0, ask_for(1, SEVEN))
    names = ["You", "Bot 1", "Bot 2"]
    assert events[0].describe(names) == "You ask Bot 1 for sevens"
    assert events[1].describe(names) == "Bot 1 hands over two sevens"
    assert events[1].describe(["Bot 2", "You", "Bot 1"]) == "You hand over two sevens"
    events = game.apply(0, ask_for(2, SEVEN))
    assert events[1].describe(names) == "Bot 2 says “Go fish!”"
    assert events[2].describe(names) == "You fish a card from the stock; the turn passes to Bot 2"


def test_rank_words():
    assert Rank.SIX.plural == "sixes" and counted(Rank.ACE, 1) == "an ace"
    assert counted(SEVEN, 3) == "three sevens"


def test_rules_text_names_the_house_rules():
    for phrase in ("One card per answer", "Lucky draw", "Ask limit"):
        assert phrase in RULES
    # the end of the game is our reading of the text, and the rules say so
    clarifications = RULES[RULES.index("Our clarifications") :]
    assert "When the game ends" in clarifications and "until every book is down" in clarifications
    assert {"answer", "lucky_draw", "max_asks"} <= set(SPEC.Options.model_fields)
    assert SPEC.Options().answer == "all" and SPEC.Options().lucky_draw is False


def test_a_save_with_a_broken_public_record_is_refused():
    import json

    from cardarcade.rules import BadSave

    game = position(["7s", "7h 7d", "2d"])
    game.apply(0, ask_for(1, SEVEN))
    envelope = json.loads(game.to_json())
    envelope["state"]["history"][0]["rank"] = None
    with pytest.raises(BadSave):
        SPEC.from_json(json.dumps(envelope))
    envelope["state"]["history"][0].update(rank=7, target=0)  # asking oneself
    with pytest.raises(BadSave):
        SPEC.from_json(json.dumps(envelope))
