/**
 * The deployment kit in `deploy/` cannot be started here (no container runtime), so this reads
 * it as an operator's tools would and checks what would otherwise fail only on a real server:
 * a variable the configuration does not know (a typo is silently ignored at start), instances
 * that disagree on what they must share, dependencies on services that do not exist, a proxy
 * that forgets an instance, an image on the wrong Node or running as root.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { z } from 'zod';
import { CONFIG_VARIABLES, S3_VARIABLES, loadConfig } from './index.ts';

const deployDir = path.join(import.meta.dirname, '..', '..', '..', 'deploy');
const read = (name: string) => fs.readFileSync(path.join(deployDir, name), 'utf8');

const scalar = z.union([z.string(), z.number(), z.boolean(), z.null()]);
const serviceSchema = z.object({
  image: z.string().optional(),
  build: z
    .union([z.string(), z.object({ context: z.string(), dockerfile: z.string().optional() })])
    .optional(),
  environment: z.union([z.record(z.string(), scalar), z.array(z.string())]).optional(),
  depends_on: z
    .union([
      z.array(z.string()),
      z.record(z.string(), z.object({ condition: z.string().optional() })),
    ])
    .optional(),
  healthcheck: z.object({ test: z.union([z.string(), z.array(z.string())]) }).optional(),
  volumes: z.array(z.string()).optional(),
  networks: z
    .union([
      z.array(z.string()),
      z.record(z.string(), z.object({ ipv4_address: z.string().optional() }).nullable()),
    ])
    .optional(),
});
const composeSchema = z.object({
  services: z.record(z.string(), serviceSchema),
  networks: z
    .record(
      z.string(),
      z
        .object({
          ipam: z.object({ config: z.array(z.object({ subnet: z.string() })) }).optional(),
        })
        .nullable(),
    )
    .optional(),
});
type Service = z.infer<typeof serviceSchema>;

// `merge: true` resolves the `<<: *zura` keys the instances share, as compose does.
const compose = composeSchema.parse(parse(read('compose.yaml'), { merge: true }));
const services = compose.services;

/** The services built from our Dockerfile: the Zura instances. */
const instanceNames = Object.entries(services)
  .filter(([, service]) => {
    const build = service.build;
    return typeof build === 'object' && build.dockerfile === 'deploy/Dockerfile';
  })
  .map(([name]) => name);

function environmentOf(service: Service): Record<string, string> {
  const env = service.environment ?? {};
  if (Array.isArray(env)) {
    return Object.fromEntries(
      env.map((entry) => {
        const at = entry.indexOf('=');
        return at < 0 ? [entry, ''] : [entry.slice(0, at), entry.slice(at + 1)];
      }),
    );
  }
  return Object.fromEntries(
    Object.entries(env).map(([name, value]) => [name, value === null ? '' : String(value)]),
  );
}

function dependenciesOf(service: Service): Record<string, string | undefined> {
  const deps = service.depends_on ?? [];
  if (Array.isArray(deps)) return Object.fromEntries(deps.map((name) => [name, undefined]));
  return Object.fromEntries(Object.entries(deps).map(([name, dep]) => [name, dep.condition]));
}

/** `.env.example` as compose reads a `.env` file: KEY=VALUE lines, optional double quotes. */
function readEnvFile(text: string): Record<string, string> {
  const entries = text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => {
      const at = line.indexOf('=');
      const value = line.slice(at + 1).trim();
      return [line.slice(0, at), value.replace(/^"(.*)"$/, '$1')] as const;
    });
  return Object.fromEntries(entries);
}

/** Compose's interpolation: `${NAME}`, `${NAME:-default}`, `${NAME:?message}` and `$$`. */
function interpolate(value: string, env: Record<string, string>): string {
  return value.replace(
    /\$\$|\$\{(\w+)(?:(:-|:\?)([^}]*))?\}/g,
    (whole, name?: string, operator?: string, argument = '') => {
      if (whole === '$$') return '$';
      const set = env[name ?? ''];
      if (set) return set;
      if (operator === ':?') throw new Error(`${name} is required: ${argument}`);
      return operator === ':-' ? argument : '';
    },
  );
}

