"""Drawing helpers shared by the screens of two collecting games: Concentration and Old Man's Bundle."""

from __future__ import annotations

from rich.style import Style
from rich.text import Text

from cardarcade.cards import Card
from cardarcade.themes import CardPalette
from cardarcade.ui.screens.turn import TurnScreen


def card_chip(card: Card, palette: CardPalette, ascii_only: bool) -> Text:
    """'J♠' on a face-coloured chip: a black suit stays readable on a dark felt."""
    return Text(card.label(ascii_only), style=Style(color=palette.suit_color(card.suit), bgcolor=palette.face, bold=True))


def idle_prompt(screen: TurnScreen, current: int | None) -> str | None:
    """The prompt while no person can act (game over, or someone else to move); None on a person's turn."""
    if screen.game.is_over:
        return "Game over."
    if screen.actor is None:
        return f"Waiting for {screen.names[current]}…" if current is not None else ""
    return None
