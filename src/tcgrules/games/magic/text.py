"""Magic card text → :class:`~tcgrules.cardtext.nodes.CardText`.

Plain Python does the cheap, line-level work: reminder text is blanked (it has
no rules meaning, mtg:207.2), self-references become ``~`` (mtg:201.5), lines
are sorted into keyword, activated (mtg:602.1), triggered (mtg:603.1), modal
(mtg:700.2), spell and static abilities, and split into sentences. Each sentence
is then parsed by the LALR grammar ``grammar/magic.lark``; when a sentence is not
one the effect grammar reads, its target phrases are still found (the longest
prefix that parses as a target phrase) and the sentence is kept as
:class:`~tcgrules.cardtext.nodes.UnsupportedEffect`. Preprocessing keeps the
text's length, so every span points into the text as given.
"""

from __future__ import annotations

import json
import re
from dataclasses import replace
from functools import cache, partial
from importlib import resources
from typing import Any, Literal

from lark import Lark, Token
from lark.exceptions import VisitError

from tcgrules.cardtext import nodes as n
from tcgrules.cardtext.build import (
    Draft,
    SpanMemo,
    TextContext,
    find_colon,
    index_drafts,
    outside_quotes,
    resolve_refs,
    sentences,
    shift_spans,
    text_lines,
)
from tcgrules.cardtext.grammar import (
    declared_by_neighbours,
    load_grammar,
    longest_prefix,
    parse_tokens,
    problem_span,
    scan_target_phrases,
    transform,
)
from tcgrules.games.magic.cast_options import CONDITION_OPTIONS
from tcgrules.games.magic.text_build import (
    ANY_TARGET,
    ANY_TARGET_KINDS,
    CopyException,
    MagicBuilder,
    NoRegeneration,
    build,
)
from tcgrules.games.magic.text_build_amounts import granted_amounts
from tcgrules.games.magic.text_build_chance import results_table
from tcgrules.games.magic.text_build_combat import settle_combat_it
from tcgrules.games.magic.text_build_compound import list_commas
from tcgrules.games.magic.text_build_copies2 import (
    fold_chain_copy,
    made_copies,
    with_new_targets,
)
from tcgrules.games.magic.text_build_damage import trigger_references
from tcgrules.games.magic.text_build_grants import TokenHas, fold_token_has
from tcgrules.games.magic.text_build_m2 import self_references
from tcgrules.games.magic.text_build_moved_objects import (
    moved_elsewhere_refused,
    sacrificed_that_creature,
    that_card_moved,
)
from tcgrules.games.magic.text_build_q3 import settle_that_many
from tcgrules.games.magic.text_build_q7 import fold_copier_new_targets, max_speed
from tcgrules.games.magic.text_build_r6 import DASH_KEYWORDS, dash_keyword
from tcgrules.games.magic.text_build_s2 import moved_lead
from tcgrules.games.magic.text_build_stats import StillA, fold_still
from tcgrules.games.magic.text_build_target_conditions import settle_lesser
from tcgrules.games.magic.text_build_targeting_rules import fold_instead_if_target
from tcgrules.games.magic.text_build_tokens import it_after_token
from tcgrules.games.magic.text_build_u4 import with_copy_exceptions
from tcgrules.games.magic.text_build_w8 import fold_copy_targets, fold_each_copy
from tcgrules.games.magic.text_build_x6 import next_cast_copies
from tcgrules.games.magic.text_build_y4 import copies_without_copy
from tcgrules.games.magic.text_build_zones import merge_hand_choice
from tcgrules.games.magic.text_lexer import classify, subtypes, tokenize
from tcgrules.games.magic.text_not_read import NotRead
from tcgrules.kernel import descriptors as d

GRAMMAR_PACKAGE = "tcgrules.games.magic.grammar"
_STARTS = ("target_ref", "sentence", "nominal", "rider", "y1_condition")  # start symbols


def parser() -> Lark:
    """The Magic text parser (built once per process)."""
    return load_grammar(GRAMMAR_PACKAGE, "magic.lark", _STARTS)


@cache
def keyword_names() -> frozenset[str]:
    """Keyword ability names, lower-case (mtg:702.2-702.19x)."""
    data = resources.files(GRAMMAR_PACKAGE).joinpath("keywords.json").read_text()
    names: list[str] = json.loads(data)
    # multikicker: a variant of kicker (mtg:702.33c), not in the rules' list
    return frozenset(names) | {"protection", "hexproof", "landwalk", "first strike", "multikicker"}


# ----------------------------------------------------------------------- preprocessing

_SELF_WORDS = (
    "creature|permanent|artifact|enchantment|land|planeswalker|battle|spell|card|Aura|"
    "Equipment|Vehicle|Saga|Class|Case|Room|Siege|token|Fortification|Curse|Shrine|"
    "Background|Role|Attraction|Contraption|Food|Clue|Treasure|Mount|Spacecraft|Planet|emblem"
)
_THIS_RE = re.compile(rf"\b[Tt]his (?:{_SELF_WORDS})\b")
_REMINDER_RE = re.compile(r"\([^()]*\)")


def _pad(match: re.Match[str]) -> str:
    return "~" + " " * (len(match.group()) - 1)


def preprocess(text: str, name: str | None, *, legendary: bool = False) -> str:
    """Same-length text with reminder text blanked and self-references as ``~``
    (``legendary``: the card is legendary, whose text may call it by its first name)."""
    text = text.replace("\u2019", "'").replace("\u2212", "-")
    # words in square brackets are part of the text until something removes them
    # (cleave, mtg:702.148a): read as written, without the brackets
    text = text.replace("[", " ").replace("]", " ")
    text = _REMINDER_RE.sub(lambda m: " " * len(m.group()), text)
    if name:
        # the full name, and the short name a legend's text may use ("Kiora" for "Kiora,
        # Master of the Depths", "Sorin" of "Sorin the Mirthless" though it is a planeswalker
        # type); a first word that is another subtype ("Knight" of "Knight of the Mists")
        # stays a subtype: "target Knight" is not the card itself
        names = [name]
        first = name.split(" ")[0]
        kind = subtypes().get(first.lower())
        if "," in name:
            names.append(name.split(",")[0])
        else:
            # "Tor Wauki" of "Tor Wauki the Younger" (helper W5), then the first word
            short = _SHORT_CUT.split(name)[0]
            if short != name and " " in short:
                names.append(short)
            if short != name and kind in {None, "planeswalker"}:
                names.append(first)
        for each in names:
            if len(each) >= 3 and classify(each, first=False) in {"WORD", "SUBTYPE"}:
                text = _pad_word(text, each)
        # the first word of a legend's name ("Hurska" of "Hurska Sweet-Tooth") or a
        # planeswalker's type ("Ajani" of "Ajani Vengeant") alone (helper W5)
        if (
            len(names) == 1
            and " " in name
            and (kind == "planeswalker" or (kind is None and legendary))
            and len(first) >= 3
            and classify(first, first=False) in {"WORD", "SUBTYPE"}
        ):
            # after the full name: only where the word stands alone, not "Marit Lage"
            # (another legend, named by Marit Lage's Slumber) nor "Space sculptor" (a
            # keyword)
            text = _FIRST_NAME_RE.sub(
                lambda m: _first_name(m, first), text.replace(first, "\0")
            ).replace("\0", first)
        if legendary:
            text = _PRONOUN_RE.sub(_pronoun, text)
    return _THIS_RE.sub(_pad, text)


_FIRST_NAME_RE = re.compile(r"(?<![\w'])\0(?!\w)( [A-Za-z]+)?")


def _first_name(match: re.Match[str], first: str) -> str:
    """A legend's first name (a marked occurrence) as ``~`` where it stands alone."""
    after = match.group(1) or ""
    word = after[1:]
    if (word[:1].isupper() and word != "~") or f"{first} {word}".lower() in keyword_names():
        return first + after
    return "~" + " " * (len(first) - 1) + after


#: "he"/"she"/"him"/"his"/"her" on a legend: the character, the card itself (helper W5;
#: "Liliana's Defeat" is no legend, and its "her" is another permanent); read as "~" and
#: "~'s", same length ("her" is "~'s" before what it owns or has)
_PRONOUN_RE = re.compile(r"\b(?:[Hh]e|[Ss]he|[Hh]im|[Hh]is|[Hh]er)\b")
_OWNED_RE = re.compile(r" (?:owner|controller|power|toughness|loyalty|name)\b")


