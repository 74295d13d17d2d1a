"""Issue #15 in a real browser: a headless Chromium opens the workbench, loads an
example, runs it, opens a step's board, clicks a card and sees a legal and an illegal
target with its rule. Skips, saying why, where Debian's chromium and chromium-driver
are not installed (``.ci/run`` installs them)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from tests.web import browser

pytestmark = pytest.mark.skipif(browser.missing() is not None, reason=str(browser.missing()))


@pytest.fixture(scope="module")
def session() -> Iterator[tuple[Any, str]]:
    with browser.serving() as url, browser.chromium() as driver:
        yield driver, url


def test_a_card_clicked_on_a_steps_board_shows_legal_and_illegal_targets_with_rules(
    session: tuple[Any, str],
) -> None:
    driver, url = session
    verdicts = {v.candidate: v for v in browser.walk(driver, url)}
    assert verdicts["Trusty Steed"].legal
    raccoon = verdicts["Scavenging Raccoon"]
    assert not raccoon.legal
    ((rule, summary),) = raccoon.rules
    assert rule == "ga:keywords-and-abilities/spellshroud-1"
    assert summary  # the catalog's one-line summary, shown on hover
    from selenium.webdriver.common.by import By

    legal = driver.find_elements(By.CSS_SELECTOR, "#board .card.legal")
    assert [card.get_attribute("data-name") for card in legal] == ["Trusty Steed"]
    events = driver.find_elements(By.CSS_SELECTOR, "#timeline ul.events a.rule")
    assert events
    assert all(a.get_attribute("title") for a in events)


def test_a_malformed_scenario_is_marked_at_its_line_in_the_editor(
    session: tuple[Any, str],
) -> None:
    driver, url = session
    from selenium.webdriver.common.by import By

    driver.get(url)
    box = browser.wait_for(driver, "#scenario")
    driver.execute_script(
        "arguments[0].value = arguments[1]; arguments[0].dispatchEvent(new Event('input'))",
        box,
        "game: mtg\nplayers: [Alice]\nstpes: []\n",
    )
    driver.find_element(By.ID, "run").click()
    marked = browser.wait_for(driver, "#gutter .ln.bad")
    assert marked.text == "3"
    assert "unknown key 'stpes'" in driver.find_element(By.ID, "timeline").text
