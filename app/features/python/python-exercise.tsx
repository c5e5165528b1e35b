import { CheckCircle2, Pencil, Play, RotateCcw, XCircle } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { useRouteLoaderData } from "react-router";
import { Button } from "~/components/ui/button";
import type { loader as rootLoader } from "~/root";
import { RUN_MESSAGES, type RunResult, type RunSpec } from "./python";
import type { RunOutcome } from "./runner";

/**
 * The editor and runner of a Python exercise (issue #16): the student's code runs in the browser, in a
 * worker, then the exercise's tests; the result of each test is shown in French. The last code typed is
 * kept in this browser, per exercise.
 */
export interface SavedProgram {
  code: string;
  /** When it was saved (ms since 1970): the newest of this browser's copy and the server's wins. */
  at: number;
}

function localProgram(key: string): SavedProgram | null {
  try {
    const raw = localStorage.getItem(key);
    if (raw === null) return null;
    const parsed = JSON.parse(raw) as Partial<SavedProgram>;
    return typeof parsed.code === "string" && typeof parsed.at === "number" ? { code: parsed.code, at: parsed.at } : null;
  } catch {
    return null;
  }
}

/**
 * Sends the program to the server a moment after the typing stops (signed-in students), and at once when
 * it runs or when the page is left (a request kept alive after the page closes).
 */
function useServerSave(programId: string, enabled: boolean) {
  const pending = useRef<{ code: string; timer: ReturnType<typeof setTimeout> } | undefined>(undefined);
  const flush = () => {
    const waiting = pending.current;
    if (!waiting) return;
    clearTimeout(waiting.timer);
    pending.current = undefined;
    void fetch("/api/python/programme", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ programId, code: waiting.code }),
      keepalive: true,
    }).catch(() => {
      // Offline: this browser's copy is kept, and the next change sends it again.
    });
  };
  const flushRef = useRef(flush);
  flushRef.current = flush;
  useEffect(() => {
    const leave = () => flushRef.current();
    window.addEventListener("pagehide", leave);
    return () => {
      window.removeEventListener("pagehide", leave);
      leave();
    };
  }, []);
  const schedule = (code: string) => {
    if (!enabled) return;
    clearTimeout(pending.current?.timer);
    pending.current = { code, timer: setTimeout(flush, 1_000) };
  };
  return { schedule, flush };
}

type RunState =
  | { status: "idle" }
  | { status: "loading" | "running"; stdout: string }
  | { status: "done"; result: RunResult }
  | { status: "timeout"; message: string; stdout: string }
  | { status: "failed"; message: string };

let runSpecs = new Map<string, Promise<RunSpec>>();

async function fetchSpec(url: string): Promise<RunSpec> {
  let pending = runSpecs.get(url);
  if (!pending) {
    pending = fetch(url, { headers: { Accept: "application/json" } }).then(async (response) => {
      const body = (await response.json().catch(() => ({}))) as { runner?: RunSpec };
      if (!response.ok || !body.runner) throw new Error(RUN_MESSAGES.specFailed);
      return body.runner;
    });
    pending.catch(() => runSpecs.delete(url));
    runSpecs.set(url, pending);
  }
  return pending;
}

/** For tests: forget the fetched specs. */
export function forgetRunSpecs() {
  runSpecs = new Map();
}

