#!/usr/bin/env bash
# The bounded schemathesis run of the API with every check (issue 23), as a client written by others
# would meet it: a fresh demo database on SQLite, the site under gunicorn on loopback in its production
# settings (DEBUG off), a deciding officer's bearer token, every operation of /api/openapi.json and of
# /local-law/api/openapi.json but DELETE (DELETE /api/auth/token would revoke the run's own token),
# ADHINIYAM_FUZZ_EXAMPLES examples
# per operation (default 30) from a fixed seed (ADHINIYAM_FUZZ_SEED, default 1), every phase
# (examples, coverage, fuzzing, stateful). Checks: all, with the one adjustment explained in
# .ci/schemathesis_hooks.py. Exits non-zero on any failure. Takes about two minutes.
set -euo pipefail
cd "$(dirname "$0")/.."
EXAMPLES=${ADHINIYAM_FUZZ_EXAMPLES:-30}
SEED=${ADHINIYAM_FUZZ_SEED:-1}
PORT=${ADHINIYAM_FUZZ_PORT:-8971}
work=$(mktemp -d)
export ADHINIYAM_VAR="$work/var" ADHINIYAM_DEBUG=0 ADHINIYAM_SECRET_KEY="fuzz-$RANDOM-$RANDOM-$RANDOM-$RANDOM"
export ADHINIYAM_ALLOWED_HOSTS=127.0.0.1 ADHINIYAM_HTTPS=0    # plain HTTP on loopback: no redirect to HTTPS
unset DATABASE_URL

echo "== schemathesis: building the demo database"
.venv/bin/adhiniyam demo --no-serve >"$work/demo.log"
token=$(.venv/bin/adhiniyam token create ga-officer --name schemathesis)
.venv/bin/gunicorn --bind "127.0.0.1:$PORT" --workers 2 --pid "$work/gunicorn.pid" \
  adhiniyam.site.wsgi:application >"$work/gunicorn.log" 2>&1 &
stop() { kill "$(cat "$work/gunicorn.pid" 2>/dev/null)" 2>/dev/null || true; rm -rf "$work"; }
trap stop EXIT
.venv/bin/python - "$PORT" <<'PY'
import sys, time, urllib.request
for _ in range(100):
    try:
        urllib.request.urlopen(f"http://127.0.0.1:{sys.argv[1]}/api/openapi.json", timeout=2)
        break
    except OSError:
        time.sleep(0.2)
else:
    sys.exit("gunicorn did not start")
PY
start=$SECONDS
for schema in /api/openapi.json /local-law/api/openapi.json; do     # the records API, the local-law API
  echo "== schemathesis: $schema, $EXAMPLES examples per operation, seed $SEED, all checks"
  SCHEMATHESIS_HOOKS=.ci/schemathesis_hooks.py .venv/bin/st --config-file .ci/schemathesis.toml run \
    "http://127.0.0.1:$PORT$schema" --checks all --max-examples "$EXAMPLES" --seed "$SEED" \
    --header "Authorization: Bearer $token" --exclude-method DELETE --workers 1 "$@"
done
echo "== schemathesis: no failure ($((SECONDS - start)) s)"
