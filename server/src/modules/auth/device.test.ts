import { describe, expect, it } from 'vitest';
import { describeDevice, deviceFacts } from './device.ts';

const CHROME_LINUX =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.8078.73 Safari/537.36';
const SAFARI_IOS =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';

describe('deviceFacts', () => {
  it('names the browser, its major version and the system', () => {
    expect(deviceFacts(CHROME_LINUX)).toEqual({ browser: 'Chrome 156', system: 'Linux' });
    expect(deviceFacts(SAFARI_IOS)).toEqual({ browser: 'Safari 18', system: 'iOS' });
  });

  it('says nothing when there is nothing to go on', () => {
    for (const agent of [null, '', 'curl/8.5.0']) {
      expect(deviceFacts(agent)).toEqual({ browser: null, system: null });
    }
  });
});

describe('describeDevice', () => {
  it('puts the facts in English words for API clients', () => {
    expect(describeDevice(deviceFacts(CHROME_LINUX))).toBe('Chrome 156 on Linux');
    expect(describeDevice(deviceFacts(SAFARI_IOS))).toBe('Safari 18 on iOS');
    expect(describeDevice({ browser: null, system: 'Linux' })).toBe('Linux');
    expect(describeDevice(deviceFacts(null))).toBe('Unknown device');
  });
});
