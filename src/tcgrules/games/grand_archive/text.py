"""Grand Archive card text → :class:`~tcgrules.cardtext.nodes.CardText`.

The shape follows the Magic and Flesh and Blood readers and shares their parser
machinery (:mod:`tcgrules.cardtext.grammar`, :mod:`tcgrules.cardtext.build`): plain
Python does the line-level work, the LALR grammar ``grammar/ga.lark`` reads sentences.

- Preprocessing keeps the text's length, so every span points into the text as given:
  reminder text is blanked (it has no effect on play, ga:parts-of-a-card-text-box/2.2)
  and the card's own name, and a champion's name before its title, become ``~``
  (ga:objects-and-targeting/objects-5, ga:parts-of-a-card-text-box/5).
- Each line is one ability (ga:abilities/general-rules-8). Restrictions in brackets
  before it ("[Class Bonus]", "[Level 2+]", "[Alice Bonus]", ...) and "As a Spell" are
  kept as :class:`~tcgrules.cardtext.nodes.Qualifier` nodes
  (ga:abilities-restriction-abilities/general-rules-1, ga:abilities/general-rules-17).
- Lines are sorted into keyword lines ("Spellshroud", "Ranged 2", "Ally Link": a
  Link keyword targets the object it links to, ga:keywords-and-abilities/link-3),
  activated abilities "[Cost]: [Effect]"
  (ga:abilities-activated-abilities/general-rules-5), triggered abilities ("On Enter:",
  "On Death:", ... the glossary's conditions of games/grand_archive/triggers.py, and
  "When", "Whenever", "At", ga:abilities-triggered-abilities/general-rules-2), modal ones
  ("Choose one—" and its bullets) and the rest: the resolution of an action card or
  the static text of anything else.
- Each sentence is parsed by the grammar; when the effect grammar does not read it, its
  target phrases are still found (the longest prefix that parses as a target phrase)
  and the sentence is kept as an unsupported effect. A target phrase that cannot be
  read is kept as :class:`~tcgrules.cardtext.nodes.Unsupported` whose reason starts
  with "target", which is what the coverage report counts.
- "choose a unit and deal 2 damage to it" chooses at resolution and does not target
  (ga:objects-and-targeting/target-4): the effect refers to a
  :class:`~tcgrules.cardtext.nodes.Chosen` and the ability has no requirement for it.
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
    blank_reminders,
    check_text_args,
    find_colon,
    flag_targets,
    index_drafts,
    outside_quotes,
    resolve_refs,
    self_names,
    sentences,
    share_zones,
    text_lines,
)
from tcgrules.cardtext.grammar import (
    declared_by_neighbours,
    load_grammar,
    parse_tokens,
    scan_target_phrases,
)
from tcgrules.games.grand_archive.conditions import total_reserve_cost
from tcgrules.games.grand_archive.static_grants import read_group_grant
from tcgrules.games.grand_archive.text_build import DEFAULT_ZONE, build
from tcgrules.games.grand_archive.text_lexer import tokenize
from tcgrules.games.grand_archive.triggers import on_event
from tcgrules.games.grand_archive.vocabulary import parse_type_line
from tcgrules.kernel import descriptors as d

GRAMMAR_PACKAGE = "tcgrules.games.grand_archive.grammar"
_STARTS = ("target_ref", "sentence")  # the grammar's start symbols


def parser() -> Lark:
    """The Grand Archive text parser (built once per process)."""
    return load_grammar(GRAMMAR_PACKAGE, "ga.lark", _STARTS)


# ----------------------------------------------------------------------- preprocessing

_QUOTES = str.maketrans({"\u2019": "'", "\u2018": "'", "\u201c": '"', "\u201d": '"'})


def preprocess(text: str, name: str | None) -> str:
    """Same-length text: curly quotes made straight, reminder text blanked
    (ga:parts-of-a-card-text-box/2.2), the card's own name as ``~`` (objects-5) and a
    champion's name before its title too (ga:parts-of-a-card-text-box/5)."""
    return self_names(blank_reminders(text.translate(_QUOTES)), name)


