"""A card named inline in a panel or a list, shared by the Concentration and Old Man's Bundle screens."""

from __future__ import annotations

from rich.style import Style
from rich.text import Text

from cardarcade.cards import Card
from cardarcade.themes import CardPalette


def card_chip(card: Card, palette: CardPalette, ascii_only: bool) -> Text:
    """'J♠' on a face-coloured chip: a black suit stays readable on a dark felt."""
    return Text(card.label(ascii_only), style=Style(color=palette.suit_color(card.suit), bgcolor=palette.face, bold=True))
