"""'an' as the number one before a counter kind that starts with a vowel sound ("an oil
counter", "an indestructible counter"), read as "a" is (mtg:122.1, keyword counters
mtg:122.1b); "becomes blue", a change of colors alone (mtg:105.3)."""

from __future__ import annotations

import pytest

from tcgrules.cardtext import nodes as n
from tcgrules.games.magic.text import parse_magic


def _effects(text: str, name: str = "Test Card", type_line: str = "Artifact") -> tuple[object, ...]:
    card = parse_magic(text, name, type_line)
    assert not card.unsupported, card.unsupported
    (ability,) = card.abilities
    return tuple(ability.effects)


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        ("{T}: Put an oil counter on target artifact or creature you control.", "oil"),
        ("{1}: Put an indestructible counter on target creature.", "indestructible"),
        ("{2}: Put an ice counter on target land.", "ice"),
    ],
)
def test_put_an_counter_is_one_counter(text: str, kind: str) -> None:
    (effect,) = _effects(text)
    assert effect == n.PutCounters(n.TargetSlot(0), kind, 1)


def test_remove_an_counter_from_itself_is_one_counter() -> None:
    (effect,) = _effects("{3}: Remove an ice counter from Dark Depths.", "Dark Depths")
    assert effect == n.RemoveCounters(n.Self(), "ice", 1)


def test_tap_and_put_an_ice_counter_on_it() -> None:
    # Rimescale Dragon: "it" is the creature just tapped
    tap, put = _effects("{2}{S}: Tap target creature and put an ice counter on it.")
    assert tap == n.Tap(n.TargetSlot(0))
    assert isinstance(put, n.PutCounters)
    assert (put.kind, put.count) == ("ice", 1)


@pytest.mark.parametrize(
    ("text", "colors"),
    [
        # Sea Kings' Blessing, Cloudchaser Kestrel's ability
        ("One or more target creatures become blue until end of turn.", ("blue",)),
        ("{W}: Target permanent becomes white until end of turn.", ("white",)),
        ("Target creature becomes white and black until end of turn.", ("white", "black")),
    ],
)
def test_becomes_a_color_changes_colors_only(text: str, colors: tuple[str, ...]) -> None:
    """ "becomes blue": new colors in place of the old (mtg:105.3), types untouched."""
    (effect,) = _effects(text, type_line="Artifact" if ":" in text else "Instant")
    assert effect == n.Becomes(n.TargetSlot(0), colors=colors, duration="end_of_turn")
