"""The saved games, newest first: carry one on, or delete it. A save that cannot be opened says
why, and is only ever moved aside (into ``set-aside/``), never deleted or overwritten; one being
played in another window says so, and is left to that window.

The saves are listed, opened and deleted in the app's store worker (``StoreWriter.read``), after
the writes asked before (a game just left is saved first), never on the event loop: with
``--database`` each is a round trip or more."""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime, UTC
from typing import TYPE_CHECKING

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from cardarcade.rules.base import BadSave
from cardarcade.store.saves import SaveEntry, SaveInUse
from cardarcade.ui.screens._dialog import only_on_top
from cardarcade.ui.screens._kept import KeptScreen, leave_for, update_changed
from cardarcade.ui.screens.menu import count_line
from cardarcade.ui.widgets.keybar import KeyBar

if TYPE_CHECKING:
    from cardarcade.seating import GameSetup
    from cardarcade.store.saves import SavedGame


def when(saved_at: datetime | None, now: datetime | None = None) -> str:
    """'just now', '5 min ago', 'today 18:02', 'yesterday 18:02', '2026-11-02 18:02'."""
    if saved_at is None:
        return ""
    now = now or datetime.now(UTC)
    seconds = (now - saved_at).total_seconds()
    local, today = saved_at.astimezone(), now.astimezone().date()
    if 0 <= seconds < 60:
        return "just now"
    if 0 <= seconds < 3600:
        return f"{int(seconds // 60)} min ago"
    if local.date() == today:
        return f"today {local:%H:%M}"
    if (today - local.date()).days == 1:
        return f"yesterday {local:%H:%M}"
    return f"{local:%Y-%m-%d %H:%M}"


def who_plays(entry: SaveEntry) -> str:
    """'You (ada), Bot 1': each seat, and whose profile a person plays as where the name does not say."""
    profiles = entry.profiles or (None,) * len(entry.players)
    return ", ".join(
        name if profile is None or profile == name else f"{name} ({profile})"
        for name, profile in zip(entry.players, profiles)
    )


def entry_text(entry: SaveEntry) -> Text:
    """Two lines: the game and when; who plays and how it stands (or why it cannot be opened, or
    that another window is playing it)."""
    if entry.problem is not None:
        return Text.assemble((entry.title, "bold"), "\n", (f"  cannot be opened: {entry.problem}", "italic"))
    title = Text.assemble((entry.title, "bold"), f"  {when(entry.saved_at)}")
    if entry.open_elsewhere:
        title.append("  · open in another window", style="bold italic")
    return Text.assemble(title, "\n", (f"  {who_plays(entry)} · {entry.summary}", "dim"))