/** Every `${NAME...}` a text refers to, and the ones it requires (`${NAME:?...}`). */
function referencedVariables(text: string) {
  const all = new Set<string>();
  const required = new Set<string>();
  for (const match of text.matchAll(/(?<!\$)\$\{(\w+)(:\?)?/g)) {
    all.add(match[1] ?? '');
    if (match[2]) required.add(match[1] ?? '');
  }
  return { all, required };
}

function ipv4ToNumber(address: string): number {
  const parts = address.split('.').map(Number);
  expect(parts, address).toHaveLength(4);
  return parts.reduce((sum, part) => sum * 256 + part, 0);
}

function inRange(address: string, cidr: string): boolean {
  const [base = '', bits = '32'] = cidr.split('/');
  const size = 2 ** (32 - Number(bits));
  const start = Math.floor(ipv4ToNumber(base) / size) * size;
  const value = ipv4ToNumber(address);
  return value >= start && value < start + size;
}

describe('deploy/compose.yaml', () => {
  it('runs at least two Zura instances built from deploy/Dockerfile', () => {
    expect(instanceNames).toEqual(['zura-1', 'zura-2']);
  });

  it('sets only variables the configuration reads on the instances', () => {
    for (const name of instanceNames) {
      const unknown = Object.keys(environmentOf(services[name] ?? {})).filter(
        (variable) => !CONFIG_VARIABLES.includes(variable),
      );
      expect(unknown, `${name} sets variables Zura does not read`).toEqual([]);
    }
  });

  it('gives the instances a configuration that loads, from a filled-in .env.example', () => {
    const example = readEnvFile(read('.env.example'));
    // The operator's part: the secrets the file requires, left blank in the example, filled in
    // as it says (openssl rand -hex 32); optional ones (SMTP, Stripe, TURN) stay unset.
    const { required } = referencedVariables(read('compose.yaml'));
    const filled = Object.fromEntries(
      Object.entries(example).map(([name, value]) => [
        name,
        value || (required.has(name) ? 'ab'.repeat(32) : ''),
      ]),
    );
    for (const name of instanceNames) {
      const env = Object.fromEntries(
        Object.entries(environmentOf(services[name] ?? {})).map(([variable, value]) => [
          variable,
          interpolate(value, filled),
        ]),
      );
      const config = loadConfig(env);
      expect(config.databaseUrl).toMatch(/^postgres:\/\/zura:/);
      expect(config.redisUrl).toBe('redis://redis:6379');
      expect(config.publicUrl).toBe(`https://${example.ZURA_DOMAIN}`);
      expect(config.trustProxy.length).toBeGreaterThan(0);
      expect(config.secretKey).toBe(filled.SECRET_KEY);
    }
  });

  it('has every value the file requires named in .env.example', () => {
    const example = readEnvFile(read('.env.example'));
    const { required } = referencedVariables(read('compose.yaml'));
    const missing = [...required].filter((name) => !(name in example));
    expect(missing).toEqual([]);
  });

  it('shares the database, Redis, the signing secret and the bucket between the instances', () => {
    const shared = [
      'DATABASE_URL',
      'REDIS_URL',
      'SECRET_KEY',
      'PUBLIC_URL',
      'TRUST_PROXY',
      ...S3_VARIABLES,
    ];
    const [first, ...others] = instanceNames.map((name) => environmentOf(services[name] ?? {}));
    for (const variable of shared) expect(first?.[variable], variable).toBeTruthy();
    for (const env of others) {
      for (const variable of shared) expect(env[variable], variable).toBe(first?.[variable]);
    }
  });

  it('depends only on services that exist, and waits for health only where there is a check', () => {
    const dockerfileHasHealthcheck = /^HEALTHCHECK /m.test(read('Dockerfile'));
    for (const [name, service] of Object.entries(services)) {
      for (const [dependency, condition] of Object.entries(dependenciesOf(service))) {
        const target = services[dependency];
        expect(target, `${name} depends on ${dependency}`).toBeDefined();
        if (condition === 'service_healthy') {
          // An instance's check is the image's HEALTHCHECK; any other service declares its own.
          const checked = instanceNames.includes(dependency)
            ? dockerfileHasHealthcheck
            : target?.healthcheck !== undefined;
          expect(checked, `${name} waits for ${dependency} to be healthy`).toBe(true);
        }
      }
    }
    for (const name of instanceNames) {
      const deps = dependenciesOf(services[name] ?? {});
      expect(Object.keys(deps)).toEqual(expect.arrayContaining(['postgres', 'redis']));
    }
  });

  it("trusts forwarded addresses from Caddy's address only", () => {
    const caddyNetworks = services.caddy?.networks;
    expect(caddyNetworks).toBeDefined();
    const caddyAddresses = Object.values(Array.isArray(caddyNetworks) ? {} : (caddyNetworks ?? {}))
      .map((network) => network?.ipv4_address)
      .filter((address) => address !== undefined);
    expect(caddyAddresses).toHaveLength(1);
    const subnets = Object.values(compose.networks ?? {}).flatMap(
      (network) => network?.ipam?.config.map((entry) => entry.subnet) ?? [],
    );
    for (const name of instanceNames) {
      const trusted = environmentOf(services[name] ?? {}).TRUST_PROXY?.split(',') ?? [];
      expect(trusted.length).toBeGreaterThan(0);
      // Caddy is trusted, and every trusted range is one of our own networks.
      expect(trusted.some((range) => inRange(caddyAddresses[0] ?? '', range))).toBe(true);
      for (const range of trusted) expect(subnets).toContain(range);
    }
  });
});

describe('deploy/Caddyfile', () => {
  it('balances over every instance on the port it listens on', () => {
    const caddyfile = read('Caddyfile');
    const line = caddyfile.split('\n').find((l) => l.trim().startsWith('reverse_proxy '));
    const upstreams = line?.trim().split(/\s+/).slice(1, -1) ?? [];
    const port = /^ENV[^]*?\bPORT=(\d+)/m.exec(read('Dockerfile'))?.[1];
    expect(port).toBe('8080');
    expect(upstreams.sort()).toEqual(instanceNames.map((name) => `${name}:${port}`).sort());
    expect(caddyfile).toMatch(/^\{\$ZURA_DOMAIN\} \{/m);
    expect(caddyfile).toContain('health_uri /api/');
  });

  it('is the file the Caddy service mounts', () => {
    expect(services.caddy?.volumes).toContain('./Caddyfile:/etc/caddy/Caddyfile:ro');
  });
});

describe('deploy/Dockerfile', () => {
  const dockerfile = read('Dockerfile');
  const stages = dockerfile.split(/^(?=FROM )/m).filter((part) => part.startsWith('FROM '));

  it('builds every stage on Node 24', () => {
    const stageNames = new Set(stages.map((stage) => /^FROM \S+ AS (\S+)/.exec(stage)?.[1]));
    const bases = stages
      .map((stage) => /^FROM (\S+)/.exec(stage)?.[1] ?? '')
      .filter((base) => !stageNames.has(base));
    expect(bases.length).toBeGreaterThan(0);
    for (const base of bases) expect(base).toMatch(/^node:24[.-]/);
  });

  it('runs as a user other than root, on the DATA_DIR volume, with a health check', () => {
    const runtime = stages.at(-1) ?? '';
    const users = [...runtime.matchAll(/^USER (\S+)/gm)].map((match) => match[1]);
    expect(users.length).toBeGreaterThan(0);
    expect(users.at(-1)).not.toMatch(/^(root|0)(:|$)/);
    expect(runtime).toMatch(/^ENV[^]*?\bDATA_DIR=\/data\b/m);
    expect(runtime).toMatch(/^VOLUME \/data$/m);
    expect(runtime).toMatch(/^EXPOSE 8080$/m);
    expect(runtime).toMatch(/^HEALTHCHECK [^]*\/api\//m);
    expect(runtime).toMatch(/^CMD \[.*"server\/src\/main\.ts"\]$/m);
  });
});
