"""The catalog: the games the menu lists without loading them, and what that saves."""

from __future__ import annotations

import importlib
import pkgutil
import random
import subprocess
import sys

import pytest

import cardarcade.rules
import cardarcade.ui.games
from cardarcade.bots import _FACTORIES, make_bot
from cardarcade.catalog import CATALOG, find_game
from cardarcade.rules import GAMES, get_spec
from cardarcade.ui.games import screen_class


@pytest.mark.parametrize("game_id", list(CATALOG))
def test_each_listed_game_is_its_engines_spec(game_id):
    # A SPEC written out by hand instead of GameSpec.listed could disagree with the menu.
    info, spec = CATALOG[game_id], GAMES[game_id]
    assert spec.id == info.id
    assert (
        spec.title,
        spec.family,
        spec.min_players,
        spec.max_players,
        spec.default_players,
        spec.realtime,
        spec.summary,
    ) == (
        info.title,
        info.family,
        info.min_players,
        info.max_players,
        info.default_players,
        info.realtime,
        info.summary,
    )


def test_every_engine_and_every_screen_is_listed():
    engines = set()
    for module in pkgutil.iter_modules(cardarcade.rules.__path__):
        if module.name != "base" and not module.name.startswith("_"):
            spec = getattr(importlib.import_module(f"cardarcade.rules.{module.name}"), "SPEC", None)
            if spec is not None:
                engines.add(spec.id)
    screens = {}
    for module in pkgutil.iter_modules(cardarcade.ui.games.__path__):
        for game_id in getattr(importlib.import_module(f"cardarcade.ui.games.{module.name}"), "SCREENS", {}):
            screens[game_id] = module.name
    assert engines == set(CATALOG)
    # one module per game, named like its engine: screen_class finds it by that name alone
    assert screens == {game_id: info.module for game_id, info in CATALOG.items()}
    for game_id in CATALOG:
        assert screen_class(game_id).__module__ == f"cardarcade.ui.games.{CATALOG[game_id].module}"


def test_every_game_has_bots_in_the_module_named_like_it():
    # make_bot imports only that module (the others would hold a game's start), so bots kept
    # anywhere else would not be found in a fresh process.
    for game_id, info in CATALOG.items():
        bot = make_bot(game_id, 1, "easy", random.Random(0))
        assert bot is not None
        assert _FACTORIES[game_id].__module__ == f"cardarcade.bots.{info.module}", game_id


def test_lookup_accepts_what_a_player_types():
    assert find_game(" Egyptian_Ratscrew ").id == "egyptian-ratscrew"
    assert find_game("old mans bundle").id == "old-mans-bundle"
    assert find_game("poker-night") is None
    assert get_spec("SLAPJACK").id == "slapjack"


def test_the_menu_and_the_game_list_load_no_engine_and_no_pydantic():
    # What the menu's first frame waits for: an engine (or pydantic, which every engine
    # needs) imported here would be paid by every start and every SSH session.
    probe = (
        "import sys, cardarcade.cli, cardarcade.ui.app, cardarcade.ui.screens.menu\n"
        "cardarcade.cli.main(['list'])\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] == 'pydantic'"
        " or m.startswith(('cardarcade.rules', 'cardarcade.bots', 'cardarcade.table'))))"
    )
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True).stdout
    assert out.strip().splitlines()[-1] == "[]"


def test_choosing_a_game_loads_only_that_engine():
    probe = (
        "import sys\nfrom cardarcade.rules import GAMES\nGAMES['dig']\n"
        "print(sorted(m for m in sys.modules if m.startswith('cardarcade.rules.')"
        " and not m.split('.')[-1].startswith('_') and m != 'cardarcade.rules.base'))"
    )
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "['cardarcade.rules.dig']"


# The games whose screens shared a module with another game's until issue 28: each loaded both
# engines (starting Polignac loaded Schnapsen's).
@pytest.mark.parametrize(
    "game_id", ["polignac", "schnapsen", "speed", "california-speed", "go-fish", "authors", "dig", "neosho-rapids"]
)
def test_a_games_screen_loads_no_other_games_engine(game_id):
    module = CATALOG[game_id].module
    probe = (
        f"import sys, cardarcade.ui.games.{module}\n"
        "print(*sorted(m for m in sys.modules if m.startswith('cardarcade.rules.')"
        " and not m.split('.')[-1].startswith('_') and m != 'cardarcade.rules.base'))"
    )
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True).stdout
    assert set(out.split()) <= {f"cardarcade.rules.{module}"}
