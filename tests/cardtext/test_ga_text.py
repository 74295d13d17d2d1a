"""Grand Archive card text -> target requirements and effects (ga:objects-and-targeting).

Tables in the sqlglot style: card text as printed in the Grand Archive index (2026-02),
then what the grammar must read from it.
"""

from __future__ import annotations

import os
import time
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from tests.helpers import card, new_game

from tcgrules.cardtext import nodes as n
from tcgrules.cardtext import parse_card
from tcgrules.cardtext.coverage import corpus_report
from tcgrules.errors import CardTextError
from tcgrules.games.grand_archive.text import parse_ga
from tcgrules.kernel import descriptors as d
from tcgrules.kernel.describe import Context, compile_descriptor, described_objects
from tcgrules.kernel.objects import StackInfo
from tcgrules.kernel.ruleset import find_ruleset

_DEFAULT = Path(__file__).resolve().parents[3] / "shared/cards/ga-cards-2026-02.json.gz"
POOL = Path(os.environ.get("TCGRULES_GA_CARDS", str(_DEFAULT)))
needs_pool = pytest.mark.skipif(
    not POOL.exists(),
    reason=f"no Grand Archive card pool at {POOL}; set TCGRULES_GA_CARDS to the Grand "
    "Archive index JSON (plain or gzipped) you downloaded",
)

UNIT = d.AnyOf((d.HasType("ally"), d.HasType("champion")))
ALLY = d.HasType("ally")
CHAMPION = d.HasType("champion")
YOU = d.Controller("you")
NOT_YOU = d.Controller("not_you")
OBJECT = d.IsPermanent()
STACK = d.InZone("stack")


def _all(*parts: d.Descriptor) -> d.AllOf:
    return d.AllOf(parts)


