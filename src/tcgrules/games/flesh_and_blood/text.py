"""Flesh and Blood functional text → :class:`~tcgrules.cardtext.nodes.CardText`.

The shape follows the Magic reader (:mod:`tcgrules.games.magic.text`) and shares its
parser machinery (:mod:`tcgrules.cardtext.grammar`): plain Python does the line-level
work, the LALR grammar ``grammar/fab.lark`` reads sentences.

- Preprocessing keeps the text's length, so every span points into the text as given:
  markdown bold (``**Go again**``) and reminder text are blanked (reminder text has no
  rules meaning, fab:2.12.3) and the card's own name, or its moniker, becomes ``~``
  (fab:2.12.3a): a self-reference means this object, not others with the same name.
  Another name stays a name: it means the existing objects with that name or moniker
  (fab:2.12.3b).
- Lines are sorted into keyword lines, activated abilities ("**Instant** - {r}: ...",
  fab:5.2.1), labelled abilities ("**Surge** - ..."), triggered abilities ("When",
  "Whenever", "At"), modal abilities ("Choose 1 or both;" and bullets, fab:1.7.5) and
  the rest: the resolution abilities of a card that is played and resolves (actions,
  instants, reactions) or the static text of a permanent.
- Each sentence is parsed by the grammar; when a sentence is not one the effect grammar
  reads, its target phrases (fab:1.8.5) are still found (the longest prefix that parses
  as a target phrase) and the sentence is kept as an unsupported effect. A target phrase
  that cannot be read is kept as :class:`~tcgrules.cardtext.nodes.Unsupported` whose
  reason starts with "target", which is what the coverage report counts.
- An ability written in quotes ("gains "When this hits, deal 1 arcane damage to target
  hero."") is read as its own ability: its targets are declared when it is used
  (fab:1.8.5), so they become a :class:`~tcgrules.cardtext.nodes.GrantAbility`'s own.
"""

from __future__ import annotations

import re
from dataclasses import replace
from functools import lru_cache, partial
from typing import Any, Literal

from lark import Lark, Token

from tcgrules.cardtext import nodes as n
from tcgrules.cardtext.build import (
    Draft,
    TextContext,
    check_text_args,
    find_colon,
    flag_targets,
    index_drafts,
    outside_quotes,
    resolve_refs,
    sentences,
    share_zones,
    text_lines,
    with_part,
)
from tcgrules.cardtext.grammar import (
    declared_by_neighbours,
    load_grammar,
    parse_tokens,
    scan_target_phrases,
)
from tcgrules.games.flesh_and_blood.names import moniker
from tcgrules.games.flesh_and_blood.text_build import (
    ANY_TARGET,
    ANY_TARGET_KINDS,
    DEFAULT_ZONE,
    build,
)
from tcgrules.games.flesh_and_blood.text_lexer import tokenize
from tcgrules.games.flesh_and_blood.vocabulary import parse_type_line
from tcgrules.games.keywords import keyword_line
from tcgrules.kernel import descriptors as d

GRAMMAR_PACKAGE = "tcgrules.games.flesh_and_blood.grammar"
_STARTS = ("target_ref", "sentence")  # the grammar's start symbols


def parser() -> Lark:
    """The Flesh and Blood text parser (built once per process)."""
    return load_grammar(GRAMMAR_PACKAGE, "fab.lark", _STARTS)


# ----------------------------------------------------------------------- preprocessing

_BOLD_RE = re.compile(r"\*\*")
#: reminder text: a parenthesised phrase (of more than one word), with the asterisks of
#: its italics if it has them ("*(...)*")
_REMINDER_RE = re.compile(r"\*?\((?=[^()]*\s)[^()]*\)\*?")


def _pad(match: re.Match[str]) -> str:
    return "~" + " " * (len(match.group()) - 1)


