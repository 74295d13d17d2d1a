"""Magic sentences of helper R5, read as printed (Oracle text) and played: cards revealed
from a hand and counted "this way" by the next sentence (mtg:701.16a, mtg:608.2c)."""

from __future__ import annotations

import pytest

from tcgrules.cardtext import nodes as n
from tcgrules.cardtext import parse_card
from tcgrules.kernel import descriptors as d
from tcgrules.scenario.loader import parse_scenario
from tcgrules.scenario.runner import run_scenario

REVEALED = n.MovedThisWay(d.IsCard(), "", "revealed", None, 1, "revealed")


def _red_in_hand(color: str) -> n.RevealChosen:
    descriptor = d.AllOf((d.IsCard(), d.Color(color), d.InZone("hand", "you")))
    return n.RevealChosen(n.Chosen(descriptor, 0, None, "a card to reveal"))


@pytest.mark.rules("mtg:701.16a", "mtg:608.2c")
@pytest.mark.parametrize(
    ("text", "name", "type_line", "color", "second"),
    [
        (
            "Reveal any number of red cards in your hand. Scent of Cinder deals X damage to "
            "any target, where X is the number of cards revealed this way.",
            "Scent of Cinder",
            "Sorcery",
            "red",
            n.DealDamage(REVEALED, n.TargetSlot(0), source=n.Self()),
        ),
        (
            "{2}{U}, {T}: Reveal any number of blue cards in your hand. Counter target spell "
            "unless its controller pays {1} for each card revealed this way.",
            "Brine Seer",
            "Creature — Human Wizard",
            "blue",
            n.CounterUnlessPaysEach(n.TargetSlot(0), "{1}", REVEALED),
        ),
    ],
)
def test_revealed_this_way_is_read(
    text: str, name: str, type_line: str, color: str, second: object
) -> None:
    card = parse_card("mtg", text, name=name, type_line=type_line)
    assert not card.unsupported
    (ability,) = card.abilities
    assert ability.effects == (_red_in_hand(color), second)  # type: ignore[union-attr]


@pytest.mark.rules("mtg:608.2c")
def test_a_discard_counted_this_way_stays_a_move() -> None:
    # Rites of Refusal: the cards discarded went from a hand to a graveyard
    card = parse_card(
        "mtg",
        "Discard any number of cards. Counter target spell unless its controller pays {3} "
        "for each card discarded this way.",
        name="Rites of Refusal",
        type_line="Instant",
    )
    (ability,) = card.abilities
    effect = ability.effects[-1]  # type: ignore[union-attr]
    assert isinstance(effect, n.CounterUnlessPaysEach)
    assert isinstance(effect.times, n.MovedThisWay)
    assert (effect.times.to, effect.times.origin, effect.times.event) == (
        "graveyard",
        "hand",
        "moved",
    )


@pytest.mark.rules("mtg:701.16a")
def test_a_reveal_from_elsewhere_than_your_hand_is_not_read() -> None:
    card = parse_card(
        "mtg",
        "Reveal any number of red cards in your graveyard. Target creature gets +X/+X until "
        "end of turn, where X is the number of cards revealed this way.",
        name="Test",
        type_line="Sorcery",
    )
    assert card.unsupported


IVY = """game: mtg
players: [Alice, Bob]
cards:
  Test Ivy:
    type: Instant
    cost: "{G}"
    text: >-
      Reveal any number of green cards in your hand. Target creature gets +X/+X until end
      of turn, where X is the number of cards revealed this way.
  Green One: {type: Instant, cost: "{G}", text: ""}
  Green Two: {type: Sorcery, cost: "{1}{G}", text: ""}
  Red One: {type: Instant, cost: "{R}", text: ""}
setup:
  Alice: {hand: [Test Ivy, Green One, Green Two, Red One], battlefield: [Grizzly Bears]}
steps:
  - cast: Test Ivy
    by: Alice
    targets: [Grizzly Bears]
"""


@pytest.mark.rules("mtg:701.16a", "mtg:701.16b", "mtg:608.2c")
def test_the_cards_revealed_are_counted_and_stay_in_hand() -> None:
    steps = """  - resolve: 1
    choose: {chosen: [Green One, Green Two]}
  - expect:
      properties: {Grizzly Bears: {power: 4, toughness: 4}}
      zone: {Green One: hand, Green Two: hand}
"""
    result = run_scenario(parse_scenario(IVY + steps))
    assert result.ok, result.problems


@pytest.mark.rules("mtg:701.16a")
def test_a_card_the_words_do_not_allow_is_refused() -> None:
    steps = """  - resolve: 1
    choose: {chosen: [Green One, Red One]}
    rejected: true
  - expect:
      properties: {Grizzly Bears: {power: 2, toughness: 2}}
      zone: {Test Ivy: stack}
"""
    result = run_scenario(parse_scenario(IVY + steps))
    assert result.ok, result.problems
