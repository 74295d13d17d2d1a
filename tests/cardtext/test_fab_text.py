"""Flesh and Blood functional text -> target requirements and effects (fab:1.8.5).

Tables in the sqlglot style: card text as printed in the card pool 3.8.6 (markdown bold
and symbols included), then what the grammar must read from it.
"""

from __future__ import annotations

import os
import time
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from tcgrules.cardtext import nodes as n
from tcgrules.cardtext import parse_card
from tcgrules.errors import CardTextError, NotSupportedError
from tcgrules.games.flesh_and_blood.text import ANY_TARGET, parse_fab
from tcgrules.kernel import descriptors as d
from tcgrules.kernel.ruleset import find_ruleset

_DEFAULT = Path(__file__).resolve().parents[3] / "shared/cards/fab-cards-3.8.6.json.gz"
POOL = Path(os.environ.get("TCGRULES_FAB_CARDS", str(_DEFAULT)))
needs_pool = pytest.mark.skipif(
    not POOL.exists(),
    reason=f"no Flesh and Blood card pool at {POOL}; set TCGRULES_FAB_CARDS to the "
    "@flesh-and-blood/cards JSON (card.json, plain or gzipped) you downloaded",
)

HERO = d.HasType("hero")
ALLY = d.HasSubtype("ally")
ATTACKING = d.Status("attacking")
#: the attack identity (fab:1.2.2d): the object that is the attack
AN_ATTACK = d.Status("attack")
OPPONENT = d.Controller("opponent")


def _all(*parts: d.Descriptor) -> d.AllOf:
    return d.AllOf(parts)


