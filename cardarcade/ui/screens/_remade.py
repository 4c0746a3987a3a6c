"""The home screens (the menu, a server's lobby) let go of their widgets while a game is played
over them, and make them again when they show.

On the server a session in a game kept the menu and the lobby under it as whole widget trees,
a sixth of its memory, for nobody to see (each widget has its task, its message queue, its
styles): over a game they are let go (``let_go_of_widgets``, from ``ArcadeApp``), and made again,
as they were left, when the game is left. The screen itself stays in the stack, and so does
what it knows (attributes of the screen); Textual's own widgets (the notifications' rack) go and
come back with the rest. Only what a widget held and a fresh compose would not
make again (a cursor, a line typed) is noted first (``note_state``) and given back
(``restore_state``).
"""

from __future__ import annotations

from textual.screen import Screen

from cardarcade.ui.textual_compat import compose_again, every_child, forget_removed_children


class RemadeScreen(Screen):
    """A screen whose widgets may be let go while it is hidden, and made again when it shows."""

    widgets_let_go = False  # its widgets are gone, to be made again when it shows
    _remaking = False  # its widgets are being made again (``make_widgets_again`` is under way)
    _emptied = False  # its widgets have gone (``_empty`` ran), not just been told to go
    _focused_id: str | None = None  # the widget that had the focus, by its id

    def note_state(self) -> None:
        """Keep, on the screen, what its widgets hold that a fresh compose would not make."""

    def restore_state(self) -> None:
        """Give the widgets just made again what ``note_state`` kept."""

    def let_go_of_widgets(self) -> None:
        if self.widgets_let_go or not self.is_mounted:
            return
        # Hidden again while its widgets are being made (a game started at once: keys typed
        # ahead), there is nothing to note: what was noted last time still stands, unseen.
        if not self._remaking:
            self.note_state()
            focused = self.focused
            self._focused_id = focused.id if focused is not None else None
        self.widgets_let_go = True
        self.call_later(self._empty)

    async def _empty(self) -> None:
        if not self.widgets_let_go:
            return  # (shown again before they went: they stay, as they are)
        self._emptied = True
        # (Textual's own widgets too: a hidden screen shows no notifications; each is a widget's cost)
        await self.remove_children(every_child(self))
        forget_removed_children(self)  # (else they are kept from the garbage collector)

    async def make_widgets_again(self) -> None:
        """As they were let go (called first as the screen shows again; nothing if they were not)."""
        if not self.widgets_let_go:
            return
        self.widgets_let_go = False
        if not self._emptied:
            return  # shown again before they went (a game left at once): all there still
        self._emptied = False
        self._remaking = True
        try:
            await compose_again(self)
        finally:
            self._remaking = False
        if self.widgets_let_go:  # (hidden again meanwhile: they go again, as noted before)
            return
        if self._focused_id is not None:
            found = self.query(f"#{self._focused_id}")
            if found:
                self.set_focus(found.first())
        self.restore_state()
