"""Magic's "if [condition], ..." read into typed conditions (mtg:608.2c; after a trigger,
an intervening "if", mtg:603.4): counts of permanents you control, of cards in your
graveyard or hand, the source's own state, a full party (mtg:700.8), and conditions the
kernel can't check yet (mana spent, tribute) that resolve as "not supported"."""

from __future__ import annotations

from pathlib import Path

import pytest

from tcgrules.cardtext import nodes as n
from tcgrules.cardtext import parse_card
from tcgrules.errors import InputError
from tcgrules.kernel import descriptors as d
from tcgrules.scenario.loader import load_scenario
from tcgrules.scenario.runner import run_scenario


def condition_of(text: str, name: str = "Dummy", type_line: str = "Instant") -> n.IfCondition:
    card = parse_card("mtg", text, name=name, type_line=type_line)
    assert not card.unsupported, card.unsupported
    effects = card.abilities[0].effects  # type: ignore[union-attr]
    assert len(effects) == 1 and isinstance(effects[0], n.IfCondition), effects
    return effects[0]


def count(descriptor: d.Descriptor, op: d.Comparison, value: int) -> n.NumberCondition:
    return n.NumberCondition(n.CountOf(descriptor), op, value)


# ------------------------------------------------------------------ reading


@pytest.mark.rules("mtg:608.2c")
def test_horobis_whisper_counts_swamps_you_control() -> None:
    found = condition_of(
        "If you control a Swamp, destroy target nonblack creature.", "Horobi's Whisper"
    )
    swamps = d.AllOf((d.HasSubtype("swamp"), d.Controller("you")))
    assert found.condition == count(swamps, ">=", 1)
    assert found.effects == (n.Destroy(n.TargetSlot(0)),)
    assert found.text == "you control a Swamp"


@pytest.mark.rules("mtg:603.4")
@pytest.mark.parametrize(
    ("text", "descriptor", "op", "value"),
    [
        (
            "When this creature enters, if you control two or more Gates, target creature "
            "an opponent controls gets -2/-2 until end of turn.",
            d.AllOf((d.HasSubtype("gate"), d.Controller("you"))),
            ">=",
            2,
        ),
        (
            "At the beginning of your upkeep, if you have four or more creature cards in "
            "your graveyard, you may return target creature card from your graveyard to "
            "your hand.",
            d.AllOf((d.IsCard(), d.HasType("creature"), d.InZone("graveyard", "you"))),
            ">=",
            4,
        ),
        (
            "At the beginning of your upkeep, if you have three or fewer cards in hand, "
            "Dummy deals 1 damage to target opponent or planeswalker.",
            d.AllOf((d.IsCard(), d.InZone("hand", "you"))),
            "<=",
            3,
        ),
        (
            "When this creature enters, if you control another snow permanent, exile "
            "target permanent other than this creature.",
            d.AllOf(
                (
                    d.AllOf((d.IsPermanent(), d.HasSupertype("snow"))),
                    d.Controller("you"),
                    d.Other(),
                )
            ),
            ">=",
            1,
        ),
    ],
)
def test_trigger_conditions_count_as_the_ability_resolves(
    text: str, descriptor: d.Descriptor, op: d.Comparison, value: int
) -> None:
    found = condition_of(text, type_line="Creature — Dummy")
    assert found.condition == count(descriptor, op, value)


