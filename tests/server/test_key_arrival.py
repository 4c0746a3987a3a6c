"""A key is dated when its bytes reach the server, not when the driver gets round to handing it
to the app: the reaction games settle a race by press time, and a session's input may wait its
turn behind a slice already handed over (a busy loop)."""

from __future__ import annotations

import asyncio
import time

from textual import events

import cardarcade.server.driver as driver_module
from ssh_helpers import connect, until
from test_floods import in_the_lobby


async def keys_noted(serve, monkeypatch):
    """A session in the lobby whose input waits 0.2 s after each slice (as on a loop busy with
    other sessions: what arrives meanwhile is handed over in one slice after the rest); its
    client, the session, and the keys handed to its app as (key, dated, handed over)."""
    monkeypatch.setattr(driver_module, "REST", 1000)
    monkeypatch.setattr(driver_module, "MOST_REST", 0.2)
    server, port = await serve()
    client = await connect(port)
    await in_the_lobby(client)
    [session] = list(server.sessions)
    driver = session.driver
    handed: list[tuple[str, float, float]] = []
    process = driver.process_message

    def noted(message):
        if isinstance(message, events.Key):
            handed.append((message.key, message.time, time.monotonic()))
        process(message)

    driver.process_message = noted
    # Two arrows in one write: the first handed over at once, the second once the first has been
    # answered, then the rest: what comes meanwhile waits.
    session.data_received(b"\x1b[B\x1b[B", None)
    await asyncio.sleep(0.01)
    return client, session, handed


async def test_presses_arriving_20_ms_apart_while_the_input_waits_are_ordered_and_timed_by_arrival(serve, monkeypatch):
    client, session, handed = await keys_noted(serve, monkeypatch)
    arrived = []
    for key in (b"x", b"y"):
        arrived.append(time.monotonic())
        session.data_received(key, None)
        await asyncio.sleep(0.02)
    await until(lambda: len(handed) == 4, "the four keys handed over")
    _, _, (first, first_dated, first_handed), (second, second_dated, _) = handed
    assert (first, second) == ("x", "y")
    assert first_handed - arrived[0] > 0.1  # (they did wait: the test is about that)
    assert abs(first_dated - arrived[0]) < 0.005
    assert abs(second_dated - arrived[1]) < 0.005
    # (apart by the time between their arrivals, however long the sleep took on a loaded machine)
    assert abs((second_dated - first_dated) - (arrived[1] - arrived[0])) < 0.005 and second_dated > first_dated
    await client.close()


async def test_keys_of_one_arrival_keep_their_order(serve, monkeypatch):
    """Several keys in one write share its arrival, a microsecond apart in order: a held key's
    repeats still read as repeats, and no two presses tie."""
    client, session, handed = await keys_noted(serve, monkeypatch)
    session.data_received(b"xyz", None)
    await until(lambda: len(handed) == 5, "the five keys handed over")
    keys, times, _ = zip(*handed[2:])
    assert keys == ("x", "y", "z")
    assert times[0] < times[1] < times[2] < times[0] + 0.001
    await client.close()


async def test_a_key_after_the_last_was_answered_is_handed_over_as_it_arrives(serve, monkeypatch):
    """A person's next key comes long after the last was answered: it goes to the app with its
    bytes, not after the driver has followed the last key through the app again (some twenty
    turns of the loop, each behind every other session's work: on a busy server, most of a
    key's wait)."""
    client, session, handed = await keys_noted(serve, monkeypatch)
    await until(lambda: len(handed) == 2, "the two arrows handed over")
    await asyncio.sleep(0.5)  # (answered, and the rest after them over)
    for key in ("up", "down", "up"):  # a person's presses, each long after the last was answered
        session.data_received(b"\x1b[A" if key == "up" else b"\x1b[B", None)
        assert handed[-1][0] == key  # handed over before this test's next await
        await asyncio.sleep(0.3)
    session.data_received(b"\x1b[B", None)
    session.data_received(b"\x1b[A", None)  # the down may not be answered yet: this one waits for it
    assert handed[-1][0] == "down"
    await until(lambda: handed[-1][0] == "up" and len(handed) == 7, "the up handed over once the down was answered")
    await client.close()
