/** Keys of the browser storage that belong to a signed-in user; cleared at sign-out. */
export const LOCAL_USER_KEY_PREFIX = "tremplin-user-data:";

export function clearLocalUserState() {
  try {
    for (const key of Object.keys(localStorage)) {
      if (key.startsWith(LOCAL_USER_KEY_PREFIX) && !key.endsWith(":guest")) localStorage.removeItem(key);
    }
    sessionStorage.clear();
  } catch {
    // Storage unavailable (private mode): nothing to clear.
  }
}
