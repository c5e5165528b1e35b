"""Runs content code for the checks: reads [{id, code, expected, figure?}] as JSON on stdin, executes
each snippet alone in a fresh namespace with its output captured, and prints [{id, status, detail}].
A figure's code (content/pipeline/figures.ts) draws with matplotlib in the site's style; its detail is
the SVG of what it drew."""
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

# The placeholder colours of figures.ts (FIGURE_COLOURS): the stylesheet gives them the theme's colours.
FOREGROUND, GRID = "#010203", "#040506"
SERIES = ["#0a0001", "#0a0002", "#0a0003", "#0a0004", "#0a0005", "#0a0006"]
FIGURE_STYLE = {
    "figure.figsize": (6.4, 3.6),
    "figure.facecolor": "none",
    "axes.facecolor": "none",
    "savefig.facecolor": "none",
    "savefig.transparent": True,
    "svg.fonttype": "none",
    "svg.hashsalt": "tremplin",
    "font.size": 11,
    "text.color": FOREGROUND,
    "axes.edgecolor": FOREGROUND,
    "axes.labelcolor": FOREGROUND,
    "xtick.color": FOREGROUND,
    "ytick.color": FOREGROUND,
    "grid.color": GRID,
    "legend.edgecolor": GRID,
    "legend.facecolor": "none",
    "lines.linewidth": 2,
    "axes.spines.top": False,
    "axes.spines.right": False,
}


def draw_figure(item):
    """Runs a figure's code on a fresh figure and returns the SVG it drew."""
    import matplotlib
    import matplotlib.pyplot as plt
    from cycler import cycler

    plt.close("all")
    matplotlib.rcdefaults()
    matplotlib.rcParams.update(FIGURE_STYLE)
    matplotlib.rcParams["axes.prop_cycle"] = cycler(color=SERIES)
    with contextlib.redirect_stdout(io.StringIO()):
        exec(compile(item["code"], item["id"], "exec"), {"__name__": "__main__"})
    figure = plt.gcf()
    if not figure.axes:
        raise ValueError("le code n'a rien dessiné (aucun axe)")
    svg = io.StringIO()
    figure.savefig(svg, format="svg", bbox_inches="tight", metadata={"Date": None, "Creator": None})
    plt.close("all")
    return svg.getvalue()


results = []
for item in json.load(sys.stdin):
    buffer = io.StringIO()
    status, detail = "ok", ""
    signal.alarm(20)
    try:
        if item.get("figure"):
            detail = draw_figure(item)
        else:
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
