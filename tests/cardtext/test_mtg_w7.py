"""Control changes of groups, goad, connive and suspect (helper W7): real card text read
into nodes, and what resolving them does."""

from __future__ import annotations

import pytest
from tests.helpers import read_effects, unread

from tcgrules.cardtext import nodes as n
from tcgrules.kernel import descriptors as d
from tcgrules.scenario.loader import parse_scenario
from tcgrules.scenario.runner import run_scenario

_T0 = n.TargetSlot(0)
_T1 = n.TargetSlot(1)


@pytest.mark.parametrize(
    ("text", "kind", "duration"),
    [
        # Ashiok, Sculptor of Fears; Gilt-Leaf Archdruid; Call for Aid
        ("Gain control of all creatures target opponent controls.", "creature", "permanent"),
        ("Gain control of all lands target player controls.", "land", "permanent"),
        (
            "Gain control of all creatures target opponent controls until end of turn.",
            "creature",
            "end_of_turn",
        ),
    ],
)
def test_gain_control_of_all_a_target_player_controls(text: str, kind: str, duration: str) -> None:
    (effect,) = read_effects(text, type_line="Sorcery")
    assert effect == n.GainControl(n.EachControlledBy(d.HasType(kind), _T0), duration)  # type: ignore[arg-type]


def test_gain_control_of_two_kinds_a_target_opponent_controls() -> None:
    """Tezzeret, Master of Metal: "artifacts and creatures" is each of either kind."""
    (effect,) = read_effects(
        "Gain control of all artifacts and creatures target opponent controls.",
        type_line="Sorcery",
    )
    assert isinstance(effect, n.GainControl)
    assert effect.what == n.EachControlledBy(
        d.AnyOf((d.HasType("artifact"), d.HasType("creature"))), _T0
    )


def test_target_opponent_gains_all_other_permanents() -> None:
    """Sky Swallower: every permanent you control but the source; the player the target."""
    (effect,) = read_effects(
        "When this creature enters, target opponent gains control of all other permanents "
        "you control.",
        name="Sky Swallower",
        type_line="Creature — Leviathan",
    )
    assert isinstance(effect, n.GainControl)
    assert effect.who == _T0
    assert isinstance(effect.what, n.Each)
    assert isinstance(effect.what.descriptor, d.AllOf)
    assert d.Other() in effect.what.descriptor.parts


@pytest.mark.parametrize(
    "text",
    [
        "Until end of turn, gain control of target creature and it gains haste.",  # Besmirch
        "Until end of turn, you gain control of target creature and it gains haste.",  # Grab
    ],
)
def test_until_end_of_turn_control_and_haste(text: str) -> None:
    effects = read_effects(text, type_line="Sorcery")
    assert effects == (
        n.GainControl(_T0, "end_of_turn"),
        n.GainAbility(_T0, "haste", None, "end_of_turn"),
    )


def test_goad_each_creature_target_player_controls() -> None:
    """Geode Rager, Maestros Confluence (mtg:701.38a)."""
    (effect,) = read_effects("Goad each creature target player controls.", type_line="Sorcery")
    assert effect == n.Goad(n.EachControlledBy(d.HasType("creature"), _T0))


def test_untap_and_goad_that_creature() -> None:
    effects = read_effects(
        "Until end of turn, gain control of target creature and it gains haste. Untap and "
        "goad that creature.",
        type_line="Sorcery",
    )
    assert effects[2:] == (n.Untap(n.It("that creature")), n.Goad(n.It("that creature")))


@pytest.mark.parametrize(
    ("text", "slot"),
    [
        ("Target creature you control connives.", _T0),  # Mechanical Mobster
        ("Each of X target creatures you control connive.", _T0),  # Change of Plans
    ],
)
def test_connive(text: str, slot: n.TargetSlot) -> None:
    (effect,) = read_effects(text)
    assert effect == n.Connive(slot)


def test_connive_after_a_draw() -> None:
    """Unstable Experiment: the second target connives (mtg:701.47a)."""
    effects = read_effects(
        "Target player draws a card, then up to one target creature you control connives."
    )
    assert effects == (n.Draw(_T0, 1), n.Connive(_T1))


