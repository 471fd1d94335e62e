export {
  default as createDemoServer,
  type DemoServer,
  type DemoServerOptions,
} from "./createDemoServer.ts";
export {
  DEEP_SEGMENTS,
  DOWNLOAD_EXTENSIONS,
  PAGES,
  SEARCH_VARIANTS,
  findPage,
  type Page,
} from "./pages.ts";
export { default as renderPage } from "./renderPage.ts";
export { VENDOR_SCRIPTS, type VendorCall } from "./vendorStandIns.ts";
