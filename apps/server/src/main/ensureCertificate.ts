import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

/**
 * A self-signed certificate for `liftoff serve --https`, generated once with the `openssl`
 * CLI into `<dir>/cert.pem` and `<dir>/key.pem` and reused afterwards. The real alloy only
 * speaks https (reference edge-protocol.md §0), so local testing needs one.
 */
export default function ensureCertificate(dir: string): { cert: Buffer; key: Buffer } {
  const cert = join(dir, "cert.pem");
  const key = join(dir, "key.pem");
  if (!existsSync(cert) || !existsSync(key)) {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    execFileSync(
      "openssl",
      [
        "req",
        "-x509",
        "-newkey",
        "ec",
        "-pkeyopt",
        "ec_paramgen_curve:prime256v1",
        "-nodes",
        "-keyout",
        key,
        "-out",
        cert,
        "-days",
        "825",
        "-subj",
        "/CN=Liftoff local server",
        "-addext",
        "subjectAltName=DNS:localhost,IP:127.0.0.1,DNS:*.example.test",
      ],
      { stdio: "ignore" },
    );
  }
  return { cert: readFileSync(cert), key: readFileSync(key) };
}