# (name, type line, text, [(phrase, min, max, kinds, zone, descriptor, distinct_from)])
REQUIREMENTS: list[tuple[str, str, str, list[tuple[Any, ...]]]] = [
    (
        "Aether Dart",
        "Wizard Action",
        "Deal 3 arcane damage to any target.",
        [("any target", 1, 1, {"hero", "ally"}, "arena", ANY_TARGET, ())],
    ),
    (
        "Scalding Rain",
        "Wizard Action",
        "Deal 4 arcane damage to target hero.",
        [("target hero", 1, 1, {"hero"}, "arena", HERO, ())],
    ),
    (
        "Aether Flare",
        "Wizard Action",
        "Deal 3 arcane damage to target opposing hero.",
        [("target opposing hero", 1, 1, {"hero"}, "arena", _all(OPPONENT, HERO), ())],
    ),
    (
        "Scepter of Pain",
        "Runeblade Weapon - Scepter (1H)",
        "**Once per Turn Action** - {r}{r}: Deal 1 arcane damage to any opposing target.",
        [("any opposing target", 1, 1, {"hero", "ally"}, "arena", _all(ANY_TARGET, OPPONENT), ())],
    ),
    (
        "Singe",
        "Wizard Action",
        "Deal 1 arcane damage to target hero and up to 3 target allies they control.",
        [
            ("target hero", 1, 1, {"hero"}, "arena", HERO, ()),
            (
                "up to 3 target allies they control",
                0,
                3,
                {"ally"},
                "arena",
                _all(ALLY, d.ControlledBy("that_player")),
                (),
            ),
        ],
    ),
    (
        "Azvolai",
        "Draconic Illusionist - Dragon Ally",
        "Whenever Azvolai attacks, you may have him deal 1 arcane damage to up to any 2 targets.",
        [("up to any 2 targets", 0, 2, {"hero", "ally"}, "arena", ANY_TARGET, ())],
    ),
    (
        "Courageous Steelhand",
        "Light Warrior Attack Reaction",
        "If you've **charged** this turn, target attack gains +3{p}.",
        [("target attack", 1, 1, {"attack"}, "arena", AN_ATTACK, ())],
    ),
    (
        "Rout",
        "Warrior Attack Reaction",
        "Target weapon attack gains +3{p}.",
        [
            (
                "Target weapon attack",
                1,
                1,
                {"attack"},
                "arena",
                _all(d.HasType("weapon"), AN_ATTACK),
                (),
            )
        ],
    ),
    (
        "Blinding Beam",
        "Light Instant",
        "Blinding Beam cost {r} less to play if it targets a Shadow Card.\n\n"
        "Target attacking or defending attack action card gets -3{p}.",
        [
            (
                "Target attacking or defending attack action card",
                1,
                1,
                {"card"},
                "arena",
                _all(
                    d.AnyOf((ATTACKING, d.Status("defending"))),
                    d.IsCard(),
                    d.HasSubtype("attack"),
                    d.HasType("action"),
                ),
                (),
            )
        ],
    ),
    (
        "Pass Over",
        "Mystic Instant",
        "**Legendary**\n\nBanish target card from an opposing hero's graveyard.",
        [
            (
                "target card from an opposing hero's graveyard",
                1,
                1,
                {"card"},
                "graveyard",
                _all(d.IsCard(), d.InZone("graveyard", "opponent")),
                (),
            )
        ],
    ),
    (
        "Memorial Ground",
        "Generic Instant",
        "Put target attack action card with cost 2 or less from your graveyard on top of your "
        "deck.",
        [
            (
                "target attack action card with cost 2 or less from your graveyard",
                1,
                1,
                {"card"},
                "graveyard",
                _all(
                    d.IsCard(),
                    d.HasSubtype("attack"),
                    d.HasType("action"),
                    d.Compare("cost", "<=", 2),
                    d.InZone("graveyard", "you"),
                ),
                (),
            )
        ],
    ),
    (
        "Arcane Compliance",
        "Generic Instant",
        "Until end of turn, effects can't increase arcane damage that target action card on "
        "the stack would deal.",
        [
            (
                "target action card on the stack",
                1,
                1,
                {"card"},
                "stack",
                _all(d.IsCard(), d.HasType("action"), d.InZone("stack")),
                (),
            )
        ],
    ),
    (
        "Put on Ice",
        "Ice Action",
        "**Freeze** up to 2 target allies until the start of your next turn.",
        [("up to 2 target allies", 0, 2, {"ally"}, "arena", ALLY, ())],
    ),
    (
        "Tit for Tat",
        "Generic Action",
        "{t} target hero. {u} another target hero.\n\n**Go again**",
        [
            ("target hero", 1, 1, {"hero"}, "arena", HERO, ()),
            ("another target hero", 1, 1, {"hero"}, "arena", HERO, (0,)),
        ],
    ),
    (
        "Civic Peak",
        "Guardian Equipment - Head",
        "Whenever this defends, another target hero draws a card.\n\n**Temper**",
        [
            (
                "another target hero",
                1,
                1,
                {"hero"},
                "arena",
                _all(HERO, d.Controller("not_you")),
                (),
            )
        ],
    ),
    (
        "Slay",
        "Shadow Instant",
        "Destroy target angel ally.",
        [("target angel ally", 1, 1, {"ally"}, "arena", _all(d.HasSubtype("angel"), ALLY), ())],
    ),
    (
        "Clap 'Em in Irons",
        "Generic Action - Item",
        "When this enters the arena, {t} target Pirate hero or ally. It can't {u} while this "
        "is in the arena.",
        [
            (
                "target Pirate hero or ally",
                1,
                1,
                {"hero", "ally"},
                "arena",
                d.AnyOf(
                    (
                        _all(d.HasSupertype("pirate"), HERO),
                        _all(d.HasSupertype("pirate"), ALLY),
                    )
                ),
                (),
            )
        ],
    ),
    (
        "War Cry of Bellona",
        "Light Warrior Attack Reaction",
        "Target Raydn gets +2{p} this turn.",
        [("Target Raydn", 1, 1, {"object"}, "arena", d.Named("Raydn", moniker=True), ())],
    ),
    (
        "Take Up the Mantle",
        "Assassin Attack Reaction",
        "Target attack action card with **stealth** gets +2{p}.",
        [
            (
                "Target attack action card with **stealth**",
                1,
                1,
                {"card"},
                "arena",
                _all(
                    d.IsCard(),
                    d.HasSubtype("attack"),
                    d.HasType("action"),
                    d.HasKeyword("stealth"),
                ),
                (),
            )
        ],
    ),
    (
        "Crown of Dichotomy",
        "Runeblade Equipment - Head",
        "**Action** - {r}, destroy Crown of Dichotomy: Put target Runeblade attack action card "
        "and target Runeblade 'non-attack' action card from your graveyard on top of your deck "
        "in any order.",
        [
            (
                "target Runeblade attack action card",
                1,
                1,
                {"card"},
                "graveyard",
                _all(
                    d.HasSupertype("runeblade"),
                    d.IsCard(),
                    d.HasSubtype("attack"),
                    d.HasType("action"),
                    d.InZone("graveyard", "you"),
                ),
                (),
            ),
            (
                "target Runeblade 'non-attack' action card from your graveyard",
                1,
                1,
                {"card"},
                "graveyard",
                _all(
                    d.HasSupertype("runeblade"),
                    d.Not(d.HasSubtype("attack")),
                    d.IsCard(),
                    d.HasType("action"),
                    d.InZone("graveyard", "you"),
                ),
                (),
            ),
        ],
    ),
    (
        "Nothing targeted",
        "Generic Action",
        "Attacks that target you this turn get -1{p}.",
        [],
    ),
]


