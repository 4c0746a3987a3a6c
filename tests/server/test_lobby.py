"""The lobby and shared tables, as people at different terminals meet them (asyncssh's client)."""

from __future__ import annotations

import asyncio
import inspect
import re

from cardarcade.cards import cards, standard_deck
from cardarcade.rules import GAMES
from cardarcade.server.lobby import Lobby
from cardarcade.table.clock import VirtualClock
from cardarcade.ui.lobby_protocol import LobbyProtocol
from cardarcade.ui.screens.lobby import news_pause
from ssh_helpers import connect, until

LOBBY = "· online ("
F5, DOWN, UP = "\x1b[15~", "\x1b[B", "\x1b[A"
CARD_FACE = re.compile(r"│(10|[2-9JQKA]) *│")  # the top line of a card face up: its rank


def at_game(client, title: str, name: str) -> bool:
    """Whether the client shows the shared game's title line, as ``name``."""
    return re.search(rf"^ {title}\s+you are {name}\b", client.text(), re.M) is not None


async def in_lobby(port: int, name: str):
    client = await connect(port, username=name)
    await until(lambda: LOBBY in client.text(), f"{name}'s lobby")
    return client


async def test_two_people_race_for_a_jack_and_the_first_press_to_arrive_wins(serve):
    server, port = await serve()
    ada, bob = await in_lobby(port, "ada"), await in_lobby(port, "bob")
    await until(lambda: "online (2): ada, bob" in ada.text(), "both online")
    ada.press("n")
    await until(lambda: "A new table" in ada.text(), "the new table form")
    ada.press("\r")  # the game list opens (keys sent before it shows would move the focus instead)
    await until(lambda: re.search(r"Game +▊ +War +▲", ada.text()), "the list of games open")
    ada.press(DOWN + "\r")  # the game: the second in the list
    await until(lambda: re.search(r"Game +▊ +Slapjack +▼", ada.text()), "Slapjack chosen")
    ada.press("\t\r")  # the players: two, so no bot is at the table to slap the jack first
    await until(lambda: re.search(r"Players +▊ +4 +▲", ada.text()), "the list of player counts open")
    ada.press(UP + UP + "\r")
    await until(lambda: re.search(r"Players +▊ +2 +▼", ada.text()), "two players chosen")
    ada.press(F5)
    await until(lambda: "Waiting for 1 more" in ada.text(), "ada waiting at her table")
    [table] = server.lobby.tables.values()
    table.deck = tuple(cards("Js 2h 3c 4d") + [c for c in standard_deck() if c not in cards("Js 2h 3c 4d")])
    await until(lambda: "ada, open" in bob.text(), "the table in bob's lobby")
    bob.press("\r")
    await until(lambda: "waiting for ada to deal" in bob.text(), "bob seated")
    ada.press("d")
    await until(lambda: at_game(bob, "Slapjack", "bob") and at_game(ada, "Slapjack", "ada"), "both at the game")
    await until(lambda: "Your turn: enter turns" in ada.text(), "the count-in over")
    ada.press("\r")  # turns the jack
    await until(lambda: "J" in bob.text() and "ada turns up J" in bob.text(), "the jack on bob's screen")
    bob.press(" ")
    await asyncio.sleep(0.3)  # (so far apart that a busy server reads them in that order)
    ada.press(" ")
    line = await until(lambda: re.search(r"⏱ (.*)", ada.text()), "the race's times on ada's screen")
    assert line.group(1).startswith("bob") and "wins" in line.group(1).split("·")[0]
    await until(lambda: "bob wins" in bob.text() or "⏱ bob" in bob.text(), "the same on bob's screen")
    apps = {session.name: session.app for session in server.sessions}
    # each session keeps its own player's time only (every screen at the table is told both)
    [bobs] = apps["bob"].memory.reactions("slapjack")
    assert bobs not in apps["ada"].memory.reactions("slapjack")
    for client in (ada, bob):
        await client.close()


