import { randomBytes, randomUUID } from "node:crypto";
import type { Store } from "../../store/Store.ts";
import { hashPassword } from "./passwords.ts";

/**
 * First start: when there are no users at all, creates `admin` with `password` (from
 * LIFTOFF_ADMIN_PASSWORD) or a random one that is printed once and never stored in clear.
 * Returns whether the account was created (another node may have won the race).
 */
export default async function bootstrapAdmin(
  store: Store,
  password: string | undefined,
  print: (line: string) => void,
): Promise<boolean> {
  if ((await store.users.count()) > 0) return false;
  const chosen = password || randomBytes(15).toString("base64url");
  const created = await store.users.create({
    id: randomUUID(),
    username: "admin",
    role: "admin",
    createdAt: new Date().toISOString(),
    passwordHash: await hashPassword(chosen),
  });
  if (!created) return false;
  await store.audit.append({
    user: "system",
    action: "user.create",
    target: "admin",
    detail: { role: "admin" },
  });
  print(
    password
      ? 'Created admin user "admin" with the password from LIFTOFF_ADMIN_PASSWORD'
      : `Created admin user "admin" with password: ${chosen}`,
  );
  return true;
}