# ----------------------------------------------------------------------- target scanning

#: words after which "target" does not declare a target: "the target of", "new
#: targets", "its target", "can target", "a valid unit ... as the target defender"
_NOT_DECLARING_BEFORE = frozenset(
    {
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
        "can't",
        "cannot",
        "valid",
        "~",
    }
)
#: unknown words after "target" that show it is not a target declaration ("a target
#: defender" of an attack, "exactly one target for its activation")
_NOT_A_DESCRIPTION = frozenset({"for", "defender", "defenders"})
_QUANT_START = frozenset({"UP", "NUMBER", "NUMWORD", "X", "LV", "ANOTHER", "TARGET", "EACH", "ANY"})
_QUALIFIER = frozenset({"WITH", "WITHOUT", "THAT", "NAMED"})
_ZONE_WORDS = frozenset({"GRAVEYARD", "BANISHMENT", "HAND", "MEMORY", "DECK", "LINEAGE"})
_LIST_GOES_ON = frozenset({"TYPE", "SUBTYPE", "SUPERTYPE", "UNIT", "OBJECT", "CARD"})


def declares_target(tokens: list[Token], i: int) -> bool:
    """Whether ``tokens[i]`` ("target"/"targets") declares a target
    (ga:objects-and-targeting/target-1): "target DESCRIPTION", not "the target of an
    attack", "new targets", "an activation that targets ...", "can't be targeted"."""
    prev = tokens[i - 1] if i else None
    nxt = tokens[i + 1] if i + 1 < len(tokens) else None
    if nxt is None:
        return False
    settled = declared_by_neighbours(tokens, i, {"NUMBER", "NUMWORD", "X"})
    if settled is not None:
        return settled
    if prev is not None and prev.lower() in _NOT_DECLARING_BEFORE:
        return False
    return not (nxt.type == "WORD" and nxt.lower() in _NOT_A_DESCRIPTION)


def _left_unread(tokens: list[Token], end: int) -> str | None:
    """Why the words right after a phrase show it was not read whole, or None."""
    if end >= len(tokens):
        return None
    tok = tokens[end]
    after = tokens[end + 1] if end + 1 < len(tokens) else None
    if tok.type in _QUALIFIER:
        if tok.type == "THAT" and after is not None and after.type not in {"TARGETS", "ENTERED"}:
            return None  # "that" starting the next clause ("... target unit that turn")
        return "target qualifier not understood"
    if tok.type in {"IN", "FROM"} and after is not None:
        following = tokens[end + 1 : end + 5]
        if any(t.type in _ZONE_WORDS for t in following):
            return "target zone not understood"
    if tok.type in {"OR", "ANDOR"} or (
        tok.type == "COMMA" and after is not None and after.type in _LIST_GOES_ON | {"OR"}
    ):
        return "target list not understood"
    return None


def scan_targets(
    tokens: list[Token], text: str, problems: list[tuple[int, int, str]]
) -> list[Draft]:
    """Every declared target phrase in ``tokens`` (a sentence), as drafts."""
    return scan_target_phrases(
        tokens,
        parser(),
        problems,
        quantifiers=_QUANT_START,
        lookback=5,
        declares=declares_target,
        build=lambda tree: build(tree, text)[0],
        left_unread=_left_unread,
    )


# ----------------------------------------------------------------------- sentences


