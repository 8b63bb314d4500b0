"""A real server for the robustness tests: a fresh database (an SQLite file, or a new database on the
PostgreSQL server of DATABASE_URL, or a throwaway PostgreSQL cluster started by .ci/postgres.sh), the
migrations, a seeded world, and gunicorn in its own process group so that SIGKILL takes every process
of it at once, as a crash or an OOM kill would."""

from __future__ import annotations

import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.parse
import urllib.request
import uuid
from pathlib import Path
from urllib.parse import urlparse, urlunparse

REPO = Path(__file__).resolve().parents[2]
VENV_BIN = Path(sys.executable).parent
HERE = Path(__file__).resolve().parent
CLOCK = "2026-01-10T12:00"


def _free_port() -> int:
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    port = s.getsockname()[1]
    s.close()
    return port


class PgCluster:
    """DATABASE_URL's server when it is PostgreSQL, else a throwaway cluster from .ci/postgres.sh."""

    def __init__(self):
        self.url, self.dir = os.environ.get("DATABASE_URL", ""), None
        if not self.url.startswith("postgres"):
            out = subprocess.run(["bash", str(REPO / ".ci/postgres.sh")], capture_output=True, text=True, timeout=300)
            if out.returncode != 0:
                raise RuntimeError(f"could not start PostgreSQL: {out.stderr}")
            env = dict(line.split("=", 1) for line in
                       (x.replace("export ", "") for x in out.stdout.splitlines()) if "=" in line)
            self.url = env["DATABASE_URL"].strip("'")
            self.dir = env["ADHINIYAM_PG_DIR"].strip("'")

    def stop(self):
        if self.dir:
            subprocess.run(["bash", str(REPO / ".ci/postgres.sh"), "stop", self.dir], capture_output=True, timeout=120)


_TEMPLATES: dict[str, object] = {}


class Database:
    """A fresh database and var folder; `env` for processes that use it. With `migrated` (the default)
    it is a copy of a template migrated once per test session (a file copy on SQLite, CREATE DATABASE
    … TEMPLATE on PostgreSQL), because migrating takes seconds on a busy two-core machine."""

    def __init__(self, kind: str, pg: PgCluster | None = None, migrated: bool = True):
        self.kind = kind
        self.var = Path(tempfile.mkdtemp(prefix=f"adhiniyam-{kind}-"))
        template = _template(kind, pg) if migrated else None
        if kind == "sqlite":
            self.url = f"sqlite:///{self.var / 'db.sqlite3'}"
            self._admin = None
            if template:
                shutil.copyfile(template, self.var / "db.sqlite3")
        else:
            import psycopg
            base = urlparse(pg.url)
            self.name = "adh_" + uuid.uuid4().hex[:12]
            self._admin = urlunparse(base._replace(path="/postgres"))
            with psycopg.connect(self._admin, autocommit=True) as conn:
                conn.execute(f'CREATE DATABASE "{self.name}"' + (f' TEMPLATE "{template}"' if template else ""))
            self.url = urlunparse(base._replace(path=f"/{self.name}"))
        self.env = {**os.environ, "DATABASE_URL": self.url, "ADHINIYAM_VAR": str(self.var),
                    "ADHINIYAM_CLOCK": CLOCK, "DJANGO_SETTINGS_MODULE": "adhiniyam.site.settings",
                    "ADHINIYAM_DEBUG": "0", "ADHINIYAM_SECRET_KEY": "robustness-" + "s" * 40,
                    "ADHINIYAM_HTTPS": "0",              # gunicorn on the loopback speaks plain HTTP
                    "PYTHONPATH": os.pathsep.join([str(REPO / "src"), str(HERE)])}

    def adhiniyam(self, *args, check=True, timeout=600) -> subprocess.CompletedProcess:
        r = subprocess.run([str(VENV_BIN / "adhiniyam"), *args], env=self.env, capture_output=True, text=True,
                           timeout=timeout)
        if check and r.returncode != 0:
            raise AssertionError(f"adhiniyam {' '.join(args)} failed ({r.returncode}):\n{r.stdout}\n{r.stderr}")
        return r

    def python(self, code: str, timeout=600) -> str:
        r = subprocess.run([sys.executable, "-c", code], env=self.env, capture_output=True, text=True,
                           timeout=timeout)
        if r.returncode != 0:
            raise AssertionError(f"python failed:\n{r.stdout}\n{r.stderr}")
        return r.stdout

    def migrate_and_seed(self, cases: int = 0) -> dict:
        out = self.python(f"import robustness_seed; robustness_seed.main({cases})")
        return json.loads(out.strip().splitlines()[-1])

    def query(self, sql: str) -> list:
        code = ("import django, json; django.setup(); from django.db import connection\n"
                "with connection.cursor() as c:\n"
                f"    c.execute({sql!r}); print(json.dumps(c.fetchall(), default=str))")
        return json.loads(self.python(code).strip().splitlines()[-1])

    def drop(self):
        if self._admin:
            import psycopg
            try:
                with psycopg.connect(self._admin, autocommit=True) as conn:
                    conn.execute(f'DROP DATABASE IF EXISTS "{self.name}" WITH (FORCE)')
            except Exception:
                pass


