import configureInstance, { type Command } from "./configureInstance.ts";
import type { CreateClickCollector } from "./createClickCollector.ts";
import { DECLINED_CONSENT } from "./createConsent.ts";
import createLogger from "./createLogger.ts";
import validateCommandOptions from "./validateCommandOptions.ts";
import validateConfig from "./validateConfig.ts";
import { isObject, type Dict } from "./validate.ts";

/** What `createInstance` returns and what `window.alloy` forwards to. */
export type Executor = (commandName: string, options?: unknown) => Promise<Dict>;

// Personalization rendering, decisioning rules and streaming media are not implemented:
// these commands fail at once with a message that says so instead of hanging.
const UNSUPPORTED = [
  "applyPropositions",
  "evaluateRulesets",
  "subscribeRulesetItems",
  "createMediaSession",
  "sendMediaEvent",
  "getMediaAnalyticsTracker",
];

/**
 * An alloy-compatible instance (edge-protocol.md §1): `configure` once, then commands.
 * Errors carry the `[name]` prefix, and component failures alloy's
 * `[Component] An error occurred while executing the X command.` line; declined consent
 * resolves `{}` with a warning.
 *
 * `clickCollector` (`createClickCollector`) adds alloy's automatic link-click collection;
 * libraries that need none leave it out and carry none of its code.
 *
 * @example
 * const alloy = createInstance({ name: "alloy", clickCollector: createClickCollector });
 * await alloy("configure", { datastreamId: "…", orgId: "…@AdobeOrg" });
 * await alloy("sendEvent", { xdm: { eventType: "web.webpagedetails.pageViews" } });
 */
export default function createInstance(
  options: { name?: string; clickCollector?: CreateClickCollector } = {},
  win: Window = window,
): Executor {
  const name = options.name ?? "alloy";
  const logger = createLogger(name, win);
  let configured: Promise<Record<string, Command>> | undefined;

  const execute = async (commandName: string, raw: unknown): Promise<unknown> => {
    if (commandName === "configure") {
      if (configured)
        throw new Error("The library has already been configured and may only be configured once.");
      const config = validateConfig(raw, (m) => logger.warn(m), options.clickCollector?.schema);
      logger.setDebug(config.debugEnabled);
      configured = Promise.resolve().then(() =>
        configureInstance(config, logger, win, options.clickCollector),
      );
      await configured;
      return;
    }
    if (!configured)
      throw new Error(
        "The library must be configured first. Please do so by executing the configure command.",
      );
    if (commandName === "setDebug") {
      const { enabled } = validateCommandOptions("setDebug", raw ?? {}) as { enabled: boolean };
      logger.setDebug(enabled, true);
      return;
    }
    let commands: Record<string, Command>;
    try {
      commands = await configured;
    } catch {
      logger.warn(
        `An error during configuration is preventing the ${commandName} command from executing.`,
      );
      return new Promise(() => undefined);
    }
    if (UNSUPPORTED.includes(commandName))
      throw new Error(
        `The ${commandName} command is not supported by this SDK: personalization rendering, decisioning rules and streaming media are not implemented (see docs/web-sdk.md).`,
      );
    // Own keys only: `toString` or `__proto__` are not commands.
    const command = Object.prototype.hasOwnProperty.call(commands, commandName)
      ? commands[commandName]
      : undefined;
    if (!command)
      throw new Error(
        `The ${commandName} command does not exist. List of available commands: ${["configure", "setDebug", ...Object.keys(commands), ...UNSUPPORTED].join(", ")}.`,
      );
    // alloy treats a missing options object as `{}`; `null` gets the same treatment.
    const validated = validateCommandOptions(commandName, raw ?? {}) as Dict;
    try {
      return await command.run(validated);
    } catch (error) {
      const err = error instanceof Error ? error : new Error(String(error));
      if ((err as { code?: string }).code === DECLINED_CONSENT) throw err;
      err.message = `[${command.component}] An error occurred while executing the ${commandName} command.\nCaused by: ${err.message}`;
      throw err;
    }
  };

  return (commandName, options = {}) =>
    execute(commandName, options).then(
      (result) => (isObject(result) ? result : {}),
      (error: unknown) => {
        const err = error instanceof Error ? error : new Error(String(error));
        if ((err as { code?: string }).code === DECLINED_CONSENT) {
          logger.warn(`The ${commandName} command could not fully complete. ${err.message}`);
          return {};
        }
        err.message = `[${name}] ${err.message}`;
        throw err;
      },
    );
}