export function PythonExercise({
  storageId,
  starter,
  spec,
  onPassed,
  examples = [],
  label = "Votre programme",
  saved = null,
  signedIn = false,
  editorFirst = true,
}: {
  /** Where the code typed is kept in this browser (`<set>/<exercise>`, or `bac-a-sable`). */
  storageId: string;
  starter: string;
  /** The exercise's tests, fetched on the first run (a URL), or given (the sandbox: no test). */
  spec: string | RunSpec;
  onPassed?: () => void;
  /** Programs the student may load into the editor. */
  examples?: readonly { label: string; code: string }[];
  label?: string;
  /** The program kept on the server for a signed-in student. */
  saved?: SavedProgram | null;
  signedIn?: boolean;
  /** False for a program of a course: « Exécuter » runs it as written, « Modifier » opens the editor. */
  editorFirst?: boolean;
}) {
  const [editing, setEditing] = useState(editorFirst);
  // Until the page is hydrated the button does nothing: it stays disabled, so that no click is lost.
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const key = `tremplin-python:${storageId}`;
  const scientificBase = useRouteLoaderData<typeof rootLoader>("root")?.config.scientificPythonBase;
  const [code, setCode] = useState(saved?.code ?? starter);
  const serverCopy = useServerSave(storageId, signedIn);
  const [state, setState] = useState<RunState>({ status: "idle" });
  const editorId = useId();
  const textarea = useRef<HTMLTextAreaElement>(null);

  // This browser's copy replaces the server's once the page is hydrated, when it is newer.
  useEffect(() => {
    const local = localProgram(key);
    if (local && local.at > (saved?.at ?? 0)) {
      setCode(local.code);
      // A course's program the student already changed opens in the editor, where the change shows.
      if (local.code !== starter) setEditing(true);
    }
  }, [key, saved, starter]);

  const update = (value: string) => {
    setCode(value);
    try {
      localStorage.setItem(key, JSON.stringify({ code: value, at: Date.now() }));
    } catch {
      // Private browsing or a full storage: the code stays in the page (and on the server).
    }
    serverCopy.schedule(value);
  };

  const busy = state.status === "loading" || state.status === "running";
  const run = async () => {
    serverCopy.flush();
    setState({ status: "loading", stdout: "" });
    let outcome: RunOutcome;
    try {
      const [runSpec, { runPython }] = await Promise.all([typeof spec === "string" ? fetchSpec(spec) : spec, import("./runner")]);
      outcome = await runPython(
        code,
        runSpec,
        {
          onReady: () => setState({ status: "running", stdout: "" }),
          onOutput: (text) =>
            setState((current) => (current.status === "running" ? { ...current, stdout: current.stdout + text } : current)),
        },
        scientificBase,
      );
    } catch (error) {
      outcome = { status: "failed", message: error instanceof Error ? error.message : RUN_MESSAGES.loadFailed };
    }
    setState(outcome.status === "done" ? { status: "done", result: outcome.result } : outcome);
    if (outcome.status === "done" && outcome.result.passed) onPassed?.();
  };

  return (
    <section aria-label="Éditeur Python" className={editing ? "mt-4 space-y-3 rounded-xl border border-border p-4" : "mt-2 space-y-3"}>
      {editing ? (
        <label htmlFor={editorId} className="text-sm font-bold">
          {label}
        </label>
      ) : null}
      {examples.length ? (
        <div className="flex flex-wrap gap-2">
          {examples.map((example) => (
            <Button key={example.label} variant="outline" size="sm" onClick={() => update(example.code)} disabled={busy}>
              {example.label}
            </Button>
          ))}
        </div>
      ) : null}
      {editing ? (
        <textarea
          id={editorId}
          ref={textarea}
          value={code}
          onChange={(event) => update(event.currentTarget.value)}
          onKeyDown={(event) => {
            // Tab indents (four spaces) instead of leaving the editor; Échap then Tab leaves it.
            if (event.key !== "Tab" || event.shiftKey || event.altKey || event.ctrlKey || event.metaKey) return;
            event.preventDefault();
            const target = event.currentTarget;
            const { selectionStart, selectionEnd } = target;
            const next = `${code.slice(0, selectionStart)}    ${code.slice(selectionEnd)}`;
            update(next);
            requestAnimationFrame(() => target.setSelectionRange(selectionStart + 4, selectionStart + 4));
          }}
          spellCheck={false}
          // Typed before hydration, the text would be replaced by the state's: the editor opens once it is live.
          readOnly={!hydrated}
          autoCapitalize="off"
          autoComplete="off"
          rows={Math.min(24, Math.max(8, code.split("\n").length + 1))}
          className="w-full rounded-lg border border-border bg-background p-3 font-mono text-sm leading-6"
        />
      ) : null}
      <div className="flex flex-wrap items-center gap-2">
        <Button size="sm" onClick={run} disabled={busy || !hydrated}>
          <Play aria-hidden="true" className="size-4" /> Exécuter
        </Button>
        {editing ? (
          <Button size="sm" variant="outline" onClick={() => update(starter)} disabled={busy || code === starter}>
            <RotateCcw aria-hidden="true" className="size-4" /> Réinitialiser
          </Button>
        ) : (
          <Button size="sm" variant="outline" onClick={() => setEditing(true)}>
            <Pencil aria-hidden="true" className="size-4" /> Modifier
          </Button>
        )}
        {busy ? (
          <span role="status" className="text-sm text-muted-foreground">
            {state.status === "loading" ? RUN_MESSAGES.loading : RUN_MESSAGES.running}
          </span>
        ) : null}
      </div>
      <RunReport state={state} />
    </section>
  );
}

function RunReport({ state }: { state: RunState }) {
  if (state.status === "idle") return null;
  if (state.status === "failed")
    return (
      <p role="alert" className="text-sm font-medium text-destructive">
        {state.message}
      </p>
    );
  const stdout = state.status === "done" ? state.result.stdout : state.stdout;
  const error = state.status === "done" ? state.result.error : state.status === "timeout" ? state.message : null;
  return (
    <div className="space-y-3" aria-live="polite">
      {stdout ? (
        <div>
          <p className="text-sm font-semibold">Affichage</p>
          <pre className="max-h-72 overflow-auto rounded-lg bg-muted p-3 font-mono text-sm whitespace-pre-wrap">{stdout}</pre>
        </div>
      ) : null}
      {error ? (
        <p role="alert" className="rounded-lg border border-destructive/50 bg-destructive-soft p-3 font-mono text-sm">
          {error}
        </p>
      ) : null}
      {state.status === "done" ? <TestList result={state.result} /> : null}
    </div>
  );
}

function TestList({ result }: { result: RunResult }) {
  const passed = result.tests.filter((test) => test.ok).length;
  return (
    <div className="space-y-2">
      {result.images.map((image, index) => (
        <img
          key={index}
          src={`data:image/png;base64,${image}`}
          alt={`Figure ${index + 1} tracée par le programme`}
          className="max-w-full rounded-lg border border-border bg-white"
        />
      ))}
      {result.tests.length ? (
        <>
          <p className={`font-semibold ${result.passed ? "text-success" : ""}`}>
            {result.passed
              ? "Tous les tests sont réussis."
              : `${passed} test${passed > 1 ? "s" : ""} réussi${passed > 1 ? "s" : ""} sur ${result.tests.length}.`}
          </p>
          <ul className="space-y-1 text-sm">
            {result.tests.map((test) => (
              <li key={test.message} className="flex gap-2">
                {test.ok ? (
                  <CheckCircle2 aria-label="Réussi" className="mt-0.5 size-4 shrink-0 text-success" />
                ) : (
                  <XCircle aria-label="Échoué" className="mt-0.5 size-4 shrink-0 text-destructive" />
                )}
                <span>{test.message}</span>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </div>
  );
}
