"""Runs a student's program and an exercise's tests (issue #16). The same file runs in the browser (Pyodide,
in a Web Worker) and on the server (CPython, for `npm run content:check`, which runs every reference
solution against its own tests). Written for Python 3.8 and later: no syntax newer than 3.8.

`run(source, spec_json)` returns a JSON string: {"stdout", "error", "tests": [{"ok", "message"}],
"passed", "images"}. The messages are French; the program's own lines are counted from 1.
"""
import ast
import builtins
import contextlib
import inspect
import io
import json
import math
import random
import traceback

FILE = "<exercice>"
MAX_OUTPUT_CHARS = 20000
MAX_OUTPUT_LINES = 500
PLURAL = lambda n, word: "%d %s%s" % (n, word, "s" if n > 1 else "")


class OutputFlood(Exception):
    pass


class NoMoreInput(Exception):
    pass


class CappedOutput(io.StringIO):
    """stdout with a cap: a program that prints without end is stopped with a message. `listener`, when
    given, receives each piece as it is written (the page shows the output while the program runs)."""

    def __init__(self, listener=None):
        super().__init__()
        self.listener = listener

    def write(self, text):
        size = super().write(text)
        if self.listener is not None and text:
            self.listener(text)
        value = self.getvalue()
        if len(value) > MAX_OUTPUT_CHARS or value.count("\n") > MAX_OUTPUT_LINES:
            raise OutputFlood()
        return size


def short(value, limit=120):
    text = value if isinstance(value, str) else repr(value)
    return text if len(text) <= limit else text[: limit - 1] + "…"


def program_line(error):
    """The line of the student's program where an exception was raised (the innermost one)."""
    line = None
    for frame in traceback.extract_tb(error.__traceback__):
        if frame.filename == FILE:
            line = frame.lineno
    return line


EXCEPTION_LABELS = {
    "NameError": "Nom inconnu",
    "TypeError": "Erreur de type",
    "ValueError": "Valeur incorrecte",
    "IndexError": "Indice hors limites",
    "KeyError": "Clé absente",
    "ZeroDivisionError": "Division par zéro",
    "RecursionError": "Trop d'appels récursifs",
    "AttributeError": "Attribut inconnu",
    "ModuleNotFoundError": "Module introuvable",
    "AssertionError": "Assertion fausse",
    "UnboundLocalError": "Variable locale utilisée avant d'être définie",
    "OverflowError": "Nombre trop grand",
}


def describe_error(error):
    if isinstance(error, SyntaxError) and error.filename == FILE:
        where = " ligne %d" % error.lineno if error.lineno else ""
        kind = "Erreur d'indentation" if isinstance(error, IndentationError) else "Erreur de syntaxe"
        return "%s%s\u00a0: %s" % (kind, where, error.msg)
    if isinstance(error, OutputFlood):
        return "Affichage trop long (plus de %d lignes ou %d caractères)\u00a0: le programme a été arrêté." % (MAX_OUTPUT_LINES, MAX_OUTPUT_CHARS)
    if isinstance(error, NoMoreInput):
        return "Le programme demande plus de valeurs avec input() que l'exercice n'en fournit."
    line = program_line(error)
    where = " ligne %d" % line if line else ""
    message = str(error)
    name = type(error).__name__
    label = "%s (%s)" % (EXCEPTION_LABELS[name], name) if name in EXCEPTION_LABELS else name
    return "%s%s%s" % (label, where, "\u00a0: " + message if message else "")


def execute(source, inputs, listener=None):
    """Runs a program in a fresh namespace; returns (namespace, stdout, error message or None)."""
    output = CappedOutput(listener)
    feed = iter(inputs)

    def fake_input(prompt=""):
        output.write(str(prompt))
        try:
            value = next(feed)
        except StopIteration:
            raise NoMoreInput()
        output.write(value + "\n")
        return value

    namespace = {"__name__": "__main__", "__builtins__": builtins, "input": fake_input}
    error = None
    try:
        code = compile(source, FILE, "exec")
        with contextlib.redirect_stdout(output):
            exec(code, namespace)
    except (Exception, OutputFlood, NoMoreInput) as caught:  # noqa: BLE001 - every error is the student's
        error = describe_error(caught)
    return namespace, output.getvalue(), error


