export { default as hashCustomerId, normalizeCustomerId } from "./hashCustomerId.ts";
