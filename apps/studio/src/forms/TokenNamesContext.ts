import { createContext, useContext } from "react";

/** The data element names of the property being edited, for `%name%` completion. */
export const TokenNamesContext = createContext<readonly string[]>([]);

export function useTokenNames(): readonly string[] {
  return useContext(TokenNamesContext);
}
