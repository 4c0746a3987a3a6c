"""Toepen bots.

- easy: simple rules: play low and keep the high cards for the last trick, knock holding a ten
  or nine for the last trick, stay in with a ten or nine, redraw only a hand of faces, bluff
  and challenge at random.
- medium: the card play by perfect-information Monte Carlo (``search.pimc``); knocks and folds
  by the chance of taking the last trick, estimated by playing sampled deals of the unseen
  cards out (``win_chance``): stay when the chips expected to be lost by staying are no more
  than the fold costs, knock when the chance is good.
- hard: the card play by information-set Monte Carlo tree search (``search.ismcts``), knocks
  as medium with more samples and a lower bar; it gives the false signal with three jacks more
  often, and follows it with a knock to make the bluff count. Facing a knock it reads the
  knocker: it judges its chance only on deals where the knocker's own cards would have made it
  knock (medium takes the knocker's hand as any hand, and so stays in too often).
- expert: hard with several times the work (a tree of more deals, knocks judged on more
  play-outs, the knocker read on more deals), and at a live table the thinking time on top.

Searches run through ``deliberate``: off the event loop at a live table, inline under simulate.
Bots knock on their own turn, and medium and hard also out of turn once their card in the last
trick cannot be beaten. A signal (the tens', or the jacks' bluff) is the first move of the bot's
first turn, made the same way and at the same pace whichever cards stand behind it.
"""

from __future__ import annotations

import random
from math import comb

from cardarcade.bots import BotBase, Moment, Plan, Thinking, register
from cardarcade.bots.search import Budget, Tally, ismcts, note, pimc, play_out
from cardarcade.cards import TOEPEN, Card, Rank
from cardarcade.rules._tricks import play
from cardarcade.rules.base import Action
from cardarcade.rules.toepen import (
    ACCEPT,
    CHALLENGE,
    FOLD,
    HAND,
    KEEP,
    KNOCK,
    PACK,
    REDRAW,
    SIGNAL,
    STAY,
    Toepen,
    ToepenView,
    is_number,
)

EASY_SLIP = 0.25  # chance an easy bot plays any card it may
MEDIUM_SAMPLES = 12  # PIMC deals for a card
ITERATIONS = {"hard": 400, "expert": 1500}  # ISMCTS iterations for a card
ESTIMATE_SAMPLES = {"medium": 24, "hard": 64, "expert": 200}  # play-outs to judge a knock or a fold
READ_SAMPLES = {"hard": 24, "expert": 80}  # deals kept (at most) reading a knocker
KNOCKER_SAMPLES = 8  # play-outs judging whether a sampled knocker's hand is one that knocks
KNOCKER_TRIES = 3  # sampled deals tried for each one kept, reading a knocker
KNOCK_AT = {"medium": 0.65, "hard": 0.55, "expert": 0.55}  # the chance of the last trick that makes a knock
JACK_BLUFF = {"easy": 0.3, "medium": 0.5, "hard": 0.8, "expert": 0.8}  # chance of the false signal
REDRAW_BLUFF = {"easy": 0.0, "medium": 0.1, "hard": 0.2, "expert": 0.2}  # a weak hand thrown in as if all faces
HARD_SECONDS = 0.8  # at a live table, hard searches on past its fixed work until this much has passed
STRONG = (Rank.TEN, Rank.NINE)


def strong_cards(hand: list[Card]) -> int:
    return sum(1 for c in hand if c.rank in STRONG)


# ---------------------------------------------------------------- the chance of the last trick


def win_chance(view: ToepenView, seat: int, rng: random.Random, samples: int, seconds: float | None = None) -> float:
    """The share of sampled deals of the unseen cards in which ``seat`` takes the last trick,
    everyone staying in and playing on by the play-out policy."""
    budget = Budget(samples, seconds)
    wins = 0
    while budget.more():
        game = Toepen.determinize(view, seat, rng)
        play_out(game, game.episode(), rng)
        wins += game.s.hand_winner == seat
        budget.done += 1
    return wins / budget.done


def stays(view: ToepenView, seat: int, chance: float) -> bool:
    """Stay when the chips staying is expected to cost are no more than what folding costs now
    (neither more than the chips the seat has)."""
    have = view.chips[seat]
    return (1 - chance) * min(view.stake, have) <= min(view.stake - 1, have)


def bluffed_signal(view: ToepenView, seat: int) -> bool:
    """Whether ``seat`` gave the tens' signal with jacks (it knows its own hand)."""
    own = list(view.hand) + [c for c, p in zip(view.played, view.played_by) if p == seat]
    return view.signals[seat] > 0 and sum(1 for c in own if c.rank is Rank.TEN) < view.signals[seat]


