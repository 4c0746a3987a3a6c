"""Authors: one test per rule of the text and per house rule, on fixed deals."""

from __future__ import annotations

import pytest

from cardarcade.cards import RANKS, Card, Rank, cards, standard_deck
from cardarcade.rules import GAMES, Action, IllegalAction
from cardarcade.rules._fishing import stacked_deck
from cardarcade.rules.authors import RULES, Authors, ask_for_card, missing_cards

SPEC = GAMES["authors"]
SEVEN = Rank.SEVEN


def ask(target: int, card: str):
    return ask_for_card(target, Card.parse(card))


def position(
    hands: list[str], stock: str | None = "", books: list[list[Rank]] | None = None, turn: int = 0, **options
) -> Authors:
    """A game at a position: these hands and books, ``stock`` on top of the rest of the pack
    (``stock=None``: no stock)."""
    return Authors.arranged(
        [cards(h) for h in hands], None if stock is None else cards(stock), books, turn, options or None
    )


def kinds(events) -> list[str]:
    return [e.kind for e in events]


# ---------------------------------------------------------------- the deal


def test_the_default_deal_is_go_fishs_with_a_stock():
    game = SPEC.new(4, seed=2)
    assert [len(h) for h in game.s.hands] == [10, 10, 10, 10] and len(game.s.stock) == 12


def test_house_rule_deal_the_whole_pack():
    game = SPEC.new(3, seed=0, options={"deal": "all"}, deck=standard_deck())
    assert [len(h) for h in game.s.hands] == [18, 17, 17] and game.s.stock == []
    assert game.s.hands[1][:2] == standard_deck()[1:5:3]


def test_a_fixed_deck_deals_the_cards_asked_for():
    game = SPEC.new(3, seed=0, deck=stacked_deck(3, {0: cards("7s Qd")}, cards("Ah")))
    assert game.s.hands[0][:2] == cards("7s Qd") and game.s.stock[0] == Card.parse("Ah")


# ---------------------------------------------------------------- asking for exact cards


def test_asks_name_one_exact_card_of_a_rank_you_hold_that_you_do_not_hold():
    game = position(["7s 7h Qd", "2c", "2d"])
    asked = {a.cards[0].code for a in game.legal_actions(0)}
    assert asked == {"7c", "7d", "Qc", "Qh", "Qs"}
    assert all(len(a.cards) == 1 and a.value is None for a in game.legal_actions(0))
    assert missing_cards(cards("7s 7h Qd")) == cards("7c 7d Qc Qh Qs")


def test_you_cannot_ask_for_a_card_you_already_hold():
    game = position(["7s 7h", "7d", "2d"])
    before = game.to_json()
    with pytest.raises(IllegalAction):
        game.apply(0, ask(1, "7s"))
    assert game.to_json() == before


def test_you_cannot_ask_for_a_card_of_a_rank_you_do_not_hold():
    game = position(["7s 7h", "Kd", "2d"])
    with pytest.raises(IllegalAction):
        game.apply(0, ask(1, "Kd"))
    with pytest.raises(IllegalAction):  # a rank ask is not an Authors ask
        game.apply(0, Action("ask", target=1, value=7))


def test_a_yes_hands_over_that_card_only_and_the_turn_goes_on():
    game = position(["7s", "7h 7d", "2d"])
    events = game.apply(0, ask(1, "7h"))
    assert kinds(events) == ["ask", "give"]
    assert game.s.hands[0] == cards("7s 7h") and game.s.hands[1] == cards("7d")
    assert game.actors() == [0]


def test_four_of_a_kind_is_laid_down_and_the_turn_goes_on():
    game = position(["7s 7h 7d 2s", "7c 2h", "2d"])
    events = game.apply(0, ask(1, "7c"))
    assert kinds(events) == ["ask", "give", "book"]
    assert game.s.books[0] == [SEVEN] and game.actors() == [0]


def test_a_no_sends_you_fishing_and_the_turn_to_whoever_said_no():
    game = position(["7s", "7h", "7d 2d"], stock="Ac")
    events = game.apply(0, ask(1, "7d"))  # seat 1 holds a seven, but not that one
    assert kinds(events) == ["ask", "deny", "fish"]
    assert game.s.hands[0] == cards("7s Ac") and game.actors() == [1]


def test_fishing_the_card_asked_for_still_ends_the_turn():
    game = position(["7s", "2h", "2d"], stock="7h")
    game.apply(0, ask(1, "7h"))
    assert game.actors() == [1]


