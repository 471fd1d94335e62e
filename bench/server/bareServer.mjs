// The baseline of bench/edge-ratio.mjs: a bare node:http server that reads the body, parses
// the JSON and answers 204. Nothing else: the floor of what any Node endpoint costs.
import { createServer } from "node:http";

const server = createServer((request, response) => {
  const chunks = [];
  request.on("data", (c) => chunks.push(c));
  request.on("end", () => {
    try {
      JSON.parse(Buffer.concat(chunks).toString("utf8"));
      response.writeHead(204).end();
    } catch {
      response.writeHead(400).end();
    }
  });
});
server.listen(0, "127.0.0.1", () => {
  console.log(`bare server listening on http://127.0.0.1:${server.address().port}`);
});
process.once("SIGTERM", () => server.close(() => process.exit(0)));
