"""Through the real server (gunicorn, separate worker processes) on a real database:

- concurrency: two officers decide the same case at the same moment, from two worker processes, on
  SQLite and on PostgreSQL: exactly one wins (201), the other gets 409 and nothing of theirs is
  stored; officers writing to different cases of one body at once all succeed and the body's hash
  chain stays whole (`adhiniyam audit verify`);
- crash safety (PostgreSQL): a stream of writes from several clients, the server killed with SIGKILL
  in the middle, restarted: every write that was acknowledged is there and the audit chain verifies;
- a write whose answer was lost (the server killed after the commit) retried with its Idempotency-Key
  after the restart: the first answer again, nothing stored twice (SQLite and PostgreSQL);
- a flood of anonymous complaints from one address, spread over the worker processes, is cut at the
  limit exactly: the count is in the database, not in a process.
"""

from __future__ import annotations

import json
import os
import socket
import sqlite3
import threading
import time
from concurrent.futures import ThreadPoolExecutor

import pytest
from robustness_harness import Database, PgCluster, Server

KINDS = ["sqlite", "postgresql"]


@pytest.fixture(scope="module")
def pg():
    cluster = PgCluster()
    yield cluster
    cluster.stop()


def _db(kind, pg):
    return Database(kind, pg if kind == "postgresql" else None)


def _opening(n):
    return {"procedure": "building_permission", "title": f"stream {n}",
            "event": {"type": "application_received", "on": "2026-01-05", "data": {"complete": True},
                      "late_reason": "paper received at the counter on 5 January"},
            "applicant": {"name": f"Applicant {n}"}, "property": {"address": f"House {n}"}}


@pytest.mark.parametrize("kind", KINDS)
def test_two_officers_decide_the_same_case_at_once(kind, pg):
    db = _db(kind, pg)
    rounds = 4
    seeded = db.migrate_and_seed(cases=rounds)
    tok = seeded["tokens"]
    server = Server(db, workers=3).start()
    try:
        results = []
        for cid in seeded["cases"]:
            barrier = threading.Barrier(2)
            decisions = [("secretary", {"type": "permission_granted", "on": "2026-01-10", "version": 1}),
                         ("secretary2", {"type": "permission_refused", "on": "2026-01-10",
                                         "data": {"reasons": "setback under 3 m"}, "version": 1})]

            def decide(who, payload, cid=cid, barrier=barrier):
                barrier.wait()
                return who, server.request("POST", f"/api/cases/{cid}/actions", tok[who], payload)

            with ThreadPoolExecutor(2) as pool:
                answers = list(pool.map(lambda d: decide(*d), decisions))
            codes = sorted(a[1][0] for a in answers)
            assert codes == [201, 409], answers
            winner = next(w for w, (code, _b, _h) in answers if code == 201)
            loser = next(body for _w, (code, body, headers) in answers if code == 409)
            assert loser["code"] == "stale_version" and "version" in loser["detail"]
            status, case, _h = server.request("GET", f"/api/cases/{cid}", tok["secretary"])
            assert status == 200 and case["version"] == 2 and len(case["events"]) == 2
            assert case["status"] == ("granted" if winner == "secretary" else "refused")
            assert case["events"][1]["actor"] == winner
            results.append(winner)
        # many officers, different cases of one body, at once: every write lands, the chain stays whole
        _s, fresh, _h = server.request("POST", "/api/bodies/ga-taleigao/cases", tok["clerk"], _opening(0))
        with ThreadPoolExecutor(6) as pool:
            opened = list(pool.map(lambda n: server.request("POST", "/api/bodies/ga-taleigao/cases", tok["clerk"],
                                                            _opening(n)), range(8)))
        assert [o[0] for o in opened] == [201] * 8, [o[1] for o in opened if o[0] != 201]
    finally:
        server.stop()
    verify = db.adhiniyam("audit", "verify")
    assert f"audit chain intact: {rounds * 2 + 9} events" in verify.stdout
    db.drop()


def test_sigkill_during_a_stream_of_writes_loses_no_acknowledged_write(pg):
    db = _db("postgresql", pg)
    seeded = db.migrate_and_seed(cases=0)
    tok = seeded["tokens"]
    server = Server(db, workers=2).start()
    acked, errors, stop = [], [], threading.Event()
    lock = threading.Lock()

    def writer(w):
        n = 0
        while not stop.is_set():
            n += 1
            try:
                code, body, _h = server.request("POST", "/api/bodies/ga-taleigao/cases", tok["clerk"],
                                                _opening(f"{w}-{n}"), timeout=10)
                if code != 201:
                    errors.append((code, body))
                    continue
                with lock:
                    acked.append(("case", body["id"], body["number"], 1))
                code, act, _h = server.request("POST", f"/api/cases/{body['id']}/actions", tok["secretary"],
                                               {"type": "observations_dispatched", "on": "2026-01-07",
                                                "late_reason": "letter of 7 January",
                                                "data": {"observations": f"note {w}-{n}"}, "version": 1},
                                               timeout=10)
                if code == 201:
                    with lock:
                        acked.append(("action", body["id"], body["number"], act["version"]))
            except Exception:       # the server died under us: this write was never acknowledged
                if stop.is_set():
                    return
                time.sleep(0.05)

    threads = [threading.Thread(target=writer, args=(w,)) for w in range(4)]
    for t in threads:
        t.start()
    deadline = time.time() + 60
    while len(acked) < 40 and time.time() < deadline:
        time.sleep(0.05)
    server.kill()                   # SIGKILL to the master and every worker, mid-stream
    killed_at = len(acked)
    stop.set()
    for t in threads:
        t.join(timeout=30)
    assert killed_at >= 20, f"only {killed_at} writes acknowledged before the kill; errors: {errors[:3]}"
    assert not errors, errors[:3]

    restarted = Server(db, workers=2).start()
    try:
        for kind, cid, number, version in list(acked):
            code, case, _h = restarted.request("GET", f"/api/cases/{cid}", tok["secretary"])
            assert code == 200, (kind, cid, case)
            assert case["number"] == number and case["version"] >= version
            if kind == "action":
                assert [e["type"] for e in case["events"]][:2] == ["application_received", "observations_dispatched"]
                assert case["status"] == "observations_pending"
        # the service goes on after the crash
        code, body, _h = restarted.request("POST", "/api/bodies/ga-taleigao/cases", tok["clerk"], _opening("after"))
        assert code == 201
    finally:
        restarted.stop()
    assert "audit chain intact" in db.adhiniyam("audit", "verify").stdout
    # no half-written case: every case has its opening event
    assert db.query("SELECT count(*) FROM records_case c WHERE NOT EXISTS "
                    "(SELECT 1 FROM records_caseevent e WHERE e.case_id = c.id AND e.seq = 1)") == [[0]]
    db.drop()


