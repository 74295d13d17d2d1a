"""Optional costs chosen as a spell is cast (helper U6): kicker and multikicker
(mtg:702.33), and the "instead" versions they choose between (mtg:608.2c), with targets
chosen only for the version used (mtg:601.2c, mtg:702.33g). Real card text here; pool
cards in tests/pool_scenarios/mtg/kicker-*.yaml."""

from __future__ import annotations

from pathlib import Path

import pytest

from tcgrules.cardtext import nodes as n
from tcgrules.cardtext import parse_card
from tcgrules.scenario.loader import load_scenario
from tcgrules.scenario.runner import run_scenario


def read(text: str, name: str, type_line: str = "Instant") -> n.CardText:
    card = parse_card("mtg", text, name=name, type_line=type_line)
    assert not card.unsupported, card.unsupported
    return card


KICKED = n.TimesChosen("kicked")


@pytest.mark.rules("mtg:702.33d", "mtg:601.2c", "mtg:608.2c")
def test_bloodchiefs_thirst_reads_two_versions_each_with_its_own_target() -> None:
    card = read(
        "Kicker {2}{B} (You may pay an additional {2}{B} as you cast this spell.)\n"
        "Destroy target creature or planeswalker with mana value 2 or less. If this spell "
        "was kicked, instead destroy target creature or planeswalker.",
        "Bloodchief's Thirst",
        "Sorcery",
    )
    spell = card.abilities[1]
    assert isinstance(spell, n.SpellAbility)
    assert [r.cast_option for r in spell.requirements] == ["!kicked", "kicked"]
    (effect,) = spell.effects
    assert effect == n.InsteadIf(
        "kicked", (n.Destroy(n.TargetSlot(1)),), (n.Destroy(n.TargetSlot(0)),), "~ was kicked"
    )


@pytest.mark.rules("mtg:702.33d", "mtg:608.2c")
def test_that_creature_instead_keeps_the_one_target() -> None:
    card = read(
        "Kicker {5}\nTarget creature gets +2/+2 until end of turn. If this spell was kicked, "
        "that creature gets +5/+5 until end of turn instead.",
        "Explosive Growth",
    )
    spell = card.abilities[1]
    assert isinstance(spell, n.SpellAbility)
    # the kicked version names the same creature: it is chosen either way
    assert [r.cast_option for r in spell.requirements] == [""]
    (effect,) = spell.effects
    assert isinstance(effect, n.InsteadIf)
    assert effect.effects == (n.ModifyPT(n.It("that creature"), 5, 5, "end_of_turn"),)


@pytest.mark.rules("mtg:120.3", "mtg:608.2c")
def test_it_deals_instead_is_the_same_source() -> None:
    card = read(
        "Kicker {R}\nCinderclasm deals 1 damage to each creature. If it was kicked, it deals "
        "2 damage to each creature instead.",
        "Cinderclasm",
    )
    (effect,) = card.abilities[1].effects  # type: ignore[union-attr]
    assert isinstance(effect, n.InsteadIf)
    (kicked,) = effect.effects
    assert isinstance(kicked, n.DealDamage)
    assert kicked.source == n.Self()


@pytest.mark.rules("mtg:702.33c", "mtg:702.33d")
def test_multikicker_counts_the_times() -> None:
    card = read(
        "Multikicker {B} (You may pay an additional {B} any number of times as you cast "
        "this spell.)\nWhen this creature enters, target opponent discards a card for each "
        "time it was kicked.",
        "Bloodhusk Ritualist",
        "Creature — Vampire Shaman",
    )
    keyword = card.abilities[0]
    assert isinstance(keyword, n.KeywordAbility)
    assert keyword.name == "multikicker"
    (effect,) = card.abilities[1].effects  # type: ignore[union-attr]
    assert effect == n.Discard(n.TargetSlot(0), KICKED)
    shaman = read(
        "Multikicker {R}\nWhen this creature enters, it deals damage to target player or "
        "planeswalker equal to twice the number of times it was kicked.",
        "Deathforge Shaman",
        "Creature — Ogre Shaman",
    )
    (deal,) = shaman.abilities[1].effects  # type: ignore[union-attr]
    assert isinstance(deal, n.DealDamage)
    assert deal.amount == n.Scaled(2, KICKED)


@pytest.mark.rules("mtg:702.174a", "mtg:601.2c")
def test_gift_versions() -> None:
    card = read(
        "Gift a card\nCounter target creature spell. If the gift was promised, instead "
        "counter target spell.",
        "Long River's Pull",
    )
    spell = card.abilities[1]
    assert isinstance(spell, n.SpellAbility)
    assert [r.cast_option for r in spell.requirements] == ["!gift", "gift"]


_CARDS = """
game: mtg
title: optional costs on made-up cards
players: [Alice, Bob]
cards:
  Kicked Bolt:
    type: Instant
    text: "Kicker {4}\\nKicked Bolt deals 2 damage to any target. If this spell was kicked,
      instead it deals 5 damage to target player."
  Plain Bolt:
    type: Instant
    text: Plain Bolt deals 2 damage to any target.
  Offering:
    type: Instant
    text: "Kicker—Sacrifice a creature.\\nTarget creature gets -2/-2 until end of turn. If
      this spell was kicked, that creature gets -5/-5 until end of turn instead."
  Wurm:
    type: Creature — Wurm
    power: 6
    toughness: 6
setup:
  Alice:
    hand: [Kicked Bolt, Plain Bolt, Offering]
  Bob:
    battlefield: [Wurm]
steps:
STEPS
"""