def preprocess(text: str, name: str | None, *, personal: bool = False) -> str:
    """Same-length text: bold markers and reminder text blanked (reminder text does not
    affect the game, fab:2.12.3), the card's own name as ``~`` (a self-reference,
    fab:2.12.3a); a personal name (``personal``, or a name with a comma title) also by its
    part before the comma and by its moniker (fab:2.7.3)."""
    text = text.replace("\u2019", "'").replace("\u2018", "'").replace("\u2212", "-")
    text = _BOLD_RE.sub("  ", text)
    text = _REMINDER_RE.sub(lambda m: " " * len(m.group()), text)
    if name:
        names = [name]
        if "," in name:
            names.append(name.split(",")[0])
        own = moniker(name, personal=personal or "," in name)
        if own and own not in names:
            names.append(own)
        for each in names:
            if len(each) >= 3:
                text = re.sub(rf"(?<![\w'])({re.escape(each)})(?![\w-])", _pad, text)
    return text


# ----------------------------------------------------------------------- target scanning

#: words after which "target" does not declare a target: "the target of", "can target",
#: "an additional target", "that targets you" (fab:1.8.5 needs "target DESCRIPTION")
_NOT_DECLARING_BEFORE = frozenset(
    [
        "the",
        "that",
        "its",
        "new",
        "same",
        "additional",
        "their",
        "your",
        "it",
        "which",
        "can",
        "may",
        "must",
        "could",
        "would",
        "can't",
        "cannot",
        "~",
    ]
)
_QUANT_START = frozenset({"UP", "NUMBER", "NUMWORD", "X", "A", "ANY", "ANOTHER", "TARGET", "THAT"})
_COUNT_BEFORE = frozenset({"NUMBER", "NUMWORD", "X", "ANY"})
_NOMINAL_START = frozenset(
    {
        "TYPE",
        "SUBTYPE",
        "ATTACK",
        "NAME",
        "CARD",
        "PERMANENT",
        "SOURCE",
        "OPPONENT",
        "COLOR",
        "SUPERTYPE",
        "STATUS",
        "DEFENDING",
        "NONWORD",
        "OPPOSING",
        "TRAIT",
    }
)
_QUALIFIER = frozenset({"WITH", "THAT", "CONTROLLED", "NAMED", "ISNT"})
_ZONE_WORDS = frozenset({"GRAVEYARD", "BANISHED", "ARSENAL", "HAND", "STACK", "ACTIVE"})


def declares_target(tokens: list[Token], i: int) -> bool:
    """Whether ``tokens[i]`` ("target"/"targets") declares a target (fab:1.8.5)."""
    settled = declared_by_neighbours(tokens, i, _COUNT_BEFORE)
    if settled is not None:
        return settled
    prev = tokens[i - 1] if i else None
    nxt = tokens[i + 1] if i + 1 < len(tokens) else None
    if prev is not None and prev.type == "THAT":
        # "damage that target action card would deal" declares; "attacks that target
        # you" is the verb
        return nxt is not None and nxt.type in _NOMINAL_START
    return prev is None or prev.lower() not in _NOT_DECLARING_BEFORE


def scan_targets(
    tokens: list[Token], text: str, problems: list[tuple[int, int, str]]
) -> list[Draft]:
    """Every declared target phrase in ``tokens`` (a sentence), as drafts."""
    return scan_target_phrases(
        tokens,
        parser(),
        problems,
        quantifiers=_QUANT_START,
        lookback=4,
        declares=declares_target,
        build=lambda tree: build(tree, text)[0],
        left_unread=_left_unread,
    )


