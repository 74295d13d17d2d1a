"""docs/events.md lists every kind of event the library logs (read from the source)."""

from __future__ import annotations

import ast
import re
from pathlib import Path

ROOT = Path(__file__).parent.parent

#: kinds made at run time from a variable: the values it takes
_DYNAMIC = {
    "life_gained",
    "life_lost",
    "phased_out",
    "phased_in",
    "tapped",
    "untapped",
    "cast",
    "play",
    "materialize",
    "activated",
    "exiled",
    "discarded",
}


def _logged_kinds() -> set[str]:
    kinds: set[str] = set()
    for path in (ROOT / "src" / "tcgrules").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Name)
                and node.func.id == "Event"
                and node.args
            ):
                for part in ast.walk(node.args[0]):
                    if isinstance(part, ast.Constant) and isinstance(part.value, str):
                        kinds.add(part.value)
    return kinds | _DYNAMIC


def test_every_event_kind_is_documented() -> None:
    documented = set(
        re.findall(r"`([a-z_]+)`", (ROOT / "docs" / "events.md").read_text(encoding="utf-8"))
    )
    missing = sorted(_logged_kinds() - documented)
    assert not missing, f"add these event kinds to docs/events.md: {missing}"
