"""Reading what a target player does with their own cards (helper T5).

"Target player exiles a card from their graveyard", "target opponent exiles an
enchantment they control", "target opponent may sacrifice a nonland, nontoken permanent
of their choice", "exile the bottom card of target player's graveyard", "target opponent
puts a deathtouch counter on a creature they control", "target opponent draws three
cards, then discards three cards at random", "return target permanent to its owner's
hand, then that player discards a card": the player the sentence names acts, choosing
among their own objects as the effect happens (mtg:608.2d).
"""

from __future__ import annotations

from typing import Any

from lark import Token

from tcgrules.cardtext import nodes as n
from tcgrules.games.magic.text_not_read import NotRead


def _one_target_player(ref: Any) -> Any:
    """``ref`` when it is one target player ("target player", "target opponent")."""
    draft = getattr(ref, "draft", None)
    if draft is None or not draft.kinds <= {"player"} or draft.max != 1:
        raise NotRead("the one who acts is not one target player")
    return ref


def _count(value: Any) -> n.Amount:
    """An ``amount`` child: "a"/"an" are one."""
    if isinstance(value, Token):
        if value.type in {"A", "AN"}:
            return 1
        raise NotRead(f"the number “{value}”")
    if isinstance(value, int | str):
        return value
    raise NotRead(f"the number {value!r}")


