import { describe, expect, it } from 'vitest';
import { guardedLookup, isAllowedAddress, RefusedEndpointError } from './endpoint-guard.ts';

const strict = { allowLoopback: false };
const tests = { allowLoopback: true };

describe('isAllowedAddress', () => {
  it.each([
    '127.0.0.1',
    '127.8.9.10',
    '::1',
    '10.0.0.1',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.1',
    '169.254.169.254',
    'fe80::1',
    'fc00::1',
    'fd12:3456::1',
    '100.64.0.1',
    '100.127.255.255',
    '0.0.0.0',
    '::',
    '224.0.0.1',
    'ff02::1',
    '255.255.255.255',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::ffff:10.0.0.1',
    '::ffff:a9fe:a9fe',
    '[::ffff:192.168.0.1]',
    '64:ff9b::a00:1',
    'not an address',
  ])('refuses %s', (address) => {
    expect(isAllowedAddress(address, strict)).toBe(false);
  });

  it.each(['8.8.8.8', '172.32.0.1', '100.128.0.1', '142.250.74.10', '2607:f8b0:4004:c07::5f'])(
    'allows the public address %s',
    (address) => {
      expect(isAllowedAddress(address, strict)).toBe(true);
    },
  );

  it('allows loopback, and only loopback, when tests ask for it', () => {
    expect(isAllowedAddress('127.0.0.1', tests)).toBe(true);
    expect(isAllowedAddress('::1', tests)).toBe(true);
    expect(isAllowedAddress('::ffff:127.0.0.1', tests)).toBe(true);
    expect(isAllowedAddress('10.0.0.1', tests)).toBe(false);
    expect(isAllowedAddress('169.254.169.254', tests)).toBe(false);
  });
});

describe('guardedLookup', () => {
  it('refuses to give a socket the address of a name resolving to loopback', async () => {
    const error = await new Promise((resolve) =>
      guardedLookup(strict)('localhost', { all: true }, (err) => resolve(err)),
    );
    expect(error).toBeInstanceOf(RefusedEndpointError);
  });

  it('gives the checked address when loopback is allowed', async () => {
    const address = await new Promise((resolve) =>
      guardedLookup(tests)('localhost', { family: 4 }, (_, found) => resolve(found)),
    );
    expect(address).toBe('127.0.0.1');
  });
});
