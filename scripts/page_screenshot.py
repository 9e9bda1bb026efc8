"""The screenshot of the replay page in docs/playing.md (``docs/review-page.png``): the
shipped 4-player example reviewed as ``medici review`` reviews it, its page written, and
headless Chromium's picture of it at the first blunder.

    python scripts/page_screenshot.py            write docs/review-page.png
    python scripts/page_screenshot.py --quick    a small search, the picture in a temporary
                                                 folder (nothing in docs/ changes)
"""

from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from engine.records import load_path  # noqa: E402
from engine.records.examples import example_path  # noqa: E402
from engine.review import labels  # noqa: E402
from engine.review.page import write_page  # noqa: E402
from engine.review.reviewing import default_settings, review  # noqa: E402

WIDTH, HEIGHT = 1100, 1250
FLAGS = ("--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
         "--no-first-run", "--disable-component-update", "--disable-sync",
         "--hide-scrollbars")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true")
    args = parser.parse_args()
    browser = next((shutil.which(n) for n in ("chromium", "chromium-browser", "google-chrome")
                    if shutil.which(n)), None)
    if browser is None:
        print("no Chromium here (apt-get install chromium)", file=sys.stderr)
        return 1
    record, _ = load_path(example_path("medici"))
    settings = default_settings(record, "mcts:8" if args.quick else None)
    section = review(record, settings, range(len(record.players)), jobs=2)
    blunders = [m["step"] for m in section["moves"] if m["label"] == labels.BLUNDER]
    step = blunders[0] if blunders else 1
    with tempfile.TemporaryDirectory(prefix="medici-page-") as folder:
        page = Path(folder) / "page.html"
        size = write_page(record, page, section, range(len(record.players)),
                          "saves/medici-4-players.json")
        target = Path(folder) / "shot.png" if args.quick else ROOT / "docs" / "review-page.png"
        subprocess.run([browser, *FLAGS, f"--user-data-dir={folder}/profile",
                        f"--window-size={WIDTH},{HEIGHT}", f"--screenshot={target}",
                        f"{page.as_uri()}#{step}"], check=True, stdin=subprocess.DEVNULL,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=120)
        shown = "a temporary file" if args.quick else target.relative_to(ROOT)
        print(f"{shown}: the page of the shipped example ({size // 1024} KB, one file) at "
              f"step {step}, the first blunder, as headless Chromium draws it at "
              f"{WIDTH}x{HEIGHT}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
