/** `<message>\n<stack>` as turbine prints component errors; the stack only where there is one. */
export default function errorText(error: unknown): string {
  const e = error as { message?: unknown; stack?: unknown } | null | undefined;
  const message = String(e?.message ?? error);
  return typeof e?.stack === "string" ? `${message}\n${e.stack}` : message;
}
