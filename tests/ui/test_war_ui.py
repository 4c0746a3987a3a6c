"""War played through the screen: three players deep in a war still fit 80x24."""

from __future__ import annotations

from cardarcade.cards import cards
from cardarcade.rules import GAMES
from cardarcade.rules.war import FLIP
from cardarcade.table.setup import GameSetup
from test_reaction_layouts import check
from ui_helpers import screen_text

WAR = GAMES["war"]


def three_way_ties() -> list:
    """A pack dealt so that all three players hold the same ranks in the same order (then spades)."""
    spades = cards("2s 3s 4s 5s 6s 7s 8s 9s Ts Js Qs Ks As")
    piles = [cards(" ".join(f"{r}{suit}" for r in "23456789TJQKA")) + spades[4 * i:4 * i + 4]
             for i, suit in enumerate("cdh")]
    return [piles[seat][i] for i in range(17) for seat in range(3)] + spades[12:]


async def test_three_players_in_a_double_war_and_the_next_fit_the_table(app_factory):
    setup = GameSetup.solo(WAR, 3, seed=1, humans=1, deck=three_way_ties())
    app = app_factory(setup)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        game = screen.game
        for step in range(2):  # a three-way tie, then the double war ties again
            for seat in list(game.actors()):
                screen._on_table(game.apply(seat, FLIP), seat)
            await pilot.pause()
            assert game.s.war_depth == step + 1 and game.s.double
            check(app, f"war {step + 1}")
        text = screen_text(app)
        assert "Double war in progress" in text and "You · " in text
