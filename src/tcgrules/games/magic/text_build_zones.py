"""Builder methods for graveyard, library, hand and exile effects around a target.

A mixin of :class:`~tcgrules.games.magic.text_build.MagicBuilder`: one method per
alias of the grammar's "graveyards, libraries, hands and exile" section. Each turns
a sentence into the effect nodes of :mod:`tcgrules.cardtext.nodes` whose every word
has a meaning there; a tree it can't give a meaning to raises ``NotRead``.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from lark import Token

from tcgrules.cardtext import nodes as n
from tcgrules.cardtext.build import TextContext
from tcgrules.games.magic.text_lexer import NUMBER_WORDS, ORDINAL_WORDS
from tcgrules.kernel import descriptors as d
from tcgrules.kernel.descriptors import Descriptor


@dataclass(frozen=True, slots=True)
class ChooseFromIt:
    """ "You choose a nonland card from it.": the choice the next sentence acts on;
    merged with the reveal before it and the discard after it into one
    :class:`~tcgrules.cardtext.nodes.DiscardChosen` (:func:`merge_hand_choice`)."""

    descriptor: Descriptor
    span: tuple[int, int]
    #: "... from it and exile that card": the exile is said in the same sentence
    exile: bool = False
    #: "You choose one of them": one of the cards just revealed from a hand (helper t2)
    among_revealed: bool = False


@dataclass(frozen=True, slots=True)
class DiscardThat:
    """ "That player discards that card.": the discard of the card chosen just before."""

    span: tuple[int, int]


@dataclass(frozen=True, slots=True)
class ExileThat:
    """ "Exile that card.": the card chosen just before is exiled."""

    span: tuple[int, int]


@dataclass(frozen=True, slots=True)
class ThatPlayerShuffles:
    """ "Then that player shuffles.": the player whose library was just searched
    shuffles it; folded into the search before it (:func:`merge_hand_choice`)."""

    span: tuple[int, int]


def _not_read(what: str) -> Exception:
    """The builder's "can't give this tree a meaning" exception (the sentence is then
    kept as not understood)."""
    # text_build imports this module
    from tcgrules.games.magic.text_not_read import NotRead  # noqa: PLC0415

    return NotRead(what)


def _span(c: list[Any]) -> tuple[int, int]:
    starts = [t.start_pos for t in c if isinstance(t, Token) and t.start_pos is not None]
    ends = [t.end_pos for t in c if isinstance(t, Token) and t.end_pos is not None]
    return (min(starts), max(ends))


def merge_hand_choice(ctx: TextContext, effects: list[Any]) -> None:
    """ "Target opponent reveals their hand. You choose a nonland card from it. That
    player discards that card." is one discard the controller chooses (mtg:701.8b):
    the three sentences become the reveal and a
    :class:`~tcgrules.cardtext.nodes.DiscardChosen`; "... and exile that card" or
    "Exile that card." after the choice an
    :class:`~tcgrules.cardtext.nodes.ExileChosen`. A choice, discard or exile that is
    not in that order is not understood. "Then that player shuffles." right after a
    search of a library is that search's shuffle (mtg:701.20a); anywhere else it is not
    understood."""
    i = 0
    while i < len(effects):
        part = effects[i]
        # "reveals their hand" or "Look at target player's hand" (only the controller
        # sees it, mtg:701.16e)
        seen = effects[i - 1] if i > 0 else None
        revealed = isinstance(seen, n.RevealHand) or (
            isinstance(seen, n.LookAt) and seen.top is None
        )
        after = effects[i + 1] if i + 1 < len(effects) else None
        if (
            isinstance(part, ChooseFromIt)
            and part.among_revealed
            and isinstance(seen, n.RevealFromHand)
            and isinstance(after, DiscardThat)
        ):
            # "reveals two cards from their hand. You choose one of them. That player
            # discards that card." (helper t2)
            effects[i - 1 : i + 2] = [n.RevealedDiscardChosen(seen.who, seen.count)]
            continue
        if isinstance(part, ChooseFromIt) and part.among_revealed:
            # "one of them" of anything but cards just revealed from a hand; "... and
            # exile it" after it in the same sentence is not read either
            lo, hi = part.span
            stop = ctx.clean.find(".", hi)
            stop = len(ctx.clean) if stop < 0 else stop
            if after is not None and ctx.clean[hi:stop].lstrip().startswith("and "):
                del effects[i + 1]
                hi = stop
            effects[i] = n.UnsupportedEffect(ctx.phrase(lo, hi), (lo, hi))
            ctx.add(lo, hi, "effect not understood")
        elif isinstance(part, ChooseFromIt) and revealed and part.exile:
            effects[i] = n.ExileChosen(effects[i - 1].who, part.descriptor)
        elif isinstance(part, ChooseFromIt) and revealed and isinstance(after, DiscardThat):
            effects[i : i + 2] = [n.DiscardChosen(effects[i - 1].who, part.descriptor)]
        elif isinstance(part, ChooseFromIt) and revealed and isinstance(after, ExileThat):
            effects[i : i + 2] = [n.ExileChosen(effects[i - 1].who, part.descriptor)]
        elif isinstance(part, ThatPlayerShuffles) and i > 0:
            before = effects[i - 1]
            if isinstance(before, n.SearchLibrary | n.SearchForName) and not before.shuffle:
                effects[i - 1 : i + 1] = [replace(before, shuffle=True)]
                continue
            lo, hi = part.span
            effects[i] = n.UnsupportedEffect(ctx.phrase(lo, hi), (lo, hi))
            ctx.add(lo, hi, "effect not understood")
        elif isinstance(part, ChooseFromIt | DiscardThat | ExileThat | ThatPlayerShuffles):
            lo, hi = part.span
            effects[i] = n.UnsupportedEffect(ctx.phrase(lo, hi), (lo, hi))
            ctx.add(lo, hi, "effect not understood")
        i += 1


class ZonesBuilder:
    """Graveyards, libraries, hands and exile (mtg:401, 402, 404, 406, 610.3, 701.8,
    701.13, 701.16)."""

    def _chosen_kind(self, c: list[Any]) -> Descriptor:
        """What a card chosen "from it" must be: the nouns, and a "with" clause after
        "from it" ("a nonland card from it with mana value 3 or less")."""
        posts = [x for x in c[4:] if not isinstance(x, Token)]
        nominal = self.nominal([c[3], *posts])  # type: ignore[attr-defined]
        descriptor: Descriptor = nominal.descriptor
        return descriptor

    def zones_choose_from_it(self, c: list[Any]) -> ChooseFromIt:
        """ "You choose a nonland card from it [with mana value 3 or less]" (the hand
        just revealed)."""
        return ChooseFromIt(self._chosen_kind(c), _span(c))

    def zones_choose_exile(self, c: list[Any]) -> ChooseFromIt:
        """ "You choose a nonland card from it and exile that card" (mtg:701.11a)."""
        return ChooseFromIt(self._chosen_kind(c), _span(c), exile=True)

    def zones_exile_that(self, c: list[Any]) -> ExileThat:
        """ "Exile that card" (the card chosen just before, mtg:701.11a)."""
        return ExileThat(_span(c))

    def zones_discard_that(self, c: list[Any]) -> DiscardThat:
        """ "That player discards that card" (mtg:701.8a)."""
        return DiscardThat(_span(c))

    def zones_may_have(self, c: list[Any]) -> n.May:
        """ "You may have target opponent discard a card" (mtg:608.2d)."""
        verb: Token = c[4]
        inner = n.Discard(c[3], c[5]) if verb.type == "DISCARD" else n.Mill(c[3], c[5])
        return n.May((inner,))

    def zones_return_both(self, c: list[Any]) -> tuple[n.ReturnToHand, n.ReturnToHand]:
        """ "Return ~ and another target creature to their owners' hands" (mtg:400.3)."""
        return (n.ReturnToHand(c[1]), n.ReturnToHand(c[3]))

    def zones_exile_from_graveyard(self, c: list[Any]) -> n.ExileGraveyard:
        """ "Exile all creature cards from target player's graveyard" (mtg:701.11a)."""
        nominal = self.nominal([c[2]])  # type: ignore[attr-defined]
        return n.ExileGraveyard(c[4], nominal.descriptor)

    def zones_exile_top(self, c: list[Any]) -> n.ExileTop:
        """ "Exile the top card of target player's library" (mtg:701.11a)."""
        return n.ExileTop(c[5], 1)

    def zones_exile_top_n(self, c: list[Any]) -> n.ExileTop:
        """ "Exile the top three cards of target player's library" (mtg:701.11a)."""
        return n.ExileTop(c[6], c[3])

    def zones_exile_from_hand(self, c: list[Any]) -> n.FromHand:
        """ "Target opponent exiles a card from their hand": they choose it."""
        return n.FromHand(c[0], c[2], "exile")

    def zones_hand_to_top(self, c: list[Any]) -> n.FromHand:
        """ "Target opponent puts a card from their hand on top of their library"."""
        return n.FromHand(c[0], c[2], "library_top")

    def zones_shuffle_graveyard(self, c: list[Any]) -> n.ShuffleInto:
        """ "Target player shuffles their graveyard into their library" (mtg:701.20a)."""
        return n.ShuffleInto(graveyard_of=c[0])

    def zones_shuffle_in(self, c: list[Any]) -> n.ShuffleInto:
        """ "Shuffle any number of target creature cards from your graveyard into your
        library" (mtg:701.20a)."""
        return n.ShuffleInto(what=c[1])

    def zones_you_and_each_draw(self, c: list[Any]) -> n.DrawEach:
        """ "You and target opponent each draw a card" (mtg:121.2c)."""
        return n.DrawEach((n.You(), c[2]), c[5])

    def zones_each_mill(self, c: list[Any]) -> n.Mill:
        """ "Any number of target players each mill two cards" (mtg:701.13a)."""
        return n.Mill(c[0], c[3])

    def zones_mill(self, c: list[Any]) -> n.Mill:
        """ "Target player mills two cards" (mtg:701.13a)."""
        return n.Mill(c[0], c[2])

    def zones_discard(self, c: list[Any]) -> n.Discard:
        """ "Target opponent discards a card": the player chooses (mtg:701.8b)."""
        return n.Discard(c[0], c[2])

    def zones_discard_random(self, c: list[Any]) -> n.Discard:
        """ "... discards a card at random" (mtg:701.8b)."""
        return n.Discard(c[0], c[2], random=True)

    def zones_draw_discard(self, c: list[Any]) -> tuple[n.Draw, n.Discard]:
        """ "Target player draws two cards, then discards two cards": in that order
        (mtg:608.2c)."""
        return (n.Draw(c[0], c[2]), n.Discard(c[0], c[-2]))

    def zones_reveal_hand(self, c: list[Any]) -> n.RevealHand:
        """ "Target opponent reveals their hand" (mtg:701.16a)."""
        return n.RevealHand(c[0])

    def zones_look_hand(self, c: list[Any]) -> n.LookAt:
        """ "Look at target player's hand" (mtg:701.16e)."""
        return n.LookAt(c[2])

    def zones_look_top(self, c: list[Any]) -> n.LookAt:
        """ "Look at the top card of target player's library" (mtg:701.16e)."""
        return n.LookAt(c[6], 1)

    def zones_look_top_n(self, c: list[Any]) -> n.LookAt:
        """ "Look at the top three cards of target player's library" (mtg:701.16e)."""
        return n.LookAt(c[7], c[4])

    def zones_exile_graveyard(self, c: list[Any]) -> n.ExileGraveyard:
        """ "Exile target player's graveyard" (mtg:701.11a)."""
        return n.ExileGraveyard(c[1])

    def zones_exile_until(self, c: list[Any]) -> n.ExileUntilLeaves:
        """ "Exile target ... until ~ leaves the battlefield" (mtg:610.3)."""
        return n.ExileUntilLeaves(c[1])

    def zones_flicker(self, c: list[Any]) -> n.Flicker:
        """ "Exile target creature you control, then return it to the battlefield under
        its owner's control" (mtg:400.7, mtg:110.2a); "... under your control"
        (Cloudshift); "... tapped under ..." (the only status read there)."""
        status = [t for t in c if isinstance(t, Token) and t.type == "STATUS"]
        if status and status[0].lower() != "tapped":
            raise _not_read(f"returned to the battlefield {status[0]}")
        yours = "yours" in c
        return n.Flicker(c[1], under_you=yours, tapped=bool(status))

    def flicker_owners(self, c: list[Any]) -> str:
        return "owners"

    def flicker_yours(self, c: list[Any]) -> str:
        return "yours"

    def flickered(self, c: list[Token]) -> None:
        return None

    def owners_control(self, c: list[Token]) -> None:
        return None

    def zones_put_yours(self, c: list[Any]) -> n.PutOntoBattlefield:
        """ "Put target creature card from a graveyard onto the battlefield under your
        control" (mtg:110.2a)."""
        return n.PutOntoBattlefield(c[1], n.You())

    def zones_return_status(self, c: list[Any]) -> n.PutOntoBattlefield:
        """ "Return target land card from your graveyard to the battlefield tapped": the
        only status a card is returned with here is "tapped"."""
        status: Token = c[-1]
        if status.lower() != "tapped":
            raise _not_read(f"returned to the battlefield {status}")
        return n.PutOntoBattlefield(c[1], n.You(), tapped=True)

    def zones_return_owners(self, c: list[Any]) -> n.PutOntoBattlefield:
        """ "Return ... to the battlefield under its owner's control" (mtg:110.2a)."""
        return n.PutOntoBattlefield(c[1], None)

    # ---- second pass (helper X2)
    def x2_top_or_bottom(self, c: list[Any]) -> n.PutInLibraryChoice:
        """ "The owner of target nonland permanent puts it on their choice of the top or
        bottom of their library" (mtg:400.3)."""
        _word(c[-4], "bottom")
        return n.PutInLibraryChoice(c[3], (1, None))

    def x2_nth_or_bottom(self, c: list[Any]) -> n.PutInLibraryChoice:
        """ "... puts it into their library second from the top or on the bottom"
        (mtg:401.7)."""
        ordinal: Token = c[9]
        return n.PutInLibraryChoice(c[3], (ORDINAL_WORDS[ordinal.lower()], None))

    def x2_owner_shuffles(self, c: list[Any]) -> n.ShuffleInto:
        """ "The owner of target permanent shuffles it into their library" (mtg:701.20a):
        its owner's library is the one shuffled."""
        return n.ShuffleInto(what=c[3])

    def x2_look_reorder(self, c: list[Any]) -> n.LookAndReorder:
        """ "Look at the top three cards of target player's library, then put them back
        in any order" (mtg:701.16e)."""
        for token, word in zip(c[-5:-3], ("them", "back"), strict=True):
            _word(token, word)
        _word(c[-1], "order")
        return n.LookAndReorder(c[7], c[4])

    def x2_found_one(self, c: list[Any]) -> tuple[n.Amount, Descriptor | None, bool]:
        """ "a card", "a creature card": one card, of a stated quality or not."""
        alts = c[-1]
        if len(alts) == 1 and not alts[0].parts and alts[0].head == "card":
            return (1, None, False)
        return (1, self.nominal([alts]).descriptor, False)  # type: ignore[attr-defined]

    def x2_found_n(self, c: list[Any]) -> tuple[n.Amount, Descriptor | None, bool]:
        """ "three cards": a quantity of cards, no quality."""
        return (c[0], None, False)

    def x2_found_up_to(self, c: list[Any]) -> tuple[n.Amount, Descriptor | None, bool]:
        """ "up to seven cards"."""
        return (c[2], None, True)

    def x2_search_exile(self, c: list[Any]) -> n.SearchLibrary:
        """ "Search target player's library for a card and exile it", "... for three cards
        and exile them" (mtg:701.19a, mtg:701.11a)."""
        _word(c[0], "search")
        count, descriptor, up_to = c[5]
        last: Token = c[-1]
        if last.type == "WORD":
            _word(last, "them")
        if (last.type == "IT") != (count == 1 and not up_to):
            raise _not_read(f"{last} after {count} card(s)")
        return n.SearchLibrary(c[1], count, descriptor, "exile", up_to)

    def x2_search_steal(self, c: list[Any]) -> n.SearchLibrary:
        """ "Search target opponent's library for a creature card and put that card onto
        the battlefield under your control" (mtg:701.19a, mtg:110.2a)."""
        _word(c[0], "search")
        count, descriptor, up_to = c[5]
        if count != 1 or up_to:
            raise _not_read("that card after several cards")
        return n.SearchLibrary(c[1], count, descriptor, "battlefield", up_to)

    def x2_that_player_shuffles(self, c: list[Any]) -> ThatPlayerShuffles:
        """ "Then that player shuffles." (after a search, mtg:701.20a)."""
        return ThatPlayerShuffles(_span(c))

    def x2_choose_from_it(self, c: list[Any]) -> ChooseFromIt:
        """ "[Look at target player's hand] and choose a card from it": the controller's
        choice, merged with the look before it (:func:`merge_hand_choice`)."""
        nominal = self.nominal([c[2]])  # type: ignore[attr-defined]
        return ChooseFromIt(nominal.descriptor, _span(c))

    def x2_with_counter(self, c: list[Any]) -> tuple[str, int]:
        """ "with a +1/+1 counter on it" (mtg:122.6): only kinds whose rules are modelled."""
        kind: str = c[2]
        self.check_counter_kind(kind)  # type: ignore[attr-defined]
        return (kind, 1)

    def x2_with_additional(self, c: list[Any]) -> tuple[str, int]:
        """ "with an additional +1/+1 counter on it": one more than it would enter with."""
        _word(c[2], "additional")
        return (str(c[3]), 1)

    def x2_return_with_counter(self, c: list[Any]) -> n.PutOntoBattlefield:
        """ "Return target creature card from your graveyard to the battlefield with a
        +1/+1 counter on it" (mtg:110.2a, mtg:122.6); "Put target creature card from a
        graveyard onto the battlefield under your control with ..."."""
        return n.PutOntoBattlefield(c[1], n.You(), counters=(c[-1],))

    def x2_you_draw(self, c: list[Any]) -> n.Draw:
        """ "[Target opponent discards a card] and you draw a card" (mtg:121.1)."""
        return n.Draw(n.You(), c[2])

    def x2_bottom_any_order(self, c: list[Any]) -> n.PutInLibrary:
        """ "Put up to four target cards from your graveyard on the bottom of your library
        in any order": their owner arranges them (mtg:401.4); the order the targets are
        listed in is that arrangement, each going under the one before."""
        _word(c[-1], "order")
        return n.PutInLibrary(c[1], None)

    def x2_when(self, c: list[Any]) -> str:
        return "this turn"

    def x2_free(self, c: list[Any]) -> str:
        return "free"

    def x2_cast(self, c: list[Any]) -> n.CastFromZone:
        """ "You may cast target instant or sorcery card from your graveyard [this turn]
        [without paying its mana cost]" (mtg:608.2g, mtg:601.2)."""
        return n.CastFromZone(c[3], this_turn="this turn" in c, free="free" in c)

    # ---- third pass (helper Z3)
    def z3_exiles_top(self, c: list[Any]) -> n.ExileTop:
        """ "Target opponent exiles the top card of their library" (mtg:701.11a)."""
        return n.ExileTop(c[0], 1)

    def z3_exiles_top_n(self, c: list[Any]) -> n.ExileTop:
        """ "Target opponent exiles the top four cards of their library" (mtg:701.11a)."""
        return n.ExileTop(c[0], c[4])

    def z3_exile_top_face_down(self, c: list[Any]) -> n.ExileTopFaceDown:
        """ "Exile the top three cards of target opponent's library face down"
        (mtg:701.11a, mtg:406.3)."""
        _word(c[-2], "face")
        _word(c[-1], "down")
        return n.ExileTopFaceDown(c[6], c[3])

    def z3_return_attacking(self, c: list[Any]) -> n.PutOntoBattlefieldAttacking:
        """ "Return target creature card from your graveyard to the battlefield tapped and
        attacking" (mtg:110.2a, mtg:508.4)."""
        _tapped_and_attacking(c[-3], c[-1])
        return n.PutOntoBattlefieldAttacking(c[1], n.You())

    def z3_put_attacking(self, c: list[Any]) -> n.PutOntoBattlefieldAttacking:
        """ "Put target creature card from defending player's graveyard onto the
        battlefield under your control tapped and attacking" (mtg:110.2a, mtg:508.4)."""
        _tapped_and_attacking(c[-3], c[-1])
        return n.PutOntoBattlefieldAttacking(c[1], n.You())

    def z3_your_choice_top_bottom(self, c: list[Any]) -> n.PutInLibraryChoice:
        """ "Put target card from a graveyard on your choice of the top or bottom of its
        owner's library": the controller picks the end (mtg:400.3)."""
        _word(c[-4], "bottom")
        return n.PutInLibraryChoice(c[1], (1, None), chooser="controller")

    def z3_return_with_auras(self, c: list[Any]) -> n.ReturnWithAuras:
        """ "Return target creature and all Auras you control attached to it to their
        owners' hands" (mtg:303.4b, mtg:400.3): only Auras are read there."""
        _word(c[5], "attached")
        auras: Descriptor = c[4].descriptor
        if not _is_aura(auras):
            raise _not_read("attached objects other than Auras")
        return n.ReturnWithAuras(c[1], auras)

    def z3_return_all_controlled(self, c: list[Any]) -> n.ReturnToHand:
        """ "Return all nonland permanents target player controls to their owner's hand"
        (mtg:400.3): each of them as the effect happens (mtg:608.2h); only the player is
        a target (mtg:115.1)."""
        return n.ReturnToHand(self._controlled_by(c[2], c[3]))  # type: ignore[attr-defined]

    def z3_return_two_counters(self, c: list[Any]) -> n.PutOntoBattlefield:
        """ "Return target permanent card from your graveyard to the battlefield with a
        hexproof counter and an indestructible counter on it" (mtg:110.2a, mtg:122.6)."""
        kinds: list[str] = [c[7], c[11]]
        for kind in kinds:
            self.check_counter_kind(kind)  # type: ignore[attr-defined]
        return n.PutOntoBattlefield(c[1], n.You(), counters=tuple((k, 1) for k in kinds))

    def z3_return_n_additional(self, c: list[Any]) -> n.PutOntoBattlefield:
        """ "Return target creature card from your graveyard to the battlefield with two
        additional +1/+1 counters on it" (mtg:110.2a, mtg:122.6)."""
        _word(c[7], "additional")
        count = _number(c[6])
        return n.PutOntoBattlefield(c[1], n.You(), counters=((str(c[8]), count),))

    def z3_return_both_status(
        self, c: list[Any]
    ) -> tuple[n.PutOntoBattlefield, n.PutOntoBattlefield]:
        """ "Return this card and target land card from your graveyard to the battlefield
        tapped" (mtg:110.2a): "tapped" is the only status read."""
        _word(c[-1], "tapped")
        return (
            n.PutOntoBattlefield(c[1], n.You(), tapped=True),
            n.PutOntoBattlefield(c[3], n.You(), tapped=True),
        )

    def z3_you_discard(self, c: list[Any]) -> n.Discard:
        """ "Discard a card", said to the controller: they choose it (mtg:701.8a)."""
        return n.Discard(n.You(), c[1])

    def z3_you_discard_random(self, c: list[Any]) -> n.Discard:
        """ "Discard a card at random" (mtg:701.8b)."""
        return n.Discard(n.You(), c[1], random=True)

    def z3_and_you_may(self, c: list[Any]) -> tuple[Any, ...]:
        """ "[effect] and you may [effect]": the first happens, the second only if the
        controller chooses to (mtg:608.2d)."""
        first = c[0] if isinstance(c[0], tuple | list) else (c[0],)
        return (*first, n.May((c[-1],)))

    def z3_return_and_same_name(self, c: list[Any]) -> n.ReturnToHand:
        """ "Return target nonland permanent and all other permanents with the same name
        as that permanent to their owners' hands": the others are not targets, found as
        the effect happens (mtg:201.2a, mtg:608.2h)."""
        _word(c[8], "same")
        _word(c[9], "name")
        return self._return_and_sharing(c, "name")

    def z3_return_and_same_mana_value(self, c: list[Any]) -> n.ReturnToHand:
        """ "... and each other nonland permanent with the same mana value as that
        permanent to their owners' hands" (mtg:202.3, mtg:608.2h)."""
        _word(c[8], "same")
        return self._return_and_sharing(c, "mana_value")

    def _return_and_sharing(self, c: list[Any], prop: str) -> n.ReturnToHand:
        alts = c[5]
        nominal = self.nominal([alts])  # type: ignore[attr-defined]
        return n.ReturnToHand(n.AndEachSharing(c[1], nominal.descriptor, prop))

    def z3_exile_zones(self, c: list[Any]) -> n.ExileZones:
        """ "Exile all cards from target player's hand [and graveyard]" (mtg:701.11a)."""
        alts = c[2]
        if len(alts) != 1 or alts[0].parts or alts[0].head != "card":
            raise _not_read("exile all of a kind of card from a hand")
        graveyard = isinstance(c[-1], Token) and c[-1].type == "GRAVEYARD"
        return n.ExileZones(c[4], ("hand", "graveyard") if graveyard else ("hand",))


def _tapped_and_attacking(first: Any, second: Any) -> None:
    """ "tapped and attacking", the only statuses read together here."""
    _word(first, "tapped")
    _word(second, "attacking")


def _word(token: Any, word: str) -> None:
    """A fixed word the grammar reads as a plain WORD: anything else is not read."""
    if not isinstance(token, Token) or token.lower() != word:
        raise _not_read(f"{token!r} where {word!r} is said")


def _is_aura(descriptor: Descriptor) -> bool:
    """Every alternative the description allows is an Aura."""
    if isinstance(descriptor, d.AnyOf):
        return all(_is_aura(p) for p in descriptor.parts)
    if isinstance(descriptor, d.AllOf):
        return any(_is_aura(p) for p in descriptor.parts)
    return descriptor == d.HasSubtype("aura")


def _number(token: Token) -> int:
    """A count printed as a number or a number word ("two")."""
    return int(token) if token.type == "NUMBER" else NUMBER_WORDS[token.lower()]
