"""A server's lobby: who is online, the tables people share, a chat line; a new table; the room a
table's players wait in until it is dealt.

Apps of other sessions change the lobby; each screen here subscribes to it and redraws from its
own queue (``call_later``), never from another app's.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import Button, Input, Label, OptionList, Static, Switch
from textual.widgets.option_list import Option, OptionDoesNotExist

from cardarcade.table.shared import MOST_ALLOWED
from cardarcade.ui.screens._dialog import only_on_top
from cardarcade.ui.screens._remade import RemadeScreen
from cardarcade.ui.widgets.dropdown import DropDown
from cardarcade.ui.widgets.keybar import KeyBar

if TYPE_CHECKING:
    from cardarcade.rules.base import GameSpec
    from cardarcade.table.shared import SharedTable
    from cardarcade.ui.lobby_protocol import ListedElsewhere, LobbyProtocol

CHAT_SHOWN = 5


def open_game(app, table: SharedTable, seat: int | None) -> None:
    """Put this terminal at the dealt ``table``: its ``seat``, or watching (None)."""
    from cardarcade.ui.games import screen_class

    assert table.setup is not None
    app.push_screen(screen_class(table.spec.id)(table.setup, shared=table, seat=seat))


def _rules_note(house_rules: bool, hints: bool) -> str:
    """What a table's row says of how it plays, the same wherever it is hosted."""
    return (" · house rules" if house_rules else "") + (" · hints allowed" if hints else "")


def news_pause(watchers: int) -> float:
    """Seconds a lobby screen waits before drawing news, gathering what else comes meanwhile.

    Every arrival is news to every screen on the lobby: forty people arriving while forty wait
    there made 800 redraws in a few seconds, all at once on the server's one loop, and the people
    playing waited behind them. The pause grows with the screens that follow the lobby (a
    twentieth of a second each, at most two seconds), and differs a little from screen to screen
    so that their redraws do not all fall at the same moment."""
    return min(2.0, 0.05 * watchers) * random.uniform(0.75, 1.25)


class LobbyWatcher:
    """What every lobby screen shares: follow the lobby while shown, redraw from its own queue.

    A screen redraws once for a burst of news, and only while it is the top screen: a lobby
    covered by the menu or a game waits until it shows again. (Textual repaints the top screen
    wherever a screen under it changed, so a covered lobby redrawn on every arrival cost every
    session a whole frame per arrival.)"""

    _lobby_stale = False  # news came that this screen has not drawn yet

    def on_mount(self) -> None:
        lobby: LobbyProtocol = self.app.lobby
        lobby.subscribe(self, self._lobby_news)
        self.call_after_refresh(self.lobby_changed)  # (once mounted: it draws into the screen's widgets)

    def _lobby_news(self) -> None:
        if not self._lobby_stale:
            self._lobby_stale = True
            self.call_later(self._pause_for_news)  # (news comes from other sessions' apps)

    def _pause_for_news(self) -> None:
        self.set_timer(news_pause(self.app.lobby.watchers), self._redraw_if_shown)

    def _redraw_if_shown(self) -> None:
        if self._lobby_stale and self.app.screen is self:
            self._lobby_stale = False
            self.lobby_changed()

    def on_screen_resume(self) -> None:
        self._redraw_if_shown()

    def on_unmount(self) -> None:
        self.app.lobby.unsubscribe(self)

    def lobby_changed(self) -> None:
        raise NotImplementedError