# (name, type line, text, [(phrase, min, max, kinds, zone, descriptor, distinct_from)])
REQUIREMENTS: list[tuple[str, str, str, list[tuple[Any, ...]]]] = [
    (
        "Searing Truth",
        "ACTION - TAMER SPELL",
        "Deal 2 damage to target unit.",
        [("target unit", 1, 1, {"unit"}, "field", UNIT, ())],
    ),
    (
        "Excalibur, Cleansing Light",
        "ACTION - WARRIOR SPELL",
        "Destroy target non-champion object.",
        [
            (
                "target non-champion object",
                1,
                1,
                {"object"},
                "field",
                _all(d.Not(CHAMPION), OBJECT),
                (),
            )
        ],
    ),
    (
        "Scatter Essence",
        "ACTION - CLERIC SPELL",
        "Destroy target phantasia.\n\nFloating Memory",
        [("target phantasia", 1, 1, {"phantasia"}, "field", d.HasType("phantasia"), ())],
    ),
    (
        "Deploy Gunshield",
        "ACTION - RANGER",
        "Target Gun weapon you control gains spellshroud until end of turn. (Objects with "
        "spellshroud can't be targeted by Spells.)",
        [
            (
                "Target Gun weapon you control",
                1,
                1,
                {"weapon"},
                "field",
                _all(d.HasSubtype("gun"), d.HasType("weapon"), YOU),
                (),
            )
        ],
    ),
    (
        "Embercrypt Burn",
        "ACTION - MAGE SPELL",
        "Banish target card from a graveyard. Then deal 2 damage to each champion.",
        [
            (
                "target card from a graveyard",
                1,
                1,
                {"card"},
                "graveyard",
                _all(d.IsCard(), d.InZone("graveyard")),
                (),
            )
        ],
    ),
    (
        "Battlefield Spotter",
        "ALLY - RANGER HUMAN",
        "[Class Bonus] On Enter: Another target ally you control becomes distant.",
        [
            (
                "Another target ally you control",
                1,
                1,
                {"ally"},
                "field",
                _all(ALLY, YOU, d.Other()),
                (),
            )
        ],
    ),
    (
        "Innervate Fury",
        "ACTION - MAGE SPELL",
        "Deal 7 damage split among any amount of target allies.",
        [("any amount of target allies", 0, None, {"ally"}, "field", ALLY, ())],
    ),
    (
        "Lost Promises",
        "ACTION - CLERIC SPELL",
        "[Alice Bonus] Deal 3 damage to target attacking unit, then end the combat phase.",
        [
            (
                "target attacking unit",
                1,
                1,
                {"unit"},
                "field",
                _all(d.Status("attacking"), UNIT),
                (),
            )
        ],
    ),
    (
        "Destroy Item",
        "ACTION - WARRIOR",
        "Destroy target item or weapon with memory cost 0 or reserve cost 4 or less.",
        [
            (
                "target item or weapon with memory cost 0 or reserve cost 4 or less",
                1,
                1,
                {"item", "weapon"},
                "field",
                _all(
                    d.AnyOf((d.HasType("item"), d.HasType("weapon"))),
                    d.AnyOf(
                        (
                            _all(d.HasValue("cost_kind", "memory"), d.Compare("cost", "==", 0)),
                            _all(d.HasValue("cost_kind", "reserve"), d.Compare("cost", "<=", 4)),
                        )
                    ),
                ),
                (),
            )
        ],
    ),
    (
        "Sharpening Stone",
        "REGALIA ITEM",
        "Banish Sharpening Stone: Up to one target Dagger or Sword weapon you control gets "
        "+1 POWER until end of turn.",
        [
            (
                "Up to one target Dagger or Sword weapon you control",
                0,
                1,
                {"weapon"},
                "field",
                _all(
                    d.AnyOf(
                        (
                            _all(d.HasSubtype("dagger"), d.HasType("weapon")),
                            _all(d.HasSubtype("sword"), d.HasType("weapon")),
                        )
                    ),
                    YOU,
                ),
                (),
            )
        ],
    ),
    (
        "Return to Dust",
        "ACTION - MAGE SPELL",
        "Return target wind element card from your graveyard to your memory.",
        [
            (
                "target wind element card from your graveyard",
                1,
                1,
                {"card"},
                "graveyard",
                _all(d.HasValue("element", "wind"), d.IsCard(), d.InZone("graveyard", "you")),
                (),
            )
        ],
    ),
    (
        "Disenchant",
        "ACTION - CLERIC",
        "Negate target advanced element card activation unless its controller pays (6).",
        [
            (
                "target advanced element card activation",
                1,
                1,
                {"activation"},
                "stack",
                _all(
                    d.Not(
                        d.AnyOf(
                            tuple(
                                d.HasValue("element", e) for e in ("fire", "water", "wind", "norm")
                            )
                        )
                    ),
                    d.IsCard(),
                    d.Fact("is_activation"),
                    STACK,
                ),
                (),
            )
        ],
    ),
    (
        "Fatestone Ward",
        "ACTION - MYSTIC",
        "Negate target activation or trigger that targets a Fatestone or Fatebound object "
        "you control.",
        [
            (
                "target activation or trigger that targets a Fatestone or Fatebound object "
                "you control",
                1,
                1,
                {"activation", "trigger"},
                "stack",
                _all(
                    d.AnyOf((_all(d.Fact("is_activation"), STACK), d.IsAbility("triggered"))),
                    d.Targets(
                        _all(
                            d.AnyOf(
                                (
                                    _all(d.HasSubtype("fatestone"), OBJECT),
                                    _all(d.HasSubtype("fatebound"), OBJECT),
                                )
                            ),
                            YOU,
                        )
                    ),
                ),
                (),
            )
        ],
    ),
    (
        "Spark Alight",
        "ACTION - MAGE SPELL",
        "Target player puts the top two cards of their deck into their graveyard.",
        [("Target player", 1, 1, {"player"}, None, d.IsPlayer(), ())],
    ),
    (
        "Tristan, Shadowreaver",
        "CHAMPION - ASSASSIN HUMAN",
        "On Enter: Banish the top four cards of target opponent's deck face down.",
        [
            (
                "target opponent",
                1,
                1,
                {"player"},
                None,
                _all(d.IsPlayer(), d.PlayerIs("opponent")),
                (),
            )
        ],
    ),
    (
        "Prevent Twice",
        "ACTION - GUARDIAN",
        "Prevent the next 4 damage that would be dealt to your champion and up to one other "
        "target unit until end of turn.",
        [("up to one other target unit", 0, 1, {"unit"}, "field", _all(UNIT, d.Other()), ())],
    ),
    (
        "Wither Away",
        "ACTION - CLERIC",
        "Remove two wither counters from each of up to two target objects.",
        [("each of up to two target objects", 0, 2, {"object"}, "field", OBJECT, ())],
    ),
    (
        "Awaken Ombre",
        "ACTION - CLERIC",
        "[Ciel Bonus] Put up to X target ally omens you have onto the field rested.",
        [
            (
                "up to X target ally omens you have",
                0,
                None,
                {"card"},
                "banishment",
                _all(
                    ALLY,
                    d.IsCard(),
                    d.InZone("banishment"),
                    d.Condition("has_counter:omen"),
                    d.Owner("you"),
                ),
                (),
            )
        ],
    ),
    (
        "Rested Strike",
        "ALLY - WARRIOR HUMAN",
        "On Enter: Deal 3 damage to target rested ally you don't control.",
        [
            (
                "target rested ally you don't control",
                1,
                1,
                {"ally"},
                "field",
                _all(d.Status("tapped"), ALLY, NOT_YOU),
                (),
            )
        ],
    ),
]


