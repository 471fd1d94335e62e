import { problemsUnder } from "../../http/HttpError.ts";

const make = problemsUnder("urn:liftoff:errors:preview:");

/** The problems of preview sessions and their reports (docs/api.md, Preview). */
export const previewProblems = {
  /** A cap on active sessions (per user, per property); ending one makes room. */
  tooManySessions: (detail: string) =>
    make(429, "too-many-sessions", "Too many preview sessions", detail),
  /** A cap on open streams (per person, per session); closing a stream makes room. */
  tooManyWatchers: (cap: "user" | "session", limit: number) =>
    make(
      429,
      "too-many-watchers",
      "Too many watchers",
      cap === "user"
        ? `You have ${limit} open preview streams, the limit per person; close one (a studio tab) first.`
        : `This preview session has ${limit} open streams of other people, its limit; close one first.`,
      { headers: { "retry-after": "30" } },
    ),
  unknownSession: () =>
    make(404, "unknown-session", "Unknown preview session", "No such preview session.", {
      field: "id",
    }),
  sessionEnded: (endedAt: string) =>
    make(
      410,
      "session-ended",
      "Preview session ended",
      `The preview session ended at ${endedAt}.`,
      {
        field: "id",
      },
    ),
  invalidTrace: (path: string, message: string) =>
    make(400, "invalid-trace", "Invalid trace record", `${path}: ${message}`, { field: path }),
  reportTooLarge: (detail: string, field = "body") =>
    make(413, "report-too-large", "Trace report too large", detail, { field }),
  rateLimited: (seconds: number) =>
    make(429, "rate-limited", "Too many trace reports", `Try again in ${seconds} s.`, {
      headers: { "retry-after": String(seconds) },
    }),
};
