"""The loop watchdog: what an operator reads when something held the server's loop."""

from __future__ import annotations

import asyncio
import logging
import re
import time

from cardarcade.server.watchdog import LoopWatchdog
from ssh_helpers import until


async def test_a_held_loop_is_logged_at_once_then_once_a_second_with_the_longest_pause(caplog):
    # (a threshold well above what a loaded test machine stalls a process for)
    caplog.set_level(logging.WARNING, logger="cardarcade.server")
    dog = LoopWatchdog(every=0.01, threshold=0.2, report_every=1.0)
    dog.start()
    try:
        await asyncio.sleep(0.1)
        assert not caplog.records  # an idle loop is on time
        time.sleep(0.4)  # something holds the loop
        await until(lambda: caplog.records, "the first pause told")
        assert re.fullmatch(r"loop paused \d+ ms", caplog.records[0].getMessage())
        for held in (0.3, 0.6):  # two more within the second: told together, once
            time.sleep(held)
            await asyncio.sleep(0.02)
        await until(lambda: len(caplog.records) >= 2, "the next line, a second after the first")
        told = re.fullmatch(
            r"loop paused (\d+) ms \(the longest of (\d+) pauses over 200 ms\)", caplog.records[1].getMessage()
        )
        assert told and int(told.group(1)) >= 550 and int(told.group(2)) >= 2
    finally:
        dog.stop()


async def test_while_nobody_is_connected_it_looks_twice_a_second_not_a_hundred_times():
    # Wake-ups cost an idle server CPU; nobody is there to feel a pause.
    connected = False
    dog = LoopWatchdog(every=0.01, idle_every=0.5, watched=lambda: connected)
    dog.start()
    try:
        await asyncio.sleep(0.6)
        assert dog.looks <= 2
        connected = True  # someone connects: within the next idle look, it looks often again
        await asyncio.sleep(0.6)
        assert dog.looks >= 5  # (the loop is quiet: every 10 ms, then up to every 50, the threshold)
    finally:
        dog.stop()


async def _burn(seconds: float, every: float = 0.005, share: float = 0.8) -> None:
    """Keep the loop busy for ``seconds``: ``share`` of each ``every`` spent working."""
    loop = asyncio.get_running_loop()
    end = loop.time() + seconds
    while loop.time() < end:
        began = time.thread_time()
        while time.thread_time() - began < every * share:
            pass
        await asyncio.sleep(every * (1 - share))


async def test_people_connected_to_a_quiet_loop_it_looks_at_the_threshold_and_often_once_the_loop_is_busy():
    # Everyone idle on a menu: a look every 10 ms was most of what the server did.
    dog = LoopWatchdog(every=0.01, threshold=0.05)
    dog.start()
    try:
        await asyncio.sleep(0.3)  # (quiet from the start: it has backed off)
        before = dog.looks
        await asyncio.sleep(1.0)
        quiet = dog.looks - before
        assert 10 <= quiet <= 25  # about every 50 ms
        await _burn(0.5)
        assert dog._every <= 2 * dog.every  # busy: every 10 ms again (each look waits for the work under way)
    finally:
        dog.stop()


async def test_a_pause_that_begins_on_a_quiet_loop_is_still_told(caplog):
    caplog.set_level(logging.WARNING, logger="cardarcade.server")
    dog = LoopWatchdog(every=0.01, threshold=0.1, report_every=0.0)
    dog.start()
    try:
        await asyncio.sleep(0.6)  # quiet: it looks only every 100 ms
        assert not caplog.records
        time.sleep(0.25)  # twice the threshold and more: late by at least 150 ms whenever it began
        await until(lambda: caplog.records, "the pause told")
        told = re.fullmatch(r"loop paused (\d+) ms", caplog.records[0].getMessage())
        assert told and 150 <= int(told.group(1))
    finally:
        dog.stop()
