"""Grand Archive "On X:" triggered abilities read as TriggeredAbility nodes
(ga:abilities-triggered-abilities/general-rules-4, the glossary's On conditions), and
put on the Effects Stack by ``trigger:`` (ga:abilities-triggered-abilities/general-rules-1).
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

import tcgrules
from tcgrules.cardtext import nodes as n
from tcgrules.games.grand_archive.text import parse_ga
from tcgrules.games.grand_archive.triggers import on_event
from tcgrules.kernel.ruleset import find_ruleset

_DEFAULT = Path(__file__).resolve().parents[3] / "shared/cards/ga-cards-2026-02.json.gz"
POOL = Path(os.environ.get("TCGRULES_GA_CARDS", str(_DEFAULT)))
needs_pool = pytest.mark.skipif(
    not POOL.exists(),
    reason=f"no Grand Archive card pool at {POOL}; set TCGRULES_GA_CARDS to the Grand "
    "Archive index JSON (plain or gzipped) you downloaded",
)


@pytest.mark.parametrize(
    ("condition", "event"),
    [
        ("Enter", "enters"),
        ("Leave", "leaves"),
        ("Death", "dies"),
        ("Banish", "banished"),
        ("Attack", "attacks"),
        ("Hit", "hits"),
        ("Ally Hit", "hits_ally"),
        ("Champion Hit", "hits_champion"),
        ("Kill", "kills"),
        ("Foster", "fostered"),
        ("Charge 3", "charged"),
        # not conditions the glossary defines, or with a number wrong
        ("Charge", None),
        ("Enter 2", None),
        ("Ally Kill", None),
        ("Destroy", None),
    ],
)
def test_on_conditions(condition: str, event: str | None) -> None:
    assert on_event(condition) == event


def _triggered(text: n.CardText) -> list[n.TriggeredAbility]:
    return [a for a in text.abilities if isinstance(a, n.TriggeredAbility)]


def test_unknown_condition_is_not_understood() -> None:
    """A condition the glossary does not define is kept as text not understood."""
    parsed = parse_ga("On Destroy: Draw a card.", "Test Relic", "ITEM")
    (ability,) = _triggered(parsed)
    assert ability.trigger.event == "other"
    assert [u.reason for u in parsed.unsupported] == [
        "trigger condition 'On Destroy' not understood"
    ]


def _pool_text(name: str) -> n.CardText:
    card = tcgrules.pool_card("ga", name, path=POOL)
    return find_ruleset("ga")().card_text(card)


@needs_pool
@pytest.mark.parametrize(
    ("name", "event", "phrases", "qualifiers"),
    [
        ("Aesan Protector", "enters", ["target ally you control"], []),
        ("Blazing Direwolf", "attacks", ["target unit"], ["class_bonus"]),
        ("Explosive Fractal", "enters", ["target champion"], ["class_bonus", "memory"]),
        ("Seasprite Diver", "enters", ["target card in a graveyard"], []),
        (
            "Entrancing Filigree",
            "enters",
            ["target non-champion object you don't control"],
            ["as_spell"],
        ),
    ],
)
def test_pool_on_lines(name: str, event: str, phrases: list[str], qualifiers: list[str]) -> None:
    """Real pool text: the trigger's event, its targets and its qualifiers."""
    parsed = _pool_text(name)
    ability = _triggered(parsed)[0]
    assert ability.trigger.text.startswith("On ")
    assert ability.trigger.event == event
    assert ability.trigger.subject == n.Self()
    assert [r.text for r in ability.requirements] == phrases
    assert [q.kind for q in ability.qualifiers] == qualifiers
    assert ability.effects


@needs_pool
def test_pool_ally_kill_is_not_understood() -> None:
    """ "On Ally Kill" is not a glossary condition (On Hit narrows to Ally Hit, On Kill
    defines no such form): the card says so rather than reading a wrong event."""
    cards = find_ruleset("ga")().card_file(POOL)
    rs = find_ruleset("ga")()
    ally_kill = [c for c in cards if "On Ally Kill:" in (c.text or "")]
    assert ally_kill
    for card in ally_kill:
        reasons = [u.reason for u in rs.card_text(card).unsupported]
        assert "trigger condition 'On Ally Kill' not understood" in reasons, card.name
