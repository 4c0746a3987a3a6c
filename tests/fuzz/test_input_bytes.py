"""Any bytes a terminal (or an SSH client) sends: the input decoder never raises, and the app
takes what it makes of them and still answers keys afterwards.

The byte streams are seeded mixes of random bytes and of the sequences that broke Textual's own
reader or are easy to get wrong: invalid UTF-8, a key code past Unicode, numbers too big for
any key, truncated CSI / SS3 / OSC sequences, mouse reports with garbage coordinates, size
reports of any size, bracketed pastes with and without their end. The decoder's clock is a fake
one the tests move on, so escape and paste timeouts are certain, not raced.

Case counts: ``DECODER_STREAMS`` streams through the decoder alone, and ``APP_RUNS`` apps (the
menu, War against a bot, hot-seat Slapjack with a bot) each given ``STREAMS_PER_APP`` streams. ``CARDARCADE_FUZZ_SCALE=50``
multiplies them all, to run many more by hand; a failure names the seed to replay.
"""

from __future__ import annotations

import os
import random

import pytest
from textual import events

from cardarcade.rules import GAMES
from cardarcade.seating import GameSetup
from cardarcade.ui.app import ArcadeApp, UISettings
from cardarcade.server.driver import SERVER_ESCAPE_DELAY
from cardarcade.ui import terminal
from cardarcade.ui.terminal import (
    ESCAPE_DELAY,
    MAX_COLUMNS,
    MAX_LINES,
    MAX_PASTE_CHARS,
    MOST_ESCAPE_DELAY,
    PASTE_SILENCE,
    InputDecoder,
    escape_delay_for,
)
from cardarcade.ui.textual_compat import app_error, driver_of, parser_clock_module

SCALE = int(os.environ.get("CARDARCADE_FUZZ_SCALE", "1"))
# Kept small for the everyday suite (it runs on every change); the scale runs many more by hand.
DECODER_STREAMS = 700 * SCALE
APP_RUNS = 3 * SCALE
STREAMS_PER_APP = 12

PASTE_START, PASTE_END = b"\x1b[200~", b"\x1b[201~"
KILLERS = [b"\xff", b"\x1b[1114112u", b"\x1b[9999999999A"]  # each ended the app before


@pytest.fixture
def clock(monkeypatch):
    """The decoder's clock, moved on by hand: ``clock.now += seconds``."""

    class Clock:
        now = 1000.0

    monkeypatch.setattr(parser_clock_module(), "get_time", lambda: Clock.now)
    monkeypatch.setattr(terminal, "get_time", lambda: Clock.now)  # (the decoder's tick_due)
    return Clock


def settle(decoder: InputDecoder, clock) -> list:
    """Let enough quiet time pass that nothing is still being read (an escape, a paste)."""
    clock.now += PASTE_SILENCE + 1
    return decoder.tick()


def keys(messages) -> list[str]:
    return [m.key for m in messages if isinstance(m, events.Key)]


# ---------------------------------------------------------------- the decoder, case by case


@pytest.mark.parametrize("killer", KILLERS)
def test_bytes_that_ended_the_app_are_dropped_and_keys_go_on(clock, killer):
    decoder = InputDecoder()
    got = decoder.feed(killer) + settle(decoder, clock) + decoder.feed(b"q")
    assert keys(got)[-1] == "q"
    assert "q" not in keys(got)[:-1]


def test_a_paste_comes_whole_and_its_keys_are_not_pressed(clock):
    decoder = InputDecoder()
    got = decoder.feed(PASTE_START + b"q\x03 hello" + PASTE_END + b"x")
    assert [type(m) for m in got] == [events.Paste, events.Key]
    assert got[0].text == "q\x03 hello" and got[1].key == "x"


