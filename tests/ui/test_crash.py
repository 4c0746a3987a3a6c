"""An error in the arcade's own code ends the app with a short message, never a traceback on
the player's screen; the traceback goes to a crash file."""

from __future__ import annotations

import pytest

from tests.ui.conftest import make_app


async def test_an_error_of_ours_says_sorry_and_where_the_details_went(capfd):
    app = make_app()
    with pytest.raises(ZeroDivisionError):
        async with app.run_test(size=(80, 24)) as pilot:
            app.call_later(lambda: 1 / 0)
            await pilot.pause(0.2)
    said = " ".join(capfd.readouterr().err.split())  # what the terminal shows, unwrapped
    assert "had to stop" in said and "Traceback" not in said
    crashes = list((app.store.data_dir / "crashes").glob("crash-*.txt"))
    assert len(crashes) == 1 and str(crashes[0]) in said.replace(" ", "")
    assert "ZeroDivisionError" in crashes[0].read_text()
    assert app.return_code == 1
