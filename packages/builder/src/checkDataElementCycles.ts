/**
 * Circular data element references (validateProperty.ts): data elements whose settings hold
 * tokens that lead back to themselves. On the page the runtime stops such a chain after ten
 * steps and logs it; here each cycle is reported once, with its chain.
 */
import type { PropertyDataElement, PropertyDocument } from "@liftoff/schema";
import { platformOf } from "./catalog.ts";
import type { Report } from "./checkModule.ts";
import { functionSettings } from "./checkModule.ts";
import { dataElementWhere, join } from "./describePlace.ts";
import { findTokens, tokenText } from "./findTokens.ts";

/**
 * Cycles among data elements through the tokens in their settings, each reported once;
 * `included` narrows the check to some of them (the ones builds include).
 */
export default function checkDataElementCycles(
  doc: PropertyDocument,
  report: Report,
  included: (element: PropertyDataElement) => boolean = () => true,
) {
  const platform = platformOf(doc);
  const index = new Map(
    doc.dataElements.flatMap((element, i) => (included(element) ? [[element.name, i]] : [])),
  );
  const edges = doc.dataElements.map((element) => {
    if (!included(element)) return [];
    const skip = functionSettings(element.modulePath, "");
    return [
      ...new Set(findTokens(element.settings ?? {}, "", skip, platform).map((use) => use.name)),
    ]
      .map((name) => index.get(name))
      .filter((i): i is number => i !== undefined);
  });
  const state: Array<"new" | "open" | "done"> = doc.dataElements.map(() => "new");
  const stack: number[] = [];
  const visit = (i: number) => {
    state[i] = "open";
    stack.push(i);
    for (const next of edges[i]!) {
      if (state[next] === "open") {
        const cycle = stack.slice(stack.indexOf(next)).map((n) => doc.dataElements[n]!.name);
        report(
          join(join("dataElements", next), "settings"),
          `circular data element reference: ${[...cycle, cycle[0]!].map((n) => tokenText(n, platform)).join(" → ")}`,
          dataElementWhere(doc.dataElements[next]!.name),
        );
      } else if (state[next] === "new") visit(next);
    }
    stack.pop();
    state[i] = "done";
  };
  doc.dataElements.forEach((_, i) => {
    if (state[i] === "new") visit(i);
  });
}
