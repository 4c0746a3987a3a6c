"""House-rule books: kept, changed with a dated history, shared as TOML, refused with the line."""

from __future__ import annotations

from datetime import datetime

import pytest

from cardarcade.rules import GAMES
from cardarcade.store.books import BookError, BookStore, file_name, parse_book

SLAPJACK = GAMES["slapjack"]


def clock_at(*times: str):
    moments = iter(datetime.fromisoformat(t) for t in times)
    return lambda: next(moments)


@pytest.fixture
def store(tmp_path):
    return BookStore(tmp_path / "books", clock=clock_at("2026-11-22 20:01", "2026-11-22 20:05", "2026-11-23 19:30"))


def test_a_book_keeps_its_rules_and_notes_and_dates_every_change(store, tmp_path):
    store.save_book(
        "slapjack", "Friday night", SLAPJACK.Options(decks=2), notes="Two slaps at once: the lower hand wins."
    )
    store.save_book("slapjack", "friday night", SLAPJACK.Options(decks=2, slap_in=False))  # same book, notes kept
    store.save_book("slapjack", "Friday night", SLAPJACK.Options(decks=2, slap_in=False), notes="Jokers are out.")
    book = BookStore(tmp_path / "books").get("slapjack", "FRIDAY NIGHT")  # read afresh
    assert book is not None and book.name == "Friday night"
    assert book.options == SLAPJACK.Options(decks=2, slap_in=False)
    assert book.notes == "Jokers are out."
    assert book.history == (
        "2026-11-22 20:01 created",
        "2026-11-22 20:05 Slapping in: yes -> no",
        "2026-11-23 19:30 notes changed",
    )
    assert store.names("slapjack") == ["Friday night"] and store.names("war") == []


def test_saving_an_unchanged_book_adds_no_history(store):
    first = store.save_book("slapjack", "Club", SLAPJACK.Options(), notes="")
    assert (
        store.save_book("slapjack", "Club", SLAPJACK.Options()).history
        == first.history
        == ("2026-11-22 20:01 created",)
    )


def test_export_and_import_give_the_same_book_elsewhere(store, tmp_path):
    notes = 'Say "snap" aloud.\nA tie\\draw: split the pile.\ttabbed'
    store.save_book("slapjack", "Friday night", SLAPJACK.Options(decks=2, max_flips=500), notes=notes)
    text = store.export_text("slapjack", "Friday night")
    assert "[options]" in text and "decks = 2" in text and "max_flips = 500" in text
    friend = BookStore(tmp_path / "friend", clock=clock_at("2026-11-24 18:00"))
    book = friend.import_text(text, "friday.toml")
    assert (book.name, book.options, book.notes) == ("Friday night", SLAPJACK.Options(decks=2, max_flips=500), notes)
    assert book.history == ("2026-11-22 20:01 created", "2026-11-24 18:00 imported from friday.toml")
    assert friend.get("slapjack", "Friday night") == book


def test_an_import_over_a_book_of_that_name_needs_replace_and_says_what_it_changed(store):
    store.save_book("slapjack", "Club", SLAPJACK.Options())
    text = store.export_text("slapjack", "Club").replace("decks = 1", "decks = 2")
    with pytest.raises(BookError, match="already a book 'Club'.*--replace"):
        store.import_text(text, "club.toml")
    assert store.get("slapjack", "Club").options.decks == 1  # nothing changed
    book = store.import_text(text, "club.toml", replace=True)
    assert book.options.decks == 2
    assert book.history[-1] == (
        "2026-11-22 20:05 imported from club.toml, replacing this computer's copy "
        "(Packs: one pack (52 cards) -> two packs (104 cards))"
    )


BOOK = """\
format = "cardarcade-book"
version = 1
game = "slapjack"
name = "Club"

[options]
decks = 2
"""


@pytest.mark.parametrize(
    "change, message",
    [
        ("decks = 2", "club.toml: line 7: no house rule 'jokers' in Slapjack"),
        ("decks = 3", "club.toml: line 7: Packs must be one of: 1, 2"),
        ("decks = = 2", "club.toml: line 7: not valid TOML"),
    ],
)
def test_a_broken_or_unknown_house_rule_is_refused_with_its_line(store, change, message):
    text = BOOK.replace("decks = 2", change) if change != "decks = 2" else BOOK + "jokers = true\n"
    if change == "decks = 2":
        message = message.replace("line 7", "line 8")
    with pytest.raises(BookError) as refused:
        store.import_text(text, "club.toml")
    assert str(refused.value).startswith(message)
    assert store.names("slapjack") == []


