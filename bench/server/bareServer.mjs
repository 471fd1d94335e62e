// The baselines of bench/edge-ratio.mjs: a bare node:http server that reads the body, parses
// the JSON and answers 204. Nothing else: the floor of what any Node endpoint costs.
// With a database file as its argument it also stores each body in SQLite (WAL,
// synchronous=NORMAL, one row per request in a table without indexes) before it answers: the
// floor of an endpoint that may only acknowledge what it has stored, as the edge must.
import { createServer } from "node:http";
import Database from "better-sqlite3";

const file = process.argv[2];
let store = () => undefined;
if (file) {
  const db = new Database(file);
  db.pragma("journal_mode = WAL");
  db.pragma("synchronous = NORMAL");
  db.exec("CREATE TABLE IF NOT EXISTS bodies (id INTEGER PRIMARY KEY, body TEXT NOT NULL)");
  const insert = db.prepare("INSERT INTO bodies (body) VALUES (?)");
  store = (text) => insert.run(text);
}

const server = createServer((request, response) => {
  const chunks = [];
  request.on("data", (c) => chunks.push(c));
  request.on("end", () => {
    try {
      const text = Buffer.concat(chunks).toString("utf8");
      JSON.parse(text);
      store(text);
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
