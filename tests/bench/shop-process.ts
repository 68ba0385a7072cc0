/**
 * Child process entry: the real shop (startShop) over the bench database. The parent passes the
 * shop's variables as JSON in BENCH_SHOP_ENV; they are parsed by the shop's own parseEnv.
 */
import { parseEnv } from '../../server/src/config/env.js';
import { createLogger, startShop } from '../../server/src/app/start-shop.js';
import { serveAsChild } from './child-server.js';

const shopEnv = JSON.parse(process.env.BENCH_SHOP_ENV ?? '{}') as Record<string, string>;
const env = parseEnv(shopEnv);
const shop = await startShop(env, createLogger(env));
serveAsChild(shop.url, () => shop.close());
