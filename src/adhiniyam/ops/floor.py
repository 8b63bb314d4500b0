"""The benchmark's raw-SQL floor: a case write done with the fewest statements the work needs, through
the same server, middleware and database as the API, with the real law engine and hash chain, but
none of the records service's checks, scoping or response (bench/api.py sets ADHINIYAM_BENCH_FLOOR=1).

  POST /ops/floor/raw?body=<id>            open a Goa s.66 building application:
                                           auth, lock ledger, insert case, insert event, insert routes,
                                           update ledger (6 statements)
  POST /ops/floor/raw?body=<id>&case=<id>  observations dispatched on it: auth, lock case, lock ledger,
                                           read events, insert event, update case, update ledger (7)

It answers a short JSON with the case's id, status and due date. Not a product path: 404 unless enabled.
"""

from __future__ import annotations

import datetime as dt
import functools
import json
import os

from django.db import connection, transaction
from django.http import Http404, HttpResponse
from django.utils import timezone
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_POST

from adhiniyam.api.models import hash_token
from adhiniyam.records import engine as E
from adhiniyam.records.audit import digest
from adhiniyam.records.bodysettings import facts
from adhiniyam.records.models import DUE_NEVER, Body, Case, CaseEvent, CaseRoute, new_case_id

ACT, PROCEDURE = "goa_panchayat_raj_1994", "building_permission"


@functools.cache
def _insert(model, with_id: bool = False) -> tuple[str, list]:
    fields = [f for f in model._meta.concrete_fields if with_id or not f.primary_key]
    cols = ", ".join(connection.ops.quote_name(f.column) for f in fields)
    marks = ", ".join(["%s"] * len(fields))
    return f"INSERT INTO {model._meta.db_table} ({cols}) VALUES ({marks}) RETURNING id", fields


def _insert_row(cur, obj) -> int:
    sql, fields = _insert(type(obj), obj.pk is not None)
    cur.execute(sql, [f.get_db_prep_save(f.pre_save(obj, True), connection) for f in fields])
    return cur.fetchone()[0]


@functools.cache
def _settings():
    return E.law().BodySettings(state="GA")


def _evaluate(events):
    law = E.law()
    return law.evaluate(E.load_pack(ACT), PROCEDURE, _settings(), events, as_of=E.now_local(), trace=False)


def _derived(result) -> tuple:
    nd = E.deadline_date(result.next_deadline)
    owed = [E.deadline_date(d.last_day) for d in result.deadlines if d.last_day and not d.suspended]
    due = DUE_NEVER if result.closed else min([x for x in [nd, *owed] if x] or [DUE_NEVER])
    derived = E.as_json(result.to_dict())
    derived.pop("trace", None)
    return nd, due, derived


def _auth(cur, request) -> int:
    raw = request.headers.get("Authorization", "")[7:]
    cur.execute("SELECT t.user_id FROM api_apitoken t JOIN records_membership m ON m.user_id = t.user_id "
                "WHERE t.key_hash = %s AND NOT t.revoked LIMIT 1", [hash_token(raw)])
    row = cur.fetchone()
    if row is None:
        raise Http404("no token")
    return row[0]


def _lock_ledger(cur, body_id: int):
    lock = " FOR UPDATE" if connection.vendor == "postgresql" else ""
    cur.execute(f"SELECT head_hash, event_count, case_count FROM records_bodyledger WHERE body_id = %s{lock}",
                [body_id])
    return list(cur.fetchone())


def _event(body_id, case_id, seq, ledger, type, on, by, data, user_id) -> CaseEvent:
    ev = CaseEvent(body_id=body_id, case_id=case_id, seq=seq, chain_seq=ledger[1] + 1, type=type, on_date=on,
                   by_role=by, actor_id=user_id, data=data, pack_version="1", recorded_at=timezone.now(),
                   prev_hash=ledger[0])
    ev.hash = digest(ev.prev_hash, ev)
    return ev


