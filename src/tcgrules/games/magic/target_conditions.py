"""Conditions on one object that target phrases and "[effect] if it ..." name (helper T4).

Each key is the name of a :class:`~tcgrules.kernel.descriptors.Condition` the reader
gives (:mod:`tcgrules.games.magic.text_build_target_conditions`); its test looks at the
object as it is now. A target phrase's condition is checked as targets are chosen and
again as the spell or ability resolves (mtg:601.2c, mtg:608.2b); the condition of
"Counter target spell if it was kicked" only on resolution (mtg:608.2c).

- ``kicked``: a spell whose kicker cost was paid as it was cast (mtg:702.33d);
- ``shares_a_color_with_your:<type>``: it has a color that some object of that type its
  asker controls has (mtg:105.2);
- ``shares_most_common_color``: it has one of the colors most permanents on the
  battlefield have (each permanent counted once for each of its colors; a tie gives
  several, mtg:105.2);
- ``you_control_more_than_its_controller:<type>``: the asker controls more objects of
  that type than its controller does;
- ``greatest_power_among:<type>`` / ``least_power_among:<type>``: no other object of
  that type on the battlefield has greater (lesser) power (ties count);
- ``controller_controls_no_other:<type>``: its controller controls no other object of
  that type;
- ``another_permanent_has_its_name``: another permanent has a name in common with it
  (mtg:201.2a);
- ``even:<prop>`` / ``odd:<prop>``: that number is even (zero is) or odd;
- ``power_toughness_unequal``: its power and toughness differ (mtg:208.1);
- ``exactly_colors:<n>``: it has exactly that many colors (mtg:105.2);
- ``activated_ability_with_cost:<symbol>``: it has an activated ability whose cost has
  that symbol (mtg:602.1, mtg:107.5).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from functools import cache

from tcgrules.cardtext.nodes import ActivatedAbility
from tcgrules.errors import NotSupportedError
from tcgrules.kernel.describe import Context
from tcgrules.kernel.game import Seen

#: a test of one object for a condition key
ObjectTest = Callable[[Context, Seen], bool]


def _permanents(c: Context, card_type: str | None = None) -> list[Seen]:
    """The permanents on the battlefield now (of ``card_type`` if given)."""
    return [
        e
        for e in c.game.seen(c.game.ruleset.battlefield)
        if not e.obj.phased_out and (card_type is None or card_type in e.chars.types)
    ]


def _kicked(c: Context, e: Seen) -> bool:
    """A spell whose kicker cost its controller paid as it was cast (mtg:702.33d)."""
    return e.obj.stack is not None and e.obj.stack.cast_option("kicked") > 0


def _shares_a_color_with_your(card_type: str) -> ObjectTest:
    def test(c: Context, e: Seen) -> bool:
        colors = e.chars.colors
        return bool(colors) and any(
            other.controller == c.you and colors & other.chars.colors
            for other in _permanents(c, card_type)
        )

    return test


def _shares_most_common_color(c: Context, e: Seen) -> bool:
    """It has a color that the most permanents have, or one tied for that (mtg:105.2)."""
    counts: Counter[str] = Counter()
    for other in _permanents(c):
        counts.update(other.chars.colors)
    if not counts:
        return False
    most = max(counts.values())
    return any(counts[color] == most for color in e.chars.colors)


def _you_control_more(card_type: str) -> ObjectTest:
    def test(c: Context, e: Seen) -> bool:
        mine = theirs = 0
        for other in _permanents(c, card_type):
            mine += other.controller == c.you
            theirs += other.controller == e.controller
        return mine > theirs

    return test


def _power(e: Seen) -> int:
    power = e.chars.power
    return power if isinstance(power, int) else 0


def _extreme_power(card_type: str, greatest: bool) -> ObjectTest:
    """No other object of ``card_type`` on the battlefield has greater (``greatest``)
    or lesser power than this one; a tie is allowed."""

    def test(c: Context, e: Seen) -> bool:
        mine = _power(e)
        for other in _permanents(c, card_type):
            if other.ref.id == e.ref.id:
                continue
            theirs = _power(other)
            if (theirs > mine) if greatest else (theirs < mine):
                return False
        return True

    return test


def _controls_no_other(card_type: str) -> ObjectTest:
    def test(c: Context, e: Seen) -> bool:
        return not any(
            other.controller == e.controller and other.ref.id != e.ref.id
            for other in _permanents(c, card_type)
        )

    return test


def _another_permanent_has_its_name(c: Context, e: Seen) -> bool:
    """Another permanent has a name in common with it; a nameless object shares a name
    with nothing (mtg:201.2a)."""
    name = e.chars.name
    if not name:
        return False
    rs = c.game.ruleset
    return any(
        other.ref.id != e.ref.id and rs.is_named(other.chars, name) for other in _permanents(c)
    )


def _parity(prop: str, even: bool) -> ObjectTest:
    def test(c: Context, e: Seen) -> bool:
        value = e.chars.number(prop)
        return value is not None and (value % 2 == 0) == even

    return test


def _power_toughness_unequal(c: Context, e: Seen) -> bool:
    """Its power and toughness are different numbers (mtg:208.1)."""
    power, toughness = e.chars.power, e.chars.toughness
    return power is not None and toughness is not None and power != toughness


def _exactly_colors(count: int) -> ObjectTest:
    return lambda c, e: len(e.chars.colors) == count


def _activated_with_cost(symbol: str) -> ObjectTest:
    """It has an activated ability (mtg:602.1) whose cost has ``symbol`` ({T}: the tap
    symbol, mtg:107.5). An ability of its card the reader could not read at all might be
    one: then the answer is not known and checking it is refused."""

    def test(c: Context, e: Seen) -> bool:
        for ability in e.chars.abilities:
            if isinstance(ability, ActivatedAbility) and symbol in ability.cost.parts:
                return True
        card = e.obj.card
        if card is not None and any(
            symbol in part.text and ":" in part.text
            for part in c.game.ruleset.card_text(card).unsupported
        ):
            raise NotSupportedError(
                f"whether {c.game.describe(e.ref)} has an activated ability with {symbol} in "
                "its cost",
                "a line of its text is not read",
            )
        return False

    return test


_TESTS: dict[str, ObjectTest] = {
    "kicked": _kicked,
    "shares_most_common_color": _shares_most_common_color,
    "another_permanent_has_its_name": _another_permanent_has_its_name,
    "power_toughness_unequal": _power_toughness_unequal,
}

_MADE: dict[str, Callable[[str], ObjectTest | None]] = {
    "shares_a_color_with_your": _shares_a_color_with_your,
    "you_control_more_than_its_controller": _you_control_more,
    "greatest_power_among": lambda t: _extreme_power(t, greatest=True),
    "least_power_among": lambda t: _extreme_power(t, greatest=False),
    "controller_controls_no_other": _controls_no_other,
    "even": lambda prop: _parity(prop, even=True),
    "odd": lambda prop: _parity(prop, even=False),
    "exactly_colors": lambda n: _exactly_colors(int(n)) if n.isdigit() else None,
    "activated_ability_with_cost": _activated_with_cost,
}


@cache
def condition_test(name: str) -> ObjectTest | None:
    """The test a condition key of this family stands for, or None if it is not one."""
    found = _TESTS.get(name)
    if found is not None:
        return found
    head, _, argument = name.partition(":")
    make = _MADE.get(head)
    return None if make is None or not argument else make(argument)


__all__ = ["condition_test"]