class ContinueScreen(KeptScreen):
    """Kept once shown (``_kept.py``); the saves are listed afresh each time it shows."""

    BINDINGS = [
        Binding("enter", "resume", "Continue"),
        Binding("d", "remove", "Delete / set aside"),
        Binding("escape", "back", "Back"),
        Binding("q", "back", "Back", show=False),
    ]
    DEFAULT_CSS = """
    ContinueScreen #saves-title { height: 2; padding: 0 1; }
    ContinueScreen #saves { height: 1fr; }
    ContinueScreen #saves-message { height: auto; padding: 0 1; }
    """
    AUTO_FOCUS = "#saves"
    _listed: list[tuple[str, Text]] | None = None  # the saves as the list shows them
    entries: list[SaveEntry] = []
    listing = False  # the saves are being read (nothing listed yet: the title says so)

    def compose(self) -> ComposeResult:
        yield Static(id="saves-title")
        yield OptionList(id="saves")
        yield Static(id="saves-message")
        yield KeyBar()

    def on_mount(self) -> None:
        self.list_saves()

    def reopen(self) -> None:
        self.say("")
        self.list_saves()

    def list_saves(self) -> None:
        """Read the saves (off the loop) and list them; the list shown meanwhile stays."""
        if self._listed is None:
            self.listing = True
            update_changed(self.query_one("#saves-title", Static), Text.assemble(("Saved games", "bold"), "\nLoading…"))
        store = self.app.store
        self.app.store_writer.read(lambda: store.saves.entries(), self._list, self._cannot_read, on=self)

    def _cannot_read(self, exc: Exception) -> None:
        self.listing = False
        self.say(f"The saved games cannot be listed: {exc}")

    def _list(self, entries: list[SaveEntry]) -> None:
        self.listing = False
        self.entries = entries
        options = self.query_one("#saves", OptionList)
        listed = [(entry.save_id, entry_text(entry)) for entry in self.entries]
        if listed != self._listed:  # (shown again, the list is mostly as it was: not built again)
            self._listed = listed
            options.clear_options()
            options.add_options([Option(text, id=save_id) for save_id, text in listed])
        if self.entries:
            options.highlighted = 0
        broken = sum(e.problem is not None for e in self.entries)
        title = Text("Saved games", style="bold")
        if not self.entries:
            title.append("\nNone yet: a game you leave before its end is saved, and comes back here.", style="")
        else:
            title.append(
                "\n"
                + count_line(len(self.entries) - broken, broken)
                + (" · d sets one aside" if broken else " · enter continues one · d deletes it"),
                style="",
            )
        update_changed(self.query_one("#saves-title", Static), title)

    def say(self, text: str) -> None:
        update_changed(self.query_one("#saves-message", Static), Text(text, style="bold"))

    def selected(self) -> SaveEntry | None:
        index = self.query_one("#saves", OptionList).highlighted
        return self.entries[index] if index is not None and index < len(self.entries) else None

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.action_resume()

    @only_on_top
    def action_resume(self) -> None:
        entry = self.selected()
        if entry is None:
            return
        if entry.problem is not None:
            self.say(f"{entry.path.name} cannot be opened: {entry.problem}. d sets it aside.")
            return
        if entry.open_elsewhere:
            self.say(f"This {entry.title} is open in another window: carry it on there, or close it there first.")
            return
        if self.opening:
            return
        self.opening = True
        store = self.app.store
        # (in the worker, after the last save of a game just left: it is read back as written)
        self.app.store_writer.read(
            lambda: store.saves.open(entry.save_id),  # held by this window from now on
            lambda saved: self._opened(entry, saved),
            lambda exc: self._not_opened(entry, exc),
            on=self,
        )

    opening = False  # a save is being opened (another enter waits for it)

    def _not_opened(self, entry: SaveEntry, exc: Exception) -> None:
        self.opening = False
        if isinstance(exc, SaveInUse):  # another window took it since the list was made
            self.say(f"This {entry.title} is open in another window: carry it on there, or close it there first.")
        elif isinstance(exc, BadSave):  # changed on disk since the list was made
            self.say(f"{entry.path.name} cannot be opened: {exc}")
        else:
            self.say(f"This {entry.title} cannot be opened now: {exc}")
        self.list_saves()

    def _opened(self, entry: SaveEntry, saved: SavedGame) -> None:
        from cardarcade.ui.games import screen_for

        self.opening = False
        if self.app.screen is not self:  # (left meanwhile: the save is let go again)
            store = self.app.store
            self.app.store_writer.write(lambda: store.saves.let_go(entry.save_id), "The saved game could not be let go")
            return
        setup = self._played_by_this_player(saved.setup)
        self.app.memory.last_setups[setup.spec.id] = setup
        leave_for(self, screen_for(setup, saved))

    def _played_by_this_player(self, setup: GameSetup) -> GameSetup:
        """A game one person plays is carried on by the profile this terminal plays as now, and
        credited to it (it may have been saved by another profile: the player is told)."""
        people = [i for i, seat in enumerate(setup.seats) if not seat.is_bot]
        player = self.app.player
        if len(people) != 1 or setup.seats[people[0]].profile in (None, player):
            return setup
        seat = people[0]
        before = setup.seats[seat].profile
        self.app.notify(
            f"This game was {before}'s; it goes on as {player}'s, and its result counts for {player}.", timeout=8
        )
        seats = list(setup.seats)
        seats[seat] = replace(seats[seat], profile=player)
        return replace(setup, seats=tuple(seats))

    @only_on_top
    def action_remove(self) -> None:
        from cardarcade.ui.screens.pause import ConfirmScreen

        entry = self.selected()
        if entry is None:
            return
        if entry.open_elsewhere:
            self.say(f"This {entry.title} is open in another window: it is not deleted from here.")
            return
        if entry.problem is None:
            question = f"Delete the saved {entry.title} ({who_plays(entry)})? It cannot be undone."
        else:
            question = f"Move {entry.path.name} out of this list (into set-aside/, kept as it is)?"
        self.app.push_screen(ConfirmScreen(question), lambda yes: self._remove(entry) if yes else None)

    def _remove(self, entry: SaveEntry) -> None:
        store = self.app.store

        def remove() -> str:
            if entry.problem is None:
                store.saves.remove(entry.save_id)
                return f"Deleted the saved {entry.title}."
            return f"Moved to {store.saves.set_aside(entry.save_id)}."

        def failed(exc: Exception) -> None:
            self.say(f"{entry.path.name} was left as it is: {exc}")
            self.list_saves()

        def done(said: str) -> None:
            self.say(said)
            self.list_saves()

        self.app.store_writer.read(remove, done, failed, on=self)

    @only_on_top
    def action_back(self) -> None:
        self.app.pop_screen()