@pytest.mark.rules("fab:1.8.5", "fab:1.8.5a", "fab:1.8.5d", "fab:1.2.2d", "fab:1.1.2b")
@pytest.mark.parametrize(("name", "type_line", "text", "expect"), REQUIREMENTS, ids=lambda x: x)
def test_requirements(name: str, type_line: str, text: str, expect: list[tuple[Any, ...]]) -> None:
    card = parse_card("fab", text, name=name, type_line=type_line)
    reqs = card.target_requirements()
    assert len(reqs) == len(expect), reqs
    for req, want in zip(reqs, expect, strict=True):
        phrase, low, high, kinds, zone, descriptor, distinct = want
        assert req.text == phrase
        assert (req.min, req.max) == (low, high)
        assert req.kinds == frozenset(kinds)
        assert req.zone == zone
        assert req.descriptor == descriptor
        assert req.distinct_from == distinct
        assert req.span is not None and card.text[req.span[0] : req.span[1]] == req.text
    assert not [u for u in card.unsupported if u.reason.startswith("target")]


# Phrases the rules describe that the 3.8.6 pool happens not to print, in sentences of
# our own: (text, phrase, min, max, kinds, zone, descriptor, effect)
PHRASES: list[tuple[str, str, int, int | None, set[str], str, d.Descriptor, object]] = [
    (
        "Deal 2 damage to target attacking ally.",
        "target attacking ally",
        1,
        1,
        {"ally"},
        "arena",
        _all(ATTACKING, ALLY),
        n.DealDamage(2, n.TargetSlot(0)),
    ),
    (
        "Deal 1 damage to target attacking hero.",
        "target attacking hero",
        1,
        1,
        {"hero"},
        "arena",
        _all(ATTACKING, HERO),
        n.DealDamage(1, n.TargetSlot(0)),
    ),
    (
        "Banish target card in a graveyard.",
        "target card in a graveyard",
        1,
        1,
        {"card"},
        "graveyard",
        _all(d.IsCard(), d.InZone("graveyard")),
        n.Exile(n.TargetSlot(0)),
    ),
    (
        "Return target attack action card in your graveyard to your hand.",
        "target attack action card in your graveyard",
        1,
        1,
        {"card"},
        "graveyard",
        _all(d.IsCard(), d.HasSubtype("attack"), d.HasType("action"), d.InZone("graveyard", "you")),
        n.ReturnToHand(n.TargetSlot(0)),
    ),
    (
        "Destroy target aura an opponent controls.",
        "target aura an opponent controls",
        1,
        1,
        {"aura"},
        "arena",
        _all(d.HasSubtype("aura"), OPPONENT),
        n.Destroy(n.TargetSlot(0)),
    ),
    (
        "Target hero loses 2{h}.",
        "Target hero",
        1,
        1,
        {"hero"},
        "arena",
        HERO,
        n.LoseLife(n.TargetSlot(0), 2),
    ),
]


