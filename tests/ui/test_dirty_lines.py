"""A frame draws only the lines it sends, and sends what Textual's own update would (cardarcade.ui.dirty_lines)."""

from __future__ import annotations

from textual.widget import Widget

from cardarcade.rules import GAMES
from cardarcade.rules.war import FLIP
from cardarcade.seating import GameSetup
from cardarcade.ui.textual_compat import render_changed_lines, textual_partial_update


async def test_war_turns_send_textuals_bytes_and_draw_a_third_of_its_lines(app_factory, monkeypatch):
    app = app_factory(GameSetup.solo(GAMES["war"], 3, seed=2, humans=1))
    asked = {"ours": 0, "textual's": 0}
    whose = ["textual's"]
    frames: list[tuple[str, str]] = []
    render_lines = Widget.render_lines

    def counted(widget, crop):
        asked[whose[0]] += crop.height
        return render_lines(widget, crop)

    def both(compositor):
        """Textual's update of these changes, then ours of the same changes: the same bytes."""
        changes = set(compositor._dirty_regions)
        whose[0] = "textual's"
        theirs = textual_partial_update()(compositor)
        compositor._dirty_regions.update(changes)
        whose[0] = "ours"
        ours = render_changed_lines(compositor)
        if ours is None or theirs is None:
            assert ours is theirs
            return ours
        frames.append((ours.render_segments(app.console), theirs.render_segments(app.console)))
        return ours

    monkeypatch.setattr(Widget, "render_lines", counted)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        monkeypatch.setattr(type(app.screen._compositor), "render_partial_update", both)
        screen, game = app.screen, app.screen.game
        for _ in range(12):  # rounds, a war among them
            for seat in list(game.actors()):
                screen._on_table(game.apply(seat, FLIP), seat)
                await pilot.pause()
    assert len(frames) >= 12
    assert all(ours == theirs for ours, theirs in frames)
    # A seat panel and the log change at once: Textual asked for every line between them.
    assert asked["ours"] * 3 <= asked["textual's"]
