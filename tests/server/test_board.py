"""The lobby's leaderboard and its list of the last games, shared by every server process: two
hubs on one real Redis stand for two workers (tests/services), and a server's own hub for one."""

from __future__ import annotations

import asyncio
import json
import re

from replay_helpers import played
from ssh_helpers import until

from cardarcade.replay import Positions, Replay, state_digest
from cardarcade.server.hub import Hub
from cardarcade.server.leaderboard import Leaderboard, Standing
from cardarcade.server.recent import RECENT_GAMES, FinishedGame, shared_record, unpack
from cardarcade.server.redis_hub import RedisHub
from cardarcade.store.ratings import PROVISIONAL_GAMES
from cardarcade.store.replays import check, parse

SETTLED = PROVISIONAL_GAMES + 1


def standing(name: str, mu: float, rated: int = SETTLED, game: str = "war", at: float = 1.0) -> Standing:
    return Standing(name, game, mu, rated, at)


def finished_game(replay: Replay):
    return Positions(replay).at(len(replay.moves))


def listed(n: int) -> FinishedGame:
    return FinishedGame(f"g{n:04d}", "war", "War", ("ada", "Bot 2 (easy)"), "ada wins", 10, 1_000.0 + n)


async def two_workers(url: str) -> tuple[RedisHub, RedisHub]:
    hubs = RedisHub(url), RedisHub(url)
    for hub in hubs:
        await hub.connect()
        hub.begin()
    return hubs


async def settled(*hubs: RedisHub) -> None:
    await until(lambda: all(h._writes is not None and h._writes.empty() for h in hubs), "the writes made")
    await asyncio.sleep(0.2)  # (and the news heard)


def test_settled_ratings_lead_provisional_ones_follow_and_a_place_is_found_anywhere():
    board = Leaderboard()
    board.record_all(
        [standing("lucky", 1900.0, rated=1), standing("bea", 1450.0), standing("ada", 1600.0)]
        + [standing(f"p{i:02d}", 1000.0 + i) for i in range(20)]
    )
    top = board.top("war", 3)
    assert [s.name for s in top] == ["ada", "bea", "p19"]  # one lucky first game never tops settled ratings
    assert board.place("war", "lucky") == (23, board.place("war", "lucky")[1])  # last: after every settled one
    assert board.place("war", "lucky")[1].shown == "1,900?" and top[0].shown == "1,600"
    assert board.place("war", "nobody") is None and board.place("go-fish", "ada") is None
    # an older rating of a person (fewer games) never replaces a newer one; a newer one moves them
    assert not board.record(standing("ada", 2000.0, rated=SETTLED - 1))
    assert board.record(standing("ada", 1300.0, rated=SETTLED + 1))
    assert board.place("war", "ada")[0] == 2 and board.count("war") == 23  # below bea now


async def test_a_rating_recorded_on_one_worker_shows_on_the_others_board_and_an_older_one_loses(redis_url):
    a, b = await two_workers(redis_url)
    try:
        a.rated([standing("[bold red]x[/]", 1612.0), standing("ada", 1500.0, rated=3, game="go-fish")])
        await settled(a, b)
        assert b.board.top("war") == [standing("[bold red]x[/]", 1612.0)]  # the name as typed
        assert b.board.place("go-fish", "ada") == (1, standing("ada", 1500.0, rated=3, game="go-fish"))
        # B, seeding from an older statistics file, offers an older rating of the same person: Redis keeps the later
        b.rated([standing("[bold red]x[/]", 1400.0, rated=SETTLED - 2)])
        a.rated([standing("[bold red]x[/]", 1650.0, rated=SETTLED + 1, at=2.0)])
        await settled(a, b)
        for hub in (a, b):
            assert hub.board.place("war", "[bold red]x[/]")[1].mu == 1650.0
        # a worker started later reads the whole board
        c = RedisHub(redis_url)
        await c.connect()
        assert c.board.place("war", "[bold red]x[/]")[1].mu == 1650.0 and c.board.count("go-fish") == 1
        await c.close()
    finally:
        await a.close()
        await b.close()


