"""Reading counted amounts (helper t2): numbers a spell or ability counts from the game
as it resolves (mtg:608.2h) — "the number of different mana values among cards in your
graveyard", "the number of colors among permanents you control", "the number of
different kinds of counters among permanents you control", "the number of colors that
spell is", "the number of permanents you've sacrificed this turn", "the number of
Wolves and Werewolves you control", "the total number of instant and sorcery cards you
own in exile and in your graveyard", "permanents you control that are creatures and/or
Vehicles".

A mixin of :class:`~tcgrules.games.magic.text_build.MagicBuilder`; one method per alias
of the grammar's "counted amounts" section (``grammar/magic.lark``). The numbers are
worked out by :mod:`tcgrules.games.magic.counted` (through ``Ruleset.amount_now``) or by
the kernel's :class:`~tcgrules.kernel.resolution.Resolution`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from tcgrules.cardtext import nodes as n
from tcgrules.cardtext.build import all_of, any_of
from tcgrules.games.magic.text_not_read import NotRead
from tcgrules.kernel import descriptors as d


def _words(c: list[Any], *expected: tuple[int, str]) -> None:
    """Check the plain words of a rule: each (index, lower-cased word)."""
    for index, word in expected:
        if str(c[index]).lower() != word:
            raise NotRead(f"“{c[index]}” where “{word}” is read")


def _among(nominal: Any) -> d.Descriptor:
    """What "among [nominal]" describes: objects somewhere (a permanent, a card in a
    named zone), never players."""
    descriptor: d.Descriptor = nominal.descriptor
    if "player" in nominal.kinds:
        raise NotRead("a count among players")
    return descriptor


class CountedBuilder:
    """Tokens and subtrees of the counted-amount rules → amount nodes."""

    def t2_counter_kinds(self, c: list[Any]) -> n.CounterKindsAmong:
        """ "the number of different kinds of counters among permanents you control": a
        kind counts once however many objects have it (mtg:122.1)."""
        _words(c, (3, "different"), (4, "kinds"))
        return n.CounterKindsAmong(_among(c[-1]))

    def t2_mana_values_among(self, c: list[Any]) -> n.DifferentAmong:
        """ "the number of different mana values among cards in your graveyard"
        (mtg:202.3)."""
        _words(c, (3, "different"), (5, "values"))
        return n.DifferentAmong("mana_value", _among(c[-1]))

    def t2_colors_among(self, c: list[Any]) -> n.DifferentAmong:
        """ "the number of colors among permanents you control": each of the five colors
        at least one of them is (mtg:105.2)."""
        _words(c, (3, "colors"))
        return n.DifferentAmong("colors", _among(c[-1]))

    def t2_colors_of_that_spell(self, c: list[Any]) -> n.NumberOf:
        """ "the number of colors that spell is" (mtg:105.2): of the spell "that spell"
        names, settled with the whole ability as "that spell's mana value" is."""
        _words(c, (3, "colors"))
        return n.NumberOf("colors", n.It("that spell"))

    def t2_sacrificed_this_turn(self, c: list[Any]) -> n.ThisTurn:
        """ "the number of permanents you've sacrificed this turn" (mtg:701.17a),
        counted from the turn's events as the effect happens."""
        _words(c, (5, "sacrificed"))
        return n.ThisTurn("permanents_sacrificed", n.You())

    def t2_count_either(self, c: list[Any]) -> n.CountOf:
        """ "the number of Wolves and Werewolves you control": each permanent of either
        kind, counted once (one that is both is one permanent)."""
        kinds: list[d.Descriptor] = []
        for token in (c[3], c[5]):
            role, word = self.typeword([token])  # type: ignore[attr-defined]
            kinds.append(d.HasType(word) if role == "type" else d.HasSubtype(word))
        return n.CountOf(all_of([d.AnyOf(tuple(kinds)), c[-1].descriptor]))

    def t2_owned_exile_and_graveyard(self, c: list[Any]) -> n.Sum:
        """ "the total number of instant and sorcery cards you own in exile and in your
        graveyard": those in exile that you own (exile is one zone for all, mtg:406.1)
        plus those in your graveyard (a card goes only to its owner's, mtg:404.1)."""
        either = d.AnyOf((d.HasType(str(c[4]).lower()), d.HasType(str(c[6]).lower())))
        exiled = d.AllOf((either, d.IsCard(), d.Owner("you"), d.InZone("exile")))
        buried = d.AllOf((either, d.IsCard(), d.InZone("graveyard", "you")))
        return n.Sum((n.CountOf(exiled), n.CountOf(buried)))

    def t2_that_are(self, c: list[Any]) -> Any:
        """ "... that are creatures and/or Vehicles": each is one of the kinds named."""
        from tcgrules.games.magic.text_build import _Post  # noqa: PLC0415

        kinds: list[d.Descriptor] = []
        for alt in c[-1]:
            if not alt.parts or alt.head is not None:
                raise NotRead("“that are” followed by a noun that is not a kind")
            kinds.append(all_of(alt.parts))
        return _Post(any_of(kinds))

    def t2_entered_this_turn(self, c: list[Any]) -> n.EnteredThisTurn:
        """ "the number of Goblins that entered the battlefield under your control this
        turn": each entry this turn of such a permanent you control (or controlled
        there), counted as the effect happens (mtg:608.2h)."""
        return n.EnteredThisTurn(all_of([_kinds(c[3]), d.Controller("you")]))

    def t2_count_target_controls(self, c: list[Any]) -> n.HowMany:
        """ "the number of creatures target player controls": those objects are not
        targets, the player is; counted as the effect happens (mtg:608.2h)."""
        return n.HowMany(n.EachControlledBy(_among(c[3]), c[4]))

    def t2_kind_in_target(self, c: list[Any]) -> n.CardsIn:
        """ "the number of creature cards in target player's graveyard": the cards of
        that target player's zone the words describe (mtg:608.2h)."""
        kinds: list[d.Descriptor] = []
        for alt in c[3]:
            if alt.head != "card" or not alt.parts:
                raise NotRead("a count of something other than a kind of card in a zone")
            kinds.append(all_of(alt.parts))
        whole: n.CardsIn = self.y2_in_target(c[4:])  # type: ignore[attr-defined]
        return replace(whole, descriptor=any_of(kinds))

    def t2_token_words(self, c: list[Any]) -> Any:
        """The words of "a number of ... tokens": read as a token's words are, the count
        given after them."""
        return self.w1_token([1, *c])  # type: ignore[attr-defined]

    def t2_create_number_equal(self, c: list[Any]) -> n.CreateToken:
        """ "Create a number of 1/1 red Warrior creature tokens equal to ...": the
        controller creates that many (mtg:111.2), counted as the effect happens."""
        from tcgrules.games.magic.text_build_damage import _Its  # noqa: PLC0415

        if isinstance(c[-1], _Its):
            raise NotRead("“its power” with no subject in a token count")
        words = c[4]
        return n.CreateToken(words.name, c[-1], n.You(), words.description, words.tapped)

    def t2_deal_equal_to_that_player(self, c: list[Any]) -> n.DealDamage:
        """ "~ deals damage equal to the number of cards in target player's hand to that
        player": "that player" is the sentence's one target, a player (mtg:608.2h)."""
        from tcgrules.cardtext.build import DraftRef  # noqa: PLC0415
        from tcgrules.games.magic.text_build_amounts import one_player  # noqa: PLC0415
        from tcgrules.games.magic.text_build_damage import _Its  # noqa: PLC0415

        drafts = list(self.drafts)  # type: ignore[attr-defined]
        if isinstance(c[5], _Its) or len(drafts) != 1 or not one_player(drafts[0]):
            raise NotRead("“that player” not the sentence's one target player")
        to: Any = DraftRef(drafts[0])
        return n.DealDamage(c[5], to, source=c[0])

    def t2_with_counters_on_them(self, c: list[Any]) -> d.Descriptor:
        """ "with oil counters on them": at least one counter of that kind (mtg:122.1)."""
        if str(c[-1]).lower() != "them":
            raise NotRead(f"“counters on {c[-1]}”")
        return d.Condition(f"has_counter:{c[0]}")

    def t2_for_each_kind_in_their(self, c: list[Any]) -> tuple[Any, ...]:
        """ "Target opponent loses 2 life for each creature card in their graveyard": the
        clause's one printed number per such card of the sentence's one target player's
        zone, counted as the effect happens (mtg:608.2h)."""
        from tcgrules.games.magic.text_build_amounts import per_each  # noqa: PLC0415

        kinds: list[d.Descriptor] = []
        for alt in c[3]:
            if alt.head != "card" or not alt.parts:
                raise NotRead("“for each” of something other than a kind of card in a zone")
            kinds.append(all_of(alt.parts))
        whole: n.CardsIn = self.u1_in_their(c[4:])  # type: ignore[attr-defined]
        cards = replace(whole, descriptor=any_of(kinds))
        return per_each(c[0], lambda printed: _times(printed, cards))

    # ------------------------------------------------------------- revealing some
    def t2_reveal_from_hand(self, c: list[Any]) -> n.RevealFromHand:
        """ "Target player reveals two cards from their hand" (mtg:701.16a)."""
        return n.RevealFromHand(c[0], c[2])

    def t2_reveal_from_hand_equal(self, c: list[Any]) -> n.RevealFromHand:
        """ "... reveals a number of cards from their hand equal to the number of Allies
        you control": counted as it resolves (mtg:608.2h)."""
        from tcgrules.games.magic.text_build_damage import _Its  # noqa: PLC0415

        if isinstance(c[-1], _Its):
            raise NotRead("“its power” with no subject in a number of cards revealed")
        return n.RevealFromHand(c[0], c[-1])

    def t2_choose_one_of_them(self, c: list[Any]) -> Any:
        """ "You choose one of them", "... one of those cards": one of the cards just
        revealed (:func:`~tcgrules.games.magic.text_build_zones.merge_hand_choice`)."""
        from tcgrules.games.magic.text_build_zones import ChooseFromIt, _span  # noqa: PLC0415

        _words(c, (2, "one"))
        if str(c[-1]).lower() not in {"them", "cards"}:
            raise NotRead(f"“you choose one of {c[-1]}”")
        return ChooseFromIt(d.IsCard(), _span(c), among_revealed=True)

    # ------------------------------------------------------------- for each (t2)
    def t2_each_party(self, c: list[Any]) -> n.RolesFilled:
        """ "for each creature in your party" (mtg:700.8)."""
        from tcgrules.games.magic.text_build_amounts import _PARTY  # noqa: PLC0415

        _words(c, (0, "creature"), (3, "party"))
        yours = d.AllOf((d.HasType("creature"), d.Controller("you")))
        return n.RolesFilled(_PARTY, yours)

    def t2_each_drawn(self, c: list[Any]) -> n.ThisTurn:
        """ "for each card you've drawn this turn" (mtg:121.1)."""
        _words(c, (2, "drawn"))
        return n.ThisTurn("cards_drawn", n.You())

    def t2_pt_for_each(self, c: list[Any]) -> tuple[Any, ...]:
        """ "target creature gets +1/+1 until end of turn for each creature in your
        party": the P/T change counted as the effect happens (mtg:608.2h, mtg:613.4c)."""
        from tcgrules.games.magic.text_build_stats import _tokens  # noqa: PLC0415

        modify = self._modify(c[0], _tokens(c, "PT")[0], "end_of_turn")  # type: ignore[attr-defined]
        return pt_times((modify,), lambda printed: _times(printed, c[-1]))

    def t2_front_for_each(self, c: list[Any]) -> tuple[Any, ...]:
        """ "Until end of turn, target creature gets +1/+0 for each card you've drawn
        this turn": the duration in front; the P/T change counted as it happens."""
        from tcgrules.games.magic.text_build_stats import _tokens  # noqa: PLC0415

        modify = self._modify(c[2], _tokens(c, "PT")[0], c[0])  # type: ignore[attr-defined]
        return pt_times((modify,), lambda printed: _times(printed, c[-1]))