def test_connive_x_where_x_is_a_count() -> None:
    """Raffine, Scheming Seer: connive X (mtg:701.47e), X counted as it resolves."""
    (effect,) = read_effects(
        "Whenever you attack, target attacking creature connives X, where X is the number "
        "of attacking creatures.",
        type_line="Legendary Creature — Sphinx Demon",
    )
    assert isinstance(effect, n.Connive)
    assert isinstance(effect.count, n.CountOf)


def test_suspect() -> None:
    """Reasonable Doubt, Clandestine Meddler (mtg:701.58a)."""
    assert read_effects("Suspect up to one target creature.") == (n.Suspect(_T0),)
    (effect,) = read_effects(
        "When this creature enters, suspect up to one other target creature you control.",
        type_line="Creature — Vampire Rogue",
    )
    assert effect == n.Suspect(_T0)


def test_suspect_of_a_player_is_not_read() -> None:
    """Only creatures are suspected: "suspect" with no object is left unread."""
    assert unread("Suspect target player.")


_CARDS = """
cards:
  Conniver:
    type: Instant
    cost: "{U}"
    text: Target creature you control connives.
  Conniver Two:
    type: Instant
    cost: "{U}"
    text: Target creature you control connives 2.
  Accuse:
    type: Instant
    cost: "{B}"
    text: Suspect target creature.
  Goading Shout:
    type: Sorcery
    cost: "{R}"
    text: Goad target creature.
"""


def _play(body: str, players: str = "[Alice, Bob]", cards: str = "") -> tuple[bool, list[str], str]:
    text = f"game: mtg\nplayers: {players}\n{_CARDS}{cards}{body}"
    result = run_scenario(parse_scenario(text, "w7"))
    failures = [f for step in result.steps for f in step.failures]
    said = [str(line.text) for step in result.steps for line in step.narration]
    return result.ok, [*failures, result.error or ""], "\n".join(said)


def test_connive_two_counts_each_nonland_card_discarded() -> None:
    """Connive 2 (mtg:701.47e): draw two, discard two; one nonland discard, one counter."""
    ok, failures, log = _play(
        """
setup:
  Alice:
    hand: [Conniver Two, Shock, Forest]
    library: [Island, Swamp]
    battlefield: [Grizzly Bears]
steps:
  - cast: Conniver Two
    by: Alice
    targets: [Grizzly Bears]
  - resolve: 1
    choose: {chosen: [Shock, Forest]}
  - expect:
      zone: {Shock: graveyard, Forest: graveyard, Island: hand, Swamp: hand}
      counters: {Grizzly Bears: {"+1/+1": 1}}
"""
    )
    assert ok, failures
    assert "1 nonland card(s) discarded" in log


def test_connive_needs_the_discard_named() -> None:
    """The player chooses what to discard (mtg:701.8b): with no choice given the
    resolution is refused, and nothing is drawn or discarded."""
    ok, failures, _ = _play(
        """
setup:
  Alice:
    hand: [Conniver, Shock]
    library: [Forest]
    battlefield: [Grizzly Bears]
steps:
  - cast: Conniver
    by: Alice
    targets: [Grizzly Bears]
  - resolve: 1
  - expect:
      zone: {Forest: library, Shock: hand}
"""
    )
    assert not ok
    assert any("mtg:701.8b" in f for f in failures), failures


def test_connive_with_an_empty_library_and_hand_still_connives() -> None:
    """mtg:701.47b: it connives even when the draw and the discard can't happen; no
    counter without a nonland discard."""
    ok, failures, log = _play(
        """
setup:
  Alice:
    hand: [Conniver]
    battlefield: [Grizzly Bears]
steps:
  - cast: Conniver
    by: Alice
    targets: [Grizzly Bears]
  - resolve: 1
  - expect:
      counters: {Grizzly Bears: {}}
"""
    )
    assert ok, failures
    assert "Grizzly Bears connives" in log


