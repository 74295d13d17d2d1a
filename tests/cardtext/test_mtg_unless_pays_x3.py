"""Unless-pays variants (helper X3): "pays twice {X}", "pays {B} or {3}", and "unless that
permanent's controller or that player pays {2}" (mtg:118.12a)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tcgrules.cardtext import nodes as n
from tcgrules.cardtext import parse_card
from tcgrules.scenario.loader import load_scenario
from tcgrules.scenario.runner import run_scenario


def _run(tmp_path: Path, text: str) -> tuple[bool, str]:
    path = tmp_path / "case.yaml"
    path.write_text(text)
    result = run_scenario(load_scenario(path))
    return result.ok, " ".join(m for _, m in result.failures) + (result.error or "") + (
        result.unsupported or ""
    )


@pytest.mark.rules("mtg:118.12a", "mtg:701.5a")
def test_pays_twice_x_is_read() -> None:
    card = parse_card(
        "mtg",
        "Counter target spell unless its controller pays twice {X}.",
        name="Thassa's Intervention",
        type_line="Instant",
    )
    assert not card.unsupported
    assert card.abilities[0].effects == (  # type: ignore[union-attr]
        n.Counter(n.TargetSlot(0), unless_pays="{X}{X}"),
    )


def test_pays_another_word_before_the_cost_is_not_read() -> None:
    card = parse_card(
        "mtg",
        "Counter target spell unless its controller pays thrice {X}.",
        name="Made Up",
        type_line="Instant",
    )
    assert card.unsupported


@pytest.mark.rules("mtg:118.12a", "mtg:701.5a")
def test_pays_either_cost_is_read() -> None:
    card = parse_card(
        "mtg",
        "{1}{B}: Counter target black spell unless that spell's controller pays {B} or {3}.",
        name="Thrull Wizard",
        type_line="Creature — Thrull Wizard",
    )
    assert not card.unsupported
    assert card.abilities[0].effects == (  # type: ignore[union-attr]
        n.Counter(n.TargetSlot(0), unless_pays="{B} or {3}"),
    )


@pytest.mark.rules("mtg:118.12a")
def test_that_permanents_controller_or_that_player_is_read() -> None:
    card = parse_card(
        "mtg",
        "Rhystic Lightning deals 4 damage to any target unless that permanent's controller "
        "or that player pays {2}.",
        name="Rhystic Lightning",
        type_line="Instant",
    )
    assert not card.unsupported
    slot = n.TargetSlot(0)
    assert card.abilities[0].effects == (  # type: ignore[union-attr]
        n.UnlessPlayerOrControllerPays((n.DealDamage(4, slot),), slot, "{2}"),
    )


_ZAP = """
game: mtg
players: [Alice, Bob]
cards:
  Zap:
    type: Instant
    text: >-
      Zap deals 4 damage to any target unless that permanent's controller or that
      player pays {2}.
  Big Wurm: {type: Creature — Wurm, cost: "{4}{G}{G}", power: 6, toughness: 6}
setup:
  Alice:
    hand: [Zap]
  Bob:
    battlefield: [Big Wurm]
steps:
  - cast: Zap
    by: Alice
    targets: [TARGET]
  - {resolve: 1, choose: {pay: PAY}}
  - expect:
      EXPECT
      events:
        - {kind: KIND, rule: mtg:118.12a}
"""


@pytest.mark.rules("mtg:118.12a", "mtg:120.3a")
@pytest.mark.parametrize(
    ("target", "pay", "expect", "kind"),
    [
        ("Bob", "false", "life: {Bob: 16}", "not_paid"),
        ("Bob", "true", "life: {Bob: 20}", "paid"),
        ("Big Wurm", "false", "damage: {Big Wurm: 4}", "not_paid"),
        ("Big Wurm", "true", "damage: {Big Wurm: 0}", "paid"),
    ],
)
def test_the_target_player_or_the_permanents_controller_may_pay(
    tmp_path: Path, target: str, pay: str, expect: str, kind: str
) -> None:
    text = (
        _ZAP.replace("TARGET", target)
        .replace("PAY", pay)
        .replace("EXPECT", expect)
        .replace("KIND", kind)
    )
    ok, why = _run(tmp_path, text)
    assert ok, why
