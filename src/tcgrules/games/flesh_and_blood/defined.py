"""Flesh and Blood power and defense printed as "(c)": the card's own text defines them.

A card whose power is printed as "(c)" ("*" in the card data) has an ability that
defines its base power at any time, in or out of the game (fab:2.9.2a); a "(c)"
defense likewise (fab:2.3.2a), and as a printed defense is the base defense (fab:2.3.2),
the value the ability gives stands where the printed number would: it is the base.
Such an ability defines a property and works in every zone: a property-static ability
(fab:5.4.5, fab:5.4.5a). So:

- the value follows the board: the game asks for it whenever it computes the object
  (:meth:`~tcgrules.kernel.ruleset.Ruleset.defined_values`);
- effects and counters modify it like a printed value (fab:2.0.3a, fab:2.0.3d), and it
  never goes below zero (fab:2.0.3c);
- a number the ability needs that can't be determined makes the value 0
  (fab:2.3.2a, fab:2.9.2a): the highest base {p} of no weapon at all, or a condition on
  your hero when you have none. An object counted without the property it asks for
  counts 0 (fab:1.8.7a); one whose own value is still being worked out (another
  "(c)" card) has no number yet and is left out;
- "you" is the card's controller; a card outside the arena and the stack has none
  (fab:1.3.1b), and as the same rule makes its owner its controller when it enters the
  arena, its text's "you" is then its owner (the count a Spectral Procession in hand
  shows is that of the Spectral Shields its owner controls);
- text tcgrules does not read gives an :class:`~tcgrules.kernel.characteristics.UnreadValue`:
  reading it raises NotSupportedError naming the card, never a silent 0.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from tcgrules.carddata.model import CardDefinition
from tcgrules.cardtext.nodes import CardText, DefinedValue, StaticAbility
from tcgrules.errors import NotSupportedError
from tcgrules.kernel.characteristics import UnreadValue, Value
from tcgrules.kernel.describe import Context, compile_descriptor, described_entries
from tcgrules.kernel.game import Game
from tcgrules.kernel.objects import GameObject
from tcgrules.kernel.ruleset import Ruleset


def definitions(text: CardText) -> dict[str, DefinedValue]:
    """The defining ability of each property a card's text defines, by property."""
    found: dict[str, DefinedValue] = {}
    for ability in text.abilities:
        if isinstance(ability, StaticAbility):
            for effect in ability.effects:
                if isinstance(effect, DefinedValue):
                    for prop in effect.props:
                        found.setdefault(prop, effect)
    return found


def you_of(game: Game, obj: GameObject) -> str:
    """Who "you" is in the object's text: its controller, else its owner (fab:1.3.1b)."""
    return game.controller(obj.ref) or obj.owner


def evaluate(game: Game, obj: GameObject, node: DefinedValue) -> int:
    """The value ``node`` defines for ``obj`` now (fab:2.9.2a); NotSupportedError if the
    description it counts is not supported."""
    you = you_of(game, obj)
    ctx = Context(game, you, obj.ref)
    compiled = compile_descriptor(node.descriptor, type(game.ruleset))
    if node.measure == "if":
        test = compiled.objects
        heroes = [game.seen_object(h) for h in game.zone("hero", you)]
        if test is None or not heroes:
            return 0  # no hero of yours: the number can't be determined
        return node.then if all(test(ctx, h) for h in heroes) else node.otherwise
    entries = list(described_entries(ctx, compiled))
    if node.measure == "count":
        if node.distinct is None:
            return node.multiplier * len(entries)
        different = {e.chars.value(node.distinct) for e in entries}
        different.discard(None)  # no such property: not counted (fab:1.8.7)
        return node.multiplier * len(different)
    prop = node.of or "power"
    values: list[int] = []
    for e in entries:
        base = game.base_characteristics(e.ref).value(prop)
        if base is None:
            values.append(0)  # fab:1.8.7a
        elif isinstance(base, int):
            values.append(base)
    return max(values) if values else 0  # none: can't be determined


def defined_values(
    game: Game, obj: GameObject, text: CardText | None, props: frozenset[str]
) -> Mapping[str, Value]:
    """The values of ``props`` that ``obj`` prints as a symbol, as its text defines them."""
    printed = {prop: value for prop in props if isinstance(value := obj.base.values.get(prop), str)}
    if not printed:
        return {}
    found = definitions(text) if text is not None else {}
    name = obj.base.name or obj.label
    out: dict[str, Value] = {}
    for prop, symbol in printed.items():
        node = found.get(prop)
        if node is None:
            feature = f"the {prop} of {name}, printed {symbol!r} and defined by its text"
            out[prop] = UnreadValue(symbol, feature)
            continue
        try:
            out[prop] = evaluate(game, obj, node)
        except NotSupportedError as exc:
            out[prop] = UnreadValue(symbol, f"the {prop} of {name} ({node.text}): {exc.feature}")
    return out


@dataclass(frozen=True, slots=True)
class DefinedRead:
    """One printed version of a card with a power or defense its text defines: which of
    those properties its text is read for, and the value each has in a new game with the
    card in its owner's hand (an int, or the feature that is not supported)."""

    name: str
    printed: Mapping[str, str]
    read: frozenset[str]
    values: Mapping[str, int | str] = field(default_factory=dict)

    @property
    def fully_read(self) -> bool:
        return self.read == frozenset(self.printed)


def read_pool(cards: Iterable[CardDefinition], ruleset: Ruleset) -> list[DefinedRead]:
    """Every card of a pool whose power or defense is printed as a symbol, with what the
    Flesh and Blood ``ruleset`` makes of its defining ability
    (benchmarks/fab_defined_values.py)."""
    found: list[DefinedRead] = []
    for card in cards:
        printed = {
            prop: str(value)
            for prop in sorted(ruleset.text_defined)
            if isinstance(value := card.values.get(prop), str)
        }
        if not printed:
            continue
        read = frozenset(definitions(ruleset.card_text(card))) & frozenset(printed)
        game = Game(ruleset, ["Owner", "Opponent"])
        chars = game.characteristics(game.create(card, "Owner", "hand"))
        values: dict[str, int | str] = {}
        for prop in printed:
            try:
                number = chars.number(prop)
                values[prop] = number if number is not None else "absent"
            except NotSupportedError as exc:
                values[prop] = exc.feature
        found.append(DefinedRead(card.name, printed, read, values))
    return found


__all__ = [
    "DefinedRead",
    "defined_values",
    "definitions",
    "evaluate",
    "read_pool",
    "you_of",
]
