#!/usr/bin/env bash
# A clean install as a deployment makes it (issue 23): build the wheel, install it into a new venv with
# `pip install`, check that no test tool came with it, then run the installed server — migrate,
# collectstatic, gunicorn on loopback in production settings — and ask it for a page, the API
# description, the API docs and a compressed static file. About a minute.
set -euo pipefail
cd "$(dirname "$0")/.."
PY=${PYTHON:-python3}
PORT=${ADHINIYAM_CLEAN_PORT:-8972}
work=$(mktemp -d)
stop() { kill "$(cat "$work/gunicorn.pid" 2>/dev/null)" 2>/dev/null || true; rm -rf "$work"; }
trap stop EXIT

echo "== clean install: building the wheel"
"$PY" -m venv "$work/build" && "$work/build/bin/pip" install -q build
"$work/build/bin/python" -m build -q --wheel --outdir "$work/dist" . >/dev/null
wheel=$(ls "$work"/dist/adhiniyam-*.whl)
echo "== clean install: pip install $(basename "$wheel") into a new venv"
"$PY" -m venv "$work/venv"
"$work/venv/bin/pip" install -q "$wheel"
tools=$("$work/venv/bin/pip" list --format=freeze | grep -i -E '^(pytest|pytest-django|playwright|schemathesis|hypothesis|ruff)==' || true)
if [ -n "$tools" ]; then echo "test tools installed at runtime: $tools" >&2; exit 1; fi

export ADHINIYAM_VAR="$work/var" ADHINIYAM_DEBUG=0 ADHINIYAM_ALLOWED_HOSTS=127.0.0.1
export ADHINIYAM_HTTPS=0                           # plain HTTP on loopback: no redirect to HTTPS
export ADHINIYAM_SECRET_KEY="clean-$RANDOM-$RANDOM-$RANDOM-$RANDOM-$RANDOM-$RANDOM-$RANDOM-$RANDOM"
cd "$work"                                         # nothing of the checkout on the path
venv/bin/adhiniyam migrate -v 0
venv/bin/adhiniyam collectstatic --noinput -v 0
venv/bin/gunicorn --bind "127.0.0.1:$PORT" --workers 2 --pid gunicorn.pid adhiniyam.site.wsgi:application \
  >gunicorn.log 2>&1 &
venv/bin/python - "$PORT" <<'PY'
import sys, time, urllib.request
base = f"http://127.0.0.1:{sys.argv[1]}"
for _ in range(100):
    try:
        urllib.request.urlopen(base + "/ops/health", timeout=2)
        break
    except OSError:
        time.sleep(0.2)
checks = {"/signin/": "text/html", "/api/openapi.json": "application/json", "/api/docs": "text/html",
          "/open311/discovery.xml": "text/xml"}
for path, ctype in checks.items():
    with urllib.request.urlopen(base + path, timeout=10) as r:
        assert r.status == 200 and r.headers["Content-Type"].startswith(ctype), (path, r.status, r.headers)
req = urllib.request.Request(base + "/static/ninja/swagger-ui-bundle.js", headers={"Accept-Encoding": "br, gzip"})
with urllib.request.urlopen(req, timeout=10) as r:
    assert r.headers.get("Content-Encoding") in ("br", "gzip"), dict(r.headers)
print("== clean install: the installed server answers", ", ".join(checks), "and serves compressed static files")
PY
