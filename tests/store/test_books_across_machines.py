"""House-rule books with ``--database`` on two machines (two folders, one real PostgreSQL): a book
both change at once keeps the first save, and the second is refused in words, never lost
without a word; this machine's copy is the kept one again, and the change can be made on it."""

from __future__ import annotations

from pathlib import Path

import pytest

from cardarcade.rules import GAMES
from cardarcade.store.books import BookError
from cardarcade.store.database import Database
from cardarcade.store.user import UserStore

WAR = GAMES["war"]


@pytest.fixture
def machines(postgres_url: str, tmp_path: Path):
    made = [
        UserStore(tmp_path / name / "data", tmp_path / name / "config", database=Database(postgres_url))
        for name in ("a", "b")
    ]
    yield made
    for store in made:
        assert store.database is not None
        store.database.close()


def history(book) -> list[str]:
    return [line.split(" ", 2)[2] for line in book.history]


@pytest.mark.parametrize("way", ["cli", "app"])
def test_two_machines_saving_one_book_at_once_keep_the_first_and_say_so_to_the_second(
    machines, way, monkeypatch
) -> None:
    a, b = machines
    a.books.save_book("war", "Quick", WAR.Options(max_rounds=200))
    assert b.books.get("war", "Quick") is not None  # (both hold the book as it was)

    def a_saves() -> None:
        a.books.save_book("war", "Quick", WAR.Options(max_rounds=300), notes="A's ruling.")

    if way == "app":  # an app reads its copies without a round trip, and sends from its store's thread
        sent: list = []
        b.books.pull_on_read = False
        b.books.send = sent.append
        a_saves()
        b.books.save_book("war", "Quick", WAR.Options(max_rounds=100))  # (shown as kept: sent later)
        with pytest.raises(OSError) as refused:
            sent.pop()()  # (the store's thread sends it; the app shows what it raises)
    else:  # B reads the book (up to date), then A saves it, then B does
        read = b.books._find

        def read_then_a_saves(*args):
            found = read(*args)
            a_saves()
            return found

        monkeypatch.setattr(b.books, "_find", read_then_a_saves)
        with pytest.raises(BookError) as refused:
            b.books.save_book("war", "Quick", WAR.Options(max_rounds=100))
        monkeypatch.undo()
    said = str(refused.value)
    assert "the book 'quick' was changed on another machine since it was read here" in said.lower()
    assert "this change was not saved" in said
    # the first save stands, on both machines, and B's copy is that one again
    for store in (a, b):
        store.books.pull_on_read = True
        book = store.books.get("war", "Quick")
        assert book.options.max_rounds == 300 and book.notes == "A's ruling."
    # B makes its change again on the book as it is now: both changes are in its history
    b.books.send = None
    book = b.books.save_book("war", "Quick", WAR.Options(max_rounds=100))
    assert history(a.books.get("war", "Quick")) == history(book)
    assert history(book) == ["created", "Round limit: 200 -> 300", "notes changed", "Round limit: 300 -> 100"]


def test_a_book_two_machines_create_at_once_is_kept_as_the_first_made_it(machines) -> None:
    a, b = machines
    b.books.pull_on_read = False
    assert b.books.get("war", "Quick") is None
    a.books.save_book("war", "Quick", WAR.Options(max_rounds=200))
    with pytest.raises(BookError, match="was changed on another machine"):
        b.books.save_book("war", "Quick", WAR.Options(max_rounds=100))
    assert b.books.get("war", "Quick").options.max_rounds == 200
