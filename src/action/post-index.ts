import { post } from './post.ts';

await post();
