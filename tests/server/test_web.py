"""The arcade in a browser tab: the page, and one app per tab in the server's own process, met
through a websocket as the page's script speaks it, and in a real headless Chromium."""

from __future__ import annotations

import asyncio
import base64
import os
import re
import signal
import sys
from pathlib import Path

import aiohttp
import pyte
import pytest

from app_helpers import FAULT, faulty_for
from cardarcade.cli import main
from cardarcade.rules import GAMES
from cardarcade.server.driver import DRAWN_COLUMNS, DRAWN_LINES
from cardarcade.server.ssh import Limits, SessionInfo
from ssh_helpers import connect, until
from web_helpers import LOBBY, MENU, open_deaf_tab, open_tab, start_web

DOWN = "\x1b[B"
CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


@pytest.fixture
async def serve_web(host_key):
    """serve_web(**options) -> (web server, port); each is closed, with its arcade, at the end."""
    servers = []

    async def make(**options):
        web, port = await start_web(host_key, **options)
        servers.append(web)
        return web, port

    yield make
    for web in servers:
        await web.close()
        await web.arcade.close()


def summary_line(text: str) -> str:
    """The menu's line describing the chosen game."""
    return next(line.strip() for line in text.splitlines() if " — " in line)


async def test_a_tab_plays_its_own_app_and_closing_it_ends_that_app(serve_web):
    web, port = await serve_web()
    made: list[SessionInfo] = []

    def recording(info, driver_class):
        made.append(info)
        return web.arcade.arcade_app(info, driver_class)

    web.arcade.app_factory = recording  # the hook the SSH sessions' apps are made by
    tab = await open_tab(port, path="/ws/ada")
    await until(lambda: "you are ada" in tab.text(), "the lobby, for ada")
    (info,) = made
    assert (info.name, info.address, info.size) == ("ada", "127.0.0.1", (80, 24))
    assert info.environ["COLORTERM"] == "truecolor" and info.utf8
    await tab.press("m")
    await until(lambda: MENU in tab.text(), "the menu")
    assert summary_line(tab.text()).startswith("War")
    await tab.press(DOWN)
    await until(lambda: summary_line(tab.text()).startswith("Slapjack"), "the next game chosen")
    await tab.resize(100, 30)
    await until(lambda: "Quit" in tab.screen.display[29], "the key bar at the foot of the taller page")
    (session,) = web.arcade.sessions
    await tab.close()
    await until(lambda: session.task.done() and not web.arcade.sessions and not web.tabs, "the app ended")


async def test_tabs_without_a_name_are_guests_and_given_names_are_made_safe(serve_web):
    web, port = await serve_web()
    first, second = await open_tab(port), await open_tab(port)
    await until(lambda: LOBBY in first.text() and LOBBY in second.text(), "both lobbies")
    assert sorted(s.name for s in web.arcade.sessions) == ["guest-1", "guest-2"]
    web.name_mark = "@web"  # as when SSH players prove who they are with keys: no one passes for them
    marked = await open_tab(port, path="/ws/" + "a" * 30)
    await until(lambda: LOBBY in marked.text(), "the marked player's lobby")
    assert "a" * 20 + "@web" in {s.name for s in web.arcade.sessions}
    async with aiohttp.ClientSession() as http:
        async with http.get(f"http://127.0.0.1:{port}/", params={"name": "\x1b[31mada\x07" + "x" * 50}) as response:
            page = await response.text()
    assert f'data-session-websocket-url="ws://127.0.0.1:{port}/ws/%5B31madaxxxxxxxxxxxxxxxxx"' in page
    for tab in (first, second, marked):
        await tab.close()


async def test_a_guests_saves_and_settings_go_with_their_tab(serve_web):
    web, port = await serve_web()
    guest, named = await open_tab(port), await open_tab(port, path="/ws/ada")
    await until(lambda: LOBBY in guest.text() and LOBBY in named.text(), "both lobbies")
    stores = {s.name: s.app.store for s in web.arcade.sessions}
    folder = stores["guest-1"].throwaway
    assert folder is not None and folder.is_dir() and stores["ada"].throwaway is None
    assert stores["guest-1"].stats is stores["ada"].stats  # the statistics are the server's all the same
    await guest.close()
    await until(lambda: not folder.exists(), "the guest's folder removed")
    await named.close()


async def test_a_page_served_as_https_by_a_proxy_names_a_secure_websocket(serve_web):
    web, port = await serve_web()
    async with aiohttp.ClientSession() as http:
        async with http.get(f"http://127.0.0.1:{port}/", headers={"X-Forwarded-Proto": "https"}) as response:
            proxied = await response.text()
        async with http.get(f"http://127.0.0.1:{port}/") as response:
            direct = await response.text()
    assert f'data-session-websocket-url="wss://127.0.0.1:{port}/ws"' in proxied
    assert f'data-session-websocket-url="ws://127.0.0.1:{port}/ws"' in direct


