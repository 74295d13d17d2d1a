"""Helper Z2: proliferate (mtg:701.27a), "gains your choice of ..." (mtg:608.2d,
mtg:613.1f), "enchanted creature fights ..." (mtg:701.12a) and "you may have [someone]
[do something]" (mtg:608.2d), read from real card text and executed."""

from __future__ import annotations

from pathlib import Path

import pytest

from tcgrules.cardtext import nodes as n
from tcgrules.cardtext import parse_card
from tcgrules.kernel import descriptors as d
from tcgrules.scenario.loader import load_scenario
from tcgrules.scenario.runner import run_scenario


def effects_of(text: str, name: str = "Dummy", type_line: str = "Instant") -> tuple[object, ...]:
    card = parse_card("mtg", text, name=name, type_line=type_line)
    assert not card.unsupported, card.unsupported
    return card.abilities[0].effects  # type: ignore[union-attr]


# ------------------------------------------------------------------ reading


@pytest.mark.rules("mtg:701.27a")
def test_then_proliferate_is_a_second_effect() -> None:
    found = effects_of(
        "Put a +1/+1 counter on target creature, then proliferate. (Choose any number of "
        "permanents and/or players, then give each another counter of each kind already "
        "there.)",
        "Courage in Crisis",
        "Sorcery",
    )
    assert found == (n.PutCounters(n.TargetSlot(0), "+1/+1", 1), n.Proliferate())


@pytest.mark.rules("mtg:608.2d", "mtg:613.1f")
@pytest.mark.parametrize(
    ("text", "keywords"),
    [
        (
            "Target creature you control gains your choice of flying, vigilance, or "
            "lifelink until end of turn.",
            ("flying", "vigilance", "lifelink"),
        ),
        (
            "Target creature gains your choice of first strike or vigilance until end of turn.",
            ("first strike", "vigilance"),
        ),
    ],
)
def test_your_choice_of_keywords(text: str, keywords: tuple[str, ...]) -> None:
    assert effects_of(text) == (n.GainAbilityChoice(n.TargetSlot(0), keywords),)


def test_a_choice_of_something_else_is_not_read() -> None:
    card = parse_card(
        "mtg",
        "Target creature gains your choice of protection from red or protection from "
        "white until end of turn.",
        name="Dummy",
        type_line="Instant",
    )
    assert card.unsupported


@pytest.mark.rules("mtg:701.12a")
def test_enchanted_creature_fights() -> None:
    found = effects_of(
        "When this Aura enters, enchanted creature fights up to one target creature you "
        "don't control.",
        "Warbriar Blessing",
        "Enchantment — Aura",
    )
    assert found == (n.AttachedFights(n.TargetSlot(0)),)
    may = effects_of(
        "When this Aura enters, you may have enchanted creature fight target creature an "
        "opponent controls.",
        "Cartouche of Strength",
        "Enchantment — Aura Cartouche",
    )
    assert may == (n.May((n.AttachedFights(n.TargetSlot(0)),)),)


def test_an_enchanted_noncreature_fighting_is_not_read() -> None:
    card = parse_card(
        "mtg",
        "When this Aura enters, enchanted land fights target creature.",
        name="Dummy",
        type_line="Enchantment — Aura",
    )
    assert card.unsupported


@pytest.mark.rules("mtg:608.2d")
@pytest.mark.parametrize(
    ("text", "inner"),
    [
        (
            "Whenever an artifact is put into a graveyard from the battlefield, you may have "
            "target opponent lose 1 life.",
            (n.LoseLife(n.TargetSlot(0), 1),),
        ),
        (
            "Whenever this creature attacks, you may have target creature lose flying until "
            "end of turn.",
            (n.LoseAbility(n.TargetSlot(0), "flying"),),
        ),
        (
            "Whenever you cast an artifact spell, you may have target creature get +2/+0 and "
            "gain deathtouch until end of turn.",
            (n.ModifyPT(n.TargetSlot(0), 2, 0), n.GainAbility(n.TargetSlot(0), "deathtouch")),
        ),
    ],
)
def test_you_may_have_someone_do_it(text: str, inner: tuple[object, ...]) -> None:
    assert effects_of(text, type_line="Creature") == (n.May(inner),)  # type: ignore[arg-type]


