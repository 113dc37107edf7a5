// Once before the slow project's files: the bundles they run (dist/, rebuilt when a source is newer)
// and the browser they drive, so that parallel files do not queue on the same locks at their start.
import { prepareBrowser } from './browser.ts';
import { ensureBundle } from './bundle.ts';

export default async function setup(): Promise<void> {
  await ensureBundle();
  await prepareBrowser();
}