def test_a_paste_without_its_end_gives_the_keys_back_after_a_quiet_moment(clock):
    decoder = InputDecoder()
    assert decoder.feed(PASTE_START + b"lost end") == []
    assert decoder.feed(b"q") == []  # still the paste: it may be a slow one
    ended = settle(decoder, clock)
    assert [m.text for m in ended if isinstance(m, events.Paste)] == ["lost endq"]
    assert keys(decoder.feed(b"q")) == ["q"]
    assert keys(decoder.feed(b"\x03")) == ["ctrl+c"]


def test_an_endless_paste_keeps_only_so_much_and_ends_at_its_marker(clock):
    decoder = InputDecoder()
    got = decoder.feed(PASTE_START)
    for _ in range(50):
        got += decoder.feed(b"y" * 1000)
    got += decoder.feed(PASTE_END + b"q")
    pastes = [m.text for m in got if isinstance(m, events.Paste)]
    assert pastes == ["y" * MAX_PASTE_CHARS]
    assert keys(got) == ["q"]


def test_a_paste_may_come_in_pieces_and_end_split_across_reads(clock):
    decoder = InputDecoder()
    got = []
    for piece in (
        PASTE_START[:3],
        PASTE_START[3:] + "snap ♠".encode()[:-1],
        "snap ♠".encode()[-1:] + PASTE_END[:4],
        PASTE_END[4:] + b"n",
    ):
        got += decoder.feed(piece)
    assert [m.text for m in got if isinstance(m, events.Paste)] == ["snap ♠"]
    assert keys(got) == ["n"]


def test_a_size_no_terminal_has_is_capped(clock):
    decoder = InputDecoder()
    got = decoder.feed(b"\x1b[48;100000;100000;0;0t")  # an in-band resize report: lines;columns;...
    sizes = [tuple(m.size) for m in got if isinstance(m, events.Resize)]
    assert sizes == [(MAX_COLUMNS, MAX_LINES)]


def test_a_character_split_across_reads_is_one_key(clock):
    decoder = InputDecoder()
    spade = "♠".encode()
    assert decoder.feed(spade[:1]) == [] and decoder.feed(spade[1:2]) == []
    assert [m.character for m in decoder.feed(spade[2:])] == ["♠"]


def test_escape_alone_is_the_escape_key_once_nothing_follows(clock):
    decoder = InputDecoder()
    assert decoder.feed(b"\x1b") == []
    assert keys(settle(decoder, clock)) == ["escape"]


# The escape key's wait: a local terminal's, and a client's of the server.
WAITS = [pytest.param(ESCAPE_DELAY, id="local"), pytest.param(SERVER_ESCAPE_DELAY, id="server")]


@pytest.mark.parametrize("wait", WAITS)
def test_a_lone_escape_is_the_escape_key_after_its_wait_and_not_before(clock, wait):
    decoder = InputDecoder(escape_delay=wait)
    assert decoder.feed(b"\x1b") == []
    assert decoder.tick_due() == pytest.approx(wait)
    clock.now += wait * 0.9
    assert decoder.tick() == []
    clock.now += wait * 0.1
    assert keys(decoder.tick()) == ["escape"]
    assert decoder.tick_due() is None  # nothing waits any more


@pytest.mark.parametrize("wait", WAITS)
def test_an_arrow_split_across_reads_within_the_wait_is_one_arrow(clock, wait):
    for first, rest in ((b"\x1b", b"[A"), (b"\x1b[", b"A"), (b"\x1b[1;", b"5C")):
        decoder = InputDecoder(escape_delay=wait)
        assert decoder.feed(first) == []
        clock.now += wait * 0.9
        assert decoder.tick() == []
        assert keys(decoder.feed(rest) + settle(decoder, clock)) == ["up" if rest.endswith(b"A") else "ctrl+right"]


@pytest.mark.parametrize("wait", WAITS)
def test_escape_then_the_rest_of_an_arrow_after_the_wait_is_three_keys(clock, wait):
    decoder = InputDecoder(escape_delay=wait)
    decoder.feed(b"\x1b")
    clock.now += wait * 1.1
    assert keys(decoder.tick()) == ["escape"]
    assert keys(decoder.feed(b"[A")) == ["left_square_bracket", "A"]