def test_a_book_made_by_fishing_waits_for_the_next_turn():
    game = position(["7s 7h 7d 4s", "2h 3h", "2d 3d"], stock="7c")
    game.apply(0, ask(1, "7c"))
    assert game.s.books[0] == [] and game.actors() == [1]
    events = game.apply(1, ask(0, "3s"))  # seat 0 says no: its turn, the book goes down
    assert game.actors() == [0] and game.s.books[0] == [SEVEN]
    assert [e.seat for e in events if e.kind == "book"] == [0]


def test_whole_pack_deal_a_no_just_passes_the_turn():
    game = SPEC.new(3, seed=0, options={"deal": "all"}, deck=standard_deck())
    hand0 = set(game.s.hands[0])
    card = next(a for a in game.legal_actions(0) if a.target == 1 and a.cards[0] not in game.s.hands[1])
    events = game.apply(0, card)
    assert kinds(events) == ["ask", "deny", "no_stock"] and game.actors() == [1]
    assert set(game.s.hands[0]) == hand0


# ---------------------------------------------------------------- the end and the house rules


def test_the_most_books_wins_when_all_are_down():
    others = [r for r in RANKS if r is not SEVEN]
    game = position(["7s 7h 7d", "7c", ""], stock=None, books=[others[:2], others[2:8], others[8:]])
    events = game.apply(0, ask(1, "7c"))
    assert game.is_over and game.result.winners == [1] and game.result.scores == [3.0, 6.0, 4.0]
    assert events[-1].kind == "game_over"


def test_going_out_while_the_stock_lasts_wins():
    game = position(["7s 7h 7d", "7c 2s", "2h"])
    game.apply(0, ask(1, "7c"))
    assert game.is_over and game.result.winners == [0]


def test_house_rule_lucky_draw_of_the_exact_card_goes_on():
    game = position(["7s", "2h", "2d"], stock="7h", lucky_draw=True)
    events = game.apply(0, ask(1, "7h"))
    assert game.actors() == [0] and events[-1].cards == (Card.parse("7h"),)


def test_house_rule_lucky_draw_of_another_card_of_the_rank_does_not():
    game = position(["7s", "2h", "2d"], stock="7d", lucky_draw=True)
    game.apply(0, ask(1, "7h"))
    assert game.actors() == [1]


def test_house_rule_lucky_draw_completing_a_book_goes_on():
    game = position(["7s 7h 7d 3s", "2h", "2d"], stock="7c", lucky_draw=True)
    events = game.apply(0, ask(1, "3h"))
    assert kinds(events) == ["ask", "deny", "fish", "book"] and game.actors() == [0]


def test_the_ask_limit_ends_the_game():
    game = position(["7s", "7h", "2d"], max_asks=50)
    game.s.asks = 49
    game.apply(0, ask(1, "7h"))
    assert game.is_over


# ---------------------------------------------------------------- the public record


def test_every_ask_is_public_with_its_card_and_answer():
    game = position(["7s Qs", "Qd 7h", "2d"], stock="Kc")
    game.apply(0, ask(1, "Qd"))
    game.apply(0, ask(1, "7d"))
    given, denied, _ = game.view(2).history
    assert (given.seat, given.target, given.card, given.cards) == (0, 1, Card.parse("Qd"), (Card.parse("Qd"),))
    assert (denied.card, denied.cards, denied.rank) == (Card.parse("7d"), (), SEVEN)
    assert game.view(2).by_card and game.view(2).one_per_answer


def test_event_sentences():
    game = position(["7s", "7h", "2d"], stock="Kc")
    events = game.apply(0, ask(1, "7h"))
    names = ["Bot 1", "You", "Bot 2"]
    assert events[0].describe(names) == "Bot 1 asks you for the 7♥"
    assert events[1].describe(names) == "You hand over the 7♥"


def test_rules_text_names_the_restrictions_and_house_rules():
    for phrase in (
        "must hold at least one card of its rank",
        "must not hold that",
        "Deal",
        "Lucky draw",
        "Ask limit",
    ):
        assert phrase in RULES
    clarifications = RULES[RULES.index("Our clarifications") :]
    assert "When the game ends" in clarifications and "until every book is down" in clarifications
    assert SPEC.Options().deal == "stock" and {"deal", "lucky_draw", "max_asks"} <= set(SPEC.Options.model_fields)
