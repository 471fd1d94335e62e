export { planEvent, type PlanOptions } from "./planEvent.ts";
export { consentAllows, consentRefusal } from "./consentAllows.ts";
export { idempotencyKey } from "./idempotencyKey.ts";
export { EngineError } from "./EngineError.ts";