def _ids(rows: list[tuple[Any, ...]]) -> list[str]:
    return [str(row[0]) for row in rows]


@pytest.mark.rules(
    "ga:objects-and-targeting/target-1",
    "ga:objects-and-targeting/target-2",
    "ga:objects-and-targeting/target-2.1",
    "ga:objects-and-targeting/target-2.2",
    "ga:objects-and-targeting/objects-1",
    "ga:objects-and-targeting/objects-2",
    "ga:objects-and-targeting/objects-4",
    "ga:objects-and-targeting/non-objects-1.1.1",
)
@pytest.mark.parametrize(
    ("name", "type_line", "text", "expected"), REQUIREMENTS, ids=_ids(REQUIREMENTS)
)
def test_target_requirements(
    name: str, type_line: str, text: str, expected: list[tuple[Any, ...]]
) -> None:
    parsed = parse_ga(text, name, type_line)
    reqs = parsed.target_requirements()
    assert [r.text for r in reqs] == [e[0] for e in expected]
    for req, (phrase, lo, hi, kinds, zone, descriptor, distinct) in zip(
        reqs, expected, strict=True
    ):
        assert (req.min, req.max) == (lo, hi), phrase
        assert req.kinds == frozenset(kinds), phrase
        assert req.zone == zone, phrase
        assert req.descriptor == descriptor, phrase
        assert req.distinct_from == distinct, phrase
        assert req.span is not None and text[req.span[0] : req.span[1]] == phrase
    assert not [u for u in parsed.unsupported if u.reason.startswith("target")]


@pytest.mark.rules("ga:objects-and-targeting/target-4", "ga:objects-and-targeting/objects-2")
def test_choose_is_not_a_target() -> None:
    """ "Choose a unit" picks at resolution: the ability has no requirement, so spellshroud
    and the like never apply to it; the damage goes to the chosen unit."""
    parsed = parse_ga("Choose a unit and deal 2 damage to it.", "Shock", "ACTION - MAGE SPELL")
    (ability,) = parsed.abilities
    assert isinstance(ability, n.SpellAbility)
    assert ability.requirements == ()
    assert ability.effects == (n.DealDamage(2, n.Chosen(UNIT, 1, 1, "a unit")),)
    assert parsed.target_requirements() == ()