def normalize_output(text):
    lines = [line.rstrip() for line in text.replace("\r\n", "\n").split("\n")]
    while lines and not lines[-1]:
        lines.pop()
    return "\n".join(lines)


def same(expected, obtained, tolerance):
    # numpy arrays and scalars are compared as the Python lists and numbers they hold.
    if hasattr(expected, "tolist"):
        expected = expected.tolist()
    if hasattr(obtained, "tolist"):
        obtained = obtained.tolist()
    if isinstance(expected, float) or isinstance(obtained, float):
        try:
            return math.isclose(float(expected), float(obtained), rel_tol=1e-9, abs_tol=tolerance or 1e-9)
        except (TypeError, ValueError):
            return False
    if isinstance(expected, (list, tuple)) and isinstance(obtained, (list, tuple)):
        return len(expected) == len(obtained) and all(same(a, b, tolerance) for a, b in zip(expected, obtained))
    try:
        return bool(expected == obtained)
    except Exception:  # noqa: BLE001 - an array compared with a scalar, for instance
        return False


def arguments_label(function, args):
    """« n = 5 » from the function's own parameter names, or « f(5) » when they cannot be read."""
    try:
        names = list(inspect.signature(function).parameters)
    except (TypeError, ValueError):
        names = []
    if len(names) >= len(args):
        return ", ".join("%s = %s" % (name, short(value, 60)) for name, value in zip(names, args))
    return "%s(%s)" % (getattr(function, "__name__", "f"), ", ".join(short(value, 60) for value in args))


def call_test(namespace, reference, test):
    name = test["call"]
    function = namespace.get(name)
    if not callable(function):
        return False, "la fonction %s n'est pas définie" % name
    args = test.get("args", [])
    if "expected" in test:
        expected = test["expected"]
    else:
        expected = reference[name](*args)
    try:
        obtained = function(*args)
    except (Exception, OutputFlood) as error:  # noqa: BLE001
        return False, "pour %s, erreur\u00a0: %s" % (arguments_label(function, args), describe_error(error))
    if same(expected, obtained, test.get("tolerance", 0)):
        return True, "%s(%s) renvoie bien %s" % (name, ", ".join(short(value, 40) for value in args), short(obtained))
    return False, "pour %s, attendu %s, obtenu %s" % (arguments_label(function, args), short(expected), short(obtained))


def random_test(namespace, reference, test):
    name = test["random"]
    function = namespace.get(name)
    if not callable(function):
        return False, "la fonction %s n'est pas définie" % name
    generator = random.Random(test.get("seed", 2024))
    count = test.get("count", 20)
    for _ in range(count):
        args = eval(test["draw"], {"random": generator, "math": math})  # the exercise's own expression
        args = args if isinstance(args, tuple) else (args,)
        expected = reference[name](*args)
        try:
            obtained = function(*args)
        except (Exception, OutputFlood) as error:  # noqa: BLE001
            return False, "pour %s, erreur\u00a0: %s" % (arguments_label(function, args), describe_error(error))
        if not same(expected, obtained, test.get("tolerance", 0)):
            return False, "pour %s, attendu %s, obtenu %s" % (arguments_label(function, args), short(expected), short(obtained))
    return True, "%s\u00a0: %s tirées au hasard, toutes justes" % (name, PLURAL(count, "valeur"))


SOURCE_RULES = {
    "for": (ast.For, "une boucle for"),
    "while": (ast.While, "une boucle while"),
    "def": (ast.FunctionDef, "une fonction définie avec def"),
    "if": (ast.If, "une instruction if"),
    "return": (ast.Return, "une instruction return"),
}


