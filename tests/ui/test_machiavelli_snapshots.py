"""Machiavelli at 80x24 with a crowded table (59 cards in 16 groups), a card picked up from a set
so the set shows as not a meld, and the cursor on the group to drop it on. The bots never get to
move by themselves; their turns are made for them before the snapshot."""

from __future__ import annotations

from cardarcade.cards import Card, cards, double_deck
from cardarcade.rules import GAMES
from cardarcade.rules.machiavelli import DRAW, END, arrange
from cardarcade.seating import GameSetup

SPEC = GAMES["machiavelli"]

MELDS = {  # by seat: what each bot lays down on its first turn
    1: ["2c 2d 2h", "3c 3d 3h", "4c 4d 4h", "5c 5d 5h", "6c 6d 6h"],
    2: ["7c 7d 7h", "8c 8d 8h", "9c 9d 9h", "10c 10d 10h", "Jc Jd Jh"],
    3: ["As 2s 3s 4s 5s", "6s 7s 8s 9s 10s", "Js Qs Ks"],
    4: ["2h/1 3h/1 4h/1 5h/1 6h/1 7h/1", "8c/1 9c/1 10c/1 Jc/1", "Qd/1 Qs/1 Qh/1", "Kd/1 Ks/1 Kc/1"],
}
HAND_SIZE = 20


def crowded_deck() -> list[Card]:
    used = [c for melds in MELDS.values() for m in melds for c in cards(m)]
    rest = [c for c in double_deck() if c not in set(used)]
    hands = [rest[:HAND_SIZE]]
    rest = rest[HAND_SIZE:]
    for seat in range(1, 5):
        mine = [c for m in MELDS[seat] for c in cards(m)]
        extra = HAND_SIZE - len(mine)
        hands.append(mine + rest[:extra])
        rest = rest[extra:]
    order = [hands[p][i] for i in range(HAND_SIZE) for p in range(5)]
    return order + rest


async def bots_lay_down(pilot) -> None:
    table = pilot.app.screen.table
    table.submit(0, DRAW)
    for seat in range(1, 5):
        laid = [list(g) for g in table.game.view(seat).table]
        table.submit(seat, arrange(laid + [cards(m) for m in MELDS[seat]]))
        table.submit(seat, END)
    await pilot.pause()


def test_machiavelli_crowded_table_holding_a_card(snap_compare, app_factory):
    setup = GameSetup.solo(SPEC, 5, seed=3, level="hard", options={"hand_size": HAND_SIZE}, deck=crowded_deck())
    # up: to the last group (K K K); space picks a king up; up: the cursor on the group before it
    assert snap_compare(
        app_factory(setup), press=["up", "space", "up"], terminal_size=(80, 24), run_before=bots_lay_down
    )