def _create(cur, body_id: int, user_id: int, offices: list[tuple[str, int]]) -> dict:
    ledger = _lock_ledger(cur, body_id)
    day = dt.date(2026, 1, 5)
    result = _evaluate([E.law().Event("application_received", day, "applicant", {"complete": True})])
    nd, due, derived = _derived(result)
    now = timezone.now()
    case = Case(id=new_case_id(body_id, ledger[2] + 1), body_id=body_id, number=f"RAW/{body_id}/{ledger[2] + 1}", act_id=ACT, procedure=PROCEDURE,
                pack_version="1", settings_snapshot={"versions": {}, "interpretations": {}}, title="raw floor",
                opened_on=day, status=result.status, status_label=result.status_label or "", closed=result.closed,
                next_deadline=nd, due=due, derived=derived, derived_as_of=now, created_by_id=user_id)
    case_id = _insert_row(cur, case)
    ev = _event(body_id, case_id, 1, ledger, "application_received", day, "applicant", {"complete": True}, user_id)
    _insert_row(cur, ev)
    sql, fields = _insert(CaseRoute)
    values = []
    for role, office in offices:
        route = CaseRoute(body_id=body_id, case_id=case_id, role=role, office_body_id=office, active=False)
        values += [f.get_db_prep_save(f.pre_save(route, True), connection) for f in fields]
    head, _ret = sql.split(" VALUES ")
    cur.execute(head + " VALUES " + ", ".join(["(" + ", ".join(["%s"] * len(fields)) + ")"] * len(offices)), values)
    cur.execute("UPDATE records_bodyledger SET head_hash = %s, event_count = event_count + 1, "
                "case_count = case_count + 1 WHERE body_id = %s", [ev.hash, body_id])
    return {"id": case_id, "status": result.status, "due": due.isoformat()}


def _action(cur, body_id: int, case_id: int, user_id: int) -> dict:
    lock = " FOR UPDATE" if connection.vendor == "postgresql" else ""
    ledger = _lock_ledger(cur, body_id)
    cur.execute(f"SELECT version FROM records_case WHERE id = %s AND body_id = %s{lock}", [case_id, body_id])
    version = cur.fetchone()[0]
    cur.execute("SELECT type, on_date, by_role, data FROM records_caseevent WHERE case_id = %s AND body_id = %s "
                "AND NOT system ORDER BY seq", [case_id, body_id])
    rows = cur.fetchall()
    law = E.law()
    events = [law.Event(t, on if isinstance(on, dt.date) else dt.date.fromisoformat(on), by,
                        json.loads(d) if isinstance(d, str) else d) for t, on, by, d in rows]
    _evaluate(events)                                   # what is allowed now (the service checks the role)
    day = dt.date(2026, 1, 7)
    data = {"observations": "site plan unsigned"}
    result = _evaluate([*events, law.Event("observations_dispatched", day, "secretary", data)])
    nd, due, derived = _derived(result)
    ev = _event(body_id, case_id, len(rows) + 1, ledger, "observations_dispatched", day, "secretary", data, user_id)
    _insert_row(cur, ev)
    cur.execute("UPDATE records_case SET status = %s, next_deadline = %s, due = %s, derived = %s, version = %s, "
                "updated_at = %s WHERE id = %s AND body_id = %s",
                [result.status, nd, due, Case._meta.get_field("derived").get_db_prep_save(derived, connection), version + 1, timezone.now(), case_id, body_id])
    cur.execute("UPDATE records_bodyledger SET head_hash = %s, event_count = event_count + 1 WHERE body_id = %s",
                [ev.hash, body_id])
    return {"id": case_id, "status": result.status, "due": due.isoformat()}


@functools.cache
def _offices(body_id: int) -> list[tuple[str, int]]:
    offices = facts(Body.objects.get(pk=body_id)).offices
    return sorted((role, offices[role].body_id) for role in ("bdo", "director"))


@csrf_exempt
@require_POST
def raw(request):
    if os.environ.get("ADHINIYAM_BENCH_FLOOR") != "1":
        raise Http404("not enabled")
    body_id = int(request.GET["body"])
    offices = _offices(body_id)
    with transaction.atomic(), connection.cursor() as cur:
        user_id = _auth(cur, request)
        if "case" in request.GET:
            out = _action(cur, body_id, int(request.GET["case"]), user_id)
        else:
            out = _create(cur, body_id, user_id, offices)
    return HttpResponse(json.dumps(out), content_type="application/json", status=201)
