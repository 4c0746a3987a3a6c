"""Settings and profiles in TOML: round trips, broken files, the default profile name."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest
from hypothesis import given, settings as hsettings, strategies as st

from cardarcade.tomlfile import toml_key, toml_string, toml_text
from cardarcade.store.look import login_name
from cardarcade.store.settings import Profile, Settings, SettingsFile


def test_settings_and_profiles_come_back_as_saved(tmp_path: Path) -> None:
    file = SettingsFile(tmp_path / "cardarcade" / "settings.toml")
    assert file.load() == (Settings(), None)  # no file yet: the defaults, quietly
    saved = Settings(
        theme="midnight", glyphs="letters", pace=0.5, countdown=0, hard_bot_seconds=2.5, profile="Ada Lovelace"
    )
    saved = saved.with_profile(
        "Ada Lovelace",
        Profile(theme="felt", glyphs="symbols", pace=1.2, bot_levels={"slapjack": "expert", "war": "hard"}),
    )
    file.save(saved)
    assert file.load() == (saved, None)
    assert file.load()[0].profile_of("Ada Lovelace").bot_levels["slapjack"] == "expert"
    assert file.load()[0].profile_of("someone new") == Profile()


@pytest.mark.parametrize(
    "text, why",
    [
        ("pace = \n", "Invalid value (at line 1, column 8)"),
        ("pace = " + "7" * 5000 + "\n", "a number too long"),
        ("pace = " + "[" * 5000 + "]" * 5000 + "\n", "nested too deep"),
    ],
)
def test_a_file_that_cannot_be_read_gives_the_defaults_a_warning_and_is_kept(
    tmp_path: Path, text: str, why: str
) -> None:
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


GOOD = 'profile = "alice"\ncountdown = 5\n'
GOOD_PROFILE = '[profiles.alice]\ntheme = "midnight"\n[profiles.alice.bot_levels]\nsnap = "hard"\n'


@pytest.mark.parametrize(
    "bad, why",
    [
        ("pace = 99\n", "Pace must be at most 5.0"),
        ("pace = nan\n", "Pace: input should be a finite number"),
        ("colour = 'red'\n", "colour: no such setting"),
        ("glyphs = 'runes'\n", "glyphs: input should be 'symbols' or 'letters'"),
        ("hard_bot_seconds = 0\n", "Hard bots' thinking time must be at least 0.1"),
        ("[profiles.bob]\nglyphs = 'runes'\n", "profiles.bob.glyphs: input should be 'symbols' or 'letters'"),
        ("war = 3\n", "profiles.alice.bot_levels.war: input should be a valid string"),  # (after alice's levels)
        ("[profiles]\nbob = 3\n", "profiles.bob: input should be a valid dictionary"),
        ('[profiles."bo\\nb"]\nsparkle = 1\n', 'profiles."bo\\nb".sparkle: no such setting'),
    ],
)
def test_a_setting_that_cannot_be_used_is_named_and_every_other_one_holds(tmp_path: Path, bad: str, why: str) -> None:
    # One bad value threw the whole file away, who is playing with it: the terminal played and
    # recorded a won game as the login name.
    path = tmp_path / "settings.toml"
    text = GOOD + GOOD_PROFILE + bad if bad.startswith("war") else GOOD + bad + GOOD_PROFILE
    path.write_text(text)
    loaded, warning = SettingsFile(path).load()
    assert loaded.profile == "alice" and loaded.countdown == 5
    assert loaded.profile_of("alice").theme == "midnight" and loaded.profile_of("alice").bot_levels["snap"] == "hard"
    assert loaded.pace == 0.8 and loaded.glyphs is None and loaded.hard_bot_seconds == 1.0
    assert why in warning and "that setting has its default, the others hold" in warning and "\n" not in warning
    assert path.read_text() == text  # left as it is until the player saves settings


def test_every_setting_that_cannot_be_used_is_counted(tmp_path: Path) -> None:
    path = tmp_path / "settings.toml"
    path.write_text("".join(f"unknown{i} = {i}\n" for i in range(10)) + 'profile = "alice"\n')
    loaded, warning = SettingsFile(path).load()
    assert loaded.profile == "alice"
    assert "unknown0: no such setting; unknown1: no such setting; unknown2: no such setting; and 7 more" in warning


def test_a_settings_file_with_a_byte_order_mark_is_read(tmp_path: Path) -> None:
    (tmp_path / "settings.toml").write_bytes("\ufeffprofile = 'alice'\n".encode())  # as Notepad saves it
    assert SettingsFile(tmp_path / "settings.toml").load() == (Settings(profile="alice"), None)


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


_scalars = st.one_of(st.text(), st.integers(-(2**63), 2**63 - 1), st.booleans(), st.floats(allow_nan=False))
_tables = st.recursive(
    st.dictionaries(st.text(), _scalars | st.lists(st.text(), max_size=3), max_size=4),
    lambda inner: st.dictionaries(st.text(), inner, max_size=3),
    max_leaves=12,
)


@hsettings(max_examples=100, deadline=None)
@given(_tables)
def test_what_the_toml_writer_writes_reads_back_the_same(data: dict) -> None:
    assert tomllib.loads(toml_text(data)) == data


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


_values = st.one_of(
    st.sampled_from(["midnight", "felt", "", "x" * 70, "symbols", "letters", "runes", "alice", "bob", "  ", "a" * 41]),
    st.integers(-3, 99),
    st.floats(allow_nan=True),
    st.booleans(),
    st.lists(st.text(max_size=3), max_size=2),
)
_profile = st.one_of(
    st.dictionaries(
        st.sampled_from(["theme", "glyphs", "pace", "bot_levels", "sparkle"]),
        _values | st.dictionaries(st.sampled_from(["snap", "war"]), _values, max_size=2),
        max_size=4,
    ),
    _values,
)
_raw_settings = st.dictionaries(
    st.sampled_from(["theme", "glyphs", "pace", "countdown", "hard_bot_seconds", "profile", "profiles", "colour"]),
    _values | st.dictionaries(st.sampled_from(["alice", "bob", "a" * 41]), _profile, max_size=3),
    max_size=7,
)

AGREEMENT_CASES = 300


@hsettings(max_examples=AGREEMENT_CASES, deadline=None)
@given(_raw_settings)
def test_the_menus_first_look_agrees_with_the_settings_validated_one_by_one(data: dict) -> None:
    # The first frame reads theme, glyphs and profile without pydantic; the validated file follows
    # at once and wins. With settings now set aside one by one, the two must keep agreeing.
    import tempfile

    from cardarcade.store.look import first_look, look_of
    from cardarcade.store.settings import validated_one_by_one

    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "settings.toml"
        path.write_text(toml_text(data))
        validated, _ = validated_one_by_one(tomllib.loads(path.read_text()))
        assert first_look(path, None) == look_of(validated.model_dump(), login_name(validated.profile))


_WINDOW = """
import sys, time
from pathlib import Path
from cardarcade.store.settings import SettingsFile, changes_between