def _pronoun(match: re.Match[str]) -> str:
    low = match.group().lower()
    owned = low == "his" or (low == "her" and _OWNED_RE.match(match.string, match.end()))
    return ("~'s" if owned else "~").ljust(len(low))


def _pad_word(text: str, word: str) -> str:
    """``text`` with each whole-word ``word`` as ``~`` and spaces (what ``re.sub`` with
    ``\\b`` around it would do, without compiling a pattern per card name)."""
    at = text.find(word)
    if at < 0:
        return text
    out: list[str] = []
    done = 0
    size = len(word)
    while at >= 0:
        end = at + size
        before = text[at - 1] if at else " "
        after = text[end] if end < len(text) else " "
        if not _joins(before, word[0]) and not _joins(after, word[-1]):
            out.append(text[done:at])
            out.append("~" + " " * (size - 1))
            done = end
            at = text.find(word, end)
        else:
            at = text.find(word, at + 1)
    out.append(text[done:])
    return "".join(out)


def _joins(neighbour: str, edge: str) -> bool:
    """Whether ``neighbour`` next to a name's ``edge`` character continues a word (both
    word characters); a name that ends in punctuation ("Kill! Maim! Burn!") ends there."""
    return _is_word_char(neighbour) and _is_word_char(edge)


def _is_word_char(ch: str) -> bool:
    return ch.isalnum() or ch == "_"


# ----------------------------------------------------------------------- target scanning

_NOT_DECLARING_BEFORE = frozenset(
    [
        "the",
        "that",
        "its",
        "new",
        "single",
        "same",
        "legal",
        "different",
        "illegal",
        "chosen",
        "their",
        "his",
        "her",
        "your",
        "no",
        "only",
        "it",
        "which",
        "spell",
        "ability",
        "copy",
        "they",
        "a",
        "an",
        "one",
        "each",
        "can",
        "must",
        "could",
        "would",
        "cannot",
        "can't",
        "~",
    ]
)
_QUANT_START = frozenset(
    {"UP", "NUMBER", "NUMWORD", "X", "ANY", "ANOTHER", "EACH", "TARGET", "ORDINAL"}
)
_COUNT_BEFORE = frozenset({"NUMBER", "NUMWORD", "X", "OF", "OTHER"})
_QUALIFIER = frozenset({"WITH", "WITHOUT", "THAT", "THATS"})


def declares_target(tokens: list[Token], i: int) -> bool:
    """Whether ``tokens[i]`` ("target"/"targets") declares a target (mtg:115.1)."""
    if _chosen_by_opponent(tokens, i + 1):
        return True  # "any target of an opponent's choice" declares one (mtg:115.1)
    settled = declared_by_neighbours(tokens, i, _COUNT_BEFORE)
    if settled is not None:
        return settled
    prev = tokens[i - 1] if i else None
    nxt = tokens[i + 1] if i + 1 < len(tokens) else None
    if prev is not None and prev.lower() == "a" and nxt is not None and nxt.type in _KIND_START:
        return True  # "to a target creature" (older wording of "target creature")
    if prev is not None and prev.lower() in _NOT_DECLARING_BEFORE:
        return prev.type == "ANY" or (prev.lower() == "one" and _counted(tokens, i - 1))
    return True


def _counted(tokens: list[Token], i: int) -> bool:
    """ "one target" as a count: "up to one target", "one or two target" (not "one target")."""
    return i > 0 and tokens[i - 1].type in {"TO", "OR", "COMMA"}


def scan_targets(tokens: list[Token], problems: list[tuple[int, int, str]]) -> list[Draft]:
    """Every declared target phrase in ``tokens`` (a sentence), as drafts."""
    return scan_target_phrases(
        tokens,
        parser(),
        problems,
        quantifiers=_QUANT_START,
        lookback=6,
        declares=declares_target,
        build=lambda tree: _phrase_drafts(tree, tokens, problems),
        left_unread=_left_unread,
    )


def _phrase_drafts(
    tree: Any, tokens: list[Token], problems: list[tuple[int, int, str]]
) -> list[Draft]:
    """The drafts of one target phrase; none (and the phrase marked not understood) when
    the builder finds a word it does not read ("with the lowest power")."""
    try:
        drafts: list[Draft] = build(tree)[0]
    except VisitError as error:
        if not isinstance(error.orig_exc, NotRead):
            raise
        words = list(tree.scan_values(lambda v: isinstance(v, Token)))
        last = next((t for t in reversed(words) if t.type == "WITH"), words[-1] if words else None)
        at = next((i for i, t in enumerate(tokens) if t is last), 0)
        problems.append(problem_span(tokens, at, "target qualifier not understood"))
        return []
    return drafts


def _left_unread(tokens: list[Token], end: int) -> str | None:
    if _chosen_by_opponent(tokens, end):
        return "target chosen by an opponent not supported"
    if _kind_list_goes_on(tokens, end):
        return "target kind list not understood"
    return "target qualifier not understood" if _qualifier_follows(tokens, end) else None


def _kind_list_goes_on(tokens: list[Token], end: int) -> bool:
    """ "target permanent or suspended card": an "or"/"and/or" right after the phrase that
    names one more kind of object, which the grammar did not read."""
    if end + 1 >= len(tokens) or tokens[end].type not in {"OR", "ANDOR"}:
        return False
    after = tuple(t.type for t in tokens[end + 1 : end + 3])
    return after[0] in _KIND_START or after in {("WORD", "CARD"), ("WORD", "PERMANENT")}


_KIND_START = frozenset(
    {
        "TYPE",
        "SUBTYPE",
        "SUPERTYPE",
        "STATUS",
        "COLOR",
        "NONWORD",
        "PERMANENT",
        "CARD",
        "PLAYER",
        "SPELL",
        "TOKEN",
        "ABILITY",
        "OTHER",
    }
)


def _chosen_by_opponent(tokens: list[Token], at: int) -> bool:
    """ "of an opponent's choice" at ``tokens[at]``: another player chooses the target, which
    the kernel does not model (the caster announces targets, mtg:601.2c)."""
    words = [t.lower() for t in tokens[at : at + 5]]
    return words[:2] == ["of", "an"] and words[2:3] == ["opponent"] and words[-1:] == ["choice"]


def _qualifier_follows(tokens: list[Token], end: int) -> bool:
    """A relative clause right after a phrase that the grammar did not read."""
    if end >= len(tokens) or tokens[end].type not in _QUALIFIER:
        return False
    after = tokens[end + 1].lower() if end + 1 < len(tokens) else ""
    return after not in {"paying", "their", "its"}


# ----------------------------------------------------------------------- sentences


