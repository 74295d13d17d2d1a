"""Magic sentences of helper Q6 (becomes/attach/control/names), read as printed (Oracle
text) and played: one target of each player ("for each opponent, gain control of target
permanent that player controls", mtg:601.2c)."""

from __future__ import annotations

import pytest

from tcgrules.cardtext import nodes as n
from tcgrules.cardtext import parse_card
from tcgrules.kernel import descriptors as d
from tcgrules.scenario.loader import parse_scenario
from tcgrules.scenario.runner import run_scenario

SLOT = n.TargetSlot(0)
ONE_EACH = [("different", "player", ())]


@pytest.mark.rules("mtg:601.2c")
@pytest.mark.parametrize(
    ("text", "effect", "descriptor", "each"),
    [
        # Blatant Thievery
        (
            "For each opponent, gain control of target permanent that player controls.",
            n.GainControl(SLOT),
            d.AllOf((d.IsPermanent(), d.Controller("opponent"))),
            True,
        ),
        # Turf War
        (
            "For each player, put a contested counter on target land that player controls.",
            n.PutCounters(SLOT, "contested", 1),
            d.HasType("land"),
            True,
        ),
        # Kaya, Spirits' Justice: every player but you
        (
            "For each other player, exile up to one target creature that player controls.",
            n.Exile(SLOT),
            d.AllOf((d.HasType("creature"), d.Controller("not_you"))),
            False,
        ),
        # Tolarian Contempt: "they control"
        (
            "For each opponent, choose up to one target creature they control.",
            n.ChooseTarget(SLOT),
            d.AllOf((d.HasType("creature"), d.Controller("opponent"))),
            False,
        ),
        # Elminster's Simulacrum: "you create"
        (
            "For each opponent, you create a token that's a copy of up to one target "
            "creature that player controls.",
            n.CreateTokenCopy(SLOT, 1),
            d.AllOf((d.HasType("creature"), d.Controller("opponent"))),
            False,
        ),
        # Sepulchral Primordial: a card in that player's graveyard, optional
        (
            "For each opponent, you may put up to one target creature card from that "
            "player's graveyard onto the battlefield under your control.",
            n.May((n.PutOntoBattlefield(SLOT, under=n.You()),)),
            d.AllOf((d.IsCard(), d.HasType("creature"), d.InZone("graveyard", "opponent"))),
            False,
        ),
    ],
)
def test_one_target_of_each_player(
    text: str, effect: object, descriptor: d.Descriptor, each: bool
) -> None:
    card = parse_card("mtg", text, type_line="Sorcery")
    assert not card.unsupported
    ability = card.abilities[0]
    assert isinstance(ability, n.SpellAbility)
    assert ability.effects == (effect,)
    (req,) = ability.requirements
    assert req.descriptor == descriptor
    assert req.each_player is each
    assert (req.min, req.max) == ((1, None) if each else (0, None))
    assert [(t.test, t.prop, t.among) for t in req.together] == ONE_EACH


THIEVERY = """game: mtg
players: [Alice, Bob, Cleo]
cards:
  Test Thievery:
    type: Sorcery
    text: "For each opponent, gain control of target permanent that player controls."
setup:
  Alice: {hand: [Test Thievery], battlefield: [Runeclaw Bear]}
  Bob: {battlefield: [Grizzly Bears]}
  Cleo: {battlefield: [Llanowar Elves, Serra Angel]}
steps:
"""


@pytest.mark.rules("mtg:601.2c")
@pytest.mark.parametrize(
    "targets",
    [
        "[Grizzly Bears]",  # Cleo has permanents too: one of hers is needed
        "[Llanowar Elves, Serra Angel]",  # two of Cleo's, none of Bob's
        "[Grizzly Bears, Llanowar Elves, Serra Angel]",  # one too many
        "[Runeclaw Bear, Serra Angel]",  # Alice's own: not an opponent's
    ],
)
def test_one_of_each_opponent_is_needed(targets: str) -> None:
    step = f"  - cast: Test Thievery\n    by: Alice\n    targets: [{targets}]\n"
    result = run_scenario(parse_scenario(THIEVERY + step + "    rejected: mtg:601.2c\n"))
    assert result.ok, result.problems


