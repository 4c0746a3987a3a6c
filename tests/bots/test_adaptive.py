"""The adaptive level: bot reflexes that follow the person at the table."""

from __future__ import annotations

import random

from cardarcade.bots import make_bot
from cardarcade.bots.reaction import LEVELS, AdaptiveProfile, percentile
from cardarcade.cards import cards, standard_deck
from cardarcade.rules import GAMES
from cardarcade.rules.base import Action
from cardarcade.table.clock import VirtualClock
from cardarcade.table.table import ARBITRATION_WINDOW, Seat, Table


def median_ms(profile, n: int = 4000) -> float:
    rng = random.Random(5)
    return 1000 * percentile([profile.sample(rng) for _ in range(n)], 50)


def test_it_starts_as_a_medium_bot():
    assert abs(median_ms(AdaptiveProfile()) - median_ms(LEVELS["medium"])) < 15


def test_it_aims_at_the_persons_median():
    fast, slow = AdaptiveProfile(), AdaptiveProfile()
    for _ in range(12):
        fast.observe_human(0.28)
        slow.observe_human(0.55)
    assert abs(median_ms(fast) - 280) < 30
    assert abs(median_ms(slow) - 550) < 30


def test_winning_makes_it_ease_off_and_losing_makes_it_try_harder():
    ahead, behind = AdaptiveProfile(), AdaptiveProfile()
    for p in (ahead, behind):
        for _ in range(12):
            p.observe_human(0.40)
    for _ in range(5):
        ahead.observe_outcome(bot_won=True)
        behind.observe_outcome(bot_won=False)
    assert median_ms(ahead) > median_ms(behind) + 100


def test_it_stays_within_human_limits():
    p = AdaptiveProfile()
    for _ in range(12):
        p.observe_human(0.05)  # faster than anyone: a key held down
    assert median_ms(p) >= median_ms(LEVELS["expert"]) - 15


def test_each_adaptive_bot_adapts_on_its_own():
    a = make_bot("slapjack", 1, "adaptive", random.Random(1))
    b = make_bot("slapjack", 2, "adaptive", random.Random(2))
    a.profile.observe_human(0.30)
    assert a.profile is not b.profile and a.profile.mu != b.profile.mu


def test_the_table_reports_the_persons_reactions_to_adaptive_bots():
    first = cards("Js 2h Jd 3c")
    deck = first + [c for c in standard_deck() if c not in first]
    game = GAMES["slapjack"].new(2, seed=1, deck=deck)
    clock = VirtualClock(start=100.0)
    table = Table(game, [Seat("P1"), Seat("Bot", "bot", "adaptive")], clock, pace=1000.0)
    table.start()
    bot_profile = table.bots[1].profile
    before = bot_profile.mu
    table.submit(0, Action("flip"))  # the jack of spades
    table.claim(0, "slap", t=100.2)  # the person is quick: 200 ms
    clock.advance(ARBITRATION_WINDOW + 0.01)
    assert any(r.seat == 0 and r.outcome == "slap_win" for r in table.stats.reactions)
    assert bot_profile.mu < before  # a 200 ms person makes the bot quicker
