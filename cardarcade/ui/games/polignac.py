"""The Polignac table: each seat's points and the jacks it took, the trick beside the hand's news."""

from __future__ import annotations

from rich.cells import cell_len
from rich.console import RenderableType
from rich.text import Text

from cardarcade.cards import POLIGNAC
from cardarcade.ui.games._tricks import TrickScreen


def flowed(first: str, parts: list[str], width: int) -> str:
    """``first`` then ``parts`` separated by commas, in lines of ``width`` columns, each part
    kept whole (a name and its score never part at the end of a line)."""
    tokens = [f"{part}," for part in parts[:-1]] + parts[-1:]
    lines, line = [], first
    for token in tokens:
        if cell_len(line) + 1 + cell_len(token) > width:
            lines.append(line)
            line = token
        else:
            line = f"{line} {token}"
    return "\n".join([*lines, line])


class PolignacScreen(TrickScreen):
    ORDER = POLIGNAC
    KEYS = TrickScreen.KEYS.with_(notes=["Only cards you may play are bright."])

    def render_seat(self, seat: int) -> RenderableType:
        view = self.view
        line = self.seat_line(seat, view.dealer)
        line.append(self.points_words(view.scores[seat]), style="bold")
        # the jacks taken this hand, as everyone saw them go (the row has room for all four)
        jacks = [c for c in view.won[seat] if c.rank.label == "J"]
        if jacks:
            line.append(" ")
        for card in jacks:
            line.append(" ")
            line.append_text(self.card_label(card))
        return line

    def render_center(self) -> RenderableType:
        view = self.view
        info = Text()
        info.append(f"Hand {view.hand_no}", style="bold")
        info.append(f" · game to {view.target}, lowest wins\n")
        info.append(f"Each jack taken costs 1, the J♠ {view.polignac_points}\n", style="dim")
        first_trick = len(view.played) < view.players  # (the last trick taken is then the last hand's)
        if view.last_hand is not None and first_trick:
            scores = [f"{self.names[p]} {n}" for p, n in enumerate(view.last_hand) if n]
            info.append(flowed("Last hand:", scores, self.info_width(view.players)) + "\n")
        if view.last_winner is not None and view.last_trick and not first_trick:
            info.append_text(self.last_trick_line(view))
        if view.turn is None:
            return info
        trick = self.trick_row(view.trick, view.leader, view.players)
        return self.beside(trick, info, 8 * view.players)

    def info_width(self, players: int) -> int:
        """The columns beside the trick (the centre's padding, the trick, the gap)."""
        center = self.query_one("#center").content_size.width or self.app.size.width - 2
        return center - 8 * players - 2

    def render_final(self) -> RenderableType | None:
        view = self.view
        if view.last_hand is None:
            return None
        text = Text("Points in the last hand: ", style="bold")
        text.append(", ".join(f"{self.names[p]} {n}" for p, n in enumerate(view.last_hand)))
        return text


SCREENS = {"polignac": PolignacScreen}
