"""Through the Window bots: real, fresh nouns with the card's letter, decided from the view alone,
slower for awkward letters and slower levels, and an easy bot now and then at a loss for a word."""

from __future__ import annotations

import random
import statistics

import pytest

from cardarcade.bots import LEVEL_NAMES, Moment, make_bot
from cardarcade.bots.reaction import AdaptiveProfile
from cardarcade.rules import GAMES
from cardarcade.rules.through_the_window import TURN, fold, nouns
from cardarcade.table.simulate import play_headless
from tests.rules.test_through_the_window import deck

SPEC = GAMES["through-the-window"]
NOW = Moment(now=0.0, stimulus_time=0.0, pace=1.0)


def turned(*first: str, players: int = 3, used_words: tuple[str, ...] = ()):
    """A game whose dealer (the last seat) has just turned ``first[players - 1]``."""
    game = SPEC.new(players, seed=0, deck=deck(*first))
    game.s.used = list(used_words)
    game.apply(players - 1, TURN)
    return game


def plans(level: str, view, seed: int = 0):
    return make_bot("through-the-window", 0, level, random.Random(seed)).plans(view, NOW)


@pytest.mark.parametrize("level", LEVEL_NAMES)
def test_every_card_ends_won_or_set_aside_at_every_level(level):
    result, table = play_headless(SPEC, [level, "medium", "hard"], seed=2)
    assert result is not None and table.game.is_over
    assert sum(result.scores) + len(table.game.view(None).aside) == 12


def test_the_word_depends_only_on_what_the_seat_sees():
    # The same card up; the face-down cards differ.
    one = turned("2c", "3c", "Qd", "4h", "5h").view(0)
    two = turned("9s", "8s", "Qd", "Ah", "Ks").view(0)
    assert one.window == two.window and one.hidden == two.hidden
    assert plans("hard", one) == plans("hard", two)


def test_words_are_plain_nouns_with_the_letter_never_one_used_before():
    used = tuple(nouns().words[i] for i in range(*nouns().run("q")) if nouns().plain[i])[:20]
    game = turned("2c", "3c", "Qd", used_words=used)
    for seed in range(60):
        (plan,) = plans("expert", game.view(0), seed)
        word = nouns().words[plan.action.target]
        assert fold(word).startswith("q") and word.isalpha() and word not in used, word
        assert plan.action.value == game.stimulus, "the word names the card it answers"


def word_times(level: str, card: str, samples: int = 120) -> list[float]:
    view = turned("2c", "3c", card).view(0)
    times = []
    for seed in range(samples):
        (plan,) = plans(level, view, seed)
        if plan.action.kind == "say":
            times.append(plan.at)
    return times


def test_awkward_letters_and_slower_levels_take_longer():
    queen, seven = statistics.median(word_times("hard", "Qd")), statistics.median(word_times("hard", "7d"))
    assert queen > seven + 0.4, (queen, seven)  # few nouns start with Q, hundreds with S
    medians = [statistics.median(word_times(level, "7d")) for level in ("easy", "medium", "hard", "expert")]
    assert medians == sorted(medians, reverse=True), medians
    assert 1.0 < medians[-1] < medians[0] < 10.0, "seconds, as a person takes to think and type"


def test_an_easy_bot_is_sometimes_at_a_loss_and_passes_an_expert_never():
    view = turned("2c", "3c", "Kd").view(0)
    easy = [plans("easy", view, seed)[0].action.kind for seed in range(100)]
    expert = [plans("expert", view, seed)[0].action.kind for seed in range(100)]
    assert 3 <= easy.count("pass") <= 30 and "pass" not in expert


def test_an_adaptive_bot_follows_a_slow_typist_past_a_reaction_games_range():
    # A child who takes six seconds a word: the bot's words take about as long (a reaction game's
    # adaptive bots stop at 2.5 s, which would take every card from them).
    view = turned("2c", "3c", "7d").view(0)
    bot = make_bot("through-the-window", 0, "adaptive", random.Random(0))
    profile = AdaptiveProfile()
    bot.profile = profile  # as the table shares one among its adaptive bots
    bot.plans(view, NOW)
    for _ in range(5):
        profile.observe_person(6.0)
    times = [bot.word_time(view, "s", "sun", first=True) for _ in range(200)]
    assert 5.0 < statistics.median(times) < 7.0