@pytest.mark.rules("ga:objects-and-targeting/objects-5", "ga:objects-and-targeting/target-1.1")
def test_effects_refer_to_their_targets_and_to_the_card_itself() -> None:
    text = (
        "Deal 2 damage to target ally.\n\n"
        "Put a buff counter on another target ally you control.\n\n"
        "Target unit gets +2 POWER until end of turn.\n\n"
        "Negate target card activation unless its controller pays (2).\n\n"
        "Rest up to two target allies.\n\n"
        "Recover 3.\n\n"
        "Blazing Test gets +1 POWER."
    )
    parsed = parse_ga(text, "Blazing Test", "ALLY - WARRIOR")
    effects = [a.effects for a in parsed.abilities if isinstance(a, n.StaticAbility)]
    assert effects == [
        (n.DealDamage(2, n.TargetSlot(0)),),
        (n.PutCounters(n.TargetSlot(0), "buff", 1),),
        (n.ModifyStat(n.TargetSlot(0), "power", 2, "end_of_turn"),),
        (n.Counter(n.TargetSlot(0), "(2)"),),
        (n.Tap(n.TargetSlot(0)),),
        (n.Recover(n.You(), 3),),
        (n.ModifyStat(n.Self(), "power", 1, "permanent"),),
    ]
    # "another target ally you control" with no earlier ally: not the card itself
    second = parsed.abilities[1]
    assert isinstance(second, n.StaticAbility)
    assert second.requirements[0].descriptor == _all(ALLY, YOU, d.Other())
    assert parsed.unsupported == ()


@pytest.mark.rules(
    "ga:abilities-restriction-abilities/general-rules-1",
    "ga:abilities/general-rules-17",
    "ga:keywords-and-abilities/on-enter-1",
)
def test_restrictions_triggers_and_costs() -> None:
    text = (
        "[Class Bonus] [Level 2+] On Enter: As a Spell, deal 3 damage to target unit.\n\n"
        "[Alice Bonus] (2), REST: Destroy target phantasia.\n\n"
        "Target ally gets +2 POWER until end of turn. Class Bonus: Draw a card."
    )
    parsed = parse_ga(text, "Test Ally", "ALLY - MAGE HUMAN")
    trig, act, static, bonus = parsed.abilities
    assert isinstance(trig, n.TriggeredAbility)
    assert trig.trigger == n.Trigger("when", "enters", n.Self(), "On Enter")
    assert [(q.kind, q.value) for q in trig.qualifiers] == [
        ("class_bonus", None),
        ("level", "2"),
        ("as_spell", None),
    ]
    assert trig.effects == (n.DealDamage(3, n.TargetSlot(0)),)
    assert isinstance(act, n.ActivatedAbility)
    assert act.cost.parts == ("(2)", "REST")
    assert [(q.kind, q.value) for q in act.qualifiers] == [("champion_bonus", "Alice")]
    assert act.effects == (n.Destroy(n.TargetSlot(0)),)
    # an inline "Class Bonus:" starts its own restricted part of the line
    assert isinstance(static, n.StaticAbility) and static.qualifiers == ()
    assert isinstance(bonus, n.StaticAbility)
    assert [q.kind for q in bonus.qualifiers] == ["class_bonus"]
    assert bonus.effects == (n.Draw(n.You(), 1),)


@pytest.mark.rules("ga:keywords-and-abilities/link-1.2", "ga:keywords-and-abilities/link-3")
def test_link_keywords_target_what_they_link_to() -> None:
    text = (
        "Warrior Weapon Link (This object enters the field linked to target Warrior "
        "weapon. If the link is broken, sacrifice this object.)\n\nSpellshroud\n\nRanged 2"
    )
    parsed = parse_ga(text, "Test Charm", "REGALIA ITEM - WARRIOR")
    link, shroud, ranged = parsed.abilities
    assert isinstance(link, n.KeywordAbility) and link.name == "link"
    (req,) = link.requirements
    assert req.descriptor == _all(d.HasSubtype("warrior"), d.HasType("weapon"))
    assert (req.min, req.max, req.kinds, req.zone) == (1, 1, frozenset({"weapon"}), "field")
    assert req.text == "Warrior Weapon Link"
    assert shroud == n.KeywordAbility("spellshroud", None, (), "Spellshroud", shroud.span)
    assert isinstance(ranged, n.KeywordAbility) and (ranged.name, ranged.argument) == (
        "ranged",
        "2",
    )


