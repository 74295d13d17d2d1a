"""Coverage of a card pool: how much of its text the grammar reads (benchmark, CLI).

A card is *fully understood* for targets when no target phrase in its text is
left unsupported: every declaring "target" (not "can't be the target of", "new
targets", "that targets", ...) is covered by a parsed requirement and no
qualifier right after a phrase was left unread.

A face is *effect-understood* when it says "target" and every sentence of it that
mentions a target was read whole, effect included (no unsupported span mentioning
"target"): the second figure the report gives, the share of target faces whose
targeted effects the grammar understands.

Which cards count as *target cards*: by default those whose text contains "target" in
lower case (the issue's definition: 9,605 Magic cards of the 2025-09-25 pool);
``any_case=True`` counts the word in any case, as Flesh and Blood sentences often begin
with it ("Target attack gets +1{p}.").
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field

from tcgrules.carddata.model import CardDefinition
from tcgrules.cardtext.batch import collecting_less
from tcgrules.cardtext.nodes import CardText
from tcgrules.kernel.ruleset import Ruleset, find_ruleset


def target_problems(parsed: CardText) -> list[str]:
    """The unsupported target phrases of one parsed face."""
    return [f"{u.reason}: {u.text!r}" for u in parsed.unsupported if u.reason.startswith("target")]


def _shape(phrase: str) -> str:
    """An unsupported phrase with its numbers as N, so like effects count together."""
    return re.sub(r"\d+", "N", " ".join(phrase.split()))


def mentions_target(text: str, *, any_case: bool = False) -> bool:
    """Whether a card's text uses the word "target" (see the module notes on case)."""
    return "target" in (text.lower() if any_case else text)


@dataclass
class CorpusReport:
    """Counts over a pool; ``failures`` lists (card name, problem) for target cards."""

    cards: int = 0
    faces: int = 0
    target_cards: int = 0
    target_cards_ok: int = 0
    target_cards_all: int = 0
    target_cards_all_ok: int = 0
    target_faces: int = 0
    target_faces_effects_ok: int = 0
    requirements: int = 0
    unsupported: Counter[str] = field(default_factory=Counter)
    targeted_unsupported: Counter[str] = field(default_factory=Counter)
    failures: list[tuple[str, str]] = field(default_factory=list)

    def percent(self) -> float:
        return 100.0 * self.target_cards_ok / self.target_cards if self.target_cards else 100.0

    def effects_percent(self) -> float:
        """Share of target faces whose every targeted sentence is understood."""
        if not self.target_faces:
            return 100.0
        return 100.0 * self.target_faces_effects_ok / self.target_faces

    def summary(self, seconds: float, top: int = 25) -> str:
        rate = self.cards / seconds if seconds else 0.0
        lines = [
            f"cards parsed:             {self.cards} ({self.faces} faces)",
            f"target requirements:      {self.requirements}",
            f"target cards (top text):  {self.target_cards}",
            f"  every target understood: {self.target_cards_ok} ({self.percent():.2f}%)",
            f"target cards (all faces): {self.target_cards_all}, understood "
            f"{self.target_cards_all_ok}",
            f"target faces:             {self.target_faces}",
            f"  every targeted effect understood: {self.target_faces_effects_ok} "
            f"({self.effects_percent():.2f}%)",
            f"seconds:                  {seconds:.2f}",
            f"cards/second:             {rate:.0f}",
            f"most common unsupported phrases (top {top}):",
        ]
        lines += [f"  {count:6d}  {phrase}" for phrase, count in self.unsupported.most_common(top)]
        lines.append(f"most common targeted effects not understood (top {top}):")
        lines += [
            f"  {count:6d}  {shape}" for shape, count in self.targeted_unsupported.most_common(top)
        ]
        return "\n".join(lines)

    def failure_list(self, count: int = 40) -> str:
        """The first ``count`` target failures, one per line (the work queue)."""
        lines = [f"first {count} failures (the work queue):"]
        lines += [f"  {name}: {problem}" for name, problem in self.failures[:count]]
        return "\n".join(lines)


def corpus_report(cards: Iterable[CardDefinition], *, any_case: bool = False) -> CorpusReport:
    """Parse every face of every card with its own game's grammar and count coverage;
    ``any_case`` also counts cards whose only "target" is capitalised."""
    with collecting_less():
        return _corpus_report(cards, any_case=any_case)


def _corpus_report(cards: Iterable[CardDefinition], *, any_case: bool) -> CorpusReport:
    report = CorpusReport()
    rulesets: dict[str, Ruleset] = {}
    for card in cards:
        report.cards += 1
        problems: list[str] = []
        ruleset = rulesets.get(card.game)
        if ruleset is None:
            ruleset = rulesets[card.game] = find_ruleset(card.game)()
        for face in card.faces or (card,):
            report.faces += 1
            parsed = ruleset.card_text(face)
            report.requirements += len(parsed.target_requirements())
            for node in parsed.unsupported:
                report.unsupported[node.text] += 1
            problems += target_problems(parsed)
            if mentions_target(face.text, any_case=any_case):
                targeted = [
                    u.text for u in parsed.unsupported if mentions_target(u.text, any_case=True)
                ]
                report.target_faces += 1
                report.target_faces_effects_ok += not targeted
                for phrase in targeted:
                    report.targeted_unsupported[_shape(phrase)] += 1
        has_target = mentions_target(card.text, any_case=any_case)
        has_any = has_target or any(mentions_target(f.text, any_case=any_case) for f in card.faces)
        if has_any:
            report.target_cards_all += 1
            report.target_cards_all_ok += not problems
        if has_target:
            report.target_cards += 1
            report.target_cards_ok += not problems
            report.failures.extend((card.name, p) for p in problems)
    return report