def test_you_may_have_it_deal_damage_equal_to_a_count() -> None:
    (may,) = effects_of(
        "When this creature enters, you may have it deal damage to target creature equal "
        "to the number of artifacts you control.",
        "Reclusive Artificer",
        "Creature",
    )
    assert isinstance(may, n.May)
    (deal,) = may.effects
    assert isinstance(deal, n.DealDamage) and deal.to == n.TargetSlot(0)
    assert deal.amount == n.CountOf(d.AllOf((d.HasType("artifact"), d.Controller("you"))))


# ------------------------------------------------------------------ executing


def _run(tmp_path: Path, text: str) -> tuple[bool, str]:
    path = tmp_path / "case.yaml"
    path.write_text(text)
    result = run_scenario(load_scenario(path))
    return result.ok, " ".join(m for _, m in result.failures) + (result.error or "") + (
        result.unsupported or ""
    ) + (result.unsupported or "") + (result.unsupported or "")


_PROLIFERATE = """
game: mtg
title: proliferate
players: [Alice, Bob]
cards:
  Spreader:
    type: Sorcery
    text: "Tap target creature, then proliferate."
setup:
  Alice:
    hand: [Spreader]
    battlefield: [Grizzly Bears, Runeclaw Bear]
steps:
  - do: {counters: {Grizzly Bears: {+1/+1: 1, charge: 2}}}
  - cast: Spreader
    by: Alice
    targets: [Runeclaw Bear]
  - resolve: 1
    choose: CHOICE
  - expect:
      counters: {Grizzly Bears: COUNTERS, Runeclaw Bear: {}}
      facts: {Runeclaw Bear: {tapped: TAPPED}}
"""


@pytest.mark.rules("mtg:701.27a")
@pytest.mark.parametrize(
    ("choice", "counters", "tapped", "ok"),
    [
        # each kind the permanent has gets one more
        ("{chosen: [Grizzly Bears]}", "{+1/+1: 2, charge: 3}", "true", True),
        # picking nothing is allowed
        ("{chosen: []}", "{+1/+1: 1, charge: 2}", "true", True),
        # a permanent without counters can't be picked; nothing happens (not even the tap)
        ("{chosen: [Grizzly Bears, Runeclaw Bear]}", "{+1/+1: 1, charge: 2}", "false", False),
        # no choice given at all: refused
        ("{}", "{+1/+1: 1, charge: 2}", "false", False),
    ],
)
def test_proliferate_gives_one_more_of_each_kind(
    tmp_path: Path, choice: str, counters: str, tapped: str, ok: bool
) -> None:
    text = (
        _PROLIFERATE.replace("CHOICE", choice)
        .replace("COUNTERS", counters)
        .replace("TAPPED", tapped)
    )
    if not ok:
        text = text.replace("    choose:", "    rejected: mtg:701.27a\n    choose:")
    passed, why = _run(tmp_path, text)
    assert passed, why


_CHOICE = """
game: mtg
title: keyword choice
players: [Alice, Bob]
cards:
  Chooser:
    type: Instant
    text: "Target creature gains your choice of flying or trample until end of turn."
setup:
  Alice:
    hand: [Chooser]
    battlefield: [Grizzly Bears]
steps:
  - cast: Chooser
    by: Alice
    targets: [Grizzly Bears]
  - resolve: 1
    choose: {option: OPTION}
  - expect:
      properties: {Grizzly Bears: {keywords: [OPTION]}}
"""


@pytest.mark.rules("mtg:608.2d", "mtg:613.1f")
@pytest.mark.parametrize("option", ["flying", "trample"])
def test_the_chosen_keyword_is_gained(tmp_path: Path, option: str) -> None:
    passed, why = _run(tmp_path, _CHOICE.replace("OPTION", option))
    assert passed, why


