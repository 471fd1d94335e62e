import type { ConsentPurpose, GeneralConsent } from "@liftoff/schema";
import { describe, expect, it } from "vitest";
import { consentAllows, consentRefusal } from "./consentAllows.ts";
import { arc } from "./engineTestSupport.ts";

type Choice = "y" | "n" | "p" | undefined;
const GENERAL: GeneralConsent[] = ["in", "out", "pending", "unknown"];
const CHOICES: Choice[] = ["y", "n", undefined, "p"];
const PURPOSES: ConsentPurpose[] = ["none", "collect", "share", "personalize"];

/** An event whose XDM carries the three choices (absent ones left out). */
function eventWith(general: GeneralConsent, collect: Choice, share: Choice, personalize: Choice) {
  const consent: Record<string, unknown> = {};
  if (collect) consent.collect = { val: collect };
  if (share) consent.share = { val: share };
  if (personalize) consent.personalize = { content: { val: personalize } };
  return arc({ consent }, { request: { consent: general } });
}

/** The design's table, written out: which choices each purpose reads. */
const READS: Record<ConsentPurpose, Array<"collect" | "share" | "personalize">> = {
  none: [],
  collect: ["collect"],
  share: ["collect", "share"],
  personalize: ["personalize"],
};

describe("consentAllows, every state", () => {
  const rows: Array<[GeneralConsent, Choice, Choice, Choice]> = [];
  for (const general of GENERAL)
    for (const collect of CHOICES)
      for (const share of CHOICES)
        for (const personalize of CHOICES) rows.push([general, collect, share, personalize]);

  it.each(rows)(
    "general %s, collect %s, share %s, personalize %s",
    (general, collect, share, personalize) => {
      const event = eventWith(general, collect, share, personalize);
      const choices = { collect, share, personalize };
      const generalOk = general === "in" || general === "unknown";
      for (const purpose of PURPOSES) {
        const expected =
          purpose === "none" ||
          (generalOk &&
            READS[purpose].every(
              (field) => choices[field] === undefined || choices[field] === "y",
            ));
        expect({ purpose, allowed: consentAllows(purpose, event) }).toEqual({
          purpose,
          allowed: expected,
        });
        expect(consentRefusal(purpose, event) === undefined).toBe(expected);
      }
    },
  );
});

describe("consent refusals, in words", () => {
  it("names the general consent or the field that refused", () => {
    expect(consentRefusal("collect", eventWith("out", "y", "y", "y"))).toBe(
      "the visitor's general consent is out",
    );
    expect(consentRefusal("share", eventWith("pending", undefined, undefined, undefined))).toBe(
      "the visitor's general consent is pending",
    );
    expect(consentRefusal("share", eventWith("in", "y", "n", undefined))).toBe(
      'the event\'s xdm.consent.share.val is "n"',
    );
    expect(consentRefusal("share", eventWith("in", "n", "y", undefined))).toBe(
      'the event\'s xdm.consent.collect.val is "n"',
    );
    expect(consentRefusal("personalize", eventWith("unknown", "n", "n", "p"))).toBe(
      'the event\'s xdm.consent.personalize.content.val is "p"',
    );
  });

  it("takes dy (yes by default) as yes, and dn, u or anything else as no", () => {
    const withCollect = (val: unknown) => arc({ consent: { collect: { val } } });
    expect(consentAllows("collect", withCollect("dy"))).toBe(true);
    for (const val of ["dn", "u", "yes", true, ""])
      expect(consentAllows("collect", withCollect(val))).toBe(false);
  });

  it("sends purpose none whatever the consent", () => {
    expect(consentAllows("none", eventWith("out", "n", "n", "n"))).toBe(true);
  });
});
