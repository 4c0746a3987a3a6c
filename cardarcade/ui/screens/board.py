"""Two views a server's lobby opens: the leaderboard of each game (``b``) and the last games
finished on the server (``r``), each replayed on the replay screen with every hand open.

Both read the lobby (``LobbyProtocol.board`` and ``recent``: kept by the server for every worker)
and follow it, as the lobby does. Names are people's own: always drawn as plain text.
"""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING, ClassVar

from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from cardarcade.ui.screens.lobby import LobbyWatcher
from cardarcade.ui.widgets.keybar import KeyBar

if TYPE_CHECKING:
    from cardarcade.replay import Positions, Replay
    from cardarcade.ui.lobby_protocol import Finished, LobbyProtocol, Standing

TOP = 10  # places shown
NAME_WIDTH = 24  # columns of a name (the server's longest)


def _title(game_id: str) -> str:
    from cardarcade.catalog import CATALOG

    info = CATALOG.get(game_id)
    return info.title if info is not None else game_id


def _in_catalog_order(games: list[str]) -> list[str]:
    from cardarcade.catalog import CATALOG

    order = {game_id: n for n, game_id in enumerate(CATALOG)}
    return sorted(games, key=lambda g: (order.get(g, len(order)), g))


def standing_row(place: int, standing: Standing, me: bool) -> Text:
    """'  3. ada                       1,538    14 games' (a ? marks a provisional rating)."""
    games = f"{standing.rated} game{'' if standing.rated == 1 else 's'}"
    row = Text(f" {place:>4}. ", style="bold" if me else "")
    row.append(standing.name[:NAME_WIDTH].ljust(NAME_WIDTH), style="bold" if me else "")  # (as text: never markup)
    row.append(f" {standing.shown:>7}  {games:>9}", style="bold" if me else "")
    if me:
        row.append("  ← you", style="bold")
    return row


class LeaderboardScreen(LobbyWatcher, Screen):
    """The top places of one game, and this person's own place wherever it is; ←/→ change game."""

    BINDINGS: ClassVar[list[Binding]] = [
        Binding("left,h", "game(-1)", "Game before", key_display="←"),
        Binding("right,l", "game(1)", "Next game", key_display="→"),
        Binding("r", "recent", "Last games"),
        Binding("escape,q,b", "back", "Back"),
    ]
    DEFAULT_CSS = """
    LeaderboardScreen #board-title { height: 3; padding: 0 1; }
    LeaderboardScreen #board { height: 1fr; }
    """

    def __init__(self, game: str | None = None) -> None:
        super().__init__()
        self.game = game
        self._drawn: tuple[Text, Text] | None = None

    def compose(self) -> ComposeResult:
        yield Static(id="board-title")
        yield Static(id="board")
        yield KeyBar()

    @property
    def lobby(self) -> LobbyProtocol:
        return self.app.lobby  # type: ignore[attr-defined]

    def _games(self) -> list[str]:
        return _in_catalog_order(self.lobby.board.games())

    def lobby_changed(self) -> None:
        if not self.is_mounted:
            return
        board, me, games = self.lobby.board, self.app.player, self._games()  # type: ignore[attr-defined]
        if self.game is None and games:  # the game this person was last rated in, else the busiest
            self.game = board.latest_game(me) or max(games, key=board.count)
        game = self.game
        title = Text.assemble((" Leaderboard ", "bold reverse"), " ")
        if game is None:
            title.append("on this server", style="bold")
            title.append(
                "\n No one is rated here yet: a finished game against bots of a set level, or at a shared "
                "table, rates everyone at it.",
                style="",
            )
            self._draw(title, Text())
            return
        title.append(_title(game), style="bold")
        if game in games:
            rated_here = f"{len(games)} game{'' if len(games) == 1 else 's'} rated here"
            title.append(f"  ← {games.index(game) + 1} of {rated_here} →", style="dim")
        count = board.count(game)
        title.append(f"\n {count} {'person' if count == 1 else 'people'} rated · ", style="")
        title.append("? provisional (the first 10 games): listed after the others", style="dim")
        rows = [standing_row(n, s, s.name == me) for n, s in enumerate(board.top(game, TOP), start=1)]
        mine = board.place(game, me)
        if mine is not None and mine[0] > TOP:
            rows += [Text("     ⋮", style="dim"), standing_row(mine[0], mine[1], True)]
        elif mine is None:
            rows += [Text(""), Text(f" You have no rating in {_title(game)} yet.", style="dim")]
        self._draw(title, Text("\n").join(rows))

    def _draw(self, title: Text, board: Text) -> None:
        if self._drawn != (title, board):
            self._drawn = (title, board)
            self.query_one("#board-title", Static).update(title)
            self.query_one("#board", Static).update(board)

    def action_game(self, step: int) -> None:
        games = self._games()
        if not games:
            return
        if self.game in games:
            self.game = games[(games.index(self.game) + step) % len(games)]
        else:
            self.game = games[0 if step > 0 else -1]
        self.lobby_changed()

    def action_recent(self) -> None:
        self.app.switch_screen(RecentGamesScreen())

    def action_back(self) -> None:
        self.app.pop_screen()


