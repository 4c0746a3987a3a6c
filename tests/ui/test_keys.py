"""Every game's keys, declared once on its screen (``KEYS``): each key reaches its verb, no key is
bound twice for one seat at one table, the rules screen lists every verb for the table it is
read at, and the rules texts say nothing about keys."""

from __future__ import annotations

import re

import pytest

from cardarcade.catalog import CATALOG
from cardarcade.rules import GAMES
from cardarcade.seating import GameSetup
from cardarcade.ui.games import screen_class
from cardarcade.ui.games.game import GameScreen
from cardarcade.ui.keymaps import HALVES, PAUSE_KEYS, Keys, key_label
from cardarcade.ui.screens.pause import PauseScreen
from cardarcade.ui.screens.rules import RulesPage, RulesScreen, keys_markdown, plain

# What every game screen's own bindings take (rules, log, leave, bots finish fast; the menu's keys
# are each game's declared ``pause`` verb).
TABLE_KEYS = frozenset(key for b in GameScreen.BINDINGS if b.action != "pause" for key in b.key.split(","))


def declared(game_id: str) -> tuple[type[GameScreen], Keys]:
    screen = screen_class(game_id)
    return screen, screen.table_keys(GAMES[game_id].Options())


def seats_keys(keys: Keys, half: int | None) -> list[str]:
    """Every key one seat presses: the solo keys (None), or a hot-seat half's."""
    if half is None:
        return [k for verb in keys for k in verb.solo_keys]
    return [k for verb in keys if verb.per_person for k in verb.half_keys(half)]


@pytest.mark.parametrize("game_id", list(CATALOG))
def test_every_declared_key_reaches_its_verb(game_id):
    screen, keys = declared(game_id)
    bindings = screen._merged_bindings.key_to_bindings
    solo = keys.keymap([0])
    hotseat = keys.keymap([0, 1])
    for verb in keys:
        for key in verb.solo_keys:
            if verb.per_person:
                assert solo.lookup(key) == (0, verb.name), (game_id, key)
            else:
                assert verb.action in [b.action for b in bindings.get(key, [])], (game_id, key)
        for half in range(len(HALVES)):
            for key in verb.half_keys(half):
                assert hotseat.lookup(key) == (half, verb.name), (game_id, key)
        if verb.footer is not None:  # the footer offers it, and a click on it does it
            assert any(b.show and b.description == verb.footer for b in bindings.get(verb.solo_keys[0], []))


@pytest.mark.parametrize("game_id", list(CATALOG))
def test_no_key_is_bound_twice_for_one_seat(game_id):
    _, keys = declared(game_id)
    for half in (None, *range(len(HALVES))):
        pressed = seats_keys(keys, half)
        assert len(pressed) == len(set(pressed)), (game_id, half, sorted(k for k in pressed if pressed.count(k) > 1))
        assert not set(pressed) & TABLE_KEYS, (game_id, half)  # (the table's own keys come first)
    assert not set(seats_keys(keys, 0)) & set(seats_keys(keys, 1)), game_id  # a key is one player's


@pytest.mark.parametrize("game_id", list(CATALOG))
def test_the_rules_keys_section_lists_every_verb_for_the_table(game_id):
    _, keys = declared(game_id)
    alone = keys_markdown(keys)
    two = keys_markdown(keys, ["Ann", "Bob"])
    for verb in keys:
        if verb.solo_keys:
            assert all(f"`{key_label(k)}`" in alone for k in verb.solo_keys), (game_id, verb.name)
            assert plain(verb.listed or verb.help) in alone, (game_id, verb.name)
        for half, person in enumerate(("Ann", "Bob")):
            if verb.per_person and verb.half_keys(half):
                mine = two.split(f"{person} (")[1].split("\n\n", 2)[1]
                assert all(f"`{key_label(k)}`" in mine for k in verb.half_keys(half)), (game_id, verb.name)
    for note in keys.notes:
        assert plain(note) in alone and plain(note) in two
    if keys.hotseat:
        assert "Ann (left half of the keyboard)" in two and "Bob (right half of the keyboard)" in two
    else:
        assert "passes to whoever is to move" in two and "Ann" not in two


