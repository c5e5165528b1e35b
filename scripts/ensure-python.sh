#!/usr/bin/env bash
# Makes sure a Python with numpy, scipy, matplotlib and sympy exists for the content checks (every
# ```python block and `check:` runs; none is skipped): $PYTHON, python3 or Debian's /usr/bin/python3.
# On Debian as root it installs the distribution's packages when none has them; otherwise it stops
# with a one-line instruction. content/pipeline/python.ts picks the same interpreter.
set -euo pipefail
probe='import numpy, scipy, matplotlib, sympy'
for candidate in "${PYTHON:-}" python3 /usr/bin/python3; do
  if [ -n "$candidate" ] && command -v "$candidate" >/dev/null 2>&1 && "$candidate" -c "$probe" >/dev/null 2>&1; then exit 0; fi
done
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
  echo "No Python with numpy, scipy, matplotlib and sympy: installing Debian's packages…"
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq python3-numpy python3-scipy python3-matplotlib python3-sympy >/dev/null 2>&1 ||
    { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq python3-numpy python3-scipy python3-matplotlib python3-sympy >/dev/null; }
  /usr/bin/python3 -c "$probe"
  exit 0
fi
echo "No Python with numpy, scipy, matplotlib and sympy: sudo apt-get install -y python3-numpy python3-scipy python3-matplotlib python3-sympy (or set PYTHON)." >&2
exit 1