@pytest.mark.rules("mtg:702.33d", "mtg:601.2c", "mtg:608.2c")
@pytest.mark.parametrize(
    ("steps", "ok"),
    [
        # unkicked: 2 to the Wurm; the kicked version's player is not chosen
        (
            "  - {cast: Kicked Bolt, targets: [Wurm]}\n  - resolve: 1\n"
            "  - expect: {damage: {Wurm: 2}, life: {Bob: 20}}",
            True,
        ),
        # kicked: 5 to Bob instead, nothing to the Wurm
        (
            "  - {cast: Kicked Bolt, kicked: 1, targets: [[], [Bob]]}\n  - resolve: 1\n"
            "  - expect: {damage: {Wurm: 0}, life: {Bob: 15}}",
            True,
        ),
        # a card without kicker can't be kicked; refused, nothing changes
        ("  - {cast: Plain Bolt, kicked: 1, targets: [Bob], rejected: mtg:702.33d}", True),
        # a kicker cost that is a sacrifice is not paid by the kernel: not supported
        ("  - {cast: Offering, kicked: 1, targets: [Wurm]}", False),
    ],
)
def test_casting_with_kicker(tmp_path: Path, steps: str, ok: bool) -> None:
    path = tmp_path / "case.yaml"
    path.write_text(_CARDS.replace("STEPS", steps))
    result = run_scenario(load_scenario(path))
    assert result.ok is ok, (result.failures, result.error)
    if not ok:
        assert "not mana" in (result.error or "") + " ".join(m for _, m in result.failures) + (
            result.unsupported or ""
        ) + (result.unsupported or "") + (result.unsupported or "")


def test_a_bad_kicked_value_is_a_located_error(tmp_path: Path) -> None:
    path = tmp_path / "case.yaml"
    path.write_text(_CARDS.replace("STEPS", "  - {cast: Kicked Bolt, kicked: -1, targets: [Bob]}"))
    with pytest.raises(Exception, match="kicked"):
        load_scenario(path)


# ------------------------------------------------------------ "... is dealt to X instead"
@pytest.mark.rules("mtg:614.9")
def test_all_damage_redirections_read() -> None:
    stalker = read(
        "{B}, {T}: All damage that would be dealt to you this turn by target attacking "
        "creature is dealt to this creature instead.",
        "Shimian Night Stalker",
        "Creature — Nightstalker",
    )
    (effect,) = stalker.abilities[0].effects  # type: ignore[union-attr]
    assert effect == n.RedirectAll(n.You(), n.Self(), n.TargetSlot(0))
    mirror = read(
        "All combat damage that would be dealt to you this turn by target unblocked creature "
        "is dealt to its controller instead.",
        "Mirror Strike",
    )
    (effect,) = mirror.abilities[0].effects  # type: ignore[union-attr]
    assert effect == n.RedirectAll(
        n.You(), n.ControllerOf(n.It("it")), n.TargetSlot(0), combat_only=True
    )


def test_all_damage_dealt_to_it_is_not_read() -> None:
    """In a triggered ability "it" may be its source, not what the resolution's "it"
    names (its first target): not read."""
    card = parse_card(
        "mtg",
        "When this creature is turned face up, all damage that would be dealt to it this "
        "turn is dealt to target creature instead.",
        name="Karona's Zealot",
        type_line="Creature — Human Cleric",
    )
    assert card.unsupported


_REDIRECT = """
game: mtg
title: all damage this turn, from every source and every instance
players: [Alice, Bob]
cards:
  Valor:
    type: Instant
    text: All damage that would be dealt to target creature this turn is dealt to you instead.
setup:
  Alice:
    hand: [Valor]
    battlefield: [Grizzly Bears]
  Bob:
    hand: [Shock, {card: Shock, as: Second Shock}]
steps:
  - {cast: Valor, by: Alice, targets: [Grizzly Bears]}
  - resolve: 1
  - {cast: Shock, by: Bob, targets: [Grizzly Bears]}
  - resolve: 1
  - {cast: Second Shock, by: Bob, targets: [Grizzly Bears]}
  - resolve: 1
  - expect: {damage: {Grizzly Bears: 0}, life: {Alice: 16}, zone: {Grizzly Bears: battlefield}}
"""


@pytest.mark.rules("mtg:614.9")
def test_all_damage_is_redirected_every_time(tmp_path: Path) -> None:
    path = tmp_path / "case.yaml"
    path.write_text(_REDIRECT)
    result = run_scenario(load_scenario(path))
    assert result.ok, (result.failures, result.error)


@pytest.mark.rules("mtg:614.9", "mtg:609.7a")
@pytest.mark.parametrize(
    ("text", "name", "expected"),
    [
        (
            "{1}: The next time a source of your choice would deal damage to target creature "
            "this turn, that source deals that damage to you instead.",
            "Jade Monolith",
            n.RedirectDamage(n.TargetSlot(0), n.You(), None, chosen_source=True),
        ),
        (
            "{2}{R}{W}: The next time damage would be dealt to this creature this turn, that "
            "damage is dealt to any target instead.",
            "Mirrorwood Treefolk",
            n.RedirectDamage(n.Self(), n.TargetSlot(0), None),
        ),
        (
            "{X}, {T}: The next X damage that would be dealt this turn to target white "
            "creature you control is dealt to Hazduhr the Abbot instead.",
            "Hazduhr the Abbot",
            n.RedirectDamage(n.TargetSlot(0), n.Self(), "X"),
        ),
    ],
)
def test_next_damage_redirections_read(text: str, name: str, expected: object) -> None:
    card = read(text, name, "Creature")
    (effect,) = card.abilities[0].effects  # type: ignore[union-attr]
    assert effect == expected
