"""Builder methods for zones and players (a mixin of
:class:`~tcgrules.games.magic.text_build.MagicBuilder`; grammar section "zones and
players (helper W3)" of ``magic.lark``): "other than a basic land card", "you own or
control" (a target phrase's builder method must not refuse: its words are fixed),
"... draws a card and you ...", "on top of their owners' libraries", "return all
artifacts target player owns", "target opponent may have you ...".
"""

from __future__ import annotations

from typing import Any

from lark import Token

from tcgrules.cardtext import nodes as n
from tcgrules.cardtext.build import Draft
from tcgrules.games.magic.text_lexer import CARD_TYPE_WORDS
from tcgrules.games.magic.text_not_read import NotRead
from tcgrules.kernel import descriptors as d


def _post(descriptor: d.Descriptor) -> Any:
    """A qualifier after the noun (the builder's own class, imported late: it imports
    this module)."""
    from tcgrules.games.magic.text_build import _Post  # noqa: PLC0415

    return _Post(descriptor)


def _one_player(ref: Any) -> Any:
    """``ref`` when it is one target player ("target player", "target opponent")."""
    draft: Draft | None = getattr(ref, "draft", None)
    if draft is None or not draft.kinds <= {"player"} or draft.max != 1:
        raise NotRead("a group owned by something other than one target player")
    return ref


def _effects(value: Any) -> tuple[Any, ...]:
    return tuple(value) if isinstance(value, tuple | list) else (value,)


