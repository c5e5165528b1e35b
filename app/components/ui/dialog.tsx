import { X } from "lucide-react";
import { type ReactNode, useEffect, useId, useRef } from "react";

/** A modal on the native <dialog>: the browser traps focus, handles Escape and restores focus. */
export function Dialog({ open, onClose, title, children }: { open: boolean; onClose: () => void; title: string; children: ReactNode }) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return (
    <dialog
      ref={ref}
      onClose={onClose}
      aria-labelledby={titleId}
      className="m-auto w-[min(32rem,calc(100vw-2rem))] rounded-2xl border border-border bg-card p-6 text-foreground shadow-xl backdrop:bg-black/50"
    >
      <div className="flex items-start justify-between gap-4">
        <h2 id={titleId} className="text-xl font-bold">
          {title}
        </h2>
        <button type="button" onClick={onClose} className="rounded-md p-1 hover:bg-muted" aria-label="Fermer la fenêtre">
          <X aria-hidden="true" className="size-5" />
        </button>
      </div>
      <div className="mt-4">{children}</div>
    </dialog>
  );
}
