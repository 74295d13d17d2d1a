"""Builder methods of the second damage pass (helper Z1): numbers of what an earlier part
of the same resolution did, "this way" (mtg:608.2c).

A mixin of :class:`~tcgrules.games.magic.text_build.MagicBuilder`; one method per alias
of the grammar's "damage, second pass" section (``grammar/magic.lark``).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from tcgrules.cardtext import nodes as n
from tcgrules.cardtext.build import field_names
from tcgrules.games.magic.text_not_read import NotRead
from tcgrules.kernel import descriptors as d

#: the verbs of "[cards] VERBED this way" read, with the zone the objects were put into
#: and, where the verb says, the zone they came from: exiling (mtg:701.11a), milling
#: (from a library, mtg:701.13a), discarding (from a hand, mtg:701.8a), returning to a
#: hand (from the battlefield) and sacrificing (from the battlefield, mtg:701.17a)
_MOVES: dict[str, tuple[str, str | None]] = {
    "exiled": ("exile", None),
    "milled": ("graveyard", "library"),
    "discarded": ("graveyard", "hand"),
    "returned": ("hand", "battlefield"),
    "sacrificed": ("graveyard", "battlefield"),
    "revealed": ("", None),
}
#: the verbs whose objects were not moved but shown where they are (mtg:701.16b): the
#: event they were logged with
_SHOWN: dict[str, str] = {"revealed": "revealed"}


class _Way:
    """ "exiled this way": where the objects went, and from where."""

    __slots__ = ("origin", "to", "word")

    def __init__(self, word: str, to: str, origin: str | None) -> None:
        self.word = word
        self.to = to
        self.origin = origin


class Damage2Builder:
    """Tokens and subtrees of "this way" amounts → amount nodes."""

    def z1_way_verb(self, c: list[Any]) -> _Way:
        """ "exiled this way", "milled this way": the verb names the move."""
        word = str(c[0]).lower()
        if str(c[-1]).lower() != "way" or word not in _MOVES:
            raise NotRead(f"“{word} this {c[-1]}”")
        to, origin = _MOVES[word]
        return _Way(word, to, origin)

    def z1_way_graveyard(self, c: list[Any]) -> _Way:
        """ "put into their graveyard this way": into a graveyard, from anywhere."""
        if str(c[-1]).lower() != "way":
            raise NotRead(f"“this {c[-1]}”")
        return _Way("put into a graveyard", "graveyard", None)

    def z1_for_each_way(self, c: list[Any]) -> tuple[Any, ...]:
        """ "then you draw a card for each land card put into their graveyard this way":
        the clause's one printed number, times how many such objects the earlier part
        moved (the amounts family's "for each", counted this way)."""
        counted: tuple[Any, ...] = self.y2_for_each([c[0], *c[1:-1]])  # type: ignore[attr-defined]
        return tuple(_this_way(effect, c[-1]) for effect in counted)

    def z1_create_for_each_way(self, c: list[Any]) -> n.CreateToken:
        """ "create a 2/2 black Zombie creature token for each card exiled this way"."""
        token: n.CreateToken = self.w1_create_for_each(c[:-1])  # type: ignore[attr-defined]
        made: n.CreateToken = _this_way(token, c[-1])
        return made

    def z1_deal_target_controller_mana_value(self, c: list[Any]) -> n.DealDamage:
        """ "Refuse deals damage to target spell's controller equal to that spell's mana
        value": "that spell" is the target; the player who controls it (mtg:112.2) is
        dealt damage equal to its mana value (mtg:202.3), both read as the effect
        happens (mtg:608.2h)."""
        target = c[4]
        return n.DealDamage(n.NumberOf("mana_value", target), n.ControllerOf(target), source=c[0])

    def z1_they_each_deal(self, c: list[Any]) -> n.EachDealsPower:
        """ "They each deal damage equal to their power to ...": what "they" names is
        settled with the whole ability (:func:`settle_they`)."""
        return n.EachDealsPower(n.It("they"), c[-1])

    def z1_deal_and_draw(self, c: list[Any]) -> tuple[n.DealDamage, n.Draw]:
        """ "~ deals 2 damage to any target and you draw a card": the damage, then the
        draw (mtg:608.2c, mtg:121.1)."""
        return n.DealDamage(c[2], c[5], source=c[0]), n.Draw(n.You(), c[-2])

    def z1_number_this_way(self, c: list[Any]) -> n.MovedThisWay:
        """ "the number of nonland cards milled this way"."""
        return moved_this_way(c[-2].descriptor, c[-1], 1)


def moved_this_way(descriptor: d.Descriptor, way: _Way, multiplier: int | str) -> n.MovedThisWay:
    """The objects ``descriptor`` describes, looked for in the zone they were moved to
    (the words' own zone, if any, gives way to it)."""
    event = _SHOWN.get(way.word, "moved")
    if event != "moved":
        # shown where they are (mtg:701.16b): found there, wherever that is
        return n.MovedThisWay(descriptor, way.to, way.word, way.origin, multiplier, event)
    parts = descriptor.parts if isinstance(descriptor, d.AllOf) else (descriptor,)
    kept = [p for p in parts if not isinstance(p, d.InZone)]
    if any(isinstance(p, d.InZone) and p.zone != way.to for p in parts):
        raise NotRead("“this way” about objects in another zone than the one they went to")
    if any(isinstance(p, d.ControlledBy | d.Controller) for p in kept):
        raise NotRead("“this way” about objects someone controls")
    where = d.InZone(way.to)
    full = d.AllOf((*kept, where)) if kept else where
    return n.MovedThisWay(full, way.to, way.word, way.origin, multiplier)


def _this_way(effect: Any, way: _Way) -> Any:
    """The effect with its "for each" count (:class:`~tcgrules.cardtext.nodes.CountOf`)
    counted this way instead."""
    if not hasattr(effect, "__dataclass_fields__"):
        return effect
    changes = {
        name: moved_this_way(value.descriptor, way, value.multiplier)
        for name in effect.__dataclass_fields__
        if isinstance(value := getattr(effect, name), n.CountOf)
    }
    return replace(effect, **changes) if changes else effect


def this_way_refused(effect: Any, previous: Any, trigger_text: str | None) -> bool:
    """Whether a "this way" count in ``effect`` can't be read as what an earlier part of
    the same resolution did (mtg:608.2c): there is no earlier part (``previous`` is
    None: "Whenever you discard one or more cards, target creature gets +2/+0 ... for
    each card discarded this way" means the trigger's discard), or the trigger event
    is itself such a move, which the words might mean instead."""
    found = _moved(effect)
    if not found:
        return False
    if previous is None:
        return True
    stems = {"exiled": "exile", "milled": "mill", "discarded": "discard"}
    return trigger_text is not None and any(
        (stems.get(m.word) or m.word.split()[0].removesuffix("ed")) in trigger_text.lower()
        for m in found
    )


def _moved(node: Any) -> list[n.MovedThisWay]:
    if isinstance(node, n.MovedThisWay):
        return [node]
    if isinstance(node, tuple):
        return [m for part in node for m in _moved(part)]
    return [m for name in field_names(type(node)) for m in _moved(getattr(node, name))]


def settle_they(effect: Any, previous: Any) -> Any:
    """ "they" of :class:`~tcgrules.cardtext.nodes.EachDealsPower`: the first target when
    the sentence before acts on it alone ("One or two target creatures you control each
    get +1/+0 until end of turn. They each deal damage ...", "Tap one or two target
    untapped creatures you control. They each deal ..."); None where it names
    anything else (not read)."""
    if not isinstance(effect, n.EachDealsPower) or effect.sources != n.It("they"):
        return effect
    if isinstance(previous, n.ModifyPT | n.Tap) and previous.what == n.TargetSlot(0):
        return replace(effect, sources=n.TargetSlot(0))
    return None