@pytest.mark.parametrize(
    ("text", "key"),
    [
        (
            "{0}: If this creature is tapped, exile target creature card from a graveyard.",
            "source_tapped",
        ),
        (
            "At the beginning of your upkeep, if this creature is untapped, tap target creature.",
            "source_untapped",
        ),
        (
            "Whenever you attack, if this card is in your graveyard, destroy target attacking "
            "creature.",
            "source_in_your_graveyard",
        ),
        (
            "At the beginning of combat on your turn, if you have a full party, target creature "
            "gets +1/+1 and gains flying until end of turn.",
            "full_party",
        ),
        (
            "When this creature enters, if {U} was spent to cast it, tap target creature.",
            "mana_spent:{U}",
        ),
        (
            "When this creature enters, if tribute wasn't paid, it deals 4 damage to any target.",
            "tribute_not_paid",
        ),
        (
            "When this creature enters, if a permanent left the battlefield under your "
            "control this turn, tap target creature.",
            "permanent_you_controlled_left_this_turn",
        ),
        (
            "At the beginning of your end step, if a permanent you controlled left the "
            "battlefield this turn, put a +1/+1 counter on target creature you control.",
            "permanent_you_controlled_left_this_turn",
        ),
        (
            "When this creature enters, if its prowl cost was paid, tap target creature.",
            "cost_paid:prowl",
        ),
        (
            "When this creature enters, if you cast it from your hand, tap target creature.",
            "cast_from_hand",
        ),
        (
            "When this creature enters, if it was kicked with its {R} kicker, it deals 4 "
            "damage to any target.",
            "kicked_with:{R}",
        ),
        (
            "When this creature enters, if at least seven mana was spent to cast it, untap "
            "target creature.",
            "mana_spent_at_least:7",
        ),
        (
            "At the beginning of your end step, if you descended this turn, tap target creature.",
            "descended_this_turn",
        ),
        (
            "When this creature enters, if there are four or more card types among cards in "
            "your graveyard, tap target creature.",
            "graveyard_card_types:4",
        ),
        (
            "At the beginning of your end step, if a creature card was put into your graveyard "
            "from anywhere this turn, tap target creature.",
            "card_put_into_your_graveyard:creature",
        ),
        ("When this creature enters, if it was cast, tap target creature.", "cast"),
        (
            "When this creature enters, if you've completed a dungeon, tap target creature.",
            "completed_a_dungeon",
        ),
        (
            "At the beginning of combat on your turn, if two or more nonland permanents "
            "entered the battlefield under your control this turn, tap target creature.",
            "nonland_permanents_entered_under_your_control:2",
        ),
        (
            "When this creature enters, if it's on the battlefield, tap target creature.",
            "source_on_battlefield",
        ),
        (
            "At the beginning of each end step, if you gained 3 or more life this turn, tap "
            "target creature.",
            "you_gained_life_this_turn_at_least:3",
        ),
        (
            "When this creature enters, if an opponent has three or more poison counters, "
            "destroy target creature.",
            "opponent_counters_at_least:poison:3",
        ),
    ],
)
def test_keyed_conditions(text: str, key: str) -> None:
    found = condition_of(text, type_line="Creature — Dummy")
    assert found.condition == key


@pytest.mark.parametrize(
    "text",
    [
        # "other" than the Mountain that triggered, not than the land the ability is on
        "Whenever a Mountain you control enters, if you control at least five other "
        "Mountains, you may have Dummy deal 3 damage to any target.",
        # a count of players means nothing here
        "When this creature enters, if you control two or more opponents, tap target creature.",
        # "there are" with no zone named
        "When this creature enters, if there are two or more creatures, tap target creature.",
    ],
)
def test_conditions_that_are_not_read(text: str) -> None:
    card = parse_card("mtg", text, name="Dummy", type_line="Creature — Dummy")
    assert card.unsupported


@pytest.mark.rules("mtg:608.2c")
def test_you_dont_control_counts_none() -> None:
    found = condition_of(
        "When this creature enters, if you don't control a Devil token, tap target creature.",
        type_line="Creature — Dummy",
    )
    devils = d.AllOf((d.AllOf((d.HasSubtype("devil"), d.IsToken())), d.Controller("you")))
    assert found.condition == count(devils, "==", 0)


