"""Toepen: each rule of the text (and each house rule) as a test on a fixed deal.

With ``deck=`` there is no shuffle: four cards go to each player one at a time from seat 0 (the
dealer's left), and the rest is the stock in order (``deck_for``).
"""

from __future__ import annotations

import json
import random

import pytest

from cardarcade.cards import Card, cards
from cardarcade.rules import GAMES, IllegalAction
from cardarcade.rules._tricks import play
from cardarcade.rules.toepen import (
    ACCEPT,
    CHALLENGE,
    FOLD,
    KEEP,
    KNOCK,
    PACK,
    REDRAW,
    RULES,
    SIGNAL,
    STAY,
    Toepen,
    deck_for,
)

SPEC = GAMES["toepen"]
C = Card.parse

# Three players; nobody holds three tens or three jacks.
THREE = ("10s 7s Ah Kd", "9s 8h Qh Jd", "As 9h 10d 7c")


# Three hands where seat 0 takes the first three tricks and seat 1 the last (the one that counts),
# and the twelve cards of that hand in the order they are played.
LAST_TRICK_HANDS = ("10s 7d 8d 9h", "As 7c 8c 10h", "Ks 7s 8s 9c")
LAST_TRICK_PLAY = tuple((seat % 3, card) for seat, card in enumerate("10s As Ks 7d 7c 7s 8d 8c 8s 9h 10h 9c".split()))


def new(*hands: str, **options) -> Toepen:
    options.setdefault("redraw", False)
    return SPEC.new(len(hands), seed=0, deck=deck_for(*hands), options=options)


def cards_of(game: Toepen, *seq: tuple[int, str]) -> None:
    for seat, card in seq:
        game.apply(seat, play(C(card)))


def test_32_cards_four_each_and_the_rest_is_the_stock():
    game = SPEC.new(5, seed=3)
    assert len(game.cards()) == 32 and {len(h) for h in game.s.hands} == {4}
    assert len(game.s.stock) == 12
    game = new(*THREE)
    assert game.s.hands[0] == cards(THREE[0]) and game.s.hands[2] == cards(THREE[2])


def test_ten_is_high_and_the_jack_low_and_the_suit_led_must_be_followed():
    game = new(*THREE)
    assert game.actors()[0] == 0  # the dealer's left leads
    game.apply(0, play(C("7s")))
    assert [a.cards[0] for a in game.legal_actions(1) if a.kind == "play"] == [C("9s")]
    with pytest.raises(IllegalAction):
        game.apply(1, play(C("8h")))
    cards_of(game, (1, "9s"), (2, "As"))
    # the nine beats the seven and the ace; its player leads next
    assert game.s.last_winner == 1 and game.actors()[0] == 1
    cards_of(game, (1, "Jd"))
    assert {a.cards[0] for a in game.legal_actions(2) if a.kind == "play"} == {C("10d")}


def test_the_ten_beats_the_ace_of_the_suit_led():
    game = new("10s 7h 8h 9h", "As 7d 8d 9d", "Ks 7c 8c 9c")
    cards_of(game, (0, "7h"), (1, "7d"), (2, "7c"))
    assert game.s.last_winner == 0
    cards_of(game, (0, "10s"), (1, "As"), (2, "Ks"))
    assert game.s.last_winner == 0


def test_only_the_last_trick_wins_the_others_pay_and_the_winner_deals():
    game = new(*LAST_TRICK_HANDS)
    cards_of(game, *LAST_TRICK_PLAY)  # seat 0 takes three tricks, seat 1 the last
    assert game.s.hand_winner == 1
    assert game.s.chips == [9, 10, 9]  # the chips paid go out of the game
    assert game.s.lost == [1, 0, 1]
    assert game.s.dealer == 1 and game.s.hand_no == 2
    assert game.actors()[0] == 2  # the new dealer's left leads (no redraw: house rule off)