def _granted(ctx: TextContext, lo: int, hi: int, span: tuple[int, int]) -> n.GrantAbility:
    """A quoted ability read on its own (its trigger, targets and effects)."""
    head = _head(ctx, lo, hi)
    reqs, effects = _body(ctx, head.body, hi)
    plain = tuple(e for e in effects if not isinstance(e, n.Modal))
    return n.GrantAbility(None, reqs, plain, head.trigger, ctx.text[span[0] : span[1]], span)


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
            drafts.extend(new)
            effects.extend(value)
            continue
        lo = sentence[0].start_pos or 0
        hi = sentence[-1].end_pos or lo
        problems: list[tuple[int, int, str]] = []
        drafts.extend(scan_targets(outer, ctx.clean, problems))
        for p_start, p_end, reason in problems:
            ctx.add(p_start, p_end, reason)
        effects.extend(quoted.values())
        effects.append(n.UnsupportedEffect(ctx.phrase(lo, hi), (lo, hi)))
        ctx.add(lo, hi, "effect not understood")
    return drafts, effects


def _check_no_target(ctx: TextContext, start: int, end: int, reason: str) -> None:
    """Flag declared targets in text that is not an ability body (a cost, a trigger)."""
    flag_targets(ctx, tokenize(ctx.clean, start, end), declares_target, (start, end), reason)


def finalize(
    ctx: TextContext, drafts: list[Draft], effects: list[Any]
) -> tuple[tuple[d.TargetRequirement, ...], tuple[Any, ...]]:
    """Index drafts in text order and resolve references to target slots.

    "another target ally" after a target ally must be a different one (targets of one
    effect are unique anyway, ga:objects-and-targeting/target-1.1); with no earlier
    phrase of its kind it is an ally other than the object the text is on.
    """
    drafts.sort(key=lambda x: x.span[0])
    share_zones(ctx.clean, drafts, DEFAULT_ZONE)
    requirements = index_drafts(ctx.text, drafts)
    return tuple(requirements), tuple(resolve_refs(e) for e in effects)


def _body(ctx: TextContext, start: int, end: int) -> tuple[tuple[Any, ...], tuple[Any, ...]]:
    """Requirements and effects of an ability body."""
    drafts, effects = parse_effects(ctx, start, end)
    reqs, done = finalize(ctx, drafts, effects)
    return tuple(_with_totals(r) for r in reqs), done


def _with_totals(req: Any) -> Any:
    """A requirement whose phrase adds up the targets' reserve costs ("up to three
    target ... with total reserve cost 4 or less") tests them together."""
    if not isinstance(req, d.TargetRequirement):
        return req
    descriptor, test = total_reserve_cost(req.descriptor)
    if test is None:
        return req
    return replace(req, descriptor=descriptor, together=(*req.together, test))


# ----------------------------------------------------------------------- abilities

#: "[Class Bonus]", "[Level 2+]", "[Alice Bonus]", "[Sheen 24+]", and "Class Bonus:"
_QUALIFIER_RE = re.compile(r"\s*(?:\[([^\]]+)\]|(Class Bonus)\s*:)\s*")
_THRESHOLD_RE = re.compile(r"^(Level|Sheen|Memory|Damage|Deluge)\s+(\d+)\+$", re.IGNORECASE)
_AS_SPELL_RE = re.compile(r"As a Spell\s*,\s*", re.IGNORECASE)
#: "On Enter:", "On Champion Hit:", "On Charge 3:" (ga:keywords-and-abilities/on-enter-1 ...)
_ON_RE = re.compile(r"On ((?:[A-Z][a-z]+ )?[A-Z][a-z]+(?: \d+)?)\s*:\s*")
_WHEN_RE = re.compile(r"(When|Whenever|At)\b\s*([^,\"]*?),\s*")
#: a label before a long dash ("Inherited Effect —", "Balance —", "Lineage Release —")
_LABEL_RE = re.compile(r"([A-Z][\w' ]*?(?: \d+)?)\s*[\u2014\u2013]\s*(?=\S)")
_MODAL_RE = re.compile(
    r"(?i)\bchoose (one or both|one that hasn't been chosen|one|two|three|up to two|"
    r"that many)(?: instead)?\s*[\u2014\u2013:.-]?\s*$"
)
_BULLET_RE = re.compile(r"^[\u2022*-]\s*")
_COUNTS = {
    "one": (1, 1),
    "two": (2, 2),
    "three": (3, 3),
    "one or both": (1, 2),
    "up to two": (1, 2),
}
_TRIGGER_WORDS: dict[str, Literal["when", "whenever", "at"]] = {
    "when": "when",
    "whenever": "whenever",
    "at": "at",
}

