"""Toepen's table: a line per seat with its chips, signal and whether it folded; the hand's
value, the trick and what is being asked in the middle; your four cards at the bottom.

Anyone still in may knock at any moment, so a person may act when it is not their turn: the
keys act for the person whose move it is, else (solo, or the person now looking in hot-seat)
for one who may knock, and the prompt then offers only `n`.
"""

from __future__ import annotations

from rich.console import RenderableType
from rich.text import Text

from cardarcade.cards import TOEPEN, Card
from cardarcade.rules.base import Action
from cardarcade.rules.toepen import (
    ACCEPT,
    CHALLENGE,
    FOLD,
    KEEP,
    KNOCK,
    REDRAW,
    SIGNAL,
    STAY,
    hand_signal,
    tens_signal,
)
from cardarcade.ui.keymaps import command
from cardarcade.ui.games._tricks import TrickScreen
from cardarcade.ui.games.turn import ChoiceScreen, Command

SIGNAL_MARKS = {3: "whistles", 4: "stands"}
SIGNAL_VERBS = {3: "whistle", 4: "stand up"}
ASKED_VERB = {"redraw": "choose", "challenge": "answer", "answer": "answer"}


class ToepenScreen(TrickScreen):
    ORDER = TOEPEN
    KEYS = TrickScreen.KEYS.with_(
        command("knock", "n", "knock", listed="knock, at any moment of the play (from the hot-seat cover too)"),
        command("stay", "s", "stay"),
        command("fold", "f", "fold"),
        command("redraw", "r", "redraw"),
        command("challenge", "c", "challenge"),
        command("signal", "w", "signal", listed="signal your tens"),
        command("pass", "p", "pass", listed="pass: keep your hand, or let a thrown hand pass"),
        notes=["Only cards you may play are bright."],
    )

    # ---- who acts

    def _next_person(self) -> int | None:
        """The person whose move it is; else one who may knock: the person looking now (hot-seat)
        or the only person at the table."""
        game = self.game
        if game.is_over:
            return None
        actors = game.actors()
        people = self.people
        if actors[0] in people:
            return actors[0]
        if self.private:
            # A bot's turn: the hands are covered, and whoever wants to knock does so from the
            # cover (the last person's hand staying up let only them knock out of turn).
            return None
        return next((s for s in actors if s in people), None)

    def knockers_here(self) -> list[int]:
        """The people at this keyboard who may knock now, out of turn."""
        actors = self.game.actors() if not self.game.is_over else []
        return [s for s in actors[1:] if s in self.people and self.game.may_knock(s)]

    def cover_keys(self) -> dict[str, str]:
        knockers = self.knockers_here() if self.private else []
        key = self.keys["knock"].key
        if len(knockers) == 1:
            return {key: f"{self.names[knockers[0]]} knocks"}
        return {key: "knock (you are asked who)"} if knockers else {}

    def cover_key(self, key: str) -> None:
        knockers = self.knockers_here()
        if len(knockers) == 1:
            self._knock_out_of_turn(knockers[0])
        if len(knockers) < 2:
            return

        def chosen(index: int | None) -> None:
            if index is not None:  # (once the cover is back on top and the table plays again)
                self.call_after_refresh(self._knock_out_of_turn, knockers[index])

        ChoiceScreen.ask(self, "Who knocks?", [self.names[s] for s in knockers], chosen)

    def _knock_out_of_turn(self, seat: int) -> None:
        table = self.table
        if table is None or not table.started or table.paused or KNOCK not in self.game.legal_actions(seat):
            return
        table.submit(seat, KNOCK)

    @property
    def actor(self) -> int | None:
        seat = self._next_person()
        if seat is None or (self.private and seat != self.viewer):
            return None
        return seat

    def my_turn(self) -> bool:
        return self.actor is not None and self.view.turn == self.actor

    # ---- seats

    def seat_line(self, seat: int, dealer: int | None = None) -> Text:
        line = super().seat_line(seat, dealer)
        if self.view.asking == seat:  # the ▶ marks whoever is asked, outside the play too
            line = Text.assemble(("▶ ", "bold"), line[2:])
        return line

    def render_seat(self, seat: int) -> RenderableType:
        view = self.view
        line = self.seat_line(seat, view.dealer)
        if not view.dealt[seat]:
            line.append(" out", style="dim")
            return line
        line.append(f" {view.chips[seat]:>2} chips", style="bold")
        if view.folded[seat]:
            line.append(" folded", style="dim")
        elif view.knocker == seat:
            line.append(" knocked", style="bold")
        if view.signals[seat]:
            line.append(f" {SIGNAL_MARKS[view.signals[seat]]}", style="bold")
        return line

    # ---- the middle

    def render_center(self) -> RenderableType:
        view = self.view
        info = Text()
        info.append(f"Hand {view.hand_no}", style="bold")
        info.append(" · worth ")
        info.append(f"{view.stake} chip{'s' if view.stake > 1 else ''}", style="bold")
        info.append(f" · trick {min(view.tricks_played + 1, 4)} of 4 · stock {view.stock}\n")
        if view.players <= 5:  # more players: the trick goes under this text and needs the line for its captions
            info.append("Only the last trick counts. 10 9 8 7 A K Q J\n", style="dim")
        shown = [p for p, d in enumerate(view.discards) if d and p != view.seat]
        for p in shown:
            info.append_text(self.cards_after(f"{self.names[p]} threw in: ", view.discards[p]))
            info.append("\n")
        if view.last_winner is not None and view.last_trick:
            info.append_text(
                self.cards_after(
                    f"{self.names[view.last_winner]} took trick {view.tricks_played}: ",
                    (t.card for t in view.last_trick),
                )
            )
            info.append("\n")
        elif view.lost is not None and view.hand_winner is not None and view.phase == "redraw":
            info.append(f"{self.names[view.hand_winner]} won the last hand\n")
        if view.phase == "over":
            return info
        trick = self.trick_row(view.trick, view.leader, len(view.trick), waiting=False) if view.trick else Text("")
        if view.players <= 5:
            return self.beside(trick, info, 8 * max(len(view.trick), 3))
        out = Text()
        out.append_text(info)
        out.append_text(trick)
        return out

    def render_final(self) -> RenderableType | None:
        view = self.view
        return Text("Chips: " + ", ".join(f"{self.names[p]} {c}" for p, c in enumerate(view.chips)))

    # ---- moves

    def playable(self) -> set[Card]:
        view = self.view
        if view.phase != "play":  # nothing to play, nothing dimmed: the hand is for looking at
            return set(view.hand)
        return set(view.playable)

    def commands(self) -> list[Command]:
        actor = self.actor
        if actor is None:
            return []
        legal = self.game.legal_actions(actor)
        offers = {
            REDRAW: self.command("redraw", REDRAW),
            KEEP: self.command("pass", KEEP, "keep"),
            CHALLENGE: self.command("challenge", CHALLENGE),
            ACCEPT: self.command("pass", ACCEPT, "let it pass"),
            SIGNAL: self.command("signal", SIGNAL, self.signal_label()),
            STAY: self.command("stay", STAY),
            FOLD: self.command("fold", FOLD, f"fold (pay {self.view.stake - 1})"),
            KNOCK: self.command("knock", KNOCK, f"knock (to {self.view.stake + 1})"),
        }
        return [offers[a] for a in legal if a in offers]

    def signal_label(self) -> str:
        """'whistle' or 'stand up' for the viewer's tens; the same, marked a bluff, for jacks (only
        the viewer sees the label: the signal itself looks the same to everyone else)."""
        hand = self.view.hand
        verb = SIGNAL_VERBS.get(hand_signal(hand, self.view.options.jack_bluff), "signal")
        return verb if tens_signal(hand) else f"{verb} (bluff)"

    def confirm(self) -> None:
        if self.actor is not None and not self.my_turn():
            self.say(self.prompt())
            return
        super().confirm()

    def why_not_card(self, card: Card) -> str:
        if not self.my_turn():
            return self.prompt()
        reason = self.engine_reason(Action("play", (card,)))
        if reason is not None and self.view.must_signal:
            return f"{reason}: w {self.signal_label()}"
        return super().why_not_card(card)

    def turn_prompt(self) -> str:
        view = self.view
        actor = self.actor
        if view.phase == "play":
            if actor is None or view.turn != actor:
                return self.waiting_prompt(view.turn)
            if view.must_signal:
                tens = "four tens" if tens_signal(view.hand) == 4 else "three tens"
                return f"You hold {tens}: show it before your first card"
            return super().turn_prompt()
        if actor is None:
            return self.waiting_prompt(view.asking, ASKED_VERB.get(view.phase, "choose"))
        if view.phase == "redraw":
            return "Throw in your hand? (for a hand of only A K Q J)"
        if view.phase == "challenge":
            return f"{self.names[view.redrawer]} threw in a hand. Challenge?"  # type: ignore[index]
        knocker = self.names[view.knocker] if view.knocker is not None else "Someone"
        return f"{knocker} knocked: the hand is worth {view.stake}"

    def describe_action(self, action: Action) -> str:
        words = {
            "knock": "Knock",
            "stay": "Stay in",
            "fold": "Fold",
            "redraw": "Redraw",
            "keep": "Keep the hand",
            "challenge": "Challenge",
            "accept": "Let it pass",
            "signal": "Signal",
        }
        return words.get(action.kind) or super().describe_action(action)


SCREENS = {"toepen": ToepenScreen}
