"""Builder methods for numbers and conditions read from an object an earlier step of the
same effect moved (helper T1): "the discarded card's mana value", "the exiled card's
power", "half the sacrificed creature's power, rounded down", "the number of card types
the discarded card has", "if the sacrificed creature was red".

Each reads into :class:`~tcgrules.cardtext.nodes.OfMoved`: the object the same
resolution moved that way (mtg:608.2c), or that paid its cost (mtg:601.2h), or in a
reflexive ability what its parent moved (mtg:603.12), as it last existed (mtg:608.2h).
A mixin of :class:`~tcgrules.games.magic.text_build.MagicBuilder`; one method per alias
of the grammar's section of the same name (``grammar/magic.lark``).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from typing import Any

from lark import Token

from tcgrules.cardtext import nodes as n
from tcgrules.cardtext.build import TextContext
from tcgrules.games.magic.paid_costs import COST_VERBS
from tcgrules.games.magic.text_build_damage2 import _MOVES, _Way, moved_this_way
from tcgrules.games.magic.text_lexer import CARD_TYPE_WORDS
from tcgrules.games.magic.text_not_read import NotRead
from tcgrules.kernel import descriptors as d

#: the verbs read: how the object was used ("the exiled card"); "milled" and "returned"
#: are left out (no cost moves that way and no card of the pool says it so)
_VERBS = frozenset(COST_VERBS.values())


def _noun(token: Any) -> d.Descriptor:
    """ "card", "creature", "permanent", "creatures": what the object is."""
    word = str(token).lower()
    if word in {"card", "cards"}:
        return d.IsCard()
    if word in {"permanent", "permanents"}:
        return d.IsPermanent()
    kind = CARD_TYPE_WORDS.get(word)
    if kind is None:
        raise NotRead(f"“the … {word}” of an object moved earlier")
    return d.HasType(kind)


def _way(verb: Any, what: d.Descriptor) -> n.MovedThisWay:
    """The objects ``what`` describes that were used the way ``verb`` says."""
    word = str(verb).lower()
    if word not in _VERBS:
        raise NotRead(f"“the {word} …” (not a way an object is moved or shown)")
    to, origin = _MOVES[word]
    return moved_this_way(what, _Way(word, to, origin), 1)


def _prop(token: Any) -> str:
    word = str(token).lower()
    return "mana_value" if word == "mana" else word


class MovedObjectsBuilder:
    """Subtrees naming an object an earlier step moved → ``OfMoved`` amounts."""

    def t1_verbed_pt(self, c: list[Any]) -> n.OfMoved:
        """ "the exiled card's power", "the sacrificed creature's toughness"."""
        return n.OfMoved(_prop(c[4]), _way(c[1], _noun(c[2])))

    def t1_verbed_mana_value(self, c: list[Any]) -> n.OfMoved:
        """ "the discarded card's mana value" (mtg:202.3)."""
        return n.OfMoved("mana_value", _way(c[1], _noun(c[2])))

    def t1_pt_of_verbed(self, c: list[Any]) -> n.OfMoved:
        """ "the power of the exiled card"."""
        return n.OfMoved(_prop(c[1]), _way(c[4], _noun(c[5])))

    def t1_mana_value_of_verbed(self, c: list[Any]) -> n.OfMoved:
        """ "the mana value of the discarded card"."""
        return n.OfMoved("mana_value", _way(c[5], _noun(c[6])))

    def t1_pt_of_you_verbed(self, c: list[Any]) -> n.OfMoved:
        """ "the power of the card you exiled" (Flesh)."""
        return n.OfMoved(_prop(c[1]), _way(c[-1], d.IsCard()))

    def t1_mana_value_of_you_verbed(self, c: list[Any]) -> n.OfMoved:
        """ "the mana value of the card you discarded"."""
        return n.OfMoved("mana_value", _way(c[-1], d.IsCard()))

    def t1_mana_value_of_this_way(self, c: list[Any]) -> n.OfMoved:
        """ "the mana value of the permanent exiled this way" (Ruinous Intrusion)."""
        if str(c[-1]).lower() != "way":
            raise NotRead(f"“this {c[-1]}”")
        return n.OfMoved("mana_value", _way(c[6], _noun(c[5])))

    def t1_half_verbed_power(self, c: list[Any]) -> n.Half:
        """ "half the sacrificed creature's power, rounded down" (mtg:107.1a)."""
        if str(c[0]).lower() != "half":
            raise NotRead(f"“{c[0]} the …'s power”")
        return n.Half(n.OfMoved("power", _way(c[2], _noun(c[3]))), c[-1])

    def t1_card_types_of_verbed(self, c: list[Any]) -> n.OfMoved:
        """ "the number of card types the discarded card has" (mtg:205.2a)."""
        return n.OfMoved("card_types", _way(c[6], d.IsCard()))

    def t1_total_power_of_verbed(self, c: list[Any]) -> n.OfMoved:
        """ "the total power of the sacrificed creatures": each one's, added up."""
        return n.OfMoved("power", _way(c[5], _noun(c[6])), total=True)

    def t1_total_mana_value_of_verbed(self, c: list[Any]) -> n.OfMoved:
        """ "the total mana value of the discarded cards"."""
        return n.OfMoved("mana_value", _way(c[6], _noun(c[7])), total=True)

    def t1_verbed_was_color(self, c: list[Any]) -> n.NumberCondition:
        """ "if the sacrificed creature was red": it had that color as it last existed
        (mtg:608.2h)."""
        what = d.AllOf((_noun(c[2]), d.Color(str(c[-1]).lower())))
        return n.NumberCondition(n.OfMoved("count", _way(c[1], what)), ">=", 1)

    def t1_color_card_verbed_this_way(self, c: list[Any]) -> n.NumberCondition:
        """ "If a red card is discarded this way" (Chandra Ablaze)."""
        if str(c[-1]).lower() != "way":
            raise NotRead(f"“this {c[-1]}”")
        what = d.AllOf((d.IsCard(), d.Color(str(c[1]).lower())))
        return n.NumberCondition(n.OfMoved("count", _way(c[4], what)), ">=", 1)

    def t1_you_discard_type_this_way(self, c: list[Any]) -> n.NumberCondition:
        """ "If you discard a creature card this way" (Cragganwick Cremator)."""
        kind = CARD_TYPE_WORDS.get(str(c[3]).lower())
        if kind is None or str(c[-1]).lower() != "way":
            raise NotRead(f"“discard a {c[3]} card this {c[-1]}”")
        what = d.AllOf((d.IsCard(), d.HasType(kind)))
        return n.NumberCondition(n.OfMoved("count", _way("discarded", what)), ">=", 1)

    def t1_verbed_was_type(self, c: list[Any]) -> n.NumberCondition:
        """ "If the discarded card was a land card"."""
        kind = CARD_TYPE_WORDS.get(str(c[-2]).lower())
        if kind is None:
            raise NotRead(f"“was a {c[-2]} card”")
        what = d.AllOf((d.IsCard(), d.HasType(kind)))
        return n.NumberCondition(n.OfMoved("count", _way(c[1], what)), ">=", 1)