#: keyword abilities of the glossary (ga:keywords-and-abilities), lower-case, without
#: their number; "X Link" and "X Lineage" are read apart
GA_KEYWORDS = frozenset(
    {
        "aenean progression",
        "aethercalling",
        "agility",
        "ambush",
        "brew",
        "bulwark",
        "cascade",
        "cleave",
        "critical",
        "command",
        "commanded will",
        "divine relic",
        "efficiency",
        "elysian aura",
        "empower",
        "ephemerate",
        "fast activation",
        "first boon",
        "floating memory",
        "foster",
        "hindered",
        "interdiction",
        "imbue",
        "advanced imbue",
        "immortality",
        "intercept",
        "kindle",
        "level locked",
        "class locked",
        "multistrike",
        "omnishroud",
        "prepare",
        "preserve",
        "pride",
        "ranged",
        "renewable",
        "reservable",
        "retort",
        "spellshroud",
        "starcalling",
        "steadfast",
        "stealth",
        "taunt",
        "true sight",
        "unblockable",
        "vigor",
        "scavenge",
    }
)
_KEYWORD_RE = re.compile(
    r"^(?P<name>(?:~|[A-Za-z])[A-Za-z' ]*?)(?:\s+(?P<num>\d+|X))?"
    r"(?:\s*[\u2014\u2013]\s*(?P<cost>\([^()]*\)))?\s*\.?$"
)


class _Head:
    """What comes before an ability's effect text: qualifiers, a cost, a trigger."""

    def __init__(self, body: int) -> None:
        self.body = body
        self.qualifiers: list[n.Qualifier] = []
        self.cost: n.Cost | None = None
        self.trigger: n.Trigger | None = None


def _qualifier(ctx: TextContext, inner: str, span: tuple[int, int]) -> n.Qualifier:
    words = " ".join(inner.split())
    text = ctx.text[span[0] : span[1]].strip()
    threshold = _THRESHOLD_RE.match(words)
    if threshold:
        return n.Qualifier(threshold.group(1).lower(), threshold.group(2), text, span)
    if words.lower() == "class bonus":
        return n.Qualifier("class_bonus", None, text, span)
    if words.lower() == "element bonus":
        return n.Qualifier("element_bonus", None, text, span)
    if words.endswith(" Bonus"):
        return n.Qualifier("champion_bonus", words.removesuffix(" Bonus"), text, span)
    return n.Qualifier("other", words, text, span)


def _skip_space(ctx: TextContext, pos: int, end: int) -> int:
    while pos < end and ctx.clean[pos].isspace():
        pos += 1
    return pos


