export { default as pageName } from "./custom-code/pageName.ts";
