/* eslint-disable -- external custom code of the migrate-check corpus, shaped like a Launch RC file */
_satellite.__registerScript(
  "https://assets.adobedtm.com/5e6f7a8b9c0d/1a2b3c4d5e6f/2b3c4d5e6f7a/RC3d4e5f6a7b8c9d0e1f2a3b4c5d6e7f8a9b-source.js",
  "new Image().src = 'https://collect.acme-survey.test/rc/survey-link?h=' + encodeURIComponent(this.getAttribute('href'));",
);