def parse_effects(ctx: TextContext, start: int, end: int) -> tuple[list[Draft], list[Any]]:
    """Sentences of ``clean[start:end]`` → target drafts and effects."""
    grammar = parser()
    drafts: list[Draft] = []
    effects: list[Any] = []
    last = 0  # where the effects of the sentence before begin
    last_drafts = 0  # and its target drafts
    skip = 0  # where the last delayed triggered ability's text ends
    for whole in _sentences(tokenize(ctx.clean, start, end)):
        lead = _lead(whole)
        if lead in _REFLEXIVE_LEADS and len(whole) > _LEAD_WORDS[lead]:
            lo = whole[_LEAD_WORDS[lead]].start_pos or 0
            effects.append(_reflexive(ctx, lo, end))
            break
        moved = moved_lead(whole, grammar, MagicBuilder([])) if whole[0] == "When" else None
        if moved is not None and len(whole) > moved[0]:
            # "When you discard a nonland card this way, ..." (mtg:603.12, helper S2)
            lo = whole[moved[0]].start_pos or 0
            effects.append(replace(_reflexive(ctx, lo, end), when=moved[1], one_or_more=moved[2]))
            break
        if (whole[0].start_pos or 0) < skip:
            continue  # read as part of a delayed triggered ability
        if _next_cast_lead(whole):
            skip = _delayed_end(ctx, whole[0].start_pos or 0, end)
            effects.append(_next_cast(ctx, whole, skip))
            continue
        delayed = _delayed_lead(whole)
        if delayed is not None:
            skip = _delayed_end(ctx, whole[0].start_pos or 0, end)
            effects.append(_delayed(ctx, whole, skip, delayed))
            continue
        support = _support(ctx, whole)
        if support is not None:
            drafts.extend(support[0])
            effects.extend(support[1])
            continue
        rest = whole[_LEAD_WORDS.get(lead, 0) :]
        if rest and lead == "then" and rest[0].type == "COMMA":
            rest = rest[1:]
        condition = (
            _condition(ctx, rest) or _trailing_condition(ctx, rest) if lead is None else None
        )
        instead = False
        if condition is not None:
            key, said, rest = condition
            rest, instead = _instead(rest)
        if not rest:
            continue
        sentence, quoted = outside_quotes(ctx, rest, partial(_granted, ctx))
        built = (
            _build_sentence(grammar, sentence, quoted)
            or _then(grammar, sentence, quoted)
            or _series(grammar, sentence, quoted)
        )
        if built is not None and (condition is not None or lead in {"if you do", "if you don't"}):
            new, value = built
            flat = tuple(x for v in value for x in (v if isinstance(v, tuple) else (v,)))
            if condition is not None:
                built = _if_built(
                    key, said, new, flat, (effects, last), drafts[last_drafts:], instead
                )
            else:
                built = new, [n.IfYouDo(flat, didnt=lead == "if you don't")]
        if built is not None and any(isinstance(v, NoRegeneration) for v in built[1]):
            if _fold_no_regeneration(effects, last):
                continue
            built = None  # a rider with no destruction before it
        if built is not None and any(isinstance(v, StillA) for v in built[1]):
            if fold_still(effects, last):
                continue
            built = None  # "It's still a land." with no "becomes" before it
        if built is not None and any(isinstance(v, TokenHas) for v in built[1]):
            if fold_token_has(effects, last, built[1]):
                continue
            built = None  # "It has ..." with no token created just before
        if built is not None and (folded := fold_chain_copy(effects, built[1])) is not None:
            if folded:
                continue
            built = None  # "If the player does, they may copy" with no payment just before
        if built is not None and (each := fold_each_copy(effects, built[1])) is not None:
            if each:
                continue
            built = None  # "Each copy targets a different one" with no such copy before
        if built is not None and (aimed := fold_copy_targets(effects, built[1])) is not None:
            if aimed:
                continue
            built = None  # "The copy targets ~." with no one copy just before
        if built is not None and (mine := fold_copier_new_targets(effects, built[1])) is not None:
            if mine:
                continue
            built = None  # "That player may choose new targets for the copy" with no copy
        if built is not None and (folded := fold_instead_if_target(effects, built[1])) is not None:
            if folded:
                continue
            built = None  # "It deals 5 damage instead if that target is ..." with no damage
        if built is not None and copies_without_copy(effects, built[1]):
            built = None  # "the copies" with no copy just before
        if built is not None and it_after_token(effects, built[1]):
            built = None  # "it" would mean the token just created
        last, last_drafts = len(effects), len(drafts)
        if built is not None:
            new, value = built
            drafts.extend(new)
            for effect in value:
                effects.extend(effect if isinstance(effect, tuple) else (effect,))
            continue
        lo = sentence[0].start_pos or 0
        hi = sentence[-1].end_pos or lo
        problems: list[tuple[int, int, str]] = []
        drafts.extend(scan_targets(sentence, problems))
        for p_start, p_end, reason in problems:
            ctx.add(p_start, p_end, reason)
        effects.append(n.UnsupportedEffect(ctx.phrase(lo, hi), (lo, hi)))
        ctx.add(lo, hi, "effect not understood")
    _merge_copy(effects)
    _merge_new_target_must(effects)
    merge_hand_choice(ctx, effects)
    return drafts, effects


def _instead(rest: list[Token]) -> tuple[list[Token], bool]:
    """The words of "If [condition], instead [effect]." or "..., [effect] instead." without
    "instead", and whether it was there."""
    if rest and rest[0].type == "INSTEAD":
        return rest[1:], True
    end = len(rest) - 1 if rest and rest[-1].type == "DOT" else len(rest)
    if end > 1 and rest[end - 1].type == "INSTEAD":
        return rest[: end - 1] + rest[end:], True
    return rest, False


def _if_built(  # noqa: PLR0917
    key: n.ConditionTest,
    said: str,
    new: list[Draft],
    flat: tuple[Any, ...],
    before: tuple[list[Any], int],
    before_drafts: list[Draft],
    instead: bool,
) -> tuple[list[Draft], list[Any]] | None:
    """ "If [condition], [effects]": an :class:`IfCondition`; with "instead", an
    :class:`InsteadIf` in place of the sentence before's effects (taken out of
    ``before``: the effects so far and where that sentence's begin), or None if there
    are none or one is not read. A condition about an optional cost chosen as the
    spell was cast makes the targets of each version the spell's only with (or
    without) it (mtg:601.2c, mtg:702.33g)."""
    effects, last = before
    option = CONDITION_OPTIONS.get(key) if isinstance(key, str) else None
    if instead:
        otherwise = tuple(effects[last:])
        if not otherwise or any(isinstance(e, n.UnsupportedEffect) for e in otherwise):
            return None
        flat = _same_source(flat, otherwise)
        del effects[last:]
        if option is not None and new and not _names_it(flat):
            # the other version has targets of its own and names none of these: they are
            # chosen only for the version used (mtg:601.2c)
            for draft in before_drafts:
                draft.cast_option = "!" + option
    if option is not None:
        for draft in new:
            draft.cast_option = option
    if instead:
        return new, [n.InsteadIf(key, flat, otherwise, said)]
    return new, [n.IfCondition(key, flat, said)]


def _same_source(flat: tuple[Any, ...], otherwise: tuple[Any, ...]) -> tuple[Any, ...]:
    """ "~ deals 5 damage to target creature. If ..., it deals 10 damage ... instead.": the
    "it" that deals the damage of the other version is the source of the version it
    replaces, where that one names a single source (not "it" itself)."""
    sources = {e.source for e in otherwise if isinstance(e, n.DealDamage)}
    if len(sources) != 1 or isinstance(source := next(iter(sources)), n.It):
        return flat
    return tuple(
        replace(e, source=source)
        if isinstance(e, n.DealDamage) and isinstance(e.source, n.It)
        else e
        for e in flat
    )


def _names_it(value: Any) -> bool:
    """Whether an effect (or a tuple of them) refers back with "it" or "that [thing]"."""
    if isinstance(value, n.It):
        return True
    if isinstance(value, tuple):
        return any(_names_it(v) for v in value)
    fields = getattr(value, "__dataclass_fields__", None)
    return fields is not None and any(_names_it(getattr(value, f)) for f in fields)


def _sentences(tokens: list[Token]) -> list[list[Token]]:
    """Sentences split at full stops outside quotes; a quote that closes right after a
    full stop ends the sentence too when a capitalised word follows ("... emblem with
    "...". Then create ..."), not before "until end of turn"."""
    out: list[list[Token]] = []
    for sentence in sentences(tokens, quote_ends=False):
        begin = 0
        for i in range(1, len(sentence) - 1):
            closes = sentence[i].type == "QUOTE" and sentence[i - 1].type == "DOT"
            if closes and str(sentence[i + 1])[:1].isupper() and _closing(sentence, i):
                out.append(sentence[begin : i + 1])
                begin = i + 1
        out.append(sentence[begin:])
    return [s for s in out if s]


def _closing(sentence: list[Token], i: int) -> bool:
    """Whether the quote mark at ``sentence[i]`` closes a quotation (an even count of
    quote marks up to it)."""
    return sum(1 for t in sentence[: i + 1] if t.type == "QUOTE") % 2 == 0


#: how a sentence may begin, before its effect: (lower-cased words) -> what it means
_LEADS: dict[tuple[str, ...], str] = {
    ("when", "you", "do", ","): "when you do",  # mtg:603.12
    ("if", "you", "do", ","): "if you do",  # mtg:608.2c
    ("if", "you", "don't", ","): "if you don't",
    ("then",): "then",  # mtg:608.2c: in the order written
    # "It connives. When it connives this way, ...": triggered by the connive the
    # resolution just did (mtg:603.12, mtg:701.47b)
    ("when", "it", "connives", "this", "way", ","): "when it connives",
}
#: the leads that start a reflexive triggered ability (mtg:603.12)
_REFLEXIVE_LEADS = frozenset({"when you do", "when it connives"})


#: how many tokens each lead takes
_LEAD_WORDS: dict[str | None, int] = {meaning: len(key) for key, meaning in _LEADS.items()}


#: hot-path patterns, compiled once: a legend's short name ("Ajani" of "Ajani Vengeant"
#: stops at " of " / " the "), the words of a keyword piece, an instant or sorcery
_SHORT_CUT = re.compile(r" (?:of|the) ")
_PIECE_WORDS = re.compile(r"[\s\u2014]+")
_SPELL_TYPES = re.compile(r"\b(Instant|Sorcery)\b")


