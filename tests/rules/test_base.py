"""The shared parts of the rules contract: sentences for "You", house-rule errors in the player's words."""

from __future__ import annotations

import json
import random

import pytest

from cardarcade.rules import GAMES, BadSave, BadSetup
from cardarcade.rules.base import Event, fill, option_label


@pytest.mark.parametrize(
    "template, said",
    [
        ("{seat} [salutes|salute]: wrong for the K♠", "You salute: wrong for the K♠"),
        ("{seat} [applauds|applaud].", "You applaud."),
        ("{seat} [has|have] set the triggers: let's play", "You have set the triggers: let's play"),
        ("{seat} [slaps|slap] the jack and [takes|take] 6 cards", "You slap the jack and take 6 cards"),
    ],
)
def test_a_sentence_about_you_agrees_with_you(template, said):
    assert fill(template, ["You", "Bot 1"], 0, None) == said


def test_the_salute_the_king_gestures_agree_with_you():
    from cardarcade.rules.salute_the_king import GESTURES, SaluteTheKing

    game = GAMES["salute-the-king"].new(3, seed=1)
    assert isinstance(game, SaluteTheKing)
    for slot in range(1, 5):
        phrase = game._phrase(slot)
        _, third, infinitive = next(g for g in GESTURES.values() if f"[{g[1]}|" in phrase)
        for tail in ("", ":  wrong for the 7♣", " too late: the pile is gone"):
            event = Event("gesture_ok", 0, f"{{seat}} {phrase}{tail}")
            assert event.describe(["You"]) == f"You {infinitive}{tail}"
            assert event.describe(["Ada"]) == f"Ada {third}{tail}"


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
    assert (
        fill("the limit was reached; {seat} [wins|win] with 38 cards", names, 0, None)
        == "the limit was reached; you win with 38 cards"
    )
    assert fill("Bot 1 asks {target} for sevens", names, None, 0) == "Bot 1 asks you for sevens"
    assert fill("{seat} [wins|win]. {target} [target:loses|lose]", names, 1, 0) == "Bot 1 wins. You lose"
    assert fill("{target} [target:gives|give] {seat} a card", names, 1, 0) == "You give Bot 1 a card"
    # (a colon goes on with its sentence)
    assert (
        fill("Game over: {seat} [has|have] run out of chips", names, 0, None) == "Game over: you have run out of chips"
    )
    assert fill("{seat} [wins|win]! {target} [target:loses|lose]", names, 1, 0) == "Bot 1 wins! You lose"


def test_a_verb_written_once_stays_as_written():
    """Only the verbs a template writes in both forms change: nothing else is guessed."""
    names = ["You", "Bot 1"]
    assert (
        fill("{seat} [wins|win] with two pair, aces and fives", names, 0, None)
        == "You win with two pair, aces and fives"
    )
    assert (
        fill("{seat} cannot play and cannot dig, and [passes|pass]", names, 0, None)
        == "You cannot play and cannot dig, and pass"
    )
    assert fill("the turn passes to {target}", names, None, 0) == "the turn passes to you"


# ---------------------------------------------------------------- hostile saves (issue 9, item 7)


def _save(game_id: str, players: int | None = None, moves: int = 10) -> dict:
    """The envelope of a seeded game of ``game_id`` after a few random moves."""
    spec = GAMES[game_id]
    game = spec.new(players, seed=4)
    rng = random.Random(4)
    for _ in range(moves):
        if game.is_over:
            break
        seat = rng.choice(game.actors())
        game.apply(seat, rng.choice(game.legal_actions(seat)))
    return json.loads(game.to_json())


def _text(envelope: dict) -> str:
    return json.dumps(envelope, separators=(",", ":"))  # as saved


def _refused(game_id: str, text: str, reason: str) -> None:
    with pytest.raises(BadSave, match=reason):
        GAMES[game_id].from_json(text)


