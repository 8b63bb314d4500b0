"""SQLite's writers queue on a lock file (adhiniyam.site.sqlite): a transaction holds it from BEGIN to COMMIT
or ROLLBACK, so the next writer is woken when it is free rather than polling in SQLite's busy handler."""

import fcntl
import os

import pytest
from django.db.utils import ConnectionHandler


def connect(name: str):
    """A connection of its own (not the tests' database) through the project's SQLite backend."""
    return ConnectionHandler({"default": {"ENGINE": "adhiniyam.site.sqlite", "NAME": name,
                                          "OPTIONS": {"transaction_mode": "IMMEDIATE"}}})["default"]


@pytest.fixture
def wrapper(tmp_path, django_db_blocker):
    django_db_blocker.unblock()
    conn = connect(str(tmp_path / "db.sqlite3"))
    with conn.cursor() as cur:
        cur.execute("CREATE TABLE t (x integer)")
    yield conn, str(tmp_path / "db.sqlite3-writer.lock")
    conn.close()
    django_db_blocker.restore()


def free(path: str) -> bool:
    """Whether another open file (another writer) could take the lock now."""
    fd = os.open(path, os.O_RDWR)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        return True
    except BlockingIOError:
        return False
    finally:
        os.close(fd)


def begin(conn):
    conn.set_autocommit(False, force_begin_transaction_with_broken_autocommit=True)


def test_a_transaction_holds_the_writer_lock_until_commit(wrapper):
    conn, lock = wrapper
    begin(conn)
    with conn.cursor() as cur:
        cur.execute("INSERT INTO t VALUES (1)")
    assert not free(lock)
    conn.commit()
    conn.set_autocommit(True)
    assert free(lock)
    with conn.cursor() as cur:
        cur.execute("SELECT count(*) FROM t")
        assert cur.fetchone() == (1,)


def test_rollback_and_close_let_the_lock_go(wrapper):
    conn, lock = wrapper
    begin(conn)
    assert not free(lock)
    conn.rollback()
    conn.set_autocommit(True)
    assert free(lock)
    begin(conn)
    assert not free(lock)
    conn.close()
    assert free(lock)


def test_a_database_in_memory_has_no_lock_file(tmp_path, django_db_blocker, monkeypatch):
    monkeypatch.chdir(tmp_path)
    django_db_blocker.unblock()
    conn = connect(":memory:")
    begin(conn)
    conn.rollback()
    conn.close()
    django_db_blocker.restore()
    assert not list(tmp_path.iterdir())
