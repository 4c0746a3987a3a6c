"""The key guard at work in an app: each key admitted or let go as it arrives, what was let go
said once the storm is over, and the guard told when a screen changes (keyguard.py says why)."""

from __future__ import annotations

from time import monotonic

from textual import events
from textual.app import App
from textual.screen import Screen
from textual.timer import Timer
from textual.widgets import Input

from cardarcade.ui.keyguard import KeyGuard
from cardarcade.ui.textual_compat import text_area_class

KEYS_SAID_AFTER = 0.6  # seconds after the last key let go in a storm that the storm is said to be over


class KeyIntake:
    """Where an app's keys pass its ``KeyGuard``. Apart from the app because the guard needs the
    app's timing at three points (a key arriving, a key about to act, a screen changing) and
    they share what they learn: the last key, the keys let go, the message about them."""

    def __init__(self, app: App) -> None:
        self._app = app
        self.guard = KeyGuard()  # a held key's repeats do not pile up
        self._last_key: str | None = None  # the last key to arrive: what changed the screen, if a key did
        self._keys_said: Timer | None = None

    def arrived(self, event: events.Key) -> bool:
        """A key came from the terminal; whether it goes on."""
        self.guard.made(event.key, event.time)
        self._last_key = event.key
        return self.admit(event)

    def admit(self, event: events.Key) -> bool:
        """Whether the key is acted on (it may have waited while the screen changed)."""
        if self.guard.admit(event.key, event.time, monotonic(), typing=self._typing()):
            return True
        self._said_later()
        return False

    def let_go(self) -> None:
        """A key a screen would not act on (it was covered before the key's turn came): counted
        with those the key guard drops, and said with them."""
        self.guard.dropped += 1
        self._said_later()

    def screen_changed(self, screen: Screen) -> None:
        """A screen opened or closed; the key that did it, if one did, waits for it to be drawn."""
        if self._last_key is not None:
            self.guard.screen_changed(self._last_key, monotonic())
            screen.call_after_refresh(lambda: self.guard.settled(monotonic()))

    def _said_later(self) -> None:
        # Said once the storm is over, not once a key.
        if self._keys_said is None:
            self._keys_said = self._app.set_timer(KEYS_SAID_AFTER, self._say_keys_dropped)
        else:
            self._keys_said.reset()

    def _typing(self) -> bool:
        """Whether a text field has the focus (TextArea looked up only once something imported it:
        importing it costs the start-up a tenth of a second)."""
        focused = self._app.focused
        text_area = text_area_class()
        return isinstance(focused, Input) or (text_area is not None and isinstance(focused, text_area))

    def _say_keys_dropped(self) -> None:
        self._keys_said = None
        dropped, self.guard.dropped = self.guard.dropped, 0
        if dropped:
            self._app.notify(
                f"{dropped} keys came faster than they could be answered and were let go.",
                severity="warning",
                timeout=4,
                markup=False,
            )
