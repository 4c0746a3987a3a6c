"""What games there are, as the menu and the command line show them, without loading a game.

The menu's first frame must not wait for every engine (and pydantic) to import, so each
playable game's identity lives here, in plain data; its engine module is imported only when the
game is chosen (``cardarcade.rules.GAMES[id]``), and its ``SPEC`` takes these facts from here
(``GameSpec.listed``), so they are written once. A game is listed here when it can be played to
the end; tests check that every engine module with a ``SPEC`` and every screen is listed, and
the other way round.

This module imports nothing of the project and nothing heavy: keep it that way.
"""

from __future__ import annotations

from dataclasses import dataclass

REACTION, TURN_BASED = "reaction", "turn-based"


@dataclass(frozen=True, slots=True)
class GameInfo:
    id: str
    title: str
    family: str
    min_players: int
    max_players: int
    default_players: int
    summary: str
    # A turn-based game whose bots come in an expert level too: set only once
    # `benchmarks/levels.py --pairs expert:hard` measures it stronger than hard. The experts of
    # Chicago, Cuckoo, Knock Poker and Toepen are built but not shown stronger, so not offered (Toepen's,
    # offered until session 6, went broke in 32% of 150 games against hards who read a knocker
    # too, each hard in 37%, a gap not told apart; the first 57 alone gave 18% and 43%). A game
    # saved with a level since withdrawn plays on at it (``bots.playable_levels``).
    expert: bool = False
    # The largest table its expert is offered at (None: any): Thirteen's expert searches only
    # heads-up, and at four players plays exactly as hard (0.250 of 400 games).
    expert_most_players: int | None = None

    @property
    def realtime(self) -> bool:
        return self.family == REACTION

    @property
    def module(self) -> str:
        """The module name shared by the game's engine, bots and screen."""
        return self.id.replace("-", "_")

    @property
    def player_range(self) -> str:
        if self.min_players == self.max_players:
            return str(self.min_players)
        return f"{self.min_players}-{self.max_players}"


