#!/usr/bin/env bash
# Finds Chromium for the end-to-end tests: CHROME_PATH, then /usr/bin/chromium; on Debian as root it
# installs the distribution package; otherwise it stops with a one-line instruction.
set -euo pipefail
if [ -n "${CHROME_PATH:-}" ] && [ -x "$CHROME_PATH" ]; then exit 0; fi
if [ -x /usr/bin/chromium ]; then exit 0; fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
  echo "Chromium not found: installing Debian's chromium package…"
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
  exit 0
fi
echo "Chromium not found: install it (sudo apt-get install -y chromium) or set CHROME_PATH to its executable." >&2
exit 1
