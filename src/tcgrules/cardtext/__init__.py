"""Card text → typed nodes: abilities, target requirements, effects.

>>> from tcgrules.cardtext import parse_card
>>> card = parse_card("mtg", "Destroy target nonblack creature.", type_line="Instant")
>>> [r.text for r in card.target_requirements()]
['target nonblack creature']
"""

from __future__ import annotations

from tcgrules.cardtext.build import check_text_args
from tcgrules.cardtext.nodes import CardText, Unsupported
from tcgrules.errors import CardTextError
from tcgrules.kernel.ruleset import find_ruleset


def parse_card(
    game: str, text: str, *, name: str | None = None, type_line: str | None = None
) -> CardText:
    """Parse one card face's rules text with the grammar of ``game`` (any alias).

    ``name`` lets the card's own name read as a self-reference (mtg:201.5);
    ``type_line`` tells spells (instants, sorceries) from permanents. What the
    grammar does not read is in ``CardText.unsupported``, never dropped.
    """
    if not isinstance(game, str):
        raise CardTextError(f"game must be a string, not {type(game).__name__}", expected="str")
    check_text_args(text, name, type_line)
    return find_ruleset(game)().parse_text(text, name=name, type_line=type_line)


__all__ = ["CardText", "Unsupported", "parse_card"]
