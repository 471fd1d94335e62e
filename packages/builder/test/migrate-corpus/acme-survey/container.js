// For license information, see `https://assets.adobedtm.com/5e6f7a8b9c0d/1a2b3c4d5e6f/launch-EN5a6b7c8d9e0f1a2b3c4d5e6f7a8b9c0d-development.js`.
/* eslint-disable -- a corpus library shaped like a Launch development build: our own code, written as Launch emits it */
// The container part of a development build of a property with Core and a third-party
// survey extension. assembleCorpus.ts appends the engine (turbine 28.1.0 from npm) to make
// the library file; beside it, as in a downloaded Launch build, are the external custom
// code (RC…-source.js) and the extension's hosted file (hostedLibFiles/EP…/survey.js).
(function () {
  window._satellite = window._satellite || {};
  window._satellite.container = {
    buildInfo: {
      turbineVersion: "28.1.0",
      turbineBuildDate: "2025-02-06T18:35:41.379Z",
      buildDate: "2025-05-12T09:41:07Z",
      minified: false,
    },
    environment: { id: "EN5a6b7c8d9e0f1a2b3c4d5e6f7a8b9c0d", stage: "development" },
    dataElements: {
      "page name": {
        defaultValue: "",
        storageDuration: "pageview",
        modulePath: "core/src/lib/dataElements/customCode.js",
        settings: {
          source: function (event) {
            return document.title.split("|")[0].trim();
          },
        },
      },
      "page type": {
        defaultValue: "content",
        modulePath: "core/src/lib/dataElements/javascriptVariable.js",
        settings: { path: "pageData.type" },
      },
      "survey id": {
        modulePath: "core/src/lib/dataElements/constant.js",
        settings: { value: "SV-2025-quote" },
      },
    },
    extensions: {
      core: {
        displayName: "Core",
        hostedLibFilesBaseUrl:
          "https://assets.adobedtm.com/extensions/EP0c1d2e3f4a5b6c7d8e9f0a1b2c3d4e5f/",
        modules: {
          "core/src/lib/dataElements/customCode.js": {
            name: "custom-code",
            displayName: "Custom Code",
            script: function (module, exports, require, turbine) {
              "use strict";
              module.exports = function (settings, event) {
                return settings.source(event);
              };
            },
          },
          "core/src/lib/dataElements/javascriptVariable.js": {
            name: "javascript-variable",
            displayName: "JavaScript Variable",
            script: function (module, exports, require, turbine) {
              "use strict";
              module.exports = function (settings) {
                var value = window;
                var parts = settings.path.split(".");
                for (var i = 0; i < parts.length && value != null; i++) value = value[parts[i]];
                return value;
              };
            },
          },
          "core/src/lib/dataElements/constant.js": {
            name: "constant",
            displayName: "Constant",
            script: function (module, exports, require, turbine) {
              "use strict";
              module.exports = function (settings) {
                return settings.value;
              };
            },
          },
          "core/src/lib/events/libraryLoaded.js": {
            name: "library-loaded",
            displayName: "Library Loaded (Page Top)",
            script: function (module, exports, require, turbine) {
              "use strict";
              module.exports = function (settings, trigger) {
                trigger({});
              };
            },
          },
          "core/src/lib/events/click.js": {
            name: "click",
            displayName: "Click",
            script: function (module, exports, require, turbine) {
              "use strict";
              module.exports = require("./helpers/createBubbly")("click");
            },
          },
          "core/src/lib/events/submit.js": {
            name: "submit",
            displayName: "Submit",
            script: function (module, exports, require, turbine) {
              "use strict";
              module.exports = require("./helpers/createBubbly")("submit");
            },
          },
          "core/src/lib/events/helpers/createBubbly.js": {
            script: function (module, exports, require, turbine) {
              "use strict";
              module.exports = function (type) {
                var listeners = [];
                document.addEventListener(
                  type,
                  function (nativeEvent) {
                    for (
                      var node = nativeEvent.target;
                      node && node.nodeType === 1;
                      node = node.parentNode
                    )
                      listeners.forEach(function (listener) {
                        if (node.matches(listener.settings.elementSelector))
                          listener.trigger({
                            element: node,
                            target: nativeEvent.target,
                            nativeEvent: nativeEvent,
                          });
                      });
                  },
                  true,
                );
                return function (settings, trigger) {
                  listeners.push({ settings: settings, trigger: trigger });
                };
              };
            },
          },
          "core/src/lib/events/directCall.js": {
            name: "direct-call",
            displayName: "Direct Call",
            script: function (module, exports, require, turbine) {
              "use strict";
              var triggers = {};
              window._satellite.track = function (identifier, detail) {
                var found = triggers[identifier];
                if (!found)
                  return turbine.logger.log(
                    '"' + identifier + '" does not match any direct call identifiers.',
                  );
                found.forEach(function (trigger) {
                  trigger({ identifier: identifier, detail: detail });
                });
              };
              module.exports = function (settings, trigger) {
                (triggers[settings.identifier] = triggers[settings.identifier] || []).push(trigger);
              };
            },
          },
          "core/src/lib/events/historyChange.js": {
            name: "history-change",
            displayName: "History Change",
            script: function (module, exports, require, turbine) {
              "use strict";
              var triggers = [];
              var last = location.href;
              var check = function () {
                if (location.href === last) return;
                last = location.href;
                triggers.forEach(function (trigger) {
                  trigger({});
                });
              };
              ["pushState", "replaceState"].forEach(function (name) {
                var original = history[name];
                history[name] = function () {
                  var result = original.apply(this, arguments);
                  setTimeout(check, 0);
                  return result;
                };
              });
              window.addEventListener("popstate", check);
              module.exports = function (settings, trigger) {
                triggers.push(trigger);
              };
            },
          },
          "core/src/lib/events/customCode.js": {
            name: "custom-code",
            displayName: "Custom Code",
            script: function (module, exports, require, turbine) {
              "use strict";
              module.exports = function (settings, trigger) {
                settings.source(trigger);
              };
            },
          },
          "core/src/lib/conditions/customCode.js": {
            name: "custom-code",
            displayName: "Custom Code",
            script: function (module, exports, require, turbine) {
              "use strict";
              module.exports = function (settings, event) {
                return settings.source.call(event.element, event, event.target);
              };
            },
          },
          "core/src/lib/actions/customCode.js": {
            name: "custom-code",
            displayName: "Custom Code",
            script: function (module, exports, require, turbine) {
              "use strict";
              var loadScript = require("@adobe/reactor-load-script");
              var registered = {};
              var callbacks = {};
              var satellite = window._satellite;
              // External code: the RC file hands its code to __registerScript.
              satellite.__registerScript = function (url, code) {
                if (registered[url]) registered[url](code);
              };
              satellite._onCustomCodeSuccess = function (id) {
                if (callbacks[id]) callbacks[id][0]();
              };
              satellite._onCustomCodeFailure = function (id) {
                if (callbacks[id]) callbacks[id][1]();
              };
              var codeOf = function (settings) {
                if (!settings.isExternal) return Promise.resolve(settings.source);
                return new Promise(function (resolve, reject) {
                  registered[settings.source] = resolve;
                  loadScript(settings.source).catch(reject);
                });
              };
              module.exports = function (settings, event) {
                return codeOf(settings).then(function (code) {
                  Function("event", "target", code).call(event.element, event, event.target);
                });
              };
            },
          },
        },
      },
      "adobe-mcid": {
        displayName: "Experience Cloud ID Service",
        settings: {
          orgId: "0A1B2C3D4E5F60718293A4B5@AdobeOrg",
          variables: [{ name: "loadTimeout", value: "2000" }],
        },
        modules: {
          "adobe-mcid/src/lib/sharedModules/mcidInstance.js": {
            name: "mcid-instance",
            shared: true,
            script: function (module, exports, require, turbine) {
              "use strict";
              var settings = turbine.getExtensionSettings();
              var id = "";
              var idCall =
                "https://dpm.demdex.net/id?d_orgid=" + encodeURIComponent(settings.orgId);
              // As VisitorAPI 5.5.0 does: an MC call that brings no audience data (it failed,
              // or the answer had none) is followed by an AAM call.
              fetch(idCall + "&d_fieldgroup=MC")
                .then(function (response) {
                  return response.json();
                })
                .then(function (body) {
                  if (!body.dcs_region) throw new Error("no audience data");
                })
                .catch(function () {
                  return fetch(idCall + "&d_fieldgroup=AAM").catch(function () {});
                });
              window._satellite.getVisitorId = function () {
                return module.exports;
              };
              module.exports = {
                getMarketingCloudVisitorID: function (callback) {
                  if (callback) callback(id);
                  return id;
                },
              };
            },
          },
        },
      },
      "acme-survey": {
        displayName: "Acme Survey",
        hostedLibFilesBaseUrl:
          "https://assets.adobedtm.com/extensions/EP7e8f9a0b1c2d3e4f5a6b7c8d9e0f1a2b/",
        settings: {
          accounts: {
            production: ["acmeprod"],
            staging: ["acmestage"],
            development: ["acmedev", "acmeqa"],
          },
          surveyId: "%survey id%",
        },
        modules: {
          "acme-survey/src/lib/sharedModules/tracker.js": {
            name: "tracker",
            shared: true,
            script: function (module, exports, require, turbine) {
              "use strict";
              var loadScript = require("@adobe/reactor-load-script");
              var settings = turbine.getExtensionSettings();
              // The extension picks its own per-stage value, as Analytics does with its accounts.
              var accounts = settings.accounts[turbine.environment.stage].join(",");
              var built = new Date(turbine.buildInfo.turbineBuildDate);
              var version =
                "JS-1.4.0-" +
                [built.getUTCFullYear() - 2000, built.getUTCMonth() + 1, built.getUTCDate()]
                  .map(function (n) {
                    return n.toString(36).toUpperCase();
                  })
                  .join("");
              var visitor = turbine.getSharedModule("adobe-mcid", "mcid-instance");
              var ready = loadScript(turbine.getHostedLibFileUrl("survey.js"));
              module.exports = {
                send: function (kind, fields) {
                  return ready.then(function () {
                    var path =
                      "/b/" + accounts + "/" + version + "/" + kind + (visitor ? "/v" : "/nv");
                    window.AcmeSurvey.beacon(path, fields, settings.surveyId);
                  });
                },
              };
            },
          },
          "acme-survey/src/lib/actions/sendEvent.js": {
            name: "send-event",
            displayName: "Send Event",
            script: function (module, exports, require, turbine) {
              "use strict";
              var tracker = require("../sharedModules/tracker");
              module.exports = function (settings) {
                return tracker.send(settings.kind, { name: settings.name });
              };
            },
          },
        },
      },
    },
    company: { orgId: "0A1B2C3D4E5F60718293A4B5@AdobeOrg", dynamicCdnEnabled: false },
    property: {
      name: "Acme Insurance - Quotes",
      id: "PR1c2d3e4f5a6b7c8d9e0f1a2b3c4d5e6f",
      settings: {
        domains: ["acme-insurance.test"],
        undefinedVarsReturnEmpty: false,
        ruleComponentSequencingEnabled: false,
      },
    },
    rules: [
      {
        id: "RL0b1c2d3e4f5a6b7c8d9e0f1a2b3c4d5e",
        name: "All Pages - Library Loaded",
        events: [
          { modulePath: "core/src/lib/events/libraryLoaded.js", settings: {}, ruleOrder: 50 },
        ],
        conditions: [
          {
            modulePath: "core/src/lib/conditions/customCode.js",
            settings: {
              source: function (event, target) {
                return location.pathname.indexOf("/admin/") === -1;
              },
            },
          },
        ],
        actions: [
          {
            modulePath: "core/src/lib/actions/customCode.js",
            settings: {
              source: "window.__pageType = _satellite.getVar('page type');",
              language: "javascript",
            },
          },
          {
            modulePath: "acme-survey/src/lib/actions/sendEvent.js",
            settings: { kind: "page", name: "%page name%" },
          },
        ],
      },
      {
        id: "RL1c2d3e4f5a6b7c8d9e0f1a2b3c4d5e6f",
        name: "Survey Link Click",
        events: [
          {
            modulePath: "core/src/lib/events/click.js",
            settings: {
              elementSelector: "a.survey-link",
              bubbleFireIfParent: true,
              bubbleFireIfChildFired: true,
            },
            ruleOrder: 50,
          },
        ],
        conditions: [],
        actions: [
          {
            modulePath: "core/src/lib/actions/customCode.js",
            settings: {
              source:
                "https://assets.adobedtm.com/5e6f7a8b9c0d/1a2b3c4d5e6f/2b3c4d5e6f7a/RC3d4e5f6a7b8c9d0e1f2a3b4c5d6e7f8a9b-source.js",
              language: "javascript",
              isExternal: true,
            },
          },
        ],
      },
      {
        id: "RL2d3e4f5a6b7c8d9e0f1a2b3c4d5e6f7a",
        name: "Quote Button",
        events: [
          {
            modulePath: "core/src/lib/events/click.js",
            settings: {
              elementSelector: "#get-quote",
              bubbleFireIfParent: true,
              bubbleFireIfChildFired: true,
            },
            ruleOrder: 40,
          },
        ],
        conditions: [],
        actions: [
          {
            modulePath: "acme-survey/src/lib/actions/sendEvent.js",
            settings: { kind: "click", name: "get quote" },
          },
        ],
      },
      {
        id: "RL3e4f5a6b7c8d9e0f1a2b3c4d5e6f7a8b",
        name: "Quote Form Submit",
        events: [
          {
            modulePath: "core/src/lib/events/submit.js",
            settings: {
              elementSelector: "form.quote-form",
              bubbleFireIfParent: true,
              bubbleFireIfChildFired: true,
            },
            ruleOrder: 50,
          },
        ],
        conditions: [],
        actions: [
          {
            modulePath: "acme-survey/src/lib/actions/sendEvent.js",
            settings: { kind: "submit", name: "quote form" },
          },
        ],
      },
      {
        id: "RL4f5a6b7c8d9e0f1a2b3c4d5e6f7a8b9c",
        name: "Direct Call - survey shown",
        events: [
          {
            modulePath: "core/src/lib/events/directCall.js",
            settings: { identifier: "survey-shown" },
            ruleOrder: 50,
          },
        ],
        conditions: [],
        actions: [
          {
            modulePath: "acme-survey/src/lib/actions/sendEvent.js",
            settings: { kind: "survey", name: "survey shown" },
          },
        ],
      },
      {
        id: "RL5a6b7c8d9e0f1a2b3c4d5e6f7a8b9c0d",
        name: "Virtual Page View",
        events: [
          { modulePath: "core/src/lib/events/historyChange.js", settings: {}, ruleOrder: 50 },
        ],
        conditions: [],
        actions: [
          {
            modulePath: "acme-survey/src/lib/actions/sendEvent.js",
            settings: { kind: "page", name: "virtual" },
          },
        ],
      },
      {
        id: "RL6b7c8d9e0f1a2b3c4d5e6f7a8b9c0d1e",
        name: "Scrolled To Bottom",
        events: [
          {
            modulePath: "core/src/lib/events/customCode.js",
            settings: {
              source: function (trigger) {
                var fired = false;
                window.addEventListener("scroll", function () {
                  if (fired || window.innerHeight + window.scrollY < document.body.scrollHeight - 2)
                    return;
                  fired = true;
                  trigger({ depth: 100 });
                });
              },
            },
            ruleOrder: 50,
          },
        ],
        conditions: [],
        actions: [
          {
            modulePath: "core/src/lib/actions/customCode.js",
            settings: {
              source:
                "new Image().src = 'https://collect.acme-survey.test/scroll?d=' + event.depth;",
              language: "javascript",
            },
          },
        ],
      },
    ],
  };
})();
