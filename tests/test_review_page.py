"""The replay page (issue 30): one self-contained file, both games drawn, tested in a real
headless Chromium over the DevTools pipe (``tests/browser.py``): the first screenshot is
not blank, the right arrow changes the board and the step, and the page asks the network
for nothing. Skipped, with the reason, only where no Chromium can be had."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from engine.records import load_path
from engine.records.examples import example_path
from engine.review.page import page_data, render, write_page
from engine.review.reviewing import default_settings, review
from tests.browser import Browser, BrowserError, find_chromium, png_colours

CHROMIUM = find_chromium()
NEEDS_BROWSER = pytest.mark.skipif(
    CHROMIUM is None, reason="no Chromium on this machine (apt-get install chromium; "
    ".ci/run installs it)")
MAX_BYTES = 2 * 1024 * 1024
"""The page of the example stays under 2 MB (issue 30)."""
CHEAP_BOT = "mcts:24"
"""A review made quickly, for the page's marks (the figures do not matter here)."""


@pytest.fixture(scope="module")
def medici_page(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The 4-player example's page with a review."""
    record, _ = load_path(example_path("medici"))
    section = review(record, default_settings(record, CHEAP_BOT), jobs=1)
    path = tmp_path_factory.mktemp("page") / "medici.html"
    write_page(record, path, section, list(range(len(record.players))))
    return path


@pytest.fixture(scope="module")
def strozzi_page(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The other game's page, exported without a review."""
    record, _ = load_path(example_path("medici-vs-strozzi"))
    path = tmp_path_factory.mktemp("page") / "strozzi.html"
    write_page(record, path, None, [])
    return path


def test_the_page_is_one_file_that_needs_nothing_else(medici_page: Path) -> None:
    text = medici_page.read_text(encoding="utf-8")
    assert len(text.encode("utf-8")) < MAX_BYTES
    # Nothing fetched: no src or href to anything but a fragment or a data: URL, no import.
    for ref in re.findall(r"""(?:src|href)\s*=\s*["']([^"']*)""", text):
        assert ref.startswith(("#", "data:")), ref
    assert "@import" not in text and "url(" not in text and "fetch(" not in text
    assert "Content-Security-Policy" in text and "default-src 'none'" in text
    data = json.loads(re.search(r'<script id="data" type="application/json">(.*?)</script>',
                                text, re.S).group(1).replace("<\\/", "</"))
    record, _ = load_path(example_path("medici"))
    steps = data["steps"]
    assert len(steps) == len([e for e in record.events
                              if e["type"] in ("draw", "stop", "bid", "pass")]) + 1
    assert steps[0]["lines"] == [] and steps[1]["lines"]
    marked = [i for i, s in enumerate(steps) if s["mark"]]
    assert marked and 0 not in marked  # every seat reviewed: the moves, never the set-up
    final = steps[-1]["board"]
    assert final["winners"] and all(s["money"].endswith("florins") for s in final["seats"])
    assert '<svg id="chart"' in text


def test_a_name_cannot_break_out_of_the_page(tmp_path: Path) -> None:
    from engine.chance import Rng
    from engine.game import new_game
    from engine.records import record_from_game
    from engine.simulate import random_action

    game = new_game("medici", ["</script><b>x", "Bo"], seed=3)
    rng = Rng(3)
    for _ in range(30):
        game.apply(random_action(game, rng))
    text = render(record_from_game(game), None, [])
    assert "</script><b>x" not in text
    assert text.count("</script>") == 2  # the data's and the script's, no other


def test_both_games_draw_their_own_table(strozzi_page: Path) -> None:
    record, _ = load_path(example_path("medici-vs-strozzi"))
    data = page_data(record, None, [])
    boards = [s["board"] for s in data["steps"]]
    assert any(b["ladders"] and b["ladders"][0].get("across") for b in boards)
    assert any(len(s["rows"]) == 3 for b in boards for s in b["seats"])
    assert any(b["sale"] and b["sale"]["pieces"] for b in boards)
    assert strozzi_page.stat().st_size < MAX_BYTES


@NEEDS_BROWSER
@pytest.mark.parametrize("which", ["medici_page", "strozzi_page"])
def test_the_page_in_a_real_browser(which: str, request: pytest.FixtureRequest) -> None:
    page: Path = request.getfixturevalue(which)
    assert CHROMIUM is not None
    try:
        browser = Browser(CHROMIUM, width=900, height=800)
    except (OSError, BrowserError) as err:  # a browser that cannot start here
        pytest.skip(f"Chromium could not be started: {err}")
    try:
        browser.open(page)
        shot = browser.screenshot()
        assert len(png_colours(shot)) > 20, "the first screenshot is blank"
        assert browser.evaluate("document.getElementById('stepno').textContent") \
            .startswith("Step 0 /")
        board = browser.evaluate("document.getElementById('board').innerText")
        assert browser.evaluate("document.querySelectorAll('.seat').length") >= 2
        for _ in range(3):
            browser.key("ArrowRight", 39)
        assert browser.evaluate("document.getElementById('stepno').textContent") \
            .startswith("Step 3 /")
        assert browser.evaluate("document.getElementById('board').innerText") != board
        assert browser.screenshot() != shot
        browser.key("ArrowLeft", 37)
        assert browser.evaluate("document.body.getAttribute('data-step')") == "2"
        browser.key("End", 35)
        assert browser.evaluate("document.querySelectorAll('.badge.win').length") >= 1
        own = page.resolve().as_uri()
        assert {url.split("#")[0] for url in browser.all_requests()} == {own}
        errors = [e for e in browser.events if e["method"] == "Runtime.exceptionThrown"]
        assert not errors, errors
    finally:
        browser.close()

