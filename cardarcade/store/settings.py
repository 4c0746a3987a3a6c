"""Settings and player profiles, in ``settings.toml`` in the user config folder.

    theme = "felt"              # left out: the shipped default
    glyphs = "letters"          # symbols (♠ ♥ ♦ ♣) or letters (S H D C); left out: the theme decides
    pace = 0.8                  # seconds a bot takes for an ordinary move
    countdown = 3               # "3, 2, 1, GO" before a reaction game; 0 for none
    hard_bot_seconds = 1.0      # how long the hard bots think
    profile = "ada"             # whose profile this terminal plays as; left out: the login name

    [profiles.ada]
    theme = "midnight"
    glyphs = "symbols"
    pace = 0.6
    [profiles.ada.bot_levels]   # the level last chosen per game
    slapjack = "expert"

Each setting is validated alone: one that cannot be used (``pace = 99``) falls back to its
default and is named in a warning line, and every other one holds (above all ``profile``: who
is playing). A file that cannot be read at all gives the defaults and a warning line. Either
way the file is left as it is until the player saves settings (then it is kept beside the new
one as ``settings.toml.broken``).

Several windows may share the file. A save writes only what it changed (``changes_between``),
into the file as it is at that moment, read and written under a lock file: what another window
saved meanwhile stays.
"""

from __future__ import annotations

import shutil
from contextlib import ExitStack
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal
from collections.abc import Callable, Mapping

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from cardarcade.store._files import held_lock, user_config_dir, write_atomically
from cardarcade.store.look import MAX_NAME, MAX_SETTINGS_BYTES, MAX_THEME_NAME, login_name
from cardarcade.tomlfile import UnusableFile, read_toml, toml_key, toml_text

if TYPE_CHECKING:
    from cardarcade.store.documents import Mirror

Glyphs = Literal["symbols", "letters"]
PROFILE_ONLY = ("theme", "glyphs", "pace")  # what a profile may keep for itself


class Profile(BaseModel):
    """A player's own preferences; a setting left out (None) follows the arcade's settings."""

    model_config = ConfigDict(extra="forbid", frozen=True, allow_inf_nan=False)

    theme: str | None = Field(None, max_length=MAX_THEME_NAME)
    glyphs: Glyphs | None = None
    pace: float | None = Field(None, ge=0.1, le=5.0)
    bot_levels: dict[str, str] = {}  # game id -> bot level last chosen
    told: dict[str, bool] = {}  # game id -> its first-game note (what a newcomer should know) was given


class Settings(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, allow_inf_nan=False)

    theme: str | None = Field(None, max_length=MAX_THEME_NAME)
    glyphs: Glyphs | None = None
    pace: float = Field(0.8, ge=0.1, le=5.0, title="Pace")
    countdown: int = Field(3, ge=0, le=10, title="Countdown")
    hard_bot_seconds: float = Field(1.0, ge=0.1, le=30.0, title="Hard bots' thinking time")
    replays_kept: int = Field(500, ge=0, le=10_000, title="Replays kept")  # per profile, newest first
    profile: str | None = Field(None, min_length=1, max_length=MAX_NAME)
    profiles: dict[str, Profile] = {}

    def profile_of(self, name: str) -> Profile:
        return self.profiles.get(name, Profile())

    def with_profile(self, name: str, profile: Profile) -> Settings:
        return self.model_copy(update={"profiles": {**self.profiles, name: profile}})


# A path in the settings (("pace",), ("profiles", "ada", "bot_levels", "snap")) -> its new value,
# or REMOVED: what one window changed, to be written into the file as it is now.
Changes = dict[tuple[str, ...], Any]
REMOVED = object()
MAX_FAULTS_NAMED = 3  # in the warning line; the rest are counted


