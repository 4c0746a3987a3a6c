"""Screens that change screens once per cause: modal dialogs that answer once, and the actions
of full screens that act only while their screen is on top.

A terminal hands over fast typing in one read, so several keys can be queued for a dialog
before it has handled the first. Textual's ``dismiss`` pops whatever screen is on top, so
each extra answer ("enter enter", "1212") would close the screen below: the game, then the
menu. A ``Dialog`` acts on its first answer only, and only while it is the screen on top and
mounted. Others may still close it before it is up (leaving the game closes everything over
it), so a dialog's mount handler must not count on its widgets: focus goes by ``AUTO_FOCUS``.
"""

from __future__ import annotations

import functools
from typing import Any, ClassVar, TypeVar
from collections.abc import Callable

from textual import events
from textual.await_complete import AwaitComplete
from textual.await_remove import AwaitRemove
from textual.screen import ModalScreen, Screen

from cardarcade.ui.backdrop import SeeThrough
from cardarcade.ui.textual_compat import background_screens, laid_out_size, remove_closed_screen

R = TypeVar("R")
A = TypeVar("A", bound=Callable[..., Any])


def only_on_top(action: A) -> A:
    """A screen action that changes screens, done only while its screen is on top: a second
    click or key queued behind the first would otherwise act again over whatever screen the
    first one opened (two games dealt, a setup opened twice)."""

    @functools.wraps(action)
    def guarded(self: Screen, *args: Any, **kwargs: Any) -> Any:
        return action(self, *args, **kwargs) if self.is_active else None

    return guarded  # type: ignore[return-value]


class Dialog(ModalScreen[R], SeeThrough):
    # What a game's end does with this dialog: a prompt that belongs to the turn (a choice, the
    # hot-seat cover) is closed for the result; one the player opened (pause, rules, history)
    # is left alone, and the result waits until the player closes it.
    CLOSES_WITH_THE_GAME: ClassVar[bool] = False

    def _on_resize(self, event: events.Resize) -> None:
        # Textual lays a screen out again when it is told its size, and the screens under it too.
        # A dialog is told its size as it is first laid out, at the size it was just laid out for:
        # that was a second layout of the dialog and one of the table, and a frame more, for
        # nothing. A new terminal size (the sizes differ) is laid out as Textual does.
        if all(laid_out_size(screen) == event.size for screen in (self, *background_screens(self.app))):
            event.prevent_default()
            event.stop()

    def remove(self) -> AwaitRemove:
        if self.is_attached and self not in self.app.screen_stack:
            # Closed: Textual would lay out the screen it uncovered again once this one is gone,
            # and draw it whole a second time (it was drawn as it came back on top).
            return remove_closed_screen(self)
        return super().remove()

    def dismiss(self, result: R | None = None) -> AwaitComplete:
        if not self.is_active:
            return AwaitComplete.nothing()  # answered already, or something lies over it
        if not self.is_mounted:
            # Answered before it was even drawn (f1 f1): closing it now would leave its own
            # mount handler looking for widgets already gone, so close it once it is up.
            self.call_after_refresh(self._dismiss_now, result)
            return AwaitComplete.nothing()
        return super().dismiss(result)

    def _dismiss_now(self, result: R | None) -> None:
        # Returns nothing on purpose: a callback's awaitable is awaited by this dialog's own
        # message pump, and a pump awaiting its own removal waits for ever.
        self.dismiss(result)