async def test_a_flood_of_finished_games_from_two_workers_keeps_one_list_at_its_bound_and_its_replays_with_it(
    redis_url,
):
    a, b = await two_workers(redis_url)
    try:
        for n in range(3 * RECENT_GAMES):
            (a, b)[n % 2].finished(listed(n), f"packed {n}")
        await settled(a, b)
        await until(lambda: len(a.recent) == len(b.recent) == RECENT_GAMES, "both lists at their bound")
        kept = [json.loads(t)["id"] for t in await a.redis.lrange(a.key("recent"), 0, -1)]
        assert len(set(kept)) == RECENT_GAMES and min(kept) >= f"g{RECENT_GAMES:04d}"  # the newest ones, each once
        for worker in (0, 1):  # each worker's games in the order it finished them
            mine = [i for i in kept if int(i[1:]) % 2 == worker]
            assert mine == sorted(mine, reverse=True)
        assert [g.id for g in a.recent] == [g.id for g in b.recent] == kept  # one list, in Redis's order, on both
        replays = [key async for key in a.redis.scan_iter(a.key("replay", "*"))]
        assert len(replays) == RECENT_GAMES  # the replays of games gone from the list went with them
        assert await b.packed_replay(kept[-1]) == f"packed {int(kept[-1][1:])}"
        assert await b.packed_replay("g0000") is None
    finally:
        await a.close()
        await b.close()


async def test_a_replay_finished_on_one_worker_opens_on_the_other_at_the_same_end_with_peoples_names(redis_url):
    replay, final = played("go-fish", names=("You", "[b]Bot 2[/]"))
    game, packed = shared_record(replay, finished_game(replay))
    assert game.players == ("ada",) and game.bots == "3 bots (easy)"  # people by name, never "You"
    a, b = await two_workers(redis_url)
    try:
        a.finished(game, packed)
        await settled(a, b)
        [there] = b.recent
        assert there == game
        text = unpack(await b.packed_replay(game.id) or "")
        again = parse(text or "")
        check(again)
        shown = finished_game(again)
        assert state_digest(shown) == replay.end and shown.to_json() == final
        assert again.setup.names[0] == "ada" and again.result == game.result
    finally:
        await a.close()
        await b.close()


async def test_one_worker_cut_off_from_redis_keeps_its_own_and_shares_it_when_redis_is_back(tmp_path):
    import pytest

    from services.redis_server import RedisProcess, redis_executables

    executables = redis_executables()
    if not executables:
        pytest.skip("no Redis to test with")
    redis = RedisProcess(executables[0], tmp_path)
    redis.start()
    a = RedisHub(redis.url, heartbeat=0.3, ttl=1.5)
    try:
        await a.connect()
        a.begin()
        redis.stop()
        await until(lambda: a.trouble is not None, "A cut off", 30)
        a.rated([standing("ada", 1555.0)])
        a.rated([standing("ada", 1400.0, rated=SETTLED - 1)])  # (an older one, from a seeding: left out)
        for n in range(RECENT_GAMES + 1):  # (the first leaves the list: not kept for Redis either)
            a.finished(listed(n), f"packed {n}")
        assert a.board.top("war")[0].mu == 1555.0 and await a.packed_replay("g0001") == "packed 1"  # here, meanwhile
        assert len(a._unsent_games) == RECENT_GAMES and len(a._unsent_ratings) == 1
        redis.start(redis.port)
        await until(lambda: a.trouble is None, "A sharing again", 30)
        b = RedisHub(redis.url)
        await b.connect()
        assert b.board.top("war")[0].mu == 1555.0 and [g.id for g in b.recent][-2:] == ["g0002", "g0001"]
        assert len(b.recent) == RECENT_GAMES and await b.packed_replay("g0001") == "packed 1"
        await b.close()
    finally:
        await a.close()
        redis.stop()


def test_the_hub_of_one_process_keeps_the_last_games_and_only_their_replays():
    hub = Hub()
    for n in range(RECENT_GAMES + 5):
        hub.finished(listed(n), f"packed {n}")
    assert len(hub.recent) == RECENT_GAMES and hub.recent[0].id == f"g{RECENT_GAMES + 4:04d}"
    assert set(hub._replays) == {g.id for g in hub.recent}
    assert asyncio.run(hub.packed_replay("g0000")) is None


def test_a_record_from_a_newer_or_broken_process_is_left_out():
    assert FinishedGame.from_dict({"id": "x"}) is None and FinishedGame.from_dict([1]) is None
    assert Standing.from_dict({"name": "a", "game": "war", "mu": "nan?", "rated": 1, "at": 0}) is None
    assert Standing.from_dict({"name": "a", "game": "war", "mu": 1e300, "rated": 1, "at": 0}) is None
    assert unpack("not base64 at all!") is None and unpack("aGVsbG8=") is None


