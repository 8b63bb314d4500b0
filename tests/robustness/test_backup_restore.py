"""`adhiniyam backup` → `adhiniyam restore` into an empty database → `adhiniyam audit verify`, through
the real commands on real databases (SQLite files; PostgreSQL when DATABASE_URL names it). A damaged
backup, or one whose events were altered, is refused and the target is left as it was."""

from __future__ import annotations

import gzip
import hashlib
import io
import json
import os
import tarfile

import pytest
from robustness_harness import Database, PgCluster

PDF = b"%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n"
KINDS = ["sqlite"] + (["postgresql"] if os.environ.get("DATABASE_URL", "").startswith("postgres") else [])

FILL = """
import django, json; django.setup()
from django.test import Client
from django.core.files.uploadedfile import SimpleUploadedFile
from robustness_kit import Api
tokens = json.loads({tokens!r})
api = Api(Client(), tokens)
for cid in {cases!r}:
    r = api.act("secretary", cid, {{"type": "observations_dispatched", "on": "2026-01-07",
                 "data": {{"observations": "setback not shown"}}, "version": 1}})
    assert r.status_code == 201, r.content
r = api.post("clerk", f"/api/cases/{{{cases!r}[0]}}/documents", {{"__multipart__": True, "kind": "plan",
             "file": SimpleUploadedFile("plan.pdf", {pdf!r}, content_type="application/pdf")}})
assert r.status_code == 201, r.content
print("ok")
"""

SNAPSHOT = ("SELECT c.number, c.status, c.version, c.due, e.seq, e.type, e.hash FROM records_case c "
            "JOIN records_caseevent e ON e.case_id = c.id ORDER BY c.number, e.seq")


@pytest.fixture(scope="module")
def pg():
    cluster = PgCluster() if "postgresql" in KINDS else None
    yield cluster


@pytest.mark.parametrize("kind", KINDS)
def test_backup_restore_verify(kind, pg, tmp_path):
    src, dst = Database(kind, pg), Database(kind, pg)
    try:
        seeded = src.migrate_and_seed(cases=3)
        src.python(FILL.format(tokens=json.dumps(seeded["tokens"]), cases=seeded["cases"], pdf=PDF))
        assert "audit chain intact: 6 events" in src.adhiniyam("audit", "verify").stdout
        archive = tmp_path / "b.tar.gz"
        out = src.adhiniyam("backup", str(archive)).stdout
        assert "backup written" in out and "6 audit events" in out and "1 documents" in out
        before = src.query(SNAPSHOT)
        assert len(before) == 6

        out = dst.adhiniyam("restore", str(archive)).stdout
        assert "audit chain intact: 6 events checked" in out
        assert "audit chain intact: 6 events" in dst.adhiniyam("audit", "verify").stdout
        assert dst.query(SNAPSHOT) == before
        stored = dst.query("SELECT file, sha256 FROM records_document")
        assert len(stored) == 1
        data = (dst.var / "documents" / stored[0][0]).read_bytes()
        assert data == PDF and hashlib.sha256(data).hexdigest() == stored[0][1]
        # the restored service goes on: the next case number and chain link follow on
        code = ("import django; django.setup()\nfrom adhiniyam.records.models import BodyLedger\n"
                "print(BodyLedger.objects.get(body__code='ga-taleigao').case_count)")
        assert dst.python(code).strip() == "3"

        # restoring over a database that is not empty is refused
        r = dst.adhiniyam("restore", str(archive), check=False)
        assert r.returncode != 0 and "empty database" in r.stderr
    finally:
        src.drop()
        dst.drop()


def _rewrite(archive, target, change):
    """Copy a backup, changing data.json with `change` and fixing the manifest's checksum to match."""
    with tarfile.open(archive, "r:gz") as tar:
        members = {m.name: tar.extractfile(m).read() for m in tar.getmembers() if m.isfile()}
    data = change(json.loads(members["data.json"]))
    members["data.json"] = json.dumps(data).encode()
    manifest = json.loads(members["manifest.json"])
    manifest["data_sha256"] = hashlib.sha256(members["data.json"]).hexdigest()
    members["manifest.json"] = json.dumps(manifest).encode()
    buf = io.BytesIO()
    with tarfile.open(fileobj=buf, mode="w") as tar:
        for name, content in members.items():
            info = tarfile.TarInfo(name)
            info.size = len(content)
            tar.addfile(info, io.BytesIO(content))
    target.write_bytes(gzip.compress(buf.getvalue()))


def test_damaged_or_altered_backups_are_refused_and_change_nothing(tmp_path):
    src, dst = Database("sqlite"), Database("sqlite")
    try:
        seeded = src.migrate_and_seed(cases=2)
        src.python(FILL.format(tokens=json.dumps(seeded["tokens"]), cases=seeded["cases"], pdf=PDF))
        archive = tmp_path / "b.tar.gz"
        src.adhiniyam("backup", str(archive))
        empty = dst.query("SELECT count(*) FROM records_case")

        truncated = tmp_path / "truncated.tar.gz"
        truncated.write_bytes(archive.read_bytes()[:-200])
        r = dst.adhiniyam("restore", str(truncated), check=False)
        assert r.returncode != 0 and "nothing changed" in r.stderr

        def alter_event(rows):
            for row in rows:
                if row["model"] == "records.caseevent" and row["fields"]["type"] == "observations_dispatched":
                    row["fields"]["data"] = {"observations": "quietly rewritten"}
                    break
            return rows
        altered = tmp_path / "altered.tar.gz"
        _rewrite(archive, altered, alter_event)
        r = dst.adhiniyam("restore", str(altered), check=False)
        assert r.returncode != 0 and "audit chain broken" in r.stderr, r.stderr
        assert dst.query("SELECT count(*) FROM records_case") == empty == [[0]]

        def drop_last_event(rows):
            last = max((r for r in rows if r["model"] == "records.caseevent"), key=lambda r: r["fields"]["chain_seq"])
            return [r for r in rows if r is not last]
        dropped = tmp_path / "dropped.tar.gz"
        _rewrite(archive, dropped, drop_last_event)
        r = dst.adhiniyam("restore", str(dropped), check=False)
        assert r.returncode != 0 and "refused" in r.stderr
        assert dst.query("SELECT count(*) FROM records_caseevent") == [[0]]
        # the good backup still restores
        assert "audit chain intact" in dst.adhiniyam("restore", str(archive)).stdout
    finally:
        src.drop()
        dst.drop()
