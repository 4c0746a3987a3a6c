"""Salute the King: each rule of the text and each house rule, on fixed decks."""

from __future__ import annotations

import json

import pytest

from cardarcade.cards import Card, Rank, cards, double_deck, standard_deck
from cardarcade.rules import GAMES, Action, BadSave, BadSetup, IllegalAction
from cardarcade.rules.salute_the_king import RULES, SaluteTheKing

SPEC = GAMES["salute-the-king"]
FLIP = Action("flip")
STAND, SALUTE, HEART, APPLAUD = 1, 2, 3, 4
NAMES = ["You", "Bo", "Cy", "Di", "Ed", "Fa", "Gu", "Ha", "Io", "Jo", "Ki", "Lu"]


def gesture(slot: int, k: int) -> Action:
    return Action(f"gesture{slot}", value=k)


def deck_with(first: str, decks: int = 1) -> list[Card]:
    """A full fixed deck whose first cards are ``first``; with nothing collected, cards are turned
    in deck order (seat 0 turns deck[0], seat 1 deck[1], ...). The rest start with quiet cards."""
    full = double_deck() if decks == 2 else standard_deck()
    wanted = cards(first)
    rest = [c for c in full if c not in wanted]
    quiet = [c for c in rest if c.rank in (Rank.FOUR, Rank.SIX, Rank.EIGHT, Rank.NINE, Rank.TEN)]
    return wanted + quiet + [c for c in rest if c not in quiet]


def new(players: int = 4, first: str = "", seed: int = 0, **options) -> SaluteTheKing:
    game = SPEC.new(players, seed=seed, options=options or None, deck=deck_with(first))
    assert isinstance(game, SaluteTheKing)
    return game


def flip_all(game: SaluteTheKing, count: int) -> list:
    events = []
    for _ in range(count):
        events += game.apply(game.s.turn, FLIP)
    return events


def kinds(events) -> list[str]:
    return [e.kind for e in events]


def texts(events) -> list[str]:
    return [e.describe(NAMES) for e in events if e.text]


def held(game: SaluteTheKing) -> list[int]:
    return [len(st) for st in game.s.stacks]


def sound(game: SaluteTheKing) -> None:
    game.check_loaded()
    assert len(game.cards()) == 52 * game.s.decks


# ---------------------------------------------------------------- spec and deal


def test_spec_and_defaults() -> None:
    assert SPEC.id == "salute-the-king" and SPEC.title == "Salute the King" and SPEC.family == "reaction"
    assert (SPEC.min_players, SPEC.max_players) == (3, 12) and SPEC.realtime
    assert SPEC.claim_kinds == frozenset({"gesture1", "gesture2", "gesture3", "gesture4"})
    opts = SPEC.Options()
    assert opts.gestures() == ["stand", "salute", "heart", "applaud"]
    assert opts.cards() == ["A", "K", "Q", "J"]
    assert (opts.pip_target, opts.prime_gesture, opts.dealer_chooses, opts.decks) == (0, 0, False, 0)
    for name, info in SPEC.Options.model_fields.items():
        assert info.title and info.description, name
    assert "salute" in RULES.lower() and "Card limit" in RULES and "clarification" in RULES.lower()


def test_two_players_is_too_few() -> None:
    with pytest.raises(BadSetup):
        SPEC.new(2, seed=1)


@pytest.mark.parametrize("players, sizes", [(3, [18, 17, 17]), (4, [13] * 4), (5, [11, 11, 10, 10, 10])])
def test_the_pack_is_dealt_as_evenly_as_it_goes(players: int, sizes: list[int]) -> None:
    game = SPEC.new(players, seed=5)
    assert held(game) == sizes and game.s.decks == 1


def test_two_packs_above_eight_players() -> None:
    assert SPEC.new(8, seed=1).s.decks == 1
    nine = SPEC.new(9, seed=1)
    assert nine.s.decks == 2 and sum(held(nine)) == 104
    assert SPEC.new(9, seed=1, options={"decks": 1}).s.decks == 1
    assert SPEC.new(4, seed=1, options={"decks": 2}).s.decks == 2


def test_fixed_deck_is_dealt_in_order_from_seat_0() -> None:
    game = new(4, "3c 4c 5c 6c 8d")
    assert [game.s.stacks[p][0].code for p in range(4)] == ["3c", "4c", "5c", "6c"]
    assert game.s.stacks[0][1].code == "8d"