def _left_unread(tokens: list[Token], end: int) -> str | None:
    """Why the words right after a phrase show it was not read whole, or None.

    A relative clause or zone the grammar did not take ("with cost less than ..."),
    a list of nouns that goes on ("target head, chest, arms ..."), or a name that goes
    on past a colon ("Mugenshi: RELEASE") means the phrase means more than was read.
    """
    if end >= len(tokens):
        return None
    tok = tokens[end]
    after = tokens[end + 1] if end + 1 < len(tokens) else None
    if tok.type in _QUALIFIER:
        return "target qualifier not understood"
    if tok.type in {"IN", "FROM", "ON"} and after is not None:
        following = tokens[end + 2 : end + 5]
        if after.type in _ZONE_WORDS or any(t.type in _ZONE_WORDS for t in following[:2]):
            return "target zone not understood"
    if (
        tok.type == "COMMA"
        and after is not None
        and after.type in {"TYPE", "SUBTYPE", "NAME", "TRAIT"}
    ):
        return "target list not understood"
    if tok.type == "COLON" and tokens[end - 1].type == "NAME":
        return "target name not understood"
    return None


# ----------------------------------------------------------------------- sentences


def _granted(ctx: TextContext, lo: int, hi: int, span: tuple[int, int]) -> n.GrantAbility:
    """A quoted ability read on its own (its trigger, targets and effects)."""
    while lo < hi and ctx.clean[lo].isspace():
        lo += 1
    line = ctx.clean[lo:hi]
    trigger_match = _TRIGGER_RE.match(line)
    trigger = None
    body = lo
    if trigger_match is not None:
        trigger = _trigger(trigger_match)
        _check_no_target(ctx, lo, lo + trigger_match.end(), "target in a trigger condition")
        body = lo + trigger_match.end()
    reqs, effects = _body(ctx, body, hi)
    plain = tuple(e for e in effects if not isinstance(e, n.Modal))
    return n.GrantAbility(None, reqs, plain, trigger, ctx.text[span[0] : span[1]], span)


def parse_effects(ctx: TextContext, start: int, end: int) -> tuple[list[Draft], list[Any]]:
    """Sentences of ``clean[start:end]`` → target drafts and effects."""
    grammar = parser()
    drafts: list[Draft] = []
    effects: list[Any] = []
    for sentence in sentences(tokenize(ctx.clean, start, end)):
        outer, quoted = outside_quotes(ctx, sentence, partial(_granted, ctx))
        if not outer:
            continue
        tree = parse_tokens(grammar, outer, "sentence")
        if tree is not None:
            new, value = build(tree, ctx.clean, quoted)
            # a shape the grammar accepts but the builder can't read ("create a X action")
            # is kept as not understood, like a sentence that does not parse
            if not any(isinstance(v, n.UnsupportedEffect) for v in value):
                _check_any_target(ctx, new, outer)
                drafts.extend(new)
                effects.extend(_as_written(ctx, e) for e in value)
                continue
        lo = sentence[0].start_pos or 0
        hi = sentence[-1].end_pos or lo
        problems: list[tuple[int, int, str]] = []
        new = scan_targets(outer, ctx.clean, problems)
        _check_any_target(ctx, new, outer)
        drafts.extend(new)
        for p_start, p_end, reason in problems:
            ctx.add(p_start, p_end, reason)
        effects.extend(quoted.values())
        effects.append(n.UnsupportedEffect(ctx.phrase(lo, hi), (lo, hi)))
        ctx.add(lo, hi, "effect not understood")
    return drafts, effects


def _as_written(ctx: TextContext, effect: Any) -> Any:
    """A defining ability keeps its sentence as the card writes it (its name, not ``~``)."""
    if isinstance(effect, n.DefinedValue) and effect.span is not None:
        lo, hi = effect.span
        return replace(effect, text=" ".join(ctx.text[lo:hi].split()))
    return effect


def _check_any_target(ctx: TextContext, drafts: list[Draft], tokens: list[Token]) -> None:
    """ "Any target" is read as a living object because the effect deals damage
    (fab:1.8.5d); with any other effect its meaning is not known, so it is not read."""
    if any(t.type == "DAMAGE" for t in tokens):
        return
    for draft in drafts:
        if draft.any_target:
            ctx.add(draft.span[0], draft.span[1], "target 'any' outside a damage effect")


