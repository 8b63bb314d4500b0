#!/usr/bin/env bash
# Install what the web application's tests need from Debian, when it is missing:
#   chromium        driven by playwright through executable_path (never `playwright install`)
#   Devanagari, Gujarati and Gurmukhi fonts (Noto Sans Devanagari, Gujarati, Gurmukhi; Lohit Devanagari)
#                   for Hindi, Konkani, Gujarati and Punjabi pages and PDFs
#   poppler-utils   pdftoppm, to render PDFs to PNG in tests
#   gettext         msgfmt, to compile the Hindi translations
#   libpango        WeasyPrint's text layout (HarfBuzz shapes Devanagari)
# CI runs as root. Safe to run twice; does nothing when all is present.
set -euo pipefail

need=()
[ -x /usr/bin/chromium ] || need+=(chromium)
fonts=$(fc-list 2>/dev/null || true)   # read once: `fc-list | grep -q` can fail under pipefail (SIGPIPE)
for script in Devanagari Gujarati Gurmukhi; do
  grep -qi "Noto Sans $script" <<<"$fonts" || { need+=(fonts-noto-core); break; }
done
grep -qi "Lohit Devanagari" <<<"$fonts" || need+=(fonts-lohit-deva)
command -v pdftoppm >/dev/null 2>&1 || need+=(poppler-utils)
command -v msgfmt >/dev/null 2>&1 || need+=(gettext)
ldconfig -p 2>/dev/null | grep -q libpangoft2-1.0 || need+=(libpangoft2-1.0-0)
command -v fc-list >/dev/null 2>&1 || need+=(fontconfig)

command -v npm >/dev/null 2>&1 || need+=(npm)

axe() {   # axe-core for the accessibility tests, from the npm registry (pinned in tests/web/package-lock.json)
  if [ ! -f tests/web/node_modules/axe-core/axe.min.js ]; then
    (cd tests/web && npm ci --no-audit --no-fund --silent) || echo "browser-deps: npm could not install axe-core" >&2
  fi
}

if [ ${#need[@]} -eq 0 ]; then
  echo "browser-deps: chromium, Devanagari, Gujarati and Gurmukhi fonts, poppler, gettext and npm present"
  axe
  exit 0
fi
if [ "$(id -u)" != 0 ]; then
  echo "browser-deps: missing ${need[*]}; run this script as root (apt-get install)" >&2
  exit 1
fi
echo "browser-deps: installing ${need[*]}"
apt-get update -qq >/dev/null
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
fc-cache -f >/dev/null 2>&1 || true
axe
