import { describeUsers, extensionUsers, type PropertyDocument } from "@liftoff/schema";
import { apiProblems } from "../../http/apiProblems.ts";

/**
 * Removing an extension would leave its users pointing at modules no library carries, so a
 * used extension is refused with the rules and data elements that use it; Core never goes.
 */
export default function refuseUsedExtension(document: PropertyDocument, name: string): void {
  if (name === "core" && document.extensions.some((e) => e.name === "core"))
    throw apiProblems.coreRequired();
  const users = extensionUsers(document, name);
  if (users.length === 0) return;
  const extension = document.extensions.find((e) => e.name === name);
  const label = extension?.displayName ?? name;
  throw apiProblems.extensionInUse(
    name,
    `The ${label} extension is used by ${describeUsers(users)}; change or delete them first.`,
    users,
  );
}
