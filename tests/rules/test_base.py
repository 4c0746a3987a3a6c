"""The shared parts of the rules contract: sentences for "You", house-rule errors in the player's words."""

from __future__ import annotations

import random
import re

import pytest

from cardarcade.rules import GAMES, BadSetup
from cardarcade.rules.base import Event, fill, option_label

THIRD_PERSON = re.compile(r"^You (\w+?[^s]s)\b")  # 'You takes', not 'You pass'


@pytest.mark.parametrize("template, said", [
    ("{seat} salutes: wrong for the K♠", "You salute: wrong for the K♠"),
    ("{seat} applauds.", "You applaud."),
    ("{seat} deals hand 2", "You deal hand 2"),
    ("{seat} has set the triggers: let's play", "You have set the triggers: let's play"),
    ("{seat} slaps the jack and takes 6 cards", "You slap the jack and take 6 cards"),
])
def test_a_sentence_about_you_agrees_with_you(template, said):
    assert fill(template, ["You", "Bot 1"], 0, None) == said


def sentences_about_seat_0(spec, seed: int, moves: int = 250) -> list[tuple[str, str]]:
    """(template, sentence) for every event seat 0 is the subject of, over random legal play."""
    game = spec.new(spec.default_players, seed=seed)
    rng = random.Random(seed)
    names = ["You"] + [f"Bot {i}" for i in range(1, game.players)]
    out = []
    for _ in range(moves):
        actors = game.actors()
        if not actors:
            break
        seat = rng.choice(actors)
        legal = game.legal_actions(seat)
        if not legal:
            continue
        for event in game.apply(seat, rng.choice(legal)):
            if event.seat == 0 and "{seat} " in event.text and "{target}" not in event.text.partition("{seat}")[0]:
                out.append((event.text, event.describe(names)))
    return out


@pytest.mark.parametrize("game_id", list(GAMES))
def test_no_game_says_you_with_a_verb_for_someone_else(game_id):
    for seed in (1, 2):
        for template, said in sentences_about_seat_0(GAMES[game_id], seed):
            prefix = fill(template.partition("{seat} ")[0], ["You"], 0, None)
            assert not THIRD_PERSON.match(said[len(prefix):]), (template, said)


def test_the_salute_the_king_gestures_agree_with_you():
    from cardarcade.rules.salute_the_king import GESTURES

    for _, phrase, infinitive in GESTURES.values():
        for tail in ("", ":  wrong for the 7♣", " too late: the pile is gone"):
            said = Event("gesture_ok", 0, f"{{seat}} {phrase}{tail}").describe(["You"])
            assert said == f"You {infinitive}{tail}"


def bad_value(annotation):
    return {"x": 1} if annotation is not bool else "maybe"


@pytest.mark.parametrize("game_id", list(GAMES))
def test_a_bad_house_rule_is_named_as_the_setup_screen_names_it(game_id):
    spec = GAMES[game_id]
    for name, info in spec.Options.model_fields.items():
        with pytest.raises(BadSetup) as raised:
            spec.parse_options({name: bad_value(info.annotation)})
        message = str(raised.value)
        assert option_label(info, name) in message and spec.title in message
        assert "'value'" not in message and ("_" not in name or name not in message)


def test_a_rule_about_several_house_rules_says_what_is_wrong_without_a_field():
    with pytest.raises(BadSetup) as raised:
        GAMES["salute-the-king"].parse_options({"gesture1": "salute", "gesture2": "salute"})
    assert str(raised.value) == "Salute the King: the four gestures must all differ"


def test_a_number_out_of_range_says_the_limit():
    spec = GAMES["dig"]
    field = spec.Options.model_fields["max_turns"]
    with pytest.raises(BadSetup, match=f"{option_label(field, 'max_turns')} must be at least"):
        spec.parse_options({"max_turns": 0})


def test_you_is_capital_only_where_a_sentence_starts():
    names = ["You", "Bot 1"]
    assert fill("the limit was reached; {seat} wins with 38 cards", names, 0, None) == \
        "the limit was reached; you win with 38 cards"
    assert fill("Bot 1 asks {target} for sevens", names, None, 0) == "Bot 1 asks you for sevens"
    assert fill("{seat} wins. {target} loses", names, 1, 0) == "Bot 1 wins. You lose"
    assert fill("{target} gives {seat} a card", names, 1, 0) == "You give Bot 1 a card"
    assert fill("Game over: {seat} wins", names, 0, None) == "Game over: You win"


def test_only_a_verb_after_and_agrees_with_you():
    names = ["You", "Bot 1"]
    assert fill("{seat} wins with two pair, aces and fives", names, 0, None) == "You win with two pair, aces and fives"
    assert fill("{seat} takes two sevens and plays again", names, 0, None) == "You take two sevens and play again"
    assert fill("{seat} cannot play and cannot dig, and passes", names, 0, None) == \
        "You cannot play and cannot dig, and pass"
    assert fill("{seat} deals and picks the four trigger cards", names, 0, None) == \
        "You deal and pick the four trigger cards"
    assert fill("{seat} has no cards left and is out", names, 0, None) == "You have no cards left and are out"
