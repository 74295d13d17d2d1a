"""Read rule numbers out of the games' comprehensive rules texts.

These helpers never copy rule text into the package: they only list which
numbers exist, so tests can check that every catalog entry names a real rule.

- MTG and FaB number their rules at the start of a line (``115.7a``, ``2.14.1b``).
- Grand Archive numbers list items inside rulebook pages; see :func:`ga_items`
  for how we turn the markdown into references such as
  ``objects-and-targeting/target-2.1``.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable

_MTG_HEADING = re.compile(r"^(\d{3}(?:\.\d+[a-z]?)?)\.?\s", re.MULTILINE)
_FAB_HEADING = re.compile(r"^(\d+(?:\.\d+)*[a-z]?)\s", re.MULTILINE)

_FILE = re.compile(r"^<!-- FILE: (.+?) -->\s*$")
_SECTION = re.compile(r"^####\s+(.*?)\s*$")
_ITEM = re.compile(r"^(\s*)\d+\.\s+\S")
_TAG = re.compile(r"<[^>]+>")


def mtg_rule_numbers(text: str) -> set[str]:
    """Every rule number written as a heading in the MTG comprehensive rules.

    ``109. Objects`` gives ``109``; ``109.1. An object...`` gives ``109.1``;
    ``109.2a If...`` gives ``109.2a``.
    """
    return set(_MTG_HEADING.findall(text))


def fab_rule_numbers(text: str) -> set[str]:
    """Every rule number written as a heading in the FaB comprehensive rules."""
    return {n for n in _FAB_HEADING.findall(text) if "." in n or n.isdigit()}


def ga_page_name(path: str) -> str:
    """The page part of a GA reference, from the ``<!-- FILE: ... -->`` path.

    The file name without ``.md`` and without a leading ``game-mechanics-``;
    a folder's ``README.md`` is named after the folder
    (``game-mechanics/game-mechanics-game-zones/README.md`` -> ``game-zones``).
    """
    parts = path.strip().split("/")
    name = parts[-1]
    if name.lower() == "readme.md" and len(parts) > 1:
        name = parts[-2]
    name = name.removesuffix(".md")
    return name.removeprefix("game-mechanics-")


def slugify(heading: str) -> str:
    """``"General Rules:"`` -> ``general-rules``; ``Inner Lineage <a ...>`` -> ``inner-lineage``."""
    text = _TAG.sub("", heading).lower()
    text = re.sub(r"[^a-z0-9]+", "-", text)
    return text.strip("-")


def ga_items(text: str) -> dict[str, str]:
    """Every numbered item of the GA rulebook: reference (without ``ga:``) -> its line.

    Numbering follows the rendered order, not the digits typed in the markdown:
    inside one ``####`` section, the n-th item at a nesting level under the same
    parent is number n. The markdown restarts its lists after hint blocks (the
    Target section of Objects and Targeting types ``1.`` for its second item),
    but the page reads as one list, so we keep counting. Items inside
    ``{% hint %}`` blocks are examples and get no number. Items before the first
    ``####`` heading of a page are numbered ``<page>/<n>``.
    """
    items: dict[str, str] = {}
    page = ""
    section = ""
    counters: list[int] = []
    indents: list[int] = []
    in_hint = False
    for line in text.splitlines():
        file_match = _FILE.match(line)
        if file_match:
            page = ga_page_name(file_match.group(1))
            section, counters, indents, in_hint = "", [], [], False
            continue
        if "{% hint" in line:
            in_hint = True
        if in_hint:
            if "{% endhint" in line:
                in_hint = False
            continue
        section_match = _SECTION.match(line)
        if section_match:
            section = slugify(section_match.group(1))
            counters, indents = [], []
            continue
        item_match = _ITEM.match(line)
        if not item_match or not page:
            continue
        indent = len(item_match.group(1).expandtabs(4))
        while indents and indent < indents[-1]:
            indents.pop()
            counters.pop()
        if not indents or indent > indents[-1]:
            indents.append(indent)
            counters.append(1)
        else:
            counters[-1] += 1
        path = ".".join(str(c) for c in counters)
        ref = f"{page}/{section}-{path}" if section else f"{page}/{path}"
        items[ref] = line.strip()
    return items


def ga_pages(text: str) -> set[str]:
    """Every page name of the GA rulebook (for references to a whole page)."""
    return {ga_page_name(m.group(1)) for line in text.splitlines() if (m := _FILE.match(line))}


def ga_sections(text: str) -> set[str]:
    """Every ``<page>/<section>`` of the GA rulebook (for references to a whole section)."""
    out: set[str] = set()
    page = ""
    for line in text.splitlines():
        if m := _FILE.match(line):
            page = ga_page_name(m.group(1))
        elif (s := _SECTION.match(line)) and page:
            out.add(f"{page}/{slugify(s.group(1))}")
    return out


def known_numbers(game: str, text: str) -> set[str]:
    """Every number a reference of ``game`` may use, read from that game's rules text."""
    reader = _NUMBER_READERS.get(game)
    if reader is None:
        raise ValueError(f"unknown game {game!r}")
    return reader(text)


def _ga_numbers(text: str) -> set[str]:
    return set(ga_items(text)) | ga_pages(text) | ga_sections(text)


#: how each game's rules text numbers its rules
_NUMBER_READERS: dict[str, Callable[[str], set[str]]] = {
    "mtg": mtg_rule_numbers,
    "fab": fab_rule_numbers,
    "ga": _ga_numbers,
}


def missing(numbers: Iterable[str], known: set[str]) -> list[str]:
    """The numbers that are not in ``known``, sorted."""
    return sorted(n for n in numbers if n not in known)
