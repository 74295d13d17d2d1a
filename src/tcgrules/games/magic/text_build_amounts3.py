"""Builder methods for amounts, third pass (helper U1): numbers of what happened this
turn, read from the turn's events as the effect happens (mtg:608.2h) - "the amount of
life you gained this turn" (mtg:119.3), "the number of cards you've drawn this turn"
(mtg:121.1), "the number of spells you've cast this turn" (mtg:601.2i) - and "twice X".

A mixin of :class:`~tcgrules.games.magic.text_build.MagicBuilder`; one method per
alias of the grammar's "amounts, third pass" section (``grammar/magic.lark``).
"""

from __future__ import annotations

from typing import Any

from tcgrules.cardtext import nodes as n
from tcgrules.cardtext.build import Draft, DraftRef
from tcgrules.games.magic.text_build_amounts import one_player, per_each
from tcgrules.games.magic.text_not_read import NotRead
from tcgrules.kernel import descriptors as d

#: "the amount of life you gained / lost this turn": the event each word names
_LIFE_WORDS = {"gained": "life_gained", "lost": "life_lost"}


def _word(token: Any, *expected: str) -> str:
    """The lower-cased text of a plain word the rule accepts as WORD, which must be one
    of ``expected``; anything else is not read."""
    word = str(token).lower()
    if word not in expected:
        raise NotRead(f"“{token}” where {' or '.join(expected)} was expected")
    return word


