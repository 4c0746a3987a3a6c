"""Sharing house-rule books from the command line: export, import, and refusals without a traceback."""

from __future__ import annotations

from cardarcade.cli import main
from cardarcade.rules import GAMES
from cardarcade.store.user import UserStore

SLAPJACK = GAMES["slapjack"]


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_a_book_exported_on_one_computer_imports_on_another(capsys, tmp_path, monkeypatch):
    UserStore().books.save_book(
        "slapjack", "Friday night", SLAPJACK.Options(decks=2), notes="Lower hand wins *ties*.\n# jokers stay out"
    )
    code, text, _ = run(capsys, "rules", "export", "slapjack", "friday night")
    assert code == 0 and 'name = "Friday night"' in text
    shared = tmp_path / "friday.toml"
    shared.write_text(text)
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "friends-config"))  # the friend's computer
    code, out, _ = run(capsys, "rules", "import", str(shared))
    assert code == 0 and "Friday night" in out
    book = UserStore().books.get("slapjack", "Friday night")
    assert book.options.decks == 2 and book.notes == "Lower hand wins *ties*.\n# jokers stay out"
    assert book.history[-1].endswith("imported from friday.toml")
    code, _, err = run(capsys, "rules", "import", str(shared))
    assert code == 2 and "already a book 'Friday night'" in err and "--replace" in err
    shared.write_text(text.replace("decks = 2", "decks = 1"))
    assert run(capsys, "rules", "import", str(shared), "--replace")[0] == 0
    assert UserStore().books.get("slapjack", "Friday night").options.decks == 1
    code, out, _ = run(capsys, "rules", "slapjack", "--book", "Friday night")
    assert code == 0 and "imported from friday.toml" in out
    assert "Lower hand wins *ties*." in out and "# jokers stay out" in out  # as the group wrote them


def test_a_file_with_an_unknown_house_rule_is_refused_with_its_line(capsys, tmp_path):
    bad = tmp_path / "club.toml"
    bad.write_text(
        'format = "cardarcade-book"\nversion = 1\ngame = "slapjack"\nname = "Club"\n\n[options]\njokers = true\n'
    )
    code, out, err = run(capsys, "rules", "import", str(bad))
    assert code == 2 and out == ""
    assert err.strip() == (
        "club.toml: line 7: no house rule 'jokers' in Slapjack "
        "(its house rules: decks, slap_in, forgive_early_flip, max_flips)"
    )
    bad.write_text('format = "cardarcade-book"\nversion = 1\ngame = "slapjack"\nname = Club\n')
    code, _, err = run(capsys, "rules", "import", str(bad))
    assert code == 2 and err.startswith("club.toml: line 4: not valid TOML")
    bad.write_bytes(b"\xff\xfe")
    assert "not UTF-8" in run(capsys, "rules", "import", str(bad))[2]
    code, _, err = run(capsys, "rules", "import", str(tmp_path / "missing.toml"))
    assert code == 2 and "cannot read" in err
    assert UserStore().books.names("slapjack") == []


def test_export_mistakes_get_one_line(capsys):
    UserStore().books.save_book("slapjack", "Club", SLAPJACK.Options())
    code, _, err = run(capsys, "rules", "export", "slapjack", "Pub")
    assert code == 2 and err.strip() == "there is no book 'Pub' for Slapjack; its books: 'Club'"
    assert run(capsys, "rules", "export", "nope", "Club")[0] == 2
    assert "give a game and a book" in run(capsys, "rules", "export", "slapjack")[2]
    code, out, _ = run(capsys, "rules", "slapjack")  # the plain rules still work
    assert code == 0 and "House rules" in out


def test_a_damaged_book_is_called_damaged_with_its_file_and_reason(capsys):
    from cardarcade.store.books import file_name

    UserStore().books.save_book("slapjack", "Club", SLAPJACK.Options())
    path = UserStore().books.folder / "slapjack" / file_name("Club")
    path.write_text(path.read_text().replace("decks = 1", "decks = 9"))
    for argv in (("rules", "slapjack", "--book", "Club"), ("rules", "export", "slapjack", "club")):
        code, out, err = run(capsys, *argv)
        assert code == 2 and out == ""
        assert err.strip() == (
            f"the book {argv[-1]!r} for Slapjack is damaged and cannot be used: "
            f"Packs must be one of: 1, 2 (the file is {path})"
        )
        assert "Traceback" not in err