@pytest.mark.rules("mtg:601.2c", "mtg:108.4")
def test_an_opponent_with_no_legal_choice_needs_none() -> None:
    steps = """  - do: {move: {Grizzly Bears: graveyard}}
  - cast: Test Thievery
    by: Alice
    targets: [[Serra Angel]]
  - resolve: 1
  - expect:
      controller: {Serra Angel: Alice, Llanowar Elves: Cleo}
"""
    result = run_scenario(parse_scenario(THIEVERY + steps))
    assert result.ok, result.problems


# ------------------------------------------------------------------ transform


@pytest.mark.rules("mtg:701.28a")
@pytest.mark.parametrize(
    "text",
    [
        "Transform target Incubator token you control.",  # Seedpod Caretaker
        "Transform up to one target Werewolf you control.",  # Waxing Moon
    ],
)
def test_transform_target_is_read(text: str) -> None:
    card = parse_card("mtg", text, type_line="Sorcery")
    assert not card.unsupported
    ability = card.abilities[0]
    assert isinstance(ability, n.SpellAbility)
    assert ability.effects == (n.Transform(SLOT),)


TRANSFORM = """game: mtg
players: [Alice, Bob]
cards:
  Test Moon:
    type: Sorcery
    text: "Transform target creature."
setup:
  Alice:
    hand: [Test Moon]
    battlefield: [Grizzly Bears, {card: Runeclaw Bear, as: Bear Token, token: true}]
steps:
"""


@pytest.mark.rules("mtg:701.28c")
def test_a_single_faced_card_does_not_transform() -> None:
    steps = """  - cast: Test Moon
    by: Alice
    targets: [Grizzly Bears]
  - resolve: 1
  - expect:
      zone: {Grizzly Bears: battlefield}
      events:
        - {kind: no_effect, object: Grizzly Bears, rule: mtg:701.28c}
"""
    result = run_scenario(parse_scenario(TRANSFORM + steps))
    assert result.ok, result.problems


@pytest.mark.rules("mtg:701.28a")
def test_a_token_is_refused_as_not_supported() -> None:
    steps = """  - cast: Test Moon
    by: Alice
    targets: [Bear Token]
  - resolve: 1
"""
    result = run_scenario(parse_scenario(TRANSFORM + steps))
    assert not result.ok
    assert not result.failures
    assert "transforming" in str(result.unsupported)


# ------------------------------------------------------------------ the monarch


@pytest.mark.rules("mtg:722.1")
@pytest.mark.parametrize(
    ("text", "who"),
    [
        ("Target player becomes the monarch.", SLOT),  # Denethor, Stone Seer
        ("Target opponent becomes the monarch.", SLOT),  # Jared Carthalion, True Heir
        ("You become the monarch.", n.You()),  # Palace Jailer
    ],
)
def test_becomes_the_monarch_is_read(text: str, who: object) -> None:
    card = parse_card("mtg", text, type_line="Sorcery")
    assert not card.unsupported
    ability = card.abilities[0]
    assert isinstance(ability, n.SpellAbility)
    assert ability.effects == (n.BecomeMonarch(who),)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    "text",
    [
        "Target player becomes the emperor.",  # no such designation is read
        "Target creature becomes the monarch.",  # only a player can be (mtg:722.1)
    ],
)
def test_becomes_the_other_words_are_not_read(text: str) -> None:
    card = parse_card("mtg", text, type_line="Sorcery")
    assert card.unsupported


MONARCH = """game: mtg
players: [Alice, Bob, Cleo]
cards:
  Test Crown:
    type: Instant
    text: "Target player becomes the monarch."
setup:
  Alice: {hand: [Test Crown, {card: Test Crown, as: Second Crown}]}
steps:
  - cast: Test Crown
    by: Alice
    targets: [Bob]
  - resolve: 1
  - cast: Second Crown
    by: Alice
    targets: [Cleo]
  - resolve: 1
  - expect:
      events:
        - {kind: became_monarch, rule: mtg:722.3, monarch: Bob, before: ""}
        - {kind: became_monarch, rule: mtg:722.3, monarch: Cleo, before: Bob}
"""


@pytest.mark.rules("mtg:722.3")
def test_one_monarch_at_a_time() -> None:
    result = run_scenario(parse_scenario(MONARCH))
    assert result.ok, result.problems
