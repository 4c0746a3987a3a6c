"""Text that people and files supply reaches the screen as itself: never markup, never a control
character.

Names, profiles, chat, book names and notes, theme titles, save labels: any of them may hold
"[/]x" or an escape sequence. The rules that keep them plain:

- Textual reads a ``str`` given to ``Static``, ``Label``, ``Button``, ``Select`` or ``OptionList``
  as markup (a player named "[/]x" made every set-up screen fail): such text goes in as a
  ``rich.text.Text``, which is never parsed, or the widget is made with ``markup=False``.
- Rich reads a ``str`` inside a ``Table`` or ``Group`` as markup through the app's console:
  ``ArcadeApp``'s console reads none.
- Rich and Textual drop only BEL, BS, VT, FF and CR from the text they draw; ESC and the rest of
  C0 and C1 reached the terminal as they were, so a name holding "ESC [2J" could clear the
  screen of whoever saw it. ``install`` makes both drop every control character but tab and
  newline, from every text drawn in the process, wherever it came from.
"""

from __future__ import annotations

import re

# C0 but tab and newline, DEL, and C1 (CSI and its kin, which some terminals act on as ESC [).
CONTROL_CHARACTERS = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f]")


def drop_controls(text: str, _translate_table: object = None) -> str:
    """``text`` without control characters (tab and newline stay). Rich's and Textual's own
    stripping passes a translate table, ignored here. (A regular expression is also several
    times faster than their ``str.translate`` with a dict, on every text made.)"""
    return CONTROL_CHARACTERS.sub("", text)


def install() -> None:
    """Make every Rich ``Text`` and Textual ``Content`` in this process drop all control
    characters (idempotent; installed once per process, by the first app as it is made). Both
    call their stripping function by its module-level name, on every text they make. (Imported
    here: the command line uses ``drop_controls`` without loading Textual.)"""
    import rich.text

    from cardarcade.ui.textual_compat import replace_content_control_stripper

    rich.text.strip_control_codes = drop_controls  # type: ignore[assignment]
    replace_content_control_stripper(drop_controls)