#: the verb each participle comes from, as the line says it ("sacrific" covers
#: "sacrifice" and "sacrifices")
_STEMS = {"discarded": "discard", "exiled": "exile", "revealed": "reveal", "sacrificed": "sacrific"}


def _moved_in(value: object) -> Iterator[n.OfMoved]:
    """Every ``OfMoved`` inside an effect node (its fields, tuples of them)."""
    if isinstance(value, n.OfMoved):
        yield value
    elif isinstance(value, tuple):
        for item in value:
            yield from _moved_in(item)
    elif hasattr(value, "__dataclass_fields__") and not isinstance(value, d.Descriptor):
        for name in value.__dataclass_fields__:
            yield from _moved_in(getattr(value, name))


def moved_elsewhere_refused(
    ctx: TextContext, body: tuple[int, int], effects: tuple[Any, ...]
) -> tuple[Any, ...]:
    """Keep "the exiled card" only where the same line moves it: its cost or an earlier
    step says the verb ("Discard a card: ... the discarded card's mana value"), or it is
    an instant's or sorcery's (whose additional cost, on its own line, does: mtg:601.2h).
    "the exiled card" of another ability (Bishop of Binding's, a Saga's earlier chapter)
    is that ability's object, not read: a wrong object is worse than none."""
    start = ctx.clean.rfind("\n", 0, body[0]) + 1
    end = ctx.clean.find("\n", body[1])
    line = ctx.clean[start : end if end >= 0 else len(ctx.clean)].lower()
    said = [word for word in _STEMS if word in line]
    if not said or ctx.spell:
        return effects
    out: list[Any] = []
    for effect in effects:
        kept = effect
        for found in _moved_in(effect):
            word = found.way.word
            if _STEMS[word] not in line.replace(word, ""):
                ctx.add(body[0], body[1], f"“the {word} …” names what another ability moved")
                kept = n.UnsupportedEffect(ctx.phrase(body[0], body[1]), body)
                break
        out.append(kept)
    return tuple(out)