def _head(ctx: TextContext, lo: int, hi: int) -> _Head:
    """Read the qualifiers, label, cost and trigger at the start of ``clean[lo:hi]``."""
    head = _Head(_skip_space(ctx, lo, hi))
    pos = head.body
    while True:
        match = _QUALIFIER_RE.match(ctx.clean, pos, hi)
        if match is None:
            break
        inner = match.group(1) or match.group(2)
        head.qualifiers.append(_qualifier(ctx, inner, (match.start(), match.end())))
        pos = _skip_space(ctx, match.end(), hi)
    label = _LABEL_RE.match(ctx.clean, pos, hi)
    if label is not None:
        pos = _skip_space(ctx, label.end(), hi)
    on = _ON_RE.match(ctx.clean, pos, hi)
    when = None if on else _WHEN_RE.match(ctx.clean, pos, hi)
    if on is not None:
        # the glossary's conditions (games/grand_archive/triggers.py); another "On X" is
        # kept as a condition not understood
        key = on_event(on.group(1))
        if key is None:
            ctx.add(on.start(), on.end(), f"trigger condition 'On {on.group(1)}' not understood")
        head.trigger = n.Trigger("when", key or "other", n.Self(), f"On {on.group(1)}")
        pos = _skip_space(ctx, on.end(), hi)
    elif when is not None:
        word = _TRIGGER_WORDS[when.group(1).lower()]
        condition = " ".join(when.group(2).split())
        _check_no_target(ctx, pos, when.end(), "target in a trigger condition")
        head.trigger = n.Trigger(
            word, "step" if word == "at" else "other", None, f"{when.group(1)} {condition}"
        )
        pos = _skip_space(ctx, when.end(), hi)
    else:
        colon = find_colon(ctx.clean[pos:hi])
        if colon > 0 and "." not in ctx.clean[pos : pos + colon]:
            cost_text = " ".join(ctx.clean[pos : pos + colon].split())
            _check_no_target(ctx, pos, pos + colon, "target in a cost")
            head.cost = n.Cost(tuple(p.strip() for p in cost_text.split(",")), cost_text)
            pos = _skip_space(ctx, pos + colon + 1, hi)
    as_spell = _AS_SPELL_RE.match(ctx.clean, pos, hi)
    if as_spell is not None:
        span = (as_spell.start(), as_spell.end())
        head.qualifiers.append(
            n.Qualifier("as_spell", None, ctx.text[span[0] : span[1]].strip(" ,"), span)
        )
        pos = _skip_space(ctx, as_spell.end(), hi)
    head.body = pos
    return head


def _keywords(ctx: TextContext, lo: int, hi: int) -> list[n.KeywordAbility] | None:
    """A line of keyword abilities ("Spellshroud", "Ranged 2", "Ephemerate — (2)",
    "Ally Link"), or None if the line is not one."""
    line = ctx.clean[lo:hi].rstrip()
    found: list[n.KeywordAbility] = []
    pos = lo
    for piece in line.split(","):
        start = pos + len(piece) - len(piece.lstrip())
        end = pos + len(piece.rstrip())
        pos += len(piece) + 1
        match = _KEYWORD_RE.match(piece.strip())
        if match is None:
            return None
        name = " ".join(match.group("name").split())
        low = name.lower()
        argument = match.group("num") or match.group("cost")
        requirements: tuple[d.TargetRequirement, ...] = ()
        if low.endswith((" link", " link shield")) or low in {"link", "link shield"}:
            linked = _link_requirements(ctx, name, (start, end))
            if linked is None:
                return None
            requirements = linked
        elif low.endswith(" lineage") and low != "lineage":
            # "Rai Lineage": leveled only from a "Rai" champion (ga:keywords-and-abilities/
            # lineage-keyword-1); the name is the original text's, not "~"
            argument = " ".join(ctx.text[start : end - len(" lineage")].split())
            if not all(word[:1].isupper() for word in argument.split()):
                return None  # a sentence ("... in an inner lineage."), not the keyword
            low = "lineage"
        elif low not in GA_KEYWORDS:
            return None
        keyword = low if not low.endswith(" link") else "link"
        if low.endswith(" link shield"):
            keyword = "link shield"
        span = (start, end)
        found.append(n.KeywordAbility(keyword, argument, requirements, ctx.text[start:end], span))
    return found


def _link_requirements(
    ctx: TextContext, name: str, span: tuple[int, int]
) -> tuple[d.TargetRequirement, ...] | None:
    """ "Ally Link": the object is linked to a target object of the words before "Link"
    (ga:keywords-and-abilities/link-1.2), declared as it is put on the Effects Stack
    (ga:keywords-and-abilities/link-3); plain "Link" links to any target object."""
    words = re.sub(r"\s*Link(?: Shield)?$", "", name)
    phrase = f"target {words or 'object'}"
    tokens = tokenize(phrase)
    problems: list[tuple[int, int, str]] = []
    drafts = scan_targets(tokens, phrase, problems)
    if problems or len(drafts) != 1 or drafts[0].span[1] != len(phrase):
        return None
    draft = drafts[0]
    return (
        d.TargetRequirement(
            draft.descriptor,
            1,
            1,
            draft.kinds,
            draft.zone,
            False,
            (),
            ctx.text[span[0] : span[1]],
            span,
        ),
    )


