"""Game-neutral pieces every card-text reader needs around its lark grammar.

The Magic and Flesh and Blood readers grew their own copies of these (``_all``,
``_any``, ``mark_spans``, ``_span``, ``Draft``/``DraftRef``, ``_resolve``, ``_with``,
``_sentences``, ``_lines``, the length-keeping preprocessing and the parse context);
the Grand Archive reader uses this module, and the other two can switch to it.

- Preprocessing keeps the text's length, so every span points into the text as
  given: :func:`blank_reminders` blanks reminder text in parentheses,
  :func:`self_names` writes the card's own name (and its short name before a comma)
  as ``~``.
- A target phrase becomes a :class:`Draft` (a requirement before its index in the
  ability is known); effects point at it with a :class:`DraftRef`, which
  :func:`resolve_refs` turns into a :class:`~tcgrules.cardtext.nodes.TargetSlot`.
- :class:`TextContext` collects what one card's parse could not read, as
  :class:`~tcgrules.cardtext.nodes.Unsupported` nodes with spans and reasons.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Iterable
from dataclasses import dataclass, replace
from typing import Any

from lark import Token, Tree

from tcgrules.cardtext import nodes as n
from tcgrules.kernel import descriptors as d

Span = tuple[int, int]

# ----------------------------------------------------------------------- descriptors


def all_of(parts: Iterable[d.Descriptor]) -> d.Descriptor:
    """Every part holds; nested ``AllOf`` are flattened and repeats dropped."""
    flat: list[d.Descriptor] = []
    for part in parts:
        for each in part.parts if isinstance(part, d.AllOf) else (part,):
            if each not in flat:
                flat.append(each)
    return flat[0] if len(flat) == 1 else d.AllOf(tuple(flat))


def any_of(parts: Iterable[d.Descriptor]) -> d.Descriptor:
    """At least one part holds (one part is itself)."""
    found = list(parts)
    return found[0] if len(found) == 1 else d.AnyOf(tuple(found))


def with_part(descriptor: d.Descriptor, part: d.Descriptor) -> d.Descriptor:
    """``descriptor`` narrowed by one more part."""
    return all_of([descriptor, part])


# ----------------------------------------------------------------------- spans


def span_of(items: Iterable[Any]) -> Span:
    """The text span covered by the tokens among ``items`` ((huge, -1) if none)."""
    lo, hi = 1 << 30, -1
    for item in items:
        if isinstance(item, Token) and item.start_pos is not None and item.end_pos is not None:
            lo, hi = min(lo, item.start_pos), max(hi, item.end_pos)
    return lo, hi


def mark_spans(tree: Tree[Token], rules: Collection[str]) -> None:
    """Put a ``SPAN`` token (the text span of the subtree) first in each subtree whose
    rule (or alias) is in ``rules``, so a transformer method knows where its phrase is."""
    for sub in tree.iter_subtrees():
        if sub.data in rules:
            lo, hi = span_of(sub.scan_values(lambda v: isinstance(v, Token)))
            sub.children.insert(0, Token("SPAN", "", start_pos=lo, end_pos=hi))


def split_span(children: list[Any]) -> tuple[Span, list[Any]]:
    """The ``SPAN`` marker of a rule's children (see :func:`mark_spans`), and the rest."""
    marker: Token = children[0]
    return (marker.start_pos or 0, marker.end_pos or 0), children[1:]


# ----------------------------------------------------------------------- target drafts


@dataclass(slots=True)
class Draft:
    """A target requirement whose index in its ability is not known yet.

    ``other`` is set by "another target"; ``zone_clause`` is the zone part that closed
    the phrase ("from your graveyard"), which a phrase joined by "and" may share.
    """

    descriptor: d.Descriptor
    min: int
    max: int | None
    kinds: frozenset[str]
    zone: str | None
    span: Span
    other: bool = False
    divided: bool = False
    zone_clause: d.Descriptor | None = None
    slot: int = -1


@dataclass(slots=True)
class DraftRef:
    """An effect's reference to a target phrase; :func:`resolve_refs` makes it a slot."""

    draft: Draft


