export { default as createEmbedCode } from "./createEmbedCode.ts";
