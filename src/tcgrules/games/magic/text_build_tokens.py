"""Builder rules of the tokens family (helper W1): "create two 1/1 white Soldier creature
tokens", "create a Treasure token", "its controller creates a 3/3 green Beast creature
token", "create a 1/1 ... token named ... with flying and "..."".

A mixin of :class:`~tcgrules.games.magic.text_build.MagicBuilder`: one method per rule
alias of the ``tokens (helper W1)`` section of ``magic.lark``. The size and the colors and
types of the token are read by M4's rules (``m4_size``, ``m4_what``). What has no meaning
here raises ``NotRead``, so the sentence stays unsupported.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from lark import Token

from tcgrules.cardtext import nodes as n
from tcgrules.games.magic.text_not_read import NotRead
from tcgrules.kernel import descriptors as d

#: the predefined tokens a name alone stands for (mtg:111.10a-t), by lower-case subtype;
#: the Role tokens are left out (they are created attached to something, mtg:303.7)
PREDEFINED_TOKENS = frozenset(
    {
        "treasure",
        "food",
        "gold",
        "walker",
        "shard",
        "clue",
        "blood",
        "powerstone",
        "incubator",
        "map",
        "junk",
    }
)


@dataclass(frozen=True, slots=True)
class _TokenWords:
    """What "a tapped 2/2 black Zombie creature token with ..." says, before who creates
    it is known."""

    count: int | str
    tapped: bool
    name: str
    description: n.TokenDescription | None


def _of(c: list[Any], kind: str) -> list[Token]:
    return [t for t in c if isinstance(t, Token) and t.type == kind]


class TokensBuilder:
    """Rules of the tokens family (mixed into ``MagicBuilder``)."""

    quoted: dict[int, n.GrantAbility]

    def w1_name(self, c: list[Token]) -> str:
        return str(c[0])

    def w1_named(self, c: list[Any]) -> str:
        """ "named Ragavan": the token's name is the one given (mtg:111.4)."""
        return " ".join(x for x in c if isinstance(x, str) and not isinstance(x, Token))

    def w1_ability(self, c: list[Any]) -> d.HasKeyword | n.GrantAbility:
        x = c[0]
        if isinstance(x, d.HasKeyword):
            return x
        found = self.quoted.get(x.start_pos or 0) if isinstance(x, Token) else None
        if found is None:
            raise NotRead("a quoted ability of a token")
        return found

    def w1_with(self, c: list[Any]) -> list[d.HasKeyword | n.GrantAbility]:
        return [x for x in c if isinstance(x, d.HasKeyword | n.GrantAbility)]

    def w1_token(self, c: list[Any]) -> _TokenWords:
        """The words of a token: how many, tapped or not, its size, colors, types,
        subtypes, name and abilities (mtg:111.3, 111.4); a lone predefined subtype
        ("a Treasure token") names the token the rules define (mtg:111.10)."""
        count: int | str = 1 if isinstance(c[0], Token) else c[0]
        status = _of(c, "STATUS")
        if status and status[0].lower() != "tapped":
            raise NotRead(f"a {status[0]} token")
        size = next((x for x in c if isinstance(x, tuple) and len(x) == 2), None)
        types, subtypes, colors = next(x for x in c if isinstance(x, tuple) and len(x) == 3)
        named = next((x for x in c[1:] if isinstance(x, str) and not isinstance(x, Token)), None)
        abilities: list[Any] = next((x for x in c if isinstance(x, list)), [])
        supertypes = tuple(t.lower() for t in _of(c, "SUPERTYPE"))
        said_colorless = bool(_of(c, "COLORLESS"))
        tapped = bool(status)
        lone = (
            not types
            and len(subtypes) == 1
            and not (colors or size or said_colorless or supertypes or named or abilities)
        )
        if lone and subtypes[0] in PREDEFINED_TOKENS:
            return _TokenWords(count, tapped, subtypes[0].title(), None)
        if not types:
            raise NotRead("a token with no card type")
        if ("creature" in types) != (size is not None):
            raise NotRead("a creature token without a size, or a size on a noncreature")
        power, toughness = size if size is not None else (None, None)
        keywords = tuple((k.name, k.argument) for k in abilities if isinstance(k, d.HasKeyword))
        granted = tuple(a for a in abilities if isinstance(a, n.GrantAbility))
        description = n.TokenDescription(
            power,
            toughness,
            colors,
            types,
            subtypes,
            supertypes,
            keywords,
            granted,
            named,
        )
        return _TokenWords(count, tapped, named or token_name(subtypes), description)

    def _create(self, who: Any, words: _TokenWords) -> n.CreateToken:
        return n.CreateToken(words.name, words.count, who, words.description, words.tapped)

    def w1_create(self, c: list[Any]) -> n.CreateToken:
        """ "Create ..." : the controller of the spell or ability creates them (mtg:111.2)."""
        return self._create(n.You(), c[-1])

    def w1_creates(self, c: list[Any]) -> n.CreateToken:
        """ "Its controller creates ...", "target opponent creates ...": that player owns
        and controls the tokens (mtg:111.2)."""
        return self._create(c[0], c[-1])

    def w1_create_named(self, c: list[Any]) -> n.CreateToken:
        """ "Create Marit Lage, a legendary 20/20 black Avatar creature token ...": a token
        with the listed characteristics and that name (mtg:111.9, mtg:111.4)."""
        name = " ".join(x for x in c if isinstance(x, str) and not isinstance(x, Token))
        words: _TokenWords = c[-1]
        if words.description is None or words.description.name is not None:
            raise NotRead("a name given twice, or to a predefined token")
        described = replace(words.description, name=name)
        return n.CreateToken(name, words.count, n.You(), described, words.tapped)

    def w1_create_for_each(self, c: list[Any]) -> n.CreateToken:
        """ "Create a 1/1 ... token for each creature you control": the count is taken as
        the effect happens (mtg:608.2h)."""
        words = next(x for x in c if isinstance(x, _TokenWords))
        descriptor = c[-1].descriptor
        if not isinstance(words.count, int):
            raise NotRead("a count of tokens for each of something")
        count = n.CountOf(descriptor, words.count)
        return n.CreateToken(words.name, count, n.You(), words.description, words.tapped)

    def w1_create_both(self, c: list[Any]) -> tuple[n.CreateToken, n.CreateToken]:
        """ "Create a Treasure token and a 1/1 ... token": two creations, in order
        (mtg:608.2c)."""
        first, second = (x for x in c if isinstance(x, _TokenWords))
        return self._create(n.You(), first), self._create(n.You(), second)

    def w1_that_controller_creates(self, c: list[Any]) -> n.CreateToken:
        """ "That creature's controller creates ...": the controller of the object the
        text named before, as it last existed if it is gone (mtg:608.2h, mtg:111.2)."""
        return self._create(n.ControllerOf(n.It(f"that {str(c[1]).lower()}")), c[-1])

    def w1_investigate(self, c: list[Any]) -> n.CreateToken:
        """ "Investigate": create a Clue token (mtg:701.36a, mtg:111.10f)."""
        return n.CreateToken("Clue", 1, n.You())


def token_name(subtypes: tuple[str, ...]) -> str:
    """A token's name when the text gives none: its subtypes and "Token" (mtg:111.4)."""
    return " ".join([*(s.title() for s in subtypes), "Token"])


def _mentions_it(node: object) -> bool:
    """Whether a node refers to "it" anywhere inside it."""
    if isinstance(node, n.It):
        return True
    if isinstance(node, tuple | list):
        return any(_mentions_it(x) for x in node)
    slots = getattr(type(node), "__slots__", ())
    return any(_mentions_it(getattr(node, s, None)) for s in slots if s != "__weakref__")


def it_after_token(effects: list[Any], value: list[Any]) -> bool:
    """ "Create a ... token. It gains haste ..." / "It has "..."": after a token is
    created, "it" names that token, which the kernel's "it" (the first target, or the
    source) does not; such a sentence is left unread rather than read wrongly."""
    if not any(isinstance(e, n.CreateToken) for e in effects):
        return False
    return _mentions_it(value)