@pytest.mark.rules("fab:1.8.5a", "fab:7.2.4", "fab:8.5.12a")
@pytest.mark.parametrize("case", PHRASES, ids=lambda case: case[0])
def test_phrases_of_the_rules(
    case: tuple[str, str, int, int | None, set[str], str, d.Descriptor, object],
) -> None:
    text, phrase, low, high, kinds, zone, descriptor, effect = case
    card = parse_card("fab", text, type_line="Generic Instant")
    (req,) = card.target_requirements()
    assert (req.text, req.min, req.max, req.kinds, req.zone, req.descriptor) == (
        phrase,
        low,
        high,
        frozenset(kinds),
        zone,
        descriptor,
    )
    (ability,) = card.abilities
    assert isinstance(ability, n.SpellAbility)
    assert ability.effects == (effect,)


def _effects(text: str, name: str, type_line: str) -> tuple[object, ...]:
    card = parse_card("fab", text, name=name, type_line=type_line)
    found: list[object] = []
    for ability in card.abilities:
        if isinstance(ability, n.Unsupported | n.KeywordAbility):
            continue
        found.extend(e for e in ability.effects if not isinstance(e, n.UnsupportedEffect))
    return tuple(found)


SLOT0, SLOT1 = n.TargetSlot(0), n.TargetSlot(1)

# (name, type line, text, effects read)
EFFECTS: list[tuple[str, str, str, tuple[object, ...]]] = [
    (
        "Aether Dart",
        "Wizard Action",
        "Deal 3 arcane damage to any target.",
        (n.ArcaneDamage(3, SLOT0),),
    ),
    (
        "Foreboding Bolt",
        "Wizard Action",
        "Deal 3 damage to target hero.\n\n**Opt 1**",
        (n.DealDamage(3, SLOT0),),
    ),
    (
        "Singe",
        "Wizard Action",
        "Deal 1 arcane damage to target hero and up to 3 target allies they control.",
        (n.ArcaneDamage(1, SLOT0), n.ArcaneDamage(1, SLOT1)),
    ),
    (
        "Glyph Overlay",
        "Wizard Action",
        "Deal X+3 arcane damage to target hero.",
        (n.ArcaneDamage("X+3", SLOT0),),
    ),
    (
        "Pain in the Backside",
        "Assassin / Ninja Action - Attack",
        "When this hits a hero, target dagger you control deals 1 damage to them.",
        (n.DealDamage(1, n.It("them"), source=SLOT0),),
    ),
    ("Slay", "Shadow Instant", "Destroy target angel ally.", (n.Destroy(SLOT0),)),
    (
        "Pass Over",
        "Mystic Instant",
        "Banish target card from an opposing hero's graveyard.",
        (n.Exile(SLOT0),),
    ),
    (
        "Plume of Evergrowth",
        "Earth Equipment - Head",
        "**Instant** - {r}{r}{r}, destroy Plume of Evergrowth: Return target Earth action card "
        "or Earth instant card from your graveyard to your hand.",
        (n.ReturnToHand(SLOT0),),
    ),
    (
        "Blessing of Patience",
        "Guardian Action - Aura",
        "At the start of your turn, destroy Blessing of Patience then target hero gains 3{h}.",
        (n.Destroy(n.Self()), n.GainLife(SLOT0, 3)),
    ),
    ("Pulsing Aether // Life", "Earth Instant", "Gain 1{h}", (n.GainLife(n.You(), 1),)),
    (
        "Arakni, Tarantula",
        "Assassin Hero - Young",
        "Whenever a dagger you own hits a hero, they lose 1{h}.",
        (n.LoseLife(n.It("they"), 1),),
    ),
    (
        "Blinding Beam",
        "Light Instant",
        "Target attacking or defending attack action card gets -3{p}.",
        (n.ModifyStat(SLOT0, "power", -3),),
    ),
    (
        "War Cry of Bellona",
        "Light Warrior Attack Reaction",
        "Target Raydn gets +2{p} this turn.",
        (n.ModifyStat(SLOT0, "power", 2, "end_of_turn"),),
    ),
    (
        "Dramatic Pause",
        "Guardian Instant - Aura",
        "When this enters the arena, target defending action card gets +3{d} this chain link.",
        (n.ModifyStat(SLOT0, "defense", 3, "chain_link"),),
    ),
    (
        "Skittering Sands",
        "Draconic Illusionist Action",
        "It gains +3{p} until end of turn.",
        (n.ModifyStat(n.It(), "power", 3, "end_of_turn"),),
    ),
    (
        "Beat of the Ironsong",
        "Warrior Attack Reaction",
        "Target Dawnblade attack gets **go again**.",
        (n.GainAbility(SLOT0, "go again", None, "permanent"),),
    ),
    (
        "Tit for Tat",
        "Generic Action",
        "{t} target hero. {u} another target hero.",
        (n.Tap(SLOT0), n.Untap(SLOT1)),
    ),
]


