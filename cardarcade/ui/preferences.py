"""The player's settings and profile as one app uses them: read from the settings file, taken
into play, and kept again when the player changes them."""

from __future__ import annotations

import threading
from typing import TYPE_CHECKING

from cardarcade.store.look import first_look, login_name, look_of

if TYPE_CHECKING:  # (pydantic's settings load once the menu's first frame is up, not before)
    from cardarcade.store.settings import Profile, Settings
    from cardarcade.ui.app import ArcadeApp


class Preferences:
    """Whose profile the terminal plays as and what the settings file says for them. Apart from
    the app because the file is read in steps (a plain first look for the menu's first frame, the
    validating read after it) and written from several places (the settings screen, the set-up's
    bot levels, the keys t and g), each step careful not to undo a choice made meanwhile."""

    def __init__(self, app: ArcadeApp, session_user: str | None) -> None:
        self._app = app
        self._session_user = session_user  # the user a server named this session for (None: local)
        self._user_settings: Settings | None = None
        self.warning: str | None = None  # why the settings file could not be used
        self.validation_due = False  # the file is validated once the menu's first frame is up
        # The look without the file, and the look the file first gave (after_first_frame).
        self._unlooked: tuple[str, bool | None] = ("", None)
        self._looked: tuple[str, bool | None] = ("", None)
        # Theme and glyphs chosen by a key, not yet written (remember_look); the guard is shared
        # with the store's worker thread, which writes them.
        self._look_chosen: dict[str, str] = {}
        self._look_write_due = False
        self._look_guard = threading.Lock()

    @property
    def user_settings(self) -> Settings:
        """What the settings file holds (the defaults if it is missing or broken); read on first use."""
        if self._user_settings is None:
            # (this machine's copy: with a database the worker brings it up to date, bring_up_to_date)
            self._user_settings, self.warning = self._app.store.settings_file.load(pull=False)
        return self._user_settings

    @property
    def player(self) -> str:
        """Whose profile this terminal plays as: the SSH user over SSH, else the one chosen in
        settings, else the login name."""
        return login_name(self._session_user or self.user_settings.profile)

    @property
    def named_by_session(self) -> bool:
        """Whether a server named this session's player (their SSH user, a browser's name): the
        settings cannot change whose profile it plays as."""
        return self._session_user is not None

    @property
    def profile(self) -> Profile:
        return self.user_settings.profile_of(self.player)

    def read_at_start(self, game_first: bool) -> None:
        """The settings file as the app starts. A game first (``game_first``) takes its pace and
        countdown before it starts; the menu's frame needs only the theme and glyphs: a plain read,
        no pydantic (store.look), validated after that frame (``after_first_frame``)."""
        looks, settings = self._app.looks, self._app.settings
        self._unlooked = (looks.card_theme.name, settings.ascii_glyphs)
        if game_first:
            self.take_from_file()
        else:
            theme, glyphs = first_look(self._app.store.settings_path, self._session_user)
            # (where they make sense: the validating read says what is wrong with the rest)
            if glyphs in ("symbols", "letters"):
                settings.ascii_glyphs = glyphs == "letters"
            if theme in looks.card_themes:
                looks.card_theme = looks.card_themes[theme]
            self.validation_due = True
        self._looked = (looks.card_theme.name, settings.ascii_glyphs)

    def bring_up_to_date(self) -> None:
        """With a database: this machine's copy of the settings brought up to date in the store's
        worker (a round trip, never on the loop); if another machine changed them, played by now."""
        app = self._app
        settings_file = app.store.settings_file

        def pulled(changed: bool) -> None:
            if not changed:
                return
            self._user_settings = None  # (read again from the copy)
            theme = app.looks.card_theme.name
            self.take_from_file()
            if app.looks.card_theme.name != theme:
                app.looks.use(app.looks.card_theme.name)
            else:
                app.redraw()

        app.store_writer.read(settings_file.pull, pulled, lambda exc: None)

    def take_from_file(self) -> None:
        """Pace, countdown, theme and glyphs from the settings file, the player's profile first."""
        looks, settings, profile, ours = self._app.looks, self.user_settings, self.profile, self._app.settings
        ours.pace = profile.pace or settings.pace
        ours.countdown = settings.countdown
        ours.hard_bot_seconds = settings.hard_bot_seconds
        ours.replays_kept = settings.replays_kept
        theme, glyphs = look_of(settings.model_dump(), self.player)
        ours.ascii_glyphs = None if glyphs is None else glyphs == "letters"
        if theme is not None and theme in looks.card_themes:
            looks.card_theme = looks.card_themes[theme]
        elif theme is not None:
            looks.warnings.append(f"settings: there is no theme {theme!r}; using {looks.card_theme.title}")

    def after_first_frame(self) -> None:
        """The settings file, validated now that the menu shows: it wins over the first look,
        except for a theme or glyphs chosen since (``--theme``, ``--ascii``, a key)."""
        app, looks, ours = self._app, self._app.looks, self._app.settings
        self.validation_due = False
        theme, glyphs = looks.card_theme.name, ours.ascii_glyphs
        warnings = len(looks.warnings)
        looks.card_theme, ours.ascii_glyphs = looks.card_themes[self._unlooked[0]], self._unlooked[1]
        self.take_from_file()  # (a file that cannot be used gives the look without it)
        if theme != self._looked[0]:
            looks.card_theme = looks.card_themes[theme]
        if glyphs != self._looked[1]:
            ours.ascii_glyphs = glyphs
        for warning in looks.warnings[warnings:]:
            app.notify(warning, severity="warning", timeout=6)
        self.say_warning()
        if looks.card_theme.name != theme:
            looks.use(looks.card_theme.name)
        elif ours.ascii_glyphs != glyphs:
            app.redraw()

    def say_warning(self) -> None:
        """A settings file with something it cannot use is said on the first screen (it was said
        only on the settings screen, and the wrong player's games were recorded meanwhile)."""
        if self.warning is not None:
            self._app.notify(self.warning, severity="warning", timeout=12)

    def save_settings(self, settings: Settings) -> str | None:
        """Keep ``settings`` (the player saved them) and play by them now; a message if the file
        could not be written (they still apply to this session). Only what changed is written,
        into the file as it is now: what another window saved meanwhile stays."""
        from cardarcade.store.settings import changes_between

        app, looks = self._app, self._app.looks
        changes = changes_between(self.user_settings, settings)
        self._user_settings, self.warning = settings, None
        theme = looks.card_theme.name
        self.take_from_file()
        if looks.card_theme.name != theme:
            looks.use(looks.card_theme.name)
        else:
            app.redraw()
        settings_file = app.store.settings_file
        # (in the store's worker: with a database a rewrite is several round trips; a failure is said)
        app.store_writer.write(
            lambda: settings_file.update(changes, repair=True),
            f"The settings could not be saved in {settings_file.path}",
        )
        return None

    def save_profile(self, profile: Profile, name: str | None = None) -> None:
        """Remember a player's preferences (the bot levels last chosen...). Written to the settings
        file (only that, into the file as it is now) unless the file holds something it cannot use:
        it is then left alone until the player saves settings."""
        from cardarcade.store.settings import changes_between

        before = self.user_settings
        self._user_settings = before.with_profile(name or self.player, profile)
        if self.warning is None:
            settings_file, changes = self._app.store.settings_file, changes_between(before, self._user_settings)
            # (in the store's worker; a preference is not worth interrupting play for: a failure
            # is said, and it holds for this session)
            self._app.store_writer.write(lambda: settings_file.update(changes), "A preference could not be kept")

    def remember_look(self, **look: str) -> None:
        """Keep a theme or glyphs chosen by a key (t, g: they were forgotten at exit) where the
        settings screen keeps them. The file is read, changed and written in the background (the
        first read costs a pydantic import: a quarter of a second on the loop); a held key's
        presses make one write."""
        if self._user_settings is not None:  # (the session's own view, once it has read the file)
            from cardarcade.store.settings import with_look

            self._user_settings = with_look(self._user_settings, self.player, look)
        with self._look_guard:
            self._look_chosen.update(look)
            if self._look_write_due:
                return
            self._look_write_due = True
        self._app.store_writer.write(self._write_look, "The theme and glyphs could not be remembered")

    def _write_look(self) -> None:
        """(In the store's worker thread.) A file with settings it cannot use is left alone until
        the player saves settings."""
        with self._look_guard:
            look, self._look_chosen, self._look_write_due = self._look_chosen, {}, False
        self._app.store.settings_file.keep_look(look, self._session_user)