@pytest.mark.rules("mtg:608.2c", "mtg:205.4")
@pytest.mark.parametrize(
    ("text", "condition"),
    [
        ("Exile target creature if it has mana value 3 or less.", d.Compare("mana_value", "<=", 3)),
        ("Counter target spell if its mana value is 2 or less.", d.Compare("mana_value", "<=", 2)),
        (
            "Gain control of target creature if its toughness is 2 or less.",
            d.Compare("toughness", "<=", 2),
        ),
        (
            "Put a +1/+1 counter on target creature you control if it's legendary.",
            d.HasSupertype("legendary"),
        ),
        ("Destroy target creature if it's tapped.", d.Status("tapped")),
    ],
)
def test_a_condition_on_the_target_is_checked_as_it_resolves(
    text: str, condition: d.Descriptor
) -> None:
    card = parse_card("mtg", text, name="Dummy", type_line="Instant")
    assert not card.unsupported, card.unsupported
    (effect,) = card.abilities[0].effects  # type: ignore[union-attr]
    assert isinstance(effect, n.Conditional)
    assert effect.subject == n.TargetSlot(0)
    assert effect.condition == condition


def test_you_may_with_a_condition_on_the_target() -> None:
    card = parse_card(
        "mtg",
        "Whenever you cast a black spell, you may destroy target creature if it's tapped.",
        name="Deathbringer Liege",
        type_line="Creature — Horror",
    )
    (effect,) = card.abilities[0].effects  # type: ignore[union-attr]
    assert effect == n.May(
        (n.Conditional(n.TargetSlot(0), d.Status("tapped"), (n.Destroy(n.TargetSlot(0)),)),)
    )


def test_its_after_an_effect_on_no_target_is_not_read() -> None:
    """ "Draw a card if its power is 3 or greater": "its" is a creature the trigger
    names, not anything the draw acts on."""
    card = parse_card(
        "mtg",
        "Whenever a creature you control enters, draw a card if its power is 3 or greater.",
        name="Dummy",
        type_line="Enchantment",
    )
    assert card.unsupported


def test_the_whole_sentence_after_the_condition_is_conditional() -> None:
    """ "If ..., A, then B": both A and B depend on the condition (mtg:608.2c)."""
    found = condition_of(
        "Whenever you attack, if this card is in your graveyard, destroy target attacking "
        "creature, then put this card on top of your library.",
        type_line="Creature — Zombie",
    )
    assert len(found.effects) == 2


# ------------------------------------------------------------------ behaviour

_PARTY = """
game: mtg
title: party test
players: [Alice, Bob]
cards:
  Priest:
    type: Creature — Human Monk
    power: 1
    toughness: 1
    text: >-
      At the beginning of combat on your turn, if you have a full party,
      target creature gets +1/+1 until end of turn.
  Cleric Wizard:
    type: Creature — Human Cleric Wizard
    power: 1
    toughness: 1
  Cleric:
    type: Creature — Human Cleric
    power: 1
    toughness: 1
  Rogue:
    type: Creature — Human Rogue
    power: 1
    toughness: 1
  Warrior:
    type: Creature — Human Warrior
    power: 1
    toughness: 1
setup:
  Alice:
    battlefield: [Priest, Cleric Wizard, Cleric, Rogue, Warrior]
steps:
  - {do: {phase_out: [PHASED]}}
  - trigger: Priest
    by: Alice
    targets: [Priest]
  - resolve: 1
  - expect:
      properties: {Priest: {power: POWER}}
"""


def _run(tmp_path: Path, text: str) -> tuple[bool, str]:
    path = tmp_path / "case.yaml"
    path.write_text(text)
    result = run_scenario(load_scenario(path))
    return result.ok, " ".join(m for _, m in result.failures) + (result.error or "") + (
        result.unsupported or ""
    ) + (result.unsupported or "") + (result.unsupported or "")


@pytest.mark.rules("mtg:700.8", "mtg:700.8a", "mtg:700.8b", "mtg:700.8c", "mtg:702.26b")
@pytest.mark.parametrize(
    ("phased", "power"),
    [
        # the Cleric Wizard is the Wizard (though it comes before the Cleric): a full party
        (None, 2),
        # without the Cleric, the Cleric Wizard fills one place only (mtg:700.8b)
        ("Cleric", 1),
        # no Rogue: three of four
        ("Rogue", 1),
    ],
)
def test_a_full_party_counts_each_creature_once(
    tmp_path: Path, phased: str | None, power: int
) -> None:
    text = _PARTY.replace("POWER", str(power))
    if phased is None:
        text = text.replace("  - {do: {phase_out: [PHASED]}}\n", "")
    text = text.replace("PHASED", phased or "")
    ok, why = _run(tmp_path, text)
    assert ok, why


