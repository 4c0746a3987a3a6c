"""A form in a scrolling box: rows of a label and a control (class ``field``), with help lines."""

from __future__ import annotations

from textual.containers import ScrollableContainer

FIELD_LINES = 3  # the least a form's row takes: its control (a drop-down, field or switch) is 3 tall


def scrollbar_from_the_first_layout(form: ScrollableContainer, beside: int) -> None:
    """Show ``form``'s scrollbar from its first layout when the form cannot fit its box, which is
    at most the screen's height less ``beside`` lines (what the screen keeps for the rest).

    Textual finds a scrollbar is needed only once the form has been laid out, and then lays out
    and draws the whole screen again, a column narrower: a third of a form's first opening. The
    rows shown are counted at their least height, so the guess is never wrong where it is made;
    where the form may fit (a tall terminal), Textual decides as before."""
    rows = sum(1 for row in form.query_children(".field") if row.display)
    if FIELD_LINES * rows > form.app.size.height - beside:
        form.show_vertical_scrollbar = True  # (as Textual's own does for ``overflow-y: scroll``)
        form.vertical_scrollbar.display = True