path, name, go, count = Path(sys.argv[1]), sys.argv[2], Path(sys.argv[3]), int(sys.argv[4])
file = SettingsFile(path)
seen, _ = file.load()  # what this window read when it opened, never read again
Path(f"{go}.{name}").touch()
while not go.exists():
    time.sleep(0.002)
for i in range(count):  # a bot level chosen per game, as the setup screen keeps them
    profile = seen.profile_of(name)
    chosen = seen.with_profile(name, profile.model_copy(update={"bot_levels": {**profile.bot_levels, f"g{i}": "hard"}}))
    file.update(changes_between(seen, chosen))
    seen = chosen
"""

_LOOKER = """
import sys
from pathlib import Path
from cardarcade.store.settings import SettingsFile

path, stop = Path(sys.argv[1]), Path(sys.argv[2])
reads = 0
while not stop.exists() or reads == 0:
    settings, warning = SettingsFile(path).load()
    assert warning is None, warning  # never half a file
    assert settings.countdown == 7  # what was there before stays
    reads += 1
print(reads)
"""


def test_two_windows_saving_settings_at_once_lose_nothing(tmp_path: Path) -> None:
    # Each window wrote the whole file as it had read it: the later one undid the other's saves.
    import subprocess
    import sys
    import time

    path, go, count = tmp_path / "settings.toml", tmp_path / "go", 40
    path.write_text("countdown = 7\n")
    names = ["ada", "bob"]
    windows = [
        subprocess.Popen([sys.executable, "-c", _WINDOW, str(path), name, str(go), str(count)]) for name in names
    ]
    looker = subprocess.Popen(
        [sys.executable, "-c", _LOOKER, str(path), str(tmp_path / "stop")],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    while not all(Path(f"{go}.{name}").exists() for name in names):
        assert all(window.poll() is None for window in windows)
        time.sleep(0.01)
    go.touch()
    assert [window.wait(timeout=120) for window in windows] == [0, 0]
    (tmp_path / "stop").touch()
    out, err = looker.communicate(timeout=120)
    assert looker.returncode == 0, err
    print("reads while the windows wrote:", out.strip())
    saved = tomllib.loads(path.read_text())
    assert saved["countdown"] == 7
    for name in names:
        assert saved["profiles"][name]["bot_levels"] == {f"g{i}": "hard" for i in range(count)}


def test_the_toml_writer_leaves_out_what_toml_cannot_hold_and_quotes_keys_only_where_needed() -> None:
    assert (
        toml_text({"pace": None, "profiles": {"ada": {"theme": None, "pace": 1.5}}}) == "[profiles.ada]\npace = 1.5\n"
    )
    assert toml_key("ada") == "ada" and toml_key("bob x") == '"bob x"'
    assert tomllib.loads(f"{toml_key('a.b')} = {toml_string(chr(27) + 'q')}") == {"a.b": "\x1bq"}