def source_test(tree, test):
    rule = test["source"]
    for need in rule.get("requires", []):
        node_type, label = SOURCE_RULES[need]
        if not any(isinstance(node, node_type) for node in ast.walk(tree)):
            return False, "le programme doit utiliser %s" % label
    constants = [repr(node.value) for node in ast.walk(tree) if isinstance(node, ast.Constant)]
    for forbidden in rule.get("forbids", []):
        if forbidden in constants:
            return False, "le résultat %s ne doit pas être écrit en dur\u00a0: il doit être calculé" % forbidden
    return True, rule.get("label", "le programme respecte les consignes")


def assert_test(namespace, test):
    """An expression that must be true, or statements (seeding numpy, say) that must run without an AssertionError."""
    label = test.get("label", test["assert"])
    code = test["assert"]
    try:
        try:
            compiled = compile(code, "<test>", "eval")
        except SyntaxError:
            exec(compile(code, "<test>", "exec"), dict(namespace))
            return True, label
        return bool(eval(compiled, dict(namespace))), label
    except AssertionError:
        return False, label
    except (Exception, OutputFlood) as error:  # noqa: BLE001
        return False, "%s — erreur\u00a0: %s" % (label, describe_error(error))


def output_test(stdout, test):
    expected = normalize_output(test["output"])
    obtained = normalize_output(stdout)
    if expected == obtained:
        return True, "l'affichage est celui attendu"
    expected_lines, obtained_lines = expected.split("\n"), obtained.split("\n")
    for index, (want, got) in enumerate(zip(expected_lines, obtained_lines)):
        if want != got:
            return False, "ligne %d de l'affichage\u00a0: attendu «\u00a0%s\u00a0», obtenu «\u00a0%s\u00a0»" % (index + 1, short(want, 80), short(got, 80))
    return False, "affichage attendu en %s, obtenu en %s" % (PLURAL(len(expected_lines), "ligne"), PLURAL(len(obtained_lines), "ligne"))


def figures():
    """The matplotlib figures the program drew, as PNG in base64 (when matplotlib was used)."""
    import sys

    if "matplotlib.pyplot" not in sys.modules:
        return []
    import base64

    pyplot = sys.modules["matplotlib.pyplot"]
    images = []
    for number in pyplot.get_fignums()[:4]:
        buffer = io.BytesIO()
        pyplot.figure(number).savefig(buffer, format="png", dpi=80)
        images.append(base64.b64encode(buffer.getvalue()).decode("ascii"))
    pyplot.close("all")
    return images


def run(source, spec_json, listener=None):
    spec = json.loads(spec_json)
    inputs = spec.get("inputs", [])
    namespace, stdout, error = execute(source, inputs, listener)
    images = figures()
    tests = []
    if spec.get("tests"):
        if error:
            tests = [{"ok": False, "message": "Le programme s'arrête sur une erreur\u00a0: les tests n'ont pas pu être lancés."}]
        else:
            reference = {}
            needs_reference = any("random" in test or ("call" in test and "expected" not in test) for test in spec["tests"])
            if needs_reference:
                reference, _, reference_error = execute(spec["reference"], inputs)
                if reference_error:
                    raise RuntimeError("la solution de référence échoue\u00a0: " + reference_error)
            tree = ast.parse(source)
            # What the functions print while they are tested is not the program's output.
            with contextlib.redirect_stdout(CappedOutput()):
                tests = run_tests(spec["tests"], namespace, reference, tree, stdout)
    passed = error is None and bool(tests) and all(test["ok"] for test in tests)
    return json.dumps({"stdout": stdout, "error": error, "tests": tests, "passed": passed, "images": images}, ensure_ascii=False)


def run_tests(specs, namespace, reference, tree, stdout):
    tests = []
    for number, test in enumerate(specs, start=1):
        if "call" in test:
            ok, message = call_test(namespace, reference, test)
        elif "random" in test:
            ok, message = random_test(namespace, reference, test)
        elif "source" in test:
            ok, message = source_test(tree, test)
        elif "assert" in test:
            ok, message = assert_test(namespace, test)
        else:
            ok, message = output_test(stdout, test)
        tests.append({"ok": ok, "message": "Test %d\u00a0: %s" % (number, message)})
    return tests