class AmountsThreeBuilder:
    """Tokens and subtrees of this-turn amounts → amount nodes."""

    drafts: list[Draft]

    def u1_life_this_turn(self, c: list[Any]) -> n.ThisTurn:
        """ "the amount of life you gained this turn": every gain of the effect's
        controller this turn added up (mtg:119.3), as the effect happens (mtg:608.2h)."""
        _word(c[1], "amount")
        return n.ThisTurn(_LIFE_WORDS[_word(c[5], *_LIFE_WORDS)])

    def u1_their_life_this_turn(self, c: list[Any]) -> n.ThisTurn:
        """ "Target opponent loses life equal to the amount of life they lost this turn":
        "they" is the sentence's one target player; anything else is not read."""
        _word(c[1], "amount")
        what = _LIFE_WORDS[_word(c[5], *_LIFE_WORDS)]
        players = [draft for draft in self.drafts if one_player(draft)]
        if len(self.drafts) != 1 or len(players) != 1:
            raise NotRead("“they” not the sentence's one target player")
        # a target phrase's reference, made its slot with the whole sentence
        who: Any = DraftRef(players[0])
        return n.ThisTurn(what, who)

    def u1_drawn_this_turn(self, c: list[Any]) -> n.ThisTurn:
        """ "the number of cards you've drawn this turn" (mtg:121.1)."""
        _word(c[5], "drawn")
        return n.ThisTurn("cards_drawn")

    def u1_spells_cast(self, c: list[Any]) -> n.SpellsCastThisTurn:
        """ "the number of spells you've cast this turn" (every spell the controller cast
        this turn, mtg:601.2i); "other spells": not the spell whose text this is."""
        other = len(c) == 9
        return n.SpellsCastThisTurn((), n.Self() if other else None)

    def u1_typed_spells_cast(self, c: list[Any]) -> n.SpellsCastThisTurn:
        """ "the number of instant and sorcery spells you've cast this turn": spells of
        either type."""
        return n.SpellsCastThisTurn((str(c[3]).lower(), str(c[5]).lower()))

    def u1_deal_twice_x(self, c: list[Any]) -> n.DealDamage:
        """ "~ deals twice X damage to target creature": two times the announced X
        (mtg:107.3a)."""
        _word(c[2], "twice")
        return n.DealDamage(n.Scaled(2, "X"), c[-1], source=c[0])

    def u1_gains_twice_x(self, c: list[Any]) -> n.GainLife:
        """ "Target player gains twice X life" (mtg:119.3)."""
        _word(c[2], "twice")
        return n.GainLife(c[0], n.Scaled(2, "X"))

    def u1_named_self(self, c: list[Any]) -> Any:
        """ "cards named ~": the name printed on the card whose text this is, matched by
        name, not that object (mtg:201.2)."""
        from tcgrules.games.magic.text_build import _Post  # noqa: PLC0415

        return _Post(d.NamedAsSource())

    def u1_not_named_self(self, c: list[Any]) -> Any:
        """ "target permanent not named ~": any name but that one."""
        from tcgrules.games.magic.text_build import _Post  # noqa: PLC0415

        return _Post(d.Not(d.NamedAsSource()))

    # ------------------------------------------------------------ half, rounded
    def u1_rounded(self, c: list[Any]) -> bool:
        """ ", rounded up" (True) / ", rounded down" (False) (mtg:107.1a)."""
        _word(c[1], "rounded")
        return _word(c[2], "up", "down") == "up"

    def _their(self, subject: Any) -> Any:
        """ "their" after a subject: that one target player (a group of players, each
        with their own library or life, is not read)."""
        draft: Draft | None = getattr(subject, "draft", None)
        if draft is None or not one_player(draft):
            raise NotRead("“their” after a subject that is not one target player")
        return subject

    def u1_mills_half(self, c: list[Any]) -> n.Mill:
        """ "Target player mills half their library, rounded down" (mtg:701.13a): half
        the cards in it as the effect happens (mtg:608.2h, mtg:107.1a)."""
        _word(c[2], "half")
        who = self._their(c[0])
        return n.Mill(who, n.Half(n.CardsIn("library", who), c[-1]))

    def u1_loses_half(self, c: list[Any]) -> n.LoseLife:
        """ "target opponent loses half their life, rounded up" (mtg:119.3)."""
        _word(c[2], "half")
        who = self._their(c[0])
        return n.LoseLife(who, n.Half(n.LifeTotalOf(who), c[-1]))

    # ------------------------------------------------------------ for each
    def u1_for_each_target_controls(self, c: list[Any]) -> tuple[Any, ...]:
        """ "You gain 1 life for each black creature target opponent controls": the
        clause's one printed number per such object, counted as the effect happens
        (mtg:608.2h)."""
        each = n.HowMany(n.EachControlledBy(c[3].descriptor, c[4]))
        return per_each(c[0], lambda printed: _times(printed, each))

    def u1_for_each_card_in(self, c: list[Any]) -> tuple[Any, ...]:
        """ "you gain 1 life for each card in target opponent's hand", "... for each card
        in your graveyard": per card in that zone as the effect happens."""
        where = c[-1]
        if isinstance(where, n.CardsIn):
            cards: n.Amount = where
        else:
            descriptor: d.Descriptor = where.descriptor
            if isinstance(descriptor, d.InZone) and descriptor.whose == "any":
                raise NotRead("a count in the zone of a player named elsewhere")
            cards = n.CountOf(d.AllOf((d.IsCard(), descriptor)))
        return per_each(c[0], lambda printed: _times(printed, cards))

    def u1_counters_per_counter(self, c: list[Any]) -> n.PutCounters:
        """ "put a -1/-1 counter on target creature for each -1/-1 counter on ~": as many
        counters as there are of that kind on that object as the effect happens, or were
        as it last existed (mtg:122.1, mtg:608.2h)."""
        kind, counted = str(c[2]), str(c[8])
        check: Any = getattr(self, "check_counter_kind", None)
        if check is not None:
            check(kind)
            check(counted)
        return n.PutCounters(c[5], kind, _times(c[1], n.CountersOn(counted, c[-1])))

    def u1_for_each_drawn(self, c: list[Any]) -> tuple[Any, ...]:
        """ "... for each card you've drawn this turn" (mtg:121.1): the clause's one
        printed number per card drawn, counted as the effect happens (mtg:608.2h)."""
        _word(c[5], "drawn")
        drawn = n.ThisTurn("cards_drawn")
        return per_each(c[0], lambda printed: _times(printed, drawn))

    def u1_counters_for_each_target_controls(self, c: list[Any]) -> n.PutCounters:
        """ "Put a loyalty counter on ~ for each creature target opponent controls"
        (mtg:122.1; counted as the effect happens, mtg:608.2h)."""
        kind = str(c[2])
        check: Any = getattr(self, "check_counter_kind", None)
        if check is not None:
            check(kind)
        each = n.HowMany(n.EachControlledBy(c[8].descriptor, c[9]))
        return n.PutCounters(c[5], kind, _times(c[1], each))

    def u1_in_their(self, c: list[Any]) -> n.CardsIn:
        """ "in their hand": the zone of the sentence's one target player, as "in that
        player's hand" (anything else is not read)."""
        players = [draft for draft in self.drafts if one_player(draft)]
        if len(self.drafts) != 1 or len(players) != 1:
            raise NotRead("“their” not the sentence's one target player")
        who: Any = DraftRef(players[0])
        return n.CardsIn(c[-1], who)


def _times(printed: Any, each: n.Amount) -> n.Amount:
    """A printed number per counted thing: 1 per thing is the count itself."""
    if not isinstance(printed, int) or isinstance(printed, bool):
        raise NotRead(f"{printed} for each")
    if printed == 1:
        return each
    if isinstance(each, n.CountOf) and each.multiplier == 1:
        return n.CountOf(each.descriptor, printed)
    return n.Scaled(printed, each)
