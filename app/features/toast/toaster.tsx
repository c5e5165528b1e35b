import { Suspense, lazy, useEffect, useState } from "react";
import type * as SonnerModule from "sonner";
import type { ToasterProps } from "sonner";

/**
 * Sonner is loaded after hydration instead of with every page (it weighs about as much as the rest of
 * the app shell): the Toaster mounts once the page is interactive, and `toast` waits until it listens,
 * so a toast raised earlier (a redirect's cookie toast, say) is shown, never lost.
 */
let sonner: Promise<typeof SonnerModule> | undefined;
const loadSonner = () => (sonner ??= import("sonner"));

let markListening: () => void = () => {};
const listening = new Promise<void>((resolve) => (markListening = resolve));

const SonnerToaster = lazy(() => loadSonner().then((module) => ({ default: module.Toaster })));

function ListeningSignal() {
  // Runs after the Toaster's own effects (an earlier sibling), once it has subscribed.
  useEffect(() => markListening(), []);
  return null;
}

export function Toaster(props: ToasterProps) {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  if (!hydrated) return null;
  return (
    <Suspense fallback={null}>
      <SonnerToaster {...props} />
      <ListeningSignal />
    </Suspense>
  );
}

type Kind = "success" | "error" | "info";
type Options = { description?: string };

function show(kind: Kind, title: string, options?: Options) {
  void Promise.all([loadSonner(), listening]).then(([{ toast: sonnerToast }]) => sonnerToast[kind](title, options));
}

export const toast = {
  success: (title: string, options?: Options) => show("success", title, options),
  error: (title: string, options?: Options) => show("error", title, options),
  info: (title: string, options?: Options) => show("info", title, options),
};