async def test_a_spectator_sees_the_table_but_no_ones_hand(serve):
    server, port = await serve()
    ada, eve = await in_lobby(port, "ada"), await in_lobby(port, "eve")
    server.lobby.create_table(GAMES["go-fish"], creator="ada", players=3, people=1, level="easy")
    await until(lambda: "Go Fish" in ada.text(), "the table in ada's lobby")
    ada.press("\r")  # her own seat, at the table she set up
    await until(lambda: "d deals" in ada.text(), "ada at her table")
    ada.press("d")
    await until(lambda: at_game(ada, "Go Fish", "ada") and "Ask for" in ada.text(), "ada's turn")
    eve.press("w")
    await until(lambda: "watching" in eve.text() and "ada to ask" in eve.text(), "eve watching")
    assert CARD_FACE.search(ada.text()) and not CARD_FACE.search(eve.text())  # ada's hand on her screen only
    assert "Ask" not in eve.text().splitlines()[-1]  # and eve has no move to make
    for client in (ada, eve):
        await client.close()


async def test_a_player_who_drops_comes_back_to_the_seat_a_bot_kept(serve):
    server, port = await serve()
    ada, bob = await in_lobby(port, "ada"), await in_lobby(port, "bob")
    table = server.lobby.create_table(GAMES["war"], creator="ada", players=2, people=2, level="easy")
    await until(lambda: "ada, open" in bob.text(), "the table in bob's lobby")
    bob.press("\r")
    await until(lambda: "waiting for ada to deal" in bob.text(), "bob seated")
    table.deal()  # (as ada's d would)
    await until(lambda: at_game(bob, "War", "bob"), "bob at the game")
    bob.conn.abort()  # the connection is lost
    await until(lambda: table.held_for("bob") == 1, "bob's seat kept for him")
    ada.press("\r")
    await until(lambda: at_game(ada, "War", "ada"), "ada at the game")
    # A key that reaches the game before its screen takes keys is let go, by design (a loaded
    # machine drew the screen a moment before that): as a person would, ada presses again.
    for _ in range(5):
        ada.press("\r")
        try:
            await until(lambda: table.table.game.s.actions >= 2, "the bot turning bob's card", deadline=5.0)
            break
        except AssertionError:
            pass
    await until(lambda: table.table.game.s.actions >= 2, "the bot turning bob's card")
    back = await in_lobby(port, "bob")
    await until(lambda: "kept for you" in back.text(), "bob told his seat is kept")
    back.press("\r")
    await until(lambda: at_game(back, "War", "bob"), "bob back in his seat")
    assert table.held_for("bob") is None and table.people_present == ["ada", "bob"]
    for client in (ada, back):
        await client.close()


def test_lobby_news_waits_longer_the_more_screens_follow_the_lobby():
    alone = [news_pause(2) for _ in range(50)]
    crowded = [news_pause(140) for _ in range(50)]
    assert max(alone) < 0.2  # a few people see a new table at once
    assert 1.4 <= min(crowded) and max(crowded) <= 2.5  # a crowd's arrivals are gathered, never for long
    assert len(set(crowded)) > 1  # and screens do not all redraw at the same moment


def test_the_servers_lobby_offers_everything_the_arcades_screens_ask_of_it():
    """The ui declares what it needs of a lobby (it may not import the server): a method renamed,
    dropped or given other parameters here would break the lobby screen only at run time."""
    lobby = Lobby(VirtualClock())
    assert isinstance(lobby, LobbyProtocol)
    methods = [
        name for name, member in vars(LobbyProtocol).items() if inspect.isfunction(member) and not name.startswith("_")
    ]
    assert "create_table" in methods
    for name in methods:
        wanted = list(inspect.signature(getattr(LobbyProtocol, name)).parameters)
        assert list(inspect.signature(getattr(Lobby, name)).parameters) == wanted, name
