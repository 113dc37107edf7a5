import { describe, expect, it } from 'vitest';
import { ARTIFACTS_KEPT_MS, ARTIFACTS_LATE_MS } from '../../src/emulator/artifacts/service.ts';
import { SIGNED_URL_MS } from '../../src/emulator/artifacts/signing.ts';
import { fetchBytes, finishedRun } from './artifacts-kit.ts';
import { call, DEMO, fileEmulator, get, IDS, triggerRun } from './helpers.ts';

const emu = await fileEmulator();

/** The body as far as it came before the connection dropped, and whether it did. */
async function readUntilCut(url: string, headers: Record<string, string> = {}) {
  const response = await fetch(url, { headers });
  const chunks: Uint8Array[] = [];
  try {
    for await (const chunk of response.body ?? []) chunks.push(chunk);
    return { response, bytes: Buffer.concat(chunks), cut: false };
  } catch {
    return { response, bytes: Buffer.concat(chunks), cut: true };
  }
}

const messageOf = async (url: string, headers: Record<string, string> = {}) => {
  const res = await fetch(url, { headers });
  return [res.status, ((await res.json()) as { message: string }).message];
};

describe('artifacts quirks', () => {
  it('artifactsOtherOrigin: a signed URL on the storage origin, which never takes a token', async () => {
    const plain = await fetchBytes((await finishedRun(emu, IDS.build)).store.artifactsUrl);
    emu.control.setQuirks({ artifactsOtherOrigin: true });
    const { store } = await finishedRun(emu, IDS.build);
    const url = new URL(store.artifactsUrl);
    expect(url.origin).toBe(emu.storageUrl);
    expect(url.origin).not.toBe(emu.url);
    expect(url.pathname).toBe(`/storage/${store.id}/artifacts.tar.gz`);
    expect([...url.searchParams.keys()]).toEqual(['expires', 'signature']);
    expect((await call(emu, 'GET', '/_emulator/storage')).body).toEqual({ url: emu.storageUrl });

    emu.control.clearRequests();
    const res = await fetchBytes(url.href);
    expect(res.status).toBe(200);
    expect(res.bytes).toEqual(plain.bytes);
    expect(res.headers.get('etag')).toBe(plain.headers.get('etag'));
    const [entry] = emu.control.requests();
    expect(entry).toMatchObject({ path: url.pathname, hasAuthorization: false, status: 200 });
    expect(entry?.query).toEqual({ expires: url.searchParams.get('expires'), signature: '[redacted]' });

    const refused = 'Storage takes a signed URL only: this request also carries a token';
    for (const authorization of [`Bearer ${DEMO}`, 'Bearer not-a-token', 'Basic dTpw']) {
      expect(await messageOf(url.href, { authorization })).toEqual([400, refused]);
    }
    expect(await messageOf(`${url.href}&token=${DEMO}`)).toEqual([400, refused]);
    expect(emu.control.requests().at(-1)).toMatchObject({ hasAuthorization: false, status: 400 });

    const forged = new URL(url);
    forged.searchParams.set('expires', String(Number(url.searchParams.get('expires')) + 3600));
    expect(await messageOf(forged.href)).toEqual([403, 'The signature does not match']);
    expect(await messageOf(`${emu.storageUrl}${url.pathname}`)).toEqual([
      403,
      'The signature does not match',
    ]);
    const elsewhere = new URL(url);
    elsewhere.pathname = `/storage/${store.id.replace(/.$/, '0')}/artifacts.tar.gz`;
    expect((await fetch(elsewhere)).status).toBe(403);
    // The storage origin serves nothing else.
    expect((await fetch(`${emu.storageUrl}/api/v3/runs/${store.id}`)).status).toBe(404);

    emu.control.advance(SIGNED_URL_MS);
    expect(await messageOf(url.href)).toEqual([403, 'Request has expired']);
    // Each read of the step signs a fresh URL.
    const fresh = (await get(emu, `/runsteps/${store.id}`, DEMO)).body.artifactsUrl;
    expect((await fetchBytes(fresh)).bytes).toEqual(plain.bytes);
  });

  it('artifactsRedirect: the API route answers 302 to a signed URL on the storage origin', async () => {
    emu.control.setQuirks({ artifactsRedirect: true });
    const { store } = await finishedRun(emu, IDS.build);
    expect(store.artifactsUrl).toBe(`${emu.url}/api/v3/runsteps/${store.id}/artifacts`);
    const hop = await fetch(store.artifactsUrl, { redirect: 'manual' });
    expect(hop.status).toBe(302);
    const location = new URL(hop.headers.get('location') ?? '');
    expect(location.origin).toBe(emu.storageUrl);
    expect(location.pathname).toBe(`/storage/${store.id}/artifacts.tar.gz`);
    expect((await fetchBytes(location.href)).status).toBe(200);
    expect((await fetchBytes(location.href, { authorization: `Bearer ${DEMO}` })).status).toBe(400);
  });

  it('artifactsRedirectSameOrigin: 302 to a signed URL on the API origin, which takes the token too', async () => {
    emu.control.setQuirks({ artifactsRedirectSameOrigin: true });
    const { store } = await finishedRun(emu, IDS.build);
    const hop = await fetch(store.artifactsUrl, { redirect: 'manual' });
    expect(hop.status).toBe(302);
    const location = new URL(hop.headers.get('location') ?? '');
    expect(location.origin).toBe(emu.url);
    expect(location.pathname).toBe(`/storage/${store.id}/artifacts.tar.gz`);
    const followed = await fetchBytes(store.artifactsUrl, { authorization: `Bearer ${DEMO}` });
    expect(followed.status).toBe(200);
    expect(followed.headers.get('content-type')).toBe('application/gzip');
  });

  it('artifactsLate: 404 for a few seconds after the step finished, then the archive', async () => {
    emu.control.setQuirks({ artifactsLate: true, artifactsOtherOrigin: true });
    const { id } = await triggerRun(emu, { pipelineId: IDS.build });
    emu.control.advance(7_530); // the store step finishes now
    const store = (await get(emu, `/runs/${id}/steps`, DEMO)).body[4];
    expect(store).toMatchObject({
      status: 'finished',
      finishedAt: new Date(emu.control.now()).toISOString(),
    });
    expect(await messageOf(store.artifactsUrl)).toEqual([404, `Step ${store.id} has no artifacts yet`]);
    emu.control.advance(ARTIFACTS_LATE_MS - 1);
    expect((await fetch(store.artifactsUrl)).status).toBe(404);
    emu.control.advance(1);
    expect((await fetchBytes(store.artifactsUrl)).status).toBe(200);
  });

  it('artifactsExpire: 410 once the archive has been kept its time', async () => {
    emu.control.setQuirks({ artifactsExpire: true });
    const { store } = await finishedRun(emu, IDS.build);
    expect((await fetchBytes(store.artifactsUrl)).status).toBe(200);
    emu.control.advance(ARTIFACTS_KEPT_MS);
    expect(await messageOf(store.artifactsUrl)).toEqual([410, `The artifacts of step ${store.id} are gone`]);
  });

  it('artifactsNoRange: the whole archive whatever the Range, and no validator to resume with', async () => {
    const { store } = await finishedRun(emu, IDS.build);
    const whole = await fetchBytes(store.artifactsUrl);
    emu.control.setQuirks({ artifactsNoRange: true });
    const res = await fetchBytes(store.artifactsUrl, { range: 'bytes=100-' });
    expect(res.status).toBe(200);
    expect(res.bytes).toEqual(whole.bytes);
    for (const header of ['accept-ranges', 'etag', 'last-modified', 'content-range']) {
      expect(res.headers.get(header), header).toBeNull();
    }
    expect(res.headers.get('content-length')).toBe(String(whole.bytes.length));
  });
});

