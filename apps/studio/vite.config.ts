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
});