def _check_no_target(ctx: TextContext, start: int, end: int, reason: str) -> None:
    """Flag declared targets in text that is not an ability body (a cost, a trigger)."""
    flag_targets(ctx, tokenize(ctx.clean, start, end), declares_target, (start, end), reason)


def finalize(
    ctx: TextContext, drafts: list[Draft], effects: list[Any]
) -> tuple[tuple[d.TargetRequirement, ...], tuple[Any, ...]]:
    """Index drafts in text order and resolve references to target slots.

    "another target hero" after a target hero must differ from it (fab:1.8.5b is about
    one phrase; the word "another" asks for a different object); with no earlier hero
    it is a hero other than yours ("you" is your hero, fab:1.1.2b); "another target
    aura" with no earlier aura is one other than the object the text is on.
    """
    drafts.sort(key=lambda x: x.span[0])
    share_zones(ctx.clean, drafts, DEFAULT_ZONE)
    requirements = index_drafts(
        ctx.text, drafts, alone=_another_alone, span=lambda s: _close_bold(ctx.text, s)
    )
    return tuple(requirements), tuple(resolve_refs(e) for e in effects)


def _another_alone(draft: Draft, descriptor: d.Descriptor) -> d.Descriptor:
    """ "another target hero" with no hero before it: a hero other than yours."""
    if draft.kinds == {"hero"}:
        return with_part(descriptor, d.Controller("not_you"))
    return with_part(descriptor, d.Other())


def _close_bold(text: str, span: tuple[int, int]) -> tuple[int, int]:
    """A phrase ending inside bold ("with **stealth**") takes the closing marker too, so
    its text is never half a markup pair."""
    lo, hi = span
    if text.count("**", lo, hi) % 2 == 1 and text.startswith("**", hi):
        return lo, hi + 2
    return span


def _body(ctx: TextContext, start: int, end: int) -> tuple[tuple[Any, ...], tuple[Any, ...]]:
    """Requirements and effects of an ability body."""
    drafts, effects = parse_effects(ctx, start, end)
    return finalize(ctx, drafts, effects)


# ----------------------------------------------------------------------- abilities

_KEYWORD_LINE_RE = re.compile(r"^(?:\*\*[^*]+\*\*[\s,.]*)+$")
_KEYWORD_RE = re.compile(r"\*\*([^*]+)\*\*")
_ACTIVATED_RE = re.compile(
    # a LIMIT (fab:5.2.1a), however the card data capitalises it
    r"^\*\*((?i:(?:once|twice|thrice) per turn )?(?:Action|Instant|Attack Reaction|"
    r"Defense Reaction))\*\*"
    r"\s*[-\u2014\u2013]\s*"
)
_LABEL_RE = re.compile(r"^\*\*([^*]+)\*\*\s*[-\u2014\u2013]\s+")
_TRIGGER_RE = re.compile(r"^(When|Whenever|At)\b\s*([^,\"]*?),\s*")
_MODAL_RE = re.compile(
    r"(?i)\bchoose (\d+|one|two|any number|x\+1|[a-z0-9]+ or (?:both|more))"
    r"(?:,[^;:]*)?\s*[;:]\s*$"
)
_BULLET_RE = re.compile(r"^[-*\u2022]\s+")
_SPELL_TYPES = frozenset({"action", "instant", "attack reaction", "defense reaction", "block"})
_PERMANENT_SUBTYPES = frozenset({"aura", "item", "ally", "landmark", "figment", "affliction"})
_WORD_NUMBERS = {"one": 1, "two": 2}


def _modal_counts(word: str, line: str) -> tuple[int, int | None]:
    low = word.lower()
    if low == "any number":
        return 0, None
    if low.endswith(" or both"):
        return 1, 2
    if low.endswith(" or more"):
        return 1, None
    if low == "x+1" or line.lower().startswith("for each"):
        return 1, None
    value = int(low) if low.isdigit() else _WORD_NUMBERS.get(low, 1)
    return value, value