def test_a_persons_escdelay_is_their_escape_wait_within_bounds():
    assert escape_delay_for({}) == ESCAPE_DELAY
    assert escape_delay_for({"ESCDELAY": "40"}) == pytest.approx(0.040)
    assert escape_delay_for({"ESCDELAY": "soon"}) == ESCAPE_DELAY
    assert escape_delay_for({"ESCDELAY": "0"}) == pytest.approx(0.001)
    assert escape_delay_for({"ESCDELAY": "999999"}) == MOST_ESCAPE_DELAY


def test_input_ending_mid_sequence_or_mid_paste_gives_what_came(clock):
    decoder = InputDecoder()
    decoder.feed(b"a\x1b[1")
    assert keys(decoder.close())[-2:] == ["left_square_bracket", "1"]  # read as keys, as Textual does
    assert decoder.feed(b"q") == [] and decoder.close() == []  # and nothing after the end
    decoder = InputDecoder()
    decoder.feed(PASTE_START + b"half a paste\xe2")
    assert [m.text for m in decoder.close()] == ["half a paste\ufffd"]


# ---------------------------------------------------------------- random streams


def _number(rng: random.Random) -> str:
    return rng.choice(
        [
            str(rng.randint(0, 300)),
            "0",
            "-1",
            str(rng.randint(1, 10**6)),
            "9" * rng.randint(5, 40),
            "1114112",
            str(2**64),
            "",
        ]
    )


def _piece(rng: random.Random) -> bytes:
    """One hostile piece of input."""
    kind = rng.randrange(14)
    n = lambda: _number(rng)  # noqa: E731
    if kind == 0:
        return bytes(rng.randrange(256) for _ in range(rng.randint(1, 40)))
    if kind == 1:
        return rng.choice(KILLERS)
    if kind == 2:  # CSI, often cut short
        text = "\x1b[" + ";".join(n() for _ in range(rng.randint(0, 5)))
        return (text + rng.choice(["", "", "u", "~", "A", "R", "t", "m", "M", "$y", ":"])).encode()
    if kind == 3:  # SS3
        return b"\x1bO" + bytes(rng.choice([b"", b"P", b"A", bytes([rng.randrange(256)])]))
    if kind == 4:  # OSC, with or without its end
        return (
            b"\x1b]"
            + bytes(rng.randrange(32, 127) for _ in range(rng.randint(0, 60)))
            + rng.choice([b"", b"\x07", b"\x1b\\"])
        )
    if kind == 5:  # kitty keys with any code points, modifiers and text
        return f"\x1b[{n()};{n()};{n()}:{n()}u".encode()
    if kind == 6:  # invalid and partial UTF-8
        return rng.choice(
            [b"\xc3", b"\xed\xa0\x80", b"\xf8\x88\x80\x80\x80", b"\xc0\xaf", b"\xe2\x99", b"\xf4\x90\x80\x80"]
        )
    if kind == 7:  # bracketed paste, ended or not
        return PASTE_START + bytes(rng.randrange(256) for _ in range(rng.randint(0, 30))) + rng.choice([b"", PASTE_END])
    if kind == 8:  # SGR mouse with garbage coordinates
        return f"\x1b[<{n()};{n()};{n()}{rng.choice('Mm')}".encode()
    if kind == 9:  # X10 mouse: three raw bytes
        return b"\x1b[M" + bytes(rng.randrange(256) for _ in range(rng.randint(0, 3)))
    if kind == 10:  # size reports and cursor positions of any size
        return rng.choice([f"\x1b[48;{n()};{n()};{n()};{n()}t", f"\x1b[{n()};{n()}R"]).encode()
    if kind == 11:  # mode reports, focus
        return rng.choice([f"\x1b[?{n()};{n()}$y", "\x1b[I", "\x1b[O", "\x1b[?2026;1$y", "\x1b[?2048;2$y"]).encode()
    if kind == 12:  # runs of escapes
        return b"\x1b" * rng.randint(1, 5) + rng.choice([b"", b"[", b"[[", b"O"])
    return rng.choice([b"j", b"k", b"\r", b"\t", b" ", b"\x1b[A", b"\x1b[B", b"h", b"l", b"\x7f"])


