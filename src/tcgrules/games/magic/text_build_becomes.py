"""Builder methods of the "becomes" family, second pass (helper W6; a mixin of
:class:`~tcgrules.games.magic.text_build.MagicBuilder`; grammar section "becomes, base
power and toughness, types, colors, attach (helper W6)" of ``magic.lark``).

What an object becomes is a set of continuous effects applied in layer order: card
types and subtypes in layer 4 (mtg:613.1d), colors in layer 5 (mtg:613.1e), abilities
in layer 6 (mtg:613.1f), base power and toughness in layer 7b (mtg:613.4b)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from lark import Token

from tcgrules.cardtext import nodes as n
from tcgrules.cardtext.build import Draft, DraftRef
from tcgrules.games.magic.text_build_stats import (
    KEEPS_COLORS,
    StatsBuilder,
    StillA,
    _Becoming,
    _Change,
)
from tcgrules.games.magic.text_lexer import CARD_TYPE_WORDS
from tcgrules.games.magic.text_not_read import NotRead
from tcgrules.kernel import descriptors as d


class BecomesBuilder(StatsBuilder):
    """Plural and compound "becomes" ("each become 2/2 Warrior creatures", "gains flying,
    and becomes a Horror"), "in addition to its other colors and types"; attach."""

    #: the target drafts of the sentence so far (MagicBuilder's)
    drafts: list[Draft]

    def x5_ex_this_ability(self, c: list[Any]) -> list[tuple[str, Any]]:
        """ "except it has this ability": the copy keeps the ability whose effect made
        it, as part of its copiable values (mtg:707.9a; helper X5)."""
        return [("this_ability", True)]

    def x5_ex_self_keyword(self, c: list[Any]) -> list[tuple[str, Any]]:
        """ "except ~ has hexproof": a keyword the card itself has as the copy (mtg:707.9a;
        read only where the card is what becomes the copy; "he" and "she" name it too)."""
        if str(c[0]).lower() not in {"~", "he", "she"}:
            raise NotRead(f"except {c[0]} has ...")
        return [("self_keyword", c[-1].name)]

    def w6_in_addition_colors(self, c: list[Any]) -> str:
        """ "in addition to its other colors and types": it keeps its colors, card types,
        supertypes and subtypes (mtg:205.1b) and adds the new colors (mtg:105.3)."""
        words = [str(t).lower() for t in c if isinstance(t, Token) and t.type == "WORD"]
        if words != ["colors"]:
            raise NotRead(f"in addition to its other {' '.join(words)} and types")
        return KEEPS_COLORS

    def w6_becomes_plural(self, c: list[Any]) -> Any:
        """ "become 4/4 Elemental creatures with haste", "become blue Illusions in
        addition to their other colors and types": each object becomes one (mtg:205.1a)."""
        if any(isinstance(x, Token) and x.type == "COLOR" for x in c):
            words = [x for x in c if isinstance(x, Token | tuple)]
            marks = [x for x in c if not (isinstance(x, Token | tuple))]
            return self.m4_becomes([self.m4_what(words), *marks])
        return self.m4_becomes(c)

    def w6_each_becomes(self, c: list[Any]) -> tuple[Any, ...]:
        """ "Up to three target lands you control each become 2/2 Warrior creatures until
        end of turn" (Anthousa): the same change to each of them (mtg:611.2c)."""
        return self.m4_becomes_effect(c)

    def w6_front_each_base(self, c: list[Any]) -> tuple[Any, ...]:
        """ "Until end of turn, up to two target creatures each have base power and
        toughness 3/3, gain flying, and become blue Illusions in addition to their other
        colors and types" (Phantasmal Form): every change, in the order written, for the
        duration in front (mtg:613.4b, mtg:613.1f, mtg:613.1d-e)."""
        power, toughness = next(x for x in c if isinstance(x, tuple))
        changes: list[_Change] = c[-1]
        return self._effects(c[2], [_Change("base", power, toughness), *changes], c[0])

    def w6_pt_lose_all(self, c: list[Any]) -> tuple[Any, ...]:
        """ "Another target creature gets +1/+1 and loses all abilities until end of turn"
        (Primordial Plasm): layer 7c and layer 6 (mtg:613.4c, mtg:613.1f)."""
        pt = next(t for t in c if isinstance(t, Token) and t.type == "PT")
        return self._effects(c[0], [self.m4_c_pt([pt]), _Change("lose_all")], c[-1])

    def w6_c_gain_and(self, c: list[Any]) -> list[_Change]:
        """ "gains flying, and becomes a Horror enchantment creature" (Jump Scare): the
        keyword, then the change after it."""
        keyword = self.m4_keywords([c[1]])
        rest = c[-1]
        return [
            _Change("gain", keywords=tuple(keyword)),
            *(rest if isinstance(rest, list) else [rest]),
        ]

    def w6_they_still(self, c: list[Any]) -> StillA:
        """ "They're still lands." after a "becomes" (mtg:205.1b)."""
        words = [str(t).lower() for t in c if isinstance(t, Token) and t.type == "WORD"]
        if words != ["'", "re"]:
            raise NotRead(f"they{''.join(words)} still")
        return StillA(str(next(t for t in c if isinstance(t, Token) and t.type == "TYPE")).lower())

    def w6_may_become_until_leaves(self, c: list[Any]) -> n.May:
        """ "you may have target land become a Plains until ~ leaves the battlefield"
        (Graceful Antelope): the change ends once the source leaves the battlefield, the
        same as "for as long as ~ remains on the battlefield" (mtg:611.2b)."""
        becoming = next(x for x in c if isinstance(x, _Becoming))
        return n.May((n.ForAsLongAs(self._becomes(c[3], becoming, "permanent"), False, False),))

    def w6_may_become_permanent(self, c: list[Any]) -> n.May:
        """ "you may have target noncreature artifact you control become a 0/0 artifact
        creature" (Workshop Elders): no duration, for the rest of the game (mtg:611.2a)."""
        becoming = next(x for x in c if isinstance(x, _Becoming))
        return n.May(self._becomes(c[3], becoming, "permanent"))

    def w6_base_pt_permanent(self, c: list[Any]) -> n.SetBasePT:
        """ "Any number of target Shapeshifter creatures you control have base power and
        toughness 3/3" (The Bears of Littjara): for the rest of the game (mtg:611.2a,
        mtg:613.4b). Only for targets: "[group] have base power and toughness ..." is a
        static ability's wording, not read here."""
        if not _is_target(c[0]):
            raise NotRead("“has base power and toughness” of something other than a target")
        power, toughness = c[-1]
        return n.SetBasePT(c[0], power, toughness, "permanent")

    def w6_group_becomes(self, c: list[Any]) -> tuple[Any, ...]:
        """ "All lands target player controls become 1/1 creatures until end of turn"
        (Jolrael, Empress of Beasts): each of them as the effect happens (mtg:611.2c)."""
        return self.m4_becomes_effect(c[1:])

    def w6_front_group_lose_all(self, c: list[Any]) -> tuple[Any, ...]:
        """ "Until end of turn, creatures target player controls lose all abilities and
        have base power and toughness 1/1" (Sudden Spoiling): layer 6 and layer 7b
        (mtg:613.1f, mtg:613.4b), on each of them as the effect happens (mtg:611.2c)."""
        group = next(x for x in c if isinstance(x, n.EachControlledBy))
        changes = [_Change("lose_all")]
        if isinstance(c[-1], _Change):
            changes.append(c[-1])
        return self._effects(group, changes, c[0])

    def w6_pt_all_types(self, c: list[Any]) -> tuple[Any, ...]:
        """ "Up to two target creatures each get +2/+0 and gain all creature types until
        end of turn" (Blades of Velis Vel): layer 7c and a type-changing effect adding
        every creature type (layer 4, mtg:613.1d, mtg:205.3m)."""
        kind = next(t for t in c if isinstance(t, Token) and t.type == "TYPE")
        if str(kind).lower() != "creature":
            raise NotRead(f"gaining all {kind} types")
        pt = next(t for t in c if isinstance(t, Token) and t.type == "PT")
        return (self._modify(c[0], pt, c[-1]), n.GainAllCreatureTypes(c[0], c[-1]))

    def w6_becomes_color_choice(self, c: list[Any]) -> n.BecomesOfChoice:
        """ "becomes the color of your choice", "the color or colors of your choice"
        (mtg:608.2d, mtg:105.3)."""
        words = [str(t).lower() for t in c if isinstance(t, Token) and t.type == "WORD"]
        if words == ["color"]:
            return n.BecomesOfChoice(c[0], "color", c[-1])
        if words == ["color", "colors"]:
            return n.BecomesOfChoice(c[0], "colors", c[-1])
        raise NotRead(f"becoming the {' or '.join(words)} of your choice")

    def w6_front_land_type_choice(self, c: list[Any]) -> n.BecomesOfChoice:
        """ "Until end of turn, target land you control becomes the basic land type of
        your choice in addition to its other types" (Navigator's Compass)."""
        words = [
            str(t).lower()
            for t in c
            if isinstance(t, Token) and t.type in {"SUPERTYPE", "TYPE", "WORD"}
        ]
        if words != ["basic", "land", "type"] or c[-1] is not True:
            raise NotRead(f"becoming the {' '.join(words)} of your choice")
        return n.BecomesOfChoice(c[2], "basic_land_type", c[0])

    # ------------------------------------------------------------- attach
    def w6_attached_to_permanent(self, c: list[Any]) -> Any:
        """ "attached to a permanent": what it is attached to is on the battlefield
        (mtg:303.4b, mtg:110.1)."""
        from tcgrules.games.magic.text_build import _Post  # noqa: PLC0415

        return _Post(d.Condition("attached_to:permanent"))

    def w6_destroy_attached(self, c: list[Any]) -> n.DestroyAttached:
        """ "Destroy all Auras [and Equipment] attached to target creature" (Strip Bare):
        the Auras and Equipment attached to it as the effect happens (mtg:608.2h,
        mtg:303.4b, mtg:301.5), destroyed (mtg:701.7a)."""
        _said(c[-3], "attached")
        group = c[1]
        if not isinstance(group, n.Each):
            raise NotRead("a destruction of attached objects that are not all of a kind")
        return self._destroy_attached([group.descriptor], c[-1])

    def w6_destroy_attached_two(self, c: list[Any]) -> n.DestroyAttached:
        """ "Destroy all Auras and Equipment attached to target creature" (Strip Bare)."""
        _said(c[-3], "attached")
        kinds = [
            d.HasSubtype(_singular(t)) for t in c if isinstance(t, Token) and t.type == "SUBTYPE"
        ]
        return self._destroy_attached(kinds, c[-1])

    def _destroy_attached(self, kinds: Sequence[d.Descriptor], host: Any) -> n.DestroyAttached:
        for kind in kinds:
            if kind not in _ATTACHMENTS:
                raise NotRead(f"a destruction of attached {kind}")
        descriptor = kinds[0] if len(kinds) == 1 else d.AnyOf(tuple(kinds))
        return n.DestroyAttached(host, descriptor)

    def w6_same_type(self, c: list[Any]) -> n.AttachSame:
        _said(c[-1], "type")
        return "type"

    def w6_same_controller(self, c: list[Any]) -> n.AttachSame:
        _said(c[2], "same")
        return "controller"

    def _elsewhere(self, c: list[Any], what: Any, enchanting: bool) -> n.AttachElsewhere:
        same: n.AttachSame = ""
        if "type" in [x for x in c if type(x) is str]:
            same = "type"
        elif "controller" in [x for x in c if type(x) is str]:
            same = "controller"
        kind = next(t for t in reversed(c) if isinstance(t, Token) and t.type in _HOST_WORDS)
        to: d.Descriptor = (
            d.IsPermanent()
            if kind.type == "PERMANENT"
            else d.HasType(CARD_TYPE_WORDS[str(kind).lower()])
        )
        types: tuple[str, ...] = ()
        if same == "type":
            # "attached to a creature or land to another permanent of that type": the
            # types the text lists for what it is attached to (Enchantment Alteration)
            types = tuple(_attached_types(self.drafts[-1].descriptor if self.drafts else None))
            if not types:
                raise NotRead("“of that type” with no type named before it")
        return n.AttachElsewhere(what, to, same, types, enchanting)

    def w6_attach_elsewhere(self, c: list[Any]) -> n.AttachElsewhere:
        """ "Attach target Aura attached to a creature to another creature" (Autumn-Tail,
        Kitsune Sage): the new host is chosen as the effect happens (mtg:608.2d) and
        the Aura moves only where it could legally be (mtg:701.3b)."""
        return self._elsewhere(c, c[1], enchanting=False)

    def w6_attach_all_elsewhere(self, c: list[Any]) -> n.AttachElsewhere:
        """ "attach all Auras enchanting target permanent to another permanent with the
        same controller" (Glamer Spinners): every Aura attached to it (mtg:303.4b)."""
        _said(c[3], "enchanting")
        if c[2].descriptor != d.HasSubtype("aura"):
            raise NotRead("moving attached objects other than all Auras")
        return self._elsewhere(c, c[4], enchanting=True)

    def w6_return_attached(self, c: list[Any]) -> n.PutOntoBattlefieldAttached:
        """ "Return target Aura card from your graveyard to the battlefield attached to
        ~" (Hakim, Loreweaver): put there by the controller of the spell or ability,
        who controls it (mtg:110.2a), entering attached (mtg:303.4f-i)."""
        return _put_attached(c)

    def w6_return_attached_chosen(self, c: list[Any]) -> n.PutOntoBattlefieldAttached:
        """ "Return target Aura or Equipment card from your graveyard to the battlefield
        attached to a creature you control" (One Last Job): the host is chosen as the
        effect happens (mtg:608.2d), not targeted (mtg:115.1)."""
        return n.PutOntoBattlefieldAttached(c[1], _chosen_host(c[-1]))

    def w6_put_attached_chosen(self, c: list[Any]) -> n.PutOntoBattlefieldAttached:
        """ "Put target Aura card from a graveyard onto the battlefield under your control
        attached to a creature you control" (Nomad Mythmaker; mtg:608.2d, mtg:110.2a)."""
        return n.PutOntoBattlefieldAttached(c[1], _chosen_host(c[-1]))

    def w6_becomes_and_gains(self, c: list[Any]) -> tuple[Any, ...]:
        """ "becomes an artifact creature with base power and toughness 4/4 and gains
        flying until end of turn" (Synthesizer Labship): layers 4, 7b and 6 (mtg:613.1d,
        mtg:613.4b, mtg:613.1f)."""
        becoming = next(x for x in c if isinstance(x, _Becoming))
        keywords = next(x for x in c if isinstance(x, list))
        return (*self._becomes(c[0], becoming, c[-1]), *self._gains(c[0], keywords, c[-1]))

    def w6_put_attached(self, c: list[Any]) -> n.PutOntoBattlefieldAttached:
        """ "put target Aura card from a graveyard onto the battlefield under your
        control attached to ~" (Iridescent Drake; mtg:110.2a, mtg:303.4f-i)."""
        return _put_attached(c)


def _put_attached(c: list[Any]) -> n.PutOntoBattlefieldAttached:
    """A host named by a pronoun is not read: after "return target creature card ...,
    then return ... attached to that creature" (Unfinished Business) it means the new
    object the card became (mtg:400.7), which the reference can't follow."""
    _said(c[-3], "attached")
    if isinstance(c[-1], n.It):
        raise NotRead("a host named by a pronoun")
    return n.PutOntoBattlefieldAttached(c[1], c[-1])


#: what may be attached to a permanent (mtg:303.4, mtg:301.5, mtg:301.6)
_ATTACHMENTS = frozenset(d.HasSubtype(s) for s in ("aura", "equipment", "fortification"))
#: the words naming a new host: a card type or "permanent"
_HOST_WORDS = frozenset({"TYPE", "PERMANENT"})


def _chosen_host(nominal: Any) -> n.Chosen:
    """ "a creature you control": one object chosen as the effect happens (mtg:608.2d)."""
    return n.Chosen(nominal.descriptor, 1, 1, "the permanent it enters attached to")


def _is_target(ref: object) -> bool:
    """A reference to a target phrase of the sentence (resolved to a slot later)."""
    return isinstance(ref, DraftRef)


def _said(token: Any, word: str) -> None:
    """A fixed word the grammar reads as a plain WORD: anything else is not read."""
    if not isinstance(token, Token) or token.lower() != word:
        raise NotRead(f"{token!r} where {word!r} is said")


def _singular(token: Token) -> str:
    low = str(token).lower()
    return low[:-1] if low.endswith("s") and low != "plains" else low


def _attached_types(descriptor: d.Descriptor | None) -> list[str]:
    """The card types of "attached to a creature or land" in a target's descriptor."""
    found: list[str] = []
    parts: tuple[d.Descriptor, ...] = ()
    if isinstance(descriptor, d.AllOf | d.AnyOf):
        parts = descriptor.parts
    for part in parts:
        if isinstance(part, d.Condition) and part.name.startswith("attached_to:"):
            found.append(part.name.partition(":")[2])
        elif isinstance(part, d.AnyOf):
            found.extend(_attached_types(part))
    return found