@pytest.mark.parametrize("game_id", list(CATALOG))
def test_the_menu_is_on_escape_and_on_p_unless_the_game_has_p(game_id):
    screen, keys = declared(game_id)
    bindings = screen._merged_bindings.key_to_bindings
    menu = keys["pause"]
    games_own = {
        k for verb in keys if verb is not menu for k in (*verb.solo_keys, *verb.half_keys(0), *verb.half_keys(1))
    }
    p_is_the_games = "p" in games_own or keys.letters_typed  # (Through the Window types every letter)
    assert menu.solo_keys == (("escape",) if p_is_the_games else ("escape", "p")), game_id
    for key in PAUSE_KEYS:  # bound to the menu exactly where declared so (a family's binding not inherited)
        assert ("pause" in [b.action for b in bindings.get(key, [])]) == (key in menu.solo_keys), (game_id, key)


@pytest.mark.parametrize(("game_id", "players"), [("war", 2), ("polignac", 4)])  # (a turn game reads keys first)
async def test_p_opens_and_closes_the_menu_where_it_is_free(game_id, players, app_factory):
    app = app_factory(GameSetup.solo(GAMES[game_id], players, seed=1))
    async with app.run_test(size=(80, 24)) as pilot:
        game = app.screen
        await pilot.press("p")
        assert isinstance(app.screen, PauseScreen) and game.table.paused
        await pilot.press("p")
        assert app.screen is game and not game.table.paused
        await pilot.press("f1")
        assert "`escape` `p` the menu" in shown_keys(app)


async def test_p_is_the_games_own_key_where_it_has_one(app_factory):
    app = app_factory(GameSetup.solo(GAMES["schnapsen"], 2, seed=1))
    async with app.run_test(size=(80, 24)) as pilot:
        game = app.screen
        await pilot.press("p")  # pass: not open before the talon is closed, and the prompt says so
        await pilot.pause()
        assert app.screen is game and "let the hand end: not possible now" in str(game.query_one("#prompt").render())
        await pilot.press("f1")
        keys = shown_keys(app)
        assert "`escape` the menu" in keys and "`p` let the last hand end" in keys


async def test_at_a_hot_seat_keyboard_p_is_the_menu_for_either_person(slapjack, app_factory):
    app = app_factory(GameSetup.solo(slapjack, 3, seed=1, humans=2))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("f1")
        either = shown_keys(app).split("Either of you:")[1]
        assert "`escape` `p` the menu" in either
        await pilot.press("escape", "p")
        assert isinstance(app.screen, PauseScreen)


@pytest.mark.parametrize("game_id", list(CATALOG))
def test_no_rules_text_mentions_keys(game_id):
    rules = GAMES[game_id].rules
    assert "Keys" not in rules
    named = re.findall(r"`([^`]{1,12})`", rules)  # (a key as the rules texts once named them: `d`)
    assert not named, (game_id, named)


def shown_keys(app) -> str:
    """The keys section of the rules on screen."""
    text = app.screen.query_one(RulesPage).source
    return text[text.index("## Keys") : text.index("## House rules")]


async def test_the_rules_screen_shows_each_hot_seat_player_their_own_keys(slapjack, app_factory):
    app = app_factory(GameSetup.solo(slapjack, 3, seed=1, humans=2))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("f1")
        await pilot.pause()
        assert isinstance(app.screen, RulesScreen)
        keys = shown_keys(app)
        left, right = keys.split("Player 2 (right half of the keyboard):")
        assert "Player 1 (left half of the keyboard):" in left
        assert "`w` turn a card" in left and "`s` slap" in left and "`o`" not in left
        assert "`o` turn a card" in right and "`l` slap" in right
        assert "enter" not in keys and "space" not in keys  # the solo keys are nobody's here


async def test_the_menus_rules_show_the_solo_keys(app_factory):
    app = app_factory()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("down", "r")  # Slapjack
        await pilot.pause()
        assert isinstance(app.screen, RulesScreen) and app.screen.spec.id == "slapjack"
        keys = shown_keys(app)
        assert "`⏎ enter` turn a card" in keys and "`space` slap" in keys and "half" not in keys
