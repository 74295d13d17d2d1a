"""Save docs/workbench.png: the workbench at a step's board with a card's targets shown.

    python tests/web/make_screenshot.py [OUT.png]

Needs Debian's chromium and chromium-driver and the test extras (selenium).
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path[:0] = [str(ROOT), str(ROOT / "src")]

from tests.web import browser  # noqa: E402


def main(argv: list[str]) -> int:
    out = Path(argv[1]) if len(argv) > 1 else ROOT / "docs" / "workbench.png"
    why = browser.missing()
    if why is not None:
        print(f"can't take the screenshot: {why}", file=sys.stderr)
        return 1
    with browser.serving() as url, browser.chromium() as driver:
        browser.walk(driver, url, screenshot=out)
    print(f"saved {out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv))
