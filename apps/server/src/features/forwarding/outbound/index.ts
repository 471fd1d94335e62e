export { sendPlanned, type SendOptions, type SendOutcome } from "./sendPlanned.ts";
export { nextStep, type RetryOptions, type RetryStep } from "./retryPolicy.ts";
export {
  DestinationLimiter,
  LimiterQueueFullError,
  type LimiterOptions,
} from "./DestinationLimiter.ts";
export {
  checkDestination,
  systemResolveHost,
  type DestinationCheck,
  type ResolveHost,
} from "./checkDestination.ts";
export { classifyAddress, isPublicAddress, METADATA_HOST_NAMES } from "./classifyAddress.ts";
export { findHostAllowance, parseHostPattern } from "./findHostAllowance.ts";
export { maskSecrets, MissingSecretError, SECRET_MASK, substituteSecrets } from "./secrets.ts";
export { parseRetryAfter } from "./parseRetryAfter.ts";