def test_server_answers_carry_the_security_headers():
    db = Database("sqlite")
    db.migrate_and_seed(cases=0)
    server = Server(db, workers=1).start()
    try:
        code, body, headers = server.request("GET", "/api/cases")
        assert code == 401 and headers["Content-Type"] == "application/problem+json"
        assert "frame-ancestors 'none'" in headers["Content-Security-Policy"]
        assert headers["X-Content-Type-Options"] == "nosniff"
    finally:
        server.stop()


def _scalar(db, sql: str):
    """One value from the server's database, read directly (the server may be dead)."""
    if db.kind == "sqlite":
        with sqlite3.connect(db.url.removeprefix("sqlite:///")) as conn:
            return conn.execute(sql).fetchone()[0]
    import psycopg
    with psycopg.connect(db.url) as conn:
        return conn.execute(sql).fetchone()[0]


def _send_and_never_read(server, path, token, payload, headers) -> socket.socket:
    """A client whose answer is lost: the request is sent, the answer never read."""
    body = json.dumps(payload).encode()
    head = "".join(f"{k}: {v}\r\n" for k, v in {"Host": "127.0.0.1", "Content-Type": "application/json",
                                                  "Content-Length": len(body), "Authorization": f"Bearer {token}",
                                                  **headers}.items())
    sock = socket.create_connection(("127.0.0.1", server.port), timeout=30)
    sock.sendall(f"POST {path} HTTP/1.1\r\n{head}\r\n".encode() + body)
    return sock


@pytest.mark.parametrize("kind", KINDS)
def test_a_write_retried_after_the_server_died_past_its_commit_is_not_repeated(kind, pg):
    db = _db(kind, pg)
    tok = db.migrate_and_seed(cases=0)["tokens"]
    server = Server(db, workers=2).start()
    key = {"Idempotency-Key": "c0ffee00-retry-after-crash"}
    opening = _opening("lost answer")
    sock = _send_and_never_read(server, "/api/bodies/ga-taleigao/cases", tok["clerk"], opening, key)
    deadline = time.time() + 60
    while _scalar(db, "SELECT count(*) FROM api_idempotentrequest") == 0 and time.time() < deadline:
        time.sleep(0.1)                          # until the write and its answer are committed together
    server.kill()                                # and the answer dies with the server
    sock.close()
    assert _scalar(db, "SELECT count(*) FROM records_case WHERE title = 'stream lost answer'") == 1
    stored = _scalar(db, "SELECT content FROM api_idempotentrequest")
    restarted = Server(db, workers=2).start()
    try:
        code, body, headers = restarted.request("POST", "/api/bodies/ga-taleigao/cases", tok["clerk"], opening,
                                                headers=key)
        assert code == 201 and headers["Idempotent-Replayed"] == "true"
        assert body["id"] == json.loads(stored)["id"]
        # without the key the same body is a new write, as it should be
        code, other, _h = restarted.request("POST", "/api/bodies/ga-taleigao/cases", tok["clerk"], opening)
        assert code == 201 and other["id"] != body["id"]
    finally:
        restarted.stop()
    assert _scalar(db, "SELECT count(*) FROM records_case WHERE title = 'stream lost answer'") == 2
    assert "audit chain intact: 2 events" in db.adhiniyam("audit", "verify").stdout
    db.drop()


@pytest.mark.parametrize("kind", KINDS)
def test_a_complaint_flood_is_cut_at_the_limit_across_worker_processes(kind, pg):
    db = _db(kind, pg)
    db.migrate_and_seed(cases=0)
    server = Server(db, workers=3).start()
    form = {"jurisdiction_id": "ga-taleigao", "service_code": "latrine_near_well",
            "description": "Cesspool beside the public well", "address_string": "Odxel"}
    try:
        with ThreadPoolExecutor(6) as pool:
            codes = list(pool.map(lambda _n: server.request("POST", "/open311/v2/requests.json", form=form)[0],
                                  range(60)))
    finally:
        server.stop()
    assert sorted(codes) == [201] * 20 + [429] * 40, codes
    assert _scalar(db, "SELECT count(*) FROM enforcement_complaint") == 20
    db.drop()


_ = os
