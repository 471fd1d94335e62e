import { SERVED_FILE_TYPE_LIST, hostedPathProblem, servedFileType } from "@liftoff/schema";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { problems } from "../../http/problems.ts";
import type { PreviewLibrary } from "../preview/previewLibrary.ts";
import type { Store } from "../../store/Store.ts";
import { encodedEtag } from "./libraryEncodings.ts";
import negotiateEncoding from "./negotiateEncoding.ts";

const ID = /^[A-Za-z0-9_-]{1,64}$/;
const FILE = /^[A-Za-z0-9_.-]{1,128}$/;
/** A preview session's build (docs/preview.md), next to the environment's own file. */
const PREVIEW_FILE = /^preview-([0-9a-f]{32})\.js$/;
/** The folder of the files a preview session's build carries. */
const PREVIEW_FOLDER = /^preview-([0-9a-f]{32})$/;

/**
 * The message Launch's dynamic host resolution prints (spec §8), reused so the same search
 * finds both the browser and the server side of the rule.
 */
export const HOST_NOT_ALLOWED =
  "This library is not authorized for this domain. Please contact your CSM for more information.";

/**
 * Built libraries at stable per-environment URLs, Launch-like:
 * `/libs/{propertyId}/{environmentId}/{file}` (e.g. `launch.min.js`). A publish replaces the
 * bytes behind the same URL. Development files are `no-cache` (every load revalidates with
 * the ETag, so the next reload runs a new build); staging and production files carry the
 * max-age the property sets (docs/api.md, "Caching").
 * `GET /libs/allowed-hosts.json` serves the dynamic host allow list to builds; library
 * requests on a host not on a non-empty list are refused.
 * `preview-<session id>.js` in the same folder is a preview session's build, never cached.
 * `hosted/<extension>/<file>` beside the library are the files the property carries (hosted
 * files, external custom code), published with each build and cached like its library;
 * `preview-<id>/hosted/<extension>/<file>` are those of a preview session's build. A hosted
 * file Launch kept in a subfolder is served at its path (`hosted/<extension>/lang/en.js`),
 * each segment checked by @liftoff/schema's hostedPathProblem (no `.` or `..`).
 * Only the types of @liftoff/schema's SERVED_FILE_TYPES are served, with that map's content
 * type (whatever a store kept from an older release); every answer under /libs/ carries
 * LIBRARY_FILE_HEADERS (http/securityHeaders.ts, which sets them for every surface).
 * Published files are answered in the brotli or gzip copy made at publish when the request's
 * Accept-Encoding takes it (negotiateEncoding.ts), each coding with its own ETag
 * (docs/server.md, "Library delivery"); preview builds are made per request and sent as is.
 */
export default function libraryRoutes(
  app: FastifyInstance,
  store: Store,
  preview?: PreviewLibrary,
): void {
  app.get("/libs/allowed-hosts.json", { config: { access: "public" } }, async (_request, reply) =>
    reply.header("cache-control", "no-cache").send({ hosts: await store.hosts.list() }),
  );

  const serve = async (request: FastifyRequest, reply: FastifyReply) => {
    const params = request.params as Record<string, string | undefined>;
    const { propertyId, environmentId, extension, previewFolder } = params;
    // Under hosted/<extension>/ the rest of the path is the file's (a subfolder's file too).
    const fileName = extension === undefined ? params.fileName : params["*"];
    const matches = (pattern: RegExp) => (value: string) => pattern.test(value);
    const hostedPath = (value: string) => hostedPathProblem(value) === undefined;
    for (const [field, value, valid] of [
      ["propertyId", propertyId, matches(ID)],
      ["environmentId", environmentId, matches(ID)],
      ["fileName", fileName, extension === undefined ? matches(FILE) : hostedPath],
      ...(extension === undefined ? [] : [["extension", extension, matches(ID)] as const]),
      ...(previewFolder === undefined
        ? []
        : [["previewFolder", previewFolder, matches(PREVIEW_FOLDER)] as const]),
    ] as const) {
      if (!valid(value ?? ""))
        throw problems.invalidQuery(`${field}: ${JSON.stringify(value)} is not a valid id.`, {
          field,
        });
    }
    const type = servedFileType(fileName!);
    if (type === undefined)
      throw problems.notFound(
        `No file ${fileName}: a library's folder serves only ${SERVED_FILE_TYPE_LIST} files.`,
      );
    const hosts = await store.hosts.list();
    const host = request.hostname.replace(/:\d+$/, "").toLowerCase();
    if (hosts.length > 0 && !hosts.includes(host))
      throw problems.hostNotAllowed(
        `${HOST_NOT_ALLOWED} (host ${host}; code dynamic_host_not_allowed)`,
        {
          field: "host",
        },
      );
    const previewId = extension === undefined ? PREVIEW_FILE.exec(fileName!)?.[1] : undefined;
    const uncached = () =>
      reply.header("cache-control", "no-store").header("access-control-allow-origin", "*");
    if (preview && previewId !== undefined)
      return uncached()
        .type(type)
        .send(await preview.script(propertyId!, environmentId!, previewId));
    if (previewFolder !== undefined) {
      const path = `${previewFolder}/hosted/${extension!}/${fileName!}`;
      const text = await preview?.file(propertyId!, environmentId!, previewFolder.slice(8), path);
      if (text === undefined)
        throw problems.notFound(`No file ${path} for an active preview of ${propertyId}.`);
      return uncached().type(type).send(text);
    }
    // Carried files are stored under their path beside the library (Publisher.buildInto).
    const stored = extension === undefined ? fileName! : `hosted/${extension}/${fileName!}`;
    // The answer depends on Accept-Encoding whatever it turns out to be (identity too), so
    // every answer says so, and a shared cache keeps one copy per coding.
    reply.header("vary", "Accept-Encoding");
    const file = await store.libraries.get(propertyId!, environmentId!, stored);
    if (!file)
      throw problems.notFound(`No library ${fileName} for ${propertyId}/${environmentId}.`);
    const available = (["br", "gzip"] as const).filter((c) => file.encodings[c] !== null);
    const coding = negotiateEncoding(request.headers["accept-encoding"], available);
    const etag = coding === "identity" ? file.etag : encodedEtag(file.etag, coding);
    reply
      .header("etag", etag)
      .header("last-modified", file.publishedAt.toUTCString())
      .header("cache-control", file.cacheControl)
      .header("access-control-allow-origin", "*");
    // RFC 9110 §13.1.2: If-None-Match is weighed against the selected representation (weak
    // comparison). A cache holding several codings sends all their tags; the 304's ETag
    // tells it which copy to use. Another coding's tag gets the selected copy in full.
    const ifNoneMatch = request.headers["if-none-match"];
    if (
      ifNoneMatch &&
      ifNoneMatch.split(/\s*,\s*/).some((t) => t === etag || t === `W/${etag}` || t === "*")
    )
      return reply.code(304).send();
    // No Range support (no Accept-Ranges): a range request gets the whole representation.
    if (coding !== "identity") reply.header("content-encoding", coding);
    return reply.type(type).send(coding === "identity" ? file.body : file.encodings[coding]);
  };
  app.get("/libs/:propertyId/:environmentId/:fileName", { config: { access: "public" } }, serve);
  app.get(
    "/libs/:propertyId/:environmentId/hosted/:extension/*",
    { config: { access: "public" } },
    serve,
  );
  app.get(
    "/libs/:propertyId/:environmentId/:previewFolder/hosted/:extension/*",
    { config: { access: "public" } },
    serve,
  );
}