class LobbyScreen(LobbyWatcher, RemadeScreen):
    HOME = True  # where leaving a game comes back to (ArcadeApp.leave_game)
    BINDINGS = [
        Binding("n", "new_table", "New table"),
        Binding("enter", "sit", "Sit down", priority=False),
        Binding("w", "watch", "Watch"),
        Binding("m", "menu", "Play alone"),
        Binding("c", "chat", "Chat"),
        Binding("q", "app.quit", "Quit"),
        # (the leaderboard and the last games finished: ui/screens/board.py)
        Binding("b", "board", "Leaderboard"),
        Binding("r", "recent", "Last games"),
    ]
    DEFAULT_CSS = """
    /* one row each, whatever the names online: the second (what to do) is never pushed out */
    LobbyScreen #lobby-title { height: 2; padding: 0 1; text-wrap: nowrap; text-overflow: ellipsis; }
    LobbyScreen #lobby-tables { height: 1fr; }
    LobbyScreen #lobby-chat { height: auto; max-height: 6; padding: 0 1; }
    LobbyScreen #lobby-say { margin: 0 1; }
    LobbyScreen #lobby-message { height: auto; padding: 0 1; }
    """
    AUTO_FOCUS = "#lobby-tables"
    # what the widgets show, so that news which changes nothing there (most of it: someone
    # arriving changes the title) costs no repaint
    _title_drawn: Text | None = None
    _tables_drawn: list[tuple[str, str]] | None = None  # (table id, row)
    _chat_drawn: Text | None = None
    # what the widgets held, while they are let go under a game (RemadeScreen)
    _said = ""  # the message line
    _typed = ""  # the chat line being written
    _table_chosen: str | None = None  # the table under the cursor, by its id

    def compose(self) -> ComposeResult:
        yield Static(id="lobby-title")
        yield OptionList(id="lobby-tables")
        yield Static(id="lobby-message")
        yield Static(id="lobby-chat")
        yield Input(
            placeholder="Say something to everyone here (enter sends, escape returns)", id="lobby-say", max_length=200
        )
        yield KeyBar()

    @property
    def lobby(self) -> LobbyProtocol:
        return self.app.lobby

    def lobby_changed(self) -> None:
        if not self.is_mounted or self.widgets_let_go:
            return
        me, lobby = self.app.player, self.lobby
        online = sorted(lobby.online)
        title = Text.assemble(
            (" Lobby ", "bold reverse"),
            f"  you are {me} · online ({len(online)}): ",
            ", ".join(online[:12]) + (" ..." if len(online) > 12 else ""),
        )
        held = [table.spec.title for table in lobby.held_seats(me)]
        elsewhere = lobby.live_seat(me, self.app.seat_holder)
        held_away = [t.title for t in lobby.elsewhere.values() if me in t.held]
        title.append("\n")
        if held_away and not held:
            title.append(f" Your seat at {held_away[0]} is kept for you: enter on it sits you back.", style="bold")
        elif held:
            seats = (
                "Your seat at " + held[0] + " is"
                if len(held) == 1
                else f"Your seats at {', '.join(held[:-1])} and {held[-1]} are"
            )
            title.append(
                f" {seats} kept for you: enter on {'it' if len(held) == 1 else 'one'} sits you back.", style="bold"
            )
        elif elsewhere is not None:
            title.append(
                f" You are at {elsewhere.spec.title} in another session: enter on it moves you here.", style="bold"
            )
        elif lobby.notice is not None:
            title.append(f" {lobby.notice}", style="bold")
        elif not lobby.tables and not lobby.elsewhere:
            title.append(" No tables yet: n sets one up for the others to join.", style="dim")
        else:
            title.append(" enter sits you at a table · w watches one · n sets up a new one", style="dim")
        if title != self._title_drawn:
            self._title_drawn = title
            self.query_one("#lobby-title", Static).update(title, layout=False)  # (two lines, always)
        rows = [(t.id, self._table_row(t)) for t in lobby.tables.values()]
        rows += [(table_id, self._elsewhere_row(t)) for table_id, t in lobby.elsewhere.items()]
        drawn = [(table_id, row.plain) for table_id, row in rows]
        if drawn != self._tables_drawn:  # (most news is someone arriving or leaving: the list stays)
            self._tables_drawn = drawn
            tables = self.query_one("#lobby-tables", OptionList)
            highlighted = tables.highlighted_option.id if tables.highlighted_option is not None else None
            tables.clear_options()
            tables.add_options([Option(row, id=table_id) for table_id, row in rows])
            ids = [table_id for table_id, _ in rows]
            if ids:
                tables.highlighted = ids.index(highlighted) if highlighted in ids else 0
        chat = [Text.assemble((f"{line.name}: ", "bold"), line.text) for line in list(lobby.chat)[-CHAT_SHOWN:]]
        said = Text("\n").join(chat) if chat else Text("(no chat yet)", style="dim")
        if said != self._chat_drawn:
            self._chat_drawn = said
            self.query_one("#lobby-chat", Static).update(said)

    @staticmethod
    def _table_row(table: SharedTable) -> Text:
        rules = _rules_note(table.options != table.spec.Options(), table.hints)
        return Text.assemble(
            (table.spec.title, "bold"),
            f"  {len(table.places)} players{rules} · {table.status()}",
            "\n",
            (f"  {', '.join(table.describe_seats())}", "dim"),
        )

    @staticmethod
    def _elsewhere_row(table: ListedElsewhere) -> Text:
        rules = _rules_note(table.house_rules, table.hints)
        return Text.assemble(
            (table.title, "bold"),
            f"  {table.players} players{rules} · {table.status}",  # (played alike, wherever it is hosted)
            "\n",
            (f"  {', '.join(table.seats)}", "dim"),
        )

    def _chose_elsewhere(self, sit: bool) -> bool:
        """Whether the table under the cursor is hosted by another server process: then this
        terminal sits down there (or watches, ``sit`` False) once that process answers."""
        option = self.query_one("#lobby-tables", OptionList).highlighted_option
        listed = self.lobby.elsewhere.get(option.id) if option is not None and option.id else None
        if listed is None or option is None or option.id is None:
            return False
        self.say(f"{'Sitting down at' if sit else 'Opening'} {listed.title}…")
        self.run_worker(self._join_elsewhere(option.id, sit), group="join", exclusive=True)
        return True

    async def _join_elsewhere(self, table_id: str, sit: bool) -> None:
        from cardarcade.table.shared import SeatTaken

        try:
            table, seat = await self.lobby.join_elsewhere(table_id, self.app.player, self.app.seat_holder, sit)
        except SeatTaken as exc:
            self.say(f"{exc}.")
            return
        self.say("")
        if self.app.screen is not self:  # (the person went elsewhere meanwhile)
            if seat is not None:
                table.stand(self.app.player, self.app.seat_holder)
            return
        if table.dealt:
            open_game(self.app, table, seat)
        else:
            self.app.push_screen(TableRoomScreen(table))

    def say(self, text: str) -> None:
        self._said = text
        if not self.widgets_let_go:  # (else said when they are made again)
            self.query_one("#lobby-message", Static).update(Text(text, style="bold"))

    async def on_screen_resume(self) -> None:
        await self.make_widgets_again()  # (then LobbyWatcher's: news that came meanwhile)

    def note_state(self) -> None:
        option = self.query_one("#lobby-tables", OptionList).highlighted_option
        self._table_chosen = option.id if option is not None else None
        self._typed = self.query_one("#lobby-say", Input).value

    def restore_state(self) -> None:
        self._title_drawn = self._tables_drawn = self._chat_drawn = None  # (nothing drawn in the new widgets)
        self._lobby_stale = False
        self.lobby_changed()
        tables = self.query_one("#lobby-tables", OptionList)
        if self._table_chosen is not None:
            try:
                tables.highlighted = tables.get_option_index(self._table_chosen)
            except OptionDoesNotExist:
                pass  # (that table has gone since)
        self.query_one("#lobby-say", Input).value = self._typed
        if self._said:
            self.say(self._said)

    def selected(self) -> SharedTable | None:
        option = self.query_one("#lobby-tables", OptionList).highlighted_option
        return self.lobby.tables.get(option.id) if option is not None and option.id else None

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.action_sit()

    @only_on_top
    def action_sit(self) -> None:
        from cardarcade.table.shared import SeatTaken

        table = self.selected()
        if table is None:
            if not self._chose_elsewhere(sit=True):
                self.say("No table chosen: n sets one up.")
            return
        me = self.app.player
        try:
            seat = table.sit(me, holder=self.app.seat_holder)
        except SeatTaken as exc:
            self.say(f"{exc}." + (" w watches it." if table.dealt else ""))
            return
        if table.dealt:
            open_game(self.app, table, seat)
        else:
            self.app.push_screen(TableRoomScreen(table))

    @only_on_top
    def action_watch(self) -> None:
        table = self.selected()
        if table is None and self._chose_elsewhere(sit=False):
            return
        if table is None or not table.dealt:
            self.say("Only a table in play can be watched." if table else "No table chosen.")
            return
        open_game(self.app, table, None)

    @only_on_top
    def action_new_table(self) -> None:
        self.app.push_screen(NewTableScreen())

    @only_on_top
    def action_menu(self) -> None:
        from cardarcade.ui.screens.menu import MenuScreen

        self.app.push_screen(MenuScreen())

    @only_on_top
    def action_board(self) -> None:
        from cardarcade.ui.screens.board import LeaderboardScreen

        self.app.push_screen(LeaderboardScreen())

    @only_on_top
    def action_recent(self) -> None:
        from cardarcade.ui.screens.board import RecentGamesScreen

        self.app.push_screen(RecentGamesScreen())

    def action_chat(self) -> None:
        self.query_one("#lobby-say", Input).focus()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        refused = self.lobby.say(self.app.player, event.value)
        if refused is not None:
            # The line stays to be sent again, selected, so that typing replaces it instead of
            # running on from it.
            self.say(f"Not sent: {refused}. Enter sends it again; typing replaces it.")
            event.input.select_all()
            return
        event.input.value = ""
        self.say("")

    def key_escape(self) -> None:
        self.query_one("#lobby-tables", OptionList).focus()