def test_a_knock_at_any_moment_even_out_of_turn_and_the_answers_come_first():
    game = new(*THREE)
    assert set(game.actors()) == {0, 1, 2}  # seat 0 to play, 1 and 2 may knock
    assert game.legal_actions(1) == [KNOCK]
    game.apply(2, KNOCK)
    assert game.s.stake == 2
    # each other player, from the knocker's left: seat 0, then seat 1; nobody plays meanwhile
    assert game.actors() == [0] and game.legal_actions(0) == [STAY, FOLD]
    with pytest.raises(IllegalAction):
        game.apply(0, play(C("10s")))
    game.apply(0, STAY)
    assert game.actors() == [1]
    game.apply(1, FOLD)
    assert game.s.chips[1] == 9  # folding pays the old value, 1
    assert game.actors()[0] == 0 and game.s.phase == "play"
    assert 1 not in game.actors()  # a folded player takes no further part


def test_a_fold_pays_the_old_value_and_all_folding_gives_the_knocker_the_hand():
    game = new(*THREE)
    game.apply(0, KNOCK)
    game.apply(1, STAY)
    game.apply(2, STAY)
    game.apply(1, KNOCK)  # value 3
    game.apply(2, FOLD)
    assert game.s.chips[2] == 8  # paid 2, the value before the knock
    game.apply(0, FOLD)
    assert game.s.chips[0] == 8
    assert game.s.hand_winner == 1 and game.s.chips[1] == 10  # the knocker pays nothing
    assert game.s.dealer == 1


def test_no_knock_above_ones_chips_but_staying_above_them_is_allowed():
    game = new(*THREE, chips=2)
    game.apply(0, KNOCK)  # value 2: seat 0 has 2 chips
    game.apply(1, STAY)
    game.apply(2, STAY)
    assert KNOCK not in game.legal_actions(1) and 1 not in game.actors()  # 3 > 2 chips
    game = new(*THREE, chips=3)
    game.apply(0, KNOCK)
    game.apply(1, STAY)
    game.apply(2, STAY)
    game.apply(1, KNOCK)  # value 3
    game.apply(2, STAY)
    game.apply(0, STAY)
    assert game.s.stake == 3


def test_the_same_player_may_not_knock_twice_running():
    game = new(*THREE)
    game.apply(0, KNOCK)
    game.apply(1, STAY)
    game.apply(2, STAY)
    assert KNOCK not in game.legal_actions(0)
    game.apply(2, KNOCK)
    game.apply(0, STAY)
    game.apply(1, STAY)
    assert KNOCK in game.legal_actions(0)


def test_a_folded_players_card_stays_but_cannot_take_the_trick():
    game = new(*LAST_TRICK_HANDS)
    cards_of(game, (0, "10s"))
    game.apply(1, KNOCK)
    game.apply(2, STAY)
    game.apply(0, FOLD)
    cards_of(game, (1, "As"), (2, "Ks"))
    assert game.s.last_winner == 1  # the ten of the folded seat 0 does not count
    assert C("10s") in game.cards()


def test_running_out_of_chips_ends_the_game_and_those_out_lose():
    game = new(*LAST_TRICK_HANDS, chips=1)
    cards_of(game, *LAST_TRICK_PLAY)
    assert game.is_over and game.result.losers == [0, 2] and game.result.winners == [1]
    assert game.result.scores == [0.0, 1.0, 0.0] and game.result.score_name == "chips"
    assert game.result.describe(["Ann", "Bob", "Cy"]) == "Game over: 2 players have run out of chips and lose"


def test_the_one_out_of_chips_loses_and_nobody_else_has_lost():
    # Issue 26.3: "this player loses the game": not a win for the most chips, a loss for the one out
    game = new(*LAST_TRICK_HANDS, chips=2)
    game.s.chips = [1, 2, 2]  # seat 0 has lost a chip before this hand
    cards_of(game, *LAST_TRICK_PLAY)
    result = game.result
    assert game.is_over and game.s.chips == [0, 2, 1]
    assert result.losers == [0] and result.winners == [1, 2] and not result.is_draw
    assert result.describe(["Ann", "Bob", "Cy"]) == "Game over: Ann has run out of chips and loses"


def test_house_rule_the_last_with_chips_wins():
    game = new(*LAST_TRICK_HANDS, "Qs Jh Jd Qc", chips=1, last_one_standing=True)
    cards_of(
        game,
        (0, "10s"),
        (1, "As"),
        (2, "Ks"),
        (3, "Qs"),
        (0, "7d"),
        (1, "7c"),
        (2, "7s"),
        (3, "Jd"),
        (0, "8d"),
        (1, "8c"),
        (2, "8s"),
        (3, "Jh"),
        (0, "9h"),
        (1, "10h"),
        (2, "9c"),
        (3, "Qc"),
    )
    assert game.is_over and game.result.winners == [1]
    game = new(*THREE, "Qs Jh Qd Jc", chips=2, last_one_standing=True)
    game.apply(0, KNOCK)
    for seat in (1, 2, 3):
        game.apply(seat, FOLD)  # each pays 1 of 2
    assert not game.is_over and game.s.dealt == [True] * 4


