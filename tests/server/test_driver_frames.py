"""What the server's driver sends for a frame: a terminal that answered for synchronized output
(mode 2026) gets each frame, its start, body and end, in one write (one SSH packet, not three)."""

from __future__ import annotations

from textual.app import App

from cardarcade.server.driver import TerminalDriver
from cardarcade.ui.textual_compat import SYNC_END, SYNC_START


class Written:
    """A session's terminal that keeps what it is sent, write by write."""

    def __init__(self) -> None:
        self.writes: list[bytes] = []

    def write(self, data: bytes) -> None:
        self.writes.append(data)

    def first_frame(self) -> None:
        pass

    def input_full(self, full: bool) -> None:
        pass

    def input_flood(self) -> None:
        pass


async def test_a_synchronized_frame_is_sent_in_one_write_and_other_writes_at_once():
    terminal = Written()
    driver = TerminalDriver(App(), terminal=terminal, size=(80, 24))
    driver.write("\x07")  # (outside a frame: sent as it comes)
    assert terminal.writes == [b"\x07"]
    driver.write(SYNC_START)
    driver.write("\x1b[1;1Hthe frame ♠")
    assert terminal.writes == [b"\x07"]  # (held until the frame's end)
    driver.write(SYNC_END)
    assert terminal.writes == [b"\x07", f"{SYNC_START}\x1b[1;1Hthe frame ♠{SYNC_END}".encode()]
    driver.write("\x1b[1;1Hno sync")  # (a terminal without it: each frame as one write already)
    assert terminal.writes[-1] == b"\x1b[1;1Hno sync" and len(terminal.writes) == 3