class PlayerActsBuilder:
    """Tokens and subtrees of the T5 rules → effect nodes."""

    def _their_permanents(self, alts: Any) -> Any:
        """The descriptor of "[an enchantment] they control": permanents only."""
        nominal = self.nominal([alts])  # type: ignore[attr-defined]
        if nominal.zone != "battlefield" or nominal.kinds & {"card", "spell", "player", "ability"}:
            raise NotRead("only permanents are controlled (mtg:110.2)")
        return nominal.descriptor

    def t5_exiles_from_graveyard(self, c: list[Any]) -> n.PlayerExilesOwn:
        """ "Target player exiles a card from their graveyard": that player picks which
        (mtg:608.2d) and exiles it (mtg:701.11a)."""
        from tcgrules.kernel import descriptors as d  # noqa: PLC0415

        return n.PlayerExilesOwn(_one_target_player(c[0]), d.IsCard(), _count(c[2]))

    def t5_exiles_controlled(self, c: list[Any]) -> n.PlayerExilesOwn:
        """ "Target opponent exiles an enchantment they control" (mtg:608.2d,
        mtg:701.11a)."""
        who = _one_target_player(c[0])
        return n.PlayerExilesOwn(
            who, self._their_permanents(c[3]), _count(c[2]), zone="battlefield"
        )

    def t5_may_exile_from_graveyard(self, c: list[Any]) -> n.PlayerMay:
        """ "Target opponent may exile a card from their graveyard": that player decides
        whether, then picks which (mtg:608.2d)."""
        from tcgrules.kernel import descriptors as d  # noqa: PLC0415

        who = _one_target_player(c[0])
        return n.PlayerMay(who, (n.PlayerExilesOwn(who, d.IsCard(), _count(c[3])),))

    def t5_may_sacrifice(self, c: list[Any]) -> n.PlayerMay:
        """ "Target opponent may sacrifice a nonland, nontoken permanent of their choice":
        that player decides whether (mtg:608.2d), then sacrifices (mtg:701.17a)."""
        who = _one_target_player(c[0])
        descriptor, count = c[3]
        return n.PlayerMay(who, (n.Sacrifice(who, descriptor, count),))

    def t5_exile_bottom(self, c: list[Any]) -> n.ExileBottomOfGraveyard:
        """ "Exile the bottom card of target player's graveyard" (mtg:404.2)."""
        if str(c[2]).lower() != "bottom":
            raise NotRead(f"exile the {c[2]} card of a graveyard")
        return n.ExileBottomOfGraveyard(_one_target_player(c[5]))

    def _puts(self, c: list[Any], each: bool) -> n.PlayerPutsCounters:
        kind: str = c[3]
        self.check_counter_kind(kind)  # type: ignore[attr-defined]
        if not each and _count(c[6]) != 1:
            raise NotRead("counters on several permanents that player picks")
        return n.PlayerPutsCounters(
            _one_target_player(c[0]),
            kind,
            self._their_permanents(c[7]),
            _count(c[2]),
            each=each,
        )

    def t5_puts_counter_on_one(self, c: list[Any]) -> n.PlayerPutsCounters:
        """ "Target opponent puts a deathtouch counter on a creature they control": that
        player picks the creature (mtg:608.2d) and puts the counter (mtg:122.6)."""
        return self._puts(c, each=False)

    def t5_puts_counter_on_each(self, c: list[Any]) -> n.PlayerPutsCounters:
        """ "Target player puts a +1/+1 counter on each creature they control"
        (mtg:122.6)."""
        return self._puts(c, each=True)

    def t5_draw_discard_random(self, c: list[Any]) -> tuple[n.Draw, n.Discard]:
        """ "Target opponent draws three cards, then discards three cards at random": the
        draw, then a random discard (mtg:121.1, mtg:701.8b), in that order (mtg:608.2c)."""
        who = _one_target_player(c[0])
        return (n.Draw(who, _count(c[2])), n.Discard(who, _count(c[7]), random=True))

    def t5_return_owner_discards(self, c: list[Any]) -> tuple[n.ReturnToHand, n.Discard]:
        """ "Return target permanent to its owner's hand, then that player discards a
        card": the returned object's owner discards (mtg:108.3, mtg:701.8a)."""
        what = c[1]
        return (n.ReturnToHand(what), n.Discard(n.OwnerOf(what), _count(c[-2])))

    def t5_return_owner_exiles(self, c: list[Any]) -> tuple[n.ReturnToHand, n.FromHand]:
        """ "Return target nonland permanent to its owner's hand, then that player exiles a
        card from their hand": the owner picks and exiles one (mtg:108.3, mtg:701.11a)."""
        what = c[1]
        return (n.ReturnToHand(what), n.FromHand(n.OwnerOf(what), _count(c[12]), "exile"))

    def t5_damage_times_x(self, c: list[Any]) -> n.DealDamage:
        """ "~ deals five times X damage to each of up to X targets": the number times
        X, X as announced (mtg:107.3a)."""
        from tcgrules.games.magic.text_lexer import NUMBER_WORDS  # noqa: PLC0415

        if str(c[3]).lower() != "times":
            raise NotRead(f"deals {c[2]} {c[3]} X damage")
        return n.DealDamage(n.Scaled(NUMBER_WORDS[str(c[2]).lower()], "X"), c[-1], source=c[0])

    def t5_exile_library_shuffle_hand(
        self, c: list[Any]
    ) -> tuple[n.ExileZones, n.ShuffleHandIntoLibrary]:
        """ "Exile all cards from target player's library, then that player shuffles their
        hand into their library": both done by or to the target player, in that order
        (mtg:701.11a, mtg:701.20a, mtg:608.2c)."""
        who = _one_target_player(c[4])
        exile = self.s5_exile_library(c[:7])  # type: ignore[attr-defined]
        return (exile, n.ShuffleHandIntoLibrary(who))

    def t5_found_up_to_type(self, c: list[Any]) -> tuple[n.Amount, Any, bool]:
        """ "up to three creature cards": up to a number, of a card type."""
        from tcgrules.games.magic.text_lexer import CARD_TYPE_WORDS  # noqa: PLC0415
        from tcgrules.kernel import descriptors as d  # noqa: PLC0415

        name = CARD_TYPE_WORDS.get(str(c[3]).lower())
        if name is None:
            raise NotRead(f"“{c[3]}” cards")
        return (c[2], d.AllOf((d.IsCard(), d.HasType(name))), True)

    def t5_found_up_to_with(self, c: list[Any]) -> tuple[n.Amount, Any, bool]:
        """ "up to three cards with flashback": up to a number, with that keyword."""
        return (c[2], c[-1], True)

    def t5_search_exile_shuffle(self, c: list[Any]) -> n.SearchLibrary:
        """ "Search target player's library for up to three cards, exile them, then that
        player shuffles" (mtg:701.19a, mtg:701.11a, mtg:701.20a)."""
        from dataclasses import replace  # noqa: PLC0415

        search: n.SearchLibrary = self.x2_search_exile([*c[:6], c[8]])  # type: ignore[attr-defined]
        return replace(search, shuffle=True)

    def t5_search_to_graveyard(self, c: list[Any]) -> n.SearchLibrary:
        """ "Search target opponent's library for up to three creature cards and put them
        into their graveyard": the found cards go to their owner's graveyard
        (mtg:701.19a, mtg:400.3)."""
        if str(c[0]).lower() != "search" or str(c[8]).lower() != "them":
            raise NotRead(f"{c[0]} ... put {c[8]} into a graveyard")
        who = _one_target_player(c[1])
        count, descriptor, up_to = c[5]
        if count == 1 and not up_to:
            raise NotRead("them after one card")
        return n.SearchLibrary(who, count, descriptor, "graveyard", up_to)

    def t5_you_return_own(self, c: list[Any]) -> n.PlayerReturnsOwn:
        """ "you return a land card from your graveyard to your hand": picked as it
        resolves (mtg:608.2d), not targeted (mtg:115.1)."""
        nominal = self.nominal([c[3]])  # type: ignore[attr-defined]
        if nominal.kinds != frozenset({"card"}):
            raise NotRead("only cards are in a graveyard (mtg:404.1)")
        return n.PlayerReturnsOwn(n.You(), nominal.descriptor, 1)

    def t5_discards_hand(self, c: list[Any]) -> n.Discard:
        """ "Target opponent discards their hand": every card in it (mtg:701.8a)."""
        who = _one_target_player(c[0])
        return n.Discard(who, n.CardsIn("hand", who))

    def t5_discard_hand_draw_that_many(self, c: list[Any]) -> tuple[n.Discard, n.Draw]:
        """ "Target player discards all the cards in their hand, then draws that many
        cards": as many as were discarded this way (mtg:701.8a, mtg:608.2c)."""
        from tcgrules.kernel import descriptors as d  # noqa: PLC0415

        if str(c[-2]).lower() != "many":
            raise NotRead(f"draws that {c[-2]} cards")
        who = _one_target_player(c[0])
        discarded = n.MovedThisWay(d.IsCard(), "graveyard", "discarded", "hand")
        return (n.Discard(who, n.CardsIn("hand", who)), n.Draw(who, discarded))

    def t5_you_sacrifice(self, c: list[Any]) -> n.Sacrifice:
        """ "you sacrifice two creatures": the controller picks (mtg:701.17a)."""
        descriptor, count = c[2]
        return n.Sacrifice(n.You(), descriptor, count)

    def t5_shuffle_from_graveyard(self, c: list[Any]) -> n.ShuffleFromGraveyard:
        """ "Shuffle all creature cards from target player's graveyard into that player's
        library" (mtg:701.20a)."""
        nominal = self.nominal([c[2]])  # type: ignore[attr-defined]
        if nominal.kinds != frozenset({"card"}):
            raise NotRead("only cards are in a graveyard (mtg:404.1)")
        return n.ShuffleFromGraveyard(_one_target_player(c[4]), nominal.descriptor)
