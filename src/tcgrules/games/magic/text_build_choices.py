"""Builder methods of the counters/fights/choices section (helper Z2): "proliferate"
(mtg:701.27a), "gains your choice of A, B, or C" (mtg:608.2d, mtg:613.1f), "enchanted
creature fights ..." (mtg:701.12a) and "you may have [someone] [do something]"
(mtg:608.2d).

A mixin of :class:`~tcgrules.games.magic.text_build.MagicBuilder`: one method per alias
of the grammar's section headed "helper Z2" (``grammar/magic.lark``).
"""

from __future__ import annotations

from typing import Any

from lark import Token

from tcgrules.cardtext import nodes as n
from tcgrules.games.magic.text_not_read import NotRead
from tcgrules.kernel import descriptors as d


def _may(effect: Any) -> n.May:
    """An optional effect (mtg:608.2d); a rule may have made several effects of it."""
    return n.May(tuple(effect) if isinstance(effect, tuple | list) else (effect,))


def _attached_creature(c: list[Any]) -> None:
    """Only "enchanted creature" / "equipped creature" fight (mtg:701.12a)."""
    kind = next(t for t in c if isinstance(t, Token) and t.type == "TYPE")
    if str(kind).lower() != "creature":
        raise NotRead(f"an attached {kind} that fights")


def _word(c: list[Any], index: int, wanted: str) -> None:
    """The WORD at ``index`` must be ``wanted``, else the sentence is not read."""
    if str(c[index]).lower() != wanted:
        raise NotRead(f"'{c[index]}' where '{wanted}' was expected")


class ChoicesBuilder:
    """Tokens and subtrees of the helper Z2 section → effect nodes."""

    def z2_proliferate(self, c: list[Any]) -> n.Proliferate:
        return n.Proliferate()

    def z2_choices(self, c: list[Any]) -> tuple[str, ...]:
        found: list[str] = []
        for item in c:
            if isinstance(item, d.HasKeyword) and item.argument is None:
                found.append(item.name)
            elif not isinstance(item, Token):
                raise NotRead("a choice of keywords that are not plain keywords")
        return tuple(found)

    def z2_gain_choice(self, c: list[Any]) -> n.GainAbilityChoice:
        """ "gains your choice of flying, vigilance, or lifelink until end of turn"."""
        keywords = next(x for x in c if isinstance(x, tuple))
        return n.GainAbilityChoice(c[0], keywords)

    def z2_attached_fight(self, c: list[Any]) -> n.AttachedFights:
        _attached_creature(c)
        return n.AttachedFights(c[-1])

    def z2_may_attached_fight(self, c: list[Any]) -> n.May:
        _attached_creature(c)
        return n.May((n.AttachedFights(c[-1]),))

    def z2_may_have(self, c: list[Any]) -> n.May:
        """ "you may have target player lose 3 life": the effect after "have", optional."""
        return _may(c[-1])

    def z2_protection_colorless_or_color(self, c: list[Any]) -> n.GainProtectionOfChoice:
        """ "gains protection from colorless or from the color of your choice"."""
        _word(c, -5, "color")
        return n.GainProtectionOfChoice(c[0], ("colorless", "color"), c[-1])

    def z2_protection_card_type(self, c: list[Any]) -> n.GainProtectionOfChoice:
        """ "gains protection from the card type of your choice"."""
        _word(c, -5, "type")
        return n.GainProtectionOfChoice(c[0], ("card type",), c[-1])

    def z2_put_counter_choice(self, c: list[Any]) -> n.PutCounterChoice:
        """ "Put your choice of a menace, trample, reach, or haste counter on ..."."""
        kinds = next(x for x in c if isinstance(x, tuple))
        return n.PutCounterChoice(c[-1], kinds)

    def z2_another_of_each_kind(self, c: list[Any]) -> n.AnotherOfEachKind:
        """ "for each kind of counter on target permanent or player, give that permanent
        or player another counter of that kind"."""
        words = [str(t).lower() for t in c if isinstance(t, Token) and t.type == "WORD"]
        if words != ["kind", "give", "kind"]:
            raise NotRead("for each ... of counter on ...: not 'kind' and 'give'")
        return n.AnotherOfEachKind(next(x for x in c if not isinstance(x, Token)))

    def z2_prevent_by_next_turn(self, c: list[Any]) -> n.PreventDamage:
        """ "Until your next turn, prevent all damage target permanent would deal": a
        shield on damage from that source (mtg:615.1, mtg:609.7) lasting until the
        controller's next turn (mtg:611.2a), or "until end of turn" (mtg:514.2)."""
        return n.PreventDamage(c[-3], None, dealt_to=False, dealt_by=True, duration=c[0])

    def z2_prevent_next_turn(self, c: list[Any]) -> n.PreventDamage:
        """ "Until your next turn, prevent all damage that would be dealt to [and dealt
        by] target permanent" (mtg:615.1, mtg:611.2a)."""
        to, by = next(x for x in c if isinstance(x, tuple))
        return n.PreventDamage(c[-1], None, dealt_to=to, dealt_by=by, duration=c[0])

    def z2_put_counter_or(self, c: list[Any]) -> n.PutCounterChoice:
        """ "Put a +0/+1 counter or a +1/+0 counter on target creature": one counter of
        a kind picked as it resolves (mtg:608.2d)."""
        amounts = [x for x in c if isinstance(x, int) or (isinstance(x, Token) and x.type == "X")]
        if amounts != [1, 1]:
            raise NotRead("a choice between counters in numbers other than one")
        kinds = tuple(str(x) for x in c if isinstance(x, str) and not isinstance(x, Token))
        for kind in kinds:
            self.check_counter_kind(kind)  # type: ignore[attr-defined]
        return n.PutCounterChoice(c[-1], kinds)

    def z2_and_counters(self, c: list[Any]) -> tuple[n.PutCounters, n.PutCounters]:
        """ "Put two +1/+1 counters on target creature and two +1/+1 counters on another
        target creature": the first part's verb carries on (mtg:122.1, mtg:122.6)."""
        first = c[0]
        if not isinstance(first, n.PutCounters):
            raise NotRead("'and N ... counters on' after something other than putting counters")
        kind: str = c[3]
        self.check_counter_kind(kind)  # type: ignore[attr-defined]
        return (first, n.PutCounters(c[-1], kind, c[2]))
