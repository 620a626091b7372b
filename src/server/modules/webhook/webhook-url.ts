import { lookup } from 'node:dns/promises';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import { webhookMessages as m } from '../../../shared/i18n/webhook-messages.ts';
import type { Config } from '../../config.ts';
import { AppError } from '../../http/errors.ts';

/**
 * What a webhook may reach (SSRF): https only unless WEBHOOK_ALLOW_HTTP; never an address that is
 * private, loopback, link-local, unspecified, shared (CGNAT), multicast or reserved, unless
 * WEBHOOK_ALLOW_PRIVATE. The URL is checked when saved (its host resolved), and every delivery
 * checks the addresses its connection is about to use (`safeLookup`), so a name that later
 * resolves elsewhere (DNS rebinding) is refused as well.
 */
export type WebhookPolicy = Pick<Config, 'webhookAllowHttp' | 'webhookAllowPrivate'>;

const blocked = new BlockList();
for (const [net, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  blocked.addSubnet(net, bits, 'ipv4');
for (const [net, bits] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
  ['2001:db8::', 32],
  ['64:ff9b::', 96],
] as const)
  blocked.addSubnet(net, bits, 'ipv6');

/** The address may not be reached by a webhook (IPv4-mapped IPv6 judged as its IPv4). */
export function isPrivateAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return blocked.check(mapped[1]!, 'ipv4');
  const family = isIP(address);
  if (family === 4) return blocked.check(address, 'ipv4');
  if (family === 6) return blocked.check(address, 'ipv6');
  return true;
}

const refused = (host: string) => new AppError(400, m.privateAddress, { values: { host } });

/** The URL as saved: well formed, https (unless allowed), its host resolving to public addresses only. */
export async function checkWebhookUrl(raw: string, policy: WebhookPolicy): Promise<string> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new AppError(400, m.urlInvalid);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new AppError(400, m.urlInvalid);
  if (url.username || url.password) throw new AppError(400, m.urlInvalid);
  if (url.protocol === 'http:' && !policy.webhookAllowHttp) throw new AppError(400, m.httpsRequired);
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (!policy.webhookAllowPrivate) {
    if (/^localhost\.?$/i.test(host) || /\.localhost\.?$/i.test(host)) throw refused(host);
    let addresses: { address: string }[];
    try {
      addresses = isIP(host) ? [{ address: host }] : await lookup(host, { all: true, verbatim: true });
    } catch {
      throw new AppError(400, m.unresolvable, { values: { host } });
    }
    if (addresses.length === 0 || addresses.some((a) => isPrivateAddress(a.address))) throw refused(host);
  }
  return url.toString();
}

/** Thrown by a delivery's lookup when its host resolves to an address it may not reach. */
export class RefusedAddress extends Error {}

/** node:http's `lookup` that refuses private addresses (unless allowed) at connection time. */
export function safeLookup(policy: WebhookPolicy): LookupFunction {
  return (hostname, options, callback) => {
    lookup(hostname, { ...options, all: true, verbatim: true })
      .then((found) => {
        const bad = found.find((a) => isPrivateAddress(a.address));
        if (bad && !policy.webhookAllowPrivate)
          return callback(
            new RefusedAddress(`${hostname} resolves to ${bad.address}, which is not public`),
            '',
            4,
          );
        if (options.all) return (callback as (e: null, a: typeof found) => void)(null, found);
        const first = found[0];
        if (!first) return callback(new RefusedAddress(`${hostname} did not resolve`), '', 4);
        return callback(null, first.address, first.family);
      })
      .catch((err: NodeJS.ErrnoException) => callback(err, '', 4));
  };
}
