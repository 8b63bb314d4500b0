#!/usr/bin/env bash
# Install what the web application's tests need from Debian, when it is missing:
#   chromium        driven by playwright through executable_path (never `playwright install`)
#   a Devanagari font (Noto Sans Devanagari, Lohit Devanagari) for Hindi pages and PDFs
#   poppler-utils   pdftoppm, to render PDFs to PNG in tests
#   gettext         msgfmt, to compile the Hindi translations
#   libpango        WeasyPrint's text layout (HarfBuzz shapes Devanagari)
# CI runs as root. Safe to run twice; does nothing when all is present.
set -euo pipefail

need=()
[ -x /usr/bin/chromium ] || need+=(chromium)
fc-list 2>/dev/null | grep -qi "Noto Sans Devanagari" || need+=(fonts-noto-core)
fc-list 2>/dev/null | grep -qi "Lohit Devanagari" || need+=(fonts-lohit-deva)
command -v pdftoppm >/dev/null 2>&1 || need+=(poppler-utils)
command -v msgfmt >/dev/null 2>&1 || need+=(gettext)
ldconfig -p 2>/dev/null | grep -q libpangoft2-1.0 || need+=(libpangoft2-1.0-0)
command -v fc-list >/dev/null 2>&1 || need+=(fontconfig)

if [ ${#need[@]} -eq 0 ]; then
  echo "browser-deps: chromium, Devanagari fonts, poppler and gettext present"
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