@pytest.mark.rules("fab:8.5.3", "fab:8.5.3b", "fab:8.5.1", "fab:8.5.4", "fab:8.5.8", "fab:8.5.15")
@pytest.mark.parametrize(("name", "type_line", "text", "expect"), EFFECTS, ids=lambda x: x)
def test_effects(name: str, type_line: str, text: str, expect: tuple[object, ...]) -> None:
    assert _effects(text, name, type_line) == expect


@pytest.mark.rules("fab:1.8.3")
def test_may_return_to_hand() -> None:
    card = parse_fab("you may return target non-equipment defending card to its owners hand.")
    (ability,) = card.abilities
    assert isinstance(ability, n.SpellAbility)
    assert ability.effects == (n.May((n.ReturnToHand(SLOT0),)),)


@pytest.mark.rules("fab:8.5.9", "fab:1.8.5")
def test_quoted_ability_keeps_its_own_targets() -> None:
    """A granted ability declares its targets when it is used: the spell has none."""
    text = (
        'The next attack action card you play this turn gains "When you attack with this, '
        'deal 1 arcane damage to target hero."\n\n**Go again**'
    )
    card = parse_fab(text, "Bramble Spark", "Elemental Runeblade Action")
    assert card.target_requirements() == ()
    assert not card.unsupported or all(not u.reason.startswith("target") for u in card.unsupported)
    spell = card.abilities[0]
    assert isinstance(spell, n.SpellAbility)
    (granted,) = [e for e in spell.effects if isinstance(e, n.GrantAbility)]
    assert granted.trigger is not None and granted.trigger.event == "attacks"
    assert [r.text for r in granted.requirements] == ["target hero"]
    assert granted.effects == (n.ArcaneDamage(1, SLOT0),)


@pytest.mark.rules("fab:8.5.9")
def test_until_end_of_turn_grant() -> None:
    text = (
        'Until end of turn, target attack action gains "If this would be put into a graveyard, '
        "instead put it on the bottom of its owner's deck.\""
    )
    card = parse_fab(text, "Amulet of Oblation", "Generic Action - Item")
    (effect,) = card.abilities[0].effects  # type: ignore[union-attr]
    assert isinstance(effect, n.GrantAbility)
    assert (effect.what, effect.duration) == (SLOT0, "end_of_turn")
    assert [r.text for r in card.target_requirements()] == ["target attack action"]


@pytest.mark.rules("fab:1.7.5")
def test_modal_modes_have_their_own_targets() -> None:
    text = (
        "Choose 1 or more;\n\n- Destroy target frozen ally.\n- Destroy target frozen aura.\n"
        "- Destroy target frozen equipment.\n- Destroy target frozen item."
    )
    card = parse_fab(text, "Monolith of Galcia", "Ice Guardian Action")
    (ability,) = card.abilities
    assert isinstance(ability, n.SpellAbility)
    (modal,) = ability.effects
    assert isinstance(modal, n.Modal) and (modal.min, modal.max) == (1, None)
    assert [m.effects for m in modal.modes] == [(n.Destroy(SLOT0),)] * 4
    assert [r.kinds for r in card.target_requirements()] == [
        frozenset({k}) for k in ("ally", "aura", "equipment", "item")
    ]