class ZonesPlayersBuilder:
    """Target phrases and effects of zones and players no other family reads."""

    # ------------------------------------------------------------- target phrases
    def w3_other_than_kind(self, c: list[Any]) -> Any:
        """ "other than a basic land card": any card but one that is both (a basic land
        card has the supertype basic and the type land, mtg:205.4a)."""
        supertype = next(t for t in c if isinstance(t, Token) and t.type == "SUPERTYPE")
        kind = next(t for t in c if isinstance(t, Token) and t.type == "TYPE")
        basic = d.HasSupertype(supertype.lower())
        return _post(d.Not(d.AllOf((basic, d.HasType(CARD_TYPE_WORDS[kind.lower()])))))

    def w3_own_or_control(self, c: list[Any]) -> Any:
        """ "you own or control": either will do (mtg:108.3, mtg:110.2)."""
        return _post(d.AnyOf((d.Owner("you"), d.Controller("you"))))

    # ------------------------------------------------------------- effects
    def w3_draws_and(self, c: list[Any]) -> tuple[Any, ...]:
        """ "Target opponent draws a card and you draw three cards": two effects in the
        order written (mtg:608.2c), the first a draw (mtg:121.1)."""
        return (n.Draw(c[0], c[2]), *_effects(c[5]))

    def w3_draws_gains(self, c: list[Any]) -> tuple[n.Draw, n.GainLife]:
        """ "Target player draws X cards and gains X life" (mtg:121.1, mtg:119.3)."""
        return (n.Draw(c[0], c[2]), n.GainLife(c[0], c[6]))

    def w3_top_of_libraries(self, c: list[Any]) -> n.PutInLibrary:
        """ "Put two target lands on top of their owners' libraries": each on top of its
        own owner's library (mtg:400.3); cards going to one library at once are ordered
        by their owner (mtg:401.4)."""
        if c[-1].lower() != "libraries":
            raise NotRead(f"{c[-1]!r} where 'libraries' is said")
        return n.PutInLibrary(c[1], 1)

    def w3_shuffle_into_owners(self, c: list[Any]) -> n.ShuffleInto:
        """ "Shuffle target nontoken permanent you control into its owner's library"
        (mtg:701.20a, mtg:400.3)."""
        return n.ShuffleInto(what=c[1])

    def w3_owner_shuffles(self, c: list[Any]) -> n.ShuffleInto:
        """ "Target creature's owner shuffles it into their library" (mtg:701.20a)."""
        return n.ShuffleInto(what=c[0])

    def w3_owner_top_or_bottom(self, c: list[Any]) -> n.PutInLibraryChoice:
        """ "Target creature's owner puts it on their choice of the top or bottom of their
        library": the owner chooses (mtg:400.3)."""
        if c[-4].lower() != "bottom":
            raise NotRead(f"{c[-4]!r} where 'bottom' is said")
        return n.PutInLibraryChoice(c[0], (1, None))

    def w3_exile_from_graveyard_but(self, c: list[Any]) -> n.ExileGraveyard:
        """ "Exile all cards from target player's graveyard other than basic land cards"
        (mtg:701.11a): every card the description fits, as the effect happens."""
        nominal = self.nominal([c[2], c[-1]])  # type: ignore[attr-defined]
        return n.ExileGraveyard(c[4], nominal.descriptor)

    def w3_return_all_owned(self, c: list[Any]) -> n.ReturnOwnedToHand:
        """ "Return all artifacts target player owns to their hand" (mtg:400.3)."""
        return n.ReturnOwnedToHand(c[2].descriptor, _one_player(c[3]))

    def w3_player_may(self, c: list[Any]) -> n.PlayerMay:
        """ "Target opponent may have you draw a card": that player chooses whether the
        controller does it (mtg:608.2d). Only effects the controller does are read."""
        who = _one_player(c[0])
        inner = _effects(c[-1])
        for effect in inner:
            if not isinstance(effect, n.Draw | n.CreateToken) or not isinstance(effect.who, n.You):
                raise NotRead("'may have you' with an effect the controller may not do")
        return n.PlayerMay(who, inner)

    def w3_you_and_each_create(self, c: list[Any]) -> tuple[n.CreateToken, n.CreateToken]:
        """ "You and target opponent each create a Food token": each player creates and
        controls their own (mtg:111.2), the controller first (mtg:608.2c)."""
        create = self._create  # type: ignore[attr-defined]
        return (create(n.You(), c[-1]), create(c[2], c[-1]))

    def w3_investigate_times(self, c: list[Any]) -> n.CreateToken:
        """ "Investigate X times": one Clue token per time (mtg:701.36a)."""
        if c[-1].lower() != "times":
            raise NotRead(f"{c[-1]!r} where 'times' is said")
        return n.CreateToken("Clue", c[1], n.You())

    def w3_explores(self, c: list[Any]) -> n.Explore:
        """ "Target creature you control explores" (mtg:701.40a)."""
        if c[1].lower() != "explores":
            raise NotRead(f"{c[1]!r} where 'explores' is said")
        return n.Explore(c[0])

    def w3_explores_again(self, c: list[Any]) -> n.Explore:
        """ "..., then it explores again": a second exploration (mtg:701.40a)."""
        if (c[1].lower(), c[2].lower()) != ("explores", "again"):
            raise NotRead(f"{c[1]!r} {c[2]!r} where 'explores again' is said")
        return n.Explore(c[0])

    def w3_player_may_draw(self, c: list[Any]) -> n.PlayerMay:
        """ "Target opponent may draw a card": that player chooses (mtg:608.2d) and
        draws (mtg:121.1)."""
        who = _one_player(c[0])
        return n.PlayerMay(who, (n.Draw(who, c[3]),))

    def w3_exile_all_controlled(self, c: list[Any]) -> n.Exile:
        """ "Exile all nonland permanents target player controls" (mtg:701.11a)."""
        return n.Exile(self._controlled_by(c[2], c[3]))  # type: ignore[attr-defined]

    def w3_untap_both_groups(self, c: list[Any]) -> tuple[n.Untap, n.Untap]:
        """ "Untap all creatures you control and all creatures target opponent controls"
        (mtg:701.21b): two groups, each found as the effect happens (mtg:608.2h)."""
        return (
            n.Untap(n.Each(c[2].descriptor)),
            n.Untap(self._controlled_by(c[5], c[6])),  # type: ignore[attr-defined]
        )

    def w3_top_any_order(self, c: list[Any]) -> n.PutInLibrary:
        """ "Put up to three target cards from an opponent's graveyard on top of their
        library in any order": each on top of its owner's library (mtg:400.3), in the
        order the targets are listed (mtg:401.4)."""
        if c[-1].lower() != "order":
            raise NotRead(f"{c[-1]!r} where 'order' is said")
        return n.PutInLibrary(c[1], 1)

    def w3_bottom_of_their(self, c: list[Any]) -> n.PutInLibrary:
        """ "Put target card from an opponent's graveyard on the bottom of their library"
        (mtg:400.3)."""
        return n.PutInLibrary(c[1], None)

    def w3_draw_cards_in_target(self, c: list[Any]) -> n.Draw:
        """ "Draw cards equal to the number of cards in target opponent's hand": counted
        as the effect happens (mtg:608.2h); only plain "cards" are counted."""
        alts = c[7]
        if len(alts) != 1 or alts[0].parts or alts[0].head != "card":
            raise NotRead("a count of something other than cards in a target's zone")
        return n.Draw(n.You(), n.CardsIn(c[-1], _one_player(c[9])))

    def w3_put_yours_tapped(self, c: list[Any]) -> n.PutOntoBattlefield:
        """ "Put target creature card from a graveyard onto the battlefield under your
        control tapped": the controller controls it (mtg:110.2a); it enters tapped
        (mtg:110.5b)."""
        if c[-1].lower() != "tapped":
            raise NotRead(f"{c[-1]!r} where 'tapped' is said")
        return n.PutOntoBattlefield(c[1], n.You(), tapped=True)

    def x1_beneath_top(self, c: list[Any]) -> n.PutBeneathTop:
        """ "Put target nonland permanent into its owner's library just beneath the top X
        cards of that library": X cards stay above it (mtg:401.7)."""
        words = f"{c[4]} {c[5]}".lower()
        if words != "just beneath":
            raise NotRead(f"{words!r} where 'just beneath' is said")
        return n.PutBeneathTop(c[1], c[8])

    def x1_reveal_until_graveyard(self, c: list[Any]) -> n.RevealUntilToGraveyard:
        """ "target player reveals cards from the top of their library until they reveal
        a land card, then puts those cards into their graveyard" (mtg:701.16a)."""
        kind: Token = c[13]
        return n.RevealUntilToGraveyard(c[0], d.AllOf((d.IsCard(), d.HasType(kind.lower()))))