_UNKNOWN = """
game: mtg
title: unknown condition
players: [Alice, Bob]
cards:
  Ogre:
    type: Creature — Ogre
    power: 2
    toughness: 2
    text: "When this creature enters, if {U} was spent to cast it, tap target creature."
setup:
  Alice:
    battlefield: [Ogre]
  Bob:
    battlefield: [Grizzly Bears]
steps:
  - trigger: Ogre
    by: Alice
    targets: [Grizzly Bears]
  - resolve: 1
"""


@pytest.mark.rules("mtg:601.2h")
def test_mana_spent_is_not_known_so_resolution_is_not_supported(tmp_path: Path) -> None:
    ok, why = _run(tmp_path, _UNKNOWN)
    assert not ok
    assert "not supported" in why and "spent to cast it" in why


# ------------------------------------------------------------------ unless a player pays


@pytest.mark.rules("mtg:118.12a")
@pytest.mark.parametrize(
    ("text", "inner", "cost"),
    [
        (
            "Return target creature to its owner's hand unless its controller pays {1}.",
            n.ReturnToHand(n.TargetSlot(0)),
            "{1}",
        ),
        ("Tap target creature unless its controller pays {1}.", n.Tap(n.TargetSlot(0)), "{1}"),
        (
            "Exile target attacking creature unless its controller pays {X}.",
            n.Exile(n.TargetSlot(0)),
            "{X}",
        ),
    ],
)
def test_unless_its_controller_pays(text: str, inner: object, cost: str) -> None:
    card = parse_card("mtg", text, name="Dummy", type_line="Instant")
    assert not card.unsupported, card.unsupported
    (effect,) = card.abilities[0].effects  # type: ignore[union-attr]
    assert effect == n.UnlessPays((inner,), n.ControllerOf(n.TargetSlot(0)), cost)  # type: ignore[arg-type]


def test_counter_unless_pays_keeps_its_own_node() -> None:
    card = parse_card(
        "mtg", "Counter target spell unless its controller pays {3}.", name="Mana Leak"
    )
    assert card.abilities[0].effects == (n.Counter(n.TargetSlot(0), unless_pays="{3}"),)  # type: ignore[union-attr]


@pytest.mark.rules("mtg:119.4")
def test_unless_pays_life_is_not_a_mana_payment() -> None:
    """Paying life (mtg:119.4) is not a mana cost UnlessPays records: it is one of the
    things a player may do instead (UnlessDoes, helper U2)."""
    card = parse_card(
        "mtg",
        "{T}: Tap target creature unless its controller pays 2 life.",
        name="Vectis Dominator",
        type_line="Artifact Creature — Human Wizard",
    )
    assert not card.unsupported
    (effect,) = card.abilities[0].effects  # type: ignore[union-attr]
    assert not isinstance(effect, n.UnlessPays)
    assert effect == n.UnlessDoes(
        (n.Tap(n.TargetSlot(0)),),
        n.ControllerOf(n.TargetSlot(0)),
        (n.LoseLife(n.ControllerOf(n.TargetSlot(0)), 2),),
    )


_DELIRIUM = """
game: mtg
title: delirium test
players: [Alice, Bob]
cards:
  Seer:
    type: Creature — Human
    power: 1
    toughness: 1
    text: >-
      {0}: If there are four or more card types among cards in your graveyard,
      target creature gets +1/+1 until end of turn.
setup:
  Alice:
    battlefield: [Seer]
    graveyard: [GRAVEYARD]
  Bob:
    graveyard: [Ornithopter]
steps:
  - activate: Seer
    by: Alice
    targets: [Seer]
  - resolve: 1
  - expect:
      properties: {Seer: {power: POWER}}
"""


