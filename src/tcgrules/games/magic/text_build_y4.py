"""Builder rules of the sacrifice, copies and several-targets family (helper Y4): "target
opponent sacrifices a creature of their choice", "you may have target opponent sacrifice
a creature", "any number of target players each discard a card", "two target players
each draw a card".

A mixin of :class:`~tcgrules.games.magic.text_build.MagicBuilder`: one method per rule
alias of the ``sacrifice, copies, several targets (helper Y4)`` section of ``magic.lark``.
What has no meaning here raises ``NotRead``, so the sentence stays unsupported.
"""

from __future__ import annotations

from typing import Any

from lark import Token

from tcgrules.cardtext import nodes as n
from tcgrules.cardtext.build import Draft, DraftRef, all_of, with_part
from tcgrules.games.magic.text_build_copies2 import made_copies
from tcgrules.games.magic.text_build_life import ThatPlayersZone, TheyRelation
from tcgrules.games.magic.text_lexer import NUMBER_WORDS
from tcgrules.games.magic.text_not_read import NotRead
from tcgrules.kernel import descriptors as d


def _of_that_player(part: d.Descriptor) -> bool:
    """A part naming "that player" of "for each player, ...": "that player controls",
    "they control", "that player's graveyard" (helper Q6)."""
    if part == d.ControlledBy("that_player"):
        return True
    if isinstance(part, d.Controller):
        return isinstance(part.relation, TheyRelation)
    return isinstance(part, d.InZone) and isinstance(part.whose, ThatPlayersZone)