def sure_of_last_trick(view: ToepenView, seat: int) -> bool:
    """Whether ``seat``'s card in the last trick cannot be beaten: it takes the trick among the
    cards played by those still in, and no card that could beat it is left unseen (with a
    player still to play who has not shown they lack the suit)."""
    if view.phase != "play" or view.tricks_played != HAND - 1 or not view.trick:
        return False
    mine = next((t.card for t in view.trick if t.seat == seat), None)
    led = view.trick[0].card.suit
    if mine is None or mine.suit is not led:
        return False
    value = TOEPEN.value
    live = [t for t in view.trick if view.dealt[t.seat] and not view.folded[t.seat]]
    if any(t.card.suit is led and value(t.card) > value(mine) for t in live):
        return False
    played = {t.seat for t in view.trick}
    to_play = [p for p in range(view.players) if view.dealt[p] and not view.folded[p] and p not in played]
    if all(led in view.voids[p] for p in to_play):
        return True
    seen = set(view.played) | {c for d in view.discards for c in d}
    return not any(c.suit is led and value(c) > value(mine) and c not in seen for c in PACK)


def decide_turn(view: ToepenView, seat: int, seed: int, level: str, seconds: float | None = None) -> Action:
    """A searching bot's move on its turn: a knock when its chance of the last trick is good (or
    to back a bluffed signal, hard), else the card its search picks."""
    rng = random.Random(seed)
    share = None if seconds is None else seconds / 2
    if view.can_knock:
        if level in ("hard", "expert") and view.knocker is None and bluffed_signal(view, seat):
            return KNOCK
        chance = win_chance(view, seat, rng, ESTIMATE_SAMPLES[level], share)
        if chance >= KNOCK_AT[level]:
            note(lambda: Tally("sampled deals", ESTIMATE_SAMPLES[level], {KNOCK: chance}, "takes the last trick", True))
            return KNOCK
    if len(view.playable) == 1:
        return play(view.playable[0])
    if level == "medium":
        return pimc(Toepen, view, seat, rng, MEDIUM_SAMPLES, None, share)
    return ismcts(Toepen, view, seat, rng, ITERATIONS[level], share)


def decide_answer(view: ToepenView, seat: int, seed: int, level: str, seconds: float | None = None) -> Action:
    """Stay or fold after a knock, by the estimated chance of the last trick."""
    rng = random.Random(seed)
    if level in READ_SAMPLES:
        chance = chance_against_knock(view, seat, rng, READ_SAMPLES[level], seconds)
    else:
        chance = win_chance(view, seat, rng, ESTIMATE_SAMPLES[level], seconds)
    return STAY if stays(view, seat, chance) else FOLD


def chance_against_knock(
    view: ToepenView, seat: int, rng: random.Random, samples: int, seconds: float | None = None
) -> float:
    """``win_chance`` on the deals that agree with the knock: those where the knocker's hand
    gives it the chance a knock asks for (a knock after a bluffed signal is read as the real
    thing, as a person would). With too few such deals, every deal counts."""
    knocker = view.knocker
    if knocker is None:
        return win_chance(view, seat, rng, samples, seconds)
    budget = Budget(samples, seconds)
    tries = KNOCKER_TRIES * samples
    wins = kept = 0
    while budget.more() and tries:
        tries -= 1
        game = Toepen.determinize(view, seat, rng)
        if win_chance(game.view(knocker), knocker, rng, KNOCKER_SAMPLES) < KNOCK_AT["hard"]:
            continue
        play_out(game, game.episode(), rng)
        wins += game.s.hand_winner == seat
        kept += 1
        budget.done += 1
    if kept < samples // 4:
        return win_chance(view, seat, rng, samples, seconds)
    return wins / kept


# ---------------------------------------------------------------- simple rules


def easy_card(view: ToepenView, rng: random.Random) -> Card:
    """Play low and keep the high cards for the last trick; now and then any card."""
    cards = view.playable
    if len(cards) == 1 or rng.random() < EASY_SLIP:
        return rng.choice(cards)
    return min(cards, key=TOEPEN.value)


def easy_turn(view: ToepenView, rng: random.Random) -> Action:
    last = view.tricks_played == HAND - 1
    if view.can_knock and strong_cards(view.hand) and (last or rng.random() < 0.2):
        return KNOCK
    return play(easy_card(view, rng))


def easy_answer(view: ToepenView, rng: random.Random) -> Action:
    return STAY if strong_cards(view.hand) or rng.random() < 0.3 else FOLD