def stream(rng: random.Random) -> bytes:
    return b"".join(_piece(rng) for _ in range(rng.randint(1, 12)))


def test_random_streams_never_break_the_decoder(clock):
    rng = random.Random(9)
    decoder = InputDecoder()
    for case in range(DECODER_STREAMS):
        data = stream(rng)
        try:
            # in reads of any size, as a terminal or a network delivers them
            at = 0
            while at < len(data):
                step = rng.randint(1, 64)
                decoder.feed(data[at : at + step])
                at += step
                if rng.random() < 0.2:
                    clock.now += rng.choice([0.01, 0.2, PASTE_SILENCE + 0.1])
                    decoder.tick()
            settle(decoder, clock)
            assert keys(decoder.feed(b"q"))[-1:] == ["q"]  # and keys still work (after a cut-off character)
        except Exception as exc:
            raise AssertionError(f"case {case} (seed 9): {data!r}") from exc


# ---------------------------------------------------------------- into a running app

SETUPS = [  # the menu; a game against bots that move; two people at one keyboard and a bot
    lambda run: None,
    lambda run: GameSetup.solo(GAMES["war"], 2, seed=run),
    lambda run: GameSetup.solo(GAMES["slapjack"], 3, seed=run, humans=2, levels=["easy"]),
]


async def test_keys_queued_behind_the_one_that_quits_are_not_acted_on(clock):
    app = ArcadeApp(settings=UISettings(countdown=0))
    async with app.run_test(size=(80, 24)) as pilot:
        decoder = InputDecoder()
        # escape quits the menu, and ? would open the rules: both arrive before either is handled
        queued = decoder.feed(b"\x1b") + settle(decoder, clock) + decoder.feed(b"?")
        assert keys(queued) == ["escape", "question_mark"]
        for message in queued:
            driver_of(app).process_message(message)
        await pilot.pause()
        await pilot.pause()
    assert app_error(app) is None


async def test_an_app_ended_by_an_unexpected_error_says_so_in_its_exit_status():
    app = ArcadeApp(settings=UISettings(countdown=0))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.panic("the input thread raised")  # what Textual's driver does when its reader fails
    assert app.return_code == 1


@pytest.mark.parametrize("run", range(APP_RUNS))
async def test_random_streams_into_a_running_app(clock, run):
    """Streams go to one app until the bytes make it leave (escape on the menu, q then y...),
    then to a new one; the last app, whatever state the bytes left it in, ends on ctrl+c."""
    seed = 1000 + run
    rng = random.Random(seed)
    streams_left = STREAMS_PER_APP
    while streams_left:
        app = ArcadeApp(
            start=SETUPS[run % len(SETUPS)](run),
            settings=UISettings(pace=0.05, countdown=0, result_delay=0.05, result_guard=0.0),
        )
        async with app.run_test(size=(80, 24)) as pilot:
            decoder = InputDecoder()

            def deliver(messages) -> None:
                for message in messages:
                    driver_of(app).process_message(message)  # as the terminal driver hands them on

            while streams_left and app.is_running:
                streams_left -= 1
                data = stream(rng)
                deliver(decoder.feed(data))
                if rng.random() < 0.3:
                    deliver(settle(decoder, clock))
                await pilot.pause()
                assert app_error(app) is None, f"seed {seed}, stream {STREAMS_PER_APP - streams_left}: {data!r}"
            if app.is_running:
                deliver(settle(decoder, clock) + decoder.feed(b"\x03"))
                for _ in range(50):
                    if not app.is_running:
                        break
                    await pilot.pause()
                assert not app.is_running, f"seed {seed}: ctrl+c did not end the app"
        assert app_error(app) is None