#: the leads by their first word (a sentence's first word rules most of them out)
_LEADS_BY_FIRST: dict[str, tuple[tuple[tuple[str, ...], str], ...]] = {}
for _key, _meaning in _LEADS.items():
    _LEADS_BY_FIRST[_key[0]] = (*_LEADS_BY_FIRST.get(_key[0], ()), (_key, _meaning))


def _lead(sentence: list[Token]) -> str | None:
    """Which of :data:`_LEADS` ``sentence`` begins with, if any (the first listed)."""
    if not sentence:
        return None
    candidates = _LEADS_BY_FIRST.get(str(sentence[0]).lower())
    if candidates is None:
        return None
    words = tuple(str(t).lower() for t in sentence[:6])
    for key, meaning in candidates:
        if words[: len(key)] == key:
            return meaning
    return None


def _granted(ctx: TextContext, lo: int, hi: int, span: tuple[int, int]) -> n.GrantAbility:
    """A quoted ability read on its own: triggered, activated or static (mtg:113.1a). Its
    targets and effects are its own (mtg:115.1); the granting words are read around it."""
    while lo < hi and ctx.clean[lo].isspace():
        lo += 1
    line = ctx.clean[lo:hi]
    colon = -1 if line.startswith(("When", "At ")) else _find_colon(line)
    found = None if colon >= 0 else _TRIGGER_RE.match(line)
    trigger = _trigger(found) if found is not None else None
    cost = None
    body = lo
    if colon >= 0:
        cost_text = " ".join(line[:colon].split())
        cost = n.Cost(tuple(p.strip() for p in cost_text.split(",")), cost_text)
        body = lo + colon + 1
    elif found is not None:
        body = lo + found.end()
    reqs, effects = _body(ctx, body, hi)
    effects = granted_amounts(ctx, body, hi, effects)
    # "it" in the quoted ability names what the ability itself says (its source, its
    # trigger's object), as in a printed ability (helper Y3)
    effects = self_references(ctx, (body, hi), effects, trigger, colon >= 0)
    effects = trigger_references(ctx, (body, hi), effects, trigger, colon >= 0)
    effects = moved_elsewhere_refused(ctx, (lo, hi), effects)  # helper T1
    reqs, effects = settle_combat_it(ctx, (body, hi), (reqs, effects), trigger, colon >= 0)
    plain = tuple(e for e in effects if not isinstance(e, n.Modal))
    if len(plain) < len(effects):
        ctx.add(lo, hi, "modal quoted ability not supported")
    text = ctx.text[span[0] : span[1]]
    return n.GrantAbility(None, reqs, plain, trigger, text, span, cost=cost)


#: "if [condition]," at the start of a sentence: the words -> the ruleset's condition key
_CONDITIONS: tuple[tuple[re.Pattern[str], str], ...] = tuple(
    (re.compile(rf"^{words}$"), key)
    for words, key in (
        (r"(it|~) was kicked", "kicked"),  # mtg:702.33d
        (r"you attacked this turn", "you_attacked_this_turn"),
        (r"a creature died this turn", "creature_died_this_turn"),  # mtg:700.4
        (r"you gained life this turn", "you_gained_life_this_turn"),
        (r"an opponent lost life this turn", "opponent_lost_life_this_turn"),
        (r"you have no cards in hand", "no_cards_in_hand"),
        (r"it's your turn", "your_turn"),
        (r"you cast (it|~)", "cast"),
        (r"the gift was promised", "gift_promised"),  # mtg:702.174
        (r"it was bargained", "bargained"),
    )
)


def _condition(
    ctx: TextContext, tokens: list[Token]
) -> tuple[n.ConditionTest, str, list[Token]] | None:
    """ "If [condition], [effect]": the condition (a key or a number compared), its words
    and the effect's tokens, when the condition is one :data:`_CONDITIONS` knows or the
    grammar's ``y1_condition`` reads."""
    if not tokens or tokens[0].type != "IF":
        return None
    comma = next((i for i, t in enumerate(tokens) if t.type == "COMMA"), None)
    if comma is None or comma < 2 or comma + 1 >= len(tokens):
        return None
    lo, hi = tokens[1].start_pos or 0, tokens[comma - 1].end_pos or 0
    said = ctx.phrase(lo, hi)
    words = said.lower()
    for pattern, key in _CONDITIONS:
        if pattern.match(words):
            return key, said, tokens[comma + 1 :]
    if tokens[comma + 1].type in {"A", "AN", "OR", "AND"}:
        return None  # "if you control an Employee, a Performer, or a Robot": a list
    read = _build(parser(), tokens[1:comma], "y1_condition")
    if read is None or read[0]:
        return None  # not read, or it names a target (its own requirement: not yet)
    return read[1][0], said, tokens[comma + 1 :]


def _trailing_condition(
    ctx: TextContext, tokens: list[Token]
) -> tuple[n.ConditionTest, str, list[Token]] | None:
    """ "[effect] if [condition].": the same as "If [condition], [effect]." (mtg:608.2c)
    when the words after the last "if" are a condition ``y1_condition`` reads that names
    no "it" (which could mean the effect's target) but "it's night", after an effect
    with no comma in it."""
    at = max((i for i, t in enumerate(tokens) if t.type == "IF"), default=-1)
    end = len(tokens) - 1 if tokens and tokens[-1].type == "DOT" else len(tokens)
    if at < 2 or end - at < 3 or any(t.type == "COMMA" for t in tokens[:at]):
        return None  # after "A, then B" the "if" might be B's alone
    words = tokens[at + 1 : end]
    read = _build(parser(), words, "y1_condition")
    if read is None or read[0]:
        return None
    test = read[1][0]
    if test not in {"night", "day"} and any(t.type in {"IT", "ITS"} for t in words):
        return None
    lo, hi = words[0].start_pos or 0, words[-1].end_pos or 0
    return test, ctx.phrase(lo, hi), tokens[:at] + tokens[end:]


def _then(
    grammar: Lark, sentence: list[Token], quoted: dict[int, n.GrantAbility]
) -> tuple[list[Draft], Any] | None:
    """ "[effect], then [effect]": two effects in the order written (mtg:608.2c), each read
    as a sentence of its own; None unless both are read."""
    cut = next(
        (
            i
            for i in range(1, len(sentence) - 2)
            if sentence[i].type == "COMMA" and str(sentence[i + 1]).lower() == "then"
        ),
        None,
    )
    if cut is None:
        return None
    first = _build_sentence(grammar, sentence[:cut], quoted)
    if first is None:
        return _then_both_if(grammar, sentence, cut, quoted)
    second = _build_sentence(grammar, sentence[cut + 2 :], quoted) or _then(
        grammar, sentence[cut + 2 :], quoted
    )
    if second is None:
        return None
    return first[0] + second[0], [*first[1], *second[1]]


def _then_both_if(
    grammar: Lark, sentence: list[Token], cut: int, quoted: dict[int, n.GrantAbility]
) -> tuple[list[Draft], Any] | None:
    """ "[effect] if [condition], then [effect] if [condition]" (Banish into Fable: "copy
    it if you control an artifact, then copy it if you control an enchantment"): each
    part's own condition, checked as that part would happen (mtg:608.2c); read only when
    both parts end in one (with a single trailing "if", it might govern both parts)."""
    parts = [_part_if(grammar, sentence[:cut], quoted)]
    if parts[0] is None:
        return None
    parts.append(_part_if(grammar, sentence[cut + 2 :], quoted))
    if parts[1] is None:
        return None
    return [x for p in parts if p for x in p[0]], [p[1] for p in parts if p]


def _part_if(
    grammar: Lark, tokens: list[Token], quoted: dict[int, n.GrantAbility]
) -> tuple[list[Draft], n.IfCondition] | None:
    """One "[effect] if [condition]" part of :func:`_then_both_if`, as its condition
    (read by ``y1_condition``, naming no target and no "it") over its effects."""
    at = max((i for i, t in enumerate(tokens) if t.type == "IF"), default=-1)
    end = len(tokens) - 1 if tokens and tokens[-1].type == "DOT" else len(tokens)
    words = tokens[at + 1 : end]
    if at < 1 or len(words) < 2 or any(t.type in {"IT", "ITS", "COMMA"} for t in words):
        return None
    test = _build(grammar, words, "y1_condition")
    if test is None or test[0]:
        return None
    built = _build_sentence(grammar, tokens[:at], quoted)
    if built is None:
        return None
    flat = tuple(x for v in built[1] for x in (v if isinstance(v, tuple) else (v,)))
    said = " ".join(str(t) for t in words)
    return built[0], n.IfCondition(test[1][0], flat, said)