class AdditionalCostBuilder:
    """ "As an additional cost to cast ~, ..." → ``AdditionalCost``."""

    def t1_additional_cost(self, c: list[Any]) -> n.AdditionalCost:
        """ "As an additional cost to cast ~, sacrifice a creature" (mtg:601.2f): what
        the caster pays with. Only a permanent is sacrificed (mtg:701.17a), only a card
        in a hand is discarded (mtg:701.8a) or revealed (mtg:701.16a)."""
        if str(c[2]).lower() != "additional":
            raise NotRead(f"“as an {c[2]} cost”")
        verb = COST_VERBS[str(c[8]).lower()]
        how, nominal = c[9], c[10]
        count: n.Amount | None
        if isinstance(how, Token) and how.type in {"A", "AN"}:
            count = 1
        elif isinstance(how, Token) and how.type == "ALL":
            count = None
        else:
            count = how
        where = {"sacrificed": "battlefield", "discarded": "hand", "revealed": "hand"}.get(verb)
        if where is not None and nominal.zone not in {None, where}:
            raise NotRead(f"“{c[8]} … {nominal.zone}”")
        return n.AdditionalCost(verb, nominal.descriptor, count)


class SacrificeBuilder:
    """ "Sacrifice a creature." → ``Sacrifice`` by the controller."""

    def t1_sacrifice(self, c: list[Any]) -> n.Sacrifice:
        """ "Sacrifice a creature": the controller sacrifices one of their choice among
        the permanents they control (mtg:701.17a)."""
        descriptor, count = c[1]
        return n.Sacrifice(n.You(), descriptor, count)

    def t1_sacrifice_another(self, c: list[Any]) -> n.Sacrifice:
        """ "sacrifice another creature": one other than the source (mtg:701.17a)."""
        descriptor, count = self.y4_sacrificed([Token("AN", "an"), c[2]])  # type: ignore[attr-defined]
        return n.Sacrifice(n.You(), d.AllOf((descriptor, d.Other())), count)


def _power_of_it_replaced(value: Any, by: n.OfMoved, word: str = "that creature") -> Any:
    """``value`` with each "that creature's power" (``PowerOf(It(word))``; "that card's
    mana value", ``NumberOf``) in it read as the number ``by``'s way names."""
    if isinstance(value, n.PowerOf) and value.of == n.It(word):
        return replace(by, prop="power")
    if isinstance(value, n.NumberOf) and value.of == n.It(word):
        return replace(by, prop=value.prop)
    if isinstance(value, tuple):
        return tuple(_power_of_it_replaced(v, by, word) for v in value)
    if hasattr(value, "__dataclass_fields__") and not isinstance(value, d.Descriptor):
        changes = {
            name: new
            for name in value.__dataclass_fields__
            if (new := _power_of_it_replaced(old := getattr(value, name), by, word)) is not old
        }
        return replace(value, **changes) if changes else value
    return value


def that_card_moved(effects: tuple[Any, ...]) -> tuple[Any, ...]:
    """ "If you discard a creature card this way, ~ deals damage equal to that card's
    power": "that card" inside is the object the condition found (mtg:608.2c), read as
    it last existed (mtg:608.2h)."""
    out: list[Any] = []
    for effect in effects:
        kept = effect
        condition = effect.condition if isinstance(effect, n.IfCondition) else None
        if isinstance(condition, n.NumberCondition) and isinstance(condition.amount, n.OfMoved):
            found = condition.amount
            kept = replace(
                effect, effects=_power_of_it_replaced(effect.effects, found, "that card")
            )
        out.append(kept)
    return tuple(out)


def _one_sacrificed(effect: Any) -> n.Sacrifice | None:
    """The controller's sacrifice of one permanent ``effect`` is (or may be), if so."""
    if isinstance(effect, n.May) and len(effect.effects) == 1:
        effect = effect.effects[0]
    if (
        isinstance(effect, n.Sacrifice)
        and effect.who == n.You()
        and effect.count == 1
        and effect.among is None
    ):
        return effect
    return None


def sacrificed_that_creature(effects: tuple[Any, ...]) -> tuple[Any, ...]:
    """ "you may sacrifice another creature. When you do, ~ deals damage equal to that
    creature's power", "sacrifice another creature. You gain X life ..., where X is that
    creature's power": "that creature" right after the sacrifice (in a reflexive
    ability of it, mtg:603.12, or the sentences that follow at once) is the one
    sacrificed, its power as it last existed on the battlefield (mtg:608.2h)."""
    out: list[Any] = []
    sacrificed: n.Sacrifice | None = None
    for effect in effects:
        kept = effect
        if sacrificed is not None and not (
            isinstance(effect, n.ReflexiveTrigger) and effect.when is not None
        ):
            way = _way("sacrificed", sacrificed.descriptor)
            kept = _power_of_it_replaced(effect, n.OfMoved("power", way))
        out.append(kept)
        sacrificed = _one_sacrificed(effect) or (sacrificed if kept is not effect else None)
    return tuple(out)