async def test_the_page_loads_nothing_from_elsewhere(serve_web):
    web, port = await serve_web()
    async with aiohttp.ClientSession() as http:
        async with http.get(f"http://127.0.0.1:{port}/") as response:
            page = await response.text()
            policy = response.headers["Content-Security-Policy"]
        async with http.get(f"http://127.0.0.1:{port}/static/js/textual.js") as script:
            assert script.status == 200
    links = re.findall(r"""(?:href|src)\s*=\s*["']([^"']*)|url\(["']?([^"')]*)""", page)
    assert links and all(url.startswith("/static/") for pair in links for url in pair if url)
    assert "//" not in re.sub(r'(xmlns="http://www.w3.org/2000/svg"|ws://127.0.0.1:\d+/ws)', "", page)
    assert "default-src 'self'" in policy and "connect-src 'self'" in policy


async def test_pages_of_other_sites_are_refused(serve_web):
    web, port = await serve_web()
    with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
        await open_tab(port, origin="http://elsewhere.example")
    assert refused.value.status == 403
    async with aiohttp.ClientSession() as http:  # a name that a rebinding DNS points at 127.0.0.1
        async with http.get(f"http://127.0.0.1:{port}/", headers={"Host": f"elsewhere.example:{port}"}) as response:
            assert response.status == 421
    tab = await open_tab(port, origin=f"http://127.0.0.1:{port}")  # the arcade's own page
    await until(lambda: LOBBY in tab.text(), "the lobby")
    assert not any(s.name != "guest-1" for s in web.arcade.sessions)
    await tab.close()


async def test_an_oversize_message_or_a_fault_ends_that_tab_only(serve_web):
    web, port = await serve_web(app_factory=faulty_for("faulty"), max_message=4096)
    flood, faulty, steady = [await open_tab(port, path=f"/ws/{name}") for name in ("flood", "faulty", "steady")]
    await until(lambda: all(MENU in tab.text() for tab in (flood, faulty, steady)), "three menus")
    await flood.press("a" * 5000)
    await asyncio.wait_for(flood.closed.wait(), 30)
    assert flood.socket.close_code == aiohttp.WSCloseCode.MESSAGE_TOO_BIG
    await faulty.press("x")
    await asyncio.wait_for(faulty.closed.wait(), 30)
    assert b"the arcade hit an error" in faulty.received
    assert b"Traceback" not in faulty.received and FAULT.encode() not in faulty.received
    await steady.press(DOWN)
    await until(lambda: summary_line(steady.text()).startswith("Slapjack"), "the other tab still answering")
    await until(lambda: [s.name for s in web.arcade.sessions] == ["steady"], "the two tabs' apps ended")
    for tab in (flood, faulty, steady):
        await tab.close()


async def test_ssh_and_browser_players_share_the_limits(serve_web):
    web, port = await serve_web(limits=Limits(max_sessions=1))
    ssh_port = await web.arcade.start("127.0.0.1", 0)  # the same process serving SSH too
    client = await connect(ssh_port)
    await until(lambda: LOBBY in client.text(), "the SSH player's lobby")
    tab = await open_tab(port)
    await asyncio.wait_for(tab.closed.wait(), 30)
    assert b"The arcade is full (1 players)" in tab.received
    await client.close()
    await until(lambda: not web.arcade.sessions, "the SSH session over")
    tab = await open_tab(port)
    await until(lambda: LOBBY in tab.text(), "a place for the browser")
    await tab.close()


async def test_a_tab_that_stops_reading_is_dropped(serve_web):
    limit = 96 * 1024  # (above a frame at the largest size drawn)
    web, port = await serve_web(limits=Limits(max_output=limit))
    tab = await open_deaf_tab(port, size=(DRAWN_COLUMNS, DRAWN_LINES))
    await until(lambda: web.arcade.sessions, "its app")
    (session,) = web.arcade.sessions
    await tab.type("m")  # to the menu, where t changes the theme and so redraws every cell
    most_held = 0
    for _ in range(600):  # a few frames fill what the system holds for the socket, then the server's
        most_held = max(most_held, session.chan.get_write_buffer_size())
        try:
            await tab.type("t")
        except ConnectionError:  # the server has closed the socket
            break
        await asyncio.sleep(0.05)
    await until(lambda: not web.arcade.sessions, "the tab dropped")
    assert most_held <= 2 * limit  # the limit and at most one frame past it
    assert session.chan.get_write_buffer_size() == 0  # and what it held is let go
    tab.close()


