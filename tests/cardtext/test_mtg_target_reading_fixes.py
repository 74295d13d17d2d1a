"""Magic target phrases read in full (issue #12): the graveyard zone kept after an older
qualifier, after "permanent card", "from graveyards" and "from defending player's
graveyard" (mtg:115.1, mtg:404.1); divided damage among 1 to N targets (mtg:601.2d); the
same object allowed for two uses of "target" (mtg:115.3). Real Oracle text."""

from __future__ import annotations

import pytest

from tcgrules.cardtext import nodes as n
from tcgrules.cardtext import parse_card
from tcgrules.kernel import descriptors as d


def spell(text: str, name: str) -> n.SpellAbility:
    card = parse_card("mtg", text, name=name, type_line="Sorcery")
    ability = card.abilities[0]
    assert isinstance(ability, n.SpellAbility)
    return ability


def parts(descriptor: d.Descriptor) -> tuple[d.Descriptor, ...]:
    return descriptor.parts if isinstance(descriptor, d.AllOf) else (descriptor,)


# ------------------------------------------------------------------ graveyard zone


@pytest.mark.rules("mtg:115.1", "mtg:202.3")
def test_converted_mana_cost_keeps_the_graveyard_zone() -> None:
    # Sun Titan's printed (pre-2021) wording; Oracle now says "mana value"
    old = spell(
        "Return target permanent card with converted mana cost 3 or less from your "
        "graveyard to the battlefield.",
        "Sun Titan",
    )
    new = spell(
        "Return target permanent card with mana value 3 or less from your "
        "graveyard to the battlefield.",
        "Sun Titan",
    )
    assert old.requirements[0].descriptor == new.requirements[0].descriptor
    assert old.requirements[0].zone == "graveyard"
    assert d.Compare("mana_value", "<=", 3) in parts(old.requirements[0].descriptor)
    assert old.effects == (n.ReturnToBattlefield(n.TargetSlot(0)),)


@pytest.mark.rules("mtg:110.4a", "mtg:115.1")
def test_permanent_card_from_your_graveyard() -> None:
    # Invoke Justice (first sentence)
    ability = spell("Return target permanent card from your graveyard to the battlefield.", "X")
    (req,) = ability.requirements
    assert req.zone == "graveyard"
    assert req.kinds == frozenset({"card"})
    got = parts(req.descriptor)
    assert d.IsCard() in got and d.InZone("graveyard", "you") in got
    types = next(p for p in got if isinstance(p, d.AnyOf))
    assert set(types.parts) == {
        d.HasType(t)
        for t in ("artifact", "battle", "creature", "enchantment", "land", "planeswalker")
    }
    assert d.HasType("instant") not in types.parts


@pytest.mark.rules("mtg:115.1", "mtg:404.1")
def test_cards_from_graveyards() -> None:
    # Angel of Serenity's leave clause reads "up to three other target creature cards";
    # Boneyard Parley: "Exile up to five target creature cards from graveyards."
    ability = spell("Exile up to five target creature cards from graveyards.", "Boneyard Parley")
    (req,) = ability.requirements
    assert (req.min, req.max, req.zone) == (0, 5, "graveyard")
    assert d.InZone("graveyard") in parts(req.descriptor)
    assert ability.effects == (n.Exile(n.TargetSlot(0)),)


@pytest.mark.rules("mtg:115.1", "mtg:506.2")
def test_card_from_defending_players_graveyard() -> None:
    # Rakshasa Debaser: "... put target creature card from defending player's graveyard
    # onto the battlefield under your control."
    ability = spell("Exile target card from defending player's graveyard.", "Memory Vampire")
    (req,) = ability.requirements
    assert req.zone == "graveyard"
    assert req.text == "target card from defending player's graveyard"
    assert d.Condition("in_defending_players_graveyard") in parts(parts(req.descriptor)[-1])


# ------------------------------------------------------------------ divided damage


@pytest.mark.rules("mtg:601.2d")
@pytest.mark.parametrize(
    ("text", "name", "bounds"),
    [
        (
            "Pyrotechnics deals 4 damage divided as you choose among any number of targets.",
            "Pyrotechnics",
            (1, 4),
        ),
        (
            "Fiery Justice deals 5 damage divided as you choose among any number of targets.",
            "Fiery Justice",
            (1, 5),
        ),
        (
            "Rolling Thunder deals X damage divided as you choose among any number of targets.",
            "Rolling Thunder",
            (1, None),
        ),
    ],
)
def test_divided_damage_needs_one_to_n_targets(
    text: str, name: str, bounds: tuple[int, int | None]
) -> None:
    (req,) = spell(text, name).requirements
    assert req.divided
    assert (req.min, req.max) == bounds


# ------------------------------------------------------------------ same target twice


@pytest.mark.rules("mtg:115.3")
def test_two_uses_of_target_may_choose_the_same_player() -> None:
    ability = spell("Dummy deals 1 damage to any target and 2 damage to target player.", "Dummy")
    _, second = ability.requirements
    assert second.distinct_from == ()
    assert second.descriptor == d.IsPlayer()
    assert ability.effects == (
        n.DealDamage(1, n.TargetSlot(0), source=n.Self()),
        n.DealDamage(2, n.TargetSlot(1), source=n.Self()),
    )


@pytest.mark.rules("mtg:115.3")
def test_unrelated_second_target_gets_no_invented_other() -> None:
    ability = spell(
        "Hungry Flames deals 3 damage to target creature and 2 damage to target player "
        "or planeswalker.",
        "Hungry Flames",
    )
    _, second = ability.requirements
    assert second.distinct_from == ()
    assert d.Other() not in parts(second.descriptor)


