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

A file that cannot be read gives the defaults and a warning line, and is left as it is until
the player saves settings (then it is kept beside the new one as ``settings.toml.broken``).
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from cardarcade.store import _toml
from cardarcade.store._files import user_config_dir, write_atomically
from cardarcade.store.look import MAX_NAME, MAX_SETTINGS_BYTES
from cardarcade.tomlfile import UnusableFile, read_toml

Glyphs = Literal["symbols", "letters"]


class Profile(BaseModel):
    """A player's own preferences; a setting left out (None) follows the arcade's settings."""

    model_config = ConfigDict(extra="forbid", frozen=True, allow_inf_nan=False)

    theme: str | None = Field(None, max_length=64)
    glyphs: Glyphs | None = None
    pace: float | None = Field(None, ge=0.1, le=5.0)
    bot_levels: dict[str, str] = {}  # game id -> bot level last chosen


class Settings(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, allow_inf_nan=False)

    theme: str | None = Field(None, max_length=64)
    glyphs: Glyphs | None = None
    pace: float = Field(0.8, ge=0.1, le=5.0, title="Pace")
    countdown: int = Field(3, ge=0, le=10, title="Countdown")
    hard_bot_seconds: float = Field(1.0, ge=0.1, le=30.0, title="Hard bots' thinking time")
    profile: str | None = Field(None, min_length=1, max_length=MAX_NAME)
    profiles: dict[str, Profile] = {}

    def profile_of(self, name: str) -> Profile:
        return self.profiles.get(name, Profile())

    def with_profile(self, name: str, profile: Profile) -> "Settings":
        return self.model_copy(update={"profiles": {**self.profiles, name: profile}})


class SettingsFile:
    def __init__(self, path: Path | None = None) -> None:
        self.path = path if path is not None else user_config_dir() / "settings.toml"

    def load(self) -> tuple[Settings, str | None]:
        """The settings, and a warning line when the file could not be used (then the defaults)."""
        try:
            return Settings.model_validate(read_toml(self.path, MAX_SETTINGS_BYTES)), None
        except FileNotFoundError:
            return Settings(), None
        except UnusableFile as exc:
            return Settings(), self._warning(str(exc))
        except ValidationError as exc:
            return Settings(), self._warning(_setting_error(exc))

    def _warning(self, why: str) -> str:
        return f"{self.path}: {why}; using the default settings (the file is kept until you save settings)"

    def save(self, settings: Settings) -> None:
        """Write the settings (the player asked). A file that could not be read is kept beside it."""
        _, warning = self.load()
        if warning is not None and self.path.exists():
            os.replace(self.path, self.path.with_name(self.path.name + ".broken"))
        data = settings.model_dump(mode="json", exclude_defaults=True)
        write_atomically(self.path, _toml.dumps(data).encode())


def _setting_error(exc: ValidationError) -> str:
    """The first fault, in the words the house rules use ('Pace must be at most 5.0')."""
    from cardarcade.rules.base import option_error  # (here: the rules' module is no import for the first frame)

    err = exc.errors()[0]
    if len(err.get("loc", ())) == 1 and err.get("type") != "extra_forbidden":
        return option_error(Settings, exc)  # type: ignore[arg-type] - any model with titled fields
    where = ".".join(str(p) for p in err.get("loc", ())) or "the file"
    msg = str(err.get("msg", "invalid"))
    if err.get("type") == "extra_forbidden":
        msg = "no such setting"
    return f"{where}: {msg}"
