import { describe, expect, it } from 'vitest';
import { normaliseApiUrl } from '../../src/api/base-url.ts';
import { RequestValidationError } from '../../src/api/errors.ts';

describe('normaliseApiUrl', () => {
  it.each([
    ['https://ci.example.test', 'https://ci.example.test/api/v3'],
    ['https://ci.example.test///', 'https://ci.example.test/api/v3'],
    ['https://ci.example.test/api/v3/', 'https://ci.example.test/api/v3'],
    ['https://ci.example.test/ci/api/v3//', 'https://ci.example.test/ci/api/v3'],
    ['https://ci.example.test/API/V3', 'https://ci.example.test/API/V3'],
    ['https://ci.example.test/Api/v3/', 'https://ci.example.test/Api/v3'],
    ['https://ci.example.test/api', 'https://ci.example.test/api/api/v3'],
    ['HTTPS://CI.Example.TEST:443/Ci/', 'https://ci.example.test/Ci/api/v3'],
    ['http://[::1]:8080/?x=1#top', 'http://[::1]:8080/api/v3'],
  ])('turns %j into %j', (input, expected) => {
    expect(normaliseApiUrl(input)).toBe(expected);
  });

  it('gives the same root when applied to its own result', () => {
    for (const input of ['https://ci.example.test/x', 'https://ci.example.test/API/V3']) {
      expect(normaliseApiUrl(normaliseApiUrl(input))).toBe(normaliseApiUrl(input));
    }
  });

  it.each([
    ['not a url', /not a valid URL/],
    ['ftp://ci.example.test', /http or https/],
    ['https://user:pw@ci.example.test', /credentials/],
    ['https://ci.example.test/api/v3/runs', /inside the API/],
    ['https://ci.example.test/API/V3/runs/', /inside the API/],
  ])('refuses %j', (input, message) => {
    expect(() => normaliseApiUrl(input)).toThrow(RequestValidationError);
    expect(() => normaliseApiUrl(input)).toThrow(message);
  });
});
