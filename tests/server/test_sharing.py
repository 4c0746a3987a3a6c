"""Sharing a server with strangers: one name has one live seat, a drop is said at the table, a
stop keeps the games in play, and the lobby never hides what is kept for you (asyncssh's client).
Each test is an attack a careless or hostile client made, kept so that it stays closed."""

from __future__ import annotations

from cardarcade.rules import GAMES
from cardarcade.store.user import UserStore
from ssh_helpers import connect, until
from test_lobby import LOBBY, at_game, in_lobby


async def war_in_play(server, ada, bob):
    """ada's two-person War table, bob seated, dealt, both at the game."""
    table = server.lobby.create_table(GAMES["war"], creator="ada", players=2, people=2, level="easy")
    await until(lambda: "ada, open" in bob.text(), "the table in bob's lobby")
    bob.press("\r")
    await until(lambda: "waiting for ada to deal" in bob.text(), "bob seated")
    ada.press("\r")
    await until(lambda: "d deals" in ada.text(), "ada at her table")
    ada.press("d")
    await until(lambda: at_game(ada, "War", "ada") and at_game(bob, "War", "bob"), "both at the game")
    return table


def history(server, name: str) -> list[str]:
    """The log lines of ``name``'s game screen (every line, not only the four shown)."""
    [app] = [s.app for s in server.sessions if s.name == name and s.app is not None]
    return [line.plain for line in getattr(app.screen, "history", [])]


async def test_a_second_session_of_a_seated_name_takes_the_seat_over_and_no_bot_gets_it(serve):
    server, port = await serve()
    ada, bob = await in_lobby(port, "ada"), await in_lobby(port, "bob")
    table = await war_in_play(server, ada, bob)
    again = await in_lobby(port, "bob")  # the same person, a second window
    await until(lambda: "You are at War in another session" in again.text(), "the live seat offered")
    again.press("\r")
    await until(lambda: at_game(again, "War", "bob"), "the new session at the game")
    await until(
        lambda: "This seat was taken over by a new session of bob from 127.0.0.1" in " ".join(bob.text().split()),
        "the first session told why",
    )
    await until(lambda: LOBBY in bob.text(), "the first session back in the lobby")
    await bob.close()  # the first session ends: the player is still at the table
    await until(lambda: sum(s.name == "bob" for s in server.sessions) == 1, "the first session gone")
    assert table.held_for("bob") is None and table.table.stand_ins == {}
    assert table.people_present == ["ada", "bob"]
    for client in (ada, again):
        await client.close()


async def test_a_name_in_use_from_another_address_is_not_handed_over_in_open_mode(serve):
    server, port = await serve()
    ada = await in_lobby(port, "ada")
    other = await connect(port, username="ada", local_addr=("127.0.0.2", 0))
    await until(lambda: LOBBY in other.text(), "the second address's lobby")
    await until(lambda: "you are ada-2" in other.text(), "a name of its own")
    await until(lambda: "so you play as ada-2" in " ".join(other.text().split()), "told why")
    assert sorted(s.name for s in server.sessions) == ["ada", "ada-2"]
    same = await in_lobby(port, "ada")  # the same address: the same person's second window
    await until(lambda: "you are ada " in same.text() or "you are ada ·" in same.text(), "the same name")
    for client in (ada, other, same):
        await client.close()


async def test_a_drop_is_said_at_the_table_and_the_returner_reads_what_happened(serve):
    server, port = await serve()
    ada, bob = await in_lobby(port, "ada"), await in_lobby(port, "bob")
    table = await war_in_play(server, ada, bob)
    bob.conn.abort()  # the connection is lost
    await until(lambda: table.held_for("bob") == 1, "bob's seat kept")
    said = "bob lost the connection: a bot plays for them, the seat is kept for 3 minutes"
    await until(lambda: said in ada.text(), "ada told at the table")
    ada.press("\r")
    await until(lambda: table.table.game.s.actions >= 2, "the bot turning bob's card")
    back = await in_lobby(port, "bob")
    back.press("\r")
    await until(lambda: at_game(back, "War", "bob"), "bob back in his seat")
    lines = history(server, "bob")
    assert said in lines and "bob is back at the table" in lines[-1]
    assert lines.index(said) < len(lines) - 2  # and what was played while he was away, between
    await until(lambda: "bob is back at the table" in ada.text(), "ada told he is back")
    for client in (ada, back):
        await client.close()


async def test_a_stop_saves_every_shared_table_in_play_and_tells_its_players(serve):
    server, port = await serve(store=UserStore())
    ada, bob = await in_lobby(port, "ada"), await in_lobby(port, "bob")
    await war_in_play(server, ada, bob)
    ada.press("\r")
    # (a card turned is kept face down until the round is decided: the log says who is ready)
    await until(lambda: "ada is ready" in ada.text() or "turns up" in ada.text(), "a card played")
    await server.close()
    await until(lambda: ada.player.closed.is_set() and bob.player.closed.is_set(), "both sessions ended")
    assert b"Your game of War is saved for you" in ada.player.received
    assert b"Your game of War is saved for ada" in bob.player.received
    [save] = server.store.for_player("ada").saves.entries()
    assert save.game_id == "war" and save.problem is None


async def test_the_lobby_lists_every_seat_kept_whatever_the_names_online(serve):
    server, port = await serve()
    lobby = server.lobby
    for game in ("war", "snap"):
        table = lobby.create_table(GAMES[game], creator="bob", players=2, people=1, level="easy")
        table.deal()
        table.stand("bob", why="lost the connection")
    lobby.online.update({f"somebody-with-a-long-name-{i}": 1 for i in range(12)})
    bob = await in_lobby(port, "bob")
    await until(lambda: "Your seats at War and Snap are kept for you" in bob.text(), "both kept seats said")
    await bob.close()


async def test_a_refused_chat_line_is_replaced_by_what_is_typed_next(serve):
    server, port = await serve()
    ada = await in_lobby(port, "ada")
    ada.press("c")
    [app] = [s.app for s in server.sessions]
    await until(lambda: app.focused is not None and app.focused.id == "lobby-say", "the chat line focused")
    for n in range(5):
        ada.press(f"line {n}\r")
    await until(lambda: len(server.lobby.chat) == 5, "five lines sent")
    ada.press("one too many\r")
    await until(lambda: "Not sent: slow down" in ada.text(), "the sixth refused")
    ada.press("x")
    await until(lambda: app.screen.query_one("#lobby-say").value == "x", "the refused line replaced")
    await ada.close()
