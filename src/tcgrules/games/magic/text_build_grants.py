"""Builder rules of the granted quoted abilities family (helper Y3): "target creature
gains "{T}: ..." until end of turn", "Until end of turn, Wizards you control gain "..."",
"gets +2/+2 and gains deathtouch and "When ~ dies, ..."", "It has flying, lifelink, and
"..."", "Equipped creature gets +1/+0 and has reach and "{2}, {T}: ..."".

A mixin of :class:`~tcgrules.games.magic.text_build.MagicBuilder`: one method per rule
alias of the ``granted quoted abilities (helper Y3)`` section of ``magic.lark``. A quoted
ability is read on its own before the sentence (text.py ``_granted``): its targets are
its own, chosen when it is used (mtg:115.1, mtg:113.1a). What has no meaning here raises
``NotRead``, so the sentence stays unsupported.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from lark import Token

from tcgrules.cardtext import nodes as n
from tcgrules.games.magic.text_build_stats import _Change, pt_change
from tcgrules.games.magic.text_not_read import NotRead
from tcgrules.kernel import descriptors as d

#: what a quoted ability granted by a resolving spell or ability can last for: the turn,
#: or the rest of the game (mtg:611.2a)
_GRANT_DURATIONS = frozenset({"end_of_turn", "permanent"})


def _duration(c: list[Any]) -> n.Duration:
    """The duration a rule names (``m4_dur``/``m4_front`` give a string), else for good."""
    found = [x for x in c if isinstance(x, str) and not isinstance(x, Token)]
    return found[0] if found else "permanent"  # type: ignore[return-value]


def _pt(c: list[Any]) -> Token:
    return next(t for t in c if isinstance(t, Token) and t.type == "PT")


@dataclass(frozen=True, slots=True)
class TokenHas:
    """ "Create a ... token. It has flying and "..."": what the token just created has,
    folded into its description (it is created with these abilities, mtg:111.3); left
    unread when the sentence before created no token (:func:`fold_token_has`)."""

    keywords: tuple[tuple[str, str | None], ...]
    abilities: tuple[n.GrantAbility, ...]


def fold_token_has(effects: list[Any], last: int, value: list[Any]) -> bool:
    """Fold a :class:`TokenHas` into the one token creation of the sentence before
    (``effects[last:]``): its description gains the keywords and quoted abilities (as
    "with ..." would, mtg:111.3, mtg:113.1a); False, and nothing changes, otherwise."""
    before = effects[last:]
    if len(value) != 1 or len(before) != 1 or not isinstance(value[0], TokenHas):
        return False
    token = before[0]
    # an Aura token created attached (helper R1) has its abilities folded the same way
    attached = token if isinstance(token, n.CreateTokenAttached) else None
    if attached is not None:
        token = attached.token
    if not isinstance(token, n.CreateToken) or token.description is None:
        return False
    has: TokenHas = value[0]
    made = token.description
    description = replace(
        made, keywords=made.keywords + has.keywords, abilities=made.abilities + has.abilities
    )
    token = replace(token, description=description)
    effects[last] = token if attached is None else replace(attached, token=token)
    return True


class GrantsBuilder:
    """Rules of the granted quoted abilities family (mixed into ``MagicBuilder``)."""

    quoted: dict[int, n.GrantAbility]

    def y3_grants(self, c: list[Any]) -> list[d.HasKeyword | n.GrantAbility]:
        """Keywords and quoted abilities, in the order written; each QUOTED token is the
        ability read on its own (text.py ``_granted``)."""
        out: list[d.HasKeyword | n.GrantAbility] = []
        for x in c:
            if isinstance(x, d.HasKeyword):
                out.append(x)
            elif isinstance(x, Token) and x.type == "QUOTED":
                found = self.quoted.get(x.start_pos or 0)
                if found is None:
                    raise NotRead("a quoted ability not read on its own")
                out.append(found)
        return out

    def y3_c_grant(self, c: list[Any]) -> _Change:
        """ "gains deathtouch and "..."" in a list of changes after a duration in front:
        the keywords and the quoted abilities (M4's ``_effects`` makes the nodes)."""
        items: list[d.HasKeyword | n.GrantAbility] = c[-1]
        keywords = tuple(k for k in items if isinstance(k, d.HasKeyword))
        grants = tuple(g for g in items if isinstance(g, n.GrantAbility))
        return _Change("gain", keywords=keywords, grants=grants)

    def y3_group(self, c: list[Any]) -> n.Each:
        """ "Wizards you control", "creatures you control": each object the words describe
        as the effect happens; the set is fixed then (mtg:611.2c)."""
        return n.Each(c[0].descriptor)

    def _granting(
        self, what: Any, items: list[d.HasKeyword | n.GrantAbility], duration: n.Duration
    ) -> list[Any]:
        """Each keyword as a GainAbility and each quoted ability as a GrantAbility of
        ``what`` for ``duration``, in the order written (layer 6, mtg:613.1f)."""
        if duration not in _GRANT_DURATIONS:
            raise NotRead(f"a quoted ability granted {duration}")
        out: list[Any] = []
        for item in items:
            if isinstance(item, d.HasKeyword):
                out.append(n.GainAbility(what, item.name, item.argument, duration))
            else:
                out.append(replace(item, what=what, duration=duration))
        return out

    def y3_grant(self, c: list[Any]) -> tuple[Any, ...]:
        """ "target creature gains "..." until end of turn", "up to two target creatures
        each gain "..." until end of turn" (mtg:113.1a). "All Slivers have "..."" with
        no duration is a static ability about a group, applied at each moment to what
        its words describe (mtg:604.1, mtg:611.3a; ruleset ``board_ops``); a keyword in
        that list, or "has" about anything else, is not read."""
        items = next(x for x in c if isinstance(x, list))
        has = any(isinstance(t, Token) and t.type in {"HAS", "HAVE"} for t in c)
        duration = _duration(c)
        static = has and duration == "permanent"
        only_quotes = all(isinstance(g, n.GrantAbility) for g in items)
        if static and not (isinstance(c[0], n.Each) and only_quotes):
            raise NotRead("a static ability granting keywords, or to one object")
        return tuple(self._granting(c[0], items, duration))

    def y3_group_has(self, c: list[Any]) -> tuple[Any, ...]:
        """ "Sliver creatures you control have "..."": a static ability giving each object
        the words describe the quoted abilities, at each moment (mtg:604.1, mtg:611.3a)."""
        items: list[d.HasKeyword | n.GrantAbility] = c[-1]
        words = [x for x in c if not (isinstance(x, Token) and x.type in {"HAS", "HAVE"})]
        group = n.Each(self.nominal(words[:-1]).descriptor)  # type: ignore[attr-defined]
        return self.y3_grant([group, c[-2], items])

    def y3_token_has(self, c: list[Any]) -> TokenHas:
        """ "It has flying and "..."" after a token is created (see :func:`fold_token_has`)."""
        items: list[d.HasKeyword | n.GrantAbility] = c[-1]
        keywords = tuple((k.name, k.argument) for k in items if isinstance(k, d.HasKeyword))
        return TokenHas(keywords, tuple(g for g in items if isinstance(g, n.GrantAbility)))

    def y3_pt_grant(self, c: list[Any]) -> tuple[Any, ...]:
        """ "target creature gets +1/+1 and gains "..." until end of turn": the P/T change
        in layer 7c (mtg:613.4c), the ability in layer 6."""
        items = next(x for x in c if isinstance(x, list))
        duration = _duration(c)
        power, toughness = pt_change(_pt(c))
        grants = self._granting(c[0], items, duration)
        return (n.ModifyPT(c[0], power, toughness, duration), *grants)

    def y3_front_grant(self, c: list[Any]) -> tuple[Any, ...]:
        """ "Until end of turn, target creature gains deathtouch and "..."": the duration in
        front applies to everything after it."""
        items = next(x for x in c if isinstance(x, list))
        return tuple(self._granting(c[2], items, c[0]))

    def y3_front_pt_grant(self, c: list[Any]) -> tuple[Any, ...]:
        """ "Until end of turn, creatures you control get +1/+1 and gain "..."."""
        items = next(x for x in c if isinstance(x, list))
        power, toughness = pt_change(_pt(c))
        grants = self._granting(c[2], items, c[0])
        return (n.ModifyPT(c[2], power, toughness, c[0]), *grants)

    def y3_player_emblem(self, c: list[Any]) -> n.CreateEmblem:
        """ "Target opponent gets an emblem with "..."": that player gets the emblem, so
        they own and control it and "you" in its abilities is them (mtg:114.2)."""
        found = [
            self.quoted.get(t.start_pos or 0)
            for t in c
            if isinstance(t, Token) and t.type == "QUOTED"
        ]
        abilities = tuple(g for g in found if g is not None)
        if len(abilities) < len(found):
            raise NotRead("a quoted ability not read on its own")
        return n.CreateEmblem(c[0], abilities)

    def y3_create_role(self, c: list[Any]) -> n.CreateRole:
        """ "Create a Monster Role token attached to another target creature you control":
        one predefined Role token (mtg:111.10), created attached (mtg:303.7)."""
        types, subtypes, colors = c[2]
        word = next(t for t in c if isinstance(t, Token) and t.type == "WORD")
        if (
            c[1] not in {1, "a", "A"}
            or types
            or colors
            or str(word).lower() != "attached"
            or len(subtypes) < 2
            or subtypes[-1] != "role"
        ):
            raise NotRead("a token created attached that is not one Role")
        name = " ".join(w.title() for w in subtypes[:-1])
        return n.CreateRole(name, c[-1])

    def _attached(self, items: list[d.HasKeyword | n.GrantAbility]) -> list[Any]:
        """What an Aura or Equipment gives the object it is attached to while attached
        (mtg:604.1, layer 6 mtg:613.1f): its keywords, then each quoted ability."""
        keywords = tuple((k.name, k.argument) for k in items if isinstance(k, d.HasKeyword))
        out: list[Any] = [n.AttachedHas(keywords)] if keywords else []
        out.extend(replace(g, what=n.Attached()) for g in items if isinstance(g, n.GrantAbility))
        return out

    def y3_attached_grant(self, c: list[Any]) -> tuple[Any, ...]:
        """ "Enchanted creature has haste and "{T}: ~ deals 1 damage to any target."."""
        items = next(x for x in c if isinstance(x, list))
        return tuple(self._attached(items))

    def y3_attached_pt_grant(self, c: list[Any]) -> tuple[Any, ...]:
        """ "Equipped creature gets +2/+1 and has "{T}, Unattach ~: ..."": the bonus in
        layer 7c (mtg:613.4c), the abilities in layer 6 (mtg:613.1f)."""
        items = next(x for x in c if isinstance(x, list))
        power, toughness = pt_change(_pt(c))
        return (n.AttachedGets(power, toughness), *self._attached(items))


__all__ = ["GrantsBuilder", "TokenHas", "fold_token_has"]
