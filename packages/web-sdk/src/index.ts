export { default as installBaseCode } from "./baseCode.ts";
export type { QueueFunction, QueuedCommand } from "./baseCode.ts";
