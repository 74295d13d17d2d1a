"""The builder's refusal, in a module of its own so that every builder mixin can raise it."""

from __future__ import annotations


class NotRead(Exception):
    """A tree the grammar accepts but the builder can't give a meaning to; the sentence
    is then kept as not understood."""


__all__ = ["NotRead"]
