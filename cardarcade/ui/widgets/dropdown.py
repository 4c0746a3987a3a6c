"""A drop-down as one widget: the set-up form's and the settings' choices.

Textual's ``Select`` is six widgets (the choice shown, its label, two arrows, the list and the
box around them), made and styled whether or not the list is ever opened: War's set-up form holds
six of them, 36 of the 80 widgets that made its first opening take a quarter of a second (a
game of many players, ten: 60 of 120). ``DropDown`` draws the choice and its arrow itself, and makes its
list only while it is open.

Keys: ``←``/``→`` take the choice before or after (stopping at either end: a held key ends on the
first or the last, not wherever the repeat happened to stop); ``enter``, ``space``, ``↑`` or ``↓``
open the list, as they open a ``Select``'s. In the list: ``↑``/``↓``, ``home``/``end``, page keys,
typing a few letters jumps to a choice that holds them, ``enter`` chooses, ``escape`` closes.
A click opens or closes it, a click on a choice chooses it, a click on another field closes it.

A label given as a ``str`` is shown as itself, never read as markup (a book's name or a theme's
title is whatever someone typed).
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable
from typing import Any, ClassVar

from rich.text import Text
from textual import events
from textual.binding import Binding, BindingType
from textual.message import Message
from textual.widget import Widget
from textual.widgets import OptionList
from textual.widgets.option_list import Option

ChoiceLabel = str | Text
OPEN_KEYS = ("enter", "space", "down", "up")  # those that open a Select's list
STEP_KEYS = {"left": -1, "right": 1}
# Where a key moves the open list's cursor, from (where it is, how many choices).
LIST_MOVES = {
    "down": lambda at, _n: at + 1,
    "up": lambda at, _n: at - 1,
    "home": lambda _at, _n: 0,
    "end": lambda _at, n: n - 1,
}
SEARCH_PAUSE_S = 0.7  # a pause this long between letters starts a new search in the open list


def plain_label(label: ChoiceLabel) -> Text:
    """A choice's label as text to draw (a str is never markup)."""
    return label.copy() if isinstance(label, Text) else Text(label)


def searches(character: str | None) -> bool:
    """Whether typing ``character`` searches the open list (space opens or chooses)."""
    return character is not None and character.isprintable() and character != " "


