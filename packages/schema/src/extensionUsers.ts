import { stringsIn } from "./fields.ts";
import type { PropertyDocument } from "./property.ts";
import { tokenNames } from "./tokens.ts";

/** A rule or data element that uses one of an extension's modules. */
export interface ExtensionUser {
  kind: "rule" | "dataElement";
  id: string;
  name: string;
}

/**
 * The rules and data elements using an extension's modules: module paths start with the
 * extension's name (`web-sdk/src/lib/actions/sendEvent.js`), opaque imports included.
 */
export function extensionUsers(document: PropertyDocument, name: string): ExtensionUser[] {
  const ofExtension = (modulePath: string) => modulePath.startsWith(`${name}/`);
  const users: ExtensionUser[] = [];
  for (const rule of document.rules) {
    const components = [...rule.events, ...rule.conditions, ...rule.actions];
    if (components.some((c) => ofExtension(c.modulePath)))
      users.push({ kind: "rule", id: rule.id, name: rule.name });
  }
  for (const element of document.dataElements)
    if (ofExtension(element.modulePath))
      users.push({ kind: "dataElement", id: element.id, name: element.name });
  return users;
}

/**
 * The rules and data elements whose settings name a data element by `%token%` (deleting it
 * would leave the token's text on the page), enabled or not, itself left out. In an event
 * forwarding property (platform `edge`) the tokens are `{{name}}`.
 */
export function dataElementUsers(document: PropertyDocument, name: string): ExtensionUser[] {
  const platform = document.property.settings.platform === "edge" ? "edge" : "web";
  const names = (settings: unknown) =>
    stringsIn(settings).some((s) => tokenNames(s, platform).includes(name));
  const users: ExtensionUser[] = [];
  for (const rule of document.rules)
    if ([...rule.events, ...rule.conditions, ...rule.actions].some((c) => names(c.settings)))
      users.push({ kind: "rule", id: rule.id, name: rule.name });
  for (const element of document.dataElements)
    if (element.name !== name && names(element.settings))
      users.push({ kind: "dataElement", id: element.id, name: element.name });
  return users;
}

/** "rule "Page view" and data element "page url"", for a problem's detail. */
export function describeUsers(users: readonly ExtensionUser[]): string {
  const named = users.map((u) => `${u.kind === "rule" ? "rule" : "data element"} "${u.name}"`);
  if (named.length <= 1) return named.join("");
  return `${named.slice(0, -1).join(", ")} and ${named.at(-1)!}`;
}
