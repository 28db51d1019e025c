"""Printing a handout to PDF (kit.handouts.printing): the browser found prints the page, and a
missing or failing one is the kit's error saying what to do."""

import pytest

from kit.errors import IllegalAction
from kit.handouts import save_handout
from kit.handouts.printing import find_chromium, print_pdf
from kit.successors.stars import generate_system


def test_a_pdf_handout_is_printed_by_chromium(tmp_path, monkeypatch) -> None:

    if find_chromium() is None:
        pytest.skip("no Chromium on this machine")
    path = save_handout(generate_system(2), tmp_path / "system.pdf", audience="player", sensors=2)
    data = path.read_bytes()
    assert data.startswith(b"%PDF-") and len(data) > 1000
    monkeypatch.setenv("GMKIT_CHROMIUM", str(tmp_path / "no-such-browser"))
    with pytest.raises(IllegalAction, match="Chromium"):
        save_handout(generate_system(2), tmp_path / "again.pdf")


def _fake_browser(tmp_path, script: str):
    """A stand-in for Chromium: a shell script run with Chromium's arguments."""
    path = tmp_path / "fake-chromium"
    path.write_text("#!/bin/sh\n" + script)
    path.chmod(0o755)
    return path


def test_the_browser_named_in_the_environment_is_used_if_it_exists(tmp_path, monkeypatch):
    browser = _fake_browser(tmp_path, "exit 0\n")
    monkeypatch.setenv("GMKIT_CHROMIUM", str(browser))
    assert find_chromium() == str(browser)
    monkeypatch.setenv("GMKIT_CHROMIUM", str(tmp_path / "gone"))
    assert find_chromium() is None  # named but missing: not some other browser


def test_print_pdf_writes_what_the_browser_printed(tmp_path, monkeypatch):
    # the fake prints the page's text into the PDF path Chromium is given
    browser = _fake_browser(
        tmp_path,
        'for a in "$@"; do case "$a" in --print-to-pdf=*) out="${a#--print-to-pdf=}";; esac; done\n'
        'printf "%%PDF-fake" > "$out"\n',
    )
    monkeypatch.setenv("GMKIT_CHROMIUM", str(browser))
    target = tmp_path / "deep" / "handout.pdf"
    assert print_pdf("<p>hello</p>", target) == target
    assert target.read_bytes() == b"%PDF-fake"


def test_a_browser_that_fails_is_the_kits_error_with_its_message(tmp_path, monkeypatch):
    browser = _fake_browser(tmp_path, 'echo "no display" >&2\nexit 3\n')
    monkeypatch.setenv("GMKIT_CHROMIUM", str(browser))
    target = tmp_path / "handout.pdf"
    with pytest.raises(IllegalAction, match="could not print the handout: no display"):
        print_pdf("<p>hello</p>", target)
    assert not target.exists()


def test_no_browser_says_how_to_get_one(tmp_path, monkeypatch):
    monkeypatch.setenv("GMKIT_CHROMIUM", str(tmp_path / "gone"))
    with pytest.raises(IllegalAction, match="GMKIT_CHROMIUM"):
        print_pdf("<p>hello</p>", tmp_path / "handout.pdf")