class NewTableScreen(Screen):
    """The game, how many play, how many of the seats are for people, the bots' level."""

    BINDINGS = [Binding("escape", "back", "Back"), Binding("f5", "create", "Create")]
    DEFAULT_CSS = """
    NewTableScreen #new-form { height: 1fr; }
    NewTableScreen .field { height: auto; }
    NewTableScreen .field-label { width: 26; padding: 1 1 0 1; }
    NewTableScreen #new-error { height: auto; padding: 0 1; }
    """
    AUTO_FOCUS = "#new-game"

    def compose(self) -> ComposeResult:
        from cardarcade.catalog import CATALOG

        first = next(iter(CATALOG))
        players, people, levels = self._choices(first)
        yield Static(Text.assemble((" A new table ", "bold reverse"), "  the others join it from the lobby"))
        with VerticalScroll(id="new-form"):
            with Horizontal(classes="field"):
                yield Label("Game", classes="field-label")
                yield DropDown([(info.title, info.id) for info in CATALOG.values()], value=first, id="new-game")
            with Horizontal(classes="field"):
                yield Label("Players", classes="field-label")
                yield DropDown(players[0], value=players[1], id="new-players")
            with Horizontal(classes="field"):
                yield Label("Seats for people", classes="field-label")
                yield DropDown(people[0], value=people[1], id="new-people")
            with Horizontal(classes="field"):
                yield Label("Bots (and stand-ins)", classes="field-label")
                yield DropDown(levels[0], value=levels[1], id="new-level")
            with Horizontal(classes="field"):
                yield Label("Allow for round trips", classes="field-label")
                yield Switch(False, id="new-rtt")
            yield Static(
                "On: a press counts from half a player's measured round trip earlier (at most "
                f"{round(MOST_ALLOWED * 1000)} ms), so a far-away player is not slower for the distance.",
                classes="field-help",
            )
            with Horizontal(classes="field"):
                yield Label("Allow hints", classes="field-label")
                yield Switch(False, id="new-hints")
            yield Static(
                "On: h asks the strongest bot for a move, in turn-based games; a game with a hint asked is not rated.",
                classes="field-help",
            )
            with Horizontal(classes="field"):
                yield Button("Create", id="create", variant="primary")
                yield Button("Back", id="back")
            yield Static(id="new-error")
        yield KeyBar()

    @staticmethod
    def _choices(game_id: str) -> tuple[tuple[list, int], tuple[list, int], tuple[list, str]]:
        """(choices, default) for the players, the people's seats and the bots' level of a game."""
        from cardarcade.rules import GAMES

        spec = GAMES[game_id]
        return (
            ([(str(n), n) for n in range(spec.min_players, spec.max_players + 1)], spec.default_players),
            NewTableScreen._people_choices(spec.default_players),
            NewTableScreen._level_choices(spec, spec.default_players),
        )

    @staticmethod
    def _level_choices(spec: GameSpec, players: int, chosen: str = "medium") -> tuple[list, str]:
        """The bots' levels at a table of ``players`` (an expert that plays only heads-up is not
        offered at a larger one), ``chosen`` kept where it is offered (else the one below)."""
        from cardarcade.bots import level_at, levels_for

        return [(lvl, lvl) for lvl in levels_for(spec, players)], level_at(spec, players, chosen)

    @staticmethod
    def _people_choices(players: int) -> tuple[list, int]:
        return [(str(n), n) for n in range(1, players + 1)], min(2, players)

    def _spec(self):
        from cardarcade.rules import GAMES

        return GAMES[str(self.query_one("#new-game", DropDown).value)]

    @staticmethod
    def _fill(select: DropDown, choices: tuple[list, object]) -> None:
        select.set_choices(choices[0])
        select.value = choices[1]

    def _fit_to_game(self) -> None:
        players, people, levels = self._choices(self._spec().id)
        self._fill(self.query_one("#new-players", DropDown), players)
        self._fill(self.query_one("#new-people", DropDown), people)
        self._fill(self.query_one("#new-level", DropDown), levels)

    def _fit_people(self, players: int) -> None:
        self._fill(self.query_one("#new-people", DropDown), self._people_choices(players))
        level = self.query_one("#new-level", DropDown)
        self._fill(level, self._level_choices(self._spec(), players, str(level.value)))

    def on_drop_down_changed(self, event: DropDown.Changed) -> None:
        if event.drop_down.id == "new-game":
            self._fit_to_game()
        elif event.drop_down.id == "new-players" and isinstance(event.value, int):
            self._fit_people(event.value)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        (self.action_create if event.button.id == "create" else self.action_back)()

    @only_on_top
    def action_back(self) -> None:
        self.app.pop_screen()

    @only_on_top
    def action_create(self) -> None:
        from cardarcade.table.shared import SeatTaken

        players, people = self.query_one("#new-players", DropDown).value, self.query_one("#new-people", DropDown).value
        if not isinstance(players, int) or not isinstance(people, int):
            return
        try:
            table = self.app.lobby.create_table(
                self._spec(),
                creator=self.app.player,
                players=players,
                people=people,
                level=str(self.query_one("#new-level", DropDown).value),
                compensate_rtt=self.query_one("#new-rtt", Switch).value,
                pace=self.app.settings.pace,
                think_seconds=self.app.settings.hard_bot_seconds,
                holder=self.app.seat_holder,
                hints=self.query_one("#new-hints", Switch).value,
            )
        except SeatTaken as exc:
            self.query_one("#new-error", Static).update(Text(f"{exc}.", style="bold"))
            return
        self.app.switch_screen(TableRoomScreen(table))


