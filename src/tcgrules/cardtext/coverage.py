"""Coverage of a card pool: how much of its text the grammar reads (benchmark, CLI).

A card is *fully understood* for targets when no target phrase in its text is
left unsupported: every declaring "target" (not "can't be the target of", "new
targets", "that targets", ...) is covered by a parsed requirement and no
qualifier right after a phrase was left unread.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field

from tcgrules.carddata.model import CardDefinition
from tcgrules.cardtext import parse_card
from tcgrules.cardtext.nodes import CardText


def target_problems(parsed: CardText) -> list[str]:
    """The unsupported target phrases of one parsed face."""
    return [f"{u.reason}: {u.text!r}" for u in parsed.unsupported if u.reason.startswith("target")]


@dataclass
class CorpusReport:
    """Counts over a pool; ``failures`` lists (card name, problem) for target cards."""

    cards: int = 0
    faces: int = 0
    target_cards: int = 0
    target_cards_ok: int = 0
    target_cards_all: int = 0
    target_cards_all_ok: int = 0
    requirements: int = 0
    unsupported: Counter[str] = field(default_factory=Counter)
    failures: list[tuple[str, str]] = field(default_factory=list)

    def percent(self) -> float:
        return 100.0 * self.target_cards_ok / self.target_cards if self.target_cards else 100.0

    def summary(self, seconds: float, top: int = 25) -> str:
        rate = self.cards / seconds if seconds else 0.0
        lines = [
            f"cards parsed:             {self.cards} ({self.faces} faces)",
            f"target requirements:      {self.requirements}",
            f"target cards (top text):  {self.target_cards}",
            f"  every target understood: {self.target_cards_ok} ({self.percent():.2f}%)",
            f"target cards (all faces): {self.target_cards_all}, understood "
            f"{self.target_cards_all_ok}",
            f"seconds:                  {seconds:.2f}",
            f"cards/second:             {rate:.0f}",
            f"most common unsupported phrases (top {top}):",
        ]
        lines += [f"  {count:6d}  {phrase}" for phrase, count in self.unsupported.most_common(top)]
        return "\n".join(lines)


def corpus_report(cards: Iterable[CardDefinition]) -> CorpusReport:
    """Parse every face of every card and count coverage."""
    report = CorpusReport()
    for card in cards:
        report.cards += 1
        problems: list[str] = []
        for face in card.faces or (card,):
            report.faces += 1
            parsed = parse_card(card.game, face.text, name=face.name, type_line=face.type_line)
            report.requirements += len(parsed.target_requirements())
            for node in parsed.unsupported:
                report.unsupported[node.text] += 1
            problems += target_problems(parsed)
        has_target = "target" in card.text
        has_any = has_target or any("target" in f.text for f in card.faces)
        if has_any:
            report.target_cards_all += 1
            report.target_cards_all_ok += not problems
        if has_target:
            report.target_cards += 1
            report.target_cards_ok += not problems
            report.failures.extend((card.name, p) for p in problems)
    return report