@pytest.mark.parametrize(
    "text, message",
    [
        (
            BOOK.replace('game = "slapjack"', 'game = "bridge"'),
            "line 3: a game this version of cardarcade does not have",
        ),
        (BOOK.replace('name = "Club"', 'name = ""'), "line 4: name:"),
        (BOOK.replace("version = 1", "version = 7"), "line 2: written by a newer cardarcade"),
        (BOOK.replace('format = "cardarcade-book"\n', ""), "not a cardarcade house-rule book"),
        (BOOK + "[extras]\nx = 1\n", "line 8: a book has no 'extras'"),
        ("options = { decks = 9 }\n" + BOOK.replace("[options]\ndecks = 2\n", ""), "line 1: Packs must be"),
        # A shared file must not reach the terminal with escape sequences of its own.
        (
            BOOK.replace('name = "Club"', 'name = "Club"\nnotes = "\\u001b[2J"'),
            "line 5: the notes hold control characters",
        ),
        (BOOK.replace('name = "Club"', 'name = "Club\\u001b[31m"'), "line 4: A book's name cannot hold"),
    ],
)
def test_a_file_that_is_not_a_usable_book_is_refused_with_the_reason(store, text, message):
    with pytest.raises(BookError, match=message):
        store.import_text(text, "club.toml")


def test_a_name_cannot_leave_the_books_folder_and_must_be_printable(store, tmp_path):
    book = store.save_book("slapjack", "../../settings", SLAPJACK.Options())
    files = [p for p in (tmp_path / "books").rglob("*") if p.is_file()]
    assert [p.parent for p in files] == [tmp_path / "books" / "slapjack"]
    assert "/" not in file_name("../../x") and file_name("Club") == file_name("CLUB")
    assert store.get("slapjack", "../../settings") == book
    for bad in ("", "   ", "line\nbreak", "x" * 61):
        with pytest.raises(BookError):
            store.save_book("slapjack", bad, SLAPJACK.Options())
    with pytest.raises(BookError, match="no game"):
        store.save_book("../war", "Club", SLAPJACK.Options())


def test_a_broken_book_file_is_listed_with_its_reason_and_never_overwritten(store, tmp_path):
    store.save_book("slapjack", "Club", SLAPJACK.Options())
    path = tmp_path / "books" / "slapjack" / file_name("Club")
    path.write_text(path.read_text().replace("decks = 1", "decks = 9"))
    assert store.names("slapjack") == [] and store.get("slapjack", "Club") is None
    assert store.problems("slapjack") == [f"{path.name}: Packs must be one of: 1, 2"]
    broken = path.read_bytes()
    with pytest.raises(BookError, match="kept as it is"):
        store.save_book("slapjack", "Club", SLAPJACK.Options())
    assert path.read_bytes() == broken


def test_an_export_of_a_missing_book_names_the_books_there_are(store):
    store.save_book("slapjack", "Club", SLAPJACK.Options())
    with pytest.raises(BookError, match="no book 'Pub' for Slapjack \\(books: 'Club'\\)"):
        store.export_text("slapjack", "Pub")


def test_the_file_a_book_is_kept_in_reads_back_as_that_book(store, tmp_path):
    saved = store.save_book("slapjack", "Club", SLAPJACK.Options(decks=2), notes="ends without a newline")
    path = tmp_path / "books" / "slapjack" / file_name("Club")
    assert parse_book(path.read_text(), path.name) == saved


def test_an_import_over_a_book_keeps_both_histories_in_date_order(tmp_path):
    ours = BookStore(tmp_path / "ours", clock=clock_at("2026-11-01 10:00", "2026-11-05 10:00", "2026-11-20 10:00"))
    ours.save_book("slapjack", "Club", SLAPJACK.Options())
    shared = ours.export_text("slapjack", "Club")  # the friends' copy starts from ours
    ours.save_book("slapjack", "Club", SLAPJACK.Options(decks=2))  # then each side changes it
    theirs = BookStore(tmp_path / "theirs", clock=clock_at("2026-11-02 09:00", "2026-11-07 09:00"))
    theirs.import_text(shared, "club.toml")
    theirs.save_book("slapjack", "Club", SLAPJACK.Options(slap_in=False))
    book = ours.import_text(theirs.export_text("slapjack", "Club"), "club.toml", replace=True)
    assert book.history == (
        "2026-11-01 10:00 created",  # once: both hold it
        "2026-11-02 09:00 imported from club.toml",  # theirs
        "2026-11-05 10:00 Packs: one pack (52 cards) -> two packs (104 cards)",  # this computer's
        "2026-11-07 09:00 Slapping in: yes -> no",  # theirs
        "2026-11-20 10:00 imported from club.toml, replacing this computer's copy "
        "(Packs: two packs (104 cards) -> one pack (52 cards); Slapping in: yes -> no)",
    )
    assert ours.get("slapjack", "Club") == book


def test_a_damaged_book_is_found_by_its_name_with_where_and_why(store, tmp_path):
    store.save_book("slapjack", "Club", SLAPJACK.Options())
    path = tmp_path / "books" / "slapjack" / file_name("Club")
    path.write_text(path.read_text().replace("decks = 1", "decks = 9"))
    entry = store.damaged("slapjack", "club")
    assert entry is not None and entry.path == path and entry.problem == f"{path.name}: Packs must be one of: 1, 2"
    assert store.damaged("slapjack", "Pub") is None and store.damaged("nope", "Club") is None