class TableRoomScreen(LobbyWatcher, Screen):
    """The seats of a table not yet dealt: who sits where, who is awaited. Its creator deals (the
    open seats go to bots); everyone seated goes to the game the moment it is dealt."""

    BINDINGS = [
        Binding("d", "deal", "Deal now"),
        Binding("escape", "stand", "Stand up"),
        Binding("q", "stand", "Stand up", show=False),
    ]
    DEFAULT_CSS = """
    TableRoomScreen { align: center middle; }
    TableRoomScreen #room-box { width: 70; height: auto; border: thick $primary; padding: 1 2; }
    """

    def __init__(self, table: SharedTable) -> None:
        super().__init__()
        self.table = table
        self._gone = False

    def compose(self) -> ComposeResult:
        with Vertical(id="room-box"):
            yield Static(id="room-text")
        yield KeyBar()

    def lobby_changed(self) -> None:
        if not self.is_mounted or self._gone:
            return
        table, me = self.table, self.app.player
        if table.dealt:
            seat = table.seat_of(me)
            self._gone = True
            self.app.pop_screen()
            if seat is not None and table.holds(seat, self.app.seat_holder):
                open_game(self.app, table, seat)
            return
        lobby = self.app.lobby
        if not lobby.lists(table) or table.seat_of(me) is None:
            self._gone = True
            self.app.pop_screen()
            return
        lines = [
            Text.assemble((f"{table.spec.title}", "bold"), f" · {len(table.places)} players · bots {table.level}"),
            Text(""),
        ]
        for i, who in enumerate(table.describe_seats()):
            lines.append(Text(f"  Seat {i + 1}: {who}" + ("  (you)" if table.places[i].player == me else "")))
        lines.append(Text(""))
        free = len(table.open_seats())
        if me == table.creator:
            lines.append(
                Text(
                    f"Waiting for {free} more. d deals now: bots take the open seats."
                    if free
                    else "Everyone is here: d deals.",
                    style="bold",
                )
            )
        else:
            lines.append(
                Text(
                    f"Waiting for {free} more, and for {table.creator} to deal."
                    if free
                    else f"Everyone is here: waiting for {table.creator} to deal.",
                    style="bold",
                )
            )
        self.query_one("#room-text", Static).update(Text("\n").join(lines))
        self.refresh_bindings()  # d is the creator's, and the creator may have changed

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "deal":
            return self.app.player == self.table.creator
        return True

    @only_on_top
    def action_deal(self) -> None:
        if self.app.player == self.table.creator:
            self.table.deal()  # every seated screen, this one too, goes to the game (lobby_changed)

    @only_on_top
    def action_stand(self) -> None:
        self._gone = True
        self.table.stand(self.app.player, self.app.seat_holder)
        self.app.pop_screen()

    def on_unmount(self) -> None:
        super().on_unmount()
        if not self._gone:  # the session ended here, or another took the seat over: free it if still ours
            self.table.stand(self.app.player, self.app.seat_holder)
