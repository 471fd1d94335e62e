// The preview prelude explains Core's browser, device and OS conditions with its own copy of
// Core's user-agent tables (the runtime cannot depend on Core): they must stay equal.
import { expect, it } from "vitest";
import { CLIENT_TABLES } from "../../runtime/src/preview/detectClient.ts";
import { browsers, deviceTypes, operatingSystems } from "../../core/src/lib/helpers/clientInfo.ts";

it("the prelude's user-agent tables are Core's", () => {
  const text = (table: [string, RegExp][]) => table.map(([name, re]) => [name, String(re)]);
  expect(text(CLIENT_TABLES.browser)).toEqual(text(browsers));
  expect(text(CLIENT_TABLES.os)).toEqual(text(operatingSystems));
  expect(text(CLIENT_TABLES.device)).toEqual(text(deviceTypes));
});
