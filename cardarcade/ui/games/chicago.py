"""Chicago's table: a line per seat with its score, what it declared and the cards it has played
(they stay face up in front of it); the hand's stage, the showdown and the trick in the middle;
your five cards at the bottom.

Drawing: `space` marks the cards to discard, `enter` discards them, `s` stands pat. A showdown:
`d` opens the list of types that may be declared, `p` passes.
"""

from __future__ import annotations

from rich.console import RenderableType
from rich.text import Text

from cardarcade.cards import ACES_HIGH, Card
from cardarcade.rules.base import Action, fill
from cardarcade.poker import evaluate
from cardarcade.rules.chicago import HAND, PASS, POINTS, TYPE_NAMES, declared_type, holds
from cardarcade.ui.keymaps import command
from cardarcade.ui.games._turn_keys import MARK, TURN_KEYS
from cardarcade.ui.games._tricks import TrickScreen
from cardarcade.ui.games.turn import ChoiceScreen, Command, TurnScreen

STAND = Action("draw", ())
DECLARE_MENU = Action("declare")  # the `d` key: opens the choice of types
SHORT = {
    1: "pair",
    2: "two pair",
    3: "trips",
    4: "straight",
    5: "flush",
    6: "full house",
    7: "quads",
    8: "str. flush",
    9: "royal",
}  # the types in a seat's line