describe('artifacts faults', () => {
  it('dropAfterBytes cuts the body; a Range read with If-Range resumes it', async () => {
    const { store } = await finishedRun(emu, IDS.build);
    const whole = await fetchBytes(store.artifactsUrl);
    emu.control.injectFault({ route: '/api/v3/runsteps/:stepId/artifacts', dropAfterBytes: 1000 });
    const cut = await readUntilCut(store.artifactsUrl);
    expect(cut.response.status).toBe(200);
    expect(cut.cut).toBe(true);
    expect(cut.bytes).toEqual(whole.bytes.subarray(0, cut.bytes.length));
    const rest = await fetchBytes(store.artifactsUrl, {
      range: `bytes=${cut.bytes.length}-`,
      'if-range': cut.response.headers.get('etag') ?? '',
    });
    expect(rest.status).toBe(206);
    expect(Buffer.concat([cut.bytes, rest.bytes])).toEqual(whole.bytes);
  });

  it('applies on the storage origin too, by its route', async () => {
    emu.control.setQuirks({ artifactsOtherOrigin: true });
    const { store } = await finishedRun(emu, IDS.build);
    emu.control.injectFault({ route: '/storage/:stepId/artifacts.tar.gz', dropAfterBytes: 10 });
    const cut = await readUntilCut(store.artifactsUrl);
    expect(cut.cut).toBe(true);
    emu.control.injectFault({ route: '/storage/:stepId/artifacts.tar.gz', status: 503 });
    expect((await fetch(store.artifactsUrl)).status).toBe(503);
    expect((await fetchBytes(store.artifactsUrl)).status).toBe(200);
  });
});