def test_words_not_declaring_targets() -> None:
    """ "can't be targeted", "the target of an attack", "an activation that targets",
    "new targets" name no target (reminder text is blanked, ga:parts-of-a-card-text-box/2.2)."""
    for text in (
        "Change the target of an attack to Rose.",
        "You may choose new targets for the copy.",
        "Whenever you activate an action card that targets an ally, destroy that ally.",
        "Stealth (This unit can't be targeted by attacks unless permitted by true sight.)",
    ):
        parsed = parse_ga(text, "Rose", "ALLY - WARRIOR")
        assert parsed.target_requirements() == (), text
        assert not [u for u in parsed.unsupported if u.reason.startswith("target")], text


def test_unread_text_is_kept_with_its_span() -> None:
    text = "Glimpse 2. Deal 2 damage to target unit with influence nine or more."
    parsed = parse_ga(text, "Test", "ACTION - MAGE")
    reasons = {u.reason for u in parsed.unsupported}
    assert "effect not understood" in reasons
    assert "target qualifier not understood" in reasons
    for node in parsed.unsupported:
        assert node.span is not None
        assert " ".join(text[node.span[0] : node.span[1]].split()) == node.text


def test_parse_card_and_bad_input() -> None:
    parsed = parse_card("grand-archive", "Deal 1 damage to target champion.")
    assert [r.kinds for r in parsed.target_requirements()] == [frozenset({"champion"})]
    with pytest.raises(CardTextError):
        parse_ga(3)  # type: ignore[arg-type]
    with pytest.raises(CardTextError):
        parse_ga("Draw a card.", name=5)  # type: ignore[arg-type]


@pytest.mark.rules(
    "ga:objects-and-targeting/non-objects-1.1", "ga:objects-and-targeting/non-objects-1.2"
)
def test_activation_descriptors_find_stack_objects() -> None:
    """The parsed "target card activation" / "target materialization" descriptors find the
    right objects on the Effects Stack through the ruleset's facts."""
    game = new_game("ga")
    action = card("ga", "Backstep", "ACTION - ASSASSIN", reserve=1)
    sword = card("ga", "Longsword", "REGALIA WEAPON - WARRIOR SWORD", memory=0)
    activated = game.create(action, "Alice", "effects_stack", controller="Alice", stack=StackInfo())
    materialized = game.create(
        sword,
        "Alice",
        "effects_stack",
        controller="Alice",
        stack=StackInfo(ability_kind="materialize"),
    )
    game.create(action, "Bob", "hand")
    ctx = Context(game, "Alice")
    for phrase, wanted in (
        ("Negate target card activation.", activated),
        ("Negate target materialization.", materialized),
    ):
        (req,) = parse_ga(phrase, "X", "ACTION").target_requirements()
        found = list(described_objects(ctx, compile_descriptor(req.descriptor, "ga")))
        assert found == [wanted], phrase


@needs_pool
def test_corpus_target_coverage() -> None:
    """At least 97% of the pool's cards that say "target" (any case) have every target
    phrase read."""
    cards = find_ruleset("ga")().card_file(POOL)
    started = time.perf_counter()
    report = corpus_report(cards, any_case=True)
    elapsed = time.perf_counter() - started
    assert report.cards == len(cards) > 1800
    assert report.target_cards > 600
    assert report.percent() >= 97.0, report.failure_list(20)
    assert elapsed < 60


@needs_pool
def test_cli_corpus_report() -> None:
    from tcgrules.cli import main

    result = CliRunner().invoke(
        main, ["parse", "--game", "ga", "--corpus", str(POOL), "--any-case", "--top", "3"]
    )
    assert result.exit_code == 0, result.output
    assert "every target understood" in result.output
    assert "first 40 failures" in result.output