@pytest.mark.rules("fab:5.2.1", "fab:1.8.5")
def test_activated_ability_and_keywords() -> None:
    text = (
        "**Instant** - {r}{r}, destroy this: {u} target ally you control. Destroy it at the "
        "beginning of the end phase.\n\n**Arcane Barrier 1**"
    )
    card = parse_fab(text, "Scuttle Toes", "Necromancer Equipment - Legs")
    activated, keyword = card.abilities
    assert isinstance(activated, n.ActivatedAbility)
    assert activated.cost.parts == ("{r}{r}", "destroy this")
    assert activated.effects[0] == n.Untap(SLOT0)
    assert isinstance(keyword, n.KeywordAbility)
    assert (keyword.name, keyword.argument) == ("arcane barrier", "1")


@pytest.mark.rules("fab:1.8.5")
def test_unread_phrase_is_kept_with_a_target_reason() -> None:
    """A phrase the grammar reads only in part is reported, never passed as understood."""
    text = (
        "**Transform** target Mechanologist head, chest, arms, legs, weapon and 3 Hyper Drivers "
        "you control into Nitro Mechanoid."
    )
    card = parse_fab(text, "Construct Nitro Mechanoid", "Mechanologist Action - Construct")
    problems = [u for u in card.unsupported if u.reason.startswith("target")]
    assert problems and problems[0].reason == "target list not understood"
    assert problems[0].span is not None


@pytest.mark.rules("fab:1.8.5d")
def test_any_target_outside_damage_is_not_read() -> None:
    card = parse_fab("Destroy any target.")
    assert [u.reason for u in card.unsupported] == ["target 'any' outside a damage effect"]


def test_malformed_input() -> None:
    with pytest.raises(CardTextError):
        parse_card("fab", 42)  # type: ignore[arg-type]
    with pytest.raises(CardTextError):
        parse_fab(None)  # type: ignore[arg-type]
    with pytest.raises(CardTextError):
        find_ruleset("fab")().parse_text(b"Destroy target ally.")  # type: ignore[arg-type]
    with pytest.raises(CardTextError):
        parse_fab("Destroy target ally.", name=3)  # type: ignore[arg-type]
    assert parse_fab("").abilities == ()


def test_card_file_hook() -> None:
    # a ruleset without a card loader says so (Grand Archive has one now: ask the base)
    from tcgrules.kernel.ruleset import Ruleset

    with pytest.raises(NotSupportedError):
        Ruleset().card_file(Path("cards.json"))


def test_card_text_is_cached_per_card() -> None:
    from tcgrules.carddata.model import CardDefinition

    card = CardDefinition("fab", "Slay", "Shadow Instant", "Destroy target angel ally.")
    fab = find_ruleset("fab")()
    assert fab.card_text(card) is fab.card_text(card)


def test_cli_parse_fab_text() -> None:
    from tcgrules.cli import main

    result = CliRunner().invoke(
        main, ["parse", "--game", "fab", "Deal 3 arcane damage to target opposing hero."]
    )
    assert result.exit_code == 0, result.output
    assert "target opposing hero" in result.output and "kinds={hero}" in result.output


@needs_pool
@pytest.mark.rules("fab:1.8.5")
def test_fab_corpus_coverage() -> None:
    """At least 97% of the cards whose text says "target" have every target phrase read."""
    from tcgrules.carddata.flesh_and_blood import load_fab_cards
    from tcgrules.cardtext.coverage import corpus_report

    cards = load_fab_cards(POOL)
    started = time.perf_counter()
    report = corpus_report(cards, any_case=True)
    seconds = time.perf_counter() - started
    assert report.target_cards >= 700
    assert report.percent() >= 97.0, report.failures[:20]
    assert seconds < 30
    # the same figure over the cards that say "target" in lower case (Magic's definition)
    lower = corpus_report(cards)
    assert lower.target_cards >= 400
    assert lower.percent() >= 97.0, lower.failures[:20]


@needs_pool
def test_cli_fab_corpus_report() -> None:
    from tcgrules.cli import main

    result = CliRunner().invoke(
        main,
        ["parse", "--game", "fab", "--corpus", str(POOL), "--any-case", "--top", "3"],
    )
    assert result.exit_code == 0, result.output
    assert "every target understood" in result.output
    assert "failures (the work queue)" in result.output