@pytest.mark.parametrize("version", [True, 1.0, "1", [1], None])
def test_only_the_whole_number_1_is_version_1(version):
    envelope = _save("war")
    assert GAMES["war"].from_json(_text(envelope)).to_json() == _text(envelope)
    _refused("war", json.dumps({**envelope, "version": version}), "format version")


@pytest.mark.parametrize("deep", ["[" * 5000 + "]" * 5000, '{"a":' * 5000 + "1" + "}" * 5000], ids=["lists", "objects"])
def test_a_save_nested_too_deep_is_a_bad_save(deep):
    text = _text(_save("slapjack"))
    _refused("slapjack", text.replace('"stacks":', f'"stacks":{deep},"x":', 1), "nested too deep")
    _refused("slapjack", deep, "nested too deep")


@pytest.mark.parametrize(
    "number",
    ["9" * 5000, "-" + "1" * 4301, "NaN", "Infinity", "1e99999"],
    ids=["5000-digits", "4301-digits", "nan", "infinity", "overflow"],
)
def test_a_number_no_save_holds_is_a_bad_save(number):
    text = _text(_save("knock-poker", moves=200))  # a finished game: its result has float scores
    assert '"scores":[' in text
    _refused("knock-poker", text.replace('"scores":[', f'"scores":[{number},', 1), "invalid JSON")
    _refused("knock-poker", text.replace('"seed":', f'"seed":{number},"x":', 1), "invalid JSON")


@pytest.mark.parametrize("dealer", [6, 7, 2**64, -1])
def test_a_cuckoo_dealer_who_is_not_at_the_table_is_a_bad_save(dealer):
    envelope = _save("cuckoo", players=6, moves=0)
    envelope["state"]["dealer"] = dealer
    _refused("cuckoo", json.dumps(envelope), "seat number is out of range")


@pytest.mark.parametrize("game_id, zone", [("slapjack", "stacks"), ("egyptian-ratscrew", "stacks"), ("war", "piles")])
def test_every_card_in_one_seat_of_a_game_still_going_is_a_bad_save(game_id, zone):
    """The game would have ended when one player held every card; such a save used to load and
    then crash the engine on the next move."""
    envelope = _save(game_id, moves=0)
    stacks = envelope["state"][zone]
    envelope["state"][zone] = [[c for stack in stacks for c in stack]] + [[] for _ in stacks[1:]]
    _refused(game_id, json.dumps(envelope), "hold|holds")


@pytest.mark.parametrize("game_id", list(GAMES))
def test_a_finished_save_whose_result_is_taken_away_is_refused_or_plays_on(game_id):
    """Where nobody may act once the game is over, the save is refused (not over, yet stuck); where
    the position still has a player to move (a turn that simply passes on), the game plays on
    from it without an error."""
    envelope = _save(game_id, moves=100_000)
    assert envelope["state"]["result"] is not None
    envelope["state"]["result"] = None
    try:
        game = GAMES[game_id].from_json(json.dumps(envelope))
    except BadSave as refused:
        assert "inconsistent" in str(refused)
        return
    rng = random.Random(5)
    for _ in range(20_000):
        if game.is_over:
            break
        seat = rng.choice(game.actors())
        game.apply(seat, rng.choice(game.legal_actions(seat)))
    assert game.is_over


def test_a_game_with_any_seed_a_player_can_type_reads_back():
    """A seed comes from --seed or the setup screen, as long as Python reads a number (4,300 digits)."""
    spec = GAMES["war"]
    for seed in (-(2**63), 2**63, int("9" * 4000)):
        game = spec.new(seed=seed)
        assert spec.from_json(game.to_json()).to_json() == game.to_json()


def test_a_bad_save_says_why_in_a_line_whatever_its_size():
    envelope = _save("war")
    for bad in ({**envelope, "version": ["x"] * 10_000}, {**envelope, "game": "y" * 10_000}):
        with pytest.raises(BadSave) as info:
            GAMES["war"].from_json(_text(bad))
        assert len(str(info.value)) < 200
    _refused("war", _text(envelope) + " " * (1 << 20), "larger than")
