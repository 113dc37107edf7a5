import '../runtime/early-signals.ts';
import { run } from './main.ts';

await run();
