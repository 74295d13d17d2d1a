"""Builder methods for copies, tokens and references, third pass (helper U4): "copy that
spell" (mtg:707.10), token copies with exceptions (mtg:707.9b), tokens created attached
(mtg:303.4).

A mixin of :class:`~tcgrules.games.magic.text_build.MagicBuilder`; one method per alias
of the grammar's "copies, tokens and references, third pass" section
(``grammar/magic.lark``).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from tcgrules.cardtext import nodes as n
from tcgrules.games.magic.text_build_copy_effects import MORE_KINDS, becomes_copy_more
from tcgrules.games.magic.text_not_read import NotRead

#: one exception of a copy effect: what it sets ("keyword", "type", "legendary",
#: "granted") and to what
_Exception = tuple[str, Any]


class CopiesThreeBuilder:
    """Subtrees of the copies/tokens/references third pass → nodes."""

    #: each QUOTED token's ability, by the token's start offset (set by MagicBuilder)
    quoted: dict[int, n.GrantAbility]

    def u4_that_spell(self, c: list[Any]) -> n.It:
        """ "that spell": the spell named before, settled with the ability's trigger."""
        return n.It("that spell")

    def u4_copy_new_targets(self, c: list[Any]) -> n.CopySpell:
        """ "copy that spell[,] and you may choose new targets for the copy": one copy,
        its targets changed if its controller wants (mtg:707.10, mtg:707.10c)."""
        return n.CopySpell(c[1], may_choose_new_targets=True)

    def u4_copy_x_times(self, c: list[Any]) -> n.CopySpell:
        """ "Copy target activated or triggered ability you control X times": X copies,
        each put on the stack (mtg:707.10; X is the value chosen as the ability was
        activated, mtg:107.3a)."""
        if str(c[3]).lower() != "times":
            raise NotRead("copy ... X [word]")
        return n.CopySpell(c[1], times="X")

    def u4_create_attacking_copy(self, c: list[Any]) -> n.CreateTokenCopy:
        """ "create a tapped and attacking token that's a copy of [obj]": the token enters
        tapped and attacking; it was never declared as an attacker (mtg:508.4)."""
        if c[1] != 1 or [str(c[i]).lower() for i in (2, 4)] != ["tapped", "attacking"]:
            raise NotRead("a token copy with other statuses, or several")
        return n.CreateTokenCopy(c[-1], attacking=True)

    def u4_becomes_copy(self, c: list[Any]) -> n.BecomesCopy:
        """ "~ becomes a copy of target land": a copy effect on ``what`` for the rest of
        the game (mtg:707.2, layer 1 of mtg:613.1a, mtg:611.2a)."""
        return n.BecomesCopy(*copy_parts(c))

    def u4_becomes_copy_eot(self, c: list[Any]) -> n.BecomesCopy:
        """ "... becomes a copy of ... until end of turn" (mtg:707.2, mtg:514.2)."""
        return n.BecomesCopy(*copy_parts(c), "end_of_turn")

    def u4_token_copy_rider(self, c: list[Any]) -> TokenCopyExceptions:
        """ ", except it's an artifact in addition to its other types": exceptions of a
        token copy (folded into it by :func:`with_copy_exceptions`)."""
        return TokenCopyExceptions(tuple(c[2]))

    def u4_excepts(self, c: list[Any]) -> list[_Exception]:
        """The exceptions, in text order."""
        return [e for part in c if isinstance(part, list) for e in part]

    def u4_ex_type(self, c: list[Any]) -> list[_Exception]:
        """ "it's an artifact in addition to its other types" / "it's a Reflection in
        addition to its other creature types": a type added (mtg:205.1b)."""
        return [("type", str(c[3]).lower())]

    def u4_ex_not_super(self, c: list[Any]) -> list[_Exception]:
        """ "it isn't legendary" (mtg:205.4a)."""
        _legendary(c[2])
        return [("legendary", False)]

    def u4_ex_super(self, c: list[Any]) -> list[_Exception]:
        """ "it's legendary" (mtg:205.4a)."""
        _legendary(c[2])
        return [("legendary", True)]

    def u4_ex_keyword(self, c: list[Any]) -> list[_Exception]:
        """ "the token has flying": a keyword it has (mtg:707.9a)."""
        return [("keyword", c[-1].name)]

    def u4_ex_keyword_quoted(self, c: list[Any]) -> list[_Exception]:
        """ "it has haste and "At the beginning of the end step, sacrifice this token."":
        a keyword and a quoted ability it has (mtg:707.9a, mtg:113.1a)."""
        found = self.quoted.get(c[-1].start_pos or 0)
        if found is None:
            raise NotRead("a quoted ability not read")
        return [("keyword", c[2].name), ("granted", found)]


