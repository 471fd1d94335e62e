import { dirname } from "node:path";

/** Where `liftoff serve` keeps its data: a SQLite file or a PostgreSQL URL. */
export type StoreTarget = { file: string } | { url: string };

/** The URL without its password, fit to print. */
export function redactedUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = "***";
    return parsed.toString();
  } catch {
    return url.replace(/:[^:@/]*@/, ":***@");
  }
}

const codeOf = (error: unknown) =>
  typeof error === "object" && error !== null && "code" in error ? String(error.code) : "";

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

function sqlite(file: string, code: string, message: string): string {
  const dir = dirname(file);
  if (code === "SQLITE_NOTADB" || code === "SQLITE_CORRUPT")
    return `${file} is not a usable SQLite database (${message}): move it aside to start empty, restore it from a backup, or choose another folder with --data DIR.`;
  if (code.startsWith("SQLITE_READONLY"))
    return `${file} is read-only (${message}): let the user running liftoff write the file and its folder ${dir} (SQLite also writes liftoff.db-wal and liftoff.db-shm there), or choose another folder with --data DIR.`;
  if (code === "SQLITE_FULL")
    return `the disk holding ${file} is full: free some space, or choose another folder with --data DIR.`;
  if (code === "SQLITE_BUSY" || code === "SQLITE_LOCKED")
    return `${file} is locked by another program (${message}): stop it, or choose another folder with --data DIR.`;
  if (["EACCES", "EPERM", "EROFS", "ENOTDIR", "EEXIST", "ENOENT"].includes(code))
    return `cannot create the data folder ${dir} (${message}): create it and let the user running liftoff write it, or choose another folder with --data DIR.`;
  if (code === "SQLITE_CANTOPEN" || code.startsWith("SQLITE_IOERR") || code === "SQLITE_PERM")
    return `cannot open ${file} (${message}): check that the folder ${dir} exists and the user running liftoff can read and write it, or choose another folder with --data DIR.`;
  return `cannot use the database ${file} (${message}): check the file and its folder, or choose another folder with --data DIR.`;
}

function postgres(url: string, code: string, message: string): string {
  const shown = redactedUrl(url);
  if (code === "ERR_INVALID_URL" || /invalid url/i.test(message))
    return `--db ${shown} is not a valid PostgreSQL URL: expected postgres://user:password@host:5432/database.`;
  if (
    ["ECONNREFUSED", "ENOTFOUND", "EAI_AGAIN", "ETIMEDOUT", "EHOSTUNREACH"].includes(code) ||
    /timeout/i.test(message)
  )
    return `cannot reach PostgreSQL at ${shown} (${code || message}): check that the server is running and the host and port are right, or use --db sqlite.`;
  if (code === "28P01" || code === "28000")
    return `PostgreSQL at ${shown} refused the sign-in (${message}): check the user and password in the URL and the server's pg_hba.conf.`;
  if (code === "3D000")
    return `the database in ${shown} does not exist (${message}): create it (createdb NAME) or name an existing one in the URL.`;
  if (code === "42501")
    return `the PostgreSQL user in ${shown} may not create Liftoff's tables (${message}): grant it CREATE on the database, or use another user.`;
  return `cannot use PostgreSQL at ${shown} (${message}): check the URL and the server's log.`;
}

/**
 * One line for a store that cannot open at start-up: what is wrong, with the path or URL,
 * and what to do about it. `liftoff serve` prints it instead of a stack trace.
 */
export default function explainStoreError(error: unknown, target: StoreTarget): string {
  const code = codeOf(error);
  const message = messageOf(error).split("\n")[0]!;
  return "file" in target
    ? sqlite(target.file, code, message)
    : postgres(target.url, code, message);
}
