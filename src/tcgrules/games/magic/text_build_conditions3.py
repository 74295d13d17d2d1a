"""Builder methods for conditions, third pass (helper U2).

A mixin of :class:`~tcgrules.games.magic.text_build.MagicBuilder`, one method per alias of
the grammar's "conditions, third pass" section:

- "[effect] if its power is less than or equal to [a number read as it happens]" and "if
  its power is less than ~'s power": :class:`~tcgrules.cardtext.nodes.IfCompared`, the
  target's number compared as the effect would happen (mtg:608.2c, mtg:608.2h);
- "[effect] unless [that player] [does something else]": the player may do that instead,
  and the effect happens only if they don't (mtg:118.12a) -
  :class:`~tcgrules.cardtext.nodes.UnlessDoes`.

A tree it can't give a meaning to raises ``NotRead``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from lark import Token

from tcgrules.cardtext import nodes as n
from tcgrules.cardtext.build import DraftRef, draft_refs
from tcgrules.games.magic.text_build_conditions import ConditionsBuilder
from tcgrules.games.magic.text_not_read import NotRead
from tcgrules.kernel import descriptors as d

#: the printed object's own numbers an operand names ("~'s power")
_SELF_NUMBERS = {
    "~'s power": "power",
    "~'s toughness": "toughness",
    "~'s mana value": "mana_value",
}


def _acted_on(inner: object) -> DraftRef:
    """The one target phrase an effect acts on ("its", "that player", "its controller"
    name it); an effect on several or none is not read."""
    refs = draft_refs(inner)
    if len(refs) != 1:
        raise NotRead("a condition or choice about an effect on no single target")
    return refs[0]


class _Counted(str):
    """What cmp's ``operand_count`` gives ("number of objects", as comparisons in
    descriptions read it), carrying the count itself for a condition that reads it."""

    __slots__ = ("amount",)

    def __new__(cls, text: str, amount: n.Amount) -> _Counted:
        made = super().__new__(cls, text)
        made.amount = amount
        return made

    def __reduce__(self) -> tuple[type[str], tuple[str]]:
        """Pickled (a parsed card kept), it is the plain text descriptions compare."""
        return (str, (str(self),))

    amount: n.Amount


def counted_operand(text: str, count: Callable[[], n.Amount]) -> str:
    """cmp's ``operand_count`` ("the number of Soldiers on the battlefield"): ``text`` as
    descriptions compare it, carrying the count (counted as the effect happens,
    mtg:608.2h) when the amounts family reads it."""
    try:
        return _Counted(text, count())
    except NotRead:
        return text


class Conditions3Builder(ConditionsBuilder):
    """Conditions on a target's number and "unless [a player] does ..." (helper U2)."""

    def _if_compared(self, inner: Any, prop: str, op: d.Comparison, amount: Any) -> Any:
        what: Any = getattr(inner, "what", None)
        if not isinstance(what, DraftRef):
            raise NotRead("'its' in a condition after an effect on no target")
        return n.IfCompared(inner.what, prop, op, amount, (inner,))

    def y1_if_its(self, c: list[Any]) -> Any:
        """ "[effect] if its power is less than ~'s power": a number of the printed object
        (mtg:608.2h); other comparisons are the conditions family's."""
        op, value = c[-1]
        if isinstance(value, _Counted):
            return self._if_compared(c[0], c[3], op, value.amount)
        if isinstance(value, str):
            prop = _SELF_NUMBERS.get(value)
            if prop is None:
                raise NotRead(f"a condition on {value!r}")
            return self._if_compared(c[0], c[3], op, n.NumberOf(prop, n.Self()))
        return super().y1_if_its(c)

    def u2_may_if_its(self, c: list[Any]) -> n.May:
        """ "You may return target creature to its owner's hand if its power is less than
        ~'s power": the choice is offered for the conditional effect (mtg:608.2d)."""
        return n.May((self.y1_if_its(c[2:]),))

    # "unless [a player] [does something else]" (mtg:118.12a)
    def u2_who(self, c: list[Any]) -> str:
        said: str = c[0]
        return said

    def u2_that_player(self, c: list[Any]) -> str:
        return "that player"

    def u2_who_you(self, c: list[Any]) -> n.You:
        return n.You()

    def u2_who_target(self, c: list[Any]) -> Any:
        """ "unless target opponent pays 3 life": a target of its own chooses."""
        if not isinstance(c[0], DraftRef) or not c[0].draft.kinds <= {"player"}:
            raise NotRead("'unless [a target that is not a player]' does something")
        return c[0]

    def u2_unless_does(self, c: list[Any]) -> n.UnlessDoes:
        """The player is the controller of what the effect acts on ("its controller",
        "that creature's controller"), the target player the effect names ("that
        player", "they"), "you", or a target player of its own; each thing they may do
        is built for that player."""
        inner, who_said, makes = c[0], c[2], c[3]
        who: Any = who_said
        if isinstance(who_said, str):
            ref = _acted_on(inner)
            players = ref.draft.kinds <= {"player"}
            if (who_said == "that player") != players:
                raise NotRead(f"{who_said!r} after an effect on {sorted(ref.draft.kinds)}")
            who = ref if players else n.ControllerOf(ref)  # type: ignore[arg-type]
        return n.UnlessDoes((inner,), who, tuple(make(who) for make in makes))

    def u2_unless_pays_life(self, c: list[Any]) -> n.UnlessDoes:
        """ "Tap target creature unless its controller pays 2 life" (mtg:119.4)."""
        return self.u2_unless_does([c[0], c[1], c[2], [self.u2_pay_life(c[3:])]])

    def u2_counter_unless_does(self, c: list[Any]) -> n.UnlessDoes:
        """ "Counter target spell unless its controller discards their hand"."""
        return self.u2_unless_does([n.Counter(c[1]), *c[2:]])

    def u2_counter_unless_they_pay(self, c: list[Any]) -> n.Counter:
        """ "counter target spell an opponent controls unless they pay {1}": "they" is
        that spell's controller, the player "its controller pays" names."""
        if str(c[4]).lower() != "pay":
            raise NotRead(f"'unless they {c[4]}'")
        return n.Counter(c[1], unless_pays=str(c[-1]))

    def u2_counter_unless_pays(self, c: list[Any]) -> n.Counter:
        """ "Counter target activated ability ... unless that ability's controller pays
        {W}"."""
        return n.Counter(c[1], unless_pays=str(c[-1]))

    def u2_does(self, c: list[Any]) -> list[Any]:
        return [c[0]]

    def u2_either(self, c: list[Any]) -> list[Any]:
        """ "sacrifices a creature of their choice or pays 3 life": either one."""
        return [c[0], c[2]]

    def u2_discard_hand(self, c: list[Any]) -> Any:
        """ "discards their hand": every card in it (mtg:701.8a)."""
        return lambda who: n.Discard(who, n.CardsIn("hand", who))

    def u2_discard_card(self, c: list[Any]) -> Any:
        """ "discards a card", one of their choice (mtg:701.8a)."""
        return lambda who: n.Discard(who, 1)

    def u2_exile_graveyard(self, c: list[Any]) -> Any:
        """ "exiles all cards from their graveyard" (mtg:701.11a)."""
        return n.ExileGraveyard

    def u2_sacrifice(self, c: list[Any]) -> Any:
        """ "sacrifices a creature of their choice" (mtg:701.17a)."""
        descriptor, count = c[1]
        return lambda who: n.Sacrifice(who, descriptor, count)

    def u2_have_deal(self, c: list[Any]) -> Any:
        """ "has ~ deal 2 damage to them": the printed object deals the damage to that
        player (mtg:120.2b)."""
        if not isinstance(c[-1], Token) or str(c[-1]).lower() != "them":
            raise NotRead("'has ~ deal damage' to someone other than that player")
        amount = c[3]
        return lambda who: n.DealDamage(amount, who, n.Self())

    def u2_pay_life(self, c: list[Any]) -> Any:
        """ "pays 3 life": paying life takes it off their total (mtg:119.4)."""
        amount = c[1]
        return lambda who: n.LoseLife(who, amount)


__all__ = ["Conditions3Builder"]