#: one keyword of a line of keywords written without bold ("Go again", "Ward 4, Go again")
_PLAIN_KEYWORD_RE = re.compile(r"([^,.\s](?:[^,.]*[^,.\s])?)")


def _keywords(
    ctx: TextContext, lo: int, hi: int, pattern: re.Pattern[str] = _KEYWORD_RE
) -> list[n.KeywordAbility]:
    """A line of bold keywords ("**Go again**", "**Ward 4**", "**Arcane Barrier 1**"),
    or with ``_PLAIN_KEYWORD_RE`` the same keywords written without bold."""
    found: list[n.KeywordAbility] = []
    for match in pattern.finditer(ctx.text, lo, hi):
        words = match.group(1).strip()
        head = re.match(r"^(.*?)(?:\s+(\d+|X))?$", words)
        name = (head.group(1) if head else words).strip().lower()
        argument = head.group(2) if head else None
        span = (match.start(), match.end())
        found.append(n.KeywordAbility(name, argument, (), match.group(), span))
    return found


_TRIGGER_WORDS: dict[str, Literal["when", "whenever", "at"]] = {
    "when": "when",
    "whenever": "whenever",
    "at": "at",
}


def _trigger(match: re.Match[str]) -> n.Trigger:
    word = _TRIGGER_WORDS[match.group(1).lower()]
    condition = " ".join(match.group(2).split())
    low = condition.lower()
    event = "other"
    for key, name in (
        ("enters the arena", "enters"),
        ("leaves the arena", "leaves"),
        ("attacks", "attacks"),
        ("attack with", "attacks"),
        ("hits", "hits"),
        ("defends", "defends"),
    ):
        if key in low:
            event = name
            break
    if word == "at":
        event = "step"
    subject: n.Reference | None = n.Self() if low.startswith(("this ", "~ ")) else None
    return n.Trigger(word, event, subject, f"{match.group(1)} {condition}")


def _is_spell(type_line: str | None, effects: tuple[Any, ...]) -> bool:
    """Whether the text is the resolution abilities of a card that is played and resolves
    (fab:5.3.4): an action, instant, reaction or block that does not stay as a permanent."""
    if type_line is None:
        return any(not isinstance(e, n.UnsupportedEffect) for e in effects)
    box = parse_type_line(type_line.split("//")[0])
    types = {t.lower() for t in box.types}
    subtypes = {s.lower() for s in box.subtypes}
    return bool(types & _SPELL_TYPES) and not subtypes & _PERMANENT_SUBTYPES


def _defines_values(effects: tuple[Any, ...]) -> bool:
    """A line that defines a "(c)" value is a property-static ability (fab:5.4.5), never a
    resolution ability, even on a card that is played (fab:2.9.2a)."""
    return bool(effects) and all(isinstance(e, n.DefinedValue) for e in effects)


def _modal(
    ctx: TextContext,
    head: tuple[int, int],
    bullets: list[tuple[int, int]],
    counts: tuple[int, int | None],
) -> tuple[tuple[Any, ...], tuple[Any, ...]]:
    reqs, pre_effects = _body(ctx, head[0], head[1])
    modes: list[n.Mode] = []
    for lo, hi in bullets:
        bullet = _BULLET_RE.match(ctx.clean[lo:hi])
        body_start = lo + (bullet.end() if bullet else 0)
        mode_reqs, mode_effects = _body(ctx, body_start, hi)
        plain = tuple(e for e in mode_effects if not isinstance(e, n.Modal))
        modes.append(n.Mode(mode_reqs, plain, ctx.text[lo:hi].strip(), (lo, hi)))
    return reqs, (*pre_effects, n.Modal(counts[0], counts[1], tuple(modes)))


