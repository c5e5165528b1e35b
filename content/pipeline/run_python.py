"""Runs content code for the checks: reads [{id, code, expected}] as JSON on stdin, executes each
snippet alone in a fresh namespace with its output captured, and prints [{id, status, detail}]."""
import contextlib
import io
import json
import os
import signal
import sys
import traceback

os.environ.setdefault("MPLBACKEND", "Agg")
INSTALL_HINT = "sudo apt-get install -y python3-numpy python3-scipy python3-matplotlib python3-sympy"


class Timeout(Exception):
    pass


def on_alarm(signum, frame):
    raise Timeout()


signal.signal(signal.SIGALRM, on_alarm)
results = []
for item in json.load(sys.stdin):
    buffer = io.StringIO()
    status, detail = "ok", ""
    signal.alarm(20)
    try:
        with contextlib.redirect_stdout(buffer):
            exec(compile(item["code"], item["id"], "exec"), {"__name__": "__main__"})
        printed = buffer.getvalue()
        expected = item.get("expected")
        if expected is not None and printed.rstrip() != expected.rstrip():
            status, detail = "mismatch", printed
    except ModuleNotFoundError as error:
        # Every block runs: a missing module is a failure of the machine to fix, never a skip.
        status, detail = "error", f"module absent : {error.name} (installez-le : {INSTALL_HINT})"
    except Timeout:
        status, detail = "error", "plus de 20 s d'exécution"
    except BaseException:
        status, detail = "error", traceback.format_exc(limit=3)
    finally:
        signal.alarm(0)
    results.append({"id": item["id"], "status": status, "detail": detail})
print(json.dumps(results))
