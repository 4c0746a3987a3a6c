"""Every game's event sentences read right in both persons (issue 26, item 11).

Random games of every registered game; every event (and every result) is written out once with
third-person names only, and once with "You" in each seat, and each sentence is checked for a verb
that does not agree with its subject, a singular with a plural noun, and markup left in the text.
"""

from __future__ import annotations

import io
import random
import re
import tokenize
from collections import Counter
from pathlib import Path

import pytest

import cardarcade
from cardarcade.rules import GAMES, Action
from cardarcade.rules.base import Event, fill

SEEDS = (1, 2, 3, 4, 5, 6)  # the second half keeps on playing (see ``pick``)
MOVES = 1500  # per game and seed: enough to reach the ends of hands, and most games' ends

# A verb written in both forms in a template: [takes|take], [target:has|have].
VERB_PAIR = re.compile(r"\[(?:\w+:)?([^\[\]|{}]*)\|([^\[\]|{}]*)\]")
# Words that only a third person takes, whatever the vocabulary of the templates.
THIRD_ONLY = re.compile(r"\b[Yy]ou (has|is|was|does|goes|goe|\w*[^\Ws]s)\b")
# A singular count with a plural noun: "1 pts", "1 cards", "1 chips" (a count ending a number
# such as 21 is not singular).
ONE_PLURAL = re.compile(r"(?<![\w.,+–-])(?<!Bot )1 (pts|\w+s)\b")
# A verb with its subject's name in another clause: "You slap the jack and takes 6 cards".
AND_VERB = re.compile(r"\band (\w+)\b")
LEFTOVERS = ("{seat", "{target", "[", "|", "}")
# Other sentences a player met that must not come back.
KNOWN_BAD = ("pay chip", "pays chip", "seed text")


def pick(legal: list[Action], rng: random.Random, keep_playing: bool) -> Action:
    """A random move; keeping on playing, mostly one of the kind most offered (the plays), so a
    hand goes on past a random early stop (Schnapsen's early declarations never reach "goes out")."""
    if keep_playing and rng.random() < 0.8:
        most = Counter(a.kind for a in legal).most_common(1)[0][0]
        legal = [a for a in legal if a.kind == most]
    return rng.choice(legal)


