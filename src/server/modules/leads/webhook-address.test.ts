/**
 * The SSRF rules of webhook targets: which addresses may be called, with and without
 * WEBHOOK_ALLOW_PRIVATE, and how host names are judged (resolver injected: no network needed).
 */
import { describe, expect, it } from "vitest";
import { assertPublicWebhookUrl, refusedAddressReason } from "./webhook-address.ts";

describe("refusedAddressReason", () => {
  it.each([
    "127.0.0.1",
    "10.1.2.3",
    "172.31.255.255",
    "192.168.0.1",
    "100.64.1.1",
    "169.254.1.1",
    "0.0.0.0",
    "224.0.0.1",
    "::1",
    "fe80::1",
    "fc00::5",
    "::ffff:10.0.0.1",
    "::ffff:7f00:1",
  ])("refuses %s by default", (address) => {
    expect(refusedAddressReason(address, false)).not.toBeNull();
  });

  it.each(["93.184.216.34", "8.8.8.8", "2606:4700:4700::1111", "172.32.0.1"])("allows the public %s", (address) => {
    expect(refusedAddressReason(address, false)).toBeNull();
  });

  it("allows private and loopback targets with allowPrivate, never metadata or unspecified ones", () => {
    expect(refusedAddressReason("127.0.0.1", true)).toBeNull();
    expect(refusedAddressReason("10.0.0.8", true)).toBeNull();
    expect(refusedAddressReason("169.254.169.254", true)).toBe("metadata address");
    expect(refusedAddressReason("100.100.100.200", true)).toBe("metadata address");
    expect(refusedAddressReason("fd00:ec2::254", true)).toBe("metadata address");
    expect(refusedAddressReason("::ffff:169.254.169.254", true)).toBe("metadata address");
    expect(refusedAddressReason("0.0.0.0", true)).not.toBeNull();
  });
});

describe("assertPublicWebhookUrl", () => {
  const resolveTo = (addresses: string[]) => async () => addresses;

  it("refuses a name that resolves to a private address (DNS pointing inside)", async () => {
    await expect(
      assertPublicWebhookUrl("https://crm.example.com/hook", { allowPrivate: false, resolve: resolveTo(["10.0.0.7"]) }),
    ).rejects.toThrow(/non-public/);
    await expect(
      assertPublicWebhookUrl("https://crm.example.com/hook", {
        allowPrivate: false,
        resolve: resolveTo(["93.184.216.34", "127.0.0.1"]),
      }),
    ).rejects.toThrow(/non-public/);
  });

  it("accepts a name resolving to public addresses, and an unresolvable one only at save time", async () => {
    const ok = await assertPublicWebhookUrl("https://crm.example.com/hook", {
      allowPrivate: false,
      resolve: resolveTo(["93.184.216.34"]),
    });
    expect(ok.hostname).toBe("crm.example.com");
    const failing = async (): Promise<string[]> => {
      throw new Error("ENOTFOUND");
    };
    await expect(
      assertPublicWebhookUrl("https://not-yet.example.com/hook", { allowPrivate: false, resolve: failing }),
    ).resolves.toBeInstanceOf(URL);
    await expect(
      assertPublicWebhookUrl("https://not-yet.example.com/hook", {
        allowPrivate: false,
        resolve: failing,
        requireResolvable: true,
      }),
    ).rejects.toThrow(/does not resolve/);
  });

  it("refuses other schemes, credentials and local names", async () => {
    for (const url of [
      "ftp://93.184.216.34/",
      "file:///etc/passwd",
      "https://a:b@93.184.216.34/",
      "http://intranet/x",
    ]) {
      await expect(assertPublicWebhookUrl(url, { allowPrivate: false, resolve: resolveTo([]) }), url).rejects.toThrow();
    }
  });
});
