"""Helpers for driving the app in tests: no countdown, quick results, bots as slow or fast as needed."""

from __future__ import annotations

import random

import pytest
from textual.notifications import Notification

from cardarcade.bots import make_bot
from cardarcade.bots._speedplay import SpeedFamilyBot
from cardarcade.rules import GAMES
from cardarcade.seating import GameSetup
from cardarcade.ui.app import ArcadeApp, UISettings


def make_app(setup: GameSetup | None = None, pace: float = 1000.0) -> ArcadeApp:
    """An app that starts ``setup`` at once. The default pace keeps bots from ever moving."""
    return ArcadeApp(
        start=setup,
        settings=UISettings(pace=pace, countdown=0, result_delay=0.05, result_guard=0.0, hard_bot_seconds=None),
    )  # bots search inline: tests repeat


@pytest.fixture
def app_factory():
    return make_app


@pytest.fixture
def still_bots(monkeypatch):
    """The bots of the speed games sit still (Cash's do not call or gesture either). They play at
    a person's speed, not the test pace, so on a busy machine one could play before the test has
    looked at the table it laid."""
    for spec in GAMES.values():
        if spec.realtime:
            make_bot(spec.id, 0, "easy", random.Random(0))  # (its policy, imported: its class is known)
    for cls in [SpeedFamilyBot, *SpeedFamilyBot.__subclasses__()]:
        if "plans" in vars(cls):
            monkeypatch.setattr(cls, "plans", lambda self, view, moment: [])


@pytest.fixture
def toasts_stay(monkeypatch):
    """Pop-ups stay up until the test has read them. A toast lasts a few seconds of wall time,
    and on a busy machine what comes before it (restyling for a new theme) can take longer."""
    monkeypatch.setattr(Notification, "has_expired", property(lambda self: False))


@pytest.fixture
def war():
    return GAMES["war"]


@pytest.fixture
def slapjack():
    return GAMES["slapjack"]
