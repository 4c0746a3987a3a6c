"""A turn-based game's keys: the card cursor, marking, playing, and the game's commands.

The keyboard belongs to whoever is to move. ``TURN_KEYS`` are every turn game's own (a game words
them its way in its ``KEYS``); each game adds its card-less moves as ``command`` verbs, offered as
``Command``s while they are open and shown on the prompt line. Every key is handled in
``on_key``, in the order typed; the bindings derived from the keys serve the footer and mouse clicks.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from textual import events
from textual.actions import parse

from cardarcade.bots.coach import has_decisions
from cardarcade.rules.base import Action
from cardarcade.ui.keymaps import Keys, Verb
from cardarcade.ui.textual_compat import modal_binding_chain
from cardarcade.ui.widgets.cards import ascii_suits

if TYPE_CHECKING:
    from cardarcade.rules.base import Game
    from cardarcade.ui.app import ArcadeApp

_ALONG = "move along your hand"
TURN_KEYS = Keys(
    # (h is the hint's, so the cursor keeps the arrows alone: l without h would be a puzzle)
    Verb("left", "left", help=_ALONG, footer="Move", action="cursor(-1, 0)", key_display="←→", listed=_ALONG),
    Verb("right", "right", help=_ALONG, action="cursor(1, 0)", listed=_ALONG),
    Verb("up", "up", help="move up", action="cursor(0, -1)", listed=_ALONG),
    Verb("down", "down", help="move down", action="cursor(0, 1)", listed=_ALONG),
    Verb("first", "home", help="to the first card", action="cursor_to(0)"),
    Verb("last", "end", help="to the last card", action="cursor_to(-1)"),
    Verb("mark", "space", help="mark or unmark the card under the cursor", footer="Mark", action="mark"),
    Verb("play", "enter", help="play the card under the cursor", footer="Play", action="confirm"),
    Verb("hint", "h", help="ask the strongest bot what it would play, and why", footer="Hint", action="hint"),
)
# Marking several cards for one move: a game that plays several cards at once declares it; the
# others leave it out (``TurnScreen.KEYS``), and their footer does not offer it.
MARK = TURN_KEYS["mark"]
_OWN = TURN_KEYS.by_key  # the keys on_key reads itself in every turn game


@dataclass(frozen=True)
class Command:
    """A card-less move open now: the ``command`` verb's key, the prompt's words, the action."""

    key: str
    label: str
    action: Action


class TurnKeys:
    """The keys of a ``TurnScreen`` (whose attributes and hooks these are). Not a ``Screen`` itself:
    the stylesheet's rules for a ``GameScreen`` follow a class's first base, and reach a
    ``TurnScreen`` through ``GameScreen`` only."""

    if TYPE_CHECKING:
        app: ArcadeApp
        game: Game
        keys: Keys
        command_keys: dict[str, str]

        @property
        def actor(self) -> int | None: ...

        def commands(self) -> list[Command]: ...
        def prompt(self) -> str: ...
        def turn_prompt(self) -> str: ...
        def say(self, text: str) -> None: ...
        def _end_said(self) -> None: ...
        def submit(self, action: Action) -> None: ...
        def move_cursor(self, dx: int, dy: int) -> None: ...
        def move_cursor_to(self, end: int) -> None: ...
        def toggle_mark(self) -> None: ...
        def confirm(self) -> None: ...
        def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None: ...

    @property
    def marking(self) -> bool:
        """Whether a move may play several cards (space marks them)."""
        return "mark" in self.keys.names

    def offers_hints(self) -> bool:
        """Whether the footer offers the hint (a game with choices, at a table allowing it)."""
        surface = getattr(self, "surface", None)
        return has_decisions(self.game.spec) and surface is not None and surface.hints_allowed

    def command(self, verb: str, action: Action, label: str | None = None) -> Command:
        """The ``command`` verb ``verb`` open now, for ``action``; ``label``: the prompt's words for
        it at this moment (its help by default)."""
        declared = self.keys[verb]
        return Command(declared.solo_keys[0], declared.help if label is None else label, action)

    async def on_key(self, event: events.Key) -> None:
        # Every key is handled here, in the order typed. (A binding would run later, when the
        # key has bubbled up to the app: "enter d" typed fast would then try "d" before the
        # card was played.) The bindings remain for the footer and mouse clicks.
        self._end_said()  # the person's next key: its answer replaces the message
        key = event.key
        verb = _OWN.get(key)
        if verb is not None:
            _, name, parameters = parse(verb.action or "")
            getattr(self, f"action_{name}")(*parameters)
        else:
            command = self.command_on(key)
            if command is not None:
                self.submit(command.action)
            elif key in self.command_keys:
                self.say(self.why_not(key))
            elif event.is_printable and not self.uses_key(key):
                self.say(f"{event.character}: not a key in {self.game.spec.title} — the bottom line lists them")
            else:
                return
        event.stop()
        event.prevent_default()

    def command_on(self, key: str) -> Command | None:
        """The command open to the person to move on ``key`` now, if any."""
        return next((c for c in self.commands() if c.key == key), None) if self.actor is not None else None

    def action_command(self, key: str) -> None:
        """A footer click on a command; a key press goes by on_key."""
        command = self.command_on(key)
        if command is not None:
            self.submit(command.action)

    def uses_key(self, key: str) -> bool:
        """Whether this screen or the app reads ``key`` anywhere, even if not at this moment."""
        # (every binding, enabled or not: active_bindings leaves out those disabled just now)
        return key in self.keys.by_key or any(key in b.key_to_bindings for _, b in modal_binding_chain(self))

    def why_not(self, key: str) -> str:
        """Why a command key of this game does nothing now. A game may say more: 'd: you must
        play a card when you can'."""
        if self.actor is None:
            return f"{key} {self.command_keys[key]}: not your turn — {self.turn_prompt() or 'wait'}"
        return f"{key} {self.command_keys[key]}: {self.refusal(key) or 'not possible now'} — {self.prompt()}"

    def refusal(self, key: str) -> str | None:
        """The engine's reason the person to move may not do what ``key`` asks (None: none known),
        suits in this app's glyphs."""
        verb = self.keys.by_key.get(key)
        return self.engine_reason(verb.asks if verb is not None else None)

    def engine_reason(self, action: Action | None) -> str | None:
        """The engine's reason the person to move may not make ``action`` (None: none known)."""
        if action is None or self.actor is None:
            return None
        reason = self.game.why_not(self.actor, action)
        return ascii_suits(reason) if reason is not None and self.app.ascii_glyphs else reason

    # ---- the actions of the bindings (footer clicks)

    def action_cursor(self, dx: int, dy: int) -> None:
        self.move_cursor(dx, dy)

    def action_cursor_to(self, end: int) -> None:
        self.move_cursor_to(end)

    def action_mark(self) -> None:
        self.toggle_mark()

    def action_confirm(self) -> None:
        self.confirm()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        # Games that play one card at a time neither offer nor take "space: mark".
        if action == "mark" and not self.marking:
            return False
        if action == "command":  # in the footer only while the prompt offers it
            return self.command_on(str(parameters[0])) is not None
        if action == "hint" and not self.offers_hints():
            return False
        return super().check_action(action, parameters)