def test_a_redraw_takes_four_from_the_stock_and_a_wrong_challenge_costs_the_challenger():
    game = new("As Ks Qs Js", "9s 8h Qh Jd", "Ah 9h 10d 7c", redraw=True)
    stock = list(game.s.stock)
    assert game.s.phase == "redraw" and game.actors() == [0] and game.legal_actions(0) == [REDRAW, KEEP]
    game.apply(0, REDRAW)
    assert game.s.hands[0] == stock[:4] and game.view(1).discards[0] == []  # face down
    assert game.actors() == [1] and game.legal_actions(1) == [CHALLENGE, ACCEPT]
    game.apply(1, ACCEPT)
    game.apply(2, CHALLENGE)
    assert game.view(1).discards[0] == cards("As Ks Qs Js")  # exposed
    assert game.s.chips == [10, 10, 9]  # the hand held only aces and faces
    assert game.actors() == [1]  # the redraw round goes on
    game.apply(1, KEEP)
    game.apply(2, KEEP)
    assert game.s.phase == "play"


def test_a_bluffed_redraw_challenged_costs_its_maker_and_the_new_hand_stays():
    game = new("As Ks Qs 7s", "9s 8h Qh Jd", "Ah 9h 10d 7c", redraw=True)
    stock = list(game.s.stock)
    game.apply(0, REDRAW)
    game.apply(1, CHALLENGE)
    assert game.s.chips == [9, 10, 10] and game.s.hands[0] == stock[:4]


def test_no_redraw_once_the_stock_is_short():
    game = SPEC.new(8, seed=1)  # 8 x 4 = 32: no stock
    assert game.s.phase == "play"
    game = SPEC.new(7, seed=1)  # 4 cards left: one redraw at most
    assert game.s.phase == "redraw"
    game.apply(game.actors()[0], REDRAW)
    while game.s.phase == "challenge":
        game.apply(game.actors()[0], ACCEPT)
    assert game.s.phase == "play"


def test_four_tens_stand_three_tens_whistle_and_everyone_sees_it():
    game = new("10s 10h 10d 10c", "9s 8h Qh Jd", "As 9h Ad 7c")
    # a must, on the holder's first turn: no card before it
    assert game.legal_actions(0) == [SIGNAL, KNOCK]
    with pytest.raises(IllegalAction):
        game.apply(0, play(C("10s")))
    (event,) = game.apply(0, SIGNAL)
    assert event.text == "{seat} [stands|stand] up" and game.view(1).signals == [4, 0, 0]
    assert play(C("10s")) in game.legal_actions(0) and SIGNAL not in game.legal_actions(0)
    game = new("9s 8h Qh Jd", "10s 10h 10d 7c", "As 9h Ad 8c")
    assert SIGNAL not in game.legal_actions(1)  # not before the holder's turn
    game.apply(0, play(C("Jd")))
    assert game.legal_actions(1) == [SIGNAL, KNOCK]
    game.apply(1, SIGNAL)
    assert game.view(2).signals == [0, 3, 0] and game.actors()[0] == 1  # still seat 1's card


def test_a_quick_play_out_move_shows_the_tens_before_a_card():
    # (outside a search, as the benchmarks drive a real game: the tens' signal is the only move)
    game = new("10s 10h 10d 7c", "9s 8h Qh Jd", "As 9h Ad 8c")
    assert Toepen.rollout_move(game, 0, random.Random(0)) == SIGNAL
    game.apply(0, SIGNAL)
    assert Toepen.rollout_move(game, 0, random.Random(0)).kind == "play"