def test_a_keyword_not_offered_is_refused(tmp_path: Path) -> None:
    passed, why = _run(tmp_path, _CHOICE.replace("OPTION", "haste"))
    assert not passed and "choose one of flying, trample" in why


# ------------------------------------------------------------------ second step


@pytest.mark.rules("mtg:608.2d", "mtg:702.16a")
@pytest.mark.parametrize(
    ("text", "offers"),
    [
        (
            "Another target creature you control gains protection from colorless or from "
            "the color of your choice until end of turn.",
            ("colorless", "color"),
        ),
        (
            "Another target creature you control gains protection from the card type of "
            "your choice until end of turn.",
            ("card type",),
        ),
    ],
)
def test_protection_of_your_choice(text: str, offers: tuple[str, ...]) -> None:
    assert effects_of(text) == (n.GainProtectionOfChoice(n.TargetSlot(0), offers),)


@pytest.mark.rules("mtg:608.2d", "mtg:122.1b", "mtg:122.1")
def test_counter_choices_and_another_of_each_kind() -> None:
    assert effects_of(
        "Put your choice of a menace, trample, reach, or haste counter on target Dinosaur."
    ) == (n.PutCounterChoice(n.TargetSlot(0), ("menace", "trample", "reach", "haste")),)
    assert effects_of(
        "For each kind of counter on target permanent or player, give that permanent or "
        "player another counter of that kind."
    ) == (n.AnotherOfEachKind(n.TargetSlot(0)),)


def test_you_may_have_target_player_draw() -> None:
    assert effects_of("You may have target player draw a card.") == (
        n.May((n.Draw(n.TargetSlot(0), 1),)),
    )


_TYPE = """
game: mtg
title: card type choice
players: [Alice, Bob]
cards:
  Warder:
    type: Instant
    text: "Target creature gains protection from the card type of your choice until end of turn."
setup:
  Alice:
    hand: [Warder]
    battlefield: [Grizzly Bears]
steps:
  - cast: Warder
    by: Alice
    targets: [Grizzly Bears]
  - resolve: 1
    choose: CHOICE
  - expect:
      properties: {Grizzly Bears: {keywords: [protection from artifact]}}
"""


@pytest.mark.rules("mtg:608.2d", "mtg:702.16a")
def test_a_card_type_is_chosen_with_option(tmp_path: Path) -> None:
    passed, why = _run(tmp_path, _TYPE.replace("CHOICE", "{option: artifact}"))
    assert passed, why
    # a color is not a card type: refused
    passed, why = _run(tmp_path, _TYPE.replace("CHOICE", "{option: red}"))
    assert not passed and "choose a card type" in why


@pytest.mark.rules("mtg:615.1", "mtg:611.2a")
def test_prevention_until_your_next_turn() -> None:
    assert effects_of(
        "Until your next turn, prevent all damage that would be dealt to and dealt by "
        "target permanent an opponent controls."
    ) == (
        n.PreventDamage(
            n.TargetSlot(0), None, dealt_to=True, dealt_by=True, duration="your_next_turn"
        ),
    )
    assert effects_of("Until your next turn, prevent all damage target permanent would deal.") == (
        n.PreventDamage(
            n.TargetSlot(0), None, dealt_to=False, dealt_by=True, duration="your_next_turn"
        ),
    )


@pytest.mark.rules("mtg:608.2d", "mtg:122.1")
def test_counters_or_and_and() -> None:
    assert effects_of("Put a +0/+1 counter or a +1/+0 counter on target creature.") == (
        n.PutCounterChoice(n.TargetSlot(0), ("+0/+1", "+1/+0")),
    )
    assert effects_of(
        "Put two +1/+1 counters on target creature and two +1/+1 counters on another "
        "target creature."
    ) == (
        n.PutCounters(n.TargetSlot(0), "+1/+1", 2),
        n.PutCounters(n.TargetSlot(1), "+1/+1", 2),
    )
    # a choice between different numbers of counters is not read
    card = parse_card(
        "mtg",
        "Put a +1/+1 counter or two charge counters on target artifact.",
        name="Dummy",
        type_line="Instant",
    )
    assert card.unsupported
