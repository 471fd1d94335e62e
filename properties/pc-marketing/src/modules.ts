/** Module paths the property uses, by extension (Core: packages/core/src/manifest.ts). */
export const core = {
  libraryLoaded: "core/src/lib/events/libraryLoaded.js",
  domReady: "core/src/lib/events/domReady.js",
  windowLoaded: "core/src/lib/events/windowLoaded.js",
  click: "core/src/lib/events/click.js",
  mediaPlay: "core/src/lib/events/mediaPlay.js",
  mediaEnded: "core/src/lib/events/mediaEnded.js",
  mediaTimePlayed: "core/src/lib/events/mediaTimePlayed.js",
  scrollDepth: "core/src/lib/events/scrollDepth.js",
  timeAndScroll: "core/src/lib/events/timeAndScroll.js",
  pathCondition: "core/src/lib/conditions/path.js",
  cookieCondition: "core/src/lib/conditions/cookie.js",
  variableCondition: "core/src/lib/conditions/variable.js",
  customCodeCondition: "core/src/lib/conditions/customCode.js",
  customCodeAction: "core/src/lib/actions/customCode.js",
  constant: "core/src/lib/dataElements/constant.js",
  cookie: "core/src/lib/dataElements/cookie.js",
  customCode: "core/src/lib/dataElements/customCode.js",
  pageInfo: "core/src/lib/dataElements/pageInfo.js",
  queryStringParameter: "core/src/lib/dataElements/queryStringParameter.js",
  deviceType: "core/src/lib/dataElements/deviceType.js",
  screenOrientation: "core/src/lib/dataElements/screenOrientation.js",
} as const;

/** The Web SDK extension's modules (packages/web-sdk/src/extension/index.ts). */
export const webSdk = {
  sendEvent: "web-sdk/src/lib/actions/sendEvent.js",
  updateVariable: "web-sdk/src/lib/actions/updateVariable.js",
  xdmObject: "web-sdk/src/lib/dataElements/xdmObject.js",
  variable: "web-sdk/src/lib/dataElements/variable.js",
} as const;

/**
 * The identity extension's key in Liftoff properties (packages/identity/src/extension/
 * manifest.ts); Launch calls it `adobe-mcid` and the builder maps that name on import.
 */
export const IDENTITY_EXTENSION = "identity";
export const identity = {
  mcidInstance: `${IDENTITY_EXTENSION}/src/lib/sharedModules/mcidInstance.js`,
} as const;

/**
 * Modules of an event forwarding (platform `edge`) property: server-side Core and the
 * destination actions (docs/event-forwarding.md).
 */
export const forwarding = {
  eventReceived: "core/src/lib/events/eventReceived.js",
  path: "core/src/lib/dataElements/path.js",
  constant: "core/src/lib/dataElements/constant.js",
  secret: "core/src/lib/dataElements/secret.js",
  sendHttpRequest: "http-connector/src/lib/actions/sendHttpRequest.js",
  metaSendEvent: "meta-capi/src/lib/actions/sendEvent.js",
} as const;
