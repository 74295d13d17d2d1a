"""Drive the workbench in a real headless Chromium (Debian's ``chromium`` and
``chromium-driver``), for the browser test and for docs/workbench.png.

Nothing is downloaded: Selenium is pointed at the installed driver and browser.
"""

from __future__ import annotations

import os
import shutil
import socket
import tempfile
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

#: where Debian's packages put them; CHROMIUM / CHROMEDRIVER override
CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
CHROMEDRIVER = os.environ.get("CHROMEDRIVER", "/usr/bin/chromedriver")

#: the example the walk opens, the step whose board it opens, the card it clicks
EXAMPLE = "09_ga_spellshroud_fizzle.yaml"
STEP = 2
CARD = "Hypothermia"

FLAGS = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-dev-shm-usage",
    "--window-size=1680,1200",
)


def missing() -> str | None:
    """Why the browser can't run here (a message for a skip), or None."""
    for path, package in ((CHROMIUM, "chromium"), (CHROMEDRIVER, "chromium-driver")):
        if not (Path(path).is_file() or shutil.which(path)):
            return f"{path} not found: install Debian's {package} (apt-get install -y {package})"
    try:
        import selenium  # noqa: F401
    except ImportError:
        return "selenium is not installed (pip install -e '.[test]')"
    return None


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


@contextmanager
def serving() -> Iterator[str]:
    """The workbench served by uvicorn in a thread on a free local port; yields its URL."""
    import uvicorn

    from tcgrules.web.app import Settings, create_app

    port = _free_port()
    config = uvicorn.Config(
        create_app(Settings(timeout=60)), host="127.0.0.1", port=port, log_level="warning"
    )
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 120
    while not server.started:
        if time.monotonic() > deadline or not thread.is_alive():
            raise RuntimeError("the workbench did not start")
        time.sleep(0.05)
    try:
        yield f"http://127.0.0.1:{port}/"
    finally:
        server.should_exit = True
        thread.join(30)


@contextmanager
def chromium() -> Iterator[Any]:
    """A headless Chromium driven by Selenium, with a fresh profile."""
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    profile = tempfile.mkdtemp(prefix="tcgrules-chromium-")
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for flag in (*FLAGS, f"--user-data-dir={profile}"):
        options.add_argument(flag)
    driver = webdriver.Chrome(service=Service(executable_path=CHROMEDRIVER), options=options)
    try:
        yield driver
    finally:
        driver.quit()
        shutil.rmtree(profile, ignore_errors=True)


@dataclass
class Verdict:
    candidate: str
    legal: bool
    rules: list[tuple[str, str]]  # (rule id, the summary its hover shows)


def wait_for(driver: Any, css: str, seconds: float = 90) -> Any:
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support import expected_conditions
    from selenium.webdriver.support.ui import WebDriverWait

    return WebDriverWait(driver, seconds).until(
        expected_conditions.presence_of_element_located((By.CSS_SELECTOR, css))
    )


def click(driver: Any, css: str, seconds: float = 90) -> None:
    """Click the element ``css`` names once it is there; if the page draws it again
    between finding and clicking (a stale element), find it again and retry."""
    from selenium.common.exceptions import NoSuchElementException, StaleElementReferenceException
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait

    def clicked(d: Any) -> bool:
        d.find_element(By.CSS_SELECTOR, css).click()
        return True

    ignored = (NoSuchElementException, StaleElementReferenceException)
    WebDriverWait(driver, seconds, ignored_exceptions=ignored).until(clicked)


def _read_verdicts(driver: Any) -> list[Verdict]:
    """The verdicts shown, read in one go (a re-render while reading raises
    StaleElementReferenceException, and the caller's wait reads them again)."""
    from selenium.webdriver.common.by import By

    verdicts = []
    for row in driver.find_elements(By.CSS_SELECTOR, "#verdicts li.verdict"):
        rules = [
            (a.text, a.get_attribute("title") or "")
            for a in row.find_elements(By.CSS_SELECTOR, "a.rule")
        ]
        classes = (row.get_attribute("class") or "").split()
        name = row.get_attribute("data-candidate") or ""
        verdicts.append(Verdict(name, "legal" in classes, rules))
    return verdicts


def walk(driver: Any, url: str, screenshot: Path | None = None) -> list[Verdict]:
    """Open the page, load the example, run it, open a step's board, click the card;
    return the verdicts shown (and save a screenshot of the page then, if asked)."""
    from selenium.common.exceptions import StaleElementReferenceException
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select, WebDriverWait

    driver.get(url)
    Select(wait_for(driver, "#example")).select_by_value(EXAMPLE)
    # the editor may be drawn again as the example loads: a stale box is looked up again
    WebDriverWait(driver, 60, ignored_exceptions=(StaleElementReferenceException,)).until(
        lambda d: "game: ga" in d.find_element(By.ID, "scenario").get_property("value")
    )
    click(driver, "#run")
    click(driver, f"#step-{STEP} .board-btn")
    wait_for(driver, f'#board .board[data-step="{STEP + 1}"]')
    click(driver, f'#board .card[data-name="{CARD}"] button.explain')
    wait_for(driver, "#verdicts .verdict.illegal")
    wait_for(driver, "#board .card.illegal")
    verdicts = WebDriverWait(
        driver, 30, ignored_exceptions=(StaleElementReferenceException,)
    ).until(_read_verdicts)
    if screenshot is not None:
        driver.execute_script("document.querySelector('#verdicts').scrollIntoView(false)")
        driver.save_screenshot(str(screenshot))
    return verdicts