def test_nobody_sees_the_stacks() -> None:
    game = new(4, "Ac")
    view = game.view(1)
    assert view.counts == [13] * 4 and "stacks" not in view.model_dump()


# ---------------------------------------------------------------- turning cards


def test_dealers_left_turns_first_then_clockwise() -> None:
    game = new(4, "4c 6c 8c 9c 10c")
    assert game.actors() == [0]
    with pytest.raises(IllegalAction):
        game.apply(1, FLIP)
    for seat in (0, 1, 2, 3, 0):
        assert game.s.turn == seat
        events = game.apply(seat, FLIP)
        assert events[0].kind == "flip" and events[0].seat == seat
    assert [c.code for c in game.s.pile] == ["4c", "6c", "8c", "9c", "10c"]
    assert game.stimulus == 5


def test_nobody_gestures_before_a_card_is_up() -> None:
    game = new(4)
    assert game.legal_actions(1) == []
    with pytest.raises(IllegalAction):
        game.apply(1, gesture(STAND, 0))


def test_a_gesture_at_a_plain_card_does_nothing() -> None:
    game = new(4, "4c")
    flip_all(game, 1)
    before = held(game)
    events = game.apply(2, gesture(SALUTE, 1))
    assert kinds(events) == ["false_gesture"] and texts(events) == ["Cy salutes: the 4♣ calls for nothing"]
    assert held(game) == before and game.s.open is None


# ---------------------------------------------------------------- triggers and the last to react


@pytest.mark.parametrize(
    "card, slot, word",
    [
        ("Ac", STAND, "stands up"),
        ("Kc", SALUTE, "salutes"),
        ("Qc", HEART, "bows with a hand on the heart"),
        ("Jc", APPLAUD, "applauds"),
    ],
)
def test_each_face_card_and_the_ace_call_for_their_gesture(card: str, slot: int, word: str) -> None:
    game = new(4, f"4c 6c {card}")
    flip_all(game, 3)
    assert game.s.open is not None and game.s.open.slot == slot
    events = game.apply(1, gesture(slot, 3))
    assert kinds(events) == ["gesture_ok"] and texts(events) == [f"Bo {word}"]
    assert game.view(0).open.done == [1]


def test_the_last_to_make_the_gesture_takes_the_whole_pile_under_their_stack() -> None:
    game = new(4, "4c 6c 8c Kd")
    flip_all(game, 4)
    assert held(game) == [12] * 4
    game.apply(3, gesture(SALUTE, 4))
    game.apply(0, gesture(SALUTE, 4))
    events = game.apply(1, gesture(SALUTE, 4))  # seat 2 is now certain to be last
    assert kinds(events) == ["gesture_ok", "collect"]
    assert texts(events)[-1] == "Cy is the last to salute and takes 4 cards"
    assert held(game) == [12, 12, 16, 12] and game.s.pile == []
    assert [c.code for c in game.s.stacks[2][-4:]] == ["4c", "6c", "8c", "Kd"]
    last = game.view(0).last
    assert last.collector == 2 and last.done == [3, 0, 1] and last.taken == 4
    sound(game)


def test_a_late_gesture_after_the_pile_is_taken_changes_nothing() -> None:
    game = new(4, "4c 6c 8c Kd")
    flip_all(game, 4)
    for seat in (3, 0, 1):
        game.apply(seat, gesture(SALUTE, 4))
    before = held(game)
    events = game.apply(2, gesture(SALUTE, 4))
    assert kinds(events) == ["late_gesture"] and events[0].text == ""  # the collector needs no telling
    assert held(game) == before


def test_the_wrong_gesture_counts_as_not_acting() -> None:
    game = new(4, "Jh")
    flip_all(game, 1)
    events = game.apply(1, gesture(SALUTE, 1))  # saluting a jack
    assert kinds(events) == ["wrong_gesture"] and texts(events) == ["Bo salutes: wrong for the J♥"]
    again = game.apply(1, gesture(APPLAUD, 1))  # too late to correct it
    assert kinds(again) == ["false_repeat"]
    game.apply(0, gesture(APPLAUD, 1))
    game.apply(2, gesture(APPLAUD, 1))
    assert game.s.open is not None  # seats 1 (wrong) and 3 (silent) have both failed so far: it waits
    events = game.apply(3, gesture(APPLAUD, 1))
    assert kinds(events)[-1] == "collect" and events[-1].seat == 1
    assert held(game)[1] == 14


