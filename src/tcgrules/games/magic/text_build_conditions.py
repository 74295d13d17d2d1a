"""Builder methods for what an "if [condition], ..." says (helper Y1).

A mixin of :class:`~tcgrules.games.magic.text_build.MagicBuilder`: one method per alias of
the grammar's "conditions" section, whose start symbol ``y1_condition`` reads the words
between "if" and the comma (text.py's ``_condition``). Each gives either a
:class:`~tcgrules.cardtext.nodes.NumberCondition` (a count compared with a number,
checked as the effect would happen, mtg:608.2c) or a key Magic's
:mod:`~tcgrules.games.magic.conditions` answers (or says it can't: then resolving the
effect is not supported). A tree it can't give a meaning to raises ``NotRead``.
"""

from __future__ import annotations

from typing import Any

from lark import Token

from tcgrules.cardtext import nodes as n
from tcgrules.cardtext.build import DraftRef
from tcgrules.games.magic.text_not_read import NotRead
from tcgrules.kernel import descriptors as d

#: a compared number: ("comparison", value)
_Some = tuple[d.Comparison, int]


def _word(token: object, *words: str) -> None:
    """A fixed plain word of a rule (the lexer gives it as WORD): anything else is not
    this shape."""
    if not isinstance(token, Token) or str(token).lower() not in words:
        raise NotRead(f"expected {' or '.join(words)!r}, not {token!r}")


def _parts(descriptor: d.Descriptor) -> list[d.Descriptor]:
    if isinstance(descriptor, d.AllOf | d.AnyOf):
        return [x for p in descriptor.parts for x in _parts(p)]
    if isinstance(descriptor, d.Not):
        return _parts(descriptor.part)
    return [descriptor]


def _count(descriptor: d.Descriptor, some: _Some) -> n.NumberCondition:
    return n.NumberCondition(n.CountOf(descriptor), some[0], some[1])


def _of_objects(nominal: Any) -> d.Descriptor:
    """What a nominal describes, which must be objects (no player: "you control two or
    more opponents" means nothing)."""
    descriptor: d.Descriptor = nominal.descriptor
    if any(isinstance(p, d.IsPlayer | d.PlayerIs) for p in _parts(descriptor)):
        raise NotRead("a count of players in a condition")
    return descriptor