class DropDownList(OptionList):
    """The open list of a ``DropDown``'s choices (made as it opens, removed as it closes)."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "dismiss", "Close list")]

    def __init__(self, labels: list[ChoiceLabel], highlighted: int) -> None:
        super().__init__(*(Option(plain_label(label)) for label in labels))
        self.set_reactive(OptionList.highlighted, highlighted)
        self._typed = ""
        self._typed_at = 0.0

    def on_mount(self) -> None:
        self.scroll_to_highlight()

    def move_to(self, index: int) -> None:
        """The cursor on the choice at ``index`` (kept within the list), mounted yet or not."""
        index = max(0, min(self.option_count - 1, index))
        if self.is_mounted:
            self.highlighted = index
            self.scroll_to_highlight()
        else:
            self.set_reactive(OptionList.highlighted, index)

    @property
    def cursor(self) -> int:
        return self.highlighted or 0

    def action_dismiss(self) -> None:
        drop_down = self.parent
        if isinstance(drop_down, DropDown):
            drop_down.close(refocus=True)

    def on_blur(self) -> None:
        drop_down = self.parent
        if isinstance(drop_down, DropDown):
            drop_down.close(refocus=False)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        drop_down = self.parent
        if isinstance(drop_down, DropDown):
            drop_down.choose(event.option_index)

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        event.stop()  # (the form around it has no use for the cursor's moves)

    def check_consume_key(self, key: str, character: str | None = None) -> bool:
        return searches(character)

    def on_key(self, event: events.Key) -> None:
        if searches(event.character):
            event.stop()
            event.prevent_default()
            self.type_letter(event)

    def type_letter(self, event: events.Key) -> None:
        """Letters typed jump to the first choice that holds them (earliest in its label)."""
        if event.time - self._typed_at > SEARCH_PAUSE_S:
            self._typed = ""
        self._typed_at = event.time
        self._typed += (event.character or "").casefold()
        found = [
            (at, index)
            for index in range(self.option_count)
            if (at := str(self.get_option_at_index(index).prompt).casefold().find(self._typed)) >= 0
        ]
        if found:
            self.highlighted = min(found)[1]
            self.scroll_to_highlight()


class DropDown(Widget, can_focus=True):
    """One of a few choices, each a (label, value): ``value`` is the one chosen; setting it (or a
    person choosing) posts ``DropDown.Changed`` when it changes."""

    DEFAULT_CSS = """
    DropDown {
        width: 1fr;
        height: 3;
        padding: 0 2;
        border: tall $border-blurred;
        background: $surface;
        color: $foreground;
        pointer: pointer;
        overflow: hidden hidden;
        &:focus {
            border: tall $border;
            background-tint: $foreground 5%;
        }
        &:ansi {
            color: ansi_default;
            background: ansi_default;
        }
        & > .drop-down--label {
            color: $foreground;
        }
        & > .drop-down--arrow {
            color: $foreground 50%;
        }
        & > DropDownList {
            overlay: screen;
            constrain: none inside;
            height: auto;
            max-height: 12;
            border: tall $border-blurred;
            background: $surface;
            color: $foreground;
            &:focus {
                background-tint: $foreground 5%;
            }
            & > .option-list--option {
                padding: 0 1;
            }
        }
    }
    """
    COMPONENT_CLASSES: ClassVar[set[str]] = {"drop-down--label", "drop-down--arrow"}

    class Changed(Message):
        """The choice changed (handled as ``on_drop_down_changed``)."""

        def __init__(self, drop_down: DropDown, value: Any) -> None:
            super().__init__()
            self.drop_down = drop_down
            self.value = value

        @property
        def control(self) -> DropDown:
            return self.drop_down

    def __init__(
        self,
        choices: Iterable[tuple[ChoiceLabel, Hashable]],
        value: Any = None,
        *,
        id: str | None = None,
        classes: str | None = None,
    ) -> None:
        super().__init__(id=id, classes=classes)
        self._labels: list[ChoiceLabel] = []
        self._values: list[Any] = []
        self._set_choices(choices)
        self._value: Any = self._values[0] if value is None else self._checked(value)
        self._list: DropDownList | None = None

    # ---- the choices and the value

    def _set_choices(self, choices: Iterable[tuple[ChoiceLabel, Hashable]]) -> None:
        pairs = list(choices)
        if not pairs:
            raise ValueError("a drop-down needs at least one choice")
        self._labels = [label for label, _value in pairs]
        self._values = [value for _label, value in pairs]

    def _checked(self, value: Any) -> Any:
        if value not in self._values:
            raise ValueError(f"{value!r} is not one of the choices of {self.id or 'a drop-down'}")
        return value

    @property
    def choices(self) -> list[tuple[ChoiceLabel, Any]]:
        """The (label, value) of each choice, in order."""
        return list(zip(self._labels, self._values))

    @property
    def value(self) -> Any:
        return self._value

    @value.setter
    def value(self, value: Any) -> None:
        if self._checked(value) == self._value:
            return
        self._value = value
        self.refresh()
        if self.is_mounted:  # (the value it is made with is no change)
            self.post_message(self.Changed(self, value))

    def set_choices(self, choices: Iterable[tuple[ChoiceLabel, Hashable]]) -> None:
        """Offer other choices: the value stays if it is still offered, else becomes the first."""
        self.close(refocus=False)
        self._set_choices(choices)
        self.refresh()
        if self._value not in self._values:
            self.value = self._values[0]

    @property
    def index(self) -> int:
        return self._values.index(self._value)

    def action_step(self, step: int) -> None:
        self.value = self._values[max(0, min(len(self._values) - 1, self.index + step))]

    def choose(self, index: int) -> None:
        """A person chose the choice at ``index`` in the open list."""
        self.value = self._values[index]
        self.close(refocus=True)

    # ---- the list, made only while it is open

    @property
    def expanded(self) -> bool:
        """Whether the list is open."""
        return self._list is not None

    @expanded.setter
    def expanded(self, expanded: bool) -> None:
        if expanded:
            self.action_open()
        else:
            self.close(refocus=False)

    def action_open(self) -> None:
        if self._list is not None or not self.is_mounted:
            return
        gutter = self.styles.gutter
        self._list = DropDownList(self._labels, self.index)
        # Under the box, as wide as it is (the list sits in its content, inside the border and padding).
        self._list.styles.offset = (-gutter.left, self.size.height + gutter.bottom)
        self._list.styles.width = self.size.width + gutter.width
        self.mount(self._list)
        # Focused at once, not once mounted: keys typed right after the one that opened it (a
        # terminal hands them over together) go to the list, not to the box.
        self.screen.set_focus(self._list, scroll_visible=False)
        self.refresh()

    def close(self, refocus: bool) -> None:
        """Close the list if it is open (and give the focus back to the box if ``refocus``)."""
        shown, self._list = self._list, None
        if shown is None:
            return
        if refocus:
            self.screen.set_focus(self, scroll_visible=False)  # (at once, as when it opened)
        shown.remove()
        self.refresh()

    def on_key(self, event: events.Key) -> None:
        """The box's keys, taken here rather than as bindings: a binding acts only once the key has
        gone round the app, after the keys typed with it have already come here. Keys that follow
        the one that opened the list, typed together with it, came here before the list had the
        focus, and before it was mounted: they are the list's all the same (its own bindings would
        act on it unmounted, and be lost)."""
        shown, key = self._list, event.key
        if shown is None:
            if key in OPEN_KEYS:
                self.action_open()
            elif key in STEP_KEYS:
                self.action_step(STEP_KEYS[key])
            else:
                return
        elif key in LIST_MOVES:
            shown.move_to(LIST_MOVES[key](shown.cursor, shown.option_count))
        elif key == "enter":
            self.choose(shown.cursor)
        elif key == "escape":
            self.close(refocus=True)
        elif searches(event.character):
            shown.type_letter(event)
        else:
            return
        event.stop()
        event.prevent_default()

    def focus_on_click(self) -> bool:
        # A click on the box while its list is open closes the list (``on_click``): taking the
        # focus first would close it on the way, and the click would open it again.
        return self._list is None

    def on_click(self, event: events.Click) -> None:
        if event.widget is not self:
            return  # (a click in the open list is the list's)
        event.stop()
        if self._list is None:
            self.action_open()  # (the list takes the focus)
        else:
            self.close(refocus=True)

    # ---- drawing

    def render(self) -> Text:
        width = self.size.width
        room = max(0, width - 2)
        label = plain_label(self._labels[self.index])
        label.no_wrap = True
        label.truncate(room, overflow="ellipsis")
        label.stylize(self.get_component_rich_style("drop-down--label"))
        arrow = "▲" if self._list is not None else "▼"
        return Text.assemble(
            label, " " * (room - label.cell_len + 1), (arrow, self.get_component_rich_style("drop-down--arrow"))
        )
