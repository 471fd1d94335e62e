export { default as createDemoServer, resolvePage, PUBLIC_DIR } from "./createDemoServer.ts";