#: words that may open a later part of a series after its comma ("A, B, and C"; "A, B,
#: then C"): they only say the parts happen in the order written
_SERIES_JOINS = frozenset({"and", "then"})


def _series(
    grammar: Lark, sentence: list[Token], quoted: dict[int, n.GrantAbility]
) -> tuple[list[Draft], Any] | None:
    """ "Target player gains 5 life, ~ deals 5 damage to any target, then you draw five
    cards": three or more effects split at their commas, the last one opened by "and" or
    "then", each read as a sentence of its own and done in the order written (mtg:608.2c);
    targets are numbered in text order. None unless every part is read whole, so a part
    that needs the words before its comma ("gains trample", "until end of turn") keeps the
    sentence unread. First, a list of targets or amounts after one verb ("Destroy target
    artifact, target creature, and target land") is read with its commas as list
    separators (``list_commas``)."""
    listed = list_commas(sentence)
    if listed is not None and (built := _build_sentence(grammar, listed, quoted)) is not None:
        return built
    cuts = [i for i, t in enumerate(sentence) if t.type == "COMMA"]
    if len(cuts) < 2 or cuts[-1] + 2 >= len(sentence):
        return None
    if str(sentence[cuts[-1] + 1]).lower() not in _SERIES_JOINS:
        return None
    drafts: list[Draft] = []
    effects: list[Any] = []
    for lo, hi in zip([-1, *cuts], [*cuts, len(sentence)], strict=True):
        part = sentence[lo + 1 : hi]
        if lo >= 0 and part and str(part[0]).lower() in _SERIES_JOINS:
            part = part[1:]
        built = _build_sentence(grammar, part, quoted) if part else None
        if built is None:
            return None
        drafts.extend(built[0])
        effects.extend(built[1])
    return drafts, effects


def _support(ctx: TextContext, sentence: list[Token]) -> tuple[list[Draft], list[Any]] | None:
    """ "Support N.": a +1/+1 counter on each of up to N target creatures, *other* ones
    when a permanent supports (mtg:701.35a); read as those words, spans on "Support N"."""
    if len(sentence) > 3 or not sentence or str(sentence[0]).lower() != "support":
        return None
    words = [str(t).lower() for t in sentence if t.type != "DOT"]
    if len(words) != 2 or sentence[1].type not in {"NUMBER", "NUMWORD"}:
        return None
    other = "" if ctx.spell else " other"
    phrase = f"put a +1/+1 counter on each of up to {words[1]}{other} target creatures."
    built = _build(parser(), tokenize(phrase), "sentence")
    if built is None:
        return None
    drafts, effects = built
    lo, hi = sentence[0].start_pos or 0, sentence[1].end_pos or 0
    for draft in drafts:
        draft.span = (lo, hi)
    return drafts, effects


def _reflexive(ctx: TextContext, start: int, end: int) -> n.ReflexiveTrigger:
    """ "When you do, ...": the rest of the ability body is a reflexive triggered ability,
    with its own targets (mtg:603.12)."""
    drafts, effects = parse_effects(ctx, start, end)
    reqs, done = finalize(ctx, drafts, effects)
    return n.ReflexiveTrigger(reqs, done, ctx.phrase(start, end), (start, end))


#: "At the beginning of the next end step, ..." and the like, as a sentence of a resolving
#: spell or ability: (words) -> (moment, only its controller's turn, the words)
_NEXT_END = ("at", "the", "beginning", "of", "the", "next", "end", "step", ",")
_YOUR_END = ("at", "the", "beginning", "of", "your", "next", "end", "step", ",")
_YOUR_UPKEEP = ("at", "the", "beginning", "of", "your", "next", "upkeep", ",")
_DELAYED: dict[tuple[str, ...], tuple[Literal["end", "start"], bool, tuple[str, ...]]] = {
    _NEXT_END: ("end", False, _NEXT_END),
    _YOUR_END: ("end", True, _YOUR_END),
    _YOUR_UPKEEP: ("start", True, _YOUR_UPKEEP),
}


def _delayed_lead(
    sentence: list[Token],
) -> tuple[Literal["end", "start"], bool, tuple[str, ...]] | None:
    """Which of :data:`_DELAYED` ``sentence`` begins with (and goes on after), if any."""
    if not sentence or str(sentence[0]).lower() != "at":
        return None
    for size in (9, 8):
        found = _DELAYED.get(tuple(str(t).lower() for t in sentence[:size]))
        if found is not None:
            return found if len(sentence) > size else None
    return None


def _delayed_end(ctx: TextContext, start: int, end: int) -> int:
    """Where a delayed triggered ability's text beginning at ``start`` ends: at the end
    of the ability, or before a use restriction of the ability that creates it."""
    found = _RESTRICTION_AFTER_RE.search(ctx.clean, start, end)
    return found.start() if found is not None else end


#: a use restriction sentence after another sentence (see :data:`_RESTRICTION_RE`)
_RESTRICTION_AFTER_RE = re.compile(
    r"(?<=\.) (?=Activate only|Activate no more than|This ability triggers only)"
)


def _delayed(
    ctx: TextContext,
    sentence: list[Token],
    end: int,
    delayed: tuple[Literal["end", "start"], bool, tuple[str, ...]],
) -> n.DelayedTrigger:
    """ "At the beginning of the next end step, ...": the rest of the ability body is a
    delayed triggered ability the resolution creates, with its own targets (mtg:603.7a)."""
    lo, start = sentence[0].start_pos or 0, sentence[len(delayed[2])].start_pos or 0
    drafts, effects = parse_effects(ctx, start, end)
    reqs, done = finalize(ctx, drafts, effects)
    return n.DelayedTrigger(delayed[0], delayed[1], reqs, done, ctx.phrase(lo, end), (lo, end))


#: "When you next cast an instant or sorcery spell this turn, ...": a delayed triggered
#: ability waiting for that cast (mtg:603.7a), read by :func:`_next_cast`
_NEXT_CAST = (
    "when",
    "you",
    "next",
    "cast",
    "an",
    "instant",
    "or",
    "sorcery",
    "spell",
    "this",
    "turn",
    ",",
)


def _next_cast_lead(sentence: list[Token]) -> bool:
    """Whether ``sentence`` begins with :data:`_NEXT_CAST` and goes on after it."""
    size = len(_NEXT_CAST)
    return len(sentence) > size and tuple(str(t).lower() for t in sentence[:size]) == _NEXT_CAST


def _next_cast(ctx: TextContext, sentence: list[Token], end: int) -> n.WhenNextCast:
    """ "When you next cast an instant or sorcery spell this turn, copy that spell.": the
    rest of the ability body is a delayed triggered ability (mtg:603.7a) whose "it" /
    "that spell" is the spell whose casting triggers it (mtg:603.2)."""
    lo, start = sentence[0].start_pos or 0, sentence[len(_NEXT_CAST)].start_pos or 0
    drafts, effects = parse_effects(ctx, start, end)
    reqs, done = finalize(ctx, drafts, effects)
    spell = d.AnyOf((d.HasType("instant"), d.HasType("sorcery")))
    return n.WhenNextCast(
        spell, next_cast_copies(ctx, reqs, done, (start, end)), ctx.phrase(lo, end), (lo, end)
    )


def _merge_new_target_must(effects: list[Any]) -> None:
    """ "Change the target of ... . The new target must be a player.": the second
    sentence restricts the change the first one makes (mtg:115.7a)."""
    for i in range(len(effects) - 1, 0, -1):
        must, change = effects[i], effects[i - 1]
        if isinstance(must, n.NewTargetMustBe) and isinstance(change, n.ChangeTargets):
            effects[i - 1] = replace(change, must_be=must.descriptor)
            del effects[i]


#: the first tokens of the grammar's ``rider`` rules (a sentence starting otherwise is
#: never one; this only saves a parse)
_RIDER_STARTS = frozenset({"IT", "THEY", "COMMA"})


