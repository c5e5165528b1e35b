import { useEffect } from "react";
import { toast } from "~/features/toast/toaster";
import type { Toast } from "./toast";

/** Shows the toast an action returned with its data (failures that keep the user on the form). */
export function useActionToast(pending: Toast | undefined | null) {
  useEffect(() => {
    if (!pending) return;
    const show = pending.type === "error" ? toast.error : pending.type === "success" ? toast.success : toast.info;
    show(pending.title, { description: pending.description });
  }, [pending]);
}
