"""Worker processes that run what the workbench is asked, each request bounded in time.

A thread cannot be stopped from outside; a process can. Each worker is a process
started with ``spawn`` (safe next to the server's threads) that imports tcgrules once
and then answers requests: the name of a :mod:`tcgrules.web.service` function and its
arguments, and back either its data or the :class:`~tcgrules.web.service.Problem` it
raised. A request that takes longer than the time limit ends its worker (which is
replaced) and raises :class:`Timeout`.
"""

from __future__ import annotations

import contextlib
import multiprocessing
import queue
import sys
import threading
import traceback
from collections.abc import Mapping
from multiprocessing.connection import Connection
from multiprocessing.process import BaseProcess
from typing import Any

from tcgrules.web.service import Problem

#: the service functions a worker answers
TASKS = ("run", "board", "explain")

#: how long a new worker may take to import tcgrules and say it is ready, in seconds
STARTUP_SECONDS = 120.0


class Timeout(Exception):
    """A request ran over the time limit; its worker was stopped."""

    def __init__(self, seconds: float) -> None:
        super().__init__(f"the request ran for more than {seconds:g} s and was stopped")
        self.seconds = seconds


class WorkerFailed(Exception):
    """A worker process stopped without answering (it is replaced)."""


def _serve(conn: Connection, pools: Mapping[str, str]) -> None:
    """A worker's loop: import, set the card pools, say ready, answer until told to stop."""
    from tcgrules.carddata.pool import use_pool  # noqa: PLC0415  (in the child only)
    from tcgrules.web import service  # noqa: PLC0415

    for game, path in pools.items():
        use_pool(game, path)
    conn.send(("ready",))
    while True:
        try:
            message = conn.recv()
        except EOFError:
            return
        if message is None:
            return
        name, kwargs = message
        try:
            if name not in TASKS:
                raise Problem(400, f"unknown task {name!r}")
            data = getattr(service, name)(**kwargs)
            conn.send(("ok", data))
        except Problem as exc:
            conn.send(("problem", exc.status, exc.message, exc.details, exc.extra))
        except Exception as exc:  # a bug: its message to the client, the traceback to the log
            traceback.print_exc(file=sys.stderr)
            conn.send(("error", f"{type(exc).__name__}: {exc}"))


class Worker:
    """One worker process, started on first use and restarted after a timeout."""

    def __init__(self, pools: Mapping[str, str]) -> None:
        self.pools = dict(pools)
        self._process: BaseProcess | None = None
        self._conn: Connection | None = None
        self._ready = False

    def start(self) -> None:
        context = multiprocessing.get_context("spawn")
        parent, child = context.Pipe()
        process = context.Process(
            target=_serve, args=(child, self.pools), daemon=True, name="tcgrules-web-worker"
        )
        process.start()
        child.close()
        self._process, self._conn, self._ready = process, parent, False

    def _wait_ready(self) -> Connection:
        if self._conn is None or self._process is None or not self._process.is_alive():
            self.stop()
            self.start()
        conn = self._conn
        assert conn is not None
        if not self._ready:
            if not conn.poll(STARTUP_SECONDS):
                self.stop()
                raise WorkerFailed("the worker did not start in time")
            try:
                conn.recv()
            except EOFError:
                self.stop()
                raise WorkerFailed("the worker stopped as it started") from None
            self._ready = True
        return conn

    def call(self, name: str, kwargs: Mapping[str, Any], seconds: float) -> Any:
        """The data of ``service.<name>(**kwargs)``; raises its Problem, or Timeout."""
        conn = self._wait_ready()
        conn.send((name, dict(kwargs)))
        if not conn.poll(seconds):
            self.stop()
            raise Timeout(seconds)
        try:
            reply = conn.recv()
        except EOFError:
            self.stop()
            raise WorkerFailed("the worker stopped while answering") from None
        if reply[0] == "ok":
            return reply[1]
        if reply[0] == "problem":
            _, status, message, details, extra = reply
            raise Problem(status, message, details, **extra)
        raise WorkerFailed(reply[1])

    def stop(self) -> None:
        process, conn = self._process, self._conn
        self._process = self._conn = None
        self._ready = False
        if conn is not None:
            with contextlib.suppress(OSError, ValueError):
                conn.send(None)
            conn.close()
        if process is not None:
            process.join(0.2)
            if process.is_alive():
                process.kill()
                process.join(5)


class WorkerPool:
    """``size`` workers; a request waits for a free one."""

    def __init__(self, size: int = 1, pools: Mapping[str, str] | None = None) -> None:
        self._idle: queue.Queue[Worker] = queue.Queue()
        self._all = [Worker(pools or {}) for _ in range(max(1, size))]
        for worker in self._all:
            self._idle.put(worker)
        self._lock = threading.Lock()

    def start(self) -> None:
        """Start every worker now (each imports tcgrules while the server starts)."""
        with self._lock:
            for worker in self._all:
                if worker._process is None:
                    worker.start()

    def call(self, name: str, kwargs: Mapping[str, Any], seconds: float) -> Any:
        worker = self._idle.get()
        try:
            return worker.call(name, kwargs, seconds)
        finally:
            self._idle.put(worker)

    def close(self) -> None:
        for worker in self._all:
            worker.stop()


__all__ = ["TASKS", "Timeout", "Worker", "WorkerFailed", "WorkerPool"]
