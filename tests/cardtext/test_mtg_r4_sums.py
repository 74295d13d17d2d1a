"""Magic numbers that add two numbers ("... plus the number of ..."), take the larger of
two ("2 or the greatest power among ..., whichever is greater") and divided damage whose
total the text computes (", where X is ...", "X plus 1"): read as printed (Oracle text),
each number taken as the effect happens (mtg:608.2h) or as the division is announced
(mtg:601.2d). Helper R4."""

from __future__ import annotations

from tcgrules.cardtext import nodes as n
from tcgrules.cardtext import parse_card
from tcgrules.kernel import descriptors as d


def effects(text: str, name: str, type_line: str = "Instant") -> tuple[object, ...]:
    card = parse_card("mtg", text, name=name, type_line=type_line)
    assert not card.unsupported, card.unsupported
    ability = card.abilities[-1]
    assert not isinstance(ability, n.Unsupported)
    return ability.effects


def _yours(kind: d.Descriptor) -> n.CountOf:
    return n.CountOf(d.AllOf((kind, d.Controller("you"))))


def test_number_plus_number_where_x() -> None:
    (deal,) = effects(
        "Hobbit's Sting deals X damage to target creature, where X is the number of "
        "creatures you control plus the number of Foods you control.",
        "Hobbit's Sting",
    )
    assert isinstance(deal, n.DealDamage)
    assert deal.amount == n.Sum((_yours(d.HasType("creature")), _yours(d.HasSubtype("food"))))
    assert deal.to == n.TargetSlot(0)


def test_damage_equal_to_a_sum_before_the_target() -> None:
    (deal,) = effects(
        "Slash of Light deals damage equal to the number of creatures you control plus "
        "the number of Equipment you control to target creature.",
        "Slash of Light",
    )
    assert isinstance(deal, n.DealDamage)
    assert deal.amount == n.Sum((_yours(d.HasType("creature")), _yours(d.HasSubtype("equipment"))))


def test_printed_number_plus_count_still_reads() -> None:
    """ "2 plus the number of ...": the printed-number sum (helper Y2) still reads with
    "plus" its own terminal."""
    (deal,) = effects(
        "Kindle deals X damage to any target, where X is 2 plus the number of cards "
        "named Kindle in all graveyards.",
        "Kindle",
    )
    assert isinstance(deal, n.DealDamage)
    assert isinstance(deal.amount, n.Sum)
    two, count = deal.amount.terms
    assert two == 2
    assert isinstance(count, n.CountOf)


def test_whichever_is_greater() -> None:
    (deal,) = effects(
        "Triumphant Chomp deals damage to target creature equal to 2 or the greatest "
        "power among Dinosaurs you control, whichever is greater.",
        "Triumphant Chomp",
        "Sorcery",
    )
    assert isinstance(deal, n.DealDamage)
    assert isinstance(deal.amount, n.Max)
    two, greatest = deal.amount.terms
    assert two == 2
    assert isinstance(greatest, n.GreatestAmong)
    assert greatest.prop == "power"


def test_whichever_is_lesser_not_read() -> None:
    card = parse_card(
        "mtg",
        "Foo deals damage to target creature equal to 2 or the greatest power among "
        "Dinosaurs you control, whichever is less.",
        name="Foo",
        type_line="Sorcery",
    )
    assert card.unsupported


def test_x_plus_one_divided() -> None:
    (deal,) = effects(
        "Meteor Shower deals X plus 1 damage divided as you choose among any number of targets.",
        "Meteor Shower",
        "Sorcery",
    )
    assert isinstance(deal, n.DealDamage)
    assert deal.divided
    assert deal.amount == n.Sum(("X", 1))
    card = parse_card(
        "mtg",
        "Meteor Shower deals X plus 1 damage divided as you choose among any number of targets.",
        name="Meteor Shower",
        type_line="Sorcery",
    )
    (req,) = card.target_requirements()
    assert req.divided and req.min == 1 and req.max is None


def test_divided_x_defined_by_the_text() -> None:
    card = parse_card(
        "mtg",
        "When Ureni enters, it deals X damage divided as you choose among any number of "
        "target creatures and/or planeswalkers your opponents control, where X is the "
        "number of lands you control.",
        name="Ureni, the Song Unending",
        type_line="Legendary Creature — Spirit Dragon",
    )
    assert not card.unsupported
    ability = card.abilities[0]
    assert isinstance(ability, n.TriggeredAbility)
    (deal,) = ability.effects
    assert isinstance(deal, n.DealDamage)
    assert deal.divided
    assert deal.amount == _yours(d.HasType("land"))


def test_divided_x_counted_as_you_cast() -> None:
    (deal,) = effects(
        "Volcanic Wind deals X damage divided as you choose among any number of target "
        "creatures, where X is the number of creatures on the battlefield as you cast "
        "this spell.",
        "Volcanic Wind",
        "Sorcery",
    )
    assert isinstance(deal, n.DealDamage)
    assert deal.divided
    assert deal.amount == n.CountOf(d.AllOf((d.HasType("creature"), d.IsPermanent())))


def test_as_you_cast_for_an_undivided_number_not_read() -> None:
    """Only a divided total is taken while the spell is cast (mtg:601.2d); any other
    number would be counted as it resolves, so "as you cast" is not read there."""
    card = parse_card(
        "mtg",
        "Foo deals X damage to target creature, where X is the number of creatures on "
        "the battlefield as you cast this spell.",
        name="Foo",
        type_line="Sorcery",
    )
    assert card.unsupported