async def test_in_chromium_the_page_shows_the_arcade_and_a_key_changes_it(serve_web, tmp_path):
    """A real browser: the page's own script draws the app and sends the keys typed into it."""
    async_api = pytest.importorskip(
        "playwright.async_api", reason="Playwright is not installed (pip install playwright)"
    )
    if not CHROMIUM.exists():
        pytest.skip(f"no Chromium at {CHROMIUM} (apt-get install chromium)")
    web, port = await serve_web()
    async with async_api.async_playwright() as playwright:
        browser = await playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        try:
            page = await browser.new_page(viewport={"width": 1000, "height": 700})
            asked: list[str] = []
            page.on("request", lambda request: asked.append(request.url))
            await page.add_init_script(_KEEP_WHAT_ARRIVES)
            await page.goto(f"http://127.0.0.1:{port}/?name=ada")
            # Polled from here: wait_for_function's string predicate runs through eval, which the page's
            # content policy refuses whenever the poll comes after the policy is in force.
            end = asyncio.get_running_loop().time() + 20
            while not await page.evaluate("() => document.body.classList.contains('-first-byte')"):
                assert asyncio.get_running_loop().time() < end, "no first byte on the page"
                await asyncio.sleep(0.1)
            await until(lambda: [s.name for s in web.arcade.sessions] == ["ada"], "ada's app")
            (session,) = web.arcade.sessions

            async def shown() -> str:
                """The page's terminal as the bytes it was sent draw it."""
                screen = pyte.Screen(*session.size)
                pyte.ByteStream(screen).feed(base64.b64decode(await page.evaluate("btoa(window.arrived)")))
                return "\n".join(screen.display)

            await page.click(".xterm-screen")  # the terminal takes the keys
            await page.keyboard.press("m")
            shots = []
            for key, chosen in ((None, "War —"), ("ArrowDown", "Slapjack —")):
                if key:
                    await page.keyboard.press(key)
                end = asyncio.get_running_loop().time() + 20
                while chosen not in (text := await shown()) and asyncio.get_running_loop().time() < end:
                    await asyncio.sleep(0.1)
                assert MENU in text and chosen in text
                await asyncio.sleep(0.5)  # drawn on the page's next frames (a screenshot waits on nothing)
                shots.append(await page.screenshot(path=str(tmp_path / f"page-{len(shots)}.png")))
            assert shots[0] != shots[1]  # the chosen game's highlight moved on the page
            colours = await page.evaluate(_COUNT_COLOURS, [base64.b64encode(shot).decode() for shot in shots])
            assert all(count > 3 for count in colours), colours  # text drawn in colours, not a blank page
            assert asked and all(url.startswith(f"http://127.0.0.1:{port}/") for url in asked), asked
        finally:
            await browser.close()


# Run in the page before its own script: keeps every byte its websocket receives.
_KEEP_WHAT_ARRIVES = """
window.arrived = "";  // as a binary string: what base64 (btoa) takes
const PageSocket = window.WebSocket;
window.WebSocket = class extends PageSocket {
  constructor(...args) {
    super(...args);
    this.addEventListener("message", (event) => {
      if (typeof event.data === "string") return;
      const bytes = new Uint8Array(event.data);
      for (let i = 0; i < bytes.length; i += 8192) {
        window.arrived += String.fromCharCode(...bytes.subarray(i, i + 8192));
      }
    });
  }
};
"""

# How many colours each screenshot holds, counted in the browser (no image library needed here).
_COUNT_COLOURS = """async (shots) => {
  const counts = [];
  for (const shot of shots) {
    const image = new Image();
    image.src = "data:image/png;base64," + shot;
    await image.decode();
    const canvas = document.createElement("canvas");
    canvas.width = image.width; canvas.height = image.height;
    const context = canvas.getContext("2d");
    context.drawImage(image, 0, 0);
    const pixels = context.getImageData(0, 0, image.width, image.height).data;
    const seen = new Set();
    for (let i = 0; i < pixels.length; i += 4) seen.add((pixels[i] << 16) | (pixels[i + 1] << 8) | pixels[i + 2]);
    counts.push(seen.size);
  }
  return counts;
}"""


@pytest.mark.parametrize(
    "argv, message",
    [
        (["serve", "web", "--port", "70000"], "--port must be at most 65535"),
        (["serve", "web", "--per-address", "0"], "--per-address: must be at least 1"),
        (["serve", "ssh", "--auth", "open", "--web-port", "70000"], "--web-port must be at most 65535"),
        (["serve", "ssh", "--auth", "open", "--web-host", "0.0.0.0"], "--web-host goes with --web-port"),
    ],
)
def test_a_bad_serve_web_command_gets_one_line_and_status_2(argv, message, capsys):
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert message in err and err.count("\n") == 1 and "Traceback" not in err