def parse_fab(text: str, name: str | None = None, type_line: str | None = None) -> n.CardText:
    """Parse one card's Flesh and Blood functional text (fab:2.12.3) into typed nodes."""
    check_text_args(text, name, type_line)
    personal = type_line is not None and "hero" in type_line.lower()
    clean = preprocess(text, name, personal=personal)
    ctx = TextContext(text, clean)
    abilities: list[n.Ability] = []
    lines = text_lines(text, skip=("//",))
    i = 0
    while i < len(lines):
        lo, hi = lines[i]
        raw = text[lo:hi]
        i += 1
        if not clean[lo:hi].strip():
            continue  # a line of reminder text only: no ability (fab:2.12.3)
        if _KEYWORD_LINE_RE.match(_REMINDER_RE.sub("", raw).strip()):
            abilities.extend(_keywords(ctx, lo, hi))
            continue
        bare = _REMINDER_RE.sub("", raw).strip().rstrip(".")
        if bare and "**" not in bare and "(" not in raw and keyword_line("fab", bare):
            # keywords written without the bold of the printed card ("Go again")
            abilities.extend(_keywords(ctx, lo, hi, _PLAIN_KEYWORD_RE))
            continue
        bullets: list[tuple[int, int]] = []
        modal = _MODAL_RE.search(clean[lo:hi])
        if modal:
            while i < len(lines) and _BULLET_RE.match(clean[lines[i][0] : lines[i][1]]):
                bullets.append(lines[i])
                i += 1
            if not bullets:
                modal = None
        full = (lo, bullets[-1][1] if bullets else hi)
        whole = text[full[0] : full[1]]
        activated = _ACTIVATED_RE.match(raw)
        colon = find_colon(clean[lo + activated.end() : hi]) if activated else -1
        body_lo = lo
        cost: n.Cost | None = None
        if activated and colon >= 0:
            cost_lo = lo + activated.end()
            cost_text = " ".join(clean[cost_lo : cost_lo + colon].split())
            _check_no_target(ctx, cost_lo, cost_lo + colon, "target in a cost")
            parts = tuple(p.strip() for p in cost_text.split(","))
            cost = n.Cost(parts, f"{activated.group(1)} - {cost_text}")
            body_lo = cost_lo + colon + 1
        else:
            labelled = _LABEL_RE.match(raw)
            if labelled:
                body_lo = lo + labelled.end()
        while body_lo < hi and clean[body_lo].isspace():
            body_lo += 1
        trigger_match = None if cost else _TRIGGER_RE.match(clean[body_lo:hi])
        trigger = None
        if trigger_match is not None:
            trigger = _trigger(trigger_match)
            cond_end = body_lo + trigger_match.end()
            _check_no_target(ctx, body_lo, cond_end, "target in a trigger condition")
            body_lo = cond_end
        if modal:
            head_end = lo + modal.start()
            counts = _modal_counts(modal.group(1), clean[body_lo:hi])
            reqs, effects = _modal(ctx, (body_lo, max(body_lo, head_end)), bullets, counts)
        else:
            reqs, effects = _body(ctx, body_lo, hi)
        if cost is not None:
            abilities.append(n.ActivatedAbility(cost, reqs, effects, whole, full))
        elif trigger is not None:
            abilities.append(n.TriggeredAbility(trigger, reqs, effects, whole, full))
        elif _is_spell(type_line, effects) and not _defines_values(effects):
            abilities.append(n.SpellAbility(reqs, effects, whole, full))
        else:
            plain = tuple(e for e in effects if not isinstance(e, n.Modal))
            abilities.append(n.StaticAbility(whole, full, reqs, plain))
    return n.CardText("fab", text, tuple(abilities), tuple(ctx.unsupported), name)


@lru_cache(maxsize=8192)
def parse_cached(name: str, type_line: str, text: str) -> n.CardText:
    """:func:`parse_fab`, once per (name, type line, text): a card's three pitch versions
    usually share all three."""
    return parse_fab(text, name, type_line)


__all__ = [
    "ANY_TARGET",
    "ANY_TARGET_KINDS",
    "parse_cached",
    "parse_fab",
    "parser",
    "preprocess",
]
