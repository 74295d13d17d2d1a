"""Builder methods for Aura tokens created attached (helper R1): "create a white Aura
enchantment token named Mask attached to another target permanent" (mtg:111.3,
mtg:303.4i).

A mixin of :class:`~tcgrules.games.magic.text_build.MagicBuilder`; one method per alias
of the grammar's "Aura tokens created attached (helper R1)" section of ``magic.lark``.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from lark import Token

from tcgrules.cardtext import nodes as n
from tcgrules.games.magic.text_build_grants import TokenHas
from tcgrules.games.magic.text_build_tokens import _TokenWords
from tcgrules.games.magic.text_not_read import NotRead

#: the word the token rule reads as the last word of the name: "named Mask attached"
_ATTACHED = " attached"


class R1Builder:
    """Rules of the Aura tokens created attached (mixed into ``MagicBuilder``)."""

    def r1_create_attached(self, c: list[Any]) -> n.CreateTokenAttached:
        """ "Create a red Aura enchantment token named Mark of the Rani attached to another
        target creature": one named Aura token (mtg:111.3, mtg:111.4), put onto the
        battlefield attached to the object (mtg:303.4i); the word before "to" must be
        "attached", else the sentence is not read."""
        words: _TokenWords = c[1]
        desc = words.description
        if desc is None or desc.name is None or words.count not in {1, "a", "A"}:
            raise NotRead("a token created attached that is not one named token")
        if words.tapped or desc.types != ("enchantment",) or desc.subtypes != ("aura",):
            raise NotRead("a token created attached that is not an untapped Aura")
        rest = [x for x in c[2:-1] if isinstance(x, str) and not isinstance(x, Token)]
        name = f"{desc.name} of the {' '.join(rest)}" if rest else desc.name
        if not name.endswith(_ATTACHED) or name == _ATTACHED.strip():
            raise NotRead("a token created 'to' something, not attached to it")
        name = name[: -len(_ATTACHED)]
        token = n.CreateToken(name, 1, n.You(), replace(desc, name=name), False)
        return n.CreateTokenAttached(token, c[-1])

    quoted: dict[int, n.GrantAbility]

    def r1_host(self, c: list[Token]) -> str:
        return str(c[0]).lower()

    def r1_token_has(self, c: list[Any]) -> TokenHas:
        """ "The token has enchant permanent and umbra armor", "That token has enchant
        creature and "..."": the Aura token's enchant ability (mtg:702.5a) and one more
        ability, folded into the token just created (it is created with them, mtg:111.3);
        unread when the sentence before created no token (``fold_token_has``)."""
        words = [t for t in c if isinstance(t, Token) and t.type == "WORD"]
        host = next(x for x in c if isinstance(x, str) and not isinstance(x, Token))
        if str(words[0]).lower() != "enchant":
            raise NotRead("a token given something other than an enchant ability")
        keywords: list[tuple[str, str | None]] = [("enchant", host)]
        abilities: tuple[n.GrantAbility, ...] = ()
        if len(words) == 3:
            if " ".join(str(w).lower() for w in words[1:]) != "umbra armor":
                raise NotRead("a token given an ability that is not umbra armor")
            keywords.append(("umbra armor", None))
        else:
            quoted = next(t for t in c if isinstance(t, Token) and t.type == "QUOTED")
            found = self.quoted.get(quoted.start_pos or 0)
            if found is None:
                raise NotRead("a quoted ability not read on its own")
            abilities = (found,)
        return TokenHas(tuple(keywords), abilities)


__all__ = ["R1Builder"]
