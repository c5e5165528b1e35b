import { HONEYPOT_FIELD } from "./requests";

/**
 * A field people never see nor reach (off-screen, out of the tab order, hidden from assistive
 * technologies); robots that fill every input fill it, and their form is refused (checkPublicForm).
 */
export function HoneypotField() {
  return (
    <div aria-hidden="true" style={{ position: "absolute", left: "-10000px", width: 1, height: 1, overflow: "hidden" }}>
      <label>
        Ne pas remplir
        <input type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" />
      </label>
    </div>
  );
}
