"""SQLite, with writers queued in the kernel.

SQLite lets one writer at a time hold the database; another that asks (BEGIN IMMEDIATE) is refused and
sleeps in SQLite's busy handler, which polls at 1, 2, 5, 10 … ms. A write here holds the lock for about a
millisecond, so a waiting writer mostly sleeps past the moment it was freed, and the processor idles.
This backend takes an exclusive flock(2) on `<database>-writer.lock` before BEGIN and lets it go after
COMMIT or ROLLBACK: a waiting writer is woken by the kernel the moment the one before it is done. Readers
are not affected (WAL), nor is a write outside a transaction (it waits in SQLite's busy handler, as before).
A database in memory has no file to lock and goes as before.

A writer waits for as long as the one before it holds the lock (the kernel frees it when that process ends),
not SQLite's 20 seconds: a write holds it for milliseconds, but a process stopped in the middle of one (in
a debugger, say) holds up the others until it goes on.
"""

from __future__ import annotations

import fcntl
import os

from django.db.backends.sqlite3 import base


class DatabaseWrapper(base.DatabaseWrapper):
    _writer_fd: int | None = None
    _writer_pid = 0
    _writer_held = False

    def _writer_lock(self):
        if self.is_in_memory_db():
            return
        if self._writer_fd is None or self._writer_pid != os.getpid():      # a forked child opens its own
            self._writer_fd = os.open(f"{self.settings_dict['NAME']}-writer.lock", os.O_RDWR | os.O_CREAT, 0o600)
            self._writer_pid = os.getpid()
        fcntl.flock(self._writer_fd, fcntl.LOCK_EX)
        self._writer_held = True

    def _writer_unlock(self):
        if self._writer_held:
            self._writer_held = False
            fcntl.flock(self._writer_fd, fcntl.LOCK_UN)

    def _start_transaction_under_autocommit(self):
        self._writer_lock()
        try:
            super()._start_transaction_under_autocommit()
        except BaseException:
            self._writer_unlock()
            raise

    def _commit(self):
        try:
            super()._commit()
        finally:
            self._writer_unlock()

    def _rollback(self):
        try:
            super()._rollback()
        finally:
            self._writer_unlock()

    def _close(self):
        try:
            super()._close()
        finally:
            self._writer_unlock()
            if self._writer_fd is not None:
                os.close(self._writer_fd)
                self._writer_fd = None
