"""Backup and restore of the records service, portable between SQLite and PostgreSQL.

A backup is one .tar.gz holding:
  manifest.json   format, time, database, migrations applied, rows per table, each body's audit
                  chain head (events, head hash), and the SHA-256 of data.json and of every file
  data.json       every row (Django's JSON serializer with times to the microsecond, as the audit
                  hashes need; natural keys for content types and permissions),
                  read in one transaction (a consistent snapshot: REPEATABLE READ on PostgreSQL)
  documents/      the stored uploaded documents, by their path under MEDIA_ROOT

Restore loads it into an empty database in one transaction, then checks before committing that
every table has the rows the manifest lists and every body's hash chain verifies and ends at the
head the manifest recorded. Anything wrong: nothing is kept.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import io
import json
import shutil
import tarfile
import tempfile
from pathlib import Path

from django.apps import apps
from django.conf import settings
from django.core.management import call_command
from django.db import connection, transaction
from django.db.migrations.recorder import MigrationRecorder

from adhiniyam.progress import Progress

FORMAT = "adhiniyam-backup/1"
EXCLUDE = ["contenttypes", "auth.permission", "sessions", "admin.logentry", "ops.loginfailure", "ops.floorrow"]


class BackupError(Exception):
    pass


def _sha256_file(path: Path) -> str:
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for chunk in iter(lambda: f.read(1 << 20), b""):
            h.update(chunk)
    return h.hexdigest()


def _models():
    skip = {e.lower() for e in EXCLUDE}
    for model in apps.get_models():
        label = model._meta.label_lower
        if model._meta.app_label in skip or label in skip or not model._meta.managed or model._meta.proxy:
            continue
        yield label, model


def _counts() -> dict[str, int]:
    return {label: model._default_manager.count() for label, model in _models()}


def _chain_heads() -> dict[str, dict]:
    from adhiniyam.records.models import BodyLedger
    return {row.body.code: {"events": row.event_count, "head": row.head_hash, "cases": row.case_count}
            for row in BodyLedger.objects.select_related("body").order_by("body_id")}


def _add_bytes(tar: tarfile.TarFile, name: str, data: bytes):
    info = tarfile.TarInfo(name)
    info.size = len(data)
    info.mtime = int(dt.datetime.now().timestamp())
    tar.addfile(info, io.BytesIO(data))


def backup(target: Path, stream=None) -> dict:
    """Write a backup to `target` (.tar.gz). Returns the manifest. Progress goes to `stream`, if given."""
    from adhiniyam.records.models import Document

    target = Path(target)
    target.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="adhiniyam-backup-") as tmp, \
            Progress("backup", total=3, stream=stream) as progress:
        data_path = Path(tmp) / "data.adhjson"
        with transaction.atomic():
            if connection.vendor == "postgresql":
                with connection.cursor() as cur:
                    cur.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ READ ONLY")
            counts = _counts()
            heads = _chain_heads()
            call_command("dumpdata", exclude=EXCLUDE, use_natural_foreign_keys=True, output=str(data_path),
                         format="adhjson", verbosity=0)
            files = list(Document.objects.values_list("file", "sha256"))
            migrations = sorted(f"{app}.{name}" for app, name in MigrationRecorder.Migration.objects
                                .values_list("app", "name"))
        progress.advance(note=f"{sum(counts.values())} rows read")
        media = Path(settings.MEDIA_ROOT)
        documents = {}
        for name, sha in files:
            src = media / name
            if not src.exists():
                raise BackupError(f"document file {name} is missing from {media}; the backup would be incomplete")
            actual = _sha256_file(src)
            if actual != sha:
                raise BackupError(f"document file {name} does not match its recorded SHA-256")
            documents[name] = actual
        progress.advance(note=f"{len(documents)} documents checked")
        manifest = {
            "format": FORMAT, "created_at": dt.datetime.now(dt.UTC).isoformat(), "database": connection.vendor,
            "migrations": migrations, "counts": counts, "chains": heads, "documents": documents,
            "data_sha256": _sha256_file(data_path),
        }
        partial = target.with_name(target.name + ".partial")
        with tarfile.open(partial, "w:gz") as tar:
            _add_bytes(tar, "manifest.json", json.dumps(manifest, indent=1, sort_keys=True).encode())
            tar.add(data_path, arcname="data.json")
            for name in documents:
                tar.add(media / name, arcname=f"documents/{name}")
        partial.replace(target)      # a backup file exists only once it is complete
        progress.advance(note=f"written to {target}")
    return manifest


def _is_empty() -> bool:
    from django.contrib.auth import get_user_model

    from adhiniyam.records.models import Body
    return not Body.objects.exists() and not get_user_model().objects.exists()


def restore(source: Path, *, force: bool = False, stream=None) -> dict:
    """Restore a backup into this database (which must be empty unless force=True, which flushes it).
    Progress goes to `stream`, if given."""
    source = Path(source)
    if not source.exists():
        raise BackupError(f"no backup at {source}")
    with tempfile.TemporaryDirectory(prefix="adhiniyam-restore-") as tmp, \
            Progress("restore", total=4, stream=stream) as progress:
        call_command("migrate", interactive=False, verbosity=0)
        progress.advance(note="tables ready")
        try:
            with tarfile.open(source, "r:gz") as tar:
                tar.extractall(tmp, filter="data")
        except (tarfile.TarError, OSError, EOFError) as exc:
            raise BackupError(f"{source} is not a readable backup ({exc})") from exc
        root = Path(tmp)
        try:
            manifest = json.loads((root / "manifest.json").read_text())
        except (OSError, ValueError) as exc:
            raise BackupError(f"{source} has no readable manifest.json ({exc})") from exc
        if manifest.get("format") != FORMAT:
            raise BackupError(f"{source} is format {manifest.get('format')!r}; this version reads {FORMAT}")
        if not (root / "data.json").exists():
            raise BackupError(f"{source} holds no data.json")
        data_path = root / "data.adhjson"          # the extension tells loaddata the format
        shutil.copyfile(root / "data.json", data_path)
        if _sha256_file(data_path) != manifest["data_sha256"]:
            raise BackupError("data.json does not match the SHA-256 in the manifest: the backup is damaged")
        for name, sha in manifest["documents"].items():
            path = root / "documents" / name
            if not path.exists() or _sha256_file(path) != sha:
                raise BackupError(f"document {name} is missing or damaged in the backup")
        progress.advance(note="backup read and checked")
        if not _is_empty() and not force:
            raise BackupError("this database already holds bodies or users; restore into an empty database "
                              "(or pass --force to erase it first)")
        with transaction.atomic():
            if force:
                call_command("flush", interactive=False, verbosity=0)
            call_command("loaddata", str(data_path), verbosity=0)
            _check(manifest)
        progress.advance(note=f"{sum(manifest['counts'].values())} rows loaded, audit chains verified")
        media = Path(settings.MEDIA_ROOT)
        for name in manifest["documents"]:
            dest = media / name
            dest.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(root / "documents" / name, dest)
        progress.advance(note=f"{len(manifest['documents'])} documents in place")
    return manifest


def _check(manifest: dict):
    from adhiniyam.records.audit import verify

    counts = _counts()
    wrong = {label: (n, counts.get(label)) for label, n in manifest["counts"].items() if counts.get(label) != n}
    if wrong:
        raise BackupError("rows restored differ from the manifest: " +
                          ", ".join(f"{k}: expected {a}, got {b}" for k, (a, b) in wrong.items()))
    for body, links, broken in verify():
        if broken is not None:
            raise BackupError(f"audit chain broken after restore: {broken}")
        want = manifest["chains"].get(body.code)
        if want and links != want["events"]:
            raise BackupError(f"body {body.code}: {links} events restored, the backup recorded {want['events']}")
    if _chain_heads() != manifest["chains"]:
        raise BackupError("chain heads after restore differ from those recorded in the backup")