def test_suspected_creature_has_menace_and_cant_block_until_it_leaves() -> None:
    ok, failures, _ = _play(
        """
setup:
  Alice:
    hand: [Accuse]
    battlefield: [Runeclaw Bear]
  Bob:
    battlefield: [Grizzly Bears]
steps:
  - cast: Accuse
    by: Alice
    targets: [Grizzly Bears]
  - resolve: 1
  - expect:
      properties: {Grizzly Bears: {keywords: [menace]}}
  - end_turn: true
  - end_turn: true
  - attack: Runeclaw Bear
    by: Alice
    target: Bob
  - defend: [Grizzly Bears]
    by: Bob
    target: Runeclaw Bear
    rejected: mtg:509.1b
  # it leaves the battlefield and comes back: a new object, not suspected (mtg:400.7)
  - do: {move: {Grizzly Bears: hand}}
  - do: {move: {Grizzly Bears: battlefield}}
  - expect:
      properties: {Grizzly Bears: {keywords: []}}
"""
    )
    assert ok, failures


def test_goaded_creature_must_attack_another_player_if_able() -> None:
    """mtg:701.38b: with a third player to attack, the goader can't be attacked; in a
    two-player game it can (no other player)."""
    body = """
setup:
  Alice:
    hand: [Goading Shout]
  Bob:
    battlefield: [Grizzly Bears]
steps:
  - cast: Goading Shout
    by: Alice
    targets: [Grizzly Bears]
  - resolve: 1
  - end_turn: true
  - attack: Grizzly Bears
    by: Bob
    target: Alice
"""
    ok, failures, _ = _play(body)
    assert ok, failures
    ok, failures, _ = _play(body + "    rejected: mtg:701.38b\n", "[Alice, Bob, Carol]")
    assert ok, failures


@pytest.mark.parametrize(
    ("text", "kind", "count", "every", "shuffle"),
    [
        (  # Ancient Vendetta
            "Choose a card name. Search target opponent's graveyard, hand, and library for up "
            "to four cards with that name and exile them. Then that player shuffles.",
            None,
            4,
            False,
            True,
        ),
        (  # Cranial Extraction
            "Choose a nonland card name. Search target player's graveyard, hand, and library "
            "for all cards with that name and exile them. Then that player shuffles.",
            d.Not(d.HasType("land")),
            None,
            True,
            True,
        ),
        (  # Dispossess
            "Choose an artifact card name. Search target opponent's graveyard, hand, and "
            "library for any number of cards with the chosen name and exile them.",
            d.HasType("artifact"),
            None,
            False,
            False,
        ),
        (  # Necromentia
            "Choose a card name other than a basic land card name. Search target opponent's "
            "graveyard, hand, and library for any number of cards with that name and exile "
            "them.",
            d.Not(d.AllOf((d.HasSupertype("basic"), d.HasType("land")))),
            None,
            False,
            False,
        ),
    ],
)
def test_choose_a_card_name_and_search_for_it(
    text: str, kind: d.Descriptor | None, count: int | None, every: bool, shuffle: bool
) -> None:
    effects = read_effects(text, type_line="Sorcery")
    assert effects == (
        n.ChooseCardName(kind),
        n.SearchForName(_T0, count, every, shuffle),
    )


def test_choose_a_card_name_then_mill() -> None:
    """Predict's first sentence: the name, then the mill (mtg:201.4)."""
    effects = read_effects("Choose a card name, then target player mills a card.")
    assert effects == (n.ChooseCardName(None), n.Mill(_T0, 1))


def test_a_card_name_of_a_kind_the_grammar_cannot_check_is_not_read() -> None:
    assert unread("Choose a red card name.")


@pytest.mark.parametrize(
    ("text", "node"),
    [
        ("Turn target face-down creature face up.", n.TurnFaceUp(_T0)),  # Ixidor
        ("Turn target creature with a morph ability face down.", n.TurnFaceDown(_T0)),
        ("Look at target face-down creature.", n.SeeFaceDown(_T0)),  # Smoke Teller
        ("Reveal target face-down permanent.", n.SeeFaceDown(_T0, reveal=True)),
    ],
)
def test_face_down_effects(text: str, node: object) -> None:
    assert read_effects(text) == (node,)


def test_looking_at_a_creature_that_need_not_be_face_down_is_not_read() -> None:
    assert unread("Look at target creature.")