def events_of(game_id: str, seed: int) -> list[Event]:
    """Every event of a random game (up to MOVES moves), its result last as an event of the winner."""
    spec = GAMES[game_id]
    game = spec.new(spec.default_players, seed=seed)
    rng = random.Random(seed)
    out: list[Event] = []
    for _ in range(MOVES):
        actors = game.actors()
        if not actors:
            break
        seat = rng.choice(actors)
        out += game.apply(seat, pick(game.legal_actions(seat), rng, keep_playing=seed > len(SEEDS) // 2))
    result = game.s.result
    if result is not None and result.reason:
        out.append(Event("result", result.winners[0] if len(result.winners) == 1 else None, result.reason))
    return out


def name_lists(players: int) -> list[list[str]]:
    third = [f"Bot {i + 1}" for i in range(players)]
    return [third] + [third[:seat] + ["You"] + third[seat + 1 :] for seat in range(players)]


def wrong_words(said: str, event: Event, forms: dict[str, set[str]]) -> list[str]:
    """What is wrong with one written-out sentence (empty when nothing is)."""
    wrong = [f"'{m.group(0)}'" for m in THIRD_ONLY.finditer(said)]
    wrong += [f"'{m.group(0)}'" for m in ONE_PLURAL.finditer(said)]
    wrong += [f"'{bit}' left in" for bit in LEFTOVERS if bit in said]
    wrong += [f"'{bad}'" for bad in KNOWN_BAD if bad in said]
    # a third person with a verb in the second person: "Bot 1 take", "Bot 2 have"
    # (not the second of two: "Bot 1 and Bot 2 score")
    wrong += [
        f"'{m.group(0)}'" for m in re.finditer(r"(?<!and )\bBot \d+ (\w+)", said) if m.group(1) in forms["second"]
    ]
    if said.startswith("You ") and event.seat is not None:  # "You ... and takes"
        wrong += [f"'{m.group(0)}'" for m in AND_VERB.finditer(said) if m.group(1) in forms["third"]]
    return wrong


@pytest.fixture(scope="module")
def all_events() -> dict[str, list[Event]]:
    return {game_id: [e for seed in SEEDS for e in events_of(game_id, seed) if e.text] for game_id in GAMES}


@pytest.fixture(scope="module")
def verb_forms(all_events) -> dict[str, set[str]]:
    """The verbs the templates write in both forms, each form that differs from the other."""
    pairs = {m.groups() for events in all_events.values() for e in events for m in VERB_PAIR.finditer(e.text)}
    pairs |= {("has", "have"), ("is", "are"), ("was", "were"), ("takes", "take"), ("goes", "go")}
    return {"third": {t for t, s in pairs if t != s}, "second": {s for t, s in pairs if t != s}}


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_every_sentence_agrees_with_you_and_with_everyone_else(game_id, all_events, verb_forms):
    players = GAMES[game_id].default_players
    seen, wrong = set(), []
    for event in all_events[game_id]:
        key = (event.text, event.seat, event.target)
        if key in seen:
            continue
        seen.add(key)
        for names in name_lists(players):
            said = event.describe(names)
            wrong += [f"{said!r} ({event.text!r}): {w}" for w in wrong_words(said, event, verb_forms)]
    assert not wrong, "\n".join(sorted(set(wrong))[:40])


# In a template's source: a player's name, or "and", before a verb in one person only.
ONE_PERSON_VERB = re.compile(r"(\{(?:seat|target)\}|\band) (has|is|was|does|[a-z]*[^\Ws]s)\b")
# a string naming a player, or going on with one's sentence (" and names spades")
PLAYER = re.compile(r"\{(?:seat|target)\}|\[\w[^\[\]]*\||^[\"']\s*and ")


def templates_in(path: Path) -> list[tuple[int, str]]:
    """(line, text) of each string in a module that names a player, docstrings left out."""
    out = []
    for token in tokenize.generate_tokens(io.StringIO(path.read_text()).readline):
        body = token.string.lstrip("rbfuRBFU")
        if token.type != tokenize.STRING or body.startswith(('"""', "'''")):
            continue
        if "f" in token.string[: len(token.string) - len(body)].lower():  # the f-string's own fields go
            body = re.sub(r"(?<!\{)\{[^{}]*\}(?!\})", "…", body).replace("{{", "{").replace("}}", "}")
        if PLAYER.search(body):
            out.append((token.start[0], body))
    return out


def test_no_template_in_the_source_writes_a_verb_in_one_person_only():
    """Random play may miss a sentence: the source is read for them too."""
    root = Path(cardarcade.__file__).parent
    wrong = [
        f"{path.relative_to(root)}:{line}: {m.group(0)!r} in {text}"
        for path in sorted(root.rglob("*.py"))
        for line, text in templates_in(path)
        for m in ONE_PERSON_VERB.finditer(text)
        if m.group(2) not in NOT_VERBS
    ]
    assert not wrong, "\n".join(wrong)


NOT_VERBS = {"cards", "chips", "points", "books", "tricks", "twos", "aces", "fives", "frogs"}


@pytest.mark.parametrize(
    "template, names, said",
    [
        ("{seat} [goes|go] out with 87", ["You", "Bot 1"], "You go out with 87"),
        ("{seat} [goes|go] out with 87", ["Ada", "Bot 1"], "Ada goes out with 87"),
        ("{seat} [slaps|slap] the jack and [takes|take] 6 cards", ["You"], "You slap the jack and take 6 cards"),
        (
            "{seat} [asks|ask] {target} for sevens; {target} [target:has|have] none",
            ["Bot 1", "You"],
            "Bot 1 asks you for sevens; you have none",
        ),
        (
            "{seat} [asks|ask] {target} for sevens; {target} [target:has|have] none",
            ["You", "Bot 1"],
            "You ask Bot 1 for sevens; Bot 1 has none",
        ),
        ("the limit was reached; {seat} [wins|win]", ["You"], "the limit was reached; you win"),
        (
            "Game over: {seat} [wins|win]. {target} [target:loses|lose]",
            ["Bot 1", "You"],
            "Game over: Bot 1 wins. You lose",
        ),
        ("{seat}'s ranks are equal to {target}'s", ["You", "Bot 1"], "Your ranks are equal to Bot 1's"),
        ("{target} [target:beats|beat] {seat}'s ranks", ["You", "Bot 1"], "Bot 1 beats your ranks"),
    ],
)
def test_a_sentence_is_written_for_whoever_it_names(template, names, said):
    assert fill(template, names, 0, 1 if len(names) > 1 else None) == said


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_the_rules_screen_never_speaks_of_a_seed_text(game_id):
    """A player does not know our source texts as "the seed text": the rules say "the rules we follow"."""
    assert "seed" not in GAMES[game_id].rules.lower()
