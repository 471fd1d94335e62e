// Entry of dist/base-code.min.js: the snippet as pages paste it, for the instance "alloy".
import installBaseCode from "./baseCode.ts";

installBaseCode(window as unknown as Record<string, unknown>, ["alloy"]);
