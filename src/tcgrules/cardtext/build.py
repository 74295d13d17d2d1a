"""Game-neutral pieces every card-text reader needs around its lark grammar.

The Magic, Flesh and Blood and Grand Archive readers use these; each game keeps its
vocabulary, grammar and what its words mean in its own ``games/<game>/text*.py``.

- Preprocessing keeps the text's length, so every span points into the text as
  given: :func:`blank_reminders` blanks reminder text in parentheses,
  :func:`self_names` writes the card's own name (and its short name before a comma)
  as ``~``.
- A target phrase becomes a :class:`Draft` (a requirement before its index in the
  ability is known); effects point at it with a :class:`DraftRef`, which
  :func:`resolve_refs` turns into a :class:`~tcgrules.cardtext.nodes.TargetSlot`.
- :class:`TextContext` collects what one card's parse could not read, as
  :class:`~tcgrules.cardtext.nodes.Unsupported` nodes with spans and reasons.
- Line and sentence work around the grammar: :func:`text_lines`, :func:`sentences`,
  :func:`outside_quotes` (a quoted ability read on its own), :func:`find_colon` (the
  cost/effect colon), :func:`flag_targets` (a declared target where none may be, in a
  cost or a trigger condition) and :func:`share_zones`.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Collection, Iterable
from dataclasses import dataclass, replace
from itertools import pairwise
from typing import Any, Literal

from lark import Token, Tree

from tcgrules.cardtext import nodes as n
from tcgrules.errors import CardTextError
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


def count(value: int | str) -> int | None:
    """A count for a min or max: a number, or None when a variable (X) sets it."""
    return value if isinstance(value, int) else None


@dataclass(slots=True)
class Quant:
    """How many targets a phrase asks for: at least ``min``, at most ``max`` (None: no
    limit)."""

    min: int
    max: int | None


@dataclass(slots=True)
class Alt:
    """One alternative of a noun phrase as it is built: its descriptor parts, its nouns
    (word, kind) and the kind of thing it names."""

    parts: list[d.Descriptor]
    nouns: list[tuple[str, str]]
    kind: str


@dataclass(slots=True)
class Post:
    """A qualifier written after the noun, with the zone it names, if any."""

    descriptor: d.Descriptor
    zone: str | None = None


class ComparisonRules:
    """Transformer callbacks for the comparisons every grammar writes alike: "N"
    (``cmp_eq``), "N or less" (``cmp_le``), "N or more" (``cmp_ge``), "less than N"
    (``cmp_lt``), "greater than N" (``cmp_gt``); each gives (operator, value)."""

    def cmp_eq(self, c: list[Any]) -> tuple[str, int | str]:
        return ("==", c[0])

    def cmp_le(self, c: list[Any]) -> tuple[str, int | str]:
        return ("<=", c[0])

    def cmp_ge(self, c: list[Any]) -> tuple[str, int | str]:
        return (">=", c[0])

    def cmp_lt(self, c: list[Any]) -> tuple[str, int | str]:
        return ("<", c[-1])

    def cmp_gt(self, c: list[Any]) -> tuple[str, int | str]:
        return (">", c[-1])


class BuilderRules(ComparisonRules):
    """What the Flesh and Blood and Grand Archive builders share: the text and quoted
    abilities they build from, the target drafts they collect, and the callbacks for
    numbers and for "N" / "up to N" quantities. A builder names how it reads one number
    token (its game's number words) as ``value_of``."""

    def __init__(self, text: str, quoted: dict[int, n.GrantAbility] | None = None) -> None:
        super().__init__()
        self.text = text
        self.quoted = quoted or {}
        self.drafts: list[Draft] = []

    @staticmethod
    def value_of(token: Token) -> int | str:
        """One number token as a number, or the variable it names ("X")."""
        raise NotImplementedError

    def num(self, c: list[Token]) -> int | str:
        return self.value_of(c[0])

    def value(self, c: list[Token]) -> int | str:
        return self.value_of(c[0])

    def amount(self, c: list[Token]) -> int | str:
        return self.value_of(c[0])

    def q_up_to(self, c: list[Any]) -> Quant:
        return Quant(0, count(c[2]))

    def q_exact(self, c: list[Any]) -> Quant:
        value = count(c[0])
        return Quant(0 if value is None else value, value)

    # the effects both games write alike: "destroy X", "banish X", "return X to its
    # owner's hand"
    def destroy(self, c: list[Any]) -> n.Destroy:
        return n.Destroy(c[1])

    def banish(self, c: list[Any]) -> n.Exile:
        return n.Exile(c[1])

    def return_hand(self, c: list[Any]) -> n.ReturnToHand:
        return n.ReturnToHand(c[1])

    def owner_hand(self, c: list[Token]) -> str:
        return "hand"


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
    the phrase ("from your graveyard"), which a phrase joined by "and" may share;
    ``any_target`` marks a phrase read as "any target", whose meaning a game may check
    against the effect.
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
    any_target: bool = False
    chosen_by: Literal["controller", "opponent", "that player", "random"] = "controller"
    #: tests with other targets; ``among=(-1,)``: with the phrase just before this one,
    #: and then an empty ``within`` stands for the types that phrase named
    together: tuple[d.Together, ...] = ()
    #: an earlier phrase choosing a player whose object this one must be ("target
    #: player ... target cards from their graveyard", mtg:601.2c)
    of_player: Draft | None = None
    #: "for each opponent, ... up to one target creature that player controls": at most
    #: one object of each player
    one_per_player: bool = False
    #: "for each opponent, ... target creature that player controls": one target for
    #: each player with a legal choice (``TargetRequirement.each_player``)
    each_player: bool = False
    #: "controlled by the same player": all the objects chosen are one player's
    same_player: bool = False
    #: the spell has this target only with (or, ``!name``, without) an optional cost
    #: chosen as it was cast (mtg:601.2c)
    cast_option: str = ""
    #: the most targets, when the text defines the number ("up to X target creatures,
    #: where X is ...", "up to that many target cards"): an amount node (mtg:601.2c)
    limit: Any = None


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
        parts = [resolve_refs(v) for v in value]
        # the same tuple when nothing in it changed: its owner is then not rebuilt
        return value if all(a is b for a, b in zip(parts, value, strict=True)) else tuple(parts)
    names = _FIELDS.get(type(value))
    if names is None:
        names = field_names(type(value))
    if names and not isinstance(value, d.Descriptor):
        changes = {}
        for name in names:
            current = getattr(value, name)
            if isinstance(current, DraftRef | tuple) or hasattr(current, "__dataclass_fields__"):
                resolved = resolve_refs(current)
                if resolved is not current:
                    changes[name] = resolved
        return replace(value, **changes) if changes else value
    return value


def draft_refs(value: Any) -> list[DraftRef]:
    """The target phrases an effect (or effects) refers to, at any depth."""
    if isinstance(value, DraftRef):
        return [value]
    if isinstance(value, tuple | list):
        return [r for v in value for r in draft_refs(v)]
    fields = getattr(value, "__dataclass_fields__", None)
    if fields is None or isinstance(value, d.Descriptor):
        return []
    return [r for f in fields for r in draft_refs(getattr(value, f))]


def requirement(
    draft: Draft,
    text: str,
    descriptor: d.Descriptor | None = None,
    distinct_from: tuple[int, ...] = (),
    span: Span | None = None,
) -> d.TargetRequirement:
    """The requirement a draft stands for (``descriptor`` and ``span`` replace the
    draft's own)."""
    lo, hi = draft.span if span is None else span
    return d.TargetRequirement(
        descriptor if descriptor is not None else draft.descriptor,
        draft.min,
        draft.max,
        draft.kinds,
        draft.zone,
        draft.divided,
        distinct_from,
        text[lo:hi],
        (lo, hi),
        draft.chosen_by,
        draft.together,
        draft.cast_option,
        draft.each_player,
        draft.limit,
    )


def _other_than_source(draft: Draft, descriptor: d.Descriptor) -> d.Descriptor:
    return with_part(descriptor, d.Other())


def index_drafts(
    text: str,
    drafts: list[Draft],
    *,
    alone: Callable[[Draft, d.Descriptor], d.Descriptor] = _other_than_source,
    span: Callable[[Span], Span] | None = None,
) -> list[d.TargetRequirement]:
    """Number the drafts of an ability in order and make their requirements. "Another
    target X" after an earlier phrase of its kind must differ from it (``distinct_from``);
    with none, ``alone`` says what it means (by default: other than the object the text
    is on). ``span`` may adjust a phrase's span (a game's markup)."""
    requirements: list[d.TargetRequirement] = []
    for index, draft in enumerate(drafts):
        draft.slot = index
        descriptor = draft.descriptor
        distinct: tuple[int, ...] = ()
        if draft.other:
            earlier = tuple(
                i for i, r in enumerate(requirements) if _kinds_meet(r.kinds, draft.kinds)
            )
            if earlier:
                distinct = earlier
            else:
                descriptor = alone(draft, descriptor)
        where = span(draft.span) if span is not None else None
        req = requirement(draft, text, descriptor, distinct, where)
        if draft.together or draft.of_player or draft.one_per_player or draft.same_player:
            req = replace(req, together=_settle_together(drafts, index))
        requirements.append(req)
    return requirements


#: kinds that are never permanents ("another target permanent" can't be one of these)
_NOT_PERMANENT = frozenset({"player", "spell", "ability", "card"})


def _kinds_meet(a: frozenset[str], b: frozenset[str]) -> bool:
    """Whether two phrases' kinds can name the same thing: a kind in common, or
    "permanent" in one and a kind of permanent in the other ("target artifact or
    creature and another target permanent")."""
    if a & b:
        return True
    if "permanent" in a and b - _NOT_PERMANENT:
        return True
    return "permanent" in b and bool(a - _NOT_PERMANENT)


def _settle_together(drafts: list[Draft], index: int) -> tuple[d.Together, ...]:
    """The draft's tests with other targets, with "the phrase before" as its number
    and "those types" as the kinds that phrase named; a test that needs a phrase
    before is dropped from the first phrase (it has none to be tested with). The
    player an object must be of becomes a test on ``player`` too."""
    draft = drafts[index]
    settled: list[d.Together] = []
    # whose the objects are ("their graveyard" after "target player", "for each opponent,
    # ... that player controls", "controlled by the same player", mtg:601.2c)
    if draft.of_player is not None:
        settled.append(d.Together("same", "player", (draft.of_player.slot,), text="theirs"))
    if draft.one_per_player:
        settled.append(d.Together("different", "player", text="one per player"))
    if draft.same_player:
        settled.append(d.Together("same", "player", text="all of one player"))
    for test in draft.together:
        if test.among != (-1,):
            settled.append(test)
        elif index > 0:
            before = drafts[index - 1]
            within = before.kinds if test.within == frozenset() else test.within
            settled.append(replace(test, among=(index - 1,), within=within))
    return tuple(settled)


def share_zones(clean: str, drafts: list[Draft], default_zone: str) -> None:
    """ "target A and target B from your graveyard": the zone that closes the second
    phrase closes the first too, when the first names none (``default_zone``)."""
    for first, second in pairwise(drafts):
        between = clean[first.span[1] : second.span[0]].strip().lower()
        if (
            between == "and"
            and first.zone == default_zone
            and second.zone_clause is not None
            and second.zone is not None
        ):
            first.descriptor = with_part(first.descriptor, second.zone_clause)
            first.zone = second.zone


# ----------------------------------------------------------------------- text


class TextContext:
    """One card's parse: the text as given, the cleaned text, and what was not read."""

    def __init__(self, text: str, clean: str, *, spell: bool = False) -> None:
        self.text = text
        self.clean = clean
        #: the text is an instant's or sorcery's (some words mean other things there)
        self.spell = spell
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


def sentences(
    tokens: list[Token], *, stop: str = "DOT", quote: str = "QUOTE", quote_ends: bool = True
) -> list[list[Token]]:
    """Split tokens at full stops outside quotes (an unclosed quote runs to the end); with
    ``quote_ends``, a quote closing right after a full stop ends the sentence too."""
    out: list[list[Token]] = []
    current: list[Token] = []
    quoted = False
    for tok in tokens:
        ends = tok.type == stop and not quoted
        if tok.type == quote:
            quoted = not quoted
            ends = quote_ends and not quoted and len(current) > 0 and current[-1].type == stop
        current.append(tok)
        if ends:
            out.append(current)
            current = []
    if current:
        out.append(current)
    return out


def text_lines(text: str, *, skip: Collection[str] = ()) -> list[Span]:
    """The spans of the non-blank lines of ``text``, without their outer spaces; a line
    that reads as one of ``skip`` is left out."""
    spans: list[Span] = []
    pos = 0
    for line in text.split("\n"):
        lo = pos + (len(line) - len(line.lstrip()))
        hi = pos + len(line.rstrip())
        if hi > lo and (not skip or text[lo:hi] not in skip):
            spans.append((lo, hi))
        pos += len(line) + 1
    return spans


def find_colon(line: str) -> int:
    """The offset of the first colon of ``line`` outside quotes (the one between an
    activated ability's cost and its effect), or -1."""
    quoted = False
    for i, ch in enumerate(line):
        if ch == '"':
            quoted = not quoted
        elif ch == ":" and not quoted:
            return i
    return -1


#: a quoted ability read on its own: (start, end of the words inside the quotes, span
#: of the whole quote) -> the ability
ReadQuoted = Callable[[int, int, Span], n.GrantAbility]


def outside_quotes(
    ctx: TextContext, sentence: list[Token], read: ReadQuoted, *, quote: str = "QUOTE"
) -> tuple[list[Token], dict[int, n.GrantAbility]]:
    """The sentence with each quoted ability replaced by one ``QUOTED`` token, and what
    each ``QUOTED`` token stands for (by its start offset): the quoted ability, read on
    its own by ``read`` (an unclosed quote runs to the end of the sentence)."""
    out: list[Token] = []
    quoted: dict[int, n.GrantAbility] = {}
    i = 0
    while i < len(sentence):
        tok = sentence[i]
        if tok.type != quote:
            out.append(tok)
            i += 1
            continue
        j = i + 1
        while j < len(sentence) and sentence[j].type != quote:
            j += 1
        lo = tok.start_pos or 0
        inner_end = sentence[j].start_pos if j < len(sentence) else sentence[-1].end_pos
        hi = sentence[j].end_pos if j < len(sentence) else sentence[-1].end_pos
        quoted[lo] = read(tok.end_pos or lo, inner_end or lo, (lo, hi or lo))
        out.append(Token("QUOTED", ctx.clean[lo : hi or lo], start_pos=lo, end_pos=hi))
        i = j + 1
    return out, quoted


def flag_targets(
    ctx: TextContext,
    tokens: list[Token],
    declares: Callable[[list[Token], int], bool],
    span: Span,
    reason: str,
) -> None:
    """Record each target that ``tokens`` (the text of ``span``) declare as not read,
    for text where no target may be declared (a cost, a trigger condition)."""
    start, end = span
    for i, tok in enumerate(tokens):
        if tok.type in {"TARGET", "TARGETS"} and declares(tokens, i):
            ctx.add(tok.start_pos or start, tok.end_pos or end, reason)


def check_text_args(text: object, name: object, type_line: object) -> None:
    """Raise :class:`~tcgrules.errors.CardTextError` unless the text is a string and the
    name and type line are strings or None."""
    if not isinstance(text, str):
        raise CardTextError(
            f"card text must be a string, not {type(text).__name__}",
            source="<text>",
            expected="str",
        )
    for label, value in (("name", name), ("type_line", type_line)):
        if value is not None and not isinstance(value, str):
            raise CardTextError(f"{label} must be a string or None", expected="str")


#: dataclass type -> its field names (read once per type)
_FIELDS: dict[type, tuple[str, ...]] = {}


def field_names(kind: type) -> tuple[str, ...]:
    """The field names of a node type (a dataclass), or ``()`` for any other type; read
    once per type, for the walks over parsed nodes that run on every ability."""
    names = _FIELDS.get(kind)
    if names is None:
        fields = getattr(kind, "__dataclass_fields__", None)
        names = tuple(fields) if fields is not None else ()
        _FIELDS[kind] = names
    return names


def shift_spans(value: Any, delta: int) -> Any:
    """``value`` with every ``span`` field inside it (in nested nodes, descriptors and
    tuples) moved ``delta`` characters along; other values are shared, not copied."""
    if delta == 0:
        return value
    if isinstance(value, tuple):
        return tuple([shift_spans(v, delta) for v in value])
    kind = type(value)
    names = _FIELDS.get(kind)
    if names is None:
        names = field_names(kind)
    if not names:
        return value
    copy = object.__new__(kind)
    for name in names:
        old = getattr(value, name)
        if name == "span" and old is not None:
            new: Any = (old[0] + delta, old[1] + delta)
        elif isinstance(old, tuple) or hasattr(type(old), "__dataclass_fields__"):
            new = shift_spans(old, delta)
        else:
            new = old
        object.__setattr__(copy, name, new)
    return copy


class SpanMemo:
    """What a reader made of a stretch of card text, kept by the stretch's words so the
    same words elsewhere (on this card or another) are not read again: the result and
    the not-read spans it added come back with their spans moved to the new place.

    The key is the stretch as printed and as cleaned (with the card's own name as
    ``~``) and whether the card is an instant or sorcery, everything a reader may look
    at; a reader that looked outside its stretch must not be memoised."""

    __slots__ = ("_kept", "limit")

    def __init__(self, limit: int = 100_000) -> None:
        self._kept: dict[tuple[str, str, bool], tuple[int, Any, tuple[n.Unsupported, ...]]] = {}
        #: how many stretches are kept at most (later ones are read every time)
        self.limit = limit

    def read(
        self, ctx: TextContext, start: int, end: int, reader: Callable[[TextContext, int, int], Any]
    ) -> Any:
        """``reader(ctx, start, end)``, or what it gave for the same words before."""
        key = (ctx.text[start:end], ctx.clean[start:end], ctx.spell)
        kept = self._kept.get(key)
        if kept is None:
            before = len(ctx.unsupported)
            result = reader(ctx, start, end)
            if len(self._kept) < self.limit:
                self._kept[key] = (start, result, tuple(ctx.unsupported[before:]))
            return result
        origin, result, missed = kept
        ctx.unsupported.extend(shift_spans(u, start - origin) for u in missed)
        return shift_spans(result, start - origin)


__all__ = [
    "Alt",
    "BuilderRules",
    "ComparisonRules",
    "Draft",
    "DraftRef",
    "Post",
    "Quant",
    "ReadQuoted",
    "Span",
    "SpanMemo",
    "TextContext",
    "all_of",
    "any_of",
    "blank_reminders",
    "check_text_args",
    "count",
    "draft_refs",
    "field_names",
    "find_colon",
    "flag_targets",
    "mark_spans",
    "outside_quotes",
    "requirement",
    "resolve_refs",
    "self_names",
    "sentences",
    "share_zones",
    "shift_spans",
    "span_of",
    "split_span",
    "text_lines",
    "with_part",
]