@pytest.mark.rules("mtg:205.2a", "mtg:608.2c")
@pytest.mark.parametrize(
    ("graveyard", "power"),
    [
        # creature, land, instant: three types (Bob's artifact is not in her graveyard)
        ("Grizzly Bears, Forest, Lightning Bolt", 1),
        # an artifact creature adds a fourth type
        ("Grizzly Bears, Forest, Lightning Bolt, Ornithopter", 2),
        # a land creature and an artifact creature: three types between them
        ("Dryad Arbor, Ornithopter", 1),
    ],
)
def test_card_types_among_cards_in_your_graveyard(
    tmp_path: Path, graveyard: str, power: int
) -> None:
    text = _DELIRIUM.replace("GRAVEYARD", graveyard).replace("POWER", str(power))
    ok, why = _run(tmp_path, text)
    assert ok, why


# ------------------------------------------------------------------ coin flips


@pytest.mark.rules("mtg:705.1", "mtg:705.2")
def test_flip_a_coin_and_if_you_win_the_flip_are_read() -> None:
    card = parse_card(
        "mtg",
        "{T}: Flip a coin. If you win the flip, Dummy deals 2 damage to any target.",
        name="Dummy",
        type_line="Creature — Goblin",
    )
    assert not card.unsupported
    flip, won = card.abilities[0].effects  # type: ignore[union-attr]
    assert flip == n.FlipCoin()
    assert isinstance(won, n.IfCondition) and won.condition == "win_the_flip"


def test_move_a_counter_is_not_a_coin_flip() -> None:
    card = parse_card(
        "mtg", "{T}: Move a shield counter from Dummy onto target creature.", name="Dummy"
    )
    assert not card.unsupported
    assert not isinstance(card.abilities[0].effects[0], n.FlipCoin)  # type: ignore[union-attr]


_FLIP = """
game: mtg
title: coin flip
players: [Alice, Bob]
cards:
  Flipper:
    type: Creature — Goblin
    power: 1
    toughness: 1
    text: "{T}: Flip a coin. If you win the flip, this creature deals 2 damage to any target."
setup:
  Alice:
    battlefield: [Flipper]
steps:
  - activate: Flipper
    by: Alice
    targets: [Bob]
  - {resolve: 1, choose: {flips: [FLIP]}}
  - expect:
      life: {Bob: LIFE}
      events:
        - {kind: coin_flipped, rule: mtg:705.2, won: WON}
"""


@pytest.mark.rules("mtg:705.1", "mtg:705.2")
@pytest.mark.parametrize(("flip", "life"), [("win", 18), ("lose", 20)])
def test_a_coin_flip_decides_the_if_you_win_part(tmp_path: Path, flip: str, life: int) -> None:
    text = _FLIP.replace("FLIP", flip).replace("LIFE", str(life))
    ok, why = _run(tmp_path, text.replace("WON", "true" if flip == "win" else "false"))
    assert ok, why


def test_a_coin_flip_outcome_must_be_win_or_lose(tmp_path: Path) -> None:
    text = _FLIP.replace("FLIP", "heads").replace("LIFE", "18").replace("WON", "true")
    with pytest.raises(InputError, match=r"flips.*win"):
        _run(tmp_path, text)


_GAINED = """
game: mtg
title: life gained this turn
players: [Alice, Bob]
cards:
  Cleric:
    type: Creature — Human Cleric
    power: 1
    toughness: 1
    text: >-
      {0}: If you gained 3 or more life this turn, target creature gets +1/+1
      until end of turn.
setup:
  Alice:
    battlefield: [Cleric]
steps:
  - do: {life: {Alice: +2}}
  - do: {life: {Bob: +5}}
  - activate: Cleric
    by: Alice
    targets: [Cleric]
  - resolve: 1
  - expect:
      properties: {Cleric: {power: 1}}
  # a second gain: 3 in all this turn
  - do: {life: {Alice: +1}}
  - activate: Cleric
    by: Alice
    targets: [Cleric]
  - resolve: 1
  - expect:
      properties: {Cleric: {power: 2}}
"""


@pytest.mark.rules("mtg:119.3", "mtg:608.2c")
def test_life_gained_this_turn_is_added_up(tmp_path: Path) -> None:
    ok, why = _run(tmp_path, _GAINED)
    assert ok, why
