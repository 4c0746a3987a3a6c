"""Through the Window's rules on fixed deals: the letters, the first right word, words once,
passing, the end, and two words a moment apart settled by press time at the table."""

from __future__ import annotations

import pytest

from cardarcade.cards import Card, standard_deck
from cardarcade.rules import GAMES, Action, IllegalAction
from cardarcade.rules._proper_nouns import PROPER_NOUNS
from cardarcade.rules.through_the_window import PASS, TURN, fold, letter_of, nouns
from cardarcade.seating import Seat
from cardarcade.table.clock import VirtualClock
from cardarcade.table.table import ARBITRATION_WINDOW, COUNT_BEAT, COUNT_BEATS, Table

SPEC = GAMES["through-the-window"]


def deck(*first: str) -> list[Card]:
    """A pack with ``first`` on top (dealt one at a time from seat 0), the rest in pack order."""
    top = [Card.parse(c) for c in first]
    return top + [c for c in standard_deck() if c not in top]


def game_of(*first: str, players: int = 3, **options):
    return SPEC.new(players, seed=1, deck=deck(*first), options=options)


def say(word: str, seen: int | None = None) -> Action:
    index = nouns().index(word)
    assert index is not None, word
    return Action("say", target=index, value=seen)


def test_each_rank_names_the_first_letter_of_its_name():
    letters = {
        rank: letter_of(Card.parse(rank + "s"))
        for rank in ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
    }
    assert letters == {
        "A": "a",
        "2": "t",
        "3": "t",
        "4": "f",
        "5": "f",
        "6": "s",
        "7": "s",
        "8": "e",
        "9": "n",
        "10": "t",
        "J": "j",
        "Q": "q",
        "K": "k",
    }


def test_four_cards_each_face_down_the_rest_unused_and_the_dealer_turns_first():
    game = game_of("2c", "3c", "8d")  # seat 0 gets the 2, seat 1 the 3, seat 2 (the dealer) the 8
    view = game.view(0)
    assert view.hidden == [4, 4, 4] and view.window is None
    assert len(game.s.unused) == 52 - 12
    assert game.actors() == [2] and game.counted_move() == (2, TURN)
    events = game.apply(2, TURN)
    assert game.view(0).window == Card.parse("8d") and game.view(0).letter == "e"
    assert "E for eight" in events[0].describe(["Ann", "Bob", "Cy"])
    assert game.actors() == [0, 1, 2], "everyone may name a noun, the turner too"


def test_the_first_right_noun_takes_the_card_and_the_turn_passes_to_the_left():
    game = game_of("2c", "3c", "8d")
    game.apply(2, TURN)
    events = game.apply(1, say("Elephant"))
    assert events[0].kind == "word_win" and "elephant" in events[0].describe(["A", "B", "C"])
    assert game.view(None).won[1] == [Card.parse("8d")]
    assert game.view(None).window is None and game.actors() == [0], "the dealer's left turns next"
    game.apply(0, TURN)
    assert game.view(None).letter == "t"


def test_a_noun_with_another_letter_or_not_a_noun_index_is_refused_and_changes_nothing():
    game = game_of("2c", "3c", "8d")
    game.apply(2, TURN)
    before = game.to_json()
    for action in (say("tiger"), Action("say", target=-1), Action("say", target=len(nouns().words))):
        with pytest.raises(IllegalAction):
            game.apply(0, action)
    assert game.to_json() == before


def test_a_winning_word_may_not_be_used_again_but_a_beaten_one_may():
    game = game_of("2c", "3c", "10d")  # T, T, T: the ten, then the two, then the three
    game.apply(2, TURN)
    seen = game.stimulus
    game.apply(0, say("tiger", seen))
    late = game.apply(1, say("table", seen))  # Bob's word came after Ann's: beaten to it
    assert late[0].kind == "word_late" and late[0].target == 0
    game.apply(0, TURN)
    with pytest.raises(IllegalAction):
        game.apply(1, say("tiger"))
    assert game.apply(1, say("table"))[0].kind == "word_win", "a word beaten to a card is fair game"


def test_a_card_everyone_passes_on_is_set_aside_and_a_passed_player_may_not_name_one():
    game = game_of("2c", "3c", "Qd")
    game.apply(2, TURN)
    game.apply(0, PASS)
    assert 0 not in game.actors()
    with pytest.raises(IllegalAction):
        game.apply(0, say("queen"))
    game.apply(1, PASS)
    events = game.apply(2, PASS)
    assert events[-1].kind == "aside" and game.view(None).aside == [Card.parse("Qd")]
    assert game.view(None).won == [[], [], []] and game.actors() == [0]


