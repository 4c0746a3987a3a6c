"""Keys no person can have meant: a held key's autorepeat piling up behind a slow screen.

A key held down repeats about thirty times a second; a key that opens or closes a screen (the
pause menu, the rules) takes a few hundred milliseconds to answer on a loaded machine. Without a
guard, a second of holding Escape queued minutes of screens opening and closing. So, at the point
where a key is acted on (the app's bindings):

- a repeat of the key that just changed the screen, made before the new screen settled (was
  drawn) and hard on the heels of the press before it (autorepeat's pace, or the same read), is
  dropped: the person was still holding it, not asking again (a press made once the screen was
  seen comes later than that, however late the paint is noted);
- a key that has waited in the queue for more than ``STALE_AFTER`` while keys were coming at more
  than ``BURST`` a second is dropped: that is a backlog of repeats, not typing ahead. Except into
  a text field: there, keys in one burst are a line typed ahead (or sent in one write by a
  client), every one of them meant, and each costs next to nothing.

What is dropped is counted, and said once when the storm is over (``key_intake.py``).
"""

from __future__ import annotations

from collections import deque

STALE_AFTER = 0.5  # seconds a key may wait to be acted on, during a burst, before it is dropped
BURST = 15  # keys made within one second: faster than anyone types, as fast as autorepeat
SETTLE_AT_MOST = 1.0  # seconds after which a new screen counts as settled even if no paint said so
REPEAT_GAP = 0.1  # seconds between two presses of one key that only a held key (or a backlog) makes


class KeyGuard:
    def __init__(self) -> None:
        self.dropped = 0  # in the storm under way (reset once it has been said)
        self._made: deque[float] = deque()  # when the recent keys were made (pressed)
        self._made_by_key: dict[str, deque[float]] = {}  # the same, for each key
        self._screen_key: str | None = None  # the key that last changed the screen...
        self._changed_at = 0.0  # ...when...
        self._settled_at: float | None = None  # ...and when the new screen was drawn (None: not yet)

    def made(self, key: str, made_at: float) -> None:
        """A key arrived, pressed at ``made_at``."""
        for made in (self._made, self._made_by_key.setdefault(key, deque())):
            made.append(made_at)
            while made and made[0] < made_at - 1.0:
                made.popleft()

    def _held(self, key: str, made_at: float) -> bool:
        """Whether this press of ``key`` came at a held key's pace after the one before it."""
        before = [t for t in self._made_by_key.get(key, ()) if t < made_at]
        return bool(before) and made_at - max(before) < REPEAT_GAP

    def admit(self, key: str, made_at: float, now: float, *, typing: bool = False) -> bool:
        """Whether a key made at ``made_at`` is acted on now; else it is counted as dropped.
        ``typing``: a text field has the focus."""
        settled = self._settled_at
        if settled is None and now - self._changed_at > SETTLE_AT_MOST:
            settled = self._changed_at + SETTLE_AT_MOST
        if key == self._screen_key and (settled is None or made_at < settled) and self._held(key, made_at):
            self.dropped += 1
            return False
        if not typing and now - made_at > STALE_AFTER and len(self._made) > BURST:
            self.dropped += 1
            return False
        return True

    def screen_changed(self, key: str, now: float) -> None:
        """``key`` opened or closed a screen: its repeats wait until ``settled``."""
        self._screen_key, self._changed_at, self._settled_at = key, now, None

    def settled(self, now: float) -> None:
        if self._settled_at is None:
            self._settled_at = now


class FreshPress:
    """Whether a press asking a screen to move on was meant for it, not for the game behind it.

    Enter is the move key of many games, pressed at play pace: a press that comes within
    ``guard`` seconds of the press before it (or of the moment the screen asked for one) is
    still the game's rhythm, or a held key. Every such press starts the pause over, so only a
    press after a real pause counts (the result screen's "play again", the hot-seat cover).
    """

    def __init__(self, asked_at: float) -> None:
        self._last = asked_at  # the latest press, or the moment the screen asked

    def asked(self, at: float) -> None:
        """The screen (again) asks for a press from ``at``: one landing as it appears is not an answer."""
        self._last = max(self._last, at)

    def fresh(self, made_at: float, guard: float) -> bool:
        """Whether a press made at ``made_at`` came after a pause of at least ``guard`` seconds."""
        before, self._last = self._last, max(self._last, made_at)
        return guard <= 0 or made_at - before >= guard
