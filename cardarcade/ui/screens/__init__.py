"""The arcade's own screens and dialogs: the menu, the lobby, set-up, settings, statistics, saves,
pause, the result and the rules. What a game's table shows is in ``cardarcade.ui.games``."""