# In menu order: DESIGN.md's id list (War first, then the reaction games, then the others).
CATALOG: dict[str, GameInfo] = {
    info.id: info
    for info in (
        GameInfo("war", "War", TURN_BASED, 2, 3, 2, "Turn cards together; high card takes them, ties go to war."),
        GameInfo(
            "slapjack",
            "Slapjack",
            REACTION,
            2,
            8,
            4,
            "Turn cards onto one pile; the first hand on a jack wins the lot.",
        ),
        GameInfo(
            "snap",
            "Snap",
            REACTION,
            2,
            6,
            3,
            "Turn cards onto your own pile; call Snap when two piles show the same rank.",
        ),
        GameInfo(
            "egyptian-ratscrew",
            "Egyptian Ratscrew",
            REACTION,
            2,
            8,
            4,
            "Face cards challenge the next player; slap pairs (and house-rule patterns) to win the pile.",
        ),
        GameInfo(
            "salute-the-king",
            "Salute the King",
            REACTION,
            3,
            12,
            4,
            "Turn cards in rhythm; answer aces, kings, queens and jacks with the right gesture — "
            "the last one takes the pile.",
        ),
        GameInfo(
            "animals",
            "Animals (Menagerie)",
            REACTION,
            3,
            6,
            4,
            "Each player is an animal; when two up cards match, make the other player's animal call first.",
        ),
        GameInfo(
            "speed",
            "Speed",
            REACTION,
            2,
            2,
            2,
            "Both play at once onto two piles, one rank up or down; first out of cards wins.",
        ),
        GameInfo(
            "california-speed",
            "California Speed",
            REACTION,
            2,
            2,
            2,
            "Cover pairs in a shared box of eight as fast as you can.",
        ),
        GameInfo(
            "aggravation",
            "Aggravation",
            REACTION,
            2,
            2,
            2,
            "Turn cards into a growing grid and cover every match you see; call Aggravation! to win.",
        ),
        GameInfo(
            "spoons",
            "Spoons",
            REACTION,
            3,
            12,
            4,
            "Pass cards round with no turns; four of a kind grabs a spoon, and everyone grabs after — one spoon short.",
        ),
        GameInfo(
            "cash",
            "Cash (Kemps)",
            REACTION,
            4,
            8,
            4,
            "Partners swap for four of a kind and pass a secret signal; call Cash! — or Counter cash! on the other side.",
        ),
        GameInfo(
            "through-the-window",
            "Through the Window",
            REACTION,
            3,
            13,
            4,
            "A card turns up: be the first to type a noun that starts with its letter.",
        ),
        GameInfo(
            "go-fish", "Go Fish", TURN_BASED, 3, 6, 4, "Ask the others for ranks you hold and collect books of four."
        ),
        GameInfo(
            "authors",
            "Authors",
            TURN_BASED,
            3,
            6,
            4,
            "Go Fish by exact cards: ask for the ♠7, not just sevens.",
        ),
        GameInfo(
            "neosho-rapids",
            "Neosho Rapids",
            TURN_BASED,
            2,
            4,
            2,
            "Shed chains of cards, each one rank up or down from the last; aces turn the corner.",
        ),
        GameInfo(
            "dig",
            "Dig",
            TURN_BASED,
            2,
            2,
            2,
            "Match suit or rank, dig from the stock until you can; eights are wild.",
        ),
        GameInfo(
            "concentration",
            "Concentration",
            TURN_BASED,
            2,
            6,
            2,
            "The whole pack face down: turn two cards, remember them, collect pairs.",
            expert=True,
        ),
        GameInfo(
            "cuckoo",
            "Cuckoo",
            TURN_BASED,
            6,
            20,
            6,
            "One card each: stand or change with your left; the lowest card pays a chip.",
        ),
        GameInfo(
            "old-mans-bundle",
            "Stealing the Old Man's Bundle",
            TURN_BASED,
            2,
            2,
            2,
            "Capture table cards by rank, and steal your opponent's bundle by matching its top card.",
        ),
        GameInfo(
            "knock-poker",
            "Knock Poker",
            TURN_BASED,
            2,
            6,
            4,
            "Draw and discard towards the best poker hand; knock, one more turn each, show.",
        ),
        GameInfo(
            "thirteen",
            "Thirteen",
            TURN_BASED,
            2,
            12,
            4,
            "Climb with pairs, triples and runs; 2s are high, chops cut them.",
            expert=True,
            expert_most_players=2,
        ),
        GameInfo(
            "machiavelli",
            "Machiavelli",
            TURN_BASED,
            2,
            5,
            3,
            "Rummy with two packs; the table is everyone's to rearrange.",
            expert=True,
        ),
        GameInfo(
            "schnapsen",
            "Schnapsen",
            TURN_BASED,
            2,
            2,
            2,
            "Twenty cards, trumps and marriages: first to 66, and remember what you took.",
            expert=True,
        ),
        GameInfo(
            "bura",
            "Bura",
            TURN_BASED,
            2,
            2,
            2,
            "Lead one, two or three of a suit; count to 31 in your head and declare.",
            expert=True,
        ),
        GameInfo(
            "toepen",
            "Toepen",
            TURN_BASED,
            3,
            8,
            4,
            "Only the last trick counts; knock to raise the stakes, fold or stay.",
        ),
        GameInfo(
            "polignac",
            "Polignac",
            TURN_BASED,
            3,
            6,
            4,
            "Tricks to avoid: every jack costs a point, the jack of spades two.",
        ),
        GameInfo(
            "chicago",
            "Chicago",
            TURN_BASED,
            2,
            4,
            4,
            "Draw to poker hands, declare them for points, then win the last trick for five.",
        ),
        GameInfo(
            "frogs-in-the-pond",
            "Frogs in the Pond",
            TURN_BASED,
            2,
            5,
            4,
            "Win tricks and fish a frog from the pond with each; tens and fives score.",
            expert=True,
        ),
    )
}


def find_game(game_id: str) -> GameInfo | None:
    """A listed game by id, also accepting underscores, spaces and any case ('Egyptian_Ratscrew')."""
    return CATALOG.get(game_id.strip().lower().replace("_", "-").replace(" ", "-"))
