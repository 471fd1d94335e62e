import type { FastifyPluginCallback } from "fastify";
import apiScope from "../../http/apiScope.ts";
import type { ApiContext } from "../../main/ApiContext.ts";
import type { Store } from "../../store/Store.ts";
import forwardingRoutes from "./forwardingRoutes.ts";
import { ForwardingSources } from "./ForwardingSources.ts";
import {
  defaultWorkerOptions,
  ForwardingWorker,
  type WorkerOptions,
  type WorkerParts,
} from "./ForwardingWorker.ts";
import { SecretBox } from "./SecretBox.ts";
import { createWorkerParts } from "./workerParts.ts";

export interface ForwardingOptions {
  /**
   * The key ring that seals secrets (`LIFTOFF_SECRET_KEYS`'s form). Absent: an ephemeral ring
   * when `ephemeralSecrets` (tests, in-memory demos), else secrets cannot be set.
   */
  secretKeys?: string;
  ephemeralSecrets?: boolean;
  /** False: this node plans and sends nothing (its edge still fills the inbox). */
  worker?: boolean;
  workerOptions?: Partial<Omit<WorkerOptions, "log">>;
  /** Replaces parts of the engine or sender (tests: a sender that counts). */
  parts?: Partial<WorkerParts>;
}

export interface Forwarding {
  worker: ForwardingWorker;
  sources: ForwardingSources;
  box: SecretBox | undefined;
}

/** Event forwarding's parts on one node: its worker, the sources it reads, the secret box. */
export function createForwarding(
  store: Store,
  options: ForwardingOptions,
  log: (message: string, detail?: Record<string, unknown>) => void,
): Forwarding {
  const box = options.secretKeys
    ? new SecretBox(options.secretKeys)
    : options.ephemeralSecrets
      ? SecretBox.ephemeral()
      : undefined;
  // Without a key ring nothing can be sealed, so nothing is stored to open either.
  const sources = new ForwardingSources(
    store.libraries,
    store.forwarding,
    box ?? SecretBox.ephemeral(),
  );
  const workerOptions: WorkerOptions = { ...defaultWorkerOptions, ...options.workerOptions, log };
  const parts = { ...createWorkerParts(workerOptions), ...options.parts };
  const worker = new ForwardingWorker(store.forwarding, sources, parts, workerOptions);
  return { worker, sources, box };
}

/** Event forwarding's API: outbound hosts, secrets, deliveries (docs/event-forwarding.md). */
const forwarding: FastifyPluginCallback<{ ctx: ApiContext; forwarding: Forwarding }> = (
  app,
  { ctx, forwarding: f },
  done,
) => {
  apiScope(app);
  forwardingRoutes(app, ctx, {
    repo: ctx.store.forwarding,
    sources: f.sources,
    box: f.box,
    wake: () => f.worker.wake(),
    now: Date.now,
  });
  done();
};

export default forwarding;