@pytest.mark.rules("mtg:115.3")
def test_another_target_still_differs() -> None:
    ability = spell("Dummy deals 2 damage to any target and 1 damage to another target.", "Dummy")
    _, second = ability.requirements
    assert second.distinct_from == (0,)


# ------------------------------------------------------------------ kind lists


@pytest.mark.rules("mtg:115.1")
def test_creature_or_player_is_not_a_creature_player() -> None:
    # Firesong and Sunspeaker (Oracle still says "target creature or player")
    ability = spell(
        "Firesong and Sunspeaker deals 3 damage to target creature or player.",
        "Firesong and Sunspeaker",
    )
    (req,) = ability.requirements
    assert req.descriptor == d.AnyOf((d.HasType("creature"), d.IsPlayer()))
    assert req.kinds == frozenset({"creature", "player"})


@pytest.mark.rules("mtg:115.1")
def test_creatures_and_or_other_planeswalkers() -> None:
    # Sorin, Lord of Innistrad's -6
    ability = spell("Destroy up to three target creatures and/or other planeswalkers.", "Sorin")
    (req,) = ability.requirements
    assert (req.min, req.max) == (0, 3)
    assert req.text == "up to three target creatures and/or other planeswalkers"
    assert req.descriptor == d.AnyOf(
        (d.HasType("creature"), d.AllOf((d.HasType("planeswalker"), d.Other())))
    )


@pytest.mark.rules("mtg:111.1", "mtg:115.1")
def test_creature_token_is_a_creature() -> None:
    ability = spell(
        "Conduct Electricity deals 6 damage to target creature and 2 damage to up to one "
        "target creature token.",
        "Conduct Electricity",
    )
    _, token = ability.requirements
    assert token.kinds == frozenset({"creature"})
    assert token.descriptor == d.AllOf((d.HasType("creature"), d.IsToken()))
    assert (token.min, token.max) == (0, 1)


@pytest.mark.rules("mtg:115.1")
def test_a_target_creature_declares_a_target() -> None:
    # Gaze of Pain's older wording
    card = parse_card(
        "mtg",
        "Until end of turn, whenever a creature you control attacks and isn't blocked, you "
        "may choose to have it deal damage equal to its power to a target creature. If you "
        "do, it assigns no combat damage this turn.",
        name="Gaze of Pain",
        type_line="Sorcery",
    )
    reqs = [r for a in card.abilities for r in getattr(a, "requirements", ())]
    assert [r.text for r in reqs] == ["target creature"]


def test_a_target_of_a_spell_declares_nothing() -> None:
    ability = spell("Change a target of target spell or ability to Spellskite.", "Spellskite")
    assert [r.text for r in ability.requirements] == ["target spell or ability"]


@pytest.mark.rules("mtg:115.1")
def test_status_list_after_thats() -> None:
    # Gideon's Defeat
    (req,) = spell(
        "Exile target white creature that's attacking or blocking.", "Gideon's Defeat"
    ).requirements
    assert d.AnyOf((d.Status("attacking"), d.Status("blocking"))) in parts(req.descriptor)


@pytest.mark.rules("mtg:115.1", "mtg:601.2c")
@pytest.mark.parametrize(
    ("text", "name", "reason"),
    [
        # Rampaging Raptor: the second alternative has its own qualifier, not read yet
        # (each alternative's own postmodifiers are read since helper R6; "that player
        # protects" is not)
        (
            "Whenever Rampaging Raptor deals combat damage to an opponent, it deals that "
            "much damage to target planeswalker that player controls or battle that player "
            "protects.",
            "Rampaging Raptor",
            "target qualifier not understood",
        ),
    ],
)
def test_unread_rest_of_a_target_phrase_is_reported(text: str, name: str, reason: str) -> None:
    card = parse_card("mtg", text, name=name, type_line="Instant")
    assert any(p.reason == reason for p in card.unsupported), card.unsupported


@pytest.mark.rules("mtg:110.4a", "mtg:700.4")
@pytest.mark.parametrize(
    ("text", "name", "bounds", "whose"),
    [
        (
            "Choose up to two target permanent cards in your graveyard that were put there "
            "from the battlefield this turn. Return them to the battlefield tapped.",
            "Brought Back",
            (0, 2),
            "you",
        ),
        (
            "Choose up to three target permanent cards in graveyards that were put there from "
            "the battlefield this turn. Return each of them to the battlefield under its "
            "owner's control.",
            "Sudden Salvation",
            (0, 3),
            "any",
        ),
    ],
)
def test_permanent_cards_that_died_this_turn(
    text: str, name: str, bounds: tuple[int, int], whose: str
) -> None:
    card = parse_card("mtg", text, name=name, type_line="Instant")
    (req,) = card.target_requirements()
    assert (req.min, req.max, req.zone) == (*bounds, "graveyard")
    got = parts(req.descriptor)
    assert d.InZone("graveyard", whose) in got
    assert d.Condition("died_this_turn") in got
    assert req.text.endswith("from the battlefield this turn")


@pytest.mark.rules("mtg:702.62b", "mtg:115.1")
def test_permanent_or_suspended_card() -> None:
    # Fury Charm's third mode
    (req,) = spell(
        "Remove two time counters from target permanent or suspended card.", "Fury Charm"
    ).requirements
    assert req.text == "target permanent or suspended card"
    assert req.descriptor == d.AnyOf(
        (
            d.IsPermanent(),
            d.AllOf((d.IsCard(), d.InZone("exile"), d.Status("suspended"))),
        )
    )
    assert req.kinds == frozenset({"permanent", "card"})
