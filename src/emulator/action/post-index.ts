import { runPost } from './post.ts';

await runPost();