def test_most_cards_wins_and_equal_leaders_share_it():
    game = game_of("As", "Ks", "Qs", players=3, cards_each=1)  # one card each: Q (dealer), A, K
    game.apply(2, TURN)
    game.apply(0, say("queen"))
    game.apply(0, TURN)
    game.apply(1, say("apple"))
    game.apply(1, TURN)
    events = game.apply(2, say("kitchen"))
    assert game.is_over and game.result.winners == [0, 1, 2] and game.result.is_draw
    assert "a draw" in events[-1].describe(["A", "B", "C"])

    game = game_of("As", "Ks", "Qs", players=3, cards_each=1)
    for turner, word in ((2, "queen"), (0, "apple"), (1, "kitchen")):
        game.apply(turner, TURN)
        game.apply(0, say(word))
    assert game.result.winners == [0] and game.result.scores == [3.0, 0.0, 0.0]


def test_the_noun_list_takes_any_case_and_spelling_of_a_compound_and_leaves_out_rude_words():
    table = nouns()
    assert table.index("TIGER") == table.index("tiger") is not None
    assert table.index("ice cream") == table.index("icecream") == table.index("ice-cream") is not None
    assert table.index("xyzzy") is None and table.index("") is None
    assert all(w == w.lower() or w in PROPER_NOUNS for w in table.words)  # (capitals: places and names)
    rude = "cncgvrf"  # rot13 of a word on the package's profanity list that is also on its noun list
    assert (
        table.index(rude.translate(str.maketrans("abcdefghijklmnopqrstuvwxyz", "nopqrstuvwxyzabcdefghijklm"))) is None
    )
    assert all(fold(w)[0] == letter for letter, (lo, hi) in table.runs.items() for w in table.words[lo:hi])


def test_the_earlier_press_wins_even_when_the_later_word_is_processed_first():
    game = game_of("2c", "3c", "8d")
    clock = VirtualClock(start=100.0)
    table = Table(game, [Seat("Ann"), Seat("Bob"), Seat("Cy")], clock)
    table.start()
    clock.advance(COUNT_BEATS * COUNT_BEAT + 0.01)  # "3, 2, 1": the table turns the dealer's card
    assert game.view(None).window == Card.parse("8d")
    clock.advance(2.0)
    table.submit(1, say("engine"), t=103.76)  # Bob's word is read first ...
    table.submit(0, say("eagle"), t=103.72)  # ... but Ann pressed enter 40 ms before him
    clock.advance(ARBITRATION_WINDOW + 0.01)
    assert game.view(None).won[0] == [Card.parse("8d")] and game.view(None).won[1] == []
    lost = next(r for r in table.stats.reactions if r.seat == 1)
    assert lost.kind == "word_late" and lost.beaten_by == 0 and lost.margin == pytest.approx(0.04)
    assert "engine" not in game.view(None).used, "the beaten word is still free"


def test_fewer_cards_each_is_a_house_rule():
    game = game_of(players=13, cards_each=2)
    assert game.view(None).hidden == [2] * 13 and len(game.s.unused) == 52 - 26


def test_places_and_names_count_as_nouns_as_the_text_has_it():
    """The text's own example for a three: "tree, tiger, tank, tomato, Texas" (issue 26, item 4)."""
    game = game_of("2c", "3c", "8d", "10h", "Qs", "Jd")
    game.apply(2, TURN)  # the 8: E
    events = game.apply(0, say("england"))
    assert events[0].describe(["Ann", "Bob", "Cy"]) == "Ann said “England” first and takes the 8♦"
    game.apply(0, TURN)  # the 2: T
    assert [e.kind for e in game.apply(1, say("Texas"))] == ["word_win"]
    game.apply(1, TURN)  # the 3: T again, and New York does not start with it
    assert say("New York").target not in [a.target for a in game.legal_actions(0)]
    assert game.is_legal(0, say("tokyo")) and game.is_legal(0, say("Tom")) and not game.is_legal(0, say("TEXAS"))
    table = nouns()
    assert table.words[table.index("jack")] == "jack", "a name that is also a noun is that noun"
