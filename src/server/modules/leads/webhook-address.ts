/**
 * SSRF guard for webhook targets (ARCHITECTURE security model; docs/webhooks.md "Allowed addresses"): only http(s) URLs whose host resolves to
 * public addresses. Loopback, private (RFC 1918, unique-local), carrier-grade NAT, link-local, multicast,
 * documentation/benchmark and reserved ranges are refused; cloud metadata addresses (169.254.169.254,
 * 100.100.100.200, fd00:ec2::254) are refused always, even when `allowPrivate` (config.webhookAllowPrivate,
 * env WEBHOOK_ALLOW_PRIVATE=1) lets on-premises CRMs and tests use private and loopback targets.
 * Checked when the URL is saved and again before every call (the call also goes through request-filtering-agent,
 * which re-checks the address actually connected to, so a DNS answer that changes in between is caught).
 */
import { lookup } from "node:dns/promises";
import { BlockList, isIP } from "node:net";

const metadata = new BlockList();
metadata.addAddress("169.254.169.254", "ipv4");
metadata.addAddress("100.100.100.200", "ipv4");
metadata.addAddress("fd00:ec2::254", "ipv6");

const nonPublic = new BlockList();
for (const [net, prefix] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.0.2.0", 24],
  ["192.88.99.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["198.51.100.0", 24],
  ["203.0.113.0", 24],
  ["224.0.0.0", 4],
  ["240.0.0.0", 4],
] as const) {
  nonPublic.addSubnet(net, prefix, "ipv4");
}
for (const [net, prefix] of [
  ["::", 128],
  ["::1", 128],
  ["64:ff9b:1::", 48],
  ["100::", 64],
  ["2001:db8::", 32],
  ["fc00::", 7],
  ["fe80::", 10],
  ["fec0::", 10],
  ["ff00::", 8],
] as const) {
  nonPublic.addSubnet(net, prefix, "ipv6");
}

/** Addresses private targets may use when allowed: everything but metadata and unspecified/multicast. */
const neverAllowed = new BlockList();
neverAllowed.addSubnet("0.0.0.0", 8, "ipv4");
neverAllowed.addSubnet("224.0.0.0", 4, "ipv4");
neverAllowed.addSubnet("240.0.0.0", 4, "ipv4");
neverAllowed.addAddress("::", "ipv6");
neverAllowed.addSubnet("ff00::", 8, "ipv6");

/** The IPv4 address inside an IPv4-mapped or IPv4-compatible IPv6 address (::ffff:a.b.c.d), if any. */
function embeddedIpv4(address: string): string | null {
  const lower = address.toLowerCase();
  const dotted = /^::(ffff:)?(\d+\.\d+\.\d+\.\d+)$/.exec(lower);
  if (dotted) return dotted[2];
  const hex = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(lower);
  if (hex) {
    const hi = Number.parseInt(hex[1], 16);
    const lo = Number.parseInt(hex[2], 16);
    return `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;
  }
  return null;
}

/** Why an IP address may not be called, or null when it may. */
export function refusedAddressReason(address: string, allowPrivate: boolean): string | null {
  const v4 = embeddedIpv4(address);
  if (v4) return refusedAddressReason(v4, allowPrivate);
  const family = isIP(address);
  if (family === 0) return "not an IP address";
  const type = family === 4 ? "ipv4" : "ipv6";
  if (metadata.check(address, type)) return "metadata address";
  if (neverAllowed.check(address, type)) return "reserved address";
  if (!allowPrivate && nonPublic.check(address, type)) return "non-public address";
  return null;
}

export class WebhookAddressError extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = "WebhookAddressError";
  }
}

export interface AddressCheckOptions {
  allowPrivate: boolean;
  /** Resolver (tests inject one); defaults to the system resolver, all addresses. */
  resolve?: (host: string) => Promise<string[]>;
  /** Give up resolving after this many ms (then the URL is judged by its name only). */
  resolveTimeoutMs?: number;
}

const systemResolve = async (host: string) => (await lookup(host, { all: true, verbatim: true })).map((a) => a.address);

/**
 * Checks a webhook URL. Throws WebhookAddressError (English reason, for logs) when it is not http(s), carries
 * credentials, names a local host (localhost, *.localhost, *.local, *.internal) or an address the rules refuse,
 * or resolves to one. A name that does not resolve at all is accepted at save time (the CRM may not be live yet);
 * the call-time check refuses it then.
 */
export async function assertPublicWebhookUrl(
  raw: string,
  options: AddressCheckOptions & { requireResolvable?: boolean },
): Promise<URL> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new WebhookAddressError("invalid URL");
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") throw new WebhookAddressError("scheme not allowed");
  if (url.username || url.password) throw new WebhookAddressError("credentials in URL");
  const host = url.hostname.replace(/^\[|\]$/g, "").toLowerCase();
  if (!host) throw new WebhookAddressError("no host");
  if (isIP(host)) {
    const reason = refusedAddressReason(host, options.allowPrivate);
    if (reason) throw new WebhookAddressError(reason);
    return url;
  }
  if (
    !options.allowPrivate &&
    (host === "localhost" ||
      host.endsWith(".localhost") ||
      host.endsWith(".local") ||
      host.endsWith(".internal") ||
      !host.includes("."))
  ) {
    throw new WebhookAddressError("local host name");
  }
  if (host === "metadata.google.internal") throw new WebhookAddressError("metadata address");
  const resolve = options.resolve ?? systemResolve;
  let addresses: string[] = [];
  try {
    addresses = await withTimeout(resolve(host), options.resolveTimeoutMs ?? 3000);
  } catch {
    if (options.requireResolvable) throw new WebhookAddressError("host does not resolve");
    return url;
  }
  if (addresses.length === 0 && options.requireResolvable) throw new WebhookAddressError("host does not resolve");
  for (const address of addresses) {
    const reason = refusedAddressReason(address, options.allowPrivate);
    if (reason) throw new WebhookAddressError(`${reason} (${address})`);
  }
  return url;
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error("timeout")), ms);
    timer.unref?.();
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}
