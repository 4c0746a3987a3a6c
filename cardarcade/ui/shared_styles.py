"""Stylesheets and theme variables shared by the apps of one process.

The SSH server runs an app per session in one process, and each would parse the same stylesheets
with the same theme variables, and build the same variables, again: over a third of the CPU one
more session costs. What is parsed or built once is kept here, by the theme variables it depends
on, and never changed once kept. A test keeps the result equal to Textual's own way.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from textual.app import App

from cardarcade.ui.textual_compat import (
    parsed_default_css,
    refresh_truecolor_filter,
    share_parse_cache,
    share_variable_tokens,
    stylesheet_variables,
    variable_tokens,
)

# Parsed stylesheet rules per set of theme variables.
_PARSED_CSS: dict[tuple[tuple[str, str], ...], dict] = {}
# The theme variables read as CSS tokens, per set of them: every app needs them (Textual's markup
# reads its ``$names`` from them), and each read them afresh, 50 KiB an SSH session.
_VARIABLE_TOKENS: dict[tuple[tuple[str, str], ...], dict] = {}
_PARSED_AHEAD: set[tuple[tuple[str, str], ...]] = set()  # the variables the screens' CSS was parsed ahead with
# Theme variables by the repr of the theme and the defaults they were built from.
_THEME_VARIABLES: dict[str, dict[str, str]] = {}


class _SharedParses(dict):
    """One app's parsed stylesheets: what the apps with the same theme variables parsed (those
    parsed since it started too), and what it parses is added to theirs, until its theme changes.
    Textual then clears the cache and parses again with the new theme's colours, which stay the
    app's own: had they gone into the shared rules, every session started later would show
    another theme's colours."""

    def __init__(self, shared: dict) -> None:
        super().__init__()
        self._shared: dict | None = shared

    def __missing__(self, key):
        if self._shared is None:
            raise KeyError(key)
        return self._shared[key]  # (KeyError if nobody parsed it yet)

    def __setitem__(self, key, rules) -> None:
        super().__setitem__(key, rules)
        if self._shared is not None:
            self._shared[key] = rules

    def clear(self) -> None:
        super().clear()
        self._shared = None


def start_in_theme(app: App, name: str) -> None:
    """Start ``app`` in theme ``name`` as if ``app.theme = name`` had been set, for less.

    Nothing is parsed yet, so the variables are set before the first parse, where setting
    ``theme`` would queue a second parse of every stylesheet; and the rules are taken from what
    earlier apps in this process parsed with the same variables.
    """
    app.set_reactive(App.theme, name)
    theme = app.current_theme
    app.update_classes(
        {
            **{c: False for c in app.classes if c.startswith("-theme-")},
            f"-theme-{theme.name}": True,
            "-dark-mode": theme.dark,
            "-light-mode": not theme.dark,
        },
        update=False,
    )
    refresh_truecolor_filter(app, app.ansi_theme)
    variables = app.get_css_variables()
    app.stylesheet.set_variables(variables)
    key = tuple(sorted(variables.items()))
    share_parse_cache(app.stylesheet, _SharedParses(_PARSED_CSS.setdefault(key, {})))
    tokens = _VARIABLE_TOKENS.get(key)
    if tokens is None:
        tokens = _VARIABLE_TOKENS[key] = variable_tokens(variables)
    share_variable_tokens(app.stylesheet, tokens)


def shared_css_variables(app: App, build: Callable[[], dict[str, str]]) -> dict[str, str]:
    """The app's theme variables, built by ``build`` (Textual's own way) only the first time the
    same theme over the same defaults is asked for in this process (it builds them afresh at
    every ask: twice per SSH session, 4 ms each)."""
    key = repr((app.current_theme, app.get_theme_variable_defaults()))
    variables = _THEME_VARIABLES.get(key)
    if variables is None:
        variables = _THEME_VARIABLES[key] = build()
    # One dict for every app of the theme, as theirs and as their stylesheets' (13 KiB a session):
    # Textual replaces it when a theme changes, and neither it nor the arcade changes it in place.
    app.theme_variables = variables  # (as Textual's own sets it)
    return variables


def parse_ahead_for(app: App) -> Callable[[Iterable[type]], None]:
    """What parses, in any thread, the default CSS of widget classes ``app``'s screens will mount,
    for every app in the theme ``app`` is in now (the first set-up parsed its form's widgets' CSS
    as it opened: a tenth of its opening). Made on the loop; an app whose theme changed in the
    meantime parses for itself, as before."""
    variables = stylesheet_variables(app.stylesheet)
    key = tuple(sorted(variables.items()))
    shared, tokens = _PARSED_CSS.get(key), _VARIABLE_TOKENS.get(key)

    def parse(widget_classes: Iterable[type]) -> None:
        if shared is None or tokens is None or key in _PARSED_AHEAD:
            return
        for cache_key, rules in parsed_default_css(variables, tokens, widget_classes).items():
            shared.setdefault(cache_key, rules)  # (one step each: a loop reading it meanwhile is safe)
        _PARSED_AHEAD.add(key)

    return parse
