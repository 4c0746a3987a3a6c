"""How an app ends when it is not asked to by a key: a signal, a terminal gone, an error of its own."""

from __future__ import annotations

import asyncio
import os
import signal
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING

from cardarcade.ui.textual_compat import app_error, app_loop, exit_with_message

if TYPE_CHECKING:
    from cardarcade.ui.app import ArcadeApp

# Seconds from losing the terminal to the end of the process, whatever the shutdown does meanwhile.
TERMINAL_GONE_EXIT = 2.0


class Ending:
    """Signals, a lost terminal and a crash, for one app. Apart from the app because these come
    from outside its loop (a signal handler, the input thread, a deadline thread) and must work
    even when the loop is stuck: every game in play is saved once, the process ends on time, and
    the exit status says what ended it."""

    def __init__(self, app: ArcadeApp, handle_signals: bool) -> None:
        # SIGTERM and SIGHUP end the app the way q does: only for the one app of a local process
        # (the SSH server runs many in one process and handles signals itself).
        self._app = app
        self.handle_signals = handle_signals
        self.ended_by_signal: int | None = None  # the signal that ended the app, if one did
        self._deadline: threading.Thread | None = None  # ends the process once the terminal is gone
        self._saving_at_end = threading.Lock()
        self._saved_at_end = False

    @contextmanager
    def signals_heard(self) -> Iterator[None]:
        """While the app runs, SIGTERM and SIGHUP end it (if it handles signals)."""
        if not self.handle_signals:
            yield
            return
        loop = asyncio.get_running_loop()
        loop.add_signal_handler(signal.SIGTERM, self._end_by_signal, signal.SIGTERM)
        # A hang-up is heard outside the loop: a loop blocked for good (a driver writing to the
        # terminal that is gone) would never run a handler of the loop's (terminal_lost).
        before = signal.signal(signal.SIGHUP, self._hung_up)
        try:
            yield
        finally:
            loop.remove_signal_handler(signal.SIGTERM)
            if signal.getsignal(signal.SIGHUP) == self._hung_up:
                signal.signal(signal.SIGHUP, before)

    def _end_by_signal(self, signum: int) -> None:
        """Leave as ``q`` would: the screens close (bots and timers with them) and the driver
        gives the terminal back. A second such signal is not caught: it ends the process. (A
        hang-up leaves no terminal to give back: _hung_up.)"""
        asyncio.get_running_loop().remove_signal_handler(signum)
        if self.ended_by_signal is None:
            self.ended_by_signal = signum
        self._app.exit(return_code=128 + signum)

    def _hung_up(self, signum: int, frame: object) -> None:
        """SIGHUP, in the main thread between two steps of whatever it was doing (even waiting on
        a lock): the deadline starts here, and the loop is asked to leave (if it still can)."""
        signal.signal(signum, signal.SIG_DFL)  # a second one ends the process at once
        if self.ended_by_signal is None:
            self.ended_by_signal = signum
        self._start_deadline(signum)
        loop = app_loop(self._app)
        if loop is not None:
            loop.call_soon_threadsafe(self.terminal_lost, signum)

    def terminal_lost(self, signum: int | None = None) -> None:
        """The terminal is gone (hung up, its input at an end or failing). Every game in play is
        saved at once, and the process ends within ``TERMINAL_GONE_EXIT`` seconds however the
        shutdown goes (the terminal is still given back if it is there after all)."""
        self._save_games_now()
        self._start_deadline(signum)
        if self.ended_by_signal is None and signum is not None:
            self.ended_by_signal = signum
        self._app.exit(return_code=128 + (signum or signal.SIGHUP))

    def _save_games_now(self) -> None:
        """Every game on the stack written now, in this thread (once, whoever asks first)."""
        with self._saving_at_end:
            if self._saved_at_end:
                return
            self._saved_at_end = True
            for screen in list(self._app.screen_stack):
                save = getattr(screen, "save_at_once", None)
                if save is not None:
                    save()

    def _start_deadline(self, signum: int | None) -> None:
        """For the one app of a local process: end the process ``TERMINAL_GONE_EXIT`` seconds
        from now if it has not ended by then (a server's sessions end on their own)."""
        if not self.handle_signals or self._deadline is not None:
            return
        self._deadline = threading.Thread(
            target=self._end_process_later, args=(signum,), daemon=True, name="cardarcade-deadline"
        )
        self._deadline.start()

    def _end_process_later(self, signum: int | None) -> None:
        time.sleep(TERMINAL_GONE_EXIT / 2)
        self._save_games_now()  # (if the loop never got to it: it is stuck, so nothing moves meanwhile)
        self._app.store_writer.finish(TERMINAL_GONE_EXIT / 2 - 0.2)
        if signum is not None:  # ended by the signal it was sent, as a shell expects
            signal.pthread_kill(threading.main_thread().ident, signum)  # (its handler is the default by now)
            time.sleep(0.1)
        os._exit(128 + (signum or signal.SIGHUP))

    def crash(self) -> None:
        """An error in our own code: the player gets a short apology and where the details went,
        not a screenful of traceback (written to a crash file for whoever fixes it)."""
        import traceback

        app = self._app
        error = sys.exc_info()[1] or app_error(app)
        details = "".join(traceback.format_exception(error)) if error is not None else "(no exception recorded)\n"
        path = Path(app.store.data_dir) / "crashes" / time.strftime("crash-%Y%m%d-%H%M%S.txt")
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(details, encoding="utf-8")
            where = f"The details are in {path}; please send them to us."
        except OSError:
            where = "The details could not be written down:\n" + details
        app.bell()
        exit_with_message(
            app,
            "cardarcade hit an error of its own and had to stop. Games are saved as they "
            f"go: c on the menu carries yours on. {where}",
        )