#: an inline restriction after a full stop starts a new part of the line ("... turn.
#: Class Bonus: Put a durability counter on it."):
#: ga:abilities-restriction-abilities/general-rules-5
_INLINE_RE = re.compile(r"(?<=[.!])\s+(?=\[[^\]]+\]|Class Bonus\s*:)")


def _inline_parts(clean: str, line: tuple[int, int]) -> list[tuple[int, int]]:
    """A line split before each inline restriction: each part is read as an ability."""
    lo, hi = line
    cuts = [m.end() for m in _INLINE_RE.finditer(clean, lo, hi)]
    starts = [lo, *cuts]
    ends = [*(c for c in cuts), hi]
    return [
        (a, len(clean[:b].rstrip()) if b != hi else b) for a, b in zip(starts, ends, strict=True)
    ]


def _is_spell(type_line: str | None) -> bool:
    """Whether the text is the resolution of an action card (ga:abilities/general-rules-5.1:
    an action's abilities work on the Effects Stack)."""
    if type_line is None:
        return False
    return "action" in {t.lower() for t in parse_type_line(type_line).types}


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
        sub = _head(ctx, lo + (bullet.end() if bullet else 0), hi)
        mode_reqs, mode_effects = _body(ctx, sub.body, hi)
        plain = tuple(e for e in mode_effects if not isinstance(e, n.Modal))
        modes.append(n.Mode(mode_reqs, plain, ctx.text[lo:hi].strip(), (lo, hi)))
    return reqs, (*pre_effects, n.Modal(counts[0], counts[1], tuple(modes)))


def _ability(
    ctx: TextContext,
    head: _Head,
    full: tuple[int, int],
    body: tuple[Any, Any],
    type_line: str | None,
) -> n.Ability:
    """The ability a line's head and body make: activated with a cost, triggered with a
    trigger, else an action card's resolution or a static ability."""
    reqs, effects = body
    whole = ctx.text[full[0] : full[1]]
    qualifiers = tuple(head.qualifiers)
    if head.cost is not None:
        return n.ActivatedAbility(head.cost, reqs, effects, whole, full, qualifiers)
    if head.trigger is not None:
        return n.TriggeredAbility(head.trigger, reqs, effects, whole, full, qualifiers)
    if _is_spell(type_line):
        return n.SpellAbility(reqs, effects, whole, full, qualifiers)
    plain = tuple(e for e in effects if not isinstance(e, n.Modal))
    return n.StaticAbility(whole, full, reqs, plain, qualifiers)


#: "Activate this ability only once per turn." after an activated ability's effect
_ACTIVATE_ONLY_RE = re.compile(r"(?:(?<=[.!])|^)\s*Activate this ability only ([^.]+)\.?\s*$", re.I)


def _activate_only(ctx: TextContext, head: _Head, hi: int) -> int:
    """Where an activated ability's effect ends: before a restriction written after it
    ("Activate this ability only at slow speed.",
    ga:abilities-activated-abilities/general-rules-5), which is kept as a qualifier of
    kind ``activate_only`` (its words the value) and is not an effect."""
    if head.cost is None:
        return hi
    found = _ACTIVATE_ONLY_RE.search(ctx.clean, head.body, hi)
    if found is None:
        return hi
    span = (found.start(1) - len("Activate this ability only "), found.end())
    words = " ".join(found.group(1).split())
    text = ctx.text[span[0] : span[1]].strip()
    head.qualifiers.append(n.Qualifier("activate_only", words, text, span))
    return found.start()