def test_three_jacks_may_bluff_the_signal_or_keep_quiet():
    jacks = ("9s 8h Qh 9c", "Js Jh Jd 7c", "As 9h Ad 8c")
    game = new(*jacks)
    assert game.s.phase == "play" and game.actors()[0] == 0  # nobody is asked before the lead
    game.apply(0, play(C("9c")))
    assert game.legal_actions(1) == [play(C("7c")), SIGNAL, KNOCK]
    (event,) = game.apply(1, SIGNAL)
    assert event.text == "{seat} [whistles|whistle]" and game.view(0).signals == [0, 3, 0]
    game = new(*jacks)
    cards_of(game, (0, "9c"), (1, "7c"))  # keeping quiet is just playing on...
    assert game.view(0).signals == [0, 0, 0]
    cards_of(game, (2, "8c"), (0, "9s"))
    assert game.actors()[0] == 1 and SIGNAL not in game.legal_actions(1)  # ...with no signal after the first card
    game = new(*jacks, jack_bluff=False)
    game.apply(0, play(C("9c")))
    assert SIGNAL not in game.legal_actions(1)


def test_four_jacks_may_bluff_standing_up():
    game = new("Js Jh Jd Jc", "9s 8h Qh 7d", "As 9h Ad 8c")
    assert SIGNAL in game.legal_actions(0) and play(C("Js")) in game.legal_actions(0)
    (event,) = game.apply(0, SIGNAL)
    assert event.text == "{seat} [stands|stand] up" and game.view(2).signals == [4, 0, 0]


# Seat 0 (the leader) holds three tens, three jacks or three kings of the same suits, and one
# card more; the others are dealt at random from the rest.
HOLDINGS = {"tens": "10", "jacks": "J", "kings": "K"}


def seeded_deals(seed: int) -> tuple[int, dict[str, list[Card]], bool]:
    rng = random.Random(seed)
    players = rng.choice((3, 4, 5))
    suits = rng.sample("shdc", 3)
    held = {name: cards(" ".join(rank + s for s in suits)) for name, rank in HOLDINGS.items()}
    reserved = {c for h in held.values() for c in h}
    rest = [c for c in PACK if c not in reserved]
    rng.shuffle(rest)
    extra = next(c for c in rest if c.rank.label not in HOLDINGS.values())  # no fourth ten or jack
    rest.remove(extra)
    others = rest[: 4 * (players - 1)]
    hands = [" ".join(c.code for c in others[4 * i : 4 * i + 4]) for i in range(players - 1)]
    deals = {name: deck_for(" ".join(c.code for c in h + [extra]), *hands) for name, h in held.items()}
    return players, deals, rng.random() < 0.5


def lockstep(first: Toepen, second: Toepen, holder_signals: bool, seed: int) -> int:
    """Play both games with the same moves, the others' at random and the holder's the same
    (its signal if ``holder_signals``, then its one card shared by both hands), until the holder
    must play a card the two hands do not share; every other seat's view, the actors and the
    events must stay identical all along. Returns the number of moves compared."""
    rng = random.Random(seed)
    extra = first.s.hands[0][-1]
    moves = 0
    while not first.is_over:
        others = [p for p in range(first.s.players) if p != 0]
        assert first.actors() == second.actors()
        for p in others:
            assert first.view(p) == second.view(p), f"seat {p}'s view differs after {moves} moves"
        seat = first.actors()[0]
        if seat == 0:
            legal = first.legal_actions(0)
            if holder_signals and SIGNAL in legal:
                action = SIGNAL
            elif first.s.phase in ("redraw", "answer"):
                action = KEEP if first.s.phase == "redraw" else STAY
            elif first.s.phase == "challenge":
                action = ACCEPT
            elif play(extra) in legal:
                action = play(extra)
            else:
                return moves
        else:
            legal = first.legal_actions(seat)
            if first.s.phase == "redraw":  # a redraw would draw from stocks that differ
                legal = [KEEP]
            action = rng.choice(legal)
        events = first.apply(seat, action)
        assert second.apply(seat, action) == events
        moves += 1
    return moves


@pytest.mark.parametrize("seed", range(12))
def test_a_bluff_and_a_quiet_jacks_holder_look_the_same_to_every_other_seat(seed: int):
    players, deals, redraw = seeded_deals(seed)

    def game(name: str) -> Toepen:
        return SPEC.new(players, seed=seed, deck=deals[name], options={"redraw": redraw})

    # the real whistle and the jacks' bluff; the jacks kept quiet and a hand with nothing to show
    assert lockstep(game("tens"), game("jacks"), True, seed) > 1
    assert lockstep(game("jacks"), game("kings"), False, seed) > 1


