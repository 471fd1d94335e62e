// For license information, see `https://assets.adobedtm.com/5e6f7a8b9c0d/1a2b3c4d5e6f/launch-EN9d8c7b6a5f4e3d2c1b0a9f8e7d6c5b4a-development.js`.
/* eslint-disable -- a corpus library shaped like a Launch development build: our own code, written as Launch emits it */
// The container part of a development build of a property with only the Core extension:
// page load, click, submit, direct call, history change and custom code rules, and data
// elements. assembleCorpus.ts appends the engine (turbine 28.1.0 from npm).
(function () {
  window._satellite = window._satellite || {};
  window._satellite.container = {
    buildInfo: {
      turbineVersion: "28.1.0",
      turbineBuildDate: "2025-02-06T18:35:41.379Z",
      buildDate: "2025-05-12T09:41:07Z",
      minified: false,
    },
    environment: { id: "EN9d8c7b6a5f4e3d2c1b0a9f8e7d6c5b4a", stage: "development" },
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
      collector: {
        modulePath: "core/src/lib/dataElements/constant.js",
        settings: { value: "https://collect.acme-insurance.test" },
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
    },
    company: { orgId: "0A1B2C3D4E5F60718293A4B5@AdobeOrg", dynamicCdnEnabled: false },
    property: {
      name: "Acme Insurance - Brochure",
      id: "PR2d3e4f5a6b7c8d9e0f1a2b3c4d5e6f7a",
      settings: {
        domains: ["acme-insurance.test"],
        undefinedVarsReturnEmpty: false,
        ruleComponentSequencingEnabled: false,
      },
    },
    rules: [
      {
        id: "RL0a0b1c2d3e4f5a6b7c8d9e0f1a2b3c4d",
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
              source:
                "window.__pageType = _satellite.getVar('page type'); new Image().src = _satellite.getVar('collector') + '/pv?n=' + encodeURIComponent(_satellite.getVar('page name'));",
              language: "javascript",
            },
          },
        ],
      },
      {
        id: "RL1a0b1c2d3e4f5a6b7c8d9e0f1a2b3c4d",
        name: "Early Library Loaded",
        events: [
          { modulePath: "core/src/lib/events/libraryLoaded.js", settings: {}, ruleOrder: 10 },
        ],
        conditions: [],
        actions: [
          {
            modulePath: "core/src/lib/actions/customCode.js",
            settings: {
              source:
                "new Image().src = _satellite.getVar('collector') + '/early?n=' + encodeURIComponent(_satellite.getVar('page name'));",
              language: "javascript",
            },
          },
        ],
      },
      {
        id: "RL2a0b1c2d3e4f5a6b7c8d9e0f1a2b3c4d",
        name: "Nav Link Click",
        events: [
          {
            modulePath: "core/src/lib/events/click.js",
            settings: { elementSelector: "a.nav-link" },
            ruleOrder: 50,
          },
        ],
        conditions: [],
        actions: [
          {
            modulePath: "core/src/lib/actions/customCode.js",
            settings: {
              source:
                "new Image().src = _satellite.getVar('collector') + '/nav?h=' + encodeURIComponent(this.getAttribute('href'));",
              language: "javascript",
            },
          },
        ],
      },
      {
        id: "RL3a0b1c2d3e4f5a6b7c8d9e0f1a2b3c4d",
        name: "Signup Button",
        events: [
          {
            modulePath: "core/src/lib/events/click.js",
            settings: { elementSelector: "#signup" },
            ruleOrder: 50,
          },
        ],
        conditions: [],
        actions: [
          {
            modulePath: "core/src/lib/actions/customCode.js",
            settings: {
              source:
                "new Image().src = _satellite.getVar('collector') + '/signup?n=' + encodeURIComponent(_satellite.getVar('page name'));",
              language: "javascript",
            },
          },
        ],
      },
      {
        id: "RL4a0b1c2d3e4f5a6b7c8d9e0f1a2b3c4d",
        name: "Contact Form Submit",
        events: [
          {
            modulePath: "core/src/lib/events/submit.js",
            settings: { elementSelector: "form.contact" },
            ruleOrder: 50,
          },
        ],
        conditions: [],
        actions: [
          {
            modulePath: "core/src/lib/actions/customCode.js",
            settings: {
              source:
                "new Image().src = _satellite.getVar('collector') + '/contact?n=' + encodeURIComponent(_satellite.getVar('page name'));",
              language: "javascript",
            },
          },
        ],
      },
      {
        id: "RL5a0b1c2d3e4f5a6b7c8d9e0f1a2b3c4d",
        name: "Direct Call - video start",
        events: [
          {
            modulePath: "core/src/lib/events/directCall.js",
            settings: { identifier: "video-start" },
            ruleOrder: 50,
          },
        ],
        conditions: [],
        actions: [
          {
            modulePath: "core/src/lib/actions/customCode.js",
            settings: {
              source:
                "new Image().src = _satellite.getVar('collector') + '/video?n=' + encodeURIComponent(_satellite.getVar('page name'));",
              language: "javascript",
            },
          },
        ],
      },
      {
        id: "RL6a0b1c2d3e4f5a6b7c8d9e0f1a2b3c4d",
        name: "Virtual Page View",
        events: [
          { modulePath: "core/src/lib/events/historyChange.js", settings: {}, ruleOrder: 50 },
        ],
        conditions: [],
        actions: [
          {
            modulePath: "core/src/lib/actions/customCode.js",
            settings: {
              source:
                "new Image().src = _satellite.getVar('collector') + '/virtual?n=' + encodeURIComponent(_satellite.getVar('page name'));",
              language: "javascript",
            },
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
                "new Image().src = _satellite.getVar('collector') + '/scroll?d=' + event.depth;",
              language: "javascript",
            },
          },
        ],
      },
    ],
  };
})();