class ConditionsBuilder:
    """ "If you control two or more Gates", "if there are four or more creature cards in
    your graveyard", "if ~ is tapped", ..."""

    # how many: "a", "two or more", "three or fewer"
    def y1_one(self, c: list[Any]) -> _Some:
        return (">=", 1)

    def y1_or_more(self, c: list[Any]) -> _Some:
        if not isinstance(c[0], int):
            raise NotRead("a variable count in a condition")
        return (">=", c[0])

    def y1_or_fewer(self, c: list[Any]) -> _Some:
        _word(c[-1], "fewer")
        if not isinstance(c[0], int):
            raise NotRead("a variable count in a condition")
        return ("<=", c[0])

    # permanents you control (counted on the battlefield, mtg:110.2)
    def _controlled(self, nominal: Any, other: bool) -> d.Descriptor:
        if nominal.zone not in {None, "battlefield"}:
            raise NotRead("you control: something that isn't a permanent")
        parts = [_of_objects(nominal), d.Controller("you")]
        if other:
            parts.append(d.Other())  # other than the object the ability is on
        return d.AllOf(tuple(parts))

    def y1_you_control(self, c: list[Any]) -> n.NumberCondition:
        return _count(self._controlled(c[-1], other=False), c[2])

    def y1_you_control_another(self, c: list[Any]) -> n.NumberCondition:
        return _count(self._controlled(c[-1], other=True), (">=", 1))

    def y1_you_control_at_least(self, c: list[Any]) -> n.NumberCondition:
        """ "If you control at least seven lands". "At least five other Mountains" is not
        read: after a trigger about another Mountain (Valakut) "other" means other than
        that one, which the condition can't tell from the ability's source."""
        _word(c[3], "least")
        if not isinstance(c[4], int):
            raise NotRead("a variable count in a condition")
        if any(isinstance(t, Token) and t.type == "OTHER" for t in c):
            raise NotRead("at least N other: other than what")
        return _count(self._controlled(c[-1], other=False), (">=", c[4]))

    # cards in a zone
    def y1_you_have(self, c: list[Any]) -> n.NumberCondition:
        """ "If you have four or more creature cards in your graveyard": cards in a zone
        of yours (mtg:404.1, mtg:402.1)."""
        descriptor = _of_objects(c[-1])
        zones = [p for p in _parts(descriptor) if isinstance(p, d.InZone)]
        if not zones or any(z.whose != "you" or z.zone not in {"graveyard", "hand"} for z in zones):
            raise NotRead("you have: not cards in your graveyard or hand")
        return _count(descriptor, c[2])

    def y1_cards_in_hand(self, c: list[Any]) -> n.NumberCondition:
        """ "If you have three or fewer cards in hand" (mtg:402.1)."""
        return _count(d.AllOf((d.IsCard(), d.InZone("hand", "you"))), c[2])

    def y1_there_are(self, c: list[Any]) -> n.NumberCondition:
        """ "If there are four or more permanent cards in your graveyard": the cards
        must be somewhere the text names."""
        descriptor = _of_objects(c[-1])
        if not any(isinstance(p, d.InZone) and p.zone != "stack" for p in _parts(descriptor)):
            raise NotRead("there are: a count with no zone")
        return _count(descriptor, c[2])

    # the object the ability is on, and facts the ruleset keeps
    def y1_self_status(self, c: list[Any]) -> str:
        status = str(c[-1]).lower()
        if status not in {"tapped", "untapped"}:
            raise NotRead(f"~ is {status}")
        return f"source_{status}"

    def y1_self_in_graveyard(self, c: list[Any]) -> str:
        return "source_in_your_graveyard"

    def y1_mana_spent(self, c: list[Any]) -> str:
        """ "If {U} was spent to cast it" (mtg:601.2h: the mana paid for it)."""
        _word(c[2], "spent")
        return f"mana_spent:{str(c[0]).upper()}"

    def y1_full_party(self, c: list[Any]) -> str:
        """ "If you have a full party" (mtg:700.8c)."""
        _word(c[3], "full")
        _word(c[4], "party")
        return "full_party"

    def y1_tribute(self, c: list[Any]) -> str:
        """ "If tribute wasn't paid" (mtg:702.104b)."""
        _word(c[0], "tribute")
        _word(c[1], "wasn't")
        _word(c[2], "paid")
        return "tribute_not_paid"

    def y1_day_night(self, c: list[Any]) -> str:
        """ "If it's night" / "if it's day" (mtg:728.1)."""
        _word(c[-1], "night", "day")
        return str(c[-1]).lower()

    def y1_revolt(self, c: list[Any]) -> str:
        """ "If a permanent left the battlefield under your control this turn" (or "a
        permanent you controlled left the battlefield this turn")."""
        words = [str(t).lower() for t in c if isinstance(t, Token) and t.type == "WORD"]
        if words not in (["left"], ["controlled", "left"]):
            raise NotRead(f"a permanent {' '.join(words)} the battlefield")
        return "permanent_you_controlled_left_this_turn"

    def y1_you_dont_control(self, c: list[Any]) -> n.NumberCondition:
        """ "If you don't control a Devil token": none (mtg:608.2c)."""
        return _count(self._controlled(c[-1], other=False), ("==", 0))

    def y1_cost_paid(self, c: list[Any]) -> str:
        """ "If its prowl cost was paid" (mtg:702.76), "if its madness cost was paid"."""
        _word(c[-1], "paid")
        return f"cost_paid:{str(c[1]).lower()}"

    def y1_cast_from_hand(self, c: list[Any]) -> str:
        return "cast_from_hand"

    def y1_kicked_twice(self, c: list[Any]) -> str:
        """ "If it was kicked twice" (multikicker, mtg:702.33c)."""
        _word(c[2], "kicked")
        _word(c[3], "twice")
        return "kicked_twice"

    def y1_kicked_with(self, c: list[Any]) -> str:
        """ "If it was kicked with its {R} kicker" (mtg:702.33d)."""
        _word(c[2], "kicked")
        _word(c[-1], "kicker")
        return f"kicked_with:{str(c[-2]).upper()}"

    def y1_commander(self, c: list[Any]) -> str:
        _word(c[-1], "commander")
        return "control_your_commander"

    def y1_mana_amount(self, c: list[Any]) -> str:
        """ "If at least seven mana was spent to cast it" (mtg:601.2h)."""
        _word(c[1], "least")
        _word(c[5], "spent")
        if not isinstance(c[2], int):
            raise NotRead("a variable amount of mana")
        return f"mana_spent_at_least:{c[2]}"

    def y1_mana_not_spent(self, c: list[Any]) -> str:
        """ "If {C} wasn't spent to cast it" (mtg:601.2h)."""
        _word(c[1], "wasn't")
        _word(c[2], "spent")
        return f"mana_not_spent:{str(c[0]).upper()}"

    def y1_card_types(self, c: list[Any]) -> str:
        """ "If there are four or more card types among cards in your graveyard"
        (delirium; the card types are those of mtg:205.2a)."""
        op, value = c[2]
        if op != ">=":
            raise NotRead("fewer card types")
        return f"graveyard_card_types:{value}"

    def y1_descended(self, c: list[Any]) -> str:
        """ "If you descended this turn": a permanent card was put into your graveyard
        from anywhere this turn (mtg:700.11)."""
        _word(c[1], "descended")
        return "descended_this_turn"

    def y1_put_into_graveyard(self, c: list[Any]) -> str:
        """ "If a creature card was put into your graveyard from anywhere this turn"."""
        _word(c[-3], "anywhere")
        return f"card_put_into_your_graveyard:{str(c[1]).lower()}"

    def y1_was_cast(self, c: list[Any]) -> str:
        """ "If it was cast" (a permanent that entered: whether it was cast as a spell,
        which the kernel does not record)."""
        if isinstance(c[0], Token) and c[0].type == "WORD":
            _word(c[0], "he", "she", "they")
        return "cast"

    def y1_dungeon(self, c: list[Any]) -> str:
        """ "If you've completed a dungeon" (mtg:309.7)."""
        if str(c[1]).lower() != "completed":
            raise NotRead("you ... a dungeon")
        _word(c[-1], "dungeon")
        return "completed_a_dungeon"

    def y1_entered(self, c: list[Any]) -> str:
        """ "If two or more nonland permanents entered the battlefield under your control
        this turn"."""
        op, value = c[0]
        if op != ">=" or str(c[1]).lower() != "nonland":
            raise NotRead("entered: not 'N or more nonland permanents'")
        return f"nonland_permanents_entered_under_your_control:{value}"

    def y1_self_on_battlefield(self, c: list[Any]) -> str:
        """ "If ~ is on the battlefield" / "if it's on the battlefield": the source is still
        there, as the same object (mtg:400.7)."""
        return "source_on_battlefield"

    def y1_gained_life(self, c: list[Any]) -> str:
        """ "If you gained 5 or more life this turn": the life you gained this turn, added
        up (mtg:119.3)."""
        _word(c[1], "gained")
        if not isinstance(c[2], int):
            raise NotRead("a variable amount of life")
        return f"you_gained_life_this_turn_at_least:{c[2]}"

    def y1_opponent_counters(self, c: list[Any]) -> str:
        """ "If an opponent has three or more poison counters" (counters on a player,
        mtg:122.1; players carry none in tcgrules yet: not supported)."""
        op, value = c[3]
        if op != ">=":
            raise NotRead("an opponent with fewer counters")
        return f"opponent_counters_at_least:{c[4]}:{value}"

    # a condition on what the effect acts on: "... if its power is 2" (mtg:608.2c)
    def y1_power(self, c: list[Any]) -> str:
        return "power"

    def y1_toughness(self, c: list[Any]) -> str:
        return "toughness"

    def y1_mana_value(self, c: list[Any]) -> str:
        return "mana_value"

    def y1_if_it(self, c: list[Any]) -> n.Conditional:
        """ "[effect] if it ...": "it" is what the effect acts on, a target or the object
        the text is printed on; after an effect on anything else ("draw a card if its
        power is 3 or greater", about a creature a trigger names) it is not read."""
        inner = c[0]
        # a DraftRef (a target phrase) becomes a slot once the sentence is read
        if not isinstance(getattr(inner, "what", None), DraftRef | n.TargetSlot | n.Self):
            raise NotRead("'it' in a condition after an effect on no target")
        return n.Conditional(inner.what, c[-1], (inner,))

    def y1_may_if_it(self, c: list[Any]) -> n.May:
        """ "You may destroy target creature if it's tapped": the choice is offered for
        the conditional effect (mtg:608.2d)."""
        return n.May((self.y1_if_it(c[2:]),))

    def y1_if_its(self, c: list[Any]) -> n.Conditional:
        op, value = c[-1]
        if not isinstance(value, int):
            raise NotRead("a condition on a number the text names elsewhere")
        return self.y1_if_it([c[0], d.Compare(c[3], op, value)])

    def y1_cond_status(self, c: list[Any]) -> d.Descriptor:
        """ "If it's tapped" (mtg:110.5), "if it's attacking"."""
        return d.Status(str(c[0]).lower())

    def y1_cond_supertype(self, c: list[Any]) -> d.Descriptor:
        """ "If it's legendary" (mtg:205.4)."""
        return d.HasSupertype(str(c[0]).lower())

    # "unless [a player] pays [cost]" (mtg:118.12a)
    def y1_payer_its(self, c: list[Any]) -> str:
        return "its controller"

    def y1_unless(self, c: list[Any]) -> n.UnlessPays:
        """ "Tap target creature unless its controller pays {2}": the controller of what
        the effect acts on may pay."""
        inner = c[0]
        if not isinstance(getattr(inner, "what", None), DraftRef):
            raise NotRead("'its controller' pays: the effect acts on no target")
        return n.UnlessPays((inner,), n.ControllerOf(inner.what), str(c[-1]))

    def y1_unless_first(self, c: list[Any]) -> n.UnlessPays:
        """ "Unless target player pays {3}, that player loses 5 life and you gain 5 life"."""
        effects = tuple(x for x in c[5:] if not isinstance(x, Token))
        return n.UnlessPays(effects, c[1], str(c[3]))

    # coin flips (mtg:705)
    def y1_flip_coin(self, c: list[Any]) -> n.FlipCoin:
        _word(c[0], "flip")
        if c[1] != 1 or c[2] != "coin":
            raise NotRead("flip: not 'a coin'")
        return n.FlipCoin()

    def y1_flip_result(self, c: list[Any]) -> str:
        """ "If you win the flip" / "if you lose the flip" (mtg:705.2)."""
        _word(c[1], "win", "lose")
        _word(c[3], "flip")
        return f"{str(c[1]).lower()}_the_flip"