_FACE = """
  Hide:
    type: Instant
    cost: "{U}"
    text: Turn target creature face down.
  Peek:
    type: Instant
    cost: "{U}"
    text: Look at target face-down creature.
  Unveil:
    type: Instant
    cost: "{U}"
    text: Turn target face-down creature face up.
"""


def test_face_down_creature_is_a_nameless_two_two_and_can_be_looked_at() -> None:
    ok, failures, log = _play(
        """
setup:
  Alice:
    hand: [Hide, Peek, Unveil]
  Bob:
    battlefield: [Serra Angel, Grizzly Bears]
steps:
  - cast: Hide
    by: Alice
    targets: [Serra Angel]
  - resolve: 1
  - expect:
      properties: {Serra Angel: {name: null, power: 2, toughness: 2, keywords: [], colors: []}}
  # only a face-down creature can be looked at or turned face up
  - cast: Peek
    by: Alice
    targets: [Grizzly Bears]
    rejected: mtg:601.2c
  - cast: Peek
    by: Alice
    targets: [Serra Angel]
  - resolve: 1
  - cast: Unveil
    by: Alice
    targets: [Serra Angel]
  - resolve: 1
  - expect:
      properties: {Serra Angel: {power: 4, toughness: 4, keywords: [flying, vigilance]}}
""",
        cards=_FACE.lstrip("\n"),
    )
    assert ok, failures
    assert "Alice looks at face-down Serra Angel: it is Serra Angel" in log


def test_and_all_others_its_controller_controls_with_the_same_name() -> None:
    """Declaration in Stone: only the target controller's creatures (mtg:201.2a)."""
    (effect,) = read_effects(
        "Exile target creature and all other creatures its controller controls with the "
        "same name as that creature.",
        type_line="Sorcery",
    )
    assert effect == n.Exile(
        n.AndEachSharing(_T0, d.HasType("creature"), "name", same_controller=True)
    )


def test_and_all_others_your_opponents_control_until_the_source_leaves() -> None:
    """Banishment: the opponents' permanents of that name, exiled until it leaves."""
    (effect,) = read_effects(
        "When this enchantment enters, exile target nonland permanent an opponent controls "
        "and all other nonland permanents your opponents control with the same name as that "
        "permanent until this enchantment leaves the battlefield.",
        type_line="Enchantment",
    )
    assert isinstance(effect, n.ExileUntilLeaves)
    assert isinstance(effect.what, n.AndEachSharing)
    assert not effect.what.same_controller
    assert isinstance(effect.what.descriptor, d.AllOf)
    assert d.Controller("opponent") in effect.what.descriptor.parts


def test_target_permanent_you_own_but_dont_control() -> None:
    """Coveted Falcon's target: yours by ownership, another player's by control
    (mtg:108.3, mtg:108.4); Bob's own Bears can't be chosen, Alice's stolen ones can."""
    ok, failures, _ = _play(
        """
setup:
  Alice:
    hand: [Reclaim]
    battlefield: [Grizzly Bears]
  Bob:
    hand: [Act of Treason]
    battlefield: [Runeclaw Bear]
steps:
  - cast: Act of Treason
    by: Bob
    targets: [Grizzly Bears]
  - resolve: 1
  - cast: Reclaim
    by: Alice
    targets: [Runeclaw Bear]
    rejected: mtg:601.2c
  - cast: Reclaim
    by: Alice
    targets: [Grizzly Bears]
  - resolve: 1
  - expect:
      controller: {Grizzly Bears: Alice, Runeclaw Bear: Bob}
""",
        cards="""  Reclaim:
    type: Instant
    cost: "{U}"
    text: Gain control of target permanent you own but don't control.
""",
    )
    assert ok, failures


def test_neither_own_nor_control() -> None:
    """Conjured Currency's target (mtg:108.3, mtg:108.4)."""
    effects = read_effects(
        "You may exchange control of this enchantment and target permanent you neither own "
        "nor control.",
        name="Conjured Currency",
    )
    assert effects == (n.May((n.ExchangeControl(n.Self(), _T0),)),)