class SettingsFile:
    def __init__(self, path: Path | None = None, mirror: Mirror | None = None) -> None:
        """``mirror``: the database the file is a copy of (``--database``: store/documents.py)."""
        self.path = path if path is not None else user_config_dir() / "settings.toml"
        self.mirror = mirror

    def pull(self) -> bool:
        """With a database: this machine's copy brought up to date; whether it changed."""
        return self.mirror is not None and self.mirror.pull(self.mirror.name_of(self.path)) > 0

    def load(self, pull: bool = True) -> tuple[Settings, str | None]:
        """The settings, and a warning line when some of the file could not be used (those
        settings then have their defaults, and the rest hold). ``pull``: with a database, this
        machine's copy brought up to date first (a round trip: the app's loop reads the copy
        alone, which the store's worker keeps up to date)."""
        try:
            if pull:
                self.pull()
        except OSError:
            pass  # (the copy there is read: the write that failed will say why)
        try:
            data = read_toml(self.path, MAX_SETTINGS_BYTES)
        except FileNotFoundError:
            return Settings(), None
        except UnusableFile as exc:
            return Settings(), (
                f"{self.path}: {exc}; using the default settings (the file is kept until you save settings)"
            )
        settings, faults = validated_one_by_one(data)
        if not faults:
            return settings, None
        named = "; ".join(faults[:MAX_FAULTS_NAMED])
        if len(faults) > MAX_FAULTS_NAMED:
            named += f"; and {len(faults) - MAX_FAULTS_NAMED} more"
        which = "that setting has its default" if len(faults) == 1 else "those settings have their defaults"
        return settings, (
            f"{self.path}: {named}; {which}, the others hold (the file is kept as it is until you save settings)"
        )

    def update(self, changes: Changes, repair: bool = False) -> Settings:
        """Write ``changes`` into the file as it is now (what another window saved meanwhile
        stays), and return what it then holds. A file with settings that cannot be used is left
        alone (nothing written) unless ``repair`` (the player saved settings): then it is kept
        beside the new one as settings.toml.broken. Raises OSError when it cannot be written."""
        return self._rewrite(lambda current: with_changes(current, changes), repair)

    def keep_look(self, look: Mapping[str, str], session_user: str | None = None) -> Settings:
        """Keep a theme or glyphs chosen by a key (``look``: theme=..., glyphs=...) for the player
        the file names (the session's user over SSH), where the settings screen keeps them."""
        return self._rewrite(lambda current: with_look(current, login_name(session_user or current.profile), look))

    def _rewrite(self, change: Callable[[Settings], Settings], repair: bool = False) -> Settings:
        """Read, change and write the file under its lock file (another window's rewrite waits)."""
        with ExitStack() as held:
            held.enter_context(held_lock(self.path.with_name(self.path.name + ".lock")))
            if self.mirror is not None:
                held.enter_context(self.mirror.locked(self.path))  # (and on every machine)
            current, warning = self.load()
            updated = change(current)
            if warning is not None and not repair:
                return updated
            if warning is not None and self.path.exists():
                broken = self.path.with_name(self.path.name + ".broken")
                shutil.copyfile(self.path, broken)
                broken.chmod(0o600)
            write_atomically(self.path, toml_text(_as_file(updated)).encode())
            if self.mirror is not None:
                self.mirror.push(self.path)
            return updated

    def save(self, settings: Settings) -> None:
        """Write ``settings`` as the whole file (a file that could not be read is kept beside it)."""
        self.update(changes_between(self.load()[0], settings), repair=True)


def with_look(settings: Settings, player: str, look: Mapping[str, str]) -> Settings:
    """``settings`` with a theme or glyphs ``player`` chose: in their profile if it has a look of
    its own (the settings screen's "kept for this profile only"), else the arcade's."""
    profile = settings.profile_of(player)
    if any(getattr(profile, name) is not None for name in PROFILE_ONLY):
        return settings.with_profile(player, profile.model_copy(update=look))
    return settings.model_copy(update=look)


def validated_one_by_one(data: Mapping[str, Any]) -> tuple[Settings, list[str]]:
    """The settings in ``data``, each validated alone: one that cannot be used is left out (its
    default holds) and named; the rest are kept. Profiles likewise, setting by setting."""
    kept: dict[str, Any] = {}
    faults: list[str] = []
    for key, value in data.items():
        if key == "profiles":
            kept[key] = _profiles_one_by_one(value, faults)
        elif _fault(Settings, {key: value}, (), faults) is None:
            kept[key] = value
    return Settings.model_validate(kept), faults


