import type { FastifyInstance } from "fastify";
import { apiProblems } from "./apiProblems.ts";
import decodeUtf8Body from "./decodeUtf8Body.ts";
import fieldErrorsOf from "./fieldErrorsOf.ts";
import parseStrictJson from "./parseStrictJson.ts";

/**
 * What every studio API context shares (packages/schema/src/api.ts, docs/api.md): JSON
 * bodies become objects, text stays text, and route schemas check bodies, URL and query
 * parameters, failing as the server's one problem shape with each field named. A feature
 * plugin calls it on its own context, so its routes get it and nothing else does.
 */
export default function apiScope(api: FastifyInstance): void {
  api.removeContentTypeParser(["application/json", "text/plain"]);
  api.addContentTypeParser("application/json", { parseAs: "buffer" }, (_request, body, done) => {
    // An empty body is no body, as when the header is absent: routes that take none (build,
    // submit, …) accept it, and a route schema that needs one names `body`.
    if ((body as Buffer).length === 0) return done(null, undefined);
    try {
      done(null, parseStrictJson(body as Buffer, apiProblems.invalidField));
    } catch (error) {
      done(error as Error, undefined);
    }
  });
  // Text (a built Launch library to import) stays text, refused when it is not UTF-8.
  api.addContentTypeParser("text/plain", { parseAs: "buffer" }, (_request, body, done) => {
    try {
      done(null, decodeUtf8Body(body as Buffer));
    } catch (error) {
      done(error as Error, undefined);
    }
  });
  api.setSchemaErrorFormatter((errors, part) =>
    apiProblems.invalidBody(fieldErrorsOf(errors, part)),
  );
}
