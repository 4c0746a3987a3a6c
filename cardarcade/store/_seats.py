"""A seat as a file keeps it (a save, a replay): a person's name and profile, or a bot's level."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field


class SeatRecord(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    name: str = Field(min_length=1, max_length=40)
    kind: Literal["human", "bot"] = "human"
    level: str | None = None
    profile: str | None = Field(None, min_length=1, max_length=40)