def test_knocks_only_in_the_play_as_the_rules_say():
    game = new("As Ks Qs Js", "9s 8h Qh Jd", "Ah 9h 10d 7c", redraw=True)
    assert game.s.phase == "redraw" and not any(KNOCK in game.legal_actions(p) for p in range(3))
    game.apply(0, REDRAW)
    assert game.s.phase == "challenge" and not any(KNOCK in game.legal_actions(p) for p in range(3))
    with pytest.raises(IllegalAction):
        game.apply(2, KNOCK)
    game.apply(1, ACCEPT)
    game.apply(2, ACCEPT)
    game.apply(1, KEEP)
    game.apply(2, KEEP)
    assert game.s.phase == "play" and KNOCK in game.legal_actions(1)  # before the first lead too
    game.apply(1, KNOCK)
    assert not any(KNOCK in game.legal_actions(p) for p in range(3))  # while it is answered
    said = " ".join(RULES.split())  # the departure is stated
    assert "not during the redraw round" in said and "nor while a knock is being answered" in said


def test_a_save_made_while_a_jacks_holder_was_asked_opens_at_the_lead():
    # the shape of a save from before signals were first-turn moves: a "signal" phase
    game = new("9s 8h Qh 7d", "Js Jh Jd 7c", "As 9h Ad 8c")
    data = json.loads(game.to_json())
    data["state"].update(phase="signal", asking=1)
    loaded = SPEC.from_json(json.dumps(data))
    assert loaded.s.phase == "play" and loaded.actors()[0] == 0
    loaded.apply(0, play(C("7d")))
    assert SIGNAL in loaded.legal_actions(1)  # the jacks holder still has the chance


def test_the_view_hides_other_hands_and_unchallenged_discards():
    game = new("As Ks Qs Js", "9s 8h Qh Jd", "Ah 9h 10d 7c", redraw=True)
    game.apply(0, REDRAW)
    assert game.view(0).discards[0] == cards("As Ks Qs Js")  # your own
    assert game.view(1).hand == cards("9s 8h Qh Jd") and game.view(1).discards[0] == []
    assert "hands" not in game.view(1).model_dump()


def test_a_save_round_trips_in_the_middle_of_a_knock():
    game = new(*THREE)
    game.apply(2, KNOCK)
    again = SPEC.from_json(game.to_json())
    assert again.actors() == [0] and again.to_json() == game.to_json()


def test_house_rule_a_player_out_of_chips_drops_out_and_the_rest_play_on():
    game = new("10s 10d 10h 10c", "As Ad Ah Ac", "Ks Kd Kh Kc", "7s 7d 7h 7c", chips=2, last_one_standing=True)
    game.apply(0, KNOCK)
    game.apply(1, FOLD)
    game.apply(2, FOLD)
    game.apply(3, STAY)
    game.apply(0, SIGNAL)
    cards_of(game, (0, "10s"), (3, "7s"), (0, "10d"), (3, "7d"), (0, "10h"), (3, "7h"), (0, "10c"), (3, "7c"))
    assert game.s.chips == [2, 1, 1, 0] and not game.is_over
    assert game.s.dealt == [True, True, True, False] and game.s.hands[3] == []  # out: dealt no cards
    assert game.is_out(3) and 3 not in game.actors()


def test_the_rules_text_leaves_the_starting_chips_to_the_house_rules_shown_below_it():
    from cardarcade.ui.screens.rules import plain, rules_markdown

    spec = GAMES["toepen"]
    text = " ".join(plain(rules_markdown(spec, spec.Options(chips=3))).split())
    assert "Chips each: 3" in text
    assert "starts with 10" not in text and "10 in the text" in text


def test_a_refused_card_gets_the_rule_that_refuses_it():
    """What the screen says to a card played too soon or off the suit led: the engine's reason."""
    game = new("9s 8h Qh Jd", "10s 10h 10d 7c", "As 9h Ad 8c")
    game.apply(0, play(C("Jd")))
    assert game.why_not(1, play(C("7c"))) == "Your tens are shown before your first card"
    game.apply(1, SIGNAL)
    assert game.why_not(1, play(C("7c"))) == "You must follow suit: play a diamond"
    assert game.why_not(1, play(C("10d"))) is None  # a legal card: nothing to explain
