import { postStart } from './post-start.ts';

await postStart();