def _build_sentence(
    grammar: Lark, sentence: list[Token], quoted: dict[int, n.GrantAbility] | None = None
) -> tuple[list[Draft], Any] | None:
    """One sentence as an effect sentence, as a rider on the one before, or as an effect
    sentence whose last clause is a copy exception (", except that the copy is red");
    None if the grammar doesn't read it or the builder can't give it a meaning."""
    built = _build(grammar, sentence, "sentence", quoted)
    if built is None and sentence and sentence[0].type in _RIDER_STARTS:
        built = _build(grammar, sentence, "rider")
    if built is not None:
        return built
    cut = next(
        (
            i
            for i in range(len(sentence) - 1)
            if sentence[i].type == "COMMA" and sentence[i + 1].type == "EXCEPT"
        ),
        None,
    )
    if cut is None:
        return None
    head = _build(grammar, sentence[:cut], "sentence")
    tail = _build(grammar, sentence[cut:], "rider", quoted)
    if head is None or tail is None:
        return None
    (drafts, effects), (_, (exception, *_)) = head, tail
    if len(effects) == 1 and (folded := with_copy_exceptions(effects[0], exception)) is not None:
        return drafts, [folded]
    if not (
        isinstance(exception, CopyException)
        and len(effects) == 1
        and isinstance(effects[0], n.CopySpell)
    ):
        return None
    return drafts, [replace(effects[0], colors=exception.colors)]


def _build(
    grammar: Lark,
    tokens: list[Token],
    start: str,
    quoted: dict[int, n.GrantAbility] | None = None,
) -> tuple[list[Draft], list[Any]] | None:
    tree = parse_tokens(grammar, tokens, start)
    if tree is None:
        return None
    try:
        new, value = build(tree, quoted)
    except VisitError as error:
        if isinstance(error.orig_exc, NotRead):
            return None
        raise
    return new, value if isinstance(value, list) else [value]


def _fold_no_regeneration(effects: list[Any], last: int) -> bool:
    """ "Destroy ... . They can't be regenerated.": mark the destructions of the sentence
    before (``effects[last:]``) as not regenerable (mtg:701.15c); False if it has none."""
    if not any(isinstance(e, n.Destroy) for e in effects[last:]):
        return False
    effects[last:] = [
        replace(e, no_regeneration=True) if isinstance(e, n.Destroy) else e for e in effects[last:]
    ]
    return True


def _merge_copy(effects: list[Any]) -> None:
    """A copy then "you may choose new targets for the copy" is one effect (mtg:707.10c)."""
    for i in range(len(effects) - 1):
        first, second = effects[i], effects[i + 1]
        if (
            made_copies(first)
            and isinstance(second, n.May)
            and len(second.effects) == 1
            and isinstance(second.effects[0], n.ChangeTargets)
            and second.effects[0].what in (n.It("copy"), n.It("copies"))
        ):
            effects[i] = with_new_targets(first)
            del effects[i + 1]
            # "the copies" are also those of the copies just before it ("copy it if ...,
            # then copy it if ...": Banish into Fable)
            j = i - 1
            while j >= 0 and made_copies(effects[j]):
                effects[j] = with_new_targets(effects[j])
                j -= 1
            return


def finalize(
    ctx: TextContext, drafts: list[Draft], effects: list[Any]
) -> tuple[tuple[d.TargetRequirement, ...], tuple[Any, ...]]:
    """Index drafts (mtg:115.3 "another target" → distinct_from) and resolve references."""
    requirements = index_drafts(ctx.text, drafts)
    return tuple(requirements), tuple(resolve_refs(e) for e in effects)


# ----------------------------------------------------------------------- abilities

#: "When you next cast ..." begins no triggered ability of the object: a spell's sentence
#: that creates a delayed one (mtg:603.7a; :data:`_NEXT_CAST`)
_TRIGGER_RE = re.compile(r"^(When(?! you next cast\b)|Whenever|At)\b\s*([^,]*?),\s*")
_MODAL_RE = re.compile(
    r"(?i)\bchoose (one|two|three|four|five|one or more|one or both|any number|up to one|"
    r"up to two)(?: that hasn't been chosen| at random)?"
    r"(?:\s*(?:\u2014|-)|\.\s*(?P<repeat>you may choose the same mode more than once\.)"
    r"|\.\s*(?P<more>if [^.]*?, (?:you may )?choose (?P<count>one|two|three|both|any number)"
    r" instead\.)|\.\s*(?P<distinct>each mode must target a different player\.))\s*$"
)
_MORE_COUNTS: dict[str, int | None] = {
    "one": 1,
    "two": 2,
    "three": 3,
    "both": 2,
    "any number": None,
}
_MODAL_COUNTS: dict[str, tuple[int, int | None]] = {
    "one": (1, 1),
    "two": (2, 2),
    "three": (3, 3),
    "four": (4, 4),
    "five": (5, 5),
    "one or more": (1, None),
    "one or both": (1, 2),
    "any number": (0, None),
    "up to one": (0, 1),
    "up to two": (0, 2),
}
_COST_START = re.compile(
    r"^(?:\{|[+-]?\d+$|[+-]X$|X$|Sacrifice|Discard|Pay|Tap|Untap|Exile|Remove|Return|Put|"
    r"Reveal|Mill|Collect|Forage|Waterbend|Behold)"
)


def _find_colon(line: str) -> int:
    """The offset of the cost/effect colon of an activated ability, or -1 (mtg:602.1)."""
    colon = find_colon(line)
    cost = line[:colon].strip() if colon >= 0 else ""
    return colon if cost and _COST_START.match(cost) else -1


def _keyword_piece(piece: str) -> tuple[str, str | None] | None:
    low = piece.strip().rstrip(".").lower()
    if not low:
        return None
    names = keyword_names()
    words = _PIECE_WORDS.split(low)
    for size in (3, 2, 1):
        head = " ".join(words[:size])
        if head in names or (size == 1 and head.endswith("walk") and head != "walk"):
            rest = piece.strip()[len(head) :].strip(" \u2014.")
            if head == "equip" and rest.lower().startswith("abilities"):
                return None  # "Equip abilities you activate ... cost less" (helper T7)
            return head, rest or None
    return None


_KEYWORD_TARGETS: dict[str, str] = {
    "equip": "creature you control",
    "fortify": "land you control",
    "reconfigure": "creature you control",
    "bestow": "creature",
    "backup": "creature",
    "scavenge": "creature",
    "provoke": "creature defending player controls",
    "modular": "artifact creature",
    "mentor": "attacking creature",
    "mutate": "non-Human creature",
    "soulshift": "Spirit card from your graveyard",
}


def _keyword_requirement(
    name: str, argument: str | None, span: tuple[int, int], text: str
) -> tuple[d.TargetRequirement, ...]:
    if name == "enchant" and argument:
        phrase = argument
    elif name in _KEYWORD_TARGETS:
        phrase = _KEYWORD_TARGETS[name]
        if name == "equip" and argument and not argument.startswith("{"):
            phrase = re.split(r"\s*\{", argument)[0] + " you control"
    else:
        return ()
    tokens = tokenize(phrase)
    found = longest_prefix(parser(), tokens, 0, "nominal", must_pass=len(tokens) - 1)
    if found is None:
        return ()
    _, tree = found
    nominal = build_nominal(tree)
    if nominal is None:
        return ()
    descriptor, kinds, zone = nominal
    return (d.TargetRequirement(descriptor, 1, 1, kinds, zone, text=text, span=span),)


def build_nominal(tree: Any) -> tuple[d.Descriptor, frozenset[str], str | None] | None:
    """A nominal tree → (descriptor, kinds, zone)."""
    value = transform(MagicBuilder([]), tree)
    return value.descriptor, value.kinds, value.zone


_FIRST_PIECE = re.compile(r"[,;]")


def _keyword_line(ctx: TextContext, start: int, end: int) -> list[n.KeywordAbility] | None:
    line = ctx.clean[start:end]
    if _keyword_piece(_FIRST_PIECE.split(line, maxsplit=1)[0]) is None:
        return None  # most lines: not even the first piece is a keyword
    pieces: list[tuple[int, str]] = []
    offset = 0
    for piece in re.split(r"(,\s*|;\s*)", line):
        if piece and not re.fullmatch(r",\s*|;\s*", piece):
            pieces.append((offset, piece))
        offset += len(piece)
    if not pieces:
        return None
    abilities: list[n.KeywordAbility] = []
    for rel, piece in pieces:
        parsed = _keyword_piece(piece)
        if parsed is None:
            return None
        name, argument = parsed
        lo = start + rel + (len(piece) - len(piece.lstrip()))
        hi = start + rel + len(piece.rstrip())
        span = (lo, hi)
        text = ctx.text[lo:hi]
        reqs = _keyword_requirement(name, argument, span, text)
        abilities.append(n.KeywordAbility(name, argument, reqs, text, span))
    return abilities


_BECOMES_TARGET_RE = re.compile(
    r"^~ becomes the target of a spell or ability( an opponent controls)?$", re.IGNORECASE
)