class ChicagoScreen(TrickScreen):
    ORDER = ACES_HIGH
    KEYS = TrickScreen.KEYS.with_(
        TURN_KEYS["play"].worded(listed="discard the marked cards, or play the card under the cursor"),
        MARK.worded(listed="mark cards to discard"),
        command("declare", "d", "declare"),
        command("pass", "p", "pass"),
        command("stand", "s", "stand pat"),
    )

    # ---- seats

    def seat_line(self, seat: int, dealer: int | None = None) -> Text:
        line = super().seat_line(seat, dealer)
        if self.view.asking == seat:  # the ▶ marks whoever draws or declares, too
            line = Text.assemble(("▶ ", "bold"), line[2:])
        return line

    def render_seat(self, seat: int) -> RenderableType:
        view = self.view
        line = self.seat_line(seat, view.dealer)
        line.append(self.points_words(view.scores[seat]), style="bold")
        said = [d for d in view.declarations if d.seat == seat]
        if view.phase == "declare" and said:
            outcome = {"higher": " ↑", "lower": " ↓", "equal": " ="}.get(said[-1].outcome, "")
            line.append(f" {SHORT[said[-1].kind] + outcome if said[-1].kind else 'passed'}")
        elif view.before_me[seat]:
            line.append(" ")
            for card in view.before_me[seat]:
                line.append_text(self.card_label(card))
        elif view.frozen[seat]:
            line.append(" no draw", style="dim")
        elif view.claims[seat]:
            line.append(f" said {SHORT[view.claims[seat]]}", style="dim")
        return line

    # ---- the middle

    def render_center(self) -> RenderableType:
        view = self.view
        info = Text()
        info.append(f"Hand {view.hand_no}", style="bold")
        if view.phase == "draw":
            info.append(f" · draw {view.draw_round} of 3")
        elif view.phase == "declare":
            info.append(f" · showdown {view.draw_round} of 2")
        elif view.phase == "play":
            info.append(f" · trick {min(view.tricks_played + 1, HAND)} of {HAND}")
        info.append(
            f" · to {view.options.target}\n"
            if view.phase == "play"
            else f" · stock {view.stock} · to {view.options.target}\n"
        )
        if view.phase == "play":
            info.append("Only the last trick scores (5)\n", style="dim")
        if view.phase == "declare":
            if view.best_kind:
                best = " and ".join(self.names[p] for p in view.best)
                info.append(f"Best declared: {TYPE_NAMES[view.best_kind]} ({best})\n", style="bold")
            else:
                info.append("Nothing declared yet: a pair or better may be declared\n")
        elif view.last_showdown and view.draw_round > 1:
            info.append(fill(view.last_showdown, self.names, view.last_showdown_seat, None) + "\n")
        for p, shown in enumerate(view.shown):
            if shown and p != view.seat:
                info.append_text(self.cards_after(f"{self.names[p]} showed: ", shown))
                info.append("\n")
        if view.hand_summary and view.phase == "draw" and view.draw_round == 1:
            info.append(fill(view.hand_summary, self.names, *view.summary_seats) + "\n", style="dim")
        if view.phase != "play":
            return info
        trick = self.trick_row(view.trick, view.leader, view.players)
        return self.beside(trick, info, 8 * view.players)

    def render_final(self) -> RenderableType | None:
        view = self.view
        return Text("Points: " + ", ".join(f"{self.names[p]} {s}" for p, s in enumerate(view.scores)))

    # ---- your hand: marked for discarding while drawing

    def render_hand(self, hand: list[Card]) -> RenderableType:
        if self.view.phase == "draw":
            return TurnScreen.render_hand(self, hand)
        return super().render_hand(hand)

    def toggle_mark(self) -> None:
        super().toggle_mark()
        self.refresh_all()  # the prompt counts the marked cards

    # ---- moves

    def playable(self) -> set[Card]:
        view = self.view
        if view.phase != "play":  # every card may be discarded; nothing dimmed
            return set(view.hand)
        return set(view.playable)

    def commands(self) -> list[Command]:
        actor = self.actor
        if actor is None:
            return []
        view = self.view
        if view.phase == "draw":
            return [self.command("stand", STAND)]
        if view.phase == "declare":
            return [self.command("declare", DECLARE_MENU, "declare…"), self.command("pass", PASS)]
        return []

    def actions_for_selection(self, selected: list[Card]) -> list[Action]:
        if self.view.phase != "draw":
            return super().actions_for_selection(selected)
        actor = self.actor
        if actor is None:
            return []
        action = Action("draw", tuple(sorted(selected, key=lambda c: c.code)))
        return [action] if self.game.is_legal(actor, action) else []

    def confirm(self) -> None:
        view = self.view
        if self.actor is not None and view.phase == "draw" and not self.marked:
            self.say("Mark the cards to discard with space, then enter — or s to stand pat")
            return
        if self.actor is not None and view.phase == "declare":
            self.say(self.prompt())
            return
        super().confirm()

    def submit(self, action: Action) -> None:
        if action == DECLARE_MENU:
            self.declare_menu()
            return
        super().submit(action)

    # ---- declaring: what the hand holds, and a question before a claim it does not hold

    def declare_menu(self) -> None:
        actor = self.actor
        if actor is None:
            return
        hand = list(self.view.hand)
        choices = [a for a in self.game.legal_actions(actor) if a.kind == "declare"]
        labels = [
            self.describe_action(a) + (" — in your hand" if holds(hand, int(a.value)) else "")  # type: ignore[arg-type]
            for a in choices
        ]
        best = declared_type(evaluate(hand)) if len(hand) == HAND else 0
        holding = TYPE_NAMES[best] if best else "no pair"
        title = f"Declare which hand? Yours holds {holding} now (only you see this list)"

        def chosen(index: int | None) -> None:
            if index is None:
                return
            action = choices[index]
            then = self.submit if holds(hand, int(action.value)) else self.ask_before_bluff  # type: ignore[arg-type]
            self.call_after_refresh(then, action)  # (this screen back on top first: the table resumes)

        ChoiceScreen.ask(self, title, labels, chosen)

    def ask_before_bluff(self, action: Action) -> None:
        """Once, before a claim the hand does not hold: unproven at the end, it forfeits the game."""
        name = TYPE_NAMES[int(action.value)]  # type: ignore[arg-type]
        title = f"Your hand does not hold {name}. A claim you cannot prove when the hand is shown forfeits the game."

        def answered(index: int | None) -> None:
            if index == 0:
                self.call_after_refresh(self.submit, action)
            elif index == 1:
                self.call_after_refresh(self.declare_menu)

        ChoiceScreen.ask(self, title, [f"Declare {name} all the same", "Back to the list"], answered)

    def describe_action(self, action: Action) -> str:
        if action.kind == "declare" and action.value is not None:
            kind = int(action.value)
            return f"{TYPE_NAMES[kind].capitalize()} ({POINTS[kind]} point{'s' if POINTS[kind] > 1 else ''})"
        if action.kind == "draw":
            return f"Discard {len(action.cards)}" if action.cards else "Stand pat"
        if action.kind == "pass":
            return "Pass"
        return super().describe_action(action)

    def turn_prompt(self) -> str:
        view = self.view
        actor = self.actor
        if view.phase == "play":
            return super().turn_prompt()
        if actor is None:
            return self.waiting_prompt(view.asking, "draw" if view.phase == "draw" else "declare")
        if view.phase == "draw":
            count = len(self.marked)
            if count:
                return f"Discard {count}: enter"
            return f"Draw {view.draw_round} of 3: space marks discards, enter"
        return "Showdown: declare your type, or pass"


SCREENS = {"chicago": ChicagoScreen}
