import { describe, expect, it } from 'vitest';
import { checkUrl, isHostAllowed, isPrivateAddress } from './address-policy.js';
import { WEB_FETCH_ERRORS } from './web-fetch-errors.js';

describe('isPrivateAddress', () => {
  it.each([
    '127.0.0.1',
    '127.255.0.9',
    '10.1.2.3',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '224.0.0.1',
    '255.255.255.255',
    '198.18.0.1',
    '::1',
    '::',
    'fe80::1',
    'fc00::1',
    'fd12:3456::1',
    'ff02::1',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::ffff:10.0.0.1',
    '64:ff9b::a00:1',
    'not-an-ip',
  ])('%s is not public', (address) => expect(isPrivateAddress(address)).toBe(true));

  it.each(['8.8.8.8', '1.1.1.1', '172.32.0.1', '93.184.216.34', '2606:4700:4700::1111', '::ffff:8.8.8.8', '64:ff9b::808:808'])(
    '%s is public',
    (address) => {
      expect(isPrivateAddress(address)).toBe(false);
    },
  );
});

describe('checkUrl and allowed hosts', () => {
  it('refuses other schemes and private literals; URL normalisation cannot hide 127.0.0.1', () => {
    for (const url of [
      'ftp://example.com/',
      'file:///etc/passwd',
      'http://127.1/',
      'http://0x7f000001/',
      'http://[::1]:8080/',
      'http://[::ffff:127.0.0.1]/',
    ]) {
      expect(() => checkUrl(new URL(url), {}), url).toThrow(expect.objectContaining({ code: WEB_FETCH_ERRORS.WEB_ADDRESS_REFUSED }));
    }
    expect(() => checkUrl(new URL('https://93.184.216.34/'), {})).not.toThrow();
  });

  it('allowedHosts match the host as written (with or without port); allowPrivateAddresses allows all', () => {
    expect(isHostAllowed(new URL('http://127.0.0.1:8080/'), { allowedHosts: ['127.0.0.1'] })).toBe(true);
    expect(isHostAllowed(new URL('http://127.0.0.1:8080/'), { allowedHosts: ['127.0.0.1:9090'] })).toBe(false);
    expect(isHostAllowed(new URL('http://Intranet:8080/'), { allowedHosts: ['intranet:8080'] })).toBe(true);
    expect(isHostAllowed(new URL('http://[::1]/'), { allowedHosts: ['::1'] })).toBe(true);
    expect(isHostAllowed(new URL('http://localhost/'), { allowedHosts: ['127.0.0.1'] })).toBe(false);
    expect(isHostAllowed(new URL('http://10.0.0.1/'), { allowPrivateAddresses: true })).toBe(true);
    expect(() => checkUrl(new URL('http://127.0.0.1:1/'), { allowedHosts: ['127.0.0.1'] })).not.toThrow();
  });
});