#: "This card costs 2 less to activate", with a condition before ("As long as ...,",
#: "If ...,") or after it ("if it targets ...", "for each ...", "as long as ...")
_COST_CHANGE_RE = re.compile(
    r"(?:(?P<pre>(?:as long as|if) [^,.]+),\s*)?this card costs (?P<n>\d+|X) "
    r"(?P<dir>less|more) to (?P<act>activate|materialize)(?P<post>[^.]*)\.?\s*$",
    re.IGNORECASE,
)


def _cost_change(ctx: TextContext, head: _Head, hi: int) -> n.StaticAbility | None:
    """A line that changes the card's own cost as it is played (a cost modifier,
    ga:parts-of-a-card-cost/6): a static ability, not an effect of resolution
    (ga:playing-cards-resolution/general-rules-2), or None if the line is not one."""
    if head.cost is not None or head.trigger is not None:
        return None
    match = _COST_CHANGE_RE.match(ctx.clean, head.body, hi)
    if match is None:
        return None
    amount: int | str = int(match["n"]) if match["n"].isdigit() else match["n"].upper()
    words = " ".join((match["pre"] or match["post"].strip(" ,")).split())
    lo = min([head.body, *(q.span[0] for q in head.qualifiers if q.span is not None)])
    change = n.SelfCostChange(
        amount, match["dir"].lower() == "less", match["act"].lower(), words or None
    )
    return n.StaticAbility(ctx.text[lo:hi].strip(), (lo, hi), (), (change,), tuple(head.qualifiers))


def parse_ga(text: str, name: str | None = None, type_line: str | None = None) -> n.CardText:
    """Parse one Grand Archive card's text into typed nodes."""
    check_text_args(text, name, type_line)
    clean = preprocess(text, name)
    ctx = TextContext(text, clean)
    abilities: list[n.Ability] = []
    lines = [part for line in text_lines(clean) for part in _inline_parts(clean, line)]
    i = 0
    while i < len(lines):
        lo, hi = lines[i]
        i += 1
        head = _head(ctx, lo, hi)
        if head.cost is None and head.trigger is None and not head.qualifiers:
            grant = read_group_grant(clean[lo:hi], text[lo:hi], (lo, hi))
            if grant is not None:
                abilities.append(grant)
                continue
        if head.cost is None and head.trigger is None:
            keywords = _keywords(ctx, head.body, hi)
            if keywords is not None:
                qualifiers = tuple(head.qualifiers)
                abilities.extend(replace(k, qualifiers=qualifiers) for k in keywords)
                continue
        bullets: list[tuple[int, int]] = []
        modal = _MODAL_RE.search(clean[lo:hi])
        if modal:
            while i < len(lines) and _BULLET_RE.match(clean[lines[i][0] : lines[i][1]]):
                bullets.append(lines[i])
                i += 1
        full = (lo, bullets[-1][1] if bullets else hi)
        change = _cost_change(ctx, head, hi)
        if change is not None:
            abilities.append(change)
            continue
        if modal and bullets:
            head_end = max(head.body, lo + modal.start())
            counts = _COUNTS.get(modal.group(1).lower(), (1, 1))
            reqs, effects = _modal(ctx, (head.body, head_end), bullets, counts)
        else:
            reqs, effects = _body(ctx, head.body, _activate_only(ctx, head, hi))
        abilities.append(_ability(ctx, head, full, (reqs, effects), type_line))
    return n.CardText("ga", text, tuple(abilities), tuple(ctx.unsupported), name)


@lru_cache(maxsize=4096)
def parse_cached(name: str, type_line: str, text: str) -> n.CardText:
    """:func:`parse_ga`, once per (name, type line, text)."""
    return parse_ga(text, name, type_line)


__all__ = ["declares_target", "parse_cached", "parse_ga", "parser", "preprocess"]