def test_two_wrong_gestures_and_everyone_else_right_is_settled_by_lot() -> None:
    game = new(4, "Ah", seed=3)
    flip_all(game, 1)
    game.apply(0, gesture(STAND, 1))
    game.apply(1, gesture(SALUTE, 1))
    game.apply(2, gesture(STAND, 1))
    events = game.apply(3, gesture(APPLAUD, 1))
    assert kinds(events) == ["wrong_gesture", "collect"]
    assert events[-1].seat in (1, 3) and events[-1].text.endswith("by lot: 2 players missed it")


def test_the_player_to_turn_answers_before_turning_the_next_card() -> None:
    game = new(4, "Qs 4c")
    flip_all(game, 1)
    assert FLIP not in game.legal_actions(1)
    with pytest.raises(IllegalAction):
        game.apply(1, FLIP)  # seat 1 has not answered the queen yet
    game.apply(1, gesture(HEART, 1))
    assert FLIP in game.legal_actions(1)


def test_the_next_card_closes_the_round_and_a_lot_picks_among_the_slow() -> None:
    game = new(4, "Qs 4c")
    flip_all(game, 1)
    game.apply(0, gesture(HEART, 1))
    game.apply(2, gesture(HEART, 1))
    game.apply(1, gesture(SALUTE, 1))  # wrong, but it lets seat 1 turn the next card
    events = game.apply(1, FLIP)  # seats 1 (wrong) and 3 (silent) both failed the queen
    assert kinds(events)[:2] == ["collect", "flip"] and events[0].seat in (1, 3)
    assert texts(events)[0].endswith("by lot: 2 players missed it")
    assert events[0].describe(["You"] * 4).startswith("You take 1 card by lot")  # "You" leads the sentence
    assert [c.code for c in game.s.pile] == ["4c"]  # the new card starts a fresh pile
    assert game.s.open is None and held(game)[0] == 12 and held(game)[2] == 13


def test_a_lot_between_slow_players_is_reproducible() -> None:
    picks = set()
    for seed in range(12):
        collectors = []
        for _ in range(2):
            game = new(4, "Qs 4c", seed=seed)
            flip_all(game, 1)
            game.apply(0, gesture(HEART, 1))
            game.apply(1, gesture(HEART, 1))
            game.apply(1, FLIP)
            collectors.append(game.s.last.collector)
        assert collectors[0] == collectors[1]
        picks.add(collectors[0])
    assert picks == {2, 3}


def test_a_gesture_aimed_at_a_covered_plain_card_does_nothing() -> None:
    game = new(4, "4c Kd")
    flip_all(game, 2)
    events = game.apply(3, gesture(SALUTE, 1))  # pressed while the 4 was still on top
    assert kinds(events) == ["false_gesture"] and game.s.open.done == []


def test_you_take_reads_in_the_second_person() -> None:
    game = new(4, "Kd")
    flip_all(game, 1)
    for seat in (1, 2, 3):
        events = game.apply(seat, gesture(SALUTE, 1))
    assert texts(events)[-1] == "You are the last to salute and take 1 card"


# ---------------------------------------------------------------- winning


ACES_ONLY = {"card2": "none", "card3": "none", "card4": "none"}  # only aces are triggers


def placed(places: dict[int, str]) -> list[Card]:
    """A full deck with the given cards at the given indices; the others in pack order."""
    fixed = {i: Card.parse(c) for i, c in places.items()}
    rest = iter(c for c in standard_deck() if c not in fixed.values())
    return [fixed[i] if i in fixed else next(rest) for i in range(52)]


def answer(game: SaluteTheKing, seats: tuple[int, ...]) -> list:
    events = []
    for seat in seats:
        events += game.apply(seat, gesture(game.s.open.slot, game.stimulus))
    return events


def test_the_first_to_run_out_wins() -> None:
    # Seat 1 turns an ace as its 12th card (index 45) and is last to stand: it takes all 46 turned.
    game = SPEC.new(4, seed=0, options=ACES_ONLY, deck=placed({45: "As", 49: "Ah", 50: "Ad", 51: "Ac"}))
    flip_all(game, 46)
    answer(game, (0, 2, 3))
    assert held(game) == [1, 47, 2, 2]
    events = flip_all(game, 3)  # seats 2, 3, then seat 0 turns its last card: a plain one
    assert game.is_over and game.result.winners == [0]
    assert texts(events)[-1] == "You run out of cards first and win"
    assert game.result.ranking[0] == 0 and game.result.ranking[-1] == 1
    # the winner first, and the score says it counts the cards left, fewer being better
    assert game.result.scores == [0.0, 47.0, 1.0, 1.0]
    assert game.result.score_name == "cards left" and game.result.low_wins


