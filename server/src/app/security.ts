import type { Express, NextFunction, Request, Response } from 'express';
import helmet from 'helmet';
import cors from 'cors';
import compression from 'compression';
import type { Step } from './step-chain.js';
import type { Env } from '../config/env.js';

/** Origins the browser may talk to besides our own (staff sign-in, media, payment redirect). */
function allowedHosts(env: Env) {
  const connect = ["'self'"];
  const img = ["'self'", 'data:', 'blob:'];
  const media = ["'self'", 'blob:'];
  if (env.FIREBASE_STORAGE_BUCKET) {
    img.push('https://firebasestorage.googleapis.com');
    media.push('https://firebasestorage.googleapis.com');
  }
  if (env.realFirebaseProject) {
    connect.push('https://identitytoolkit.googleapis.com', 'https://securetoken.googleapis.com');
  } else {
    // The local Auth emulator (any loopback port), or where a test shop publishes its emulator.
    connect.push('http://127.0.0.1:*', 'http://localhost:*');
    if (env.FIREBASE_AUTH_EMULATOR_PUBLIC_URL) connect.push(new URL(env.FIREBASE_AUTH_EMULATOR_PUBLIC_URL).origin);
  }
  return { connect, img, media };
}

/**
 * Built scripts and style sheets (`/assets/`, our own files): they only need the headers that apply to a
 * subresource. The document-only ones (the page CSP, frame, opener and download policies) added ~650 bytes to
 * each of the fifteen or so requests of a first page load over HTTP/1.1. Monaco's workers keep the page's CSP:
 * a worker runs under the policy sent with its own script.
 */
const isBuiltSubresource = (path: string) =>
  path.startsWith('/assets/') && /\.(?:js|css)$/.test(path) && !/\.worker-[^/]*\.js$/.test(path);

/**
 * The headers a helmet middleware sets, computed once: every directive here is fixed at start-up, while helmet
 * builds each header again on every request (the CSP string among them). Falls back to the middleware itself if it
 * ever answers asynchronously.
 */
export function fixedHeaders(middleware: Step): Step {
  const set: Array<[string, string | number | readonly string[]]> = [];
  const removed: string[] = [];
  let synchronous = false;
  const probe = {
    setHeader: (name: string, value: string | number | readonly string[]) => set.push([name, value]),
    removeHeader: (name: string) => removed.push(name),
    getHeader: () => undefined,
  };
  middleware({ method: 'GET', url: '/', headers: {} } as never, probe as never, () => (synchronous = true));
  if (!synchronous) return middleware;
  return (_req, res, next) => {
    for (const [name, value] of set) res.setHeader(name, value);
    for (const name of removed) res.removeHeader(name);
    next();
  };
}

/** The steps of an API answer (/graphql) and of a storefront page, both answered outside Express. */
export interface SecuritySteps {
  api: Step[];
  page: Step[];
}

/**
 * Security headers (CSP included), CORS limited to the shop's origin, and compression, on the app. Returns the
 * steps an API answer and a page get, in the same order, for /graphql and the pages, which run outside Express
 * (app/graphql-http.ts, app/page-http.ts).
 * `inlineScripts`: CSP sources (`'sha256-…'`) of the inline scripts the pages carry; no other inline script runs.
 */
export function applySecurity(app: Express, env: Env, inlineScripts: string[] = []): SecuritySteps {
  const hosts = allowedHosts(env);
  const https = env.publicUrl.startsWith('https://');
  const strictTransportSecurity = https ? { maxAge: 15552000, includeSubDomains: true } : false;
  const documentHeaders = fixedHeaders(
    helmet({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'", ...inlineScripts],
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: hosts.img,
          mediaSrc: hosts.media,
          fontSrc: ["'self'", 'data:'],
          connectSrc: hosts.connect,
          workerSrc: ["'self'", 'blob:'],
          frameSrc: ["'none'"],
          frameAncestors: ["'none'"],
          objectSrc: ["'none'"],
          baseUri: ["'self'"],
          // Checkout forms post to our API; the payment page is a top-level navigation to Wompi.
          formAction: ["'self'", 'https://checkout.wompi.co'],
          ...(env.isProduction && https ? { upgradeInsecureRequests: [] } : {}),
        },
      },
      crossOriginEmbedderPolicy: false,
      strictTransportSecurity,
    }) as unknown as Step,
  );
  const subresourceHeaders = fixedHeaders(
    helmet({
      contentSecurityPolicy: false,
      crossOriginEmbedderPolicy: false,
      crossOriginOpenerPolicy: false,
      originAgentCluster: false,
      xDnsPrefetchControl: false,
      xDownloadOptions: false,
      xFrameOptions: false,
      xPermittedCrossDomainPolicies: false,
      xXssProtection: false,
      strictTransportSecurity,
    }) as unknown as Step,
  );
  // publicUrl is read per request: with PORT=0 it is only known once the server listens. Its origin is
  // parsed again only when it changes, not on every request.
  let origin = { publicUrl: '', value: '' };
  const shopOrigin = () => {
    if (origin.publicUrl !== env.publicUrl) origin = { publicUrl: env.publicUrl, value: new URL(env.publicUrl).origin };
    return origin.value;
  };
  const apiCors = cors({
    origin: (requestOrigin, cb) => cb(null, requestOrigin === shopOrigin()),
    credentials: false,
    maxAge: 600,
  });
  const compress = compression({ threshold: 1024 });
  app.use((req: Request, res: Response, next: NextFunction) =>
    (isBuiltSubresource(req.path) ? subresourceHeaders : documentHeaders)(req, res, next),
  );
  app.use('/api', apiCors);
  app.use(compress);
  // compression is typed against Express's request, but reads only what Node's own objects have.
  const compressStep = compress as unknown as Step;
  return { api: [documentHeaders, apiCors, compressStep], page: [documentHeaders, compressStep] };
}