def wants_signal(view: ToepenView, level: str, roll: float) -> bool:
    """Whether to signal now: always with the tens (it is a must), with jacks when ``roll`` (a
    draw in [0, 1) made at every first turn, whatever the hand) falls under the level's bluff
    rate."""
    return view.must_signal or view.can_signal and roll < JACK_BLUFF[level]


def wants_redraw(view: ToepenView, level: str, rng: random.Random) -> bool:
    """A hand of aces and faces is thrown in; a weak one now and then, as a bluff."""
    numbers = [c for c in view.hand if is_number(c)]
    if not numbers:
        return True
    weak = len(numbers) == 1 and not strong_cards(view.hand)
    return weak and rng.random() < REDRAW_BLUFF[level]


def wants_challenge(view: ToepenView, level: str, rng: random.Random) -> bool:
    """Easy and medium challenge at random, now and then; hard when the faces it can see make a
    hand of only faces unlikely."""
    if level not in ("hard", "expert"):
        return rng.random() < 0.1
    seen = set(view.hand) | set(view.played) | {c for d in view.discards for c in d}
    unseen = [c for c in PACK if c not in seen]
    faces = sum(1 for c in unseen if not is_number(c))
    return comb(faces, HAND) / max(comb(len(unseen), HAND), 1) < 0.04 and rng.random() < 0.5


@register("toepen")
class ToepenBot(BotBase):
    def plans(self, view: ToepenView, moment: Moment) -> list[Plan | Thinking]:
        if view.seat != self.seat:
            return []
        level = self.strategy
        seconds = thinking_time(level, moment.think_seconds)
        if self.skill and view.turn != self.seat and view.can_knock and sure_of_last_trick(view, self.seat):
            # a knock out of turn: the last trick is ours whatever the others hold
            key: tuple = ("sure", view.hand_no, len(view.played), view.stake)
            return [self.move(key, moment, lambda: KNOCK)]
        if view.turn == self.seat and self.seat not in view.played_by:
            # drawn at every first turn, so the stream (and so the pace) of a bot that keeps its
            # jacks quiet runs as that of one with nothing to signal
            roll = self.once(("signal roll", view.hand_no), self.rng.random)
            if wants_signal(view, level, roll):
                return [self.move(("signal", view.hand_no), moment, lambda: SIGNAL)]
        if view.turn == self.seat:
            key = ("turn", view.hand_no, len(view.played), view.stake, view.knocker)
            if self.skill == 0:
                return [self.move(key, moment, lambda: easy_turn(view, self.rng))]
            seed = self.once(("seed", key), lambda: self.rng.randrange(1 << 30))
            fallback = play(easy_card(view, random.Random(seed)))
            return [self.deliberate(key, decide_turn, (view, self.seat, seed, level, seconds), fallback)]
        if view.asking != self.seat:
            return []
        key = (view.phase, view.hand_no, len(view.played), view.stake, view.redrawer)
        if view.phase == "answer":
            if self.skill == 0:
                return [self.move(key, moment, lambda: easy_answer(view, self.rng))]
            seed = self.once(("seed", key), lambda: self.rng.randrange(1 << 30))
            return [
                self.deliberate(
                    key, decide_answer, (view, self.seat, seed, level, seconds), easy_answer(view, random.Random(seed))
                )
            ]
        return [self.move(key, moment, lambda: self.quick_choice(view, level))]

    def quick_choice(self, view: ToepenView, level: str) -> Action:
        rng = self.rng
        if view.phase == "redraw":
            return REDRAW if wants_redraw(view, level, rng) else KEEP
        return CHALLENGE if wants_challenge(view, level, rng) else ACCEPT


def thinking_time(level: str, think_seconds: float | None) -> float | None:
    """What a search of ``level`` may take past its fixed work at a live table: medium none,
    hard up to ``HARD_SECONDS``, expert all the table allows."""
    if think_seconds is None or level == "medium":
        return None
    return think_seconds if level == "expert" else min(think_seconds, HARD_SECONDS)


def decide(view: ToepenView, seat: int, level: str, seed: int = 0) -> Action:
    """What a bot of ``level`` does from ``view`` (for tests and benchmarks)."""
    rng = random.Random(seed)
    if view.turn == seat and seat not in view.played_by and wants_signal(view, level, rng.random()):
        return SIGNAL
    if view.turn == seat:
        return easy_turn(view, rng) if level == "easy" else decide_turn(view, seat, seed, level)
    if view.phase == "answer":
        return easy_answer(view, rng) if level == "easy" else decide_answer(view, seat, seed, level)
    bot = ToepenBot(seat, level, rng)
    return bot.quick_choice(view, level)
