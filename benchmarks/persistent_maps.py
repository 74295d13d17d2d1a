"""Persistent maps against copy on first write, for a game table (issue #13).

A game's tables (objects, characteristics cache...) are dicts copied on a copy's first
write. This measures, for tables of 200 and 5,000 entries, what a search loop pays per
table: copy the game and change one entry (copy-on-first-write dict; ``immutables.Map``,
a HAMT in C; ``pyrsistent.pmap``), read 20 entries, and iterate the values once; and the
memory a copy holds after its first write. Either library is skipped if not installed.

Run: ``python benchmarks/persistent_maps.py``.
"""

from __future__ import annotations

import gc
import importlib
import tracemalloc
from collections.abc import Callable
from typing import Any

from board import per_call  # the same timing as benchmarks/board.py

SIZES = (200, 5000)


def held(make: Callable[[], object]) -> int:
    gc.collect()
    tracemalloc.start()
    before = tracemalloc.get_traced_memory()[0]
    kept = make()
    gc.collect()
    size = tracemalloc.get_traced_memory()[0] - before
    tracemalloc.stop()
    del kept
    return size


def kinds(size: int) -> dict[str, tuple[Any, Callable[[Any, int, object], Any]]]:
    """Each kind of table: a table of ``size`` entries, and "copy, then set one entry"."""
    values = {i: ("object", i) for i in range(size)}

    def dict_write(table: dict[int, object], key: int, value: object) -> dict[int, object]:
        mine = dict(table)  # the copy's first write copies the table
        mine[key] = value
        return mine

    found: dict[str, tuple[Any, Callable[[Any, int, object], Any]]] = {
        "dict, copied on first write": (values, dict_write)
    }
    try:
        immutables = importlib.import_module("immutables")
        found["immutables.Map"] = (immutables.Map(values), lambda t, k, v: t.set(k, v))
    except ImportError:
        pass
    try:
        pyrsistent = importlib.import_module("pyrsistent")
        found["pyrsistent.pmap"] = (pyrsistent.pmap(values), lambda t, k, v: t.set(k, v))
    except ImportError:
        pass
    return found


def main() -> None:
    for size in SIZES:
        print(f"table of {size:,} entries:")
        for name, (table, write) in kinds(size).items():
            keys = list(range(0, size, max(1, size // 20)))[:20]
            w = per_call(lambda t=table, f=write: f(t, 7, "changed"), 2000)

            def reads(t: Any = table, ks: list[int] = keys) -> None:
                for k in ks:
                    t[k]

            r = per_call(reads, 2000) / len(keys)
            it = per_call(lambda t=table: sum(1 for _ in t.values()), 50)
            mem = held(lambda t=table, f=write: f(t, 7, "changed"))
            print(
                f"  {name:<28} copy + first write {w * 1e6:7.2f} µs   read {r * 1e9:5.0f} ns"
                f"   iterate {it * 1e6:8.1f} µs   held after the write {mem / 1024:6.1f} KB"
            )


if __name__ == "__main__":
    main()
