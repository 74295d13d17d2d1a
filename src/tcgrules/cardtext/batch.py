"""Reading many cards at once (a whole pool): settings for a batch job.

Reading card text allocates many small objects (tokens, trees, nodes) while the
caches of readings already made grow large and live long. Python's cyclic garbage
collector runs after every few hundred new objects and now and then walks every
live object; on a whole Magic pool that walking costs a tenth or more of the time
and frees nothing (the objects made while reading form no cycles that outlive it).
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager

#: new objects between two collections of the youngest generation while reading in bulk
#: (Python's own default is 700), and how many of those before an older one
BATCH_THRESHOLDS = (50_000, 20, 100)


@contextmanager
def collecting_less() -> Iterator[None]:
    """Run the block with the collector running less often (never disabled: cycles
    made meanwhile are still found), then put its settings back as they were."""
    before = gc.get_threshold()
    gc.set_threshold(*(max(a, b) for a, b in zip(BATCH_THRESHOLDS, before, strict=False)))
    try:
        yield
    finally:
        gc.set_threshold(*before)


__all__ = ["BATCH_THRESHOLDS", "collecting_less"]