def _trigger(match: re.Match[str]) -> n.Trigger:
    word = match.group(1).lower()
    condition = match.group(2).strip()
    event = "other"
    subject: n.Reference | None = None
    low = condition.lower()
    becomes = _BECOMES_TARGET_RE.match(" ".join(condition.split()))
    if becomes:  # mtg:603.2, mtg:115.1: "becomes the target" happens as targets are chosen
        event = "becomes_target_by_opponent" if becomes.group(1) else "becomes_target"
        subject = n.Self()
    for key in ("enters", "dies", "attacks", "blocks", "leaves the battlefield"):
        if low.endswith(key):
            event = key.split()[0] if key != "leaves the battlefield" else "leaves"
            who = low[: -len(key)].strip()
            if who == "~":
                subject = n.Self()
    if word == "at":
        event = "step"
    text = " ".join(f"{match.group(1)} {condition}".split())
    return n.Trigger(word, event, subject, text)  # type: ignore[arg-type]


def _body(ctx: TextContext, start: int, end: int) -> tuple[tuple[Any, ...], tuple[Any, ...]]:
    """Requirements and effects of an ability body (possibly modal); the same words
    read before (36% of the bodies of the Magic pool repeat) are not read again."""
    result: tuple[tuple[Any, ...], tuple[Any, ...]] = _BODIES.read(ctx, start, end, _read_body)
    return result


def _read_body(ctx: TextContext, start: int, end: int) -> tuple[tuple[Any, ...], tuple[Any, ...]]:
    drafts, effects = parse_effects(ctx, start, end)
    return finalize(ctx, drafts, effects)


#: ability bodies already read (everything parse_effects looks at is inside its stretch)
_BODIES = SpanMemo()


def _modal(
    ctx: TextContext,
    head: tuple[int, int],
    bullets: list[tuple[int, int]],
    counts: tuple[int, int | None],
    repeatable: bool = False,
) -> tuple[tuple[Any, ...], tuple[Any, ...]]:
    reqs, pre_effects = _body(ctx, head[0], head[1])
    modes: list[n.Mode] = []
    for lo, hi in bullets:
        body_start = lo + ctx.clean[lo:hi].find("\u2022") + 1  # a spree mode has no bullet
        while body_start < hi and ctx.clean[body_start].isspace():
            body_start += 1
        body_start += _ability_word(ctx.clean[body_start:hi])  # mtg:207.2d
        spree = _SPREE_RE.match(ctx.clean[body_start:hi])
        if spree is not None:  # the mode's additional cost (mtg:702.172a), not its effect
            body_start += spree.end()
        mode_reqs, mode_effects = _body(ctx, body_start, hi)
        modes.append(n.Mode(mode_reqs, mode_effects, ctx.text[lo:hi].strip(), (lo, hi)))
    return reqs, (*pre_effects, n.Modal(counts[0], counts[1], tuple(modes), repeatable))


#: "Activate only as a sorcery.", "This ability triggers only once each turn.": when an
#: ability may be used, not what it does (mtg:602.5b, 602.5d, 603.2i)
_RESTRICTION_RE = re.compile(
    r"^(?:Activate only|Activate no more than|This ability triggers only)\b"
)


def _settled(
    ctx: TextContext,
    body: tuple[int, int],
    nodes: tuple[Any, tuple[Any, ...]],
    trigger: n.Trigger | None,
    activated: bool,
) -> tuple[Any, tuple[Any, ...]]:
    """The requirements and effects with what "it" / "that creature" names settled for
    the ability."""
    reqs, effects = nodes
    if "lesser" in ctx.clean[body[0] : body[1]]:
        reqs = settle_lesser(reqs, trigger)  # helper T4
    effects = self_references(ctx, body, effects, trigger, activated)
    if "that creature's power" in ctx.clean[body[0] : body[1]]:
        effects = sacrificed_that_creature(effects)  # helper T1
    if "that card's" in ctx.clean[body[0] : body[1]]:
        effects = that_card_moved(effects)  # helper T1
    effects = trigger_references(ctx, body, effects, trigger, activated)
    effects = moved_elsewhere_refused(ctx, body, effects)  # helper T1
    if "that many target" in ctx.clean[body[0] : body[1]]:
        settle_that_many(ctx, body, (reqs, effects), trigger)  # helper Q3
    settled: tuple[Any, tuple[Any, ...]] = settle_combat_it(
        ctx, body, (reqs, effects), trigger, activated
    )
    return settled


def _table_row(
    ctx: TextContext,
    lo: int,
    hi: int,
    *,
    head: tuple[Any, ...],
    trigger: n.Trigger | None,
    activated: bool,
) -> tuple[tuple[Any, ...], tuple[Any, ...]]:
    """A line of a die roll's results table, read as if it came right after the
    ability's effects before the roll (``head``), so that "it" / "that creature" names
    what it would name there."""
    reqs, row = _body(ctx, lo, hi)
    head = head[: max((k for k, e in enumerate(head) if isinstance(e, n.RollDie)), default=0)]
    _, joint = _settled(ctx, (lo, hi), ((), (*head, *row)), trigger, activated)
    if len(joint) != len(head) + len(row):
        return reqs, (n.UnsupportedEffect(ctx.text[lo:hi], (lo, hi)),)
    return reqs, joint[len(head) :]


def _is_restriction(effect: Any) -> bool:
    """An effect not read that says when the ability may be used (_RESTRICTION_RE)."""
    if not isinstance(effect, n.UnsupportedEffect):
        return False
    return _RESTRICTION_RE.match(effect.text) is not None


def _restrictions(
    ctx: TextContext, effects: tuple[Any, ...], *, activated: bool
) -> tuple[tuple[Any, ...], tuple[n.Qualifier, ...]]:
    """The ability's effects without its use restrictions, and those as qualifiers
    (``activation`` or ``trigger``); they are no longer "not understood" text."""
    kept: list[Any] = []
    limits: list[n.Qualifier] = []
    for effect in effects:
        if isinstance(effect, n.UnsupportedEffect) and _RESTRICTION_RE.match(effect.text):
            kind = "activation" if effect.text.startswith("Activate") else "trigger"
            if kind == "activation" and not activated:
                kept.append(effect)
                continue
            limits.append(n.Qualifier(kind, None, effect.text, effect.span))
            ctx.unsupported[:] = [u for u in ctx.unsupported if u.span != effect.span]
        else:
            kept.append(effect)
    return tuple(kept), tuple(limits)


def _any_effect(effects: tuple[Any, ...]) -> bool:
    return any(not isinstance(e, n.UnsupportedEffect) for e in effects)


#: "+ {1} — " before a mode of a spree spell: that mode's additional cost (mtg:702.172a)
_SPREE_RE = re.compile(r"^\+ ?(?:\{[^}]*\})+ \u2014 ")
#: "I, II —" before a chapter ability of a Saga (mtg:714.2a, mtg:714.2c)
_CHAPTER_RE = re.compile(r"^((?:[IVX]+, )*[IVX]+) \u2014 ")
#: "Channel — " / "Hero's Sundering — ": a name before an ability, in italics on the card
_NAMED_RE = re.compile(r"^([A-Z][^\u2014\u2022:{}\"~]{0,60}?) \u2014 (?=\S)")


def _ability_word(line: str) -> int:
    """How many characters of ``line`` are an ability word or flavor word and its dash
    (mtg:207.2c, mtg:207.2d), or 0. A modal "choose one —", a keyword with a dash
    ("Ward — Pay 2 life") and a Saga chapter are not names."""
    found = _NAMED_RE.match(line)
    if found is None:
        return 0
    name = found.group(1)
    low = name.lower()
    if low.startswith("choose") or low in keyword_names():
        return 0
    piece = _keyword_piece(name)
    # a keyword and its dash ("Ward — ", "Echo — "), but not a flavor word that starts
    # with a keyword's word ("Scavenge the Dead — ", "Echo of the First Murder — ")
    if piece is not None and (piece[1] is None or not re.fullmatch(r"[A-Za-z' ]+", piece[1])):
        return 0
    return found.end()


def _chapter_name(line: str) -> int:
    """How many characters of a chapter's text are a flavor word and its dash ("I —
    Gungnir — ...", mtg:207.2d), or 0: a name in title case only, so that a sentence
    with a dash of its own ("Target opponent faces a villainous choice — ...") stays."""
    found = _ability_word(line)
    words = line[:found].rstrip(" \u2014").split()
    if found and all(
        w[0].isupper() or w in {"of", "the", "a", "an", "and", "to", "in"} for w in words
    ):
        return found
    return 0


