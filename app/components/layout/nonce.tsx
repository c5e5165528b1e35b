import { createContext, useContext } from "react";

const NonceContext = createContext<string | undefined>(undefined);
export const NonceProvider = NonceContext.Provider;

/** The CSP nonce of this response (undefined in the browser, where scripts already ran). */
export function useNonce() {
  return useContext(NonceContext);
}