def test_a_last_card_that_is_a_trigger_must_still_be_answered() -> None:
    # Three players: 18/17/17 cards; seat 1's last card (index 49) is an ace.
    game = SPEC.new(3, seed=0, options=ACES_ONLY, deck=placed({0: "As", 49: "Ah", 50: "Ad", 51: "Ac"}))
    flip_all(game, 1)
    answer(game, (1, 2))  # seat 0 takes its own ace back
    flip_all(game, 49)
    assert held(game)[1] == 0 and not game.is_over and game.s.open.slot == STAND
    events = answer(game, (0, 2))  # seat 1 is last: back in the game with the pile
    assert events[-1].kind == "collect" and events[-1].seat == 1 and not game.is_over
    assert held(game)[1] == 49
    sound(game)


def test_out_of_cards_wins_once_someone_else_takes_the_trigger() -> None:
    game = SPEC.new(3, seed=0, options=ACES_ONLY, deck=placed({0: "As", 49: "Ah", 50: "Ad", 51: "Ac"}))
    flip_all(game, 1)
    answer(game, (1, 2))
    flip_all(game, 49)
    events = answer(game, (1, 0))  # seat 2 is last and takes the ace; seat 1 has no cards: it wins
    assert kinds(events)[-2:] == ["collect", "game_over"] and game.result.winners == [1]


def test_out_of_cards_wins_when_the_next_flip_closes_the_round() -> None:
    game = SPEC.new(3, seed=0, options=ACES_ONLY, deck=placed({0: "As", 49: "Ah", 50: "Ad", 51: "Ac"}))
    flip_all(game, 1)
    answer(game, (1, 2))
    flip_all(game, 49)
    game.apply(1, gesture(STAND, game.stimulus))
    game.apply(2, gesture(APPLAUD, game.stimulus))  # wrong: seats 0 and 2 have both failed
    events = game.apply(2, FLIP)  # one of them takes the ace; seat 1 has no cards and wins
    assert kinds(events) == ["collect", "game_over"] and game.result.winners == [1]
    assert len(game.s.pile) == 0 and held(game)[2] + held(game)[0] == 52


def test_card_limit_fewest_cards_wins() -> None:
    game = new(4, "Kd", max_flips=30)
    flip_all(game, 1)
    for seat in (1, 2, 3):
        game.apply(seat, gesture(SALUTE, 1))  # seat 0 takes the king back
    while not game.is_over:
        game.apply(game.s.turn, FLIP)
        if game.s.open is not None:
            for seat in (1, 2, 3):
                if not game.is_over and game.s.open is not None:
                    game.apply(seat, gesture(game.s.open.slot, game.stimulus))
    assert game.stimulus == 30
    assert "30-card limit" in game.result.reason and 0 not in game.result.winners
    assert game.actors() == [] and game.legal_actions(0) == []


# ---------------------------------------------------------------- house rules


def test_other_gestures_for_the_keys() -> None:
    game = new(4, "Kd", gesture2="wave")
    flip_all(game, 1)
    assert texts(game.apply(1, gesture(2, 1))) == ["Bo waves"]
    with pytest.raises(BadSetup):
        SPEC.new(4, seed=1, options={"gesture1": "salute"})  # the same gesture twice


def test_other_cards_trigger_the_gestures() -> None:
    game = new(4, "Kd 7c", card2="7", card4="none")
    flip_all(game, 1)
    assert game.s.open is None  # a king is no longer a trigger
    flip_all(game, 1)
    assert game.s.open.slot == 2 and game.s.open.cue == "7"
    rows = [(r.cue, r.slot) for r in game.view(0).triggers]
    assert rows == [("A", 1), ("7", 2), ("Q", 3)]
    with pytest.raises(BadSetup):
        SPEC.new(4, seed=1, options={"card1": "K"})  # a king for two gestures
    with pytest.raises(BadSetup):
        SPEC.new(4, seed=1, options={"card1": "none", "card2": "none", "card3": "none", "card4": "none"})


