import { hostedFileProblem, isPlainObject } from "@liftoff/schema";
import { apiProblems } from "../../http/apiProblems.ts";

/**
 * 400 naming each hosted file of an extension body that no library folder may serve
 * (`extension.hostedFiles["y.html"]`): a name or subfolder path that cannot be served, or a type a tag does
 * not load, which a browser could open as a page on this origin (docs/server.md, "Trust
 * boundaries"). The rule is the builder's (`hostedFileProblem`), checked here first so the
 * error names the field as the request sent it rather than its place in the document.
 */
export default function refuseHostedFiles(extension: Record<string, unknown>, path: string): void {
  const hosted = extension.hostedFiles;
  if (!isPlainObject(hosted)) return; // the document's own check names a wrong shape
  const errors = Object.keys(hosted).flatMap((name) => {
    const message = hostedFileProblem(name);
    return message ? [{ path: `${path}.hostedFiles[${JSON.stringify(name)}]`, message }] : [];
  });
  if (errors.length > 0) throw apiProblems.invalidBody(errors);
}
