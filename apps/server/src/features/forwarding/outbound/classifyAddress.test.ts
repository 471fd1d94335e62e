import { describe, expect, it } from "vitest";
import { classifyAddress } from "./classifyAddress.ts";

describe("classifyAddress", () => {
  const cases: Array<[string, string]> = [
    ["8.8.8.8", "public"],
    ["93.184.216.34", "public"],
    ["172.32.0.1", "public"],
    ["100.128.0.1", "public"],
    ["2606:4700:4700::1111", "public"],
    ["127.0.0.1", "loopback"],
    ["127.255.255.254", "loopback"],
    ["::1", "loopback"],
    ["10.0.0.1", "private"],
    ["172.16.5.4", "private"],
    ["172.31.255.255", "private"],
    ["192.168.1.1", "private"],
    ["fc00::1", "uniqueLocal"],
    // AWS's instance metadata service over IPv6 lies in the unique-local range.
    ["fd00:ec2::254", "uniqueLocal"],
    ["169.254.169.254", "linkLocal"],
    ["169.254.0.1", "linkLocal"],
    ["fe80::1", "linkLocal"],
    ["fe80::1%eth0", "linkLocal"],
    ["100.64.0.1", "carrierGradeNat"],
    ["100.127.255.255", "carrierGradeNat"],
    ["0.0.0.0", "unspecified"],
    ["0.1.2.3", "unspecified"],
    ["::", "unspecified"],
    ["224.0.0.1", "multicast"],
    ["ff02::1", "multicast"],
    ["255.255.255.255", "broadcast"],
    ["240.0.0.1", "reserved"],
    ["192.0.2.1", "reserved"],
    ["198.18.0.1", "reserved"],
    ["2001:db8::1", "reserved"],
    ["2001::1", "teredo"],
    ["fec0::1", "deprecatedSiteLocal"],
    // IPv4 carried in IPv6 is judged by the IPv4 address.
    ["::ffff:127.0.0.1", "loopback"],
    ["::ffff:7f00:1", "loopback"],
    ["::ffff:169.254.169.254", "linkLocal"],
    ["::ffff:10.0.0.1", "private"],
    ["::ffff:8.8.8.8", "public"],
    ["64:ff9b::7f00:1", "loopback"],
    ["64:ff9b::808:808", "public"],
    ["64:ff9b:1::a00:1", "private"],
    ["2002:7f00:1::", "loopback"],
    ["2002:a9fe:a9fe::1", "linkLocal"],
    ["2002:808:808::1", "public"],
    ["::7f00:1", "reserved"],
    ["metadata.google.internal", "invalid"],
    ["", "invalid"],
    ["1.2.3.4.5", "invalid"],
  ];
  it.each(cases)("%s is %s", (address, expected) => {
    expect(classifyAddress(address)).toBe(expected);
  });
});