def finished_row(game: Finished) -> Text:
    """Two lines: the game, when, who played and the moves; how it ended."""
    from cardarcade.ui.screens.saves import when

    who = [*game.players, game.bots] if game.bots else game.players
    row = Text.assemble((game.title, "bold"), f"  {when(game.when)}")
    row.append(f" · {', '.join(who)} · {game.moves:,} moves")  # (names as text: never markup)
    row.append("\n  ")
    row.append(game.result if game.has_replay else f"{game.result} (too long to replay here)", style="dim")
    if game.hinted:
        row.append(" · hinted: not rated", style="dim")
    return row


class RecentGamesScreen(LobbyWatcher, Screen):
    """The last games finished on the server, newest first: enter replays one, every hand open."""

    BINDINGS: ClassVar[list[Binding]] = [
        Binding("enter", "watch", "Replay"),
        Binding("b", "board", "Leaderboard"),
        Binding("escape,q,r", "back", "Back"),
    ]
    DEFAULT_CSS = """
    RecentGamesScreen #recent-title { height: 2; padding: 0 1; }
    RecentGamesScreen #recent { height: 1fr; }
    RecentGamesScreen #recent-message { height: auto; padding: 0 1; }
    """
    AUTO_FOCUS = "#recent"

    def __init__(self) -> None:
        super().__init__()
        self._listed: list[str] | None = None  # the ids shown
        self._opening = False

    def compose(self) -> ComposeResult:
        yield Static(id="recent-title")
        yield OptionList(id="recent")
        yield Static(id="recent-message")
        yield KeyBar()

    @property
    def lobby(self) -> LobbyProtocol:
        return self.app.lobby  # type: ignore[attr-defined]

    def lobby_changed(self) -> None:
        if not self.is_mounted:
            return
        games = list(self.lobby.recent)
        title = Text.assemble((" Last games on this server ", "bold reverse"), "\n")
        if games:
            title.append(f" The last {len(games)} finished here · enter replays one with every hand open", style="dim")
        else:
            title.append(" None yet: every game finished here, alone or at a shared table, is listed.", style="dim")
        self.query_one("#recent-title", Static).update(title)
        ids = [g.id for g in games]
        if ids == self._listed:
            return
        self._listed = ids
        options = self.query_one("#recent", OptionList)
        chosen = options.highlighted_option.id if options.highlighted_option is not None else None
        options.clear_options()
        options.add_options([Option(finished_row(g), id=g.id) for g in games])
        if ids:
            options.highlighted = ids.index(chosen) if chosen in ids else 0

    def say(self, text: str) -> None:
        self.query_one("#recent-message", Static).update(Text(text, style="bold"))

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.action_watch()

    def action_watch(self) -> None:
        option = self.query_one("#recent", OptionList).highlighted_option
        game = next((g for g in self.lobby.recent if option is not None and g.id == option.id), None)
        if game is None or self._opening:
            return
        if not game.has_replay:
            self.say(f"That game of {game.title} was too long to keep here: its players have it in their replays.")
            return
        self._opening = True
        self.say(f"Opening the {game.title}…")
        self._open(game.id, game.title)

    @work(exclusive=True, group="recent-open")
    async def _open(self, replay_id: str, title: str) -> None:
        from cardarcade.store.replays import BadReplay

        try:
            packed = await self.lobby.packed_replay(replay_id)
            if packed is None:
                raise BadReplay("it is no longer kept on the server")
            # (read and worked through in a thread: a game of thousands of moves takes tens of ms)
            replay, positions = await asyncio.to_thread(self._read, packed, title)
        except BadReplay as exc:
            self._opening = False
            self.say(f"It cannot be replayed: {exc}")
            return
        self._opening = False
        self.say("")
        if self.is_current:
            self.app.push_screen(replay_screen(replay, positions))

    def _read(self, packed: str, title: str) -> tuple[Replay, Positions]:
        from cardarcade.store.replays import BadReplay, check, parse
        from cardarcade.ui.screens.replay import opened

        text = self.lobby.unpacked(packed)
        if text is None:
            raise BadReplay("what the server keeps of it is damaged")
        replay = parse(text, f"the {title}")
        check(replay, f"the {title}")
        return replay, opened(replay)

    def action_board(self) -> None:
        self.app.switch_screen(LeaderboardScreen())

    def action_back(self) -> None:
        self.app.pop_screen()


def replay_screen(replay: Replay, positions: Positions) -> Screen:
    """The replay at its end, every hand open (the game is over: nothing is secret)."""
    from cardarcade.ui.screens.replay import ReplayScreen

    screen = ReplayScreen(replay, positions=positions)
    screen.every_hand = True
    return screen
