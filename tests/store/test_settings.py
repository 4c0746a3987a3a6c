"""Settings and profiles in TOML: round trips, broken files, the default profile name."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest
from hypothesis import given, settings as hsettings, strategies as st

from cardarcade.store import _toml
from cardarcade.store.look import login_name
from cardarcade.store.settings import Profile, Settings, SettingsFile


def test_settings_and_profiles_come_back_as_saved(tmp_path: Path) -> None:
    file = SettingsFile(tmp_path / "cardarcade" / "settings.toml")
    assert file.load() == (Settings(), None)  # no file yet: the defaults, quietly
    saved = Settings(theme="midnight", glyphs="letters", pace=0.5, countdown=0, hard_bot_seconds=2.5,
                     profile="Ada Lovelace")
    saved = saved.with_profile("Ada Lovelace", Profile(theme="felt", glyphs="symbols", pace=1.2,
                                                       bot_levels={"slapjack": "expert", "war": "hard"}))
    file.save(saved)
    assert file.load() == (saved, None)
    assert file.load()[0].profile_of("Ada Lovelace").bot_levels["slapjack"] == "expert"
    assert file.load()[0].profile_of("someone new") == Profile()


@pytest.mark.parametrize("text, why", [
    ("pace = \n", "Invalid value (at line 1, column 8)"),
    ("pace = 9\n", "Pace must be at most 5.0"),
    ("colour = 'red'\n", "colour: no such setting"),
    ("[profiles.ada]\nglyphs = 'runes'\n", "profiles.ada.glyphs"),
    ("pace = nan\n", "Pace"),
    ("pace = " + "7" * 5000 + "\n", "a number too long"),
    ("pace = " + "[" * 5000 + "]" * 5000 + "\n", "nested too deep"),
])
def test_a_broken_settings_file_gives_the_defaults_a_warning_and_is_kept(tmp_path: Path, text: str, why: str) -> None:
    path = tmp_path / "settings.toml"
    path.write_text(text)
    file = SettingsFile(path)
    loaded, warning = file.load()
    assert loaded == Settings()
    assert why in warning and "using the default settings" in warning and "\n" not in warning
    assert path.read_text() == text
    file.save(Settings(pace=1.0))  # the player saves: the broken file is kept beside the new one
    assert file.load() == (Settings(pace=1.0), None)
    assert (tmp_path / "settings.toml.broken").read_text() == text


def test_a_settings_file_in_another_encoding_is_a_warning(tmp_path: Path) -> None:
    (tmp_path / "settings.toml").write_bytes("theme = 'caf\u00e9'".encode("latin-1"))
    assert "not UTF-8" in SettingsFile(tmp_path / "settings.toml").load()[1]


def test_the_default_profile_is_the_login_or_ssh_name(monkeypatch: pytest.MonkeyPatch) -> None:
    assert login_name("  ssh   user ") == "ssh user"
    monkeypatch.setattr("getpass.getuser", lambda: "ada")
    assert login_name() == "ada"

    def no_login() -> str:
        raise OSError("no login name")

    monkeypatch.setattr("getpass.getuser", no_login)
    assert login_name() == "Player"


_scalars = st.one_of(st.text(), st.integers(-2**63, 2**63 - 1), st.booleans(),
                     st.floats(allow_nan=False))
_tables = st.recursive(st.dictionaries(st.text(), _scalars | st.lists(st.text(), max_size=3), max_size=4),
                       lambda inner: st.dictionaries(st.text(), inner, max_size=3), max_leaves=12)


@hsettings(max_examples=100, deadline=None)
@given(_tables)
def test_what_the_toml_writer_writes_reads_back_the_same(data: dict) -> None:
    assert tomllib.loads(_toml.dumps(data)) == data


def test_a_server_player_keeps_their_own_saves_and_settings_and_shares_statistics_and_books(tmp_path) -> None:
    from cardarcade.store.user import UserStore

    server = UserStore(tmp_path / "data", tmp_path / "config")
    ada, also_ada, bob = server.for_player("ada"), server.for_player("ADA"), server.for_player("../../bob")
    assert ada.saves.folder != bob.saves.folder and ada.settings_file.path != bob.settings_file.path
    assert ada.saves.folder == also_ada.saves.folder  # one person, however the name is typed
    assert bob.saves.folder.is_relative_to(tmp_path / "data" / "players")
    assert ada.stats is bob.stats is server.stats
    assert ada.books.folder == bob.books.folder == tmp_path / "config" / "books"
    ada.close()
    assert server.stats.profiles() == []  # the shared file stays open for the other players
