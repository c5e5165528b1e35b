"""Checks the runnable exercises for the content checks: reads [{id, reference, starter, spec}] as JSON on
stdin and runs each reference and each starter through the browser's own harness (the path of
harness.py is the first argument). Prints [{id, reference: result, starter: result}]; a reference that
raises (its own random tests cannot run) is reported as an error."""
import importlib.util
import json
import os
import sys
import traceback

os.environ.setdefault("MPLBACKEND", "Agg")
spec = importlib.util.spec_from_file_location("harness", sys.argv[1])
harness = importlib.util.module_from_spec(spec)
spec.loader.exec_module(harness)

results = []
for item in json.load(sys.stdin):
    outcome = {"id": item["id"]}
    for part in ("reference", "starter"):
        try:
            outcome[part] = json.loads(harness.run(item[part], json.dumps(item["spec"])))
        except BaseException:  # noqa: BLE001 - reported as the exercise's problem
            outcome[part] = {"passed": False, "error": traceback.format_exc(limit=3), "tests": []}
    results.append(outcome)
print(json.dumps(results, ensure_ascii=False))
