"""A tie the game's own text calls a shared win is headed by who shares it, not "A draw"."""

from __future__ import annotations

from cardarcade.cards import Rank
from cardarcade.rules import GAMES
from cardarcade.seating import GameSetup
from cardarcade.ui.screens.result import headline, outcome_mark


def test_go_fish_players_level_on_books_share_the_win_by_name():
    setup = GameSetup.solo(GAMES["go-fish"], 4, seed=1)
    game = setup.new_game()
    ranks = list(Rank)
    game.s.books = [ranks[0:4], ranks[4:5], ranks[5:9], ranks[9:13]]  # you, Bot 2 and Bot 3: 4 books each
    game._finish_by_books("the stock ran out")
    you, names = setup.human_seats[0], setup.names
    others = sorted(names[p] for p in game.result.winners if p != you)
    assert headline(setup, game) == "You and " + " and ".join(others) + " share the win"
    assert "a draw" not in game.result.describe(names).lower()
    assert outcome_mark(game.result, game.result.winners[0]) == "winner"


def test_polignac_equal_lowest_scores_share_the_win_and_a_drawn_war_stays_a_draw():
    setup = GameSetup.solo(GAMES["polignac"], 4, seed=1)
    game = setup.new_game()
    game.s.scores = [9, 3, 3, 12]  # past the target, two level lowest ...
    game.s.won = [[] for _ in range(4)]
    game._end_hand()  # ... once a hand with no jacks taken is counted
    assert headline(setup, game) == f"{setup.names[1]} and {setup.names[2]} share the win"
    war = GameSetup.solo(GAMES["war"], 2, seed=1)
    drawn = war.new_game()
    drawn.finish_by_most([26, 26], "the round limit was reached")
    assert headline(war, drawn) == "A draw"