@dataclass(frozen=True, slots=True)
class TokenCopyExceptions:
    """The exceptions after ", except" of a token copy (mtg:707.9b), in text order."""

    parts: tuple[_Exception, ...]


def with_copy_exceptions(effect: Any, exceptions: Any) -> Any:
    """``effect`` (a token copy) with the rider's exceptions; None when the sentence
    before is not one token copy or the rider is not these exceptions."""
    if (
        isinstance(effect, n.CopySpell)
        and isinstance(exceptions, TokenCopyExceptions)
        and exceptions.parts == (("legendary", False),)
    ):
        # a copy of a spell, "except it isn't legendary" (mtg:707.9b; helper W8)
        return replace(effect, legendary=False)
    if isinstance(exceptions, TokenCopyExceptions) and (
        folded := _becomes_copy_exceptions(effect, exceptions)
    ):
        return folded  # "~ becomes a copy of ..., except ..." (helper X5)
    if not (isinstance(effect, n.CreateTokenCopy) and isinstance(exceptions, TokenCopyExceptions)):
        return None
    keywords = list(effect.keywords)
    types = list(effect.types)
    legendary = effect.legendary
    granted = list(effect.granted)
    given: dict[str, Any] = {}
    for kind, value in exceptions.parts:
        if kind == "keyword":
            keywords.append(value)
        elif kind == "type":
            types.append(value)
        elif kind == "legendary":
            legendary = value
        elif kind in {"size", "colors", "exact_types"}:
            given[kind] = value  # values given instead of the copied ones (helper W8)
        elif kind in {"counters", "added_colors"}:
            given[kind] = value  # entering with counters, colors added (helper T6)
        elif kind == "granted":
            granted.append(value)
        else:
            return None  # an exception a token copy does not read
    return replace(
        effect,
        keywords=tuple(keywords),
        types=tuple(types),
        legendary=legendary,
        granted=tuple(granted),
        **given,
    )


def _becomes_copy_exceptions(effect: Any, exceptions: TokenCopyExceptions) -> Any:
    """``effect`` ("~ becomes a copy of ...", optional or not) with the exceptions the
    copy effect reads ("it has this ability", types added: mtg:707.9a-b); None when it
    is another effect or an exception it does not read (helper X5)."""
    if isinstance(effect, n.May) and len(effect.effects) == 1:
        inner = _becomes_copy_exceptions(effect.effects[0], exceptions)
        return None if inner is None else n.May((inner,))
    if not isinstance(effect, n.BecomesCopy):
        return None
    if any(
        kind not in {"this_ability", "type", "self_keyword", *MORE_KINDS}
        for kind, _ in exceptions.parts
    ):
        return None
    keywords = [v for kind, v in exceptions.parts if kind == "self_keyword"]
    if keywords and not isinstance(effect.what, n.Self):
        return None  # "~ has ..." said of a copy that is not the card
    types = [v for kind, v in exceptions.parts if kind == "type"]
    folded = replace(
        effect,
        this_ability=effect.this_ability or ("this_ability", True) in exceptions.parts,
        types=(*effect.types, *types),
        keywords=(*effect.keywords, *keywords),
    )
    return becomes_copy_more(folded, exceptions.parts)  # helper T6


def copy_parts(c: list[Any]) -> tuple[Any, Any]:
    """Who becomes a copy and of what; "it" / "that creature" on either side is not
    settled here (an earlier choice, a trigger's object), so not read."""
    what, of = c[0], c[5]
    if isinstance(what, n.It) or isinstance(of, n.It):
        raise NotRead("“it” or “that ...” in a copy effect")
    return what, of


def _legendary(token: Any) -> None:
    if str(token).lower() != "legendary":
        raise NotRead("a supertype other than legendary in a copy exception")