def resolve_refs(value: Any) -> Any:
    """``value`` with every :class:`DraftRef` replaced by its ``TargetSlot``, inside
    tuples and nested effect nodes too (descriptors are left alone)."""
    if isinstance(value, DraftRef):
        return n.TargetSlot(value.draft.slot)
    if isinstance(value, tuple):
        return tuple(resolve_refs(v) for v in value)
    if hasattr(value, "__dataclass_fields__") and not isinstance(value, d.Descriptor):
        changes = {}
        for name in value.__dataclass_fields__:
            current = getattr(value, name)
            if isinstance(current, DraftRef | tuple) or hasattr(current, "__dataclass_fields__"):
                resolved = resolve_refs(current)
                if resolved is not current:
                    changes[name] = resolved
        return replace(value, **changes) if changes else value
    return value


def requirement(
    draft: Draft,
    text: str,
    descriptor: d.Descriptor | None = None,
    distinct_from: tuple[int, ...] = (),
) -> d.TargetRequirement:
    """The requirement a draft stands for (``descriptor`` replaces the draft's own)."""
    lo, hi = draft.span
    return d.TargetRequirement(
        descriptor if descriptor is not None else draft.descriptor,
        draft.min,
        draft.max,
        draft.kinds,
        draft.zone,
        draft.divided,
        distinct_from,
        text[lo:hi],
        draft.span,
    )


# ----------------------------------------------------------------------- text


class TextContext:
    """One card's parse: the text as given, the cleaned text, and what was not read."""

    def __init__(self, text: str, clean: str) -> None:
        self.text = text
        self.clean = clean
        self.unsupported: list[n.Unsupported] = []

    def phrase(self, start: int, end: int) -> str:
        """The cleaned words of ``[start, end)`` on one line."""
        return " ".join(self.clean[start:end].split())

    def add(self, start: int, end: int, reason: str) -> n.Unsupported:
        """Record ``[start, end)`` as not read, with the reason."""
        node = n.Unsupported(self.phrase(start, end), (start, end), reason)
        self.unsupported.append(node)
        return node


_REMINDER_RE = re.compile(r"\((?:[^()]|\([^()]*\))*\)")


def _blank(match: re.Match[str]) -> str:
    text = match.group()
    return " " * len(text) if any(ch.isspace() for ch in text) else text


def blank_reminders(text: str) -> str:
    """Reminder text (parentheses holding more than one word, with one level of
    parentheses inside, "(... pay (1) for each ...)") blanked, same length; ``(2)``-style
    cost symbols stay."""
    return _REMINDER_RE.sub(_blank, text)


def _tilde(match: re.Match[str]) -> str:
    return "~" + " " * (len(match.group()) - 1)


def self_names(text: str, name: str | None, *, min_length: int = 3) -> str:
    """The card's own name written as ``~`` (same length), and a personal name also by
    its part before the comma ("Lorraine" for "Lorraine, Wandering Warrior")."""
    if not name:
        return text
    names = [name]
    if "," in name:
        names.append(name.split(",")[0])
    for each in names:
        if len(each) >= min_length:
            text = re.sub(rf"(?<![\w'])({re.escape(each)})(?![\w-])", _tilde, text)
    return text


def sentences(tokens: list[Token], *, stop: str = "DOT", quote: str = "QUOTE") -> list[list[Token]]:
    """Split tokens at full stops outside quotes (an unclosed quote runs to the end); a
    quote closing right after a full stop ends the sentence too."""
    out: list[list[Token]] = []
    current: list[Token] = []
    quoted = False
    for tok in tokens:
        ends = tok.type == stop and not quoted
        if tok.type == quote:
            quoted = not quoted
            ends = not quoted and len(current) > 0 and current[-1].type == stop
        current.append(tok)
        if ends:
            out.append(current)
            current = []
    if current:
        out.append(current)
    return out


def text_lines(text: str) -> list[Span]:
    """The spans of the non-blank lines of ``text``, without their outer spaces."""
    spans: list[Span] = []
    pos = 0
    for line in text.split("\n"):
        lo = pos + (len(line) - len(line.lstrip()))
        hi = pos + len(line.rstrip())
        if hi > lo:
            spans.append((lo, hi))
        pos += len(line) + 1
    return spans


__all__ = [
    "Draft",
    "DraftRef",
    "Span",
    "TextContext",
    "all_of",
    "any_of",
    "blank_reminders",
    "mark_spans",
    "requirement",
    "resolve_refs",
    "self_names",
    "sentences",
    "span_of",
    "split_span",
    "text_lines",
    "with_part",
]
