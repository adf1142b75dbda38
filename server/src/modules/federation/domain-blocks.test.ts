import { describe, expect, it } from 'vitest';
import { hostnameOf, normalizeDomain } from './domain-blocks.ts';

describe('normalizeDomain', () => {
  it('reads the host an admin meant from a domain, an address or a handle', () => {
    expect(normalizeDomain(' Example.Social ')).toBe('example.social');
    expect(normalizeDomain('https://mastodon.example/@someone')).toBe('mastodon.example');
    expect(normalizeDomain('@someone@bad.example')).toBe('bad.example');
    expect(normalizeDomain('example.social.')).toBe('example.social');
    expect(normalizeDomain('127.0.0.1')).toBe('127.0.0.1');
  });

  it('refuses what is not a hostname', () => {
    for (const bad of ['', 'not a domain', 'a..b', '-bad.example', 'http://', 'x'.repeat(254)]) {
      expect(normalizeDomain(bad)).toBeNull();
    }
  });
});

describe('hostnameOf', () => {
  it('answers the lowercase hostname without the port, or null', () => {
    expect(hostnameOf('https://A.Example:8443/users/1')).toBe('a.example');
    expect(hostnameOf('not a url')).toBeNull();
  });
});
