// Signed storage URLs, as object stores hand out: the query carries an expiry and an HMAC of the path and
// that expiry under a key only this emulator holds, so the URL is the credential and no token is needed.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** How long a signed URL stays good, in world time. */
export const SIGNED_URL_MS = 5 * 60_000;

export class UrlSigner {
  readonly #key = randomBytes(32);

  /** `path?expires=…&signature=…`, good until `expiresAt` (world ms). */
  sign(path: string, expiresAt: number): string {
    const expires = String(Math.floor(expiresAt / 1000));
    return `${path}?expires=${expires}&signature=${this.#mac(path, expires)}`;
  }

  /** 'expired' only when the signature holds: an altered expiry is 'invalid'. */
  check(path: string, expires: unknown, signature: unknown, now: number): 'valid' | 'invalid' | 'expired' {
    if (typeof expires !== 'string' || typeof signature !== 'string' || !/^\d{1,12}$/.test(expires)) {
      return 'invalid';
    }
    const wanted = Buffer.from(this.#mac(path, expires));
    const given = Buffer.from(signature);
    if (given.length !== wanted.length || !timingSafeEqual(given, wanted)) return 'invalid';
    return Number(expires) * 1000 <= now ? 'expired' : 'valid';
  }

  #mac(path: string, expires: string): string {
    return createHmac('sha256', this.#key).update(`${path}\n${expires}`).digest('hex');
  }
}