def _template(kind: str, pg: PgCluster | None):
    key = kind if kind == "sqlite" else f"pg:{pg.url}"
    if key not in _TEMPLATES:
        db = Database(kind, pg, migrated=False)
        db.adhiniyam("migrate", "--no-input", "-v", "0")
        if kind == "sqlite":
            _TEMPLATES[key] = db.var / "db.sqlite3"
        else:
            _TEMPLATES[key] = db.name          # no connection may stay open on a template database
    return _TEMPLATES[key]


class Server:
    """gunicorn serving the site on a free port, in its own process group."""

    def __init__(self, db: Database, workers: int = 2, extra_env: dict | None = None):
        self.db, self.workers = db, workers
        self.port = _free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.env = {**db.env, **(extra_env or {})}
        self.proc = None
        self.log = db.var / f"gunicorn-{self.port}.log"

    def start(self, timeout: float = 60):
        self.proc = subprocess.Popen(
            [str(VENV_BIN / "gunicorn"), "adhiniyam.site.wsgi:application", "-b", f"127.0.0.1:{self.port}",
             "-w", str(self.workers), "--preload", "--timeout", "60", "--graceful-timeout", "5"],
            env=self.env, stdout=open(self.log, "ab"), stderr=subprocess.STDOUT, start_new_session=True)
        deadline = time.time() + timeout
        while time.time() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"gunicorn exited: {self.log.read_text()[-2000:]}")
            try:
                with urllib.request.urlopen(self.base + "/ops/health", timeout=2) as r:
                    if r.status == 200:
                        return self
            except (urllib.error.URLError, ConnectionError, OSError):
                time.sleep(0.2)
        raise RuntimeError("gunicorn did not answer /ops/health in time")

    def kill(self):
        """SIGKILL to every process of the server at once: no shutdown code runs."""
        if self.proc and self.proc.poll() is None:
            os.killpg(self.proc.pid, signal.SIGKILL)
            self.proc.wait(timeout=30)

    def stop(self):
        if self.proc and self.proc.poll() is None:
            os.killpg(self.proc.pid, signal.SIGTERM)
            try:
                self.proc.wait(timeout=20)
            except subprocess.TimeoutExpired:
                self.kill()

    def request(self, method: str, path: str, token: str | None = None, payload=None, timeout: float = 30,
                headers: dict | None = None, form: dict | None = None):
        """One request (JSON `payload`, or an urlencoded `form`); (status, parsed body, headers)."""
        data = json.dumps(payload).encode() if payload is not None else None
        if form is not None:
            data = urllib.parse.urlencode(form).encode()
        req = urllib.request.Request(self.base + path, data=data, method=method)
        if data is not None:
            req.add_header("Content-Type", "application/json" if form is None else "application/x-www-form-urlencoded")
        if token:
            req.add_header("Authorization", f"Bearer {token}")
        for name, value in (headers or {}).items():
            req.add_header(name, value)
        try:
            with urllib.request.urlopen(req, timeout=timeout) as r:
                return r.status, json.loads(r.read() or b"null"), r.headers
        except urllib.error.HTTPError as e:
            body = e.read()
            try:
                return e.code, json.loads(body), e.headers
            except ValueError:
                return e.code, body.decode("utf-8", "replace"), e.headers
