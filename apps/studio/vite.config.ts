import react from "@vitejs/plugin-react";
import { defaultClientConditions, defineConfig } from "vite";

// The studio is served by `liftoff serve` under /studio/.
export default defineConfig({
  base: "/studio/",
  plugins: [react()],
  // Workspace packages bundle from their TypeScript sources (package.json "exports").
  resolve: { conditions: ["liftoff:source", ...defaultClientConditions] },
  server: { host: "127.0.0.1" },
  preview: { host: "127.0.0.1" },
  // CodeMirror's lazy chunk is ~500 kB raw (165 kB gzip); it loads only with custom code.
  build: { outDir: "dist", emptyOutDir: true, chunkSizeWarningLimit: 600 },
  // The server answers every copy of index.html with a fresh nonce in place of this
  // placeholder, and a Content-Security-Policy naming it (CSP_NONCE_PLACEHOLDER in
  // apps/server/src/http/securityHeaders.ts, which must say the same).
  html: { cspNonce: "__LIFTOFF_CSP_NONCE__" },
});
