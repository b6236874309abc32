import { isIPv6 } from 'node:net';

/**
 * The unit a per-address limit counts: an IPv4 address as it is (also when written IPv4-mapped, `::ffff:a.b.c.d`),
 * an IPv6 address by its /64 network, since one subscriber is handed a whole /64 and could otherwise take a fresh
 * address for every try. Matches @fastify/rate-limit's default grouping.
 */
export function addressGroup(ip: string): string {
  if (!isIPv6(ip)) return ip;
  const groups = expandIPv6(ip);
  if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff)
    return [groups[6]! >> 8, groups[6]! & 255, groups[7]! >> 8, groups[7]! & 255].join('.');
  return `${groups
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(':')}::/64`;
}

function expandIPv6(ip: string): number[] {
  let text = ip.split('%')[0]!.toLowerCase();
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const headGroups = head ? head.split(':') : [];
  const tailGroups = tail ? tail.split(':') : [];
  const fill = tail === undefined ? 0 : 8 - headGroups.length - tailGroups.length;
  return [...headGroups, ...Array<string>(fill).fill('0'), ...tailGroups].map((g) => Number.parseInt(g, 16));
}
