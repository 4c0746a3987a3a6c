"""A game session's records kept in this app's store: its save and the statistics, written by
the app's worker thread so a slow disk never holds up play (``ui/store_writer.py``)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any
from collections.abc import Mapping, Sequence

from cardarcade.replay import Move
from cardarcade.rules.base import Game
from cardarcade.table.session import Snapshot
from cardarcade.seating import GameSetup, Reaction

if TYPE_CHECKING:
    from cardarcade.store.ratings import Rating
    from cardarcade.ui.app import ArcadeApp

SAVED_SAID = "Game saved: c on the menu continues it."


class StoreRecords:
    """``table.session.Records`` through an app's store."""

    def __init__(self, app: ArcadeApp) -> None:
        self.app = app

    def new_save_id(self, game_id: str) -> str:
        from cardarcade.store.saves import new_save_id

        return new_save_id(game_id)

    @staticmethod
    def encoded(snapshot: Snapshot) -> bytes:
        from cardarcade.store.saves import encode

        return encode(
            snapshot.save_id,
            snapshot.setup,
            snapshot.game,
            snapshot.elapsed,
            log=snapshot.log,
            seen=snapshot.seen,
            moves=snapshot.moves,
            hinted=snapshot.hinted,
        )

    def write(self, snapshot: Snapshot, *, leaving: bool = False, said: bool = False) -> None:
        """The game encoded here, as it stands, and written by the worker, held from its first
        write (another window lists it as open here). ``leaving``: the menu counts the saves
        again once it is written; ``said``: the player is told."""
        app, save_id, data = self.app, snapshot.save_id, self.encoded(snapshot)
        saves = app.store.saves  # (made here, on the app's thread: holds are kept by it)

        def saved() -> None:
            app.redraw()
            if said:
                app.notify(SAVED_SAID, timeout=4)

        app.store_writer.write(
            lambda: saves.write(save_id, data, hold=True), "The game could not be saved", saved if leaving else None
        )

    def write_at_once(self, snapshot: Snapshot) -> None:
        """In the calling thread: the terminal is gone and the process is about to end
        (``Ending.terminal_lost``); a failure is only logged, there is no one to tell."""
        from cardarcade.store.saves import SaveFailed

        try:
            self.app.store.saves.write(snapshot.save_id, self.encoded(snapshot), hold=True)
        except (OSError, SaveFailed) as exc:
            self.app.log.error(f"the game could not be saved as the terminal went: {exc}")

    def let_go(self, save_id: str) -> None:
        """Once its last write is on disk (the same queue, in order): another window may carry it on."""
        saves = self.app.store.saves
        self.app.store_writer.write(lambda: saves.let_go(save_id), "The saved game could not be let go")

    def remove(self, save_id: str) -> None:
        store = self.app.store
        self.app.store_writer.write(
            lambda: store.saves.remove(save_id), "An old save could not be removed", self.app.redraw
        )

    def record_game(
        self,
        setup: GameSetup,
        game: Game,
        duration: float,
        profiles: Mapping[int, str],
        hinted: bool = False,
        adaptive_as: str | None = None,
    ) -> None:
        """Recorded by the worker; the ratings it moved are then told to the result screen."""
        app, store = self.app, self.app.store
        moved: list[Rating] = []

        def work() -> None:
            moved.extend(
                store.stats.record_rated_game(
                    setup, game, duration, profiles, setup.book, hinted=hinted, adaptive_as=adaptive_as
                )
            )

        def done() -> None:
            from cardarcade.ui.screens.result import ResultScreen

            app.memory.rated = (game, moved)
            for screen in app.screen_stack:
                if isinstance(screen, ResultScreen):
                    screen.ratings_arrived(game, moved)
            # (on a server: its leaderboard; not a browser guest's, whose guest-N is someone
            # else's in the next tab)
            if app.lobby is not None and app.store.throwaway is None:
                app.lobby.rated(moved)

        app.store_writer.write(work, "The statistics could not be recorded", done)

    def record_reactions(self, game_id: str, profile: str, reactions: list[Reaction]) -> None:
        store = self.app.store
        self.app.store_writer.write(
            lambda: store.stats.record_reactions(game_id, profile, reactions), "The statistics could not be recorded"
        )

    def keep_replay(
        self,
        setup: GameSetup,
        game: Game,
        moves: Sequence[Move],
        duration: float,
        profiles: Mapping[int, str],
        hinted: bool = False,
    ) -> None:
        """Kept for each person's profile (for this terminal's player when nobody at the table has
        one), the oldest let go beyond the settings' number; played through in the worker first,
        and not kept (with a warning) if it does not replay to this game's end."""
        from cardarcade.replay import replay_of
        from cardarcade.store.replays import keep_for_each, new_replay_id, now

        when = now()
        replay = replay_of(new_replay_id(setup.spec.id, when), setup, game, tuple(moves), duration, when)
        folders = dict.fromkeys(sorted(set(profiles.values())) or [self.app.player], self.app.store.data_dir)
        keep, lobby = self.app.settings.replays_kept, self.app.lobby
        listed: list[tuple[Any, str | None]] = []

        def work() -> None:
            keep_for_each(replay, folders, keep)
            if lobby is not None:  # (on a server: its list of the last games, made here off the loop)
                listed.append(lobby.listing(replay, game, hinted))

        def done() -> None:
            if lobby is not None and listed:
                lobby.finished(*listed[0])

        self.app.store_writer.write(work, "The game's replay could not be kept", done)

    def reacted(self, game_id: str, who: str, reaction: Reaction) -> None:
        self.app.memory.record_reaction(game_id, who, reaction.seconds, reaction.outcome)
