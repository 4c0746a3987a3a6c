"""The Egyptian Ratscrew table: everyone's stack, the newest cards of the pile (enough to see a
sandwich or a sequence), the challenge in progress, and the slap key."""

from __future__ import annotations

from rich.console import Group, RenderableType
from rich.text import Text

from cardarcade.rules.base import Action, fill
from cardarcade.rules.egyptian_ratscrew import CHALLENGE, RANK_NAMES, cards_word
from cardarcade.ui.keymaps import DECLINE, FLIP, REACT, Keys
from cardarcade.ui.games._panels import fitted, longest_fitting, panel_width, table_size
from cardarcade.ui.games._piles import PileScreen
from cardarcade.ui.widgets.cards import Slot, centred_row

PATTERN_PLURALS = {"pair": "pairs", "sandwich": "sandwiches", "sequence": "sequences", "joker": "jokers"}


class EgyptianRatscrewScreen(PileScreen):
    KEYS = Keys(
        FLIP.worded(
            "turn", footer="Turn / take", listed="turn your card; also take a pile you won, or continue a challenge"
        ),
        REACT.worded(footer="Slap"),
        DECLINE.worded(footer="Decline", listed="decline a challenge"),
        notes=["The text suggests one hand to turn and the other to slap; here each has its own key."],
    )
    CLAIM_VERBS = {"react": "slap"}

    TURN_VERBS = frozenset({"flip", "decline"})

    # ---- keys

    def own_move(self, verb: str) -> bool:
        view, me = self.view, self.viewer
        if me is None or self.game.is_over:
            return False
        if verb == "decline":
            return view.choice and view.turn == me
        return view.award == me or (view.award is None and view.turn == me and view.counts[me] > 0)

    def action_for(self, seat: int, verb: str) -> Action | None:
        legal = self.game.legal_actions(seat)
        if verb == "flip":  # the turn key also takes a pile you won and carries on a challenge
            return next((a for a in legal if a.kind == "take"), None) or next(
                (a for a in legal if a.kind == "flip"), None
            )
        return next((a for a in legal if a.kind == verb), None)

    # ---- drawing

    def acting(self) -> int:
        """The seat the table waits for: whoever may take the pile, else the player to turn."""
        view = self.view
        return view.award if view.award is not None else view.turn

    def render_seat(self, seat: int) -> RenderableType:
        view = self.view
        width = panel_width(self, seat)
        header = self.seat_header(seat, seat == self.acting() and not self.game.is_over)
        role = self.seat_role(seat)
        if view.shut[seat]:
            status = Text("shut out", style="dim italic")
        elif view.out[seat]:
            slap_in = self.game.may_slap(seat)
            status = Text(
                longest_fitting(width, "out: may slap in", "out: slap in") if slap_in else "out", style="italic"
            )
        else:
            status = self.stack_text(cards_word(view.counts[seat]))
            if role and self.stack_text(f"{view.counts[seat]} · {role}").cell_len <= width:
                status = self.stack_text(str(view.counts[seat]))  # the role needs the room
        # A narrow panel drops the level, then the role (the centre line says it in full).
        return Group(fitted(width, header, self.seat_level(seat)), fitted(width, status, Text(role, style="bold")))

    def seat_role(self, seat: int) -> str:
        """A few words on the seat's part in the challenge (the centre line says it in full)."""
        view = self.view
        if view.award == seat:
            return "wins pile"
        if view.challenger == seat:
            return "challenger"
        if view.turn == seat and view.challenger is not None:
            return "choosing" if view.choice else f"owes {view.need}"
        return ""

    def challenge_line(self) -> Text:
        view = self.view
        names = self.names
        if self.game.is_over:
            return Text("Game over", style="bold", justify="center")
        if view.award is not None:
            winner = names[view.award]
            whose = "yours to take" if winner == "You" else "theirs to take (slap first!)"
            return Text(f"{winner} won the challenge: the pile is {whose}", style="bold", justify="center")
        card = view.challenge_card
        if card is not None:
            owner = names[view.challenger] if view.challenger is not None else ""
            rank = ("your " if owner == "You" else f"{owner}'s ") + RANK_NAMES[card.rank]
            who = names[view.turn]
            if view.choice:
                return Text(
                    f"{who}: go on with the challenge ({cards_word(view.need)} for {rank}) or decline it?",
                    style="bold reverse",
                    justify="center",
                )
            more = " more" if view.need < CHALLENGE[card.rank] else ""
            owed = cards_word(view.need).replace(" ", f"{more} ")
            return Text(f"{who} must turn {owed} for {rank}", style="bold", justify="center")
        return Text(fill("{seat} [turns|turn] next", names, view.turn, None), justify="center")

    def render_center(self) -> RenderableType:
        view = self.view
        palette = self.app.palette
        ascii_only = self.app.ascii_glyphs
        slaps = "slap " + ", ".join(PATTERN_PLURALS[p] for p in view.patterns)
        if not view.recent:
            body = centred_row([Slot()], palette, ascii_only=ascii_only, size=table_size(self))
            caption = f"The pile is empty · {slaps}" if not view.pile_size else f"{view.pile_size} face down · {slaps}"
            return Group(self.challenge_line(), body, Text(""), Text(caption, style="dim", justify="center"))
        slots = [
            Slot(card, dim=dead, caption="dead" if dead else "") for card, dead in zip(view.recent, view.recent_dead)
        ]
        row = centred_row(slots, palette, ascii_only=ascii_only, overlap=3, size=table_size(self))
        parts: list[RenderableType] = [self.challenge_line(), row]
        if not any(view.recent_dead):
            parts.append(Text(""))  # the same height as a row with "dead" captions
        by = self.names[view.recent_by[-1]]
        caption = f"{view.pile_size} in the pile · top card from {by}{' (dead)' if view.top_dead else ''} · {slaps}"
        parts.append(Text(caption, style="dim", justify="center"))
        return Group(*parts)

    def turn_prompt(self) -> str:
        view = self.view
        me = self.viewer
        if me is None:
            return f"Watching: {self.names[self.acting()]} to play."
        if view.award == me:
            return "Your turn: enter takes the pile you won · space slaps"
        if view.turn == me and view.counts[me] and view.award is None:
            if view.choice:
                return f"Your turn: enter goes on with the challenge ({cards_word(view.need)}) · n declines"
            owed = f" ({view.need} owed)" if view.challenger is not None else ""
            return f"Your turn: enter turns your card{owed} · space slaps"
        if view.shut[me]:
            return "You are shut out of the game."
        if not view.can_slap:
            return "You are out of the game."
        lead = "You are out: space slaps in" if view.out[me] else "space slaps"
        if view.award is not None:
            return f"{lead} · " + fill(
                "{seat} [takes|take] the pile, then [turns|turn] next", self.names, view.award, None
            )
        return f"{lead} · " + fill("{seat} [turns|turn] next", self.names, view.turn, None)


SCREENS = {"egyptian-ratscrew": EgyptianRatscrewScreen}
