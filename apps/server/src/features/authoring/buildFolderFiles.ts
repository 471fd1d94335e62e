import { isPlainObject } from "@liftoff/schema";
import { apiProblems } from "../../http/apiProblems.ts";

/** More files than a Launch build holds; the builder's folder import stops at the same count. */
export const MAX_BUILD_FILES = 10_000;
const MAX_PATH = 1024;
/** Problems listed in one answer: enough to fix a batch, bounded for a hostile body. */
const MAX_ERRORS = 20;

/** Why `path` is not a relative, `/`-separated path inside the folder; undefined when it is. */
function pathProblem(path: unknown): string | undefined {
  if (typeof path !== "string") return "expected a string";
  if (path === "" || path.length > MAX_PATH) return `expected 1 to ${MAX_PATH} characters`;
  if (path.includes("\\") || path.includes("\0")) return "expected a /-separated path";
  if (path.startsWith("/") || /^[A-Za-z]:/.test(path))
    return "expected a path relative to the folder, not an absolute one";
  if (path.split("/").some((s) => s === "" || s === "." || s === ".."))
    return "expected a path inside the folder (no empty, . or .. segments)";
  return undefined;
}

function fileProblems(file: unknown, at: string, seen: Map<string, number>, i: number) {
  if (!isPlainObject(file)) return [{ path: at, message: "expected an object {path, text}" }];
  const out = Object.keys(file)
    .filter((key) => key !== "path" && key !== "text")
    .map((key) => ({ path: `${at}.${key}`, message: "is not a member of a file (path, text)" }));
  const pathMessage = pathProblem(file.path);
  if (pathMessage) out.push({ path: `${at}.path`, message: pathMessage });
  else if (seen.has(file.path as string))
    out.push({ path: `${at}.path`, message: `repeats files[${seen.get(file.path as string)}]` });
  else seen.set(file.path as string, i);
  if (typeof file.text !== "string") out.push({ path: `${at}.text`, message: "expected a string" });
  return out;
}

/**
 * The files of a build-folder import (`{"files": [{path, text}, …]}`, as a browser sends a
 * downloaded Launch build), checked member by member: every bad field is named in one 400.
 */
export default function buildFolderFiles(
  body: Record<string, unknown>,
): Array<{ path: string; text: string }> {
  const errors = Object.keys(body)
    .filter((key) => key !== "files")
    .map((key) => ({
      path: key,
      message: "is not part of a build-folder import (send files only)",
    }));
  const files = body.files;
  if (!Array.isArray(files) || files.length === 0 || files.length > MAX_BUILD_FILES)
    errors.push({
      path: "files",
      message: `expected an array of 1 to ${MAX_BUILD_FILES} files {path, text}`,
    });
  else {
    const seen = new Map<string, number>();
    files.forEach((file, i) => errors.push(...fileProblems(file, `files[${i}]`, seen, i)));
  }
  if (errors.length > 0) throw apiProblems.invalidBody(errors.slice(0, MAX_ERRORS));
  return files as Array<{ path: string; text: string }>;
}