class SacrificeCopyRules:
    """Builder methods of the Y4 grammar section (mixed into ``MagicBuilder``)."""

    def y4_sacrificed(self, c: list[Any]) -> tuple[Any, n.Amount]:
        """ "a creature [of their choice]", "three creatures", "an enchantment": what is
        sacrificed and how many; only permanents can be (mtg:701.17a)."""
        count: n.Amount = 1 if isinstance(c[0], Token) and c[0].type == "AN" else c[0]
        alts = c[1]
        nominal = self.nominal([alts])  # type: ignore[attr-defined]
        if nominal.zone != "battlefield":
            raise NotRead("only a permanent can be sacrificed (mtg:701.17a)")
        return nominal.descriptor, count

    def y4_sacrifices(self, c: list[Any]) -> n.Sacrifice:
        """ "Target player sacrifices a creature of their choice" (mtg:701.17a)."""
        descriptor, count = c[2]
        return n.Sacrifice(c[0], descriptor, count)

    def y4_may_have_sacrifice(self, c: list[Any]) -> n.May:
        """ "You may have target opponent sacrifice a creature of their choice": the
        controller chooses whether it happens (mtg:608.2d)."""
        descriptor, count = c[-1]
        return n.May((n.Sacrifice(c[3], descriptor, count),))

    def y4_each_discard(self, c: list[Any]) -> n.Discard:
        """ "Any number of target players each discard a card": each of them discards,
        choosing their own cards (mtg:701.8a, mtg:701.8b)."""
        return n.Discard(c[0], c[3])

    def y4_each_draw(self, c: list[Any]) -> n.Draw:
        """ "Two target players each draw a card" (mtg:121.1)."""
        return n.Draw(c[0], c[3])

    def y4_each_mill_lose(self, c: list[Any]) -> tuple[n.Mill, n.LoseLife]:
        """ "Any number of target players each mill a card and lose 2 life": each of them
        mills (mtg:701.13a), then loses the life (mtg:119.3), in text order (mtg:608.2c)."""
        return (n.Mill(c[0], c[3]), n.LoseLife(c[0], c[7]))

    def y4_sacrifice_discard_lose(self, c: list[Any]) -> tuple[n.Sacrifice, n.Discard, n.LoseLife]:
        """ "Target opponent sacrifices a creature or planeswalker of their choice,
        discards a card, and loses 3 life": three effects on one player, in text order
        (mtg:701.17a, mtg:701.8a, mtg:119.3, mtg:608.2c)."""
        descriptor, count = c[2]
        return (
            n.Sacrifice(c[0], descriptor, count),
            n.Discard(c[0], c[5]),
            n.LoseLife(c[0], c[-2]),
        )

    def y4_gain_life(self, c: list[Any]) -> n.GainLife:
        """ "[You draw a card and] gain 3 life": the instruction is its controller's
        (mtg:119.3)."""
        return n.GainLife(n.You(), c[1])

    def y4_their_cards(self, c: list[Any]) -> DraftRef:
        """ "up to four target cards from their graveyard", "any number of target cards
        from their graveyard": a target phrase whose
        graveyard is the player's chosen by an earlier phrase (linked by
        :meth:`y4_shuffle_their_cards`)."""
        tokens = [t for t in c if isinstance(t, Token)]
        most: int | None = None  # "any number of target cards" (mtg:115.1)
        if tokens[0].type == "UP":
            most = c[2]
            if not isinstance(most, int):
                raise NotRead("a number of targets known as the spell is cast (mtg:601.2c)")
        start, end = tokens[0].start_pos, tokens[-1].end_pos
        assert start is not None and end is not None
        draft = Draft(
            d.AllOf((d.IsCard(), d.InZone("graveyard"))),
            0,
            most,
            frozenset({"card"}),
            "graveyard",
            (start, end),
        )
        self.drafts.append(draft)  # type: ignore[attr-defined]
        return DraftRef(draft)

    def y4_shuffle_their_cards(self, c: list[Any]) -> n.ShuffleCardsInto:
        """ "Target player shuffles up to four target cards from their graveyard into
        their library" (mtg:701.20a): the cards are chosen among that player's, after
        that player (mtg:601.2c)."""
        who, cards = c[0], c[2]
        if not (isinstance(who, DraftRef) and who.draft.kinds == frozenset({"player"})):
            raise NotRead("'their graveyard' of no target player")
        cards.draft.of_player = who.draft
        return n.ShuffleCardsInto(c[0], c[2])  # the refs become target slots (resolve_refs)

    def y4_that_player(self, c: list[Any]) -> n.It:
        """ "that player": the player the sentence before named (its first target)."""
        return n.It("that player")

    def y4_that_controller(self, c: list[Any]) -> n.ControllerOf:
        """ "that permanent's controller": as it last existed if it is gone (mtg:608.2h)."""
        return n.ControllerOf(n.It(f"that {str(c[1]).lower()}"))

    def y4_player_may_copy(self, c: list[Any]) -> n.PlayerMayCopy:
        """ "That player may copy this spell and may choose a new target for that copy"
        (mtg:707.10, mtg:707.10c)."""
        return n.PlayerMayCopy(c[0], n.Self())

    def y4_you_may_copy(self, c: list[Any]) -> n.May:
        """ "You may copy this spell and may choose a new target for the copy"
        (mtg:608.2d, mtg:707.10, mtg:707.10c)."""
        return n.May((n.CopySpell(n.Self(), may_choose_new_targets=True),))

    def y4_for_each(self, c: list[Any]) -> Any:
        """ "For each opponent, destroy up to one target creature that player controls":
        one instance of "target" whose choices are each of a different player, so at most
        one per opponent (or per player); "that player" is whoever the chosen object is
        of (mtg:115.1, mtg:601.2c). Only an "up to one" phrase is read: with exactly one
        per player, how many targets there are would depend on the game."""
        opponents = c[2].type == "OPPONENT"
        drafts: list[Draft] = self.drafts  # type: ignore[attr-defined]
        per_player = [x for x in drafts if any(map(_of_that_player, _parts(x.descriptor)))]
        if len(per_player) != 1 or len(drafts) != 1:
            raise NotRead("'for each player' needs one target phrase of 'that player'")
        draft = per_player[0]
        if (draft.min, draft.max) not in {(0, 1), (1, 1)} or draft.zone not in {
            "battlefield",
            "graveyard",
        }:
            raise NotRead("only '(up to one) target ... that player controls' per player")
        # "that player controls", "they control", "from that player's graveyard" (Q6)
        rest = [p for p in _parts(draft.descriptor) if not _of_that_player(p)]
        zone = [p for p in _parts(draft.descriptor) if isinstance(p, d.InZone)]
        if draft.zone == "graveyard" and zone:
            rest.append(d.InZone("graveyard", "opponent" if opponents else "any"))
        elif opponents:
            rest.append(d.Controller("opponent"))
        draft.descriptor = all_of(rest)
        # exactly one: one for each such player with a legal choice (helper Q6)
        draft.each_player = draft.min == 1
        draft.max = None
        draft.one_per_player = True
        return c[-1]

    def y4_return_both_yours(self, c: list[Any]) -> tuple[n.ReturnToHand, n.ReturnToHand]:
        """ "Return up to one target instant card and up to one target sorcery card from
        your graveyard to your hand": two instances of "target" (mtg:115.3); the zone
        closing the second phrase is the first's too (mtg:400.3)."""
        first, second = c[1], c[3]
        if not (isinstance(first, DraftRef) and isinstance(second, DraftRef)):
            raise NotRead("two target phrases")
        one, two = first.draft, second.draft
        zone = [p for p in _parts(two.descriptor) if isinstance(p, d.InZone)]
        if two.zone != "graveyard" or len(zone) != 1 or one.kinds != frozenset({"card"}):
            raise NotRead("two target cards from a graveyard")
        if not any(isinstance(p, d.InZone) for p in _parts(one.descriptor)):
            one.descriptor = with_part(one.descriptor, zone[0])
            one.zone = two.zone
        elif one.zone != "graveyard":
            raise NotRead("two target cards from a graveyard")
        return (n.ReturnToHand(c[1]), n.ReturnToHand(c[3]))  # refs become slots later

    def y4_return_both_discard(self, c: list[Any]) -> tuple[Any, ...]:
        """ "..., then discard a card" (Shreds of Sanity): the discard comes after the
        returns (mtg:608.2c, mtg:701.8a)."""
        return (*self.y4_return_both_yours(c[:7]), n.Discard(n.You(), c[-2]))

    def y4_you_return(self, c: list[Any]) -> n.ReturnToHand:
        """ "[each opponent sacrifices a creature] and you return up to one target
        creature card from your graveyard to your hand" (mtg:400.3)."""
        return n.ReturnToHand(c[2])

    def y4_by_different(self, c: list[Any]) -> str:
        """ "controlled by different players": no two of one player's (mtg:601.2c)."""
        if [str(c[0]).lower(), str(c[2]).lower()] != ["controlled", "different"]:
            raise NotRead("controlled by different players")
        return "different"

    def y4_by_same(self, c: list[Any]) -> str:
        """ "controlled by the same player/opponent": all of one player's (mtg:601.2c)."""
        if [str(c[0]).lower(), str(c[3]).lower()] != ["controlled", "same"]:
            raise NotRead("controlled by the same player")
        return "same_opponent" if c[4].type == "OPPONENT" else "same_player"

    def _by_players(self, ref: Any, how: str) -> Any:
        """Mark the target phrase ``ref`` with how its objects' players relate; only a
        phrase that can choose several permanents."""
        draft: Draft | None = getattr(ref, "draft", None)
        if draft is None or draft.zone != "battlefield" or draft.max == 1:
            raise NotRead("several target permanents")
        if how == "different":
            draft.one_per_player = True
        else:
            draft.same_player = True
            if how == "same_opponent":
                draft.descriptor = with_part(draft.descriptor, d.Controller("opponent"))
        return ref

    def y4_choose_by(self, c: list[Any]) -> n.ChooseTarget:
        """ "Choose two target creatures controlled by the same player." (mtg:115.1)"""
        return n.ChooseTarget(self._by_players(c[1], c[2]))

    def y4_exile_by(self, c: list[Any]) -> n.Exile:
        """ "Exile up to two target artifacts controlled by different players" (mtg:701.11a)."""
        return n.Exile(self._by_players(c[1], c[2]))

    def y4_exile_until_by(self, c: list[Any]) -> n.ExileUntilLeaves:
        """ "... controlled by different players until ~ leaves the battlefield" (mtg:610.3)."""
        return n.ExileUntilLeaves(self._by_players(c[1], c[2]))

    def y4_exchange_by(self, c: list[Any]) -> n.ExchangeControl:
        """ "Exchange control of two target creatures controlled by different players"
        (mtg:701.10b)."""
        self._by_players(c[3], c[4])
        built: n.ExchangeControl = self.x3_exchange_two(c[:4])  # type: ignore[attr-defined]
        return built

    def y4_sacrifice_one_of_them(self, c: list[Any]) -> n.Sacrifice:
        """ "That player sacrifices one of them of their choice": the player whose the
        targets just chosen are picks one of them (mtg:701.17a)."""
        if str(c[3]).lower() != "one" or str(c[5]).lower() != "them":
            raise NotRead("one of them")
        them = n.It("them")
        return n.Sacrifice(n.ControllerOf(them), d.IsPermanent(), 1, among=them)

    def y4_return_those(self, c: list[Any]) -> n.ReturnToHand:
        """ "Return those creatures to their owners' hands": the targets chosen before
        (mtg:400.3)."""
        return n.ReturnToHand(n.It(f"those {str(c[2]).lower()}"))

    def y4_exchange_life(self, c: list[Any]) -> n.ExchangeLifeTotals:
        """ "Two target players exchange life totals" (mtg:701.10c): exactly two players,
        chosen with one "target"."""
        ref = c[-4]
        words = [str(c[-3]).lower(), str(c[-1]).lower()]
        draft: Draft | None = getattr(ref, "draft", None)
        if words != ["exchange", "totals"] or draft is None:
            raise NotRead("exchange life totals")
        if (draft.min, draft.max, draft.kinds) != (2, 2, frozenset({"player"})):
            raise NotRead("an exchange of life totals between two target players")
        return n.ExchangeLifeTotals(ref)

    def y4_may_exchange_life(self, c: list[Any]) -> n.May:
        """ "You may have two target players exchange life totals" (mtg:608.2d)."""
        return n.May((self.y4_exchange_life(c),))

    def y4_exchange_life_with(self, c: list[Any]) -> n.ExchangeLifeTotals:
        """ "Exchange life totals with target opponent": you and that player
        (mtg:701.10c)."""
        draft: Draft | None = getattr(c[-1], "draft", None)
        if str(c[2]).lower() != "totals" or draft is None:
            raise NotRead("exchange life totals with")
        if (draft.min, draft.max, draft.kinds) != (1, 1, frozenset({"player"})):
            raise NotRead("an exchange of life totals with one target player")
        return n.ExchangeLifeTotals(n.You(), c[-1])

    def y4_each_lose_sacrifice(self, c: list[Any]) -> tuple[n.LoseLife, n.Sacrifice]:
        """ "Any number of target players each lose 2 life and sacrifice a creature of
        their choice" (mtg:119.3, mtg:701.17a), in text order (mtg:608.2c)."""
        descriptor, count = c[-1]
        return (n.LoseLife(c[0], c[3]), n.Sacrifice(c[0], descriptor, count))

    def y4_copy_twice(self, c: list[Any]) -> n.CopySpell:
        """ "Copy target instant or sorcery spell twice" (mtg:707.10)."""
        if str(c[2]).lower() != "twice":
            raise NotRead("copy ... twice")
        return n.CopySpell(c[1], times=2)

    def y4_copy_times(self, c: list[Any]) -> n.CopySpell:
        """ "Copy target permanent spell you control three times" (mtg:707.10)."""
        times = NUMBER_WORDS.get(str(c[2]).lower())
        if str(c[3]).lower() != "times" or times is None:
            raise NotRead("copy ... N times")
        return n.CopySpell(c[1], times=times)

    def y4_copies_ref(self, c: list[Any]) -> n.It:
        """ "the copies": the copies the sentence before made (merged into it)."""
        return n.It("copies")


def _parts(descriptor: d.Descriptor) -> list[d.Descriptor]:
    """The parts of a description joined by "and" at its top."""
    return list(descriptor.parts) if isinstance(descriptor, d.AllOf) else [descriptor]


def copies_without_copy(effects: list[Any], value: list[Any]) -> bool:
    """ "You may choose new targets for the copies." means the copies the effect just
    before made (mtg:707.10c); with no copy of a spell just before (its sentence not
    read, say), the sentence is left unread rather than read as something else."""
    flat = [x for v in value for x in (v if isinstance(v, tuple) else (v,))]
    inner = [e for x in flat for e in (x.effects if isinstance(x, n.May) else (x,))]
    names = any(isinstance(e, n.ChangeTargets) and e.what == n.It("copies") for e in inner)
    return names and not (effects and made_copies(effects[-1]))