def _profiles_one_by_one(profiles: Any, faults: list[str]) -> dict[str, Any]:
    if not isinstance(profiles, Mapping):
        _fault(Settings, {"profiles": profiles}, (), faults)
        return {}
    kept: dict[str, Any] = {}
    for name, profile in profiles.items():
        where = ("profiles", name)
        if not isinstance(profile, Mapping):
            _fault(Profile, profile, where, faults)
            continue
        own: dict[str, Any] = {}
        for key, value in profile.items():
            if key == "bot_levels" and isinstance(value, Mapping):
                own[key] = {
                    game: level
                    for game, level in value.items()
                    if _fault(Profile, {key: {game: level}}, where, faults) is None
                }
            elif _fault(Profile, {key: value}, where, faults) is None:
                own[key] = value
        kept[name] = own
    return kept


def _fault(model: type[BaseModel], data: Any, where: tuple[str, ...], faults: list[str]) -> str | None:
    """What is wrong with ``data`` as (part of) a ``model``, added to ``faults``; None if nothing."""
    try:
        model.model_validate(data)
    except ValidationError as exc:
        faults.append(_setting_error(exc, model, where))
        return faults[-1]
    return None


def changes_between(before: Settings, after: Settings) -> Changes:
    """What differs from ``before`` to ``after``, setting by setting (a profile's bot levels game
    by game): what a window changed, and nothing it merely read."""
    old, new = _leaves(before.model_dump(mode="json")), _leaves(after.model_dump(mode="json"))
    return {
        path: new.get(path, REMOVED)
        for path in old.keys() | new.keys()
        if old.get(path, REMOVED) != new.get(path, REMOVED)
    }


def with_changes(settings: Settings, changes: Changes) -> Settings:
    """``settings`` with ``changes`` (as ``changes_between`` gives them) made."""
    data = settings.model_dump(mode="json")
    for path, value in changes.items():
        place = data
        for key in path[:-1]:
            if not isinstance(place.get(key), dict):
                place[key] = {}
            place = place[key]
        if value is REMOVED:
            place.pop(path[-1], None)
        else:
            place[path[-1]] = value
    return Settings.model_validate(data)


def _leaves(data: Mapping[str, Any], path: tuple[str, ...] = ()) -> dict[tuple[str, ...], Any]:
    """Every setting's path and value; a None (not set) is no value."""
    out: dict[tuple[str, ...], Any] = {}
    for key, value in data.items():
        if isinstance(value, Mapping):
            out.update(_leaves(value, (*path, key)))
        elif value is not None:
            out[(*path, key)] = value
    return out


def _as_file(settings: Settings) -> dict[str, Any]:
    """What the file holds: the settings that differ from the defaults, and no empty profile."""
    data = settings.model_dump(mode="json", exclude_defaults=True)
    profiles = {name: own for name, own in data.get("profiles", {}).items() if own}
    if profiles:
        data["profiles"] = profiles
    else:
        data.pop("profiles", None)
    return data


def _setting_error(exc: ValidationError, model: type[BaseModel] = Settings, where: tuple[str, ...] = ()) -> str:
    """The first fault, in the words the house rules use ('Pace must be at most 5.0'), or where
    it is in the file ('profiles.ada.glyphs: ...')."""
    from cardarcade.rules.base import option_error  # (here: the rules' module is no import for the first frame)

    err = exc.errors()[0]
    loc = (*where, *(str(p) for p in err.get("loc", ())))
    kind = err.get("type")
    if model is Settings and len(loc) == 1 and kind not in ("extra_forbidden", "literal_error"):
        return option_error(Settings, exc)
    shown = ".".join(toml_key(p) for p in loc) or "the file"
    msg = str(err.get("msg", "invalid"))
    if kind == "extra_forbidden":
        msg = "no such setting"
    return f"{_cut(shown, 60)}: {msg[:1].lower() + msg[1:]}"


def _cut(text: str, most: int) -> str:
    return text if len(text) <= most else text[: most - 1] + "…"