def test_pip_total_trigger() -> None:
    game = new(4, "10c 6c 4c 9c", pip_target=21, pip_gesture=2)
    flip_all(game, 3)
    assert game.s.open is None and game.view(0).pip_total == 20
    flip_all(game, 1)  # 29 >= 21
    assert game.s.open.slot == 2 and game.s.open.cue == "pips"
    for seat in (0, 1, 2):
        game.apply(seat, gesture(2, 4))
    assert game.view(0).pip_total == 0  # a new pile starts a new total


def test_pip_total_counts_only_number_cards() -> None:
    game = new(4, "10c Ac 9c", pip_target=21, card1="none")
    flip_all(game, 3)
    assert game.view(0).pip_total == 19 and game.s.open is None


def test_prime_trigger_and_the_order_of_triggers() -> None:
    game = new(4, "4c 7c", prime_gesture=3)
    flip_all(game, 1)
    assert game.s.open is None
    flip_all(game, 1)
    assert game.s.open.slot == 3 and game.s.open.cue == "prime"
    # a rank trigger beats the prime rule; the pip total beats it too
    ranked = new(4, "7c", prime_gesture=3, card4="7", card1="none")
    flip_all(ranked, 1)
    assert ranked.s.open.slot == 4
    summed = new(4, "10c 10d 3c", prime_gesture=3, pip_target=21, pip_gesture=1)
    flip_all(summed, 3)
    assert summed.s.open.cue == "pips" and summed.s.open.slot == 1


def test_arithmetic_triggers_make_the_choice_harder() -> None:
    plain = new(4).view(0).alternatives
    assert plain == 4
    assert new(4, pip_target=21).view(0).alternatives > new(4, prime_gesture=1).view(0).alternatives > plain
    assert new(4, card3="none", card4="none").view(0).alternatives == 2


def test_the_dealer_picks_four_triggers_before_play() -> None:
    game = new(4, "7c 9c", dealer_chooses=True)
    assert game.actors() == [3] and game.view(0).choosing and game.view(0).dealer == 3
    assert game.legal_actions(0) == []
    with pytest.raises(IllegalAction):
        game.apply(0, FLIP)
    assert len(game.legal_actions(3)) == 13
    events = []
    for label in ("9", "K", "2", "7"):
        events += game.apply(3, Action("choose", value=label))
    assert texts(events)[:1] == ["Di picks the 9s for “stand up”"]
    assert kinds(events)[-1] == "triggers_set" and not game.s.choosing
    with pytest.raises(IllegalAction):
        game.apply(3, Action("choose", value="A"))
    assert game.s.triggers == ["9", "K", "2", "7"] and game.actors() == [0]
    flip_all(game, 1)
    assert game.s.open.slot == 4  # the 7 calls for applause now
    sound(game)


def test_the_dealer_cannot_pick_a_card_twice() -> None:
    game = new(4, dealer_chooses=True)
    game.apply(3, Action("choose", value="K"))
    assert Action("choose", value="K") not in game.legal_actions(3)
    with pytest.raises(IllegalAction):
        game.apply(3, Action("choose", value="K"))


# ---------------------------------------------------------------- saves


def test_round_trip_with_an_open_round() -> None:
    game = new(4, "Kd", pip_target=15, prime_gesture=2)
    flip_all(game, 1)
    game.apply(1, gesture(SALUTE, 1))
    copy = SPEC.from_json(game.to_json())
    assert copy.to_json() == game.to_json() and copy.view(2) == game.view(2)


@pytest.mark.parametrize(
    "change",
    [
        lambda st: st["open"].update(slot=7),
        lambda st: st.update(triggers=["A", "A", "Q", "J"]),
        lambda st: st.update(decks=2),
        lambda st: st["stacks"][0].append(st["stacks"][1].pop()) or st["stacks"][0].append("As"),
        lambda st: st.update(pile_first=5),
        lambda st: st.update(choosing=True),
    ],
)
def test_corrupt_saves_are_refused(change) -> None:
    game = new(4, "Kd")
    flip_all(game, 1)
    envelope = json.loads(game.to_json())
    change(envelope["state"])
    with pytest.raises(BadSave):
        SPEC.from_json(json.dumps(envelope))


def test_a_view_is_a_snapshot_that_later_play_leaves_alone() -> None:
    game = new(4, "4c 6c Kc")
    flip_all(game, 3)
    before = game.view(0)
    game.apply(1, gesture(SALUTE, 3))
    game.apply(2, gesture(STAND, 3))
    assert before.open.done == [] and before.open.failed == []
    assert game.view(0).open.done == [1] and game.view(0).open.failed == [2]