#: the effects the grammar reads in static abilities (mtg:604.1)
_STATIC_EFFECTS = (
    n.AttachedGets,
    n.AttachedHas,
    n.PlayerHas,
    n.TargetAsThoughNoHexproof,
    n.CantBeTargeted,
    n.GrantAbility,
    n.TargetCostChange,
    n.AsLongAs,
    n.TargetingCostChange,
)


def _read_line(  # noqa: PLR0917  (the state of the card's reading, one line on)
    ctx: TextContext,
    lines: list[tuple[int, int]],
    i: int,
    abilities: list[n.Ability],
    is_spell: bool,
    type_line: str | None,
) -> int:
    """Read the ability on ``lines[i]`` (with the lines it takes along: a modal spell's
    bullets, a spree's modes, a die roll's results table) into ``abilities``; the index
    of the next line to read."""
    clean = ctx.clean
    lo, hi = lines[i]
    line = clean[lo:hi]
    i += 1
    bullets: list[tuple[int, int]] = []
    modal = _MODAL_RE.search(line)
    if modal:
        while i < len(lines) and clean[lines[i][0]] == "\u2022":
            bullets.append(lines[i])
            i += 1
    full = (lo, bullets[-1][1] if bullets else hi)
    raw = ctx.text[full[0] : full[1]]
    if _SPREE_RE.match(line):  # the modes of a spree spell, one or more (mtg:702.172a)
        modes = [(lo, hi)]
        while i < len(lines) and _SPREE_RE.match(clean[lines[i][0] : lines[i][1]]):
            modes.append(lines[i])
            i += 1
        span = (lo, modes[-1][1])
        reqs, effects = _modal(ctx, (lo, lo), modes, (1, None))
        abilities.append(n.SpellAbility(reqs, effects, ctx.text[span[0] : span[1]], span))
        return i
    dashed = dash_keyword(line, lo, _find_colon) if line.startswith(DASH_KEYWORDS) else None
    keywords = None if modal or dashed else _keyword_line(ctx, lo, hi)
    if keywords is not None:
        abilities.extend(keywords)
        return i
    chapter = _CHAPTER_RE.match(line)
    if chapter is not None:  # mtg:714.2b: a chapter ability is a triggered ability
        start = lo + chapter.end()
        start += _chapter_name(clean[start:hi])  # "I — Gungnir — ...": a flavor word
        reqs, effects = _body(ctx, start, hi)
        effects = moved_elsewhere_refused(ctx, (start, hi), effects)  # helper T1
        trig = n.Trigger("when", "chapter", n.Self(), f"chapter {chapter.group(1)}")
        abilities.append(n.TriggeredAbility(trig, reqs, effects, raw, full))
        return i
    named = _ability_word(line)
    if named:  # mtg:207.2c-d: an ability word or flavor word has no rules meaning
        lo += named
        line = clean[lo:hi]
    speed = max_speed(line, lo, _find_colon) if line.startswith("Max speed") else None
    speed = dashed or speed  # "Forecast —", "Exhaust —" (helper R6)
    if speed is not None and speed.span:  # mtg:702.178a: only at max speed
        lo = speed.span[1]
        line = clean[lo:hi]
    colon = -1 if line.startswith(("When", "At ")) else _find_colon(line)
    trigger = None if colon >= 0 else _TRIGGER_RE.match(line)
    if colon >= 0:
        body = (lo + colon + 1, hi)
    elif trigger:
        body = (lo + trigger.end(), hi)
    else:
        body = (lo, hi)
    if modal:
        head_end = lo + modal.start()
        counts = _MODAL_COUNTS[modal.group(1).lower()]
        repeatable = modal.group("repeat") is not None  # mtg:700.2d
        reqs, effects = _modal(ctx, (body[0], head_end), bullets, counts, repeatable)
        if modal.group("distinct") is not None:  # an exception to mtg:115.3
            effects = tuple(
                replace(e, distinct_targets=True) if isinstance(e, n.Modal) else e for e in effects
            )
        if modal.group("more") is not None:
            said = ctx.text[lo + modal.start("more") : lo + modal.end("more")]
            more = " ".join(said.split()).rstrip(".")
            effects = tuple(
                replace(e, more_if=more, more_max=_MORE_COUNTS[modal.group("count").lower()])
                if isinstance(e, n.Modal)
                else e
                for e in effects
            )
    else:
        reqs, effects = _body(ctx, body[0], body[1])
    announced = _trigger(trigger) if trigger else None
    head = effects
    reqs, effects = _settled(ctx, body, (reqs, effects), announced, colon >= 0)
    # a die roll's results table is part of its ability (mtg:706.3b)
    read_row = partial(_table_row, head=head, trigger=announced, activated=colon >= 0)
    effects, after = results_table(ctx, lines, i, effects, read_row, trailing=_is_restriction)
    if after > i:
        i, full = after, (full[0], lines[after - 1][1])
        raw = ctx.text[full[0] : full[1]]
    if colon >= 0 or trigger:
        effects, limits = _restrictions(ctx, effects, activated=colon >= 0)
        limits += (speed,) if speed is not None else ()
    if colon >= 0:
        cost_text = " ".join(line[:colon].split())
        cost = n.Cost(tuple(p.strip() for p in cost_text.split(",")), cost_text)
        abilities.append(n.ActivatedAbility(cost, reqs, effects, raw, full, limits))
    elif trigger:
        trig = _trigger(trigger)
        abilities.append(n.TriggeredAbility(trig, reqs, effects, raw, full, limits))
    elif effects and all(
        isinstance(e, n.TargetCostChange | n.TargetingCostChange | n.AdditionalCost)
        for e in effects
    ):
        # a cost change works while the spell is being cast: a static ability, not
        # an effect of its resolution (mtg:601.2f)
        abilities.append(n.StaticAbility(raw, full, reqs, effects))
    elif is_spell or (type_line is None and _any_effect(effects)):
        abilities.append(n.SpellAbility(reqs, effects, raw, full))
    else:
        static_effects = tuple(e for e in effects if isinstance(e, _STATIC_EFFECTS))
        abilities.append(n.StaticAbility(raw, full, reqs, static_effects))
    return i


#: what a line of text made (abilities and the spans not read), by its words as printed
#: and as cleaned, whether the card is an instant or sorcery and whether it has no type
#: line: a pool repeats lines ("Flying", "~ enters tapped.") thousands of times. Kept only
#: for a line read alone (no bullets, modes or results table after it).
_LINES: dict[
    tuple[str, str, bool, bool], tuple[int, tuple[n.Ability, ...], tuple[n.Unsupported, ...]]
] = {}
_LINES_MAX = 100_000


def parse_magic(text: str, name: str | None = None, type_line: str | None = None) -> n.CardText:
    """Parse one face's Magic rules text (mtg:207.1) into typed nodes."""
    clean = preprocess(text, name, legendary=type_line is not None and "Legendary" in type_line)
    is_spell = type_line is not None and bool(_SPELL_TYPES.search(type_line))
    ctx = TextContext(text, clean, spell=is_spell)
    abilities: list[n.Ability] = []
    lines = text_lines(clean)
    i = 0
    while i < len(lines):
        lo, hi = lines[i]
        key = (text[lo:hi], clean[lo:hi], is_spell, type_line is None)
        kept = _LINES.get(key)
        if kept is not None:
            origin, made, missed = kept
            abilities.extend(shift_spans(made, lo - origin))
            ctx.unsupported.extend(shift_spans(missed, lo - origin))
            i += 1
            continue
        made_before, missed_before = len(abilities), len(ctx.unsupported)
        after = _read_line(ctx, lines, i, abilities, is_spell, type_line)
        if after == i + 1 and len(_LINES) < _LINES_MAX and _alone(key[1], abilities[made_before:]):
            made = tuple(abilities[made_before:])
            _LINES[key] = (lo, made, tuple(ctx.unsupported[missed_before:]))
        i = after
    return n.CardText("mtg", text, tuple(abilities), tuple(ctx.unsupported), name)


def _alone(line: str, made: list[n.Ability]) -> bool:
    """Whether what ``line`` made depends on that line alone: not where the next lines
    could have joined it (a modal spell's bullets, a spree's modes, a die roll's results
    table) had they been there."""
    return not (
        _MODAL_RE.search(line)
        or _SPREE_RE.match(line)
        or any(
            isinstance(effect, n.RollDie)
            for ability in made
            for effect in getattr(ability, "effects", ())
        )
    )


__all__ = ["ANY_TARGET", "ANY_TARGET_KINDS", "parse_magic", "parser", "preprocess"]
