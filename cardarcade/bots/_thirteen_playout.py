"""A quick play-out of a Thirteen deal for the searching bots: every seat plays on by the engine's
play-out policy (``rollout_lead``, ``rollout_answer``: what ``Thirteen.rollout_move`` plays)
until someone goes out. It follows the engine's order of play and knocks on plain lists, with
none of the checks and messages of ``apply``, which made a play-out ten times slower: a search's
fixed work buys that many more deals. A test holds it to the engine's own play-out."""

from __future__ import annotations

from cardarcade.rules.thirteen import RANK_OF, Combo, Thirteen, by_rank, classify, rollout_answer, rollout_lead


def first_out(game: Thirteen) -> int:
    """The seat that goes out first when everyone plays on from here by the play-out policy."""
    s = game.s
    if s.out:
        return s.out[0]
    n = s.players
    ranks = [by_rank(h) for h in s.hands]
    left = [len(h) for h in s.hands]
    knocked = list(s.knocked)
    table: Combo | None = classify(s.table) if s.table else None
    owner, turn = s.owner, s.turn
    while True:
        close = min(left[p] for p in range(n) if p != turn and left[p])
        play = (
            rollout_lead(ranks[turn], close)
            if table is None
            else rollout_answer(ranks[turn], table, close, s.options.chops_beat)
        )
        if play is None:
            knocked[turn] = True
        else:
            for card in play.cards:
                ranks[turn][RANK_OF[card]].remove(card)
            left[turn] -= play.size
            if not left[turn]:
                return turn
            table, owner = play, turn
        turn = next_turn(turn, owner, left, knocked)
        if turn == owner:  # everyone else knocked: the owner leads anything
            table, knocked = None, [False] * n


def next_turn(turn: int, owner: int | None, left: list[int], knocked: list[bool]) -> int:
    """The next seat to the left holding cards that has not knocked, or the table's owner."""
    n = len(left)
    seat = turn
    for _ in range(n):
        seat = (seat + 1) % n
        if seat == owner or (left[seat] and not knocked[seat]):
            break
    return seat