async def test_a_shared_game_finished_on_one_server_is_on_the_others_board_and_replays_there_over_ssh(
    serve, tmp_path, redis_url
):
    from test_redis_hub import LOBBY, hub_server_options
    from test_shared_replays import Finished

    from cardarcade.rules import GAMES
    from cardarcade.seating import GameSetup, Seat
    from cardarcade.store.stats import Stats
    from cardarcade.table.simulate import bot_seats, play_headless
    from ssh_helpers import connect

    # A's statistics know bea's War rating from before: A puts it on the board as it starts
    options_a = hub_server_options(tmp_path, "a", redis_url)
    war = GAMES["war"]
    _, war_table = play_headless(GAMES["war"], ["easy", "easy"], seed=5)
    war_seats = (Seat("[b]bea[/b]", profile="[b]bea[/b]"), *bot_seats(["easy"])[:1])
    stats = Stats(options_a["store"].data_dir / "stats.sqlite3")
    stats.record_game(GameSetup(war, war_seats, war_table.game.options, 5), war_table.game, 30.0, {0: "[b]bea[/b]"})
    stats.close()
    a, _ = await serve(**options_a)
    b, port_b = await serve(**hub_server_options(tmp_path, "b", redis_url))
    await until(lambda: b.lobby.board.place("war", "[b]bea[/b]") is not None, "bea's rating seeded by A, on B")
    # a game of Go Fish at a table on A ends: ada is rated, and the game is listed everywhere
    spec = GAMES["go-fish"]
    _, table = play_headless(spec, ["easy"] * 3, seed=2)
    seats = list(bot_seats(["easy"] * 3))
    seats[0] = Seat("ada", profile="ada")
    a.table_done(Finished(GameSetup(spec, tuple(seats), table.game.options, 2), table))  # type: ignore[arg-type]
    await until(lambda: b.lobby.board.place("go-fish", "ada") is not None and b.lobby.recent, "A's game on B")
    bob = await connect(port_b, username="bob")
    try:
        await until(lambda: LOBBY in bob.text(), "bob's lobby on B")
        bob.press("r")
        await until(lambda: "Last games on this server" in bob.text() and "Go Fish" in bob.text(), "the list")
        assert "ada, 2 bots (easy) · " in bob.text()
        bob.press("\r")
        moves = len(table.moves.moves)
        await until(lambda: f"move {moves}/{moves}" in bob.text(), "the replay at its end, on B")
        assert "ada:" in bob.text()  # every hand open, by name
        bob.press("\x1b")
        await until(lambda: "Last games on this server" in bob.text(), "back at the list")
        bob.press("b")
        boards = {"Go Fish": "ada", "War": "[b]bea[/b]"}  # (bea's name as typed)
        for _ in boards:
            shown = await until(lambda: re.search(r"Leaderboard  (War|Go Fish)  ←", bob.text()), "a board")
            game = shown.group(1)
            await until(lambda: re.search(rf"1\. {re.escape(boards[game])} ", bob.text()), f"{game}'s board on B")
            bob.press("\x1b[C")  # →: the other game rated here
            await until(lambda: f"Leaderboard  {game}" not in bob.text(), "the next game")
    finally:
        await bob.close()


async def test_a_server_starting_puts_every_rating_its_statistics_know_on_the_board(tmp_path, host_key):
    from cardarcade.server.ssh import SEED_BATCH, ArcadeServer
    from cardarcade.store.stats import Stats
    from cardarcade.store.user import UserStore

    replay, _ = played("war")
    game = finished_game(replay)
    store = UserStore(tmp_path / "data", tmp_path / "config")
    stats = Stats(store.data_dir / "stats.sqlite3")
    people = 2 * SEED_BATCH + 7  # (told to the lobby a batch at a time)
    for i in range(people):
        stats.record_game(replay.setup, game, 60.0, {0: f"p{i}"}, finished_at=float(i))
    stats.record_game(replay.setup, game, 60.0, {0: "p0"}, finished_at=1e6)  # p0's second game: the later counts
    stats.close()
    server = ArcadeServer(auth="open", host_key=host_key, store=store)
    server.open_lobby()
    try:
        await until(lambda: server.lobby.board.count("war") == people, "every rating on the board")
        assert server.lobby.board.place("war", "p0")[1].rated == 2
    finally:
        await server.close()


async def test_a_hinted_game_is_marked_in_the_last_games_on_every_worker(redis_url):
    from cardarcade.ui.screens.board import finished_row

    replay, _ = played("go-fish", names=("You", "Bot 2"))
    hinted, _ = shared_record(replay, finished_game(replay), hinted=True)
    plain, _ = shared_record(replay, finished_game(replay))
    a, b = await two_workers(redis_url)
    try:
        a.finished(hinted, None)
        await settled(a, b)
        [there] = b.recent
        assert there.hinted and there == hinted
    finally:
        await a.close()
        await b.close()
    assert "hinted: not rated" in finished_row(there).plain
    assert "hinted" not in finished_row(plain).plain