def _times(printed: Any, each: n.Amount) -> n.Amount:
    from tcgrules.games.magic.text_build_amounts3 import _times as times  # noqa: PLC0415

    return times(printed, each)


def pt_times(effects: tuple[Any, ...], count: Callable[[int], n.Amount]) -> tuple[Any, ...]:
    """``effects`` with the printed numbers of their one P/T change made ``count(printed)``
    ("+1/+0 for each": the power per thing counted, the toughness stays 0); not read with
    any other number among them, or with a P/T change that is not printed."""
    changes = [i for i, e in enumerate(effects) if isinstance(e, n.ModifyPT)]
    if len(changes) != 1 or not all(isinstance(e, n.ModifyPT | n.GainAbility) for e in effects):
        raise NotRead("“for each” after changes other than one P/T change and abilities")
    at = changes[0]
    modify: n.ModifyPT = effects[at]
    power, toughness = modify.power, modify.toughness
    if not isinstance(power, int) or not isinstance(toughness, int):
        raise NotRead("“for each” after a P/T change that is not printed")
    counted = replace(
        modify,
        power=count(power) if power else 0,
        toughness=count(toughness) if toughness else 0,
    )
    return (*effects[:at], counted, *effects[at + 1 :])


def _kinds(alts: list[Any]) -> d.Descriptor:
    """What a list of alternatives ("Goblins", "artifacts and/or creatures", "nontoken
    permanents") describes on the battlefield; other nouns (cards, spells, players) are
    not read."""
    found: list[d.Descriptor] = []
    for alt in alts:
        if alt.head not in {None, "permanent"}:
            raise NotRead(f"a count of {alt.head}s that entered the battlefield")
        found.append(all_of(alt.parts) if alt.parts else d.IsPermanent())
    return any_of(found)