async def serving(tmp_path, *argv: str) -> tuple[asyncio.subprocess.Process, list[str]]:
    """``cardarcade serve ...`` in a process of its own, and its first lines (up to the browser's)."""
    env = {**os.environ, "XDG_DATA_HOME": str(tmp_path / "data"), "XDG_CONFIG_HOME": str(tmp_path / "config")}
    process = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "cardarcade.cli", "serve", *argv, env=env, stderr=asyncio.subprocess.PIPE
    )
    assert process.stderr is not None
    lines: list[str] = []
    while not any("browser page" in line for line in lines):
        line = (await asyncio.wait_for(process.stderr.readline(), 60)).decode()
        assert line, f"the server ended: {lines}"
        lines.append(line)
    return process, lines


async def stop(process: asyncio.subprocess.Process) -> int:
    if process.returncode is None:
        process.send_signal(signal.SIGTERM)
    try:
        return await asyncio.wait_for(process.wait(), 30)
    finally:
        if process.returncode is None:
            process.kill()
            await process.wait()


async def test_serve_web_serves_tabs_until_told_to_stop(tmp_path):
    process, lines = await serving(tmp_path, "web", "--port", "0")
    try:
        port = int(re.search(r"browser page on http://127\.0\.0\.1:(\d+)/", lines[-1]).group(1))
        tab = await open_tab(port)
        await until(lambda: "you are guest-1" in tab.text(), "a guest's lobby")
        assert await stop(process) == 0
        await asyncio.wait_for(tab.closed.wait(), 30)
        assert b"The server is shutting down." in tab.received
        await tab.close()
    finally:
        await stop(process)
    assert not (tmp_path / "data" / "cardarcade" / "ssh_host_ed25519_key").exists()  # no SSH, no host key


async def test_serve_ssh_with_a_web_port_puts_both_in_one_lobby(tmp_path):
    process, lines = await serving(tmp_path, "ssh", "--auth", "open", "--port", "0", "--web-port", "0")
    try:
        ssh_port = int(re.search(r"serving SSH on 127\.0\.0\.1:(\d+)", lines[0]).group(1))
        web_port = int(re.search(r"browser page on http://127\.0\.0\.1:(\d+)/", lines[-1]).group(1))
        client = await connect(ssh_port, username="ada")
        tab = await open_tab(web_port, path="/ws/grace")
        for screen in (client, tab):
            await until(lambda: "online (2)" in screen.text(), "both players online")
        assert "ada" in tab.text() and "grace" in client.text()
        assert await stop(process) == 0
        await tab.close()
        await client.close()
    finally:
        await stop(process)


async def test_a_tab_that_vanishes_is_closed(serve_web, silent_link):
    web, port = await serve_web(limits=Limits(keepalive_interval=0.5))
    link = await silent_link(port)
    tab = await open_tab(link.port)
    await until(lambda: LOBBY in tab.text(), "the lobby")
    link.go_silent()  # the network drops everything, and no one says goodbye
    await until(lambda: not web.arcade.sessions, "the vanished tab's session ended")
    await tab.http.close()


async def test_a_browser_players_round_trip_is_timed_for_the_tables(serve_web):
    web, port = await serve_web(limits=Limits(round_trip_every=0.05, round_trip_away_every=3600))
    tab = await open_tab(port, path="/ws/ada")
    trips = web.arcade.lobby.round_trips
    await until(lambda: "ada" in trips, "ada's round trip")
    first = trips["ada"]
    assert 0 < first < 5
    await asyncio.sleep(0.5)  # ten turns of the short interval
    assert trips["ada"] == first, "timed again while ada sat at no table"
    web.arcade.lobby.create_table(GAMES["war"], creator="ada", players=2, people=1, level="easy")
    await until(lambda: trips["ada"] != first, "ada timed again once seated")
    await tab.close()


async def test_a_tab_left_alone_is_warned_then_closed(serve_web):
    # warned after 1 s, closed after 4: a loaded machine still sees the warning before the end
    web, port = await serve_web(limits=Limits(idle_timeout=4, idle_warning=3))
    tab = await open_tab(port)
    await until(lambda: "No key pressed for a while" in tab.text(), "the warning")
    await asyncio.wait_for(tab.closed.wait(), 30)
    assert b"Closed after 4 seconds without a key press." in tab.received
    await tab.close()
