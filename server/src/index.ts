import { main } from './main.js';

// `tsx server/src/index.ts` (development, tests); the built launcher calls main itself (scripts/build.mjs).
void main();
